//! Which spanning trees the generators draw, counted on the 3x3-cell grid and on small graphs of
//! every other shape.
//!
//! A perfect maze is a spanning tree of the grid graph. The 3x3-cell grid has 12 inner walls and
//! 192 spanning trees (8 passages each); the tests enumerate them, generate many mazes with fixed
//! seeds, count how often each tree comes out and apply Pearson's chi-square test:
//!
//! - Aldous-Broder and Wilson draw uniform spanning trees: the test against uniform must pass.
//! - The test has power: it rejects backtrack and binary-tree, which are known to be biased.
//! - True Prim (random wall weights) and Kruskal both build the minimum spanning tree of random
//!   weights, so they must draw trees with the same frequencies (a test of homogeneity), and
//!   neither is uniform.
//!
//! The p-value comes from the chi-square distribution's survival function (the regularized upper
//! incomplete gamma function), implemented below in a few lines rather than adding a statistics
//! crate for one function; its values are checked against an independent reference.
//! Everything is seeded, so the statistics are the same on every run.

use mazegen::Maze;
use mazegen::algorithms::{AldousBroder, Backtrack, BinaryTree, Generator, Kruskal, Prim, Wilson};
use mazegen::grid::Grid;
use mazegen::rng::rng_from_seed;
use mazegen::topology::{
    Hex, Levels, Mask, Masked, Polar, Shape, Square, Topology, Triangle, Wrap,
};

/// Mazes generated per algorithm: 100 expected per tree when the draw is uniform.
const SAMPLES: u64 = 192 * 100;

/// Significance level: a uniform generator fails one seeded run in a thousand.
const ALPHA: f64 = 1e-3;

/// Side of the grid in cells.
const SIDE: u32 = 3;

/// Number of inner walls of the 3x3 grid: 6 east walls, 6 south walls.
const WALLS: u32 = 12;

/// The walls of the 3x3 grid as pairs of cell indices, in the bit order of [`tree_of`].
fn walls() -> Vec<(usize, usize)> {
    let cell = |x: u32, y: u32| (y * SIDE + x) as usize;
    let east = (0..SIDE).flat_map(|y| (0..SIDE - 1).map(move |x| (cell(x, y), cell(x + 1, y))));
    let south = (0..SIDE - 1).flat_map(|y| (0..SIDE).map(move |x| (cell(x, y), cell(x, y + 1))));
    east.chain(south).collect()
}

/// Every spanning tree of the 3x3 grid as a bit set of open walls, in increasing order: the
/// sets of 8 walls that close no loop.
fn spanning_trees() -> Vec<u16> {
    let walls = walls();
    let cells = (SIDE * SIDE) as usize;
    (0u16..1 << WALLS)
        .filter(|set| set.count_ones() as usize == cells - 1)
        .filter(|&set| {
            let mut region: Vec<usize> = (0..cells).collect();
            walls.iter().enumerate().all(|(bit, &(a, b))| {
                if set & 1 << bit == 0 {
                    return true;
                }
                let (ra, rb) = (region[a], region[b]);
                region
                    .iter_mut()
                    .filter(|r| **r == rb)
                    .for_each(|r| *r = ra);
                ra != rb
            })
        })
        .collect()
}

/// The open walls of a 3x3 maze as a bit set (the order of [`walls`]).
fn tree_of(grid: &Grid) -> u16 {
    let east = (0..SIDE).flat_map(|y| (0..SIDE - 1).map(move |x| grid.open_east(x, y)));
    let south = (0..SIDE - 1).flat_map(|y| (0..SIDE).map(move |x| grid.open_south(x, y)));
    east.chain(south)
        .enumerate()
        .fold(0, |set, (bit, open)| set | u16::from(open) << bit)
}

/// How often each spanning tree (in the order of `trees`) comes out of `generator` over seeds
/// `0..SAMPLES`.
fn tree_counts(generator: &dyn Generator, trees: &[u16]) -> Vec<u64> {
    let mut counts = vec![0; trees.len()];
    for seed in 0..SAMPLES {
        let maze = Maze::builder()
            .generator(generator.boxed())
            .cells(SIDE, SIDE)
            .seed(seed)
            .build()
            .unwrap();
        let tree = tree_of(maze.grid().unwrap());
        let index = trees
            .binary_search(&tree)
            .expect("a perfect maze is a spanning tree");
        counts[index] += 1;
    }
    counts
}

/// Pearson's statistic of `counts` against equal frequencies, with its degrees of freedom.
fn chi_square_uniform(counts: &[u64]) -> (f64, f64) {
    let expected = counts.iter().sum::<u64>() as f64 / counts.len() as f64;
    let statistic = counts
        .iter()
        .map(|&count| (count as f64 - expected).powi(2) / expected)
        .sum();
    (statistic, (counts.len() - 1) as f64)
}

/// Pearson's statistic that two samples come from one distribution (a 2 x k contingency table,
/// columns empty in both samples left out), with its degrees of freedom.
fn chi_square_homogeneity(a: &[u64], b: &[u64]) -> (f64, f64) {
    let (total_a, total_b) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let total = total_a + total_b;
    let mut statistic = 0.0;
    let mut columns = 0;
    for (&count_a, &count_b) in a.iter().zip(b).filter(|(a, b)| **a + **b > 0) {
        let column = (count_a + count_b) as f64;
        for (count, row) in [(count_a, total_a), (count_b, total_b)] {
            let expected = row * column / total;
            statistic += (count as f64 - expected).powi(2) / expected;
        }
        columns += 1;
    }
    (statistic, f64::from(columns - 1))
}

/// P(X >= `statistic`) for X chi-square distributed with `df` degrees of freedom.
fn p_value(statistic: f64, df: f64) -> f64 {
    upper_regularized_gamma(df / 2.0, statistic / 2.0)
}

/// Q(a, x) = Γ(a, x) / Γ(a): the power series of P(a, x) below x = a + 1, the continued fraction
/// of Q(a, x) above (Numerical Recipes, 3rd ed., 6.2), each to double precision.
fn upper_regularized_gamma(a: f64, x: f64) -> f64 {
    assert!(a > 0.0 && x >= 0.0);
    if x == 0.0 {
        return 1.0;
    }
    let log_prefactor = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        // P(a, x) = x^a e^-x / Γ(a + 1) * sum of x^n / ((a + 1) ... (a + n)).
        let (mut term, mut sum, mut denominator) = (1.0 / a, 1.0 / a, a);
        while term.abs() > sum.abs() * 1e-17 {
            denominator += 1.0;
            term *= x / denominator;
            sum += term;
        }
        1.0 - sum * log_prefactor.exp()
    } else {
        // Modified Lentz evaluation of the continued fraction for Q(a, x).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let (mut c, mut d) = (1.0 / tiny, 1.0 / b);
        let mut fraction = d;
        for i in 1..10_000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let delta = d * c;
            fraction *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        log_prefactor.exp() * fraction
    }
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, nine coefficients: about 15 digits).
fn ln_gamma(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let series = COEFFICIENTS[1..]
        .iter()
        .enumerate()
        .fold(COEFFICIENTS[0], |sum, (i, c)| {
            sum + c / (x + i as f64 + 1.0)
        });
    let t = x + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

/// The chi-square statistic and p-value of `generator`'s tree counts against uniform, printed
/// for the record (`cargo test --test integration uniformity -- --nocapture`).
fn uniformity(name: &str, generator: &dyn Generator) -> (f64, f64) {
    let counts = tree_counts(generator, &spanning_trees());
    let (statistic, df) = chi_square_uniform(&counts);
    let p = p_value(statistic, df);
    println!("{name}: chi-square {statistic:.1}, df {df}, p {p:.3e}");
    (statistic, p)
}

#[test]
fn the_3x3_grid_has_192_spanning_trees() {
    let trees = spanning_trees();
    // Kirchhoff's matrix-tree theorem gives 192 for the 3x3 grid graph.
    assert_eq!(trees.len(), 192);
    assert!(trees.iter().all(|set| set.count_ones() == 8));
}

#[test]
fn p_values_match_reference_values() {
    // Survival function of chi-square with 191 degrees of freedom, from mpmath's
    // gammainc(191/2, x/2, inf, regularized=True) at 30 digits.
    let reference = [
        (150.0, 0.987_298_665_538_510_3),
        (191.0, 0.486_391_451_748_344_5),
        (230.0, 0.028_237_063_604_058_22),
        (250.0, 0.002_656_335_338_592_486),
        (400.0, 6.886_535_157_635_438e-17),
        (1000.0, 9.364_603_763_298_014e-110),
    ];
    for (statistic, expected) in reference {
        let p = p_value(statistic, 191.0);
        assert!(
            ((p - expected) / expected).abs() < 1e-9,
            "chi-square {statistic}: {p} vs {expected}"
        );
    }
    // The critical value at ALPHA is 257.13 (mpmath): just below and above it.
    assert!(p_value(257.0, 191.0) > ALPHA && p_value(257.3, 191.0) < ALPHA);
    assert!((ln_gamma(95.5) - 338.536_804_641_599_6).abs() < 1e-10);
}

#[test]
fn aldous_broder_draws_uniform_spanning_trees() {
    let (statistic, p) = uniformity("aldous-broder", &AldousBroder);
    assert!(p > ALPHA, "chi-square {statistic}, p {p}");
}

#[test]
fn wilson_draws_uniform_spanning_trees() {
    let (statistic, p) = uniformity("wilson", &Wilson);
    assert!(p > ALPHA, "chi-square {statistic}, p {p}");
}

#[test]
fn the_test_rejects_biased_generators() {
    let biased: [(&str, &dyn Generator); 2] = [
        ("backtrack", &Backtrack::default()),
        ("binary-tree", &BinaryTree::default()),
    ];
    for (name, generator) in biased {
        let (statistic, p) = uniformity(name, generator);
        assert!(p < ALPHA, "{name}: chi-square {statistic}, p {p}");
    }
}

#[test]
fn true_prim_and_kruskal_draw_the_same_biased_trees() {
    let trees = spanning_trees();
    let prim = tree_counts(&Prim::default(), &trees);
    let kruskal = tree_counts(&Kruskal, &trees);
    let (statistic, df) = chi_square_homogeneity(&prim, &kruskal);
    let p = p_value(statistic, df);
    println!("prim vs kruskal: chi-square {statistic:.1}, df {df}, p {p:.3e}");
    assert!(p > ALPHA, "chi-square {statistic}, p {p}");
    for (name, generator) in [
        ("prim", &Prim::default() as &dyn Generator),
        ("kruskal", &Kruskal),
    ] {
        let (statistic, p) = uniformity(name, generator);
        assert!(p < ALPHA, "{name}: chi-square {statistic}, p {p}");
    }
}

/// The small shapes whose spanning trees are counted: a hexagon field, a triangle strip, a
/// two-ring polar maze (a wheel of six) and a masked 3x3 rectangle with a hole, each with its
/// number of spanning trees from Kirchhoff's matrix-tree theorem (computed apart, with numpy,
/// from graphs written out by hand).
fn small_shapes() -> Vec<(&'static str, Shape, usize)> {
    let mask = Mask::from_text("...\n.X.\n...\n").unwrap();
    vec![
        ("hex 3x2", Shape::Hex(Hex::new(3, 2).unwrap()), 55),
        (
            "triangle 5x2",
            Shape::Triangle(Triangle::new(5, 2).unwrap()),
            35,
        ),
        ("polar 2 rings", Shape::Polar(Polar::new(2).unwrap()), 320),
        (
            "mask ring of 8",
            Shape::Masked(Masked::new(mask).unwrap()),
            8,
        ),
    ]
}

/// The walls of `shape` between two cells, as (cell, side, neighbour).
fn shape_walls(shape: &Shape) -> Vec<(usize, usize, usize)> {
    mazegen::with_topology!(shape, t => {
        let mut walls = Vec::new();
        t.walls(|id| walls.push(t.wall(id)));
        walls
    })
}

/// The open walls of `shape` as a bit set, in the order of [`shape_walls`].
fn shape_tree(shape: &Shape, walls: &[(usize, usize, usize)]) -> u64 {
    mazegen::with_topology!(shape, t => walls
        .iter()
        .enumerate()
        .fold(0, |set, (bit, &(i, side, _))| set | u64::from(Topology::is_open(t, i, side)) << bit))
}

/// Every spanning tree of a shape with these walls and `cells` cell indices, as bit sets.
fn shape_spanning_trees(walls: &[(usize, usize, usize)], slots: usize, cells: usize) -> Vec<u64> {
    (0u64..1 << walls.len())
        .filter(|set| set.count_ones() as usize == cells - 1)
        .filter(|&set| {
            let mut region: Vec<usize> = (0..slots).collect();
            walls.iter().enumerate().all(|(bit, &(a, _, b))| {
                if set & 1 << bit == 0 {
                    return true;
                }
                let (ra, rb) = (region[a], region[b]);
                region
                    .iter_mut()
                    .filter(|r| **r == rb)
                    .for_each(|r| *r = ra);
                ra != rb
            })
        })
        .collect()
}

/// The chi-square statistic and p-value of `generator`'s trees on `shape` against uniform.
fn shape_uniformity(name: &str, shape: &Shape, trees: usize, generator: &dyn Generator) -> f64 {
    shape_uniformity_of(name, shape, (trees, 100), generator)
}

/// [`shape_uniformity`] with `per_tree` mazes drawn for each of the `trees` spanning trees.
fn shape_uniformity_of(
    name: &str,
    shape: &Shape,
    (trees, per_tree): (usize, u64),
    generator: &dyn Generator,
) -> f64 {
    let walls = shape_walls(shape);
    let slots = mazegen::with_topology!(shape, t => t.slots());
    let all = shape_spanning_trees(&walls, slots, shape.cell_count());
    assert_eq!(all.len(), trees, "{name}: spanning trees");
    let mut counts = vec![0; all.len()];
    for seed in 0..per_tree * trees as u64 {
        let mut maze = shape.clone();
        generator
            .carve_shape(&mut maze, &mut rng_from_seed(seed))
            .unwrap();
        let tree = shape_tree(&maze, &walls);
        counts[all.binary_search(&tree).expect("a spanning tree")] += 1;
    }
    let (statistic, df) = chi_square_uniform(&counts);
    let p = p_value(statistic, df);
    println!(
        "{name}, {}: chi-square {statistic:.1}, df {df}, p {p:.3e}",
        generator.name()
    );
    p
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_every_shape() {
    for (name, shape, trees) in small_shapes() {
        for generator in [&AldousBroder as &dyn Generator, &Wilson] {
            let p = shape_uniformity(name, &shape, trees, generator);
            assert!(p > ALPHA, "{name}, {}: p {p}", generator.name());
        }
    }
}

/// Small mazes in levels, each with its number of spanning trees from Kirchhoff's theorem
/// (computed apart, as for [`wrapped_shapes`]; 2x2x2 is the cube, 384 trees), and the mazes
/// drawn per tree.
fn levelled_shapes() -> Vec<(&'static str, Shape, usize, u64)> {
    let levels = |w, h, n| Shape::Levels(Levels::new(w, h, n).unwrap());
    vec![
        ("2x2 cells in 2 levels", levels(2, 2, 2), 384, 100),
        ("2x1 cells in 3 levels", levels(2, 1, 3), 15, 100),
        ("3x2 cells in 2 levels", levels(3, 2, 2), 31_500, 20),
    ]
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_mazes_in_levels() {
    for (name, shape, trees, per_tree) in levelled_shapes() {
        for generator in [&AldousBroder as &dyn Generator, &Wilson] {
            let p = shape_uniformity_of(name, &shape, (trees, per_tree), generator);
            assert!(p > ALPHA, "{name}, {}: p {p}", generator.name());
        }
    }
    // The test has teeth here too: the backtracker's long corridors are rejected.
    let (name, shape, trees, per_tree) = levelled_shapes().swap_remove(0);
    let p = shape_uniformity_of(name, &shape, (trees, per_tree), &Backtrack::default());
    assert!(p < ALPHA, "{name}, backtrack: p {p}");
}

/// Small wrapped fields, each with its number of spanning trees from Kirchhoff's matrix-tree
/// theorem (computed apart, with exact fractions, from the neighbours as the issue defines
/// them; the rect 3x2 cylinder is the triangular prism, 75 trees, and the 3x3 torus is
/// C3 x C3, 11,664), and the mazes drawn per tree: fewer for the larger ones, at least 20.
fn wrapped_shapes() -> Vec<(&'static str, Shape, usize, u64)> {
    let square = |w, h, wrap| Shape::Square(Square::wrapped(w, h, wrap).unwrap());
    let hex = |w, h, wrap| Shape::Hex(Hex::wrapped(w, h, wrap).unwrap());
    vec![
        ("rect 3x2 wrapped x", square(3, 2, Wrap::X), 75, 100),
        ("rect 2x3 wrapped y", square(2, 3, Wrap::Y), 75, 100),
        ("rect 3x3 wrapped xy", square(3, 3, Wrap::Xy), 11_664, 20),
        ("hex 4x2 wrapped x", hex(4, 2, Wrap::X), 2_940, 20),
        ("hex 2x3 wrapped y", hex(2, 3, Wrap::Y), 384, 100),
    ]
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_wrapped_shapes() {
    for (name, shape, trees, per_tree) in wrapped_shapes() {
        for generator in [&AldousBroder as &dyn Generator, &Wilson] {
            let p = shape_uniformity_of(name, &shape, (trees, per_tree), generator);
            assert!(p > ALPHA, "{name}, {}: p {p}", generator.name());
        }
    }
}

#[test]
fn the_wrapped_test_rejects_a_biased_generator() {
    for (name, shape, trees, per_tree) in wrapped_shapes() {
        let p = shape_uniformity_of(name, &shape, (trees, per_tree), &Backtrack::default());
        assert!(p < ALPHA, "{name}, backtrack: p {p}");
    }
}

#[test]
fn the_shape_test_rejects_a_biased_generator() {
    // The mask's ring of 8 has only 8 trees, which backtrack from a corner draws unevenly too,
    // but with too little power to count on; the larger shapes reject it.
    for (name, shape, trees) in small_shapes().into_iter().take(3) {
        let p = shape_uniformity(name, &shape, trees, &Backtrack::default());
        assert!(p < ALPHA, "{name}, backtrack: p {p}");
    }
}
