//! Recursive division: split an open field by walls with one gap each, down to corridors.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Dir, EAST, Grid, Pos, SOUTH};
use crate::rng::{MazeRng, RandomBits};

/// The recursive-division algorithm, run with an explicit stack.
///
/// Starts from an open field (every inner wall removed) and splits it into chambers. A chamber
/// at least two cells wide and high gets a straight wall across it with one gap: a horizontal
/// wall in a chamber taller than wide, a vertical one in a wider one, a fair coin for a square;
/// the wall's line and its gap are chosen uniformly. The two halves are then split the same
/// way, the top or left one first. A chamber one cell wide or high stays an open corridor.
///
/// Every chamber ends as a spanning tree of its cells: a corridor is one, and two trees joined
/// by the single gap of the wall between them are one. So the whole field becomes a perfect
/// maze, with the long straight walls the algorithm is known for. Walls in total touch each
/// inner wall position at most once: O(cells).
///
/// Random draws per split chamber: one bit for a square chamber's orientation (1 =
/// horizontal), then [`RandomBits::below`] for the wall's line (counted from the top or left)
/// and for its gap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecursiveDivision;

impl Algorithm for RecursiveDivision {
    const NAME: &'static str = "recursive-division";

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        // The unrolled small chambers report nothing: take them only when no one listens.
        if observer.listening() {
            divide::<false, O>(grid, rng, observer);
        } else {
            divide::<true, O>(grid, rng, observer);
        }
        Ok(())
    }
}

/// A rectangle of cells: left column, top row, width and height in cells.
#[derive(Debug, Clone, Copy)]
struct Chamber {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

impl Chamber {
    /// Whether it is at least 2x2 cells, so that it gets a wall.
    const fn splits(self) -> bool {
        self.w >= 2 && self.h >= 2
    }
}

/// Runs recursive division over the whole grid.
///
/// With `UNROLLED`, the chambers of 2x2, 2x3 and 3x2 cells, where two thirds of all splits
/// happen, are finished by straight-line code that makes the same draws and walls as
/// [`split`] would (the tests compare both settings).
fn divide<const UNROLLED: bool, O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) {
    let mut chamber = Chamber {
        x: 0,
        y: 0,
        w: grid.width(),
        h: grid.height(),
    };
    let stride = chamber.w as usize;
    grid.open_field();
    observer.observe(Event::OpenField);
    let cells = grid.cells_mut();
    let mut bits = RandomBits::new(rng);
    // The chamber in hand is split first; second halves wait here.
    let mut pending = Vec::new();
    loop {
        let finished =
            !chamber.splits() || UNROLLED && finish_small(cells, stride, &mut bits, chamber);
        if finished {
            match pending.pop() {
                Some(next) => chamber = next,
                None => return,
            }
        } else {
            let (first, second) = split(cells, stride, &mut bits, observer, chamber);
            if second.splits() {
                pending.push(second);
            }
            chamber = first;
        }
    }
}

/// Adds the wall that splits `chamber` and returns its two halves, the top or left one first.
///
/// Both orientations run the same code: the wall runs `along` cells, `step` indices apart, on
/// the `line`-th of the `across` lines of cells it cuts, which are `jump` indices apart.
#[inline]
fn split<O: Observer + ?Sized>(
    cells: &mut [u8],
    stride: usize,
    bits: &mut RandomBits<'_, MazeRng>,
    observer: &mut O,
    Chamber { x, y, w, h }: Chamber,
) -> (Chamber, Chamber) {
    let coin = bits.bits(u32::from(w == h)) == 1;
    let horizontal = h > w || coin;
    let (along, across, step, jump, passage) = if horizontal {
        (w, h, 1, stride, SOUTH)
    } else {
        (h, w, stride, 1, EAST)
    };
    let line = bits.below(across - 1);
    let gap = bits.below(along) as usize;
    // Close the passages from line `line` to the next one, then reopen the gap.
    let start = (y as usize * stride + x as usize) + line as usize * jump;
    for k in 0..along as usize {
        cells[start + k * step] &= !passage;
    }
    cells[start + gap * step] |= passage;
    let dir = if horizontal { Dir::South } else { Dir::East };
    for k in (0..along as usize).filter(|&k| k != gap) {
        let i = start + k * step;
        let cell = Pos::new((i % stride) as u32, (i / stride) as u32);
        observer.observe(Event::Wall { cell, dir });
    }
    let cut = line + 1;
    let (cut_x, cut_y) = if horizontal { (0, cut) } else { (cut, 0) };
    let first = Chamber {
        x,
        y,
        w: if horizontal { w } else { cut },
        h: if horizontal { cut } else { h },
    };
    let second = Chamber {
        x: x + cut_x,
        y: y + cut_y,
        w: w - cut_x,
        h: h - cut_y,
    };
    (first, second)
}

/// Finishes a 2x2, 2x3 or 3x2 chamber as [`split`] would, with the same draws; false (and no
/// draw) for any other chamber.
///
/// A 2x3 chamber gets a wall of two sides under its first or second row, which leaves a
/// corridor and a 2x2 chamber; a 3x2 one the same turned; a 2x2 chamber gets a wall of two
/// sides with one gap, which closes one of its four passages.
#[inline]
fn finish_small(
    cells: &mut [u8],
    stride: usize,
    bits: &mut RandomBits<'_, MazeRng>,
    Chamber { x, y, w, h }: Chamber,
) -> bool {
    let corner = y as usize * stride + x as usize;
    let square = match (w, h) {
        (2, 2) => corner,
        (2, 3) => {
            let line = bits.below(2) as usize;
            let closed = 1 - bits.below(2) as usize;
            cells[corner + line * stride + closed] &= !SOUTH;
            corner + (1 - line) * stride
        }
        (3, 2) => {
            let line = bits.below(2) as usize;
            let closed = 1 - bits.below(2) as usize;
            cells[corner + line + closed * stride] &= !EAST;
            corner + 1 - line
        }
        _ => return false,
    };
    let horizontal = bits.bit();
    let closed = 1 - bits.below(2) as usize;
    let (i, passage) = if horizontal {
        (square + closed, SOUTH)
    } else {
        (square + closed * stride, EAST)
    };
    cells[i] &= !passage;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    #[test]
    fn small_chambers_finish_as_the_general_split_would() {
        for (w, h) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (7, 5),
            (40, 31),
            (1, 9),
            (64, 2),
        ] {
            for seed in 0..200 {
                let carve = |unrolled: bool| {
                    let mut grid = Grid::new(w, h).unwrap();
                    let mut rng = rng_from_seed(seed);
                    if unrolled {
                        divide::<true, _>(&mut grid, &mut rng, &mut crate::events::Silent);
                    } else {
                        divide::<false, _>(&mut grid, &mut rng, &mut crate::events::Silent);
                    }
                    grid
                };
                assert_eq!(carve(true), carve(false), "{w}x{h} seed {seed}");
            }
        }
    }
}
