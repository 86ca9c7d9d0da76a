//! Measuring mazes: distances, shortest paths, the longest path, shape statistics and the
//! summary of one maze; the rectangle's figures (`Summary`, `Stats`) and those of any shape
//! (`ShapeStats`, `Difficulty`).

mod difficulty;
mod paths;
mod shape_stats;
mod stats;
mod summary;

pub use difficulty::{Difficulty, Figure};
pub(crate) use paths::diameter_from;
pub use paths::{Distances, diameter, shortest_path, unreachable_cell};
pub(crate) use shape_stats::path_back;
pub use shape_stats::{ShapeStats, UNREACHED, distances};
pub use stats::Stats;
pub use summary::{Diameter, Summary};
