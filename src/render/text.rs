//! `text`: `#` for wall, space for passage, `.` for the solution with `S` and `G` at its ends,
//! one line per tile row, no escapes.

use super::{Render, write_tile_lines};
use crate::grid::Tile;
use crate::maze::Maze;
use std::io::{self, Write};

/// Plain-text output for files and diffs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Text;

impl Render for Text {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        write_tile_lines(maze, out, |_, row, line| {
            line.extend(row.iter().map(|&tile| match tile {
                Tile::Wall => b'#',
                Tile::Passage => b' ',
                Tile::Path => b'.',
                Tile::Start => b'S',
                Tile::Goal => b'G',
            }));
        })
    }
}
