//! Rendering speed: the `term` (color on, no heat map), `json` (no stats) and `text` renderers
//! on one 1000x1000-cell (2001x2001-tile) backtrack maze, generated once with a fixed seed
//! outside the timing, each beside `before/...`: the renderer as it was before it was made
//! table-driven (tile rows built one push at a time, bytes mapped one tile at a time), kept here
//! from the library's public interface so that both run in the same process.
//!
//! Output goes into one reused `Vec<u8>`, cleared before each iteration and sized by a first
//! render so it never grows while timed: this counts the copy into memory that the binary's
//! `BufWriter` also pays, but no system call. Throughput is the output size in bytes.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use mazegen::Maze;
use mazegen::algorithms::Backtrack;
use mazegen::grid::Tile;
use mazegen::render::{Json, Render, Term, Text};
use std::io::{self, Write};
use std::time::Duration;

/// The seed of the rendered maze.
const SEED: u64 = 42;

/// Width and height of the rendered maze in cells.
const SIDE: u32 = 1000;

fn render(c: &mut Criterion) {
    let maze = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(SIDE, SIDE)
        .seed(SEED)
        .build()
        .expect("valid size");
    let renderers: [(&str, &dyn Render); 6] = [
        (
            "term",
            &Term {
                color: true,
                ..Term::default()
            },
        ),
        ("before/term", &before::Term),
        ("json", &Json::default()),
        ("before/json", &before::Json),
        ("text", &Text::default()),
        ("before/text", &before::Text),
    ];
    let mut group = c.benchmark_group("render");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for (name, renderer) in renderers {
        let mut out = Vec::new();
        renderer.render(&maze, &mut out).expect("render to memory");
        if let Some(now) = name.strip_prefix("before/") {
            // The same bytes as the renderer of today.
            let (_, current) = renderers.iter().find(|(n, _)| *n == now).expect("listed");
            let mut expected = Vec::new();
            current.render(&maze, &mut expected).expect("render");
            assert!(out == expected, "{name} writes other bytes");
        }
        group.throughput(Throughput::Bytes(out.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                renderer.render(&maze, &mut out).expect("render to memory");
            });
        });
    }
    group.finish();
}

/// The renderers as they were, for mazes without a solution or openings.
mod before {
    use super::*;
    use mazegen::grid::Grid;

    /// The tile rows, one push per tile.
    fn for_each_row(
        grid: &Grid,
        mut draw: impl FnMut(&[Tile]) -> io::Result<()>,
    ) -> io::Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let open = |open: bool| if open { Tile::Passage } else { Tile::Wall };
        let mut row = Vec::new();
        for ty in 0..grid.tile_height() {
            row.clear();
            row.push(Tile::Wall);
            if ty % 2 == 1 {
                let y = (ty / 2) as u32;
                for x in 0..w {
                    row.push(Tile::Passage);
                    row.push(open(grid.open_east(x, y)));
                }
            } else if ty == 0 || ty + 1 == grid.tile_height() {
                row.resize(grid.tile_width() as usize, Tile::Wall);
            } else {
                let y = (ty / 2 - 1) as u32;
                for x in 0..w {
                    row.push(open(y + 1 < h && grid.open_south(x, y)));
                    row.push(Tile::Wall);
                }
            }
            draw(&row)?;
        }
        Ok(())
    }

    pub struct Text;

    impl Render for Text {
        fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
            let mut line = Vec::new();
            for_each_row(maze.grid().unwrap(), |row| {
                line.clear();
                line.extend(row.iter().map(|&tile| match tile {
                    Tile::Wall => b'#',
                    _ => b' ',
                }));
                line.push(b'\n');
                out.write_all(&line)
            })
        }
    }

    pub struct Term;

    impl Render for Term {
        fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
            let escape = |tile| match tile {
                Tile::Wall => "\x1b[38;5;9m",
                _ => "\x1b[38;5;10m",
            };
            let mut line = Vec::new();
            for_each_row(maze.grid().unwrap(), |row| {
                line.clear();
                let mut previous = None;
                for (x, &tile) in row.iter().enumerate() {
                    if x > 0 {
                        line.push(b' ');
                    }
                    if previous != Some(tile) {
                        line.extend_from_slice(escape(tile).as_bytes());
                        previous = Some(tile);
                    }
                    line.extend_from_slice("●".as_bytes());
                }
                line.extend_from_slice(b"\x1b[0m\n");
                out.write_all(&line)
            })
        }
    }

    /// The fields of a document of a maze without a solution, in their order.
    #[derive(serde::Serialize)]
    struct Document<'a> {
        schema: &'a str,
        generator: &'a str,
        algorithm: &'a str,
        params: &'a serde_json::Value,
        seed: u64,
        width: u32,
        height: u32,
        tile_width: u64,
        tile_height: u64,
        start: mazegen::grid::Pos,
        goal: mazegen::grid::Pos,
        perfect: bool,
        tiles: Vec<String>,
    }

    /// Writes the document through serde as today, the tile rows built as `String`s a char at
    /// a time.
    pub struct Json;

    impl Render for Json {
        fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
            let mut rows = Vec::new();
            for_each_row(maze.grid().unwrap(), |row| {
                rows.push(
                    row.iter()
                        .map(|&tile| if tile == Tile::Wall { '#' } else { '.' })
                        .collect::<String>(),
                );
                Ok(())
            })?;
            let grid = maze.grid().unwrap();
            let document = Document {
                schema: mazegen::document::MAZE_SCHEMA,
                generator: mazegen::GENERATOR,
                algorithm: maze.algorithm(),
                params: maze.params(),
                seed: maze.seed(),
                width: grid.width(),
                height: grid.height(),
                tile_width: grid.tile_width(),
                tile_height: grid.tile_height(),
                start: maze.start_pos(),
                goal: maze.goal_pos(),
                perfect: maze.is_perfect(),
                tiles: rows,
            };
            serde_json::to_writer_pretty(&mut *out, &document)?;
            out.write_all(b"\n")
        }
    }
}

criterion_group!(benches, render);
criterion_main!(benches);
