//! Sidewinder: row by row, runs of cells open east and hang from the row above by one passage.

use super::Generator;
use crate::error::Result;
use crate::grid::{Dir, Grid};
use crate::rng::{MazeRng, RandomBits};

/// The Sidewinder algorithm.
///
/// The top row is one open corridor. Every later row is cut into runs from left to right: each
/// cell with an east neighbour flips a fair coin, and heads extends the run east; tails (or the
/// end of the row) closes the run, and one uniformly chosen cell of the closed run opens north.
/// Every run hangs from the rows above by exactly one passage, so the maze is perfect. It needs
/// no memory beyond the grid and works one row at a time.
///
/// Random draws, row by row from the second row, left to right: one bit per cell that has an
/// east neighbour, and when a run closes, [`RandomBits::below`] of its length for the north
/// passage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sidewinder;

impl Generator for Sidewinder {
    fn name(&self) -> &'static str {
        "sidewinder"
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        for i in 0..w - 1 {
            grid.carve_at(i, Dir::East);
        }
        let mut bits = RandomBits::new(rng);
        for y in 1..h {
            let (row_start, row_end) = (y * w, (y + 1) * w);
            let mut run_start = row_start;
            for i in row_start..row_end {
                if i + 1 < row_end && bits.bit() {
                    grid.carve_at(i, Dir::East);
                } else {
                    let run = (i + 1 - run_start) as u32;
                    grid.carve_at(run_start + bits.below(run) as usize, Dir::North);
                    run_start = i + 1;
                }
            }
        }
        Ok(())
    }
}
