//! `mazegen.maze/v1` (see `schema/maze.v1.json`): a rectangle or a mask in tiles, its tile
//! rows as strings of `#` (wall), `.` (passage) and `' '` (outside a mask), with its figures
//! when asked for.

use super::WindowEntry;
use crate::analysis::{Difficulty, Summary};
use crate::grid::{Pos, TilePos};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The fields of a maze document, in their order. `T` is how the tile rows are held and `S`
/// how the solution is (its tiles): drawn from a maze as they are written, checked as they are
/// read.
#[derive(Serialize, Deserialize)]
pub(crate) struct MazeDocument<'a, T, S = Vec<TilePos>> {
    pub schema: Cow<'a, str>,
    pub generator: Cow<'a, str>,
    pub algorithm: Cow<'a, str>,
    pub params: Cow<'a, serde_json::Value>,
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    pub tile_width: u64,
    pub tile_height: u64,
    /// Present for a window of a giant maze: its tiles' frame is open where passages leave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<WindowEntry>,
    pub start: Pos,
    pub goal: Pos,
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
    pub tiles: T,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<S>,
    /// The cells a solver visited, in order (`solve --method`); written, not read.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub visited: Option<Vec<Pos>>,
    /// Derived from the maze; written on request, recomputed rather than read.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub stats: Option<Summary>,
    /// Derived from the maze; written on request (with the stats of `jsonl`), not read. Boxed:
    /// a document being read keeps only this pointer's room for it.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub difficulty: Option<Box<Difficulty>>,
}
