//! Measuring mazes: distances, shortest paths, the longest path, shape statistics and the
//! summary of one maze.

mod paths;
mod stats;
mod summary;

pub use paths::{Distances, diameter, shortest_path, unreachable_cell};
pub use stats::Stats;
pub use summary::{Diameter, Summary};
