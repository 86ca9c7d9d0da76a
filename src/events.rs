//! What generators report while they carve: events an observer can animate, record or write
//! out, and replay them into the maze they build.
//!
//! Generators are generic over their [`Observer`]; with [`Silent`] every report compiles to
//! nothing, so mazes generated without an observer cost exactly what they did before.

use crate::error::Result;
use crate::grid::{Dir, Grid, Pos};
use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// The `schema` field of the header line of an events stream.
pub const EVENTS_SCHEMA: &str = "mazegen.events/v1";

/// One step of a generator, naming cells as `C` and their sides as `S`: positions and
/// directions on the rectangle (the events stream's), or a shape's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event<C = Pos, S = Dir> {
    /// A cell joins the current path or the frontier.
    Enter {
        /// The cell.
        cell: C,
    },
    /// A cell leaves the current path or the frontier (backtracked over, or finished).
    Leave {
        /// The cell.
        cell: C,
    },
    /// The passage from a cell towards a direction opens.
    Carve {
        /// The cell.
        cell: C,
        /// Where the passage leads.
        dir: S,
    },
    /// The passage from a cell towards a direction closes (generators that add walls).
    Wall {
        /// The cell.
        cell: C,
        /// Where the wall stands.
        dir: S,
    },
    /// Every inner passage opens at once: generators that add walls start from an open field.
    OpenField,
    /// A cell joins a region (generators growing several regions at once).
    Claim {
        /// The cell.
        cell: C,
        /// The region, numbered from 0.
        region: u32,
    },
}

/// Receives a generator's events (of type `E`: [`Event`] on the rectangle).
pub trait Observer<E = Event> {
    /// Called for every event, in order.
    fn observe(&mut self, event: E);

    /// Whether anyone listens: generators may take a faster path that reports nothing (and
    /// carves the same maze) when not. Only [`Silent`] says no.
    fn listening(&self) -> bool {
        true
    }
}

/// The observer of an unobserved generation: ignores everything, and compiles to nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl<E> Observer<E> for Silent {
    #[inline(always)]
    fn observe(&mut self, _: E) {}

    #[inline(always)]
    fn listening(&self) -> bool {
        false
    }
}

/// Records every event.
impl<E> Observer<E> for Vec<E> {
    fn observe(&mut self, event: E) {
        self.push(event);
    }
}

/// The first line of an events stream: what is being generated.
///
/// `P` is the type of the algorithm's options: an [`Algorithm::Params`] to write a header for a
/// known algorithm, JSON (the default) for any generator and for reading headers back.
///
/// [`Algorithm::Params`]: crate::algorithms::Algorithm::Params
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventsHeader<P = serde_json::Value> {
    /// Always [`EVENTS_SCHEMA`].
    pub schema: String,
    /// The program and version that wrote the stream.
    pub generator: String,
    /// The algorithm's name.
    pub algorithm: String,
    /// The algorithm's effective options.
    pub params: P,
    /// The seed.
    pub seed: u64,
    /// Width in cells.
    pub width: u32,
    /// Height in cells.
    pub height: u32,
}

/// Writes each event as one line of JSON. Write errors are kept and reported by
/// [`JsonLines::finish`]; after one, later events are dropped.
#[derive(Debug)]
pub struct JsonLines<W: Write> {
    out: W,
    error: Option<io::Error>,
}

impl<W: Write> JsonLines<W> {
    /// Writes to `out`.
    pub fn new(out: W) -> Self {
        Self { out, error: None }
    }

    /// The first write error, if any.
    pub fn finish(self) -> io::Result<()> {
        self.error.map_or(Ok(()), Err)
    }
}

impl<W: Write> Observer for JsonLines<W> {
    fn observe(&mut self, event: Event) {
        if self.error.is_some() {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, &event)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        self.error = written.err();
    }
}

/// Builds the maze a stream of events describes on a `width x height` grid: replaying a
/// generator's events gives exactly the maze it generated.
pub fn replay(width: u32, height: u32, events: impl IntoIterator<Item = Event>) -> Result<Grid> {
    let mut grid = Grid::new(width, height)?;
    for event in events {
        grid.apply(event);
    }
    Ok(grid)
}

impl Grid {
    /// Makes the change to the passages that `event` reports (carving, walling, opening the
    /// field); events about progress (entering, leaving, claiming a cell) change nothing.
    pub fn apply(&mut self, event: Event) {
        match event {
            Event::Carve { cell, dir } => self.carve(cell, dir),
            Event::Wall { cell, dir } => self.close(cell, dir),
            Event::OpenField => self.open_field(),
            Event::Enter { .. } | Event::Leave { .. } | Event::Claim { .. } => {}
        }
    }
}
