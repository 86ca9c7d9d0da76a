//! `tmx`: the room map or cave as a Tiled map in XML (`.tmx`, orthogonal), which Tiled's own
//! tools (`tmxrasterizer`) and pygame's usual loader, pytmx, read.
//!
//! The same map as `tiled` writes in JSON ([`super::tiled_map`]): a CSV-encoded tile layer
//! `tiles` of the embedded tileset `mazegen-rooms` (its image [`super::TILESET_IMAGE`],
//! beside the map), an object group `rooms` (a rectangle per room, of its role's class, with
//! typed properties `room`, `role`, `depth`, `keys`, `start`, `goal` and `stairs`) and an
//! object group `marks` (doors, locks, keys, the start, the goal and stairs, then the entities
//! of `--contents`, each of its kind's class with properties `kind`, `item` and `room`). A dungeon's
//! floors are layer groups of one map, so that its stairs' two ends and its tileset are in
//! one file, each floor shown or hidden as a whole.

use super::tiled_map::tileset_kinds;
use super::tiled_map::{LAYERS, MapFloor, Object, TILE_PIXELS, TILESET_NAME, TiledMap, Value};
use super::{TILESET_IMAGE, tiled::KINDS};
use crate::level::{Dungeon, Level};
use crate::render::{Render, Takes};
use std::io::{self, Write};

/// Tiled XML output.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tmx;

impl Tmx {
    /// What `tmx` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        records_seed: true,
        entities: true,
        ..Takes::NOTHING
    };
}

impl<L: Level> Render<L> for Tmx {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        write_map(&TiledMap::of(std::slice::from_ref(map))?, out)
    }
}

/// Every floor of a dungeon a layer group of its own, `floor 1` to `floor N`, only the first
/// visible when the map opens.
impl<L: Level> Render<Dungeon<L>> for Tmx {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        write_map(&TiledMap::of(&dungeon.floors().collect::<Vec<_>>())?, out)
    }
}

/// `text` with XML's special characters escaped, for an attribute's value.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// Writes `properties` as a `<properties>` element, `indent` in.
fn write_properties(
    out: &mut dyn Write,
    indent: &str,
    properties: &[(&str, Value)],
) -> io::Result<()> {
    writeln!(out, "{indent}<properties>")?;
    for (name, value) in properties {
        let text = match value {
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Text(s) => escape(s),
        };
        // Strings typed too: pytmx reads an untyped empty string as nothing.
        writeln!(
            out,
            "{indent} <property name=\"{name}\" type=\"{}\" value=\"{text}\"/>",
            value.type_name()
        )?;
    }
    writeln!(out, "{indent}</properties>")
}

/// Writes `map` as TMX.
fn write_map(map: &TiledMap, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        out,
        "<map version=\"1.10\" tiledversion=\"1.10.2\" orientation=\"orthogonal\" \
         renderorder=\"right-down\" width=\"{}\" height=\"{}\" tilewidth=\"{TILE_PIXELS}\" \
         tileheight=\"{TILE_PIXELS}\" infinite=\"0\" nextlayerid=\"{}\" nextobjectid=\"{}\">",
        map.width,
        map.height,
        map.layer_count() + 1,
        map.object_count() + 1
    )?;
    write_properties(out, " ", &map.properties())?;
    writeln!(
        out,
        " <tileset firstgid=\"1\" name=\"{TILESET_NAME}\" tilewidth=\"{TILE_PIXELS}\" \
         tileheight=\"{TILE_PIXELS}\" tilecount=\"{n}\" columns=\"{n}\">",
        n = KINDS.len()
    )?;
    writeln!(
        out,
        "  <image source=\"{TILESET_IMAGE}\" width=\"{}\" height=\"{TILE_PIXELS}\"/>",
        KINDS.len() as u32 * TILE_PIXELS
    )?;
    for (id, kind) in tileset_kinds() {
        writeln!(out, "  <tile id=\"{id}\">")?;
        write_properties(out, "   ", &[("kind", Value::Text(kind.into()))])?;
        writeln!(out, "  </tile>")?;
    }
    writeln!(out, " </tileset>")?;
    let grouped = map.grouped();
    let mut layer = 1;
    for (f, floor) in map.floors.iter().enumerate() {
        let indent = if grouped { "  " } else { " " };
        if grouped {
            let visible = if f == 0 { "" } else { " visible=\"0\"" };
            writeln!(
                out,
                " <group id=\"{layer}\" name=\"floor {}\"{visible}>",
                f + 1
            )?;
            layer += 1;
        }
        write_tile_layer(out, indent, layer, floor, (map.width, map.height))?;
        write_object_group(out, indent, layer + 1, LAYERS[1], &floor.rooms)?;
        write_object_group(out, indent, layer + 2, LAYERS[2], &floor.marks)?;
        layer += LAYERS.len();
        if grouped {
            writeln!(out, " </group>")?;
        }
    }
    writeln!(out, "</map>")
}

/// Writes the tile layer of `floor` (number `id`), `indent` in, its data in CSV, a row a line.
fn write_tile_layer(
    out: &mut dyn Write,
    indent: &str,
    id: usize,
    floor: &MapFloor,
    (width, height): (u32, u32),
) -> io::Result<()> {
    writeln!(
        out,
        "{indent}<layer id=\"{id}\" name=\"{}\" width=\"{width}\" height=\"{height}\">",
        LAYERS[0]
    )?;
    writeln!(out, "{indent} <data encoding=\"csv\">")?;
    floor.write_gids(out, "", (width, height))?;
    writeln!(out, "</data>")?;
    writeln!(out, "{indent}</layer>")
}

/// Writes the object group `name` (number `id`) of `objects`, `indent` in.
fn write_object_group(
    out: &mut dyn Write,
    indent: &str,
    id: usize,
    name: &str,
    objects: &[Object],
) -> io::Result<()> {
    if objects.is_empty() {
        return writeln!(out, "{indent}<objectgroup id=\"{id}\" name=\"{name}\"/>");
    }
    writeln!(out, "{indent}<objectgroup id=\"{id}\" name=\"{name}\">")?;
    for object in objects {
        let [x, y, w, h] = object.rect;
        writeln!(
            out,
            "{indent} <object id=\"{}\" name=\"{}\" type=\"{}\" x=\"{x}\" y=\"{y}\" \
             width=\"{w}\" height=\"{h}\">",
            object.id,
            escape(&object.name),
            escape(&object.class)
        )?;
        if !object.properties.is_empty() {
            write_properties(out, &format!("{indent}  "), &object.properties)?;
        }
        writeln!(out, "{indent} </object>")?;
    }
    writeln!(out, "{indent}</objectgroup>")
}
