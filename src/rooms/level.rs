//! What the tile formats draw: a map of tiles with rooms on it, a room map or a cave (whose
//! caverns are its rooms).

use super::{Analysis, Edge, Lock, MapTile, Mark, Rect, Role, RoomMap, TileMap};

/// The marks a level puts on room floors, in order: the start, the goal (in the start's room
/// on a level of one room) and the key of every lock by number, each with its room and, for a
/// key, its lock's number.
pub(crate) fn marks_wanted(analysis: &Analysis, locks: &[Lock]) -> Vec<Wanted> {
    [
        (analysis.start, MapTile::Start, None),
        (analysis.goal, MapTile::Goal, None),
    ]
    .into_iter()
    .chain(
        locks
            .iter()
            .map(|lock| (lock.key, MapTile::Key, Some(lock.number))),
    )
    .collect()
}

/// A mark a level wants on a room's floor: the room, the mark ([`MapTile::Start`],
/// [`MapTile::Goal`], [`MapTile::Key`] or stairs) and a key's lock number.
pub type Wanted = (u32, MapTile, Option<u32>);

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

    /// The marks wanted on room floors, in order: the start, the goal, then every key by lock
    /// number.
    fn wanted_marks(&self) -> Vec<Wanted> {
        marks_wanted(self.analysis(), self.locks())
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

    /// Every room's keys: the numbers of the locks whose keys lie in it, in increasing order.
    fn keys(&self) -> Vec<Vec<u32>> {
        let mut keys = vec![Vec::new(); self.analysis().depth.len()];
        for lock in self.locks() {
            keys[lock.key as usize].push(lock.number);
        }
        keys
    }
}

impl Level for RoomMap {
    fn seed(&self) -> u64 {
        self.seed
    }

    fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap> {
        RoomMap::tile_map_with(self, marks)
    }

    fn room_bounds(&self) -> Vec<Rect> {
        self.layout
            .as_ref()
            .map(|layout| layout.rooms.clone())
            .unwrap_or_default()
    }

    fn room_tile(&self, room: u32) -> Option<(u32, u32)> {
        let r = self.layout.as_ref()?.rooms[room as usize];
        Some((r.x, r.y))
    }

    fn edges(&self) -> &[Edge] {
        &self.edges
    }

    fn analysis(&self) -> &Analysis {
        RoomMap::analysis(self)
    }

    fn locks(&self) -> &[Lock] {
        &self.locks
    }

    fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)> {
        RoomMap::lock_door(self, lock)
    }

    fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>> {
        RoomMap::place_marks(self, wanted)
    }
}
