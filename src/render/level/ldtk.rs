//! `ldtk`: a room map or cave (its caverns the rooms) as an [LDtk](https://ldtk.io) project (JSON, format 1.5.3), the other
//! level editor game engines import (Godot 4, Unity, Bevy, MonoGame, Defold through their LDtk
//! importers).
//!
//! One level, `Floor_1`, 16 pixels a tile, with two layers:
//! - `Tiles`, an IntGrid layer covering the map: 1 rock, 2 floor (start, goal and keys are
//!   floor here), 3 corridor, 4 door, 5 lock, each value named and colored as in `png` maps;
//! - `Entities`: a `Room` rectangle per room (fields `id`, `role`, `depth`, `keys`), a `Start`
//!   and a `Goal` on their tiles (field `room`), a `Key` on each key's tile (fields `lock`,
//!   `room`) and a `Lock` on each locked door (fields `lock`, `behind`: the room it opens);
//!   with contents placed by rules (`--contents`), a `Content` on each entity's tile (fields
//!   `kind`, `item`, empty without one, and `room`).
//!
//! The project carries every field LDtk 1.5.3 writes, with fixed unique ids and instance ids
//! (`iid`s) made from the seed, so the same map always gives the same bytes. The level's own
//! fields record the `generator` and `seed`.

use super::tiled::{KINDS, kind_number};
use super::{picture, tiles_of};
use crate::level::{Dungeon, FLOOR_GAP, Level, MapTile, TileMap};
use crate::render::ink::{Picture, hex};
use crate::render::{Render, Takes};
use serde_json::{Value, json};
use std::io::{self, Write};

/// Pixels per tile side.
const GRID: u64 = 16;

/// The LDtk version whose project format this writes.
const LDTK_VERSION: &str = "1.5.3";

/// Unique ids of the definitions (layers, entities and their fields) and the level.
mod uid {
    pub const ENTITIES_LAYER: u32 = 1;
    pub const TILES_LAYER: u32 = 2;
    pub const ROOM: u32 = 10;
    pub const START: u32 = 20;
    pub const GOAL: u32 = 30;
    pub const KEY: u32 = 40;
    pub const LOCK: u32 = 50;
    pub const LEVEL_FIELDS: u32 = 60;
    pub const STAIRS: u32 = 70;
    pub const CONTENT: u32 = 80;
    /// The first level's; the others' follow, and LDtk goes on from the next free uid.
    pub const LEVEL: u32 = 100;
}

/// The IntGrid value of stairs, after those of [`KINDS`].
const STAIRS_VALUE: u8 = KINDS.len() as u8 + 1;

/// A tile's IntGrid value: its kind's number ([`kind_number`]), stairs their own.
fn int_grid_value(tile: MapTile) -> u8 {
    match tile {
        MapTile::StairsUp | MapTile::StairsDown => STAIRS_VALUE,
        tile => kind_number(tile),
    }
}

/// LDtk output.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ldtk;

impl Ldtk {
    /// What `ldtk` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        records_seed: true,
        entities: true,
        ..Takes::NOTHING
    };
}

/// Instance ids in the shape of UUIDs, unique within a project: the seed and a serial number.
struct Iids {
    seed: u64,
    next: u64,
}

impl Iids {
    fn next(&mut self) -> String {
        let n = self.next;
        self.next += 1;
        let seed = self.seed;
        format!(
            "{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
            n & 0xffff_ffff,
            (n >> 32) & 0xffff,
            (seed >> 52) & 0xfff,
            (seed >> 48) & 0xf,
            seed & 0xffff_ffff_ffff
        )
    }
}

/// A field's definition: `kind` is LDtk's display type (`Int`, `String`, `Array<Int>`).
fn field_def(uid: u32, identifier: &str, kind: &str) -> Value {
    let (field_type, is_array) = match kind {
        "Int" => ("F_Int", false),
        "String" => ("F_String", false),
        "Array<Int>" => ("F_Int", true),
        _ => unreachable!("no field of type {kind}"),
    };
    json!({
        "identifier": identifier, "doc": null, "__type": kind, "uid": uid, "type": field_type,
        "isArray": is_array, "canBeNull": false, "arrayMinLength": null, "arrayMaxLength": null,
        "editorDisplayMode": "NameAndValue", "editorDisplayScale": 1,
        "editorDisplayPos": "Beneath", "editorLinkStyle": "StraightArrow",
        "editorDisplayColor": null, "editorAlwaysShow": false, "editorShowInWorld": true,
        "editorCutLongValues": true, "editorTextSuffix": null, "editorTextPrefix": null,
        "useForSmartColor": false, "exportToToc": false, "searchable": false, "min": null,
        "max": null, "regex": null, "acceptFileTypes": null, "defaultOverride": null,
        "textLanguageMode": null, "symmetricalRef": false, "autoChainRef": false,
        "allowOutOfLevelRef": true, "allowedRefs": "OnlySame", "allowedRefsEntityUid": null,
        "allowedRefTags": [], "tilesetUid": null
    })
}

/// An entity's definition with fields `(identifier, type)` numbered from `uid + 1`; a room is
/// a resizable hollow rectangle, the others a 16-pixel marker.
fn entity_def(uid: u32, identifier: &str, color: &str, fields: &[(&str, &str)]) -> Value {
    let room = uid == uid::ROOM;
    let field_defs: Vec<Value> = (uid + 1..)
        .zip(fields)
        .map(|(uid, &(name, kind))| field_def(uid, name, kind))
        .collect();
    json!({
        "identifier": identifier, "uid": uid, "tags": [], "exportToToc": false,
        "allowOutOfBounds": false, "doc": null, "width": GRID, "height": GRID,
        "resizableX": room, "resizableY": room, "minWidth": null, "maxWidth": null,
        "minHeight": null, "maxHeight": null, "keepAspectRatio": false, "tileOpacity": 1,
        "fillOpacity": if room { 0.08 } else { 1.0 }, "lineOpacity": 1, "hollow": room,
        "color": color, "renderMode": if room { "Rectangle" } else { "Ellipse" },
        "showName": true, "tilesetId": null, "tileRenderMode": "FitInside", "tileRect": null,
        "uiTileRect": null, "nineSliceBorders": [], "maxCount": 0, "limitScope": "PerLevel",
        "limitBehavior": "MoveLastOne", "pivotX": 0, "pivotY": 0, "fieldDefs": field_defs
    })
}

/// A layer's definition.
fn layer_def(uid: u32, identifier: &str, kind: &str, values: Vec<Value>) -> Value {
    json!({
        "__type": kind, "identifier": identifier, "type": kind, "uid": uid, "doc": null,
        "uiColor": null, "gridSize": GRID, "guideGridWid": 0, "guideGridHei": 0,
        "displayOpacity": 1, "inactiveOpacity": 1, "hideInList": false,
        "hideFieldsWhenInactive": false, "canSelectWhenInactive": true,
        "renderInWorldView": true, "pxOffsetX": 0, "pxOffsetY": 0, "parallaxFactorX": 0,
        "parallaxFactorY": 0, "parallaxScaling": true, "requiredTags": [], "excludedTags": [],
        "autoTilesKilledByOtherLayerUid": null, "uiFilterTags": [], "useAsyncRender": false,
        "intGridValues": values, "intGridValuesGroups": [], "autoRuleGroups": [],
        "autoSourceLayerDefUid": null, "tilesetDefUid": null, "tilePivotX": 0,
        "tilePivotY": 0, "biomeFieldUid": null
    })
}

/// The color of contents' entities.
const CONTENT_COLOR: &str = "#E040A0";

/// The project's definitions: its two layers, six entities (seven with `contents`) and the
/// level's fields.
fn defs(colors: &[String], contents: bool) -> Value {
    let values: Vec<Value> = (1..)
        .zip(KINDS.into_iter().chain([(MapTile::StairsDown, "stairs")]))
        .map(|(value, (tile, identifier))| {
            json!({
                "value": value, "identifier": identifier, "color": colors[tile as usize],
                "tile": null, "groupUid": 0
            })
        })
        .collect();
    let color = |tile: MapTile| colors[tile as usize].as_str();
    let mut defs = json!({
        "layers": [
            layer_def(uid::ENTITIES_LAYER, "Entities", "Entities", Vec::new()),
            layer_def(uid::TILES_LAYER, "Tiles", "IntGrid", values),
        ],
        "entities": [
            entity_def(uid::ROOM, "Room", color(MapTile::Room),
                &[("id", "Int"), ("role", "String"), ("depth", "Int"), ("keys", "Array<Int>")]),
            entity_def(uid::START, "Start", color(MapTile::Start), &[("room", "Int")]),
            entity_def(uid::GOAL, "Goal", color(MapTile::Goal), &[("room", "Int")]),
            entity_def(uid::KEY, "Key", color(MapTile::Key), &[("lock", "Int"), ("room", "Int")]),
            entity_def(uid::LOCK, "Lock", color(MapTile::Lock),
                &[("lock", "Int"), ("behind", "Int")]),
            entity_def(uid::STAIRS, "Stairs", color(MapTile::StairsDown),
                &[("direction", "String"), ("floor", "Int"), ("room", "Int")]),
        ],
        "tilesets": [],
        "enums": [],
        "externalEnums": [],
        "levelFields": [
            field_def(uid::LEVEL_FIELDS + 1, "generator", "String"),
            field_def(uid::LEVEL_FIELDS + 2, "seed", "String"),
        ],
    });
    if contents {
        let fields = [("kind", "String"), ("item", "String"), ("room", "Int")];
        let content = entity_def(uid::CONTENT, "Content", CONTENT_COLOR, &fields);
        defs["entities"]
            .as_array_mut()
            .expect("a list")
            .push(content);
    }
    defs
}

/// A field's value: an integer, a string or an array of integers.
enum FieldValue {
    Int(u64),
    Text(String),
    Ints(Vec<u32>),
}

/// A field's instance: `def` is its definition's uid.
fn field(def: u32, identifier: &str, value: FieldValue) -> Value {
    let (kind, value, editor) = match value {
        FieldValue::Int(n) => ("Int", json!(n), json!([{"id": "V_Int", "params": [n]}])),
        FieldValue::Text(s) => (
            "String",
            json!(s),
            json!([{"id": "V_String", "params": [s]}]),
        ),
        FieldValue::Ints(ns) => {
            let editor: Vec<Value> = ns
                .iter()
                .map(|n| json!({"id": "V_Int", "params": [n]}))
                .collect();
            ("Array<Int>", json!(ns), json!(editor))
        }
    };
    json!({
        "__identifier": identifier, "__type": kind, "__value": value, "__tile": null,
        "defUid": def, "realEditorValues": editor
    })
}

/// An entity at tile `(x, y)` of a level `world_y` pixels down the world, `size` tiles, its
/// fields numbered from `def + 1`.
fn entity(
    iid: String,
    world_y: u64,
    (def, identifier, color): (u32, &str, &str),
    (x, y): (u32, u32),
    (w, h): (u32, u32),
    fields: Vec<(&str, FieldValue)>,
) -> Value {
    let fields: Vec<Value> = (def + 1..)
        .zip(fields)
        .map(|(uid, (name, value))| field(uid, name, value))
        .collect();
    let (px, py) = (u64::from(x) * GRID, u64::from(y) * GRID);
    json!({
        "__identifier": identifier, "__grid": [x, y], "__pivot": [0, 0], "__tags": [],
        "__tile": null, "__smartColor": color, "iid": iid, "width": u64::from(w) * GRID,
        "height": u64::from(h) * GRID, "defUid": def, "px": [px, py],
        "fieldInstances": fields, "__worldX": px, "__worldY": world_y + py
    })
}

/// Writes `"key": value` at `indent`, compact, then `,` unless `last`.
fn member(
    out: &mut dyn Write,
    indent: &str,
    key: &str,
    value: &Value,
    last: bool,
) -> io::Result<()> {
    let comma = if last { "" } else { "," };
    writeln!(out, "{indent}\"{key}\": {value}{comma}")
}

/// A layer instance's members, its list of tiles or entities left to the caller.
fn layer_members(
    iid: String,
    (level, def): (u32, u32),
    identifier: &str,
    kind: &str,
    tiles: &TileMap,
) -> Value {
    json!({
        "__identifier": identifier, "__type": kind, "__cWid": tiles.width(),
        "__cHei": tiles.height(), "__gridSize": GRID, "__opacity": 1,
        "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": null,
        "__tilesetRelPath": null, "iid": iid, "levelId": level, "layerDefUid": def,
        "pxOffsetX": 0, "pxOffsetY": 0, "visible": true, "optionalRules": [],
        "autoLayerTiles": [], "seed": 0, "overrideTilesetUid": null, "gridTiles": []
    })
}

/// Writes a layer instance: `members`, then `list` (`intGridCsv` or `entityInstances`) with
/// one line per item from `lines`, then the other list empty.
fn write_layer(
    out: &mut dyn Write,
    members: &Value,
    (list, other): (&str, &str),
    lines: &mut dyn Iterator<Item = String>,
) -> io::Result<()> {
    writeln!(out, "        {{")?;
    for (key, value) in members.as_object().expect("an object") {
        member(out, "          ", key, value, false)?;
    }
    member(out, "          ", other, &json!([]), false)?;
    writeln!(out, "          \"{list}\": [")?;
    let mut lines = lines.peekable();
    while let Some(line) = lines.next() {
        let comma = if lines.peek().is_some() { "," } else { "" };
        writeln!(out, "            {line}{comma}")?;
    }
    writeln!(out, "          ]")?;
    write!(out, "        }}")
}

impl<L: Level> Render<L> for Ldtk {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        write_project(std::slice::from_ref(map), out)
    }
}

/// Every floor of a dungeon a level of the project, one below the other in the world.
impl<L: Level> Render<Dungeon<L>> for Ldtk {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        write_project(&dungeon.floors().collect::<Vec<_>>(), out)
    }
}

/// Writes the project of `floors`, a level each, `Floor_1` first.
fn write_project<L: Level>(floors: &[L], out: &mut dyn Write) -> io::Result<()> {
    let map = &floors[0];
    let tiles = tiles_of(map)?;
    let colors: Vec<String> = picture::colors(&Picture::default())
        .into_iter()
        .map(hex)
        .collect();
    let color = |tile: MapTile| colors[tile as usize].as_str();
    let contents = floors.iter().any(|floor| !floor.entities().is_empty());
    let mut iids = Iids {
        seed: map.seed(),
        next: 0,
    };
    let (px_width, px_height) = (
        u64::from(tiles.width()) * GRID,
        u64::from(tiles.height()) * GRID,
    );
    let header = json!({
        "fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
        "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": crate::GENERATOR,
        "appVersion": LDTK_VERSION, "url": "https://ldtk.io"
    });
    let root = [
        ("__header__", header),
        ("iid", json!(iids.next())),
        ("jsonVersion", json!(LDTK_VERSION)),
        ("appBuildId", json!(473703)),
        ("nextUid", json!(uid::LEVEL + floors.len() as u32)),
        ("identifierStyle", json!("Capitalize")),
        ("toc", json!([])),
        ("worldLayout", json!("Free")),
        ("worldGridWidth", json!(px_width)),
        ("worldGridHeight", json!(px_height)),
        ("defaultLevelWidth", json!(px_width)),
        ("defaultLevelHeight", json!(px_height)),
        ("defaultPivotX", json!(0)),
        ("defaultPivotY", json!(0)),
        ("defaultGridSize", json!(GRID)),
        ("defaultEntityWidth", json!(GRID)),
        ("defaultEntityHeight", json!(GRID)),
        ("bgColor", json!("#40465B")),
        ("defaultLevelBgColor", json!(color(MapTile::Rock))),
        ("minifyJson", json!(false)),
        ("externalLevels", json!(false)),
        ("exportTiled", json!(false)),
        ("simplifiedExport", json!(false)),
        ("imageExportMode", json!("None")),
        ("exportLevelBg", json!(true)),
        ("pngFilePattern", json!(null)),
        ("backupOnSave", json!(false)),
        ("backupLimit", json!(10)),
        ("backupRelPath", json!(null)),
        ("levelNamePattern", json!("Floor_%idx")),
        ("tutorialDesc", json!(null)),
        ("customCommands", json!([])),
        ("flags", json!([])),
        ("defs", defs(&colors, contents)),
        ("worlds", json!([])),
        ("dummyWorldIid", json!(iids.next())),
    ];
    writeln!(out, "{{")?;
    for (key, value) in &root {
        if *key == "defs" {
            // The definitions one per line.
            writeln!(out, "  \"defs\": {{")?;
            let lists = value.as_object().expect("an object");
            for (i, (list, items)) in lists.iter().enumerate() {
                let items = items.as_array().expect("a list");
                writeln!(out, "    \"{list}\": [")?;
                for (j, item) in items.iter().enumerate() {
                    let comma = if j + 1 < items.len() { "," } else { "" };
                    writeln!(out, "      {item}{comma}")?;
                }
                let comma = if i + 1 < lists.len() { "," } else { "" };
                writeln!(out, "    ]{comma}")?;
            }
            writeln!(out, "  }},")?;
        } else {
            member(out, "  ", key, value, false)?;
        }
    }
    writeln!(out, "  \"levels\": [")?;
    let mut world_y = 0;
    for (number, map) in (1..).zip(floors) {
        if number > 1 {
            writeln!(out, ",")?;
        }
        let tiles = tiles_of(map)?;
        let level_uid = uid::LEVEL + number - 1;
        write_level(
            map,
            (number, level_uid),
            world_y,
            &tiles,
            &colors,
            &mut iids,
            out,
        )?;
        world_y += (u64::from(tiles.height()) + u64::from(FLOOR_GAP)) * GRID;
    }
    writeln!(out)?;
    writeln!(out, "  ]")?;
    writeln!(out, "}}")
}

/// Writes `map` as level `number` (from 1) with uid `level_uid`, `world_y` pixels down the
/// world: its fields, its entities and its tiles.
fn write_level(
    map: &impl Level,
    (number, level_uid): (u32, u32),
    world_y: u64,
    tiles: &TileMap,
    colors: &[String],
    iids: &mut Iids,
    out: &mut dyn Write,
) -> io::Result<()> {
    let color = |tile: MapTile| colors[tile as usize].as_str();
    let rooms = map.room_bounds();
    let marks = map.marks().expect("a tile map has a layout");
    let (px_width, px_height) = (
        u64::from(tiles.width()) * GRID,
        u64::from(tiles.height()) * GRID,
    );
    writeln!(out, "    {{")?;
    let level = json!({
        "identifier": format!("Floor_{number}"), "iid": iids.next(), "uid": level_uid,
        "worldX": 0, "worldY": world_y, "worldDepth": 0, "pxWid": px_width,
        "pxHei": px_height,
        "__bgColor": color(MapTile::Rock), "bgColor": null, "useAutoIdentifier": false,
        "bgRelPath": null, "bgPos": null, "bgPivotX": 0.5, "bgPivotY": 0.5,
        "__smartColor": color(MapTile::Rock), "__bgPos": null, "externalRelPath": null,
        "fieldInstances": [
            field(uid::LEVEL_FIELDS + 1, "generator", FieldValue::Text(crate::GENERATOR.into())),
            field(uid::LEVEL_FIELDS + 2, "seed", FieldValue::Text(map.seed().to_string())),
        ],
        "__neighbours": []
    });
    for (key, value) in level.as_object().expect("an object") {
        member(out, "      ", key, value, false)?;
    }
    writeln!(out, "      \"layerInstances\": [")?;
    // Entities first: LDtk lists layers from the top.
    let analysis = map.analysis();
    let mut entities: Vec<String> = Vec::new();
    let mut keys_of = map.keys();
    for (id, room) in rooms.iter().enumerate() {
        let keys = std::mem::take(&mut keys_of[id]);
        let fields = vec![
            ("id", FieldValue::Int(id as u64)),
            ("role", FieldValue::Text(map.role(id as u32).name().into())),
            ("depth", FieldValue::Int(u64::from(analysis.depth[id]))),
            ("keys", FieldValue::Ints(keys)),
        ];
        let def = (uid::ROOM, "Room", color(MapTile::Room));
        let e = entity(
            iids.next(),
            world_y,
            def,
            (room.x, room.y),
            (room.w, room.h),
            fields,
        );
        entities.push(e.to_string());
    }
    for mark in &marks {
        let room = FieldValue::Int(u64::from(mark.room));
        let (def, fields) = match (mark.tile, mark.lock) {
            (MapTile::Start, _) => ((uid::START, "Start"), vec![("room", room)]),
            (MapTile::Goal, _) => ((uid::GOAL, "Goal"), vec![("room", room)]),
            (MapTile::StairsUp | MapTile::StairsDown, _) => {
                let (direction, to) = if mark.tile == MapTile::StairsUp {
                    ("up", number - 1)
                } else {
                    ("down", number + 1)
                };
                let fields = vec![
                    ("direction", FieldValue::Text(direction.into())),
                    ("floor", FieldValue::Int(u64::from(to))),
                    ("room", room),
                ];
                ((uid::STAIRS, "Stairs"), fields)
            }
            (_, Some(lock)) => (
                (uid::KEY, "Key"),
                vec![("lock", FieldValue::Int(u64::from(lock))), ("room", room)],
            ),
            _ => unreachable!("a mark is the start, the goal, stairs or a key"),
        };
        let def = (def.0, def.1, color(mark.tile));
        entities.push(entity(iids.next(), world_y, def, mark.at, (1, 1), fields).to_string());
    }
    for lock in map.locks() {
        let at = map.lock_door(lock).expect("a tile map has corridors");
        let fields = vec![
            ("lock", FieldValue::Int(u64::from(lock.number))),
            ("behind", FieldValue::Int(u64::from(lock.behind))),
        ];
        let def = (uid::LOCK, "Lock", color(MapTile::Lock));
        entities.push(entity(iids.next(), world_y, def, at, (1, 1), fields).to_string());
    }
    for content in map.entities() {
        let Some(at) = content.at else { continue };
        let fields = vec![
            ("kind", FieldValue::Text(content.kind)),
            ("item", FieldValue::Text(content.item.unwrap_or_default())),
            ("room", FieldValue::Int(u64::from(content.room))),
        ];
        let def = (uid::CONTENT, "Content", CONTENT_COLOR);
        entities.push(entity(iids.next(), world_y, def, at, (1, 1), fields).to_string());
    }
    let members = layer_members(
        iids.next(),
        (level_uid, uid::ENTITIES_LAYER),
        "Entities",
        "Entities",
        tiles,
    );
    write_layer(
        out,
        &members,
        ("entityInstances", "intGridCsv"),
        &mut entities.into_iter(),
    )?;
    writeln!(out, ",")?;
    let members = layer_members(
        iids.next(),
        (level_uid, uid::TILES_LAYER),
        "Tiles",
        "IntGrid",
        tiles,
    );
    let mut rows = tiles.rows().map(|row| {
        let mut line = String::with_capacity(row.len() * 2);
        for (x, &tile) in row.iter().enumerate() {
            if x > 0 {
                line.push(',');
            }
            line.push(char::from(b'0' + int_grid_value(tile)));
        }
        line
    });
    write_layer(out, &members, ("intGridCsv", "entityInstances"), &mut rows)?;
    writeln!(out)?;
    writeln!(out, "      ]")?;
    write!(out, "    }}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iids_are_unique_and_shaped_as_uuids() {
        let mut iids = Iids {
            seed: u64::MAX,
            next: 0,
        };
        let (a, b) = (iids.next(), iids.next());
        assert_ne!(a, b);
        let groups: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12]);
        assert!(a.chars().all(|c| c == '-' || c.is_ascii_hexdigit()));
    }
}
