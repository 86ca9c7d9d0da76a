//! Measuring mazes: distances, shortest paths, the longest path, shape statistics and the
//! summary of one maze: the figures of any shape (`Counts`, `ShapeStats`, `Difficulty`), and
//! the rectangle's own on top of them (`Summary`, `Stats`).

mod difficulty;
mod paths;
mod perfect;
mod shape_stats;
mod stats;
mod summary;

pub use difficulty::{Difficulty, Figure};
pub(crate) use paths::diameter_from;
pub use paths::{Distances, diameter, shortest_path, unreachable_cell};
pub use perfect::{Defect, check_perfect};
pub(crate) use shape_stats::path_back;
pub use shape_stats::{Counts, ShapeStats, UNREACHED, distances};
pub use stats::Stats;
pub use summary::{Diameter, Figures, Summary};
