//! Eller's algorithm: row by row, keeping only which cells of the current row are connected.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid, filled_vec};
use crate::rng::{MazeRng, RandomBits};

/// Eller's algorithm.
///
/// Works one row at a time, remembering for the current row only which of its cells are already
/// connected (through the rows above): its sets. Per row:
///
/// 1. From left to right, neighbours in different sets are joined (passage east, sets merged)
///    on a fair coin. Neighbours already in one set are never joined: that would close a loop.
/// 2. Each cell opens south on a fair coin, except that the last cell left in a set always
///    does, so every set reaches the next row and no region is sealed off. A cell that does
///    not open south leaves its set and starts a new one in the next row.
///
/// The last row joins every pair of neighbours in different sets, which makes the maze one
/// region; since no passage ever joins two cells of one set, it has no loop: a perfect maze.
///
/// A row's sets never cross (if a and c share a set and b and d another, with a < b < c < d,
/// the two regions above would have to cross), so each set is kept as a circular list of its
/// columns in increasing order: two neighbours x and x + 1 are in one set exactly when x + 1
/// follows x in it, and joining, leaving and testing a set cost O(1). State: two `u32` per
/// column, whatever the height.
///
/// Random draws, row by row, left to right: step 1 draws one bit per pair of neighbours in
/// different sets (none in the last row); step 2 one bit per cell that is not alone in its set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Eller;

impl Algorithm for Eller {
    const NAME: &'static str = "eller";

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (width, height) = (grid.width(), grid.height());
        let (w, h) = (width as usize, height as usize);
        // The sets of the current row as circular lists of columns: `next[x]` is the next column
        // of x's set (wrapping from its last to its first), `prev[x]` the previous. Every cell
        // of the first row is a set of its own.
        let mut next: Vec<u32> = filled_vec(width, height, w, 0)?;
        let mut prev: Vec<u32> = filled_vec(width, height, w, 0)?;
        for x in 0..w {
            (next[x], prev[x]) = (x as u32, x as u32);
        }
        let mut bits = RandomBits::new(rng);
        for y in 0..h {
            let row = y * w;
            let last_row = y + 1 == h;
            for x in 0..w - 1 {
                let right = x as u32 + 1;
                if next[x] != right && (last_row || bits.bit()) {
                    grid.carve_at(row + x, Dir::East);
                    observer.observe(Event::Carve {
                        cell: grid.pos(row + x),
                        dir: Dir::East,
                    });
                    // Splice the right set in after x: sets never cross, so all of its columns
                    // lie between x and the column that followed x.
                    let (after_x, before_right) = (next[x], prev[right as usize]);
                    next[x] = right;
                    prev[right as usize] = x as u32;
                    next[before_right as usize] = after_x;
                    prev[after_x as usize] = before_right;
                }
            }
            if last_row {
                break;
            }
            for x in 0..w {
                let alone = next[x] as usize == x;
                if alone || bits.bit() {
                    grid.carve_at(row + x, Dir::South);
                    observer.observe(Event::Carve {
                        cell: grid.pos(row + x),
                        dir: Dir::South,
                    });
                } else {
                    // Stays walled below: the cell under it starts a set of its own.
                    let (after, before) = (next[x], prev[x]);
                    next[before as usize] = after;
                    prev[after as usize] = before;
                    (next[x], prev[x]) = (x as u32, x as u32);
                }
            }
        }
        Ok(())
    }
}
