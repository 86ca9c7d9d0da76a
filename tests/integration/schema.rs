//! Real JSON output validates against the shipped JSON Schema, and the schema has teeth.

use crate::common::{json_of, piped, schema_validator, stdout_of};
use mazegen::algorithms::catalogue;
use serde_json::Value;

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(include_str!("../../schema/maze.v1.json")).unwrap();
    jsonschema::validator_for(&schema).expect("the schema itself is valid")
}

fn maze_json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    json_of(&all)
}

#[test]
fn output_matches_the_schema() {
    let validator = validator();
    for generator in catalogue() {
        let algorithm = generator.name();
        for size in [
            &["--size", "3"][..],
            &["--size", "21"],
            &["--width", "61", "--height", "5"],
            &[
                "--size",
                "21",
                "--solve",
                "--openings",
                "--stats",
                "--braid",
                "0.3",
            ],
            &["--size", "15", "--solve", "--start", "3,3"],
        ] {
            let mut args = vec![algorithm, "--seed", "9"];
            args.extend_from_slice(size);
            let doc = maze_json(&args);
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{args:?}: {errors:?}");
        }
    }
}

#[test]
fn documents_are_self_consistent() {
    let doc = maze_json(&[
        "backtrack",
        "--width",
        "61",
        "--height",
        "21",
        "--seed",
        "4",
    ]);
    assert_eq!(doc["schema"], "mazegen.maze/v1");
    assert_eq!(doc["algorithm"], "backtrack");
    assert_eq!(
        (doc["width"].as_u64(), doc["height"].as_u64()),
        (Some(30), Some(10))
    );
    assert_eq!(doc["tile_width"], 61);
    assert_eq!(doc["start"], serde_json::json!({"x": 0, "y": 0}));
    assert_eq!(doc["goal"], serde_json::json!({"x": 29, "y": 9}));
    let tiles = doc["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 21);
    assert!(tiles.iter().all(|row| row.as_str().unwrap().len() == 61));
}

#[test]
fn the_schema_rejects_broken_documents() {
    let validator = validator();
    let good = maze_json(&["binary-tree", "--size", "5", "--seed", "1"]);
    assert!(validator.is_valid(&good));
    let broken: [(&str, Value); 4] = [
        ("schema", "mazegen.maze/v2".into()),
        ("tiles", serde_json::json!(["#####", "#.x.#", "#####"])),
        ("width", 0.into()),
        ("start", serde_json::json!({"x": -1, "y": 0})),
    ];
    for (field, value) in broken {
        let mut doc = good.clone();
        doc[field] = value;
        assert!(!validator.is_valid(&doc), "{field} accepted");
    }
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("seed");
    assert!(!validator.is_valid(&missing));
}

#[test]
fn stats_documents_name_their_schema() {
    let validator = schema_validator("stats.v1.json");
    for args in [
        &[
            "backtrack",
            "--size",
            "11",
            "--seed",
            "3",
            "--format",
            "json",
        ][..],
        &[
            "wilson", "--shape", "hex", "--cells", "6x5", "--seed", "3", "--format", "graph",
        ],
    ] {
        let document = stdout_of(args);
        let figures: Value =
            serde_json::from_str(&piped(&["stats", "--format", "json"], &document)).unwrap();
        assert_eq!(figures["schema"], "mazegen.stats/v1", "{args:?}");
        assert!(
            figures["generator"]
                .as_str()
                .unwrap()
                .starts_with("mazegen ")
        );
        assert!(validator.is_valid(&figures), "{args:?}: {figures}");
        let mut unnamed = figures.clone();
        unnamed.as_object_mut().unwrap().remove("schema");
        assert!(
            !validator.is_valid(&unnamed),
            "{args:?}: no schema accepted"
        );
        let mut broken = figures.clone();
        broken["cells"] = "many".into();
        assert!(
            !validator.is_valid(&broken),
            "{args:?}: broken figures accepted"
        );
        // Every shortest path: moves on a rectangle, cells on a hex maze.
        let paths: Value = serde_json::from_str(&piped(
            &["stats", "--all-shortest", "--cap", "3", "--format", "json"],
            &document,
        ))
        .unwrap();
        assert_eq!(paths["all_shortest"]["count"], "1", "{args:?}");
        assert!(validator.is_valid(&paths), "{args:?}: {paths}");
        let mut broken = paths.clone();
        broken["all_shortest"]["count"] = 1.into();
        assert!(
            !validator.is_valid(&broken),
            "{args:?}: a count as a number"
        );
    }
    // A document's own `stats` object stays as it was, without a schema.
    let maze = maze_json(&["backtrack", "--size", "11", "--seed", "3", "--stats"]);
    assert!(maze["stats"].get("schema").is_none());
}
