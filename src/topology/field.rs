//! A field of cells in columns and rows whose tiling (hexagons, triangles) decides which cells
//! are neighbours and which cell keeps each wall: the topology written once for both.

use super::{Topology, check_cells};
use crate::error::Result;
use crate::grid::Pos;
use crate::rng::{MazeRng, RandomBits, uniform};
use std::marker::PhantomData;

/// How a tiling joins the cells of a field: its sides, where each leads, and which cell keeps
/// the wall on it.
pub trait Tiling {
    /// Sides of a cell.
    const SIDES: usize;
    /// Walls a cell may own (see [`Topology::OWNED`]).
    const OWNED: usize;
    /// Where openings go (see [`Topology::OPENINGS`]).
    const OPENINGS: [&'static [u8]; 2];
    /// Room for one entry per side.
    type Sides: Default + AsMut<[u8]> + AsRef<[u8]>;

    /// See [`Topology::HEADINGS`].
    const HEADINGS: bool = false;
    /// See [`Topology::NAME`].
    const NAME: &'static str;

    /// Writes the sides of cell (x, y) in clockwise order into `sides` (as long as
    /// [`Tiling::SIDES`]); see [`Topology::clockwise`]. `0..SIDES` unless said otherwise.
    #[inline(always)]
    fn clockwise(_x: u32, _y: u32, sides: &mut [u8]) {
        for (k, side) in sides.iter_mut().enumerate() {
            *side = k as u8;
        }
    }

    /// Refuses a `width x height` field whose cells would not all connect.
    fn check(_width: u32, _height: u32) -> Result<()> {
        Ok(())
    }

    /// The column and row offsets, wrapping (`u32::MAX` is -1), of the neighbour of (x, y)
    /// through `side`: table lookups, as random walks need.
    fn offset(x: u32, y: u32, side: usize) -> (u32, u32);

    /// The side of the neighbour through `side` that leads back.
    fn back(side: usize) -> usize;

    /// The `k`-th side cell (x, y) owns, if it owns that many.
    fn owned(x: u32, y: u32, k: usize) -> Option<usize>;

    /// The bit of the wall on `side` in the byte of cell (x, y), if (x, y) keeps it (else
    /// the neighbour behind it does).
    fn bit(x: u32, y: u32, side: usize) -> Option<u8>;
}

/// A `width x height` field of cells joined as tiling `T` says, a byte of wall bits per cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<T> {
    width: u32,
    height: u32,
    links: Vec<u8>,
    tiling: PhantomData<T>,
}

/// A cell of a [`Field`] being walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldCursor {
    pub(super) x: u32,
    pub(super) y: u32,
    i: usize,
}

impl<T: Tiling> Field<T> {
    /// A `width x height`-cell field with every wall standing.
    pub fn new(width: u32, height: u32) -> Result<Self> {
        check_cells(u64::from(width) * u64::from(height))?;
        T::check(width, height)?;
        let mut field = Self {
            width,
            height,
            links: Vec::new(),
            tiling: PhantomData,
        };
        field.links = super::filled(&field, width as usize * height as usize, 0)?;
        Ok(field)
    }

    /// Width in cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The cursor on (x, y).
    #[inline(always)]
    fn at(&self, x: u32, y: u32) -> FieldCursor {
        FieldCursor {
            x,
            y,
            i: y as usize * self.width as usize + x as usize,
        }
    }

    /// The neighbour of the cursor's cell through `side`, if inside: branch-free but for the
    /// border test (a `match` on a random walk's side made Wilson's walks on hexagons about
    /// twice as slow).
    #[inline(always)]
    fn beyond(&self, c: &FieldCursor, side: usize) -> Option<FieldCursor> {
        let (dx, dy) = T::offset(c.x, c.y, side);
        let (x, y) = (c.x.wrapping_add(dx), c.y.wrapping_add(dy));
        (x < self.width && y < self.height).then(|| self.at(x, y))
    }

    /// The cell that keeps the wall of the cursor's cell on `side`, and its bit.
    #[inline(always)]
    fn owner(&self, c: &FieldCursor, side: usize) -> (usize, u8) {
        if let Some(bit) = T::bit(c.x, c.y, side) {
            return (c.i, bit);
        }
        let n = self.beyond(c, side).expect("a wall between two cells");
        let bit = T::bit(n.x, n.y, T::back(side)).expect("one of two cells keeps a wall");
        (n.i, bit)
    }
}

impl<T: Tiling> Topology for Field<T> {
    type Side = u8;
    type Cursor = FieldCursor;
    type Sides = T::Sides;

    const SIDES: usize = T::SIDES;
    const OWNED: usize = T::OWNED;
    const OPENINGS: [&'static [u8]; 2] = T::OPENINGS;
    const HEADINGS: bool = T::HEADINGS;
    const NAME: &'static str = T::NAME;

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
        uniform(rng, 0..self.links.len() as u32) as usize
    }

    #[inline(always)]
    fn cursor(&self, i: usize) -> FieldCursor {
        let w = self.width as usize;
        FieldCursor {
            x: (i % w) as u32,
            y: (i / w) as u32,
            i,
        }
    }

    #[inline(always)]
    fn index(cursor: &FieldCursor) -> usize {
        cursor.i
    }

    #[inline(always)]
    fn neighbour(&self, cursor: &FieldCursor, side: usize) -> Option<usize> {
        self.beyond(cursor, side).map(|c| c.i)
    }

    #[inline(always)]
    fn clockwise(&self, cursor: &FieldCursor) -> (T::Sides, usize) {
        let mut sides = T::Sides::default();
        T::clockwise(cursor.x, cursor.y, sides.as_mut());
        (sides, T::SIDES)
    }

    #[inline(always)]
    fn step(&self, cursor: &mut FieldCursor, side: usize) -> usize {
        *cursor = self.beyond(cursor, side).expect("a step to a neighbour");
        T::back(side)
    }

    /// Draws a side by Lemire's method (no rejection but for 1 in 256 at worst), retrying
    /// sides that leave the field.
    #[inline(always)]
    fn random_step(&self, cursor: &mut FieldCursor, bits: &mut RandomBits<'_, MazeRng>) -> usize {
        loop {
            let side = bits.below_by_multiply(T::SIDES as u32) as usize;
            if let Some(next) = self.beyond(cursor, side) {
                *cursor = next;
                return side;
            }
        }
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        let c = self.cursor(i);
        let side = T::owned(c.x, c.y, k)?;
        self.neighbour(&c, side).map(|j| (side, j))
    }

    #[inline(always)]
    fn carve(&mut self, i: usize, side: usize) {
        let (owner, bit) = self.owner(&self.cursor(i), side);
        self.links[owner] |= bit;
    }

    fn close(&mut self, i: usize, side: usize) {
        let (owner, bit) = self.owner(&self.cursor(i), side);
        self.links[owner] &= !bit;
    }

    fn is_open(&self, i: usize, side: usize) -> bool {
        let c = self.cursor(i);
        if self.beyond(&c, side).is_none() {
            return false;
        }
        let (owner, bit) = self.owner(&c, side);
        self.links[owner] & bit != 0
    }

    #[inline(always)]
    fn cell(&self, cursor: &FieldCursor) -> Pos {
        Pos::new(cursor.x, cursor.y)
    }

    fn locate(&self, pos: Pos) -> Option<usize> {
        pos.is_within(self.width, self.height)
            .then(|| self.at(pos.x, pos.y).i)
    }

    fn side(side: usize) -> u8 {
        side as u8
    }
}
