//! mazegen: mazes and room graphs for games, puzzles, scripts and research, every one
//! reproducible from its seed.
//!
//! # A tour
//!
//! A maze, described then made ([`Maze::builder`]), shown as text and saved as a picture:
//!
//! ```
//! use mazegen::Maze;
//!
//! let maze = Maze::builder().cells(8, 4).openings().solve().seed(7).build()?;
//! print!("{maze}"); // 17x9 tiles: `#` walls, the solution drawn in
//! assert_eq!(maze.to_string().lines().count(), 9);
//! # let dir = std::env::temp_dir().join(format!("mazegen-tour-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir)?;
//! # let path = dir.join("maze.png");
//! maze.save(&path)?; // the format from the name: txt, json, svg, png, html, pdf
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A round maze by Wilson's algorithm, braided (loops where half of the dead ends were), its
//! start and goal as far apart as they go, solved; then walked as a graph:
//!
//! ```
//! use mazegen::{Maze, Shape, algorithms::Wilson, topology::Polar};
//!
//! let maze = Maze::builder()
//!     .algorithm(Wilson)
//!     .shape(Shape::Polar(Polar::new(6)?))
//!     .braid(0.5)
//!     .farthest()
//!     .solve()
//!     .seed(42)
//!     .build()?;
//! let path = maze.solution_positions().unwrap(); // (x, y): index in the ring, ring
//! assert_eq!(path.first(), Some(&maze.start_pos()));
//! assert!(maze.passages().count() as u64 >= maze.cell_count()); // loops: no longer a tree
//! # Ok::<(), mazegen::Error>(())
//! ```
//!
//! A dataset: many mazes of one description, maze `i` from its own seed, the same on any
//! number of threads ([`DatasetSpec`]):
//!
//! ```
//! use mazegen::{DatasetSpec, Maze};
//!
//! let spec = Maze::builder().cells(10, 10).solve().spec()?;
//! let lengths: Vec<usize> = DatasetSpec::new(spec, 1, 1000)
//!     .run(|maze| Ok::<_, mazegen::Error>(maze.solution().unwrap().len()))
//!     .map(|made| made.map(|made| made.value))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(lengths.len(), 1000);
//! # Ok::<(), mazegen::Error>(())
//! ```
//!
//! A dungeon: a connected graph of rooms laid out on a tile map, with locks and their keys
//! ([`RoomMap`]), drawn by any renderer that takes a level:
//!
//! ```
//! use mazegen::{Render, RoomMap, render::Text, rooms::RoomOptions};
//!
//! let options = RoomOptions { count: 8, locks: 2, ..RoomOptions::default() };
//! let map = RoomMap::generate(&options, 3)?;
//! assert_eq!(map.locks.len(), 2);
//! let mut text = Vec::new();
//! Text::default().render(&map, &mut text)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A window of a giant maze, 2^62 cells a side: made alone, the same whenever it is made
//! ([`Giant`]):
//!
//! ```
//! use mazegen::{Giant, algorithms::BinaryTree, giant::Window};
//!
//! let giant = Giant::new(1 << 62, 1 << 62, None)?;
//! let far = Window { x: 1 << 61, y: 1 << 61, width: 16, height: 8 };
//! let window = giant.window(&BinaryTree::default(), 7, far)?;
//! assert_eq!(window, giant.window(&BinaryTree::default(), 7, far)?);
//! # Ok::<(), mazegen::Error>(())
//! ```
//!
//! # What is stable
//!
//! The names at the crate root and in [`prelude`] are the front door, and change only in a
//! release that says so: [`Maze`] and its [`MazeBuilder`], [`MazeSpec`], [`Shape`] (and the
//! shapes in [`topology`]), the generators of [`algorithms`] and their [`catalogue`],
//! [`Render`] and the formats of [`render`], [`DatasetSpec`], [`RoomMap`], [`CaveMap`],
//! [`Giant`], and the errors. The modules for advanced work may change in a minor release:
//! [`grid`] (the rectangle's bytes and tile geometry), [`topology`]'s [`Topology`](topology::Topology)
//! trait, [`events`], [`rng`], [`solve`], [`analysis`], [`document`] and [`read`].
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
//! same description and the same seed give the same maze and byte-identical output, on every
//! platform. A change that moves any seeded output is a breaking change and is called out in
//! the changelog.
//!
//! # Layers
//!
//! Each module imports only the ones below it (ARCHITECTURE.md has the table, which a test
//! holds the code to). From the ground up: [`rng`]; [`grid`] (positions, the rectangle, the
//! maze floors' error [`MazeError`]) and [`level`] (what room maps and caves share);
//! `probability` and [`events`]; [`topology`] (shapes, distances, paths, the perfect-maze
//! check); [`algorithms`] and [`solve`]; [`maze`]; [`analysis`] and [`giant`]; [`dataset`],
//! [`rooms`] and [`caves`]; [`document`] and [`env`](mod@env) (environments for agents);
//! [`error`] (the crate's [`Error`], wrapping each floor's); [`render`]; [`read`]. Generators
//! know nothing of output, renderers nothing of algorithms.

#![deny(missing_docs)]

pub mod algorithms;
pub mod analysis;
pub mod caves;
pub mod dataset;
pub mod document;
pub mod env;
pub mod error;
pub mod events;
pub mod giant;
pub mod grid;
pub mod level;
pub mod maze;
mod probability;
pub mod read;
pub mod render;
pub mod rng;
pub mod rooms;
pub mod score;
pub mod solve;
pub mod suite;
pub mod topology;

pub use algorithms::catalogue;
pub use caves::CaveMap;
pub use dataset::DatasetSpec;
pub use error::{Error, Result};
pub use giant::Giant;
pub use grid::{MazeError, Pos};
pub use maze::{Maze, MazeBuilder, MazeSpec};
pub use probability::Probability;
pub use render::Render;
pub use rooms::RoomMap;
pub use topology::Shape;

/// The names most programs need, for a glob import: `use mazegen::prelude::*;`.
pub mod prelude {
    pub use crate::algorithms::{
        AldousBroder, Backtrack, BinaryTree, Eller, Generator, GrowingTree, HuntAndKill, Kruskal,
        Prim, RecursiveDivision, Sidewinder, Wilson, catalogue,
    };
    pub use crate::{
        CaveMap, DatasetSpec, Error, Giant, Maze, MazeSpec, Pos, Probability, Render, Result,
        RoomMap, Shape,
    };
}

/// The program and version that wrote a document: the `generator` field of every JSON output.
pub const GENERATOR: &str = concat!("mazegen ", env!("CARGO_PKG_VERSION"));

/// The Rust examples of README.md and of the library guide, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
#[doc = include_str!("../docs/library.md")]
pub struct DocsExamples;
