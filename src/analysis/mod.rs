//! Measuring mazes: distances, shortest paths, the longest path, shape statistics and the
//! summary `--stats` reports.

mod paths;
mod stats;
mod summary;

pub use paths::{Distances, diameter, shortest_path, unreachable_cell};
pub use stats::Stats;
pub use summary::{Diameter, Summary};
