//! `term`: one `●` per tile, green passage and red wall, tiles a space apart so the maze looks
//! square in a terminal.

use super::{Render, write_tile_lines};
use crate::grid::Tile;
use crate::maze::Maze;
use crossterm::Command;
use crossterm::style::{Color, ResetColor, SetForegroundColor};
use std::io::{self, Write};

const DOT: &str = "●";

/// Terminal output.
///
/// With color, every tile is a `●`: green for passage, red for wall. A color escape is written
/// only where the color changes, and every line ends with a reset so that a cut-off output (as
/// through `head`) never leaves the terminal colored. Without color, walls are `●` and passages
/// blank.
#[derive(Debug, Clone, Copy, Default)]
pub struct Term {
    /// Whether to write color escapes.
    pub color: bool,
}

impl Render for Term {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if !self.color {
            return write_tile_lines(maze, out, |row, line| {
                draw_row(row, line, |tile| match tile {
                    Tile::Wall => DOT,
                    Tile::Passage => " ",
                });
            });
        }
        let wall = format!("{}{DOT}", ansi(SetForegroundColor(Color::Red)));
        let passage = format!("{}{DOT}", ansi(SetForegroundColor(Color::Green)));
        let reset = ansi(ResetColor);
        write_tile_lines(maze, out, |row, line| {
            let mut previous = None;
            draw_row(row, line, |tile| {
                let changed = previous != Some(tile);
                previous = Some(tile);
                let glyph = match tile {
                    Tile::Wall => &wall,
                    Tile::Passage => &passage,
                };
                // Skip the escape (everything before the dot) when the color stays.
                if changed {
                    glyph
                } else {
                    &glyph[glyph.len() - DOT.len()..]
                }
            });
            line.extend_from_slice(reset.as_bytes());
        })
    }
}

/// Writes the glyphs of `row` into `line`, a space apart.
fn draw_row<'g>(row: &[Tile], line: &mut Vec<u8>, mut glyph: impl FnMut(Tile) -> &'g str) {
    for (k, &tile) in row.iter().enumerate() {
        if k > 0 {
            line.push(b' ');
        }
        line.extend_from_slice(glyph(tile).as_bytes());
    }
}

/// The ANSI escape sequence of a crossterm command.
fn ansi(command: impl Command) -> String {
    let mut escape = String::new();
    command
        .write_ansi(&mut escape)
        .expect("writing to a String cannot fail");
    escape
}
