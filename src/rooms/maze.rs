//! Rooms and mazes (`--corridors maze`, after Bob Nystrom's "Rooms and Mazes"): the rock
//! between the rooms and the routed corridors is filled with a maze, joined to the rooms by
//! doors, and its dead ends are trimmed.
//!
//! 1. **Cells**: the maze's cells sit on tiles with odd `x` and `y` whose eight neighbours are
//!    rock too: not a room's floor, not a corridor, not the map's border. So every maze tile
//!    keeps a tile of rock from floors and corridors, and touches a room only through a door.
//!    Cells two tiles apart are neighbours; each 4-connected region of cells is a
//!    [`Masked`] shape of its own.
//! 2. **Doors**: a door is a wall tile beside a room's floor (corners left out), off the border,
//!    beside no corridor and beside no rock that touches another room's floor (so no other
//!    room's door or corridor is ever beside it), with a cell one tile beyond it, or two tiles
//!    beyond it across one tile of rock (which becomes part of the maze). Every room with such
//!    a spot gets one door, drawn at random; then every region no room opened onto gets a door
//!    from a room beside it, drawn at random. A region beside no room stays rock. With locks,
//!    rooms fall into zones (those joined without passing a lock), and a region opens into the
//!    rooms of one zone only: the zone of the first room that opens onto it. A prefab's doors
//!    are only the tiles beyond its sockets, and it gets one at every socket with such a spot,
//!    drawing nothing.
//! 3. **Carving**: every region with a door is carved into a perfect maze by the chosen
//!    algorithm, region after region in the order of their first cell.
//! 4. **Dead ends**: a dead end is a maze tile (or door) with one walkable neighbour. They are
//!    taken in a random order, each followed back along its passage, and removed until the
//!    share `sparseness` of the maze's tiles (doors included) is gone or no dead end is left.
//!    A door whose maze is gone goes too; corridors of the graph are never touched.
//!
//! Every draw comes from the stream [`super::MAZE_STREAM`]: the rooms, the graph and its
//! corridors are exactly those of routed corridors for the same seed. All walkable tiles
//! stay one 4-connected region: each carved region is a tree joined to a room by a door, and
//! removing dead ends never splits what is left.

use super::limits::map_vec;
use super::route::Routes;
use super::{Layout, RoomsError};
use crate::algorithms::Generator;
use crate::grid::{Pos, cell_line_of_tile_u32, cells_within_tiles_u32, tile_line_of_cell_u32};
use crate::level::Rect;
use crate::rng::{MazeRng, uniform};
use crate::topology::{Mask, Masked, Shape, Topology};

/// Solid rock (and the map's border).
const ROCK: u8 = 0;
/// A room's floor.
const FLOOR: u8 = 1;
/// A corridor of the graph.
const CORRIDOR: u8 = 2;
/// A tile of the maze.
const MAZE: u8 = 3;
/// A door between a room and the maze.
const DOOR: u8 = 4;

/// No region: a tile that is not a maze cell.
const NONE: u32 = u32::MAX;
/// A cell whose region is not known yet.
const OPEN: u32 = u32::MAX - 1;

/// The maze between the rooms: its passages and its doors, as sorted tile indices
/// (`y * width + x`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct MazeTiles {
    /// The maze's tiles, doors left out.
    pub(crate) passages: Vec<u32>,
    /// The doors between rooms and the maze.
    pub(crate) doors: Vec<u32>,
}

/// A spot for a door: a wall tile of `room`, maybe a tile of rock beyond it, then a cell.
#[derive(Debug, Clone, Copy)]
struct Spot {
    room: u32,
    door: u32,
    /// The tiles between the door and the cell, or [`NONE`].
    between: [u32; 2],
    region: u32,
}

/// Fills the rock of `layout`, around the corridors of `routes`, with a maze carved by
/// `generator`, joins it to the rooms (each region to rooms of one of their `zones`; the first
/// `prefabs` rooms at every spot, none on the `sealed` tiles) and removes the share
/// `sparseness` of its tiles as dead ends, drawing from `rng`.
pub(crate) fn fill(
    layout: &Layout,
    routes: &Routes,
    zones: &[u32],
    (sealed, prefabs): (&[u32], usize),
    generator: &dyn Generator,
    sparseness: f64,
    rng: &mut MazeRng,
) -> Result<MazeTiles, RoomsError> {
    let mut map = Map::new(layout, routes)?;
    let cells = Cells::new(&map)?;
    let mut spots = door_spots(&map, &cells, &layout.rooms, prefabs);
    spots.retain(|s| sealed.binary_search(&s.door).is_err());
    // One door per room, into a region no other zone opened onto, then one per region no room
    // opened onto.
    let mut zone_of = vec![NONE; cells.regions.len()];
    let mut doors: Vec<Spot> = Vec::new();
    let mut first = 0;
    let mut open: Vec<Spot> = Vec::new();
    while first < spots.len() {
        let room = spots[first].room;
        let end = first + spots[first..].partition_point(|s| s.room == room);
        let zone = zones[room as usize];
        open.clear();
        open.extend(
            spots[first..end].iter().filter(|s| {
                zone_of[s.region as usize] == NONE || zone_of[s.region as usize] == zone
            }),
        );
        if (room as usize) < prefabs {
            for &spot in &open {
                zone_of[spot.region as usize] = zone;
                doors.push(spot);
            }
        } else if !open.is_empty() {
            let spot = open[uniform(rng, 0..open.len())];
            zone_of[spot.region as usize] = zone;
            doors.push(spot);
        }
        first = end;
    }
    let mut by_region: Vec<Spot> = spots
        .iter()
        .copied()
        .filter(|s| zone_of[s.region as usize] == NONE)
        .collect();
    by_region.sort_by_key(|s| s.region);
    let mut first = 0;
    while first < by_region.len() {
        let region = by_region[first].region;
        let end = first + by_region[first..].partition_point(|s| s.region == region);
        let spot = by_region[first + uniform(rng, 0..end - first)];
        zone_of[region as usize] = zones[spot.room as usize];
        doors.push(spot);
        first = end;
    }
    for (region, bounds) in cells.regions.iter().enumerate() {
        if zone_of[region] != NONE {
            carve_region(&mut map, &cells, region as u32, *bounds, generator, rng)?;
        }
    }
    for spot in &doors {
        map.kind[spot.door as usize] = DOOR;
        for &between in spot.between.iter().filter(|&&at| at != NONE) {
            map.kind[between as usize] = MAZE;
        }
    }
    map.trim(sparseness, rng);
    let mut maze = MazeTiles::default();
    for (at, &kind) in map.kind.iter().enumerate() {
        match kind {
            MAZE => maze.passages.push(at as u32),
            DOOR => maze.doors.push(at as u32),
            _ => {}
        }
    }
    Ok(maze)
}

/// The map as the maze sees it: one byte per tile.
struct Map {
    width: u32,
    height: u32,
    kind: Vec<u8>,
}

impl Map {
    fn new(layout: &Layout, routes: &Routes) -> Result<Self, RoomsError> {
        let (width, height) = (layout.width, layout.height);
        let mut kind = map_vec(width, height, width as usize * height as usize, ROCK)?;
        for &at in &routes.tiles {
            kind[at as usize] = CORRIDOR;
        }
        for room in &layout.rooms {
            for y in room.y..room.y + room.h {
                let row = y as usize * width as usize;
                kind[row + room.x as usize..row + (room.x + room.w) as usize].fill(FLOOR);
            }
        }
        Ok(Self {
            width,
            height,
            kind,
        })
    }

    fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The tiles beside tile `at` within the map.
    fn neighbours(&self, at: usize) -> impl Iterator<Item = usize> + use<> {
        let (width, height) = (self.width as usize, self.height as usize);
        let (x, y) = (at % width, at / width);
        [
            (x + 1 < width).then(|| at + 1),
            (y + 1 < height).then(|| at + width),
            (x > 0).then(|| at - 1),
            (y > 0).then(|| at - width),
        ]
        .into_iter()
        .flatten()
    }

    /// Whether a player can stand on tile `at` as the dead ends count: floor, maze and doors
    /// (the graph's corridors never touch the maze but at its doors' sides, and do not count).
    fn open(&self, at: usize) -> bool {
        matches!(self.kind[at], FLOOR | MAZE | DOOR)
    }

    /// The number of open tiles beside maze tile or door `at`.
    fn exits(&self, at: usize) -> usize {
        self.neighbours(at).filter(|&n| self.open(n)).count()
    }

    /// Removes dead ends, branch by branch in a random order, until the share `sparseness` of
    /// the maze's tiles is gone or none is left.
    fn trim(&mut self, sparseness: f64, rng: &mut MazeRng) {
        let maze = |kind: u8| kind == MAZE || kind == DOOR;
        let total = self.kind.iter().filter(|&&k| maze(k)).count();
        let mut budget = (sparseness * total as f64) as usize;
        if budget == 0 {
            return;
        }
        let mut dead: Vec<u32> = (0..self.kind.len())
            .filter(|&at| maze(self.kind[at]) && self.exits(at) <= 1)
            .map(|at| at as u32)
            .collect();
        for i in 0..dead.len() {
            let j = uniform(rng, i..dead.len());
            dead.swap(i, j);
        }
        for &end in &dead {
            let mut at = end as usize;
            // A door left leading nowhere goes too, over the budget if need be.
            while (budget > 0 || self.kind[at] == DOOR)
                && maze(self.kind[at])
                && self.exits(at) <= 1
            {
                let next = self
                    .neighbours(at)
                    .find(|&n| maze(self.kind[n]) && self.open(n));
                self.kind[at] = ROCK;
                budget = budget.saturating_sub(1);
                match next {
                    Some(next) => at = next,
                    None => break,
                }
            }
            if budget == 0 {
                break;
            }
        }
    }
}

/// The maze's cells: tiles `(2i + 1, 2j + 1)` with rock all around, and their regions.
struct Cells {
    /// Cells across and down.
    width: u32,
    height: u32,
    /// Every cell's region, or [`NONE`] for a tile that cannot be a cell.
    region: Vec<u32>,
    /// Every region's bounds in cells: `(i0, j0, i1, j1)`, both ends included.
    regions: Vec<(u32, u32, u32, u32)>,
}

impl Cells {
    fn new(map: &Map) -> Result<Self, RoomsError> {
        let (width, height) = (
            cells_within_tiles_u32(map.width),
            cells_within_tiles_u32(map.height),
        );
        let clear = |i: u32, j: u32| {
            let (x, y) = (tile_line_of_cell_u32(i), tile_line_of_cell_u32(j));
            x + 1 < map.width - 1
                && y + 1 < map.height - 1
                && (y - 1..=y + 1)
                    .all(|ty| (x - 1..=x + 1).all(|tx| map.kind[map.index(tx, ty)] == ROCK))
        };
        // Cells not yet in a region are OPEN, tiles that cannot be cells NONE.
        let size = width as usize * height as usize;
        let mut region = map_vec(map.width, map.height, size, NONE)?;
        for j in 0..height {
            for i in (0..width).filter(|&i| clear(i, j)) {
                region[(j * width + i) as usize] = OPEN;
            }
        }
        let mut regions = Vec::new();
        let mut stack = Vec::new();
        for first in 0..region.len() {
            if region[first] != OPEN {
                continue;
            }
            let label = regions.len() as u32;
            let (i, j) = (first as u32 % width, first as u32 / width);
            let mut bounds = (i, j, i, j);
            region[first] = label;
            stack.push(first);
            while let Some(c) = stack.pop() {
                let (i, j) = (c as u32 % width, c as u32 / width);
                bounds = (
                    bounds.0.min(i),
                    bounds.1.min(j),
                    bounds.2.max(i),
                    bounds.3.max(j),
                );
                let beside = [
                    (i + 1 < width).then(|| c + 1),
                    (j + 1 < height).then(|| c + width as usize),
                    (i > 0).then(|| c - 1),
                    (j > 0).then(|| c - width as usize),
                ];
                for n in beside.into_iter().flatten() {
                    if region[n] == OPEN {
                        region[n] = label;
                        stack.push(n);
                    }
                }
            }
            regions.push(bounds);
        }
        Ok(Self {
            width,
            height,
            region,
            regions,
        })
    }

    /// The region of the cell on tile `(x, y)`, or [`NONE`].
    fn region_at(&self, x: u32, y: u32) -> u32 {
        let (Some(i), Some(j)) = (cell_line_of_tile_u32(x), cell_line_of_tile_u32(y)) else {
            return NONE;
        };
        if i >= self.width || j >= self.height {
            return NONE;
        }
        self.region[(j * self.width + i) as usize]
    }
}

/// Every spot for a door, room by room in id order, each room's clockwise from its top left;
/// the first `prefabs` rooms' also beside a cell ([`aside`]).
fn door_spots(map: &Map, cells: &Cells, rooms: &[Rect], prefabs: usize) -> Vec<Spot> {
    let mut spots = Vec::new();
    for (id, &room) in rooms.iter().enumerate() {
        let (x0, y0) = (i64::from(room.x) - 1, i64::from(room.y) - 1);
        let (x1, y1) = (i64::from(room.x + room.w), i64::from(room.y + room.h));
        // Each wall tile with the step out of the room.
        let walls = (x0 + 1..x1)
            .map(|x| (x, y0, 0, -1))
            .chain((y0 + 1..y1).map(|y| (x1, y, 1, 0)))
            .chain((x0 + 1..x1).rev().map(|x| (x, y1, 0, 1)))
            .chain((y0 + 1..y1).rev().map(|y| (x0, y, -1, 0)));
        for (x, y, dx, dy) in walls {
            let prefab = id < prefabs;
            if let Some(spot) = spot(map, cells, (id as u32, prefab), room, (x, y), (dx, dy)) {
                spots.push(spot);
            }
        }
    }
    spots
}

/// The spot for a door of room `id` on its wall tile `(x, y)`, stepping out by `(dx, dy)`:
/// a cell straight ahead, or for a prefab one [`aside`].
fn spot(
    map: &Map,
    cells: &Cells,
    (id, prefab): (u32, bool),
    room: Rect,
    (x, y): (i64, i64),
    (dx, dy): (i64, i64),
) -> Option<Spot> {
    let (width, height) = (i64::from(map.width), i64::from(map.height));
    if x <= 0 || y <= 0 || x >= width - 1 || y >= height - 1 {
        return None;
    }
    let door = map.index(x as u32, y as u32);
    if map.kind[door] != ROCK {
        return None;
    }
    let other_floor = |n: usize| {
        let (nx, ny) = (
            (n % map.width as usize) as u32,
            (n / map.width as usize) as u32,
        );
        map.kind[n] == FLOOR && !room.contains((nx, ny))
    };
    // Beside no corridor and no other room, nor beside rock where another room's door could be.
    let crowded = map.neighbours(door).any(|n| {
        map.kind[n] == CORRIDOR
            || other_floor(n)
            || (map.kind[n] == ROCK && map.neighbours(n).any(other_floor))
    });
    if crowded {
        return None;
    }
    let at = |k: i64| {
        let (tx, ty) = (x + k * dx, y + k * dy);
        ((0..width).contains(&tx) && (0..height).contains(&ty)).then_some((tx as u32, ty as u32))
    };
    if let Some((ax, ay)) = at(1) {
        let region = cells.region_at(ax, ay);
        if region != NONE {
            return Some(Spot {
                room: id,
                door: door as u32,
                between: [NONE; 2],
                region,
            });
        }
        let region = at(2).map_or(NONE, |(bx, by)| cells.region_at(bx, by));
        if region != NONE {
            return Some(Spot {
                room: id,
                door: door as u32,
                between: [map.index(ax, ay) as u32, NONE],
                region,
            });
        }
    }
    prefab
        .then(|| aside(map, cells, id, (x, y), (dx, dy)))
        .flatten()
}

/// The spot for a prefab's door on wall tile `(x, y)` (free for a door), stepping out by
/// `(dx, dy)`, where no cell lies straight ahead (a socket in a column or row of no cells): the first tile ahead
/// that lies between two cells across the way (one or two tiles beyond the door, rock, and so
/// a passage of the maze once opened), joined to the first of those cells there is.
fn aside(
    map: &Map,
    cells: &Cells,
    id: u32,
    (x, y): (i64, i64),
    (dx, dy): (i64, i64),
) -> Option<Spot> {
    let (width, height) = (i64::from(map.width), i64::from(map.height));
    let door = map.index(x as u32, y as u32);
    let at = |k: i64| {
        let (tx, ty) = (x + k * dx, y + k * dy);
        ((1..width - 1).contains(&tx) && (1..height - 1).contains(&ty))
            .then_some((tx as u32, ty as u32))
    };
    for k in 1..=2 {
        let (px, py) = at(k)?;
        // The cells across the way, on either side of the tile ahead.
        let sides = [(dy, dx), (-dy, -dx)].map(|(sx, sy)| {
            let (cx, cy) = (i64::from(px) + sx, i64::from(py) + sy);
            cells.region_at(cx as u32, cy as u32)
        });
        if let Some(&region) = sides.iter().find(|&&region| region != NONE) {
            let mut between = [NONE; 2];
            for (j, slot) in between.iter_mut().enumerate().take(k as usize) {
                let (tx, ty) = at(j as i64 + 1)?;
                *slot = map.index(tx, ty) as u32;
            }
            return Some(Spot {
                room: id,
                door: door as u32,
                between,
                region,
            });
        }
    }
    None
}

/// Carves region `region` of `cells`, within `bounds`, into a perfect maze with `generator`
/// and marks its cells and passages as maze on `map`.
fn carve_region(
    map: &mut Map,
    cells: &Cells,
    region: u32,
    (i0, j0, i1, j1): (u32, u32, u32, u32),
    generator: &dyn Generator,
    rng: &mut MazeRng,
) -> Result<(), RoomsError> {
    let (w, h) = (i1 - i0 + 1, j1 - j0 + 1);
    let mut on = map_vec(map.width, map.height, w as usize * h as usize, false)?;
    for j in j0..=j1 {
        for i in i0..=i1 {
            on[((j - j0) * w + (i - i0)) as usize] =
                cells.region[(j * cells.width + i) as usize] == region;
        }
    }
    let mut shape = Shape::Masked(Masked::new(Mask::new(w, h, on)?)?);
    generator.carve_shape(&mut shape, rng)?;
    let Shape::Masked(masked) = shape else {
        unreachable!("carving keeps the shape")
    };
    for j in 0..h {
        for i in 0..w {
            let Some(c) = masked.locate(Pos::new(i, j)) else {
                continue;
            };
            let (x, y) = (tile_line_of_cell_u32(i0 + i), tile_line_of_cell_u32(j0 + j));
            let at = map.index(x, y);
            map.kind[at] = MAZE;
            // Each passage once: east and south of its cell.
            if masked.is_open(c, EAST) {
                map.kind[at + 1] = MAZE;
            }
            if masked.is_open(c, SOUTH) {
                map.kind[at + map.width as usize] = MAZE;
            }
        }
    }
    Ok(())
}

/// The sides of a rectangle's cell that lead east and south.
const EAST: usize = crate::grid::Dir::East as usize;
const SOUTH: usize = crate::grid::Dir::South as usize;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::{Backtrack, Wilson};
    use crate::rng::rng_from_seed;

    fn layout(width: u32, height: u32, rooms: &[(u32, u32, u32, u32)]) -> Layout {
        Layout {
            width,
            height,
            rooms: rooms
                .iter()
                .map(|&(x, y, w, h)| Rect { x, y, w, h })
                .collect(),
        }
    }

    fn no_corridors() -> Routes {
        Routes {
            offsets: vec![0],
            tiles: Vec::new(),
        }
    }

    /// The tiles beside `at` on a map `width` tiles wide.
    fn around(at: u32, width: u32) -> [u32; 4] {
        [at + 1, at - 1, at + width, at - width]
    }

    #[test]
    fn a_whole_maze_keeps_off_the_floor_and_enters_the_room_by_one_door() {
        let layout = layout(21, 15, &[(8, 5, 4, 3)]);
        let maze = fill(
            &layout,
            &no_corridors(),
            &[0; 2],
            (&[], 0),
            &Backtrack::default(),
            0.0,
            &mut rng_from_seed(1),
        )
        .unwrap();
        let room = layout.rooms[0];
        let floor = |at: u32| room.contains((at % 21, at / 21));
        assert_eq!(maze.doors.len(), 1);
        for &at in &maze.passages {
            assert!(around(at, 21).iter().all(|&n| !floor(n)), "{at}");
        }
        // A perfect maze over every cell of the rock: cells less one passages between them,
        // plus the door's tile of rock if it has one.
        let cells = maze
            .passages
            .iter()
            .filter(|&&at| {
                cell_line_of_tile_u32(at % 21).is_some() && cell_line_of_tile_u32(at / 21).is_some()
            })
            .count();
        let links = maze.passages.len() - cells;
        assert!(
            links == cells - 1 || links == cells,
            "{cells} cells, {links} links"
        );
    }

    #[test]
    fn full_trimming_leaves_only_passages_between_doors() {
        let layout = layout(31, 17, &[(3, 3, 4, 4), (22, 9, 5, 5)]);
        let maze = fill(
            &layout,
            &no_corridors(),
            &[0; 2],
            (&[], 0),
            &Wilson,
            1.0,
            &mut rng_from_seed(2),
        )
        .unwrap();
        let floor = |at: u32| layout.rooms.iter().any(|r| r.contains((at % 31, at / 31)));
        let open = |at: u32| {
            floor(at) || maze.passages.binary_search(&at).is_ok() || maze.doors.contains(&at)
        };
        // One region of rock, two doors: the path between them is all that is left.
        assert_eq!(maze.doors.len(), 2);
        for &at in maze.passages.iter().chain(&maze.doors) {
            let exits = around(at, 31).iter().filter(|&&n| open(n)).count();
            assert_eq!(exits, 2, "{at}");
        }
    }

    #[test]
    fn a_room_alone_loses_its_door_when_the_maze_is_trimmed_away() {
        let layout = layout(21, 15, &[(8, 5, 4, 3)]);
        let maze = fill(
            &layout,
            &no_corridors(),
            &[0; 2],
            (&[], 0),
            &Backtrack::default(),
            1.0,
            &mut rng_from_seed(3),
        )
        .unwrap();
        assert_eq!(maze, MazeTiles::default());
    }

    #[test]
    fn a_prefab_socket_in_a_column_of_no_cells_opens_onto_a_cell_beside() {
        use super::super::{Prefab, PrefabPlacement, prefab};
        // The socket of this prefab, drawn at 7,5, is on column 8: no cell lies straight
        // ahead of it, only the passage between cells 7,3 and 9,3.
        let placement = PrefabPlacement {
            prefab: Prefab::parse("#+#\n#.#\n###", "cell").unwrap(),
            at: None,
        };
        let layout = layout(21, 15, &[(7, 5, 3, 3)]);
        let sealed = prefab::sealed(21, &layout.rooms, std::slice::from_ref(&placement));
        let fill_with = |prefabs: usize| {
            fill(
                &layout,
                &no_corridors(),
                &[0],
                (&sealed, prefabs),
                &Backtrack::default(),
                0.0,
                &mut rng_from_seed(4),
            )
            .unwrap()
        };
        let maze = fill_with(1);
        assert_eq!(maze.doors, [4 * 21 + 8]);
        assert!(maze.passages.binary_search(&(3 * 21 + 8)).is_ok());
        // As a room drawn at random, with the same sealed walls, it would find no spot.
        assert!(fill_with(0).doors.is_empty());
    }
}
