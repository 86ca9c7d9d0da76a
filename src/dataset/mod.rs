//! Datasets: many mazes from one run seed, each reproducible alone.
//!
//! - [`candidate_seed`]: the fixed, documented mixing of a run's seed, a maze's index and an
//!   attempt number into that maze's own seed (below 2^53, like every drawn seed).
//! - [`passage_hash`]: a canonical 128-bit hash of a shape's passages, to tell mazes apart;
//!   [`maze_hash`], that of a maze, the one `unique` runs, suites' disjoint splits and the
//!   Python package's `exclude` tell mazes apart by.
//! - [`spanning_tree_count`] and [`shape_tree_count`]: how many perfect mazes a rectangle or
//!   a small shape has at all (the matrix-tree theorem), to refuse at once a request for more
//!   distinct mazes than exist.
//! - [`DatasetSpec`]: the mazes of a dataset, checked before any is made and made in
//!   parallel by [`DatasetSpec::run`], the same for any number of threads.

mod run;
mod spec;

pub use run::{BATCH_MAZES, BOUND_PATIENCE, Keep, Made, PlainRun, Run, UNIQUE_PATIENCE};
pub use spec::{DatasetError, DatasetSpec, MAX_JOBS, MAX_UNIQUE, bounds_missed, shard, why_most};

use crate::analysis::{Difficulty, Figure};
use crate::rng::{DRAWN_SEED_LIMIT, GOLDEN_GAMMA, mix64};
use crate::topology::Topology;

/// The seed of maze `index` of a run seeded `run_seed`, on its `attempt`-th try (0 unless a
/// filter or `unique` rejected the earlier tries):
///
/// ```text
/// z = mix64(run_seed + (index + 1) * GAMMA)
/// seed = mix64(z + attempt * GAMMA) >> 11
/// ```
///
/// with wrapping arithmetic, `GAMMA = 0x9e3779b97f4a7c15` and [`mix64`] SplitMix64's output
/// function. The shift keeps the seed below 2^53, exact in JSON tools that read doubles.
/// Generating the maze from that seed alone gives the same maze.
///
/// ```
/// use mazegen::dataset::candidate_seed;
///
/// assert_eq!(candidate_seed(7, 0, 0), 4_106_355_846_469_399);
/// assert!(candidate_seed(7, 1, 0) < 1 << 53);
/// assert_ne!(candidate_seed(7, 0, 0), candidate_seed(7, 0, 1));
/// ```
pub const fn candidate_seed(run_seed: u64, index: u64, attempt: u64) -> u64 {
    let z = mix64(run_seed.wrapping_add(index.wrapping_add(1).wrapping_mul(GOLDEN_GAMMA)));
    let seed = mix64(z.wrapping_add(attempt.wrapping_mul(GOLDEN_GAMMA))) >> 11;
    debug_assert!(seed < DRAWN_SEED_LIMIT);
    seed
}

/// A canonical hash of the passages of a maze of shape `topology`: equal for two mazes of one
/// shape with the same passages, whatever their endpoints, solution or seed; two of one shape
/// with different passages collide with probability about 2^-128. (Mazes of different shapes
/// are not told apart: compare those by their shape first.)
pub fn passage_hash<T: Topology>(topology: &T) -> u128 {
    let (width, height) = topology.extent();
    let mut lanes = [
        mix64(u64::from(width) ^ (topology.slots() as u64).rotate_left(32)),
        mix64(u64::from(height) ^ GOLDEN_GAMMA),
    ];
    let mut absorb = |word: u64| {
        lanes[0] = mix64(lanes[0] ^ word).wrapping_add(GOLDEN_GAMMA);
        lanes[1] = mix64(lanes[1].wrapping_add(word).rotate_left(17)) ^ GOLDEN_GAMMA;
    };
    // A bit a wall between two cells (open or not), in wall order, 64 a word.
    let (mut word, mut filled) = (0u64, 0);
    let mut push = |open: bool| {
        word |= u64::from(open) << filled;
        filled += 1;
        if filled == 64 {
            absorb(word);
            (word, filled) = (0, 0);
        }
    };
    if T::WEAVES {
        // Which walls stand between cells on a weave depends on its passages (one under a
        // cell takes the walls it goes through): a bit for every side that may join two cells.
        for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
            let cursor = topology.cursor(i);
            for side in 0..T::SIDES {
                if topology.link(&cursor, side).is_some_and(|j| j > i) {
                    push(topology.is_open(i, side));
                }
            }
        }
    } else {
        topology.walls(|id| {
            let (cell, side, _) = topology.wall(id);
            push(topology.is_open(cell, side));
        });
    }
    absorb(word);
    u128::from(lanes[0]) << 64 | u128::from(lanes[1])
}

/// The hash of the passages of `maze` ([`passage_hash`]): over its rectangle when it has one
/// (a mask's too, so that two mazes of the cells a generator reached differ as their passages
/// do), else over its shape. Equal for two mazes of one shape with the same passages, whatever
/// their endpoints, solution or seed.
///
/// ```
/// use mazegen::{Maze, dataset::maze_hash};
///
/// let a = Maze::builder().cells(5, 5).seed(1).build()?;
/// let mut moved = a.clone();
/// moved.random_ends(1, u32::MAX)?;
/// assert_eq!(maze_hash(&a), maze_hash(&moved));
/// assert_ne!(maze_hash(&a), maze_hash(&Maze::builder().cells(5, 5).seed(2).build()?));
/// # Ok::<(), mazegen::Error>(())
/// ```
pub fn maze_hash(maze: &crate::Maze) -> u128 {
    match maze.grid() {
        Some(grid) => passage_hash(grid),
        None => crate::with_topology!(maze.shape(), t => passage_hash(t)),
    }
}

/// The number of spanning trees of the `width x height` grid graph (the number of distinct
/// perfect mazes of that rectangle), or `None` when it is 2^53 or more.
///
/// By the matrix-tree theorem, with the Laplacian's eigenvalues known in closed form:
/// `(1 / wh) * product over (j, k) != (0, 0) of (4 - 2 cos(j pi / w) - 2 cos(k pi / h))`.
/// Below 2^53 the floating-point product is exact once rounded.
///
/// ```
/// use mazegen::dataset::spanning_tree_count;
///
/// assert_eq!(spanning_tree_count(2, 2), Some(4));
/// assert_eq!(spanning_tree_count(3, 3), Some(192));
/// assert_eq!(spanning_tree_count(1, 40), Some(1));
/// assert_eq!(spanning_tree_count(10, 10), None);
/// ```
pub fn spanning_tree_count(width: u32, height: u32) -> Option<u64> {
    let eigenvalues = |n: u32| -> Vec<f64> {
        (0..n)
            .map(|j| 2.0 - 2.0 * (f64::from(j) * std::f64::consts::PI / f64::from(n)).cos())
            .collect()
    };
    let (rows, columns) = (eigenvalues(width), eigenvalues(height));
    // In logarithms first: the product of a large grid overflows a double.
    let mut log2 = -(f64::from(width) * f64::from(height)).log2();
    for (j, a) in rows.iter().enumerate() {
        for (k, b) in columns.iter().enumerate() {
            if (j, k) != (0, 0) {
                log2 += (a + b).log2();
            }
        }
    }
    if log2 >= 53.0 {
        return None;
    }
    let count = log2.exp2().round();
    (count < DRAWN_SEED_LIMIT as f64).then_some(count as u64)
}

/// Shapes up to this many cells have their spanning trees counted exactly
/// ([`shape_tree_count`]): a determinant of that order takes about a millisecond.
pub const COUNTED_CELLS: usize = 256;

/// The number of spanning trees of the cells of `topology` (the number of distinct perfect
/// mazes of that shape), or `None` when it has more than [`COUNTED_CELLS`] cells, the count
/// is 2^53 or more (as [`spanning_tree_count`] says of rectangles), or on a weave.
///
/// By the matrix-tree theorem: the determinant of the Laplacian with one cell left out,
/// computed exactly by fraction-free (Bareiss) elimination in checked 128-bit integers. Its
/// steps pass through minors of the matrix; should one overflow, the count is `None` too
/// (unknown, as for larger shapes).
///
/// ```
/// use mazegen::dataset::shape_tree_count;
/// use mazegen::topology::Hex;
///
/// assert_eq!(shape_tree_count(&Hex::new(3, 2)?), Some(55));
/// # Ok::<(), mazegen::Error>(())
/// ```
pub fn shape_tree_count<T: Topology>(topology: &T) -> Option<u64> {
    let cells = topology.cell_count();
    // A weave's passages under cells come and go with its passages: its mazes are no spanning
    // trees of one graph, and are not counted.
    if cells > COUNTED_CELLS || T::WEAVES {
        return None;
    }
    // Cells numbered from 0 without the holes of a mask; the last one is left out.
    let mut id = vec![usize::MAX; topology.slots()];
    for (n, i) in (0..topology.slots())
        .filter(|&i| topology.is_cell(i))
        .enumerate()
    {
        id[i] = n;
    }
    let n = cells - 1;
    let mut m = vec![vec![0i128; n]; n];
    topology.walls(|wall| {
        let (a, _, b) = topology.wall(wall);
        let (a, b) = (id[a], id[b]);
        for (p, q) in [(a, b), (b, a)] {
            if p < n {
                m[p][p] += 1;
                if q < n {
                    m[p][q] -= 1;
                }
            }
        }
    });
    let mut negative = false;
    let mut previous = 1i128;
    for k in 0..n {
        if m[k][k] == 0 {
            let Some(row) = (k + 1..n).find(|&i| m[i][k] != 0) else {
                return Some(0);
            };
            m.swap(k, row);
            negative = !negative;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let cross = m[i][j]
                    .checked_mul(m[k][k])?
                    .checked_sub(m[i][k].checked_mul(m[k][j])?)?;
                m[i][j] = cross / previous;
            }
        }
        previous = m[k][k];
    }
    let det = if n == 0 { 1 } else { m[n - 1][n - 1] };
    u64::try_from(if negative { -det } else { det })
        .ok()
        .filter(|&count| count < DRAWN_SEED_LIMIT)
}

/// Bounds on one difficulty figure: a maze is kept when the figure lies within them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    /// The figure bounded.
    pub figure: Figure,
    /// Its least value kept.
    pub min: Option<f64>,
    /// Its greatest value kept.
    pub max: Option<f64>,
}

impl Bound {
    /// How far the figure of `difficulty` lies outside the bounds: 0 within them.
    pub fn miss(&self, difficulty: &Difficulty) -> f64 {
        let value = difficulty.get(self.figure);
        let below = self.min.map_or(0.0, |min| min - value);
        let above = self.max.map_or(0.0, |max| value - max);
        below.max(above).max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;
    use crate::algorithms::{Backtrack, BinaryTree};

    #[test]
    fn seeds_are_spread_and_below_2_to_the_53() {
        let mut seen = std::collections::HashSet::new();
        for index in 0..1000 {
            for attempt in 0..3 {
                let seed = candidate_seed(42, index, attempt);
                assert!(seed < DRAWN_SEED_LIMIT);
                assert!(seen.insert(seed), "{index} {attempt}");
            }
        }
        assert_ne!(candidate_seed(0, 0, 0), candidate_seed(1, 0, 0));
        assert_eq!(candidate_seed(u64::MAX, u64::MAX, u64::MAX) >> 53, 0);
    }

    #[test]
    fn the_hash_sees_passages_only() {
        let a = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(6, 5)
            .seed(1)
            .build()
            .unwrap();
        let mut moved = a.clone();
        moved
            .set_endpoints(crate::grid::Pos::new(1, 1), crate::grid::Pos::new(2, 2))
            .unwrap();
        assert_eq!(
            passage_hash(a.grid().unwrap()),
            passage_hash(moved.grid().unwrap())
        );
        let b = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(6, 5)
            .seed(2)
            .build()
            .unwrap();
        assert_ne!(a.grid().unwrap(), b.grid().unwrap());
        assert_ne!(
            passage_hash(a.grid().unwrap()),
            passage_hash(b.grid().unwrap())
        );
        // Same bits, another shape.
        let wide = Maze::builder()
            .algorithm(BinaryTree::default())
            .cells(4, 1)
            .seed(1)
            .build()
            .unwrap();
        let tall = Maze::builder()
            .algorithm(BinaryTree::default())
            .cells(1, 4)
            .seed(1)
            .build()
            .unwrap();
        assert_ne!(
            passage_hash(wide.grid().unwrap()),
            passage_hash(tall.grid().unwrap())
        );
    }

    #[test]
    fn every_binary_tree_maze_of_3x3_cells_hashes_apart() {
        // Binary tree makes 2^4 = 16 mazes of 3x3 cells: 16 hashes, no more, no fewer.
        let hashes: std::collections::HashSet<u128> = (0..2000)
            .map(|seed| {
                let maze = Maze::builder()
                    .algorithm(BinaryTree::default())
                    .cells(3, 3)
                    .seed(seed)
                    .build()
                    .unwrap();
                passage_hash(maze.grid().unwrap())
            })
            .collect();
        assert_eq!(hashes.len(), 16);
    }

    #[test]
    fn spanning_trees_match_known_counts() {
        // OEIS A007341 (n x n) and A001353 (2 x n).
        for (w, h, count) in [
            (1, 1, 1),
            (2, 2, 4),
            (3, 3, 192),
            (4, 4, 100_352),
            (5, 5, 557_568_000),
            (6, 6, 32_565_539_635_200),
            (2, 3, 15),
            (3, 2, 15),
            (2, 4, 56),
            (2, 5, 209),
        ] {
            assert_eq!(spanning_tree_count(w, h), Some(count), "{w}x{h}");
        }
        assert_eq!(spanning_tree_count(7, 7), None, "5.8e20 trees");
        assert_eq!(spanning_tree_count(1000, 1000), None);
    }
}
