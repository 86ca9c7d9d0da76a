//! `term`: one `●` per tile, colored by kind (red wall or rock), tiles a space apart so the
//! picture looks square in a terminal.

use super::ink::{Ink, Palette};
use super::style::TileStyle;
use super::{Render, TileRowSource, tiles_of, write_tile_lines};
use crate::grid::Tile;
use crate::maze::{Heat, Maze};
use crate::rooms::{MapTile, RoomMap};
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
///
/// Room maps: red rock, cyan rooms, green corridors, yellow doors; without color, rock `●`,
/// rooms blank, corridors `·` and doors `+`. The heat map is for mazes only.
#[derive(Debug, Clone, Copy, Default)]
pub struct Term {
    /// Whether to write color escapes.
    pub color: bool,
    /// Whether to shade passages by their distance from the start (with color only).
    pub heatmap: bool,
}

impl Render for Term {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let tiles = maze.tiles().map_err(io::Error::other)?;
        if !self.color {
            return draw_plain(tiles, out);
        }
        let heat = self.heatmap.then(|| Heat::new(maze)).transpose();
        let heat = heat.map_err(io::Error::other)?;
        let escapes = Escapes::new();
        let reset = ansi(ResetColor);
        write_tile_lines(tiles, out, |y, row, line| {
            let inks = row
                .iter()
                .enumerate()
                .map(|(x, &tile)| Ink::of(tile, (x as u64, y), heat.as_ref()));
            draw_colored(inks, |ink| escapes.escape(ink), &reset, line);
        })
    }
}

impl Render<RoomMap> for Term {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        if !self.color {
            return draw_plain(tiles.rows().enumerate(), out);
        }
        let escapes = MapTile::ALL.map(|tile| ansi(SetForegroundColor(tile.color())));
        let reset = ansi(ResetColor);
        write_tile_lines(tiles.rows().enumerate(), out, |_, row, line| {
            draw_colored(
                row.iter().copied(),
                |tile| &escapes[tile as usize],
                &reset,
                line,
            );
        })
    }
}

/// Writes `rows` without color: every tile's glyph, a space apart.
fn draw_plain<S: TileRowSource<Tile: TileStyle>>(rows: S, out: &mut dyn Write) -> io::Result<()> {
    write_tile_lines(rows, out, |_, row, line| {
        for (x, &tile) in row.iter().enumerate() {
            if x > 0 {
                line.push(b' ');
            }
            line.extend_from_slice(tile.glyph().as_bytes());
        }
    })
}

/// Writes one colored line: a `●` per ink, a space apart, each change of ink preceded by the
/// ink's `escape`, and `reset` at the end.
#[inline]
fn draw_colored<'e, I: Copy + PartialEq>(
    inks: impl Iterator<Item = I>,
    escape: impl Fn(I) -> &'e str,
    reset: &str,
    line: &mut Vec<u8>,
) {
    let mut previous = None;
    for (x, ink) in inks.enumerate() {
        if x > 0 {
            line.push(b' ');
        }
        if previous != Some(ink) {
            line.extend_from_slice(escape(ink).as_bytes());
            previous = Some(ink);
        }
        // A fixed-size copy: this is the hot loop of large mazes.
        line.extend_from_slice(DOT.as_bytes());
    }
    line.extend_from_slice(reset.as_bytes());
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

/// The terminal color of `ink`: the tile's own for tiles, the 256-color palette's nearest
/// color for heat.
fn term_color(ink: Ink) -> Color {
    match ink {
        Ink::Plain(tile) => tile.color(),
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
