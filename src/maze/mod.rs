//! The maze model: a carved grid plus what produced it, its entrance and exit, and what was
//! done to it afterwards (braiding, openings, a solution).

mod view;

pub use view::{Heat, MazeTiles};

use crate::algorithms::{Generator, braid};
use crate::analysis::shortest_path;
use crate::error::{Error, Result};
use crate::events::Observer;
use crate::grid::{Dir, Grid, Pos};
use crate::rng::{rng_for_stream, rng_from_seed};

/// The RNG stream braiding draws from, apart from generation's, so that braiding never changes
/// the maze underneath.
const BRAID_STREAM: u64 = 1;

/// A maze: the grid and everything needed to reproduce, describe and draw it.
#[derive(Debug, Clone, PartialEq)]
pub struct Maze {
    /// The cells and their passages.
    pub grid: Grid,
    /// The name of the algorithm that carved it (e.g. `"backtrack"`).
    pub algorithm: String,
    /// The algorithm's effective options.
    pub params: serde_json::Value,
    /// The seed it was generated from.
    pub seed: u64,
    /// The entrance cell (top-left by default).
    pub start: Pos,
    /// The exit cell (bottom-right by default).
    pub goal: Pos,
    /// The share of dead ends braided away, if the maze was braided.
    pub braid: Option<f64>,
    /// Whether the outer wall is open next to the start and the goal (see [`Maze::openings`]).
    pub open_border: bool,
    /// The cells of a shortest path from start to goal, in order, once solved.
    pub solution: Option<Vec<Pos>>,
}

impl Maze {
    /// Generates a `width x height`-cell maze with `generator`, seeded with `seed`.
    ///
    /// The same generator options, size and seed always give the same maze.
    pub fn generate(generator: &dyn Generator, width: u32, height: u32, seed: u64) -> Result<Self> {
        let mut grid = Grid::new(width, height)?;
        generator.carve(&mut grid, &mut rng_from_seed(seed))?;
        Ok(Self::generated(generator, grid, seed))
    }

    /// Generates exactly the maze [`Maze::generate`] does, reporting every step to `observer`.
    pub fn generate_observed(
        generator: &dyn Generator,
        width: u32,
        height: u32,
        seed: u64,
        observer: &mut dyn Observer,
    ) -> Result<Self> {
        let mut grid = Grid::new(width, height)?;
        generator.carve_observed(&mut grid, &mut rng_from_seed(seed), observer)?;
        Ok(Self::generated(generator, grid, seed))
    }

    /// A freshly generated maze: entrance top-left, exit bottom-right, nothing else done.
    fn generated(generator: &dyn Generator, grid: Grid, seed: u64) -> Self {
        let (width, height) = (grid.width(), grid.height());
        Self {
            algorithm: generator.name().to_string(),
            params: generator.params(),
            seed,
            start: Pos::new(0, 0),
            goal: Pos::new(width - 1, height - 1),
            braid: None,
            open_border: false,
            solution: None,
            grid,
        }
    }

    /// Moves the entrance and exit; both must be cells of the maze.
    pub fn set_endpoints(&mut self, start: Pos, goal: Pos) -> Result<()> {
        self.start = self.grid.require(start)?;
        self.goal = self.grid.require(goal)?;
        self.solution = None;
        Ok(())
    }

    /// Removes each dead end with `probability` (see [`braid`]), drawing from a random stream of
    /// its own so the maze underneath stays the one the seed gives. Returns the walls opened.
    pub fn braid(&mut self, probability: f64) -> Result<u64> {
        check_probability(probability)?;
        let mut rng = rng_for_stream(self.seed, BRAID_STREAM);
        let opened = braid(&mut self.grid, probability, &mut rng);
        self.braid = Some(probability);
        self.solution = None;
        Ok(opened)
    }

    /// Opens the outer wall next to the start and the goal, which must lie on it.
    pub fn open_border(&mut self) -> Result<()> {
        for (cell, role) in [(self.start, "start"), (self.goal, "goal")] {
            if border_side(&self.grid, cell, Dir::ALL).is_none() {
                return Err(Error::NotOnBorder {
                    role,
                    x: cell.x,
                    y: cell.y,
                });
            }
        }
        self.open_border = true;
        Ok(())
    }

    /// The openings in the outer wall, the start's first: on the start's north side if it is on
    /// the top row, else west, south, east; on the goal's south side, else east, north, west.
    /// Empty unless [`Maze::open_border`] was called; one opening if both would be the same.
    pub fn openings(&self) -> Vec<(Pos, Dir)> {
        use Dir::{East, North, South, West};
        if !self.open_border {
            return Vec::new();
        }
        let mut openings: Vec<(Pos, Dir)> = [
            (self.start, [North, West, South, East]),
            (self.goal, [South, East, North, West]),
        ]
        .into_iter()
        .filter_map(|(cell, order)| Some((cell, border_side(&self.grid, cell, order)?)))
        .collect();
        openings.dedup();
        openings
    }

    /// Finds a shortest path from start to goal and keeps it as [`Maze::solution`].
    pub fn solve(&mut self) {
        self.solution = shortest_path(&self.grid, self.start, self.goal);
    }

    /// Whether the maze is perfect: exactly one path between any two cells. Mazes are always
    /// connected, so that means `cells - 1` passages.
    pub fn is_perfect(&self) -> bool {
        self.grid.passage_count() + 1 == self.grid.cell_count() as u64
    }

    /// The tile view with openings, solution, start and goal drawn in.
    pub fn tiles(&self) -> MazeTiles<'_> {
        MazeTiles::new(self)
    }
}

/// The first side in `order` on which `cell` touches the outer wall.
fn border_side(grid: &Grid, cell: Pos, order: [Dir; 4]) -> Option<Dir> {
    order
        .into_iter()
        .find(|&dir| grid.neighbour(cell, dir).is_none())
}

/// Checks that `probability` is a number from 0 to 1.
pub fn check_probability(probability: f64) -> Result<f64> {
    if (0.0..=1.0).contains(&probability) {
        Ok(probability)
    } else {
        Err(Error::InvalidProbability { value: probability })
    }
}
