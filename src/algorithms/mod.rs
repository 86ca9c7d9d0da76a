//! Maze generators, one file per algorithm, all behind the [`Generator`] interface.

mod backtrack;
mod binary_tree;
mod braid;

pub use backtrack::Backtrack;
pub use binary_tree::BinaryTree;
pub use braid::braid;

use crate::error::Result;
use crate::grid::Grid;
use crate::rng::MazeRng;

/// A maze algorithm: carves passages into a grid whose walls all stand.
pub trait Generator {
    /// The algorithm's name as the CLI subcommand and the JSON `algorithm` field spell it.
    fn name(&self) -> &'static str;

    /// The effective options of the algorithm, recorded as `params` in JSON output.
    fn params(&self) -> serde_json::Value {
        serde_json::json!({})
    }

    /// Carves a perfect maze into `grid` (which has every wall standing), drawing every random
    /// choice from `rng` so that the same seed gives the same maze.
    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()>;
}
