//! Triangles in rows, pointing up and down in turn.

use super::Topology;
use super::field::{Field, Tiling};
use super::geometry::{Geometry, Point};
use crate::grid::{MazeError, Result};

/// A `width x height` field of triangles: cell (x, y) points up when x + y is even, down
/// otherwise, so each row is a strip of triangles and rows meet base to base.
///
/// Sides: 0 west, 1 east, 2 the base (south for a triangle pointing up, north for one pointing
/// down). A cell owns its east wall (bit 1 of its byte) and, pointing up, its base (bit 2).
/// One cell across, rows join only in pairs, so a field one cell wide and over two rows high
/// is refused.
pub type Triangle = Field<TriangleTiling>;

/// How triangles in rows join: see [`Triangle`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriangleTiling;

/// The bit of the east wall in its owner's byte.
const EAST: u8 = 0b01;
/// The bit of the base in the byte of the triangle pointing up.
const BASE: u8 = 0b10;

/// Whether cell (x, y) points up.
#[inline(always)]
const fn points_up(x: u32, y: u32) -> bool {
    (x + y).is_multiple_of(2)
}

impl Tiling for TriangleTiling {
    const SIDES: usize = 3;
    const OWNED: usize = 2;
    /// West, then the base, then east for the start; east, the base, west for the goal.
    const OPENINGS: [&'static [u8]; 2] = [&[0, 2, 1], &[1, 2, 0]];
    type Sides = [u8; 3];
    const NAME: &'static str = "triangle";

    /// West, east, base round a triangle pointing up (apex on top); west, base, east round
    /// one pointing down, whose base is on top.
    #[inline(always)]
    fn clockwise(x: u32, y: u32, sides: &mut [u8]) {
        let order = if points_up(x, y) {
            [0, 1, 2]
        } else {
            [0, 2, 1]
        };
        sides.copy_from_slice(&order);
    }

    fn check(width: u32, height: u32) -> Result<()> {
        if width == 1 && height > 2 {
            return Err(MazeError::InvalidShape(format!(
                "a 1x{height}-cell triangle field falls apart: one triangle across joins only \
                 pairs of rows; use 2 or more cells across, or at most 2 rows"
            )));
        }
        Ok(())
    }

    #[inline(always)]
    fn offset(x: u32, y: u32, side: usize) -> (u32, u32) {
        // West, east, then the base: below a triangle pointing up, above one pointing down.
        const DX: [u32; 3] = [u32::MAX, 1, 0];
        const DY: [[u32; 3]; 2] = [[0, 0, 1], [0, 0, u32::MAX]];
        (DX[side], DY[((x + y) & 1) as usize][side])
    }

    #[inline(always)]
    fn back(side: usize) -> usize {
        [1, 0, 2][side]
    }

    fn owned(x: u32, y: u32, k: usize) -> Option<usize> {
        match k {
            0 => Some(1),
            1 if points_up(x, y) => Some(2),
            _ => None,
        }
    }

    #[inline(always)]
    fn bit(x: u32, y: u32, side: usize) -> Option<u8> {
        match side {
            1 => Some(EAST),
            2 if points_up(x, y) => Some(BASE),
            _ => None,
        }
    }
}

/// The height of a triangle whose sides are 1.
const HEIGHT: f64 = 0.866_025_403_784_438_6;

impl Geometry for Triangle {
    fn bounds(&self) -> (f64, f64) {
        (
            (f64::from(self.width()) + 1.0) / 2.0,
            HEIGHT * f64::from(self.height()),
        )
    }

    fn centre(&self, i: usize) -> Point {
        let [a, b, c] = corners(self, i);
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        corners(self, i).to_vec()
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let [left, right, apex] = corners(self, i);
        match side {
            0 => vec![left, apex],
            1 => vec![apex, right],
            _ => vec![left, right],
        }
    }
}

/// The corners of cell `i`: the left and right ends of its base, then its apex.
fn corners(triangle: &Triangle, i: usize) -> [Point; 3] {
    let c = triangle.cursor(i);
    let left = f64::from(c.x) / 2.0;
    let (top, bottom) = (HEIGHT * f64::from(c.y), HEIGHT * f64::from(c.y + 1));
    let (base, apex) = if points_up(c.x, c.y) {
        (bottom, top)
    } else {
        (top, bottom)
    };
    [
        Point::new(left, base),
        Point::new(left + 1.0, base),
        Point::new(left + 0.5, apex),
    ]
}
