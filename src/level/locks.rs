//! Roles, locks and keys: what each room is for, and locked corridors whose keys lie before
//! them, so that a player can always win.
//!
//! A level with locks is planned around them ([`plan`]) once its spanning tree stands, before
//! any extra connection: a room map's tree (on a map, grown between rooms whose tiles meet, so
//! that a zone's rooms hold the tiles between them) or a cave's tree of tunnels.
//!
//! 1. The start and the far end are a farthest pair of the tree (a double sweep, exact on
//!    trees).
//! 2. The gate, a lock on the way to the far end, stands on a tree edge drawn uniformly from the
//!    path between them; the other locks on tree edges drawn uniformly from the rest.
//! 3. The locks are numbered from the start outwards (by the order a breadth-first search of
//!    the tree from the start reaches the rooms behind them, so a lock behind another has a
//!    larger number) and cut the tree into zones: zone 0 around the start, zone `k` the rooms
//!    lock `k` opens.
//! 4. Extra connections join rooms of one zone only ([`Plan::same_zone`]). On a room map a
//!    zone's corridors run on its rooms' tiles and never touch another zone's; a locked
//!    corridor is of the zone before it, may also run on the tiles of the zone behind, and its
//!    lock is its door into that room. So each lock is the only way, on the graph and on the
//!    tiles, to what lies behind it.
//! 5. The goal is the room farthest from the start, in hops over the whole graph, among those
//!    behind the last lock on the way to the far end, so that every lock on that way is needed
//!    to reach it (`analysis::analyse_from`).
//! 6. Key `k` lies in the deepest room (in hops) of zone `k - 1`, which lock `k - 1` opened,
//!    the start and the goal left out: the keys lead the player on. When that zone has no such
//!    room, the deepest of zones `0..k`, all reached with keys `1..k - 1`; failing that, the
//!    start ([`Plan::locks`]).

use super::{Adjacency, Analysis, Edge};
use crate::rng::{MazeRng, uniform};
use serde::Serialize;

/// What a room is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Where the player starts: one room of a farthest pair.
    Start,
    /// The room farthest from the start, in hops.
    Goal,
    /// A dead end (one door).
    Treasure,
    /// A room passed through: two doors.
    Corridor,
    /// Any other room.
    Plain,
    /// Where stairs lead to another floor of a dungeon ([`super::Dungeon`]): the start of
    /// every floor but the first, the goal of every floor but the last.
    Stairs,
}

impl Role {
    /// The role of `room`.
    pub(super) fn of(room: u32, analysis: &Analysis) -> Self {
        if room == analysis.start {
            Self::Start
        } else if room == analysis.goal {
            Self::Goal
        } else {
            match analysis.doors[room as usize] {
                1 => Self::Treasure,
                2 => Self::Corridor,
                _ => Self::Plain,
            }
        }
    }

    /// The name as JSON spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Goal => "goal",
            Self::Treasure => "treasure",
            Self::Corridor => "corridor",
            Self::Plain => "plain",
            Self::Stairs => "stairs",
        }
    }
}

/// Lock `number` on an edge and where its key lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lock {
    /// The lock's number, from 1.
    pub number: u32,
    /// The locked edge (an index into the level's [`edges`](super::Level::edges)).
    pub edge: u32,
    /// The room behind the lock, seen from the start.
    pub behind: u32,
    /// The room that holds its key.
    pub key: u32,
    /// Whether it shuts a cycle's short way (a room map's, [`crate::rooms::most_cycles`]): the
    /// long way round needs no key, so it is never needed to win.
    pub shortcut: bool,
}

/// The most locks a map of `rooms` rooms takes: half as many (rounded down). Each stands on an
/// edge of the spanning tree, so the graph would take one fewer than the rooms; the tiles do
/// not always, as nearly every corridor is then alone in a zone of its own and must keep apart
/// from all the others.
pub fn most_locks(rooms: u32) -> u32 {
    rooms / 2
}

/// Where a map's locks stand, planned on its spanning tree (steps 1 to 3 of the module).
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// The start: one end of a farthest pair of the tree.
    pub(crate) start: u32,
    /// Every room's zone: 0 for the start's, `k` for the rooms lock `k` opens.
    pub(crate) zone: Vec<u32>,
    /// Whether each room lies behind the last lock on the way to the far end: the goal is one
    /// of them.
    pub(crate) behind_last: Vec<bool>,
    /// The locks by number: the locked tree edge and the room behind it.
    locks: Vec<(u32, u32)>,
}

/// Plans `count` locks on the spanning tree `tree` of `rooms` rooms (the map's first edges, as
/// the tree grew), drawing from `rng`. The caller has checked that
/// `1 <= count <= most_locks(rooms)` (up to `rooms - 1` would do).
pub(crate) fn plan(rooms: u32, tree: &[Edge], count: u32, rng: &mut MazeRng) -> Plan {
    let adjacency = Adjacency::new(
        rooms,
        tree.len(),
        |k| (tree[k].a, tree[k].b),
        |n, k| (n, k as u32),
    );
    let start = TreeSearch::new(&adjacency, 0).farthest();
    let tree = TreeSearch::new(&adjacency, start);
    // A room stands for the edge above it. The path from the far end back to the start:
    let path: Vec<u32> = std::iter::successors(Some(tree.farthest()), |&room| {
        Some(tree.parent[room as usize])
    })
    .take_while(|&room| room != start)
    .collect();
    let gate = path[uniform(rng, 0..path.len())];
    let mut others: Vec<u32> = tree.order[1..]
        .iter()
        .copied()
        .filter(|&room| room != gate)
        .collect();
    let more = (count - 1) as usize;
    for i in 0..more {
        let j = uniform(rng, i..others.len());
        others.swap(i, j);
    }
    let mut below = others;
    below.truncate(more);
    below.push(gate);
    let mut rank = vec![0u32; rooms as usize];
    for (i, &room) in tree.order.iter().enumerate() {
        rank[room as usize] = i as u32;
    }
    below.sort_unstable_by_key(|&room| rank[room as usize]);
    let mut number = vec![0u32; rooms as usize];
    for (k, &room) in below.iter().enumerate() {
        number[room as usize] = k as u32 + 1;
    }
    // The goal lies behind the last lock on the way to the far end.
    let last = *path
        .iter()
        .find(|&&room| number[room as usize] > 0)
        .expect("the gate is on the path");
    // Parents come before their children in the search's order.
    let mut zone = vec![0u32; rooms as usize];
    let mut behind_last = vec![false; rooms as usize];
    for &room in &tree.order[1..] {
        let (r, parent) = (room as usize, tree.parent[room as usize] as usize);
        zone[r] = match number[r] {
            0 => zone[parent],
            k => k,
        };
        behind_last[r] = room == last || behind_last[parent];
    }
    let locks = below
        .iter()
        .map(|&room| (tree.edge_above[room as usize], room))
        .collect();
    Plan {
        start,
        zone,
        behind_last,
        locks,
    }
}

impl Plan {
    /// Whether rooms `a` and `b` lie in one zone: only such may be joined by an extra edge.
    pub(crate) fn same_zone(&self, a: u32, b: u32) -> bool {
        self.zone[a as usize] == self.zone[b as usize]
    }

    /// The graph of `count` rooms and `edges` (the tree and its extras) analysed from the
    /// plan's start, the goal behind its last lock on the way to the far end (step 5).
    pub(crate) fn analyse(&self, count: u32, edges: &[Edge]) -> Analysis {
        super::analysis::analyse_from(count, edges, self.start, &self.behind_last)
    }

    /// The locks with their keys (step 6 of the module), once the whole graph is analysed from
    /// the plan's start.
    pub(crate) fn locks(&self, analysis: &Analysis) -> Vec<Lock> {
        let rooms = self.zone.len() as u32;
        let deepest = |zones: std::ops::Range<u32>| {
            (0..rooms)
                .filter(|&r| zones.contains(&self.zone[r as usize]))
                .filter(|&r| r != analysis.goal && r != analysis.start)
                .max_by_key(|&r| (analysis.depth[r as usize], std::cmp::Reverse(r)))
        };
        self.locks
            .iter()
            .zip(1..)
            .map(|(&(edge, behind), number)| Lock {
                number,
                edge,
                behind,
                key: deepest(number - 1..number)
                    .or_else(|| deepest(0..number))
                    .unwrap_or(analysis.start),
                shortcut: false,
            })
            .collect()
    }
}

/// A breadth-first search of a tree from a root: every room's parent and the edge above it.
struct TreeSearch {
    /// The rooms in the order reached, the root first.
    order: Vec<u32>,
    /// Every room's parent (`u32::MAX` for the root).
    parent: Vec<u32>,
    /// The edge from every room's parent to it.
    edge_above: Vec<u32>,
}

impl TreeSearch {
    fn new(adjacency: &Adjacency<(u32, u32)>, root: u32) -> Self {
        let rooms = adjacency.rooms() as usize;
        let mut search = Self {
            order: Vec::with_capacity(rooms),
            parent: vec![u32::MAX; rooms],
            edge_above: vec![u32::MAX; rooms],
        };
        search.order.push(root);
        let mut next = 0;
        while let Some(&room) = search.order.get(next) {
            next += 1;
            for &(neighbour, edge) in adjacency.of(room) {
                if neighbour != root && search.parent[neighbour as usize] == u32::MAX {
                    search.parent[neighbour as usize] = room;
                    search.edge_above[neighbour as usize] = edge;
                    search.order.push(neighbour);
                }
            }
        }
        search
    }

    /// The last room reached: a farthest one from the root.
    fn farthest(&self) -> u32 {
        *self.order.last().expect("the root is reached")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::EdgeKind;
    use crate::rng::rng_from_seed;

    fn tree(pairs: &[(u32, u32)]) -> Vec<Edge> {
        pairs
            .iter()
            .map(|&(a, b)| Edge {
                a,
                b,
                kind: EdgeKind::Tree,
            })
            .collect()
    }

    #[test]
    fn on_a_path_the_zones_follow_it_from_the_start() {
        let path = tree(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]);
        for seed in 0..50 {
            let plan = plan(7, &path, 3, &mut rng_from_seed(seed));
            // The double sweep from room 0 ends at room 6: the start.
            assert_eq!(plan.start, 6);
            let zones: Vec<u32> = (0..7).rev().map(|room| plan.zone[room]).collect();
            assert!(
                zones.is_sorted() && zones[0] == 0 && zones[6] == 3,
                "{zones:?}"
            );
            // The goal lies behind the last lock, lock 3.
            let behind: Vec<bool> = (0..7).rev().map(|room| plan.behind_last[room]).collect();
            assert_eq!(behind, zones.iter().map(|&z| z == 3).collect::<Vec<_>>());
        }
    }

    #[test]
    fn locks_are_numbered_outwards_and_every_zone_hangs_below_its_lock() {
        for seed in 0..300 {
            let mut rng = rng_from_seed(seed);
            let rooms = uniform(&mut rng, 2..40u32);
            let pairs: Vec<(u32, u32)> = (1..rooms).map(|b| (uniform(&mut rng, 0..b), b)).collect();
            let edges = tree(&pairs);
            let count = uniform(&mut rng, 1..rooms);
            let plan = plan(rooms, &edges, count, &mut rng);
            assert_eq!(plan.locks.len() as u32, count);
            let adjacency = Adjacency::new(
                rooms,
                edges.len(),
                |k| (edges[k].a, edges[k].b),
                |n, k| (n, k as u32),
            );
            let search = TreeSearch::new(&adjacency, plan.start);
            for (k, &(edge, room)) in plan.locks.iter().enumerate() {
                let number = k as u32 + 1;
                assert_eq!(search.edge_above[room as usize], edge);
                assert_eq!(plan.zone[room as usize], number);
                // The zone above the lock was opened by an earlier lock.
                let above = plan.zone[search.parent[room as usize] as usize];
                assert!(
                    above < number,
                    "seed {seed}: lock {number} below zone {above}"
                );
            }
            // Every room not below a lock is in its parent's zone.
            for &room in &search.order[1..] {
                let r = room as usize;
                if plan.locks.iter().all(|&(_, below)| below != room) {
                    assert_eq!(plan.zone[r], plan.zone[search.parent[r] as usize]);
                }
            }
            assert!(plan.behind_last.iter().any(|&b| b) && !plan.behind_last[plan.start as usize]);
        }
    }

    #[test]
    fn keys_lie_in_the_zone_the_lock_before_opened() {
        // 0 - 1 - 2 - 3 - 4 - 5 and 2 - 6: locks cut it, keys lead on.
        let edges = tree(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (2, 6)]);
        let plan = plan(7, &edges, 2, &mut rng_from_seed(1));
        let analysis =
            super::super::analysis::analyse_from(7, &edges, plan.start, &plan.behind_last);
        let locks = plan.locks(&analysis);
        for lock in &locks {
            let zone = plan.zone[lock.key as usize];
            assert!(zone < lock.number, "key {} behind its lock", lock.number);
            assert!(lock.key != analysis.goal);
        }
        assert!(plan.behind_last[analysis.goal as usize]);
    }
}
