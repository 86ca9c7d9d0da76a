//! Roles, locks and keys: what each room is for, and locked corridors whose keys lie before
//! them, so that a player can always win.
//!
//! Locks stand on corridors that are the only way to what lies behind them (bridges) and
//! that share no tile with another corridor, so that the map's tiles lock exactly what the graph
//! does. Corridors that touch form one passage, joining all their rooms: the bridges are those
//! of the graph of rooms and passages. One lock stands between the start and the goal; the
//! others on bridges anywhere. They are numbered from the start outwards (a lock behind another
//! has a larger number), and key `k` lies in the deepest room reachable with keys `1..k`,
//! preferring the rooms that lock `k - 1` opened: the keys lead the player on.

use super::adjacency::Adjacency;
use super::{Analysis, RoomsError};
use crate::rng::{MazeRng, uniform};
use serde::Serialize;

/// What a room is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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
}

impl Role {
    /// The role of `room`.
    pub(crate) fn of(room: u32, analysis: &Analysis) -> Self {
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
        }
    }
}

/// Lock `number` on an edge and where its key lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lock {
    /// The lock's number, from 1.
    pub number: u32,
    /// The locked edge (an index into [`super::RoomMap::edges`]).
    pub edge: u32,
    /// The room behind the lock, seen from the start.
    pub behind: u32,
    /// The room that holds its key.
    pub key: u32,
}

/// Places `count` locks on the graph of `rooms` rooms and `ends` (the two rooms of each edge),
/// whose edge `k` is lockable when `passage[k]` is `None`; edges with the same passage number
/// touch on the map and join all their rooms. Refuses more locks than the graph allows.
pub(crate) fn place_locks(
    rooms: u32,
    ends: &[(u32, u32)],
    passage: &[Option<u32>],
    analysis: &Analysis,
    count: u32,
    rng: &mut MazeRng,
) -> Result<Vec<Lock>, RoomsError> {
    // The graph of rooms and passages: room ids, then one node per passage.
    let passages = passage.iter().flatten().max().map_or(0, |&p| p + 1);
    let mut links: Vec<(u32, u32, Option<u32>)> = Vec::with_capacity(2 * ends.len());
    for (k, (&(a, b), p)) in ends.iter().zip(passage).enumerate() {
        match p {
            None => links.push((a, b, Some(k as u32))),
            Some(p) => {
                links.push((a, rooms + p, None));
                links.push((b, rooms + p, None));
            }
        }
    }
    let nodes = rooms + passages;
    let adjacency = Adjacency::new(
        nodes,
        links.len(),
        |i| (links[i].0, links[i].1),
        |n, i| (n, i as u32),
    );
    let tree = DepthFirst::new(&adjacency, analysis.start);
    // Lockable bridges: tree links (parent, child) that no other link spans.
    let lockable: Vec<u32> = (0..nodes)
        .filter(|&n| tree.is_bridge_below(n))
        .filter(|&n| links[tree.link_above[n as usize] as usize].2.is_some())
        .collect();
    let gates: Vec<u32> = tree
        .ancestors(analysis.goal)
        .filter(|n| lockable.contains(n))
        .collect();
    let most = if gates.is_empty() {
        0
    } else {
        lockable.len() as u32
    };
    if count > most {
        let reason = if most == 0 {
            "no corridor is the only way from the start to the goal, so no lock can keep the \
             goal closed; this map takes no locks (another seed, a lower p or Delaunay candidates \
             may)"
                .to_string()
        } else {
            format!(
                "a lock needs a corridor that is the only way to the rooms behind it and touches \
                 no other corridor; {most} or fewer would do"
            )
        };
        return Err(RoomsError::TooManyLocks {
            locks: count,
            most,
            reason,
        });
    }
    if count == 0 {
        return Ok(Vec::new());
    }
    // One gate before the goal, the rest drawn from the other lockable bridges.
    let gate = gates[uniform(rng, 0..gates.len())];
    let mut others: Vec<u32> = lockable.into_iter().filter(|&n| n != gate).collect();
    for i in 0..(count - 1) as usize {
        let j = uniform(rng, i..others.len());
        others.swap(i, j);
    }
    let mut below: Vec<u32> = others[..(count - 1) as usize].to_vec();
    below.push(gate);
    // From the start outwards: a lock behind another was reached later.
    below.sort_unstable_by_key(|&n| tree.order[n as usize]);
    let mut number = vec![0u32; nodes as usize];
    for (k, &n) in below.iter().enumerate() {
        number[n as usize] = k as u32 + 1;
    }
    // Open the locks one by one, each key in the deepest room reachable before its lock.
    let mut reached = vec![false; nodes as usize];
    let mut fresh = vec![analysis.start];
    reached[analysis.start as usize] = true;
    let mut locks = Vec::with_capacity(count as usize);
    let mut opened = vec![analysis.start];
    for (k, &n) in below.iter().enumerate() {
        // Everything reachable without opening lock k or any later one.
        while let Some(node) = fresh.pop() {
            for &(next, _) in adjacency.of(node) {
                let locked = |child: u32| number[child as usize] > k as u32;
                let crosses = (tree.parent[next as usize] == node && locked(next))
                    || (tree.parent[node as usize] == next && locked(node));
                if !reached[next as usize] && !crosses {
                    reached[next as usize] = true;
                    fresh.push(next);
                    opened.push(next);
                }
            }
        }
        let deepest = |rooms_of: &[u32]| {
            rooms_of
                .iter()
                .copied()
                .filter(|&r| r < rooms && r != analysis.goal && r != analysis.start)
                .max_by_key(|&r| (analysis.depth[r as usize], std::cmp::Reverse(r)))
        };
        let key = deepest(&opened)
            .or_else(|| {
                let all: Vec<u32> = (0..rooms).filter(|&r| reached[r as usize]).collect();
                deepest(&all)
            })
            .unwrap_or(analysis.start);
        let edge = links[tree.link_above[n as usize] as usize]
            .2
            .expect("locks stand on lockable links");
        locks.push(Lock {
            number: k as u32 + 1,
            edge,
            behind: n,
            key,
        });
        // Lock k opens: what lies behind it comes next.
        opened.clear();
        reached[n as usize] = true;
        fresh.push(n);
        opened.push(n);
    }
    Ok(locks)
}

/// The zone of every one of `rooms` rooms: rooms in one zone are joined without passing a
/// lock, by the edges `ends` other than those in `locked`, and by corridors touching
/// (`passage`, as [`place_locks`] takes it). Zones are numbered by their smallest room.
pub(crate) fn zones(
    rooms: u32,
    ends: &[(u32, u32)],
    passage: &[Option<u32>],
    locked: &[u32],
) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..rooms).collect();
    let find = |parent: &mut Vec<u32>, mut room: u32| {
        while parent[room as usize] != room {
            let up = parent[parent[room as usize] as usize];
            parent[room as usize] = up;
            room = up;
        }
        room
    };
    let union = |parent: &mut Vec<u32>, a: u32, b: u32| {
        let (a, b) = (find(parent, a), find(parent, b));
        // The smaller root stays: zones are named by their smallest room.
        parent[a.max(b) as usize] = a.min(b);
    };
    // The first room of every passage, to join the others to.
    let mut first_of_passage: Vec<u32> = Vec::new();
    for (k, (&(a, b), p)) in ends.iter().zip(passage).enumerate() {
        if locked.contains(&(k as u32)) {
            continue;
        }
        union(&mut parent, a, b);
        if let Some(p) = *p {
            let p = p as usize;
            if first_of_passage.len() <= p {
                first_of_passage.resize(p + 1, u32::MAX);
            }
            match first_of_passage[p] {
                u32::MAX => first_of_passage[p] = a,
                first => union(&mut parent, first, a),
            }
        }
    }
    (0..rooms).map(|room| find(&mut parent, room)).collect()
}

/// A depth-first search tree from a root with low points: which tree links are bridges.
struct DepthFirst {
    /// Every node's parent (`u32::MAX` for the root and nodes not reached).
    parent: Vec<u32>,
    /// The link from every node's parent to it.
    link_above: Vec<u32>,
    /// Every node's discovery order.
    order: Vec<u32>,
    /// The smallest order reachable from a node's subtree by one link other than its own.
    low: Vec<u32>,
}

impl DepthFirst {
    /// Searches from `root` without recursion.
    fn new(adjacency: &Adjacency<(u32, u32)>, root: u32) -> Self {
        let nodes = adjacency.rooms() as usize;
        let mut tree = Self {
            parent: vec![u32::MAX; nodes],
            link_above: vec![u32::MAX; nodes],
            order: vec![u32::MAX; nodes],
            low: vec![u32::MAX; nodes],
        };
        // Each stack entry: a node and how many of its links it has looked at.
        let mut stack = vec![(root, 0usize)];
        tree.order[root as usize] = 0;
        tree.low[root as usize] = 0;
        let mut next = 1;
        while let Some(top) = stack.last_mut() {
            let (node, seen) = *top;
            top.1 += 1;
            if let Some(&(neighbour, link)) = adjacency.of(node).get(seen) {
                if link == tree.link_above[node as usize] {
                    continue;
                }
                let n = neighbour as usize;
                if tree.order[n] == u32::MAX {
                    tree.order[n] = next;
                    tree.low[n] = next;
                    next += 1;
                    tree.parent[n] = node;
                    tree.link_above[n] = link;
                    stack.push((neighbour, 0));
                } else {
                    tree.low[node as usize] = tree.low[node as usize].min(tree.order[n]);
                }
            } else {
                stack.pop();
                let parent = tree.parent[node as usize];
                if parent != u32::MAX {
                    tree.low[parent as usize] =
                        tree.low[parent as usize].min(tree.low[node as usize]);
                }
            }
        }
        tree
    }

    /// Whether the link from `node`'s parent to it is a bridge.
    fn is_bridge_below(&self, node: u32) -> bool {
        let n = node as usize;
        self.parent[n] != u32::MAX && self.low[n] > self.order[self.parent[n] as usize]
    }

    /// `node` and its ancestors, up to (not including) the root.
    fn ancestors(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(Some(node), |&n| Some(self.parent[n as usize]))
            .take_while(|&n| n != u32::MAX && self.parent[n as usize] != u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_part_at_locks_and_touching_corridors_join() {
        // 0 - 1 -lock- 2 - 3, and 4 - 5 whose corridor touches that of 2 - 3.
        let ends = [(0, 1), (1, 2), (2, 3), (4, 5)];
        let passage = [None, None, Some(0), Some(0)];
        assert_eq!(zones(6, &ends, &passage, &[1]), [0, 0, 2, 2, 2, 2]);
        assert_eq!(zones(6, &ends, &passage, &[]), [0; 6]);
    }
}
