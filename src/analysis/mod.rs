//! Measuring mazes: statistics of their shape (solving and distances to come).

mod stats;

pub use stats::Stats;
