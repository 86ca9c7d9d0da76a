//! Why a room map cannot be made: every message says what would work, and those about more
//! than one value name the options at fault.

use thiserror::Error;

/// A room-map request that mazegen refuses. Messages about a single value (count, room size)
/// say what would be accepted; the others also name the command-line options at fault
/// (the library options carry the same names).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RoomsError {
    /// A number of rooms that is zero or too large.
    #[error("{count} rooms: expected 1 to {limit}")]
    Count {
        /// The rejected count.
        count: u64,
        /// The most rooms mazegen makes.
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
        "--max-doors {max_doors}: {count} rooms cannot all be connected when {reason}; \
         use --max-doors {needed} or more"
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
    /// unconnected (possible with `--max-doors` and `--candidates delaunay`).
    #[error(
        "--max-doors {max_doors} with --candidates delaunay: the rooms could not all be \
         connected ({connected} of {count} were, and no connected room with a free door has an \
         unconnected Delaunay neighbour); use a larger --max-doors, --candidates all or \
         another --seed"
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
    #[error("--candidates delaunay needs the rooms' positions on the map: drop --map never")]
    DelaunayNeedsMap,

    /// A map that cannot hold the rooms whatever the placement.
    #[error(
        "{what}: {reason}; use a larger --width/--height, fewer rooms or a smaller --room-size"
    )]
    MapTooSmall {
        /// The options at fault, as on the command line.
        what: String,
        /// Why the rooms cannot fit.
        reason: String,
    },

    /// Random placement found no free spot for a room.
    #[error(
        "--width {width} --height {height}: no free spot for room {room} of {count} \
         ({w}x{h} tiles) after {tries} random tries; use a larger --width/--height, fewer \
         rooms or a smaller --room-size"
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

    /// A map with more tiles than mazegen holds.
    #[error(
        "--width {width} --height {height}: a map of {tiles} tiles is more than the {limit} \
         mazegen holds; use fewer rooms, smaller ones or --map never"
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

    /// Corridors that would cover more tiles than mazegen draws.
    #[error(
        "the corridors of {count} rooms would cover up to {tiles} tiles, more than the {limit} \
         mazegen draws; use --candidates delaunay, fewer rooms, a lower --p or --map never"
    )]
    TooManyCorridorTiles {
        /// The number of rooms.
        count: u32,
        /// The corridor tiles the edges would need (an upper bound).
        tiles: u64,
        /// The most corridor tiles mazegen draws.
        limit: u64,
    },

    /// More edges than mazegen holds, on average, for this count and p.
    #[error(
        "--count {count} with --p {p}: about {expected} connections, more than the {limit} \
         mazegen holds; use a lower --p or fewer rooms"
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
    },
}
