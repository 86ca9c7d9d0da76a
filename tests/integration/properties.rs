//! Invariants of every generator over many seeds and sizes.

use crate::common::{dead_end_fraction, generators, label};
use mazegen::Maze;
use mazegen::algorithms::{Backtrack, Bias, BinaryTree};
use mazegen::grid::{Dir, Pos, Tile};
use mazegen::topology::check_perfect;
use proptest::prelude::*;
use std::num::NonZeroU32;

/// Backtrack with `seeds` walkers.
fn backtrack_seeds(seeds: u32) -> Backtrack {
    Backtrack {
        seeds: NonZeroU32::new(seeds).unwrap(),
        ..Backtrack::default()
    }
}

/// The tile view's outer ring is wall, and every row has the advertised width.
fn assert_tile_border_closed(maze: &Maze) {
    let (tw, th) = (
        maze.grid().unwrap().tile_width(),
        maze.grid().unwrap().tile_height(),
    );
    let mut rows = maze.grid().unwrap().tile_rows().unwrap();
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
            let maze = Maze::builder().generator(generator.as_ref().boxed()).cells(w, h).seed(seed).build().unwrap();
            let name = label(generator.as_ref());
            prop_assert_eq!(check_perfect(maze.grid().unwrap()), Ok(()), "{} {}x{}", name, w, h);
            prop_assert_eq!(maze.grid().unwrap().passage_count(), u64::from(w * h - 1));
            assert_tile_border_closed(&maze);
        }
    }

    #[test]
    fn binary_tree_opens_the_two_sides_of_its_bias(w in 1u32..40, h in 1u32..40, seed: u64) {
        for bias in Bias::ALL {
            let grid = Maze::builder().algorithm(BinaryTree { bias }).cells(w, h).seed(seed).build().unwrap().grid().unwrap().clone();
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
        let maze = Maze::builder().algorithm(Backtrack { start, ..Backtrack::default() }).cells(w, h).seed(seed).build().unwrap();
        prop_assert_eq!(check_perfect(maze.grid().unwrap()), Ok(()));
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
        let maze = Maze::builder().algorithm(backtrack).cells(w, h).seed(seed).build().unwrap();
        prop_assert_eq!(check_perfect(maze.grid().unwrap()), Ok(()), "{} seeds {}x{}", seeds, w, h);
    }

    #[test]
    fn same_seed_same_maze(w in 1u32..30, h in 1u32..30, seed: u64) {
        for generator in generators() {
            let a = Maze::builder().generator(generator.as_ref().boxed()).cells(w, h).seed(seed).build().unwrap();
            let b = Maze::builder().generator(generator.as_ref().boxed()).cells(w, h).seed(seed).build().unwrap();
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
                let maze = Maze::builder()
                    .generator(generator.as_ref().boxed())
                    .cells(w, h)
                    .seed(seed)
                    .build()
                    .unwrap();
                let name = label(generator.as_ref());
                assert_eq!(
                    check_perfect(maze.grid().unwrap()),
                    Ok(()),
                    "{name} {w}x{h} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn backtrack_start_outside_the_grid_is_an_error() {
    let error = Maze::builder()
        .algorithm(Backtrack {
            start: Pos::new(5, 0),
            ..Backtrack::default()
        })
        .cells(5, 5)
        .seed(1)
        .build()
        .unwrap_err();
    // Refused before any work, naming the part at fault: the cell the maze grows from.
    assert_eq!(
        error.to_string(),
        "from 5,0: cell 5,0 is outside the 5x5-cell maze"
    );
}

#[test]
fn different_seeds_give_different_mazes() {
    for generator in generators() {
        let a = Maze::builder()
            .generator(generator.as_ref().boxed())
            .cells(20, 20)
            .seed(1)
            .build()
            .unwrap();
        let b = Maze::builder()
            .generator(generator.as_ref().boxed())
            .cells(20, 20)
            .seed(2)
            .build()
            .unwrap();
        assert_ne!(
            a.grid().unwrap(),
            b.grid().unwrap(),
            "{}",
            label(generator.as_ref())
        );
    }
}

#[test]
fn backtrack_handles_3000_by_3000_cells_on_the_default_stack() {
    // Runs on a test thread (2 MiB stack): a recursive backtracker would overflow long before.
    let maze = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(3000, 3000)
        .seed(11)
        .build()
        .unwrap();
    assert_eq!(check_perfect(maze.grid().unwrap()), Ok(()));
}

/// Binary Tree carves east with probability 1/2 in every cell that has a choice.
#[test]
fn binary_tree_carves_east_half_the_time() {
    let (w, h) = (101u32, 101u32);
    let (mut east, mut choices) = (0u64, 0u64);
    for seed in 0..20 {
        let grid = Maze::builder()
            .algorithm(BinaryTree::default())
            .cells(w, h)
            .seed(seed)
            .build()
            .unwrap()
            .grid()
            .unwrap()
            .clone();
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
            &Maze::builder()
                .algorithm(Backtrack::default())
                .cells(60, 60)
                .seed(seed)
                .build()
                .unwrap()
                .grid()
                .unwrap()
                .clone(),
        );
        let binary = dead_end_fraction(
            &Maze::builder()
                .algorithm(BinaryTree::default())
                .cells(60, 60)
                .seed(seed)
                .build()
                .unwrap()
                .grid()
                .unwrap()
                .clone(),
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
            let maze = Maze::builder()
                .algorithm(Backtrack::default())
                .cells(2, 2)
                .seed(seed)
                .build()
                .unwrap();
            maze.grid().unwrap().open_east(0, 0) && !maze.grid().unwrap().open_south(0, 0)
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
                    ..Backtrack::default()
                };
                let grid = Maze::builder()
                    .algorithm(backtrack)
                    .cells(w, h)
                    .seed(seed)
                    .build()
                    .unwrap()
                    .grid()
                    .unwrap()
                    .clone();
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
    let error = Maze::builder()
        .algorithm(backtrack_seeds(7))
        .cells(3, 2)
        .seed(1)
        .build()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "7 walkers are more than the maze's 6 cells to start from; use 1 to 6"
    );
    assert!(
        Maze::builder()
            .algorithm(backtrack_seeds(6))
            .cells(3, 2)
            .seed(1)
            .build()
            .is_ok()
    );
}
