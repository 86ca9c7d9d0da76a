//! Output formats, one file each, all behind the [`Render`] interface.
//!
//! Renderers know nothing about algorithms: they read a [`Maze`] and write bytes.

mod ink;
pub(crate) mod json;
mod png;
mod svg;
mod term;
mod text;

pub use ink::{Ink, Palette, Picture, Rgb};
pub use json::{Json, MAZE_SCHEMA};
pub use png::Png;
pub use svg::Svg;
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

/// Writes the picture of `maze` one line per tile row, `draw` turning a row (its index and
/// tiles) into the bytes of that line (without the newline).
fn write_tile_lines(
    maze: &Maze,
    out: &mut dyn Write,
    mut draw: impl FnMut(u64, &[Tile], &mut Vec<u8>),
) -> io::Result<()> {
    let mut rows = maze.tiles();
    let mut line = Vec::new();
    while let Some((y, row)) = rows.next_row() {
        line.clear();
        draw(y, row, &mut line);
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}
