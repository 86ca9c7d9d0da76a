//! `graph`: one `mazegen.graph/v1` document (see `schema/graph.v1.json`), node-link data of
//! any shape's cells and passages.
//!
//! Written as it goes, one cell or passage per line. networkx reads it with
//! `networkx.node_link_graph(doc, nodes="cells", edges="passages", source="a", target="b")`.

use super::Render;
use crate::Maze;
use crate::analysis::ShapeStats;
use crate::topology::{Geometry, ShapeSize, cell_ids};
use crate::with_topology;
use std::io::{self, Write};

/// The `schema` field of graph documents.
pub const GRAPH_SCHEMA: &str = "mazegen.graph/v1";

/// Writes a maze of any shape as a graph document, with its figures when `stats` is set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Graph {
    /// Adds the `stats` object.
    pub stats: bool,
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
        let ids = cell_ids(topology).map_err(io::Error::other)?;
        let count = topology.cell_count() as u32;
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
        let openings = maze.openings();
        if !openings.is_empty() {
            write!(out, "  \"openings\": [")?;
            for (n, &(cell, side)) in openings.iter().enumerate() {
                let comma = if n > 0 { "," } else { "" };
                write!(out, "{comma}{{\"cell\":{},\"side\":{side}}}", ids[cell])?;
            }
            writeln!(out, "],")?;
        }
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
