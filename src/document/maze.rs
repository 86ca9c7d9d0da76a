//! `mazegen.maze/v1` (see `schema/maze.v1.json`): a rectangle or a mask in tiles, its tile
//! rows as strings of `#` (wall), `.` (passage) and `' '` (outside a mask), with its figures
//! when asked for; a maze in levels as one grid of tile rows a level, its cells marked where
//! passages go up and down; a weave with the cells passages go under marked.

use super::WindowEntry;
use crate::Probability;
use crate::analysis::{Difficulty, Summary};
use crate::grid::{Pos, TilePos};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// The fields of a maze document, in their order. `T` is how the tile rows are held and `S`
/// how the solution is (its tiles): drawn from a maze as they are written, checked as they are
/// read.
#[derive(Serialize, Deserialize)]
pub(crate) struct MazeDocument<'a, T, S = Vec<SolutionStep>> {
    pub schema: Cow<'a, str>,
    pub generator: Cow<'a, str>,
    pub algorithm: Cow<'a, str>,
    pub params: Cow<'a, serde_json::Value>,
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    pub tile_width: u64,
    pub tile_height: u64,
    /// A weave: the share of cells a passage could cross under. Its tiles mark each cell a
    /// passage goes under: `-` where the corridor over it runs east-west, `|` north-south.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weave: Option<Probability>,
    /// Present for a window of a giant maze: its tiles' frame is open where passages leave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<WindowEntry>,
    pub start: Place,
    pub goal: Place,
    /// Derived from the tiles; written for consumers, not trusted when reading.
    #[serde(default)]
    pub perfect: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braid: Option<f64>,
    /// A labyrinth: one path through every cell. Checked when reading.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unicursal: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub openings: bool,
    /// Absent for a maze in levels, which has `levels` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<T>,
    /// A maze in levels: each level's tile rows, level 0 (the bottom) first, cells marked
    /// `^` where a passage goes up, `v` down and `x` both ([`level_mark`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<S>,
    /// The cells a solver visited, in order (`solve --method`); written, not read.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub visited: Option<Vec<Place>>,
    /// Derived from the maze; written on request, recomputed rather than read.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub stats: Option<Summary>,
    /// Derived from the maze; written on request (with the stats of `jsonl`), not read. Boxed:
    /// a document being read keeps only this pointer's room for it.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub difficulty: Option<Box<Difficulty>>,
}

/// A cell as `start` and `goal` place it: column and row, and its level in a maze in levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Place {
    pub x: u32,
    pub y: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z: Option<u32>,
}

impl Place {
    /// The cell at `pos` of a flat maze.
    pub(crate) const fn flat(pos: Pos) -> Self {
        Self {
            x: pos.x,
            y: pos.y,
            z: None,
        }
    }
}

/// A step of a solution as read: a tile of a flat maze, or a tile and its level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SolutionStep {
    /// Column and row.
    Flat(TilePos),
    /// Column, row and level.
    Level(u64, u64, u32),
}

impl<'de> Deserialize<'de> for SolutionStep {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(StepVisitor)
    }
}

/// Reads `[x, y]` or `[x, y, z]`, naming what it expected when it finds something else.
struct StepVisitor;

impl<'de> Visitor<'de> for StepVisitor {
    type Value = SolutionStep;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tile [x, y], or [x, y, z] in levels")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SolutionStep, A::Error> {
        let x = seq.next_element::<u64>()?;
        let y = seq.next_element::<u64>()?;
        let (Some(x), Some(y)) = (x, y) else {
            return Err(de::Error::invalid_length(usize::from(x.is_some()), &self));
        };
        let Some(z) = seq.next_element::<u32>()? else {
            return Ok(SolutionStep::Flat((x, y)));
        };
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(4, &self));
        }
        Ok(SolutionStep::Level(x, y, z))
    }
}

/// The mark of a cell of a maze in levels in its level's tile rows: `.` without a passage up
/// or down, `^` with one up, `v` down, `x` both.
pub(crate) const fn level_mark(up: bool, down: bool) -> u8 {
    match (up, down) {
        (false, false) => b'.',
        (true, false) => b'^',
        (false, true) => b'v',
        (true, true) => b'x',
    }
}
