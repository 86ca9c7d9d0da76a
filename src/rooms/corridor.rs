//! Corridors, and the room map as a level: its tile map, drawn from the rooms and corridors
//! when needed.
//!
//! Corridors are routed when the map is generated ([`super::route`]): each is a 4-connected
//! path of tiles from its door on room `a` to its door on room `b`, through rock only, never
//! beside a third room.

use super::RoomMap;
use crate::level::{Analysis, Edge, Level, Lock, MapTile, Mark, Rect, TileMap, Wanted, analyse};

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

    /// The prefab room `room` is ([`super::RoomOptions::prefabs`]), or `None` for a room drawn
    /// at random.
    pub fn prefab(&self, room: u32) -> Option<&super::Prefab> {
        self.prefabs
            .iter()
            .find(|placed| placed.room == room)
            .map(|placed| &placed.prefab)
    }

    /// Every floor tile of prefab room `room` on the map, in row order, or `None` for a room
    /// drawn at random or a map without a layout.
    fn prefab_floor(&self, room: u32) -> Option<Vec<(u32, u32)>> {
        let r = self.layout.as_ref()?.rooms[room as usize];
        let prefab = self.prefab(room)?;
        Some(prefab.floor().map(|(x, y)| (r.x + x, r.y + y)).collect())
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
}

/// A room map as a level: its tile map, the doors of its locks and its marks.
impl Level for RoomMap {
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The map drawn as tiles: rock, room floors, corridors (the maze's passages too), a door
    /// at each end of every corridor and between the maze and a room (a lock on the side of a
    /// locked corridor away from the start), and `marks` on room floors. A prefab is drawn as
    /// drawn, its sockets the doors: the tile beyond a socket is a corridor (unless a lock, or
    /// another room's door too). `None` for a map generated without a layout or without
    /// corridors.
    fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap> {
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
        for placed in &self.prefabs {
            let (prefab, r) = (&placed.prefab, layout.rooms[placed.room as usize]);
            for y in 0..prefab.height() {
                for x in 0..prefab.width() {
                    let at = (r.y + y) as usize * width + (r.x + x) as usize;
                    tiles[at] = prefab.tile(x, y).map_tile();
                }
            }
        }
        for placed in &self.prefabs {
            let r = &layout.rooms[placed.room as usize];
            for (x, y) in super::prefab::doorways(r, &placed.prefab) {
                let at = y as usize * width + x as usize;
                let beside_floor = [
                    at.wrapping_sub(1),
                    at + 1,
                    at.wrapping_sub(width),
                    at + width,
                ]
                .iter()
                .any(|&n| tiles.get(n) == Some(&MapTile::Room));
                if tiles[at] == MapTile::Door && !beside_floor {
                    tiles[at] = MapTile::Corridor;
                }
            }
        }
        for mark in marks {
            let (x, y) = mark.at;
            tiles[y as usize * width + x as usize] = mark.tile;
        }
        Some(TileMap::new(layout.width, tiles))
    }

    fn room_bounds(&self) -> Vec<Rect> {
        self.layout
            .as_ref()
            .map(|layout| layout.rooms.clone())
            .unwrap_or_default()
    }

    fn room_tile(&self, room: u32) -> Option<(u32, u32)> {
        let r = self.layout.as_ref()?.rooms[room as usize];
        match self.prefab(room) {
            Some(prefab) => prefab.floor().next().map(|(x, y)| (r.x + x, r.y + y)),
            None => Some((r.x, r.y)),
        }
    }

    fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Computed on first use (a few breadth-first searches), unless the locks' plan made it.
    fn analysis(&self) -> &Analysis {
        self.analysis
            .get_or_init(|| analyse(self.params.count, &self.edges))
    }

    fn locks(&self) -> &[Lock] {
        &self.locks
    }

    /// The tile of `lock`'s door: the end of its corridor on the room behind it. `None` for a
    /// map generated without a layout or without corridors.
    fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)> {
        let edge = self.edges[lock.edge as usize];
        let mut corridor = self.corridor(lock.edge as usize)?;
        if edge.b == lock.behind {
            corridor.next_back()
        } else {
            corridor.next()
        }
    }

    fn is_one_way(&self, edge: u32) -> bool {
        self.one_way(edge as usize)
    }

    /// Each room's marks along its rows from its centre tile (a prefab's: its middle floor tile
    /// in row order), wrapping round, those past its floor left out. `None` for a map generated
    /// without a layout.
    fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>> {
        let layout = self.layout.as_ref()?;
        let mut placed = vec![0u32; layout.rooms.len()];
        let mut out = Vec::new();
        for &(room, tile, lock) in wanted {
            if let Some(floor) = self.prefab_floor(room) {
                let n = &mut placed[room as usize];
                if (*n as usize) < floor.len() {
                    let at = ((floor.len() - 1) / 2 + *n as usize) % floor.len();
                    out.push(Mark {
                        tile,
                        room,
                        at: floor[at],
                        lock,
                    });
                    *n += 1;
                }
                continue;
            }
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
