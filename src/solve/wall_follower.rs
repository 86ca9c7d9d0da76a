//! The wall follower: keep your right hand on the wall and walk.
//!
//! 1. Stand on the start, facing into the maze (as if come in through the outer wall).
//! 2. At each cell, try the sides in turn from the right of the way you came in, sweeping
//!    your right hand round the cell counter-clockwise: the first open side after the one
//!    you came through (right, straight on, left, ...), and the way back last.
//! 3. Walk through it; stop on the goal.
//!
//! Every wall of a perfect maze is joined to the outer wall, so the walk goes round all of
//! them and reaches every cell. In a maze with loops the goal may sit beside a wall that is
//! not joined to the one followed (on a loop, or an island): the walk then comes back to a
//! cell it entered the same way before, and from there repeats itself forever. That is
//! detected (a bit per cell and side entered by) and refused as [`MazeError::Unsolvable`].

use super::{Search, SearchEvent, Walk, open};
use crate::events::Observer;
use crate::grid::{MazeError, Result};
use crate::topology::{Topology, filled};

/// Walks from `start` to `goal` with the right hand on the wall.
pub fn solve<T: Topology>(
    topology: &T,
    start: usize,
    goal: usize,
    observer: &mut impl Observer<SearchEvent>,
) -> Result<Search> {
    let mut walk = Walk::new(topology, start, observer)?;
    // The sides each cell was entered by, a bit each (no shape has more than 16 sides).
    let mut entered = filled(topology, topology.slots(), 0u16)?;
    let mut cursor = topology.cursor(start);
    // Step 1: come in from the start's border if it has one, else through its first side.
    let (sides, count) = topology.clockwise(&cursor);
    let sides = &sides.as_ref()[..count];
    let mut back = sides
        .iter()
        .map(|&side| usize::from(side))
        .find(|&side| topology.is_border(&cursor, side))
        .unwrap_or_else(|| sides.first().map_or(0, |&side| usize::from(side)));
    while T::index(&cursor) != goal {
        // Step 2: counter-clockwise from the side come in by, that side last.
        let (sides, count) = topology.clockwise(&cursor);
        let sides = &sides.as_ref()[..count];
        let from = sides
            .iter()
            .position(|&side| usize::from(side) == back)
            .unwrap_or(0);
        let next = (1..=count)
            .map(|k| usize::from(sides[(from + count - k % count) % count]))
            .find(|&side| open(topology, &cursor, side))
            .ok_or_else(|| super::no_path(topology, start, goal))?;
        // Step 3.
        back = topology.step(&mut cursor, next);
        let there = T::index(&cursor);
        let bit = 1u16 << back;
        if entered[there] & bit != 0 {
            return Err(MazeError::Unsolvable {
                method: super::Method::WallFollower.name(),
                cell: topology.cell_name(&cursor),
            });
        }
        entered[there] |= bit;
        walk.step(there, observer);
    }
    Ok(walk.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Silent;
    use crate::grid::{Dir, Grid, Pos};
    use crate::solve::{dead_end_filling, pledge, tremaux};

    /// A 3x3 field: a ring of eight cells round the middle one, which opens north onto it.
    fn ring() -> Grid {
        let mut grid = Grid::new(3, 3).unwrap();
        for (x, y, dir) in [
            (0, 0, Dir::East),
            (1, 0, Dir::East),
            (2, 0, Dir::South),
            (2, 1, Dir::South),
            (2, 2, Dir::West),
            (1, 2, Dir::West),
            (0, 2, Dir::North),
            (0, 1, Dir::North),
            (1, 1, Dir::North),
        ] {
            grid.carve(Pos::new(x, y), dir);
        }
        grid
    }

    #[test]
    fn the_walk_round_a_loop_that_misses_the_goal_is_refused() {
        let grid = ring();
        let (corner, middle) = (grid.index(Pos::new(0, 2)), grid.index(Pos::new(1, 1)));
        // From the middle the right hand finds the ring and goes round it to the corner.
        let found = solve(&grid, middle, corner, &mut Silent).unwrap();
        assert_eq!(
            (found.path[0], *found.path.last().unwrap()),
            (middle, corner)
        );
        // From the corner, facing in from the west wall, the right hand keeps to the outer
        // wall: round the ring, past the middle's passage (on the left), forever.
        let refused = solve(&grid, corner, middle, &mut Silent).unwrap_err();
        assert!(
            matches!(
                refused,
                MazeError::Unsolvable {
                    method: "wall-follower",
                    ..
                }
            ),
            "{refused}"
        );
        assert!(refused.to_string().contains("tremaux"));
        // Pledge heads north from the corner, and so round the ring too.
        assert!(pledge::solve(&grid, corner, middle, &mut Silent).is_err());
        for found in [
            tremaux::solve(&grid, corner, middle, &mut Silent).unwrap(),
            dead_end_filling::solve(&grid, corner, middle, &mut Silent).unwrap(),
        ] {
            assert_eq!(
                (found.path[0], *found.path.last().unwrap()),
                (corner, middle)
            );
        }
    }

    #[test]
    fn events_follow_the_walk() {
        let grid = ring();
        let mut events = Vec::new();
        let found = solve(&grid, 0, 8, &mut events).unwrap();
        let entered: Vec<usize> = events
            .iter()
            .filter_map(|event| match event {
                crate::events::Event::Enter { cell } => Some(*cell),
                _ => None,
            })
            .collect();
        assert_eq!(entered.first(), Some(&0));
        assert_eq!(entered.last(), Some(&8));
        assert!(found.visited.iter().all(|cell| entered.contains(cell)));
    }
}
