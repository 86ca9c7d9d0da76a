//! `json`: one `mazegen.maze/v1` document (see `schema/maze.v1.json`), and the document's
//! fields, shared with the reader so that writing and reading cannot drift apart.

use super::Render;
use crate::analysis::Summary;
use crate::grid::{Pos, Tile, TilePos, empty_vec};
use crate::maze::{Maze, MazeTiles};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::cell::RefCell;
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
        let stats = self.stats.then(|| Summary::of(maze)).transpose();
        let tiles = TileStrings::new(maze);
        let document = Document {
            schema: MAZE_SCHEMA.into(),
            generator: crate::GENERATOR.into(),
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
            tiles: tiles.map_err(io::Error::other)?,
            solution: maze.solution().map(|_| SolutionTiles(maze)),
            stats: stats.map_err(io::Error::other)?,
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        out.write_all(b"\n")
    }
}

/// The fields of a `mazegen.maze/v1` document, in output order. `T` is how the tiles are held
/// and `S` how the solution is: streamed from a maze when writing, read into memory when
/// reading.
#[derive(Serialize, Deserialize)]
pub(crate) struct Document<'a, T, S = Vec<TilePos>> {
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
    pub solution: Option<S>,
    /// Derived from the maze; written on request, recomputed rather than read.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub stats: Option<Summary>,
}

/// Serializes the picture of a maze as strings, one per tile row: `#` wall, `.` anything open.
/// Each row is drawn as it is written, into one line reserved beforehand.
struct TileStrings<'a> {
    height: u64,
    rows: RefCell<(MazeTiles<'a>, Vec<u8>)>,
}

impl<'a> TileStrings<'a> {
    /// Reserves the tile rows and the line, so a maze too large for them is an error.
    fn new(maze: &'a Maze) -> crate::Result<Self> {
        let grid = maze.grid();
        let tiles = usize::try_from(grid.tile_width()).unwrap_or(usize::MAX);
        let line = empty_vec(grid.width(), grid.height(), tiles)?;
        Ok(Self {
            height: grid.tile_height(),
            rows: RefCell::new((maze.tiles()?, line)),
        })
    }
}

impl Serialize for TileStrings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.height as usize))?;
        let (rows, line) = &mut *self.rows.borrow_mut();
        // Bytes drawn straight from the cells, checked as UTF-8 at once: 5.9 -> 1.9 ms at
        // 1000x1000 cells.
        while rows.draw_next_row(json_tile, line).is_some() {
            let line = std::str::from_utf8(line).expect("'#' and '.' are ASCII");
            seq.serialize_element(line)?;
        }
        seq.end()
    }
}

/// The character of `tile` in a document's tile rows: `#` for wall, `.` for anything open.
#[inline]
pub(crate) const fn json_tile(tile: Tile) -> u8 {
    match tile {
        Tile::Wall => b'#',
        Tile::Passage | Tile::Path | Tile::Start | Tile::Goal => b'.',
    }
}

/// Serializes the solution of a solved maze as tile positions, drawn as they are written.
struct SolutionTiles<'a>(&'a Maze);

impl Serialize for SolutionTiles<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.solution_tiles().into_iter().flatten())
    }
}
