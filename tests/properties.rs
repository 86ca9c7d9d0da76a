//! Invariants of every generator over many seeds and sizes.

mod common;

use common::{dead_end_fraction, generators, label};
use mazegen::Maze;
use mazegen::algorithms::{
    AldousBroder, Backtrack, Bias, BinaryTree, Generator, Kruskal, Prim, Wilson,
};
use mazegen::grid::{Dir, Grid, Pos, Tile, check_perfect};
use mazegen::rng::rng_from_seed;
use proptest::prelude::*;
use std::num::NonZeroU32;

/// Backtrack with `seeds` walkers.
fn backtrack_seeds(seeds: u32) -> Backtrack {
    Backtrack {
        seeds: NonZeroU32::new(seeds).unwrap(),
        ..Backtrack::default()
    }
}

/// Dead-end fraction of `generator`'s `side x side` mazes over seeds `0..seeds`, counting only
/// cells at least `margin` cells away from the border (the border adds dead ends).
fn inner_dead_ends(generator: &dyn Generator, side: u32, margin: u32, seeds: u64) -> f64 {
    let (mut dead_ends, mut cells) = (0, 0);
    for seed in 0..seeds {
        let grid = Maze::generate(generator, side, side, seed).unwrap().grid;
        for y in margin..side - margin {
            for x in margin..side - margin {
                dead_ends += u64::from(grid.degree(Pos::new(x, y)) == 1);
                cells += 1;
            }
        }
    }
    dead_ends as f64 / f64::from(cells)
}

/// The tile view's outer ring is wall, and every row has the advertised width.
fn assert_tile_border_closed(maze: &Maze) {
    let (tw, th) = (maze.grid.tile_width(), maze.grid.tile_height());
    let mut rows = maze.grid.tile_rows();
    let mut y = 0;
    while let Some(row) = rows.next_row() {
        assert_eq!(row.len() as u64, tw);
        let edge = y == 0 || y + 1 == th;
        for (x, &tile) in row.iter().enumerate() {
            if edge || x == 0 || x as u64 + 1 == tw {
                assert_eq!(tile, Tile::Wall, "border tile {x},{y} is open");
            }
        }
        y += 1;
    }
    assert_eq!(y, th);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_generator_makes_perfect_mazes(w in 1u32..40, h in 1u32..40, seed: u64) {
        for generator in generators() {
            let maze = Maze::generate(generator.as_ref(), w, h, seed).unwrap();
            let name = label(generator.as_ref());
            prop_assert_eq!(check_perfect(&maze.grid), Ok(()), "{} {}x{}", name, w, h);
            prop_assert_eq!(maze.grid.passage_count(), u64::from(w * h - 1));
            assert_tile_border_closed(&maze);
        }
    }

    #[test]
    fn binary_tree_opens_the_two_sides_of_its_bias(w in 1u32..40, h in 1u32..40, seed: u64) {
        for bias in Bias::ALL {
            let grid = Maze::generate(&BinaryTree { bias }, w, h, seed).unwrap().grid;
            let (across, down) = (bias.horizontal(), bias.vertical());
            let edge_y = if down == Dir::North { 0 } else { h - 1 };
            let edge_x = if across == Dir::West { 0 } else { w - 1 };
            for y in 0..h {
                for x in 0..w {
                    let pos = Pos::new(x, y);
                    let (open_across, open_down) = (grid.is_open(pos, across), grid.is_open(pos, down));
                    // Every cell but the corner has exactly one passage towards the two sides,
                    // and the edge row and column are corridors towards the corner.
                    prop_assert_eq!(
                        usize::from(open_across) + usize::from(open_down),
                        usize::from((x, y) != (edge_x, edge_y)),
                        "{:?} at {},{}", bias, x, y
                    );
                    if y == edge_y && x != edge_x {
                        prop_assert!(open_across, "{:?} edge row at {}", bias, x);
                    }
                    if x == edge_x && y != edge_y {
                        prop_assert!(open_down, "{:?} edge column at {}", bias, y);
                    }
                }
            }
        }
    }

    #[test]
    fn backtrack_from_any_start_is_perfect(w in 1u32..30, h in 1u32..30, sx: u32, sy: u32, seed: u64) {
        let start = Pos::new(sx % w, sy % h);
        let maze = Maze::generate(&Backtrack { start, ..Backtrack::default() }, w, h, seed).unwrap();
        prop_assert_eq!(check_perfect(&maze.grid), Ok(()));
    }

    #[test]
    fn backtrack_with_any_number_of_seeds_is_perfect(
        w in 1u32..40,
        h in 1u32..40,
        seeds in prop_oneof![1u32..=8, any::<u32>()],
        sx: u32,
        sy: u32,
        seed: u64,
    ) {
        let seeds = 1 + seeds % (w * h);
        let backtrack = Backtrack { start: Pos::new(sx % w, sy % h), ..backtrack_seeds(seeds) };
        let maze = Maze::generate(&backtrack, w, h, seed).unwrap();
        prop_assert_eq!(check_perfect(&maze.grid), Ok(()), "{} seeds {}x{}", seeds, w, h);
    }

    #[test]
    fn same_seed_same_maze(w in 1u32..30, h in 1u32..30, seed: u64) {
        for generator in generators() {
            let a = Maze::generate(generator.as_ref(), w, h, seed).unwrap();
            let b = Maze::generate(generator.as_ref(), w, h, seed).unwrap();
            prop_assert_eq!(a, b);
        }
    }
}

/// One-cell-wide and -high grids, 2x2 and other thin shapes, where edge cases live.
#[test]
fn every_generator_makes_perfect_thin_and_tiny_mazes() {
    let shapes = [
        (1, 1),
        (2, 2),
        (1, 2),
        (2, 1),
        (1, 41),
        (41, 1),
        (2, 41),
        (41, 2),
        (3, 3),
    ];
    for generator in generators() {
        for (w, h) in shapes {
            for seed in 0..64 {
                let maze = Maze::generate(generator.as_ref(), w, h, seed).unwrap();
                let name = label(generator.as_ref());
                assert_eq!(
                    check_perfect(&maze.grid),
                    Ok(()),
                    "{name} {w}x{h} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn backtrack_start_outside_the_grid_is_an_error() {
    let error = Maze::generate(
        &Backtrack {
            start: Pos::new(5, 0),
            ..Backtrack::default()
        },
        5,
        5,
        1,
    )
    .unwrap_err();
    assert_eq!(error.to_string(), "cell 5,0 is outside the 5x5-cell maze");
}

#[test]
fn different_seeds_give_different_mazes() {
    for generator in generators() {
        let a = Maze::generate(generator.as_ref(), 20, 20, 1).unwrap();
        let b = Maze::generate(generator.as_ref(), 20, 20, 2).unwrap();
        assert_ne!(a.grid, b.grid, "{}", label(generator.as_ref()));
    }
}

#[test]
fn backtrack_handles_3000_by_3000_cells_on_the_default_stack() {
    // Runs on a test thread (2 MiB stack): a recursive backtracker would overflow long before.
    let maze = Maze::generate(&Backtrack::default(), 3000, 3000, 11).unwrap();
    assert_eq!(check_perfect(&maze.grid), Ok(()));
}

/// Binary Tree carves east with probability 1/2 in every cell that has a choice.
#[test]
fn binary_tree_carves_east_half_the_time() {
    let (w, h) = (101u32, 101u32);
    let (mut east, mut choices) = (0u64, 0u64);
    for seed in 0..20 {
        let grid = Maze::generate(&BinaryTree::default(), w, h, seed)
            .unwrap()
            .grid;
        for y in 0..h - 1 {
            for x in 0..w - 1 {
                east += u64::from(grid.open_east(x, y));
                choices += 1;
            }
        }
    }
    // 200,000 fair choices: standard deviation 0.11%. A 0.52 bias would sit 18 deviations out.
    let share = east as f64 / choices as f64;
    let sd = (0.25 / choices as f64).sqrt();
    assert!((share - 0.5).abs() < 5.0 * sd, "east share {share}");
}

/// Depth-first search makes long corridors: far fewer dead ends than Binary Tree's ~25%.
#[test]
fn backtrack_has_few_dead_ends() {
    for seed in 0..5 {
        let backtrack = dead_end_fraction(
            &Maze::generate(&Backtrack::default(), 60, 60, seed)
                .unwrap()
                .grid,
        );
        let binary = dead_end_fraction(
            &Maze::generate(&BinaryTree::default(), 60, 60, seed)
                .unwrap()
                .grid,
        );
        assert!(backtrack < 0.15, "backtrack dead ends {backtrack}");
        assert!(
            (0.2..0.3).contains(&binary),
            "binary-tree dead ends {binary}"
        );
    }
}

/// The backtracker picks among unvisited neighbours uniformly. On 2x2 cells from the top-left,
/// the first step (east or south) decides the whole maze: east is open exactly when it went east.
#[test]
fn backtrack_picks_neighbours_uniformly() {
    let runs = 4000;
    let east = (0..runs)
        .filter(|&seed| {
            let maze = Maze::generate(&Backtrack::default(), 2, 2, seed).unwrap();
            maze.grid.open_east(0, 0) && !maze.grid.open_south(0, 0)
        })
        .count();
    // Standard deviation sqrt(4000/4) = 31.6: five deviations is +-158.
    assert!(
        (east as i64 - 2000).abs() < 158,
        "went east {east} of {runs} times"
    );
}

/// `--seeds 1` is the backtracker of mazegen 0.1.0, random draws included: a digest of 4,200
/// mazes (7 sizes from 1x1 to 31x17, seeds 0 to 199, three start cells each) made by 0.1.0.
#[test]
fn one_seed_reproduces_the_0_1_0_backtracker() {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325; // FNV-1a over every cell's passages
    for (w, h) in [(1, 1), (1, 9), (9, 1), (2, 2), (7, 3), (10, 10), (31, 17)] {
        for seed in 0..200 {
            for start in [
                Pos::new(0, 0),
                Pos::new(w / 2, h / 2),
                Pos::new(w - 1, h - 1),
            ] {
                let backtrack = Backtrack {
                    start,
                    seeds: NonZeroU32::MIN,
                };
                let grid = Maze::generate(&backtrack, w, h, seed).unwrap().grid;
                for y in 0..h {
                    for x in 0..w {
                        let bits =
                            u64::from(grid.open_east(x, y)) | u64::from(grid.open_south(x, y)) << 1;
                        hash = (hash ^ bits).wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
    }
    assert_eq!(hash, 0x0730_3f1b_e43e_fbef);
}

#[test]
fn more_seeds_than_cells_is_an_error() {
    let error = Maze::generate(&backtrack_seeds(7), 3, 2, 1).unwrap_err();
    assert_eq!(
        error.to_string(),
        "--seeds 7 is more than the 6 cells of a 3x2-cell maze; use 1 to 6"
    );
    assert!(Maze::generate(&backtrack_seeds(6), 3, 2, 1).is_ok());
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
    for generator in [&Kruskal as &dyn Generator, &Prim { simplified: false }] {
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
