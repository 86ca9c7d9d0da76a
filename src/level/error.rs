//! What the level floor refuses.

use thiserror::Error;

/// A level request that mazegen refuses.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LevelError {
    /// A number of floors outside 1 to [`super::MAX_FLOORS`].
    #[error("{floors} floors: a dungeon has 1 to {most} floors")]
    Floors {
        /// The floors asked for.
        floors: u32,
        /// The most floors.
        most: u32,
    },
}
