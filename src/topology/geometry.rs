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

/// How the two cells on either side of a wall lie in the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joint {
    /// Side by side: the wall is drawn between them.
    Beside,
    /// At opposite edges of a wrapped field: the wall is drawn at both, and a passage through
    /// it is marked at both by a tick pointing out of the picture; a path through it breaks.
    Seam,
    /// On different levels of a 3D maze: no wall is drawn, and a passage is marked in each
    /// cell by the wall's line of that cell's side (a chevron pointing up or down); a path
    /// through it breaks.
    Stairs,
    /// Joined by a passage under the cell between ([`Weave`](super::Weave)): while it is
    /// closed nothing is drawn; when open, the crossing in the cell between, each half
    /// by the wall's line of the cell on its side, whose middle the passage goes under at; a
    /// path through it breaks there.
    Under,
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

    /// How the cells on either side of the wall of cell `i` on `side` lie in the picture.
    fn joint(&self, _i: usize, _side: usize) -> Joint {
        Joint::Beside
    }

    /// The walls between the maze and the outside (every side on the outer border, see
    /// [`Topology::is_border`]) but the openings `open`, each a cell and its side.
    fn outer_wall(&self, open: &[(usize, usize)]) -> Vec<Vec<Point>> {
        border_walls(self, open)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::topology::{Hex, Mask, Masked, Polar, Triangle};
    use std::f64::consts::TAU;

    /// Checks that every cell's [`Topology::clockwise`] sides come round clockwise as drawn:
    /// the angles of their walls' midpoints from the centre (y down) rise by less than a turn
    /// each and by exactly one turn in all.
    fn turns_clockwise<T: Geometry>(shape: &T) {
        for i in (0..shape.slots()).filter(|&i| shape.is_cell(i)) {
            let (sides, count) = shape.clockwise(&shape.cursor(i));
            let sides = &sides.as_ref()[..count];
            let centre = shape.centre(i);
            let angle = |side: u8| {
                let line = shape.wall_line(i, usize::from(side));
                let (first, last) = (line[0], line[line.len() - 1]);
                let mid = line[line.len() / 2];
                // An arc's middle point, else the middle of a straight wall.
                let (x, y) = if line.len() > 2 {
                    (mid.x, mid.y)
                } else {
                    ((first.x + last.x) / 2.0, (first.y + last.y) / 2.0)
                };
                (y - centre.y).atan2(x - centre.x)
            };
            let mut total = 0.0;
            for k in 0..count {
                let (a, b) = (angle(sides[k]), angle(sides[(k + 1) % count]));
                let step = (b - a).rem_euclid(TAU);
                assert!(
                    step > 1e-9,
                    "cell {i}: sides {sides:?} do not come round clockwise"
                );
                total += step;
            }
            if count > 1 {
                assert!(
                    (total - TAU).abs() < 1e-6,
                    "cell {i}: sides {sides:?} turn {total}"
                );
            }
        }
    }

    #[test]
    fn sides_come_round_clockwise_on_every_shape() {
        turns_clockwise(&Grid::new(3, 2).unwrap());
        let mask = Mask::from_text("..X\n...\nX..\n").unwrap();
        turns_clockwise(&Masked::new(mask).unwrap());
        turns_clockwise(&Hex::new(4, 3).unwrap());
        turns_clockwise(&Triangle::new(5, 3).unwrap());
        turns_clockwise(&Polar::new(6).unwrap());
    }
}
