//! The Python package's own tests (`python/tests/`, pytest), run wherever `python3` has numpy
//! and pytest (skipped with a note elsewhere). The extension is built by cargo (the dev
//! profile, in this test build's target directory, whose dependencies it shares) and put
//! beside the package's Python files in a temporary directory, so the tests always run
//! against this checkout's code. Among them, mypy's stubtest checks the native module's type
//! stubs against the module built, where mypy is installed (`python/tests/test_stubs.py`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether `python3` imports every one of `modules`.
fn python_has(modules: &[&str]) -> bool {
    let imports: String = modules.iter().map(|m| format!("import {m}\n")).collect();
    Command::new("python3")
        .args(["-c", &imports])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Builds the extension module and returns the file cargo wrote.
fn build_extension() -> PathBuf {
    // CARGO_TARGET_TMPDIR is `<target dir>/tmp`: build beside this test's own build.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--locked", "--quiet", "-p", "mazegen-python"])
        .env("CARGO_TARGET_DIR", target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the Python extension did not build");
    let name = if cfg!(windows) {
        "_mazegen.dll"
    } else if cfg!(target_os = "macos") {
        "lib_mazegen.dylib"
    } else {
        "lib_mazegen.so"
    };
    target.join("debug").join(name)
}

/// A directory holding the package `mazegen`: its Python files and the extension just built.
fn package_dir(extension: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-package");
    let package = root.join("mazegen");
    let _ = std::fs::remove_dir_all(&package);
    std::fs::create_dir_all(&package).unwrap();
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/mazegen");
    for entry in std::fs::read_dir(sources).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, package.join(path.file_name().unwrap())).unwrap();
        }
    }
    let module = if cfg!(windows) {
        "_mazegen.pyd"
    } else {
        "_mazegen.abi3.so"
    };
    std::fs::copy(extension, package.join(module)).unwrap();
    root
}

#[test]
fn python_package_tests_pass() {
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/Cargo.toml");
    if !package.exists() {
        eprintln!(
            "note: the Python package is not here (a published crate); its tests are skipped"
        );
        return;
    }
    if !python_has(&["numpy", "pytest"]) {
        eprintln!(
            "note: python3 with numpy and pytest is not installed; the Python package's tests \
             are skipped"
        );
        return;
    }
    let root = package_dir(&build_extension());
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/tests");
    // pytest's `tmp_path` directories and Dask's scratch space, removed when the test ends.
    let temporary = crate::common::scratch_dir("python-package-tests");
    // Run from the package's directory, so that `import mazegen` finds the one just built.
    let output = Command::new("python3")
        // -rs: the reason of every skipped test, a note of what was not checked here.
        .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
        .arg(&tests)
        .env("PYTHONPATH", &root)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("TMPDIR", &*temporary)
        .env("MAZEGEN_BIN", env!("CARGO_BIN_EXE_mazegen"))
        .current_dir(&root)
        .output()
        .expect("pytest runs");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the Python package's tests failed");
}
