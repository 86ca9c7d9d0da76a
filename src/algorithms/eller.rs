//! Eller's algorithm: row by row, keeping only which cells of the current row are connected.

use super::rows::{Place, RowByRow, Rows, carve_grid};
use super::{Algorithm, NoOptions};
use crate::algorithms::stream::MazeRows;
use crate::events::Observer;
use crate::grid::{Dir, Grid, Result, bytes_for, filled_vec};
use crate::rng::{MazeRng, RandomBits};

/// Eller's algorithm.
///
/// Works one row at a time, remembering for the current row only which of its cells are already
/// connected (through the rows above): its sets. Every cell of the first row starts in a set of
/// its own. Then, per row:
///
/// 1. From left to right, neighbours in different sets are joined (passage east, sets merged)
///    on a fair coin. Neighbours already in one set are never joined: that would close a loop.
/// 2. From left to right, each cell opens south on a fair coin, except that a cell alone in its
///    set always does, so every set reaches the next row and no region is sealed off. A cell
///    that does not open south leaves its set: the cell below it starts a set of its own.
///
/// In the last row, step 1 joins every pair of neighbours in different sets, which makes the
/// maze one region, and step 2 is skipped. Since no passage ever joins two cells of one set,
/// the maze has no loop: it is perfect.
///
/// Random draws, row by row: step 1 draws one bit per pair of neighbours in different sets
/// (none in the last row); step 2 one bit per cell that is not alone in its set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Eller;

impl Algorithm for Eller {
    const NAME: &'static str = "eller";

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }

    fn scratch_bytes(&self, width: u32, _: u32) -> u64 {
        Sets::bytes(width)
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        carve_grid(self, grid, rng, observer)
    }

    fn stream(&self, width: u32, height: u64, seed: u64) -> Option<Result<MazeRows>> {
        Some(MazeRows::of(*self, width, height, seed))
    }
}

impl RowByRow for Eller {
    type Scratch = Sets;

    fn scratch(&self, width: u32, height: u32) -> Result<Sets> {
        Sets::new(width, height)
    }

    fn carve_row<O: Observer + ?Sized>(
        &self,
        sets: &mut Sets,
        mut rows: Rows<'_>,
        place: Place,
        bits: &mut RandomBits<'_, MazeRng>,
        observer: &mut O,
    ) {
        let w = rows.width();
        // 1.
        for x in 0..w - 1 {
            if !sets.same(x) && (place.last || bits.bit()) {
                rows.carve(x, Dir::East, observer);
                sets.join(x);
            }
        }
        if place.last {
            return;
        }
        // 2.
        for x in 0..w {
            if sets.alone(x) || bits.bit() {
                rows.carve(x, Dir::South, observer);
            } else {
                sets.leave(x);
            }
        }
    }
}

/// The sets of a row's cells, by column.
///
/// A row's sets never cross (if a and c share a set and b and d another, with a < b < c < d,
/// the two regions above would have to cross), so each set is kept as a circular list of its
/// columns in increasing order: two neighbours x and x + 1 are in one set exactly when x + 1
/// follows x in it, and joining, leaving and testing a set cost O(1), in two `u32` per column.
pub(crate) struct Sets {
    /// The next column of each column's set, wrapping from its last to its first.
    next: Vec<u32>,
    /// The previous column of each column's set.
    prev: Vec<u32>,
}

impl Sets {
    /// The memory the sets of a row `width` cells wide take.
    const fn bytes(width: u32) -> u64 {
        bytes_for::<u32>(2 * width as u64)
    }

    /// Every column of a `width x height` maze's row in a set of its own.
    fn new(width: u32, height: u32) -> Result<Self> {
        let mut sets = Self {
            next: filled_vec(width, height, width as usize, 0)?,
            prev: filled_vec(width, height, width as usize, 0)?,
        };
        for x in 0..width as usize {
            sets.make_alone(x);
        }
        Ok(sets)
    }

    /// Whether columns `x` and `x + 1` are in one set.
    #[inline]
    fn same(&self, x: usize) -> bool {
        self.next[x] as usize == x + 1
    }

    /// Whether column `x` is alone in its set.
    #[inline]
    fn alone(&self, x: usize) -> bool {
        self.next[x] as usize == x
    }

    /// Merges the set of column `x + 1` into the set of column `x` (they must differ).
    #[inline]
    fn join(&mut self, x: usize) {
        // Sets never cross, so all the columns of x + 1's set lie between x and the column that
        // followed x: splice them in after x.
        let right = x + 1;
        let (after_x, before_right) = (self.next[x], self.prev[right]);
        self.link(x, right);
        self.link(before_right as usize, after_x as usize);
    }

    /// Takes column `x` out of its set into a set of its own.
    #[inline]
    fn leave(&mut self, x: usize) {
        let (after, before) = (self.next[x], self.prev[x]);
        self.link(before as usize, after as usize);
        self.make_alone(x);
    }

    /// Makes column `b` follow column `a` in their set.
    #[inline]
    fn link(&mut self, a: usize, b: usize) {
        self.next[a] = b as u32;
        self.prev[b] = a as u32;
    }

    /// Makes column `x` a set of its own.
    #[inline]
    fn make_alone(&mut self, x: usize) {
        self.link(x, x);
    }
}
