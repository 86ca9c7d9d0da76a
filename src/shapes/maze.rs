//! A maze of any shape: the carved shape, what carved it, its endpoints and its solution.

use super::{Masked, Shape, Topology};
use crate::Maze;
use crate::Probability;
use crate::algorithms::{Generator, braid};
use crate::analysis::Difficulty;
use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::maze::BRAID_STREAM;
use crate::rng::{rng_for_stream, rng_from_seed};
use crate::with_topology;
use serde::Serialize;
use std::fmt;

/// Distance of a cell the start cannot reach (never, in a carved maze).
pub const UNREACHED: u32 = u32::MAX;

/// A maze on any [`Shape`], with what produced it, where it is entered and left, and its
/// solution once asked for. Cells are named by index, as the shape numbers them.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapedMaze {
    shape: Shape,
    algorithm: String,
    params: serde_json::Value,
    seed: u64,
    start: usize,
    goal: usize,
    solution: Option<Vec<usize>>,
    braid: Option<Probability>,
}

impl ShapedMaze {
    /// Carves `shape` (every wall standing) with `generator`, seeded with `seed`: entered at
    /// the first cell, left at the last.
    pub fn generate(generator: &dyn Generator, mut shape: Shape, seed: u64) -> Result<Self> {
        generator.carve_shape(&mut shape, &mut rng_from_seed(seed))?;
        Ok(Self::new(shape, generator.name(), generator.params(), seed))
    }

    /// The maze of a carved `shape`, entered at its first cell and left at its last.
    pub(crate) fn new(
        shape: Shape,
        algorithm: impl Into<String>,
        params: serde_json::Value,
        seed: u64,
    ) -> Self {
        let (start, goal) = with_topology!(&shape, t => {
            let last = (0..t.slots()).rev().find(|&i| t.is_cell(i)).expect("a shape has cells");
            (t.first_cell(), last)
        });
        Self {
            shape,
            algorithm: algorithm.into(),
            params,
            seed,
            start,
            goal,
            solution: None,
            braid: None,
        }
    }

    /// A rectangular maze seen as a shape: the same cells, passages, endpoints and solution.
    pub fn from_maze(maze: &Maze) -> Self {
        let grid = maze.grid();
        let index = |pos: Pos| grid.index(pos);
        let shape = match maze.mask() {
            Some(mask) => Shape::Masked(Masked::from_parts(grid.clone(), mask.clone())),
            None => Shape::Rect(grid.clone()),
        };
        Self {
            shape,
            algorithm: maze.algorithm().to_owned(),
            params: maze.params().clone(),
            seed: maze.seed(),
            start: index(maze.start()),
            goal: index(maze.goal()),
            solution: maze
                .solution()
                .map(|cells| cells.iter().map(|&pos| index(pos)).collect()),
            braid: maze.braid(),
        }
    }

    /// The rectangular maze this is, a rectangle or a mask, with the same cells, passages,
    /// endpoints and solution (the inverse of [`ShapedMaze::from_maze`]); a maze of another
    /// shape is given back.
    pub fn into_maze(self) -> std::result::Result<Maze, Box<Self>> {
        let (grid, mask) = match self.shape {
            Shape::Rect(grid) => (grid, None),
            Shape::Masked(masked) => {
                let (grid, mask) = masked.into_parts();
                (grid, Some(mask))
            }
            _ => return Err(Box::new(self)),
        };
        let pos = |i: usize| grid.pos(i);
        let (start, goal) = (pos(self.start), pos(self.goal));
        let solution = self
            .solution
            .map(|cells| cells.into_iter().map(pos).collect());
        let mut maze = match mask {
            Some(mask) => Maze::masked(grid, mask, self.algorithm, self.params, self.seed),
            None => Maze::new(grid, self.algorithm, self.params, self.seed),
        };
        maze.set_endpoints(start, goal)
            .expect("the endpoints are cells of the grid");
        maze.record_braid(self.braid);
        if let Some(cells) = solution {
            maze.record_solution(cells);
        }
        Ok(maze)
    }

    /// The shape and its passages.
    pub const fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The algorithm's name.
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// The algorithm's effective options.
    pub const fn params(&self) -> &serde_json::Value {
        &self.params
    }

    /// The seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The cell the maze is entered at.
    pub const fn start(&self) -> usize {
        self.start
    }

    /// The cell the maze is left at.
    pub const fn goal(&self) -> usize {
        self.goal
    }

    /// The position of the start cell (see [`Topology::cell`]).
    pub fn start_pos(&self) -> Pos {
        self.pos(self.start)
    }

    /// The position of the goal cell (see [`Topology::cell`]).
    pub fn goal_pos(&self) -> Pos {
        self.pos(self.goal)
    }

    /// The position of cell `i`.
    fn pos(&self, i: usize) -> Pos {
        with_topology!(&self.shape, t => t.cell(&t.cursor(i)))
    }

    /// The cells from start to goal, once [`ShapedMaze::solve`] has run.
    pub fn solution(&self) -> Option<&[usize]> {
        self.solution.as_deref()
    }

    /// Moves the endpoints to the cells at `start` and `goal` (see
    /// [`Topology::locate`]), dropping a solution for the old ones.
    pub fn set_endpoints(&mut self, start: Pos, goal: Pos) -> Result<()> {
        let locate = |pos: Pos| {
            with_topology!(&self.shape, t => t.locate(pos))
                .ok_or(Error::NotACell { x: pos.x, y: pos.y })
        };
        (self.start, self.goal) = (locate(start)?, locate(goal)?);
        self.solution = None;
        Ok(())
    }

    /// Keeps `cells`, a path from start to goal along open passages the caller has checked,
    /// as the solution.
    pub(crate) fn record_solution(&mut self, cells: Vec<usize>) {
        self.solution = Some(cells);
    }

    /// The probability each dead end was braided away with, if the maze was braided.
    pub const fn braid(&self) -> Option<Probability> {
        self.braid
    }

    /// Removes each dead end with `probability` (see [`braid`]), drawing from the random
    /// stream rectangles braid from, so the maze underneath stays the one the seed gives.
    /// Returns the walls opened; drops the solution.
    pub fn braid_with(&mut self, probability: Probability) -> Result<u64> {
        let mut rng = rng_for_stream(self.seed, BRAID_STREAM);
        let opened = with_topology!(&mut self.shape, t => braid(t, probability.get(), &mut rng))?;
        self.braid = Some(probability);
        self.solution = None;
        Ok(opened)
    }

    /// Records that the maze was braided with `probability`, as a document read back says.
    pub(crate) fn record_braid(&mut self, probability: Option<Probability>) {
        self.braid = probability;
    }

    /// Finds the path from start to goal.
    pub fn solve(&mut self) {
        let distances = self.distances();
        let path = with_topology!(&self.shape, t => path_back(t, &distances, self.goal));
        self.solution = Some(path);
    }

    /// Every cell's distance in steps from the start ([`UNREACHED`] for holes of a mask).
    pub fn distances(&self) -> Vec<u32> {
        with_topology!(&self.shape, t => distances(t, self.start))
    }

    /// The ends of a longest shortest path and its length in steps: two breadth-first sweeps,
    /// from the first cell to the farthest one, then from there (exact on perfect mazes).
    pub fn diameter(&self) -> (Pos, Pos, u32) {
        with_topology!(&self.shape, t => {
            let from = farthest(&distances(t, t.first_cell()));
            let sweep = distances(t, from);
            let to = farthest(&sweep);
            (self.pos(from), self.pos(to), sweep[to])
        })
    }
}

/// The reached cell farthest away in `distances`, the first of those in index order.
fn farthest(distances: &[u32]) -> usize {
    (0..distances.len())
        .filter(|&i| distances[i] != UNREACHED)
        .max_by_key(|&i| (distances[i], std::cmp::Reverse(i)))
        .expect("the origin is reached")
}

/// The distance in steps through open passages from `from` to every cell of `topology`.
pub fn distances<T: Topology>(topology: &T, from: usize) -> Vec<u32> {
    let mut distance = vec![UNREACHED; topology.slots()];
    let mut queue = std::collections::VecDeque::from([from]);
    distance[from] = 0;
    while let Some(i) = queue.pop_front() {
        let cursor = topology.cursor(i);
        for side in 0..T::SIDES {
            if let Some(j) = topology.neighbour(&cursor, side)
                && distance[j] == UNREACHED
                && topology.is_open(i, side)
            {
                distance[j] = distance[i] + 1;
                queue.push_back(j);
            }
        }
    }
    distance
}

/// The path from the cell at distance 0 to `to`, following `distances` downhill.
pub(crate) fn path_back<T: Topology>(topology: &T, distances: &[u32], to: usize) -> Vec<usize> {
    let mut path = vec![to];
    let mut here = to;
    while distances[here] > 0 {
        let cursor = topology.cursor(here);
        here = (0..T::SIDES)
            .filter(|&side| topology.is_open(here, side))
            .filter_map(|side| topology.neighbour(&cursor, side))
            .find(|&j| distances[j] + 1 == distances[here])
            .expect("a reached cell has a neighbour one step nearer");
        path.push(here);
    }
    path.reverse();
    path
}

/// The figures of [`crate::analysis::Summary`] that mean something on every shape: what a
/// graph document's `stats` object holds. (Straight runs and the east-west share are left
/// out: off the rectangle they would be made up.)
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShapeStats {
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
    /// Steps on a shortest path from start to goal.
    pub solution_length: u32,
    /// Steps of the longest shortest path between two cells (exact on perfect mazes).
    pub diameter: u32,
    /// How hard it is to solve.
    pub difficulty: Difficulty,
}

impl ShapeStats {
    /// Measures `maze` (a handful of breadth-first searches); [`Error::OutOfMemory`] when
    /// their scratch space does not fit. The diameter is [`ShapedMaze::diameter`]'s.
    pub fn of(maze: &ShapedMaze) -> Result<Self> {
        let difficulty = Difficulty::of_shape(maze)?;
        let (_, _, diameter) = maze.diameter();
        Ok(
            with_topology!(maze.shape(), t => Self::measure(t, maze.start(), maze.goal(), diameter, difficulty)),
        )
    }

    fn measure<T: Topology>(
        topology: &T,
        start: usize,
        goal: usize,
        diameter: u32,
        difficulty: Difficulty,
    ) -> Self {
        let (mut passages, mut dead_ends, mut junctions) = (0u64, 0u64, 0u64);
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            let degree = topology.degree(i);
            passages += degree as u64;
            dead_ends += u64::from(degree == 1);
            junctions += u64::from(degree >= 3);
        }
        let passages = passages / 2;
        let cells = topology.cell_count() as u64;
        let from_start = distances(topology, start);
        let loops = (passages + 1).saturating_sub(cells);
        Self {
            cells,
            passages,
            perfect: loops == 0 && passages + 1 == cells,
            loops,
            dead_ends,
            dead_end_fraction: dead_ends as f64 / cells as f64,
            junctions,
            solution_length: from_start[goal],
            diameter,
            difficulty,
        }
    }
}

impl fmt::Display for ShapeStats {
    /// A table, one figure per line, as [`crate::analysis::Summary`] prints its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = [
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
            ("solution length", self.solution_length.to_string()),
            ("diameter", self.diameter.to_string()),
        ];
        for (name, value) in rows {
            writeln!(f, "{name:<18}{value}")?;
        }
        write!(f, "{}", self.difficulty)
    }
}
