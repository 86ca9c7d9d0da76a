//! `--levels N` from the command line: graph documents give each cell its level and list the
//! cells above and below it, passages join the levels, `--start` and `--goal` take a level,
//! documents read back as written, every format that writes shapes writes a maze in levels and
//! the others refuse it, and the pictures are locked by snapshots.

use crate::common::{
    assert_graph_reads_back, assert_refused, assert_snapshot, json_of, mazegen, piped, stdout_of,
};
use serde_json::{Value, json};

/// The mazes in levels tried: the options, cells across and down, levels.
const MAZES: [(&str, (u64, u64, u64)); 3] = [
    ("--size 9 --levels 2", (4, 4, 2)),
    ("--width 7 --height 5 --levels 3", (3, 2, 3)),
    ("--width 11 --height 3 --levels 4", (5, 1, 4)),
];

fn args<'a>(algorithm: &'a str, seed: &'a str, maze: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![algorithm, "--seed", seed];
    args.extend(maze.split(' '));
    args.extend_from_slice(more);
    args
}

/// The ids of the neighbours of cell (x, y) on level z of `w x h`-cell levels, `n` of them,
/// as documents list them: north, east, south, west, up, down. Written from the definition,
/// apart from the library.
fn neighbours((w, h, n): (u64, u64, u64), (x, y, z): (u64, u64, u64)) -> Vec<u64> {
    let id = |x: u64, y: u64, z: u64| (z * h + y) * w + x;
    let mut ids = Vec::new();
    if y > 0 {
        ids.push(id(x, y - 1, z));
    }
    if x + 1 < w {
        ids.push(id(x + 1, y, z));
    }
    if y + 1 < h {
        ids.push(id(x, y + 1, z));
    }
    if x > 0 {
        ids.push(id(x - 1, y, z));
    }
    if z + 1 < n {
        ids.push(id(x, y, z + 1));
    }
    if z > 0 {
        ids.push(id(x, y, z - 1));
    }
    ids
}

#[test]
fn graph_documents_place_each_cell_on_its_level_and_passages_join_the_levels() {
    for (maze, (w, h, n)) in MAZES {
        for seed in 1..=10 {
            let seed = seed.to_string();
            let doc = json_of(&args(
                "kruskal",
                &seed,
                maze,
                &["--format", "graph", "--solve"],
            ));
            assert_eq!(
                doc["shape"],
                json!({"kind": "rect", "width": w, "height": h, "levels": n})
            );
            let cells = doc["cells"].as_array().unwrap();
            assert_eq!(cells.len() as u64, w * h * n);
            for (id, cell) in cells.iter().enumerate() {
                let id = id as u64;
                let (x, y, z) = (id % w, id / w % h, id / (w * h));
                assert_eq!((&cell["at"], &cell["z"]), (&json!([x, y]), &json!(z)));
                let listed: Vec<u64> = cell["neighbours"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap())
                    .collect();
                assert_eq!(
                    listed,
                    neighbours((w, h, n), (x, y, z)),
                    "{maze}: {x},{y},{z}"
                );
            }
            // Every pair of levels is joined somewhere: the maze is one tree.
            let passages = doc["passages"].as_array().unwrap();
            assert_eq!(passages.len() as u64, w * h * n - 1);
            for z in 0..n - 1 {
                let joined = passages.iter().any(|p| {
                    let (a, b) = (p["a"].as_u64().unwrap(), p["b"].as_u64().unwrap());
                    a / (w * h) == z && b / (w * h) == z + 1
                });
                assert!(joined, "{maze}: levels {z} and {} not joined", z + 1);
            }
            // Entered on the bottom level, left on the top one.
            assert_eq!(doc["start"], 0);
            assert_eq!(doc["goal"], w * h * n - 1);
        }
    }
}

#[test]
fn start_and_goal_take_a_level() {
    let doc = json_of(&[
        "wilson", "--levels", "3", "--size", "7", "--start", "1,2,2", "--goal", "2,0,1",
        "--format", "graph", "--solve",
    ]);
    let cells = doc["cells"].as_array().unwrap();
    let place = |id: &Value| {
        let cell = &cells[id.as_u64().unwrap() as usize];
        (cell["at"].clone(), cell["z"].clone())
    };
    assert_eq!(place(&doc["start"]), (json!([1, 2]), json!(2)));
    assert_eq!(place(&doc["goal"]), (json!([2, 0]), json!(1)));
    // X,Y is on the bottom level.
    let doc = json_of(&[
        "wilson", "--levels", "2", "--size", "7", "--goal", "2,2", "--format", "graph",
    ]);
    assert_eq!(doc["goal"], 8);
    // `solve` places them on the maze it reads.
    let graph = stdout_of(&[
        "wilson", "--levels", "3", "--size", "7", "--seed", "4", "--format", "graph",
    ]);
    let solved: Value = serde_json::from_str(&piped(
        &[
            "solve", "--format", "graph", "--start", "0,0,2", "--goal", "2,2,0",
        ],
        &graph,
    ))
    .unwrap();
    assert_eq!(
        (solved["start"].clone(), solved["goal"].clone()),
        (json!(18), json!(8))
    );
    let path = solved["solution"].as_array().unwrap();
    assert_eq!(
        (path[0].clone(), path[path.len() - 1].clone()),
        (json!(18), json!(8))
    );
}

#[test]
fn documents_in_levels_read_back_as_they_were_written() {
    for (maze, _) in MAZES {
        for algorithm in ["backtrack", "prim", "wilson"] {
            assert_graph_reads_back(&args(algorithm, "5", maze, &[]));
        }
    }
    // With its keys sorted, the cells come before the shape and are held until it is read:
    // their levels count as they do in order.
    let graph = stdout_of(&[
        "wilson", "--levels", "3", "--size", "9", "--seed", "1", "--format", "graph",
    ]);
    let sorted = serde_json::to_string(&serde_json::from_str::<Value>(&graph).unwrap()).unwrap();
    assert!(sorted.find("\"cells\"") < sorted.find("\"shape\""));
    assert_eq!(piped(&["stats"], &sorted), piped(&["stats"], &graph));
    mazegen()
        .arg("stats")
        .write_stdin(sorted.replace("\"z\":0", "\"z\":7"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "on level 7, which is not a cell of",
        ));
    // A cell off its level, or without one, is refused.
    let graph = stdout_of(&[
        "wilson", "--levels", "2", "--size", "5", "--format", "graph",
    ]);
    for (from, to, fragment) in [
        (
            "\"z\":1",
            "\"z\":2",
            "on level 2, which is not a cell of a 2x2 rect shape in 2 levels",
        ),
        ("\"z\":0,", "", "without a level \"z\""),
    ] {
        mazegen()
            .arg("stats")
            .write_stdin(graph.replacen(from, to, 1))
            .assert()
            .code(2)
            .stderr(predicates::str::contains(fragment));
    }
}

#[test]
fn every_method_but_pledge_solves_a_maze_in_levels() {
    for (maze, _) in MAZES {
        let graph = stdout_of(&args("wilson", "9", maze, &["--format", "graph"]));
        let shortest: Value =
            serde_json::from_str(&piped(&["solve", "--format", "graph"], &graph)).unwrap();
        for method in ["wall-follower", "tremaux", "dead-end-filling"] {
            let solved: Value = serde_json::from_str(&piped(
                &["solve", "--format", "graph", "--method", method],
                &graph,
            ))
            .unwrap();
            assert_eq!(solved["solution"], shortest["solution"], "{maze} {method}");
        }
        mazegen()
            .args(["solve", "--method", "pledge"])
            .write_stdin(graph)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("pledge keeps a heading"));
    }
}

#[test]
fn formats_that_write_shapes_write_mazes_in_levels() {
    for (maze, _) in MAZES {
        for format in ["term", "text", "graph", "jsonl", "svg", "png", "pdf"] {
            let output = mazegen()
                .args(args("wilson", "2", maze, &["--format", format, "--solve"]))
                .output()
                .unwrap();
            assert!(output.status.success(), "{maze} {format}");
            assert!(!output.stdout.is_empty());
        }
        let events = stdout_of(&args("wilson", "2", maze, &["--format", "events"]));
        let header: Value = serde_json::from_str(events.lines().next().unwrap()).unwrap();
        assert!(header["shape"]["levels"].as_u64().unwrap() > 1);
    }
    // One level is the plain rectangle, byte for byte.
    assert_eq!(
        stdout_of(&["wilson", "--seed", "3", "--levels", "1", "--format", "json"]),
        stdout_of(&["wilson", "--seed", "3", "--format", "json"])
    );
}

#[test]
fn what_cannot_be_made_in_levels_is_refused() {
    let formats = "--format term, text, graph, jsonl, svg, png or pdf";
    for (args, fragments) in [
        (
            &["wilson", "--levels", "2", "--format", "html"][..],
            &[
                "--format html does not play mazes in levels; a 2-level rect maze",
                formats,
            ][..],
        ),
        (
            &["wilson", "--levels", "2", "--format", "npy"],
            &["--format npy draws rectangles; a 2-level rect maze"],
        ),
        (
            &["eller", "--levels", "3"],
            &["eller only carves rectangles, not a 3-level rect maze"],
        ),
        (
            &["wilson", "--levels", "2", "--shape", "hex"],
            &["--levels 2 stacks plain rectangles of square cells; leave --shape out"],
        ),
        (
            &["wilson", "--levels", "2", "--wrap", "x"],
            &["leave --wrap out"],
        ),
        (&["wilson", "--levels", "0"], &["--levels"]),
        (
            &["wilson", "--levels", "1025"],
            &["'1025' for '--levels <N>'", "1..=1024"],
        ),
        (
            &["wilson", "--levels", "2", "--goal", "0,0,2"],
            &[
                "--goal 0,0,2: the cell 0,0,2 is outside the maze",
                "Z below 2",
            ],
        ),
        (
            &["wilson", "--start", "0,0,1"],
            &["--start 0,0,1: only a maze in --levels has levels; give X,Y"],
        ),
        (
            &["backtrack", "--from", "0,0,1"],
            &["'0,0,1' for '--from <X,Y>'"],
        ),
        (
            &["wilson", "--levels", "2", "--window", "0,0,3,3"],
            &["--levels and --weave out"],
        ),
    ] {
        assert_refused(args, fragments);
    }
}

#[test]
fn pictures_in_levels_are_locked() {
    for (name, maze) in [
        ("levels-2", "--size 9 --levels 2"),
        ("levels-3", "--width 7 --height 5 --levels 3"),
    ] {
        for format in ["text", "svg"] {
            let picture = stdout_of(&args("wilson", "4", maze, &["--format", format, "--solve"]));
            assert_snapshot!(format!("{name}.{format}"), picture);
        }
    }
}
