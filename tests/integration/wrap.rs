//! `--wrap x|y|xy` from the command line: graph documents list the neighbours across each
//! joined edge and passages use them, documents read back as written, the goal lies halfway
//! round, every format that writes shapes writes a wrapped maze and the others refuse it, and
//! the pictures are locked by snapshots.

use crate::common::{
    assert_graph_reads_back, assert_refused, assert_snapshot, json_of, mazegen, piped, stdout_of,
};
use serde_json::Value;

/// The neighbours of cell (x, y) of a `w x h` field joined as `wrap` says, clockwise from
/// the north as the document lists them: squares (`hex` false) or hexagons in columns, odd
/// columns half a cell lower. Written from the shapes' definitions, apart from the library.
fn neighbours(hex: bool, (w, h): (i64, i64), wrap: &str, (x, y): (i64, i64)) -> Vec<u64> {
    let offsets: &[(i64, i64)] = match (hex, x % 2) {
        (false, _) => &[(0, -1), (1, 0), (0, 1), (-1, 0)],
        (true, 0) => &[(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)],
        (true, _) => &[(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)],
    };
    let mut ids = Vec::new();
    for (dx, dy) in offsets {
        let (mut nx, mut ny) = (x + dx, y + dy);
        if wrap.contains('x') {
            nx = nx.rem_euclid(w);
        }
        if wrap.contains('y') {
            ny = ny.rem_euclid(h);
        }
        if (0..w).contains(&nx) && (0..h).contains(&ny) {
            ids.push((ny * w + nx) as u64);
        }
    }
    ids
}

/// The wrapped fields tried: whether of hexagons, the options, cells across and down, wrap.
const FIELDS: [(bool, &str, (i64, i64), &str); 6] = [
    (false, "--width 11 --height 9 --wrap x", (5, 4), "x"),
    (false, "--width 11 --height 9 --wrap y", (5, 4), "y"),
    (false, "--size 9 --wrap xy", (4, 4), "xy"),
    (true, "--shape hex --cells 6x5 --wrap x", (6, 5), "x"),
    (true, "--shape hex --cells 5x4 --wrap y", (5, 4), "y"),
    (true, "--shape hex --cells 6x3 --wrap xy", (6, 3), "xy"),
];

fn args<'a>(algorithm: &'a str, seed: &'a str, field: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![algorithm, "--seed", seed];
    args.extend(field.split(' '));
    args.extend_from_slice(more);
    args
}

#[test]
fn graph_documents_list_the_neighbours_across_each_seam_and_passages_cross_it() {
    for (hex, field, (w, h), wrap) in FIELDS {
        let mut crossings = 0;
        for seed in 1..=20 {
            let seed = seed.to_string();
            let doc = json_of(&args("wilson", &seed, field, &["--format", "graph"]));
            let kind = if hex { "hex" } else { "rect" };
            assert_eq!(
                doc["shape"],
                serde_json::json!({"kind": kind, "width": w, "height": h, "wrap": wrap})
            );
            let cells = doc["cells"].as_array().unwrap();
            for (id, cell) in cells.iter().enumerate() {
                let (x, y) = (id as i64 % w, id as i64 / w);
                let listed: Vec<u64> = cell["neighbours"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap())
                    .collect();
                assert_eq!(
                    listed,
                    neighbours(hex, (w, h), wrap, (x, y)),
                    "{field}: cell {x},{y}"
                );
            }
            // A passage between cells on opposite edges crosses a seam.
            for passage in doc["passages"].as_array().unwrap() {
                let (a, b) = (
                    passage["a"].as_i64().unwrap(),
                    passage["b"].as_i64().unwrap(),
                );
                let (ax, ay, bx, by) = (a % w, a / w, b % w, b / w);
                if (ax - bx).abs() == w - 1 && w > 2 || (ay - by).abs() == h - 1 && h > 2 {
                    crossings += 1;
                }
            }
        }
        // About one passage in nine crosses on these fields; none at all would mean the
        // seam is never carved.
        assert!(crossings >= 20, "{field}: {crossings} passages across");
    }
}

#[test]
fn the_goal_lies_halfway_round_each_wrapped_axis() {
    for (field, goal) in [
        ("--width 11 --height 9 --wrap x", [2, 3]),
        ("--width 11 --height 9 --wrap y", [4, 2]),
        ("--width 11 --height 9 --wrap xy", [2, 2]),
        ("--shape hex --cells 6x5 --wrap x", [3, 4]),
    ] {
        let doc = json_of(&args("kruskal", "3", field, &["--format", "graph"]));
        let goal_cell = &doc["cells"][doc["goal"].as_u64().unwrap() as usize];
        assert_eq!(goal_cell["at"], serde_json::json!(goal), "{field}");
        assert_eq!(
            doc["cells"][doc["start"].as_u64().unwrap() as usize]["at"],
            serde_json::json!([0, 0])
        );
    }
}

#[test]
fn wrapped_documents_read_back_as_they_were_written() {
    for (_, field, _, _) in FIELDS {
        for algorithm in ["backtrack", "prim", "aldous-broder"] {
            assert_graph_reads_back(&args(algorithm, "5", field, &[]));
        }
    }
}

#[test]
fn every_method_solves_a_wrapped_maze_through_its_seams() {
    for (_, field, _, _) in FIELDS {
        let graph = stdout_of(&args(
            "wilson",
            "9",
            field,
            &["--format", "graph", "--braid", "0.3"],
        ));
        let shortest: Value =
            serde_json::from_str(&piped(&["solve", "--format", "graph"], &graph)).unwrap();
        let length = shortest["solution"].as_array().unwrap().len();
        for method in ["wall-follower", "pledge", "tremaux", "dead-end-filling"] {
            let output = mazegen()
                .args(["solve", "--format", "graph", "--method", method])
                .write_stdin(graph.clone())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            if output.status.code() == Some(2) {
                // The wall followers may circle a loop and say so; the others always solve.
                assert!(
                    method.contains("follower") || method == "pledge",
                    "{method}: {stderr}"
                );
                assert!(
                    stderr.contains("cannot") || stderr.contains("loop"),
                    "{stderr}"
                );
                continue;
            }
            assert!(output.status.success(), "{field} {method}: {stderr}");
            let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
            let path = doc["solution"].as_array().unwrap();
            assert!(path.len() >= length, "{field} {method}");
            assert!(doc["visited"].as_array().unwrap().len() >= path.len());
        }
    }
}

#[test]
fn formats_that_write_shapes_write_wrapped_mazes() {
    for (_, field, _, _) in FIELDS {
        for format in ["term", "text", "graph", "jsonl", "svg", "png", "pdf"] {
            let output = mazegen()
                .args(args("wilson", "2", field, &["--format", format, "--solve"]))
                .output()
                .unwrap();
            assert!(output.status.success(), "{field} {format}");
            assert!(!output.stdout.is_empty());
        }
        let many = stdout_of(&args(
            "wilson",
            "2",
            field,
            &["--format", "jsonl", "--count", "3"],
        ));
        for line in many.lines() {
            let doc: Value = serde_json::from_str(line).unwrap();
            assert!(doc["shape"]["wrap"].is_string());
        }
        let events = stdout_of(&args("wilson", "2", field, &["--format", "events"]));
        let header: Value = serde_json::from_str(events.lines().next().unwrap()).unwrap();
        assert!(header["shape"]["wrap"].is_string());
    }
}

#[test]
fn what_cannot_wrap_is_refused() {
    let formats = "--format term, text, graph, jsonl, svg, png or pdf";
    for (args, fragments) in [
        (
            &["wilson", "--wrap", "xy", "--format", "json"][..],
            &[
                "--format json draws rectangles; a wrapped (xy) rect maze",
                formats,
            ][..],
        ),
        (
            &["wilson", "--wrap", "x", "--format", "html"],
            &["--format html does not play wrapped mazes", formats],
        ),
        (
            &[
                "wilson", "--wrap", "x", "--format", "svg", "--style", "tiles",
            ],
            &["--style tiles draws rectangles; a wrapped (x) rect maze"],
        ),
        (
            &["wilson", "--wrap", "x", "--shape", "triangle"],
            &["--wrap x joins the edges of rect and hex mazes, not of --shape triangle"],
        ),
        (
            &["wilson", "--wrap", "y", "--shape", "polar"],
            &["not of --shape polar"],
        ),
        (
            &["wilson", "--wrap", "x", "--shape", "hex", "--cells", "5x4"],
            &["--cells 5x4 --wrap x", "multiple of 2 cells across, not 5"],
        ),
        (
            &["wilson", "--wrap", "y", "--width", "9", "--height", "5"],
            &[
                "--height 5 --wrap y: a maze 5 tiles down (2 cells) cannot wrap down: its edge \
                 cells would be neighbours twice; wrapping down needs --height 7 or more (3 \
                 cells)",
            ],
        ),
        (
            &["wilson", "--wrap", "xy", "--size", "3"],
            &[
                "--size 3 --wrap xy: a maze 3 tiles across (1 cell) cannot wrap across: its one \
                 cell would be its own neighbour; wrapping across needs --size 7 or more",
            ],
        ),
        (
            &["wilson", "--wrap", "x", "--cells", "1x4"],
            &["--cells 1x4 --wrap x: a field 1 cell across cannot wrap across"],
        ),
        (
            &["binary-tree", "--wrap", "x"],
            &[
                "binary-tree only carves rectangles, not a wrapped (x) rect maze",
                "wilson",
            ],
        ),
        (
            &["wilson", "--wrap", "xy", "--openings"],
            &[
                "neither the start cell 0,0 nor the goal cell 5,5 is on the outer wall",
                "a torus has no outer wall",
            ],
        ),
        (
            &[
                "wilson",
                "--wrap",
                "x",
                "--openings",
                "--start",
                "0,3",
                "--goal",
                "0,2",
            ],
            &["only the top and bottom rows of a cylinder are"],
        ),
        (
            &["wilson", "--wrap", "z"],
            &["invalid value 'z' for '--wrap"],
        ),
    ] {
        assert_refused(args, fragments);
    }
    // A wrapped document is refused the same way when read back.
    let graph = stdout_of(&["wilson", "--wrap", "xy", "--format", "graph"]);
    mazegen()
        .args(["render", "--format", "html"])
        .write_stdin(graph)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--format html does not play wrapped mazes; a wrapped (xy) rect maze document",
        ));
}

#[test]
fn wrapped_pictures_are_locked() {
    for (name, field) in [
        ("rect-x", "--width 13 --height 9 --wrap x"),
        ("rect-xy", "--size 11 --wrap xy"),
        ("hex-x", "--shape hex --cells 6x4 --wrap x"),
        ("hex-y", "--shape hex --cells 5x4 --wrap y"),
    ] {
        for format in ["text", "svg"] {
            let picture = stdout_of(&args(
                "wilson",
                "4",
                field,
                &["--format", format, "--solve"],
            ));
            assert_snapshot!(format!("{name}.{format}"), picture);
        }
    }
}
