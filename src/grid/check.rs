//! The perfect-maze checker shared by every test: connected, exactly `cells - 1` passages,
//! closed outer wall. Iterative (union-find), so it handles any grid size.

use super::Grid;
use std::fmt;

/// Why a grid is not a perfect maze.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Defect {
    /// A passage leads through the outer wall at this cell.
    OpenBorder {
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
}

impl fmt::Display for Defect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Defect::OpenBorder { x, y } => write!(f, "cell {x},{y} opens the outer wall"),
            Defect::Loop { x, y } => write!(f, "a passage at cell {x},{y} closes a loop"),
            Defect::Disconnected { regions } => write!(f, "the maze falls into {regions} regions"),
        }
    }
}

/// Checks that `grid` is a perfect maze: a spanning tree of its cells behind a closed outer wall.
///
/// A loop-free set of passages joining every cell has exactly `cells - 1` passages, so finding no
/// loop and one region proves the passage count too.
///
/// ```
/// use mazegen::grid::{Defect, Dir, Grid, Pos, check_perfect};
///
/// let mut grid = Grid::new(2, 1).unwrap();
/// assert_eq!(check_perfect(&grid), Err(Defect::Disconnected { regions: 2 }));
/// grid.carve(Pos::new(0, 0), Dir::East);
/// assert_eq!(check_perfect(&grid), Ok(()));
/// ```
pub fn check_perfect(grid: &Grid) -> Result<(), Defect> {
    let (w, h) = (grid.width(), grid.height());
    let mut sets = DisjointSets::new(grid.cell_count());
    let mut regions = grid.cell_count();
    for y in 0..h {
        for x in 0..w {
            let i = grid.index(super::Pos::new(x, y));
            let east = grid.open_east(x, y);
            let south = grid.open_south(x, y);
            if (east && x + 1 == w) || (south && y + 1 == h) {
                return Err(Defect::OpenBorder { x, y });
            }
            for (open, j) in [(east, i + 1), (south, i + w as usize)] {
                if open {
                    if !sets.union(i, j) {
                        return Err(Defect::Loop { x, y });
                    }
                    regions -= 1;
                }
            }
        }
    }
    if regions == 1 {
        Ok(())
    } else {
        Err(Defect::Disconnected { regions })
    }
}

/// Union-find with path halving and union by size, over `0..len`.
struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    fn new(len: usize) -> Self {
        Self {
            parent: (0..len as u32).collect(),
            size: vec![1; len],
        }
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            let grandparent = self.parent[self.parent[i] as usize];
            self.parent[i] = grandparent;
            i = grandparent as usize;
        }
        i
    }

    /// Joins the sets of `a` and `b`; false if they were already one set.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::Dir;
    use super::*;

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
    }

    #[test]
    fn finds_an_open_border() {
        let mut grid = Grid::with_passages(2, 1, &[(0, 0, Dir::East)]);
        grid.set_raw(1, 0b01);
        assert_eq!(check_perfect(&grid), Err(Defect::OpenBorder { x: 1, y: 0 }));
    }
}
