//! Datasets of every shape: graph documents a line for hexagons, triangles and circles, tiles
//! for masks, the same for every `--jobs`, split by `--shard`, each maze reproducible alone,
//! filtered by difficulty, unique up to the shape's count of spanning trees.

use crate::common::{Scratch, assert_refused, mazegen, scratch_dir, stdout_of};
use serde_json::Value;
use std::collections::HashSet;
use std::path::PathBuf;

/// A mask with a hole, written into `dir`.
fn mask(dir: &Scratch) -> PathBuf {
    dir.write("mask.txt", ".......\n..XX...\n..XX...\n.......\n")
}

/// The documents of a `jsonl` run.
fn documents(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is a JSON document"))
        .collect()
}

/// The shapes, as options.
fn shapes(mask: &str) -> Vec<Vec<String>> {
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect();
    vec![
        owned(&["--shape", "hex", "--cells", "6x5"]),
        owned(&["--shape", "triangle", "--cells", "7x4"]),
        owned(&["--shape", "polar", "--rings", "4"]),
        owned(&["--mask", mask]),
    ]
}

/// `mazegen` with `parts` joined.
fn run(parts: &[&[&str]]) -> String {
    stdout_of(&parts.concat())
}

#[test]
fn every_shape_gives_the_same_bytes_for_every_number_of_jobs_and_shards() {
    let dir = scratch_dir("dataset-shapes-jobs");
    let path = mask(&dir);
    for shape in shapes(path.to_str().unwrap()) {
        let shape: Vec<&str> = shape.iter().map(String::as_str).collect();
        let base: &[&str] = &[
            "wilson", "--count", "40", "--seed", "5", "--format", "jsonl",
        ];
        let whole = run(&[base, &shape, &["--jobs", "1"]]);
        assert_eq!(whole.lines().count(), 40);
        assert_eq!(run(&[base, &shape, &["--jobs", "3"]]), whole, "{shape:?}");
        let shards: String = (1..=3)
            .map(|k| run(&[base, &shape, &["--shard", &format!("{k}/3")]]))
            .collect();
        assert_eq!(shards, whole, "{shape:?}");
    }
}

#[test]
fn each_maze_comes_back_alone_from_its_recorded_seed() {
    let dir = scratch_dir("dataset-shapes-seed");
    let path = mask(&dir);
    for shape in shapes(path.to_str().unwrap()) {
        let shape: Vec<&str> = shape.iter().map(String::as_str).collect();
        let docs = documents(&run(&[
            &[
                "kruskal", "--count", "3", "--seed", "9", "--format", "jsonl", "--stats",
            ],
            &shape,
        ]));
        for doc in docs {
            let seed = doc["seed"].to_string();
            // A graph document for shapes, a tile document for masks: written alone in the
            // same format, the maze is the same.
            let format = if doc["schema"] == "mazegen.graph/v1" {
                "graph"
            } else {
                "json"
            };
            let alone: Value = serde_json::from_str(&run(&[
                &["kruskal", "--seed", &seed, "--format", format, "--stats"],
                &shape,
            ]))
            .unwrap();
            let mut doc = doc.clone();
            if format == "json" {
                // A maze document's --stats object is the summary; jsonl adds the difficulty.
                doc.as_object_mut().unwrap().remove("difficulty");
            }
            assert_eq!(doc, alone, "{shape:?} seed {seed}");
        }
    }
}

#[test]
fn bounds_and_farthest_endpoints_work_on_every_shape() {
    let dir = scratch_dir("dataset-shapes-bounds");
    let path = mask(&dir);
    for shape in shapes(path.to_str().unwrap()) {
        let shape: Vec<&str> = shape.iter().map(String::as_str).collect();
        let docs = documents(&run(&[
            &[
                "backtrack",
                "--count",
                "10",
                "--seed",
                "2",
                "--format",
                "jsonl",
                "--stats",
                "--min-decisions",
                "2",
                "--max-tortuosity",
                "6",
            ],
            &shape,
        ]));
        assert_eq!(docs.len(), 10);
        for doc in &docs {
            let difficulty = if doc["schema"] == "mazegen.graph/v1" {
                &doc["stats"]["difficulty"]
            } else {
                &doc["difficulty"]
            };
            assert!(
                difficulty["decision_points"].as_u64().unwrap() >= 2,
                "{doc}"
            );
            assert!(difficulty["tortuosity"].as_f64().unwrap() <= 6.0, "{doc}");
        }
        // Farthest endpoints: the solution is as long as the diameter.
        for doc in documents(&run(&[
            &[
                "prim",
                "--count",
                "5",
                "--seed",
                "4",
                "--endpoints",
                "farthest",
                "--format",
                "jsonl",
                "--stats",
            ],
            &shape,
        ])) {
            if doc["schema"] == "mazegen.graph/v1" {
                let stats = &doc["stats"];
                assert_eq!(stats["solution_length"], stats["diameter"], "{shape:?}");
            } else {
                let stats = &doc["stats"];
                assert_eq!(
                    stats["solution_length"], stats["diameter"]["length"],
                    "{shape:?}"
                );
            }
        }
    }
}

#[test]
fn unique_reaches_every_spanning_tree_of_a_small_shape_and_no_more() {
    // A 3x2 hex grid has 55 spanning trees, a 5x2 triangle strip 35, a wheel of 6 (polar, 2
    // rings) 320: counted by the matrix-tree theorem and refused past it.
    for (shape, trees) in [
        (&["--shape", "hex", "--cells", "3x2"][..], 55),
        (&["--shape", "triangle", "--cells", "5x2"], 35),
        (&["--shape", "polar", "--rings", "2"], 320),
    ] {
        let count = trees.to_string();
        let docs = documents(&run(&[
            &[
                "wilson", "--count", &count, "--seed", "1", "--unique", "--format", "jsonl",
            ],
            shape,
        ]));
        let distinct: HashSet<String> = docs.iter().map(|d| d["passages"].to_string()).collect();
        assert_eq!(distinct.len(), trees, "{shape:?}");
        let more = (trees + 1).to_string();
        assert_refused(
            &[
                &["wilson", "--count", &more, "--unique", "--format", "jsonl"],
                shape,
            ]
            .concat(),
            &[&format!("only {trees} distinct perfect mazes")],
        );
    }
}

#[test]
fn masks_write_text_between_blank_lines_and_arrays() {
    let dir = scratch_dir("dataset-shapes-arrays");
    let path = mask(&dir);
    let path = path.to_str().unwrap();
    let base = ["backtrack", "--mask", path, "--seed", "6"];
    let text = stdout_of(&[&base[..], &["--count", "2", "--format", "text"]].concat());
    let mazes: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(mazes.len(), 2);
    assert_eq!(mazes[0].lines().count(), 9);
    // The tile array: walls and blank tiles are 1, passages 0.
    let npy = mazegen()
        .args([&base[..], &["--count", "2", "--format", "npy"]].concat())
        .output()
        .unwrap();
    assert!(npy.status.success());
    let data = &npy.stdout[npy.stdout.len() - 2 * 9 * 15..];
    let first: Vec<u8> = text
        .lines()
        .take(9)
        .flat_map(|line| line.bytes().map(|b| u8::from(b != b' ')))
        .collect();
    // Text draws blank and passage tiles alike as spaces: compare the walls it shows.
    for (k, (&tile, &wall)) in data[..9 * 15].iter().zip(&first).enumerate() {
        if wall == 1 {
            assert_eq!(tile, 1, "tile {k}");
        }
    }
    let blank_corner = data[4 * 15 + 6];
    assert_eq!(blank_corner, 1, "the hole of the mask is not walkable");
}

#[test]
fn formats_a_shape_cannot_be_written_in_are_refused() {
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "hex",
            "--count",
            "2",
            "--format",
            "json",
        ],
        &["--count 2 writes hex mazes as term, text, pdf, jsonl, npz, not --format json"],
    );
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "polar",
            "--count",
            "2",
            "--format",
            "npy",
            "-o",
            "/tmp/x.npy",
        ],
        &["--count 2 writes polar mazes as term, text, pdf, jsonl, npz, not --format npy"],
    );
    assert_refused(
        &[
            "binary-tree",
            "--shape",
            "hex",
            "--count",
            "2",
            "--format",
            "jsonl",
        ],
        &["binary-tree only carves rectangles, not a hex maze"],
    );
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "hex",
            "--cells",
            "3x2",
            "--min-solution",
            "6",
            "--format",
            "jsonl",
        ],
        &["--min-solution 6: a hex maze of 6 cells has at most 5"],
    );
}
