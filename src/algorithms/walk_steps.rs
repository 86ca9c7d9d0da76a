//! How long the random walks of Aldous-Broder and Wilson take, known before they start: on a
//! square the walk covers the grid in about n (ln n)^2 / pi steps, on a thin strip it goes back
//! and forth along it, quadratic in its length. Lets a caller show the expected work of a large
//! or thin maze up front rather than seem to hang.

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
    let square = cells * cells.ln().powi(2) / std::f64::consts::PI;
    let (long, short) = (width.max(height), width.min(height));
    let along = match short {
        1 => 1.0,
        2 => 2.0 / 3.0,
        _ => 0.5,
    };
    let strip = 7.0 / 6.0 * f64::from(long - 1).powi(2) / along;
    square.max(strip)
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
