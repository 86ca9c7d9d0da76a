//! Streamed mazes: every format that streams writes exactly the bytes of the same maze
//! generated whole, and the command line streams mazes past the grid's cell limit.

use crate::common::{self, mazegen, stdout_of};
use mazegen::Maze;
use mazegen::algorithms::{
    Backtrack, Bias, BinaryTree, Eller, Generator, Sidewinder, stream::MazeRows,
};
use mazegen::giant::{Giant, Window};
use mazegen::render::{Json, NpyTiles, Picture, Png, Render, Term, Text, npy_header};

/// Every renderer that streams, with each of its options that do.
fn renderers() -> Vec<(&'static str, Box<dyn Render>)> {
    vec![
        ("text", Box::new(Text::default())),
        ("term", Box::new(Term::default())),
        (
            "colored term",
            Box::new(Term {
                color: true,
                heatmap: false,
                scale: None,
                ..Term::default()
            }),
        ),
        ("json", Box::new(Json::default())),
        ("png", Box::new(Png(Picture::default()))),
        (
            "png, scale 1",
            Box::new(Png(Picture {
                scale: 1,
                ..Picture::default()
            })),
        ),
    ]
}

#[test]
fn streamed_bytes_are_those_of_the_whole_maze() {
    let generators: [&dyn Generator; 6] = [
        &BinaryTree::default(),
        &BinaryTree {
            bias: Bias::NorthEast,
        },
        &BinaryTree {
            bias: Bias::SouthWest,
        },
        &Sidewinder,
        &Eller,
        &BinaryTree {
            bias: Bias::NorthWest,
        },
    ];
    for generator in generators {
        for (width, height) in [(1, 1), (1, 4), (4, 1), (9, 7), (80, 3)] {
            let maze = Maze::builder()
                .generator(generator.boxed())
                .cells(width, height)
                .seed(5)
                .build()
                .unwrap();
            for (name, renderer) in renderers() {
                let mut whole = Vec::new();
                renderer.render(&maze, &mut whole).unwrap();
                let streaming = renderer.streams().expect("streams");
                let mut rows = MazeRows::new(generator, width, height.into(), 5).unwrap();
                let mut streamed = Vec::new();
                streaming.render_rows(&mut rows, &mut streamed).unwrap();
                let case = format!("{} {width}x{height} {name}", generator.name());
                assert!(streamed == whole, "{case}");
            }
        }
    }
}

fn streams(renderer: &dyn Render) -> bool {
    renderer.streams().is_some()
}

#[test]
fn what_needs_the_whole_maze_does_not_stream() {
    let heat = Term {
        color: true,
        heatmap: true,
        scale: None,
        ..Term::default()
    };
    assert!(!streams(&heat));
    assert!(!streams(&Json { stats: true }));
    let heat = Picture {
        heatmap: true,
        ..Picture::default()
    };
    assert!(!streams(&Png(heat)));
    assert!(!streams(&mazegen::render::Svg(Picture::default())));
    // A heat map asks for color: uncolored, it is left out, and the output streams.
    let plain = Term {
        color: false,
        heatmap: true,
        scale: None,
        ..Term::default()
    };
    assert!(streams(&plain));
    let error = MazeRows::new(&Backtrack::default(), 3, 3, 1).unwrap_err();
    assert_eq!(
        error.to_string(),
        "backtrack needs the whole maze in memory and cannot stream it; \
         binary-tree, sidewinder and eller can"
    );
}

#[test]
fn a_maze_taller_than_a_grid_streams_in_a_row_of_memory() {
    // 2^31 rows of cells: past the grid's 2^30 cells whatever the width. Its first tile rows
    // are those of the same maze cut short, but for the last cell row of the short one.
    let mut rows = MazeRows::new(&Eller, 20, 1 << 31, 3).unwrap();
    let short = Maze::builder()
        .algorithm(Eller)
        .cells(20, 6)
        .seed(3)
        .build()
        .unwrap();
    let grid = short.grid().unwrap();
    for y in 0..5 {
        let cells = rows.next_row().unwrap();
        for (x, &cell) in cells.iter().enumerate() {
            assert_eq!(cell & 1 == 1, grid.open_east(x as u32, y), "{x},{y}");
            assert_eq!(cell & 2 == 2, grid.open_south(x as u32, y), "{x},{y}");
        }
    }
}

#[test]
fn the_command_line_streams_past_the_cell_limit_and_stops_quietly_at_a_closed_pipe() {
    // 2^31 rows of cells (a grid of them would be refused), cut off by a closed pipe after the
    // first lines: exit 0 and nothing on standard error (the seed is given).
    let binary = env!("CARGO_BIN_EXE_mazegen");
    let script = format!(
        "'{binary}' eller --width 41 --height 4294967297 --seed 3 --format text | head -n 3; \
         echo \"${{PIPESTATUS[0]}}\" >&2"
    );
    let output = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "0\n");
    let short = stdout_of(&[
        "eller", "--width", "41", "--height", "9", "--seed", "3", "--format", "text",
    ]);
    let first: Vec<&str> = short.lines().take(3).collect();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", first.join("\n"))
    );
}

#[test]
fn the_command_line_writes_streamed_mazes_as_whole_ones() {
    // The same bytes whether the maze streams or, with an option that needs the whole maze
    // but changes nothing here (a goal where it already is), is generated whole.
    for format in ["text", "json", "png"] {
        for algorithm in ["binary-tree", "sidewinder", "eller"] {
            let args = [
                algorithm, "--width", "31", "--height", "11", "--seed", "4", "--format", format,
            ];
            let streamed = mazegen().args(args).output().unwrap();
            let whole = mazegen()
                .args(args)
                .args(["--goal", "14,4"])
                .output()
                .unwrap();
            assert!(streamed.status.success() && whole.status.success());
            assert!(streamed.stdout == whole.stdout, "{algorithm} {format}");
        }
    }
}

#[test]
fn heights_past_what_a_format_counts_are_refused_with_the_flag() {
    common::assert_refused(
        &[
            "eller",
            "--width",
            "7",
            "--height",
            "8589934593",
            "--format",
            "json",
        ],
        &[
            "--height 8589934593: a maze 4294967296 cells high is taller than the 4294967295 \
             cells a JSON document can count",
        ],
    );
    common::assert_refused(
        &[
            "sidewinder",
            "--height",
            "18446744073709551615",
            "--format",
            "png",
        ],
        &["--scale 8", "more than the 1000000"],
    );
    // A row is no longer than a grid may be.
    common::assert_refused(
        &["eller", "--width", "4294967295", "--height", "3"],
        &[
            "--width 4294967295: a 2147483647x1-cell maze",
            "more than the 1073741824",
        ],
    );
    // Text counts nothing: the tallest height there is streams, its first rows those of a
    // shorter maze (but for the last row of cells, which opens east only).
    let tallest = std::process::Command::new("bash")
        .args([
            "-c",
            &format!(
                "'{}' binary-tree --width 9 --height 18446744073709551615 --seed 1 \
                 --format text | head -n 4",
                env!("CARGO_BIN_EXE_mazegen")
            ),
        ])
        .output()
        .unwrap();
    let short = stdout_of(&[
        "binary-tree",
        "--width",
        "9",
        "--height",
        "7",
        "--seed",
        "1",
        "--format",
        "text",
    ]);
    let first: Vec<&str> = short.lines().take(4).collect();
    assert_eq!(
        String::from_utf8_lossy(&tallest.stdout),
        format!("{}\n", first.join("\n"))
    );
}

/// The bytes `renderer` writes of the whole chunked maze of `generator`, `width x height`
/// cells in `chunk`-cell chunks, made as a window of all of it: the path that holds the maze.
fn whole_chunked(
    generator: &dyn Generator,
    (width, height, chunk): (u32, u32, u32),
    seed: u64,
    renderer: &dyn Render,
) -> Vec<u8> {
    let giant = Giant::new(width.into(), height.into(), Some(chunk)).unwrap();
    let all = Window {
        x: 0,
        y: 0,
        width,
        height,
    };
    let maze = giant.window(generator, seed, all).unwrap();
    let mut bytes = Vec::new();
    renderer.render(&maze, &mut bytes).unwrap();
    bytes
}

#[test]
fn chunked_mazes_stream_the_bytes_of_the_whole_maze_on_any_number_of_jobs() {
    // Ragged edges (chunks that do not divide the maze), one chunk, chunks of one cell.
    let sizes = [(9, 7, 4), (10, 8, 3), (12, 5, 16), (7, 9, 1), (20, 12, 5)];
    for generator in ["backtrack", "kruskal", "wilson", "eller", "growing-tree"] {
        let generator = common::generators()
            .into_iter()
            .find(|g| g.name() == generator)
            .unwrap();
        for (width, height, chunk) in sizes {
            let mut renderers = renderers();
            renderers.push(("npy", Box::new(NpyTiles)));
            let (cells, chunk_side) = (format!("{width}x{height}"), chunk.to_string());
            for (name, renderer) in renderers {
                let mut whole =
                    whole_chunked(generator.as_ref(), (width, height, chunk), 8, &*renderer);
                if name == "npy" {
                    let shape = [1, 2 * u64::from(height) + 1, 2 * u64::from(width) + 1];
                    whole.splice(0..0, npy_header("|u1", &shape));
                }
                let format = name.split(&[' ', ','][..]).next().unwrap();
                let colored = name == "colored term";
                let scale1 = name == "png, scale 1";
                for jobs in ["1", "3"] {
                    let mut args = vec![
                        generator.name(),
                        "--cells",
                        &cells,
                        "--chunk",
                        &chunk_side,
                        "--seed",
                        "8",
                        "--format",
                        if colored { "term" } else { format },
                        "--jobs",
                        jobs,
                    ];
                    if colored {
                        args.extend(["--color", "always"]);
                    }
                    if scale1 {
                        args.extend(["--scale", "1"]);
                    }
                    let output = mazegen().args(&args).output().unwrap();
                    assert!(output.status.success(), "{args:?}");
                    assert!(output.stdout == whole, "{args:?}");
                }
            }
        }
    }
}

#[test]
fn chunked_mazes_past_the_grid_stream_and_what_needs_them_whole_is_refused() {
    // 2^31 + cells: more than a grid holds, cut off by a closed pipe after the first lines.
    let binary = env!("CARGO_BIN_EXE_mazegen");
    let script = format!(
        "'{binary}' kruskal --width 41 --height 4294967297 --chunk 8 --seed 3 --jobs 2 \
         --format text | head -n 3; echo \"${{PIPESTATUS[0]}}\" >&2"
    );
    let output = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "0\n");
    let short = stdout_of(&[
        "kruskal", "--width", "41", "--height", "33", "--chunk", "8", "--seed", "3", "--format",
        "text",
    ]);
    let first: Vec<&str> = short.lines().take(3).collect();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", first.join("\n"))
    );
    for (option, flags) in [
        ("--solve", &["--solve"][..]),
        ("--braid", &["--braid", "0.5"]),
        ("--stats", &["--stats"]),
        ("--format svg", &["--format", "svg"]),
    ] {
        let args = [
            &["backtrack", "--size", "200001", "--chunk", "64"][..],
            flags,
        ]
        .concat();
        common::assert_refused(
            &args,
            &[
                &format!("--chunk: {option} needs the whole maze in memory"),
                "100000x100000 cells is more than a grid holds",
                &format!("leave {option} out"),
            ],
        );
    }
    common::assert_refused(
        &["backtrack", "--chunk", "4", "--format", "npy", "--solve"],
        &[
            "--chunk: --solve needs the whole maze in memory, and --format npy is written only as \
           a chunked maze is made; leave --solve out, or write the whole maze as --format term",
        ],
    );
    common::assert_refused(
        &["backtrack", "--chunk", "4", "--format", "events"],
        &[
            "--chunk: --format events does not write a chunked maze; term, text, json, graph, \
           svg, png and npy do",
        ],
    );
    common::assert_refused(
        &["backtrack", "--chunk", "8", "--width", "99999999999"],
        &[
            "--width 99999999999: a chunked maze is written a row of cells at a time",
            "add --window",
        ],
    );
}

#[test]
fn jobs_are_taken_where_chunks_or_a_dataset_use_them() {
    common::assert_refused(
        &["backtrack", "--size", "11", "--jobs", "2"],
        &[
            "--jobs 2 makes the mazes of a dataset (--count N) or the chunks of a chunked maze \
           (--chunk C) on threads",
            "leave --jobs out",
        ],
    );
    common::assert_refused(
        &[
            "backtrack",
            "--size",
            "11",
            "--jobs",
            "2",
            "--format",
            "npy",
        ],
        &["--jobs 2", "leave --jobs out"],
    );
    common::assert_refused(
        &["binary-tree", "--window", "0,0,5,5", "--jobs", "2"],
        &["--window: --jobs 2 carves the chunks of a chunked maze on threads"],
    );
    // Made whole for an option that needs it, on any number of threads.
    let args = [
        "backtrack",
        "--size",
        "41",
        "--chunk",
        "4",
        "--seed",
        "2",
        "--solve",
    ];
    let one = stdout_of(&[&args[..], &["--jobs", "1"]].concat());
    assert_eq!(stdout_of(&[&args[..], &["--jobs", "2"]].concat()), one);
    assert_eq!(stdout_of(&args), one);
}
