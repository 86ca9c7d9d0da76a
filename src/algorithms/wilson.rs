//! Wilson's algorithm: loop-erased random walks, each ending where it meets the maze so far.

use super::{Algorithm, NoOptions, cells, random_cell};
use crate::error::Result;
use crate::events::{Event, Observer, Silent};
use crate::grid::{Cursor, Dir, Grid, Pos, bytes_for, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};

/// Wilson's algorithm: a uniform spanning tree from loop-erased random walks.
///
/// 1. Put a random cell in the maze.
/// 2. Take the first cell (in row-major order) not in the maze yet; if there is none, stop.
/// 3. Walk from it to uniformly random neighbours until the walk meets the maze, noting in each
///    cell the direction the walk last left it by.
/// 4. Follow the noted directions from the walk's first cell to the maze, carving each passage
///    and adding each cell to the maze; then repeat from step 2.
///
/// Step 4 retraces the walk with every loop it made erased (a later exit overwrites the note),
/// without storing the walk: one byte per cell, no memory allocated per step or per walk.
///
/// Every perfect maze of the grid is equally likely, like Aldous-Broder's, but the walks only
/// have to reach the maze, not cover the grid, so far fewer steps are needed.
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
        walks(grid, rng, observer).map(drop)
    }
}

/// The walks, returning their total number of steps.
fn walks<O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<u64> {
    let mut state = zeroed_bytes(grid.width(), grid.height(), grid.cell_count())?;
    // 1.
    let first = if grid.cell_count() == 1 {
        grid.pos(0)
    } else {
        random_cell(grid, rng)
    };
    state[grid.index(first)] = IN_MAZE;
    observer.observe(Event::Enter { cell: first });
    observer.observe(Event::Leave { cell: first });
    let mut bits = RandomBits::new(rng);
    let mut steps = 0;
    // 2. (A cell already in the maze makes a walk of no steps.)
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let start = Pos::new(x, y);
            // 3.
            let mut walk = Cursor::new(grid, start);
            while state[walk.i] != IN_MAZE {
                let left = walk.i;
                state[left] = 1 + walk.random_step(&mut bits) as u8;
                steps += 1;
            }
            // 4.
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
