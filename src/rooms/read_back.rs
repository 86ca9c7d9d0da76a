//! A room map made again from what its document holds ([`crate::read`] checks the parts
//! first): its rooms, edges, corridors, maze, analysis and locks as written. What a document
//! leaves out is derived as generation derived it: the room behind each lock (its door's end
//! of the corridor) and, on a designer's graph, the order its locks open.

use super::route::Routes;
use super::{Layout, Params, RoomMap, maze::MazeTiles};
use crate::level::{Analysis, Edge, EdgeKind, Lock};
use std::sync::OnceLock;

/// The parts of a room map as its document gives them, each checked against the others by
/// the reader: rooms, edges and tiles inside the map, the analysis of as many rooms.
pub(crate) struct ReadParts {
    pub seed: u64,
    pub params: Params,
    pub layout: Option<Layout>,
    pub edges: Vec<Edge>,
    pub candidate_pairs: u64,
    /// Every edge's corridor as tile indices (`y * width + x`), on a laid out map.
    pub corridors: Option<Vec<Vec<u32>>>,
    /// The locks on this map alone: their numbers (from 1, each once), their edges and the
    /// rooms their keys lie in, where the map holds them (a dungeon carries some up a floor).
    pub locks: Vec<(u32, u32, Option<u32>)>,
    /// The maze between the rooms: its passages and doors as sorted tile indices.
    pub maze: Option<(Vec<u32>, Vec<u32>)>,
    pub analysis: Analysis,
    /// A designer's graph's room names, by room (empty for a generated map).
    pub names: Vec<String>,
    /// Whether each edge is one way (empty when none is).
    pub one_way: Vec<bool>,
    /// The prefab rooms, the first rooms of the map, by room.
    pub prefabs: Vec<(u32, super::Prefab)>,
}

impl RoomMap {
    /// The map of `parts`; refuses a designer's graph whose locks are numbered in another
    /// order than they open (which its layout would give them), saying which edge.
    pub(crate) fn read_back(parts: ReadParts) -> Result<Self, String> {
        let ReadParts {
            seed,
            params,
            layout,
            edges,
            candidate_pairs,
            corridors,
            mut locks,
            maze,
            analysis,
            names,
            one_way,
            prefabs,
        } = parts;
        locks.sort_unstable();
        let locks = if names.is_empty() {
            generated_locks(params.count, &edges, &locks, &analysis)
        } else {
            let mut locked = vec![false; edges.len()];
            for &(_, edge, _) in &locks {
                locked[edge as usize] = true;
            }
            let mut directed = one_way.clone();
            directed.resize(edges.len(), false);
            let start = analysis.start;
            let depth = super::design::locks::depths(params.count, &edges, &directed, start)
                .map_err(|room| {
                    format!(
                        "rooms[{room}] cannot be reached from the start, rooms[{start}], with \
                         one-way edges taken from a to b only"
                    )
                })?;
            let planned = super::design::locks::plan(
                params.count,
                &edges,
                &locked,
                &directed,
                &depth,
                &analysis,
            );
            for &(number, edge, _) in &locks {
                let opens = planned.iter().find(|lock| lock.edge == edge);
                if let Some(lock) = opens.filter(|lock| lock.number != number) {
                    return Err(format!(
                        "edges[{edge}].lock: {number}, but the designer's graph opens it as lock \
                         {} (locks are numbered in the order they open from the start)",
                        lock.number
                    ));
                }
                if opens.is_none() {
                    return Err(format!(
                        "edges[{edge}].lock: {number}, but no way from the start reaches the \
                         lock"
                    ));
                }
            }
            planned
        };
        let routes = corridors.map(|corridors| {
            let mut offsets = Vec::with_capacity(corridors.len() + 1);
            offsets.push(0);
            let mut tiles = Vec::new();
            for corridor in corridors {
                tiles.extend(corridor);
                offsets.push(tiles.len());
            }
            Routes { offsets, tiles }
        });
        Ok(Self {
            seed,
            params,
            layout,
            edges,
            candidate_pairs,
            routes,
            locks,
            maze: maze.map(|(passages, doors)| MazeTiles { passages, doors }),
            analysis: OnceLock::from(analysis),
            names,
            one_way,
            prefabs: (prefabs.into_iter())
                .map(|(room, prefab)| super::prefab::Placed { room, prefab })
                .collect(),
        })
    }
}

/// The locks of a generated map: each behind the end of its edge deeper in the spanning tree
/// (the map's first `count - 1` edges) from the start, as the plan and the cycles put them;
/// a cycle's lock shuts a short way. A key a dungeon carried up a floor is given the start.
fn generated_locks(
    count: u32,
    edges: &[Edge],
    locks: &[(u32, u32, Option<u32>)],
    analysis: &Analysis,
) -> Vec<Lock> {
    let tree = &edges[..edges.len().min(count.saturating_sub(1) as usize)];
    let mut neighbours = vec![Vec::new(); count as usize];
    for edge in tree {
        neighbours[edge.a as usize].push(edge.b);
        neighbours[edge.b as usize].push(edge.a);
    }
    let mut depth = vec![u32::MAX; count as usize];
    depth[analysis.start as usize] = 0;
    let mut queue = std::collections::VecDeque::from([analysis.start]);
    while let Some(room) = queue.pop_front() {
        for &next in &neighbours[room as usize] {
            if depth[next as usize] == u32::MAX {
                depth[next as usize] = depth[room as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    locks
        .iter()
        .map(|&(number, k, key)| {
            let edge = edges[k as usize];
            let behind = if depth[edge.a as usize] > depth[edge.b as usize] {
                edge.a
            } else {
                edge.b
            };
            Lock {
                number,
                edge: k,
                behind,
                key: key.unwrap_or(analysis.start),
                shortcut: edge.kind == EdgeKind::Cycle,
            }
        })
        .collect()
}
