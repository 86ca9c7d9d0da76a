//! Measuring mazes: distances, shortest paths, the longest path, shape statistics and the
//! summary of one maze.

mod difficulty;
mod paths;
mod stats;
mod summary;

pub use difficulty::{Difficulty, Figure};
pub(crate) use paths::diameter_from;
pub use paths::{Distances, diameter, shortest_path, unreachable_cell};
pub use stats::Stats;
pub use summary::{Diameter, Summary};
