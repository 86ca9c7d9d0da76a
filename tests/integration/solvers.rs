//! The solving methods over many seeds, sizes and every shape: each path runs from start to
//! goal through open passages, visits no cell twice and lies within the cells visited; on
//! perfect mazes it is the one path there is; on braided mazes Trémaux and dead-end filling
//! still solve, and the wall followers solve or say they cannot.

use mazegen::MazeError;
use mazegen::Probability;
use mazegen::algorithms::{Backtrack, Kruskal, Wilson};
use mazegen::grid::Grid;
use mazegen::solve::Method;
use mazegen::topology::{Hex, Levels, Mask, Masked, Polar, Shape, Topology, Triangle};
use mazegen::{Maze, with_topology};
use proptest::prelude::*;

/// A blank shape of kind `kind` (0 rect, 1 mask, 2 hex, 3 triangle, 4 polar, 5 a wrapped rect, 6
/// wrapped hexagons, 7 rectangles in levels) about `w x h`.
pub(crate) fn blank(kind: u8, w: u32, h: u32) -> Shape {
    match kind {
        0 => Shape::Rect(Grid::new(w, h).unwrap()),
        1 => {
            // A ring of cells round a hole, when there is room for one.
            let text: String = (0..h.max(3))
                .map(|y| {
                    let row: String = (0..w.max(3))
                        .map(|x| {
                            let inner = x > 0 && y > 0 && x + 1 < w.max(3) && y + 1 < h.max(3);
                            if inner && (x + y) % 3 == 0 { 'X' } else { '.' }
                        })
                        .collect();
                    row + "\n"
                })
                .collect();
            Shape::Masked(Masked::new(Mask::from_text(&text).unwrap()).unwrap())
        }
        2 => Shape::Hex(Hex::new(w, h).unwrap()),
        3 => Shape::Triangle(Triangle::new(w.max(2), h).unwrap()),
        4 => Shape::Polar(Polar::new(h.min(8)).unwrap()),
        // Wrapped rectangles and hexagons, each way.
        5 | 6 => crate::shapes::wrapped((kind - 5) * 3 + (w % 3) as u8, w, h),
        _ => Shape::Levels(Levels::new(w, h.div_ceil(3), 2 + h % 3).unwrap()),
    }
}

/// A maze carved into `shape` by one of three generators, braided with `braid`.
pub(crate) fn maze(shape: Shape, generator: u8, braid: f64, seed: u64) -> Maze {
    let mut maze = match generator {
        0 => Maze::builder()
            .algorithm(Wilson)
            .shape(shape)
            .seed(seed)
            .build(),
        1 => Maze::builder()
            .algorithm(Kruskal)
            .shape(shape)
            .seed(seed)
            .build(),
        _ => Maze::builder()
            .algorithm(Backtrack::default())
            .shape(shape)
            .seed(seed)
            .build(),
    }
    .unwrap();
    if braid > 0.0 {
        maze.braid_with(Probability::new(braid).unwrap()).unwrap();
    }
    maze
}

/// Moves the endpoints to the cells at indices `a` and `b` (modulo the cells).
pub(crate) fn place(maze: &mut Maze, a: usize, b: usize) {
    let cells: Vec<usize> =
        with_topology!(maze.shape(), t => (0..t.slots()).filter(|&i| t.is_cell(i)).collect());
    let (start, goal) = (cells[a % cells.len()], cells[b % cells.len()]);
    maze.set_endpoints(maze.pos(start), maze.pos(goal)).unwrap();
}

/// Checks that `path` runs from the start to the goal through open passages, no cell twice.
fn assert_valid_path(maze: &Maze, path: &[usize]) {
    assert_eq!(path.first(), Some(&maze.start()));
    assert_eq!(path.last(), Some(&maze.goal()));
    let mut seen = std::collections::HashSet::new();
    for &cell in path {
        assert!(seen.insert(cell), "cell {cell} twice on the path");
    }
    for pair in path.windows(2) {
        let joined = with_topology!(maze.shape(), t => joined(t, pair[0], pair[1]));
        assert!(joined, "cells {} and {} are not joined", pair[0], pair[1]);
    }
}

/// Whether cells `a` and `b` of `topology` are joined by an open passage.
fn joined<T: Topology>(topology: &T, a: usize, b: usize) -> bool {
    let cursor = Topology::cursor(topology, a);
    (0..T::SIDES).any(|side| {
        Topology::neighbour(topology, &cursor, side) == Some(b)
            && Topology::is_open(topology, a, side)
    })
}

/// Solves `maze` by `method`, checking what it found, and returns its path (or the refusal).
fn solved(maze: &Maze, method: Method) -> Result<Vec<usize>, MazeError> {
    let mut maze = maze.clone();
    maze.solve_with(method)?;
    let path = maze.solution().unwrap().to_vec();
    assert_valid_path(&maze, &path);
    let visited = maze
        .visited()
        .expect("a method other than shortest keeps its visits");
    let set: std::collections::HashSet<_> = visited.iter().collect();
    assert_eq!(
        set.len(),
        visited.len(),
        "{method}: a cell visited twice in the list"
    );
    assert!(
        path.iter().all(|cell| set.contains(cell)),
        "{method}: a path cell not visited"
    );
    Ok(path)
}

/// Whether `method` walks `shape` at all (Pledge needs fixed headings).
fn walks(method: Method, shape: &Shape) -> bool {
    method != Method::Pledge
        || matches!(
            shape,
            Shape::Rect(_) | Shape::Masked(_) | Shape::Hex(_) | Shape::Square(_)
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn on_perfect_mazes_every_method_finds_the_one_path(
        kind in 0u8..8, w in 1u32..14, h in 1u32..12, generator in 0u8..3, seed: u64,
        a: usize, b: usize,
    ) {
        let mut maze = maze(blank(kind, w, h), generator, 0.0, seed);
        place(&mut maze, a, b);
        let mut shortest = maze.clone();
        shortest.solve().unwrap();
        let one = shortest.solution().unwrap();
        for method in [Method::WallFollower, Method::Tremaux, Method::DeadEndFilling] {
            prop_assert_eq!(&solved(&maze, method).unwrap()[..], one, "{}", method);
        }
        // Pledge leaves the wall when its turns cancel, so an inner goal may be missed.
        match solved(&maze, Method::Pledge) {
            Ok(path) => prop_assert_eq!(&path[..], one),
            Err(MazeError::Unsolvable { .. }) => {}
            Err(MazeError::MethodShape { .. }) => prop_assert!(!walks(Method::Pledge, maze.shape())),
            Err(error) => panic!("pledge: {error}"),
        }
    }

    #[test]
    fn on_braided_mazes_tremaux_and_filling_solve_and_followers_solve_or_say_so(
        kind in 0u8..8, w in 1u32..14, h in 1u32..12, generator in 0u8..3,
        braid in prop_oneof![Just(1.0), Just(0.5), Just(0.2)], seed: u64, a: usize, b: usize,
    ) {
        let mut maze = maze(blank(kind, w, h), generator, braid, seed);
        place(&mut maze, a, b);
        let mut shortest = maze.clone();
        shortest.solve().unwrap();
        let length = shortest.solution().unwrap().len();
        for method in [Method::Tremaux, Method::DeadEndFilling] {
            prop_assert!(solved(&maze, method).unwrap().len() >= length);
        }
        for method in [Method::WallFollower, Method::Pledge] {
            match solved(&maze, method) {
                Ok(path) => prop_assert!(path.len() >= length),
                Err(MazeError::Unsolvable { method: name, .. }) => prop_assert_eq!(name, method.name()),
                Err(MazeError::MethodShape { .. }) => prop_assert!(!walks(method, maze.shape())),
                Err(error) => panic!("{method}: {error}"),
            }
        }
    }
}

#[test]
fn pledge_escapes_perfect_rectangles_to_a_goal_on_the_outer_wall() {
    for seed in 0..200 {
        let maze = maze(
            blank(0, 3 + (seed % 17) as u32, 2 + (seed % 13) as u32),
            0,
            0.0,
            seed,
        );
        solved(&maze, Method::Pledge).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn pledge_refuses_shapes_without_headings() {
    for kind in [3, 4, 7] {
        let maze = maze(blank(kind, 4, 4), 0, 0.0, 1);
        let refused = solved(&maze, Method::Pledge).unwrap_err();
        assert!(
            matches!(
                refused,
                MazeError::MethodShape {
                    method: "pledge",
                    ..
                }
            ),
            "{refused}"
        );
    }
}

// The command line: `solve --method`.

use crate::common::{
    Tmux, assert_refused, assert_snapshot, mazegen, piped, scratch_dir, stdout_of,
};
use serde_json::Value;

/// A maze document: `args` of backtrack, in JSON.
fn document(args: &str) -> String {
    let args: Vec<&str> = args.split_whitespace().collect();
    stdout_of(&[&["backtrack", "--format", "json"], &args[..]].concat())
}

#[test]
fn the_default_method_is_shortest_and_writes_no_visits() {
    let maze = document("--size 21 --seed 5");
    let default = piped(&["solve"], &maze);
    assert_eq!(default, piped(&["solve", "--method", "shortest"], &maze));
    let doc: Value = serde_json::from_str(&default).unwrap();
    assert!(doc.get("visited").is_none());
}

#[test]
fn every_method_finds_the_one_path_of_a_perfect_maze_and_lists_its_visits() {
    let maze = document("--size 31 --seed 8");
    let shortest: Value = serde_json::from_str(&piped(&["solve"], &maze)).unwrap();
    for method in ["wall-follower", "pledge", "tremaux", "dead-end-filling"] {
        let doc: Value =
            serde_json::from_str(&piped(&["solve", "--method", method, "--stats"], &maze)).unwrap();
        assert_eq!(doc["solution"], shortest["solution"], "{method}");
        let visited = doc["visited"].as_array().unwrap();
        assert_eq!(doc["stats"]["visited"], visited.len(), "{method}");
        // The walkers start where they stand; dead-end filling with the dead ends it fills.
        if method != "dead-end-filling" {
            assert_eq!(visited[0], serde_json::json!({"x": 0, "y": 0}), "{method}");
        }
    }
}

#[test]
fn graph_documents_list_visited_cells_by_id() {
    let maze = stdout_of(&[
        "wilson", "--shape", "hex", "--cells", "6x4", "--seed", "2", "--format", "graph",
    ]);
    let doc: Value =
        serde_json::from_str(&piped(&["solve", "--method", "tremaux"], &maze)).unwrap();
    let visited = doc["visited"].as_array().unwrap();
    assert!(visited.iter().all(|id| id.as_u64().unwrap() < 24));
    for id in doc["solution"].as_array().unwrap() {
        assert!(visited.contains(id));
    }
}

#[test]
fn the_stats_table_counts_the_cells_visited() {
    let maze = document("--size 21 --seed 5");
    let output = mazegen()
        .args([
            "solve", "--method", "tremaux", "--format", "text", "--stats",
        ])
        .write_stdin(maze.clone())
        .output()
        .unwrap();
    let table = String::from_utf8(output.stderr).unwrap();
    assert!(
        table
            .lines()
            .any(|line| line.starts_with("visited") && line.ends_with(" cells")),
        "{table}"
    );
    let output = mazegen()
        .args(["solve", "--format", "text", "--stats"])
        .write_stdin(maze)
        .output()
        .unwrap();
    assert!(
        !String::from_utf8(output.stderr)
            .unwrap()
            .contains("visited")
    );
}

#[test]
fn a_wall_follower_that_walks_in_circles_is_refused_naming_the_methods_that_work() {
    // A fully braided maze with the goal in the middle: the right hand keeps to a loop.
    let maze = document("--size 21 --seed 1 --braid 1");
    let mut refused = None;
    for (x, y) in [(5, 5), (4, 5), (5, 4), (3, 3), (6, 6), (2, 7), (7, 2)] {
        let goal = format!("{x},{y}");
        let output = mazegen()
            .args(["solve", "--method", "wall-follower", "--goal", &goal])
            .write_stdin(maze.clone())
            .output()
            .unwrap();
        if !output.status.success() {
            refused = Some(output);
            break;
        }
    }
    let output = refused.expect("some inner goal lies off the followed walls");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.starts_with("error: --method wall-follower cannot solve this maze"),
        "{message}"
    );
    assert!(message.contains("--method tremaux"), "{message}");
}

#[test]
fn bad_methods_and_shapes_are_refused() {
    assert_refused(
        &["solve", "--method", "left-hand", "/dev/null"],
        &["'left-hand'", "wall-follower", "dead-end-filling"],
    );
    let polar = stdout_of(&[
        "wilson", "--shape", "polar", "--rings", "4", "--format", "graph",
    ]);
    let output = mazegen()
        .args(["solve", "--method", "pledge"])
        .write_stdin(polar)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("--method pledge") && message.contains("polar"),
        "{message}"
    );
    assert_refused(&["solve", "--animate", "/dev/null"], &["--animate"]);
    assert_refused(
        &[
            "solve",
            "--animate",
            "--method",
            "tremaux",
            "--format",
            "json",
            "/dev/null",
        ],
        &["--animate", "--format term"],
    );
}

#[test]
fn solved_by_each_walker_snapshots() {
    let maze = document("--size 15 --seed 42 --braid 0.5");
    for method in ["tremaux", "dead-end-filling"] {
        let text = piped(&["solve", "--method", method, "--format", "text"], &maze);
        assert_snapshot!(format!("{method}.braided.text"), text);
    }
    let maze = document("--size 9 --seed 42");
    let json = piped(&["solve", "--method", "wall-follower"], &maze);
    assert_snapshot!("wall-follower.json", json);
}

#[test]
fn the_search_plays_in_the_terminal_then_the_solved_maze_stays() {
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    let dir = scratch_dir("solve-animated");
    let path = dir.write("maze.json", document("--size 11 --seed 4"));
    let solved = stdout_of(&[
        "solve",
        path.to_str().unwrap(),
        "--method",
        "tremaux",
        "--format",
        "term",
        "--color",
        "never",
    ]);
    tmux.run_mazegen(
        "NO_COLOR=1",
        &format!(
            "solve {} --method tremaux --animate --delay 0",
            path.display()
        ),
    );
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=0"));
    assert_eq!(tmux.show("#{alternate_on}"), "0");
    let pane = tmux.pane();
    let shown: Vec<&str> = pane.lines().map(str::trim_end).collect();
    for line in solved.lines() {
        assert!(
            shown.contains(&line.trim_end()),
            "{line:?} missing from\n{pane}"
        );
    }
}

#[test]
fn documents_with_visited_cells_match_their_schemas() {
    let schema = |text: &str| {
        let schema: Value = serde_json::from_str(text).unwrap();
        jsonschema::validator_for(&schema).unwrap()
    };
    let maze_schema = schema(include_str!("../../schema/maze.v1.json"));
    let graph_schema = schema(include_str!("../../schema/graph.v1.json"));
    let maze = document("--size 15 --seed 3 --braid 0.5");
    let graph = stdout_of(&[
        "wilson", "--shape", "triangle", "--cells", "8x4", "--format", "graph",
    ]);
    for method in ["wall-follower", "tremaux", "dead-end-filling"] {
        for (input, validator) in [(&maze, &maze_schema), (&graph, &graph_schema)] {
            let Ok(text) = std::panic::catch_unwind(|| {
                piped(&["solve", "--method", method, "--stats"], input)
            }) else {
                // A wall follower may not solve the braided maze: refused, not written.
                assert_eq!(method, "wall-follower");
                continue;
            };
            let doc: Value = serde_json::from_str(&text).unwrap();
            assert!(doc["visited"].is_array());
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{method}: {errors:?}");
        }
    }
}

#[test]
fn the_search_plays_on_other_shapes_too() {
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    let dir = scratch_dir("solve-animated-hex");
    let hex = stdout_of(&[
        "prim", "--shape", "hex", "--cells", "8x5", "--seed", "3", "--format", "graph",
    ]);
    let path = dir.write("hex.json", hex);
    tmux.run_mazegen(
        "NO_COLOR=1",
        &format!(
            "solve {} --method wall-follower --animate --delay 0",
            path.display()
        ),
    );
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=0"));
    assert_eq!(tmux.show("#{alternate_on}"), "0");
}

#[test]
fn a_search_too_large_for_the_terminal_suggests_what_solve_can_do() {
    let Some(tmux) = Tmux::start(60, 12) else {
        return;
    };
    let dir = scratch_dir("solve-too-large");
    let polar_graph = stdout_of(&[
        "prim", "--shape", "polar", "--seed", "3", "--format", "graph",
    ]);
    let polar = dir.write("polar.json", polar_graph);
    let rect = dir.write("rect.json", document("--size 41 --seed 4"));
    for (path, expected) in [
        (&polar, "--scale 1 fits, or enlarge the window"),
        (&rect, "enlarge the window"),
    ] {
        tmux.keys(&["clear", "Enter"]);
        tmux.run_mazegen("", &format!("solve {} --animate", path.display()));
        tmux.wait_for("the exit", |t| t.pane().contains("EXIT=2"));
        let pane = tmux.pane().replace('\n', "");
        assert!(pane.contains(expected), "{pane}");
        assert!(
            pane.contains("leave --animate out to write the solved maze"),
            "{pane}"
        );
        for flag in ["--size", "--rings", "--cells", "--levels"] {
            assert!(!pane.contains(flag), "solve takes no {flag}: {pane}");
        }
    }
}

#[test]
fn the_library_search_by_shortest_finds_the_path_maze_solve_finds() {
    for (kind, seed) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)] {
        let mut maze = maze(blank(kind, 9, 7), 1, 0.5, seed);
        let found = with_topology!(maze.shape(), t => mazegen::solve::search(
            Method::Shortest, t, maze.start(), maze.goal(), &mut mazegen::events::Silent,
        ))
        .unwrap();
        maze.solve().unwrap();
        assert_eq!(Some(&found.path[..]), maze.solution());
        assert!(found.path.iter().all(|cell| found.visited.contains(cell)));
    }
}
