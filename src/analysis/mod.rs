//! Measuring mazes: distances, shortest paths, the longest path, shape statistics and the
//! summary `--stats` reports.

mod paths;
mod stats;
mod summary;

pub use paths::{Distances, diameter, shortest_path};
pub use stats::Stats;
pub use summary::{Diameter, Summary};
