//! Reading a maze: distances, shortest paths and the longest path.

mod paths;

pub use paths::{Distances, diameter, shortest_path};
