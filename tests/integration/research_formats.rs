//! The field's formats (`hrm`, `alphamaze`, `searchformer`, `ascii`, `mazebench`): seeded
//! output locked by snapshots, refusals of what they cannot write, and each read back as its
//! own code reads it: HRM's builder's reading steps and maze-dataset's `from_ascii` in Python
//! (skipped with a note where missing), MazeBench's ground-truth rules and Searchformer's plan
//! checks here.

use crate::common::{assert_refused, assert_snapshot, mazegen, python_has, stdout_of};
use serde_json::Value;
use std::process::Command;

/// The formats and the maze each snapshot is of (`hrm` squares only).
const FORMATS: [&str; 5] = ["hrm", "alphamaze", "searchformer", "ascii", "mazebench"];

#[test]
fn seeded_output_of_every_format() {
    for format in FORMATS {
        let one = stdout_of(&[
            "kruskal", "--cells", "5x5", "--seed", "7", "--format", format,
        ]);
        assert_snapshot!(format!("{format}.kruskal-5x5"), one);
        let braided = stdout_of(&[
            "wilson", "--cells", "4x4", "--braid", "1", "--count", "3", "--seed", "2", "--format",
            format,
        ]);
        assert_snapshot!(format!("{format}.wilson-braided-3"), braided);
    }
}

#[test]
fn what_they_cannot_write_is_refused() {
    for format in FORMATS {
        assert_refused(
            &[
                "kruskal", "--shape", "hex", "--cells", "4x4", "--format", format,
            ],
            &["--format", format],
        );
    }
    assert_refused(
        &["kruskal", "--cells", "5x4", "--format", "hrm"],
        &["hrm writes square mazes only (as many cells across as down), not a 5x4-cell maze"],
    );
    assert_refused(
        &[
            "kruskal",
            "--cells",
            "4x4",
            "--openings",
            "--format",
            "ascii",
        ],
        &["--openings"],
    );
}

/// Runs `script` with `text` on standard input in `python3`, if it has `modules`.
fn python(modules: &[&str], script: &str, text: &str) -> Option<String> {
    if !modules.iter().all(|module| python_has(module)) {
        eprintln!("note: python3 with {modules:?} is not installed; the check is skipped");
        return None;
    }
    let dir = crate::common::scratch_dir("research-formats");
    let input = dir.join("input");
    std::fs::write(&input, text).unwrap();
    let output = Command::new("python3")
        .args(["-c", script, input.to_str().unwrap()])
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).unwrap())
}

/// HRM's `dataset/build_maze_dataset.py` reads the CSV as it reads its own: `csv.reader`, the
/// header skipped, each row unpacked as `source, q, a, rating`, the side `n` as
/// `int(len(q) ** 0.5)` from the first row, `q` and `a` as `uint8` buffers reshaped to
/// `(n, n)`, every character within its charset `"# SGo"`, mapped to ids 1 to 5.
#[test]
fn hrms_builder_reads_the_csv() {
    let csv = stdout_of(&[
        "backtrack",
        "--cells",
        "7x7",
        "--count",
        "5",
        "--seed",
        "3",
        "--format",
        "hrm",
    ]);
    assert!(csv.starts_with("source,q,a,rating\nmazegen:backtrack:"));
    assert_eq!(csv.matches("source,q,a,rating").count(), 1, "one header");
    let script = r##"
import csv, sys
import numpy as np
CHARSET = "# SGo"
rows, chars, grid = [], set(), None
with open(sys.argv[1], newline="") as f:
    reader = csv.reader(f)
    next(reader)
    for source, q, a, rating in reader:
        chars.update(q); chars.update(a)
        if grid is None:
            n = int(len(q) ** 0.5)
            grid = (n, n)
        rows.append((np.frombuffer(q.encode(), dtype=np.uint8).reshape(grid),
                     np.frombuffer(a.encode(), dtype=np.uint8).reshape(grid), int(rating)))
assert len(chars - set(CHARSET)) == 0
char2id = np.zeros(256, np.uint8)
char2id[np.array(list(map(ord, CHARSET)))] = np.arange(len(CHARSET)) + 1
ids = np.vstack([char2id[q.reshape(-1)] for q, _, _ in rows])
for q, a, rating in rows:
    assert (q == ord("S")).sum() == 1 and (q == ord("G")).sum() == 1
    assert ((q != a) == (a == ord("o"))).all() and (a == ord("o")).sum() == 2 * rating - 1
print(len(rows), grid[0], ids.shape[1], int(ids.max()))
"##;
    if let Some(out) = python(&["numpy"], script, &csv) {
        assert_eq!(out, "5 15 225 4\n");
    }
}

/// maze-dataset's `SolvedMaze.from_ascii` reads `ascii` back: the same ASCII again, and the
/// same start, end and path as the maze's document.
#[test]
fn maze_datasets_from_ascii_reads_it_back() {
    let args = ["wilson", "--cells", "6x5", "--seed", "4", "--braid", "0.5"];
    let ascii = stdout_of(&[&args[..], &["--format", "ascii"]].concat());
    let document: Value = serde_json::from_str(&stdout_of(
        &[&args[..], &["--format", "json", "--solve"]].concat(),
    ))
    .unwrap();
    let script = r#"
import sys, json
from maze_dataset import SolvedMaze
text = open(sys.argv[1]).read()
maze = SolvedMaze.from_ascii(text)
assert maze.as_ascii() + "\n" == text
print(json.dumps([maze.start_pos.tolist(), maze.end_pos.tolist(), maze.solution.tolist()]))
"#;
    if let Some(out) = python(&["maze_dataset"], script, &ascii) {
        let read: Value = serde_json::from_str(&out).unwrap();
        // The document's solution is in tiles, `[x, y]`: cells are at odd columns and rows.
        let cells: Vec<Value> = (document["solution"].as_array().unwrap().iter())
            .map(|tile| (tile[0].as_u64().unwrap(), tile[1].as_u64().unwrap()))
            .filter(|(x, y)| x % 2 == 1 && y % 2 == 1)
            .map(|(x, y)| serde_json::json!([(y - 1) / 2, (x - 1) / 2]))
            .collect();
        assert_eq!(read[2], Value::Array(cells.clone()));
        assert_eq!((&read[0], &read[1]), (&cells[0], cells.last().unwrap()));
    }
}

/// MazeBench's ground truth rules (`benchmark/utils/evaluation.py`): reachable with paths, all
/// of one length; every accepted path walks the text grid from `S` to `G` over floor only.
#[test]
fn mazebench_paths_walk_its_grid() {
    let lines = stdout_of(&[
        "kruskal",
        "--cells",
        "6x6",
        "--braid",
        "1",
        "--count",
        "4",
        "--seed",
        "9",
        "--format",
        "mazebench",
    ]);
    for line in lines.lines() {
        let maze: Value = serde_json::from_str(line).unwrap();
        let rows: Vec<Vec<char>> = (maze["grid"].as_str().unwrap().lines())
            .map(|row| row.split(' ').map(|c| c.chars().next().unwrap()).collect())
            .collect();
        assert_eq!(
            maze["grid_size"],
            serde_json::json!([rows.len(), rows[0].len()])
        );
        let find = |mark| {
            (0..rows.len())
                .flat_map(|r| (0..rows[r].len()).map(move |c| (r, c)))
                .find(|&(r, c)| rows[r][c] == mark)
                .unwrap()
        };
        let paths = maze["accepted_shortest_paths"].as_array().unwrap();
        assert_eq!(maze["reachable"], true);
        assert!(!paths.is_empty());
        for path in paths {
            let moves = path.as_str().unwrap();
            assert_eq!(
                moves.len() as u64,
                maze["shortest_path_length"].as_u64().unwrap()
            );
            let mut at = find('S');
            for step in moves.chars() {
                at = match step {
                    'U' => (at.0 - 1, at.1),
                    'D' => (at.0 + 1, at.1),
                    'L' => (at.0, at.1 - 1),
                    _ => (at.0, at.1 + 1),
                };
                assert_ne!(rows[at.0][at.1], '#', "{moves}");
            }
            assert_eq!(at, find('G'));
        }
        let mut unique = paths.clone();
        unique.dedup();
        assert_eq!(unique.len(), paths.len());
    }
}

/// Searchformer's checks of a trace (`MazeTrace` in `searchformer/maze.py`): the plan starts at
/// the start, reaches the goal, never enters a wall and moves one cell a step; and here, it is
/// a shortest path (two tiles a cell step) and every closed node was created first.
#[test]
fn searchformer_plans_pass_its_checks() {
    let lines = stdout_of(&[
        "kruskal",
        "--cells",
        "5x4",
        "--braid",
        "0.5",
        "--count",
        "4",
        "--seed",
        "6",
        "--format",
        "searchformer",
    ]);
    for (line, maze) in lines.lines().zip(0..) {
        let tokens: Vec<&str> = line.split(' ').collect();
        let number = |i: usize| tokens[i].parse::<i64>().unwrap();
        let (start, goal) = ((number(1), number(2)), (number(4), number(5)));
        let mut walls = Vec::new();
        let mut i = 6;
        while tokens[i] == "wall" {
            walls.push((number(i + 1), number(i + 2)));
            i += 3;
        }
        let mut created = std::collections::HashSet::new();
        while tokens[i] != "plan" {
            let cell = (number(i + 1), number(i + 2));
            match tokens[i] {
                "create" => {
                    created.insert(cell);
                }
                "close" => assert!(created.contains(&cell)),
                other => panic!("not a trace token: {other}"),
            }
            assert!(tokens[i + 3].starts_with('c') && tokens[i + 4].starts_with('c'));
            i += 5;
        }
        let plan: Vec<(i64, i64)> = tokens[i..]
            .chunks(3)
            .map(|step| {
                assert_eq!(step[0], "plan");
                (step[1].parse().unwrap(), step[2].parse().unwrap())
            })
            .collect();
        assert_eq!((plan[0], *plan.last().unwrap()), (start, goal));
        assert!(plan.iter().all(|cell| !walls.contains(cell)));
        assert!(
            plan.windows(2)
                .all(|w| (w[0].0 - w[1].0).abs() + (w[0].1 - w[1].1).abs() == 1)
        );
        let document = stdout_of(&[
            "kruskal", "--cells", "5x4", "--braid", "0.5", "--count", "4", "--seed", "6",
            "--format", "jsonl",
        ]);
        let maze: mazegen::Maze =
            match mazegen::read::read_document(document.lines().nth(maze).unwrap().as_bytes())
                .unwrap()
            {
                mazegen::read::AnyDocument::Maze(maze)
                | mazegen::read::AnyDocument::Graph(maze) => maze,
            };
        let steps = maze.shortest_paths(0).unwrap().length.unwrap();
        assert_eq!(plan.len() as u32, 2 * steps + 1);
    }
}

/// Nothing reaches the output of a dataset whose maze a format refuses.
#[test]
fn a_refused_maze_writes_nothing() {
    mazegen()
        .args([
            "kruskal", "--cells", "3x4", "--count", "2", "--format", "hrm",
        ])
        .assert()
        .code(2)
        .stdout("");
}
