//! Recursive division: split an open field by walls with one gap each, down to corridors.

use super::{Algorithm, NoOptions};
use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid, Result, bytes_for, empty_vec};
use crate::rng::{MazeRng, RandomBits};

/// The recursive-division algorithm, run with an explicit stack.
///
/// 1. Open every inner wall: the whole grid is one chamber, the first to divide.
/// 2. A chamber one cell wide or high stays an open corridor: go to step 6.
/// 3. Choose the orientation of its wall: across the longer side (a horizontal wall in a
///    chamber taller than wide, a vertical one in a wider one), on a fair coin for a square.
/// 4. Draw the line of cells the wall runs along (counted from the top or left) and its gap,
///    uniformly, and build the wall: close every passage across the line but the gap's.
/// 5. The wall splits the chamber in two: divide the top or left half now (step 2), and put
///    the other on a stack.
/// 6. Take the next chamber off the stack and divide it (step 2), until the stack is empty.
///
/// Every chamber ends as a spanning tree of its cells: a corridor is one, and two trees joined
/// by the single gap of the wall between them are one. So the whole field becomes a perfect
/// maze, with the long straight walls the algorithm is known for. Walls in total touch each
/// inner wall position at most once: O(cells).
///
/// Random draws per split chamber: one bit for a square chamber's orientation (1 =
/// horizontal), then one [`RandomBits::below_pair`] for the wall's line and its gap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecursiveDivision;

impl Algorithm for RecursiveDivision {
    const NAME: &'static str = "recursive-division";

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        bytes_for::<Chamber>(Chamber::most_pending(width, height))
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let pending = empty_vec(w, h, Chamber::most_pending(w, h) as usize)?;
        // The unrolled small chambers (1000x1000: 4.3 ms, 5.9 without) report nothing: take
        // them only when no one listens.
        if observer.listening() {
            divide::<false, O>(grid, rng, observer, pending);
        } else {
            divide::<true, O>(grid, rng, observer, pending);
        }
        Ok(())
    }
}

/// A rectangle of cells: the index of its top-left cell, width and height in cells.
#[derive(Debug, Clone, Copy)]
struct Chamber {
    corner: usize,
    w: u32,
    h: u32,
}

impl Chamber {
    /// Whether it is at least 2x2 cells, so that it gets a wall.
    const fn splits(self) -> bool {
        self.w >= 2 && self.h >= 2
    }

    /// The most chambers waiting on the stack while a `width x height` field is divided. Each
    /// waits for a chamber that contains the one being divided, and every split takes at least
    /// one cell off the width or the height, so there are fewer than `width + height`.
    const fn most_pending(width: u32, height: u32) -> u64 {
        width as u64 + height as u64
    }
}

/// Runs recursive division over the whole grid, `pending` being the (empty) stack.
///
/// With `UNROLLED`, the small chambers are finished by [`Field::finish_small`] (the tests
/// compare both settings).
fn divide<const UNROLLED: bool, O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
    mut pending: Vec<Chamber>,
) {
    // 1.
    let mut chamber = Chamber {
        corner: 0,
        w: grid.width(),
        h: grid.height(),
    };
    grid.open_field();
    observer.observe(Event::OpenField);
    let mut field = Field {
        grid,
        bits: RandomBits::new(rng),
    };
    loop {
        // 2.
        let finished = !chamber.splits() || UNROLLED && field.finish_small(chamber);
        if finished {
            // 6.
            match pending.pop() {
                Some(next) => chamber = next,
                None => return,
            }
        } else {
            // 3. to 5.
            let (first, second) = field.split(observer, chamber);
            if second.splits() {
                pending.push(second);
            }
            chamber = first;
        }
    }
}

/// The field being divided and the random bits.
struct Field<'a, 'r> {
    grid: &'a mut Grid,
    bits: RandomBits<'r, MazeRng>,
}

impl Field<'_, '_> {
    /// Adds the wall that splits `chamber` (steps 3 and 4) and returns its two halves, the top
    /// or left one first.
    ///
    /// Both orientations run the same code: the wall runs `along` cells on the `line`-th of
    /// the `across` lines of cells it cuts, as [`Axis`] lays them out.
    #[inline(always)]
    fn split<O: Observer + ?Sized>(
        &mut self,
        observer: &mut O,
        Chamber { corner, w, h }: Chamber,
    ) -> (Chamber, Chamber) {
        // 3.
        let coin = self.bits.bits(u32::from(w == h)) == 1;
        let horizontal = h > w || coin;
        let (along, across) = if horizontal { (w, h) } else { (h, w) };
        let axis = self.axis(horizontal);
        // 4.
        let (line, gap) = self.add_wall(corner, axis, along, across);
        let start = corner + line * axis.jump;
        for k in (0..along as usize).filter(|&k| k != gap) {
            let cell = self.grid.pos(start + k * axis.step);
            observer.observe(Event::Wall {
                cell,
                dir: axis.passage,
            });
        }
        // 5.
        let cut = line as u32 + 1;
        let first = Chamber {
            corner,
            w: if horizontal { w } else { cut },
            h: if horizontal { cut } else { h },
        };
        let second = Chamber {
            corner: corner + cut as usize * axis.jump,
            w: if horizontal { w } else { w - cut },
            h: if horizontal { h - cut } else { h },
        };
        (first, second)
    }

    /// Adds a wall with one gap to the chamber at `corner` that is `along` cells long (laid
    /// out as `axis` says) and `across` lines of cells deep, under a uniformly drawn line of
    /// them and with a uniformly drawn gap (one [`RandomBits::below_pair`]); returns the line
    /// and the gap.
    #[inline(always)]
    fn add_wall(&mut self, corner: usize, axis: Axis, along: u32, across: u32) -> (usize, usize) {
        let (line, gap) = self.bits.below_pair(across - 1, along);
        let (line, gap) = (line as usize, gap as usize);
        let start = corner + line * axis.jump;
        for k in 0..along as usize {
            self.grid.close_at(start + k * axis.step, axis.passage);
        }
        self.grid.carve_at(start + gap * axis.step, axis.passage);
        (line, gap)
    }

    /// A horizontal wall's layout (closing passages south) or a vertical one's (closing them
    /// east).
    #[inline(always)]
    fn axis(&self, horizontal: bool) -> Axis {
        let stride = self.grid.width() as usize;
        if horizontal {
            Axis {
                step: 1,
                jump: stride,
                passage: Dir::South,
            }
        } else {
            Axis {
                step: stride,
                jump: 1,
                passage: Dir::East,
            }
        }
    }

    /// Finishes a chamber of 2x2, 2x3, 3x2, 3x3, 2x4 or 4x2 cells in straight-line code that
    /// makes the same draws and walls as [`Field::split`] would; false (and no draw) for any
    /// other chamber. Three in five of the 420,000 splits of a 1000x1000 maze are of these
    /// shapes.
    ///
    /// The splits of these shapes need no stack: a chamber two cells wide (or high) only ever
    /// gets walls across it, which leave corridors and shorter chambers two cells wide, and a
    /// 3x3 chamber's one wall leaves a corridor and a 3x2 or 2x3 chamber.
    ///
    /// It and the methods it calls are inlined always: with plain `#[inline]` the unrolling buys
    /// nothing (1000x1000: 5.7 ms, 11.6 ms with plain `#[inline]`).
    #[inline(always)]
    fn finish_small(&mut self, Chamber { corner, w, h }: Chamber) -> bool {
        let (horizontal, vertical) = (self.axis(true), self.axis(false));
        match (w, h) {
            (2, 2) => self.finish_square(corner),
            (2, 3) => self.finish_strip_of_3(corner, horizontal),
            (3, 2) => self.finish_strip_of_3(corner, vertical),
            (2, 4) => self.finish_strip_of_4(corner, horizontal),
            (4, 2) => self.finish_strip_of_4(corner, vertical),
            (3, 3) => self.finish_square_of_3(corner),
            _ => return false,
        }
        true
    }

    /// Finishes a 3x3 chamber at `corner`: a wall of three sides with one gap, either way,
    /// leaves a corridor and a chamber three cells along by two across, which splits the other
    /// way.
    #[inline(always)]
    fn finish_square_of_3(&mut self, corner: usize) {
        let horizontal = self.bits.bit();
        let axis = self.axis(horizontal);
        let (line, _) = self.add_wall(corner, axis, 3, 3);
        self.finish_strip_of_3(corner + (1 - line) * axis.jump, axis.turned());
    }

    /// Finishes a 2x2 chamber at `corner`: a wall of two sides with one gap, which closes one
    /// of its four passages.
    #[inline(always)]
    fn finish_square(&mut self, corner: usize) {
        let horizontal = self.bits.bit();
        let axis = self.axis(horizontal);
        self.add_wall(corner, axis, 2, 2);
    }

    /// Finishes a chamber at `corner` two cells along `axis` and three lines across: a wall
    /// of two sides with one gap under its first or second line, leaving a corridor and a 2x2
    /// chamber.
    #[inline(always)]
    fn finish_strip_of_3(&mut self, corner: usize, axis: Axis) {
        let (line, _) = self.add_wall(corner, axis, 2, 3);
        self.finish_square(corner + (1 - line) * axis.jump);
    }

    /// Finishes a chamber at `corner` two cells along `axis` and four lines across: a wall of
    /// two sides with one gap under its first, second or third line, leaving a corridor and a
    /// strip of three lines, or two 2x2 chambers.
    #[inline(always)]
    fn finish_strip_of_4(&mut self, corner: usize, axis: Axis) {
        let (line, _) = self.add_wall(corner, axis, 2, 4);
        match line {
            0 => self.finish_strip_of_3(corner + axis.jump, axis),
            1 => {
                self.finish_square(corner);
                self.finish_square(corner + 2 * axis.jump);
            }
            _ => self.finish_strip_of_3(corner, axis),
        }
    }
}

/// How a wall lies in the cells: its cells are `step` indices apart, the lines of cells it
/// separates `jump` apart, and it closes each cell's `passage` (south or east) to the next
/// line.
#[derive(Debug, Clone, Copy)]
struct Axis {
    step: usize,
    jump: usize,
    passage: Dir,
}

impl Axis {
    /// The other orientation.
    #[inline(always)]
    const fn turned(self) -> Self {
        Self {
            step: self.jump,
            jump: self.step,
            passage: match self.passage {
                Dir::South => Dir::East,
                _ => Dir::South,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Silent;
    use crate::rng::rng_from_seed;

    #[test]
    fn small_chambers_finish_as_the_general_split_would() {
        for (w, h) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 4),
            (4, 2),
            (3, 4),
            (4, 3),
            (7, 5),
            (40, 31),
            (1, 9),
            (64, 2),
        ] {
            for seed in 0..200 {
                let carve = |unrolled: bool| {
                    let mut grid = Grid::new(w, h).unwrap();
                    let mut rng = rng_from_seed(seed);
                    let pending = Vec::new();
                    if unrolled {
                        divide::<true, _>(&mut grid, &mut rng, &mut Silent, pending);
                    } else {
                        divide::<false, _>(&mut grid, &mut rng, &mut Silent, pending);
                    }
                    grid
                };
                assert_eq!(carve(true), carve(false), "{w}x{h} seed {seed}");
            }
        }
    }
}
