//! Cycles built into the route, as in cyclic dungeon generation: a short way between two rooms
//! that lie far apart on the spanning tree, locked, with its key on the long way round. The
//! player walks the long way, finds the key near its end, and can take the short way from
//! then on.
//!
//! 1. The pairs that may close a cycle: on a map, rooms whose nearest tiles meet
//!    ([`super::route::Cells`]), so the short way is short; without one, any pair. A pair
//!    closes a cycle if its rooms lie in one zone of the locks, are not joined by the tree or
//!    another cycle, and are at least [`LONG_WAY`] tree edges apart.
//! 2. The cycles are drawn uniformly from those pairs ([`pick`]) and joined by
//!    [`EdgeKind::Cycle`] edges (an extra connection between them becomes one). On a map each cycle's corridor is kept apart from every other
//!    corridor (a group of its own when routed), so that its lock is the only short way; a
//!    cycle whose corridor finds no way is drawn again among the pairs left.
//! 3. Once the start is known, each cycle's lock stands at its door into the room farther
//!    from the start along the tree, and its key lies in the room before that one on the
//!    long way ([`locks`]).

use crate::level::{Adjacency, Analysis, Edge, EdgeKind, Lock};
use crate::rng::{MazeRng, uniform};
use std::collections::BTreeSet;

/// The fewest tree edges between the two rooms of a cycle: the long way passes at least two
/// rooms between them.
pub const LONG_WAY: u32 = 3;

/// The most cycles a map of `rooms` rooms is asked for: an eighth as many (rounded down).
pub fn most_cycles(rooms: u32) -> u32 {
    rooms / 8
}

/// Every room's parent and depth on a tree, from a root.
struct TreePaths {
    parent: Vec<u32>,
    depth: Vec<u32>,
}

impl TreePaths {
    /// The paths of the tree `edges` (the map's first `rooms - 1`) from `root`.
    fn new(rooms: u32, edges: &[Edge], root: u32) -> Self {
        let adjacency = Adjacency::new(rooms, edges.len(), |k| (edges[k].a, edges[k].b), |n, _| n);
        let mut paths = Self {
            parent: vec![u32::MAX; rooms as usize],
            depth: vec![0; rooms as usize],
        };
        let mut order = vec![root];
        let mut next = 0;
        while let Some(&room) = order.get(next) {
            next += 1;
            for &n in adjacency.of(room) {
                if n != root && paths.parent[n as usize] == u32::MAX {
                    paths.parent[n as usize] = room;
                    paths.depth[n as usize] = paths.depth[room as usize] + 1;
                    order.push(n);
                }
            }
        }
        paths
    }

    /// The tree edges between `a` and `b`.
    fn distance(&self, mut a: u32, mut b: u32) -> u32 {
        let mut steps = 0;
        while a != b {
            if self.depth[a as usize] < self.depth[b as usize] {
                std::mem::swap(&mut a, &mut b);
            }
            a = self.parent[a as usize];
            steps += 1;
        }
        steps
    }
}

/// Where the pairs that may close a cycle come from.
pub(crate) enum CyclePairs {
    /// These pairs (rooms whose tiles meet).
    Listed(Vec<(u32, u32)>),
    /// Any pair of the rooms, drawn at random.
    Any,
}

/// Step 2: draws up to `count` pairs `(a, b)`, `a < b`, that close cycles on the graph
/// `joined` (its first `rooms - 1` edges the tree) from `pairs`, their rooms in one of
/// `zones`, passing over `excluded`. Fewer when no more fit.
pub(crate) fn pick(
    rooms: u32,
    joined: &[Edge],
    pairs: &CyclePairs,
    zones: &[u32],
    count: u32,
    excluded: &BTreeSet<(u32, u32)>,
    rng: &mut MazeRng,
) -> Vec<(u32, u32)> {
    let tree = &joined[..rooms as usize - 1];
    let paths = TreePaths::new(rooms, tree, 0);
    let mut taken: BTreeSet<(u32, u32)> = joined
        .iter()
        .filter(|e| e.kind != EdgeKind::Extra)
        .map(|e| (e.a.min(e.b), e.a.max(e.b)))
        .collect();
    taken.extend(excluded);
    let closes = |(a, b): (u32, u32), taken: &BTreeSet<(u32, u32)>| {
        a != b
            && zones[a as usize] == zones[b as usize]
            && !taken.contains(&(a.min(b), a.max(b)))
            && paths.distance(a, b) >= LONG_WAY
    };
    let mut picked = Vec::new();
    match pairs {
        CyclePairs::Listed(pairs) => {
            let mut fit: Vec<(u32, u32)> = pairs
                .iter()
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .filter(|&pair| closes(pair, &taken))
                .collect();
            for i in 0..fit.len().min(count as usize) {
                let j = uniform(rng, i..fit.len());
                fit.swap(i, j);
                picked.push(fit[i]);
            }
        }
        CyclePairs::Any => {
            // Random pairs until enough close cycles, or many tries in a row fail.
            let mut misses = 0;
            while (picked.len() as u32) < count && misses < 64 * rooms.max(16) {
                let (a, b) = (uniform(rng, 0..rooms), uniform(rng, 0..rooms));
                let pair = (a.min(b), a.max(b));
                if closes(pair, &taken) {
                    taken.insert(pair);
                    picked.push(pair);
                    misses = 0;
                } else {
                    misses += 1;
                }
            }
        }
    }
    picked
}

/// Step 3: the locks of the cycle edges of `edges` (the first `rooms - 1` the tree), numbered
/// on from `first`, once `analysis` knows the start.
pub(crate) fn locks(rooms: u32, edges: &[Edge], analysis: &Analysis, first: u32) -> Vec<Lock> {
    let paths = TreePaths::new(rooms, &edges[..rooms as usize - 1], analysis.start);
    edges
        .iter()
        .enumerate()
        .filter(|(_, edge)| edge.kind == EdgeKind::Cycle)
        .zip(first..)
        .map(|((k, edge), number)| {
            let deeper = |a: u32, b: u32| paths.depth[a as usize] > paths.depth[b as usize];
            let behind = if deeper(edge.a, edge.b) {
                edge.a
            } else {
                edge.b
            };
            Lock {
                number,
                edge: k as u32,
                behind,
                key: paths.parent[behind as usize],
                shortcut: true,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    /// A path of six rooms 0 - 1 - 2 - 3 - 4 - 5.
    fn path() -> Vec<Edge> {
        (0..5)
            .map(|a| Edge {
                a,
                b: a + 1,
                kind: EdgeKind::Tree,
            })
            .collect()
    }

    #[test]
    fn cycles_join_rooms_far_apart_in_one_zone() {
        let tree = path();
        let pairs = CyclePairs::Listed(vec![(0, 1), (0, 2), (0, 3), (1, 5), (2, 5)]);
        let mut rng = rng_from_seed(1);
        let none = BTreeSet::new();
        let picked = pick(6, &tree, &pairs, &[0; 6], 5, &none, &mut rng);
        let mut sorted = picked.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [(0, 3), (1, 5), (2, 5)]);
        // Zones part 0 from 3; an excluded pair is passed over.
        let zones = [0, 0, 0, 1, 1, 1];
        let excluded = BTreeSet::from([(2, 5)]);
        assert_eq!(pick(6, &tree, &pairs, &zones, 5, &excluded, &mut rng), []);
        let picked = pick(6, &tree, &CyclePairs::Any, &[0; 6], 6, &none, &mut rng);
        assert_eq!(picked.len(), 6, "0-3, 0-4, 0-5, 1-4, 1-5, 2-5");
    }

    #[test]
    fn a_cycle_is_locked_at_its_far_room_with_the_key_just_before_it() {
        let mut edges = path();
        edges.push(Edge {
            a: 1,
            b: 4,
            kind: EdgeKind::Cycle,
        });
        let analysis = crate::level::analyse(6, &edges);
        let start = analysis.start;
        let [lock] = &locks(6, &edges, &analysis, 3)[..] else {
            panic!()
        };
        assert_eq!((lock.number, lock.edge), (3, 5));
        let (behind, key) = if start == 0 { (4, 3) } else { (1, 2) };
        assert_eq!((lock.behind, lock.key, lock.shortcut), (behind, key, true));
    }
}
