//! `solve`, `stats` and `render` read `mazegen.graph/v1` documents: every shape round-trips
//! (generate -> graph -> solve/stats/render -> the same maze), every hand-broken document is
//! refused with a one-line message saying what is wrong, and the commands compose in pipes.

use crate::common::{Scratch, json_of, mazegen, piped, scratch_dir, stdout_of};
use mazegen::read::{AnyDocument, read_document, read_graph, read_maze};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use serde_json::{Value, json};

/// Every shape, as maze options; the mask written into `dir`.
fn shapes(dir: &Scratch) -> Vec<Vec<String>> {
    let mask = dir.write("mask.txt", "X.....X\n.......\n..XXX..\n.......\nX.....X\n");
    let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    vec![
        args("--size 11"),
        args("--width 15 --height 7"),
        args("--shape hex --cells 7x5"),
        args("--shape triangle --cells 9x4"),
        args("--shape polar --rings 5"),
        vec!["--mask".into(), mask.display().to_string()],
    ]
}

/// `mazegen wilson --seed 5 --format graph` with `shape` and `extra` options.
fn graph_args<'a>(shape: &'a [String], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["wilson", "--seed", "5", "--format", "graph"];
    args.extend(shape.iter().map(String::as_str));
    args.extend_from_slice(extra);
    args
}

#[test]
fn every_shape_round_trips_through_render_solve_and_stats() {
    let dir = scratch_dir("read-graph-round-trips");
    for shape in shapes(&dir) {
        let solved = stdout_of(&graph_args(&shape, &["--solve", "--stats"]));
        // render writes back exactly the document it read, solution and figures included.
        let rendered = piped(&["render", "--format", "graph", "--stats"], &solved);
        assert_eq!(rendered, solved, "{shape:?}");
        // solve adds the same solution the generator does; graph in, graph out.
        let plain = stdout_of(&graph_args(&shape, &[]));
        let solved_here = piped(&["solve"], &plain);
        assert_eq!(
            solved_here,
            stdout_of(&graph_args(&shape, &["--solve"])),
            "{shape:?}"
        );
        // stats prints the figures the document carries.
        // (after its schema and generator).
        let mut figures: Value =
            serde_json::from_str(&piped(&["stats", "--format", "json"], &plain))
                .expect("stats --format json is JSON");
        let head = figures.as_object_mut().unwrap();
        assert_eq!(head.remove("schema").unwrap(), "mazegen.stats/v1");
        assert!(head.remove("generator").is_some());
        let document: Value = serde_json::from_str(&solved).unwrap();
        assert_eq!(figures, document["stats"], "{shape:?}");
        let table = piped(&["stats"], &plain);
        let cells = document["cells"].as_array().unwrap().len();
        assert!(
            table.starts_with(&format!("cells             {cells}\n")),
            "{table}"
        );
        assert!(table.contains("perfect           yes\n"), "{table}");
    }
}

#[test]
fn the_library_reads_back_the_maze_it_wrote() {
    use mazegen::Maze;
    use mazegen::algorithms::Wilson;
    use mazegen::render::{Graph, Render};
    use mazegen::topology::{Hex, Polar, Shape, Triangle};
    for blank in [
        Shape::Hex(Hex::new(6, 4).unwrap()),
        Shape::Triangle(Triangle::new(7, 3).unwrap()),
        Shape::Polar(Polar::new(4).unwrap()),
    ] {
        let mut maze = Maze::builder()
            .algorithm(Wilson)
            .shape(blank)
            .seed(9)
            .build()
            .unwrap();
        maze.solve().unwrap();
        let mut document = Vec::new();
        Graph::default().render(&maze, &mut document).unwrap();
        assert_eq!(read_graph(&document[..]).unwrap(), maze);
        assert_eq!(
            read_document(&document[..]).unwrap(),
            AnyDocument::Graph(maze)
        );
    }
    // A maze document is read by the same entry point, as read_maze reads it.
    let tiles = stdout_of(&["wilson", "--size", "9", "--seed", "3", "--format", "json"]);
    let maze = read_maze(tiles.as_bytes()).unwrap();
    assert_eq!(
        read_document(tiles.as_bytes()).unwrap(),
        AnyDocument::Maze(maze)
    );
    let error = read_graph(tiles.as_bytes()).unwrap_err().to_string();
    assert!(
        error.starts_with("schema is \"mazegen.maze/v1\", expected \"mazegen.graph/v1\""),
        "{error}"
    );
}

#[test]
fn a_rectangle_in_a_graph_document_draws_in_tiles_as_the_maze_it_is() {
    let direct = |format: &str, solve: bool| {
        let mut args = vec!["wilson", "--size", "11", "--seed", "8", "--format", format];
        if solve {
            args.push("--solve");
        }
        stdout_of(&args)
    };
    let graph = direct("graph", false);
    assert_eq!(
        piped(&["render", "--format", "text"], &graph),
        direct("text", false)
    );
    assert_eq!(
        piped(&["solve", "--format", "json"], &graph),
        direct("json", true)
    );
    // --openings opens the outer wall of a maze in tiles.
    let opened = piped(&["solve", "--format", "text", "--openings"], &graph);
    assert!(opened.starts_with("#.#"), "{opened}");
}

#[test]
fn braided_rectangles_have_loops_and_still_solve() {
    let graph = stdout_of(&[
        "wilson", "--size", "15", "--seed", "4", "--braid", "1", "--format", "graph",
    ]);
    let figures: Value =
        serde_json::from_str(&piped(&["stats", "--format", "json"], &graph)).unwrap();
    assert!(figures["loops"].as_u64().unwrap() > 0, "{figures}");
    assert_eq!(figures["perfect"], false);
    let solved: Value = serde_json::from_str(&piped(&["solve"], &graph)).unwrap();
    assert_eq!(
        solved["solution"].as_array().unwrap().len() as u64,
        figures["solution_length"].as_u64().unwrap() + 1
    );
}

#[test]
fn solve_places_endpoints_by_shape_position() {
    let dir = scratch_dir("read-graph-endpoints");
    let graph = stdout_of(&graph_args(&shapes(&dir)[4], &[]));
    let solved: Value = serde_json::from_str(&piped(
        &["solve", "--start", "3,2", "--goal", "0,0"],
        &graph,
    ))
    .unwrap();
    let cells = solved["cells"].as_array().unwrap();
    let id_at = |x: u64, y: u64| {
        cells
            .iter()
            .position(|cell| cell["at"] == json!([x, y]))
            .unwrap() as u64
    };
    let solution = solved["solution"].as_array().unwrap();
    assert_eq!(solved["start"], id_at(3, 2));
    assert_eq!(solution.first().unwrap(), &json!(id_at(3, 2)));
    assert_eq!(solution.last().unwrap(), &json!(id_at(0, 0)));
    mazegen()
        .args(["solve", "--start", "0,9"])
        .write_stdin(graph)
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("--start 0,9").and(contains("(0, 9) is not a cell of the maze")));
}

#[test]
fn pipes_compose() {
    let graph = stdout_of(&[
        "wilson", "--shape", "polar", "--rings", "6", "--seed", "2", "--format", "graph",
    ]);
    let solved = piped(&["solve"], &graph);
    let table = piped(&["stats"], &solved);
    assert!(table.starts_with("cells             "), "{table}");
    assert!(table.contains("solution length   "), "{table}");
    let rendered = piped(&["render", "--format", "graph"], &solved);
    assert_eq!(rendered, solved);
    // A document whose schema is not its first field is read all the same.
    let mut reordered: Value = serde_json::from_str(&graph).unwrap();
    let schema = reordered.as_object_mut().unwrap().remove("schema").unwrap();
    reordered["schema"] = schema;
    assert_eq!(
        piped(&["render", "--format", "graph"], &reordered.to_string()),
        graph
    );
}

#[test]
fn tile_formats_are_refused_for_other_shapes() {
    let dir = scratch_dir("read-graph-tile-formats");
    let graph = stdout_of(&graph_args(&shapes(&dir)[2], &[]));
    for (command, format) in [("render", "json"), ("solve", "json")] {
        let args = [command, "--format", format];
        mazegen()
            .args(args)
            .write_stdin(graph.clone())
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(format!(
                "error: --format {format} draws rectangles; a hex maze document is written as --format term, text, graph, jsonl, svg, png, html or pdf",
            )));
    }
    // --openings opens the outer wall of every shape, and the graph records it.
    let opened: Value = serde_json::from_str(&piped(&["solve", "--openings"], &graph)).unwrap();
    let last = opened["cells"].as_array().unwrap().len() - 1;
    assert_eq!(
        opened["openings"],
        json!([{"cell": 0, "side": 0}, {"cell": last, "side": 3}])
    );
}

#[test]
fn pictures_of_graph_documents_are_the_pictures_of_their_mazes() {
    let dir = scratch_dir("read-graph-pictures");
    for shape in shapes(&dir) {
        for (format, extra) in [("svg", &["--solve"][..]), ("png", &["--heatmap"])] {
            let mut direct: Vec<&str> = graph_args(&shape, extra);
            direct[4] = format;
            let expected = mazegen().args(&direct).output().unwrap().stdout;
            let document = stdout_of(&graph_args(&shape, &[]));
            let command = if extra == ["--solve"] {
                "solve"
            } else {
                "render"
            };
            let mut args = vec![command, "--format", format];
            args.extend(extra.iter().filter(|&&flag| flag != "--solve"));
            let drawn = mazegen()
                .args(&args)
                .write_stdin(document)
                .output()
                .unwrap();
            assert!(drawn.status.success(), "{shape:?} {format}");
            assert!(!expected.is_empty());
            assert_eq!(drawn.stdout, expected, "{shape:?} {format}");
        }
    }
    let polar = stdout_of(&graph_args(&shapes(&dir)[4], &[]));
    mazegen()
        .args(["render", "--format", "svg", "--style", "tiles"])
        .write_stdin(polar)
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: --style tiles draws rectangles; a polar maze is drawn in lines\n");
}

/// A small hex maze's document, to break by hand.
fn hex_document() -> Value {
    json_of(&[
        "wilson", "--shape", "hex", "--cells", "3x3", "--seed", "1", "--format", "graph", "--solve",
    ])
}

/// Fields in mazegen's order: the shape before the cells, which are then checked as they are
/// read, and the passages carved as they are read.
const MAZEGEN_ORDER: [&str; 15] = [
    "schema",
    "generator",
    "algorithm",
    "params",
    "seed",
    "shape",
    "bounds",
    "directed",
    "multigraph",
    "start",
    "goal",
    "solution",
    "stats",
    "cells",
    "passages",
];

/// The passages before the cells: checked cells, held passages.
const PASSAGES_FIRST: [&str; 15] = [
    "schema",
    "generator",
    "algorithm",
    "params",
    "seed",
    "shape",
    "bounds",
    "directed",
    "multigraph",
    "start",
    "goal",
    "solution",
    "stats",
    "passages",
    "cells",
];

/// `document` with its fields in `order`, or in alphabetical order (the cells before the shape,
/// held until the end) when `order` is empty.
fn in_order(document: &Value, order: &[&str]) -> String {
    if order.is_empty() {
        return document.to_string();
    }
    let object = document.as_object().unwrap();
    let fields: Vec<String> = (order.iter())
        .filter_map(|&key| Some(format!("{:?}:{}", key, object.get(key)?)))
        .collect();
    format!("{{{}}}", fields.join(","))
}

/// The library's message for `document`, which must be refused alike whether its cells and
/// passages are checked as they are read or held (the location left out: only the first can
/// say where).
fn refusal(document: &Value) -> String {
    let messages = [&MAZEGEN_ORDER[..], &PASSAGES_FIRST, &[]].map(|order| {
        let text = in_order(document, order);
        let error = read_graph(text.as_bytes()).expect_err("the document is refused");
        let message = error.to_string();
        assert!(!message.contains('\n'), "one line: {message}");
        match message.split_once(" at line ") {
            Some((message, _)) => message.to_owned(),
            None => message,
        }
    });
    assert_eq!(messages[0], messages[1]);
    assert_eq!(messages[0], messages[2]);
    messages[0].clone()
}

/// The neighbours `cell` lists.
fn neighbours(document: &Value, cell: usize) -> Vec<u64> {
    document["cells"][cell]["neighbours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

#[test]
fn broken_cells_are_refused_saying_which() {
    let original = hex_document();

    let mut doc = original.clone();
    let all = neighbours(&doc, 4);
    doc["cells"][4]["neighbours"] = json!(all[1..]);
    assert_eq!(
        refusal(&doc),
        format!(
            "cell 4 at (1, 1) lists the neighbours {:?}, but in a 3x3 hex shape they are {all:?}",
            &all[1..]
        )
    );

    // One-sided: cell 0 lists cell 8, which is no neighbour of it and does not list it back.
    let mut doc = original.clone();
    let mut listed = neighbours(&doc, 0);
    let expected = listed.clone();
    listed.push(8);
    doc["cells"][0]["neighbours"] = json!(listed);
    assert_eq!(
        refusal(&doc),
        format!(
            "cell 0 at (0, 0) lists the neighbours {listed:?}, but in a 3x3 hex shape they are {expected:?}"
        )
    );

    let mut doc = original.clone();
    doc["cells"][2]["id"] = json!(7);
    assert!(
        refusal(&doc).starts_with("cell 2 has the id 7; ids run from 0 in order"),
        "{}",
        refusal(&doc)
    );

    let mut doc = original.clone();
    doc["cells"][3]["at"] = json!([5, 0]);
    assert_eq!(
        refusal(&doc),
        "cell 3: \"at\" (5, 0) is not a cell of a 3x3 hex shape"
    );

    let mut doc = original.clone();
    doc["cells"][3]["at"] = json!([0, 0]);
    assert_eq!(
        refusal(&doc),
        "cell 3 is at (0, 0), but the next cell of a 3x3 hex shape is at (0, 1); ids follow the shape's order of cells"
    );

    let mut doc = original.clone();
    doc["cells"].as_array_mut().unwrap().pop();
    assert_eq!(
        refusal(&doc),
        "\"cells\" has 8 cells but a 3x3 hex shape has 9"
    );

    let mut doc = original.clone();
    doc["cells"][1]["neighbours"] = json!([0, 4_294_967_296u64]);
    assert!(
        refusal(&doc).starts_with("neighbour 4294967296 is not a cell id"),
        "{}",
        refusal(&doc)
    );
}

#[test]
fn broken_shapes_and_schemas_are_refused() {
    let original = hex_document();
    let mut doc = original.clone();
    doc["shape"] = json!({"kind": "square", "width": 3, "height": 3});
    let message = refusal(&doc);
    assert!(
        message.starts_with(
            "unknown variant `square`, expected one of `rect`, `mask`, `hex`, `triangle`, `polar`"
        ),
        "{message}"
    );

    let mut doc = original.clone();
    doc["shape"] = json!({"kind": "hex", "width": 0, "height": 3});
    assert_eq!(refusal(&doc), "\"shape\": the shape has no cells");

    let mut doc = original.clone();
    doc["schema"] = json!("mazegen.rooms/v1");
    assert!(
        refusal(&doc).starts_with("schema is \"mazegen.rooms/v1\", expected \"mazegen.graph/v1\""),
        "{}",
        refusal(&doc)
    );

    let mut doc = original.clone();
    doc.as_object_mut().unwrap().remove("schema");
    assert!(
        refusal(&doc).starts_with("no \"schema\" field; expected \"mazegen.graph/v1\""),
        "{}",
        refusal(&doc)
    );

    let mut doc = original.clone();
    doc["directed"] = json!(true);
    assert_eq!(
        refusal(&doc),
        "\"directed\" and \"multigraph\" must be false: a maze is an undirected simple graph"
    );
}

#[test]
fn broken_passages_and_endpoints_are_refused() {
    let original = hex_document();
    let passages = original["passages"].as_array().unwrap().clone();

    let mut doc = original.clone();
    doc["passages"][0] = json!({"a": 0, "b": 8});
    assert_eq!(refusal(&doc), "passage 0: cells 0 and 8 are not neighbours");

    let mut doc = original.clone();
    doc["passages"][1] = json!({"a": 4, "b": 99});
    assert_eq!(
        refusal(&doc),
        "passage 1: \"b\" is 99, but the cells' ids run from 0 to 8"
    );

    let mut doc = original.clone();
    let first = passages[0].clone();
    doc["passages"][1] = json!({"a": first["b"], "b": first["a"]});
    assert_eq!(
        refusal(&doc),
        format!(
            "passage 1: cells {} and {} are joined twice",
            first["b"], first["a"]
        )
    );

    let mut doc = original.clone();
    doc["start"] = json!(9);
    assert_eq!(
        refusal(&doc),
        "\"start\" is 9, but the cells' ids run from 0 to 8"
    );

    // Without a passage, the maze falls apart: the first cell cut off is named.
    for cut in 0..passages.len() {
        let mut doc = original.clone();
        doc["passages"].as_array_mut().unwrap().remove(cut);
        doc.as_object_mut().unwrap().remove("solution");
        let message = refusal(&doc);
        let cut_off = cut_off_cell(&original, cut);
        let at = &original["cells"][cut_off]["at"];
        assert_eq!(
            message,
            format!(
                "cell {cut_off} at ({}, {}) cannot be reached from cell 0",
                at[0], at[1]
            )
        );
    }
}

/// The first cell that cannot be reached from cell 0 once passage `cut` is removed.
fn cut_off_cell(document: &Value, cut: usize) -> usize {
    let n = document["cells"].as_array().unwrap().len();
    let edges: Vec<(usize, usize)> = (document["passages"].as_array().unwrap().iter())
        .enumerate()
        .filter(|&(k, _)| k != cut)
        .map(|(_, p)| {
            (
                p["a"].as_u64().unwrap() as usize,
                p["b"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b) in &edges {
            if reached[a] != reached[b] {
                (reached[a], reached[b]) = (true, true);
                changed = true;
            }
        }
    }
    reached
        .iter()
        .position(|&r| !r)
        .expect("a tree falls apart without an edge")
}

#[test]
fn wrong_solutions_are_refused() {
    let original = hex_document();
    let solution: Vec<u64> = (original["solution"].as_array().unwrap().iter())
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (start, goal) = (
        original["start"].as_u64().unwrap(),
        original["goal"].as_u64().unwrap(),
    );

    let mut doc = original.clone();
    doc["solution"] = json!(solution[..solution.len() - 1]);
    assert_eq!(
        refusal(&doc),
        format!("\"solution\" must run from the start (cell {start}) to the goal (cell {goal})")
    );

    // A step that jumps over a cell: from the start straight to the third cell.
    let mut doc = original.clone();
    let mut jumping = solution.clone();
    jumping.remove(1);
    doc["solution"] = json!(jumping);
    assert_eq!(
        refusal(&doc),
        format!(
            "\"solution\" step 1: cells {} and {} are not joined by a passage",
            jumping[0], jumping[1]
        )
    );

    let mut doc = original.clone();
    doc["solution"] = json!([start, 12, goal]);
    assert_eq!(
        refusal(&doc),
        "\"solution\" step 1 is 12, but the cells' ids run from 0 to 8"
    );
}

#[test]
fn masks_are_rebuilt_from_the_cells_present() {
    let dir = scratch_dir("read-graph-masks");
    let mask = &shapes(&dir)[5];
    let graph = stdout_of(&graph_args(mask, &["--solve"]));
    let mut doc: Value = serde_json::from_str(&graph).unwrap();
    assert_eq!(refusal_or_none(&doc), None);
    // Cell 0 at (1, 0) moved into the top-left corner, a hole of the mask: its neighbours no
    // longer match.
    doc["cells"][0]["at"] = json!([0, 0]);
    let message = refusal(&doc);
    assert!(
        message.starts_with("cell 0 at (0, 0) lists the neighbours"),
        "{message}"
    );
    assert!(
        message.ends_with("but in a 7x5 mask shape they are [5]"),
        "{message}"
    );
}

fn refusal_or_none(document: &Value) -> Option<String> {
    read_graph(in_order(document, &MAZEGEN_ORDER).as_bytes())
        .err()
        .map(|e| e.to_string())
}

#[test]
fn the_binary_refuses_broken_graphs_with_exit_code_2() {
    let mut doc = hex_document();
    doc["passages"][0] = json!({"a": 0, "b": 8});
    // Carved as read, the passage is refused where it stands.
    mazegen()
        .arg("stats")
        .write_stdin(in_order(&doc, &MAZEGEN_ORDER))
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "error: standard input is not a maze document: passage 0: cells 0 and 8 are not neighbours at line 1 column ",
        ));
    for command in ["solve", "stats", "render"] {
        mazegen()
            .arg(command)
            .write_stdin(doc.to_string())
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                "error: standard input is not a maze document: passage 0: cells 0 and 8 are not neighbours\n",
            );
    }
}
