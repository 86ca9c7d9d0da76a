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

    /// The walls between the maze and the outside (every side on the outer border, see
    /// [`Topology::is_border`]) but the openings `open`, each a cell and its side.
    fn outer_wall(&self, open: &[(usize, usize)]) -> Vec<Vec<Point>> {
        border_walls(self, open)
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

/// Each side of each cell on the outer border but the openings `open` (cell and side), as a
/// polyline: [`Geometry::outer_wall`] for shapes that draw it side by side.
pub(super) fn border_walls<T: Geometry + ?Sized>(
    shape: &T,
    open: &[(usize, usize)],
) -> Vec<Vec<Point>> {
    let mut walls = Vec::new();
    for i in (0..shape.slots()).filter(|&i| shape.is_cell(i)) {
        let cursor = shape.cursor(i);
        for side in 0..T::SIDES {
            if shape.is_border(&cursor, side) && !open.contains(&(i, side)) {
                walls.push(shape.wall_line(i, side));
            }
        }
    }
    walls
}
