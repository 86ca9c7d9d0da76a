//! `json` for room maps: one `mazegen.rooms/v1` document ([`crate::document`]), its rooms and
//! edges written as the map is walked, one a line, so a million rooms need no document tree
//! in memory.

use crate::document::rooms::{
    EdgeEntry, MazeFillTiles, RoomEntry, RoomsAnalysis, RoomsDocument, RoomsParams,
};
use crate::document::{EntityEntry, Lines, ROOMS_SCHEMA, Seq, write_pretty};
use crate::level::{Floor, Level};
use crate::render::{Json, Render};
use crate::rooms::RoomMap;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::io::{self, Write};

impl Render<RoomMap> for Json {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        write_rooms(map, map, out)
    }
}

/// A floor of a dungeon of room maps: the floor's map, with the floor's roles, lock numbers
/// and keys.
impl Render<Floor<'_, RoomMap>> for Json {
    fn render(&self, floor: &Floor<'_, RoomMap>, out: &mut dyn Write) -> io::Result<()> {
        write_rooms(floor.level(), floor, out)
    }
}

/// Writes the document of `map` as `level` shows it (its roles, locks and keys).
fn write_rooms(map: &RoomMap, level: &dyn Level, out: &mut dyn Write) -> io::Result<()> {
    let layout = map.layout.as_ref();
    let analysis = map.analysis();
    let maze = map
        .maze_doors()
        .zip(map.maze_passages())
        .map(|(doors, passages)| {
            Lines(MazeFillTiles {
                doors: Seq(doors),
                passages: Seq(passages),
            })
        });
    let entities = level.entities();
    let document = RoomsDocument {
        schema: ROOMS_SCHEMA,
        generator: crate::GENERATOR,
        seed: map.seed,
        params: RoomsParams {
            params: &map.params,
            map: layout.is_some(),
            width: layout.map(|l| l.width),
            height: layout.map(|l| l.height),
        },
        directed: false,
        multigraph: false,
        analysis: RoomsAnalysis {
            start: analysis.start,
            goal: analysis.goal,
            hops: analysis.hops,
            exact: analysis.exact,
            cyclomatic: analysis.cyclomatic,
            candidate_pairs: map.candidate_pairs,
            dead_ends: &analysis.dead_ends,
        },
        rooms: Lines(Rooms(map, level)),
        edges: Lines(Edges(map, level)),
        maze,
        entities: (!entities.is_empty())
            .then(|| Lines(entities.iter().map(EntityEntry::of).collect())),
    };
    write_pretty(out, &document)
}

/// The `rooms` of a map.
struct Rooms<'a>(&'a RoomMap, &'a dyn Level);

impl Serialize for Rooms<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (map, level) = (self.0, self.1);
        let analysis = map.analysis();
        let mut keys_of = level.keys();
        let mut seq = serializer.serialize_seq(Some(map.params.count as usize))?;
        for id in 0..map.params.count {
            let i = id as usize;
            let keys = std::mem::take(&mut keys_of[i]);
            let floor = map.layout.as_ref().map(|layout| layout.rooms[i]);
            seq.serialize_element(&RoomEntry {
                id,
                name: map.room_name(id),
                prefab: map.prefab(id).map(|prefab| prefab.name()),
                drawing: map.prefab(id).map(|prefab| prefab.lines()),
                x: floor.map(|r| r.x),
                y: floor.map(|r| r.y),
                w: floor.map(|r| r.w),
                h: floor.map(|r| r.h),
                doors: analysis.doors[i],
                depth: analysis.depth[i],
                role: level.role(id),
                keys: (!keys.is_empty()).then_some(Seq(keys.into_iter())),
            })?;
        }
        seq.end()
    }
}

/// The `edges` of a map.
struct Edges<'a>(&'a RoomMap, &'a dyn Level);

impl Serialize for Edges<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (map, level) = (self.0, self.1);
        // The lock of every edge (0: none).
        let mut locks = vec![
            0;
            if level.locks().is_empty() {
                0
            } else {
                map.edges.len()
            }
        ];
        for lock in level.locks() {
            locks[lock.edge as usize] = lock.number;
        }
        let mut seq = serializer.serialize_seq(Some(map.edges.len()))?;
        for (k, edge) in map.edges.iter().enumerate() {
            seq.serialize_element(&EdgeEntry {
                a: edge.a,
                b: edge.b,
                kind: edge.kind,
                corridor: map.corridor(k).map(Seq),
                lock: locks.get(k).copied().filter(|&n| n > 0),
                one_way: map.one_way(k),
            })?;
        }
        seq.end()
    }
}
