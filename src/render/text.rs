//! `text`: one character per tile (`#` for wall or rock), one line per tile row, no escapes.

use super::{Render, TileLook, TileRowSource, tiles_of, write_tile_lines};
use crate::maze::Maze;
use crate::rooms::RoomMap;
use std::io::{self, Write};

/// Plain-text output for files and diffs: mazes as `#` wall and space passage; room maps as `#`
/// rock, space room floor, `.` corridor and `+` door.
#[derive(Debug, Clone, Copy, Default)]
pub struct Text;

impl Text {
    fn draw<S: TileRowSource>(rows: S, out: &mut dyn Write) -> io::Result<()> {
        write_tile_lines(rows, out, |row, line| {
            line.extend(row.iter().map(|&tile| tile.text()));
        })
    }
}

impl Render for Text {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        Self::draw(maze.grid.tile_rows(), out)
    }
}

impl Render<RoomMap> for Text {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        Self::draw(tiles_of(map)?.rows(), out)
    }
}
