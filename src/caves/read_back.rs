//! A cave made again from what its document holds ([`crate::read`] checks the parts first):
//! its caverns found again as the 4-connected regions of floor in its tiles, numbered in the
//! row order of their first tiles, its tunnels, analysis and locks as written, each lock
//! behind the end of its tunnel deeper from the start.

use super::caverns::{NONE, Tunnel};
use super::{CaveMap, CaveParams, Cavern};
use crate::level::{Analysis, Edge, EdgeKind, Lock, Rect};

/// The parts of a cave as its document gives them, checked by the reader: tiles of the
/// params' size, tunnels inside the map between caverns of the analysis.
pub(crate) struct ReadParts {
    pub seed: u64,
    pub params: CaveParams,
    /// Whether each tile, row by row, is a cavern's floor (marked or not).
    pub floor: Vec<bool>,
    /// Every tunnel: its caverns, its tiles as indices (`y * width + x`) from `a`'s side, and
    /// its lock's tile if it is locked.
    pub tunnels: Vec<(u32, u32, Vec<u32>, Option<u32>)>,
    /// The locks on this cave alone: their numbers (from 1, each once), their tunnels and the
    /// caverns their keys lie in, where the cave holds them (a dungeon carries some up a floor).
    pub locks: Vec<(u32, u32, Option<u32>)>,
    pub left_out: u32,
    pub analysis: Analysis,
}

impl CaveMap {
    /// The cave of `parts`: its caverns as its floor tiles make them (the reader compares them
    /// with the document's); refuses a lock's tile that is not one of its tunnel's, saying
    /// which tunnel.
    pub(crate) fn read_back(parts: ReadParts) -> Result<Self, String> {
        let ReadParts {
            seed,
            params,
            floor,
            tunnels,
            mut locks,
            left_out,
            analysis,
        } = parts;
        let (cavern, caverns) = regions(&floor, params.width);
        locks.sort_unstable();
        let depth = |room: u32| analysis.depth.get(room as usize).copied().unwrap_or(0);
        let mut read = Vec::with_capacity(tunnels.len());
        let mut lock_tiles = Vec::with_capacity(tunnels.len());
        for (a, b, tiles, lock_at) in tunnels {
            read.push(Tunnel {
                a,
                b,
                tiles,
                meet: 0,
            });
            lock_tiles.push(lock_at);
        }
        let edges: Vec<Edge> = (read.iter())
            .map(|t| Edge {
                a: t.a,
                b: t.b,
                kind: EdgeKind::Tree,
            })
            .collect();
        let mut placed = Vec::with_capacity(locks.len());
        for &(number, k, key) in &locks {
            let tunnel = &mut read[k as usize];
            let behind = if depth(tunnel.a) > depth(tunnel.b) {
                tunnel.a
            } else {
                tunnel.b
            };
            let at = lock_tiles[k as usize]
                .and_then(|at| tunnel.tiles.iter().position(|&tile| tile == at));
            let Some(i) = at else {
                return Err(format!(
                    "edges[{k}]: \"lock_at\" is not a tile of its \"tunnel\""
                ));
            };
            // Where `Tunnel::door_towards(behind)` finds the lock.
            tunnel.meet = if behind == tunnel.b { i } else { i + 1 };
            placed.push(Lock {
                number,
                edge: k,
                behind,
                key: key.unwrap_or(analysis.start),
                shortcut: false,
            });
        }
        Ok(Self {
            seed,
            params,
            cavern,
            caverns,
            tunnels: read,
            edges,
            locks: placed,
            left_out,
            analysis,
        })
    }
}

impl CaveMap {
    /// The cavern whose floor tile `(x, y)` is, if any.
    pub(crate) fn cavern_at(&self, x: u32, y: u32) -> Option<u32> {
        let (w, h) = (self.params.width, self.params.height);
        let at = (x < w && y < h).then(|| y as usize * w as usize + x as usize)?;
        self.cavern.get(at).copied().filter(|&c| c != NONE)
    }
}

/// Every tile's cavern ([`NONE`] off the floor) and the caverns: the 4-connected regions of
/// `floor` tiles in a map `width` wide, numbered in the row order of their first tiles.
fn regions(floor: &[bool], width: u32) -> (Vec<u32>, Vec<Cavern>) {
    let w = width as usize;
    let mut cavern = vec![NONE; floor.len()];
    let mut caverns = Vec::new();
    let mut stack = Vec::new();
    for first in 0..floor.len() {
        if !floor[first] || cavern[first] != NONE {
            continue;
        }
        let id = caverns.len() as u32;
        let (fx, fy) = ((first % w) as u32, (first / w) as u32);
        let (mut x0, mut y0, mut x1, mut y1) = (fx, fy, fx, fy);
        let mut tiles = 0u64;
        cavern[first] = id;
        stack.push(first);
        while let Some(at) = stack.pop() {
            tiles += 1;
            let (x, y) = ((at % w) as u32, (at / w) as u32);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            let up = (at >= w).then(|| at - w);
            let left = (at % w > 0).then(|| at - 1);
            let right = (at % w + 1 < w).then_some(at + 1);
            let down = (at + w < floor.len()).then_some(at + w);
            for next in [up, left, right, down].into_iter().flatten() {
                if floor[next] && cavern[next] == NONE {
                    cavern[next] = id;
                    stack.push(next);
                }
            }
        }
        caverns.push(Cavern {
            bounds: Rect {
                x: x0,
                y: y0,
                w: x1 - x0 + 1,
                h: y1 - y0 + 1,
            },
            floor: tiles,
            first: (fx, fy),
        });
    }
    (cavern, caverns)
}
