//! Reading a maze: distances, shortest paths, the longest path and summary figures.

mod paths;
mod summary;

pub use paths::{Distances, diameter, shortest_path};
pub use summary::{Diameter, Summary};
