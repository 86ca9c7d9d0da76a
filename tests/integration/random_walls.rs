//! `random-walls`, Searchformer's mazes: properties over many seeds and sizes, its mazes written
//! as Searchformer's prompts (a `w x h` grid, the walls drawn, a plan of at least `max(w, h)`
//! cells that A* finds), datasets, and the options that cannot apply refused; and `--trace`,
//! the other searches in Searchformer's vocabulary.

use crate::common::{assert_refused, assert_snapshot, piped, stdout_of};
use mazegen::Maze;
use mazegen::algorithms::{Generator, RandomWalls};
use mazegen::rng::rng_from_seed;
use mazegen::solve::trace::{Action, Search, WallGrid, astar, tokens};
use proptest::prelude::*;

fn maze(walls: RandomWalls, width: u32, height: u32, seed: u64) -> Maze {
    Maze::builder()
        .generator(walls.boxed())
        .cells(width, height)
        .seed(seed)
        .build()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any size and seed: the walls drawn are within Searchformer's range, none of them a cell
    /// of the maze; the maze is solvable with a plan of at least `max(w, h)` cells; the same
    /// seed gives the same maze.
    #[test]
    fn every_maze_is_searchformer_s(width in 2u32..16, height in 2u32..16, seed in 0u64..1 << 40) {
        let walls = RandomWalls::default();
        let made = maze(walls, width, height, seed);
        let layout = walls.layout(width, height, &mut rng_from_seed(seed)).unwrap();
        let cells = u64::from(width * height);
        let count = layout.walls.iter().filter(|w| **w).count() as u64;
        prop_assert!((cells / 10 * 3..=cells / 10 * 5).contains(&count), "{count} of {cells}");
        let mask = made.mask().unwrap();
        for (i, wall) in layout.walls.iter().enumerate() {
            let pos = mazegen::grid::Pos::new(i as u32 % width, i as u32 / width);
            prop_assert!(!(*wall && mask.is_on(pos)));
        }
        prop_assert_eq!((made.start_pos(), made.goal_pos()), (layout.start, layout.goal));
        let path = made.shortest_paths(1).unwrap().paths.remove(0);
        prop_assert_eq!(path.len() as u32, layout.plan);
        prop_assert!(layout.plan >= width.max(height));
        prop_assert_eq!(made, maze(walls, width, height, seed));
    }
}

/// The prompt's grid (10x10), start and goal, and the rest of a `searchformer` line.
fn prompt_of(line: &str) -> (WallGrid, (u32, u32), (u32, u32), String) {
    prompt_sized(line, 10, 10)
}

/// The prompt's `width x height` grid, start and goal, and the rest of a `searchformer` line.
fn prompt_sized(line: &str, width: u32, height: u32) -> (WallGrid, (u32, u32), (u32, u32), String) {
    let tokens: Vec<&str> = line.split(' ').collect();
    let number = |i: usize| tokens[i].parse::<u32>().unwrap();
    let (start, goal) = ((number(1), number(2)), (number(4), number(5)));
    let mut walls = vec![false; (width * height) as usize];
    let mut i = 6;
    while tokens[i] == "wall" {
        walls[(number(i + 1) + width * number(i + 2)) as usize] = true;
        i += 3;
    }
    let grid = WallGrid {
        width,
        height,
        walls,
    };
    (grid, start, goal, tokens[i..].join(" "))
}

#[test]
fn searchformer_writes_a_random_walls_maze_cell_for_cell() {
    let lines = stdout_of(&[
        "random-walls",
        "--cells",
        "10x10",
        "--count",
        "40",
        "--seed",
        "12",
        "--format",
        "searchformer",
    ]);
    let documents = stdout_of(&[
        "random-walls",
        "--cells",
        "10x10",
        "--count",
        "40",
        "--seed",
        "12",
        "--format",
        "jsonl",
    ]);
    assert_eq!(lines.lines().count(), 40);
    for (line, document) in lines.lines().zip(documents.lines()) {
        let (grid, start, goal, rest) = prompt_of(line);
        // 30 to 50 walls drawn, and pockets the start cannot reach written as walls.
        let walls = grid.walls.iter().filter(|w| **w).count();
        assert!((30..=90).contains(&walls), "{walls}");
        // The trace and plan are A*'s on the prompt's own grid, as Searchformer runs it.
        let trace = astar(&grid, start, goal).unwrap();
        assert_eq!(tokens(&trace), rest);
        let plan = trace
            .iter()
            .filter(|step| step.action == Action::Plan)
            .count();
        assert!(plan >= 10, "{plan}");
        // The document reads back into the same line.
        assert_eq!(
            piped(&["render", "--format", "searchformer"], document),
            format!("{line}\n")
        );
    }
    let one = stdout_of(&[
        "random-walls",
        "--cells",
        "6x5",
        "--seed",
        "3",
        "--format",
        "searchformer",
    ]);
    assert_snapshot!("searchformer.random-walls-6x5", one);
    let drawn = stdout_of(&[
        "random-walls",
        "--cells",
        "6x5",
        "--seed",
        "3",
        "--format",
        "text",
        "--solve",
    ]);
    assert_snapshot!("text.random-walls-6x5", drawn);
}

#[test]
fn datasets_are_the_same_on_any_number_of_threads() {
    let run = |jobs: &str| {
        stdout_of(&[
            "random-walls",
            "--cells",
            "12x8",
            "--count",
            "30",
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--format",
            "jsonl",
        ])
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn options_that_cannot_apply_are_refused() {
    let refused = [
        (
            &["--start", "1,1"][..],
            "--start 1,1: random-walls draws the start and goal",
        ),
        (
            &["--goal", "2,2"][..],
            "--goal 2,2: random-walls draws the start and goal",
        ),
        (
            &["--openings"][..],
            "--openings: random-walls draws the start and goal",
        ),
        (
            &["--braid", "0.5"][..],
            "--braid: random-walls joins every two neighbouring",
        ),
        (
            &["--unicursal"][..],
            "--unicursal: a labyrinth is made of a whole perfect maze",
        ),
        (
            &["--count", "2", "--endpoints", "farthest"][..],
            "--endpoints farthest: random-walls draws",
        ),
        (
            &["--shape", "hex"][..],
            "random-walls only carves rectangles",
        ),
        (
            &["--cells", "20x1"][..],
            "random walls on 20x1 cells always cut a grid one cell thin",
        ),
        (&["--walls", "1"][..], "leave fewer than two free cells"),
        (&["--attempts", "0"][..], "--attempts"),
        (
            &["--chunk", "5"][..],
            "draws each maze whole with its start and goal",
        ),
    ];
    for (options, message) in refused {
        let args = [&["random-walls", "--seed", "1"][..], options].concat();
        assert_refused(&args, &[message]);
    }
    // A mask maze with walls between its cells has no grid of Searchformer's.
    assert_refused(
        &[
            "percolation",
            "--cells",
            "6x6",
            "--p",
            "0.6",
            "--seed",
            "2",
            "--format",
            "searchformer",
        ],
        &[
            "searchformer writes rectangles of cells, and masks whose neighbouring cells are all joined",
        ],
    );
}

/// Every `--trace` of mazes with loops and of random walls: the searchformer format writes the
/// library's trace of the prompt's own grid, whose plan walks from start to goal over free
/// cells (a shortest one but for depth-first search's); `astar` is the format's default.
#[test]
fn traces_in_searchformer_s_vocabulary() {
    let runs: [(&[&str], u32, u32); 2] = [
        (&["kruskal", "--cells", "5x4", "--braid", "0.5"], 9, 7),
        (&["random-walls", "--cells", "8x6"], 8, 6),
    ];
    for (maze, width, height) in runs {
        let with = |more: &[&str]| {
            let args = [
                maze,
                &["--count", "6", "--seed", "4", "--format", "searchformer"],
                more,
            ];
            stdout_of(&args.concat())
        };
        assert_eq!(with(&["--trace", "astar"]), with(&[]));
        for search in Search::ALL {
            for line in with(&["--trace", search.name()]).lines() {
                let (grid, start, goal, rest) = prompt_sized(line, width, height);
                let trace = search.trace(&grid, start, goal).unwrap();
                assert_eq!(tokens(&trace), rest, "{search}");
                let plan: Vec<(i64, i64)> = trace
                    .iter()
                    .filter(|step| step.action == Action::Plan)
                    .map(|step| (i64::from(step.x), i64::from(step.y)))
                    .collect();
                let ends = (plan[0], plan[plan.len() - 1]);
                let want = (
                    (start.0.into(), start.1.into()),
                    (goal.0.into(), goal.1.into()),
                );
                assert_eq!(ends, want);
                for pair in plan.windows(2) {
                    let ((a, b), (c, d)) = (pair[0], pair[1]);
                    assert_eq!((a - c).abs() + (b - d).abs(), 1);
                    assert!(grid.free(c, d));
                }
                let shortest = astar(&grid, start, goal).unwrap();
                let cells = shortest.iter().filter(|s| s.action == Action::Plan).count();
                if search != Search::Dfs {
                    assert_eq!(plan.len(), cells, "{search}");
                }
            }
        }
    }
    assert_refused(
        &[
            "kruskal", "--cells", "3x3", "--trace", "bfs", "--format", "text",
        ],
        &["--trace bfs writes a search's trace in --format searchformer (tokens), npz"],
    );
    assert_refused(
        &[
            "wilson", "--shape", "hex", "--cells", "3x3", "--count", "2", "--trace", "bfs",
            "--format", "npz",
        ],
        &["--trace bfs traces a search on Searchformer's grid of a rectangle"],
    );
}

/// `npz --trace` holds each maze's trace as `(action, x, y)` rows, the steps of the tokens
/// `searchformer --trace` writes, maze `i`'s from `trace_offsets[i]`.
#[test]
fn traces_as_arrays_in_npz() {
    let dir = crate::common::scratch_dir("random_walls_traces");
    for search in Search::ALL {
        let archive = dir.join(format!("{search}.npz"));
        let args = [
            "random-walls",
            "--cells",
            "7x6",
            "--count",
            "5",
            "--seed",
            "8",
            "--trace",
            search.name(),
        ];
        crate::common::mazegen()
            .args(args)
            .args(["--format", "npz", "-o"])
            .arg(&archive)
            .assert()
            .success();
        let lines = stdout_of(&[&args[..], &["--format", "searchformer"]].concat());
        let bytes = std::fs::read(&archive).unwrap();
        let traces = npz_array(&bytes, "traces");
        let offsets = npz_array(&bytes, "trace_offsets");
        let (rows, offsets) = (i32s(traces), i64s(offsets));
        assert_eq!(offsets.len(), 6);
        for (i, line) in lines.lines().enumerate() {
            let (grid, start, goal, _) = prompt_sized(line, 7, 6);
            let steps = search.trace(&grid, start, goal).unwrap();
            let want: Vec<i32> = steps.iter().flat_map(|step| step.row()).collect();
            let (from, to) = (offsets[i] as usize * 3, offsets[i + 1] as usize * 3);
            assert_eq!(rows[from..to], want[..], "{search} maze {i}");
        }
        // jsonl's trace fields hold the same rows, maze for maze.
        let jsonl = stdout_of(&[&args[..], &["--format", "jsonl"]].concat());
        let mut lines = 0;
        let schema = crate::common::schema_validator("maze.v1.json");
        for (i, line) in jsonl.lines().enumerate() {
            let document: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(schema.is_valid(&document), "{search} maze {i}: {line}");
            let mut broken = document.clone();
            broken["trace"][0][0] = serde_json::json!(4);
            assert!(
                !schema.is_valid(&broken),
                "{search}: an action past 3 validates"
            );
            let field: Vec<i32> = (document["trace"].as_array())
                .unwrap_or_else(|| panic!("{search} maze {i}: no trace in {line}"))
                .iter()
                .flat_map(|row| row.as_array().unwrap().iter())
                .map(|value| value.as_i64().unwrap() as i32)
                .collect();
            let (from, to) = (offsets[i] as usize * 3, offsets[i + 1] as usize * 3);
            assert_eq!(field[..], rows[from..to], "{search} maze {i}");
            lines += 1;
        }
        assert_eq!(lines, 5);
    }
    // Rectangles too, and npy (one array a file) refused, naming npz.
    let args = [
        "kruskal", "--cells", "4x3", "--count", "3", "--seed", "5", "--trace", "astar",
    ];
    let archive = dir.join("kruskal.npz");
    crate::common::mazegen()
        .args(args)
        .args(["--format", "npz", "-o"])
        .arg(&archive)
        .assert()
        .success();
    let bytes = std::fs::read(&archive).unwrap();
    let rows = i32s(npz_array(&bytes, "traces"));
    let field: Vec<i32> = stdout_of(&[&args[..], &["--format", "jsonl"]].concat())
        .lines()
        .flat_map(|line| {
            let document: serde_json::Value = serde_json::from_str(line).unwrap();
            let rows = document["trace"].as_array().unwrap().clone();
            rows.into_iter()
                .flat_map(|row| row.as_array().unwrap().clone())
                .map(|value| value.as_i64().unwrap() as i32)
        })
        .collect();
    assert_eq!(field, rows);
    assert_refused(
        &[&args[..], &["--format", "npy", "-o", "x.npy"]].concat(),
        &[
            "--trace astar writes a search's trace in",
            "not --format npy; add --format npz",
        ],
    );
}

/// The data of array `name` in the stored (uncompressed) zip `bytes`: what follows its
/// `npy` header.
fn npz_array<'a>(bytes: &'a [u8], name: &str) -> &'a [u8] {
    let file = format!("{name}.npy");
    let at = bytes
        .windows(file.len() + 6)
        .position(|w| &w[..file.len()] == file.as_bytes() && &w[file.len()..] == b"\x93NUMPY")
        .unwrap_or_else(|| panic!("no {file}"));
    let npy = &bytes[at + file.len()..];
    let header = u16::from_le_bytes([npy[8], npy[9]]) as usize;
    let dict = std::str::from_utf8(&npy[10..10 + header]).unwrap();
    let shape = &dict[dict.find("'shape': (").unwrap() + 10..];
    let shape = &shape[..shape.find(')').unwrap()];
    let items: usize = shape
        .split(',')
        .filter(|d| !d.trim().is_empty())
        .map(|d| d.trim().parse::<usize>().unwrap())
        .product();
    let size = if dict.contains("<i4") { 4 } else { 8 };
    &npy[10 + header..10 + header + items * size]
}

fn i32s(bytes: &[u8]) -> Vec<i32> {
    bytes
        .chunks(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

fn i64s(bytes: &[u8]) -> Vec<i64> {
    bytes
        .chunks(8)
        .map(|b| i64::from_le_bytes(b.try_into().unwrap()))
        .collect()
}
