//! A player on a map with locks (a room map, a cave, or the floors of a dungeon one below
//! another): walking its tiles (floors, corridors, tunnels and doors, a lock only with its
//! key, stairs down to the next floor's stairs up and back) or, without tiles, its graph.

use mazegen::level::{Level, MapTile, TileMap};
use std::collections::HashMap;

/// A player on `map`.
pub struct Player<'a, L: Level> {
    map: &'a L,
    tiles: Option<TileMap>,
    /// The number of the lock on each locked tile.
    locks: HashMap<(u32, u32), u32>,
    /// Each tile of stairs and the tile they lead to.
    stairs: HashMap<(u32, u32), (u32, u32)>,
}

impl<'a, L: Level> Player<'a, L> {
    pub fn new(map: &'a L) -> Self {
        let locks = map
            .locks()
            .iter()
            .filter_map(|lock| Some((map.lock_door(lock)?, lock.number)))
            .collect();
        let tiles = map.tile_map();
        let stairs = tiles.as_ref().map(stairs_of).unwrap_or_default();
        Self {
            map,
            tiles,
            locks,
            stairs,
        }
    }

    /// The rooms reached from the start holding the keys `held` opens.
    pub fn rooms_reached(&self, held: impl Fn(u32) -> bool) -> Vec<bool> {
        match &self.tiles {
            Some(tiles) => self.walk_tiles(tiles, held),
            None => self.walk_graph(held),
        }
    }

    fn walk_tiles(&self, tiles: &TileMap, held: impl Fn(u32) -> bool) -> Vec<bool> {
        let rooms = self.map.analysis().depth.len() as u32;
        let tile = |room| self.map.room_tile(room).expect("a map with tiles");
        let seen = walk_linked(
            tiles,
            tile(self.map.analysis().start),
            &self.stairs,
            |at, kind| match kind {
                MapTile::Rock => false,
                MapTile::Lock => held(self.locks[&at]),
                _ => true,
            },
        );
        (0..rooms)
            .map(|room| {
                let (x, y) = tile(room);
                seen[(y * tiles.width() + x) as usize]
            })
            .collect()
    }

    fn walk_graph(&self, held: impl Fn(u32) -> bool) -> Vec<bool> {
        let map = self.map;
        let edges = map.edges();
        let mut seen = vec![false; map.analysis().depth.len()];
        let start = map.analysis().start;
        seen[start as usize] = true;
        let mut stack = vec![start];
        while let Some(room) = stack.pop() {
            for (k, edge) in edges.iter().enumerate() {
                let next = match (edge.a == room, edge.b == room) {
                    (true, _) => edge.b,
                    (_, true) => edge.a,
                    _ => continue,
                };
                let lock = map.locks().iter().find(|lock| lock.edge as usize == k);
                let open = lock.is_none_or(|lock| held(lock.number));
                if open && !seen[next as usize] {
                    seen[next as usize] = true;
                    stack.push(next);
                }
            }
        }
        seen
    }
}

/// The stairs on `tiles` (floors one below another): the `k`-th stairs down from the top
/// lead to the `k`-th stairs up, and back. Checks that they pair up.
pub fn stairs_of(tiles: &TileMap) -> HashMap<(u32, u32), (u32, u32)> {
    let find = |wanted: MapTile| -> Vec<(u32, u32)> {
        (0..tiles.height())
            .flat_map(|y| (0..tiles.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| tiles.get(x, y) == wanted)
            .collect()
    };
    let (down, up) = (find(MapTile::StairsDown), find(MapTile::StairsUp));
    assert_eq!(down.len(), up.len(), "stairs down and up pair up");
    let mut stairs = HashMap::new();
    for (&d, &u) in down.iter().zip(&up) {
        assert!(
            d.1 < u.1,
            "stairs down at {d:?} lead further down, to {u:?}"
        );
        stairs.insert(d, u);
        stairs.insert(u, d);
    }
    stairs
}

/// The tiles of `tiles` reached from `from` in steps across tile edges onto tiles `open` lets
/// in (given where and what they are), row by row.
pub fn walk(
    tiles: &TileMap,
    from: (u32, u32),
    open: impl Fn((u32, u32), MapTile) -> bool,
) -> Vec<bool> {
    walk_linked(tiles, from, &HashMap::new(), open)
}

/// [`walk`], with a step from each tile of `links` to the tile it leads to as well.
pub fn walk_linked(
    tiles: &TileMap,
    from: (u32, u32),
    links: &HashMap<(u32, u32), (u32, u32)>,
    open: impl Fn((u32, u32), MapTile) -> bool,
) -> Vec<bool> {
    let (w, h) = (tiles.width(), tiles.height());
    let mut seen = vec![false; (w * h) as usize];
    seen[(from.1 * w + from.0) as usize] = true;
    let mut stack = vec![from];
    while let Some((x, y)) = stack.pop() {
        let linked = links.get(&(x, y)).copied();
        for (nx, ny) in [
            (x + 1, y),
            (x.wrapping_sub(1), y),
            (x, y + 1),
            (x, y.wrapping_sub(1)),
        ]
        .into_iter()
        .chain(linked)
        {
            if nx < w
                && ny < h
                && !seen[(ny * w + nx) as usize]
                && open((nx, ny), tiles.get(nx, ny))
            {
                seen[(ny * w + nx) as usize] = true;
                stack.push((nx, ny));
            }
        }
    }
    seen
}

/// Checks that the player always wins on `map` and needs every lock; `what` names the map.
pub fn assert_winnable(map: &impl Level, locks: u32, what: &str) {
    assert_eq!(map.locks().len() as u32, locks, "{what}");
    let player = Player::new(map);
    if let Some(tiles) = &player.tiles {
        let tiles_locked = (0..tiles.height())
            .flat_map(|y| (0..tiles.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| tiles.get(x, y) == MapTile::Lock)
            .count();
        assert_eq!(tiles_locked, locks as usize, "{what}: a lock tile per lock");
    }
    let goal = map.analysis().goal as usize;
    if map.locks().iter().any(|lock| !lock.shortcut) {
        assert!(
            !player.rooms_reached(|_| false)[goal],
            "{what}: the goal is reachable without a key"
        );
    }
    for lock in map.locks() {
        // Key k with keys 1..k-1, without passing lock k.
        let before = player.rooms_reached(|n| n < lock.number);
        assert!(
            before[lock.key as usize],
            "{what}: key {} lies behind its lock",
            lock.number
        );
        // Every other key leaves the room behind lock k closed, but a cycle's: its long way
        // round needs no key.
        let without = player.rooms_reached(|n| n != lock.number);
        assert_eq!(
            without[lock.behind as usize], lock.shortcut,
            "{what}: lock {} (shortcut: {})",
            lock.number, lock.shortcut
        );
    }
    // A player collecting every key in reach until no new one: all of them, every room.
    let mut held = vec![false; locks as usize + 1];
    loop {
        let reached = player.rooms_reached(|n| held[n as usize]);
        let mut found = false;
        for lock in map.locks() {
            if reached[lock.key as usize] && !held[lock.number as usize] {
                held[lock.number as usize] = true;
                found = true;
            }
        }
        if !found {
            assert!(reached.iter().all(|&r| r), "{what}: rooms left unreached");
            break;
        }
    }
    assert!(held[1..].iter().all(|&h| h), "{what}: keys left");
}
