//! The shipped JSON Schemas compile in other validators than the Rust crate the other tests
//! use: Ajv 8 in strict mode (`tests/schemas/ajv_strict.cjs`, where node and ajv are
//! installed) and python-jsonschema (`tests/schemas/python_jsonschema.py`, where Python has
//! it), each skipped with a note elsewhere. Both then validate real documents of every kind
//! and reject broken ones, resolving the `$ref`s between the schemas.

use crate::common::{MASK, SCHEMAS, schema_validator, scratch_dir, stdout_of};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The exit code by which a script says its validator is not installed.
const NOT_INSTALLED: i32 = 77;

/// The documents made, one a line: the schema they match, then mazegen's arguments (without
/// `--seed` and `--format`; `MASK` stands for a mask file).
const MADE: &str = "\
maze backtrack --size 11 --solve --stats --openings
maze wilson --size 15 --braid 0.4 --solve
maze prim --mask MASK --solve --stats
maze backtrack --size 9 --levels 3 --solve
maze backtrack --size 11 --weave 0.5 --solve
maze backtrack --size 11 --unicursal --solve
maze binary-tree --width 1001 --height 1001 --window 10,10,6,4
graph wilson --shape hex --cells 8x5 --wrap xy --solve
graph kruskal --shape polar --rings 4 --stats --openings --start 0,3 --goal 10,3
graph backtrack --shape triangle --cells 9x4 --solve --stats
graph backtrack --size 11 --weave 1
graph backtrack --size 9 --levels 2
rooms rooms --count 12 --locks 2 --cycles 1
rooms rooms --count 8 --map never
rooms rooms --count 6 --corridors maze --width 41 --height 31
caves caves --locks 1
dungeon rooms --floors 3 --locks 2
dungeon caves --floors 2 --fill 0.5
rooms rooms --count 12 --locks 2 --contents
rooms rooms --count 8 --map never --contents
caves caves --locks 1 --contents
dungeon rooms --floors 2 --contents
";

/// Real documents of every schema ([`MADE`]), written to `dir`, each with the schema it must
/// match; broken ones (`*.invalid.json`) with the schema that must reject them.
fn documents(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let mask = dir.join("mask.txt");
    std::fs::write(&mask, MASK).unwrap();
    let mut documents = Vec::new();
    for (i, line) in MADE.lines().enumerate() {
        let (kind, args) = line.split_once(' ').unwrap();
        let format = if kind == "graph" { "graph" } else { "json" };
        let mut args: Vec<&str> = args
            .split(' ')
            .map(|arg| {
                if arg == "MASK" {
                    mask.to_str().unwrap()
                } else {
                    arg
                }
            })
            .collect();
        args.extend(["--seed", "5", "--format", format]);
        let path = dir.join(format!("{i}-{kind}.json"));
        std::fs::write(&path, stdout_of(&args)).unwrap();
        documents.push((schema_of(kind), path));
    }
    // The figures of a maze in tiles and of a hex maze, as `mazegen stats` writes them.
    for i in [0, 7] {
        let from = documents[i].1.to_str().unwrap().to_owned();
        let path = dir.join(format!("stats-{i}.json"));
        std::fs::write(&path, stdout_of(&["stats", "--format", "json", &from])).unwrap();
        documents.push((schema_of("stats"), path));
    }
    // What the schemas refuse: both tiles and levels, a wrapped rectangle in levels, a
    // dungeon's floor without rooms or with a broken edge, floors of both kinds, figures
    // without their schema.
    let read = |i: usize| -> Value {
        serde_json::from_str(&std::fs::read_to_string(&documents[i].1).unwrap()).unwrap()
    };
    let mut broken: Vec<(&str, Value)> = Vec::new();
    let mut both = read(0);
    both["levels"] = serde_json::json!([both["tiles"]]);
    broken.push(("maze", both));
    let mut wrapped_levels = read(11);
    wrapped_levels["shape"]["wrap"] = "x".into();
    broken.push(("graph", wrapped_levels));
    let mut no_rooms = read(16);
    no_rooms["floors"][1]
        .as_object_mut()
        .unwrap()
        .remove("rooms");
    broken.push(("dungeon", no_rooms));
    let mut broken_edge = read(16);
    broken_edge["floors"][0]["edges"][0]["kind"] = "other".into();
    broken.push(("dungeon", broken_edge));
    let mut mixed = read(16);
    mixed["floors"][1] = read(17)["floors"][1].clone();
    broken.push(("dungeon", mixed));
    let mut unnamed = read(18);
    unnamed.as_object_mut().unwrap().remove("schema");
    broken.push(("stats", unnamed));
    for (i, (kind, document)) in broken.into_iter().enumerate() {
        let path = dir.join(format!("{i}-{kind}.invalid.json"));
        std::fs::write(&path, document.to_string()).unwrap();
        documents.push((schema_of(kind), path));
    }
    documents
}

/// The schema file of a kind of document.
fn schema_of(kind: &str) -> &'static str {
    let name = format!("{kind}.v1.json");
    SCHEMAS.iter().find(|(file, _)| *file == name).unwrap().0
}

/// Runs `program script schema/ [schema document]...`: its report, or `None` with a note
/// where the program or its validator is missing.
fn run(program: &str, script: &str, what: &str) -> Option<(bool, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch_dir(&format!("schema-validators-{program}"));
    let mut command = Command::new(program);
    command
        .arg(root.join("tests/schemas").join(script))
        .arg(root.join("schema"));
    for (schema, document) in documents(&dir) {
        command.arg(schema).arg(document);
    }
    let output = command.output();
    let Ok(output) = output else {
        eprintln!("note: {program} is not installed; the schemas are not checked with {what}");
        return None;
    };
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    if output.status.code() == Some(NOT_INSTALLED) {
        eprintln!("{report}note: the schemas are not checked with {what}");
        return None;
    }
    Some((output.status.success(), report))
}

#[test]
fn the_schemas_compile_in_ajv_strict_mode_and_validate_real_documents() {
    if let Some((ok, report)) = run("node", "ajv_strict.cjs", "Ajv") {
        assert!(ok, "Ajv (strict):\n{report}");
    }
}

#[test]
fn the_schemas_compile_in_python_jsonschema_and_validate_real_documents() {
    if let Some((ok, report)) = run("python3", "python_jsonschema.py", "python-jsonschema") {
        assert!(ok, "python-jsonschema:\n{report}");
    }
}

#[test]
fn the_rust_validator_agrees_on_the_same_documents() {
    let dir = scratch_dir("schema-validators-rust");
    for (schema, path) in documents(&dir) {
        let document: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let valid = schema_validator(schema).is_valid(&document);
        let invalid = path.to_str().unwrap().ends_with(".invalid.json");
        assert_eq!(valid, !invalid, "{} against {schema}", path.display());
    }
}
