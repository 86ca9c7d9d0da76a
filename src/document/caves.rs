//! `mazegen.caves/v1` (see `schema/caves.v1.json`): a cave. Like a room map's, its graph part
//! is node-link data, its caverns the rooms:
//! `networkx.node_link_graph(doc, nodes="rooms", edges="edges", source="a", target="b")`.

use super::Lines;
use crate::caves::CaveParams;
use crate::level::{EdgeKind, Role};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The fields of a cave document, in their order. `R` is the caverns, `E` the tunnels and `T`
/// the tile rows, each serialized as the cave is walked, or held as read.
#[derive(Serialize, Deserialize)]
pub(crate) struct CavesDocument<'a, R, E, T> {
    pub schema: Cow<'a, str>,
    pub generator: Cow<'a, str>,
    pub seed: u64,
    pub params: Cow<'a, CaveParams>,
    pub directed: bool,
    pub multigraph: bool,
    pub analysis: CavesAnalysis<'a>,
    pub rooms: Lines<R>,
    pub edges: Lines<E>,
    pub tiles: Lines<T>,
    /// Contents placed by rules, when placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Lines<Vec<super::EntityEntry<'a>>>>,
}

/// The `analysis` object.
#[derive(Serialize, Deserialize)]
pub(crate) struct CavesAnalysis<'a> {
    pub start: u32,
    pub goal: u32,
    pub hops: u32,
    pub dead_ends: Cow<'a, [u32]>,
    pub left_out: u32,
}

/// One entry of `rooms`: a cavern's id, the rectangle around its floor (columns `x .. x + w`,
/// rows `y .. y + h`), its floor tiles, tunnels (`doors`), depth and role, and the numbers of
/// the keys in it (`K`), if any.
#[derive(Serialize, Deserialize)]
pub(crate) struct CavernEntry<K> {
    pub id: u32,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub floor: u64,
    pub doors: u32,
    pub depth: u32,
    pub role: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<K>,
}

/// One entry of `edges`: the caverns a tunnel joins, its kind (`tree`), its tiles (`T`) from
/// `a`'s side to `b`'s, and the number and tile of its lock, if any.
#[derive(Serialize, Deserialize)]
pub(crate) struct TunnelEntry<T> {
    pub a: u32,
    pub b: u32,
    pub kind: EdgeKind,
    pub tunnel: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock_at: Option<[u32; 2]>,
}
