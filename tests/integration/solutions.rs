//! Solutions checked independently of the library's solver, braiding, openings, and pictures.

use crate::common::{json_of, mazegen, run_with_memory_limit, stdout_of};
use mazegen::algorithms::{Backtrack, BinaryTree, Generator};
use mazegen::grid::Pos;
use mazegen::render::{Json, Palette, Picture, Png, Render};
use mazegen::{Maze, Probability};
use predicates::prelude::*;
use proptest::prelude::*;
use serde_json::Value;
use std::collections::VecDeque;

/// Shortest distance in tile steps between two tiles of `rows` (`#` wall), by a breadth-first
/// search written here, apart from the library's.
fn tile_distance(rows: &[Vec<u8>], from: (usize, usize), to: (usize, usize)) -> Option<usize> {
    let (w, h) = (rows[0].len(), rows.len());
    let mut seen = vec![vec![usize::MAX; w]; h];
    let mut queue = VecDeque::from([from]);
    seen[from.1][from.0] = 0;
    while let Some((x, y)) = queue.pop_front() {
        if (x, y) == to {
            return Some(seen[y][x]);
        }
        let steps = [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ];
        for (nx, ny) in steps {
            if nx < w && ny < h && rows[ny][nx] != b'#' && seen[ny][nx] == usize::MAX {
                seen[ny][nx] = seen[y][x] + 1;
                queue.push_back((nx, ny));
            }
        }
    }
    None
}

/// Checks a document's solution: it starts and ends where it should, every step moves to a
/// neighbouring open tile, and it is as short as possible.
fn assert_solution_is_valid(doc: &Value) {
    let rows: Vec<Vec<u8>> = doc["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().as_bytes().to_vec())
        .collect();
    let path: Vec<(usize, usize)> = doc["solution"]
        .as_array()
        .expect("a solution")
        .iter()
        .map(|t| {
            (
                t[0].as_u64().unwrap() as usize,
                t[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let cell_tile = |p: &Value| {
        (
            2 * p["x"].as_u64().unwrap() as usize + 1,
            2 * p["y"].as_u64().unwrap() as usize + 1,
        )
    };
    let (start, goal) = (cell_tile(&doc["start"]), cell_tile(&doc["goal"]));
    let open_border = doc["openings"] == true;
    let (first, last) = (path[0], *path.last().unwrap());
    if open_border {
        assert_eq!(first.0.abs_diff(start.0) + first.1.abs_diff(start.1), 1);
        assert_eq!(last.0.abs_diff(goal.0) + last.1.abs_diff(goal.1), 1);
    } else {
        assert_eq!((first, last), (start, goal));
    }
    for pair in path.windows(2) {
        let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
        assert_eq!(
            ax.abs_diff(bx) + ay.abs_diff(by),
            1,
            "{pair:?} are not neighbours"
        );
    }
    for &(x, y) in &path {
        assert_eq!(rows[y][x], b'.', "tile {x},{y} on the solution is a wall");
    }
    let shortest = tile_distance(&rows, first, last).unwrap();
    assert_eq!(
        path.len() - 1,
        shortest,
        "the solution is not a shortest path"
    );
}

fn document(maze: &Maze) -> Value {
    let mut out = Vec::new();
    Json { stats: false }.render(maze, &mut out).unwrap();
    serde_json::from_slice(&out).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn solutions_are_shortest_paths(
        w in 1u32..25, h in 1u32..25, seed: u64, braid in 0.0f64..=1.0,
        sx: u32, sy: u32, gx: u32, gy: u32, backtrack: bool,
    ) {
        let generator: &dyn Generator = if backtrack { &Backtrack::default() } else { &BinaryTree::default() };
        let mut maze = Maze::builder().generator(generator.boxed()).cells(w, h).seed(seed).build().unwrap();
        maze.braid_with(Probability::new(braid).unwrap()).unwrap();
        maze.set_endpoints(Pos::new(sx % w, sy % h), Pos::new(gx % w, gy % h)).unwrap();
        maze.solve().unwrap();
        assert_solution_is_valid(&document(&maze));
    }

    #[test]
    fn solutions_leave_through_the_openings(w in 1u32..25, h in 1u32..25, seed: u64) {
        let mut maze = Maze::builder().algorithm(Backtrack::default()).cells(w, h).seed(seed).build().unwrap();
        maze.open_border().unwrap();
        maze.solve().unwrap();
        let doc = document(&maze);
        assert_solution_is_valid(&doc);
        let tiles = doc["tiles"].as_array().unwrap();
        prop_assert_eq!(&tiles[0].as_str().unwrap()[1..2], ".", "entrance at the top left");
        let last = tiles.last().unwrap().as_str().unwrap();
        prop_assert_eq!(&last[last.len() - 2..last.len() - 1], ".", "exit at the bottom right");
    }
}

#[test]
fn solve_flag_draws_the_path_in_every_text_format() {
    let args = ["backtrack", "--size", "21", "--seed", "5", "--solve"];
    let text = stdout_of(&[&args[..], &["--format", "text"]].concat());
    assert!(text.contains('S') && text.contains('G') && text.contains('.'));
    let plain = stdout_of(&[&args[..], &["--color", "never"]].concat());
    assert!(plain.contains('·'));
    let color = stdout_of(&[&args[..], &["--color", "always"]].concat());
    assert!(color.contains("\x1b[93m●"), "yellow solution");
    let doc: Value = json_of(&[&args[..], &["--format", "json"]].concat());
    assert_solution_is_valid(&doc);
}

#[test]
fn start_and_goal_move_the_solution() {
    let doc: Value = json_of(&[
        "backtrack",
        "--size",
        "21",
        "--seed",
        "5",
        "--solve",
        "--start",
        "3,4",
        "--goal",
        "9,0",
        "--format",
        "json",
    ]);
    assert_eq!(doc["start"], serde_json::json!({"x": 3, "y": 4}));
    assert_eq!(doc["solution"][0], serde_json::json!([7, 9]));
    assert_solution_is_valid(&doc);
    mazegen()
        .args(["backtrack", "--size", "21", "--start", "10,0"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("--start 10,0")
                .and(predicate::str::contains("outside the 10x10-cell maze")),
        );
    mazegen()
        .args([
            "backtrack",
            "--size",
            "21",
            "--start",
            "3,3",
            "--goal",
            "4,4",
        ])
        .arg("--openings")
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("--openings").and(predicate::str::contains(
                "neither the start cell 3,3 nor the goal cell 4,4 is on the outer wall",
            )),
        );
}

#[test]
fn braiding_is_reported_and_keeps_the_maze_underneath() {
    let braided: Value = json_of(&[
        "backtrack",
        "--size",
        "31",
        "--seed",
        "2",
        "--braid",
        "1",
        "--format",
        "json",
        "--stats",
    ]);
    assert_eq!(braided["perfect"], false);
    assert_eq!(braided["braid"], 1.0);
    assert_eq!(braided["stats"]["dead_ends"], 0);
    assert!(braided["stats"]["loops"].as_u64().unwrap() > 0);
    let plain: Value = json_of(&[
        "backtrack",
        "--size",
        "31",
        "--seed",
        "2",
        "--braid",
        "0",
        "--format",
        "json",
    ]);
    assert_eq!(plain["perfect"], true);
    // Braiding only opens walls: every passage of the perfect maze is still open.
    let rows = |doc: &Value| -> Vec<String> {
        doc["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect()
    };
    for (a, b) in rows(&plain).iter().zip(rows(&braided)) {
        for (x, y) in a.bytes().zip(b.bytes()) {
            assert!(!(x == b'.' && y == b'#'));
        }
    }
    for bad in ["1.5", "-0.5", "NaN"] {
        mazegen()
            .args(["backtrack", "--braid", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--braid").and(predicate::str::contains("0 to 1")));
    }
}

#[test]
fn stats_table_goes_to_stderr_and_json_gets_an_object() {
    let assert = mazegen()
        .args([
            "binary-tree",
            "--size",
            "11",
            "--seed",
            "1",
            "--format",
            "text",
            "--stats",
        ])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(stderr.contains("cells             25"), "{stderr}");
    assert!(stderr.contains("perfect           yes"));
    assert!(!String::from_utf8_lossy(&assert.get_output().stdout).contains("cells"));
}

#[test]
fn png_decodes_to_the_expected_pixels() {
    let maze = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(4, 3)
        .seed(1)
        .build()
        .unwrap();
    for (palette, scale) in [(Palette::COLOR, 1), (Palette::MONO, 5)] {
        let mut bytes = Vec::new();
        Png(Picture {
            palette,
            scale,
            heatmap: false,
            ..Picture::default()
        })
        .render(&maze, &mut bytes)
        .unwrap();
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (9 * scale, 7 * scale));
        assert_eq!(reader.output_color_type().0, png::ColorType::Rgb);
        let pixel = |x: u32, y: u32| {
            let i = 3 * (y * info.width + x) as usize;
            [pixels[i], pixels[i + 1], pixels[i + 2]]
        };
        assert_eq!(pixel(0, 0), palette.wall);
        assert_eq!(pixel(scale, scale), palette.passage, "the first cell");
        assert_eq!(pixel(2 * scale - 1, 2 * scale - 1), palette.passage);
        assert_eq!(pixel(9 * scale - 1, 7 * scale - 1), palette.wall);
        // Every pixel is a wall or a passage, tile by tile as the text view says.
        let mut text = Vec::new();
        mazegen::render::Text::default()
            .render(&maze, &mut text)
            .unwrap();
        for (ty, row) in String::from_utf8(text).unwrap().lines().enumerate() {
            for (tx, c) in row.bytes().enumerate() {
                let expected = if c == b'#' {
                    palette.wall
                } else {
                    palette.passage
                };
                assert_eq!(
                    pixel(tx as u32 * scale + scale / 2, ty as u32 * scale),
                    expected
                );
            }
        }
    }
}

#[test]
fn pictures_refuse_what_does_not_fit() {
    mazegen()
        .args(["backtrack", "--format", "text", "--heatmap"])
        .assert()
        .code(2)
        .stderr("error: --heatmap draws on term, svg, png or html output, not --format text\n");
    mazegen()
        .args(["backtrack", "--scale", "4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--scale applies to svg, png and html",
        ));
    mazegen()
        .args(["backtrack", "--format", "svg", "--scale", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--scale").and(predicate::str::contains("1..=64")));
}

#[test]
fn png_is_never_written_to_a_terminal() {
    let binary = assert_cmd::cargo::cargo_bin!("mazegen");
    let output = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{} backtrack --format png", binary.display()),
            "/dev/null",
        ])
        .output()
        .expect("script (util-linux) runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("refusing to write PNG to a terminal"),
        "{text}"
    );
    assert!(!text.contains("PNG\r\n"), "no image bytes");
    // Through a pipe it is fine.
    let png = mazegen()
        .args(["backtrack", "--format", "png"])
        .output()
        .unwrap();
    assert!(png.status.success());
    assert_eq!(&png.stdout[1..4], b"PNG");
}

#[test]
fn a_maze_too_large_to_measure_is_refused_not_aborted() {
    // 4000x4000 cells: the maze (16 MB) fits in 60 MB of address space, a search of its
    // distances (8 bytes per cell) does not.
    let maze = "binary-tree --size 8001 --seed 1";
    for options in [
        "--solve --format text",
        "--stats --format text",
        "--heatmap --format svg",
        "--heatmap --format term --color always",
        // Not a failure of the target: no "cannot write" in front of it.
        "--heatmap --format png -o /dev/null",
    ] {
        let Some(output) = run_with_memory_limit(60_000, &format!("{maze} {options}")) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{options}: {stderr}");
        assert_eq!(
            stderr, "error: not enough memory for a 4000x4000-cell maze (64000000 bytes needed)\n",
            "{options}"
        );
        assert!(output.stdout.is_empty(), "{options}: nothing written");
    }
}
