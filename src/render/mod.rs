//! Output formats, one file each, all behind the [`Render`] interface.
//!
//! Renderers know nothing about algorithms: they read a model (a [`Maze`] or a [`RoomMap`])
//! and write bytes. `term` and `text` draw the tiles of either with the same code, each kind of
//! tile having its color and glyphs (`TileStyle`).

mod dot;
mod graph;
mod ink;
pub(crate) mod json;
mod lines;
mod png;
mod rooms_json;
mod style;
mod svg;
mod term;
mod text;

pub use dot::Dot;
pub use graph::{GRAPH_SCHEMA, Graph};
pub use ink::{Ink, Palette, Picture, Rgb, Style};
pub use json::{Json, MAZE_SCHEMA};
pub use png::Png;
pub use rooms_json::ROOMS_SCHEMA;
pub use svg::Svg;
pub use term::Term;
pub use text::Text;

use crate::grid::Tile;
use crate::maze::{Maze, MazeTiles};
use crate::rooms::{RoomMap, TileMap};
use std::io::{self, Write};

/// Writes a model, a [`Maze`] unless said otherwise, in one output format.
pub trait Render<M: ?Sized = Maze> {
    /// Writes `model` to `out`. Callers pass a buffered writer; renderers write whole lines.
    fn render(&self, model: &M, out: &mut dyn Write) -> io::Result<()>;
}

/// Rows of tiles from top to bottom, each with its number, borrowed until the next is asked
/// for.
trait TileRowSource {
    /// The kind of tile.
    type Tile: Copy;
    /// The next row and its number, or `None` after the last one.
    fn next_row(&mut self) -> Option<(u64, &[Self::Tile])>;
}

impl TileRowSource for MazeTiles<'_> {
    type Tile = Tile;

    fn next_row(&mut self) -> Option<(u64, &[Tile])> {
        MazeTiles::next_row(self)
    }
}

/// The rows of a room map's [`TileMap`].
impl<T: Copy> TileRowSource for std::iter::Enumerate<std::slice::Chunks<'_, T>> {
    type Tile = T;

    fn next_row(&mut self) -> Option<(u64, &[T])> {
        self.next().map(|(y, row)| (y as u64, row))
    }
}

/// The tile map of `map`, or an error for a map generated without a layout.
fn tiles_of(map: &RoomMap) -> io::Result<TileMap> {
    map.tile_map().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "this room map was generated without a tile map to draw",
        )
    })
}

/// Writes `rows` one line per tile row, `draw` turning a row (its number and tiles) into the
/// bytes of that line (without the newline).
fn write_tile_lines<S: TileRowSource>(
    mut rows: S,
    out: &mut dyn Write,
    mut draw: impl FnMut(u64, &[S::Tile], &mut Vec<u8>),
) -> io::Result<()> {
    let mut line = Vec::new();
    while let Some((y, row)) = rows.next_row() {
        line.clear();
        draw(y, row, &mut line);
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}
