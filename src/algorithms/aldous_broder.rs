//! Aldous-Broder: a random walk that carves into every cell it enters for the first time.

use super::{Algorithm, GraphAlgorithm, NoOptions, carves_every_shape};
use crate::events::{Event, Observer, Silent};
use crate::grid::{Result, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::topology::{EventOf, Topology, filled};

/// The Aldous-Broder algorithm: a uniform spanning tree from one random walk.
///
/// 1. Start a walk at a random cell, which is visited.
/// 2. Walk to a uniformly random neighbour.
/// 3. If that cell is not visited yet, carve the wall the walk came through: the cell is
///    visited.
/// 4. Repeat from step 2 until every cell is visited.
///
/// Every perfect maze of the grid is equally likely, on any shape, but the walk must cover the
/// whole grid: on the order of n (ln n)^2 / pi steps for n cells of a rectangle, most of them
/// over cells already visited.
///
/// Draws the start cell, then a side per step (two bits on the rectangle), retrying sides that
/// lead nowhere.
/// Reports each cell as it joins the maze (enter, the carve that reached it, leave), not the
/// walk over visited cells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AldousBroder;

impl AldousBroder {
    /// Carves like [`crate::algorithms::Generator::carve`] and returns the number of
    /// random-walk steps taken.
    pub fn carve_counting_steps<T: Topology>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
    ) -> Result<u64> {
        walk(topology, rng, &mut Silent)
    }
}

impl Algorithm for AldousBroder {
    const NAME: &'static str = "aldous-broder";
    carves_every_shape!();

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }
}

impl GraphAlgorithm for AldousBroder {
    fn scratch(&self, slots: u64, _walls: u64) -> u64 {
        bytes_for::<u8>(slots)
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        walk(topology, rng, observer).map(drop)
    }
}

/// The walk, returning its number of steps.
fn walk<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &mut T,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<u64> {
    let mut visited = filled(topology, topology.slots(), 0u8)?;
    // 1.
    let start = if topology.cell_count() == 1 {
        topology.first_cell()
    } else {
        topology.random_cell(rng)
    };
    let mut walk = topology.cursor(start);
    let cell = topology.cell(&walk);
    observer.observe(Event::Enter { cell });
    observer.observe(Event::Leave { cell });
    visited[start] = 1;
    let mut unvisited = topology.cell_count() - 1;
    let mut bits = RandomBits::new(rng);
    let mut steps = 0;
    // 4.
    while unvisited > 0 {
        // 2.
        let (from, from_cell) = (T::index(&walk), topology.cell(&walk));
        let side = topology.random_step(&mut walk, &mut bits);
        steps += 1;
        // 3.
        let i = T::index(&walk);
        if visited[i] == 0 {
            visited[i] = 1;
            topology.carve(from, side);
            let cell = topology.cell(&walk);
            observer.observe(Event::Enter { cell });
            observer.observe(Event::Carve {
                cell: from_cell,
                dir: T::side(side),
            });
            observer.observe(Event::Leave { cell });
            unvisited -= 1;
        }
    }
    Ok(steps)
}
