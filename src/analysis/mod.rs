//! Measuring mazes: the figures of any shape (`Counts`, `ShapeStats`, `Difficulty`,
//! `AllShortest`), and the
//! rectangle's own on top of them (`Summary`, `Stats`). Distances, paths and the perfect-maze
//! check they stand on live with the shapes, in [`crate::topology`].

mod difficulty;
mod shape_stats;
mod shortest;
mod stats;
mod summary;

pub use difficulty::{Difficulty, Figure};
pub use shape_stats::{Counts, ShapeStats};
pub use shortest::{AllShortest, DEFAULT_CAP, ListedPaths};
pub use stats::Stats;
pub use summary::{Diameter, Figures, Summary};
