//! The locks a designer asks for, each with its key placed before it. One-way connections are
//! taken their way only (from `a` to `b`) throughout, so a key never lies where the player can
//! get only against one.
//!
//! 1. From the start, the rooms reachable through unlocked connections and locks already
//!    opened are flooded.
//! 2. Of the locked connections leading out of them, the one whose inside room is nearest the
//!    start (in hops over the whole graph; the first in the file on a tie) opens next: its key
//!    lies in the deepest room reached so far (the start and the goal left out while another
//!    room is reached), and the room beyond it is behind it.
//! 3. A locked connection between two rooms already reached shuts a short way: its key lies in
//!    the deepest room reached, and it is never needed to win.
//! 4. Repeat until every lock is open. Numbers go in the order locks open.

use crate::level::{Analysis, Edge, Lock};

/// The rooms each room leads to, with the edge: both ways, but a one-way edge from `a` only.
fn ways(count: u32, edges: &[Edge], one_way: &[bool]) -> Vec<Vec<(usize, usize)>> {
    let mut adjacency = vec![Vec::new(); count as usize];
    for (k, edge) in edges.iter().enumerate() {
        adjacency[edge.a as usize].push((edge.b as usize, k));
        if !one_way.get(k).copied().unwrap_or(false) {
            adjacency[edge.b as usize].push((edge.a as usize, k));
        }
    }
    adjacency
}

/// Every room's hops from `start`, one-way edges taken their way only, locks ignored; `Err`
/// with the first room that cannot be reached so.
pub(crate) fn depths(
    count: u32,
    edges: &[Edge],
    one_way: &[bool],
    start: u32,
) -> Result<Vec<u32>, u32> {
    let adjacency = ways(count, edges, one_way);
    let mut depth = vec![u32::MAX; count as usize];
    depth[start as usize] = 0;
    let mut queue = std::collections::VecDeque::from([start as usize]);
    while let Some(room) = queue.pop_front() {
        for &(other, _) in &adjacency[room] {
            if depth[other] == u32::MAX {
                depth[other] = depth[room] + 1;
                queue.push_back(other);
            }
        }
    }
    match depth.iter().position(|&d| d == u32::MAX) {
        Some(room) => Err(room as u32),
        None => Ok(depth),
    }
}

/// The locks on the edges `locked` marks, numbered from 1 in the order they open from the
/// analysis' start, with their keys; `depth` is [`depths`] from that start.
pub(crate) fn plan(
    count: u32,
    edges: &[Edge],
    locked: &[bool],
    one_way: &[bool],
    depth: &[u32],
    analysis: &Analysis,
) -> Vec<Lock> {
    let n = count as usize;
    let adjacency = ways(count, edges, one_way);
    let passable = |k: usize, from: usize| edges[k].a as usize == from || !one_way[k];
    let mut reached = vec![false; n];
    let mut open = vec![false; edges.len()];
    let flood = |reached: &mut Vec<bool>, open: &[bool], from: usize| {
        let mut stack = vec![from];
        reached[from] = true;
        while let Some(room) = stack.pop() {
            for &(other, k) in &adjacency[room] {
                if (!locked[k] || open[k]) && !reached[other] {
                    reached[other] = true;
                    stack.push(other);
                }
            }
        }
    };
    flood(&mut reached, &open, analysis.start as usize);
    let mut locks = Vec::new();
    loop {
        let waiting = (0..edges.len()).filter(|&k| locked[k] && !open[k]);
        let next = waiting
            .filter_map(|k| {
                let (a, b) = (edges[k].a as usize, edges[k].b as usize);
                match (reached[a], reached[b]) {
                    (true, false) => passable(k, a).then_some((0, depth[a], k, b)),
                    (false, true) => passable(k, b).then_some((0, depth[b], k, a)),
                    (true, true) => {
                        let behind = if depth[a] >= depth[b] { a } else { b };
                        Some((1, depth[behind], k, behind))
                    }
                    (false, false) => None,
                }
            })
            .min();
        let Some((shortcut, _, k, behind)) = next else {
            return locks;
        };
        let key = (0..n)
            .filter(|&room| reached[room])
            .max_by_key(|&room| {
                let plain = room != analysis.start as usize && room != analysis.goal as usize;
                (plain, depth[room], std::cmp::Reverse(room))
            })
            .expect("the start is reached");
        open[k] = true;
        locks.push(Lock {
            number: locks.len() as u32 + 1,
            edge: k as u32,
            behind: behind as u32,
            key: key as u32,
            shortcut: shortcut == 1,
        });
        flood(&mut reached, &open, behind);
    }
}
