//! The maze model: a carved grid plus what produced it, its entrance and exit, and what was
//! done to it afterwards (braiding, openings, a solution).

mod view;

pub(crate) use view::blank;
pub use view::{Heat, MazeTiles};

use crate::Probability;
use crate::algorithms::{Generator, braid};
use crate::analysis::shortest_path;
use crate::error::{Error, Result};
use crate::events::Observer;
use crate::grid::{Dir, Grid, Pos, TilePos, passage_tile};
use crate::rng::{rng_for_stream, rng_from_seed};
use crate::shapes::{Mask, Masked};

/// The RNG stream braiding draws from, apart from generation's, so that braiding never changes
/// the maze underneath.
pub(crate) const BRAID_STREAM: u64 = 1;

/// A maze: the grid and everything needed to reproduce, describe and draw it.
///
/// Its parts are read through methods and changed only through the methods that keep them
/// consistent: moving the endpoints checks them and drops a stale solution, braiding records
/// its probability, and so on.
#[derive(Debug, Clone, PartialEq)]
pub struct Maze {
    grid: Grid,
    algorithm: String,
    params: serde_json::Value,
    seed: u64,
    start: Pos,
    goal: Pos,
    braid: Option<Probability>,
    open_border: bool,
    solution: Option<Vec<Pos>>,
    /// The cells in the maze when not all of the rectangle's are.
    mask: Option<Mask>,
}

impl Maze {
    /// Where a maze is entered unless said otherwise: the top-left cell.
    pub const DEFAULT_START: Pos = Pos::new(0, 0);

    /// Where a `width x height`-cell maze is left unless said otherwise: the bottom-right cell.
    pub const fn default_goal(width: u32, height: u32) -> Pos {
        Pos::new(width - 1, height - 1)
    }

    /// Generates a `width x height`-cell maze with `generator`, seeded with `seed`.
    ///
    /// The same generator options, size and seed always give the same maze.
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Wilson};
    ///
    /// let maze = Maze::generate(&Wilson, 8, 5, 42)?;
    /// assert_eq!((maze.grid().width(), maze.grid().height()), (8, 5));
    /// assert!(maze.is_perfect());
    /// assert_eq!(maze, Maze::generate(&Wilson, 8, 5, 42)?);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn generate(generator: &dyn Generator, width: u32, height: u32, seed: u64) -> Result<Self> {
        let mut grid = Grid::new(width, height)?;
        generator.carve(&mut grid, &mut rng_from_seed(seed))?;
        Ok(Self::new(grid, generator.name(), generator.params(), seed))
    }

    /// Generates exactly the maze [`Maze::generate`] does, reporting every step to `observer`.
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Backtrack, events::{Event, replay}};
    ///
    /// let mut steps: Vec<Event> = Vec::new();
    /// let maze = Maze::generate_observed(&Backtrack::default(), 6, 4, 7, &mut steps)?;
    /// assert_eq!(maze, Maze::generate(&Backtrack::default(), 6, 4, 7)?);
    /// assert_eq!(&replay(6, 4, steps)?, maze.grid());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn generate_observed(
        generator: &dyn Generator,
        width: u32,
        height: u32,
        seed: u64,
        observer: &mut dyn Observer,
    ) -> Result<Self> {
        let mut grid = Grid::new(width, height)?;
        generator.carve_observed(&mut grid, &mut rng_from_seed(seed), observer)?;
        Ok(Self::new(grid, generator.name(), generator.params(), seed))
    }

    /// The maze of a carved `grid`, made by `algorithm` with the effective options `params`
    /// from `seed`: entrance top-left, exit bottom-right, nothing else done. The grid must be
    /// connected (generators and the reader make sure of it), so not public.
    pub(crate) fn new(
        grid: Grid,
        algorithm: impl Into<String>,
        params: serde_json::Value,
        seed: u64,
    ) -> Self {
        let (width, height) = (grid.width(), grid.height());
        Self {
            algorithm: algorithm.into(),
            params,
            seed,
            start: Self::DEFAULT_START,
            goal: Self::default_goal(width, height),
            braid: None,
            open_border: false,
            solution: None,
            mask: None,
            grid,
        }
    }

    /// A maze of only `mask`'s cells, carved in `grid` (whose other cells have no passages)
    /// and connected, as [`Maze::new`] says: entrance at the first cell on, exit at the last.
    pub(crate) fn masked(
        grid: Grid,
        mask: Mask,
        algorithm: impl Into<String>,
        params: serde_json::Value,
        seed: u64,
    ) -> Self {
        let mut maze = Self::new(grid, algorithm, params, seed);
        (maze.start, maze.goal) = (mask.first_cell(), mask.last_cell());
        maze.mask = Some(mask);
        maze
    }

    /// The cells and their passages.
    pub const fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cells in the maze, if not the whole rectangle: cells off the mask have no passages.
    pub const fn mask(&self) -> Option<&Mask> {
        self.mask.as_ref()
    }

    /// The number of cells in the maze.
    pub fn cell_count(&self) -> u64 {
        self.mask
            .as_ref()
            .map_or(self.grid.cell_count(), Mask::cell_count) as u64
    }

    /// The first cell in the maze, in reading order.
    pub(crate) fn first_cell(&self) -> Pos {
        self.mask.as_ref().map_or(Pos::new(0, 0), Mask::first_cell)
    }

    /// `pos`, if it is a cell of the maze.
    fn require(&self, pos: Pos) -> Result<Pos> {
        self.grid.require(pos)?;
        match &self.mask {
            Some(mask) if !mask.is_on(pos) => Err(Error::NotACell { x: pos.x, y: pos.y }),
            _ => Ok(pos),
        }
    }

    /// The cells and their passages, taking them out of the maze.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The name of the algorithm that carved it (e.g. `"backtrack"`).
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// The algorithm's effective options.
    pub const fn params(&self) -> &serde_json::Value {
        &self.params
    }

    /// The seed it was generated from.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The entrance cell (top-left unless moved).
    pub const fn start(&self) -> Pos {
        self.start
    }

    /// The exit cell (bottom-right unless moved).
    pub const fn goal(&self) -> Pos {
        self.goal
    }

    /// The probability each dead end was braided away with, if the maze was braided.
    pub const fn braid(&self) -> Option<Probability> {
        self.braid
    }

    /// Whether the outer wall is open next to the start and the goal (see [`Maze::opening_tiles`]).
    pub const fn has_openings(&self) -> bool {
        self.open_border
    }

    /// The cells of a path from start to goal, in order, once solved: a shortest one when
    /// [`Maze::solve`] found it.
    pub fn solution(&self) -> Option<&[Pos]> {
        self.solution.as_deref()
    }

    /// Moves the entrance and exit; both must be cells of the maze, and on its outer wall once
    /// it has openings. Drops the solution.
    pub fn set_endpoints(&mut self, start: Pos, goal: Pos) -> Result<()> {
        self.require(start)?;
        self.require(goal)?;
        if self.open_border {
            self.check_on_border(start, goal)?;
        }
        self.start = start;
        self.goal = goal;
        self.solution = None;
        Ok(())
    }

    /// Removes each dead end with `probability` (see [`braid`]), drawing from a random stream of
    /// its own so the maze underneath stays the one the seed gives. Returns the walls opened.
    /// Drops the solution.
    ///
    /// ```
    /// use mazegen::{Maze, Probability, algorithms::Kruskal};
    ///
    /// let mut maze = Maze::generate(&Kruskal, 20, 20, 3)?;
    /// let opened = maze.braid_with(Probability::new(1.0)?)?;
    /// assert!(opened > 0 && !maze.is_perfect());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn braid_with(&mut self, probability: Probability) -> Result<u64> {
        let mut rng = rng_for_stream(self.seed, BRAID_STREAM);
        let opened = match self.mask.take() {
            None => braid(&mut self.grid, probability.get(), &mut rng),
            Some(mask) => {
                // Braided as the masked shape it is, so no wall opens onto a cell off the mask.
                let grid = std::mem::replace(&mut self.grid, Grid::new(1, 1)?);
                let mut masked = Masked::from_parts(grid, mask);
                let opened = braid(&mut masked, probability.get(), &mut rng);
                let (grid, mask) = masked.into_parts();
                (self.grid, self.mask) = (grid, Some(mask));
                opened
            }
        }?;
        self.braid = Some(probability);
        self.solution = None;
        Ok(opened)
    }

    /// Opens the outer wall next to the start and the goal, which must lie on it.
    pub fn open_border(&mut self) -> Result<()> {
        if self.mask.is_some() {
            return Err(Error::MaskUnsupported {
                what: "opening the outer wall",
            });
        }
        self.check_on_border(self.start, self.goal)?;
        self.open_border = true;
        Ok(())
    }

    /// The tiles of the openings in the outer wall, the start's first: on the start's north side
    /// if it is on the top row, else west, south, east; on the goal's south side, else east,
    /// north, west. Empty unless [`Maze::open_border`] was called; one opening if both would be
    /// the same.
    pub fn opening_tiles(&self) -> Vec<TilePos> {
        use Dir::{East, North, South, West};
        if !self.open_border {
            return Vec::new();
        }
        let mut openings: Vec<TilePos> = [
            (self.start, [North, West, South, East]),
            (self.goal, [South, East, North, West]),
        ]
        .into_iter()
        .filter_map(|(cell, order)| {
            let side = border_side(&self.grid, cell, order)?;
            Some(passage_tile(cell, side))
        })
        .collect();
        openings.dedup();
        openings
    }

    /// Finds a shortest path from start to goal and keeps it as [`Maze::solution`].
    ///
    /// Needs 8 bytes per cell for the search, reserved first: a maze too large for it is an
    /// [`Error::OutOfMemory`].
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::HuntAndKill, grid::Pos};
    ///
    /// let mut maze = Maze::generate(&HuntAndKill, 10, 6, 5)?;
    /// maze.set_endpoints(Pos::new(0, 5), Pos::new(9, 0))?;
    /// maze.open_border()?;
    /// maze.solve()?;
    /// let path = maze.solution().unwrap();
    /// assert_eq!((path[0], path[path.len() - 1]), (Pos::new(0, 5), Pos::new(9, 0)));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn solve(&mut self) -> Result<()> {
        self.solution = shortest_path(&self.grid, self.start, self.goal)?;
        Ok(())
    }

    /// Whether the maze is perfect: exactly one path between any two cells. Mazes are always
    /// connected, so that means `cells - 1` passages.
    pub fn is_perfect(&self) -> bool {
        self.grid.passage_count() + 1 == self.cell_count()
    }

    /// The tile view with openings, solution, start and goal drawn in. Its row buffer and the
    /// solution's marks are reserved first: [`Error::OutOfMemory`] if they do not fit.
    pub fn tiles(&self) -> Result<MazeTiles<'_>> {
        MazeTiles::new(self)
    }

    /// Records that the maze was braided with `probability`, as a document read back says.
    pub(crate) fn record_braid(&mut self, probability: Option<Probability>) {
        self.braid = probability;
    }

    /// Keeps `cells`, a path from start to goal the caller has checked, as the solution.
    pub(crate) fn record_solution(&mut self, cells: Vec<Pos>) {
        self.solution = Some(cells);
    }

    /// Checks that `start` and `goal` touch the outer wall.
    fn check_on_border(&self, start: Pos, goal: Pos) -> Result<()> {
        let (width, height) = (self.grid.width(), self.grid.height());
        for (cell, role) in [(start, "start"), (goal, "goal")] {
            if !cell.is_on_border(width, height) {
                return Err(Error::NotOnBorder {
                    role,
                    x: cell.x,
                    y: cell.y,
                });
            }
        }
        Ok(())
    }
}

/// The first side in `order` on which `cell` touches the outer wall.
fn border_side(grid: &Grid, cell: Pos, order: [Dir; 4]) -> Option<Dir> {
    order
        .into_iter()
        .find(|&dir| grid.neighbour(cell, dir).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;

    #[test]
    fn endpoints_stay_on_the_border_once_it_is_open() {
        let mut maze = Maze::generate(&Backtrack::default(), 3, 3, 1).unwrap();
        maze.open_border().unwrap();
        maze.solve().unwrap();
        assert_eq!(
            maze.set_endpoints(Pos::new(1, 1), Pos::new(2, 2)),
            Err(Error::NotOnBorder {
                role: "start",
                x: 1,
                y: 1
            })
        );
        assert_eq!(
            (maze.start(), maze.goal()),
            (Pos::new(0, 0), Pos::new(2, 2))
        );
        assert!(maze.solution().is_some(), "a refused move changes nothing");
        maze.set_endpoints(Pos::new(1, 0), Pos::new(0, 2)).unwrap();
        assert_eq!(
            maze.solution(),
            None,
            "moving the endpoints drops the solution"
        );
        assert_eq!(
            maze.set_endpoints(Pos::new(3, 0), Pos::new(0, 2)),
            Err(Error::OutsideGrid {
                x: 3,
                y: 0,
                width: 3,
                height: 3
            })
        );
    }
}
