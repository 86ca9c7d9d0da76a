//! Percolation: every wall between two cells opened on a coin, as maze-dataset's
//! `gen_percolation` and `gen_dfs_percolation` make their mazes.

use super::{Algorithm, Amount, Backtrack, GraphAlgorithm, carve_side, carves_every_shape};
use crate::Probability;
use crate::events::Observer;
use crate::grid::{Pos, Result};
use crate::rng::{MazeRng, bernoulli};
use crate::topology::{EventOf, Topology};
use serde::Serialize;

/// Percolation, maze-dataset's `gen_percolation` (and, with `dfs`, its `gen_dfs_percolation`).
///
/// 1. With `dfs`, carve a depth-first maze from `start` ([`Backtrack`], with maze-dataset's
///    `accessible` and `max_depth` limits if given).
/// 2. Open every standing wall between two cells with probability `p`, walls in index order.
/// 3. The maze is the cells reached from `start`; the others are left out, as a mask leaves
///    cells out ([`crate::algorithms::Generator::reached_from`]).
///
/// Not a perfect maze: the loops are the point (with `dfs`, every cell the search reached
/// stays, and `p` adds loops to its tree). Rectangles and masks only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Percolation {
    /// The probability that each wall is opened (maze-dataset's default is 0.4).
    pub p: Probability,
    /// The cell the maze is grown from (the top-left cell by default).
    pub start: Pos,
    /// Whether a depth-first maze is carved first.
    pub dfs: bool,
    /// With `dfs`, the search's `accessible` limit ([`Backtrack::accessible`]).
    pub accessible: Option<Amount>,
    /// With `dfs`, the search's `max_depth` limit ([`Backtrack::max_depth`]).
    pub max_depth: Option<Amount>,
}

impl Default for Percolation {
    fn default() -> Self {
        Self {
            p: Probability::new(0.4).expect("0.4 is a probability"),
            start: Pos::default(),
            dfs: false,
            accessible: None,
            max_depth: None,
        }
    }
}

/// The `params` of [`Percolation`]: the search's limits only with `dfs`.
#[derive(Serialize)]
pub struct PercolationParams {
    p: f64,
    start: Pos,
    dfs: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    accessible: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_depth: Option<Amount>,
}

impl Percolation {
    /// The depth-first search of step 1, when there is one.
    fn search(&self) -> Option<Backtrack> {
        self.dfs.then(|| Backtrack {
            start: self.start,
            accessible: self.accessible,
            max_depth: self.max_depth,
            ..Backtrack::default()
        })
    }
}

impl Algorithm for Percolation {
    const NAME: &'static str = "percolation";
    carves_every_shape!();

    type Params = PercolationParams;

    fn params(&self) -> PercolationParams {
        PercolationParams {
            p: self.p.get(),
            start: self.start,
            dfs: self.dfs,
            accessible: self.accessible.filter(|_| self.dfs),
            max_depth: self.max_depth.filter(|_| self.dfs),
        }
    }

    fn check_cells(&self, cells: u64) -> Result<()> {
        self.search()
            .map_or(Ok(()), |search| Algorithm::check_cells(&search, cells))
    }

    fn reached_from(&self) -> Option<Pos> {
        Some(self.start)
    }

    fn grows_from(&self) -> Option<Pos> {
        Some(self.start)
    }
}

impl GraphAlgorithm for Percolation {
    fn scratch(&self, slots: u64, walls: u64) -> u64 {
        self.search()
            .map_or(0, |search| GraphAlgorithm::scratch(&search, slots, walls))
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        // 1.
        if let Some(search) = self.search() {
            search.carve_on(topology, rng, observer)?;
        }
        // 2.
        for i in 0..topology.slots() {
            if !topology.is_cell(i) {
                continue;
            }
            for k in 0..T::OWNED {
                if let Some((side, _)) = topology.owned_side(i, k)
                    && !topology.is_open(i, side)
                    && bernoulli(rng, self.p.get())
                {
                    carve_side(topology, &topology.cursor(i), side, observer);
                }
            }
        }
        // 3. is the maze's (`reached_from`).
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;
    use crate::algorithms::Generator;
    use crate::grid::Grid;
    use crate::rng::rng_from_seed;
    use crate::topology::rect_walls;

    fn percolation(p: f64, dfs: bool) -> Percolation {
        Percolation {
            p: Probability::new(p).unwrap(),
            dfs,
            ..Percolation::default()
        }
    }

    /// The share of a 30x30 grid's walls that `percolation` opens over 20 seeds, before the
    /// maze is cut to the cells reached.
    fn open_share(percolation: &Percolation) -> f64 {
        let mut open = 0;
        for seed in 0..20 {
            let mut grid = Grid::new(30, 30).unwrap();
            Generator::carve(percolation, &mut grid, &mut rng_from_seed(seed)).unwrap();
            open += grid.passage_count();
        }
        open as f64 / (20 * rect_walls(30, 30)) as f64
    }

    #[test]
    fn each_wall_opens_with_probability_p() {
        // 34,800 walls: a standard deviation of at most 0.0027; 0.012 is over 4 of them.
        for p in [0.1, 0.4, 0.7] {
            let share = open_share(&percolation(p, false));
            assert!((share - p).abs() < 0.012, "p {p}: {share}");
            // After a depth-first tree (899 passages of 1,740 walls), p of the others.
            let tree = 899.0 / 1740.0;
            let share = open_share(&percolation(p, true));
            assert!(
                (share - (tree + p * (1.0 - tree))).abs() < 0.012,
                "dfs p {p}: {share}"
            );
        }
    }

    #[test]
    fn the_maze_is_the_cells_reached_from_the_start() {
        for seed in 0..40 {
            let start = Pos::new(seed as u32 % 9, seed as u32 % 6);
            let percolation = Percolation {
                start,
                ..percolation(0.3 + 0.01 * seed as f64, seed % 2 == 0)
            };
            let maze = Maze::builder()
                .generator(percolation.boxed())
                .cells(9, 6)
                .seed(seed)
                .build()
                .unwrap();
            let (grid, mask) = (maze.grid().unwrap(), maze.mask().unwrap());
            assert!(mask.is_on(start), "seed {seed}");
            for i in 0..grid.cell_count() {
                let pos = grid.pos(i);
                assert!(
                    mask.is_on(pos) || grid.degree(pos) == 0,
                    "seed {seed}: {pos:?}"
                );
            }
        }
        let whole = Maze::builder()
            .generator((percolation(1.0, false)).boxed())
            .cells(7, 5)
            .seed(1)
            .build()
            .unwrap();
        assert_eq!(
            (whole.cell_count(), whole.passage_count()),
            (35, rect_walls(7, 5))
        );
        let alone = Maze::builder()
            .generator((percolation(0.0, false)).boxed())
            .cells(7, 5)
            .seed(1)
            .build()
            .unwrap();
        assert_eq!((alone.cell_count(), alone.passage_count()), (1, 0));
    }
}
