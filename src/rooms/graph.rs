//! The room graph while it is built: its edges, every room's doors, and `try_connect`.

use super::{Edge, EdgeKind};

/// Marks "no parent" (the first room of the tree, or a room not yet connected).
const NO_PARENT: u32 = u32::MAX;

/// A room graph under construction.
#[derive(Debug)]
pub(crate) struct GraphBuilder {
    /// The edges so far: tree edges as the tree grew, then extra ones.
    pub(crate) edges: Vec<Edge>,
    /// Every room's number of doors (its degree).
    doors: Vec<u32>,
    /// Every room's tree parent: a pair is already connected exactly when one is the other's
    /// parent, since extra pairs are each tried once.
    parent: Vec<u32>,
    /// The most doors a room may have.
    max_doors: u32,
}

impl GraphBuilder {
    /// `count` rooms, no edges, at most `max_doors` doors per room (`None`: no limit).
    pub(crate) fn new(count: u32, max_doors: Option<u32>) -> Self {
        Self {
            edges: Vec::new(),
            doors: vec![0; count as usize],
            parent: vec![NO_PARENT; count as usize],
            max_doors: max_doors.unwrap_or(u32::MAX),
        }
    }

    /// The number of rooms.
    pub(crate) fn rooms(&self) -> u32 {
        self.doors.len() as u32
    }

    /// The most doors a room may have (`u32::MAX`: no limit).
    pub(crate) fn max_doors(&self) -> u32 {
        self.max_doors
    }

    /// Whether `room` may get another door.
    pub(crate) fn has_free_door(&self, room: u32) -> bool {
        self.doors[room as usize] < self.max_doors
    }

    /// Connects `room`, not yet connected, to `parent`, already in the tree. The caller has
    /// checked the constraints.
    pub(crate) fn connect_tree(&mut self, parent: u32, room: u32) {
        self.parent[room as usize] = parent;
        self.push(parent, room, EdgeKind::Tree);
    }

    /// Connects `a < b` by an extra edge unless a constraint forbids it: the pair is already
    /// connected (by the tree) or a room has no free door. Returns whether it connected them.
    pub(crate) fn try_connect_extra(&mut self, a: u32, b: u32) -> bool {
        let connected = self.parent[a as usize] == b || self.parent[b as usize] == a;
        if connected || !self.has_free_door(a) || !self.has_free_door(b) {
            return false;
        }
        self.push(a, b, EdgeKind::Extra);
        true
    }

    fn push(&mut self, a: u32, b: u32, kind: EdgeKind) {
        self.doors[a as usize] += 1;
        self.doors[b as usize] += 1;
        self.edges.push(Edge { a, b, kind });
    }
}
