//! Levels (room maps, caves and the floors of a dungeon): in the maze formats that draw them
//! (`term` and `text`, `json`, `svg` and `png`, as tiles or a printed map) and in formats of
//! their own: `dot` for Graphviz, `tiled` (JSON), `tmx` (XML) and `ldtk` for level editors,
//! `godot` scenes for the Godot engine, `uvtt` for virtual tabletops.

mod caves_json;
mod dot;
mod dungeon;
mod godot;
mod ldtk;
mod picture;
mod printed_map;
mod rooms_json;
mod terminal;
mod tiled;
mod tiled_map;
mod tmx;
mod uvtt;

pub use dot::Dot;
pub use godot::{GODOT_MAX_SIDE, Godot};
pub use ldtk::Ldtk;
pub use tiled::{TILESET_IMAGE, Tiled, write_tileset_image};
pub use tmx::Tmx;
pub use uvtt::Uvtt;

use crate::level::{Entity, Level, TileMap};
use crate::render::{Picture, Style};
use std::io;

/// The tile map of `map`, or an error for a map generated without a layout.
fn tiles_of(map: &impl Level) -> io::Result<TileMap> {
    map.tile_map().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "this room map was generated without a tile map to draw",
        )
    })
}

/// The size in pixels of a picture of `tiles`, `scale` pixels a tile in either style, or an
/// error if a side would be too long.
fn map_size(picture: &Picture, tiles: &TileMap) -> io::Result<(u32, u32)> {
    let in_tiles = Picture {
        style: Style::Tiles,
        ..*picture
    };
    in_tiles
        .pixel_size_of(u64::from(tiles.width()), u64::from(tiles.height()))
        .map_err(io::Error::other)
}

/// Every kind of entity on a level with its glyph, in the order the kinds first appear: the
/// first of its kind's letters (lower case) no kind before took, else the first free letter,
/// else digit. Map tiles are drawn in other characters, so the glyphs stand out.
fn entity_glyphs(entities: &[Entity]) -> Vec<(&str, u8)> {
    let mut glyphs: Vec<(&str, u8)> = Vec::new();
    for entity in entities {
        if glyphs.iter().any(|&(kind, _)| kind == entity.kind) {
            continue;
        }
        let taken = |glyph: &u8| glyphs.iter().any(|&(_, g)| g == *glyph);
        let glyph = entity
            .kind
            .bytes()
            .filter(u8::is_ascii_alphabetic)
            .map(|c| c.to_ascii_lowercase())
            .chain(b'a'..=b'z')
            .chain(b'0'..=b'9')
            .find(|glyph| !taken(glyph))
            .unwrap_or(b'?');
        glyphs.push((&entity.kind, glyph));
    }
    glyphs
}

/// The glyph of `kind` among `glyphs`.
fn glyph_of(glyphs: &[(&str, u8)], kind: &str) -> u8 {
    glyphs
        .iter()
        .find(|&&(k, _)| k == kind)
        .map_or(b'?', |&(_, glyph)| glyph)
}

/// The legend of `glyphs`: `b boss, t treasure`.
fn entity_legend(glyphs: &[(&str, u8)]) -> String {
    glyphs
        .iter()
        .map(|&(kind, glyph)| format!("{} {kind}", char::from(glyph)))
        .collect::<Vec<_>>()
        .join(", ")
}
