//! Every shortest path from start to goal: whether the goal can be reached, in how many steps,
//! by how many different shortest paths (exactly, however many), and the paths themselves up
//! to a cap.
//!
//! 1. Breadth-first search from the start gives each cell's distance from the start, and the
//!    order the cells were reached in; then from the goal, each cell's distance to the goal.
//!    A cell lies on a shortest path when the two add up to the goal's distance `L`.
//! 2. Layer counting: the start is reached by one path; going through the cells in the order
//!    the first search reached them, each cell on a shortest path hands its count on to every
//!    cell a passage joins it to one step farther from the start and still on a shortest path.
//!    The goal's count is the number of shortest paths. Counts are kept in `u128` and the count
//!    is made again with [`PathCount`]s (a number of any size) only if one would overflow,
//!    which big braided mazes do.
//! 3. The paths, up to the cap, by a depth-first walk over those steps that never leaves the
//!    cells on a shortest path, so every branch it takes reaches the goal: in the
//!    lexicographic order of the sides taken at each step, in the shape's order of sides (on a
//!    rectangle north, east, south, west: moves `U`, `R`, `D`, `L`).
//!
//! Everything is iterative, over `u32`-sized distances in `Vec`s reserved before the search.

use crate::grid::Result;
use crate::topology::{Topology, UNREACHED, filled, reserved, sides_of};
use std::fmt;

/// What [`all_shortest`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortestPaths {
    /// The number of steps of a shortest path (cells on it less one), `None` when the goal
    /// cannot be reached.
    pub length: Option<u32>,
    /// The number of different shortest paths: zero when the goal cannot be reached, one on a
    /// perfect maze.
    pub count: PathCount,
    /// The first shortest paths, at most the cap asked for, each as its cells from start to
    /// goal, in the lexicographic order of [`ShortestPaths::sides`].
    pub paths: Vec<Vec<usize>>,
    /// The side of each step of each of [`ShortestPaths::paths`] (one fewer than its cells), in
    /// the shape's numbering of sides.
    pub sides: Vec<Vec<u8>>,
}

impl ShortestPaths {
    /// Whether the goal can be reached from the start.
    pub fn reachable(&self) -> bool {
        self.length.is_some()
    }
}

/// Every shortest path from `start` to `goal` on `topology`: their length, their number and
/// the first `cap` of them (see the [module](self)). The search needs about 8 bytes per cell
/// and 16 more for the count, reserved first: a maze too large for it is
/// [`MazeError::OutOfMemory`](crate::grid::MazeError::OutOfMemory).
pub fn all_shortest<T: Topology>(
    topology: &T,
    start: usize,
    goal: usize,
    cap: usize,
) -> Result<ShortestPaths> {
    let (from_start, order) = breadth_first(topology, start)?;
    let length = from_start[goal];
    if length == UNREACHED {
        return Ok(ShortestPaths {
            length: None,
            count: PathCount::ZERO,
            paths: Vec::new(),
            sides: Vec::new(),
        });
    }
    let (to_goal, _) = breadth_first(topology, goal)?;
    let dag = Dag {
        from_start: &from_start,
        to_goal: &to_goal,
        length,
    };
    let count = match count_small(topology, &dag, &order, goal)? {
        Some(count) => PathCount::from(count),
        None => count_big(topology, &dag, &order, goal)?,
    };
    let (paths, sides) = enumerate(topology, &dag, start, goal, cap);
    Ok(ShortestPaths {
        length: Some(length),
        count,
        paths,
        sides,
    })
}

/// The cells on a shortest path and the steps between them.
struct Dag<'a> {
    from_start: &'a [u32],
    to_goal: &'a [u32],
    length: u32,
}

impl Dag<'_> {
    /// Whether cell `i` lies on a shortest path.
    fn on(&self, i: usize) -> bool {
        let (a, b) = (self.from_start[i], self.to_goal[i]);
        a != UNREACHED && b != UNREACHED && u64::from(a) + u64::from(b) == u64::from(self.length)
    }

    /// Whether a passage from `i` to `j` is a step of a shortest path (`i` on one).
    fn step(&self, i: usize, j: usize) -> bool {
        self.on(j) && self.from_start[j] == self.from_start[i] + 1
    }
}

/// The steps of shortest paths out of cell `i`: each open side's cell one step farther on.
fn steps<'a, T: Topology>(
    topology: &'a T,
    dag: &'a Dag<'_>,
    i: usize,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let cursor = topology.cursor(i);
    (0..sides_of(topology)).filter_map(move |side| {
        let j = topology.link(&cursor, side)?;
        (topology.is_open(i, side) && dag.step(i, j)).then_some((side, j))
    })
}

/// Distances in steps from `from` to every cell, and the cells in the order reached.
fn breadth_first<T: Topology>(topology: &T, from: usize) -> Result<(Vec<u32>, Vec<usize>)> {
    let mut distance = filled(topology, topology.slots(), UNREACHED)?;
    let mut order = reserved(topology, topology.cell_count())?;
    distance[from] = 0;
    order.push(from);
    let mut next = 0;
    while let Some(&i) = order.get(next) {
        next += 1;
        let cursor = topology.cursor(i);
        for side in 0..sides_of(topology) {
            if let Some(j) = topology.link(&cursor, side)
                && distance[j] == UNREACHED
                && topology.is_open(i, side)
            {
                distance[j] = distance[i] + 1;
                order.push(j);
            }
        }
    }
    Ok((distance, order))
}

/// The number of shortest paths to `goal` in `u128`, or `None` if it overflows.
fn count_small<T: Topology>(
    topology: &T,
    dag: &Dag<'_>,
    order: &[usize],
    goal: usize,
) -> Result<Option<u128>> {
    let mut count = filled(topology, topology.slots(), 0u128)?;
    count[order[0]] = 1;
    for &i in order.iter().filter(|&&i| dag.on(i)) {
        let here = count[i];
        for (_, j) in steps(topology, dag, i) {
            match count[j].checked_add(here) {
                Some(sum) => count[j] = sum,
                None => return Ok(None),
            }
        }
    }
    Ok(Some(count[goal]))
}

/// The number of shortest paths to `goal`, of any size. A cell's count is dropped once handed
/// on, so only about two layers' counts are held at a time.
fn count_big<T: Topology>(
    topology: &T,
    dag: &Dag<'_>,
    order: &[usize],
    goal: usize,
) -> Result<PathCount> {
    let mut count = filled(topology, topology.slots(), PathCount::ZERO)?;
    count[order[0]] = PathCount::from(1);
    for &i in order.iter().filter(|&&i| dag.on(i) && i != goal) {
        let here = std::mem::take(&mut count[i]);
        for (_, j) in steps(topology, dag, i) {
            count[j].add(&here);
        }
    }
    Ok(std::mem::take(&mut count[goal]))
}

/// The first `cap` shortest paths, as cells and as sides, in lexicographic order of sides.
fn enumerate<T: Topology>(
    topology: &T,
    dag: &Dag<'_>,
    start: usize,
    goal: usize,
    cap: usize,
) -> (Vec<Vec<usize>>, Vec<Vec<u8>>) {
    let (mut paths, mut sides) = (Vec::new(), Vec::new());
    if cap == 0 {
        return (paths, sides);
    }
    if start == goal {
        return (vec![vec![start]], vec![Vec::new()]);
    }
    // The walk: the cells so far, the side each was left by, and the next side to try at the
    // last cell.
    let mut cells = vec![start];
    let mut taken: Vec<u8> = Vec::new();
    let mut next_side = vec![0usize];
    while let Some(&from_side) = next_side.last() {
        let i = *cells.last().expect("a cell for each side to try");
        let next = steps(topology, dag, i).find(|&(side, _)| side >= from_side);
        match next {
            Some((side, j)) => {
                *next_side.last_mut().expect("the last cell's") = side + 1;
                cells.push(j);
                taken.push(u8::try_from(side).expect("a shape has fewer than 256 sides"));
                if j == goal {
                    paths.push(cells.clone());
                    sides.push(taken.clone());
                    if paths.len() == cap {
                        break;
                    }
                    cells.pop();
                    taken.pop();
                } else {
                    next_side.push(0);
                }
            }
            None => {
                next_side.pop();
                cells.pop();
                taken.pop();
            }
        }
    }
    (paths, sides)
}

/// A whole number of any size, as the number of shortest paths of a big braided maze is:
/// added to and written in decimal, nothing more.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PathCount {
    /// Base 2^64 digits, least significant first, without leading zeros.
    limbs: Vec<u64>,
}

impl PathCount {
    /// Zero.
    pub const ZERO: PathCount = PathCount { limbs: Vec::new() };

    /// Adds `other`.
    pub fn add(&mut self, other: &PathCount) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let add = other.limbs.get(k).copied().unwrap_or(0);
            if add == 0 && !carry && k >= other.limbs.len() {
                break;
            }
            let (sum, over_a) = limb.overflowing_add(add);
            let (sum, over_b) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = over_a || over_b;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// The number as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [low] => Some(u128::from(*low)),
            [low, high] => Some(u128::from(*low) | (u128::from(*high) << 64)),
            _ => None,
        }
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }
}

impl From<u128> for PathCount {
    fn from(n: u128) -> Self {
        // Truncation intended: the low and the high 64 bits.
        let limbs = [n as u64, (n >> 64) as u64];
        let len = limbs
            .iter()
            .rposition(|&limb| limb != 0)
            .map_or(0, |k| k + 1);
        PathCount {
            limbs: limbs[..len].to_vec(),
        }
    }
}

impl fmt::Display for PathCount {
    /// In decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19, the largest power of 10 in a u64
        let mut rest = self.limbs.clone();
        let mut chunks = Vec::new();
        while !rest.is_empty() {
            let mut remainder: u128 = 0;
            for limb in rest.iter_mut().rev() {
                let value = (remainder << 64) | u128::from(*limb);
                // Both fit: the quotient in a limb, the remainder below 10^19.
                *limb = (value / u128::from(CHUNK)) as u64;
                remainder = value % u128::from(CHUNK);
            }
            chunks.push(remainder as u64);
            while rest.last() == Some(&0) {
                rest.pop();
            }
        }
        match chunks.split_last() {
            None => f.pad("0"),
            Some((first, others)) => {
                let mut text = first.to_string();
                for chunk in others.iter().rev() {
                    text.push_str(&format!("{chunk:019}"));
                }
                f.pad(&text)
            }
        }
    }
}

/// The move letter of each side of a rectangle (north, east, south, west): `U`, `R`, `D`, `L`.
pub fn moves(sides: &[u8]) -> String {
    sides
        .iter()
        .map(|&side| match side & 3 {
            0 => 'U',
            1 => 'R',
            2 => 'D',
            _ => 'L',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_and_print_in_decimal_past_u128() {
        let mut n = PathCount::from(u128::MAX);
        assert_eq!(n.to_string(), u128::MAX.to_string());
        n.add(&PathCount::from(1));
        assert_eq!(n.to_u128(), None);
        assert_eq!(n.to_string(), "340282366920938463463374607431768211456");
        let copy = n.clone();
        n.add(&copy);
        assert_eq!(n.to_string(), "680564733841876926926749214863536422912");
        assert_eq!(PathCount::ZERO.to_string(), "0");
        assert_eq!(
            PathCount::from(10_000_000_000_000_000_000).to_string(),
            "10000000000000000000"
        );
        let mut small = PathCount::from(5);
        small.add(&PathCount::from(u128::from(u64::MAX)));
        assert_eq!(small.to_u128(), Some(u128::from(u64::MAX) + 5));
    }

    #[test]
    fn a_goal_out_of_reach_has_no_length_and_no_path() {
        // Three cells in a row, every wall standing.
        let grid = crate::grid::Grid::new(3, 1).unwrap();
        let found = all_shortest(&grid, 0, 2, 5).unwrap();
        assert!(!found.reachable());
        assert!(found.count.is_zero() && found.paths.is_empty());
        let here = all_shortest(&grid, 1, 1, 5).unwrap();
        assert_eq!((here.length, here.count.to_u128()), (Some(0), Some(1)));
        assert_eq!(here.paths, vec![vec![1]]);
    }

    #[test]
    fn moves_name_the_rectangles_sides() {
        assert_eq!(moves(&[0, 1, 2, 3]), "URDL");
    }
}
