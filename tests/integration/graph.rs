//! `--format graph`: real output of every shape validates against `schema/graph.v1.json`, is
//! self-consistent (ids, symmetric neighbours, passages between neighbours forming a spanning
//! tree, a solution along passages), and loads in networkx where Python has it.

use crate::common::{assert_refused, json_of, scratch_dir};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

pub(crate) fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(include_str!("../../schema/graph.v1.json")).unwrap();
    jsonschema::validator_for(&schema).expect("the schema itself is valid")
}

/// Shapes and the options that make them, a masked one from a text file in `dir`.
fn shapes(dir: &std::path::Path) -> Vec<Vec<String>> {
    let mask = dir.join("mask.txt");
    std::fs::write(&mask, "X.....X\n.......\n..XXX..\n.......\nX.....X\n").unwrap();
    let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    vec![
        args("--size 11"),
        args("--width 15 --height 7"),
        args("--shape hex --cells 7x5"),
        args("--shape triangle --cells 9x4"),
        args("--shape polar --rings 5"),
        vec!["--mask".into(), mask.display().to_string()],
        args("--size 11 --wrap xy"),
        args("--width 15 --height 7 --wrap x"),
        args("--shape hex --cells 8x5 --wrap xy"),
        args("--shape hex --cells 7x5 --wrap y"),
        args("--size 9 --levels 3"),
        args("--width 11 --height 5 --levels 2"),
    ]
}

fn graph(algorithm: &str, shape: &[String], extra: &[&str]) -> Value {
    let mut args: Vec<&str> = vec![algorithm, "--seed", "11", "--format", "graph"];
    args.extend(shape.iter().map(String::as_str));
    args.extend_from_slice(extra);
    json_of(&args)
}

/// Checks ids, symmetric neighbours, passages between neighbours and that the passages make a
/// spanning tree, and the solution's steps.
fn check_consistent(doc: &Value) {
    let cells = doc["cells"].as_array().unwrap();
    let n = cells.len() as u64;
    let mut neighbours: HashMap<u64, HashSet<u64>> = HashMap::new();
    for (i, cell) in cells.iter().enumerate() {
        assert_eq!(cell["id"].as_u64(), Some(i as u64));
        let set: HashSet<u64> = cell["neighbours"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert!(set.iter().all(|&j| j < n && j != i as u64));
        neighbours.insert(i as u64, set);
    }
    for (&i, set) in &neighbours {
        for j in set {
            assert!(
                neighbours[j].contains(&i),
                "{i} and {j} are neighbours one way"
            );
        }
    }
    let passages = doc["passages"].as_array().unwrap();
    assert_eq!(
        passages.len() as u64,
        n - 1,
        "a perfect maze has cells - 1 passages"
    );
    let mut region: Vec<u64> = (0..n).collect();
    let find = |mut i: u64, region: &mut Vec<u64>| {
        while region[i as usize] != i {
            i = region[i as usize];
        }
        i
    };
    let mut open = HashSet::new();
    for passage in passages {
        let (a, b) = (
            passage["a"].as_u64().unwrap(),
            passage["b"].as_u64().unwrap(),
        );
        assert!(a < b && neighbours[&a].contains(&b), "passage {a}-{b}");
        let (ra, rb) = (find(a, &mut region), find(b, &mut region));
        assert_ne!(ra, rb, "passage {a}-{b} closes a loop");
        region[ra as usize] = rb;
        open.insert((a, b));
    }
    if let Some(solution) = doc["solution"].as_array() {
        let ids: Vec<u64> = solution.iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(ids.first(), doc["start"].as_u64().as_ref());
        assert_eq!(ids.last(), doc["goal"].as_u64().as_ref());
        for step in ids.windows(2) {
            let (a, b) = (step[0].min(step[1]), step[0].max(step[1]));
            assert!(
                open.contains(&(a, b)),
                "solution steps through a wall {a}-{b}"
            );
        }
    }
}

#[test]
fn every_shape_and_graph_algorithm_writes_valid_consistent_graphs() {
    let dir = scratch_dir("graph-every-shape");
    let validator = validator();
    for shape in shapes(&dir) {
        for algorithm in mazegen::algorithms::GRAPH_ALGORITHMS {
            let doc = graph(algorithm, &shape, &["--solve", "--stats"]);
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{algorithm} {shape:?}: {errors:?}");
            check_consistent(&doc);
            assert_eq!(doc["stats"]["perfect"], true);
            assert_eq!(
                doc["stats"]["solution_length"].as_u64().unwrap() + 1,
                doc["solution"].as_array().unwrap().len() as u64
            );
        }
        // Braided: loops, recorded, and still a valid document.
        let doc = graph("wilson", &shape, &["--braid", "0.7", "--solve", "--stats"]);
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "braided {shape:?}: {errors:?}");
        assert_eq!(doc["braid"], 0.7);
        let loops = doc["stats"]["loops"].as_u64().unwrap();
        assert!(loops > 0, "{shape:?}");
        let (cells, passages) = (doc["cells"].as_array().unwrap(), doc["passages"].as_array());
        assert_eq!(passages.unwrap().len(), cells.len() - 1 + loops as usize);
    }
}

#[test]
fn rectangles_keep_their_rows_and_columns_in_graphs() {
    let doc = graph(
        "sidewinder",
        &["--width".into(), "7".into(), "--height".into(), "5".into()],
        &[],
    );
    assert_eq!(
        doc["shape"],
        serde_json::json!({"kind": "rect", "width": 3, "height": 2})
    );
    assert_eq!(doc["cells"][4]["at"], serde_json::json!([1, 1]));
    assert_eq!(
        (doc["cells"][4]["x"].as_f64(), doc["cells"][4]["y"].as_f64()),
        (Some(1.5), Some(1.5))
    );
    assert_eq!(
        (doc["start"].as_u64(), doc["goal"].as_u64()),
        (Some(0), Some(5))
    );
    check_consistent(&doc);
}

#[test]
fn graphs_are_reproducible_and_endpoints_take_shape_positions() {
    let polar = [
        "--shape".to_string(),
        "polar".into(),
        "--rings".into(),
        "4".into(),
    ];
    let once = graph(
        "wilson",
        &polar,
        &["--start", "0,0", "--goal", "5,2", "--solve"],
    );
    assert_eq!(
        once,
        graph(
            "wilson",
            &polar,
            &["--start", "0,0", "--goal", "5,2", "--solve"]
        )
    );
    let goal = once["goal"].as_u64().unwrap() as usize;
    assert_eq!(once["cells"][goal]["at"], serde_json::json!([5, 2]));
    check_consistent(&once);
}

#[test]
fn shapes_refuse_what_does_not_fit() {
    assert_refused(
        &["binary-tree", "--shape", "hex"],
        &[
            "binary-tree only carves rectangles",
            "backtrack, hunt-and-kill",
        ],
    );
    assert_refused(
        &["wilson", "--shape", "hex", "--size", "21"],
        &["--size does not size a hex maze", "--cells WxH"],
    );
    assert_refused(
        &["wilson", "--shape", "polar", "--cells", "3x3"],
        &["--cells", "--rings N"],
    );
    assert_refused(
        &["wilson", "--rings", "3"],
        &["--rings", "--size, --width and --height"],
    );
    assert_refused(
        &[
            "wilson", "--shape", "hex", "--start", "19,9", "--format", "graph",
        ],
        &["--start 19,9", "not a cell"],
    );
    assert_refused(
        &[
            "wilson",
            "--shape",
            "polar",
            "--rings",
            "4",
            "--goal",
            "1,1",
            "--openings",
            "--format",
            "graph",
        ],
        &[
            "error: --openings: neither the start cell 0,0 nor the goal cell 1,1 is on the outer \
             wall, so no opening can be made; the cells 0,3 to 23,3 of the outer ring are\n",
        ],
    );
    assert_refused(
        &[
            "wilson",
            "--shape",
            "hex",
            "--cells",
            "5x5",
            "--start",
            "1,1",
            "--goal",
            "2,2",
            "--openings",
        ],
        &[
            "--openings: neither the start cell 1,1 nor the goal cell 2,2 is on the outer wall, \
             so no opening can be made; cells with a side on the field's edge are",
        ],
    );
    let dir = scratch_dir("graph-refusals");
    let split = dir.join("split.txt");
    std::fs::write(&split, "..X..\n..X..\n").unwrap();
    let split = split.display().to_string();
    assert_refused(
        &["wilson", "--mask", &split, "--format", "graph"],
        &["not connected", "cell (3, 0)"],
    );
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "XX\n##\n").unwrap();
    assert_refused(
        &[
            "wilson",
            "--mask",
            &empty.display().to_string(),
            "--format",
            "graph",
        ],
        &["no cells"],
    );
    assert_refused(
        &[
            "wilson",
            "--mask",
            "/nonexistent/mask.txt",
            "--format",
            "graph",
        ],
        &["--mask /nonexistent/mask.txt", "cannot be read"],
    );
}

#[test]
fn png_masks_turn_dark_and_transparent_pixels_off() {
    let dir = scratch_dir("graph-png-masks");
    let path = dir.join("mask.png");
    // 3x2 RGBA: white, white, black / transparent white, white, white.
    let pixels: [u8; 24] = [
        255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, //
        255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 255, 255,
    ];
    let file = std::fs::File::create(&path).unwrap();
    let mut encoder = png::Encoder::new(file, 3, 2);
    encoder.set_color(png::ColorType::Rgba);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&pixels)
        .unwrap();
    let doc = json_of(&[
        "kruskal",
        "--mask",
        &path.display().to_string(),
        "--format",
        "graph",
    ]);
    let at: Vec<Value> = doc["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["at"].clone())
        .collect();
    assert_eq!(
        at,
        [
            serde_json::json!([0, 0]),
            serde_json::json!([1, 0]),
            serde_json::json!([1, 1]),
            serde_json::json!([2, 1])
        ]
    );
}

#[test]
fn graphs_load_in_networkx() {
    if !crate::common::python_has("networkx") {
        eprintln!("note: python3 with networkx not found; skipping the networkx check");
        return;
    }
    let dir = scratch_dir("graph-networkx");
    for (n, shape) in shapes(&dir).iter().enumerate() {
        let doc = graph("wilson", shape, &[]);
        let path = dir.join(format!("graph{n}.json"));
        std::fs::write(&path, doc.to_string()).unwrap();
        let script = "import json, sys, networkx as nx\n\
            doc = json.load(open(sys.argv[1]))\n\
            g = nx.node_link_graph(doc, nodes='cells', edges='passages', source='a', target='b')\n\
            assert nx.is_tree(g), 'not a spanning tree'\n\
            assert g.number_of_nodes() == len(doc['cells'])\n\
            print(g.number_of_nodes())";
        let out = std::process::Command::new("python3")
            .args(["-c", script, &path.display().to_string()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
