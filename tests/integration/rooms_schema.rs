//! Real room-map JSON validates against the shipped JSON Schema, and the schema has teeth.

use crate::common::stdout_of;
use serde_json::{Value, json};

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(include_str!("../../schema/rooms.v1.json")).unwrap();
    jsonschema::validator_for(&schema).expect("the schema itself is valid")
}

fn rooms_json(args: &[&str]) -> Value {
    let mut all = vec!["rooms"];
    all.extend_from_slice(args);
    all.extend(["--format", "json"]);
    serde_json::from_str(&stdout_of(&all)).unwrap()
}

#[test]
fn output_matches_the_schema() {
    let validator = validator();
    for args in [
        &["--seed", "9"][..],
        &["--count", "1", "--seed", "1"],
        &["--count", "2", "--seed", "1", "--candidates", "delaunay"],
        &[
            "--count",
            "40",
            "--seed",
            "3",
            "--candidates",
            "delaunay",
            "--max-doors",
            "4",
        ],
        &["--count", "25", "--seed", "5", "--map", "never", "--p", "0"],
        &[
            "--count",
            "7",
            "--seed",
            "6",
            "--room-size",
            "1..2",
            "--width",
            "40",
            "--height",
            "9",
        ],
        &["--count", "9", "--seed", "2", "--corridors", "maze"],
        &[
            "--count",
            "9",
            "--seed",
            "2",
            "--corridors",
            "maze",
            "--prefab",
            concat!(env!("CARGO_MANIFEST_DIR"), "/docs/vault.txt"),
        ],
        &[
            "--count", "24", "--seed", "3", "--cycles", "3", "--locks", "2",
        ],
        &[
            "--count", "24", "--seed", "3", "--cycles", "3", "--map", "never",
        ],
        &[
            "--count",
            "5",
            "--seed",
            "8",
            "--corridors",
            "maze",
            "--maze-algorithm",
            "wilson",
            "--sparseness",
            "1",
            "--width",
            "41",
            "--height",
            "31",
        ],
    ] {
        let doc = rooms_json(args);
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{args:?}: {errors:?}");
    }
}

#[test]
fn documents_are_self_consistent() {
    let doc = rooms_json(&["--count", "15", "--seed", "4", "--p", "0.2"]);
    assert_eq!(doc["schema"], "mazegen.rooms/v1");
    assert_eq!(doc["params"]["p"], 0.2);
    let rooms = doc["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 15);
    assert!(rooms.iter().enumerate().all(|(i, r)| r["id"] == i));
    let edges = doc["edges"].as_array().unwrap();
    let tree = edges.iter().filter(|e| e["kind"] == "tree").count();
    assert_eq!(tree, 14);
    let cyclomatic = doc["analysis"]["cyclomatic"].as_u64().unwrap();
    assert_eq!(cyclomatic, edges.len() as u64 - 14);
    let start = doc["analysis"]["start"].as_u64().unwrap() as usize;
    assert_eq!(rooms[start]["depth"], 0);
    let doors: u64 = rooms.iter().map(|r| r["doors"].as_u64().unwrap()).sum();
    assert_eq!(doors, 2 * edges.len() as u64);
}

#[test]
fn the_schema_rejects_broken_documents() {
    let validator = validator();
    let good = rooms_json(&["--count", "5", "--seed", "1"]);
    assert!(validator.is_valid(&good));
    let broken: [(&str, Value); 5] = [
        ("schema", "mazegen.rooms/v2".into()),
        ("directed", true.into()),
        ("rooms", json!([])),
        (
            "edges",
            json!([{"a": 0, "b": 1, "kind": "other", "corridor": [[1, 1]]}]),
        ),
        ("edges", json!([{"a": 0, "b": 1, "kind": "tree"}])),
    ];
    for (field, value) in broken {
        let mut doc = good.clone();
        doc[field] = value.clone();
        assert!(!validator.is_valid(&doc), "{field} = {value} accepted");
    }
    let mut no_seed = good.clone();
    no_seed.as_object_mut().unwrap().remove("seed");
    assert!(!validator.is_valid(&no_seed));
    // Without a map, positions are not allowed.
    let mut abstract_doc = rooms_json(&["--count", "5", "--seed", "1", "--map", "never"]);
    assert!(validator.is_valid(&abstract_doc));
    for field in ["x", "y", "w", "h"] {
        abstract_doc["rooms"][0][field] = 3.into();
    }
    assert!(!validator.is_valid(&abstract_doc));
}
