//! `godot`: the room map or cave as a Godot 4.3+ text scene (`.tscn`, format 3).
//!
//! - The root `Node2D` (`level`) carries the generator and the seed as metadata.
//! - A floor is a `TileMapLayer`, `tiles`, whose `tile_map_data` is Godot's packed format 0: a
//!   little-endian `u16` version (0), then 12 bytes a cell, every cell of the map in row
//!   order: `x` and `y` (`i16`), the source (0), the tile's atlas column and row (`u16`, the
//!   tileset's tile and 0) and the alternative (0). Godot's coordinates are 16-bit, so a map
//!   of more than 32767 tiles a side is refused.
//! - Its `TileSet`, a sub-resource of the scene: one atlas of five 16-pixel tiles (rock,
//!   floor, corridor, door, lock, as `tiled`'s tileset), its image embedded (an `Image` in the
//!   colors of `png` room maps); rock and locks carry a square collision polygon on physics
//!   layer 0, floors, corridors and doors a square navigation polygon on navigation layer 0,
//!   and every tile its kind in the custom data layer `kind`.
//! - The objects of the Tiled map ([`super::tiled_map`]) as `Marker2D` nodes under `rooms` and
//!   `marks`, at their top-left corner, their rectangle (`rect`, pixels), class and
//!   properties as metadata; the entities of `--contents` among the marks, their class their
//!   kind.
//!
//! A dungeon's floors are `Node2D`s `floor 1` to `floor N` under the root, each holding its
//! `tiles`, `rooms` and `marks`, only the first visible.

use super::picture::colors;
use super::tiled::{KINDS, kind_number};
use super::tiled_map::{MapFloor, Object, TILE_PIXELS, TiledMap, Value};
use crate::level::{Dungeon, Level, MapTile};
use crate::render::ink::Picture;
use crate::render::{Render, Takes};
use std::io::{self, Write};

/// The largest side of a map in tiles: Godot stores cell coordinates in 16 bits.
pub const GODOT_MAX_SIDE: u32 = i16::MAX as u32;

/// Godot scene output.
#[derive(Debug, Clone, Copy, Default)]
pub struct Godot;

impl Godot {
    /// What `godot` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        records_seed: true,
        entities: true,
        ..Takes::NOTHING
    };
}

impl<L: Level> Render<L> for Godot {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        write_scene(&TiledMap::of(std::slice::from_ref(map))?, out)
    }
}

impl<L: Level> Render<Dungeon<L>> for Godot {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        write_scene(&TiledMap::of(&dungeon.floors().collect::<Vec<_>>())?, out)
    }
}

/// The tiles whose kind blocks movement: they carry the collision polygon, the others the
/// navigation polygon.
fn blocks(tile: MapTile) -> bool {
    matches!(tile, MapTile::Rock | MapTile::Lock)
}

/// A Godot string literal.
fn string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// Writes `bytes` as a `PackedByteArray(...)` of decimal bytes.
fn write_bytes(out: &mut dyn Write, bytes: impl IntoIterator<Item = u8>) -> io::Result<()> {
    let mut text = Vec::new();
    text.extend_from_slice(b"PackedByteArray(");
    for (i, byte) in bytes.into_iter().enumerate() {
        if i > 0 {
            text.extend_from_slice(b", ");
        }
        write!(text, "{byte}")?;
    }
    text.push(b')');
    out.write_all(&text)
}

/// The `tile_map_data` of a floor of a map of `width x height` tiles: format 0 (see the
/// module), rock past the floor's own tiles.
pub(super) fn tile_map_data(floor: &MapFloor, (width, height): (u32, u32)) -> Vec<u8> {
    let mut data = Vec::with_capacity(2 + 12 * width as usize * height as usize);
    data.extend_from_slice(&0u16.to_le_bytes());
    for y in 0..height {
        for x in 0..width {
            let atlas_column = u16::from(floor.gid(x, y) - 1);
            for field in [x as u16, y as u16, 0, atlas_column, 0, 0] {
                data.extend_from_slice(&field.to_le_bytes());
            }
        }
    }
    data
}

/// Writes `map` as a scene.
fn write_scene(map: &TiledMap, out: &mut dyn Write) -> io::Result<()> {
    if map.width > GODOT_MAX_SIDE || map.height > GODOT_MAX_SIDE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "a {}x{}-tile map is too large for a Godot scene, whose maps have at most \
                 {GODOT_MAX_SIDE} tiles a side",
                map.width, map.height
            ),
        ));
    }
    writeln!(out, "[gd_scene load_steps=6 format=3]")?;
    writeln!(out)?;
    write_tileset(out)?;
    writeln!(out, "[node name=\"level\" type=\"Node2D\"]")?;
    for (name, value) in map.properties() {
        writeln!(out, "metadata/{name} = {}", literal(&value))?;
    }
    let grouped = map.grouped();
    for (f, floor) in map.floors.iter().enumerate() {
        let parent = if grouped {
            let name = format!("floor {}", f + 1);
            writeln!(out)?;
            writeln!(out, "[node name=\"{name}\" type=\"Node2D\" parent=\".\"]")?;
            if f > 0 {
                writeln!(out, "visible = false")?;
            }
            name
        } else {
            ".".to_string()
        };
        writeln!(out)?;
        writeln!(
            out,
            "[node name=\"tiles\" type=\"TileMapLayer\" parent=\"{parent}\"]"
        )?;
        write!(out, "tile_map_data = ")?;
        write_bytes(out, tile_map_data(floor, (map.width, map.height)))?;
        writeln!(out)?;
        writeln!(out, "tile_set = SubResource(\"TileSet_mazegen\")")?;
        let inner = |name: &str| match grouped {
            true => format!("{parent}/{name}"),
            false => name.to_string(),
        };
        for (name, objects) in [("rooms", &floor.rooms), ("marks", &floor.marks)] {
            writeln!(out)?;
            writeln!(
                out,
                "[node name=\"{name}\" type=\"Node2D\" parent=\"{parent}\"]"
            )?;
            for object in objects {
                write_marker(out, object, &inner(name))?;
            }
        }
    }
    Ok(())
}

/// A property's value as a Godot literal.
fn literal(value: &Value) -> String {
    match value {
        Value::Int(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Text(s) => string(s),
    }
}

/// Writes `object` as a `Marker2D` under `parent`.
fn write_marker(out: &mut dyn Write, object: &Object, parent: &str) -> io::Result<()> {
    let [x, y, w, h] = object.rect;
    writeln!(out)?;
    // Godot refuses `,` nowhere in names, but `.`, `:`, `@`, `/`, `"` and `%`: none are used.
    writeln!(
        out,
        "[node name=\"{}\" type=\"Marker2D\" parent=\"{parent}\"]",
        object.name
    )?;
    writeln!(out, "position = Vector2({x}, {y})")?;
    writeln!(out, "metadata/class = {}", string(&object.class))?;
    writeln!(out, "metadata/rect = Rect2i({x}, {y}, {w}, {h})")?;
    for (name, value) in &object.properties {
        writeln!(out, "metadata/{name} = {}", literal(value))?;
    }
    Ok(())
}

/// Writes the tileset's sub-resources: its image, the texture, the navigation polygon, the
/// atlas and the `TileSet`.
fn write_tileset(out: &mut dyn Write) -> io::Result<()> {
    let colors = colors(&Picture::default());
    let (width, height) = (KINDS.len() as u32 * TILE_PIXELS, TILE_PIXELS);
    writeln!(out, "[sub_resource type=\"Image\" id=\"Image_tiles\"]")?;
    writeln!(out, "data = {{")?;
    write!(out, "\"data\": ")?;
    let row = KINDS.iter().flat_map(|&(tile, _)| {
        std::iter::repeat_n(colors[tile as usize], TILE_PIXELS as usize).flatten()
    });
    let row: Vec<u8> = row.collect();
    write_bytes(out, (0..height).flat_map(|_| row.iter().copied()))?;
    writeln!(out, ",")?;
    writeln!(out, "\"format\": \"RGB8\",")?;
    writeln!(out, "\"height\": {height},")?;
    writeln!(out, "\"mipmaps\": false,")?;
    writeln!(out, "\"width\": {width}")?;
    writeln!(out, "}}")?;
    writeln!(out)?;
    writeln!(
        out,
        "[sub_resource type=\"ImageTexture\" id=\"ImageTexture_tiles\"]"
    )?;
    writeln!(out, "image = SubResource(\"Image_tiles\")")?;
    writeln!(out)?;
    let half = TILE_PIXELS / 2;
    let square = format!(
        "PackedVector2Array(-{half}, -{half}, {half}, -{half}, {half}, {half}, -{half}, {half})"
    );
    writeln!(
        out,
        "[sub_resource type=\"NavigationPolygon\" id=\"NavigationPolygon_tile\"]"
    )?;
    writeln!(out, "vertices = {square}")?;
    writeln!(out, "polygons = [PackedInt32Array(0, 1, 2, 3)]")?;
    writeln!(out, "outlines = [{square}]")?;
    writeln!(out)?;
    writeln!(
        out,
        "[sub_resource type=\"TileSetAtlasSource\" id=\"TileSetAtlasSource_tiles\"]"
    )?;
    writeln!(out, "texture = SubResource(\"ImageTexture_tiles\")")?;
    writeln!(
        out,
        "texture_region_size = Vector2i({TILE_PIXELS}, {TILE_PIXELS})"
    )?;
    for (column, &(tile, kind)) in KINDS.iter().enumerate() {
        debug_assert_eq!(usize::from(kind_number(tile)), column + 1);
        writeln!(out, "{column}:0/0 = 0")?;
        if blocks(tile) {
            writeln!(
                out,
                "{column}:0/0/physics_layer_0/polygon_0/points = {square}"
            )?;
        } else {
            writeln!(
                out,
                "{column}:0/0/navigation_layer_0/polygon = SubResource(\"NavigationPolygon_tile\")"
            )?;
        }
        writeln!(out, "{column}:0/0/custom_data_0 = {}", string(kind))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "[sub_resource type=\"TileSet\" id=\"TileSet_mazegen\"]"
    )?;
    writeln!(out, "tile_size = Vector2i({TILE_PIXELS}, {TILE_PIXELS})")?;
    writeln!(out, "physics_layer_0/collision_layer = 1")?;
    writeln!(out, "navigation_layer_0/layers = 1")?;
    writeln!(out, "custom_data_layer_0/name = \"kind\"")?;
    // Variant::Type's STRING.
    writeln!(out, "custom_data_layer_0/type = 4")?;
    writeln!(out, "sources/0 = SubResource(\"TileSetAtlasSource_tiles\")")?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caves::{CaveMap, CaveOptions};
    use crate::rooms::{RoomMap, RoomOptions};

    /// The tile map's kinds (`KINDS` columns) decoded from `tile_map_data`, by row.
    fn decode(data: &[u8], (width, height): (u32, u32)) -> Vec<Vec<u16>> {
        let word = |at: usize| u16::from_le_bytes([data[at], data[at + 1]]);
        assert_eq!(word(0), 0, "format 0");
        assert_eq!((data.len() - 2) % 12, 0);
        let mut rows = vec![vec![u16::MAX; width as usize]; height as usize];
        for cell in data[2..].chunks(12) {
            let field = |k: usize| u16::from_le_bytes([cell[2 * k], cell[2 * k + 1]]);
            let (x, y) = (field(0) as i16, field(1) as i16);
            assert_eq!((field(2), field(4), field(5)), (0, 0, 0));
            let cell = &mut rows[y as usize][x as usize];
            assert_eq!(*cell, u16::MAX, "each cell once");
            *cell = field(3);
        }
        rows
    }

    fn check(level: &impl Level) {
        let tiles = level.tile_map().unwrap();
        let map = TiledMap::of(std::slice::from_ref(level)).unwrap();
        let size = (map.width, map.height);
        let rows = decode(&tile_map_data(&map.floors[0], size), size);
        for (y, row) in tiles.rows().enumerate() {
            for (x, &tile) in row.iter().enumerate() {
                let (kind, _) = KINDS[usize::from(rows[y][x])];
                assert_eq!(kind_number(kind), kind_number(tile), "{x},{y}");
            }
        }
    }

    #[test]
    fn tile_map_data_decodes_to_the_tile_map() {
        let options = RoomOptions {
            locks: 2,
            ..RoomOptions::default()
        };
        check(&RoomMap::generate(&options, 5).unwrap());
        check(&CaveMap::generate(&CaveOptions::default(), 5).unwrap());
    }
}
