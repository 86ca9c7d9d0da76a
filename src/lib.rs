//! mazegen: perfect mazes for games, puzzles and scripts.
//!
//! ```
//! use mazegen::{Maze, algorithms::Backtrack, render::{Render, Text}};
//!
//! let maze = Maze::generate(&Backtrack::default(), 10, 10, 7).unwrap();
//! assert_eq!(mazegen::analysis::check_perfect(maze.grid().unwrap()), Ok(()));
//! let mut out = Vec::new();
//! Text::default().render(&maze, &mut out).unwrap();
//! assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 21);
//! ```
//!
//! # Features
//!
//! The default `cli` feature builds the `mazegen` binary and the crates only it needs (clap
//! and its completion and man page generators, anyhow, crossterm, signal-hook). A library user
//! turns it off:
//! `mazegen = { version = "0.1", default-features = false }`.
//!
//! # Reproducibility contract
//!
//! Every random choice comes from one [`rng::MazeRng`] (ChaCha8, portable) created from a `u64`
//! seed and drawn through the crate's own samplers in [`rng`], never through rand's
//! distributions, whose values may change in a minor release. The same crate version, the
//! same generator options and size and the same seed give the same maze and byte-identical
//! output, on every platform. A change that moves any seeded output is a breaking change and
//! is called out in the changelog.
//!
//! # Layout
//!
//! Data flows one way: a [`algorithms::Generator`] carves a [`topology::Shape`] (the rectangle's
//! [`grid::Grid`], a mask, hexagons, triangles or rings), one [`Maze`] type records it with
//! what produced it and what was done to it (braid, endpoints, solution), and a
//! [`render::Render`] writes it. Generators know nothing of output and
//! renderers nothing of algorithms. The JSON documents a maze or a room map is written as are
//! serde types in [`document`], which [`read`] reads back. [`rooms`] makes room graphs the same way: a
//! [`rooms::RoomMap`] from [`rooms::RoomOptions`] and a seed, written by the same renderers.
//! [`dataset`] makes many mazes reproducible one by one: maze `i` of a run has its own seed,
//! [`dataset::candidate_seed`].

pub mod algorithms;
pub mod analysis;
pub mod caves;
pub mod dataset;
pub mod document;
pub mod error;
pub mod events;
pub mod grid;
pub mod level;
pub mod maze;
mod probability;
pub mod read;
pub mod render;
pub mod rng;
pub mod rooms;
pub mod solve;
pub mod stream;
pub mod topology;
pub mod window;

pub use error::{Error, Result};
pub use maze::{Heat, Maze, MazeTiles};
pub use probability::Probability;

/// The program and version that wrote a document: the `generator` field of every JSON output.
pub const GENERATOR: &str = concat!("mazegen ", env!("CARGO_PKG_VERSION"));
