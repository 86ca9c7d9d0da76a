//! The perfect-maze check, for every shape: the passages form a spanning tree of the cells,
//! behind a closed outer wall. Iterative (union-find), so it handles any size.

use super::Topology;
use crate::grid::{Pos, UnionFind};
use std::fmt;

/// Why a maze is not perfect. Cells are named by position, as [`Topology::cell`] names them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Defect {
    /// A passage leads through the outer wall at this cell.
    OpenBorder {
        /// Column of the cell (index in the ring on a polar maze).
        x: u32,
        /// Row of the cell (ring on a polar maze).
        y: u32,
    },
    /// A passage of this cell is open on its side and closed on its neighbour's.
    OneWay {
        /// Column of the cell.
        x: u32,
        /// Row of the cell.
        y: u32,
    },
    /// A passage closes a loop: the maze has more than one path between two cells.
    Loop {
        /// Column of the cell whose passage closes the loop.
        x: u32,
        /// Row of the cell whose passage closes the loop.
        y: u32,
    },
    /// Some cells cannot be reached from the others.
    Disconnected {
        /// Number of separate regions.
        regions: usize,
    },
    /// The check's memory (four bytes a cell) could not be reserved.
    OutOfMemory,
}

impl fmt::Display for Defect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Defect::OpenBorder { x, y } => write!(f, "cell {x},{y} opens the outer wall"),
            Defect::OneWay { x, y } => write!(f, "a passage at cell {x},{y} is open one way"),
            Defect::Loop { x, y } => write!(f, "a passage at cell {x},{y} closes a loop"),
            Defect::Disconnected { regions } => write!(f, "the maze falls into {regions} regions"),
            Defect::OutOfMemory => f.write_str("not enough memory to check the maze"),
        }
    }
}

/// Checks that the passages of `topology` form a perfect maze: a spanning tree of its cells,
/// every passage open from both sides, none through the outer wall.
///
/// Each passage between cells is joined once, from its lower-numbered cell, in cell order and
/// side order; a loop-free set of passages joining every cell has exactly `cells - 1`
/// passages, so finding no loop and one region proves the passage count too.
///
/// ```
/// use mazegen::topology::{Defect, check_perfect};
/// use mazegen::grid::{Dir, Grid, Pos};
///
/// let mut grid = Grid::new(2, 1).unwrap();
/// assert_eq!(check_perfect(&grid), Err(Defect::Disconnected { regions: 2 }));
/// grid.carve(Pos::new(0, 0), Dir::East);
/// assert_eq!(check_perfect(&grid), Ok(()));
/// ```
pub fn check_perfect<T: Topology>(topology: &T) -> Result<(), Defect> {
    let Ok(mut sets) = UnionFind::new(topology.extent(), topology.slots()) else {
        return Err(Defect::OutOfMemory);
    };
    let mut regions = topology.cell_count();
    for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
        let cursor = topology.cursor(i);
        let Pos { x, y } = topology.cell(&cursor);
        for side in 0..T::SIDES {
            let open = topology.is_open(i, side);
            let Some(j) = topology.neighbour(&cursor, side) else {
                if open {
                    return Err(Defect::OpenBorder { x, y });
                }
                continue;
            };
            let mut back = cursor;
            let back_side = topology.step(&mut back, side);
            if topology.is_open(j, back_side) != open {
                return Err(Defect::OneWay { x, y });
            }
            if open && j > i {
                if !sets.union(i as u32, j as u32) {
                    return Err(Defect::Loop { x, y });
                }
                regions -= 1;
            }
        }
    }
    match regions {
        1 => Ok(()),
        regions => Err(Defect::Disconnected { regions }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Dir, Grid};
    use crate::topology::{Hex, Polar};

    #[test]
    fn accepts_a_spanning_tree() {
        let grid = Grid::with_passages(
            2,
            2,
            &[(0, 0, Dir::East), (0, 0, Dir::South), (1, 1, Dir::North)],
        );
        assert_eq!(check_perfect(&grid), Ok(()));
        assert_eq!(check_perfect(&Grid::new(1, 1).unwrap()), Ok(()));
    }

    #[test]
    fn finds_a_loop() {
        let grid = Grid::with_passages(
            2,
            2,
            &[
                (0, 0, Dir::East),
                (0, 0, Dir::South),
                (1, 1, Dir::North),
                (1, 1, Dir::West),
            ],
        );
        assert_eq!(check_perfect(&grid), Err(Defect::Loop { x: 0, y: 1 }));
    }

    #[test]
    fn finds_separate_regions() {
        let grid = Grid::with_passages(3, 1, &[(0, 0, Dir::East)]);
        assert_eq!(
            check_perfect(&grid),
            Err(Defect::Disconnected { regions: 2 })
        );
        let hex = Hex::new(3, 2).unwrap();
        assert_eq!(
            check_perfect(&hex),
            Err(Defect::Disconnected { regions: 6 })
        );
        assert_eq!(
            check_perfect(&Polar::new(1).unwrap()),
            Ok(()),
            "one cell is a tree"
        );
    }

    #[test]
    fn finds_an_open_border() {
        let mut grid = Grid::with_passages(2, 1, &[(0, 0, Dir::East)]);
        grid.set_raw(1, 0b01);
        assert_eq!(check_perfect(&grid), Err(Defect::OpenBorder { x: 1, y: 0 }));
    }
}
