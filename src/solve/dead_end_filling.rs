//! Dead-end filling: fill in every dead end until only the way through is left.
//!
//! 1. Find every dead end: a cell with one open passage, other than the start and the goal.
//! 2. Fill each, and walk on from it along its passage: a cell left with one open passage to
//!    a cell not filled (other than the start and the goal) is a dead end now, and is filled
//!    in turn; stop at the first cell with more than one.
//! 3. What is not filled is the way through: on a perfect maze the path itself, on a maze with
//!    loops the path and the loops beside it. Walk it from the start, depth first (sides in
//!    order), to the goal.
//!
//! The filling looks at every cell once and fills each at most once, so it ends on any maze;
//! the walk of step 3 then finds a path through the cells left, not always a shortest one
//! when loops are left. Visited cells are the filled ones, in the order filled, then the ones
//! the walk of step 3 touched.

use super::{Search, SearchEvent, open};
use crate::events::{Event, Observer};
use crate::grid::Result;
use crate::topology::{Topology, filled, reserved};

/// Fills the dead ends of the maze on `topology`, then walks from `start` to `goal`.
pub fn solve<T: Topology, O: Observer<SearchEvent>>(
    topology: &T,
    start: usize,
    goal: usize,
    observer: &mut O,
) -> Result<Search> {
    let slots = topology.slots();
    let mut is_filled = filled(topology, slots, false)?;
    // Each cell's open passages to cells not filled.
    let mut degree = filled(topology, slots, 0u8)?;
    let mut visited = reserved(topology, 1)?;
    let mut seen = filled(topology, slots, false)?;
    let cells = (0..slots).filter(|&i| topology.is_cell(i));
    for i in cells.clone() {
        degree[i] = topology.degree(i) as u8;
    }
    let keep = |i: usize| i == start || i == goal;
    // Step 1: every dead end, in index order.
    for first in cells {
        if is_filled[first] || keep(first) || degree[first] != 1 {
            continue;
        }
        // Step 2: fill it, and on along the corridor while the cells are dead ends.
        let mut here = first;
        loop {
            is_filled[here] = true;
            seen[here] = true;
            visited.push(here);
            observer.observe(Event::Leave { cell: here });
            let cursor = topology.cursor(here);
            let Some(next) = (0..T::SIDES)
                .filter(|&side| open(topology, &cursor, side))
                .filter_map(|side| topology.neighbour(&cursor, side))
                .find(|&j| !is_filled[j])
            else {
                break;
            };
            degree[next] -= 1;
            if keep(next) || degree[next] != 1 {
                break;
            }
            here = next;
        }
    }
    // Step 3: depth first through the cells not filled.
    let mut path = reserved(topology, 1)?;
    let mut tried = filled(topology, slots, false)?;
    path.push(start);
    tried[start] = true;
    let mut touch = |cell: usize, visited: &mut Vec<usize>, observer: &mut O| {
        if !seen[cell] {
            seen[cell] = true;
            visited.push(cell);
        }
        observer.observe(Event::Enter { cell });
    };
    touch(start, &mut visited, observer);
    while let Some(&here) = path.last() {
        if here == goal {
            return Ok(Search { path, visited });
        }
        let cursor = topology.cursor(here);
        let next = (0..T::SIDES)
            .filter(|&side| open(topology, &cursor, side))
            .filter_map(|side| topology.neighbour(&cursor, side))
            .find(|&j| !is_filled[j] && !tried[j]);
        match next {
            Some(next) => {
                tried[next] = true;
                touch(next, &mut visited, observer);
                path.push(next);
            }
            None => {
                path.pop();
                // Back off a branch: the cell left grey, the walk on the one before.
                observer.observe(Event::Leave { cell: here });
                if let Some(&back) = path.last() {
                    observer.observe(Event::Enter { cell: back });
                }
            }
        }
    }
    Err(super::no_path(topology, start, goal))
}
