//! `graph`: one `mazegen.graph/v1` document ([`crate::document`]), its cells and passages
//! written as the maze is walked, one a line.

use crate::Maze;
use crate::analysis::ShapeStats;
use crate::document::graph::{
    Bounds, CellEntry, Coordinate, GraphDocument, MAX_NEIGHBOURS, OpeningEntry, PassageEntry,
};
use crate::document::{GRAPH_SCHEMA, Lines, Seq, WindowEntry, write_line, write_pretty};
use crate::render::{Render, Takes};
use crate::topology::{Geometry, ShapeSize, Topology, cell_ids};
use crate::with_topology;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::io::{self, Write};

/// Writes a maze of any shape as a graph document, with its figures when `stats` is set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Graph {
    /// Adds the `stats` object.
    pub stats: bool,
}

impl Graph {
    /// What `graph` takes.
    pub const TAKES: Takes = Takes {
        any_shape: true,
        carries_stats: true,
        records_seed: true,
        ..Takes::NOTHING
    };
}

/// A maze of any shape as a graph: its cells and passages, braided or not.
impl Render<Maze> for Graph {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        self.write(maze, out, false)
    }
}

impl Graph {
    /// Writes the document of `maze`: pretty, or compact on one line when `line` is set.
    pub(in crate::render) fn write(
        &self,
        maze: &Maze,
        out: &mut dyn Write,
        line: bool,
    ) -> io::Result<()> {
        let stats = self
            .stats
            .then(|| ShapeStats::of(maze))
            .transpose()
            .map_err(io::Error::other)?;
        with_topology!(maze.shape(), topology => {
            // Cell ids run from 0 without the holes of a mask.
            let ids = cell_ids(topology).map_err(io::Error::other)?;
            let (width, height) = topology.bounds();
            let document = GraphDocument {
                schema: GRAPH_SCHEMA,
                generator: crate::GENERATOR,
                algorithm: maze.algorithm(),
                params: maze.params(),
                seed: maze.seed(),
                shape: ShapeSize::of(maze.shape()),
                bounds: Bounds {
                    width: Coordinate::rounded(width),
                    height: Coordinate::rounded(height),
                },
                braid: maze.braid().map(f64::from),
                unicursal: maze.is_unicursal(),
                directed: false,
                multigraph: false,
                start: ids[maze.start()].into(),
                goal: ids[maze.goal()].into(),
                openings: (maze.openings().into_iter())
                    .map(|(cell, side)| OpeningEntry {
                        cell: ids[cell].into(),
                        side: side as u64,
                    })
                    .collect(),
                window: maze.cut().map(WindowEntry::of),
                exits: maze.cut().map(|cut| {
                    let ids = |pos| ids[topology.locate(pos).expect("a window's cell")];
                    (cut.exits.iter())
                        .map(|&(cell, dir)| OpeningEntry { cell: ids(cell).into(), side: dir as u64 })
                        .collect()
                }),
                solution: maze
                    .solution()
                    .map(|path| Seq(path.iter().map(|&i| ids[i]))),
                visited: maze
                    .visited()
                    .map(|cells| cells.iter().map(|&i| ids[i]).collect()),
                stats,
                cells: Lines(Cells { topology, ids: &ids }),
                passages: Lines(Passages { topology, ids: &ids }),
            };
            if line {
                write_line(out, &document)
            } else {
                write_pretty(out, &document)
            }
        })
    }
}

/// The `cells` of a maze whose shape is `topology`, `ids` naming them.
struct Cells<'a, T> {
    topology: &'a T,
    ids: &'a [u32],
}

impl<T: Geometry> Serialize for Cells<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let topology = self.topology;
        let mut seq = serializer.serialize_seq(Some(topology.cell_count()))?;
        let mut neighbours = [0; MAX_NEIGHBOURS];
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            let cursor = topology.cursor(i);
            let mut count = 0;
            for side in 0..T::SIDES {
                if let Some(j) = topology.link(&cursor, side) {
                    neighbours[count] = self.ids[j];
                    count += 1;
                }
            }
            let (at, z) = topology.placed(&cursor);
            let centre = topology.centre(i);
            seq.serialize_element(&CellEntry {
                id: self.ids[i].into(),
                at: (at.x, at.y),
                z,
                x: Coordinate::rounded(centre.x),
                y: Coordinate::rounded(centre.y),
                neighbours: &neighbours[..count],
            })?;
        }
        seq.end()
    }
}

/// The `passages` of a maze whose shape is `topology`, `ids` naming their cells: each open
/// side once, from the cell that comes first.
struct Passages<'a, T> {
    topology: &'a T,
    ids: &'a [u32],
}

impl<T: Geometry> Serialize for Passages<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let topology = self.topology;
        let mut seq = serializer.serialize_seq(None)?;
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            let cursor = topology.cursor(i);
            for side in 0..T::SIDES {
                if let Some(j) = topology.link(&cursor, side)
                    && j > i
                    && topology.is_open(i, side)
                {
                    seq.serialize_element(&PassageEntry {
                        a: self.ids[i].into(),
                        b: self.ids[j].into(),
                        under: topology.under(&cursor, side).map(|k| self.ids[k].into()),
                    })?;
                }
            }
        }
        seq.end()
    }
}
