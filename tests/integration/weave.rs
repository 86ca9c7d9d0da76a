//! `--weave`: passages that cross under cells. Every algorithm that weaves carves a perfect maze
//! whose passages under cells run straight under corridors across them (checked on graph
//! documents, apart from the library); the others are refused; documents read back as
//! written and refuse broken crossings; every solver walks through the passages under; the
//! pictures are locked by snapshots.

use crate::common::{
    assert_document_reads_back, assert_graph_reads_back, assert_refused, assert_snapshot, json_of,
    piped, stdout_of,
};
use mazegen::algorithms::{WEAVING, catalogue};
use mazegen::rng::rng_from_seed;
use mazegen::topology::{Shape, Weave, check_perfect};
use mazegen::{Maze, MazeError, Probability, with_topology};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::HashMap;

/// A blank weave of `w x h` cells whose cells may be crossed with probability `density`.
fn weave(w: u32, h: u32, density: f64) -> Shape {
    Shape::Weave(Weave::new(w, h, Probability::new(density).unwrap()).unwrap())
}

/// The number of cells a passage goes under.
fn crossings(shape: &Shape) -> usize {
    let Shape::Weave(weave) = shape else {
        unreachable!("a weave")
    };
    let (w, h) = (weave.width(), weave.height());
    (0..w * h)
        .filter(|i| weave.under(mazegen::grid::Pos::new(i % w, i / w)).is_some())
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_weaving_algorithm_carves_a_perfect_weave_whose_crossings_hold(
        width in 1u32..14,
        height in 1u32..12,
        density in prop_oneof![Just(0.0), Just(1.0), 0.0f64..1.0],
        seed in any::<u64>(),
    ) {
        for generator in catalogue().iter().filter(|g| WEAVING.contains(&g.name())) {
            let mut shape = weave(width, height, density);
            generator.carve_shape(&mut shape, &mut rng_from_seed(seed)).unwrap();
            prop_assert_eq!(
                with_topology!(&shape, t => check_perfect(t)),
                Ok(()),
                "{} on {}x{}",
                generator.name(),
                width,
                height
            );
            let Shape::Weave(woven) = &shape else { unreachable!() };
            prop_assert_eq!(woven.check_crossings(), Ok(()), "{}", generator.name());
            if density == 0.0 {
                prop_assert_eq!(crossings(&shape), 0);
            }
        }
    }
}

#[test]
fn every_weaving_algorithm_crosses_often_and_more_with_density() {
    // Crossings per cell over 20 mazes of 20x20 cells, at two densities.
    for generator in catalogue().iter().filter(|g| WEAVING.contains(&g.name())) {
        let share = |density: f64| {
            let crossed: usize = (0..20)
                .map(|seed| {
                    let mut shape = weave(20, 20, density);
                    generator
                        .carve_shape(&mut shape, &mut rng_from_seed(seed))
                        .unwrap();
                    crossings(&shape)
                })
                .sum();
            crossed as f64 / (20.0 * 400.0)
        };
        let (sparse, dense) = (share(0.2), share(1.0));
        assert!(
            dense > 0.01 && sparse < dense,
            "{}: {sparse} crossings a cell at density 0.2, {dense} at 1",
            generator.name()
        );
    }
}

#[test]
fn algorithms_that_do_not_weave_are_refused_naming_those_that_do() {
    for generator in catalogue().iter().filter(|g| !WEAVING.contains(&g.name())) {
        let mut shape = weave(5, 5, 1.0);
        let error = generator
            .carve_shape(&mut shape, &mut rng_from_seed(1))
            .unwrap_err();
        let message = error.to_string();
        assert!(
            matches!(
                error,
                MazeError::NotWoven { .. } | MazeError::ShapeUnsupported { .. }
            ),
            "{}: {message}",
            generator.name()
        );
        assert!(message.contains(&WEAVING.join(", ")), "{message}");
    }
}

#[test]
fn braiding_a_weave_keeps_its_crossings() {
    for seed in 0..40 {
        let maze = Maze::builder()
            .algorithm(mazegen::algorithms::Kruskal)
            .shape(weave(9, 7, 1.0))
            .seed(seed)
            .build();
        let mut maze = maze.unwrap();
        let before = crossings(maze.shape());
        maze.braid_with(Probability::new(1.0).unwrap()).unwrap();
        let Shape::Weave(woven) = maze.shape() else {
            unreachable!()
        };
        assert_eq!(woven.check_crossings(), Ok(()));
        assert!(crossings(maze.shape()) >= before);
        assert!(
            maze.distances()
                .iter()
                .all(|&d| d != mazegen::topology::UNREACHED)
        );
    }
}

/// Checks a weave's graph document from its cells' places alone: the passages make a tree;
/// each joins cells side by side, or cells two apart in a line with `under` the cell
/// between; and a cell passed under is a corridor across, crossed once. Returns how many
/// passages go under a cell.
fn check_document(doc: &Value) -> usize {
    let cells = doc["cells"].as_array().unwrap();
    let at: Vec<(i64, i64)> = cells
        .iter()
        .map(|c| (c["at"][0].as_i64().unwrap(), c["at"][1].as_i64().unwrap()))
        .collect();
    let id_at: HashMap<(i64, i64), usize> = at.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let passages = doc["passages"].as_array().unwrap();
    assert_eq!(
        passages.len(),
        cells.len() - 1,
        "a tree has one passage fewer than cells"
    );
    let mut open = std::collections::HashSet::new();
    let mut unders = Vec::new();
    let mut root: Vec<usize> = (0..cells.len()).collect();
    fn find(root: &mut [usize], mut i: usize) -> usize {
        while root[i] != i {
            i = root[i];
        }
        i
    }
    for p in passages {
        let (a, b) = (
            p["a"].as_u64().unwrap() as usize,
            p["b"].as_u64().unwrap() as usize,
        );
        let ((ax, ay), (bx, by)) = (at[a], at[b]);
        let (dx, dy) = (bx - ax, by - ay);
        match dx.abs() + dy.abs() {
            1 => {
                assert!(p.get("under").is_none(), "{p}");
                open.insert((a.min(b), a.max(b)));
            }
            2 if dx == 0 || dy == 0 => {
                let mid = id_at[&(ax + dx / 2, ay + dy / 2)];
                assert_eq!(p["under"].as_u64(), Some(mid as u64), "{p}");
                unders.push((a, mid, b, dx != 0));
            }
            _ => panic!("passage {p} joins cells that are not neighbours"),
        }
        let (ra, rb) = (find(&mut root, a), find(&mut root, b));
        assert_ne!(ra, rb, "passage {p} closes a loop");
        root[ra] = rb;
    }
    let mut crossed = std::collections::HashSet::new();
    for &(a, mid, b, east_west) in &unders {
        assert!(crossed.insert(mid), "two passages under cell {mid}");
        let (x, y) = at[mid];
        let across = if east_west {
            [(x, y - 1), (x, y + 1)]
        } else {
            [(x - 1, y), (x + 1, y)]
        };
        let joined = |i: usize, j: usize| open.contains(&(i.min(j), i.max(j)));
        for place in across {
            assert!(
                joined(mid, id_at[&place]),
                "cell {mid} is no corridor across"
            );
        }
        assert!(
            !joined(a, mid) && !joined(mid, b),
            "cell {mid} opens onto the passage under it"
        );
    }
    unders.len()
}

#[test]
fn graph_documents_record_the_passages_under_cells_and_they_hold() {
    for algorithm in WEAVING {
        let mut under = 0;
        for seed in 1..=8 {
            let seed = seed.to_string();
            let doc = json_of(&[
                algorithm, "--seed", &seed, "--width", "15", "--height", "11", "--weave",
                "--format", "graph",
            ]);
            assert_eq!(
                doc["shape"],
                serde_json::json!({"kind": "rect", "width": 7, "height": 5, "weave": 1.0})
            );
            // Each cell lists the cells beside it, then those beyond them.
            let cell = &doc["cells"][8];
            assert_eq!(cell["at"], serde_json::json!([1, 1]));
            assert_eq!(cell["neighbours"], serde_json::json!([1, 9, 15, 7, 10, 22]));
            under += check_document(&doc);
        }
        assert!(under > 0, "{algorithm} never went under a cell");
    }
}

#[test]
fn weaves_read_back_as_written() {
    for (algorithm, seed) in [("backtrack", "4"), ("kruskal", "9"), ("growing-tree", "2")] {
        assert_graph_reads_back(&[
            algorithm,
            "--seed",
            seed,
            "--size",
            "15",
            "--weave",
            "--openings",
        ]);
        assert_graph_reads_back(&[algorithm, "--seed", seed, "--size", "11", "--weave", "0.5"]);
    }
}

/// A document with the passage under cell 4 (the middle of 3x3) moved: `edit` changes its
/// passages.
fn edited(edit: impl Fn(&mut Vec<Value>)) -> String {
    let mut doc = json_of(&[
        "kruskal", "--seed", "3", "--size", "7", "--weave", "--format", "graph",
    ]);
    let passages = doc["passages"].as_array_mut().unwrap();
    edit(passages);
    doc.to_string()
}

#[test]
fn documents_with_broken_crossings_are_refused() {
    // Kruskal's 3x3 weave of seed 3 crosses under the middle cell.
    let doc = json_of(&[
        "kruskal", "--seed", "3", "--size", "7", "--weave", "--format", "graph",
    ]);
    assert!(
        doc["passages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["under"] == 4),
        "{doc}"
    );
    let fails = |doc: String, fragment: &str| {
        let out = crate::common::mazegen()
            .args(["solve", "--format", "graph"])
            .write_stdin(doc)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let message = String::from_utf8(out).unwrap();
        assert!(message.contains(fragment), "{message}");
    };
    // Naming the wrong cell to go under, or one where the cells are side by side.
    fails(
        edited(|ps| {
            for p in ps.iter_mut().filter(|p| p["under"] == 4) {
                p["under"] = 0.into();
            }
        }),
        "so \"under\" must be 4",
    );
    fails(
        edited(|ps| ps[0]["under"] = 4.into()),
        "side by side, so the passage goes under no cell",
    );
    // Closing one side of the corridor over it (and joining the cells another way, so the
    // maze stays whole): the passage under no longer runs under a corridor.
    fails(
        edited(|ps| {
            let k = ps
                .iter()
                .position(|p| (p["a"] == 4 || p["b"] == 4) && p.get("under").is_none())
                .unwrap();
            ps.remove(k);
        }),
        "not a corridor across it",
    );
}

#[test]
fn every_solver_walks_under_cells() {
    for seed in 1..=6 {
        let seed = seed.to_string();
        let maze = ["backtrack", "--seed", &seed, "--size", "21", "--weave"];
        let graph = stdout_of(&[&maze[..], &["--format", "graph"]].concat());
        let shortest = json_of(&[&maze[..], &["--format", "graph", "--solve"]].concat());
        let length = shortest["solution"].as_array().unwrap().len();
        for method in ["shortest", "wall-follower", "tremaux", "dead-end-filling"] {
            let solved = piped(&["solve", "--method", method, "--format", "graph"], &graph);
            let solved: Value = serde_json::from_str(&solved).unwrap();
            let path = solved["solution"].as_array().unwrap();
            // A perfect maze has one path without going back.
            if method != "tremaux" && method != "wall-follower" {
                assert_eq!(path.len(), length, "{method}");
            }
            assert_eq!(
                path.first(),
                shortest["solution"].as_array().unwrap().first()
            );
            assert_eq!(path.last(), shortest["solution"].as_array().unwrap().last());
        }
    }
    let graph = stdout_of(&["backtrack", "--size", "9", "--weave", "--format", "graph"]);
    crate::common::mazegen()
        .args(["solve", "--method", "pledge"])
        .write_stdin(graph)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("pledge"));
}

#[test]
fn weave_is_refused_where_it_cannot_be_and_formats_in_tiles_refuse_it() {
    for (more, fragment) in [
        (&["--wrap", "x"][..], "leave --wrap out"),
        (
            &["--levels", "2"],
            "--levels 2 stacks plain rectangles of square cells; leave --weave out",
        ),
        (&["--shape", "hex"], "leave --shape out"),
    ] {
        let args = [&["backtrack", "--size", "9", "--weave"][..], more].concat();
        assert_refused(&args, &[fragment]);
    }
    assert_refused(&["backtrack", "--weave", "1.5"], &["1.5"]);
    assert_refused(
        &["wilson", "--size", "9", "--weave"],
        &["wilson does not weave", "backtrack, hunt-and-kill"],
    );
    assert_refused(&["sidewinder", "--size", "9", "--weave"], &["sidewinder"]);
    for format in ["npy", "npy-connections", "tokens"] {
        assert_refused(
            &["backtrack", "--size", "9", "--weave", "--format", format],
            &["woven rect maze", "graph"],
        );
    }
}

#[test]
fn weave_pictures_are_locked() {
    for (algorithm, format) in [
        ("backtrack", "text"),
        ("kruskal", "text"),
        ("kruskal", "svg"),
    ] {
        let picture = stdout_of(&[
            algorithm, "--seed", "7", "--size", "13", "--weave", "--solve", "--format", format,
        ]);
        assert_snapshot!(format!("{algorithm}_{format}"), picture);
    }
}

#[test]
fn weave_documents_validate_against_the_schema_and_load_in_networkx() {
    let validator = crate::graph::validator();
    let mut docs = Vec::new();
    for algorithm in WEAVING {
        for more in [
            &["--weave", "--solve", "--stats"][..],
            &["--weave", "0.3", "--braid", "0.5"],
        ] {
            let args = [&[algorithm, "--seed", "5", "--size", "15"][..], more];
            let doc = json_of(&[&args.concat()[..], &["--format", "graph"]].concat());
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{algorithm} {more:?}: {errors:?}");
            docs.push(doc);
        }
    }
    if !crate::common::python_has("networkx") {
        eprintln!("note: python3 with networkx not found; skipping the networkx check");
        return;
    }
    // Perfect weaves are trees in networkx too, their passages under cells edges like any.
    let perfect: Vec<&Value> = docs.iter().filter(|d| d.get("braid").is_none()).collect();
    let script = "import json, sys, networkx as nx\n\
        under = 0\n\
        for doc in json.load(sys.stdin):\n\
        \x20   g = nx.node_link_graph(doc, nodes='cells', edges='passages', source='a', target='b')\n\
        \x20   assert nx.is_tree(g), 'not a spanning tree'\n\
        \x20   under += sum('under' in g.edges[e] for e in g.edges)\n\
        assert under > 0, 'no passage under a cell'\n\
        print('ok')";
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let input = serde_json::to_vec(&perfect).unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn replaying_a_weaves_events_rebuilds_it() {
    use mazegen::{events::ShapeEvent, maze::replay_shape};
    for generator in catalogue().iter().filter(|g| WEAVING.contains(&g.name())) {
        for seed in 0..10 {
            let blank = weave(8, 6, 0.7);
            let mut quiet = blank.clone();
            generator
                .carve_shape(&mut quiet, &mut rng_from_seed(seed))
                .unwrap();
            let mut watched = blank.clone();
            let mut events: Vec<ShapeEvent> = Vec::new();
            generator
                .carve_shape_observed(&mut watched, &mut rng_from_seed(seed), &mut events)
                .unwrap();
            assert_eq!(watched, quiet, "{}", generator.name());
            let replayed = replay_shape(blank, events.iter().copied()).unwrap();
            assert_eq!(replayed, quiet, "{}", generator.name());
        }
    }
}

#[test]
fn a_weave_names_exactly_the_cells_passages_go_under() {
    use mazegen::topology::Topology;
    for seed in 0..20 {
        let maze = Maze::builder()
            .algorithm(mazegen::algorithms::Kruskal)
            .shape(weave(10, 10, 1.0))
            .seed(seed)
            .build();
        let maze = maze.unwrap();
        let Shape::Weave(woven) = maze.shape() else {
            unreachable!()
        };
        let passages_under = (0..woven.slots())
            .flat_map(|i| (4..8).map(move |side| (i, side)))
            .filter(|&(i, side)| {
                let cursor = woven.cursor(i);
                woven.link(&cursor, side).is_some_and(|j| j > i) && woven.is_open(i, side)
            })
            .count();
        assert_eq!(crossings(maze.shape()), passages_under, "seed {seed}");
        assert_eq!(woven.under(mazegen::grid::Pos::new(10, 0)), None);
    }
}

#[test]
fn unique_weaves_are_told_apart_and_not_counted() {
    // Kruskal always crosses under the middle of 3x3 cells, one way or the other, and then
    // joins the four corners: 2 x 4 x 2^3 = 64 weaves, every one of them told apart.
    let lines = stdout_of(&[
        "kruskal", "--weave", "--size", "7", "--count", "64", "--unique", "--seed", "1",
        "--format", "jsonl",
    ]);
    let mut seen = std::collections::HashSet::new();
    for line in lines.lines() {
        let doc: Value = serde_json::from_str(line).unwrap();
        let mut passages: Vec<(u64, u64)> = (doc["passages"].as_array().unwrap().iter())
            .map(|p| (p["a"].as_u64().unwrap(), p["b"].as_u64().unwrap()))
            .collect();
        passages.sort_unstable();
        assert!(seen.insert(passages), "a repeat: {line}");
    }
    assert_eq!(seen.len(), 64);
    // Weaves are not counted ahead (the rectangle's 192 would be no bound), so asking for
    // more runs until the repeats say there are no more.
    crate::common::mazegen()
        .args([
            "kruskal", "--weave", "--size", "7", "--count", "65", "--unique", "--seed", "1",
        ])
        .args(["--format", "jsonl"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("only 64 distinct mazes found"));
}

#[test]
fn tortuosity_counts_the_steps_of_a_maze_without_walls_as_on_the_rectangle() {
    let tortuosity = |more: &[&str]| {
        let args = [
            &[
                "backtrack",
                "--size",
                "21",
                "--seed",
                "5",
                "--stats",
                "--format",
                "svg",
            ][..],
            more,
        ];
        let output = crate::common::mazegen()
            .args(args.concat())
            .output()
            .unwrap();
        let table = String::from_utf8(output.stderr).unwrap();
        table
            .lines()
            .find(|l| l.starts_with("tortuosity"))
            .unwrap()
            .to_string()
    };
    // Without crossings, a weave is the rectangle's maze, and measures as it does.
    assert_eq!(tortuosity(&["--weave", "0"]), tortuosity(&[]));
}

#[test]
fn json_draws_a_weave_in_tiles_marking_the_cells_passages_go_under() {
    let schema: Value = serde_json::from_str(include_str!("../../schema/maze.v1.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut marked = 0;
    for algorithm in WEAVING {
        for seed in ["1", "2"] {
            let args = [
                algorithm, "--seed", seed, "--width", "15", "--height", "11", "--weave",
            ];
            let doc =
                json_of(&[&args[..], &["--format", "json", "--solve", "--openings"]].concat());
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{algorithm}: {errors:?}");
            assert_eq!(doc["weave"], 1.0);
            let graph = json_of(&[&args[..], &["--format", "graph"]].concat());
            // Every passage of the graph document in the tiles, apart from the library: beside,
            // the tile between open; under a cell, both walls open and the cell marked by the
            // corridor over it. And nothing else open or marked.
            let rows: Vec<&[u8]> = (doc["tiles"].as_array().unwrap().iter())
                .map(|row| row.as_str().unwrap().as_bytes())
                .collect();
            let at = |id: &Value| {
                let cell = &graph["cells"][id.as_u64().unwrap() as usize];
                (
                    cell["at"][0].as_u64().unwrap() as usize,
                    cell["at"][1].as_u64().unwrap() as usize,
                )
            };
            let (mut open, mut marks) = (0, 0);
            for p in graph["passages"].as_array().unwrap() {
                let ((ax, ay), (bx, by)) = (at(&p["a"]), at(&p["b"]));
                if let Some(under) = p.get("under") {
                    let (mx, my) = at(under);
                    let mark = if ay == by { b'|' } else { b'-' };
                    assert_eq!(rows[2 * my + 1][2 * mx + 1], mark, "{algorithm} {p}");
                    assert_eq!(rows[ay + my + 1][ax + mx + 1], b'.', "{algorithm} {p}");
                    assert_eq!(rows[my + by + 1][mx + bx + 1], b'.', "{algorithm} {p}");
                    open += 2;
                    marks += 1;
                } else {
                    assert_eq!(rows[ay + by + 1][ax + bx + 1], b'.', "{algorithm} {p}");
                    open += 1;
                }
            }
            let (mut drawn, mut drawn_marks) = (0, 0);
            for (y, row) in rows.iter().enumerate().take(rows.len() - 1).skip(1) {
                for (x, &tile) in row.iter().enumerate().take(row.len() - 1).skip(1) {
                    match (x % 2, y % 2) {
                        (1, 1) => drawn_marks += usize::from(tile != b'.'),
                        (0, 0) => {}
                        _ => drawn += usize::from(tile == b'.'),
                    }
                }
            }
            assert_eq!((drawn, drawn_marks), (open, marks), "{algorithm} {seed}");
            marked += marks;
        }
    }
    assert!(marked > 0);
}

#[test]
fn json_of_weaves_reads_back_as_written() {
    for (algorithm, seed) in [("backtrack", "4"), ("kruskal", "9"), ("aldous-broder", "2")] {
        assert_document_reads_back(
            &[algorithm, "--seed", seed, "--size", "15", "--weave"],
            "json",
        );
        assert_document_reads_back(
            &[
                algorithm,
                "--seed",
                seed,
                "--size",
                "11",
                "--weave",
                "0.5",
                "--openings",
            ],
            "json",
        );
    }
}

#[test]
fn json_of_weaves_with_broken_crossings_is_refused() {
    // Kruskal's 3x3 weave of seed 3 crosses under the middle cell, tile (3, 3).
    let doc = json_of(&[
        "kruskal", "--seed", "3", "--size", "7", "--weave", "--format", "json",
    ]);
    let refused = |edit: &dyn Fn(&mut Value), fragment: &str| {
        let mut doc = doc.clone();
        edit(&mut doc);
        crate::common::mazegen()
            .args(["solve", "--format", "json"])
            .write_stdin(doc.to_string())
            .assert()
            .code(2)
            .stderr(predicates::str::contains(fragment));
    };
    let set = |doc: &mut Value, (x, y): (usize, usize), to: u8| {
        let mut row = doc["tiles"][y].as_str().unwrap().as_bytes().to_vec();
        row[x] = to;
        doc["tiles"][y] = Value::from(String::from_utf8(row).unwrap());
    };
    let mark = doc["tiles"][3].as_str().unwrap().as_bytes()[3];
    assert!(mark == b'-' || mark == b'|', "{doc}");
    // A wall along the passage under closed.
    let along = if mark == b'-' { (3, 2) } else { (2, 3) };
    refused(
        &|d| set(d, along, b'#'),
        "needs both walls along the passage under it open",
    );
    // Marks belong to cells, and to weaves.
    refused(
        &|d| set(d, (1, 1), mark),
        "needs both walls along the passage under it open",
    );
    refused(
        &|d| set(d, (2, 3), mark),
        "it cannot stand on a wall or corner",
    );
    refused(
        &|d| {
            d.as_object_mut()
                .unwrap()
                .remove("weave")
                .map(drop)
                .unwrap()
        },
        "is not a tile",
    );
    // A weave has every cell of its rectangle: a mask's blank tiles are none of it.
    let dir = crate::common::scratch_dir("weave-mask");
    let mask = dir.join("mask.txt");
    std::fs::write(&mask, "..X\n...\n").unwrap();
    let mut masked = json_of(&[
        "kruskal",
        "--mask",
        mask.to_str().unwrap(),
        "--format",
        "json",
    ]);
    masked["weave"] = 1.into();
    crate::common::mazegen()
        .args(["render", "--format", "json"])
        .write_stdin(masked.to_string())
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "a blank tile ' ' is no tile of it",
        ));
}
