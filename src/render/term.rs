//! `term`: one `●` per tile, green passage and red wall, tiles a space apart so the maze looks
//! square in a terminal.

use super::ink::{Ink, Palette};
use super::{Render, write_tile_lines};
use crate::grid::Tile;
use crate::maze::{Heat, Maze};
use crossterm::Command;
use crossterm::style::{Color, ResetColor, SetForegroundColor};
use std::io::{self, Write};

const DOT: &str = "●";

/// Terminal output.
///
/// With color, every tile is a `●`: green passage, red wall, yellow solution, blue start,
/// magenta goal, and with a heat map passages shade from green (near the start) to blue. A color
/// escape is written only where the color changes, and every line ends with a reset so that a
/// cut-off output (as through `head`) never leaves the terminal colored.
///
/// Without color, walls are `●`, passages blank, the solution `·`, start `S` and goal `G`; a heat
/// map needs color and is left out.
#[derive(Debug, Clone, Copy, Default)]
pub struct Term {
    /// Whether to write color escapes.
    pub color: bool,
    /// Whether to shade passages by their distance from the start (with color only).
    pub heatmap: bool,
}

impl Render for Term {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if !self.color {
            return write_tile_lines(maze, out, |_, row, line| {
                draw_row(row, line, |tile| match tile {
                    Tile::Wall => DOT,
                    Tile::Passage => " ",
                    Tile::Path => "·",
                    Tile::Start => "S",
                    Tile::Goal => "G",
                });
            });
        }
        let heat = self.heatmap.then(|| Heat::new(maze));
        let escapes = Escapes::new();
        let reset = ansi(ResetColor);
        write_tile_lines(maze, out, |y, row, line| {
            let mut previous = None;
            for (x, &tile) in row.iter().enumerate() {
                if x > 0 {
                    line.push(b' ');
                }
                let ink = Ink::of(tile, (x as u64, y), heat.as_ref());
                if previous != Some(ink) {
                    line.extend_from_slice(escapes.escape(ink).as_bytes());
                    previous = Some(ink);
                }
                // A fixed-size copy: this is the hot loop of large mazes.
                line.extend_from_slice(DOT.as_bytes());
            }
            line.extend_from_slice(reset.as_bytes());
        })
    }
}

/// Writes the glyphs of `row` into `line`, a space apart.
fn draw_row(row: &[Tile], line: &mut Vec<u8>, glyph: impl Fn(Tile) -> &'static str) {
    for (x, &tile) in row.iter().enumerate() {
        if x > 0 {
            line.push(b' ');
        }
        line.extend_from_slice(glyph(tile).as_bytes());
    }
}

/// The color escape of every ink, built once per rendering.
struct Escapes {
    tiles: Vec<String>,
    heat: Vec<String>,
}

impl Escapes {
    fn new() -> Self {
        let dot = |ink| ansi(SetForegroundColor(term_color(ink)));
        Self {
            tiles: TILES.map(|tile| dot(Ink::Plain(tile))).to_vec(),
            heat: (0..Ink::HEAT_LEVELS)
                .map(|level| dot(Ink::Heat(level)))
                .collect(),
        }
    }

    fn escape(&self, ink: Ink) -> &str {
        match ink {
            Ink::Plain(tile) => &self.tiles[tile as usize],
            Ink::Heat(level) => &self.heat[usize::from(level)],
        }
    }
}

/// Every tile kind in declaration order, so that `tile as usize` indexes [`Escapes`].
const TILES: [Tile; 5] = [
    Tile::Wall,
    Tile::Passage,
    Tile::Path,
    Tile::Start,
    Tile::Goal,
];

/// The terminal color of `ink`: the 16 basic colors for tiles, the 256-color palette's nearest
/// color for heat.
fn term_color(ink: Ink) -> Color {
    match ink {
        Ink::Plain(Tile::Wall) => Color::Red,
        Ink::Plain(Tile::Passage) => Color::Green,
        Ink::Plain(Tile::Path) => Color::Yellow,
        Ink::Plain(Tile::Start) => Color::Blue,
        Ink::Plain(Tile::Goal) => Color::Magenta,
        Ink::Heat(_) => {
            // The 6x6x6 color cube of the 256-color palette.
            let [r, g, b] = Palette::COLOR
                .rgb(ink)
                .map(|c| (u16::from(c) * 5 + 127) / 255);
            Color::AnsiValue((16 + 36 * r + 6 * g + b) as u8)
        }
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
