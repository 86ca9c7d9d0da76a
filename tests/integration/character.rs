//! Each algorithm's character matches its description: exact structural properties where the
//! description promises one, statistics pooled over fixed seeds where it promises a tendency.
//! Every statistical test also checks a generator that must fail it, to show it has power.

use crate::common::label;
use mazegen::Maze;
use mazegen::algorithms::{
    AldousBroder, Backtrack, Bias, BinaryTree, Eller, Generator, GrowingTree, HuntAndKill, Kruskal,
    Pick, Prim, Probability, RecursiveDivision, Sidewinder, Wilson, catalogue,
};
use mazegen::analysis::Stats;
use mazegen::grid::{Grid, Pos};
use mazegen::rng::rng_from_seed;
use proptest::prelude::*;
use std::num::NonZeroU32;

fn grid(generator: &dyn Generator, w: u32, h: u32, seed: u64) -> Grid {
    Maze::builder()
        .generator(generator.boxed())
        .cells(w, h)
        .seed(seed)
        .build()
        .unwrap()
        .grid()
        .unwrap()
        .clone()
}

/// Statistics pooled over seeds `0..10` of 60x60-cell mazes (36,000 cells: the standard
/// deviation of a cell fraction is below 0.3 percentage points).
fn pooled(generator: &dyn Generator) -> Stats {
    (0..10)
        .map(|seed| Stats::measure(&grid(generator, 60, 60, seed)))
        .sum()
}

/// Dead-end fraction of `generator`'s `side x side` mazes over seeds `0..seeds`, counting only
/// cells at least `margin` cells away from the border (the border adds dead ends).
fn inner_dead_ends(generator: &dyn Generator, side: u32, margin: u32, seeds: u64) -> f64 {
    let (mut dead_ends, mut cells) = (0, 0);
    for seed in 0..seeds {
        let maze = grid(generator, side, side, seed);
        for y in margin..side - margin {
            for x in margin..side - margin {
                dead_ends += u64::from(maze.degree(Pos::new(x, y)) == 1);
                cells += 1;
            }
        }
    }
    dead_ends as f64 / f64::from(cells)
}

/// Backtrack with `seeds` walkers.
fn backtrack_seeds(seeds: u32) -> Backtrack {
    Backtrack {
        seeds: NonZeroU32::new(seeds).unwrap(),
        ..Backtrack::default()
    }
}

fn growing_tree(pick: Pick) -> GrowingTree {
    GrowingTree { pick }
}

fn mixed(newest: f64) -> GrowingTree {
    growing_tree(Pick::Mixed(Probability::new(newest).unwrap()))
}

/// A straight line between two rows or two columns that crosses the whole maze with exactly
/// one gap: the first wall of recursive division.
fn has_wall_across_with_one_gap(grid: &Grid) -> bool {
    let (w, h) = (grid.width(), grid.height());
    let between_rows = (0..h - 1).any(|y| (0..w).filter(|&x| grid.open_south(x, y)).count() == 1);
    let between_columns = (0..w - 1).any(|x| (0..h).filter(|&y| grid.open_east(x, y)).count() == 1);
    between_rows || between_columns
}

/// The generators that carve row by row.
fn row_by_row() -> Vec<Box<dyn Generator + Send + Sync>> {
    let mut all: Vec<Box<dyn Generator + Send + Sync>> =
        vec![Box::new(Sidewinder), Box::new(Eller)];
    for bias in Bias::ALL {
        all.push(Box::new(BinaryTree { bias }));
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sidewinder_opens_the_top_row_and_hangs_each_run_by_one_passage(
        w in 1u32..40, h in 1u32..40, seed: u64
    ) {
        let grid = grid(&Sidewinder, w, h, seed);
        for x in 0..w - 1 {
            prop_assert!(grid.open_east(x, 0));
        }
        for y in 1..h {
            let mut north = 0;
            for x in 0..w {
                north += usize::from(grid.open_south(x, y - 1));
                if !grid.open_east(x, y) {
                    prop_assert_eq!(north, 1, "the run ending at {},{}", x, y);
                    north = 0;
                }
            }
        }
    }

    /// Rows above the last are final before a later row is looked at: a taller maze from the
    /// same seed starts with the same rows (only the last row is special).
    #[test]
    fn row_by_row_algorithms_never_revisit_a_row(
        w in 1u32..30, h in 2u32..20, extra in 1u32..10, seed: u64
    ) {
        for generator in row_by_row() {
            let short = grid(generator.as_ref(), w, h, seed);
            let tall = grid(generator.as_ref(), w, h + extra, seed);
            for y in 0..h - 1 {
                for x in 0..w {
                    let name = label(generator.as_ref());
                    prop_assert_eq!(short.open_east(x, y), tall.open_east(x, y), "{} {},{}", name, x, y);
                    prop_assert_eq!(short.open_south(x, y), tall.open_south(x, y), "{} {},{}", name, x, y);
                }
            }
        }
    }

    #[test]
    fn growing_tree_newest_is_the_backtracker(w in 1u32..40, h in 1u32..40, seed: u64) {
        prop_assert_eq!(
            grid(&growing_tree(Pick::Newest), w, h, seed),
            grid(&Backtrack::default(), w, h, seed)
        );
    }

    #[test]
    fn recursive_division_first_wall_crosses_the_maze_with_one_gap(
        w in 2u32..40, h in 2u32..40, seed: u64
    ) {
        prop_assert!(has_wall_across_with_one_gap(&grid(&RecursiveDivision, w, h, seed)));
    }
}

/// The previous tests' controls: other algorithms do not look row by row or divided.
#[test]
fn structural_properties_tell_algorithms_apart() {
    for seed in 0..20 {
        let short = grid(&Backtrack::default(), 20, 10, seed);
        let tall = grid(&Backtrack::default(), 20, 15, seed);
        let rows_equal = (0..9).all(|y| {
            (0..20).all(|x| {
                short.open_east(x, y) == tall.open_east(x, y)
                    && short.open_south(x, y) == tall.open_south(x, y)
            })
        });
        assert!(!rows_equal, "backtrack seed {seed} looks row by row");
        for generator in catalogue() {
            if generator.name() != RecursiveDivision.name() {
                let maze = grid(generator.as_ref(), 30, 30, seed);
                assert!(
                    !has_wall_across_with_one_gap(&maze),
                    "{} seed {seed} has a wall across",
                    generator.name()
                );
            }
        }
    }
}

#[test]
fn backtrack_like_algorithms_have_few_dead_ends() {
    // Measured over 100 seeds at 100x100: backtrack 10.0%, hunt-and-kill 9.4%, while
    // binary-tree, sidewinder, Eller and recursive division have 25 to 30%.
    for generator in [&Backtrack::default() as &dyn Generator, &HuntAndKill] {
        let dead_ends = pooled(generator).dead_end_fraction();
        assert!(
            (0.08..0.12).contains(&dead_ends),
            "{} {dead_ends}",
            generator.name()
        );
    }
    for generator in [&Sidewinder as &dyn Generator, &Eller, &RecursiveDivision] {
        let dead_ends = pooled(generator).dead_end_fraction();
        assert!(
            (0.24..0.32).contains(&dead_ends),
            "{} {dead_ends}",
            generator.name()
        );
    }
}

#[test]
fn growing_tree_picks_set_the_character() {
    let dead_ends = |generator: &dyn Generator| pooled(generator).dead_end_fraction();
    // Random grows like Prim's algorithm: many dead ends (27.5% over 100 seeds at 100x100).
    let random = dead_ends(&growing_tree(Pick::Random));
    assert!((0.25..0.30).contains(&random), "random {random}");
    // Oldest grows breadth-first from the corner: long straight corridors, almost no dead end.
    let oldest = pooled(&growing_tree(Pick::Oldest));
    assert!(oldest.dead_end_fraction() < 0.04, "{oldest:?}");
    assert!(oldest.mean_straight_run() > 10.0, "{oldest:?}");
    // Mixed moves from random (P = 0) to newest (P = 1) as P grows (measured: 27.3%, 20.5%
    // and 14.8% for P = 0.25, 0.5, 0.75). A rule taking the newest cell with probability 1 - P
    // would fail every comparison.
    let newest = dead_ends(&growing_tree(Pick::Newest));
    assert!((dead_ends(&mixed(0.0)) - random).abs() < 0.01);
    assert!((dead_ends(&mixed(1.0)) - newest).abs() < 0.01);
    let (quarter, half, three_quarters) = (
        dead_ends(&mixed(0.25)),
        dead_ends(&mixed(0.5)),
        dead_ends(&mixed(0.75)),
    );
    assert!(
        (quarter - random).abs() < 0.01 && quarter > half + 0.03 && half > three_quarters + 0.03,
        "{random} {quarter} {half} {three_quarters} {newest}"
    );
    assert!(three_quarters > newest + 0.03);
}

#[test]
fn recursive_division_has_long_straight_walls() {
    // Length-weighted mean straight wall over 100 seeds at 100x100: recursive division 6.8,
    // every other algorithm about 3.
    let division = pooled(&RecursiveDivision).mean_straight_wall();
    for generator in catalogue() {
        if generator.name() != RecursiveDivision.name() {
            let other = pooled(generator.as_ref()).mean_straight_wall();
            assert!(
                division > 1.5 * other,
                "{} {other} vs {division}",
                generator.name()
            );
        }
    }
}

#[test]
fn binary_tree_biases_mirror_each_other() {
    // The biases are mirror images: same statistics, and half the passages horizontal.
    let stats: Vec<Stats> = Bias::ALL
        .into_iter()
        .map(|bias| pooled(&BinaryTree { bias }))
        .collect();
    for s in &stats {
        assert!((s.horizontal_fraction() - 0.5).abs() < 0.01, "{s:?}");
        assert!((s.dead_end_fraction() - 0.25).abs() < 0.01, "{s:?}");
    }
}

/// The leaves of a uniform spanning tree of the square lattice have density
/// 8/pi^2 (1 - 2/pi) = 0.29454 (Manna, Dhar and Majumdar, 1992). Away from the border, Aldous-Broder
/// and Wilson mazes must match it; Kruskal's 0.306 would sit 20 standard errors out.
#[test]
fn uniform_spanning_trees_have_the_lattice_dead_end_density() {
    use std::f64::consts::PI;
    let density = 8.0 / (PI * PI) * (1.0 - 2.0 / PI);
    for generator in [&AldousBroder as &dyn Generator, &Wilson] {
        // Ten 180x180 inner regions: standard error of the mean about 0.0006.
        let dead_ends = inner_dead_ends(generator, 200, 10, 10);
        assert!(
            (dead_ends - density).abs() < 0.003,
            "{}: {dead_ends} dead ends, lattice {density}",
            generator.name()
        );
    }
}

/// Kruskal and true Prim both build the minimum spanning tree of random wall weights: about
/// 30.6% dead ends, clearly more than a uniform spanning tree. Simplified Prim, which favours
/// frontier cells with many maze neighbours, makes even more (about 35.5%).
#[test]
fn random_weight_trees_have_more_dead_ends_and_simplified_prim_most() {
    for generator in [&Kruskal as &dyn Generator, &Prim::default()] {
        let dead_ends = inner_dead_ends(generator, 200, 10, 5);
        assert!(
            (0.300..0.312).contains(&dead_ends),
            "{}: {dead_ends} dead ends",
            generator.name()
        );
    }
    let dead_ends = inner_dead_ends(&Prim { simplified: true }, 200, 10, 5);
    assert!(
        (0.345..0.365).contains(&dead_ends),
        "simplified: {dead_ends}"
    );
}

/// Each walker carves a depth-first region with few dead ends; every extra region adds a few
/// where regions meet. With one walker per cell every step is a merge between regions, much like
/// Kruskal's, and the dead ends approach Kruskal's 30%.
#[test]
fn more_seeds_make_more_dead_ends() {
    let side = 100;
    let fractions: Vec<f64> = [1, 100, 1000, side * side]
        .into_iter()
        .map(|seeds| inner_dead_ends(&backtrack_seeds(seeds), side, 0, 5))
        .collect();
    assert!(fractions[0] < 0.11, "{fractions:?}");
    assert!(fractions.windows(2).all(|w| w[0] < w[1]), "{fractions:?}");
    assert!((0.28..0.32).contains(&fractions[3]), "{fractions:?}");
}

/// Wilson's walks only have to reach the maze; Aldous-Broder's walk has to cover the grid, on
/// the order of n (ln n)^2 / pi steps for n cells.
#[test]
fn wilson_walks_far_less_than_aldous_broder() {
    let side = 100;
    let cells = f64::from(side * side);
    let cover = cells * cells.ln().powi(2) / std::f64::consts::PI;
    let (mut aldous_broder, mut wilson) = (0, 0);
    for seed in 0..10 {
        let mut grid = Grid::new(side, side).unwrap();
        aldous_broder += AldousBroder
            .carve_counting_steps(&mut grid, &mut rng_from_seed(seed))
            .unwrap();
        let mut grid = Grid::new(side, side).unwrap();
        wilson += Wilson
            .carve_counting_steps(&mut grid, &mut rng_from_seed(seed))
            .unwrap();
    }
    let per_maze = aldous_broder as f64 / 10.0;
    assert!(
        (0.7 * cover..3.0 * cover).contains(&per_maze),
        "{per_maze} steps, n (ln n)^2 / pi = {cover}"
    );
    assert!(aldous_broder > 2 * wilson, "{aldous_broder} vs {wilson}");
}
