//! `term`: one `●` per tile, colored by kind (red wall or rock), tiles a space apart so the
//! picture looks square in a terminal.

use super::{Render, TileLook, TileRowSource, tiles_of, write_tile_lines};
use crate::maze::Maze;
use crate::rooms::RoomMap;
use crossterm::Command;
use crossterm::style::{ResetColor, SetForegroundColor};
use std::io::{self, Write};

const DOT: &str = "●";

/// Terminal output.
///
/// With color, every tile is a `●`: for mazes green passage and red wall; for room maps red
/// rock, blue room floor, green corridor and yellow door. A color escape is written only where
/// the color changes, and every line ends with a reset so that a cut-off output (as through
/// `head`) never leaves the terminal colored. Without color, walls and rock are `●`, passages
/// and room floors blank, corridors `·` and doors `+`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Term {
    /// Whether to write color escapes.
    pub color: bool,
}

impl Term {
    fn draw<S: TileRowSource>(&self, rows: S, out: &mut dyn Write) -> io::Result<()> {
        if !self.color {
            return write_tile_lines(rows, out, |row, line| {
                draw_row(row, line, |tile| tile.plain());
            });
        }
        let glyphs: Vec<String> = S::Tile::ALL
            .iter()
            .map(|tile| format!("{}{DOT}", ansi(SetForegroundColor(tile.color()))))
            .collect();
        let reset = ansi(ResetColor);
        write_tile_lines(rows, out, |row, line| {
            let mut previous = None;
            draw_row(row, line, |tile| {
                let changed = previous != Some(tile);
                previous = Some(tile);
                let glyph = &glyphs[tile.index()];
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

impl Render for Term {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        self.draw(maze.grid.tile_rows(), out)
    }
}

impl Render<RoomMap> for Term {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        self.draw(tiles_of(map)?.rows(), out)
    }
}

/// Writes the glyphs of `row` into `line`, a space apart.
fn draw_row<'g, T: Copy>(row: &[T], line: &mut Vec<u8>, mut glyph: impl FnMut(T) -> &'g str) {
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
