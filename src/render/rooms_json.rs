//! `json` for room maps: one `mazegen.rooms/v1` document ([`crate::document`]), its rooms and
//! edges written as the map is walked, one a line, so a million rooms need no document tree
//! in memory.

use super::{Json, Render};
use crate::document::rooms::{
    EdgeEntry, MazeFillTiles, RoomEntry, RoomsAnalysis, RoomsDocument, RoomsParams,
};
use crate::document::{Lines, ROOMS_SCHEMA, Seq, write_pretty};
use crate::rooms::RoomMap;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::io::{self, Write};

impl Render<RoomMap> for Json {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
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
            rooms: Lines(Rooms(map)),
            edges: Lines(Edges(map)),
            maze,
        };
        write_pretty(out, &document)
    }
}

/// The `rooms` of a map.
struct Rooms<'a>(&'a RoomMap);

impl Serialize for Rooms<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map = self.0;
        let analysis = map.analysis();
        // The keys by room: (room, lock number) in order.
        let mut by_room: Vec<(u32, u32)> = map.locks.iter().map(|l| (l.key, l.number)).collect();
        by_room.sort_unstable();
        let mut keys = &by_room[..];
        let mut seq = serializer.serialize_seq(Some(map.params.count as usize))?;
        for id in 0..map.params.count {
            let here = keys.partition_point(|&(room, _)| room <= id);
            let numbers = Seq(keys[..here].iter().map(|&(_, number)| number));
            keys = &keys[here..];
            let i = id as usize;
            let floor = map.layout.as_ref().map(|layout| layout.rooms[i]);
            seq.serialize_element(&RoomEntry {
                id,
                x: floor.map(|r| r.x),
                y: floor.map(|r| r.y),
                w: floor.map(|r| r.w),
                h: floor.map(|r| r.h),
                doors: analysis.doors[i],
                depth: analysis.depth[i],
                role: map.role(id),
                keys: (here > 0).then_some(numbers),
            })?;
        }
        seq.end()
    }
}

/// The `edges` of a map.
struct Edges<'a>(&'a RoomMap);

impl Serialize for Edges<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map = self.0;
        // The lock of every edge (0: none).
        let mut locks = vec![
            0;
            if map.locks.is_empty() {
                0
            } else {
                map.edges.len()
            }
        ];
        for lock in &map.locks {
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
            })?;
        }
        seq.end()
    }
}
