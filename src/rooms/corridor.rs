//! Corridors and the tile map.
//!
//! Corridors are routed when the map is generated ([`super::route`]): each is a 4-connected
//! path of tiles from its door on room `a` to its door on room `b`, through rock only, never
//! beside a third room. The tile map is drawn from the rooms and corridors when needed.

use super::level::Wanted;
use super::{Lock, RoomMap};
use std::ops::Range;

/// The tiles of a corridor from its door on room `a` to its door on room `b`, or of the maze
/// between the rooms, as `(x, y)`.
#[derive(Debug, Clone)]
pub struct Corridor<'a> {
    tiles: std::slice::Iter<'a, u32>,
    width: u32,
}

impl Iterator for Corridor<'_> {
    type Item = (u32, u32);

    fn next(&mut self) -> Option<(u32, u32)> {
        let &tile = self.tiles.next()?;
        Some((tile % self.width, tile / self.width))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.tiles.size_hint()
    }
}

impl DoubleEndedIterator for Corridor<'_> {
    fn next_back(&mut self) -> Option<(u32, u32)> {
        let &tile = self.tiles.next_back()?;
        Some((tile % self.width, tile / self.width))
    }
}

impl ExactSizeIterator for Corridor<'_> {}

/// One tile of a room map.
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

/// A room map drawn as tiles, row by row.
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

impl RoomMap {
    /// The corridor of edge number `k` (an index into [`RoomMap::edges`]), or `None` for a map
    /// generated without a layout or without corridors.
    pub fn corridor(&self, k: usize) -> Option<Corridor<'_>> {
        let routes = self.routes.as_ref()?;
        let width = self.layout.as_ref()?.width;
        Some(Corridor {
            tiles: routes.of(k).iter(),
            width,
        })
    }

    /// The passages of the maze between the rooms ([`super::MazeFill`]) in row order, its
    /// doors left out, or `None` for a map without a maze.
    pub fn maze_passages(&self) -> Option<Corridor<'_>> {
        let maze = self.maze.as_ref()?;
        Some(Corridor {
            tiles: maze.passages.iter(),
            width: self.layout.as_ref()?.width,
        })
    }

    /// The doors between the rooms and the maze in row order, or `None` for a map without a
    /// maze.
    pub fn maze_doors(&self) -> Option<Corridor<'_>> {
        let maze = self.maze.as_ref()?;
        Some(Corridor {
            tiles: maze.doors.iter(),
            width: self.layout.as_ref()?.width,
        })
    }

    /// The map drawn as tiles: rock, room floors, corridors (the maze's passages too), a door
    /// at each end of every corridor and between the maze and a room (a lock on the side of a
    /// locked corridor away from the start), and the [`marks`](Self::marks) on room floors.
    /// `None` for a map generated without a layout or without corridors.
    pub fn tile_map(&self) -> Option<TileMap> {
        self.tile_map_with(&self.marks()?)
    }

    /// The map drawn as tiles as [`RoomMap::tile_map`] draws it, with `marks` on the room
    /// floors instead of its own.
    pub(crate) fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap> {
        let layout = self.layout.as_ref()?;
        let routes = self.routes.as_ref()?;
        let width = layout.width as usize;
        let mut tiles = vec![MapTile::Rock; width * layout.height as usize];
        for &at in &routes.tiles {
            tiles[at as usize] = MapTile::Corridor;
        }
        if let Some(maze) = &self.maze {
            for &at in &maze.passages {
                tiles[at as usize] = MapTile::Corridor;
            }
            for &at in &maze.doors {
                tiles[at as usize] = MapTile::Door;
            }
        }
        for k in 0..self.edges.len() {
            let corridor = routes.of(k);
            for &at in [corridor.first(), corridor.last()].into_iter().flatten() {
                tiles[at as usize] = MapTile::Door;
            }
        }
        for lock in &self.locks {
            let (x, y) = self.lock_door(lock)?;
            tiles[y as usize * width + x as usize] = MapTile::Lock;
        }
        for room in &layout.rooms {
            for y in room.y..room.y + room.h {
                let row = y as usize * width;
                tiles[row + room.x as usize..row + (room.x + room.w) as usize].fill(MapTile::Room);
            }
        }
        for mark in marks {
            let (x, y) = mark.at;
            tiles[y as usize * width + x as usize] = mark.tile;
        }
        Some(TileMap {
            width: layout.width,
            tiles,
        })
    }

    /// The tile of `lock`'s door: the end of its corridor on the room behind it. `None` for a
    /// map generated without a layout or without corridors.
    pub fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)> {
        let edge = self.edges[lock.edge as usize];
        let mut corridor = self.corridor(lock.edge as usize)?;
        if edge.b == lock.behind {
            corridor.next_back()
        } else {
            corridor.next()
        }
    }

    /// The marks on room floors ([`super::level::marks_wanted`]: the start, the goal and the
    /// keys), each room's along its rows from its centre tile, wrapping round, those past its
    /// floor left out. `None` for a map generated without a layout.
    pub fn marks(&self) -> Option<Vec<Mark>> {
        self.place_marks(&super::level::marks_wanted(self.analysis(), &self.locks))
    }

    /// Where the `wanted` marks lie, placed as [`RoomMap::marks`] places its own.
    pub(crate) fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>> {
        let layout = self.layout.as_ref()?;
        let mut placed = vec![0u32; layout.rooms.len()];
        let mut out = Vec::new();
        for &(room, tile, lock) in wanted {
            let r = layout.rooms[room as usize];
            let floor = r.w * r.h;
            let n = &mut placed[room as usize];
            if *n < floor {
                let at = ((r.h - 1) / 2 * r.w + (r.w - 1) / 2 + *n) % floor;
                out.push(Mark {
                    tile,
                    room,
                    at: (r.x + at % r.w, r.y + at / r.w),
                    lock,
                });
                *n += 1;
            }
        }
        Some(out)
    }
}
