//! Hexagons in columns: flat-topped cells, odd columns half a cell lower (Mazes for
//! Programmers, ch. 7).

use super::Topology;
use super::field::{Field, Tiling};
use super::geometry::{Geometry, Joint, Point};

/// A `width x height` field of flat-topped hexagons, columns side by side, each odd column
/// half a cell lower than its neighbours.
///
/// Sides, clockwise from the top: 0 north, 1 north-east, 2 south-east, 3 south, 4 south-west,
/// 5 north-west. A cell owns its south, north-east and south-east walls (bits 1, 2 and 4 of
/// its byte); the others belong to the neighbours behind them.
pub type Hex = Field<HexTiling>;

/// How hexagons in columns join: see [`Hex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexTiling;

impl Tiling for HexTiling {
    const SIDES: usize = 6;
    const OWNED: usize = 3;
    /// Counter-clockwise from the north side for the start, from the south side for the goal,
    /// as on the rectangle.
    const OPENINGS: [&'static [u8]; 2] = [&[0, 5, 4, 3, 2, 1], &[3, 2, 1, 0, 5, 4]];
    type Sides = [u8; 6];
    /// Sides 0 to 5 run clockwise from the north and face the same way on every cell.
    const HEADINGS: bool = true;
    const NAME: &'static str = "hex";
    /// Even and odd columns sit at different heights: a seam joins an odd column to an even.
    const WRAP_STEP: Option<u32> = Some(2);

    #[inline(always)]
    fn offset(x: u32, _y: u32, side: usize) -> (u32, u32) {
        // Columns x - 1 and x + 1 are level with this one's upper half on even columns, and
        // with its lower half on odd ones.
        const DX: [u32; 6] = [0, 1, 1, 0, u32::MAX, u32::MAX];
        const DY: [[u32; 6]; 2] = [
            [u32::MAX, u32::MAX, 0, 1, 0, u32::MAX],
            [u32::MAX, 0, 1, 1, 1, 0],
        ];
        (DX[side], DY[(x & 1) as usize][side])
    }

    #[inline(always)]
    fn back(side: usize) -> usize {
        (side + 3) % 6
    }

    fn owned(_x: u32, _y: u32, k: usize) -> Option<usize> {
        // South, north-east, south-east: the wall-id order.
        [3, 1, 2].get(k).copied()
    }

    #[inline(always)]
    fn bit(_x: u32, _y: u32, side: usize) -> Option<u8> {
        // South 1, north-east 2, south-east 4; north, south-west and north-west are the
        // neighbours' south, north-east and south-east.
        matches!(side, 1..=3).then(|| 1 << (side % 3))
    }
}

/// The height of a hexagon whose corners are 1 from its centre.
const HEIGHT: f64 = 1.732_050_807_568_877_2;

impl Geometry for Hex {
    fn bounds(&self) -> (f64, f64) {
        let w = f64::from(self.width());
        let h = f64::from(self.height());
        let lower = if self.width() > 1 { 0.5 } else { 0.0 };
        (1.5 * w + 0.5, HEIGHT * (h + lower))
    }

    fn centre(&self, i: usize) -> Point {
        let c = self.cursor(i);
        let lower = f64::from(c.x % 2) * 0.5;
        Point::new(
            1.0 + 1.5 * f64::from(c.x),
            HEIGHT * (0.5 + f64::from(c.y) + lower),
        )
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        (0..6).map(|k| corner(self.centre(i), k)).collect()
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let centre = self.centre(i);
        vec![
            corner(centre, (side + 4) % 6),
            corner(centre, (side + 5) % 6),
        ]
    }

    fn joint(&self, i: usize, side: usize) -> Joint {
        Field::joint(self, i, side)
    }
}

/// Corner `k` of the hexagon around `centre`, clockwise from the right one (k = 0 at 0
/// degrees, y down).
fn corner(centre: Point, k: usize) -> Point {
    let angle = std::f64::consts::PI / 3.0 * k as f64;
    Point::new(centre.x + libm::cos(angle), centre.y + libm::sin(angle))
}
