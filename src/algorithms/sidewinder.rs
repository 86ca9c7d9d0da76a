//! Sidewinder: row by row, runs of cells open east and hang from the row above by one passage.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Dir, EAST, Grid};
use crate::rng::{MazeRng, RandomBits};

/// The Sidewinder algorithm.
///
/// The top row is one open corridor. Every later row is cut into runs from left to right: each
/// cell with an east neighbour flips a fair coin, and heads extends the run east; tails (or the
/// end of the row) closes the run, and one uniformly chosen cell of the closed run opens north.
/// Every run hangs from the rows above by exactly one passage, so the maze is perfect. It needs
/// no memory beyond the grid and works one row at a time.
///
/// Random draws, row by row from the second row: the coins of up to 32 cells at a time, left to
/// right ([`RandomBits::bits`], bit k for the k-th cell, 1 = east), each followed by the north
/// picks ([`RandomBits::below_by_multiply`] of the run's length) of the runs those coins close;
/// then the pick of the run the row's end closes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sidewinder;

/// Cells whose coins are drawn at once.
const CHUNK: usize = 32;

impl Algorithm for Sidewinder {
    const NAME: &'static str = "sidewinder";

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        for i in 0..w - 1 {
            grid.carve_at(i, Dir::East);
            observer.observe(Event::Carve {
                cell: grid.pos(i),
                dir: Dir::East,
            });
        }
        let mut bits = RandomBits::new(rng);
        for y in 1..h {
            let (row_start, row_end) = (y * w, (y + 1) * w);
            let mut run_start = row_start;
            // The cells with an east neighbour, a chunk at a time; a 0 coin closes a run.
            for chunk in (row_start..row_end - 1).step_by(CHUNK) {
                let count = CHUNK.min(row_end - 1 - chunk);
                let coins = bits.bits(count as u32);
                open_east(&mut grid.cells_mut()[chunk..chunk + count], coins);
                for k in (0..count).filter(|k| coins >> k & 1 == 1) {
                    observer.observe(Event::Carve {
                        cell: grid.pos(chunk + k),
                        dir: Dir::East,
                    });
                }
                let mut closes = !coins & (u32::MAX >> (CHUNK - count));
                while closes != 0 {
                    let end = chunk + closes.trailing_zeros() as usize;
                    close_run(grid, &mut bits, observer, run_start, end);
                    run_start = end + 1;
                    closes &= closes - 1;
                }
            }
            close_run(grid, &mut bits, observer, run_start, row_end - 1);
        }
        Ok(())
    }
}

/// Closes the run of cells `run_start..=end`: one of them, uniformly chosen, opens north.
#[inline(always)] // once per run: a call would cost as much as the run
fn close_run<O: Observer + ?Sized>(
    grid: &mut Grid,
    bits: &mut RandomBits<'_, MazeRng>,
    observer: &mut O,
    run_start: usize,
    end: usize,
) {
    let pick = bits.below_by_multiply((end + 1 - run_start) as u32) as usize;
    grid.carve_at(run_start + pick, Dir::North);
    observer.observe(Event::Carve {
        cell: grid.pos(run_start + pick),
        dir: Dir::North,
    });
}

/// Opens the east passage of the k-th of `cells` when bit k of `coins` is 1, eight cells at a
/// time without a branch per cell.
#[inline]
fn open_east(cells: &mut [u8], mut coins: u32) {
    let mut groups = cells.chunks_exact_mut(8);
    for group in &mut groups {
        let bytes: [u8; 8] = (*group).try_into().expect("groups of eight");
        let opened = u64::from_le_bytes(bytes) | (spread(coins as u8) * u64::from(EAST));
        group.copy_from_slice(&opened.to_le_bytes());
        coins >>= 8;
    }
    for (k, cell) in groups.into_remainder().iter_mut().enumerate() {
        *cell |= (coins >> k) as u8 & EAST;
    }
}

/// The eight bits of `byte` as eight bytes of 0 or 1, bit k in byte k (little-endian order).
#[inline]
const fn spread(byte: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Byte k keeps only bit k, then becomes 0x7F + (0 or 2^k): its top bit is bit k.
    let isolated = (byte as u64 * ONES) & 0x8040_2010_0804_0201;
    ((isolated + 0x7F * ONES) >> 7) & ONES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_puts_bit_k_in_byte_k() {
        for byte in 0..=255u8 {
            let bytes = spread(byte).to_le_bytes();
            for (k, &b) in bytes.iter().enumerate() {
                assert_eq!(b, (byte >> k) & 1, "{byte:#010b} byte {k}");
            }
        }
    }
}
