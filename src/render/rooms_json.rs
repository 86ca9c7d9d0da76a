//! `json` for room maps: one `mazegen.rooms/v1` document (see `schema/rooms.v1.json`).
//!
//! The document is written as it goes, one room or edge per line, so a million rooms need no
//! document tree in memory. Its graph part is node-link data as networkx reads it:
//! `networkx.node_link_graph(doc, nodes="rooms", edges="edges", source="a", target="b")`.

use super::{Json, Render};
use crate::document::ROOMS_SCHEMA;
use crate::rooms::{EdgeKind, RoomMap};
use serde::Serialize;
use std::io::{self, Write};

/// The `params` object: the effective parameters and the map size.
#[derive(Serialize)]
struct Params<'a> {
    #[serde(flatten)]
    params: &'a crate::rooms::Params,
    map: bool,
    width: Option<u32>,
    height: Option<u32>,
}

/// The `analysis` object.
#[derive(Serialize)]
struct Analysis<'a> {
    start: u32,
    goal: u32,
    hops: u32,
    exact: bool,
    cyclomatic: u64,
    candidate_pairs: u64,
    dead_ends: &'a [u32],
}

/// Ends an array element's line, with a comma unless it is the last.
fn end_element(line: &mut Vec<u8>, more: bool) {
    if more {
        line.push(b',');
    }
    line.push(b'\n');
}

impl Render<RoomMap> for Json {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        let layout = map.layout.as_ref();
        let analysis = map.analysis();
        writeln!(out, "{{")?;
        writeln!(out, "  \"schema\": \"{ROOMS_SCHEMA}\",")?;
        writeln!(out, "  \"generator\": \"{}\",", crate::GENERATOR)?;
        writeln!(out, "  \"seed\": {},", map.seed)?;
        write!(out, "  \"params\": ")?;
        let params = Params {
            params: &map.params,
            map: layout.is_some(),
            width: layout.map(|l| l.width),
            height: layout.map(|l| l.height),
        };
        serde_json::to_writer(&mut *out, &params)?;
        writeln!(out, ",")?;
        writeln!(out, "  \"directed\": false,")?;
        writeln!(out, "  \"multigraph\": false,")?;
        write!(out, "  \"analysis\": ")?;
        let summary = Analysis {
            start: analysis.start,
            goal: analysis.goal,
            hops: analysis.hops,
            exact: analysis.exact,
            cyclomatic: analysis.cyclomatic,
            candidate_pairs: map.candidate_pairs,
            dead_ends: &analysis.dead_ends,
        };
        serde_json::to_writer(&mut *out, &summary)?;
        writeln!(out, ",")?;
        writeln!(out, "  \"rooms\": [")?;
        // The keys by room, and the lock of every edge (0: none).
        let mut by_room: Vec<(u32, u32)> = map.locks.iter().map(|l| (l.key, l.number)).collect();
        by_room.sort_unstable();
        let mut keys = &by_room[..];
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
        // Each line is formatted into `line` (infallible) and written at once.
        let mut line = Vec::new();
        let rooms = map.params.count as usize;
        for id in 0..rooms {
            line.clear();
            write!(line, "    {{\"id\":{id}")?;
            if let Some(layout) = layout {
                let r = layout.rooms[id];
                write!(
                    line,
                    ",\"x\":{},\"y\":{},\"w\":{},\"h\":{}",
                    r.x, r.y, r.w, r.h
                )?;
            }
            let (doors, depth) = (analysis.doors[id], analysis.depth[id]);
            let role = map.role(id as u32).name();
            write!(
                line,
                ",\"doors\":{doors},\"depth\":{depth},\"role\":\"{role}\""
            )?;
            let mut here = keys.iter().take_while(|&&(room, _)| room as usize == id);
            if let Some((_, first)) = here.next() {
                write!(line, ",\"keys\":[{first}")?;
                for (_, number) in here {
                    write!(line, ",{number}")?;
                }
                line.push(b']');
            }
            keys = &keys[keys.partition_point(|&(room, _)| room as usize <= id)..];
            line.push(b'}');
            end_element(&mut line, id + 1 < rooms);
            out.write_all(&line)?;
        }
        writeln!(out, "  ],")?;
        writeln!(out, "  \"edges\": [")?;
        for (k, edge) in map.edges.iter().enumerate() {
            line.clear();
            let kind = match edge.kind {
                EdgeKind::Tree => "tree",
                EdgeKind::Extra => "extra",
            };
            write!(
                line,
                "    {{\"a\":{},\"b\":{},\"kind\":\"{kind}\"",
                edge.a, edge.b
            )?;
            if let Some(corridor) = map.corridor(k) {
                line.extend_from_slice(b",\"corridor\":[");
                for (n, (x, y)) in corridor.enumerate() {
                    if n > 0 {
                        line.push(b',');
                    }
                    write!(line, "[{x},{y}]")?;
                }
                line.push(b']');
            }
            if let Some(&number) = locks.get(k).filter(|&&n| n > 0) {
                write!(line, ",\"lock\":{number}")?;
            }
            line.push(b'}');
            end_element(&mut line, k + 1 < map.edges.len());
            out.write_all(&line)?;
        }
        let (Some(doors), Some(passages)) = (map.maze_doors(), map.maze_passages()) else {
            writeln!(out, "  ]")?;
            return writeln!(out, "}}");
        };
        writeln!(out, "  ],")?;
        writeln!(out, "  \"maze\": {{")?;
        for (name, tiles, more) in [("doors", doors, true), ("passages", passages, false)] {
            line.clear();
            write!(line, "    \"{name}\": [")?;
            for (n, (x, y)) in tiles.enumerate() {
                if n > 0 {
                    line.push(b',');
                }
                write!(line, "[{x},{y}]")?;
            }
            line.push(b']');
            end_element(&mut line, more);
            out.write_all(&line)?;
        }
        writeln!(out, "  }}")?;
        writeln!(out, "}}")
    }
}
