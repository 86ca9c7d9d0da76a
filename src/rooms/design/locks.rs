//! The locks a designer asks for, each with its key placed before it.
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

/// The locks on the edges `locked` marks, numbered from 1 in the order they open from the
/// analysis' start, with their keys.
pub(crate) fn plan(count: u32, edges: &[Edge], locked: &[bool], analysis: &Analysis) -> Vec<Lock> {
    let n = count as usize;
    let mut adjacency = vec![Vec::new(); n];
    for (k, edge) in edges.iter().enumerate() {
        adjacency[edge.a as usize].push((edge.b as usize, k));
        adjacency[edge.b as usize].push((edge.a as usize, k));
    }
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
                    (true, false) => Some((0, analysis.depth[a], k, b)),
                    (false, true) => Some((0, analysis.depth[b], k, a)),
                    (true, true) => {
                        let behind = if analysis.depth[a] >= analysis.depth[b] {
                            a
                        } else {
                            b
                        };
                        Some((1, analysis.depth[behind], k, behind))
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
                (plain, analysis.depth[room], std::cmp::Reverse(room))
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
