//! Square cells in a field: the rectangle as a [`Field`], whose edges can be joined (a
//! cylinder or a torus). The plain rectangle is the byte [`Grid`](crate::grid::Grid), which
//! the row-by-row generators need and which is faster.

use super::field::{Field, Tiling};
use super::geometry::{Geometry, Joint, Point};
use super::{Topology, rect};

/// A `width x height` field of square cells, made to wrap (see [`Field::wrapped`]).
///
/// Sides as on the rectangle, clockwise from the top: 0 north, 1 east, 2 south, 3 west. A
/// cell owns its east and south walls (bits 1 and 2 of its byte).
pub type Square = Field<SquareTiling>;

/// How square cells join: see [`Square`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareTiling;

impl Tiling for SquareTiling {
    const SIDES: usize = 4;
    const OWNED: usize = 2;
    const OPENINGS: [&'static [u8]; 2] = rect::OPENINGS;
    type Sides = [u8; 4];
    /// North, east, south, west: clockwise, the same way on every cell.
    const HEADINGS: bool = true;
    const NAME: &'static str = "rect";
    const WRAP_STEP: Option<u32> = Some(1);

    #[inline(always)]
    fn offset(_x: u32, _y: u32, side: usize) -> (u32, u32) {
        const DX: [u32; 4] = [0, 1, 0, u32::MAX];
        const DY: [u32; 4] = [u32::MAX, 0, 1, 0];
        (DX[side], DY[side])
    }

    #[inline(always)]
    fn back(side: usize) -> usize {
        (side + 2) % 4
    }

    fn owned(_x: u32, _y: u32, k: usize) -> Option<usize> {
        // East, then south: the rectangle's wall-id order.
        [1, 2].get(k).copied()
    }

    #[inline(always)]
    fn bit(_x: u32, _y: u32, side: usize) -> Option<u8> {
        // East 1, south 2; north and west are the neighbours' south and east.
        matches!(side, 1 | 2).then_some(side as u8)
    }
}

impl Geometry for Square {
    fn bounds(&self) -> (f64, f64) {
        (f64::from(self.width()), f64::from(self.height()))
    }

    fn centre(&self, i: usize) -> Point {
        let pos = self.cell(&self.cursor(i));
        Point::new(f64::from(pos.x) + 0.5, f64::from(pos.y) + 0.5)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        let pos = self.cell(&self.cursor(i));
        rect::square(pos.x, pos.y).to_vec()
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let pos = self.cell(&self.cursor(i));
        rect::square_side(pos.x, pos.y, side).to_vec()
    }

    fn joint(&self, i: usize, side: usize) -> Joint {
        Field::joint(self, i, side)
    }
}
