//! The crate's error: each floor's own error, wrapped.
//!
//! The floors below name only their own refusals: [`MazeError`] for the grid, the shapes, the
//! generators, the maze, its solvers and giant mazes; [`LevelError`] for what room maps and
//! caves share (a dungeon's floors); [`DatasetError`], [`RoomsError`], [`CavesError`] and
//! [`EnvError`] for the floors above them. [`Error`](enum@Error) holds any of them, so that a
//! program can `?` them all into one type; a maze refused deep inside a dataset, a room map, a
//! cave or an environment is still an [`Error::Maze`].

use crate::caves::CavesError;
use crate::dataset::DatasetError;
use crate::env::EnvError;
use crate::grid::MazeError;
use crate::level::LevelError;
use crate::rooms::RoomsError;
use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// Everything that can go wrong in the library: its refusals, and reading or writing.
///
/// Every variant but [`Error::Io`] and [`DatasetError::NoThreads`] describes bad input (a
/// request the library refuses, or memory no run could get); the binary maps them to exit
/// code 2.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// A maze that cannot be made, read, solved or cut as asked.
    #[error(transparent)]
    Maze(MazeError),
    /// A dataset that cannot be made as asked.
    #[error(transparent)]
    Dataset(Box<DatasetError>),
    /// A room map that cannot be made as asked.
    #[error(transparent)]
    Rooms(RoomsError),
    /// A cave that cannot be made as asked.
    #[error(transparent)]
    Caves(CavesError),
    /// Environments for agents that cannot be made or stepped as asked.
    #[error(transparent)]
    Env(EnvError),
    /// A dungeon that cannot be made as asked.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A file name whose ending names no format ([`Maze::save`](crate::Maze::save)).
    #[error(
        "cannot tell the format of {}: expected a name ending in .{}",
        path.display(),
        expected.join(", .")
    )]
    UnknownFormat {
        /// The file name given.
        path: PathBuf,
        /// The endings known.
        expected: &'static [&'static str],
    },
    /// Reading or writing failed.
    #[error(transparent)]
    Io(io::Error),
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<MazeError> for Error {
    fn from(error: MazeError) -> Self {
        Self::Maze(error)
    }
}

/// An I/O error, or the library's refusal a writer carried out inside one (renderers write
/// through [`io::Write`], so what they refuse reaches their caller as an [`io::Error`]).
impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        if !error.get_ref().is_some_and(|inner| inner.is::<MazeError>()) {
            return Self::Io(error);
        }
        let inner = error.into_inner().expect("checked: an error inside");
        Self::Maze(
            *inner
                .downcast::<MazeError>()
                .expect("checked: a maze error"),
        )
    }
}

impl From<DatasetError> for Error {
    fn from(error: DatasetError) -> Self {
        match error {
            DatasetError::Maze(error) => Self::Maze(error),
            error => Self::Dataset(Box::new(error)),
        }
    }
}

impl From<RoomsError> for Error {
    fn from(error: RoomsError) -> Self {
        match error {
            RoomsError::Maze(error) => Self::Maze(error),
            RoomsError::Level(error) => Self::Level(error),
            error => Self::Rooms(error),
        }
    }
}

impl From<EnvError> for Error {
    fn from(error: EnvError) -> Self {
        match error {
            EnvError::Maze(error) => Self::Maze(error),
            error => Self::Env(error),
        }
    }
}

impl From<CavesError> for Error {
    fn from(error: CavesError) -> Self {
        match error {
            CavesError::Maze(error) => Self::Maze(error),
            CavesError::Level(error) => Self::Level(error),
            error => Self::Caves(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_environment_s_refusals_reach_the_crate_s_error_a_maze_s_as_a_maze_s() {
        let maze = Error::from(EnvError::Maze(MazeError::EmptyShape));
        assert!(matches!(maze, Error::Maze(MazeError::EmptyShape)));
        let env = Error::from(EnvError::TooLarge);
        assert!(matches!(env, Error::Env(EnvError::TooLarge)));
        assert_eq!(env.to_string(), EnvError::TooLarge.to_string());
    }
}
