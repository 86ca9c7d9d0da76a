//! Algorithms that carve one row at a time, touching only that row and the one above it:
//! written once, they carve a whole grid or stream a maze of any height (see
//! [`crate::algorithms::stream`]).

use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid, Pos, Result, RowPair};
use crate::rng::{MazeRng, RandomBits};

/// The cells an algorithm carves one row in: that row and the one above it (none for the first
/// row).
pub(crate) struct Rows<'a> {
    /// The row being carved and the one above.
    pub cells: RowPair<'a>,
    /// Its number, for the events (which a streamed maze taller than `u32` rows never
    /// reports).
    pub y: u32,
}

impl Rows<'_> {
    /// The number of cells in a row.
    #[inline(always)]
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// Opens the passage from cell `x` of the row towards `dir` (which must lead to a cell of
    /// this row or the one above) and reports it.
    #[inline(always)] // once per cell, as the grid's carve
    pub fn carve<O: Observer + ?Sized>(&mut self, x: usize, dir: Dir, observer: &mut O) {
        self.cells.carve(x, dir);
        observer.observe(Event::Carve {
            cell: Pos::new(x as u32, self.y),
            dir,
        });
    }
}

/// Where a row lies in the maze.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    /// The top row.
    pub first: bool,
    /// The bottom row.
    pub last: bool,
}

/// An algorithm that carves a maze one row at a time from the top, touching only the row and
/// the one above it, with its scratch space sized by the width alone.
pub(crate) trait RowByRow {
    /// What it remembers from one row to the next.
    type Scratch;

    /// Reserves the scratch space of a `width x height` maze (`height` for the error only).
    fn scratch(&self, width: u32, height: u32) -> Result<Self::Scratch>;

    /// Carves the row of `rows`, drawing its random choices from `bits`.
    fn carve_row<O: Observer + ?Sized>(
        &self,
        scratch: &mut Self::Scratch,
        rows: Rows<'_>,
        place: Place,
        bits: &mut RandomBits<'_, MazeRng>,
        observer: &mut O,
    );
}

/// Carves `grid` with `algorithm`, row by row.
pub(crate) fn carve_grid<A: RowByRow, O: Observer + ?Sized>(
    algorithm: &A,
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<()> {
    let (w, h) = (grid.width(), grid.height());
    let mut scratch = algorithm.scratch(w, h)?;
    let mut bits = RandomBits::new(rng);
    for y in 0..h {
        let place = Place {
            first: y == 0,
            last: y + 1 == h,
        };
        let rows = Rows {
            cells: grid.rows_mut(y as usize),
            y,
        };
        algorithm.carve_row(&mut scratch, rows, place, &mut bits, observer);
    }
    Ok(())
}
