//! Labyrinths (`--unicursal`): one path through every cell, in every format that draws
//! rectangles, read back and checked, and refused where they cannot be made.

use crate::common::{assert_refused, assert_snapshot, json_of, mazegen, piped, stdout_of};
use serde_json::Value;

/// What `mazegen backtrack --size 9 --seed 5 --unicursal` writes in `format`, with `more`.
fn labyrinth(format: &str, more: &[&str]) -> String {
    let args = [
        "backtrack",
        "--size",
        "9",
        "--seed",
        "5",
        "--unicursal",
        "--format",
        format,
    ];
    stdout_of(&[&args[..], more].concat())
}

#[test]
fn a_labyrinth_is_drawn_solved_and_read_back() {
    let text = labyrinth("text", &[]);
    // 4x4 cells make an 8x8-cell labyrinth: 17x17 tiles.
    assert_eq!(text.lines().count(), 17);
    assert_snapshot!("backtrack.text", text);
    let solved = labyrinth("text", &["--solve", "--openings"]);
    // The path runs through every cell: every cell's tile is on it.
    let cells_on_path = solved
        .lines()
        .skip(1)
        .step_by(2)
        .flat_map(|row| row.chars().skip(1).step_by(2))
        .filter(|&tile| matches!(tile, '.' | 'S' | 'G'))
        .count();
    assert_eq!(cells_on_path, 64);
    let json = labyrinth("json", &[]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (&doc["unicursal"], &doc["width"]),
        (&Value::Bool(true), &8.into())
    );
    assert_eq!(piped(&["render", "--format", "text"], &json), text);
    let graph = labyrinth("graph", &[]);
    let graph_doc: Value = serde_json::from_str(&graph).unwrap();
    assert_eq!(graph_doc["unicursal"], true);
    assert_eq!(piped(&["render", "--format", "text"], &graph), text);
    assert_eq!(piped(&["render", "--format", "json"], &graph), json);
}

#[test]
fn documents_that_are_no_labyrinth_are_refused() {
    // A maze that forks, said to be a labyrinth.
    let mut doc = json_of(&[
        "backtrack",
        "--size",
        "9",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    doc["unicursal"] = Value::Bool(true);
    mazegen()
        .args(["render", "--format", "text"])
        .write_stdin(doc.to_string())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("\"unicursal\" is true, but cell"));
}

#[test]
fn what_cannot_be_a_labyrinth_is_refused() {
    for (args, fragments) in [
        (
            &["kruskal", "--braid", "0.5"][..],
            &["--unicursal: a labyrinth is made of a perfect maze"][..],
        ),
        (
            &["kruskal", "--shape", "hex", "--cells", "4x4"],
            &["--unicursal: a labyrinth is made of a rectangle"],
        ),
        (
            &["kruskal", "--count", "3"],
            &["--unicursal makes one labyrinth at a time"],
        ),
        (
            &["kruskal", "--format", "events"],
            &["--unicursal does not apply"],
        ),
        (&["binary-tree", "--window", "0,0,2,2"], &["--unicursal"]),
        (
            &["kruskal", "--size", "11", "--start", "10,0"],
            &["--start 10,0", "outside the 10x10-cell maze"],
        ),
        (
            &["kruskal", "--size", "65537"],
            &["more than the 1073741824"],
        ),
    ] {
        assert_refused(&[args, &["--unicursal"][..]].concat(), fragments);
    }
}
