//! `json`: one `mazegen.maze/v1` document (see `schema/maze.v1.json`).

use super::Render;
use crate::grid::{Grid, Pos, Tile};
use crate::maze::Maze;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::io::{self, Write};

/// The `schema` field of maze documents.
pub const MAZE_SCHEMA: &str = "mazegen.maze/v1";

/// JSON output: the maze, its seed and parameters, and its tile view as rows of `#` (wall) and
/// `.` (passage), pretty-printed one tile row per line.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Render for Json {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let document = Document {
            schema: MAZE_SCHEMA,
            generator: concat!("mazegen ", env!("CARGO_PKG_VERSION")),
            algorithm: maze.algorithm,
            params: &maze.params,
            seed: maze.seed,
            width: maze.grid.width(),
            height: maze.grid.height(),
            tile_width: maze.grid.tile_width(),
            tile_height: maze.grid.tile_height(),
            start: maze.start,
            goal: maze.goal,
            tiles: TileStrings(&maze.grid),
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        out.write_all(b"\n")
    }
}

/// The fields of a `mazegen.maze/v1` document, in output order.
#[derive(Serialize)]
struct Document<'a> {
    schema: &'static str,
    generator: &'static str,
    algorithm: &'static str,
    params: &'a serde_json::Value,
    seed: u64,
    width: u32,
    height: u32,
    tile_width: u64,
    tile_height: u64,
    start: Pos,
    goal: Pos,
    tiles: TileStrings<'a>,
}

/// Serializes the tile view as a sequence of strings, one row at a time.
struct TileStrings<'a>(&'a Grid);

impl Serialize for TileStrings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.tile_height() as usize))?;
        let mut rows = self.0.tile_rows();
        let mut text = String::new();
        while let Some(row) = rows.next_row() {
            text.clear();
            text.extend(row.iter().map(|&tile| match tile {
                Tile::Wall => '#',
                Tile::Passage => '.',
            }));
            seq.serialize_element(&text)?;
        }
        seq.end()
    }
}
