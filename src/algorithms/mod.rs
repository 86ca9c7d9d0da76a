//! Maze generators, one file per algorithm, all behind the [`Generator`] interface.

mod aldous_broder;
mod backtrack;
mod binary_tree;
mod braid;
mod eller;
mod growing_tree;
mod hunt_and_kill;
mod kruskal;
mod prim;
mod recursive_division;
mod sidewinder;
mod union_find;
mod wall;
mod wilson;

/// The probability type of [`Pick::Mixed`], re-exported from the crate root.
pub use crate::Probability;
pub use aldous_broder::AldousBroder;
pub use backtrack::Backtrack;
pub use binary_tree::{Bias, BinaryTree};
pub use braid::braid;
pub use eller::Eller;
pub use growing_tree::{GrowingTree, Pick};
pub use hunt_and_kill::HuntAndKill;
pub use kruskal::Kruskal;
pub use prim::Prim;
pub use recursive_division::RecursiveDivision;
pub use sidewinder::Sidewinder;
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

/// Every maze algorithm mazegen ships, each with its default options, in the order the command
/// line lists them.
///
/// The one list that "every algorithm" means: the character table (`examples/character.rs`),
/// the benches, and the tests that cover all algorithms iterate it, so a new algorithm joins
/// them all by being added here.
pub fn catalogue() -> Vec<Box<dyn Generator>> {
    vec![
        Box::new(BinaryTree::default()),
        Box::new(Backtrack::default()),
        Box::new(Sidewinder),
        Box::new(Eller),
        Box::new(HuntAndKill),
        Box::new(GrowingTree::default()),
        Box::new(RecursiveDivision),
        Box::new(AldousBroder),
        Box::new(Wilson),
        Box::new(Kruskal),
        Box::new(Prim::default()),
    ]
}

/// A uniformly random cell of `grid` (one draw from `rng`).
fn random_cell(grid: &Grid, rng: &mut MazeRng) -> Pos {
    grid.pos(rng.random_range(0..grid.cell_count() as u32) as usize)
}
