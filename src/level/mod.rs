//! What room maps and caves share: a level is a map of tiles with rooms on it (a cave's
//! caverns are its rooms), a graph between the rooms, the roles, locks and keys planned on it,
//! and dungeons of several levels one below another.
//!
//! - [`Level`]: what every format that draws a level asks of it, written once for room maps
//!   ([`crate::rooms::RoomMap`]), caves ([`crate::caves::CaveMap`]) and a dungeon's floors.
//! - The tile map ([`TileMap`] of [`MapTile`]s) with the [`Mark`]s on room floors, and every
//!   room's bounding [`Rect`].
//! - The rooms' graph: its [`Edge`]s, and what it looks like ([`Analysis`]: start, goal,
//!   depths, dead ends), and so every room's [`Role`].
//! - Locks and keys ([`Lock`]), planned on the graph's spanning tree so that a player can
//!   always win.
//! - Dungeons ([`Dungeon`]): levels joined by stairs, their locks numbered across them.
//! - Contents ([`Contents`]): entities placed in rooms by rules on the graph's facts.
//!
//! This module knows nothing of how rooms are placed or caves grown: those stand above it.
//!
//! ```
//! use mazegen::caves::{CaveMap, CaveOptions};
//! use mazegen::level::{Level, Role};
//! use mazegen::rooms::{RoomMap, RoomOptions};
//!
//! /// The role of the room farthest from the start.
//! fn goal_role(level: &impl Level) -> Role {
//!     level.role(level.analysis().goal)
//! }
//! let rooms = RoomMap::generate(&RoomOptions::default(), 7).unwrap();
//! let cave = CaveMap::generate(&CaveOptions::default(), 7).unwrap();
//! assert_eq!(goal_role(&rooms), Role::Goal);
//! assert_eq!(goal_role(&cave), Role::Goal);
//! ```

mod adjacency;
mod analysis;
mod contents;
mod error;
mod floors;
mod graph;
mod locks;
mod marks;
mod tiles;

pub(crate) use adjacency::Adjacency;
pub use analysis::{Analysis, FARTHEST_PAIR_BUDGET};
pub(crate) use analysis::{analyse, analyse_from};
pub(crate) use contents::escape_controls;
pub use contents::{
    CONTENTS_STREAM, Contents, Count, DEFAULT_RULES, Entity, FloorChoice, Item, MAX_COUNT,
    MAX_NAME, Place, Rule, Shortfall,
};
pub use error::LevelError;
pub use floors::{
    Dungeon, FLOOR_GAP, FLOORS_STREAM, Floor, MAX_FLOORS, Stacked, Stairs, check_floors, floor_seed,
};
pub use graph::{Edge, EdgeKind};
pub use locks::{Lock, Role, most_locks};
pub(crate) use locks::{Plan, plan as plan_locks};
pub use marks::{Mark, Wanted};
pub(crate) use tiles::runs;
pub use tiles::{MapTile, Rect, TileMap};

use marks::marks_wanted;

/// A map of tiles with rooms, roles, locks and keys on it.
pub trait Level {
    /// The seed it was made from.
    fn seed(&self) -> u64;

    /// The map drawn as tiles with `marks` on the room floors, or `None` for a map made
    /// without tiles.
    fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap>;

    /// The map drawn as tiles, its [`marks`](Level::marks) on it, or `None` for a map made
    /// without tiles.
    fn tile_map(&self) -> Option<TileMap> {
        self.tile_map_with(&self.marks()?)
    }

    /// Every room's bounding rectangle, by room number (none for a map made without tiles).
    fn room_bounds(&self) -> Vec<Rect>;

    /// The id `room` has in the level's document (a floor's own, on floors drawn together).
    fn room_id(&self, room: u32) -> u32 {
        room
    }

    /// The first tile row of each floor, for floors drawn together one below another; empty
    /// for a level of one floor.
    fn floor_rows(&self) -> Vec<u32> {
        Vec::new()
    }

    /// A floor tile of `room` (its first in row order), or `None` for a map made without
    /// tiles.
    fn room_tile(&self, room: u32) -> Option<(u32, u32)>;

    /// The rooms' graph: its edges (a lock stands on [`Lock::edge`]).
    fn edges(&self) -> &[Edge];

    /// Start, goal, depths and dead ends of the rooms' graph.
    fn analysis(&self) -> &Analysis;

    /// The locks by number (lock `k` at index `k - 1`).
    fn locks(&self) -> &[Lock];

    /// The tile of `lock`, or `None` for a map made without tiles.
    fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)>;

    /// Where the keys lie: `(room, lock number)` for every key on the level, by lock number
    /// (each lock's [`Lock::key`], unless the level says otherwise).
    fn key_rooms(&self) -> Vec<(u32, u32)> {
        self.locks()
            .iter()
            .map(|lock| (lock.key, lock.number))
            .collect()
    }

    /// The marks wanted on room floors, in order: the start, the goal, then every key by lock
    /// number.
    fn wanted_marks(&self) -> Vec<Wanted> {
        marks_wanted(self.analysis(), &self.key_rooms())
    }

    /// Where the `wanted` marks lie on the room floors, or `None` for a map made without
    /// tiles.
    fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>>;

    /// The [`wanted_marks`](Level::wanted_marks) on room floors, or `None` for a map made
    /// without tiles.
    fn marks(&self) -> Option<Vec<Mark>> {
        self.place_marks(&self.wanted_marks())
    }

    /// What `room` is for.
    fn role(&self, room: u32) -> Role {
        Role::of(room, self.analysis())
    }

    /// Whether edge number `edge` may be passed only from its `a` to its `b` (a designer's
    /// graph's one-way passage).
    fn is_one_way(&self, edge: u32) -> bool {
        let _ = edge;
        false
    }

    /// The entities placed on the level by contents rules ([`Contents`]), by rule: none unless
    /// placed ([`Dungeon::furnish`]).
    fn entities(&self) -> Vec<Entity> {
        Vec::new()
    }

    /// Every room's keys: the numbers of the locks whose keys lie in it, in increasing order.
    fn keys(&self) -> Vec<Vec<u32>> {
        let mut keys = vec![Vec::new(); self.analysis().depth.len()];
        for (room, lock) in self.key_rooms() {
            keys[room as usize].push(lock);
        }
        keys
    }
}
