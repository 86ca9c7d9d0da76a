//! The fuzz targets' corpora, replayed: every file of `fuzz/corpus/<target>/` (what the
//! fuzzer found interesting) and of `fuzz/regressions/<target>/` (the crashes it found, once
//! fixed) fed to the same body the target runs (`fuzz_corpus/bodies.rs`), so that they stay
//! passing. Fuzzing itself is `fuzz/run` (see CONTRIBUTING.md); this needs no fuzzing crate.

mod bodies;

use std::path::Path;

#[test]
fn every_corpus_file_runs_through_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    if !root.join("corpus").is_dir() {
        // The published crate leaves the fuzz package out.
        eprintln!("skipped: no fuzz corpus in {}", root.display());
        return;
    }
    for (target, body) in bodies::TARGETS {
        let dir = root.join("corpus").join(target);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("the corpus of {target} at {}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .collect();
        assert!(!files.is_empty(), "the corpus of {target} is empty");
        if let Ok(fixed) = std::fs::read_dir(root.join("regressions").join(target)) {
            files.extend(fixed.map(|entry| entry.unwrap().path()));
        }
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let ran = std::panic::catch_unwind(|| body(&data));
            assert!(ran.is_ok(), "{target} panics on {}", file.display());
        }
    }
}

#[test]
fn every_target_has_a_corpus_and_a_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let Ok(manifest) = std::fs::read_to_string(root.join("Cargo.toml")) else {
        eprintln!("skipped: no fuzz package at {}", root.display());
        return;
    };
    for (target, _) in bodies::TARGETS {
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "fuzz/Cargo.toml has no binary {target}"
        );
        assert!(
            root.join("fuzz_targets")
                .join(format!("{target}.rs"))
                .is_file(),
            "no fuzz/fuzz_targets/{target}.rs"
        );
        assert!(
            root.join("corpus").join(target).is_dir(),
            "no corpus for {target}"
        );
    }
}

/// A float in a document reads back as the value written (found by the `document` target:
/// a weave density or a parameter moved by one unit in the last place at each `render`).
/// serde_json parses floats exactly only with its `float_roundtrip` feature, which this
/// test binary always has (jsonschema, a dev-dependency, asks for it), so the corpus replay
/// cannot see its absence: the library must ask for it itself, as its build for users has
/// only its normal dependencies.
#[test]
fn documents_parse_floats_exactly_without_dev_dependencies() {
    let tree = std::process::Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "--offline", "--locked", "-p", "mazegen"])
        .args([
            "-e",
            "normal,features",
            "-i",
            "serde_json",
            "--prefix",
            "none",
        ])
        .output();
    let tree = match tree {
        Ok(out) if out.status.success() => String::from_utf8(out.stdout).unwrap(),
        Ok(out) => {
            let why = String::from_utf8_lossy(&out.stderr);
            eprintln!("skipped: cargo tree failed: {}", why.trim());
            return;
        }
        Err(e) => {
            eprintln!("skipped: cannot run cargo: {e}");
            return;
        }
    };
    assert!(
        tree.lines()
            .any(|line| line == "serde_json feature \"float_roundtrip\""),
        "the library's serde_json parses floats without float_roundtrip:\n{tree}"
    );
}
