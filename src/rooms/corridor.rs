//! Corridors and the tile map.
//!
//! A corridor runs straight from one room's centre to the other's: it is the 4-connected
//! digital line of that segment (every tile the segment passes through, stepping one tile
//! across or down at a time, across first where it passes exactly through a corner), less the
//! tiles inside the two rooms. Its first tile touches room `a`, its last touches room `b`: the
//! doors. The segments between Delaunay neighbours never cross, so the corridors of
//! Delaunay candidates never cross either. On the tile grid two of them can share tiles
//! where they leave one room in nearly the same direction, or near a third room close to one's
//! line (with rooms of 3 tiles or more, only where that corridor runs through the room). A
//! corridor that meets another room on its way runs through it.

use super::{Rect, RoomMap};

/// The tiles of a corridor from its door on room `a` to its door on room `b`, as `(x, y)`.
#[derive(Debug, Clone)]
pub struct Corridor {
    line: LineTiles,
    a: Rect,
    b: Rect,
}

impl Corridor {
    /// The corridor between rooms `a` and `b`, which must not overlap.
    pub fn between(a: Rect, b: Rect) -> Self {
        Self {
            line: LineTiles::new(a.doubled_centre(), b.doubled_centre()),
            a,
            b,
        }
    }

    /// An upper bound of the corridor's length in tiles, in O(1).
    pub fn max_len(a: Rect, b: Rect) -> u64 {
        let line = LineTiles::new(a.doubled_centre(), b.doubled_centre());
        line.remaining_x + line.remaining_y + 1
    }
}

impl Iterator for Corridor {
    type Item = (u32, u32);

    fn next(&mut self) -> Option<(u32, u32)> {
        // The line is monotone and the rooms are rectangles, so its tiles inside `a` come first
        // and those inside `b` last.
        loop {
            let tile = self.line.next()?;
            if self.b.contains(tile) {
                self.line.finish();
                return None;
            }
            if !self.a.contains(tile) {
                return Some(tile);
            }
        }
    }
}

/// The tiles of the 4-connected digital line between two points given in doubled tile
/// coordinates (tile `t` spans doubled coordinates `2t - 1 ..= 2t + 1`, so room centres are
/// whole numbers).
#[derive(Debug, Clone)]
struct LineTiles {
    tile: (i64, i64),
    step: (i64, i64),
    /// `|dx|` and `|dy|` of the segment, doubled.
    span: (u64, u64),
    /// Doubled distance along x (y) from the start to the next tile border crossed.
    next_border: (u64, u64),
    remaining_x: u64,
    remaining_y: u64,
    started: bool,
}

impl LineTiles {
    fn new(from: (u64, u64), to: (u64, u64)) -> Self {
        let axis = |p: u64, q: u64| {
            let (p, q) = (p as i64, q as i64);
            let step = (q - p).signum();
            // The tile of a doubled coordinate, for a point on a border the one towards
            // `step`: the line starts in the tile ahead and ends in the tile before.
            let tile = |c: i64, step: i64| match (c % 2 == 0, step) {
                (true, _) => c / 2,
                (false, -1) => (c - 1) / 2,
                (false, _) => (c + 1) / 2,
            };
            let (start, end) = (tile(p, step), tile(q, -step));
            let border = if p % 2 == 0 { 1 } else { 2 };
            (start, step, p.abs_diff(q), border, start.abs_diff(end))
        };
        let (x, sx, ax, bx, rx) = axis(from.0, to.0);
        let (y, sy, ay, by, ry) = axis(from.1, to.1);
        Self {
            tile: (x, y),
            step: (sx, sy),
            span: (ax, ay),
            next_border: (bx, by),
            remaining_x: rx,
            remaining_y: ry,
            started: false,
        }
    }

    fn finish(&mut self) {
        self.remaining_x = 0;
        self.remaining_y = 0;
        self.started = true;
    }
}

impl Iterator for LineTiles {
    type Item = (u32, u32);

    fn next(&mut self) -> Option<(u32, u32)> {
        if !self.started {
            self.started = true;
        } else if self.remaining_x + self.remaining_y == 0 {
            return None;
        } else {
            // Cross whichever border comes first along the segment: x at parameter
            // next_border.0 / span.0, y at next_border.1 / span.1 (x on a tie).
            let x_first = self.remaining_y == 0
                || (self.remaining_x > 0
                    && self.next_border.0 * self.span.1 <= self.next_border.1 * self.span.0);
            if x_first {
                self.tile.0 += self.step.0;
                self.next_border.0 += 2;
                self.remaining_x -= 1;
            } else {
                self.tile.1 += self.step.1;
                self.next_border.1 += 2;
                self.remaining_y -= 1;
            }
        }
        Some((self.tile.0 as u32, self.tile.1 as u32))
    }
}

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
}

impl MapTile {
    /// Every kind, in declaration order: `tile as usize` indexes it.
    pub const ALL: [MapTile; 4] = [
        MapTile::Rock,
        MapTile::Room,
        MapTile::Corridor,
        MapTile::Door,
    ];
}

/// A room map drawn as tiles, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileMap {
    width: u32,
    tiles: Vec<MapTile>,
}

impl TileMap {
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
}

impl RoomMap {
    /// The corridor of `edge`, or `None` for a map generated without a layout.
    pub fn corridor(&self, edge: &super::Edge) -> Option<Corridor> {
        let rooms = &self.layout.as_ref()?.rooms;
        Some(Corridor::between(
            rooms[edge.a as usize],
            rooms[edge.b as usize],
        ))
    }

    /// The map drawn as tiles: rock, room floors, corridors, and a door at each end of every
    /// corridor. `None` for a map generated without a layout.
    pub fn tile_map(&self) -> Option<TileMap> {
        let layout = self.layout.as_ref()?;
        let width = layout.width as usize;
        let mut tiles = vec![MapTile::Rock; width * layout.height as usize];
        let mut doors = Vec::with_capacity(2 * self.edges.len());
        for edge in &self.edges {
            let mut last = None;
            for (x, y) in self.corridor(edge)? {
                let at = y as usize * width + x as usize;
                if last.is_none() {
                    doors.push(at);
                }
                tiles[at] = MapTile::Corridor;
                last = Some(at);
            }
            doors.extend(last);
        }
        for at in doors {
            tiles[at] = MapTile::Door;
        }
        // Doors touch their rooms and rooms keep a tile of rock between them, so no floor
        // covers a door.
        for room in &layout.rooms {
            for y in room.y..room.y + room.h {
                let row = y as usize * width;
                tiles[row + room.x as usize..row + (room.x + room.w) as usize].fill(MapTile::Room);
            }
        }
        Some(TileMap {
            width: layout.width,
            tiles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(from: (u64, u64), to: (u64, u64)) -> Vec<(u32, u32)> {
        LineTiles::new(from, to).collect()
    }

    #[test]
    fn lines_step_one_tile_at_a_time() {
        // Doubled coordinates: tile t is centred on 2t.
        assert_eq!(line((2, 2), (8, 2)), [(1, 1), (2, 1), (3, 1), (4, 1)]);
        assert_eq!(line((8, 2), (2, 2)), [(4, 1), (3, 1), (2, 1), (1, 1)]);
        // Exactly through corners: across first.
        assert_eq!(
            line((2, 2), (6, 6)),
            [(1, 1), (2, 1), (2, 2), (3, 2), (3, 3)]
        );
        assert_eq!(
            line((6, 6), (2, 2)),
            [(3, 3), (2, 3), (2, 2), (1, 2), (1, 1)]
        );
        assert_eq!(line((4, 4), (4, 4)), [(2, 2)]);
    }

    #[test]
    fn lines_between_border_points() {
        // From the border between tiles 1 and 2 to the border between tiles 4 and 5.
        assert_eq!(line((3, 2), (9, 2)), [(2, 1), (3, 1), (4, 1)]);
        assert_eq!(line((9, 2), (3, 2)), [(4, 1), (3, 1), (2, 1)]);
        // Along a border: the column on its right.
        assert_eq!(line((3, 2), (3, 6)), [(2, 1), (2, 2), (2, 3)]);
    }

    #[test]
    fn corridors_run_from_door_to_door() {
        let a = Rect {
            x: 1,
            y: 1,
            w: 3,
            h: 3,
        };
        let b = Rect {
            x: 8,
            y: 1,
            w: 2,
            h: 3,
        };
        // Centres (2, 2) and (8.5, 2): the tiles strictly between the rooms.
        let tiles: Vec<_> = Corridor::between(a, b).collect();
        assert_eq!(tiles, [(4, 2), (5, 2), (6, 2), (7, 2)]);
        assert_eq!(Corridor::between(b, a).count(), 4);
        assert!(Corridor::max_len(a, b) >= 4);
    }
}
