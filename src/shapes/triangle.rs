//! Triangles in rows, pointing up and down in turn.

use super::geometry::{Geometry, Point};
use super::{Topology, check_cells};
use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::rng::{MazeRng, RandomBits};
use rand::RngExt;

/// A `width x height` field of triangles: cell (x, y) points up when x + y is even, down
/// otherwise, so each row is a strip of triangles and rows meet base to base.
///
/// Sides: 0 west, 1 east, 2 the base (south for a triangle pointing up, north for one pointing
/// down). A cell owns its east wall (bit 1 of its byte) and, pointing up, its base (bit 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triangle {
    width: u32,
    height: u32,
    links: Vec<u8>,
}

/// A cell of a [`Triangle`] maze being walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriangleCursor {
    x: u32,
    y: u32,
    i: usize,
}

/// The bit of the east wall in its owner's byte.
const EAST: u8 = 0b01;
/// The bit of the base in the byte of the triangle pointing up.
const BASE: u8 = 0b10;

impl Triangle {
    /// A `width x height`-cell field with every wall standing. One cell across, rows join
    /// only in pairs, so a field one cell wide and over two rows high is refused.
    pub fn new(width: u32, height: u32) -> Result<Self> {
        check_cells(u64::from(width) * u64::from(height))?;
        if width == 1 && height > 2 {
            return Err(Error::InvalidShape(format!(
                "a 1x{height}-cell triangle field falls apart: one triangle across joins only \
                 pairs of rows; use 2 or more cells across, or at most 2 rows"
            )));
        }
        let mut triangle = Self {
            width,
            height,
            links: Vec::new(),
        };
        triangle.links = super::filled(&triangle, width as usize * height as usize, 0)?;
        Ok(triangle)
    }

    /// Width in cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// Whether cell (x, y) points up.
    #[inline(always)]
    const fn points_up(x: u32, y: u32) -> bool {
        (x + y).is_multiple_of(2)
    }

    /// The column and row of the neighbour of (x, y) through `side`, if inside.
    ///
    /// Table-driven and branch-free but for the border test, as random walks need.
    #[inline(always)]
    fn beyond(&self, x: u32, y: u32, side: usize) -> Option<(u32, u32)> {
        // West, east, then the base: below a triangle pointing up, above one pointing down.
        // (u32::MAX is -1, wrapping.)
        const DX: [u32; 3] = [u32::MAX, 1, 0];
        const DY: [[u32; 3]; 2] = [[0, 0, 1], [0, 0, u32::MAX]];
        let nx = x.wrapping_add(DX[side]);
        let ny = y.wrapping_add(DY[((x + y) & 1) as usize][side]);
        (nx < self.width && ny < self.height).then_some((nx, ny))
    }

    /// The cell that stores the wall of cell (x, y) on `side`, and its bit.
    #[inline(always)]
    fn owner(&self, x: u32, y: u32, i: usize, side: usize) -> (usize, u8) {
        let w = self.width as usize;
        match side {
            0 => (i - 1, EAST),
            1 => (i, EAST),
            _ if Self::points_up(x, y) => (i, BASE),
            _ => (i - w, BASE),
        }
    }
}

impl Topology for Triangle {
    type Side = u8;
    type Cursor = TriangleCursor;
    type Sides = [u8; 3];

    const SIDES: usize = 3;
    const OWNED: usize = 2;

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
    fn cursor(&self, i: usize) -> TriangleCursor {
        let w = self.width as usize;
        TriangleCursor {
            x: (i % w) as u32,
            y: (i / w) as u32,
            i,
        }
    }

    #[inline(always)]
    fn index(cursor: &TriangleCursor) -> usize {
        cursor.i
    }

    #[inline(always)]
    fn neighbour(&self, cursor: &TriangleCursor, side: usize) -> Option<usize> {
        self.beyond(cursor.x, cursor.y, side)
            .map(|(x, y)| y as usize * self.width as usize + x as usize)
    }

    #[inline(always)]
    fn step(&self, cursor: &mut TriangleCursor, side: usize) -> usize {
        let (x, y) = self
            .beyond(cursor.x, cursor.y, side)
            .expect("a step to a neighbour");
        *cursor = TriangleCursor {
            x,
            y,
            i: y as usize * self.width as usize + x as usize,
        };
        [1, 0, 2][side]
    }

    #[inline(always)]
    fn random_step(
        &self,
        cursor: &mut TriangleCursor,
        bits: &mut RandomBits<'_, MazeRng>,
    ) -> usize {
        loop {
            let side = bits.below_by_multiply(3) as usize;
            if let Some((x, y)) = self.beyond(cursor.x, cursor.y, side) {
                *cursor = TriangleCursor {
                    x,
                    y,
                    i: y as usize * self.width as usize + x as usize,
                };
                return side;
            }
        }
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        let c = self.cursor(i);
        match k {
            0 => self.neighbour(&c, 1).map(|j| (1, j)),
            _ if Self::points_up(c.x, c.y) => self.neighbour(&c, 2).map(|j| (2, j)),
            _ => None,
        }
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
    fn cell(&self, cursor: &TriangleCursor) -> Pos {
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

/// The height of a triangle whose sides are 1.
const HEIGHT: f64 = 0.866_025_403_784_438_6;

impl Geometry for Triangle {
    fn bounds(&self) -> (f64, f64) {
        (
            (f64::from(self.width) + 1.0) / 2.0,
            HEIGHT * f64::from(self.height),
        )
    }

    fn centre(&self, i: usize) -> Point {
        let [a, b, c] = self.corners(i);
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        self.corners(i).to_vec()
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let [left, right, apex] = self.corners(i);
        match side {
            0 => vec![left, apex],
            1 => vec![apex, right],
            _ => vec![left, right],
        }
    }
}

impl Triangle {
    /// The corners of cell `i`: the left and right ends of its base, then its apex.
    fn corners(&self, i: usize) -> [Point; 3] {
        let c = self.cursor(i);
        let left = f64::from(c.x) / 2.0;
        let (top, bottom) = (HEIGHT * f64::from(c.y), HEIGHT * f64::from(c.y + 1));
        let (base, apex) = if Self::points_up(c.x, c.y) {
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
}
