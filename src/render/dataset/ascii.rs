//! `ascii`: maze-dataset's `as_ascii` (`LatticeMaze.as_ascii()` of a `SolvedMaze`), which
//! `SolvedMaze.from_ascii` reads back: the tiles of a rectangle, `#` a wall, a space open, `S`
//! the start, `E` the end, `X` the path between them (cells and the passages joining them),
//! a row a line. maze-dataset's string has no newline after its last row; this format ends it
//! with one, as every text format does (`from_ascii` strips it).

use super::grids::{TileChars, path, rectangle};
use crate::maze::Maze;
use crate::render::{Holds, Many, Render, Takes};
use std::io::{self, Write};

/// maze-dataset's ASCII picture of a solved maze (rectangles).
#[derive(Debug, Clone, Copy, Default)]
pub struct Ascii;

impl Ascii {
    /// What `ascii` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        solved: true,
        many: Some(Many::Separated),
        // A lattice of cells: the outer wall has no openings.
        holds: Holds {
            openings: false,
            ..Holds::ALL
        },
        ..Takes::NOTHING
    };
}

impl Render for Ascii {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = rectangle(maze, "ascii", false)?;
        let path = path(maze)?;
        let tiles = TileChars::new(maze, grid, path.as_deref(), *b"# XSE")?;
        let mut text = Vec::with_capacity(tiles.chars.len() + tiles.chars.len() / tiles.width);
        for row in tiles.rows() {
            text.extend_from_slice(row);
            text.push(b'\n');
        }
        out.write_all(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_u_shaped_maze_as_maze_dataset_draws_it() {
        let maze = super::super::grids::u_maze();
        let mut out = Vec::new();
        Ascii.render(&maze, &mut out).unwrap();
        // Start top-left, goal bottom-right: the path runs down and across.
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "#####\n#S# #\n#X# #\n#XXE#\n#####\n"
        );
    }
}
