//! The Pledge algorithm: head one way, and follow a wall only until the turns made along it
//! add up to nothing.
//!
//! 1. Choose a heading (north, side 0) and set the turn count to 0.
//! 2. While the count is 0, walk straight on in that heading as long as the way is open.
//! 3. Blocked, put your right hand on the wall ahead and follow it, as the
//!    [wall follower](super::wall_follower) does: sweep the sides counter-clockwise from the
//!    wall, taking the first open one. Count each turn, in sides: a side to the right adds
//!    one, to the left takes one away.
//! 4. As soon as the count is back to 0 (facing the chosen heading again), leave the wall and
//!    go on with step 2.
//! 5. Stop on the goal.
//!
//! Unlike the wall follower, Pledge leaves walls that are not joined to the outer one, and so
//! gets out of any maze whose exit is on the outer wall. It needs a heading that means the
//! same on every cell ([`Topology::HEADINGS`]: the rectangle, masks, hexagons); on other
//! shapes it is [`MazeError::MethodShape`]. On a maze it cannot solve (a goal off the outer wall,
//! on a loop), the walk comes back to a cell with a count of 0, or round a wall to where it
//! was without having turned closer to 0; either repeats forever, and is refused as
//! [`MazeError::Unsolvable`].

use super::{Method, Search, SearchEvent, Walk, open};
use crate::events::Observer;
use crate::grid::{MazeError, Result};
use crate::topology::{Topology, filled};

/// The heading Pledge keeps: side 0 (north on the rectangle and hexagons).
const HEADING: usize = 0;

/// Walks from `start` to `goal` by Pledge's rule.
pub fn solve<T: Topology>(
    topology: &T,
    start: usize,
    goal: usize,
    observer: &mut impl Observer<SearchEvent>,
) -> Result<Search> {
    if !T::HEADINGS {
        return Err(MazeError::MethodShape {
            method: Method::Pledge.name(),
            shape: T::NAME.to_string(),
        });
    }
    let sides = T::SIDES as i32;
    let half = sides / 2;
    let mut walk = Walk::new(topology, start, observer)?;
    // Cells stood on with a count of 0: from there the walk is the same every time.
    let mut straight = filled(topology, topology.slots(), false)?;
    // For each cell and side come in by while following a wall: the wall followed (its
    // number, from 1) and the count then.
    let mut followed = filled(topology, topology.slots() * T::SIDES, (0u32, 0i32))?;
    let mut wall = 0u32;
    let mut cursor = topology.cursor(start);
    let (mut count, mut back) = (0i32, HEADING);
    while T::index(&cursor) != goal {
        let here = T::index(&cursor);
        let repeat = || MazeError::Unsolvable {
            method: Method::Pledge.name(),
            cell: topology.cell_name(&topology.cursor(here)),
        };
        // Side `reference - k` is tried k-th, turning by `base - k` sides.
        let (reference, base) = if count == 0 {
            if straight[here] {
                return Err(repeat());
            }
            straight[here] = true;
            // Step 2.
            if open(topology, &cursor, HEADING) {
                back = topology.step(&mut cursor, HEADING);
                walk.step(T::index(&cursor), observer);
                continue;
            }
            // Step 3: a new wall to follow, ahead.
            wall += 1;
            (HEADING as i32, 0)
        } else {
            let (seen_wall, seen_count) = &mut followed[here * T::SIDES + back];
            if *seen_wall == wall {
                if seen_count.abs() <= count.abs() {
                    return Err(repeat());
                }
            } else {
                *seen_wall = wall;
            }
            *seen_count = count;
            (back as i32, half)
        };
        let k = (1..=sides)
            .find(|k| {
                open(
                    topology,
                    &cursor,
                    (reference - k).rem_euclid(sides) as usize,
                )
            })
            .ok_or_else(|| super::no_path(topology, start, goal))?;
        let side = (reference - k).rem_euclid(sides) as usize;
        // Step 3's count; step 4 happens at the next cell when it reaches 0.
        count += base - k;
        back = topology.step(&mut cursor, side);
        walk.step(T::index(&cursor), observer);
    }
    Ok(walk.finish())
}
