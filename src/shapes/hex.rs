//! Hexagons in columns: flat-topped cells, odd columns half a cell lower (Mazes for
//! Programmers, ch. 7).

use super::geometry::{Geometry, Point};
use super::{Topology, check_cells};
use crate::error::Result;
use crate::grid::Pos;
use crate::rng::{MazeRng, RandomBits};
use rand::RngExt;

/// A `width x height` field of flat-topped hexagons, columns side by side, each odd column
/// half a cell lower than its neighbours.
///
/// Sides, clockwise from the top: 0 north, 1 north-east, 2 south-east, 3 south, 4 south-west,
/// 5 north-west. A cell owns its south, north-east and south-east walls (bits 0, 1, 2 of its
/// byte); the others belong to the neighbours behind them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hex {
    width: u32,
    height: u32,
    links: Vec<u8>,
}

/// A cell of a [`Hex`] maze being walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexCursor {
    x: u32,
    y: u32,
    i: usize,
}

/// The sides a cell owns, in wall-id order: south, north-east, south-east.
const OWNED_SIDES: [usize; 3] = [3, 1, 2];

impl Hex {
    /// A `width x height`-cell field with every wall standing.
    pub fn new(width: u32, height: u32) -> Result<Self> {
        check_cells(u64::from(width) * u64::from(height))?;
        let mut hex = Self {
            width,
            height,
            links: Vec::new(),
        };
        hex.links = super::filled(&hex, width as usize * height as usize, 0)?;
        Ok(hex)
    }

    /// Width in cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The column and row of the neighbour of (x, y) through `side`, if inside.
    ///
    /// Table-driven and branch-free but for the border test: a random walk's side is
    /// unpredictable, and a `match` on it made Wilson's walks about twice as slow.
    #[inline(always)]
    fn beyond(&self, x: u32, y: u32, side: usize) -> Option<(u32, u32)> {
        // Columns x - 1 and x + 1 are level with this one's upper half on even columns, and
        // with its lower half on odd ones. (u32::MAX is -1, wrapping.)
        const DX: [u32; 6] = [0, 1, 1, 0, u32::MAX, u32::MAX];
        const DY: [[u32; 6]; 2] = [
            [u32::MAX, u32::MAX, 0, 1, 0, u32::MAX],
            [u32::MAX, 0, 1, 1, 1, 0],
        ];
        let nx = x.wrapping_add(DX[side]);
        let ny = y.wrapping_add(DY[(x & 1) as usize][side]);
        (nx < self.width && ny < self.height).then_some((nx, ny))
    }

    /// The cell that stores the wall of cell `i` at (x, y) on `side` (itself for north-east,
    /// south-east and south, else the neighbour behind the wall), and its bit: south 1,
    /// north-east 2, south-east 4.
    #[inline(always)]
    fn owner(&self, x: u32, y: u32, i: usize, side: usize) -> (usize, u8) {
        let bit = 1 << (side % 3);
        if matches!(side, 1..=3) {
            return (i, bit);
        }
        let (nx, ny) = self.beyond(x, y, side).expect("a wall between two cells");
        (ny as usize * self.width as usize + nx as usize, bit)
    }
}

impl Topology for Hex {
    type Side = u8;
    type Cursor = HexCursor;
    type Sides = [u8; 6];

    const SIDES: usize = 6;
    const OWNED: usize = 3;

    fn slots(&self) -> usize {
        self.links.len()
    }

    fn cell_count(&self) -> usize {
        self.links.len()
    }

    fn first_cell(&self) -> usize {
        0
    }

    fn extent(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn random_cell(&self, rng: &mut MazeRng) -> usize {
        rng.random_range(0..self.links.len() as u32) as usize
    }

    #[inline(always)]
    fn cursor(&self, i: usize) -> HexCursor {
        let w = self.width as usize;
        HexCursor {
            x: (i % w) as u32,
            y: (i / w) as u32,
            i,
        }
    }

    #[inline(always)]
    fn index(cursor: &HexCursor) -> usize {
        cursor.i
    }

    #[inline(always)]
    fn neighbour(&self, cursor: &HexCursor, side: usize) -> Option<usize> {
        self.beyond(cursor.x, cursor.y, side)
            .map(|(x, y)| y as usize * self.width as usize + x as usize)
    }

    #[inline(always)]
    fn step(&self, cursor: &mut HexCursor, side: usize) -> usize {
        let (x, y) = self
            .beyond(cursor.x, cursor.y, side)
            .expect("a step to a neighbour");
        *cursor = HexCursor {
            x,
            y,
            i: y as usize * self.width as usize + x as usize,
        };
        (side + 3) % 6
    }

    #[inline(always)]
    fn random_step(&self, cursor: &mut HexCursor, bits: &mut RandomBits<'_, MazeRng>) -> usize {
        loop {
            let side = bits.below_by_multiply(6) as usize;
            if let Some((x, y)) = self.beyond(cursor.x, cursor.y, side) {
                *cursor = HexCursor {
                    x,
                    y,
                    i: y as usize * self.width as usize + x as usize,
                };
                return side;
            }
        }
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        let side = OWNED_SIDES[k];
        self.neighbour(&self.cursor(i), side).map(|j| (side, j))
    }

    #[inline(always)]
    fn carve(&mut self, i: usize, side: usize) {
        let c = self.cursor(i);
        let (owner, bit) = self.owner(c.x, c.y, i, side);
        self.links[owner] |= bit;
    }

    fn is_open(&self, i: usize, side: usize) -> bool {
        let c = self.cursor(i);
        if self.beyond(c.x, c.y, side).is_none() {
            return false;
        }
        let (owner, bit) = self.owner(c.x, c.y, i, side);
        self.links[owner] & bit != 0
    }

    #[inline(always)]
    fn cell(&self, cursor: &HexCursor) -> Pos {
        Pos::new(cursor.x, cursor.y)
    }

    fn locate(&self, pos: Pos) -> Option<usize> {
        pos.is_within(self.width, self.height)
            .then(|| pos.y as usize * self.width as usize + pos.x as usize)
    }

    fn side(side: usize) -> u8 {
        side as u8
    }
}

/// The height of a hexagon whose corners are 1 from its centre.
const HEIGHT: f64 = 1.732_050_807_568_877_2;

impl Geometry for Hex {
    fn bounds(&self) -> (f64, f64) {
        let w = f64::from(self.width);
        let h = f64::from(self.height);
        let lower = if self.width > 1 { 0.5 } else { 0.0 };
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
        (0..6).map(|k| self.corner(i, k)).collect()
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        vec![
            self.corner(i, (side + 4) % 6),
            self.corner(i, (side + 5) % 6),
        ]
    }
}

impl Hex {
    /// Corner `k` of cell `i`, clockwise from the right one (k = 0 at 0 degrees, y down).
    fn corner(&self, i: usize, k: usize) -> Point {
        let centre = self.centre(i);
        let angle = std::f64::consts::PI / 3.0 * k as f64;
        Point::new(centre.x + libm::cos(angle), centre.y + libm::sin(angle))
    }
}
