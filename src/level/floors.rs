//! Dungeons of several floors ([`Dungeon`]): each floor a level of its own (a room map or a
//! cave), joined to the next by stairs, its locks numbered across the dungeon.
//!
//! 1. Floor 0 is the level of the dungeon's seed itself, so a dungeon of one floor is that
//!    level; floor `f > 0` is made from the `f`-th draw of stream [`FLOORS_STREAM`]
//!    ([`floor_seed`]).
//! 2. Stairs down stand in each floor's goal room, stairs up in the next floor's start room:
//!    the way through the dungeon is every floor's way from its start to its goal, in turn.
//!    The first floor's start is the dungeon's start, the last floor's goal its goal; the
//!    other ends are stairs ([`Role::Stairs`]).
//! 3. Locks are numbered across the dungeon, floor by floor: key `k` opens lock `k` wherever
//!    they lie.
//! 4. The key of every floor's first lock (below the first floor, unless it shuts a cycle)
//!    lies on the floor above, in its deepest room in hops from its start, its start and goal
//!    left out (failing that, its start). Every room of a floor is reached before its stairs
//!    down (its keys lie on it or above), so that key still comes before its lock.

use super::contents::{Contents, Entity, Shortfall, place_on, search};
use super::{
    Analysis, Edge, Level, LevelError, Lock, MapTile, Mark, Rect, Role, TileMap, Wanted,
    marks_wanted,
};
use crate::rng::rng_for_stream;
use rand::Rng as _;

/// The seed stream the floors' seeds are drawn from.
pub const FLOORS_STREAM: u64 = 7;

/// The most floors a dungeon may have.
pub const MAX_FLOORS: u32 = 256;

/// Rows of rock between two floors drawn one below the other ([`Dungeon::stacked`]).
pub const FLOOR_GAP: u32 = 2;

/// The seed of floor `floor` of the dungeon of `seed`: `seed` itself for floor 0, else the
/// `floor`-th draw of stream [`FLOORS_STREAM`].
pub fn floor_seed(seed: u64, floor: u32) -> u64 {
    if floor == 0 {
        return seed;
    }
    let mut rng = rng_for_stream(seed, FLOORS_STREAM);
    (1..floor).for_each(|_| {
        rng.next_u64();
    });
    rng.next_u64()
}

/// Refuses a number of floors outside 1 to [`MAX_FLOORS`].
pub fn check_floors(floors: u32) -> Result<(), LevelError> {
    if (1..=MAX_FLOORS).contains(&floors) {
        Ok(())
    } else {
        Err(LevelError::Floors {
            floors,
            most: MAX_FLOORS,
        })
    }
}

/// A flight of stairs between floor `floor` and the floor below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stairs {
    /// The upper floor, from 0.
    pub floor: u32,
    /// The room of the upper floor the stairs go down from: its goal.
    pub down: u32,
    /// The room of the floor below they arrive in: its start.
    pub up: u32,
}

/// A dungeon: levels one below another, joined by stairs (see the module).
#[derive(Debug, Clone)]
pub struct Dungeon<L> {
    /// The seed it was made from.
    pub seed: u64,
    levels: Vec<L>,
    /// Every floor's locks, numbered across the dungeon.
    locks: Vec<Vec<Lock>>,
    /// Every floor's keys, `(room, lock number)` by lock number: its own, and the key carried
    /// up from the floor below.
    keys: Vec<Vec<(u32, u32)>>,
    /// Every floor's entities, once furnished ([`Dungeon::furnish`]).
    contents: Vec<Vec<Entity>>,
}

impl<L: Level> Dungeon<L> {
    /// The dungeon of `floors` floors of `seed`, each made by `make` from its seed
    /// ([`floor_seed`]). Refuses a number of floors outside 1 to [`MAX_FLOORS`] before making
    /// any ([`LevelError::Floors`], in `make`'s error type: a
    /// [`RoomsError`](crate::rooms::RoomsError) for room maps, a
    /// [`CavesError`](crate::caves::CavesError) for caves), and passes on the first refusal of
    /// `make`.
    pub fn generate<E: From<LevelError>>(
        floors: u32,
        seed: u64,
        mut make: impl FnMut(u64) -> Result<L, E>,
    ) -> Result<Self, E> {
        check_floors(floors)?;
        let levels = (0..floors)
            .map(|floor| make(floor_seed(seed, floor)))
            .collect::<Result<Vec<L>, E>>()?;
        Ok(Self::join(seed, levels))
    }

    /// The dungeon of `levels`, the first on top: numbers the locks across them and carries
    /// the keys of the first locks up a floor (see the module).
    pub fn join(seed: u64, levels: Vec<L>) -> Self {
        let mut locks = Vec::with_capacity(levels.len());
        let mut keys: Vec<Vec<(u32, u32)>> = vec![Vec::new(); levels.len()];
        let mut numbered = 0;
        for (floor, level) in levels.iter().enumerate() {
            let mut own: Vec<Lock> = level.locks().to_vec();
            for lock in &mut own {
                lock.number += numbered;
                let carried = floor > 0 && lock.number == numbered + 1 && !lock.shortcut;
                let holder = if carried { floor - 1 } else { floor };
                let room = if carried {
                    key_room_above(&levels[holder])
                } else {
                    lock.key
                };
                keys[holder].push((room, lock.number));
            }
            numbered += own.len() as u32;
            locks.push(own);
        }
        let contents = vec![Vec::new(); levels.len()];
        Self {
            seed,
            levels,
            locks,
            keys,
            contents,
        }
    }

    /// Places the entities of `contents` on every floor (see [`Contents`]), each floor from
    /// its own seed, in place of any placed before; returns where rules fell short. A lock a
    /// rule names stands on some floor: the floors above it lie before it, those below behind
    /// it if their way down passes it. Refuses a rule naming a lock or floor the dungeon
    /// lacks ([`LevelError::Contents`]), placing nothing.
    pub fn furnish(&mut self, contents: &Contents) -> Result<Vec<Shortfall>, LevelError> {
        let floors = self.floor_count();
        // Where each lock a rule names stands, and whether the way down its floor passes it.
        let mut named = std::collections::BTreeMap::new();
        for rule in &contents.rules {
            for lock in [rule.after_lock, rule.before_lock].into_iter().flatten() {
                named.entry(lock).or_insert_with(|| {
                    self.floors().find_map(|floor| {
                        let own = floor.locks().iter().find(|l| l.number == lock)?;
                        let analysis = floor.analysis();
                        let reached = search(&floor, analysis.start, Some(own.edge), true);
                        Some((floor.number(), reached[analysis.goal as usize].is_none()))
                    })
                });
            }
        }
        let mut placed = Vec::with_capacity(floors as usize);
        let mut short = Vec::new();
        for floor in self.floors() {
            let f = floor.number();
            let elsewhere = |lock: u32| {
                named
                    .get(&lock)
                    .copied()
                    .flatten()
                    .map(|(at, down_behind)| {
                        // Floors above a lock lie before it.
                        at < f && down_behind
                    })
            };
            let (entities, fell_short) = place_on(&floor, contents, (f, floors), &elsewhere)?;
            placed.push(entities);
            short.extend(fell_short);
        }
        self.contents = placed;
        Ok(short)
    }

    /// The dungeon with `contents` placed, floor by floor, as a document holds them.
    pub(crate) fn with_contents(mut self, contents: Vec<Vec<Entity>>) -> Self {
        debug_assert_eq!(contents.len(), self.levels.len());
        self.contents = contents;
        self
    }

    /// The number of floors.
    pub fn floor_count(&self) -> u32 {
        self.levels.len() as u32
    }

    /// Floor `floor` (from 0, the top) as a level of its own: its stairs, its locks as
    /// numbered across the dungeon and the keys that lie on it.
    pub fn floor(&self, floor: u32) -> Floor<'_, L> {
        assert!(floor < self.floor_count(), "no floor {floor}");
        Floor {
            dungeon: self,
            number: floor as usize,
        }
    }

    /// Every floor, from the top.
    pub fn floors(&self) -> impl ExactSizeIterator<Item = Floor<'_, L>> {
        (0..self.floor_count()).map(|floor| self.floor(floor))
    }

    /// The stairs, from the top.
    pub fn stairs(&self) -> impl Iterator<Item = Stairs> + '_ {
        self.levels.windows(2).zip(0..).map(|(pair, floor)| Stairs {
            floor,
            down: pair[0].analysis().goal,
            up: pair[1].analysis().start,
        })
    }

    /// The floors one below another as one level, [`FLOOR_GAP`] rows of rock between them:
    /// what pictures draw.
    pub fn stacked(&self) -> Stacked<'_, L> {
        Stacked::new(self)
    }
}

/// The room of `level` that holds the key carried up from the floor below: its deepest in hops
/// from its start, the start and goal left out (the lowest numbered among equals), or failing
/// that its start.
fn key_room_above(level: &impl Level) -> u32 {
    let analysis = level.analysis();
    (0..analysis.depth.len() as u32)
        .filter(|&room| room != analysis.start && room != analysis.goal)
        .max_by_key(|&room| (analysis.depth[room as usize], std::cmp::Reverse(room)))
        .unwrap_or(analysis.start)
}

/// One floor of a [`Dungeon`] as a level: the stairs on it, its locks as numbered across the
/// dungeon and the keys that lie on it (see the module).
#[derive(Debug, Clone, Copy)]
pub struct Floor<'a, L> {
    dungeon: &'a Dungeon<L>,
    number: usize,
}

impl<'a, L: Level> Floor<'a, L> {
    /// Its number, from 0 (the top).
    pub fn number(&self) -> u32 {
        self.number as u32
    }

    /// The level it is made of (its locks numbered as on its own).
    pub fn level(&self) -> &'a L {
        &self.dungeon.levels[self.number]
    }

    /// Whether it is the dungeon's first floor, where the dungeon starts.
    fn is_first(&self) -> bool {
        self.number == 0
    }

    /// Whether it is the dungeon's last floor, where its goal lies.
    fn is_last(&self) -> bool {
        self.number + 1 == self.dungeon.levels.len()
    }
}

impl<L: Level> Level for Floor<'_, L> {
    fn seed(&self) -> u64 {
        self.level().seed()
    }

    fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap> {
        self.level().tile_map_with(marks)
    }

    fn room_bounds(&self) -> Vec<Rect> {
        self.level().room_bounds()
    }

    fn room_tile(&self, room: u32) -> Option<(u32, u32)> {
        self.level().room_tile(room)
    }

    fn edges(&self) -> &[Edge] {
        self.level().edges()
    }

    fn analysis(&self) -> &Analysis {
        self.level().analysis()
    }

    fn locks(&self) -> &[Lock] {
        &self.dungeon.locks[self.number]
    }

    fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)> {
        self.level().lock_door(lock)
    }

    /// The keys that lie on this floor: its own, but for a first lock's carried up a floor,
    /// and the one carried up from the floor below.
    fn key_rooms(&self) -> Vec<(u32, u32)> {
        self.dungeon.keys[self.number].clone()
    }

    /// The start or the stairs up, the goal or the stairs down, then the keys on this floor by
    /// lock number.
    fn wanted_marks(&self) -> Vec<Wanted> {
        marks_wanted(self.analysis(), &self.key_rooms())
            .into_iter()
            .map(|(room, tile, lock)| {
                let tile = match tile {
                    MapTile::Start if !self.is_first() => MapTile::StairsUp,
                    MapTile::Goal if !self.is_last() => MapTile::StairsDown,
                    tile => tile,
                };
                (room, tile, lock)
            })
            .collect()
    }

    fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>> {
        self.level().place_marks(wanted)
    }

    fn is_one_way(&self, edge: u32) -> bool {
        self.level().is_one_way(edge)
    }

    /// The entities furnished on this floor.
    fn entities(&self) -> Vec<Entity> {
        self.dungeon.contents[self.number].clone()
    }

    /// A level's roles, but for its start below the first floor and its goal above the last:
    /// stairs.
    fn role(&self, room: u32) -> Role {
        match self.level().role(room) {
            Role::Start if !self.is_first() => Role::Stairs,
            Role::Goal if !self.is_last() => Role::Stairs,
            role => role,
        }
    }
}

/// The floors of a [`Dungeon`] one below another as one level (for pictures): floor `f`'s
/// tiles from row `top[f]`, its rooms numbered from `rooms[f]` and its edges from `edges[f]`,
/// the map as wide as the widest floor (rock to the right of narrower ones).
#[derive(Debug, Clone)]
pub struct Stacked<'a, L> {
    dungeon: &'a Dungeon<L>,
    /// Every floor's first row, then the height of the whole.
    top: Vec<u32>,
    /// Every floor's first room number, then the number of rooms.
    rooms: Vec<u32>,
    /// Every floor's first edge number, then the number of edges.
    first_edge: Vec<u32>,
    edges: Vec<Edge>,
    locks: Vec<Lock>,
    analysis: Analysis,
}

impl<'a, L: Level> Stacked<'a, L> {
    fn new(dungeon: &'a Dungeon<L>) -> Self {
        let floors: Vec<Floor<'a, L>> = dungeon.floors().collect();
        let starts = |size: &dyn Fn(&Floor<'a, L>) -> u32, gap: u32| {
            let mut at = vec![0];
            for floor in &floors {
                at.push(at.last().unwrap() + size(floor) + gap);
            }
            if !floors.is_empty() {
                *at.last_mut().unwrap() -= gap;
            }
            at
        };
        let top = starts(
            &|floor| floor.tile_map().map_or(0, |tiles| tiles.height()),
            FLOOR_GAP,
        );
        let rooms = starts(&|floor| floor.analysis().depth.len() as u32, 0);
        let first_edge = starts(&|floor| floor.edges().len() as u32, 0);
        let mut edges = Vec::new();
        let mut locks = Vec::new();
        let mut analysis = Analysis {
            start: floors[0].analysis().start,
            goal: 0,
            hops: 0,
            exact: true,
            doors: Vec::new(),
            depth: Vec::new(),
            dead_ends: Vec::new(),
            cyclomatic: 0,
        };
        let mut key_of = std::collections::BTreeMap::new();
        for (f, keys) in dungeon.keys.iter().enumerate() {
            for &(room, lock) in keys {
                key_of.insert(lock, rooms[f] + room);
            }
        }
        for (f, floor) in floors.iter().enumerate() {
            let base = rooms[f];
            edges.extend(floor.edges().iter().map(|edge| Edge {
                a: edge.a + base,
                b: edge.b + base,
                ..*edge
            }));
            locks.extend(floor.locks().iter().map(|lock| Lock {
                edge: lock.edge + first_edge[f],
                behind: lock.behind + base,
                key: key_of[&lock.number],
                ..*lock
            }));
            let own = floor.analysis();
            analysis.goal = own.goal + base;
            analysis.exact &= own.exact;
            analysis.doors.extend(&own.doors);
            analysis
                .depth
                .extend(own.depth.iter().map(|depth| depth + analysis.hops));
            analysis.hops += own.hops;
            analysis
                .dead_ends
                .extend(own.dead_ends.iter().map(|room| room + base));
            analysis.cyclomatic += own.cyclomatic;
        }
        Self {
            dungeon,
            top,
            rooms,
            first_edge,
            edges,
            locks,
            analysis,
        }
    }

    /// The floor room `room` of the whole lies on, and its number there.
    fn floor_of_room(&self, room: u32) -> (Floor<'a, L>, u32) {
        let f = self.rooms.partition_point(|&first| first <= room) - 1;
        (self.dungeon.floor(f as u32), room - self.rooms[f])
    }
}

impl<L: Level> Level for Stacked<'_, L> {
    fn seed(&self) -> u64 {
        self.dungeon.seed
    }

    fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap> {
        let floors = self.dungeon.floor_count() as usize;
        let mut own = vec![Vec::new(); floors];
        for mark in marks {
            let (floor, room) = self.floor_of_room(mark.room);
            let f = floor.number;
            own[f].push(Mark {
                room,
                at: (mark.at.0, mark.at.1 - self.top[f]),
                ..*mark
            });
        }
        let maps = self
            .dungeon
            .floors()
            .zip(&own)
            .map(|(floor, marks)| floor.tile_map_with(marks))
            .collect::<Option<Vec<TileMap>>>()?;
        let width = maps.iter().map(TileMap::width).max()?;
        let mut tiles = vec![MapTile::Rock; width as usize * self.top[floors] as usize];
        for (map, &top) in maps.iter().zip(&self.top) {
            for (y, row) in (top..).zip(map.rows()) {
                let at = y as usize * width as usize;
                tiles[at..at + row.len()].copy_from_slice(row);
            }
        }
        Some(TileMap::new(width, tiles))
    }

    fn room_bounds(&self) -> Vec<Rect> {
        self.dungeon
            .floors()
            .zip(&self.top)
            .flat_map(|(floor, &top)| {
                floor
                    .room_bounds()
                    .into_iter()
                    .map(move |r| Rect { y: r.y + top, ..r })
            })
            .collect()
    }

    fn room_id(&self, room: u32) -> u32 {
        self.floor_of_room(room).1
    }

    fn floor_rows(&self) -> Vec<u32> {
        let floors = self.dungeon.floor_count() as usize;
        self.top[..floors].to_vec()
    }

    fn room_tile(&self, room: u32) -> Option<(u32, u32)> {
        let (floor, own) = self.floor_of_room(room);
        let (x, y) = floor.room_tile(own)?;
        Some((x, y + self.top[floor.number]))
    }

    fn edges(&self) -> &[Edge] {
        &self.edges
    }

    fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn locks(&self) -> &[Lock] {
        &self.locks
    }

    fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)> {
        let f = self.first_edge.partition_point(|&first| first <= lock.edge) - 1;
        let floor = self.dungeon.floor(f as u32);
        let own = Lock {
            edge: lock.edge - self.first_edge[f],
            behind: lock.behind - self.rooms[f],
            ..*lock
        };
        let (x, y) = floor.lock_door(&own)?;
        Some((x, y + self.top[f]))
    }

    fn wanted_marks(&self) -> Vec<Wanted> {
        self.dungeon
            .floors()
            .zip(&self.rooms)
            .flat_map(|(floor, &base)| {
                floor
                    .wanted_marks()
                    .into_iter()
                    .map(move |(room, tile, lock)| (room + base, tile, lock))
            })
            .collect()
    }

    fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>> {
        let floors = self.dungeon.floor_count() as usize;
        let mut own = vec![Vec::new(); floors];
        for &(room, tile, lock) in wanted {
            let (floor, room) = self.floor_of_room(room);
            own[floor.number].push((room, tile, lock));
        }
        let mut marks = Vec::with_capacity(wanted.len());
        for (floor, wanted) in self.dungeon.floors().zip(&own) {
            let f = floor.number;
            marks.extend(floor.place_marks(wanted)?.into_iter().map(|mark| Mark {
                room: mark.room + self.rooms[f],
                at: (mark.at.0, mark.at.1 + self.top[f]),
                ..mark
            }));
        }
        Some(marks)
    }

    fn role(&self, room: u32) -> Role {
        let (floor, own) = self.floor_of_room(room);
        floor.role(own)
    }

    fn is_one_way(&self, edge: u32) -> bool {
        let f = self.first_edge.partition_point(|&first| first <= edge) - 1;
        self.dungeon
            .floor(f as u32)
            .is_one_way(edge - self.first_edge[f])
    }

    /// Every floor's entities, their rooms and tiles as on the floors drawn together.
    fn entities(&self) -> Vec<Entity> {
        self.dungeon
            .floors()
            .flat_map(|floor| {
                let f = floor.number;
                let (base, top) = (self.rooms[f], self.top[f]);
                floor.entities().into_iter().map(move |entity| Entity {
                    room: entity.room + base,
                    at: entity.at.map(|(x, y)| (x, y + top)),
                    ..entity
                })
            })
            .collect()
    }
}
