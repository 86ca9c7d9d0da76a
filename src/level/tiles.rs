//! A level drawn as tiles ([`TileMap`]), and the rectangles that bound its rooms.

use serde::Serialize;
use std::ops::Range;

/// One tile of a level: a room map's, or a cave's (its caverns drawn as rooms and its tunnels
/// as corridors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapTile {
    /// Solid rock.
    Rock,
    /// A room's floor.
    Room,
    /// A corridor.
    Corridor,
    /// A corridor's end, next to the floor of its room.
    Door,
    /// A locked door: its corridor opens with the key of the same number.
    Lock,
    /// A key, on a room's floor.
    Key,
    /// The start, on the start room's floor.
    Start,
    /// The goal, on the goal room's floor.
    Goal,
    /// Stairs up to the floor above, on the floor's first room (a dungeon's floors after its
    /// first, [`super::Dungeon`]).
    StairsUp,
    /// Stairs down to the floor below, on the floor's last room (a dungeon's floors before its
    /// last).
    StairsDown,
}

impl MapTile {
    /// Every kind, in declaration order: `tile as usize` indexes it.
    pub const ALL: [MapTile; 10] = [
        MapTile::Rock,
        MapTile::Room,
        MapTile::Corridor,
        MapTile::Door,
        MapTile::Lock,
        MapTile::Key,
        MapTile::Start,
        MapTile::Goal,
        MapTile::StairsUp,
        MapTile::StairsDown,
    ];

    /// Whether it is a room's floor, marked or not: what a player stands on in a room.
    pub fn is_floor(self) -> bool {
        matches!(
            self,
            MapTile::Room
                | MapTile::Key
                | MapTile::Start
                | MapTile::Goal
                | MapTile::StairsUp
                | MapTile::StairsDown
        )
    }
}

/// The maximal runs of positions `0..length` where `on` holds, from the first.
pub(crate) fn runs(length: u32, on: impl Fn(u32) -> bool) -> impl Iterator<Item = Range<u32>> {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < length && !on(at) {
            at += 1;
        }
        let start = at;
        while at < length && on(at) {
            at += 1;
        }
        (start < at).then_some(start..at)
    })
}

/// A level drawn as tiles, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileMap {
    width: u32,
    tiles: Vec<MapTile>,
}

impl TileMap {
    /// A map `width` tiles wide of `tiles`, row by row.
    pub(crate) fn new(width: u32, tiles: Vec<MapTile>) -> Self {
        Self { width, tiles }
    }

    /// Width in tiles.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in tiles.
    pub fn height(&self) -> u32 {
        (self.tiles.len() / self.width as usize) as u32
    }

    /// The tile at column `x`, row `y`.
    pub fn get(&self, x: u32, y: u32) -> MapTile {
        self.tiles[y as usize * self.width as usize + x as usize]
    }

    /// The rows from top to bottom.
    pub fn rows(&self) -> std::slice::Chunks<'_, MapTile> {
        self.tiles.chunks(self.width as usize)
    }

    /// Whether tile `(x, y)`, which may lie outside the map, is a room's floor (marked or not).
    pub fn is_floor(&self, x: i64, y: i64) -> bool {
        !self.is_rock(x, y) && self.get(x as u32, y as u32).is_floor()
    }

    /// Whether tile `(x, y)`, which may lie outside the map, is rock.
    pub fn is_rock(&self, x: i64, y: i64) -> bool {
        let inside =
            (0..i64::from(self.width())).contains(&x) && (0..i64::from(self.height())).contains(&y);
        !inside || self.get(x as u32, y as u32) == MapTile::Rock
    }

    /// The walls: every edge between rock and other tiles (the map's border included), as
    /// maximal straight lines between tile corners `(x, y)`, along each row line from left to
    /// right, then along each column line from top to bottom. They enclose exactly the tiles
    /// that are not rock.
    pub fn walls(&self) -> Vec<((u32, u32), (u32, u32))> {
        let (width, height) = (self.width(), self.height());
        let rock = |x: u32, y: u32| self.is_rock(i64::from(x), i64::from(y));
        let mut walls = Vec::new();
        // Grid line `line` runs between tiles `line - 1` and `line`.
        for line in 0..=height {
            let edge = |x| rock(x, line.wrapping_sub(1)) != rock(x, line);
            walls.extend(runs(width, edge).map(|run| ((run.start, line), (run.end, line))));
        }
        for line in 0..=width {
            let edge = |y| rock(line.wrapping_sub(1), y) != rock(line, y);
            walls.extend(runs(height, edge).map(|run| ((line, run.start), (line, run.end))));
        }
        walls
    }
}

/// A room's floor, or the smallest rectangle holding a cavern's: columns `x .. x + w`, rows
/// `y .. y + h` of the tile map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Rect {
    /// Leftmost column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width in tiles.
    pub w: u32,
    /// Height in tiles.
    pub h: u32,
}

impl Rect {
    /// The centre in doubled tile coordinates (tile `t` is centred on `2t`): whole numbers.
    pub fn doubled_centre(&self) -> (u64, u64) {
        (
            2 * u64::from(self.x) + u64::from(self.w) - 1,
            2 * u64::from(self.y) + u64::from(self.h) - 1,
        )
    }

    /// Whether tile `(x, y)` is floor of this room.
    pub fn contains(&self, (x, y): (u32, u32)) -> bool {
        (self.x..self.x + self.w).contains(&x) && (self.y..self.y + self.h).contains(&y)
    }
}
