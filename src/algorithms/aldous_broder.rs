//! Aldous-Broder: a random walk that carves into every cell it enters for the first time.

use super::{Algorithm, NoOptions, cells, random_cell};
use crate::error::Result;
use crate::events::{Event, Observer, Silent};
use crate::grid::{Cursor, Grid, bytes_for, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};

/// The Aldous-Broder algorithm: a uniform spanning tree from one random walk.
///
/// 1. Start a walk at a random cell, which is visited.
/// 2. Walk to a uniformly random neighbour.
/// 3. If that cell is not visited yet, carve the wall the walk came through: the cell is
///    visited.
/// 4. Repeat from step 2 until every cell is visited.
///
/// Every perfect maze of the grid is equally likely, but the walk must cover the whole grid: on
/// the order of n (ln n)^2 / pi steps for n cells, most of them over cells already visited.
///
/// Draws the start cell, then two bits per step (retrying directions that leave the grid).
/// Reports each cell as it joins the maze (enter, the carve that reached it, leave), not the
/// walk over visited cells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AldousBroder;

impl AldousBroder {
    /// Carves like [`crate::algorithms::Generator::carve`] and returns the number of
    /// random-walk steps taken.
    pub fn carve_counting_steps(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<u64> {
        walk(grid, rng, &mut Silent)
    }
}

impl Algorithm for AldousBroder {
    const NAME: &'static str = "aldous-broder";

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        bytes_for::<u8>(cells(width, height))
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        walk(grid, rng, observer).map(drop)
    }
}

/// The walk, returning its number of steps.
fn walk<O: Observer + ?Sized>(grid: &mut Grid, rng: &mut MazeRng, observer: &mut O) -> Result<u64> {
    let mut visited = zeroed_bytes(grid.width(), grid.height(), grid.cell_count())?;
    // 1.
    let start = if grid.cell_count() == 1 {
        grid.pos(0)
    } else {
        random_cell(grid, rng)
    };
    observer.observe(Event::Enter { cell: start });
    observer.observe(Event::Leave { cell: start });
    let mut walk = Cursor::new(grid, start);
    visited[walk.i] = 1;
    let mut unvisited = grid.cell_count() - 1;
    let mut bits = RandomBits::new(rng);
    let mut steps = 0;
    // 4.
    while unvisited > 0 {
        // 2.
        let (from, from_cell) = (walk.i, walk.pos());
        let dir = walk.random_step(&mut bits);
        steps += 1;
        // 3.
        if visited[walk.i] == 0 {
            visited[walk.i] = 1;
            grid.carve_at(from, dir);
            let cell = walk.pos();
            observer.observe(Event::Enter { cell });
            observer.observe(Event::Carve {
                cell: from_cell,
                dir,
            });
            observer.observe(Event::Leave { cell });
            unvisited -= 1;
        }
    }
    Ok(steps)
}
