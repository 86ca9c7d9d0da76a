//! How a `term` line is written, for mazes and levels alike: a `●` per tile in its color, tiles
//! a space apart, an escape only where the color changes and a reset at the end of every
//! line; without color, each tile's glyph.

use crate::render::style::TermColor;
use std::io::{self, Write};

const DOT: &str = "●";

/// Writes one `term` line per tile row: `next_row` draws the next row as the numbers of its
/// inks, which index `pieces`, or says there is none.
pub(in crate::render) fn write_term_lines(
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
pub(in crate::render) struct Pieces {
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
    pub(in crate::render) fn colored(colors: impl Iterator<Item = Option<TermColor>>) -> Self {
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

    /// These pieces and, as the next inks, each of `glyphs` in `color`.
    pub(in crate::render) fn with_glyphs<'a>(
        mut self,
        color: TermColor,
        glyphs: impl Iterator<Item = &'a str>,
    ) -> Self {
        let escape = color.escape();
        for glyph in glyphs {
            self.first.push(Piece::new(&[&escape, glyph]));
            self.later.push(Piece::new(&[" ", glyph]));
            self.later.push(Piece::new(&[" ", &escape, glyph]));
        }
        self
    }

    /// The uncolored glyph of each of `glyphs`, by ink number.
    pub(in crate::render) fn plain(glyphs: impl Iterator<Item = &'static str> + Clone) -> Self {
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
