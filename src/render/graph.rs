//! `graph`: one `mazegen.graph/v1` document (see `schema/graph.v1.json`), node-link data of
//! any shape's cells and passages.
//!
//! Written as it goes, one cell or passage per line. networkx reads it with
//! `networkx.node_link_graph(doc, nodes="cells", edges="passages", source="a", target="b")`.

use super::Render;
use crate::Maze;
use crate::analysis::ShapeStats;
use crate::topology::{Geometry, Shape};
use crate::with_topology;
use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// The `schema` field of graph documents.
pub const GRAPH_SCHEMA: &str = "mazegen.graph/v1";

/// Writes a maze of any shape as a graph document, with its figures when `stats` is set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Graph {
    /// Adds the `stats` object.
    pub stats: bool,
}

/// The `shape` object: the kind and the size that rebuilds the shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub(crate) enum ShapeSize {
    /// A rectangle of `width x height` cells.
    Rect { width: u32, height: u32 },
    /// A masked rectangle of `width x height` cells.
    Mask { width: u32, height: u32 },
    /// Hexagons, `width x height` cells.
    Hex { width: u32, height: u32 },
    /// Triangles, `width x height` cells.
    Triangle { width: u32, height: u32 },
    /// Rings.
    Polar { rings: u32 },
}

impl ShapeSize {
    /// The size of `shape`.
    pub(crate) fn of(shape: &Shape) -> Self {
        match shape {
            Shape::Rect(g) => Self::Rect {
                width: g.width(),
                height: g.height(),
            },
            Shape::Masked(m) => Self::Mask {
                width: m.mask().width(),
                height: m.mask().height(),
            },
            Shape::Hex(h) => Self::Hex {
                width: h.width(),
                height: h.height(),
            },
            Shape::Triangle(t) => Self::Triangle {
                width: t.width(),
                height: t.height(),
            },
            Shape::Polar(p) => Self::Polar { rings: p.rings() },
        }
    }
}

/// A coordinate rounded to 1/10,000 of a cell, so documents are the same on every platform.
fn rounded(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

/// A maze of any shape as a graph: its cells and passages, braided or not.
impl Render<Maze> for Graph {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        with_topology!(maze.shape(), t => self.write(maze, t, out))
    }
}

impl Graph {
    /// The document of `maze`, whose shape is `topology`.
    fn write<T: Geometry>(&self, maze: &Maze, topology: &T, out: &mut dyn Write) -> io::Result<()> {
        // Cell ids run from 0 without the holes of a mask.
        let mut ids = vec![u32::MAX; topology.slots()];
        let mut count = 0;
        for (i, id) in ids.iter_mut().enumerate() {
            if topology.is_cell(i) {
                *id = count;
                count += 1;
            }
        }
        writeln!(out, "{{")?;
        writeln!(out, "  \"schema\": \"{GRAPH_SCHEMA}\",")?;
        writeln!(out, "  \"generator\": \"{}\",", crate::GENERATOR)?;
        write!(out, "  \"algorithm\": ")?;
        serde_json::to_writer(&mut *out, maze.algorithm())?;
        write!(out, ",\n  \"params\": ")?;
        serde_json::to_writer(&mut *out, maze.params())?;
        writeln!(out, ",\n  \"seed\": {},", maze.seed())?;
        write!(out, "  \"shape\": ")?;
        serde_json::to_writer(&mut *out, &ShapeSize::of(maze.shape()))?;
        let (width, height) = topology.bounds();
        writeln!(
            out,
            ",\n  \"bounds\": {{\"width\":{},\"height\":{}}},",
            rounded(width),
            rounded(height)
        )?;
        if let Some(braid) = maze.braid() {
            write!(out, "  \"braid\": ")?;
            serde_json::to_writer(&mut *out, &f64::from(braid))?;
            writeln!(out, ",")?;
        }
        writeln!(out, "  \"directed\": false,")?;
        writeln!(out, "  \"multigraph\": false,")?;
        writeln!(out, "  \"start\": {},", ids[maze.start()])?;
        writeln!(out, "  \"goal\": {},", ids[maze.goal()])?;
        if let Some(solution) = maze.solution() {
            write!(out, "  \"solution\": [")?;
            for (n, &i) in solution.iter().enumerate() {
                let comma = if n > 0 { "," } else { "" };
                write!(out, "{comma}{}", ids[i])?;
            }
            writeln!(out, "],")?;
        }
        if self.stats {
            write!(out, "  \"stats\": ")?;
            let stats = ShapeStats::of(maze).map_err(io::Error::other)?;
            serde_json::to_writer(&mut *out, &stats)?;
            writeln!(out, ",")?;
        }
        writeln!(out, "  \"cells\": [")?;
        let mut line = Vec::new();
        let mut passages = 0u64;
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            line.clear();
            let cursor = topology.cursor(i);
            let at = topology.cell(&cursor);
            let centre = topology.centre(i);
            write!(
                line,
                "    {{\"id\":{},\"at\":[{},{}],\"x\":{},\"y\":{},\"neighbours\":[",
                ids[i],
                at.x,
                at.y,
                rounded(centre.x),
                rounded(centre.y)
            )?;
            let mut first = true;
            for side in 0..T::SIDES {
                if let Some(j) = topology.neighbour(&cursor, side) {
                    let comma = if first { "" } else { "," };
                    write!(line, "{comma}{}", ids[j])?;
                    first = false;
                    passages += u64::from(j > i && topology.is_open(i, side));
                }
            }
            line.extend_from_slice(b"]}");
            if ids[i] + 1 < count {
                line.push(b',');
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
        writeln!(out, "  ],")?;
        writeln!(out, "  \"passages\": [")?;
        let mut written = 0u64;
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            let cursor = topology.cursor(i);
            for side in 0..T::SIDES {
                if let Some(j) = topology.neighbour(&cursor, side)
                    && j > i
                    && topology.is_open(i, side)
                {
                    written += 1;
                    let comma = if written < passages { "," } else { "" };
                    writeln!(out, "    {{\"a\":{},\"b\":{}}}{comma}", ids[i], ids[j])?;
                }
            }
        }
        writeln!(out, "  ]")?;
        writeln!(out, "}}")
    }
}
