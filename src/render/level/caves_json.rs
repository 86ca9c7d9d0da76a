//! `json` for caves: one `mazegen.caves/v1` document ([`crate::document`]), its caverns,
//! tunnels and tile rows written as the cave is walked, one a line.

use crate::caves::CaveMap;
use crate::document::caves::{CavernEntry, CavesAnalysis, CavesDocument, TunnelEntry};
use crate::document::{CAVES_SCHEMA, EntityEntry, Lines, Seq, write_pretty};
use crate::level::{EdgeKind, Floor, Level};
use crate::render::style::TileStyle;
use crate::render::{Json, Render};
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::borrow::Cow;
use std::io::{self, Write};

impl Render<CaveMap> for Json {
    fn render(&self, cave: &CaveMap, out: &mut dyn Write) -> io::Result<()> {
        write_cave(cave, cave, out)
    }
}

/// A floor of a dungeon of caves: the floor's cave, with the floor's marks, roles, lock
/// numbers and keys.
impl Render<Floor<'_, CaveMap>> for Json {
    fn render(&self, floor: &Floor<'_, CaveMap>, out: &mut dyn Write) -> io::Result<()> {
        write_cave(floor.level(), floor, out)
    }
}

/// Writes the document of `cave` as `level` shows it (its marks, roles, locks and keys).
fn write_cave(cave: &CaveMap, level: &dyn Level, out: &mut dyn Write) -> io::Result<()> {
    let analysis = cave.analysis();
    let entities = level.entities();
    let document = CavesDocument {
        schema: CAVES_SCHEMA.into(),
        generator: crate::GENERATOR.into(),
        seed: cave.seed,
        params: Cow::Borrowed(&cave.params),
        directed: false,
        multigraph: false,
        analysis: CavesAnalysis {
            start: analysis.start,
            goal: analysis.goal,
            hops: analysis.hops,
            dead_ends: Cow::Borrowed(&analysis.dead_ends),
            left_out: cave.left_out,
        },
        rooms: Lines(Caverns(cave, level)),
        edges: Lines(Tunnels(cave, level)),
        tiles: Lines(Rows(level)),
        entities: (!entities.is_empty())
            .then(|| Lines(entities.iter().map(EntityEntry::of).collect())),
    };
    write_pretty(out, &document)
}

/// The `rooms` of a cave: its caverns.
struct Caverns<'a>(&'a CaveMap, &'a dyn Level);

impl Serialize for Caverns<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (cave, level) = (self.0, self.1);
        let analysis = cave.analysis();
        let mut seq = serializer.serialize_seq(Some(cave.caverns.len()))?;
        let mut keys_of = level.keys();
        for (id, cavern) in cave.caverns.iter().enumerate() {
            let keys = std::mem::take(&mut keys_of[id]);
            let r = cavern.bounds;
            seq.serialize_element(&CavernEntry {
                id: id as u32,
                x: r.x,
                y: r.y,
                w: r.w,
                h: r.h,
                floor: cavern.floor,
                doors: analysis.doors[id],
                depth: analysis.depth[id],
                role: level.role(id as u32),
                keys: (!keys.is_empty()).then_some(keys),
            })?;
        }
        seq.end()
    }
}

/// The `edges` of a cave: its tunnels.
struct Tunnels<'a>(&'a CaveMap, &'a dyn Level);

impl Serialize for Tunnels<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (cave, level) = (self.0, self.1);
        let mut seq = serializer.serialize_seq(Some(cave.tunnels.len()))?;
        let mut lock_of = vec![None; cave.tunnels.len()];
        for lock in level.locks() {
            lock_of[lock.edge as usize] = Some(lock);
        }
        for (k, tunnel) in cave.tunnels.iter().enumerate() {
            let lock = lock_of[k];
            seq.serialize_element(&TunnelEntry {
                a: tunnel.a,
                b: tunnel.b,
                kind: EdgeKind::Tree,
                tunnel: Seq(cave.tunnel_tiles(k).map(|(x, y)| [x, y])),
                lock: lock.map(|lock| lock.number),
                lock_at: lock.map(|lock| {
                    let (x, y) = cave.lock_door(lock);
                    [x, y]
                }),
            })?;
        }
        seq.end()
    }
}

/// The `tiles` of a cave: its rows as `--format text` draws them.
struct Rows<'a>(&'a dyn Level);

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let tiles = self.0.tile_map().expect("a cave has tiles");
        let mut seq = serializer.serialize_seq(Some(tiles.height() as usize))?;
        let mut line = String::new();
        for row in tiles.rows() {
            line.clear();
            line.extend(row.iter().map(|&tile| char::from(tile.text())));
            seq.serialize_element(&line)?;
        }
        seq.end()
    }
}
