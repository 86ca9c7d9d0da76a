//! `term`: one `●` per tile, colored by kind (red wall or rock), tiles a space apart so the
//! picture looks square in a terminal.

use super::ink::{Ink, Palette};
use super::style::TileStyle;
use super::{Render, TileRowSource, tiles_of, write_tile_lines};
use crate::grid::Tile;
use crate::maze::{Heat, Maze};
use crate::rooms::{MapTile, RoomMap};
use std::io::{self, Write};

const DOT: &str = "●";

/// The escape that resets every color and style (SGR 0).
const RESET: &str = "\x1b[0m";

/// A color of `term` output: one of the terminal's bright basic colors, or any color of its
/// 256-color palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TermColor {
    Red,
    Green,
    Yellow,
    Blue,
    Magenta,
    Cyan,
    /// A color of the 256-color palette by its index.
    Indexed(u8),
}

impl TermColor {
    /// Its index in the 256-color palette, where the bright basic colors are 9 to 14.
    fn index(self) -> u8 {
        match self {
            TermColor::Red => 9,
            TermColor::Green => 10,
            TermColor::Yellow => 11,
            TermColor::Blue => 12,
            TermColor::Magenta => 13,
            TermColor::Cyan => 14,
            TermColor::Indexed(index) => index,
        }
    }

    /// The escape that makes it the text color: SGR `38;5;<index>`, the 256-color form, for
    /// every color.
    fn escape(self) -> String {
        format!("\x1b[38;5;{}m", self.index())
    }
}

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
        write_tile_lines(tiles, out, |y, row, line| {
            let inks = row
                .iter()
                .enumerate()
                .map(|(x, &tile)| Ink::of(tile, (x as u64, y), heat.as_ref()));
            draw_colored(inks, |ink| escapes.escape(ink), line);
        })
    }
}

impl Render<RoomMap> for Term {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        if !self.color {
            return draw_plain(tiles.rows().enumerate(), out);
        }
        let escapes = MapTile::ALL.map(|tile| tile.color().escape());
        write_tile_lines(tiles.rows().enumerate(), out, |_, row, line| {
            draw_colored(row.iter().copied(), |tile| &escapes[tile as usize], line);
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
/// ink's `escape`, and a reset at the end.
#[inline]
fn draw_colored<'e, I: Copy + PartialEq>(
    inks: impl Iterator<Item = I>,
    escape: impl Fn(I) -> &'e str,
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
    line.extend_from_slice(RESET.as_bytes());
}

/// The color escape of every ink, built once per rendering.
struct Escapes {
    tiles: Vec<String>,
    heat: Vec<String>,
}

impl Escapes {
    fn new() -> Self {
        let dot = |ink| term_color(ink).escape();
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
fn term_color(ink: Ink) -> TermColor {
    match ink {
        Ink::Plain(tile) => tile.color(),
        Ink::Heat(_) => {
            // The 6x6x6 color cube of the 256-color palette.
            let [r, g, b] = Palette::COLOR
                .rgb(ink)
                .map(|c| (u16::from(c) * 5 + 127) / 255);
            TermColor::Indexed((16 + 36 * r + 6 * g + b) as u8)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_are_written_as_256_color_escapes() {
        let escapes = [
            (TermColor::Red, "\x1b[38;5;9m"),
            (TermColor::Green, "\x1b[38;5;10m"),
            (TermColor::Yellow, "\x1b[38;5;11m"),
            (TermColor::Blue, "\x1b[38;5;12m"),
            (TermColor::Magenta, "\x1b[38;5;13m"),
            (TermColor::Cyan, "\x1b[38;5;14m"),
            (TermColor::Indexed(0), "\x1b[38;5;0m"),
            (TermColor::Indexed(255), "\x1b[38;5;255m"),
        ];
        for (color, escape) in escapes {
            assert_eq!(color.escape(), escape, "{color:?}");
        }
    }

    #[test]
    fn heat_runs_through_the_color_cube() {
        // The palette's first heat color [40, 210, 60] is cube color (1, 4, 1), its last
        // [110, 40, 210] is (2, 1, 4).
        assert_eq!(
            term_color(Ink::Heat(0)),
            TermColor::Indexed(16 + 36 + 4 * 6 + 1)
        );
        let last = Ink::HEAT_LEVELS - 1;
        assert_eq!(
            term_color(Ink::Heat(last)),
            TermColor::Indexed(16 + 72 + 6 + 4)
        );
    }
}
