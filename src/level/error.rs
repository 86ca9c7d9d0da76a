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

    /// A contents rule that cannot be applied to the level made (a lock or floor it lacks).
    #[error("rule {rule} ({kind}): {reason}")]
    Contents {
        /// The rule's number, from 1.
        rule: u32,
        /// Its kind.
        kind: String,
        /// What is wrong, and what would be accepted.
        reason: String,
    },

    /// A contents rules file that cannot be read.
    #[error("{file}: {at}: {reason}")]
    ContentsFile {
        /// The file, as named.
        file: String,
        /// Where in it: `line N`, or `rule N (kind)`.
        at: String,
        /// What is wrong there, and what would be accepted.
        reason: String,
    },
}
