//! Maze generators, one file per algorithm, all behind the [`Generator`] interface.

mod aldous_broder;
mod backtrack;
mod binary_tree;
mod braid;
mod kruskal;
mod prim;
mod union_find;
mod wall;
mod wilson;

pub use aldous_broder::AldousBroder;
pub use backtrack::Backtrack;
pub use binary_tree::BinaryTree;
pub use braid::braid;
pub use kruskal::Kruskal;
pub use prim::Prim;
pub use wilson::Wilson;

use crate::error::Result;
use crate::events::{Observer, Silent};
use crate::grid::{Grid, Pos};
use crate::rng::MazeRng;
use rand::RngExt;

/// A maze algorithm as it is written: once, generic over who watches it carve.
///
/// Every type implementing it is a [`Generator`]. Unobserved generation runs it with
/// [`Silent`], whose reports compile to nothing.
pub trait Algorithm {
    /// The algorithm's name as the CLI subcommand and the JSON `algorithm` field spell it.
    const NAME: &'static str;

    /// The effective options of the algorithm, recorded as `params` in JSON output.
    fn params(&self) -> serde_json::Value {
        serde_json::json!({})
    }

    /// Carves a perfect maze into `grid` (which has every wall standing), drawing every random
    /// choice from `rng` so that the same seed gives the same maze, and reporting each step to
    /// `observer` (see [`crate::events`]).
    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()>;
}

/// A maze generator, usable behind `&dyn Generator`.
pub trait Generator {
    /// The algorithm's name as the CLI subcommand and the JSON `algorithm` field spell it.
    fn name(&self) -> &'static str;

    /// The effective options of the algorithm, recorded as `params` in JSON output.
    fn params(&self) -> serde_json::Value;

    /// Carves a perfect maze into `grid` (which has every wall standing), drawing every random
    /// choice from `rng` so that the same seed gives the same maze.
    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()>;

    /// Carves exactly the maze [`Generator::carve`] carves, reporting every step to `observer`.
    fn carve_observed(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut dyn Observer,
    ) -> Result<()>;
}

impl<A: Algorithm> Generator for A {
    fn name(&self) -> &'static str {
        A::NAME
    }

    fn params(&self) -> serde_json::Value {
        Algorithm::params(self)
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        self.run(grid, rng, &mut Silent)
    }

    fn carve_observed(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut dyn Observer,
    ) -> Result<()> {
        self.run(grid, rng, observer)
    }
}

/// A uniformly random cell of `grid` (one draw from `rng`).
fn random_cell(grid: &Grid, rng: &mut MazeRng) -> Pos {
    grid.pos(rng.random_range(0..grid.cell_count() as u32) as usize)
}
