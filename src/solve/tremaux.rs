//! Trémaux's algorithm: mark each passage as you walk it, and never walk one a third time.
//!
//! 1. Walk from the start; each time you walk a passage, add a mark to it.
//! 2. On reaching a cell you have been to before through a passage walked only once (the walk
//!    closed a loop), turn back through that passage.
//! 3. Otherwise take a passage without marks if the cell has one (the first in side order),
//!    else the passage marked once (the way back): never one marked twice.
//! 4. Stop on the goal. The passages marked once then lead from the start to the goal.
//!
//! Every passage is walked at most twice, once each way, so the walk ends on any maze, loops
//! or not: on the goal, or back on the start with every passage marked twice when the goal
//! cannot be reached ([`MazeError::NoPath`](crate::grid::MazeError::NoPath)). The path reported is the walk
//! with its loops cut out, which is the path of passages marked once.

use super::{Search, SearchEvent, Walk, open};
use crate::events::Observer;
use crate::grid::Result;
use crate::topology::{Topology, filled};

/// Walks from `start` to `goal` marking passages.
pub fn solve<T: Topology>(
    topology: &T,
    start: usize,
    goal: usize,
    observer: &mut impl Observer<SearchEvent>,
) -> Result<Search> {
    let mut walk = Walk::new(topology, start, observer)?;
    // Marks per wall id (see `Topology::wall_id`): 0, 1 or 2.
    let mut marks = filled(topology, topology.slots() * T::OWNED, 0u8)?;
    let mut cursor = topology.cursor(start);
    // The side come in by, and whether the cell had been visited before.
    let mut came: Option<(usize, bool)> = None;
    while T::index(&cursor) != goal {
        let mark = |side: usize, marks: &[u8]| marks[topology.wall_id(&cursor, side) as usize];
        let next = match came {
            // Step 2: a loop closed; back the way we came.
            Some((back, true)) if mark(back, &marks) == 1 => Some(back),
            // Step 3.
            _ => {
                let sides = (0..T::SIDES).filter(|&side| open(topology, &cursor, side));
                let mut fresh = None;
                let mut once = None;
                for side in sides {
                    match mark(side, &marks) {
                        0 if fresh.is_none() => fresh = Some(side),
                        1 if once.is_none() => once = Some(side),
                        _ => {}
                    }
                }
                fresh.or(once)
            }
        };
        let Some(side) = next else {
            return Err(super::no_path(topology, start, goal));
        };
        // Step 1.
        marks[topology.wall_id(&cursor, side) as usize] += 1;
        let back = topology.step(&mut cursor, side);
        let there = T::index(&cursor);
        came = Some((back, walk.seen(there)));
        walk.step(there, observer);
    }
    Ok(walk.finish())
}
