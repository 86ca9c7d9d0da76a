//! `mazegen suite SPEC.toml -o DIR`: named splits as Parquet files with pictures and a
//! manifest, the same bytes for any `--jobs`, shards that together are the whole, splits that
//! never share a maze, bands of shortest lengths met, and bad specs refused in one line.

use crate::common::{assert_refused, mazegen, python_has, scratch_dir};
use mazegen::DatasetSpec;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::{ListAccessor, RowAccessor};
use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::Path;

/// The smallest spec, as issue 41 gives it.
const SMALLEST: &str = r#"seed = 7
[[split]]
name = "train"
count = 1000
generator = "backtrack"
size = [10, 10]          # cells
[[split]]
name = "test-ood"
count = 200
generator = "kruskal"
size = [20, 20]
braid = 0.3
"#;

/// Runs `mazegen suite` on `spec` (written to `dir/suite.toml`) into `dir/out`, with `more`
/// options, and returns the files written, by name.
fn suite(dir: &Path, spec: &str, out: &str, more: &[&str]) -> BTreeMap<String, Vec<u8>> {
    let path = dir.join("suite.toml");
    fs::write(&path, spec).unwrap();
    let out = dir.join(out);
    mazegen()
        .arg("suite")
        .arg(&path)
        .arg("-o")
        .arg(&out)
        .args(more)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    fs::read_dir(&out)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).unwrap())
        })
        .collect()
}

/// The rows of a Parquet file: each as `(seed, tiles joined, shortest length)`.
fn rows(bytes: &[u8]) -> Vec<(i64, String, Option<i32>)> {
    // The reader reads files (or `bytes::Bytes`, a crate the tests do not name).
    static FILES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = FILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = scratch_dir(&format!("suite-rows-{k}"));
    let path = dir.write("rows.parquet", bytes);
    let reader = SerializedFileReader::new(fs::File::open(&path).unwrap()).unwrap();
    let names: Vec<String> = (reader.metadata().file_metadata().schema().get_fields())
        .iter()
        .map(|field| field.name().to_owned())
        .collect();
    let at = |name: &str| names.iter().position(|n| n == name).unwrap();
    let (seed, tiles, length) = (at("seed"), at("tiles"), at("shortest_length"));
    reader
        .get_row_iter(None)
        .unwrap()
        .map(|row| {
            let row = row.unwrap();
            let lines = row.get_list(tiles).unwrap();
            let tiles: Vec<String> = (0..lines.len())
                .map(|k| lines.get_string(k).unwrap().clone())
                .collect();
            (
                row.get_long(seed).unwrap(),
                tiles.join("\n"),
                row.get_int(length).ok(),
            )
        })
        .collect()
}

#[test]
fn the_smallest_spec_makes_its_splits_the_same_for_any_jobs() {
    let dir = scratch_dir("suite-smallest");
    let one = suite(&dir, SMALLEST, "one", &["--jobs", "1"]);
    let names: Vec<&str> = one.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "manifest.json",
            "test-ood.parquet",
            "test-ood.svg",
            "train.parquet",
            "train.svg"
        ]
    );
    let three = suite(&dir, SMALLEST, "three", &["--jobs", "3"]);
    for (name, bytes) in &one {
        assert!(
            bytes == &three[name],
            "{name}: the same bytes for any --jobs"
        );
    }
    let train = rows(&one["train.parquet"]);
    let test = rows(&one["test-ood.parquet"]);
    assert_eq!((train.len(), test.len()), (1000, 200));
    assert!(
        train
            .iter()
            .all(|(_, tiles, _)| tiles.lines().count() == 21)
    );
    assert!(test.iter().all(|(_, tiles, _)| tiles.lines().count() == 41));
    let manifest: serde_json::Value = serde_json::from_slice(&one["manifest.json"]).unwrap();
    assert_eq!(manifest["format"], "mazegen.suite/v1");
    assert_eq!(manifest["splits"][0]["rows"], 1000);
    assert_eq!(manifest["splits"][1]["count"], 200);
    assert_eq!(manifest["spec"]["seed"], 7);
    assert_eq!(manifest["spec_hash"].as_str().unwrap().len(), 32);
    for picture in ["train.svg", "test-ood.svg"] {
        let svg = String::from_utf8(one[picture].clone()).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("shortest length"),
            "{picture}"
        );
    }
}

#[test]
fn shards_together_hold_the_rows_of_the_whole_suite() {
    let dir = scratch_dir("suite-shards");
    let spec = SMALLEST.replace("1000", "100").replace("200", "30");
    let whole = suite(&dir, &spec, "whole", &[]);
    let mut train = Vec::new();
    let mut test = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let files = suite(
            &dir,
            &spec,
            &format!("shard{k}"),
            &["--shard", &shard, "--jobs", "2"],
        );
        let suffix = format!("-{:05}-of-00003", k - 1);
        train.extend(rows(&files[&format!("train{suffix}.parquet")]));
        test.extend(rows(&files[&format!("test-ood{suffix}.parquet")]));
        assert!(files.contains_key(&format!("manifest{suffix}.json")));
    }
    assert_eq!(train, rows(&whole["train.parquet"]));
    assert_eq!(test, rows(&whole["test-ood.parquet"]));
}

#[test]
fn splits_of_one_size_never_share_a_maze() {
    // Backtrack has only 322 distinct mazes of 4x4 cells: a test split drawn with another
    // seed alone would sit largely inside a training split of 300.
    let dir = scratch_dir("suite-disjoint");
    let spec = r#"seed = 3
[[split]]
name = "train"
count = 300
size = [4, 4]
[[split]]
name = "test"
count = 20
size = [4, 4]
[[split]]
name = "big"
count = 5
size = [5, 4]
"#;
    let files = suite(&dir, spec, "out", &["--jobs", "2"]);
    let train: HashSet<String> = rows(&files["train.parquet"])
        .into_iter()
        .map(|row| row.1)
        .collect();
    let test = rows(&files["test.parquet"]);
    assert_eq!(test.len(), 20);
    let shared = test.iter().filter(|row| train.contains(&row.1)).count();
    assert_eq!(shared, 0, "of {} training mazes", train.len());
    // The test split's own seeds alone, without keeping apart, would share many.
    let parsed = mazegen::suite::SuiteSpec::from_toml(spec).unwrap();
    let split = &parsed.splits[1];
    let mut plain = DatasetSpec::new(split.maze_spec().unwrap(), parsed.split_seed(1), 20);
    plain.jobs = 1;
    let plain: Vec<String> = plain
        .run(|maze| mazegen::suite::Row::of(maze, 0, split))
        .map(|made| made.unwrap().value.tiles.join("\n"))
        .collect();
    let would_share = plain.iter().filter(|tiles| train.contains(*tiles)).count();
    assert!(
        would_share >= 5,
        "{would_share} of 20 without keeping apart"
    );
    // A shard of the test split keeps apart from the whole training split too.
    let shard = suite(&dir, spec, "shard", &["--shard", "2/2"]);
    let half = rows(&shard["test-00001-of-00002.parquet"]);
    assert_eq!(half, test[10..]);
}

#[test]
fn bands_of_shortest_lengths_are_met_by_choosing_endpoints() {
    let dir = scratch_dir("suite-band");
    let spec = r#"seed = 1
[[split]]
name = "long"
count = 200
size = [10, 10]
shortest = [40, 60]
representations = ["tokens", "text"]
[[split]]
name = "short"
count = 200
generator = "prim"
size = [10, 10]
braid = 0.5
shortest = [3, 5]
"#;
    let files = suite(&dir, spec, "out", &[]);
    for (name, least, most) in [("long", 40, 60), ("short", 3, 5)] {
        let rows = rows(&files[&format!("{name}.parquet")]);
        assert_eq!(rows.len(), 200);
        for (_, _, length) in rows {
            let length = length.unwrap();
            assert!((least..=most).contains(&length), "{name}: {length}");
        }
    }
}

#[test]
fn mazebench_families_are_splits_of_ours_blocked_goals_unreachable() {
    let dir = scratch_dir("suite-families");
    let mut spec = String::from("seed = 5\n");
    for family in mazegen::suite::FAMILIES {
        spec += &format!(
            "[[split]]\nname = \"{family}\"\ncount = 30\nsize = [6, 6]\nfamily = \"{family}\"\n"
        );
    }
    let files = suite(&dir, &spec, "out", &[]);
    let manifest: serde_json::Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
    for split in manifest["splits"].as_array().unwrap() {
        let name = split["name"].as_str().unwrap();
        let reachable = split["reachable"].as_u64().unwrap();
        let blocked = name.starts_with("near-");
        assert_eq!(reachable, if blocked { 0 } else { 30 }, "{name}");
        assert_eq!(split["family"], name);
        let lengths = rows(&files[&format!("{name}.parquet")]);
        assert!(
            lengths.iter().all(|row| row.2.is_none() == blocked),
            "{name}"
        );
    }
    let generators: Vec<&str> = (manifest["splits"].as_array().unwrap().iter())
        .map(|split| split["generator"].as_str().unwrap())
        .collect();
    assert_eq!(
        generators,
        [
            "kruskal",
            "kruskal",
            "prim",
            "backtrack",
            "kruskal",
            "backtrack",
            "backtrack",
            "backtrack"
        ]
    );
}

#[test]
fn bad_specs_are_refused_in_one_line_naming_the_key() {
    let dir = scratch_dir("suite-bad");
    let cases: &[(&str, &[&str])] = &[
        (
            "seed = 1\n[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\nsise = 3\n",
            &["line 6", "unknown field `sise`", "expected one of"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\ngenerator = \"krusk\"\n",
            &[
                "split \"a\": generator \"krusk\": expected one of",
                "kruskal",
            ],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\n",
            &["missing field `size`"],
        ),
        ("seed = 1\n", &["no [[split]]"]),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\n[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\n",
            &["split \"a\": name \"a\" is the name of split 1 too"],
        ),
        (
            "[[split]]\nname = \"a/b\"\ncount = 3\nsize = [4, 4]\n",
            &["name is no file name"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\nbraid = 1.5\n",
            &["braid 1.5: expected a number from 0 to 1"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\nshortest = [10, 20]\n",
            &["shortest [10, 20]", "<= 15"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\nrepresentations = [\"png\"]\n",
            &["representations \"png\": expected any of", "tokens"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [0, 4]\n",
            &["split \"a\": size [0, 4]"],
        ),
        ("seed = -1\n", &["line 1"]),
        (
            "[[split]]\nname = \"a\"\ncount = 1000000000000\nsize = [100, 100]\n",
            &["split \"a\": 1000000000000 rows", "make it in shards"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [1, 4]\nfamily = \"symmetric\"\n",
            &["split \"a\": size [1, 4]: a symmetric maze is two mirrored halves"],
        ),
        (
            "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\nfamily = \"mirror\"\n",
            &["family \"mirror\": expected one of", "symmetric"],
        ),
    ];
    for (k, (spec, fragments)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{k}.toml"));
        fs::write(&path, spec).unwrap();
        let out = dir.join(format!("out{k}"));
        let (path, out) = (path.to_str().unwrap(), out.to_str().unwrap());
        assert_refused(&["suite", path, "-o", out], fragments);
        let stderr = mazegen()
            .args(["suite", path, "-o", out])
            .output()
            .unwrap()
            .stderr;
        assert_eq!(stderr.iter().filter(|&&b| b == b'\n').count(), 1, "{spec}");
        assert!(!Path::new(out).exists(), "nothing written for {spec}");
    }
    // An --output that cannot be a directory is refused before any maze is made (before: the
    // suite was made, then "File exists", exit 1).
    let spec = dir.join("good.toml");
    fs::write(&spec, "[[split]]\nname = \"a\"\ncount = 3\nsize = [4, 4]\n").unwrap();
    let file = dir.join("a-file");
    fs::write(&file, "mine").unwrap();
    for out in [file.clone(), file.join("sub")] {
        assert_refused(
            &["suite", spec.to_str().unwrap(), "-o", out.to_str().unwrap()],
            &[
                &format!("{}: {} is not a directory", out.display(), file.display()),
                "expected a directory for the suite's files",
            ],
        );
    }
    assert_eq!(fs::read(&file).unwrap(), b"mine");
}

#[test]
fn pyarrow_pandas_and_datasets_load_every_split() {
    if !python_has("pyarrow") {
        eprintln!("note: Python has no pyarrow; the suite's readers are not checked");
        return;
    }
    let dir = scratch_dir("suite-python");
    let spec = SMALLEST.replace("1000", "50").replace("200", "20");
    suite(&dir, &spec, "out", &[]);
    let script = r#"
import sys, importlib.util
import pyarrow.parquet as pq
out = sys.argv[1]
for split, count, side in [("train", 50, 21), ("test-ood", 20, 41)]:
    path = f"{out}/{split}.parquet"
    table = pq.read_table(path)
    assert table.num_rows == count, table.num_rows
    rows = table.to_pylist()
    assert all(len(row["tiles"]) == side for row in rows)
    assert all(len(row["shortest_paths"][0]) == row["shortest_length"] for row in rows)
    if importlib.util.find_spec("pandas"):
        import pandas
        frame = pandas.read_parquet(path)
        assert len(frame) == count and frame["reachable"].all()
    else:
        print("note: no pandas", file=sys.stderr)
    if importlib.util.find_spec("datasets"):
        import datasets
        # Hugging Face split names are words: test_ood for test-ood.
        name = split.replace("-", "_")
        data = datasets.load_dataset("parquet", data_files={name: path}, split=name)
        assert len(data) == count and data[0]["width"] == (side - 1) // 2
    else:
        print("note: no datasets", file=sys.stderr)
"#;
    let output = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(dir.join("out"))
        .env("HF_DATASETS_CACHE", dir.join("hf-cache"))
        .env("HF_HUB_OFFLINE", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    if !stderr.is_empty() {
        eprintln!("{stderr}");
    }
}
