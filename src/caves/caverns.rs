//! Steps 3 and 4 of a cave: the caverns, and the tunnels that join them into one.

use super::automaton::ROCK;
use crate::grid::UnionFind;
use std::collections::BTreeMap;

/// No cavern: rock.
pub(super) const NONE: u32 = u32::MAX;

/// A rock tile beside two caverns or more, which no tunnel passes along.
const BESIDE_TWO: u32 = u32::MAX - 1;

/// A tunnel from cavern `a`'s floor to cavern `b`'s (`a < b`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tunnel {
    /// The cavern at its start.
    pub a: u32,
    /// The cavern at its end.
    pub b: u32,
    /// Its tiles (row-major indices) from `a`'s side to `b`'s: those before `meet` lie nearer
    /// `a`, the rest nearer `b`.
    pub(super) tiles: Vec<u32>,
    /// The first tile nearer `b` (0 for a tunnel of one tile between the two).
    pub(super) meet: usize,
}

impl Tunnel {
    /// Its tile on the side of `behind` (one of its caverns) next to the other's: where a lock
    /// shuts that cavern off.
    pub(super) fn door_towards(&self, behind: u32) -> u32 {
        let last = self.tiles.len() - 1;
        if behind == self.b {
            self.tiles[self.meet.min(last)]
        } else {
            self.tiles[self.meet.saturating_sub(1)]
        }
    }
}

/// A way between two caverns: the tiles to dig, and the two tiles where its halves meet
/// (the one nearer the smaller cavern first; the same tile for a tile between the two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Way {
    length: u32,
    u: u32,
    v: u32,
}

/// The four neighbours of tile `at` inside a `width`-wide map of `len` tiles, in the order up,
/// left, right, down.
fn neighbours(at: usize, width: usize, len: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (at % width, at / width);
    [
        (y > 0).then(|| at - width),
        (x > 0).then(|| at - 1),
        (x + 1 < width).then(|| at + 1),
        (at + width < len).then(|| at + width),
    ]
    .into_iter()
    .flatten()
}

/// Step 3: labels the 4-connected open regions of `rock`, fills those under `min_size` tiles
/// with rock and numbers the others in the row order of their first tiles. Returns every
/// tile's cavern ([`NONE`] for rock) and every cavern's floor tiles.
pub(super) fn caverns(rock: &mut [u8], width: u32, min_size: u32) -> (Vec<u32>, Vec<u64>) {
    let (w, len) = (width as usize, rock.len());
    let mut cavern = vec![NONE; len];
    let mut sizes = Vec::new();
    let mut region = Vec::new();
    for first in 0..len {
        if rock[first] == ROCK || cavern[first] != NONE {
            continue;
        }
        let id = sizes.len() as u32;
        region.clear();
        region.push(first as u32);
        cavern[first] = id;
        let mut next = 0;
        while let Some(&at) = region.get(next) {
            next += 1;
            for n in neighbours(at as usize, w, len) {
                if rock[n] != ROCK && cavern[n] == NONE {
                    cavern[n] = id;
                    region.push(n as u32);
                }
            }
        }
        if region.len() < min_size as usize {
            for &at in &region {
                rock[at as usize] = ROCK;
                cavern[at as usize] = NONE;
            }
        } else {
            sizes.push(region.len() as u64);
        }
    }
    (cavern, sizes)
}

/// Step 4: the tunnels of a spanning tree of the caverns, shortest first (Kruskal).
///
/// Every rock tile off the map's border belongs to the cavern nearest it, in steps (a
/// breadth-first search from every floor at once), except the tiles beside two caverns, which
/// belong to none. Two caverns are neighbours where their tiles meet, or where a tile lies
/// between them alone; the tunnel between them runs from the pair of meeting tiles with the
/// fewest tiles to dig back to each floor along the search (or is that one tile). A tunnel is
/// dug only if none of its tiles touches a tile dug for other caverns, but where its own two
/// halves meet: so the tiles join the caverns exactly as the tree does, each tunnel the only
/// way between its two sides. Returns the tunnels in the order dug and whether each cavern is
/// in the tree's largest part (by floor tiles); the caverns outside it are left unjoined.
pub(super) fn tunnels(cavern: &[u32], width: u32, sizes: &[u64]) -> (Vec<Tunnel>, Vec<bool>) {
    let (w, len) = (width as usize, cavern.len());
    let h = len / w;
    let interior = |at: usize| {
        let (x, y) = (at % w, at / w);
        x > 0 && y > 0 && x + 1 < w && y + 1 < h
    };
    // Whose each tile is, and its distance in steps from that cavern's floor.
    let mut owner = cavern.to_vec();
    let mut distance = vec![0u32; len];
    let mut between: Vec<(u32, u32, u32)> = Vec::new();
    for (at, own) in owner.iter_mut().enumerate() {
        if *own != NONE || !interior(at) {
            continue;
        }
        let mut beside = neighbours(at, w, len)
            .map(|n| cavern[n])
            .filter(|&c| c != NONE);
        if let Some(first) = beside.next() {
            let others: Vec<u32> = beside.filter(|&c| c != first).collect();
            if let Some(&second) = others.first() {
                *own = BESIDE_TWO;
                if others.iter().all(|&c| c == second) {
                    between.push((first.min(second), first.max(second), at as u32));
                }
            }
        }
    }
    let mut queue: Vec<u32> = (0..len as u32)
        .filter(|&at| cavern[at as usize] != NONE)
        .collect();
    let mut next = 0;
    while let Some(&at) = queue.get(next) {
        next += 1;
        let at = at as usize;
        for n in neighbours(at, w, len) {
            if owner[n] == NONE && interior(n) {
                owner[n] = owner[at];
                distance[n] = distance[at] + 1;
                queue.push(n as u32);
            }
        }
    }
    drop(queue);
    // The shortest way between each pair of neighbours.
    let mut ways: BTreeMap<(u32, u32), Way> = BTreeMap::new();
    let mut offer = |pair: (u32, u32), way: Way| {
        ways.entry(pair)
            .and_modify(|best| *best = (*best).min(way))
            .or_insert(way);
    };
    for at in 0..len {
        let a = owner[at];
        if a == NONE || a == BESIDE_TWO {
            continue;
        }
        for n in [at + 1, at + w] {
            let Some(&b) = owner.get(n) else { continue };
            if b == NONE || b == BESIDE_TWO || b == a || (n == at + 1 && n % w == 0) {
                continue;
            }
            let length = distance[at] + distance[n];
            let (u, v) = if a < b { (at, n) } else { (n, at) };
            let (u, v) = (u as u32, v as u32);
            offer((a.min(b), a.max(b)), Way { length, u, v });
        }
    }
    for (a, b, at) in between {
        offer(
            (a, b),
            Way {
                length: 1,
                u: at,
                v: at,
            },
        );
    }
    let mut ways: Vec<((u32, u32), Way)> = ways.into_iter().collect();
    ways.sort_by_key(|&((a, b), way)| (way.length, a, b, way.u, way.v));
    // Dig them, shortest first, joining caverns not yet joined.
    let mut sets = UnionFind::of(sizes.len());
    let mut dug = vec![NONE; len];
    let mut tunnels = Vec::new();
    for ((a, b), Way { u, v, .. }) in ways {
        if sets.find(a) == sets.find(b) {
            continue;
        }
        let back = |from: u32| {
            let mut at = from as usize;
            let mut path = Vec::new();
            while distance[at] > 0 {
                path.push(at as u32);
                let d = distance[at] - 1;
                at = neighbours(at, w, len)
                    .find(|&n| owner[n] == owner[at] && distance[n] == d)
                    .expect("every tile of the search has a parent");
            }
            path
        };
        let tunnel = if u == v {
            Tunnel {
                a,
                b,
                tiles: vec![u],
                meet: 0,
            }
        } else {
            let mut tiles = back(u);
            tiles.reverse();
            let meet = tiles.len();
            tiles.extend(back(v));
            Tunnel { a, b, tiles, meet }
        };
        if dig(&tunnel, &mut dug, (w, len)) {
            sets.union(a, b);
            tunnels.push(tunnel);
        }
    }
    // The caverns of the largest part, by floor tiles (the first such part on a tie).
    let mut floor: BTreeMap<u32, u64> = BTreeMap::new();
    for (c, &size) in sizes.iter().enumerate() {
        *floor.entry(sets.find(c as u32)).or_default() += size;
    }
    let (&root, _) = floor
        .iter()
        .max_by_key(|&(&root, &size)| (size, std::cmp::Reverse(root)))
        .expect("a cave has a cavern");
    let kept: Vec<bool> = (0..sizes.len() as u32)
        .map(|c| sets.find(c) == root)
        .collect();
    tunnels.retain(|t| kept[t.a as usize]);
    (tunnels, kept)
}

/// Marks the tiles of `tunnel` dug in `dug` (which holds, for every dug tile, the cavern whose
/// side it is on, or the tunnel's `b` for a one-tile tunnel), unless one of them would touch a
/// tile dug on another cavern's side, its own halves' meeting left aside; then digs nothing
/// and says so.
fn dig(tunnel: &Tunnel, dug: &mut [u32], (w, len): (usize, usize)) -> bool {
    let single = tunnel.tiles.len() == 1;
    let side = |i: usize| if i < tunnel.meet { tunnel.a } else { tunnel.b };
    let meeting = (tunnel.meet > 0).then(|| {
        let (u, v) = (tunnel.tiles[tunnel.meet - 1], tunnel.tiles[tunnel.meet]);
        (u.min(v) as usize, u.max(v) as usize)
    });
    let mut marked = Vec::with_capacity(tunnel.tiles.len());
    for (i, &at) in tunnel.tiles.iter().enumerate() {
        let at = at as usize;
        let mine = side(i);
        if dug[at] == mine {
            // Dug for another tunnel of this side: its contacts are known to fit.
            continue;
        }
        let fits = dug[at] == NONE
            && neighbours(at, w, len).all(|n| {
                let other = dug[n];
                other == NONE
                    || other == mine
                    || (single && (other == tunnel.a || other == tunnel.b))
                    || meeting == Some((at.min(n), at.max(n)))
            });
        if !fits {
            for &(at, before) in &marked {
                dug[at] = before;
            }
            return false;
        }
        marked.push((at, dug[at]));
        dug[at] = mine;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The caverns and tunnels of a map drawn as text: `#` rock, anything else open.
    fn cave(rows: &[&str], min_size: u32) -> (Vec<u32>, Vec<u64>, Vec<Tunnel>, Vec<bool>) {
        let width = rows[0].len() as u32;
        let mut rock: Vec<u8> = rows.concat().bytes().map(|b| u8::from(b == b'#')).collect();
        let (cavern, sizes) = caverns(&mut rock, width, min_size);
        let (tunnels, kept) = tunnels(&cavern, width, &sizes);
        (cavern, sizes, tunnels, kept)
    }

    #[test]
    fn small_regions_fill_and_caverns_number_in_row_order() {
        let (cavern, sizes, _, _) = cave(
            &[
                "##########",
                "#..#######",
                "#..####.##",
                "#######..#",
                "#.########",
                "##########",
            ],
            3,
        );
        assert_eq!(sizes, [4, 3]);
        assert_eq!(cavern[11], 0);
        assert_eq!(cavern[27], 1);
        assert_eq!(cavern[41], NONE, "a lone tile is filled");
    }

    #[test]
    fn a_tunnel_runs_the_shortest_way_and_a_wall_of_one_tile_is_one() {
        let (cavern, _, tunnels, kept) = cave(
            &[
                "###########",
                "#..#####..#",
                "#..#####..#",
                "#####.#####",
                "#####.#####",
                "###########",
            ],
            2,
        );
        assert_eq!(kept, [true, true, true]);
        assert_eq!(tunnels.len(), 2);
        for t in &tunnels {
            let ends = [t.tiles[0], *t.tiles.last().unwrap()];
            let w = 11;
            for (end, c) in ends.into_iter().zip([t.a, t.b]) {
                let beside = [end - w, end - 1, end + 1, end + w];
                assert!(beside.iter().any(|&n| cavern[n as usize] == c), "{t:?}");
            }
            for pair in t.tiles.windows(2) {
                let d = pair[0].abs_diff(pair[1]);
                assert!(d == 1 || d == w, "{t:?}");
            }
        }
    }
}
