//! The room graph while it is built: its edges, every room's doors, and `try_connect`.

use crate::level::{Edge, EdgeKind};

/// Marks "no parent" (the first room of the tree, or a room not yet connected).
const NO_PARENT: u32 = u32::MAX;

/// What the builder knows of one room, kept together so that trying a pair touches one
/// cache line per room.
#[derive(Debug, Clone, Copy)]
struct Room {
    /// The tree parent: a pair is already connected exactly when one is the other's parent,
    /// since extra pairs are each tried once.
    parent: u32,
    /// The number of doors (the degree).
    doors: u32,
}

/// A room graph under construction.
#[derive(Debug, Clone)]
pub(crate) struct GraphBuilder {
    /// The edges so far: tree edges as the tree grew, then extra ones.
    pub(crate) edges: Vec<Edge>,
    rooms: Vec<Room>,
    /// The most doors a room may have.
    max_doors: u32,
}

impl GraphBuilder {
    /// `count` rooms, no edges, at most `max_doors` doors per room (`None`: no limit).
    pub(crate) fn new(count: u32, max_doors: Option<u32>) -> Self {
        let room = Room {
            parent: NO_PARENT,
            doors: 0,
        };
        Self {
            edges: Vec::new(),
            rooms: vec![room; count as usize],
            max_doors: max_doors.unwrap_or(u32::MAX),
        }
    }

    /// The number of rooms.
    pub(crate) fn rooms(&self) -> u32 {
        self.rooms.len() as u32
    }

    /// The most doors a room may have (`u32::MAX`: no limit).
    pub(crate) fn max_doors(&self) -> u32 {
        self.max_doors
    }

    /// Whether `room` may get another door.
    pub(crate) fn has_free_door(&self, room: u32) -> bool {
        self.rooms[room as usize].doors < self.max_doors
    }

    /// Connects `room`, not yet connected, to `parent`, already in the tree. The caller has
    /// checked the constraints.
    pub(crate) fn connect_tree(&mut self, parent: u32, room: u32) {
        self.rooms[room as usize].parent = parent;
        self.push(parent, room, EdgeKind::Tree);
    }

    /// Connects `a < b` by an extra edge unless a constraint forbids it: the pair is already
    /// connected (by the tree) or a room has no free door. Returns whether it connected them.
    pub(crate) fn try_connect_extra(&mut self, a: u32, b: u32) -> bool {
        let (room_a, room_b) = (self.rooms[a as usize], self.rooms[b as usize]);
        let connected = room_a.parent == b || room_b.parent == a;
        if connected || room_a.doors >= self.max_doors || room_b.doors >= self.max_doors {
            return false;
        }
        self.push(a, b, EdgeKind::Extra);
        true
    }

    /// Joins `a < b` by a cycle's edge, last: their extra edge becomes it, or a new one
    /// unless a room has no free door. Returns whether it joined them.
    pub(crate) fn try_connect_cycle(&mut self, a: u32, b: u32) -> bool {
        let extra = Edge {
            a,
            b,
            kind: EdgeKind::Extra,
        };
        if let Some(k) = self.edges.iter().position(|&e| e == extra) {
            self.edges.remove(k);
            self.edges.push(Edge {
                kind: EdgeKind::Cycle,
                ..extra
            });
            return true;
        }
        if !self.has_free_door(a) || !self.has_free_door(b) {
            return false;
        }
        self.push(a, b, EdgeKind::Cycle);
        true
    }

    fn push(&mut self, a: u32, b: u32, kind: EdgeKind) {
        self.rooms[a as usize].doors += 1;
        self.rooms[b as usize].doors += 1;
        self.edges.push(Edge { a, b, kind });
    }
}
