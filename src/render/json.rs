//! `json`: one `mazegen.maze/v1` document (see `schema/maze.v1.json`), and the document's
//! fields, shared with the reader so that writing and reading cannot drift apart.

use super::Render;
use crate::analysis::Summary;
use crate::grid::{Pos, Tile, TilePos};
use crate::maze::Maze;
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{self, Write};

/// The `schema` field of maze documents.
pub const MAZE_SCHEMA: &str = "mazegen.maze/v1";

/// JSON output: the maze, its seed and parameters, and its tile view as rows of `#` (wall) and
/// `.` (passage), pretty-printed one tile row per line; the solution (as tiles) once solved.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json {
    /// Whether to add a `stats` object (see [`Summary`]).
    pub stats: bool,
}

impl Render for Json {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let document = Document {
            schema: MAZE_SCHEMA.into(),
            generator: concat!("mazegen ", env!("CARGO_PKG_VERSION")).into(),
            algorithm: maze.algorithm().into(),
            params: Cow::Borrowed(maze.params()),
            seed: maze.seed(),
            width: maze.grid().width(),
            height: maze.grid().height(),
            tile_width: maze.grid().tile_width(),
            tile_height: maze.grid().tile_height(),
            start: maze.start(),
            goal: maze.goal(),
            perfect: maze.is_perfect(),
            braid: maze.braid().map(f64::from),
            openings: maze.has_openings(),
            tiles: TileStrings(maze),
            solution: maze.solution_tiles(),
            stats: self.stats.then(|| Summary::of(maze)),
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        out.write_all(b"\n")
    }
}

/// The fields of a `mazegen.maze/v1` document, in output order. `T` is how the tiles are held:
/// streamed from a maze when writing, strings when reading.
#[derive(Serialize, Deserialize)]
pub(crate) struct Document<'a, T> {
    pub schema: Cow<'a, str>,
    pub generator: Cow<'a, str>,
    pub algorithm: Cow<'a, str>,
    pub params: Cow<'a, serde_json::Value>,
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    pub tile_width: u64,
    pub tile_height: u64,
    pub start: Pos,
    pub goal: Pos,
    /// Derived from the tiles; written for consumers, not trusted when reading.
    #[serde(default)]
    pub perfect: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braid: Option<f64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub openings: bool,
    pub tiles: T,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<TilePos>>,
    /// Derived from the maze; written on request, recomputed rather than read.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub stats: Option<Summary>,
}

/// Serializes the picture of a maze as strings, one per tile row: `#` wall, `.` anything open.
struct TileStrings<'a>(&'a Maze);

impl Serialize for TileStrings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.grid().tile_height() as usize))?;
        let mut rows = self.0.tiles();
        let mut text = String::new();
        while let Some((_, row)) = rows.next_row() {
            text.clear();
            text.extend(row.iter().map(|&tile| match tile {
                Tile::Wall => '#',
                Tile::Passage | Tile::Path | Tile::Start | Tile::Goal => '.',
            }));
            seq.serialize_element(&text)?;
        }
        seq.end()
    }
}
