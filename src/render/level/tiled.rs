//! `tiled`: the room map as a Tiled map (`.tmj`, JSON, orthogonal), the way into game engines
//! (Godot and Unity read Tiled maps through their importers).
//!
//! One tile layer, `tiles`, covers the whole map: every tile's kind as a tile of the embedded
//! tileset `mazegen-rooms` (1 rock, 2 floor, 3 corridor, 4 door, 5 lock; start, goal and key
//! marks are floor here). One object layer, `rooms`, holds a rectangle per room, in pixels, its
//! class the room's role and its properties `id`, `role`, `depth` and `keys` (comma-separated
//! key numbers, empty for none). The tileset names its image [`TILESET_IMAGE`], which
//! [`write_tileset_image`] draws (five 16-pixel tiles in a row, in the colors of `png` room
//! maps) and the command line writes beside the map; each of its tiles carries its kind as the
//! property `kind`.

use super::picture;
use super::tiled_map::{
    LAYERS, MapFloor, Object, TILE_PIXELS, TILESET_NAME, TiledMap, Value, tileset_kinds,
};
use crate::level::{Dungeon, Level, MapTile, TileMap};
use crate::render::ink::Picture;
use crate::render::{Render, Takes};
use std::io::{self, Write};

/// The kinds of tile Tiled and LDtk maps tell apart, numbered from 1 in this order (start,
/// goal and key marks are floor), with their names: the tileset's tiles by tile id (the map's
/// tile number less one), and LDtk's IntGrid values.
pub(super) const KINDS: [(MapTile, &str); 5] = [
    (MapTile::Rock, "rock"),
    (MapTile::Room, "floor"),
    (MapTile::Corridor, "corridor"),
    (MapTile::Door, "door"),
    (MapTile::Lock, "lock"),
];

/// The number of a map tile's kind in [`KINDS`], from 1: its tile number in the embedded
/// tileset, its IntGrid value in LDtk.
pub(super) fn kind_number(tile: MapTile) -> u8 {
    match tile {
        MapTile::Rock => 1,
        MapTile::Room
        | MapTile::Key
        | MapTile::Start
        | MapTile::Goal
        | MapTile::StairsUp
        | MapTile::StairsDown => 2,
        MapTile::Corridor => 3,
        MapTile::Door => 4,
        MapTile::Lock => 5,
    }
}

/// The file name of the tileset's image, beside the map.
pub const TILESET_IMAGE: &str = "mazegen-rooms-tiles.png";

/// Writes the tileset's image: its five tiles (rock, floor, corridor, door, lock), 16 pixels
/// square, in a row, in the colors of `png` room maps (`--theme color`).
pub fn write_tileset_image(out: &mut dyn Write) -> io::Result<()> {
    let kinds = KINDS.map(|(tile, _)| tile);
    let picture = Picture {
        scale: TILE_PIXELS,
        ..Picture::default()
    };
    let size = (kinds.len() as u32 * TILE_PIXELS, TILE_PIXELS);
    picture::write_png(
        &picture,
        &TileMap::new(kinds.len() as u32, kinds.to_vec()),
        &Default::default(),
        size,
        out,
    )
}

/// Tiled output.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tiled;

impl Tiled {
    /// What `tiled` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        records_seed: true,
        entities: true,
        ..Takes::NOTHING
    };
}

impl<L: Level> Render<L> for Tiled {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        write_map(std::slice::from_ref(map), out)
    }
}

/// Every floor of a dungeon a group layer of its own, `floor 1` to `floor N`, each holding
/// the floor's `tiles` and `rooms` (only the first shown when the map opens).
impl<L: Level> Render<Dungeon<L>> for Tiled {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        write_map(&dungeon.floors().collect::<Vec<_>>(), out)
    }
}

/// Writes the map of `floors` (see [`TiledMap`]) as JSON.
fn write_map<L: Level>(floors: &[L], out: &mut dyn Write) -> io::Result<()> {
    let map = TiledMap::of(floors)?;
    let (width, height) = (map.width, map.height);
    writeln!(out, "{{")?;
    writeln!(out, "  \"type\": \"map\",")?;
    writeln!(out, "  \"version\": \"1.10\",")?;
    writeln!(out, "  \"tiledversion\": \"1.10.2\",")?;
    writeln!(out, "  \"orientation\": \"orthogonal\",")?;
    writeln!(out, "  \"renderorder\": \"right-down\",")?;
    writeln!(out, "  \"infinite\": false,")?;
    writeln!(out, "  \"width\": {width},")?;
    writeln!(out, "  \"height\": {height},")?;
    writeln!(out, "  \"tilewidth\": {TILE_PIXELS},")?;
    writeln!(out, "  \"tileheight\": {TILE_PIXELS},")?;
    writeln!(out, "  \"nextlayerid\": {},", map.layer_count() + 1)?;
    writeln!(out, "  \"nextobjectid\": {},", map.object_count() + 1)?;
    writeln!(out, "  \"properties\": {},", properties(&map.properties()))?;
    write_tileset(out)?;
    writeln!(out, "  \"layers\": [")?;
    let grouped = map.grouped();
    let mut layer = 1;
    for (f, floor) in map.floors.iter().enumerate() {
        let indent = if grouped { "    " } else { "" };
        if grouped {
            writeln!(out, "    {{")?;
            writeln!(
                out,
                "      \"type\": \"group\", \"id\": {layer}, \"name\": \"floor {}\", \"x\": 0, \"y\": 0, \
                 \"opacity\": 1, \"visible\": {},",
                f + 1,
                f == 0
            )?;
            writeln!(out, "      \"layers\": [")?;
            layer += 1;
        }
        write_tile_layer(out, indent, layer, floor, (width, height))?;
        writeln!(out, ",")?;
        write_objects_layer(out, indent, layer + 1, LAYERS[1], &floor.rooms)?;
        writeln!(out, ",")?;
        write_objects_layer(out, indent, layer + 2, LAYERS[2], &floor.marks)?;
        layer += LAYERS.len();
        if grouped {
            writeln!(out)?;
            writeln!(out, "      ]")?;
            write!(out, "    }}")?;
        }
        writeln!(out, "{}", if f + 1 < map.floors.len() { "," } else { "" })?;
    }
    writeln!(out, "  ]")?;
    writeln!(out, "}}")
}

/// Typed properties as a JSON array.
fn properties(properties: &[(&str, Value)]) -> String {
    let each: Vec<String> = properties
        .iter()
        .map(|(name, value)| {
            let text = match value {
                Value::Int(n) => n.to_string(),
                Value::Bool(b) => b.to_string(),
                Value::Text(s) => serde_json::to_string(s).expect("a string"),
            };
            format!(
                "{{\"name\": \"{name}\", \"type\": \"{}\", \"value\": {text}}}",
                value.type_name()
            )
        })
        .collect();
    format!("[{}]", each.join(", "))
}

/// Writes the embedded tileset `mazegen-rooms`, its tiles' kinds as properties.
fn write_tileset(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "  \"tilesets\": [{{")?;
    writeln!(out, "    \"firstgid\": 1,")?;
    writeln!(out, "    \"name\": \"{TILESET_NAME}\",")?;
    writeln!(
        out,
        "    \"tilewidth\": {TILE_PIXELS}, \"tileheight\": {TILE_PIXELS}, \"margin\": 0, \"spacing\": 0,"
    )?;
    writeln!(
        out,
        "    \"tilecount\": {n}, \"columns\": {n},",
        n = KINDS.len()
    )?;
    writeln!(
        out,
        "    \"image\": \"{TILESET_IMAGE}\", \"imagewidth\": {}, \"imageheight\": {TILE_PIXELS},",
        KINDS.len() as u32 * TILE_PIXELS
    )?;
    writeln!(out, "    \"tiles\": [")?;
    for (id, kind) in tileset_kinds() {
        let comma = if id + 1 < KINDS.len() { "," } else { "" };
        writeln!(
            out,
            "      {{\"id\": {id}, \"properties\": {}}}{comma}",
            properties(&[("kind", Value::Text(kind.into()))])
        )?;
    }
    writeln!(out, "    ]")?;
    writeln!(out, "  }}],")
}

/// Writes the tile layer `tiles` of `floor` (number `id`), `indent` further in, as a layer of
/// a map of `width x height` tiles.
fn write_tile_layer(
    out: &mut dyn Write,
    indent: &str,
    id: usize,
    floor: &MapFloor,
    (width, height): (u32, u32),
) -> io::Result<()> {
    writeln!(out, "{indent}    {{")?;
    writeln!(
        out,
        "{indent}      \"type\": \"tilelayer\", \"id\": {id}, \"name\": \"{}\", \"x\": 0, \"y\": 0,",
        LAYERS[0]
    )?;
    writeln!(
        out,
        "{indent}      \"width\": {width}, \"height\": {height}, \"opacity\": 1, \"visible\": true,"
    )?;
    writeln!(out, "{indent}      \"data\": [")?;
    floor.write_gids(out, &format!("{indent}        "), (width, height))?;
    writeln!(out, "{indent}      ]")?;
    write!(out, "{indent}    }}")
}

/// Writes the object layer `name` (number `id`) of `objects`, `indent` further in.
fn write_objects_layer(
    out: &mut dyn Write,
    indent: &str,
    id: usize,
    name: &str,
    objects: &[Object],
) -> io::Result<()> {
    writeln!(out, "{indent}    {{")?;
    writeln!(
        out,
        "{indent}      \"type\": \"objectgroup\", \"id\": {id}, \"name\": \"{name}\", \"x\": 0, \"y\": 0,"
    )?;
    writeln!(
        out,
        "{indent}      \"opacity\": 1, \"visible\": true, \"draworder\": \"topdown\","
    )?;
    writeln!(out, "{indent}      \"objects\": [")?;
    for (k, object) in objects.iter().enumerate() {
        let comma = if k + 1 < objects.len() { "," } else { "" };
        let [x, y, w, h] = object.rect;
        writeln!(
            out,
            "{indent}        {{\"id\": {}, \"name\": \"{}\", \"type\": \"{}\", \
             \"x\": {x}, \"y\": {y}, \"width\": {w}, \"height\": {h}, \"rotation\": 0, \"visible\": true, \
             \"properties\": {}}}{comma}",
            object.id,
            object.name,
            object.class,
            properties(&object.properties),
        )?;
    }
    writeln!(out, "{indent}      ]")?;
    write!(out, "{indent}    }}")
}
