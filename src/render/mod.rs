//! Output formats, one file each, all behind the [`Render`] interface.
//!
//! Renderers know nothing about algorithms: they read a [`Maze`] and write bytes.

mod json;
mod term;
mod text;

pub use json::{Json, MAZE_SCHEMA};
pub use term::Term;
pub use text::Text;

use crate::grid::Tile;
use crate::maze::Maze;
use std::io::{self, Write};

/// Writes a maze in one output format.
pub trait Render {
    /// Writes `maze` to `out`. Callers pass a buffered writer; renderers write whole lines.
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()>;
}

/// Writes the tile view of `maze` one line per tile row, `draw` turning a row into the bytes of
/// that line (without the newline).
fn write_tile_lines(
    maze: &Maze,
    out: &mut dyn Write,
    mut draw: impl FnMut(&[Tile], &mut Vec<u8>),
) -> io::Result<()> {
    let mut rows = maze.grid.tile_rows();
    let mut line = Vec::new();
    while let Some(row) = rows.next_row() {
        line.clear();
        draw(row, &mut line);
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}
