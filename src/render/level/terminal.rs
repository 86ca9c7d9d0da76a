//! Levels in the terminal's formats: `term` draws every tile of the map as a `●` in its
//! kind's color (or its glyph without color), `text` as one character, each kind's looks
//! taken from `style.rs`. Entities placed by contents rules show as their kind's glyph (a
//! lower-case letter), named in a legend under the map.

use super::{entity_glyphs, entity_legend, glyph_of, tiles_of};
use crate::level::{Level, MapTile};
use crate::render::style::{TermColor, TileStyle};
use crate::render::term_lines::{Pieces, write_term_lines};
use crate::render::{Render, Term, Text};
use std::io::{self, Write};

/// The color entities are drawn in on a colored `term` map.
const ENTITY_COLOR: TermColor = TermColor::Indexed(213);

/// Every glyph an entity may be drawn with, by its byte's place in [`GLYPHS`].
const GLYPHS: &str = "abcdefghijklmnopqrstuvwxyz0123456789?";

impl<L: Level> Render<L> for Term {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        let entities = map.entities();
        let glyphs = entity_glyphs(&entities);
        // Entities are inks after the tiles', one a glyph of GLYPHS.
        let letters = (0..GLYPHS.len()).map(|i| &GLYPHS[i..i + 1]);
        let pieces = if self.color {
            Pieces::colored(MapTile::ALL.map(TileStyle::color).into_iter())
                .with_glyphs(ENTITY_COLOR, letters)
        } else {
            let tiles = MapTile::ALL.iter().map(|tile| tile.glyph());
            Pieces::plain(tiles.chain(letters))
        };
        let ink = |glyph: u8| {
            (MapTile::ALL.len()
                + GLYPHS
                    .bytes()
                    .position(|g| g == glyph)
                    .unwrap_or(GLYPHS.len() - 1)) as u8
        };
        let width = tiles.width() as usize;
        let mut overlay = std::collections::BTreeMap::new();
        for entity in &entities {
            if let Some((x, y)) = entity.at {
                overlay.insert(
                    y as usize * width + x as usize,
                    ink(glyph_of(&glyphs, &entity.kind)),
                );
            }
        }
        let mut rows = tiles.rows().enumerate();
        write_term_lines(&pieces, out, |numbers| {
            let (y, row) = rows.next()?;
            numbers.clear();
            numbers.extend(row.iter().map(|&tile| tile as u8));
            for (&at, &ink) in overlay.range(y * width..(y + 1) * width) {
                numbers[at - y * width] = ink;
            }
            Some(())
        })?;
        if !glyphs.is_empty() {
            writeln!(out, "{}", entity_legend(&glyphs))?;
        }
        Ok(())
    }
}

impl<L: Level> Render<L> for Text {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        let entities = map.entities();
        let glyphs = entity_glyphs(&entities);
        let mut overlay = std::collections::BTreeMap::new();
        for entity in &entities {
            if let Some((x, y)) = entity.at {
                overlay.insert((y, x), glyph_of(&glyphs, &entity.kind));
            }
        }
        let mut line = Vec::new();
        for (y, row) in (0..).zip(tiles.rows()) {
            line.clear();
            line.extend(row.iter().map(|&tile| tile.text()));
            for (&(_, x), &glyph) in overlay.range((y, 0)..(y + 1, 0)) {
                line[x as usize] = glyph;
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
        if !glyphs.is_empty() {
            writeln!(out, "{}", entity_legend(&glyphs))?;
        }
        Ok(())
    }
}
