//! Step 1: the guaranteed connection, a random spanning tree.
//!
//! The design's loop: `connected = {room 0}`, the others `remaining`; until every room is
//! connected, pick a uniformly random room `a` from `connected` and a uniformly random room `b`
//! from `remaining`, `try_connect(a, b)`, and on success move `b` to `connected`.
//!
//! # Same distribution, no futile retries
//!
//! An attempt fails only when a constraint forbids the pair, and which pairs are forbidden
//! does not change between attempts of one step (nothing changes until one succeeds). So each
//! step draws independent uniform pairs from `connected x remaining` until one lands in the set
//! `V` of pairs that would succeed, and the pair it keeps is uniform over `V`: every pair of
//! `V` is equally likely on every attempt. Drawing one pair uniformly from `V` directly gives
//! exactly the same tree distribution, without the retries. `V` here is
//! `{(a, b) : a connected with a free door, b remaining, {a, b} a candidate}` (`b` has no
//! edge yet, so it has a free door unless the limit is 0, and the pair is not yet connected).
//! When `V` is empty the loop could only retry forever: that is reported as an error instead.
//!
//! * Every pair a candidate (`Candidates::All`): `V` is the product of the connected rooms
//!   with a free door and the remaining rooms, so `a` and `b` are drawn independently and
//!   uniformly from those two lists, O(1) per step.
//! * Listed candidates (Delaunay): `V` is kept as a list of the candidate pairs between a
//!   connected room with a free door and a remaining room, updated as rooms join and doors
//!   fill; each pair enters and leaves it at most once, O(candidates) in all.

use super::RoomsError;
use super::candidates::CandidatePairs;
use super::graph::GraphBuilder;
use crate::rng::{MazeRng, uniform};

/// Grows a random spanning tree of `graph`'s rooms from room 0 over `candidates`, adding its
/// edges to `graph` (parent first) in the order the tree grows.
pub(crate) fn grow_tree(
    graph: &mut GraphBuilder,
    candidates: &CandidatePairs,
    rng: &mut MazeRng,
) -> Result<(), RoomsError> {
    match candidates {
        CandidatePairs::All { count } => grow_over_all_pairs(graph, *count, rng),
        CandidatePairs::Listed { pairs, adjacency } => {
            grow_over_listed_pairs(graph, pairs, adjacency, rng)
        }
    }
}

/// `V` is (connected rooms with a free door) x (remaining rooms).
fn grow_over_all_pairs(
    graph: &mut GraphBuilder,
    count: u32,
    rng: &mut MazeRng,
) -> Result<(), RoomsError> {
    let mut open: Vec<u32> = Vec::from_iter((graph.has_free_door(0)).then_some(0));
    let mut remaining: Vec<u32> = (1..count).collect();
    while !remaining.is_empty() {
        if open.is_empty() {
            return Err(stuck(graph, count - remaining.len() as u32));
        }
        let a_index = uniform(rng, 0..open.len());
        let a = open[a_index];
        let b = remaining.swap_remove(uniform(rng, 0..remaining.len()));
        graph.connect_tree(a, b);
        if !graph.has_free_door(a) {
            open.swap_remove(a_index);
        }
        if graph.has_free_door(b) {
            open.push(b);
        }
    }
    Ok(())
}

/// Marks a pair that is not in the frontier list.
const ABSENT: u32 = u32::MAX;

/// `V` is the frontier: candidate pairs between a connected room with a free door and a
/// remaining room, kept in a list with every pair's position for O(1) removal.
fn grow_over_listed_pairs(
    graph: &mut GraphBuilder,
    pairs: &[(u32, u32)],
    adjacency: &crate::level::Adjacency<(u32, u32)>,
    rng: &mut MazeRng,
) -> Result<(), RoomsError> {
    let count = adjacency.rooms();
    let mut frontier = Frontier {
        pairs: Vec::new(),
        position: vec![ABSENT; pairs.len()],
    };
    let mut connected = vec![false; count as usize];
    connected[0] = true;
    if graph.has_free_door(0) {
        for &(_, pair) in adjacency.of(0) {
            frontier.insert(pair);
        }
    }
    for joined in 1..count {
        if frontier.pairs.is_empty() {
            return Err(stuck(graph, joined));
        }
        let (i, j) = pairs[frontier.pairs[uniform(rng, 0..frontier.pairs.len())] as usize];
        let (a, b) = if connected[i as usize] {
            (i, j)
        } else {
            (j, i)
        };
        graph.connect_tree(a, b);
        connected[b as usize] = true;
        let b_open = graph.has_free_door(b);
        for &(neighbour, pair) in adjacency.of(b) {
            if connected[neighbour as usize] {
                frontier.remove(pair);
            } else if b_open {
                frontier.insert(pair);
            }
        }
        if !graph.has_free_door(a) {
            for &(_, pair) in adjacency.of(a) {
                frontier.remove(pair);
            }
        }
    }
    Ok(())
}

/// A set of pair numbers with O(1) insertion, removal and uniform choice.
struct Frontier {
    pairs: Vec<u32>,
    position: Vec<u32>,
}

impl Frontier {
    fn insert(&mut self, pair: u32) {
        debug_assert_eq!(self.position[pair as usize], ABSENT);
        self.position[pair as usize] = self.pairs.len() as u32;
        self.pairs.push(pair);
    }

    fn remove(&mut self, pair: u32) {
        let at = self.position[pair as usize];
        if at == ABSENT {
            return;
        }
        self.position[pair as usize] = ABSENT;
        self.pairs.swap_remove(at as usize);
        if let Some(&moved) = self.pairs.get(at as usize) {
            self.position[moved as usize] = at;
        }
    }
}

/// The error for a tree that cannot grow past `connected` rooms.
fn stuck(graph: &GraphBuilder, connected: u32) -> RoomsError {
    RoomsError::TreeStuck {
        max_doors: graph.max_doors(),
        connected,
        count: graph.rooms(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;
    use std::collections::{BTreeSet, HashMap};

    /// A tree as its sorted edge set.
    type Tree = BTreeSet<(u32, u32)>;

    fn sorted(edges: impl IntoIterator<Item = (u32, u32)>) -> Tree {
        edges
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect()
    }

    /// The design's loop, literally: pick, try, retry. `pick(rng, n)` picks the position of
    /// the connected room among `n` (uniform in the design).
    fn pick_and_retry(
        count: u32,
        allowed: &dyn Fn(u32, u32) -> bool,
        max_doors: u32,
        pick: fn(&mut MazeRng, usize) -> usize,
        rng: &mut MazeRng,
    ) -> Tree {
        let mut connected = vec![0u32];
        let mut remaining: Vec<u32> = (1..count).collect();
        let mut doors = vec![0u32; count as usize];
        let mut edges = Vec::new();
        while !remaining.is_empty() {
            let a = connected[pick(rng, connected.len())];
            let b_index = uniform(rng, 0..remaining.len());
            let b = remaining[b_index];
            if allowed(a.min(b), a.max(b)) && doors[a as usize] < max_doors {
                doors[a as usize] += 1;
                doors[b as usize] += 1;
                edges.push((a, b));
                connected.push(remaining.swap_remove(b_index));
            }
        }
        sorted(edges)
    }

    fn ours(candidates: &CandidatePairs, max_doors: u32, rng: &mut MazeRng) -> Tree {
        let count = match candidates {
            CandidatePairs::All { count } => *count,
            CandidatePairs::Listed { adjacency, .. } => adjacency.rooms(),
        };
        let mut graph = GraphBuilder::new(count, Some(max_doors));
        grow_tree(&mut graph, candidates, rng).unwrap();
        sorted(graph.edges.iter().map(|e| (e.a, e.b)))
    }

    /// Chi-square statistic of two samples of the same size over the trees they hit.
    fn two_sample_chi_square(x: &HashMap<Tree, u32>, y: &HashMap<Tree, u32>) -> (f64, usize) {
        let trees: BTreeSet<&Tree> = x.keys().chain(y.keys()).collect();
        let statistic = trees
            .iter()
            .map(|tree| {
                let (a, b) = (
                    f64::from(*x.get(*tree).unwrap_or(&0)),
                    f64::from(*y.get(*tree).unwrap_or(&0)),
                );
                (a - b).powi(2) / (a + b)
            })
            .sum();
        (statistic, trees.len() - 1)
    }

    fn tally(runs: u32, mut sample: impl FnMut() -> Tree) -> HashMap<Tree, u32> {
        let mut counts = HashMap::new();
        for _ in 0..runs {
            *counts.entry(sample()).or_default() += 1;
        }
        counts
    }

    /// Our sampler and the literal loop give the same tree distribution, and the test can
    /// tell a different one (uniform over connected rooms including full ones, with `a`
    /// redrawn alone on failure).
    fn assert_same_distribution(candidates: &CandidatePairs, max_doors: u32) {
        let allowed = |a: u32, b: u32| match candidates {
            CandidatePairs::All { .. } => true,
            CandidatePairs::Listed { pairs, .. } => pairs.binary_search(&(a, b)).is_ok(),
        };
        let count = match candidates {
            CandidatePairs::All { count } => *count,
            CandidatePairs::Listed { adjacency, .. } => adjacency.rooms(),
        };
        let runs = 40_000;
        let mut rng = rng_from_seed(11);
        let uniform = |rng: &mut MazeRng, n: usize| uniform(rng, 0..n);
        let literal = tally(runs, || {
            pick_and_retry(count, &allowed, max_doors, uniform, &mut rng)
        });
        let ours = tally(runs, || ours(candidates, max_doors, &mut rng));
        let (statistic, freedom) = two_sample_chi_square(&literal, &ours);
        // Mean `freedom`, sd sqrt(2 freedom): six sd is a bound a same-distribution sample
        // essentially never exceeds.
        let bound = freedom as f64 + 6.0 * (2.0 * freedom as f64).sqrt();
        assert!(statistic < bound, "chi-square {statistic} over {freedom}");
        // A biased sampler: the newest connected room twice as likely.
        let newest_twice =
            |rng: &mut MazeRng, n: usize| crate::rng::uniform_inclusive(rng, 0..=n).min(n - 1);
        let biased = tally(runs, || {
            pick_and_retry(count, &allowed, max_doors, newest_twice, &mut rng)
        });
        let (statistic, freedom) = two_sample_chi_square(&literal, &biased);
        let bound = freedom as f64 + 6.0 * (2.0 * freedom as f64).sqrt();
        assert!(statistic > bound, "the test cannot see a bias: {statistic}");
    }

    #[test]
    fn all_pairs_tree_matches_the_literal_loop() {
        assert_same_distribution(&CandidatePairs::All { count: 5 }, 2);
        assert_same_distribution(&CandidatePairs::All { count: 5 }, u32::MAX);
    }

    #[test]
    fn listed_pairs_tree_matches_the_literal_loop() {
        // A wheel: rooms 1..=5 in a cycle, all joined to room 0, plus one chord.
        let pairs = vec![
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (0, 5),
            (1, 2),
            (1, 5),
            (2, 3),
            (2, 5),
            (3, 4),
            (4, 5),
        ];
        let candidates = CandidatePairs::listed(6, pairs);
        assert_same_distribution(&candidates, 3);
        assert_same_distribution(&candidates, u32::MAX);
    }

    #[test]
    fn impossible_trees_are_errors_not_hangs() {
        let mut rng = rng_from_seed(1);
        let mut graph = GraphBuilder::new(3, Some(1));
        let error = grow_tree(&mut graph, &CandidatePairs::All { count: 3 }, &mut rng);
        assert!(matches!(
            error,
            Err(RoomsError::TreeStuck { connected: 2, .. })
        ));
        // A star whose centre is full after two doors: the third leaf cannot connect.
        let star = CandidatePairs::listed(4, vec![(0, 1), (0, 2), (0, 3)]);
        let mut graph = GraphBuilder::new(4, Some(2));
        assert!(grow_tree(&mut graph, &star, &mut rng).is_err());
    }
}
