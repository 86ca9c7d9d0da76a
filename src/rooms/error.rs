//! Why a room map cannot be made. Every message names the figure that is over or wrong, in the
//! library's terms (rooms, a door limit, a map of so many tiles, the probability p), and what
//! would work; a command line adds its own option names as context.

use crate::grid::MazeError;
use thiserror::Error;

/// A room-map request that mazegen refuses.
#[derive(Debug, Error, Clone, PartialEq)]
#[non_exhaustive]
pub enum RoomsError {
    /// The maze a map is filled with, refused or out of memory.
    #[error(transparent)]
    Maze(#[from] MazeError),

    /// A dungeon of room maps that cannot be made as asked (its floors).
    #[error(transparent)]
    Level(#[from] crate::level::LevelError),

    /// A designer's graph that cannot be laid out ([`super::Design::check`]), or whose layout
    /// was not found: the reason, naming the rooms at fault.
    #[error("{reason}")]
    Design {
        /// What is wrong, and what would do.
        reason: String,
    },

    /// A designer's graph file that cannot be read: its name, where (a line, or a JSON
    /// document's entry) and what is wrong.
    #[error("{file}, {at}: {reason}")]
    GraphFile {
        /// The file, as named.
        file: String,
        /// Where in it: `line N`, or a JSON document's entry such as `edges[3]`.
        at: String,
        /// What is wrong there, and what would be accepted.
        reason: String,
    },

    /// A prefab's drawing that cannot be read ([`super::Prefab::parse`]): its file as named,
    /// where (`line N, column M`, or empty for the whole drawing) and what is wrong.
    #[error("{file}{}: {reason}", place(.at))]
    PrefabFile {
        /// The file, as named.
        file: String,
        /// Where in it, or empty.
        at: String,
        /// What is wrong there, and what would be accepted.
        reason: String,
    },

    /// A prefab placed where it cannot be: off the map, over another prefab, more prefabs than
    /// rooms, no free spot, or a map it cannot be used on. The reason names the prefab.
    #[error("{reason}")]
    Prefab {
        /// What is wrong, and what would do.
        reason: String,
    },

    /// A number of rooms that is zero or more than [`super::MAX_ROOMS`].
    #[error("{count} rooms: expected 1 to {limit}")]
    Count {
        /// The rejected count.
        count: u64,
        /// The most rooms a map may have.
        limit: u32,
    },

    /// A room size range that is malformed or empty.
    #[error("{reason}")]
    RoomSize {
        /// The rejected range, as given.
        value: String,
        /// What is wrong with it and what would be accepted.
        reason: String,
    },

    /// A door limit that makes a connected graph impossible for this many rooms.
    #[error(
        "{count} rooms cannot all be connected with a door limit of {max_doors}: {reason}; \
         the limit must be {needed} or more"
    )]
    MaxDoors {
        /// The rejected limit.
        max_doors: u32,
        /// The number of rooms.
        count: u32,
        /// Why the limit is too low.
        reason: &'static str,
        /// The smallest limit that could work.
        needed: u32,
    },

    /// The random tree got stuck: no room with a free door has a candidate neighbour left
    /// unconnected (possible with a door limit and Delaunay candidates).
    #[error(
        "the rooms could not all be connected with a door limit of {max_doors} over Delaunay \
         neighbours ({connected} of {count} were, and no connected room with a free door has an \
         unconnected Delaunay neighbour); a larger door limit, every pair as a candidate or \
         another seed may work"
    )]
    TreeStuck {
        /// The door limit.
        max_doors: u32,
        /// How many rooms the tree reached.
        connected: u32,
        /// The number of rooms.
        count: u32,
    },

    /// Delaunay candidates need room positions, which only a laid-out map has.
    #[error(
        "Delaunay candidates need the rooms' positions, which only a tile map gives: lay the \
         rooms out on a map, or let every pair be a candidate"
    )]
    DelaunayNeedsMap,

    /// A map side shorter than the largest room with a tile of rock on each side.
    #[error(
        "a {width}x{height}-tile map is too small for rooms up to {room} tiles wide: it must be \
         at least {least}x{least} (a tile of rock on each side); a larger map or smaller rooms \
         would do"
    )]
    MapTooNarrow {
        /// Map width in tiles.
        width: u64,
        /// Map height in tiles.
        height: u64,
        /// The largest room side.
        room: u32,
        /// The shortest map side that holds it.
        least: u64,
    },

    /// A map whose area cannot hold the rooms, whatever the placement.
    #[error(
        "{count} rooms of at least {room}x{room} tiles cannot fit on a {width}x{height}-tile \
         map: with their rock they need {needed} tiles, the map has {available}; a larger map, \
         fewer rooms or smaller ones would do"
    )]
    MapTooCrowded {
        /// The number of rooms.
        count: u32,
        /// The smallest room side.
        room: u32,
        /// Map width in tiles.
        width: u64,
        /// Map height in tiles.
        height: u64,
        /// The tiles the rooms need at least, each with the rock to its right and below.
        needed: u64,
        /// The tiles of the map right of its first column and below its first row.
        available: u64,
    },

    /// Random placement found no free spot for a room.
    #[error(
        "no free spot for room {room} of {count} ({w}x{h} tiles) on a {width}x{height}-tile map \
         after {tries} random tries; a larger map, fewer rooms or smaller ones would do"
    )]
    PlacementFailed {
        /// The room that did not fit (0-based).
        room: u32,
        /// The number of rooms.
        count: u32,
        /// Its width in tiles.
        w: u32,
        /// Its height in tiles.
        h: u32,
        /// Map width in tiles.
        width: u32,
        /// Map height in tiles.
        height: u32,
        /// How many positions were tried.
        tries: u32,
    },

    /// A map with more tiles than [`super::MAX_MAP_TILES`].
    #[error(
        "a {width}x{height}-tile map has {tiles} tiles, more than the {limit} a map may have; \
         fewer rooms, smaller ones or no map would do"
    )]
    MapTooLarge {
        /// Map width in tiles.
        width: u64,
        /// Map height in tiles.
        height: u64,
        /// Its number of tiles.
        tiles: u64,
        /// The most tiles a map may have.
        limit: u64,
    },

    /// Corridors that would cover more tiles than [`super::MAX_CORRIDOR_TILES`]: expected from
    /// the options before any work, or counted once the map is laid out.
    #[error(
        "the corridors of {count} rooms would cover {about}{tiles} tiles, more than the {limit} \
         a map may have; Delaunay candidates, fewer rooms, a lower p or no map would do",
        about = if *expected { "about " } else { "up to " }
    )]
    TooManyCorridorTiles {
        /// The number of rooms.
        count: u32,
        /// The corridor tiles: the expected number (estimated from the options) when
        /// `expected`, otherwise an upper bound for the corridors of the edges made.
        tiles: u64,
        /// Whether `tiles` was estimated from the options, before any room was placed.
        expected: bool,
        /// The most corridor tiles a map may have.
        limit: u64,
    },

    /// More edges than [`super::MAX_EDGES`], on average, for this count and p.
    #[error(
        "{count} rooms with p = {p} would have about {expected} connections, more than the \
         {limit} a room graph may have; a lower p or fewer rooms would do (with the default p, \
         at most {most_rooms} rooms)"
    )]
    TooManyEdges {
        /// The number of rooms.
        count: u32,
        /// The probability of an extra connection, as printed.
        p: String,
        /// The expected number of edges.
        expected: u64,
        /// The most edges a room graph may have.
        limit: u64,
        /// The most rooms the default p accepts with these candidates.
        most_rooms: u32,
    },

    /// Two rooms that the edge joins but no corridor can: other rooms wall one of them in.
    /// [`super::RoomMap::generate`] lays such a map out again instead ([`Self::WalledIn`]).
    #[error(
        "no corridor can run from room {a} to room {b} on the {width}x{height}-tile map: other \
         rooms wall one of them in; a larger map or another seed would do"
    )]
    NoRoute {
        /// One room of the edge.
        a: u32,
        /// The other room.
        b: u32,
        /// Map width in tiles.
        width: u32,
        /// Map height in tiles.
        height: u32,
    },

    /// Rooms that wall one another in on every layout tried of a map that keeps its size: on
    /// each, some pair of rooms that may connect could not be joined by any corridor.
    #[error(
        "on each of {layouts} layouts of {count} rooms on the {width}x{height}-tile map, other \
         rooms wall one in, so some corridor could not be routed; a larger map, fewer rooms or \
         smaller ones would do"
    )]
    WalledIn {
        /// The number of rooms.
        count: u32,
        /// Map width in tiles.
        width: u32,
        /// Map height in tiles.
        height: u32,
        /// How many layouts were tried.
        layouts: u32,
    },

    /// Memory refused for the map the corridors are routed on.
    #[error(
        "routing corridors on a {width}x{height}-tile map needs {bytes} bytes, which this \
         machine refused; a smaller map would do"
    )]
    MapOutOfMemory {
        /// Map width in tiles.
        width: u32,
        /// Map height in tiles.
        height: u32,
        /// The bytes asked for.
        bytes: u64,
    },

    /// More cycles than the rooms are asked for ([`super::most_cycles`]).
    #[error(
        "{cycles} cycles on {rooms} rooms: each joins two rooms at least {} tree edges apart, \
         and a map takes at most an eighth as many cycles as rooms; expected 0 to {most} cycles",
        super::LONG_WAY
    )]
    TooManyCycles {
        /// The cycles asked for.
        cycles: u32,
        /// The rooms.
        rooms: u32,
        /// The most cycles the rooms are asked for.
        most: u32,
    },

    /// Too few pairs of rooms could close cycles on this map.
    #[error(
        "only {found} of the {cycles} cycles asked for fit this map: too few pairs of \
         neighbouring rooms lie at least {} tree edges apart in one zone with a way for a \
         corridor between them; fewer cycles, more rooms or another seed would do",
        super::LONG_WAY
    )]
    CyclesDontFit {
        /// The cycles asked for.
        cycles: u32,
        /// How many fit.
        found: u32,
    },

    /// A maze between the rooms would join the two ends of a cycle round its lock.
    #[error(
        "a maze between the rooms would lead round the locks of cycles, from one end of a \
         cycle's short way to the other: cycles need routed corridors"
    )]
    MazeRoundCycles,

    /// More locks than the spanning tree has edges to hold them.
    #[error(
        "{locks} locks cannot be placed on {rooms} {noun}: each stands on its own edge of the \
         rooms' spanning tree, which has {most}; expected 0 to {most} locks",
        noun = if *rooms == 1 { "room" } else { "rooms" }
    )]
    TooManyLocks {
        /// The locks asked for.
        locks: u32,
        /// The rooms.
        rooms: u32,
        /// The most locks the rooms take ([`super::most_locks`]).
        most: u32,
    },

    /// Every plan of the locks tried left some pair of rooms walled in by the corridors of
    /// other zones.
    #[error(
        "no plan of {locks} {noun} tried ({plans}) could keep the corridors behind each lock \
         apart on this {width}x{height} map; a larger map or fewer locks would do",
        noun = if *locks == 1 { "lock" } else { "locks" }
    )]
    LocksWalledIn {
        /// The locks asked for.
        locks: u32,
        /// The plans tried.
        plans: u32,
        /// Map width in tiles.
        width: u32,
        /// Map height in tiles.
        height: u32,
    },

    /// A maze algorithm that cannot fill the rock between rooms.
    #[error(
        "'{name}' cannot carve the maze between the rooms: it needs an algorithm that carves \
         any shape, one of {expected}"
    )]
    MazeAlgorithm {
        /// The name asked for.
        name: String,
        /// The algorithms that would do, comma-separated.
        expected: String,
    },

    /// A maze between the rooms needs the rooms laid out on a tile map.
    #[error(
        "a maze between the rooms fills the tile map's rock, and this room graph has no tile \
         map; lay the rooms out on a map, or route the corridors only"
    )]
    MazeNeedsMap,
}

/// `, AT` for a place in a file, nothing for the whole file.
fn place(at: &str) -> String {
    if at.is_empty() {
        String::new()
    } else {
        format!(", {at}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_cycles_reads_as_one_sentence() {
        let error = RoomsError::TooManyCycles {
            cycles: 100,
            rooms: 24,
            most: 3,
        };
        let message = error.to_string();
        assert!(!message.contains("  "), "{message}");
        assert!(message.contains("apart, and a map"), "{message}");
    }
}
