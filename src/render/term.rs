//! `term`: one `●` per tile, colored by kind (red wall or rock), tiles a space apart so the
//! picture looks square in a terminal; hexagons, triangles and rings in half blocks (see
//! `lines/blocks.rs`).

use super::ink::{Ink, shade};
use super::lines::{Blocks, maze_blocks};
use super::style::{TermColor, TileStyle, term_color};
use super::{DrawRows, Render, RenderRows, StreamTiles, TileRowSource, tiles_of};
use super::{Many, Takes};
use crate::grid::Tile;
use crate::level::{Level, MapTile};
use crate::maze::{Heat, Maze};
use crate::stream::MazeRows;
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
/// Hexagon, triangle and polar mazes are drawn in lines, two pixels a character in half blocks
/// (`▀` in the same colors; without color, walls in blocks and the marks above where a
/// character has no wall), `scale` pixels per cell unit.
///
/// Room maps: red rock, cyan rooms, green corridors, yellow doors; without color, rock `●`,
/// rooms blank, corridors `·` and doors `+`. The heat map is for mazes only.
#[derive(Debug, Clone, Copy, Default)]
pub struct Term {
    /// Whether to write color escapes.
    pub color: bool,
    /// Whether to shade passages by their distance from the start (with color only).
    pub heatmap: bool,
    /// Pixels per cell unit of a maze drawn in lines; `None` for its shape's
    /// [`term_scale`](super::term_scale).
    pub scale: Option<u32>,
}

impl Term {
    /// What `term` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        blocks: true,
        heatmap: true,
        many: Some(Many::Separated),
        ..Takes::NOTHING
    };
}

impl Render for Term {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if maze.grid().is_none() {
            let blocks = if self.color {
                Blocks::Colored
            } else {
                Blocks::Plain
            };
            return maze_blocks(maze, blocks, self.scale, self.heatmap, out);
        }
        let mut tiles = maze.tiles().map_err(io::Error::other)?;
        let heat = (self.color && self.heatmap)
            .then(|| Heat::new(maze))
            .transpose();
        let heat = heat.map_err(io::Error::other)?;
        write_term_lines(&self.maze_pieces(), out, |numbers| {
            let y = tiles.draw_next_row(|tile| Ink::Plain(tile).number(), numbers)?;
            if let Some(heat) = &heat {
                shade(numbers, y, heat);
            }
            Some(())
        })
    }

    fn streams(&self) -> Option<&dyn RenderRows> {
        (!(self.color && self.heatmap)).then_some(self)
    }
}

impl RenderRows for Term {
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()> {
        let mut tiles = StreamTiles::new(rows).map_err(io::Error::other)?;
        write_term_lines(&self.maze_pieces(), out, |numbers| {
            tiles
                .draw_next_row(|tile| Ink::Plain(tile).number(), numbers)
                .map(drop)
        })
    }
}

impl Term {
    /// The pieces of a maze's tiles: every ink's `●` with color, the tiles' glyphs without.
    fn maze_pieces(&self) -> Pieces {
        if self.color {
            Pieces::colored(Ink::all().map(term_color))
        } else {
            Pieces::plain(Ink::all().map(|ink| match ink {
                Ink::Plain(tile) => tile.glyph(),
                // Heat needs color: never drawn plain.
                Ink::Heat(_) => Tile::Passage.glyph(),
            }))
        }
    }
}

impl<L: Level> Render<L> for Term {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        let pieces = if self.color {
            Pieces::colored(MapTile::ALL.map(TileStyle::color).into_iter())
        } else {
            Pieces::plain(MapTile::ALL.iter().map(|tile| tile.glyph()))
        };
        let mut rows = tiles.rows().enumerate();
        write_term_lines(&pieces, out, |numbers| {
            let (_, row) = rows.next_row()?;
            numbers.clear();
            numbers.extend(row.iter().map(|&tile| tile as u8));
            Some(())
        })
    }
}

/// Writes one `term` line per tile row: `next_row` draws the next row as the numbers of its
/// inks, which index `pieces`, or says there is none.
fn write_term_lines(
    pieces: &Pieces,
    out: &mut dyn Write,
    mut next_row: impl FnMut(&mut Vec<u8>) -> Option<()>,
) -> io::Result<()> {
    let (mut numbers, mut line) = (Vec::new(), Vec::new());
    while next_row(&mut numbers).is_some() {
        let len = pieces.draw(&numbers, &mut line)?;
        out.write_all(&line[..len])?;
    }
    Ok(())
}

/// A piece of a `term` line, up to [`Piece::MAX`] bytes, copied whole whatever its length.
#[derive(Debug, Clone, Copy)]
struct Piece {
    bytes: [u8; Piece::MAX],
    len: usize,
}

impl Piece {
    /// The longest piece: a space, the longest escape (`\x1b[38;5;255m`, 11 bytes) and `●`.
    const MAX: usize = 16;

    fn new(parts: &[&str]) -> Self {
        let mut bytes = [0; Self::MAX];
        let mut len = 0;
        for part in parts {
            bytes[len..len + part.len()].copy_from_slice(part.as_bytes());
            len += part.len();
        }
        Self { bytes, len }
    }
}

/// The pieces each tile of a `term` line is drawn with, by the number of its ink: a line is
/// the first tile's piece, then for every other tile its piece with a space before it (and its
/// escape where the ink changes), then the end.
///
/// Table-driven, one fixed-size copy per tile: 1000x1000-cell colored term 16.4 -> 6.2 ms.
#[derive(Debug)]
struct Pieces {
    /// The first tile of a line, by ink.
    first: Vec<Piece>,
    /// A later tile, at `2 * ink` in the ink of the tile before it and `2 * ink + 1` in another.
    later: Vec<Piece>,
    /// What ends every line.
    end: &'static str,
}

impl Pieces {
    /// A `●` in each of `colors` (a space for `None`), an escape wherever the color changes, a
    /// reset at the end.
    fn colored(colors: impl Iterator<Item = Option<TermColor>>) -> Self {
        let mut pieces = Self {
            first: Vec::new(),
            later: Vec::new(),
            end: "\x1b[0m\n",
        };
        for color in colors {
            let Some(color) = color else {
                pieces.first.push(Piece::new(&[" "]));
                pieces.later.extend([Piece::new(&["  "]); 2]);
                continue;
            };
            let escape = color.escape();
            pieces.first.push(Piece::new(&[&escape, DOT]));
            pieces.later.push(Piece::new(&[" ", DOT]));
            pieces.later.push(Piece::new(&[" ", &escape, DOT]));
        }
        pieces
    }

    /// The uncolored glyph of each of `glyphs`, by ink number.
    fn plain(glyphs: impl Iterator<Item = &'static str> + Clone) -> Self {
        let first = glyphs.clone().map(|glyph| Piece::new(&[glyph])).collect();
        let later = glyphs
            .flat_map(|glyph| [Piece::new(&[" ", glyph]); 2])
            .collect();
        Self {
            first,
            later,
            end: "\n",
        }
    }

    /// Draws the line of the inks `codes` into `line` and returns its length. `line` is grown
    /// once to the longest line and kept at that length, so that no line is cleared.
    #[inline]
    fn draw(&self, codes: &[u8], line: &mut Vec<u8>) -> io::Result<usize> {
        let longest = codes.len() * Piece::MAX + self.end.len();
        if line.len() < longest {
            line.try_reserve(longest - line.len())
                .map_err(io::Error::other)?;
            line.resize(longest, 0);
        }
        let mut len = 0;
        if let Some((&first, rest)) = codes.split_first() {
            let piece = &self.first[usize::from(first)];
            line[..Piece::MAX].copy_from_slice(&piece.bytes);
            len = piece.len;
            let mut previous = first;
            for &code in rest {
                let piece = &self.later[2 * usize::from(code) + usize::from(code != previous)];
                line[len..len + Piece::MAX].copy_from_slice(&piece.bytes);
                len += piece.len;
                previous = code;
            }
        }
        line[len..len + self.end.len()].copy_from_slice(self.end.as_bytes());
        Ok(len + self.end.len())
    }
}
