//! A field of cells in columns and rows whose tiling (squares, hexagons, triangles) decides
//! which cells are neighbours and which cell keeps each wall, its edges joined as its
//! [`Wrap`] says: the topology written once for all of them.

use super::{Topology, Wrap, check_cells, geometry::Joint};
use crate::grid::{MazeError, Pos, Result};
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

    /// The number of cells across that an `x` wrap needs to be a multiple of, so that the
    /// cells on either side of the seam fit as they do inside (hexagons: 2, columns alternate);
    /// `None` when the tiling cannot wrap.
    const WRAP_STEP: Option<u32> = None;

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
    wrap: Wrap,
    links: Vec<u8>,
    tiling: PhantomData<T>,
}

/// A cell of a [`Field`] (or a [`Weave`](super::Weave)) being walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldCursor {
    pub(super) x: u32,
    pub(super) y: u32,
    pub(super) i: usize,
}

impl<T: Tiling> Field<T> {
    /// A `width x height`-cell field with every wall standing.
    pub fn new(width: u32, height: u32) -> Result<Self> {
        Self::wrapped(width, height, Wrap::None)
    }

    /// A `width x height`-cell field with every wall standing, its edges joined as `wrap`
    /// says. A wrapped axis needs at least 3 cells (with 2, the cells on either side of the
    /// seam would be neighbours twice), and hexagons an even number of columns to wrap `x`.
    pub fn wrapped(width: u32, height: u32, wrap: Wrap) -> Result<Self> {
        check_cells(u64::from(width) * u64::from(height))?;
        T::check(width, height)?;
        check_wrap::<T>(width, height, wrap)?;
        let mut field = Self {
            width,
            height,
            wrap,
            links: Vec::new(),
            tiling: PhantomData,
        };
        field.links = super::walls(&field, width as usize * height as usize)?;
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

    /// Which edges are joined.
    pub const fn wrap(&self) -> Wrap {
        self.wrap
    }

    /// Whether the neighbour of the cursor's cell through `side` lies across a joined edge:
    /// drawn at the other side of the picture.
    pub fn wraps_across(&self, c: &FieldCursor, side: usize) -> bool {
        let (dx, dy) = T::offset(c.x, c.y, side);
        let (x, y) = (c.x.wrapping_add(dx), c.y.wrapping_add(dy));
        (x >= self.width || y >= self.height) && self.beyond(c, side).is_some()
    }

    /// How the cells either side of the wall of cell `i` on `side` lie in the picture: across
    /// a seam where the field wraps, else side by side ([`Geometry::joint`] of every tiling).
    pub(super) fn joint(&self, i: usize, side: usize) -> Joint {
        if self.wraps_across(&self.cursor(i), side) {
            Joint::Seam
        } else {
            Joint::Beside
        }
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

    /// The neighbour of the cursor's cell through `side`, if inside or across a joined edge:
    /// branch-free but for the border test (a `match` on a random walk's side made Wilson's
    /// walks on hexagons about twice as slow).
    #[inline(always)]
    fn beyond(&self, c: &FieldCursor, side: usize) -> Option<FieldCursor> {
        let (dx, dy) = T::offset(c.x, c.y, side);
        let (x, y) = (c.x.wrapping_add(dx), c.y.wrapping_add(dy));
        if x < self.width && y < self.height {
            return Some(self.at(x, y));
        }
        // Past an edge: one step, so to the first column or row or (from -1) the last.
        let across = |v: u32, len: u32, joined: bool| {
            if v < len {
                Some(v)
            } else if joined {
                Some(if v == len { 0 } else { len - 1 })
            } else {
                None
            }
        };
        let x = across(x, self.width, self.wrap.x())?;
        let y = across(y, self.height, self.wrap.y())?;
        Some(self.at(x, y))
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

/// Refuses `wrap` on a `width x height` field of tiling `T` where the seams would not join
/// cells as the inside does.
fn check_wrap<T: Tiling>(width: u32, height: u32, wrap: Wrap) -> Result<()> {
    if wrap.is_none() {
        return Ok(());
    }
    let Some(step) = T::WRAP_STEP else {
        return Err(MazeError::InvalidShape(format!(
            "{} mazes do not wrap; rectangles and hexagons do",
            T::NAME
        )));
    };
    let refuse = |message: String| Err(MazeError::InvalidShape(message));
    for (joined, cells, across) in [(wrap.x(), width, "across"), (wrap.y(), height, "down")] {
        if joined && cells < 3 {
            let meet = if cells == 1 {
                "its one cell would be its own neighbour"
            } else {
                "its edge cells would be neighbours twice"
            };
            let size = if cells == 1 { "1 cell" } else { "2 cells" };
            return refuse(format!(
                "a field {size} {across} cannot wrap {across}: {meet}; use at least 3 cells \
                 {across}"
            ));
        }
    }
    if wrap.x() && !width.is_multiple_of(step) {
        return refuse(format!(
            "{} mazes wrap across only with a multiple of {step} cells across, not {width}",
            T::NAME
        ));
    }
    Ok(())
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

    /// The last cell, but halfway round a joined axis: on a cylinder or torus the last
    /// column or row lies beside the first.
    fn default_goal(&self) -> usize {
        let x = if self.wrap.x() {
            self.width / 2
        } else {
            self.width - 1
        };
        let y = if self.wrap.y() {
            self.height / 2
        } else {
            self.height - 1
        };
        self.at(x, y).i
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

#[cfg(test)]
mod tests {
    use crate::topology::Hex;

    /// The page faults this thread has taken (minor ones: memory touched for the first
    /// time), where Linux tells it. Counted for the thread alone, so that the tests running
    /// beside it on other threads do not count.
    fn faults() -> Option<u64> {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
        // After the command's name in parentheses: state, ppid, pgrp, session, tty, tpgid,
        // flags, then minflt.
        let fields = &stat[stat.rfind(')')? + 1..];
        fields.split_whitespace().nth(7)?.parse().ok()
    }

    #[test]
    fn a_shape_s_walls_take_no_memory_until_carved() {
        let Some(before) = faults() else {
            eprintln!("skipped: no /proc/thread-self/stat here");
            return;
        };
        // 2^29 cells: half a gigabyte of walls, asked for but not yet touched (writing it
        // would fault at least once per 2 MB huge page, 256 times, and 131072 times in 4 kB
        // pages).
        let Ok(hex) = Hex::new(16384, 32768) else {
            eprintln!("skipped: this machine does not lend half a gigabyte untouched");
            return;
        };
        let faulted = faults().unwrap() - before;
        assert!(faulted < 64, "{faulted} page faults");
        assert_eq!(hex.links.len(), 1 << 29);
    }
}
