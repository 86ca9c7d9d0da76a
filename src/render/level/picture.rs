//! `svg` and `png` for levels: in [`Style::Lines`] a printed map (`printed_map.rs`), in
//! [`Style::Tiles`] the tile map in the maze pictures' palette (so `--theme color` and `mono`
//! work alike), `scale` pixels per tile.
//!
//! Rock is drawn as maze walls and corridors as maze passages, doors as the solution, the start
//! and goal as a maze's; floors take the palette's middle heat color (cyan, or light grey in
//! mono), locks its last (violet, or dark grey) and keys the solution's color lightened.
//! Entities placed by contents rules fill their tiles in a color of their own (white, black
//! in `colorblind`, near black in `mono`); the printed map draws each kind's glyph instead.

use super::printed_map::{map_png, map_svg};
use super::{map_size, tiles_of};
use crate::grid::Tile;
use crate::level::{Level, MapTile, TileMap};
use crate::render::ink::{Ink, Picture, Rgb, hex, tile_svg_opening};
use crate::render::png_encoding::into_io;
use crate::render::{Png, Render, Style, Svg};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

/// The color of every kind of map tile, indexed by `tile as usize`.
pub(super) fn colors(picture: &Picture) -> [Rgb; MapTile::ALL.len()] {
    let palette = picture.palette;
    let path = palette.rgb(Ink::Plain(Tile::Path));
    MapTile::ALL.map(|tile| match tile {
        MapTile::Rock => palette.rgb(Ink::Plain(Tile::Wall)),
        MapTile::Room => palette.heat[1],
        MapTile::Corridor => palette.rgb(Ink::Plain(Tile::Passage)),
        MapTile::Door => path,
        MapTile::Lock => palette.heat[2],
        MapTile::Key => path.map(|c| c + (255 - c) / 2),
        MapTile::Start => palette.rgb(Ink::Plain(Tile::Start)),
        MapTile::Goal => palette.rgb(Ink::Plain(Tile::Goal)),
        MapTile::StairsUp => palette.heat[0],
        MapTile::StairsDown => palette.heat[0].map(|c| c / 2),
    })
}

/// The color of entities' tiles in tile pictures: apart from every tile's in each palette.
fn entity_color(picture: &Picture) -> Rgb {
    use crate::render::Palette;
    if picture.palette == Palette::COLORBLIND {
        [0, 0, 0]
    } else if picture.palette == Palette::MONO {
        [40, 40, 40]
    } else {
        [255, 255, 255]
    }
}

/// The tiles of `map`'s entities, `(y, x)`.
pub(super) fn entity_tiles(map: &impl Level) -> std::collections::BTreeSet<(u32, u32)> {
    let entities = map.entities();
    entities
        .iter()
        .filter_map(|e| e.at)
        .map(|(x, y)| (y, x))
        .collect()
}

/// The tile map of `map` and the picture's size in pixels.
fn tiles_and_size(picture: &Picture, map: &impl Level) -> io::Result<(TileMap, (u32, u32))> {
    let tiles = tiles_of(map)?;
    let size = map_size(picture, &tiles)?;
    Ok((tiles, size))
}

/// A picture of the room map: rock as the background, one path of horizontal runs per other
/// color.
impl<L: Level> Render<L> for Svg {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        if self.0.style == Style::Lines {
            return map_svg(&self.0, map, out);
        }
        let (tiles, pixels) = tiles_and_size(&self.0, map)?;
        let colors = colors(&self.0);
        let mut runs: BTreeMap<usize, String> = BTreeMap::new();
        for (y, row) in tiles.rows().enumerate() {
            let mut x = 0;
            for run in row.chunk_by(|a, b| a == b) {
                if run[0] != MapTile::Rock {
                    let n = run.len();
                    let d = runs.entry(run[0] as usize).or_default();
                    write!(d, "M{x} {y}h{n}v1h-{n}z").expect("writing to a String");
                }
                x += run.len();
            }
        }
        let (width, height) = (u64::from(tiles.width()), u64::from(tiles.height()));
        let background = colors[MapTile::Rock as usize];
        tile_svg_opening(out, pixels, (width, height), background)?;
        for (tile, d) in runs {
            writeln!(out, r#"<path fill="{}" d="{d}"/>"#, hex(colors[tile]))?;
        }
        let entities = entity_tiles(map);
        if !entities.is_empty() {
            let mut d = String::new();
            for (y, x) in entities {
                write!(d, "M{x} {y}h1v1h-1z").expect("writing to a String");
            }
            writeln!(
                out,
                r#"<path fill="{}" d="{d}"/>"#,
                hex(entity_color(&self.0))
            )?;
        }
        writeln!(out, "</svg>")
    }
}

/// A raster picture of the room map, 8-bit RGB, written row by row.
impl<L: Level> Render<L> for Png {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        if self.0.style == Style::Lines {
            return map_png(&self.0, map, true, out);
        }
        let (tiles, size) = tiles_and_size(&self.0, map)?;
        write_png(&self.0, &tiles, &entity_tiles(map), size, out)
    }
}

/// Writes `tiles` as a PNG of `width x height` pixels, `entities` (`(y, x)`) in their color.
pub(super) fn write_png(
    picture: &Picture,
    tiles: &TileMap,
    entities: &std::collections::BTreeSet<(u32, u32)>,
    (width, height): (u32, u32),
    out: &mut dyn Write,
) -> io::Result<()> {
    let colors = colors(picture);
    let scale = picture.scale as usize;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(into_io)?;
    let mut stream = writer.stream_writer().map_err(into_io)?;
    let mut pixels = Vec::with_capacity(3 * width as usize);
    let entity = entity_color(picture);
    for (y, row) in (0..).zip(tiles.rows()) {
        pixels.clear();
        for &tile in row {
            for _ in 0..scale {
                pixels.extend_from_slice(&colors[tile as usize]);
            }
        }
        for &(_, x) in entities.range((y, 0)..(y + 1, 0)) {
            let at = 3 * x as usize * scale;
            for pixel in pixels[at..at + 3 * scale].chunks_exact_mut(3) {
                pixel.copy_from_slice(&entity);
            }
        }
        for _ in 0..scale {
            stream.write_all(&pixels)?;
        }
    }
    stream.finish().map_err(into_io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Palette;

    #[test]
    fn every_kind_of_tile_has_its_own_color_in_every_theme() {
        for palette in [Palette::COLOR, Palette::COLORBLIND, Palette::MONO] {
            let picture = Picture {
                palette,
                ..Picture::default()
            };
            let mut colors = colors(&picture).to_vec();
            colors.push(entity_color(&picture));
            for (i, a) in colors.iter().enumerate() {
                for b in &colors[i + 1..] {
                    // Start and goal share their grey in mono, as in maze pictures.
                    if palette != Palette::MONO || a != &palette.start {
                        assert_ne!(a, b, "{palette:?}");
                    }
                }
            }
        }
    }
}
