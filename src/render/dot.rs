//! `dot`: the room graph for Graphviz.

use super::Render;
use super::Takes;
use crate::rooms::{EdgeKind, RoomMap};
use std::io::{self, Write};

/// Tiles per inch in the drawing: `pos` and sizes are given in tiles and scaled by this.
const TILES_PER_INCH: u32 = 4;

/// Graphviz output: an undirected graph of the rooms, tree edges bold and extra edges dashed,
/// the start room filled green and the goal red; with locks, locked edges orange and labelled
/// `lock k`, and rooms holding keys labelled with them (`3\nkey 1`).
///
/// With a map, every room is a box of its floor's size at its position on the map (`pos` with
/// `!`, y pointing down the map as in the other formats), and the graph asks for the `neato`
/// layout, which keeps those positions: `dot -Tsvg rooms.dot` draws the map as a graph.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dot;

impl Dot {
    /// What `dot` takes.
    pub const TAKES: Takes = Takes {
        records_seed: true,
        ..Takes::NOTHING
    };
}

impl Render<RoomMap> for Dot {
    fn render(&self, map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
        let params = &map.params;
        writeln!(
            out,
            "// {} seed {}: {} rooms, p {}, candidates {}",
            crate::document::ROOMS_SCHEMA,
            map.seed,
            params.count,
            params.p,
            params.candidates.name(),
        )?;
        writeln!(out, "graph rooms {{")?;
        let layout = map.layout.as_ref();
        if layout.is_some() {
            writeln!(
                out,
                "  graph [layout=neato, inputscale={TILES_PER_INCH}, splines=false];"
            )?;
            writeln!(out, "  node [shape=box, fixedsize=true, fontsize=10];")?;
        }
        for id in 0..params.count {
            write!(out, "  {id} [")?;
            let mut separator = "";
            if let Some(layout) = layout {
                let room = layout.rooms[id as usize];
                let (x, y) = room.doubled_centre();
                let inches = |tiles: u32| f64::from(tiles) / f64::from(TILES_PER_INCH);
                write!(
                    out,
                    "pos=\"{},{}!\", width={}, height={}",
                    x as f64 / 2.0,
                    -(y as f64) / 2.0,
                    inches(room.w),
                    inches(room.h)
                )?;
                separator = ", ";
            }
            let fill = if id == map.analysis().start {
                "palegreen"
            } else if id == map.analysis().goal {
                "salmon"
            } else {
                ""
            };
            if !fill.is_empty() {
                write!(out, "{separator}style=filled, fillcolor={fill}")?;
                separator = ", ";
            }
            let keys: Vec<String> = map
                .locks
                .iter()
                .filter(|lock| lock.key == id)
                .map(|lock| lock.number.to_string())
                .collect();
            if !keys.is_empty() {
                let noun = if keys.len() == 1 { "key" } else { "keys" };
                write!(out, "{separator}label=\"{id}\\n{noun} {}\"", keys.join(","))?;
            }
            writeln!(out, "];")?;
        }
        for (k, edge) in map.edges.iter().enumerate() {
            let (class, style) = match edge.kind {
                EdgeKind::Tree => ("tree", "bold"),
                EdgeKind::Extra => ("extra", "dashed"),
                EdgeKind::Cycle => ("cycle", "dotted"),
            };
            write!(
                out,
                "  {} -- {} [class={class}, style={style}",
                edge.a, edge.b
            )?;
            if let Some(lock) = map.lock_of(k) {
                write!(out, ", color=orange, label=\"lock {}\"", lock.number)?;
            }
            writeln!(out, "];")?;
        }
        writeln!(out, "}}")
    }
}
