//! Distances and figures of a maze of any shape, over its [`Topology`].

use super::Difficulty;
use crate::Maze;
use crate::grid::Result;
use crate::topology::Topology;
use crate::with_topology;
use serde::Serialize;
use std::fmt;

/// The figures every maze has, whatever its shape: the head of both [`ShapeStats`] and the
/// rectangle's [`crate::analysis::Summary`], in their tables and `stats` objects alike.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counts {
    /// Number of cells.
    pub cells: u64,
    /// Number of open passages between cells.
    pub passages: u64,
    /// Whether there is exactly one path between any two cells.
    pub perfect: bool,
    /// Independent loops: passages beyond the `cells - 1` of a perfect maze.
    pub loops: u64,
    /// Cells with exactly one passage.
    pub dead_ends: u64,
    /// `dead_ends / cells`.
    pub dead_end_fraction: f64,
    /// Cells with three or more passages.
    pub junctions: u64,
}

impl Counts {
    /// Counts the cells and passages of `maze` in one pass over its cells.
    pub fn of(maze: &Maze) -> Self {
        with_topology!(maze.shape(), t => Self::measure(t))
    }

    fn measure<T: Topology>(topology: &T) -> Self {
        let (mut ends, mut dead_ends, mut junctions) = (0u64, 0u64, 0u64);
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            let degree = topology.degree(i);
            ends += degree as u64;
            dead_ends += u64::from(degree == 1);
            junctions += u64::from(degree >= 3);
        }
        Self::tally(topology.cell_count() as u64, ends / 2, dead_ends, junctions)
    }

    /// The figures of a maze of `cells` cells with these `passages`, `dead_ends` and
    /// `junctions`, counted by whoever walked it (the rectangle's [`super::Stats`] counts them
    /// in its own pass).
    pub(crate) fn tally(cells: u64, passages: u64, dead_ends: u64, junctions: u64) -> Self {
        let loops = (passages + 1).saturating_sub(cells);
        Self {
            cells,
            passages,
            perfect: loops == 0 && passages + 1 == cells,
            loops,
            dead_ends,
            dead_end_fraction: dead_ends as f64 / cells as f64,
            junctions,
        }
    }

    /// The rows of a table that shows them, as name and value.
    pub(crate) fn rows(&self) -> [(&'static str, String); 6] {
        [
            ("cells", self.cells.to_string()),
            ("passages", self.passages.to_string()),
            ("perfect", if self.perfect { "yes" } else { "no" }.into()),
            ("loops", self.loops.to_string()),
            (
                "dead ends",
                format!(
                    "{} ({:.1}%)",
                    self.dead_ends,
                    100.0 * self.dead_end_fraction
                ),
            ),
            ("junctions", self.junctions.to_string()),
        ]
    }
}

/// The figures of a maze of any shape: what a graph document's `stats` object holds. (The
/// rectangle's [`crate::analysis::Summary`] adds straight runs and the east-west share, which
/// off the rectangle would be made up.)
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShapeStats {
    /// Cells, passages, dead ends and junctions.
    #[serde(flatten)]
    pub counts: Counts,
    /// Steps on a shortest path from start to goal.
    pub solution_length: u32,
    /// Steps of the longest shortest path between two cells (exact on perfect mazes).
    pub diameter: u32,
    /// How hard it is to solve.
    pub difficulty: Difficulty,
    /// The cells the solver visited, when a method other than the shortest solved the maze
    /// ([`Maze::visited`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visited: Option<u64>,
}

impl ShapeStats {
    /// Measures `maze` (a handful of breadth-first searches); [`crate::grid::MazeError::OutOfMemory`]
    /// when their scratch space does not fit. The diameter is two sweeps', each to the farthest cell first
    /// in index order.
    pub fn of(maze: &Maze) -> Result<Self> {
        let difficulty = Difficulty::of(maze)?;
        let (_, _, diameter) = maze.sweep_diameter();
        let from_start = maze.distances();
        Ok(Self {
            counts: Counts::of(maze),
            solution_length: from_start[maze.goal()],
            diameter,
            difficulty,
            visited: maze.visited().map(|cells| cells.len() as u64),
        })
    }
}

impl fmt::Display for ShapeStats {
    /// A table, one figure per line, as [`crate::analysis::Summary`] prints its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = [
            ("solution length", self.solution_length.to_string()),
            ("diameter", self.diameter.to_string()),
        ];
        for (name, value) in self.counts.rows().into_iter().chain(rows) {
            writeln!(f, "{name:<18}{value}")?;
        }
        if let Some(visited) = self.visited {
            writeln!(f, "{:<18}{visited} cells", "visited")?;
        }
        write!(f, "{}", self.difficulty)
    }
}
