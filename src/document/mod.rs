//! The documents mazegen writes and reads back, as serde types: `mazegen.maze/v1` (a maze in
//! tiles), `mazegen.graph/v1` (a maze of any shape as cells and passages), `mazegen.rooms/v1`
//! (a room map), `mazegen.caves/v1` (a cave) and `mazegen.dungeon/v1` (floors of either,
//! joined by stairs), each described by its JSON Schema in
//! `schema/`.
//!
//! The types are the one home of each document's field names, order and optional fields: the
//! renderers of [`crate::render`] fill them from a model and serialize them (pretty, or compact
//! on one line for `jsonl`), and [`crate::read`] reads them back. Their large parts (tile rows,
//! cells, passages, rooms, edges) are type parameters, so that a writer serializes them as it
//! walks the model and a reader checks them as they come, neither holding the whole document.
//! Graph and room-map documents are pretty-printed in a layout of their own, one cell,
//! passage, room or edge a line; maze documents as serde_json pretty-prints them.

pub(crate) mod caves;
pub(crate) mod dungeon;
pub(crate) mod graph;
mod layout;
pub(crate) mod maze;
pub(crate) mod rooms;

pub(crate) use layout::{Lines, write_line, write_pretty};

use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// The `schema` field of maze documents.
pub const MAZE_SCHEMA: &str = "mazegen.maze/v1";

/// The `schema` field of graph documents.
pub const GRAPH_SCHEMA: &str = "mazegen.graph/v1";

/// The `schema` field of room-map documents.
pub const ROOMS_SCHEMA: &str = "mazegen.rooms/v1";

/// The `schema` field of cave documents.
pub const CAVES_SCHEMA: &str = "mazegen.caves/v1";

/// The `schema` field of dungeon documents.
pub const DUNGEON_SCHEMA: &str = "mazegen.dungeon/v1";

/// The `schema` field of the figures `mazegen stats --format json` writes.
pub const STATS_SCHEMA: &str = "mazegen.stats/v1";

/// A `mazegen.stats/v1` document: the schema and the generator, then a maze's figures
/// ([`crate::analysis::Figures`] of a maze in tiles, [`crate::analysis::ShapeStats`] of any
/// shape) in the fields of its document's `stats` object.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct StatsDocument<'a, T> {
    /// [`STATS_SCHEMA`].
    pub schema: &'static str,
    /// The program and version that wrote it.
    pub generator: &'static str,
    /// The figures, flattened into the object.
    #[serde(flatten)]
    pub figures: &'a T,
}

impl<'a, T: Serialize> StatsDocument<'a, T> {
    /// The document of `figures`.
    pub fn new(figures: &'a T) -> Self {
        Self {
            schema: STATS_SCHEMA,
            generator: crate::GENERATOR,
            figures,
        }
    }
}

/// The `window` object of a window of a giant maze (see [`crate::giant`]): where its top-left
/// cell lies in the whole maze, the whole maze's size in cells, and its chunks' side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct WindowEntry {
    pub x: u64,
    pub y: u64,
    pub maze_width: u64,
    pub maze_height: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chunk: Option<u32>,
}

impl WindowEntry {
    /// The giant maze and the window of `width x height` cells this entry places in it,
    /// checked as [`Giant::new`](crate::Giant::new) and
    /// [`Giant::check_window`](crate::Giant::check_window) check them.
    pub(crate) fn placed(
        &self,
        width: u32,
        height: u32,
    ) -> crate::grid::Result<(crate::grid::Giant, crate::grid::Window)> {
        let giant = crate::grid::Giant::new(self.maze_width, self.maze_height, self.chunk)?;
        let window = crate::grid::Window {
            x: self.x,
            y: self.y,
            width,
            height,
        };
        giant.check_window(window)?;
        Ok((giant, window))
    }

    /// The entry of a window `cut`.
    pub(crate) fn of(cut: &crate::grid::Cut) -> Self {
        Self {
            x: cut.window.x,
            y: cut.window.y,
            maze_width: cut.giant.width(),
            maze_height: cut.giant.height(),
            chunk: cut.giant.chunk_side(),
        }
    }
}

/// One entry of a room map's or cave's `entities` (contents placed by rules,
/// [`crate::level::Contents`]): its kind, item, room and, on a tile map, its tile.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub(crate) struct EntityEntry<'a> {
    pub kind: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<Cow<'a, str>>,
    pub room: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y: Option<u32>,
}

impl<'a> EntityEntry<'a> {
    /// The entry of `entity`.
    pub(crate) fn of(entity: &'a crate::level::Entity) -> Self {
        Self {
            kind: Cow::Borrowed(&entity.kind),
            item: entity.item.as_deref().map(Cow::Borrowed),
            room: entity.room,
            x: entity.at.map(|(x, _)| x),
            y: entity.at.map(|(_, y)| y),
        }
    }
}

/// A JSON array of what an iterator gives, serialized as the iterator (cloned) goes, without a
/// `Vec` of it.
#[derive(Clone)]
pub(crate) struct Seq<I>(pub I);

impl<I> Serialize for Seq<I>
where
    I: Iterator + Clone,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.clone())
    }
}
