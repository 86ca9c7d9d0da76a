//! `rooms --format ldtk`: valid against LDtk's published JSON schema (tests/data/ldtk), saying
//! what the text map and the JSON document say, and loaded by ldtkpy (PyPI), LDtk's own Python
//! types, where Python has it (skipped with a note elsewhere: `pip install ldtkpy`).

use crate::common::{json_of, scratch_dir, stdout_of};
use serde_json::Value;
use std::process::Command;

/// The option sets the tests run, each with `--format ldtk`, `json` or `text` added.
const MAPS: [&[&str]; 5] = [
    &["rooms", "--seed", "5", "--count", "12", "--locks", "2"],
    &[
        "rooms",
        "--seed",
        "9",
        "--count",
        "30",
        "--candidates",
        "delaunay",
        "--locks",
        "6",
    ],
    &[
        "rooms",
        "--seed",
        "3",
        "--count",
        "16",
        "--corridors",
        "maze",
        "--locks",
        "1",
    ],
    &["rooms", "--seed", "7", "--count", "8", "--p", "0"],
    &["rooms", "--seed", "1", "--count", "1"],
];

fn ldtk_of(args: &[&str]) -> Value {
    json_of(&[args, &["--format", "ldtk"]].concat())
}

fn validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(include_str!("../data/ldtk/JSON_SCHEMA.json")).unwrap();
    jsonschema::validator_for(&schema).expect("LDtk's schema is valid")
}

#[test]
fn ldtk_projects_validate_against_ldtks_schema() {
    let validator = validator();
    for args in MAPS {
        let project = ldtk_of(args);
        let errors: Vec<String> = validator
            .iter_errors(&project)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{args:?}: {errors:#?}");
    }
    // The schema has teeth: a project without its levels' sizes is not one.
    let mut project = ldtk_of(MAPS[0]);
    project["levels"][0]
        .as_object_mut()
        .unwrap()
        .remove("pxWid");
    assert!(!validator.is_valid(&project));
}

/// The level's layer named `name`.
fn layer<'a>(project: &'a Value, name: &str) -> &'a Value {
    project["levels"][0]["layerInstances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|layer| layer["__identifier"] == name)
        .unwrap()
}

/// An entity's field `name`.
fn field<'a>(entity: &'a Value, name: &str) -> &'a Value {
    &entity["fieldInstances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["__identifier"] == name)
        .unwrap()["__value"]
}

#[test]
fn ldtk_projects_say_what_the_text_map_and_the_document_say() {
    for args in MAPS {
        let project = ldtk_of(args);
        let doc = json_of(&[args, &["--format", "json"]].concat());
        let text = stdout_of(&[args, &["--format", "text"]].concat());
        let lines: Vec<&str> = text.lines().collect();
        let (width, height) = (lines[0].len(), lines.len());
        let level = &project["levels"][0];
        assert_eq!(level["pxWid"], 16 * width);
        assert_eq!(level["pxHei"], 16 * height);
        // Every tile's IntGrid value, marks on floor as floor.
        let values: Vec<String> = project["defs"]["layers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["__type"] == "IntGrid")
            .unwrap()["intGridValues"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["identifier"].as_str().unwrap().to_string())
            .collect();
        let tiles = layer(&project, "Tiles");
        assert_eq!(
            (tiles["__cWid"].as_u64(), tiles["__cHei"].as_u64()),
            (Some(width as u64), Some(height as u64))
        );
        let csv = tiles["intGridCsv"].as_array().unwrap();
        assert_eq!(csv.len(), width * height);
        for (value, c) in csv.iter().zip(lines.iter().flat_map(|l| l.chars())) {
            let expected = match c {
                '#' => "rock",
                ' ' | 'S' | 'G' | 'K' => "floor",
                '.' => "corridor",
                '+' => "door",
                'L' => "lock",
                other => panic!("{other:?}"),
            };
            assert_eq!(
                values[value.as_u64().unwrap() as usize - 1],
                expected,
                "{args:?}"
            );
        }
        // The entities: a rectangle per room with the document's fields, and a marker on every
        // mark and lock of the text map.
        let entities = layer(&project, "Entities")["entityInstances"]
            .as_array()
            .unwrap();
        let of = |kind: &str| -> Vec<&Value> {
            entities
                .iter()
                .filter(|e| e["__identifier"] == kind)
                .collect()
        };
        let rooms = doc["rooms"].as_array().unwrap();
        assert_eq!(of("Room").len(), rooms.len());
        for (entity, room) in of("Room").into_iter().zip(rooms) {
            assert_eq!(field(entity, "id"), &room["id"]);
            assert_eq!(field(entity, "role"), &room["role"]);
            assert_eq!(field(entity, "depth"), &room["depth"]);
            let keys = room.get("keys").cloned().unwrap_or(serde_json::json!([]));
            assert_eq!(field(entity, "keys"), &keys);
            assert_eq!(entity["__grid"], serde_json::json!([room["x"], room["y"]]));
            assert_eq!(entity["width"], 16 * room["w"].as_u64().unwrap());
            assert_eq!(entity["height"], 16 * room["h"].as_u64().unwrap());
        }
        let tile = |e: &Value| {
            let (x, y) = (
                e["__grid"][0].as_u64().unwrap(),
                e["__grid"][1].as_u64().unwrap(),
            );
            assert_eq!(e["px"], serde_json::json!([16 * x, 16 * y]));
            lines[y as usize].as_bytes()[x as usize] as char
        };
        for (kind, c) in [("Start", 'S'), ("Goal", 'G'), ("Key", 'K'), ("Lock", 'L')] {
            let marked = of(kind);
            assert_eq!(marked.len(), text.matches(c).count(), "{args:?} {kind}");
            assert!(marked.iter().all(|e| tile(e) == c), "{args:?} {kind}");
        }
        let start = doc["analysis"]["start"].clone();
        assert!(of("Start").iter().all(|e| field(e, "room") == &start));
        // Each key in the room the document gives it, each lock on its edge's room behind.
        let edges = doc["edges"].as_array().unwrap();
        for key in of("Key") {
            let (lock, room) = (field(key, "lock"), field(key, "room"));
            let holder = &rooms[room.as_u64().unwrap() as usize];
            assert!(holder["keys"].as_array().unwrap().contains(lock));
        }
        for lock in of("Lock") {
            let edge = edges
                .iter()
                .find(|e| e.get("lock") == Some(field(lock, "lock")))
                .unwrap();
            let behind = field(lock, "behind");
            assert!(&edge["a"] == behind || &edge["b"] == behind);
        }
        let iids: std::collections::HashSet<&Value> = entities.iter().map(|e| &e["iid"]).collect();
        assert_eq!(iids.len(), entities.len(), "instance ids are unique");
    }
}

/// Reads an LDtk project with ldtkpy and prints what it found as JSON.
const READER: &str = r#"
import json, sys
from ldtkpy.api import ldtk_json_from_dict
p = ldtk_json_from_dict(json.load(open(sys.argv[1])))
level = p.levels[0]
print(json.dumps({
    "version": p.json_version,
    "layers": [l.identifier for l in level.layer_instances],
    "cells": len(level.layer_instances[1].int_grid_csv),
    "entities": sorted({e.identifier for e in level.layer_instances[0].entity_instances}),
}))
"#;

#[test]
fn ldtk_projects_load_in_ldtkpy() {
    let there = Command::new("python3")
        .args(["-c", "import ldtkpy.api"])
        .output()
        .is_ok_and(|output| output.status.success());
    if !there {
        eprintln!("note: python3 with ldtkpy not found; LDtk projects not loaded");
        return;
    }
    let dir = scratch_dir("rooms-ldtk");
    let path = dir.join("level.ldtk");
    for args in MAPS {
        stdout_of(&[args, &["--format", "ldtk", "-o", path.to_str().unwrap()]].concat());
        let output = Command::new("python3")
            .args(["-c", READER])
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let read: Value = serde_json::from_slice(&output.stdout).unwrap();
        let text = stdout_of(&[args, &["--format", "text"]].concat());
        assert_eq!(read["version"], "1.5.3");
        assert_eq!(read["layers"], serde_json::json!(["Entities", "Tiles"]));
        assert_eq!(read["cells"], text.lines().map(str::len).sum::<usize>());
        assert!(
            read["entities"]
                .as_array()
                .unwrap()
                .contains(&"Room".into())
        );
    }
}
