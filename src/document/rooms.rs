//! `mazegen.rooms/v1` (see `schema/rooms.v1.json`): a room map. Its graph part is node-link
//! data as networkx reads it:
//! `networkx.node_link_graph(doc, nodes="rooms", edges="edges", source="a", target="b")`.

use super::Lines;
use crate::level::{EdgeKind, Role};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The fields of a room-map document, in their order. `R` is the rooms, `E` the edges and `M`
/// the maze between the rooms, each serialized as the map is walked, or held as read.
#[derive(Serialize, Deserialize)]
pub(crate) struct RoomsDocument<'a, R, E, M> {
    pub schema: Cow<'a, str>,
    pub generator: Cow<'a, str>,
    pub seed: u64,
    pub params: RoomsParams<'a>,
    pub directed: bool,
    pub multigraph: bool,
    pub analysis: RoomsAnalysis<'a>,
    pub rooms: Lines<R>,
    pub edges: Lines<E>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maze: Option<Lines<M>>,
    /// Contents placed by rules, when placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Lines<Vec<super::EntityEntry<'a>>>>,
}

/// The `params` object: the effective parameters and the map size.
#[derive(Serialize, Deserialize)]
pub(crate) struct RoomsParams<'a> {
    #[serde(flatten)]
    pub params: Cow<'a, crate::rooms::Params>,
    pub map: bool,
    pub width: Option<u32>,
    pub height: Option<u32>,
}

/// The `analysis` object.
#[derive(Serialize, Deserialize)]
pub(crate) struct RoomsAnalysis<'a> {
    pub start: u32,
    pub goal: u32,
    pub hops: u32,
    pub exact: bool,
    pub cyclomatic: u64,
    pub candidate_pairs: u64,
    pub dead_ends: Cow<'a, [u32]>,
}

/// One entry of `rooms`: its id, its floor when laid out (columns `x .. x + w`, rows
/// `y .. y + h`), its doors, depth and role, and the numbers of the keys in it (`K`), if any.
#[derive(Serialize, Deserialize)]
pub(crate) struct RoomEntry<'a, K> {
    pub id: u32,
    /// Its node name in the designer's graph it was laid out from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<Cow<'a, str>>,
    /// The prefab it is, by name, when it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefab: Option<Cow<'a, str>>,
    /// The prefab's drawing, its lines from the top (`#`, `.`, `+`, a space outside it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub w: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    pub doors: u32,
    pub depth: u32,
    pub role: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<K>,
}

/// One entry of `edges`: the rooms it joins, its kind, its corridor's tiles (`C`) when laid
/// out, and the number of its lock, if any.
#[derive(Serialize, Deserialize)]
pub(crate) struct EdgeEntry<C> {
    pub a: u32,
    pub b: u32,
    pub kind: EdgeKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corridor: Option<C>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<u32>,
    /// Passable from `a` to `b` only (a designer's graph's), when so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_way: bool,
}

/// The `maze` object: the tiles of the maze between the rooms, its doors into rooms and its
/// passages (`T`), one field a line.
#[derive(Serialize, Deserialize)]
pub(crate) struct MazeFillTiles<T> {
    pub doors: T,
    pub passages: T,
}
