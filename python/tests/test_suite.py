"""mazegen.suite: named splits from a dict or a TOML file, as arrays or a directory."""

import json

import numpy as np
import pytest

import mazegen

SPEC = {
    "seed": 7,
    "split": [
        {"name": "train", "count": 60, "generator": "backtrack", "size": [4, 4]},
        {"name": "test-ood", "count": 20, "generator": "kruskal", "size": [6, 5], "braid": 0.3,
         "shortest": [6, 9], "representations": ["tokens"]},
    ],
}


def test_splits_as_arrays_the_same_for_any_jobs():
    one = mazegen.suite(SPEC, jobs=1)
    three = mazegen.suite(SPEC, jobs=3)
    assert list(one) == ["train", "test-ood"]
    for name in one:
        for key, values in one[name].items():
            if isinstance(values, np.ndarray):
                assert np.array_equal(values, three[name][key], equal_nan=values.dtype.kind == "f")
            else:
                assert values == three[name][key], key
    train, test = one["train"], one["test-ood"]
    assert train["seed"].dtype == np.uint64 and len(train["seed"]) == 60
    assert train["start"].shape == (60, 2) and train["reachable"].all()
    assert all(len(tiles) == 9 for tiles in train["tiles"])
    assert ((test["shortest_length"] >= 6) & (test["shortest_length"] <= 9)).all()
    assert all(tokens.startswith("<ADJLIST_START>") for tokens in test["tokens"])
    # Splits of one size never share a maze; here the sizes differ, so train's are its own.
    assert len({"\n".join(t) for t in train["tiles"]}) <= 60


def test_symmetric_mazes_are_their_own_mirror_images():
    spec = {"seed": 3, "split": [
        {"name": f"s{w}", "count": 40, "family": "symmetric", "size": [w, 5]} for w in (6, 7)
    ] + [{"name": "plain", "count": 40, "size": [6, 5]}]}
    splits = mazegen.suite(spec, jobs=2)
    for name in ("s6", "s7"):
        split = splits[name]
        assert split["reachable"].all()
        for tiles in split["tiles"]:
            assert all(row == row[::-1] for row in tiles), tiles
    # Symmetric splits come before a plain one of their size: none of their mazes is in it.
    assert not {"\n".join(t) for t in splits["s6"]["tiles"]} & {
        "\n".join(t) for t in splits["plain"]["tiles"]
    }


def test_a_toml_file_writes_the_directory(tmp_path):
    spec = tmp_path / "suite.toml"
    spec.write_text('seed = 7\n[[split]]\nname = "train"\ncount = 10\nsize = [5, 5]\n')
    paths = mazegen.suite(spec, output=tmp_path / "out", jobs=2)
    names = sorted(p.rsplit("/", 1)[1] for p in paths)
    assert names == ["manifest.json", "train.parquet", "train.svg"]
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["splits"][0]["rows"] == 10
    pyarrow = pytest.importorskip("pyarrow.parquet")
    table = pyarrow.read_table(tmp_path / "out" / "train.parquet")
    arrays = mazegen.suite(spec, jobs=1)["train"]
    assert table.column("seed").to_pylist() == arrays["seed"].tolist()
    # A file where the directory should be is refused before any maze is made.
    (tmp_path / "a-file").write_text("mine")
    for out in (tmp_path / "a-file", tmp_path / "a-file" / "sub"):
        with pytest.raises(ValueError, match="a-file is not a directory"):
            mazegen.suite(spec, output=out)
    assert (tmp_path / "a-file").read_text() == "mine"


def test_bad_specs_name_the_key():
    with pytest.raises(ValueError, match=r'split "a": generator "nope": expected one of'):
        mazegen.suite({"split": [{"name": "a", "count": 2, "size": [3, 3], "generator": "nope"}]})
    with pytest.raises(ValueError, match="unknown field `sise`"):
        mazegen.suite({"split": [{"name": "a", "count": 2, "sise": [3, 3]}]})
    with pytest.raises(ValueError, match="jobs 0"):
        mazegen.suite(SPEC, jobs=0)
    with pytest.raises(TypeError):
        mazegen.suite(3)
