//! What the room graph looks like: a farthest pair of rooms (start and goal), every room's
//! depth from the start, dead ends and the cyclomatic number.

use super::{Adjacency, Edge};

/// The most work, in rooms plus edge ends visited, spent proving a farthest pair after the two
/// searches of the double sweep: all-pairs searches of a thousand-room graph fit, one search
/// of a million-room graph does not.
pub const FARTHEST_PAIR_BUDGET: u64 = 1 << 24;

/// Facts about a room graph, computed once after generation. With locks the start and goal
/// are the locks' plan's (see [`Lock`](super::Lock)): not a farthest pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// One room of a farthest pair (in hops); with locks, an end of a farthest pair of the
    /// spanning tree.
    pub start: u32,
    /// The other room of the pair: a room farthest from `start`; with locks, the farthest
    /// behind the first lock on the way to the tree's far end.
    pub goal: u32,
    /// Hops from `start` to `goal`: the graph's diameter when `exact`.
    pub hops: u32,
    /// Whether `start` and `goal` are proven a farthest pair. The proof stops at
    /// [`FARTHEST_PAIR_BUDGET`], which large random graphs (thousands of rooms, every pair a
    /// candidate) reach; `hops` is then a lower bound of the diameter, usually equal to it.
    pub exact: bool,
    /// Every room's number of doors (its degree).
    pub doors: Vec<u32>,
    /// Every room's distance from `start` in hops.
    pub depth: Vec<u32>,
    /// The rooms with exactly one door, in increasing order.
    pub dead_ends: Vec<u32>,
    /// Edges minus rooms plus one: the number of independent loops.
    pub cyclomatic: u64,
}

/// Analyses the connected graph of `count` rooms and `edges`.
pub(crate) fn analyse(count: u32, edges: &[Edge]) -> Analysis {
    let adjacency = adjacency(count, edges);
    let farthest = farthest_pair(&mut Bfs::new(&adjacency));
    finish(count, edges, farthest)
}

/// Analyses the connected graph of `count` rooms and `edges` from a given `start`: the goal is
/// the room farthest from it among those `among` marks (the smallest id of the farthest), and
/// `exact` is false, since the two need not be a farthest pair.
pub(crate) fn analyse_from(count: u32, edges: &[Edge], start: u32, among: &[bool]) -> Analysis {
    let adjacency = adjacency(count, edges);
    let mut bfs = Bfs::new(&adjacency);
    bfs.run(start);
    let goal = (0..count)
        .filter(|&room| among[room as usize])
        .max_by_key(|&room| (bfs.depth[room as usize], std::cmp::Reverse(room)))
        .unwrap_or(start);
    let depth = std::mem::take(&mut bfs.depth);
    finish(
        count,
        edges,
        FarthestPair {
            start,
            goal,
            exact: false,
            depth,
        },
    )
}

/// Every room's neighbours.
fn adjacency(count: u32, edges: &[Edge]) -> Adjacency<u32> {
    Adjacency::new(count, edges.len(), |k| (edges[k].a, edges[k].b), |b, _| b)
}

/// The analysis of the graph whose start and goal are `pair`'s.
fn finish(count: u32, edges: &[Edge], pair: FarthestPair) -> Analysis {
    let mut doors = vec![0; count as usize];
    for edge in edges {
        doors[edge.a as usize] += 1;
        doors[edge.b as usize] += 1;
    }
    let dead_ends = (0..count)
        .filter(|&room| doors[room as usize] == 1)
        .collect();
    Analysis {
        start: pair.start,
        goal: pair.goal,
        hops: pair.depth[pair.goal as usize],
        exact: pair.exact,
        doors,
        depth: pair.depth,
        dead_ends,
        cyclomatic: edges.len() as u64 + 1 - u64::from(count),
    }
}

/// A farthest pair, and the hops from its start to every room.
struct FarthestPair {
    start: u32,
    goal: u32,
    exact: bool,
    depth: Vec<u32>,
}

/// A farthest pair by iFUB (Crescenzi et al., "On computing the diameter of real-world
/// undirected graphs", 2013): a double sweep gives a pair and a central room `u`; a pair with an
/// end at distance `i` or more from `u` is no longer than the largest eccentricity of those
/// rooms, and any other pair is at most `2(i - 1)` long. So the rooms are searched from
/// farthest from `u` inward until the longest path found reaches that bound. Exact for every
/// graph within the budget, and for trees, where the double sweep alone is exact (Handler,
/// 1973).
fn farthest_pair(bfs: &mut Bfs) -> FarthestPair {
    let a = bfs.run(0);
    let b = bfs.run(a);
    let mut best = FarthestPair {
        start: a,
        goal: b,
        exact: false,
        depth: bfs.depth.clone(),
    };
    let mut hops = best.depth[b as usize];
    // A tree has one edge (two edge ends) fewer than rooms.
    if bfs.adjacency.len() + 2 == 2 * bfs.depth.len() {
        best.exact = true;
        return best;
    }
    // The middle of the path from b back to a.
    let mut u = b;
    while best.depth[u as usize] > hops / 2 {
        let closer = best.depth[u as usize] - 1;
        u = *bfs
            .adjacency
            .of(u)
            .iter()
            .find(|&&v| best.depth[v as usize] == closer)
            .expect("a room on a shortest path has a neighbour one hop closer");
    }
    let mut improve = |bfs: &Bfs, source: u32, far: u32, best: &mut FarthestPair| {
        if bfs.depth[far as usize] > hops {
            hops = bfs.depth[far as usize];
            (best.start, best.goal) = (source, far);
            best.depth.copy_from_slice(&bfs.depth);
        }
    };
    if bfs.cost() > FARTHEST_PAIR_BUDGET {
        return best;
    }
    let far = bfs.run(u);
    improve(bfs, u, far, &mut best);
    let (order, from_u) = (bfs.order.clone(), bfs.depth.clone());
    let mut spent = bfs.cost();
    for &x in order.iter().rev() {
        if best.depth[best.goal as usize] >= 2 * from_u[x as usize] {
            best.exact = true;
            return best;
        }
        if spent + bfs.cost() > FARTHEST_PAIR_BUDGET {
            return best;
        }
        spent += bfs.cost();
        let far = bfs.run(x);
        improve(bfs, x, far, &mut best);
    }
    best.exact = true;
    best
}

/// Breadth-first search over the whole graph, reusing its buffers.
struct Bfs<'a> {
    adjacency: &'a Adjacency<u32>,
    /// Hops from the last search's source.
    depth: Vec<u32>,
    /// The rooms in the order the last search reached them (by increasing depth).
    order: Vec<u32>,
    /// One bit per room: reached by the current search. Small enough to stay in cache, unlike
    /// `depth`, which is only written.
    seen: Vec<u64>,
}

impl<'a> Bfs<'a> {
    fn new(adjacency: &'a Adjacency<u32>) -> Self {
        let rooms = adjacency.rooms() as usize;
        Self {
            adjacency,
            depth: vec![0; rooms],
            order: Vec::with_capacity(rooms),
            seen: vec![0; rooms.div_ceil(64)],
        }
    }

    /// The work of one search: rooms plus edge ends.
    fn cost(&self) -> u64 {
        (self.depth.len() + self.adjacency.len()) as u64
    }

    /// Searches from `source`; returns the last room reached, a farthest one.
    fn run(&mut self, source: u32) -> u32 {
        self.seen.fill(0);
        self.order.clear();
        self.seen[source as usize / 64] |= 1 << (source % 64);
        self.depth[source as usize] = 0;
        self.order.push(source);
        // order[..level_end] holds the rooms up to depth `level`.
        let (mut level, mut level_end, mut next) = (0, 1, 0);
        while let Some(&room) = self.order.get(next) {
            if next == level_end {
                level += 1;
                level_end = self.order.len();
            }
            next += 1;
            for &neighbour in self.adjacency.of(room) {
                let (word, bit) = (neighbour as usize / 64, 1 << (neighbour % 64));
                if self.seen[word] & bit == 0 {
                    self.seen[word] |= bit;
                    self.depth[neighbour as usize] = level + 1;
                    self.order.push(neighbour);
                }
            }
        }
        *self.order.last().expect("the source is reached")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::EdgeKind;

    fn edges(pairs: &[(u32, u32)]) -> Vec<Edge> {
        pairs
            .iter()
            .map(|&(a, b)| Edge {
                a,
                b,
                kind: EdgeKind::Tree,
            })
            .collect()
    }

    fn analysed(count: u32, pairs: &[(u32, u32)]) -> Analysis {
        analyse(count, &edges(pairs))
    }

    /// The diameter by a search from every room.
    fn brute_diameter(count: u32, pairs: &[(u32, u32)]) -> u32 {
        let edges = edges(pairs);
        let adjacency = Adjacency::new(count, edges.len(), |k| (edges[k].a, edges[k].b), |b, _| b);
        let mut bfs = Bfs::new(&adjacency);
        (0..count)
            .map(|room| {
                let far = bfs.run(room);
                bfs.depth[far as usize]
            })
            .max()
            .unwrap()
    }

    #[test]
    fn one_room() {
        let analysis = analysed(1, &[]);
        assert_eq!((analysis.start, analysis.goal, analysis.hops), (0, 0, 0));
        assert!(analysis.exact && analysis.dead_ends.is_empty());
        assert_eq!((analysis.depth, analysis.cyclomatic), (vec![0], 0));
    }

    #[test]
    fn a_path_from_its_middle() {
        let analysis = analysed(5, &[(2, 1), (1, 0), (2, 3), (3, 4)]);
        assert_eq!(analysis.hops, 4);
        assert!([(0, 4), (4, 0)].contains(&(analysis.start, analysis.goal)));
        assert_eq!(analysis.dead_ends, [0, 4]);
        assert_eq!(analysis.cyclomatic, 0);
        assert!(analysis.exact);
    }

    #[test]
    fn a_cycle_with_a_tail() {
        // 0-1-2-3-4-5-0 and a tail 3-6-7: the diameter runs from 0 to 7.
        let pairs = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (5, 0),
            (3, 6),
            (6, 7),
        ];
        let analysis = analysed(8, &pairs);
        assert_eq!(analysis.hops, 5);
        assert_eq!(analysis.cyclomatic, 1);
        assert_eq!(analysis.depth[analysis.goal as usize], 5);
    }

    #[test]
    fn farthest_pairs_match_brute_force() {
        use crate::rng::{rng_from_seed, uniform};
        let mut rng = rng_from_seed(9);
        for _ in 0..300 {
            let count = uniform(&mut rng, 1..40u32);
            // A random tree plus a few random extra edges.
            let mut pairs: Vec<(u32, u32)> =
                (1..count).map(|b| (uniform(&mut rng, 0..b), b)).collect();
            for _ in 0..uniform(&mut rng, 0..count) {
                let (a, b) = (uniform(&mut rng, 0..count), uniform(&mut rng, 0..count));
                if a != b && !pairs.contains(&(a, b)) && !pairs.contains(&(b, a)) {
                    pairs.push((a, b));
                }
            }
            let analysis = analysed(count, &pairs);
            assert!(analysis.exact);
            assert_eq!(analysis.hops, brute_diameter(count, &pairs), "{pairs:?}");
        }
    }
}
