//! `--levels N` from the command line: graph documents give each cell its level and list the
//! cells above and below it, passages join the levels, `--start` and `--goal` take a level,
//! `json` draws each level's tiles with marks up and down, documents read back as written,
//! every format that writes shapes writes a maze in levels and the others refuse it, and the
//! pictures are locked by snapshots.

use crate::common::{
    assert_document_reads_back, assert_graph_reads_back, assert_refused, assert_snapshot, json_of,
    mazegen, piped, stdout_of,
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
        for format in [
            "term", "text", "json", "graph", "jsonl", "svg", "png", "pdf",
        ] {
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
    let formats = "--format term, text, json, graph, jsonl, svg, png or pdf";
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

#[test]
fn json_draws_each_level_in_tiles_as_the_graph_document_joins_its_cells() {
    let schema: Value = serde_json::from_str(include_str!("../../schema/maze.v1.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for (maze, (w, h, n)) in MAZES {
        for seed in ["1", "2", "3"] {
            let more = ["--solve", "--openings"];
            let doc = json_of(&args(
                "kruskal",
                seed,
                maze,
                &[&more[..], &["--format", "json"]].concat(),
            ));
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{maze}: {errors:?}");
            assert!(doc.get("tiles").is_none());
            let graph = json_of(&args(
                "kruskal",
                seed,
                maze,
                &[&more[..], &["--format", "graph"]].concat(),
            ));
            // Every passage of the graph document, drawn in the tiles: between cells on a
            // level an open tile, between levels the marks up and down.
            let grids = doc["levels"].as_array().unwrap();
            assert_eq!(grids.len() as u64, n);
            let tile = |x: u64, y: u64, z: u64| {
                grids[z as usize][y as usize].as_str().unwrap().as_bytes()[x as usize]
            };
            let mut open = 0;
            for p in graph["passages"].as_array().unwrap() {
                let (a, b) = (p["a"].as_u64().unwrap(), p["b"].as_u64().unwrap());
                let place = |id: u64| (id % w, id / w % h, id / (w * h));
                let ((ax, ay, az), (bx, by, bz)) = (place(a), place(b));
                if az == bz {
                    assert_eq!(tile(ax + bx + 1, ay + by + 1, az), b'.', "{maze} {a}-{b}");
                } else {
                    assert!(b"^x".contains(&tile(2 * ax + 1, 2 * ay + 1, az)), "{maze}");
                    assert!(b"vx".contains(&tile(2 * bx + 1, 2 * by + 1, bz)), "{maze}");
                }
                open += 1;
            }
            // And nothing else: the open tiles between cells and the marks count the passages.
            let mut drawn = 0;
            for z in 0..n {
                for y in 1..2 * h {
                    for x in 1..2 * w {
                        let t = tile(x, y, z);
                        drawn += match (x % 2, y % 2) {
                            (1, 1) => u64::from(b"^x".contains(&t)),
                            (0, 0) => 0,
                            _ => u64::from(t == b'.'),
                        };
                    }
                }
            }
            assert_eq!(drawn, open, "{maze}");
            // The endpoints and the solution keep their levels.
            let cells = graph["cells"].as_array().unwrap();
            for end in ["start", "goal"] {
                let cell = &cells[graph[end].as_u64().unwrap() as usize];
                let at = json!({"x": cell["at"][0], "y": cell["at"][1], "z": cell["z"]});
                assert_eq!(doc[end], at, "{maze} {end}");
            }
            let steps = doc["solution"].as_array().unwrap();
            let on_cells: Vec<u64> = steps
                .iter()
                .filter(|s| s[0].as_u64().unwrap() % 2 == 1 && s[1].as_u64().unwrap() % 2 == 1)
                .map(|s| {
                    let (x, y, z) = (
                        s[0].as_u64().unwrap(),
                        s[1].as_u64().unwrap(),
                        s[2].as_u64().unwrap(),
                    );
                    (z * h + y / 2) * w + x / 2
                })
                .collect();
            let solution: Vec<u64> = (graph["solution"].as_array().unwrap().iter())
                .map(|id| id.as_u64().unwrap())
                .collect();
            assert_eq!(on_cells, solution, "{maze}");
        }
    }
}

#[test]
fn json_of_levels_reads_back_as_written() {
    for (maze, _) in MAZES {
        let mut args = args("wilson", "4", maze, &[]);
        assert_document_reads_back(&args, "json");
        args.push("--openings");
        assert_document_reads_back(&args, "json");
        // Such a document carries no figures: --stats prints them as a table, as it reads.
        let table = |args: &[&str], input: Option<String>| {
            let mut command = mazegen();
            command.args(args);
            if let Some(input) = input {
                command.write_stdin(input);
            }
            let output = command.output().unwrap();
            assert!(output.status.success());
            String::from_utf8(output.stderr).unwrap()
        };
        let document = stdout_of(&[&args[..], &["--format", "json"]].concat());
        let made = table(
            &[&args[..], &["--format", "json", "--solve", "--stats"]].concat(),
            None,
        );
        let solved = table(&["solve", "--format", "json", "--stats"], Some(document));
        assert!(made.contains("solution length"), "{made}");
        assert_eq!(solved, made);
    }
}

#[test]
fn json_of_levels_with_broken_tiles_is_refused() {
    let doc = json_of(&[
        "wilson", "--seed", "2", "--size", "5", "--levels", "2", "--format", "json",
    ]);
    let refused = |edit: &dyn Fn(&mut Value), fragment: &str| {
        let mut doc = doc.clone();
        edit(&mut doc);
        mazegen()
            .args(["solve", "--format", "json"])
            .write_stdin(doc.to_string())
            .assert()
            .code(2)
            .stderr(predicates::str::contains(fragment));
    };
    // The one way between the levels (2x2 cells, one passage up): marked up, not down above.
    let mark = |doc: &Value, z: usize| -> (usize, usize) {
        let rows = doc["levels"][z].as_array().unwrap();
        for (y, row) in rows.iter().enumerate() {
            if let Some(x) = row.as_str().unwrap().find(['^', 'v', 'x']) {
                return (x, y);
            }
        }
        unreachable!("the levels are joined")
    };
    let set = |doc: &mut Value, z: usize, (x, y): (usize, usize), to: char| {
        let row = doc["levels"][z][y].as_str().unwrap().to_string();
        let mut bytes = row.into_bytes();
        bytes[x] = to as u8;
        doc["levels"][z][y] = Value::from(String::from_utf8(bytes).unwrap());
    };
    let up = mark(&doc, 0);
    refused(
        &|d| set(d, 1, up, '.'),
        "a way up ('^' or 'x') is a way down",
    );
    refused(&|d| set(d, 1, up, 'x'), "the top level has no way up");
    refused(&|d| set(d, 0, up, 'x'), "the bottom level has no way down");
    refused(&|d| set(d, 0, (1, 0), '.'), "the outer walls are open");
    refused(&|d| set(d, 0, (1, 1), '#'), "'#' is not a tile there");
    refused(&|d| d["start"] = json!({"x": 0, "y": 0}), "without a level");
    refused(&|d| d["tiles"] = json!(["###"]), "not both");
    refused(
        &|d| d["weave"] = json!(0.5),
        "a maze in levels has no passages under cells",
    );
    refused(
        &|d| {
            let rows = d["levels"][1].as_array_mut().unwrap();
            rows.pop();
        },
        "levels[1] has 4 tile rows",
    );
}

#[test]
fn json_of_levels_places_visited_cells_on_their_levels() {
    let document = stdout_of(&[
        "wilson", "--seed", "6", "--size", "9", "--levels", "3", "--format", "json",
    ]);
    let solved: Value = serde_json::from_str(&piped(
        &["solve", "--method", "tremaux", "--format", "json"],
        &document,
    ))
    .unwrap();
    let visited = solved["visited"].as_array().unwrap();
    assert!(!visited.is_empty());
    for cell in visited {
        assert!(
            cell["y"].as_u64().unwrap() < 4 && cell["z"].as_u64().unwrap() < 3,
            "{cell}"
        );
    }
    // A flat document's solution steps are [x, y]; anything else is named.
    let flat = stdout_of(&["wilson", "--seed", "6", "--size", "9", "--format", "json"]);
    let mut doc: Value = serde_json::from_str(&flat).unwrap();
    doc["solution"] = json!([[1]]);
    mazegen()
        .args(["solve", "--format", "json"])
        .write_stdin(doc.to_string())
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "expected a tile [x, y], or [x, y, z] in levels",
        ));
}
