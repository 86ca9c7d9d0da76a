//! `dot`: the room graph for Graphviz.

use crate::level::{Dungeon, EdgeKind, FLOOR_GAP, Level, Role};
use crate::render::{Render, Takes};
use crate::rooms::RoomMap;
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
        write_head(map, out)?;
        write_rooms(map, map, ("", "  ", 0), out)?;
        writeln!(out, "}}")
    }
}

/// A dungeon of one floor as that floor's map; of more, each floor a cluster (`floor 1`, ...)
/// of rooms named `f{floor}_{room}`, drawn one below another with a map, and the stairs as
/// edges between the clusters (class `stairs`, bold grey).
impl Render<Dungeon<RoomMap>> for Dot {
    fn render(&self, dungeon: &Dungeon<RoomMap>, out: &mut dyn Write) -> io::Result<()> {
        let first = dungeon.floor(0);
        write_head(first.level(), out)?;
        if dungeon.floor_count() == 1 {
            write_rooms(first.level(), &first, ("", "  ", 0), out)?;
            return writeln!(out, "}}");
        }
        let mut top = 0;
        for floor in dungeon.floors() {
            let f = floor.number();
            writeln!(out, "  subgraph cluster_{f} {{")?;
            writeln!(out, "    label=\"floor {}\";", f + 1)?;
            let prefix = format!("f{f}_");
            write_rooms(floor.level(), &floor, (&prefix, "    ", top), out)?;
            writeln!(out, "  }}")?;
            let height = floor
                .level()
                .layout
                .as_ref()
                .map_or(0, |layout| layout.height);
            top += height + FLOOR_GAP;
        }
        for stairs in dungeon.stairs() {
            let (f, below) = (stairs.floor, stairs.floor + 1);
            writeln!(
                out,
                "  f{f}_{} -- f{below}_{} [class=stairs, style=bold, color=grey, label=\"stairs\"];",
                stairs.down, stairs.up
            )?;
        }
        writeln!(out, "}}")
    }
}

/// Writes the comment naming `map`'s document, seed and parameters, and the graph's opening
/// with its layout.
fn write_head(map: &RoomMap, out: &mut dyn Write) -> io::Result<()> {
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
    if map.layout.is_some() {
        writeln!(
            out,
            "  graph [layout=neato, inputscale={TILES_PER_INCH}, splines=false];"
        )?;
        writeln!(out, "  node [shape=box, fixedsize=true, fontsize=10];")?;
    }
    Ok(())
}

/// Writes the rooms and edges of `map` as `level` shows it (its ends, locks and keys), each
/// line at `indent`, rooms named `prefix` and their number, `top` tiles down.
fn write_rooms(
    map: &RoomMap,
    level: &dyn Level,
    (prefix, indent, top): (&str, &str, u32),
    out: &mut dyn Write,
) -> io::Result<()> {
    let params = &map.params;
    let layout = map.layout.as_ref();
    let keys_of = level.keys();
    for id in 0..params.count {
        write!(out, "{indent}{prefix}{id} [")?;
        let mut separator = "";
        if let Some(layout) = layout {
            let mut room = layout.rooms[id as usize];
            room.y += top;
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
        let fill = match level.role(id) {
            Role::Start => "palegreen",
            Role::Goal => "salmon",
            Role::Stairs => "lightgrey",
            _ => "",
        };
        if !fill.is_empty() {
            write!(out, "{separator}style=filled, fillcolor={fill}")?;
            separator = ", ";
        }
        let keys: Vec<String> = keys_of[id as usize].iter().map(u32::to_string).collect();
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
            "{indent}{prefix}{} -- {prefix}{} [class={class}, style={style}",
            edge.a, edge.b
        )?;
        if let Some(lock) = level.locks().iter().find(|lock| lock.edge as usize == k) {
            write!(out, ", color=orange, label=\"lock {}\"", lock.number)?;
        }
        writeln!(out, "];")?;
    }
    Ok(())
}
