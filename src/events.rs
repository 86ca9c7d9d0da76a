//! What generators report while they carve: events an observer can animate, record or write
//! out ([`JsonLines`]). [`crate::maze`] replays them into the maze they build.
//!
//! Generators are generic over their [`Observer`]; with [`Silent`] every report compiles to
//! nothing, so mazes generated without an observer cost exactly what they did before.
//!
//! On the rectangle events name cells by position and sides by direction ([`Event`]); on
//! every shape seen as a shape
//! ([`Generator::carve_shape_observed`](crate::algorithms::Generator::carve_shape_observed)) by
//! id, as graph documents number cells, and by number, as the shape's
//! [`Topology`](crate::topology::Topology) numbers sides ([`ShapeEvent`]).

use crate::grid::{Dir, Pos};
use serde::{Deserialize, Serialize};
use std::io::{self, Write};

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

/// An event on a maze of any shape: the cell named by its id (ids run from 0 in index order,
/// skipping a mask's holes, as in graph documents), the side by its number.
pub type ShapeEvent = Event<u32, u8>;

impl<C, S> Event<C, S> {
    /// The same event with its cell renamed by `cell` and its side by `side`.
    pub fn map<D, R>(self, cell: impl FnOnce(C) -> D, side: impl FnOnce(S) -> R) -> Event<D, R> {
        match self {
            Event::Enter { cell: c } => Event::Enter { cell: cell(c) },
            Event::Leave { cell: c } => Event::Leave { cell: cell(c) },
            Event::Carve { cell: c, dir } => Event::Carve {
                cell: cell(c),
                dir: side(dir),
            },
            Event::Wall { cell: c, dir } => Event::Wall {
                cell: cell(c),
                dir: side(dir),
            },
            Event::OpenField => Event::OpenField,
            Event::Claim { cell: c, region } => Event::Claim {
                cell: cell(c),
                region,
            },
        }
    }
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

/// Events of the rectangle and of any shape alike.
impl<W: Write, C: Serialize, S: Serialize> Observer<Event<C, S>> for JsonLines<W> {
    fn observe(&mut self, event: Event<C, S>) {
        if self.error.is_some() {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, &event)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        self.error = written.err();
    }
}
