//! Windows of giant mazes on the command line (`--window`, `--chunk`): each format draws
//! exactly that region of the whole maze, windows agree where they overlap, documents validate
//! and read back, and what cannot be cut is refused.

use crate::common::{assert_refused, assert_snapshot, json_of, piped, stdout_of};
use mazegen::algorithms::{Bias, BinaryTree};
use mazegen::giant::{Giant, Window};
use mazegen::grid::Pos;
use mazegen::topology::Distances;
use serde_json::Value;

/// The widest and tallest maze there is, in tiles.
const MAX: &str = "18446744073709551615";

/// The text rows of `output` from row `y` and column `x`, `width x height` characters.
fn cut(output: &str, x: usize, y: usize, width: usize, height: usize) -> String {
    let rows: Vec<&str> = output.lines().collect();
    let mut out = String::new();
    for row in &rows[y..y + height] {
        out.push_str(&row[x..x + width]);
        out.push('\n');
    }
    out
}

#[test]
fn a_binary_tree_window_is_the_region_of_the_whole_drawing() {
    for bias in ["north-west", "north-east", "south-west", "south-east"] {
        let whole = stdout_of(&[
            "binary-tree",
            "--bias",
            bias,
            "--width",
            "41",
            "--height",
            "23",
            "--seed",
            "6",
            "--format",
            "text",
        ]);
        for (x, y, w, h) in [
            (0, 0, 20, 11),
            (0, 0, 1, 1),
            (19, 10, 1, 1),
            (3, 4, 7, 2),
            (12, 0, 8, 11),
        ] {
            let window = format!("{x},{y},{w},{h}");
            let text = stdout_of(&[
                "binary-tree",
                "--bias",
                bias,
                "--width",
                "41",
                "--height",
                "23",
                "--seed",
                "6",
                "--window",
                &window,
                "--format",
                "text",
            ]);
            assert_eq!(
                text,
                cut(&whole, 2 * x, 2 * y, 2 * w + 1, 2 * h + 1),
                "{bias} {window}"
            );
        }
    }
}

#[test]
fn chunked_windows_agree_where_they_overlap_far_out() {
    let far = 1u64 << 61;
    let text = |x: u64, y: u64, w: u32, h: u32| {
        let window = format!("{x},{y},{w},{h}");
        stdout_of(&[
            "wilson", "--chunk", "9", "--width", MAX, "--height", MAX, "--seed", "4", "--window",
            &window, "--format", "text",
        ])
    };
    let a = text(far, far, 30, 20);
    let b = text(far + 10, far + 5, 30, 20);
    // Cells far+10..far+30 across and far+5..far+20 down lie in both.
    assert_eq!(cut(&a, 20, 10, 41, 31), cut(&b, 0, 0, 41, 31));
    assert_eq!(a, text(far, far, 30, 20), "the same window every time");
}

#[test]
fn a_chunked_window_is_the_same_on_any_number_of_jobs() {
    let window = |jobs: &str| {
        stdout_of(&[
            "backtrack",
            "--chunk",
            "6",
            "--width",
            "401",
            "--height",
            "301",
            "--seed",
            "3",
            "--window",
            "17,9,90,70",
            "--jobs",
            jobs,
            "--format",
            "json",
        ])
    };
    let one = window("1");
    for jobs in ["2", "3", "256"] {
        assert!(window(jobs) == one, "--jobs {jobs}");
    }
}

#[test]
fn the_whole_chunked_maze_is_perfect_and_its_windows_are_its_regions() {
    for algorithm in ["backtrack", "kruskal", "eller", "recursive-division"] {
        let args = |window: Option<&str>| {
            let mut args = vec![algorithm, "--chunk", "4", "--width", "31", "--height", "19"];
            args.extend(["--seed", "2", "--format", "json"]);
            if let Some(window) = window {
                args.extend(["--window", window]);
            }
            json_of(&args)
        };
        let whole = args(None);
        assert_eq!(whole["perfect"], true);
        let tiles: Vec<&str> = whole["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap())
            .collect();
        // Perfect: as many passages as cells, less one, and every cell reached (`solve` reads
        // the document back and checks that every cell can be reached).
        let passages: usize = tiles
            .iter()
            .enumerate()
            .map(|(y, row)| {
                (row.bytes().enumerate())
                    .filter(|&(x, tile)| tile == b'.' && (x % 2 == 0) != (y % 2 == 0))
                    .count()
            })
            .sum();
        assert_eq!(passages, 15 * 9 - 1, "{algorithm}");
        piped(&["solve"], &whole.to_string());
        let window = args(Some("5,2,6,4"));
        let region: Vec<String> = tiles[4..13]
            .iter()
            .map(|row| row[10..23].to_string())
            .collect();
        assert_eq!(window["tiles"], serde_json::json!(region), "{algorithm}");
    }
}

#[test]
fn window_documents_validate_and_read_back() {
    let maze_schema: Value =
        serde_json::from_str(include_str!("../../schema/maze.v1.json")).unwrap();
    let maze_validator = jsonschema::validator_for(&maze_schema).unwrap();
    let graph_validator = crate::graph::validator();
    let far = (1u64 << 62).to_string();
    let window = format!("{far},{far},12,7");
    for chunk in [None, Some("5")] {
        let mut args = vec![
            "binary-tree",
            "--width",
            MAX,
            "--height",
            MAX,
            "--seed",
            "3",
        ];
        args.extend(["--window", &window]);
        if let Some(chunk) = chunk {
            args.extend(["--chunk", chunk]);
        }
        let json = stdout_of(&[&args[..], &["--format", "json"]].concat());
        let doc: Value = serde_json::from_str(&json).unwrap();
        let errors: Vec<String> = maze_validator
            .iter_errors(&doc)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(doc["window"]["x"], serde_json::json!(1u64 << 62));
        assert_eq!(doc["window"]["maze_width"], serde_json::json!(u64::MAX / 2));
        let graph_text = stdout_of(&[&args[..], &["--format", "graph"]].concat());
        let graph: Value = serde_json::from_str(&graph_text).unwrap();
        let errors: Vec<String> = graph_validator
            .iter_errors(&graph)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(graph["window"], doc["window"]);
        // Exits in the graph are exactly the open tiles of the frame.
        let tiles = doc["tiles"].as_array().unwrap();
        let frame_holes = tiles
            .iter()
            .enumerate()
            .map(|(y, row)| {
                let row = row.as_str().unwrap().as_bytes();
                if y == 0 || y + 1 == tiles.len() {
                    row.iter().filter(|&&tile| tile == b'.').count()
                } else {
                    usize::from(row[0] == b'.') + usize::from(row[row.len() - 1] == b'.')
                }
            })
            .sum::<usize>();
        assert_eq!(graph["exits"].as_array().unwrap().len(), frame_holes);
        // Read back: rendered as the window was drawn.
        let text = stdout_of(&[&args[..], &["--format", "text"]].concat());
        assert_eq!(piped(&["render", "--format", "text"], &json), text);
        assert_eq!(piped(&["render", "--format", "text"], &graph_text), text);
        assert_eq!(piped(&["render", "--format", "graph"], &json), graph_text);
    }
}

#[test]
fn tampered_window_documents_are_refused() {
    let args = [
        "binary-tree",
        "--width",
        "41",
        "--height",
        "21",
        "--seed",
        "3",
        "--window",
        "2,1,8,5",
    ];
    let refused = |doc: &Value, fragment: &str| {
        crate::common::mazegen()
            .args(["render", "--format", "text"])
            .write_stdin(doc.to_string())
            .assert()
            .code(2)
            .stderr(predicates::str::contains(fragment));
    };
    let json = stdout_of(&[&args[..], &["--format", "json"]].concat());
    let mut doc: Value = serde_json::from_str(&json).unwrap();
    doc["window"]["x"] = serde_json::json!(15);
    refused(&doc, "\"window\": a window of 8x5 cells at cell 15,1");
    // Moved to the maze's left edge, the window's frame would open through the outer wall.
    doc["window"]["x"] = serde_json::json!(0);
    refused(
        &doc,
        "the open frame leads through the whole maze's outer wall",
    );
    let graph = stdout_of(&[&args[..], &["--format", "graph"]].concat());
    let mut doc: Value = serde_json::from_str(&graph).unwrap();
    assert_eq!(doc["exits"][0], serde_json::json!({"cell": 3, "side": 0}));
    doc["exits"][0]["cell"] = serde_json::json!(9);
    refused(
        &doc,
        "the exit of cell 1,1 to the north does not lead out of the window",
    );
    doc["exits"][0]["cell"] = serde_json::json!(5);
    refused(&doc, "is listed twice");
}

#[test]
fn a_window_is_solved_within_itself_or_refused() {
    // A north-west binary tree's window at the maze's top-left corner: every cell leads to
    // the corner within it.
    let corner = format!(
        "binary-tree --bias north-west --width {MAX} --height {MAX} --seed 1 --window 0,0,8,4 \
         --format text --solve --start 7,3 --goal 0,0"
    );
    let corner: Vec<&str> = corner.split_whitespace().collect();
    let solved = stdout_of(&corner);
    assert_eq!(solved.lines().nth(1).unwrap(), "#G........       ");
    assert_eq!(solved.lines().nth(7).unwrap(), "# #   # #   #..S ");
    // Further in, the window's cells join through cells outside it: find two it does not
    // join, and two it does.
    let giant = Giant::new(u64::MAX / 2, u64::MAX / 2, None).unwrap();
    let far = Window {
        x: 1 << 40,
        y: 1 << 41,
        width: 8,
        height: 6,
    };
    let tree = BinaryTree {
        bias: Bias::NorthWest,
    };
    let maze = giant.window(&tree, 1, far).unwrap();
    let grid = maze.grid().unwrap();
    let goal = Pos::new(7, 5);
    let reached = Distances::from(grid, goal).unwrap();
    let cells = (0..grid.cell_count()).map(|i| grid.pos(i));
    let (joined, cut_off): (Vec<Pos>, Vec<Pos>) = cells.partition(|&pos| reached.to(pos).is_some());
    let window = format!("{},{},8,6", far.x, far.y);
    let solve = |start: Pos| {
        format!(
            "binary-tree --bias north-west --width {MAX} --height {MAX} --seed 1 --window {window} \
             --format json --solve --start {},{} --goal 7,5",
            start.x, start.y
        )
    };
    let start = cut_off[0];
    let args = solve(start);
    let args: Vec<&str> = args.split_whitespace().collect();
    assert_refused(
        &args,
        &[&format!(
            "no path from cell {},{} to cell 7,5 stays within the window",
            start.x, start.y
        )],
    );
    let start = joined[0];
    let args = solve(start);
    let args: Vec<&str> = args.split_whitespace().collect();
    let doc = json_of(&args);
    let path = doc["solution"].as_array().unwrap();
    assert_eq!(path.len() as u32, 2 * reached.to(start).unwrap() + 1);
}

#[test]
fn a_window_without_a_path_is_refused_as_such_by_every_method() {
    // This window's own passages do not join its default start and goal: every method says
    // so, rather than a wall follower's walk going round.
    let window = stdout_of(&[
        "binary-tree",
        "--width",
        "201",
        "--height",
        "201",
        "--window",
        "3,3,8,4",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    for method in [
        "shortest",
        "wall-follower",
        "pledge",
        "tremaux",
        "dead-end-filling",
    ] {
        crate::common::mazegen()
            .args(["solve", "--method", method, "--format", "text"])
            .write_stdin(window.as_str())
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                "error: no path from cell 0,0 to cell 7,3 stays within the window: its cells \
                 join through cells outside it; choose a start and goal the window joins, or a \
                 larger window\n",
            );
    }
}

#[test]
fn what_cannot_be_cut_is_refused() {
    let window = ["--window", "0,0,3,3"];
    for (args, fragments) in [
        (
            &["backtrack"][..],
            &["--window: backtrack", "add --chunk C"][..],
        ),
        (
            &["percolation", "--chunk", "4"],
            &["percolation", "leave cells out"],
        ),
        (
            &["binary-tree", "--braid", "0.5"],
            &["--braid", "leave --braid out"],
        ),
        (&["binary-tree", "--openings"], &["--openings"]),
        (&["binary-tree", "--stats"], &["--stats"]),
        (
            &["binary-tree", "--format", "events"],
            &["--format events", "term, text, json, graph, svg, png"],
        ),
        (
            &["binary-tree", "--format", "svg", "--style", "lines"],
            &["--style lines"],
        ),
        (
            &["binary-tree", "--shape", "hex"],
            &["--shape, --mask, --wrap, --levels and --weave"],
        ),
        (
            &["wilson", "--wrap", "x"],
            &["--shape, --mask, --wrap, --levels and --weave"],
        ),
        (&["binary-tree", "--count", "3"], &["one maze at a time"]),
        (
            &["binary-tree", "--start", "3,0"],
            &["--start 3,0", "outside"],
        ),
        (
            &["backtrack", "--chunk", "40000"],
            &["--chunk 40000", "chunks are 1 to 32768 cells a side"],
        ),
        (
            &["backtrack", "--chunk", "4", "--from", "3,3"],
            &["--from 3,3", "outside the smallest chunk, 2x2 cells"],
        ),
    ] {
        assert_refused(&[args, &window[..]].concat(), fragments);
    }
    assert_refused(
        &["binary-tree", "--width", "21", "--window", "8,0,3,3"],
        &[
            "--window 8,0,3,3",
            "does not lie within the 10x10-cell maze",
            "ends by cell 9,9",
        ],
    );
    assert_refused(
        &["binary-tree", "--window", "18446744073709551615,0,1,1"],
        &["does not lie within"],
    );
    assert_refused(
        &["binary-tree", "--window", "1,1,0,3"],
        &["the window 1,1,0,3 is empty: its width W and height H count cells, from 1"],
    );
    assert_refused(
        &["backtrack", "--chunk", "8", "--width", MAX, "--solve"],
        &[
            "--chunk: --solve needs the whole maze in memory",
            "more than a grid holds",
            "add --window",
        ],
    );
    assert_refused(
        &["binary-tree", "--width", "99999999999"],
        &["--width 99999999999", "too large", "--window"],
    );
}

#[test]
fn windows_far_out_are_locked() {
    let far = format!("{0},{0},16,6", 1u64 << 62);
    for (name, args) in [
        ("binary-tree", &["binary-tree"][..]),
        (
            "binary-tree.north-east",
            &["binary-tree", "--bias", "north-east"],
        ),
        ("backtrack.chunk-7", &["backtrack", "--chunk", "7"]),
        ("wilson.chunk-5", &["wilson", "--chunk", "5"]),
    ] {
        let mut all = args.to_vec();
        all.extend([
            "--width", MAX, "--height", MAX, "--seed", "11", "--window", &far,
        ]);
        all.extend(["--format", "text"]);
        assert_snapshot!(format!("{name}.text"), stdout_of(&all));
    }
}
