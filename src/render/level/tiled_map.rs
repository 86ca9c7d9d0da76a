//! What a Tiled map of a level holds, once, for its two encodings: `tiled` (`.tmj`, JSON) and
//! `tmx` (XML). Each floor is a tile layer `tiles` and two object groups: `rooms`, a rectangle
//! per room, and `marks`, a tile-sized rectangle per door, lock, key, start, goal and stairs,
//! then per entity contents rules placed (its class its kind).
//! A map of one floor has them at the top level; a dungeon's floors are layer groups
//! `floor 1` to `floor N`, only the first shown when the map opens.

use super::tiled::{KINDS, kind_number};
use super::tiles_of;
use crate::level::{Level, MapTile, TileMap};
use std::io::{self, Write};

/// Pixels per tile side in the map and its tileset.
pub(super) const TILE_PIXELS: u32 = 16;

/// The name of the embedded tileset.
pub(super) const TILESET_NAME: &str = "mazegen-rooms";

/// A typed property's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Value {
    Int(u64),
    Text(String),
    Bool(bool),
}

impl Value {
    /// Tiled's name of the value's type.
    pub(super) fn type_name(&self) -> &'static str {
        match self {
            Self::Int(_) => "int",
            Self::Text(_) => "string",
            Self::Bool(_) => "bool",
        }
    }
}

/// An object of an object group: a rectangle in pixels, its class and typed properties.
#[derive(Debug, Clone)]
pub(super) struct Object {
    /// Its id, unique in the map, from 1.
    pub(super) id: usize,
    pub(super) name: String,
    /// Its class (`type` in both encodings).
    pub(super) class: std::borrow::Cow<'static, str>,
    /// Left, top, width and height in pixels.
    pub(super) rect: [u64; 4],
    pub(super) properties: Vec<(&'static str, Value)>,
}

/// One floor: its tiles and objects.
#[derive(Debug, Clone)]
pub(super) struct MapFloor {
    pub(super) tiles: TileMap,
    /// A rectangle per room, by room number.
    pub(super) rooms: Vec<Object>,
    /// Doors and locks in row order, then the start, goal, stairs and keys.
    pub(super) marks: Vec<Object>,
}

/// A Tiled map of one or more floors.
#[derive(Debug, Clone)]
pub(super) struct TiledMap {
    /// In tiles: the largest floor's (smaller ones padded with rock).
    pub(super) width: u32,
    pub(super) height: u32,
    /// The first floor's seed.
    pub(super) seed: u64,
    pub(super) floors: Vec<MapFloor>,
}

/// The layer names of a floor, in order.
pub(super) const LAYERS: [&str; 3] = ["tiles", "rooms", "marks"];

impl TiledMap {
    /// The map of `floors` (at least one), or an error for a floor without a tile map.
    pub(super) fn of<L: Level>(floors: &[L]) -> io::Result<Self> {
        let tiles = floors
            .iter()
            .map(tiles_of)
            .collect::<io::Result<Vec<_>>>()?;
        let width = tiles.iter().map(TileMap::width).max().expect("a floor");
        let height = tiles.iter().map(TileMap::height).max().expect("a floor");
        let mut next = 1;
        let mut out = Vec::with_capacity(floors.len());
        for (f, (floor, tiles)) in floors.iter().zip(tiles).enumerate() {
            let rooms = room_objects(floor, &mut next);
            let marks = mark_objects(floor, &tiles, f as u64, &mut next);
            out.push(MapFloor {
                tiles,
                rooms,
                marks,
            });
        }
        Ok(Self {
            width,
            height,
            seed: floors[0].seed(),
            floors: out,
        })
    }

    /// Whether the floors are layer groups.
    pub(super) fn grouped(&self) -> bool {
        self.floors.len() > 1
    }

    /// The number of layers, groups included.
    pub(super) fn layer_count(&self) -> usize {
        self.floors.len() * (LAYERS.len() + usize::from(self.grouped()))
    }

    /// The number of objects.
    pub(super) fn object_count(&self) -> usize {
        let floors = self.floors.iter();
        floors
            .map(|floor| floor.rooms.len() + floor.marks.len())
            .sum()
    }

    /// The map's own properties: the generator and the seed (a string: it may exceed what
    /// JSON numbers hold exactly).
    pub(super) fn properties(&self) -> [(&'static str, Value); 2] {
        [
            ("generator", Value::Text(crate::GENERATOR.into())),
            ("seed", Value::Text(self.seed.to_string())),
        ]
    }
}

impl MapFloor {
    /// The tile number (gid) at `(x, y)` of a map `width` tiles wide: rock past the floor's
    /// own tiles.
    pub(super) fn gid(&self, x: u32, y: u32) -> u8 {
        let tile = if x < self.tiles.width() && y < self.tiles.height() {
            self.tiles.get(x, y)
        } else {
            MapTile::Rock
        };
        kind_number(tile)
    }

    /// Writes the floor's tile numbers on a map of `width x height` tiles, comma-separated, a
    /// row a line after `indent`, every row but the last ending in a comma: a tile layer's
    /// data, in `tmx`'s CSV and `tiled`'s JSON array alike.
    pub(super) fn write_gids(
        &self,
        out: &mut dyn Write,
        indent: &str,
        (width, height): (u32, u32),
    ) -> io::Result<()> {
        let mut line = Vec::new();
        for y in 0..height {
            line.clear();
            line.extend_from_slice(indent.as_bytes());
            for x in 0..width {
                if x > 0 {
                    line.push(b',');
                }
                write!(line, "{}", self.gid(x, y))?;
            }
            if y + 1 < height {
                line.push(b',');
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
        Ok(())
    }
}

/// The tileset's tiles: their ids and kinds.
pub(super) fn tileset_kinds() -> impl Iterator<Item = (usize, &'static str)> {
    KINDS.iter().map(|&(_, kind)| kind).enumerate()
}

/// A rectangle of `(x, y, w, h)` tiles in pixels.
fn pixels(x: u32, y: u32, w: u32, h: u32) -> [u64; 4] {
    [x, y, w, h].map(|v| u64::from(v) * u64::from(TILE_PIXELS))
}

/// A rectangle per room of `map`, numbered from `*next`: class its role, properties its
/// `room` (its id in the level's document), `role`, `depth`, `keys` (comma-separated lock
/// numbers) and whether it holds the `start`, the `goal` or `stairs`.
fn room_objects(map: &impl Level, next: &mut usize) -> Vec<Object> {
    let analysis = map.analysis();
    let keys_of = map.keys();
    let mut ends = vec![(false, false, false); analysis.depth.len()];
    for (room, tile, _) in map.wanted_marks() {
        let end = &mut ends[room as usize];
        match tile {
            MapTile::Start => end.0 = true,
            MapTile::Goal => end.1 = true,
            MapTile::StairsUp | MapTile::StairsDown => end.2 = true,
            _ => {}
        }
    }
    let rooms = map.room_bounds();
    let mut objects = Vec::with_capacity(rooms.len());
    for (id, room) in rooms.iter().enumerate() {
        let role = map.role(id as u32).name();
        let keys: Vec<String> = keys_of[id].iter().map(u32::to_string).collect();
        let (start, goal, stairs) = ends[id];
        objects.push(Object {
            id: *next,
            name: format!("room {id}"),
            class: role.into(),
            rect: pixels(room.x, room.y, room.w, room.h),
            properties: vec![
                ("room", Value::Int(u64::from(map.room_id(id as u32)))),
                ("role", Value::Text(role.into())),
                ("depth", Value::Int(u64::from(analysis.depth[id]))),
                ("keys", Value::Text(keys.join(","))),
                ("start", Value::Bool(start)),
                ("goal", Value::Bool(goal)),
                ("stairs", Value::Bool(stairs)),
            ],
        });
        *next += 1;
    }
    objects
}

/// A tile-sized rectangle per door and lock of `tiles` (in row order), then per mark of `map`
/// (floor `floor` of its dungeon), numbered from `*next`: class `door`; `lock` (properties
/// `lock`, its number, and `behind`, the room it opens); `start` and `goal` (`room`); `stairs`
/// (`direction`, `up` or `down`, the `floor` they lead to, from 0, and their `room`); `key`
/// (`lock`, the lock it opens, and `room`); then per entity placed by contents rules, of its
/// kind's class (`kind`, `item` if it has one, and `room`).
fn mark_objects(map: &impl Level, tiles: &TileMap, floor: u64, next: &mut usize) -> Vec<Object> {
    let locks: std::collections::BTreeMap<(u32, u32), _> = map
        .locks()
        .iter()
        .filter_map(|lock| Some(((map.lock_door(lock)?), lock)))
        .map(|((x, y), lock)| ((y, x), lock))
        .collect();
    let mut objects = Vec::new();
    let mut push = |name: String, class: std::borrow::Cow<'static, str>, (x, y), properties| {
        objects.push(Object {
            id: *next,
            name,
            class,
            rect: pixels(x, y, 1, 1),
            properties,
        });
        *next += 1;
    };
    for y in 0..tiles.height() {
        for x in 0..tiles.width() {
            match tiles.get(x, y) {
                MapTile::Door => push(format!("door {x},{y}"), "door".into(), (x, y), vec![]),
                MapTile::Lock => {
                    let properties = locks.get(&(y, x)).map_or_else(Vec::new, |lock| {
                        vec![
                            ("lock", Value::Int(u64::from(lock.number))),
                            ("behind", Value::Int(u64::from(map.room_id(lock.behind)))),
                        ]
                    });
                    push(format!("lock {x},{y}"), "lock".into(), (x, y), properties)
                }
                _ => {}
            }
        }
    }
    for mark in map.marks().unwrap_or_default() {
        let room = ("room", Value::Int(u64::from(map.room_id(mark.room))));
        let (name, class, properties) = match (mark.tile, mark.lock) {
            (MapTile::Start, _) => ("start".to_string(), "start", vec![room]),
            (MapTile::Goal, _) => ("goal".to_string(), "goal", vec![room]),
            (MapTile::StairsUp | MapTile::StairsDown, _) => {
                let (direction, to) = if mark.tile == MapTile::StairsUp {
                    ("up", floor.saturating_sub(1))
                } else {
                    ("down", floor + 1)
                };
                let properties = vec![
                    ("direction", Value::Text(direction.into())),
                    ("floor", Value::Int(to)),
                    room,
                ];
                (format!("stairs {direction}"), "stairs", properties)
            }
            (_, Some(lock)) => {
                let properties = vec![("lock", Value::Int(u64::from(lock))), room];
                (format!("key {lock}"), "key", properties)
            }
            _ => unreachable!("a mark is the start, the goal, stairs or a key"),
        };
        push(name, class.into(), mark.at, properties);
    }
    for (n, entity) in (1..).zip(map.entities()) {
        let Some(at) = entity.at else { continue };
        let mut properties = vec![("kind", Value::Text(entity.kind.clone()))];
        if let Some(item) = entity.item {
            properties.push(("item", Value::Text(item)));
        }
        properties.push(("room", Value::Int(u64::from(map.room_id(entity.room)))));
        let name = format!("{} {n}", entity.kind);
        push(name, entity.kind.into(), at, properties);
    }
    objects
}
