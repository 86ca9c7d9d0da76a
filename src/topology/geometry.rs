//! Where a shape's cells and walls lie in a picture: what the picture renderers draw and the
//! graph documents' `x` and `y` give.

use super::Topology;

/// A point of a picture, in cell units from the top-left corner (y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Point {
    /// The point (x, y).
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}

/// The picture of a shape, in cell units: a cell is about one unit across.
pub trait Geometry: Topology {
    /// The width and height of the whole picture.
    fn bounds(&self) -> (f64, f64);

    /// The centre of cell `i`.
    fn centre(&self, i: usize) -> Point;

    /// The outline of cell `i`, a closed polygon (arcs drawn as polylines).
    fn outline(&self, i: usize) -> Vec<Point>;

    /// The wall of cell `i` on `side`, a polyline.
    fn wall_line(&self, i: usize, side: usize) -> Vec<Point>;

    /// The walls between the maze and the outside: every side of a cell with no neighbour.
    fn outer_wall(&self) -> Vec<Vec<Point>> {
        let mut walls = Vec::new();
        for i in (0..self.slots()).filter(|&i| self.is_cell(i)) {
            let cursor = self.cursor(i);
            for side in 0..Self::SIDES {
                if self.neighbour(&cursor, side).is_none() {
                    walls.push(self.wall_line(i, side));
                }
            }
        }
        walls
    }

    /// Every wall standing between two cells, once each.
    fn inner_walls(&self) -> Vec<Vec<Point>> {
        let mut walls = Vec::new();
        self.walls(|id| {
            let (i, side, _) = Topology::wall(self, id);
            if !self.is_open(i, side) {
                walls.push(self.wall_line(i, side));
            }
        });
        walls
    }
}
