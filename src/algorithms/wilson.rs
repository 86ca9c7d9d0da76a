//! Wilson's algorithm: loop-erased random walks, each ending where it meets the maze so far.

use super::{Algorithm, GraphAlgorithm, NoOptions, carves_every_shape};
use crate::events::{Event, Observer, Silent};
use crate::grid::{Result, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::topology::{EventOf, Topology, filled};

/// Wilson's algorithm: a uniform spanning tree from loop-erased random walks.
///
/// 1. Put a random cell in the maze.
/// 2. Take the first cell (in index order: row-major on the rectangle) not in the maze yet; if
///    there is none, stop.
/// 3. Walk from it to uniformly random neighbours until the walk meets the maze, noting in each
///    cell the side the walk last left it by.
/// 4. Follow the noted sides from the walk's first cell to the maze, carving each passage
///    and adding each cell to the maze; then repeat from step 2.
///
/// Step 4 retraces the walk with every loop it made erased (a later exit overwrites the note),
/// without storing the walk: one byte per cell, no memory allocated per step or per walk.
///
/// Every perfect maze of the grid is equally likely, on any shape, like Aldous-Broder's, but
/// the walks only have to reach the maze, not cover the grid, so far fewer steps are needed.
///
/// Draws the first cell, then a side per step (two bits on the rectangle), retrying sides that
/// lead nowhere.
/// Reports each cell as its loop-erased path joins the maze (enter, carve, leave), not the walks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wilson;

/// Scratch state of a cell in the maze; other cells hold 0 (never walked) or 1 + the side the
/// current walk last left them by.
const IN_MAZE: u8 = u8::MAX;

impl Wilson {
    /// Carves like [`crate::algorithms::Generator::carve`] and returns the number of
    /// random-walk steps taken.
    pub fn carve_counting_steps<T: Topology>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
    ) -> Result<u64> {
        walks(topology, rng, &mut Silent)
    }
}

impl Algorithm for Wilson {
    const NAME: &'static str = "wilson";
    carves_every_shape!();

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }
}

impl GraphAlgorithm for Wilson {
    fn scratch(&self, slots: u64, _walls: u64) -> u64 {
        bytes_for::<u8>(slots)
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        walks(topology, rng, observer).map(drop)
    }
}

/// The walks, returning their total number of steps.
fn walks<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &mut T,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<u64> {
    let mut state = filled(topology, topology.slots(), 0u8)?;
    // 1.
    let first = if topology.cell_count() == 1 {
        topology.first_cell()
    } else {
        topology.random_cell(rng)
    };
    state[first] = IN_MAZE;
    let cell = topology.cell(&topology.cursor(first));
    observer.observe(Event::Enter { cell });
    observer.observe(Event::Leave { cell });
    let mut bits = RandomBits::new(rng);
    let mut steps = 0;
    // 2. (A cell already in the maze makes a walk of no steps.)
    let mut scan = topology.cursor(0);
    for start in 0..topology.slots() {
        if start > 0 {
            scan = topology.cursor_next(&scan);
        }
        if state[start] == IN_MAZE || !topology.is_cell(start) {
            continue;
        }
        // 3.
        let mut walk = scan;
        while state[T::index(&walk)] != IN_MAZE {
            let left = T::index(&walk);
            state[left] = 1 + topology.random_step(&mut walk, &mut bits) as u8;
            steps += 1;
        }
        // 4.
        let mut path = scan;
        while state[T::index(&path)] != IN_MAZE {
            let i = T::index(&path);
            let side = usize::from(state[i] - 1);
            state[i] = IN_MAZE;
            topology.carve(i, side);
            let cell = topology.cell(&path);
            observer.observe(Event::Enter { cell });
            observer.observe(Event::Carve {
                cell,
                dir: T::side(side),
            });
            observer.observe(Event::Leave { cell });
            topology.step(&mut path, side);
        }
    }
    Ok(steps)
}
