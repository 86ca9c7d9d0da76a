//! Locks and keys never make a map unwinnable: a player walking the tile map (through floors,
//! corridors and doors, through a lock only with its key) over many seeds finds every key
//! before its lock, cannot reach the goal without a key, and reaches every room with all keys.

use crate::common::assert_refused;
use mazegen::rooms::{Candidates, MapTile, MazeFill, RoomMap, RoomOptions, RoomsError};
use std::collections::HashMap;

/// The most locks `options` allow for `seed`, read from the refusal of too many.
fn most_locks(options: &RoomOptions, seed: u64) -> u32 {
    let too_many = RoomOptions {
        locks: u32::MAX,
        ..options.clone()
    };
    match RoomMap::generate(&too_many, seed) {
        Err(mazegen::Error::Rooms(RoomsError::TooManyLocks { most, .. })) => most,
        other => panic!("{other:?}"),
    }
}

/// A player on the tile map of `map`.
struct Player<'a> {
    map: &'a RoomMap,
    tiles: mazegen::rooms::TileMap,
    /// The number of the lock at each locked door.
    locks: HashMap<(u32, u32), u32>,
}

impl<'a> Player<'a> {
    fn new(map: &'a RoomMap) -> Self {
        let mut locks = HashMap::new();
        for lock in &map.locks {
            let edge = map.edges[lock.edge as usize];
            let corridor: Vec<(u32, u32)> = map.corridor(lock.edge as usize).unwrap().collect();
            let door = if edge.b == lock.behind {
                *corridor.last().unwrap()
            } else {
                corridor[0]
            };
            locks.insert(door, lock.number);
        }
        Self {
            map,
            tiles: map.tile_map().unwrap(),
            locks,
        }
    }

    /// The rooms reached from the start holding the keys `held` opens.
    fn rooms_reached(&self, held: impl Fn(u32) -> bool) -> Vec<bool> {
        let layout = self.map.layout.as_ref().unwrap();
        let (w, h) = (self.tiles.width(), self.tiles.height());
        let start = layout.rooms[self.map.analysis().start as usize];
        let mut seen = vec![false; (w * h) as usize];
        let mut stack = vec![(start.x, start.y)];
        seen[(start.y * w + start.x) as usize] = true;
        while let Some((x, y)) = stack.pop() {
            for (nx, ny) in [
                (x + 1, y),
                (x.wrapping_sub(1), y),
                (x, y + 1),
                (x, y.wrapping_sub(1)),
            ] {
                if nx >= w || ny >= h || seen[(ny * w + nx) as usize] {
                    continue;
                }
                let open = match self.tiles.get(nx, ny) {
                    MapTile::Rock => false,
                    MapTile::Lock => held(self.locks[&(nx, ny)]),
                    _ => true,
                };
                if open {
                    seen[(ny * w + nx) as usize] = true;
                    stack.push((nx, ny));
                }
            }
        }
        layout
            .rooms
            .iter()
            .map(|r| seen[(r.y * w + r.x) as usize])
            .collect()
    }
}

fn check(options: &RoomOptions, seed: u64) -> u32 {
    let most = most_locks(options, seed);
    if most == 0 {
        return 0;
    }
    for locks in [1, most.div_ceil(2), most] {
        let map = RoomMap::generate(
            &RoomOptions {
                locks,
                ..options.clone()
            },
            seed,
        )
        .unwrap();
        assert_eq!(map.locks.len() as u32, locks);
        let player = Player::new(&map);
        let goal = map.analysis().goal as usize;
        let tiles_locked = (0..player.tiles.height())
            .flat_map(|y| (0..player.tiles.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| player.tiles.get(x, y) == MapTile::Lock)
            .count();
        assert_eq!(
            tiles_locked, locks as usize,
            "seed {seed}: a lock tile per lock"
        );
        assert!(
            !player.rooms_reached(|_| false)[goal],
            "seed {seed}: the goal is reachable without a key"
        );
        for lock in &map.locks {
            // Key k with keys 1..k-1, without passing lock k.
            let before = player.rooms_reached(|n| n < lock.number);
            assert!(
                before[lock.key as usize],
                "seed {seed}: key {} lies behind its lock",
                lock.number
            );
        }
        // A player collecting every key in reach until no new one: all of them, every room.
        let mut held = vec![false; locks as usize + 1];
        loop {
            let reached = player.rooms_reached(|n| held[n as usize]);
            let mut found = false;
            for lock in &map.locks {
                if reached[lock.key as usize] && !held[lock.number as usize] {
                    held[lock.number as usize] = true;
                    found = true;
                }
            }
            if !found {
                assert!(
                    reached.iter().all(|&r| r),
                    "seed {seed}: rooms left unreached"
                );
                break;
            }
        }
        assert!(held[1..].iter().all(|&h| h), "seed {seed}: keys left");
    }
    most
}

#[test]
fn players_always_win_over_many_seeds() {
    let mut lockable = 0;
    for seed in 0..150 {
        for candidates in [Candidates::Delaunay, Candidates::All] {
            let count = 5 + (seed % 40) as u32;
            let options = RoomOptions {
                count,
                candidates,
                ..RoomOptions::default()
            };
            lockable += u32::from(check(&options, seed) > 0);
        }
    }
    // About half the maps take a lock: a start and a goal joined only through loops take none.
    assert!(lockable > 100, "{lockable} of 300 maps took a lock");
}

#[test]
fn players_always_win_through_rooms_and_mazes() {
    // The maze opens each of its regions into the rooms of one side of every lock only.
    let mut lockable = 0;
    for seed in 0..150 {
        let candidates = if seed % 2 == 0 {
            Candidates::Delaunay
        } else {
            Candidates::All
        };
        let count = 5 + (seed % 30) as u32;
        let sparseness = [0.0, 0.5, 1.0][seed as usize % 3];
        let options = RoomOptions {
            count,
            candidates,
            // Roomy maps hold more maze.
            width: (seed % 4 == 0).then_some(25 + 3 * count),
            height: (seed % 4 == 0).then_some(21 + 2 * count),
            maze: Some(MazeFill {
                sparseness: mazegen::Probability::new(sparseness).unwrap(),
                ..MazeFill::default()
            }),
            ..RoomOptions::default()
        };
        lockable += u32::from(check(&options, seed) > 0);
    }
    assert!(lockable > 50, "{lockable} of 150 maps took a lock");
}

#[test]
fn locks_are_numbered_from_the_start_outwards() {
    let options = RoomOptions {
        count: 40,
        candidates: Candidates::Delaunay,
        p: Some(mazegen::Probability::new(0.0).unwrap()),
        ..RoomOptions::default()
    };
    let map = RoomMap::generate(
        &RoomOptions {
            locks: 6,
            ..options
        },
        3,
    )
    .unwrap();
    let depth = &map.analysis().depth;
    assert_eq!(map.locks.len(), 6);
    // In a tree the way back to the start is unique: every lock on it has a smaller number.
    let lock_of = |a: u32, b: u32| {
        map.locks.iter().find(|lock| {
            let e = map.edges[lock.edge as usize];
            (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a)
        })
    };
    for lock in &map.locks {
        let mut room = lock.behind;
        while depth[room as usize] > 0 {
            let up = map
                .edges
                .iter()
                .map(|e| {
                    if e.a == room {
                        e.b
                    } else if e.b == room {
                        e.a
                    } else {
                        u32::MAX
                    }
                })
                .find(|&r| r != u32::MAX && depth[r as usize] + 1 == depth[room as usize])
                .unwrap();
            if let Some(guard) = lock_of(up, room) {
                assert!(
                    guard.number <= lock.number,
                    "lock {} behind lock {}",
                    guard.number,
                    lock.number
                );
            }
            room = up;
        }
    }
}

#[test]
fn too_many_locks_are_refused_with_the_most_that_work() {
    let options = RoomOptions {
        count: 20,
        candidates: Candidates::Delaunay,
        ..RoomOptions::default()
    };
    let most = most_locks(&options, 5);
    assert!(most > 0);
    let over = (most + 1).to_string();
    let message = format!("{most} or fewer would do");
    assert_refused(
        &[
            "rooms",
            "--count",
            "20",
            "--candidates",
            "delaunay",
            "--seed",
            "5",
            "--locks",
            &over,
        ],
        &[&format!("--locks {over}: "), &message],
    );
    let map = RoomMap::generate(
        &RoomOptions {
            locks: most,
            ..options
        },
        5,
    )
    .unwrap();
    assert_eq!(map.locks.len() as u32, most);
}
