//! The graph between a level's rooms: its edges and what made them.

use serde::Serialize;

/// What made an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeKind {
    /// The spanning tree that guarantees connection.
    Tree,
    /// An extra connection.
    Extra,
    /// A cycle's short way, locked ([`crate::rooms::most_cycles`]).
    Cycle,
}

/// A connection between rooms `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edge {
    /// For a tree edge the room already connected, otherwise the smaller id.
    pub a: u32,
    /// For a tree edge the room it connected, otherwise the larger id.
    pub b: u32,
    /// Tree or extra.
    pub kind: EdgeKind,
}
