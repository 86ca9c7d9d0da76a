//! The `mazegen.dungeon/v1` document: a dungeon's floors, each a room-map or cave document of
//! its own, and the stairs between them.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A dungeon document: its head, then its floors (`F`), each a room-map or cave document of
/// its own. The renderer writes the head alone (`floors` left out), then each floor's document
/// as that floor alone is written, indented; a reader reads them all.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct DungeonDocument<'a, S, F> {
    pub schema: Cow<'a, str>,
    pub generator: Cow<'a, str>,
    pub seed: u64,
    pub stairs: S,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floors: Option<F>,
}

/// A flight of stairs: the end it goes down from and the end it arrives at below.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub(crate) struct StairsEntry {
    pub down: StairsEnd,
    pub up: StairsEnd,
}

/// One end of a flight of stairs: its floor (from 0, an index into `floors`), its room and,
/// on a tile map, its tile.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub(crate) struct StairsEnd {
    pub floor: u32,
    pub room: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<u32>,
}
