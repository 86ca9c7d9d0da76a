//! Locks always fit and never make a map unwinnable. Over a grid of options and 1,000 seeds,
//! every map takes the locks asked for, and a player walking the tile map (through floors,
//! corridors and doors, through a lock only with its key) finds every key before its lock,
//! cannot pass any lock without its key (every lock is needed), and reaches every room with
//! all keys. Maps without a layout are walked on the graph.

use crate::common::assert_refused;
use crate::player::assert_winnable;
use mazegen::Probability;
use mazegen::level::{EdgeKind, Level, MapTile, most_locks};
use mazegen::rooms::{
    Candidates, MazeFill, RoomMap, RoomOptions, RoomSize, RoomsError, most_cycles,
};

/// The options of grid point `seed`: candidates, corridors (routed, a maze, none), `p`, the
/// count, room sizes, given or automatic map, and a few maps without a layout.
pub fn grid_options(seed: u64) -> RoomOptions {
    let count = 2 + (seed * 7 % 59) as u32;
    let p = [None, Some(0.0), Some(0.3), Some(1.0)][(seed / 2 % 4) as usize];
    let room_size = [(3, 8), (1, 4), (2, 12)][(seed / 8 % 3) as usize];
    let mut options = RoomOptions {
        count,
        candidates: [Candidates::All, Candidates::Delaunay][(seed % 2) as usize],
        p: p.map(|p| Probability::new(p).unwrap()),
        room_size: RoomSize::new(room_size.0, room_size.1).unwrap(),
        ..RoomOptions::default()
    };
    match seed % 5 {
        0 => options.corridors = false,
        1 => {
            options.maze = Some(MazeFill {
                sparseness: Probability::new([0.0, 0.5, 1.0][(seed / 5 % 3) as usize]).unwrap(),
                ..MazeFill::default()
            })
        }
        _ => {}
    }
    if seed.is_multiple_of(7) {
        // A roomy given map.
        let side = room_size.1 + 2;
        options.width = Some(side * 6 + count * 3);
        options.height = Some(side * 4 + count * 2);
    }
    if seed.is_multiple_of(23) {
        options.map = false;
        options.candidates = Candidates::All;
        options.maze = None;
    }
    options
}

#[test]
fn locks_always_fit_and_players_always_win_over_a_thousand_seeds() {
    for seed in 0..1000 {
        let options = grid_options(seed);
        let most = most_locks(options.count);
        // One lock, a quarter of the rooms and the most allowed, in turn.
        let locks = [1, (options.count / 4).max(1), most][(seed % 3) as usize].min(most);
        let options = RoomOptions { locks, ..options };
        let what = format!("seed {seed}, {options:?}");
        let map = RoomMap::generate(&options, seed).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_winnable(&map, locks, &what);
    }
}

#[test]
fn locks_never_move_the_rooms() {
    for seed in 0..40 {
        let options = RoomOptions {
            corridors: true,
            ..grid_options(seed)
        };
        let locks = most_locks(options.count).min(3);
        let locked = RoomOptions {
            locks,
            ..options.clone()
        };
        let (plain, locked) = (
            RoomMap::generate(&options, seed).unwrap(),
            RoomMap::generate(&locked, seed).unwrap(),
        );
        assert_eq!(plain.layout, locked.layout, "seed {seed}");
    }
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
fn more_locks_than_half_the_rooms_are_refused_at_once() {
    assert_eq!(most_locks(20), 10);
    assert_refused(
        &["rooms", "--count", "20", "--locks", "11"],
        &[
            "--count 20 --locks 11: ",
            "11 locks cannot be placed on 20 rooms",
            "expected 0 to 10 locks",
        ],
    );
    assert_refused(
        &["rooms", "--count", "1", "--locks", "1"],
        &[
            "1 locks cannot be placed on 1 room",
            "expected 0 to 0 locks",
        ],
    );
    let map = RoomMap::generate(
        &RoomOptions {
            count: 20,
            locks: 10,
            ..RoomOptions::default()
        },
        5,
    )
    .unwrap();
    assert_winnable(&map, 10, "20 rooms, 10 locks");
}

#[test]
fn cycles_are_short_ways_locked_with_their_keys_on_the_long_way() {
    let (mut built, mut refused) = (0, 0);
    for seed in 0..400 {
        let mut options = grid_options(seed);
        options.maze = None;
        let most = most_cycles(options.count);
        if most == 0 {
            continue;
        }
        let cycles = [1, most.div_ceil(2), most][(seed % 3) as usize];
        let locks = [0, 1, most_locks(options.count) / 2][(seed / 3 % 3) as usize];
        let options = RoomOptions {
            cycles,
            locks,
            ..options
        };
        let what = format!("seed {seed}, {options:?}");
        let map = match RoomMap::generate(&options, seed) {
            Ok(map) => map,
            Err(RoomsError::CyclesDontFit { .. }) => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("{what}: {e}"),
        };
        built += 1;
        assert_winnable(&map, locks + cycles, &what);
        let shortcuts: Vec<_> = map.locks.iter().filter(|l| l.shortcut).collect();
        assert_eq!(shortcuts.len() as u32, cycles, "{what}");
        let (Some(layout), Some(tiles)) = (&map.layout, map.tile_map()) else {
            continue;
        };
        for lock in shortcuts {
            let edge = map.edges[lock.edge as usize];
            assert_eq!(edge.kind, EdgeKind::Cycle, "{what}");
            // Its corridor touches nothing but rock, itself and its two rooms' floors.
            let corridor: Vec<(u32, u32)> = map.corridor(lock.edge as usize).unwrap().collect();
            let ends = [layout.rooms[edge.a as usize], layout.rooms[edge.b as usize]];
            for &(x, y) in &corridor {
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    let fits = match tiles.get(nx, ny) {
                        MapTile::Rock => true,
                        MapTile::Corridor | MapTile::Door | MapTile::Lock => {
                            corridor.contains(&(nx, ny))
                        }
                        _ => ends.iter().any(|r| r.contains((nx, ny))),
                    };
                    assert!(fits, "{what}: cycle {} touches ({nx}, {ny})", lock.number);
                }
            }
        }
    }
    // Maps of few rooms, or many locks, have few pairs far enough apart in one zone: 13 of
    // 359 maps here.
    assert!(refused * 20 <= built, "{refused} refused, {built} built");
}

#[test]
fn cycles_are_refused_above_an_eighth_of_the_rooms_and_with_a_maze() {
    assert_eq!(most_cycles(20), 2);
    assert_refused(
        &["rooms", "--count", "20", "--cycles", "3"],
        &[
            "--count 20 --cycles 3: 3 cycles on 20 rooms",
            "expected 0 to 2 cycles",
        ],
    );
    assert_refused(
        &["rooms", "--corridors", "maze", "--cycles", "1"],
        &["--corridors maze --cycles: a maze between the rooms would lead round the locks"],
    );
}
