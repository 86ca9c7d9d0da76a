//! Recursive division: split an open field by walls with one gap each, down to corridors.

use super::Generator;
use crate::error::Result;
use crate::grid::{Dir, Grid};
use crate::rng::{MazeRng, RandomBits};

/// The recursive-division algorithm, run with an explicit stack.
///
/// Starts from an open field (every inner wall removed) and splits it into chambers. A chamber
/// at least two cells wide and high gets a straight wall across it with one gap at a uniformly
/// chosen cell: across its longer side's direction (a horizontal wall in a chamber taller than
/// wide, a vertical one in a wider one, a fair coin for a square), at a uniformly chosen line.
/// The two halves are then split the same way, the top or left one first. A chamber one cell
/// wide or high stays an open corridor.
///
/// Every chamber ends as a spanning tree of its cells: a corridor is one, and two trees joined
/// by the single gap of the wall between them are one. So the whole field becomes a perfect
/// maze, with the long straight walls (and corridors along them) the algorithm is known for.
/// Walls in total touch each inner wall position at most once: O(cells).
///
/// Random draws per split chamber: one bit for a square chamber's orientation, then
/// [`RandomBits::below`] for the wall's line and for its gap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecursiveDivision;

/// A rectangle of cells still to be split: left column, top row, width and height in cells.
#[derive(Debug, Clone, Copy)]
struct Chamber {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

impl Generator for RecursiveDivision {
    fn name(&self) -> &'static str {
        "recursive-division"
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        let stride = grid.width() as usize;
        grid.open_field();
        let mut bits = RandomBits::new(rng);
        let mut chambers = vec![Chamber {
            x: 0,
            y: 0,
            w: grid.width(),
            h: grid.height(),
        }];
        while let Some(Chamber { x, y, w, h }) = chambers.pop() {
            if w < 2 || h < 2 {
                continue;
            }
            let horizontal = h > w || (h == w && bits.bit());
            let corner = y as usize * stride + x as usize;
            if horizontal {
                // A wall under row y + line, open under column x + gap.
                let line = bits.below(h - 1);
                let gap = bits.below(w) as usize;
                let start = corner + line as usize * stride;
                for i in start..start + w as usize {
                    grid.wall_at(i, Dir::South);
                }
                grid.carve_at(start + gap, Dir::South);
                let top = line + 1;
                chambers.push(Chamber {
                    x,
                    y: y + top,
                    w,
                    h: h - top,
                });
                chambers.push(Chamber { x, y, w, h: top });
            } else {
                // A wall east of column x + line, open east of row y + gap.
                let line = bits.below(w - 1);
                let gap = bits.below(h) as usize;
                let start = corner + line as usize;
                for i in (start..start + h as usize * stride).step_by(stride) {
                    grid.wall_at(i, Dir::East);
                }
                grid.carve_at(start + gap * stride, Dir::East);
                let left = line + 1;
                chambers.push(Chamber {
                    x: x + left,
                    y,
                    w: w - left,
                    h,
                });
                chambers.push(Chamber { x, y, w: left, h });
            }
        }
        Ok(())
    }
}
