"""The native module's type stubs, ``mazegen/_mazegen.pyi``, say what it has: mypy's stubtest
checks every name, signature and default against the module built, and mypy checks the package
whose Python half calls it (where mypy is installed)."""

import os
import subprocess
import sys

import pytest


def test_the_stubs_match_the_native_module(tmp_path):
    pytest.importorskip(
        "mypy.stubtest",
        reason="mypy is not installed: the stubs are not checked against the native module",
    )
    # From an empty directory, so that mazegen is the one on the path the tests import.
    checked = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mazegen._mazegen"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_package_type_checks(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed: the package is not type-checked")
    import mazegen

    package = os.path.dirname(mazegen.__file__)
    # From the package's parent, so that mypy reads it as the package `mazegen`, its native
    # module through the stubs.
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path), "mazegen"],
        capture_output=True, text=True, cwd=os.path.dirname(package),
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
