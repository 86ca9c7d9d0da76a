//! The marks a level puts on its room floors: the start, the goal, the keys and a dungeon's
//! stairs.

use super::{Analysis, MapTile};

/// A mark on a room's floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// [`MapTile::Start`], [`MapTile::Goal`], [`MapTile::Key`] or stairs.
    pub tile: MapTile,
    /// The room it lies in.
    pub room: u32,
    /// Its tile, `(x, y)`.
    pub at: (u32, u32),
    /// A key's lock number.
    pub lock: Option<u32>,
}

/// A mark a level wants on a room's floor: the room, the mark ([`MapTile::Start`],
/// [`MapTile::Goal`], [`MapTile::Key`] or stairs) and a key's lock number.
pub type Wanted = (u32, MapTile, Option<u32>);

/// The marks a level puts on room floors, in order: the start, the goal (in the start's room
/// on a level of one room) and the `keys` (`(room, lock number)`, by lock number), each with
/// its room and, for a key, its lock's number.
pub(super) fn marks_wanted(analysis: &Analysis, keys: &[(u32, u32)]) -> Vec<Wanted> {
    [
        (analysis.start, MapTile::Start, None),
        (analysis.goal, MapTile::Goal, None),
    ]
    .into_iter()
    .chain(
        keys.iter()
            .map(|&(room, lock)| (room, MapTile::Key, Some(lock))),
    )
    .collect()
}
