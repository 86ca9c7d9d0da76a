//! Levels in the terminal's formats: `term` draws every tile of the map as a `●` in its
//! kind's color (or its glyph without color), `text` as one character, each kind's looks
//! taken from `style.rs`.

use super::tiles_of;
use crate::level::{Level, MapTile};
use crate::render::style::TileStyle;
use crate::render::term_lines::{Pieces, write_term_lines};
use crate::render::{Render, Term, Text};
use std::io::{self, Write};

impl<L: Level> Render<L> for Term {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        let pieces = if self.color {
            Pieces::colored(MapTile::ALL.map(TileStyle::color).into_iter())
        } else {
            Pieces::plain(MapTile::ALL.iter().map(|tile| tile.glyph()))
        };
        let mut rows = tiles.rows();
        write_term_lines(&pieces, out, |numbers| {
            let row = rows.next()?;
            numbers.clear();
            numbers.extend(row.iter().map(|&tile| tile as u8));
            Some(())
        })
    }
}

impl<L: Level> Render<L> for Text {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        let mut line = Vec::new();
        for row in tiles_of(map)?.rows() {
            line.clear();
            line.extend(row.iter().map(|&tile| tile.text()));
            line.push(b'\n');
            out.write_all(&line)?;
        }
        Ok(())
    }
}
