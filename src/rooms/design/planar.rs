//! Planarity: whether a graph can be drawn without crossings, by the algorithm of Demoucron,
//! Malgrange and Pertuiset (1964), on each biconnected component (a graph is planar exactly
//! when they all are).
//!
//! 1. Edges beyond `3n - 6` (for `n >= 3`) make any graph non-planar (Euler's formula).
//! 2. The graph is cut into biconnected components (Hopcroft and Tarjan's depth-first search,
//!    kept on an explicit stack).
//! 3. In each component, a cycle is embedded: two faces, inside and outside.
//! 4. Its fragments are found: each edge not embedded whose ends are, and each connected piece
//!    of the rooms not embedded with the edges that attach it. A fragment fits a face holding
//!    all its attachments. A fragment that fits no face proves the graph non-planar; one that
//!    fits a single face goes there, otherwise any fragment goes in any face it fits.
//! 5. A path through the fragment between two of its attachments is drawn across that face,
//!    splitting it in two. Repeat from 4 until every edge is embedded.
//!
//! Quadratic or so in the rooms: milliseconds for a few hundred.

use std::collections::{BTreeSet, VecDeque};

/// Why the graph of `n` rooms and `edges` (simple: no loops, no pair twice) is not planar, or
/// `None` when it is.
pub(crate) fn not_planar(n: u32, edges: &[(u32, u32)]) -> Option<String> {
    let m = edges.len() as u64;
    if n >= 3 && m > 3 * u64::from(n) - 6 {
        return Some(format!(
            "{m} connections among {n} rooms, more than 3n - 6 = {}",
            3 * u64::from(n) - 6
        ));
    }
    for component in biconnected(n, edges) {
        if !component_planar(&component) {
            let mut rooms: Vec<u32> = component.iter().flat_map(|&(a, b)| [a, b]).collect();
            rooms.sort_unstable();
            rooms.dedup();
            return Some(format!(
                "its part of {} rooms and {} connections cannot be drawn without crossings",
                rooms.len(),
                component.len()
            ));
        }
    }
    None
}

/// Step 2: the edges of every biconnected component.
fn biconnected(n: u32, edges: &[(u32, u32)]) -> Vec<Vec<(u32, u32)>> {
    let n = n as usize;
    let mut adjacency = vec![Vec::new(); n];
    for (k, &(a, b)) in edges.iter().enumerate() {
        adjacency[a as usize].push((b as usize, k));
        adjacency[b as usize].push((a as usize, k));
    }
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut components = Vec::new();
    let mut edge_stack: Vec<usize> = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if order[root] != usize::MAX {
            continue;
        }
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        // (room, the edge it was reached by, the next neighbour to look at)
        let mut stack = vec![(root, usize::MAX, 0usize)];
        while let Some(&mut (room, via, ref mut next)) = stack.last_mut() {
            if let Some(&(other, k)) = adjacency[room].get(*next) {
                *next += 1;
                if k == via {
                    continue;
                }
                if order[other] == usize::MAX {
                    edge_stack.push(k);
                    order[other] = counter;
                    low[other] = counter;
                    counter += 1;
                    stack.push((other, k, 0));
                } else if order[other] < order[room] {
                    edge_stack.push(k);
                    low[room] = low[room].min(order[other]);
                }
                continue;
            }
            stack.pop();
            if let Some(&(parent, _, _)) = stack.last() {
                low[parent] = low[parent].min(low[room]);
                if low[room] >= order[parent] {
                    let mut component = Vec::new();
                    while let Some(k) = edge_stack.pop() {
                        component.push(edges[k]);
                        if k == via {
                            break;
                        }
                    }
                    components.push(component);
                }
            }
        }
    }
    components
}

/// Steps 3 to 5 on one biconnected component, given by its edges.
fn component_planar(edges: &[(u32, u32)]) -> bool {
    // Rooms renumbered 0.. within the component.
    let mut rooms: Vec<u32> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    rooms.sort_unstable();
    rooms.dedup();
    let n = rooms.len();
    // Fewer than 9 edges hold no subdivision of K3,3 (9 edges) or K5 (10).
    if edges.len() < 9 {
        return true;
    }
    if edges.len() > 3 * n - 6 {
        return false;
    }
    let id = |room: u32| rooms.binary_search(&room).expect("a room of the component");
    let edges: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (id(a), id(b))).collect();
    let mut adjacency = vec![Vec::new(); n];
    for (k, &(a, b)) in edges.iter().enumerate() {
        adjacency[a].push((b, k));
        adjacency[b].push((a, k));
    }
    let mut embedded_room = vec![false; n];
    let mut embedded_edge = vec![false; edges.len()];
    let cycle = find_cycle(&adjacency);
    for (i, &room) in cycle.iter().enumerate() {
        embedded_room[room] = true;
        let next = cycle[(i + 1) % cycle.len()];
        let k = adjacency[room]
            .iter()
            .find(|&&(other, _)| other == next)
            .expect("the cycle's edge")
            .1;
        embedded_edge[k] = true;
    }
    let mut faces = vec![cycle.clone(), cycle];
    loop {
        let fragments = fragments(&adjacency, &edges, &embedded_room, &embedded_edge);
        if fragments.is_empty() {
            return true;
        }
        let face_sets: Vec<BTreeSet<usize>> = faces
            .iter()
            .map(|face| face.iter().copied().collect())
            .collect();
        let mut chosen = None;
        for (f, fragment) in fragments.iter().enumerate() {
            let fits: Vec<usize> = (0..faces.len())
                .filter(|&face| {
                    fragment
                        .attachments
                        .iter()
                        .all(|a| face_sets[face].contains(a))
                })
                .collect();
            match fits.len() {
                0 => return false,
                1 => {
                    chosen = Some((f, fits[0]));
                    break;
                }
                _ if chosen.is_none() => chosen = Some((f, fits[0])),
                _ => {}
            }
        }
        let (f, face) = chosen.expect("a fragment");
        let path = fragment_path(&adjacency, &fragments[f], &embedded_room, &embedded_edge);
        for pair in path.windows(2) {
            let k = adjacency[pair[0]]
                .iter()
                .find(|&&(other, k)| other == pair[1] && !embedded_edge[k])
                .expect("the path's edge")
                .1;
            embedded_edge[k] = true;
        }
        for &room in &path {
            embedded_room[room] = true;
        }
        // Split the face along the path from x to y.
        let old = faces.swap_remove(face);
        let (x, y) = (path[0], path[path.len() - 1]);
        let i = old.iter().position(|&r| r == x).expect("x on the face");
        let j = old.iter().position(|&r| r == y).expect("y on the face");
        let along = |from: usize, to: usize| {
            let mut part = Vec::new();
            let mut at = from;
            loop {
                part.push(old[at]);
                if at == to {
                    break part;
                }
                at = (at + 1) % old.len();
            }
        };
        let inner = &path[1..path.len() - 1];
        let mut first = along(i, j);
        first.extend(inner.iter().rev());
        let mut second = along(j, i);
        second.extend(inner.iter());
        faces.push(first);
        faces.push(second);
    }
}

/// A cycle of a biconnected graph of three rooms or more, from a depth-first search's first
/// edge back to an ancestor.
fn find_cycle(adjacency: &[Vec<(usize, usize)>]) -> Vec<usize> {
    let n = adjacency.len();
    let mut parent = vec![usize::MAX; n];
    let mut depth = vec![usize::MAX; n];
    depth[0] = 0;
    let mut stack = vec![(0usize, usize::MAX, 0usize)];
    while let Some(&mut (room, via, ref mut next)) = stack.last_mut() {
        let Some(&(other, k)) = adjacency[room].get(*next) else {
            stack.pop();
            continue;
        };
        *next += 1;
        if k == via {
            continue;
        }
        if depth[other] == usize::MAX {
            depth[other] = depth[room] + 1;
            parent[other] = room;
            stack.push((other, k, 0));
        } else if depth[other] < depth[room] {
            let mut cycle = vec![room];
            let mut at = room;
            while at != other {
                at = parent[at];
                cycle.push(at);
            }
            return cycle;
        }
    }
    unreachable!("a biconnected component of three rooms or more has a cycle")
}

/// A fragment: the rooms where it attaches to what is embedded, and its rooms not yet embedded
/// (none for a single edge, `edge`).
struct Fragment {
    attachments: BTreeSet<usize>,
    inner: Vec<usize>,
    edge: Option<usize>,
}

/// Step 4: every fragment.
fn fragments(
    adjacency: &[Vec<(usize, usize)>],
    edges: &[(usize, usize)],
    embedded_room: &[bool],
    embedded_edge: &[bool],
) -> Vec<Fragment> {
    let mut out = Vec::new();
    for (k, &(a, b)) in edges.iter().enumerate() {
        if !embedded_edge[k] && embedded_room[a] && embedded_room[b] {
            out.push(Fragment {
                attachments: BTreeSet::from([a, b]),
                inner: Vec::new(),
                edge: Some(k),
            });
        }
    }
    let mut seen = vec![false; adjacency.len()];
    for start in 0..adjacency.len() {
        if embedded_room[start] || seen[start] {
            continue;
        }
        let mut fragment = Fragment {
            attachments: BTreeSet::new(),
            inner: Vec::new(),
            edge: None,
        };
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(room) = queue.pop_front() {
            fragment.inner.push(room);
            for &(other, _) in &adjacency[room] {
                if embedded_room[other] {
                    fragment.attachments.insert(other);
                } else if !seen[other] {
                    seen[other] = true;
                    queue.push_back(other);
                }
            }
        }
        out.push(fragment);
    }
    out
}

/// Step 5: a path through `fragment` between two of its attachments.
fn fragment_path(
    adjacency: &[Vec<(usize, usize)>],
    fragment: &Fragment,
    embedded_room: &[bool],
    embedded_edge: &[bool],
) -> Vec<usize> {
    let x = *fragment.attachments.first().expect("an attachment");
    if fragment.edge.is_some() {
        return vec![x, *fragment.attachments.last().expect("two attachments")];
    }
    let n = adjacency.len();
    let inner: BTreeSet<usize> = fragment.inner.iter().copied().collect();
    let mut parent = vec![usize::MAX; n];
    let mut queue = VecDeque::new();
    for &(other, _) in &adjacency[x] {
        if inner.contains(&other) && parent[other] == usize::MAX {
            parent[other] = x;
            queue.push_back(other);
        }
    }
    while let Some(room) = queue.pop_front() {
        for &(other, k) in &adjacency[room] {
            if embedded_edge[k] {
                continue;
            }
            if embedded_room[other] && other != x {
                let mut path = vec![other, room];
                let mut at = room;
                while parent[at] != x {
                    at = parent[at];
                    path.push(at);
                }
                path.push(x);
                path.reverse();
                return path;
            }
            if inner.contains(&other) && parent[other] == usize::MAX {
                parent[other] = room;
                queue.push_back(other);
            }
        }
    }
    unreachable!("a fragment of a biconnected graph attaches at two rooms at least")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete(n: u32) -> Vec<(u32, u32)> {
        (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect()
    }

    #[test]
    fn kuratowski_graphs_are_refused_and_planar_ones_kept() {
        assert!(not_planar(4, &complete(4)).is_none());
        assert!(not_planar(5, &complete(5)).is_some());
        let k33: Vec<(u32, u32)> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        assert!(not_planar(6, &k33).is_some());
        // K3,3 with an edge subdivided, and a pendant room: still not planar.
        let mut subdivided: Vec<(u32, u32)> = k33[1..].to_vec();
        subdivided.extend([(0, 6), (6, 3), (6, 7)]);
        assert!(not_planar(8, &subdivided).is_some());
        // K5 less an edge, a wheel, a grid and a tree are planar.
        assert!(not_planar(5, &complete(5)[1..]).is_none());
        let mut wheel: Vec<(u32, u32)> = (1..8).map(|k| (0, k)).collect();
        wheel.extend((1..8).map(|k| (k, k % 7 + 1)));
        assert!(not_planar(8, &wheel).is_none());
        let mut grid = Vec::new();
        for y in 0..5u32 {
            for x in 0..5u32 {
                if x < 4 {
                    grid.push((y * 5 + x, y * 5 + x + 1));
                }
                if y < 4 {
                    grid.push((y * 5 + x, y * 5 + x + 5));
                }
            }
        }
        assert!(not_planar(25, &grid).is_none());
        let tree: Vec<(u32, u32)> = (1..30).map(|k| (k / 2, k)).collect();
        assert!(not_planar(30, &tree).is_none());
        // The Petersen graph is not planar though sparse enough for Euler's bound.
        let mut petersen: Vec<(u32, u32)> = (0..5).map(|k| (k, (k + 1) % 5)).collect();
        petersen.extend((0..5).map(|k| (k, k + 5)));
        petersen.extend((0..5).map(|k| (k + 5, (k + 2) % 5 + 5)));
        assert!(not_planar(10, &petersen).is_some());
    }
}
