//! The `mazegen.dungeon/v1` document: a dungeon's floors, each a room-map or cave document of
//! its own, and the stairs between them.

use serde::Serialize;

/// A dungeon document's head, before its floors.
#[derive(Debug, Serialize)]
pub(crate) struct DungeonHead<S> {
    pub schema: &'static str,
    pub generator: &'static str,
    pub seed: u64,
    pub stairs: S,
}

/// A flight of stairs: the end it goes down from and the end it arrives at below.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct StairsEntry {
    pub down: StairsEnd,
    pub up: StairsEnd,
}

/// One end of a flight of stairs: its floor (from 0, an index into `floors`), its room and,
/// on a tile map, its tile.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct StairsEnd {
    pub floor: u32,
    pub room: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y: Option<u32>,
}
