//! Streamed mazes: every format that streams writes exactly the bytes of the same maze
//! generated whole.

use mazegen::Maze;
use mazegen::algorithms::{Backtrack, Bias, BinaryTree, Eller, Generator, Sidewinder};
use mazegen::render::{Json, Picture, Png, Render, Term, Text};
use mazegen::stream::MazeRows;

/// Every renderer that streams, with each of its options that do.
fn renderers() -> Vec<(&'static str, Box<dyn Render>)> {
    vec![
        ("text", Box::new(Text)),
        ("term", Box::new(Term::default())),
        (
            "colored term",
            Box::new(Term {
                color: true,
                heatmap: false,
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
            let maze = Maze::generate(generator, width, height, 5).unwrap();
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
    let short = Maze::generate(&Eller, 20, 6, 3).unwrap();
    let grid = short.grid();
    for y in 0..5 {
        let cells = rows.next_row().unwrap();
        for (x, &cell) in cells.iter().enumerate() {
            assert_eq!(cell & 1 == 1, grid.open_east(x as u32, y), "{x},{y}");
            assert_eq!(cell & 2 == 2, grid.open_south(x as u32, y), "{x},{y}");
        }
    }
}
