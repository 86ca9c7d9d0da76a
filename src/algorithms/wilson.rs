//! Wilson's algorithm: loop-erased random walks, each ending where it meets the maze so far.

use super::{Algorithm, random_cell};
use crate::error::Result;
use crate::events::{Event, Observer, Silent};
use crate::grid::{Cursor, Dir, Grid, Pos, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};

/// Wilson's algorithm: a uniform spanning tree from loop-erased random walks.
///
/// A random cell starts the maze. Then, for every cell not yet in the maze (in row-major order),
/// a random walk runs from it until it meets the maze, and the walk with its loops erased is
/// carved into the maze. Every perfect maze of the grid is equally likely, like Aldous-Broder's,
/// but the walks only have to reach the maze, not cover the grid, so far fewer steps are needed.
///
/// Loops are erased without storing the walk: each cell keeps one byte, the direction in which
/// the walk last left it. Following those bytes from the walk's first cell retraces the walk
/// with every loop cut out. No memory is allocated per step or per walk.
///
/// Draws the first cell, then two bits per step (retrying directions that leave the grid).
/// Reports each cell as its loop-erased path joins the maze (enter, carve, leave), not the walks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wilson;

/// Scratch state of a cell in the maze; other cells hold 0 (never walked) or 1 + the index in
/// `Dir::ALL` of the direction the current walk last left them by.
const IN_MAZE: u8 = 5;

impl Wilson {
    /// Carves like [`crate::algorithms::Generator::carve`] and returns the number of
    /// random-walk steps taken.
    pub fn carve_counting_steps(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<u64> {
        walks(grid, rng, &mut Silent)
    }
}

impl Algorithm for Wilson {
    const NAME: &'static str = "wilson";

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        walks(grid, rng, observer).map(drop)
    }
}

/// The walks, returning their total number of steps.
fn walks<O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<u64> {
    if grid.cell_count() == 1 {
        observer.observe(Event::Enter { cell: grid.pos(0) });
        observer.observe(Event::Leave { cell: grid.pos(0) });
        return Ok(0);
    }
    let mut state = zeroed_bytes(grid.width(), grid.height(), grid.cell_count())?;
    let first = random_cell(grid, rng);
    state[grid.index(first)] = IN_MAZE;
    observer.observe(Event::Enter { cell: first });
    observer.observe(Event::Leave { cell: first });
    let mut bits = RandomBits::new(rng);
    let mut steps = 0;
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let start = Pos::new(x, y);
            let mut walk = Cursor::new(grid, start);
            while state[walk.i] != IN_MAZE {
                let left = walk.i;
                state[left] = 1 + walk.random_step(&mut bits) as u8;
                steps += 1;
            }
            let mut path = Cursor::new(grid, start);
            while state[path.i] != IN_MAZE {
                let dir = Dir::ALL[usize::from(state[path.i] - 1)];
                state[path.i] = IN_MAZE;
                grid.carve_at(path.i, dir);
                let cell = path.pos();
                observer.observe(Event::Enter { cell });
                observer.observe(Event::Carve { cell, dir });
                observer.observe(Event::Leave { cell });
                path.step(dir);
            }
        }
    }
    Ok(steps)
}
