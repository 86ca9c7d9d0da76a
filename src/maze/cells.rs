//! A maze walked as a graph, on every shape: its cells, the cells beside each, the passages
//! between them, and the solution as positions.

use super::Maze;
use crate::grid::Pos;
use crate::topology::{Topology, sides_of};
use crate::with_topology;

impl Maze {
    /// Its cells, as indices in the shape's order (a mask's holes left out): the numbers
    /// [`Maze::pos`], [`Maze::neighbours`] and [`Maze::solution`] speak of.
    ///
    /// ```
    /// use mazegen::{Maze, Shape, topology::Hex};
    ///
    /// let maze = Maze::builder().shape(Shape::Hex(Hex::new(4, 3)?)).seed(1).build()?;
    /// assert_eq!(maze.cells().count() as u64, maze.cell_count());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        let slots = self.shape().slots();
        (0..slots).filter(|&i| with_topology!(self.shape(), t => t.is_cell(i)))
    }

    /// The cells a side of `cell` leads to, a wall or a passage between, in the shape's order
    /// of sides: the cells beside it, and on a weave also the cells beyond a corridor a
    /// passage may go under. `cell` is one of [`Maze::cells`].
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.beside(cell, false).into_iter()
    }

    /// The cells a passage joins `cell` to, in the shape's order of sides. `cell` is one of
    /// [`Maze::cells`].
    pub fn passages_from(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.beside(cell, true).into_iter()
    }

    /// Every passage once, as the two cells it joins, the lower index first.
    ///
    /// ```
    /// use mazegen::Maze;
    ///
    /// let maze = Maze::builder().cells(6, 4).seed(3).build()?;
    /// // A perfect maze is a spanning tree: one passage fewer than cells.
    /// assert_eq!(maze.passages().count(), 6 * 4 - 1);
    /// assert!(maze.passages().all(|(a, b)| maze.passages_from(a).any(|c| c == b)));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn passages(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cells().flat_map(move |a| {
            self.passages_from(a)
                .filter(move |&b| b > a)
                .map(move |b| (a, b))
        })
    }

    /// The solution as positions, from start to goal, if the maze was solved: `(x, y)` as
    /// [`Maze::pos`] names cells (on a circle the index in the ring and the ring; in levels
    /// `y` counts on down through the levels, `z * height + y`).
    pub fn solution_positions(&self) -> Option<Vec<Pos>> {
        Some(self.solution()?.iter().map(|&i| self.pos(i)).collect())
    }

    /// The cells beside `cell` through each side, or only through the open ones.
    fn beside(&self, cell: usize, open_only: bool) -> Vec<usize> {
        with_topology!(self.shape(), t => {
            let cursor = t.cursor(cell);
            (0..sides_of(t))
                .filter(|&side| !open_only || Topology::is_open(t, cell, side))
                .filter_map(|side| t.link(&cursor, side))
                .collect()
        })
    }
}
