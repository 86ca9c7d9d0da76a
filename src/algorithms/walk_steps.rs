//! How long the random walks of Aldous-Broder and Wilson take, known before they start: on a
//! square the walk covers the grid in about n (ln n)^2 / pi steps, on a thin strip it goes back
//! and forth along it, quadratic in its length. Lets a caller show the expected work of a large
//! or thin maze up front rather than seem to hang.

use crate::topology::{Shape, Topology};
use crate::with_topology;

/// The expected number of random-walk steps that Aldous-Broder takes to carve a `width x
/// height`-cell maze (the time the walk takes to cover the grid), within a factor of about two
/// either way; an upper estimate for Wilson's walks, which in all take at most that many on
/// average and fewer on squares.
///
/// The larger of two estimates: the cover time of a square grid, `n (ln n)^2 / pi` steps for
/// `n` cells; and that of a strip as long as the longer side, `(7/6) L^2` steps of a walk along
/// a path of `L` cells from a random start, slowed by the steps across it (none on a strip one
/// cell wide, one in three on two, one in two on wider ones).
///
/// ```
/// use mazegen::algorithms::expected_walk_steps;
///
/// // A strip one cell high and 16384 long: hundreds of millions of steps.
/// assert!(expected_walk_steps(16384, 1) > 3e8);
/// // A square of as many cells: a few hundred thousand.
/// assert!(expected_walk_steps(128, 128) < 1e6);
/// ```
pub fn expected_walk_steps(width: u32, height: u32) -> f64 {
    let cells = f64::from(width) * f64::from(height);
    if cells <= 1.0 {
        return 0.0;
    }
    let square = square_walk_steps(cells as u64);
    let (long, short) = (width.max(height), width.min(height));
    let along = match short {
        1 => 1.0,
        2 => 2.0 / 3.0,
        _ => 0.5,
    };
    let strip = 7.0 / 6.0 * f64::from(long - 1).powi(2) / along;
    square.max(strip)
}

/// [`expected_walk_steps`] for a maze of any shape. Hexagons, triangles and rings cover like
/// the rectangle they fill; a mask is measured: its cell count `n` and diameter `D` (the most
/// steps between two of its cells, every wall open, by two breadth-first sweeps) give the
/// square's estimate and that of a strip `D + 1` cells long and `n / (D + 1)` wide, as for a
/// rectangle. A mask that is one long line of cells is a strip: quadratic in its length.
///
/// ```
/// use mazegen::algorithms::{expected_walk_steps, expected_walk_steps_on};
/// use mazegen::topology::{Mask, Masked, Shape};
///
/// // A line of about 2000 cells turning back and forth: as slow as a 2000x1 strip.
/// let on = (0..100 * 40).map(|i| {
///     let (x, y) = (i % 40, i / 40);
///     y % 2 == 0 || (y % 4 == 1 && x == 39) || (y % 4 == 3 && x == 0)
/// });
/// let line = Shape::Masked(Masked::new(Mask::new(40, 100, on.collect())?)?);
/// assert!(expected_walk_steps_on(&line) > expected_walk_steps(2000, 1));
/// let field = Shape::Masked(Masked::new(Mask::new(40, 50, vec![true; 2000])?)?);
/// assert!(expected_walk_steps_on(&field) < expected_walk_steps(2000, 1) / 10.0);
/// # Ok::<(), mazegen::Error>(())
/// ```
pub fn expected_walk_steps_on(shape: &Shape) -> f64 {
    let masked = match shape {
        Shape::Masked(masked) => masked,
        other => {
            let (width, height) = with_topology!(other, t => t.extent());
            return expected_walk_steps(width, height);
        }
    };
    let cells = masked.cell_count() as f64;
    if cells <= 1.0 {
        return 0.0;
    }
    let (far, _) = farthest(masked, masked.first_cell());
    let (_, diameter) = farthest(masked, far);
    let length = f64::from(diameter);
    let wide = cells / (length + 1.0);
    let along = if wide < 1.5 {
        1.0
    } else if wide < 2.5 {
        2.0 / 3.0
    } else {
        0.5
    };
    square_walk_steps(cells as u64).max(7.0 / 6.0 * length.powi(2) / along)
}

/// The random-walk steps that cover a square of `cells` cells, `n (ln n)^2 / pi`: what a
/// shape of as many cells takes at best, against which [`expected_walk_steps_on`] tells how
/// much a thin shape slows the walk.
pub fn square_walk_steps(cells: u64) -> f64 {
    let cells = cells as f64;
    if cells <= 1.0 {
        return 0.0;
    }
    cells * cells.ln().powi(2) / std::f64::consts::PI
}

/// The cell of `topology` farthest from cell `from` (every wall open) and its distance, by a
/// breadth-first sweep keeping a bit a cell.
fn farthest<T: Topology>(topology: &T, from: usize) -> (usize, u32) {
    let mut seen = vec![0u64; topology.slots().div_ceil(64)];
    let mut mark = |i: usize| {
        let (word, bit) = (i / 64, 1 << (i % 64));
        let new = seen[word] & bit == 0;
        seen[word] |= bit;
        new
    };
    mark(from);
    let (mut frontier, mut next) = (vec![from], Vec::new());
    let mut last = (from, 0);
    while !frontier.is_empty() {
        last = (frontier[0], last.1);
        for &i in &frontier {
            let cursor = topology.cursor(i);
            for side in 0..T::SIDES {
                if let Some(j) = topology.neighbour(&cursor, side)
                    && mark(j)
                {
                    next.push(j);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        last.1 += 1;
        frontier.clear();
        std::mem::swap(&mut frontier, &mut next);
    }
    (last.0, last.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::AldousBroder;
    use crate::grid::Grid;
    use crate::rng::rng_from_seed;

    #[test]
    fn the_estimate_is_within_a_factor_of_two_of_the_mean_walk() {
        for (width, height) in [(60, 60), (300, 1), (300, 2), (200, 3), (400, 5), (40, 200)] {
            let seeds = 40;
            let total: u64 = (0..seeds)
                .map(|seed| {
                    let mut grid = Grid::new(width, height).unwrap();
                    AldousBroder
                        .carve_counting_steps(&mut grid, &mut rng_from_seed(seed))
                        .unwrap()
                })
                .sum();
            let mean = total as f64 / seeds as f64;
            let ratio = expected_walk_steps(width, height) / mean;
            assert!(
                (0.5..2.0).contains(&ratio),
                "{width}x{height}: estimate {} for a mean of {mean} steps",
                expected_walk_steps(width, height)
            );
        }
    }

    #[test]
    fn a_single_cell_takes_no_step() {
        assert_eq!(expected_walk_steps(1, 1), 0.0);
        assert_eq!(expected_walk_steps(2, 1), 7.0 / 6.0);
    }
}
