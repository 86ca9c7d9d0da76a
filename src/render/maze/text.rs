//! `text`: one character per tile, one line per tile row, no escapes. Mazes: `#` for wall,
//! space for passage, `.` for the solution with `S` and `G` at its ends. Hexagons, triangles
//! and rings in lines, walls in half blocks (see `lines/blocks.rs`). Room maps: `#` rock,
//! space room, `.` corridor, `+` door.

use super::rows::{DrawRows, StreamTiles};
use crate::algorithms::stream::MazeRows;
use crate::maze::Maze;
use crate::render::lines::{Blocks, maze_blocks};
use crate::render::style::TileStyle;
use crate::render::{Many, Render, RenderRows, Takes};
use std::io::{self, Write};

/// Plain-text output for files and diffs.
///
/// Hexagon, triangle and polar mazes are drawn in lines, two pixels a character: walls in
/// blocks (`▀`, `▄`, `█`), and where a character has no wall, `.` on the solution, `S` in the
/// start and `G` in the goal.
#[derive(Debug, Clone, Copy, Default)]
pub struct Text {
    /// Pixels per cell unit of a maze drawn in lines; `None` for its shape's
    /// [`term_scale`](crate::render::term_scale).
    pub scale: Option<u32>,
}

impl Text {
    /// What `text` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        blocks: true,
        many: Some(Many::Separated),
        entities: true,
        ..Takes::NOTHING
    };
}

impl Render for Text {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if maze.grid().is_none() {
            return maze_blocks(maze, Blocks::Text, self.scale, false, out);
        }
        write_text(maze.tiles().map_err(io::Error::other)?, out)
    }

    fn streams(&self) -> Option<&dyn RenderRows> {
        Some(self)
    }
}

impl RenderRows for Text {
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()> {
        write_text(StreamTiles::new(rows).map_err(io::Error::other)?, out)
    }
}

/// Writes the tile rows of a maze, a line each.
fn write_text(mut tiles: impl DrawRows, out: &mut dyn Write) -> io::Result<()> {
    let mut line = Vec::new();
    // Characters straight from the cells, no row of tiles between: 1.56 -> 0.58 ms at
    // 1000x1000 cells.
    while tiles.draw_next_row(TileStyle::text, &mut line).is_some() {
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}
