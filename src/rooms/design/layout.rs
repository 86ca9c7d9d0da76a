//! Laying a designer's graph out: every room placed, every connection a corridor or a door in a
//! shared wall, and nothing else joined.
//!
//! 1. **Order.** The rooms are placed one at a time, each next the room with the most
//!    neighbours placed already (ties drawn at random): a cycle closes as soon as it can, while
//!    the rooms around it still leave room for it.
//! 2. **Place.** A room joined by doors in shared walls is tried on spots touching the first
//!    such neighbour, one tile of wall between them; otherwise on spots drawn around the centre
//!    of its placed neighbours, farther out as tries fail. A spot is taken only when the room
//!    and its walls cover nothing but rock.
//! 3. **Connect.** Each connection to a placed room is made at once: a door in the shared wall,
//!    or a corridor found by breadth-first search from the room's door spots to the other's,
//!    through rock beside no room's floor and no other corridor, so corridors never touch
//!    anything but their two doors' rooms. The search runs near the two rooms first, then
//!    farther out. A connection that cannot be made takes the room off that spot again.
//! 4. **Restart.** A room with no spot after [`SPOTS`] tries starts the layout over, drawing on
//!    from the same stream, up to [`LAYOUTS`] times.
//! 5. **Crop.** The map is cut to what was laid out, one tile of rock around it.

use super::super::route::Routes;
use super::super::{Layout, RoomsError};
use super::Design;
use crate::level::Rect;
use crate::rng::{MazeRng, uniform, uniform_inclusive};

/// A whole number from `low` to `high`, both included, drawn from `rng`.
fn between(rng: &mut MazeRng, low: i64, high: i64) -> i64 {
    low + i64::from(uniform_inclusive(rng, 0..=(high - low) as u32))
}

/// How many spots a room is tried on before the layout starts over.
pub const SPOTS: u32 = 48;
/// How many times a layout starts over before giving up.
pub const LAYOUTS: u32 = 200;
/// The most tiles of the canvas a layout is drawn on (13 bytes each): rooms that would need
/// more are refused.
pub const MAX_CANVAS_TILES: u64 = 1 << 24;

/// Rock.
const ROCK: u8 = 0;
/// A room's floor.
const FLOOR: u8 = 1;
/// A corridor or a door.
const PASS: u8 = 2;

/// How far around its two rooms a corridor is searched for, first, then second.
const WINDOWS: [i32; 2] = [8, 40];

/// A laid-out graph: the rooms on a map, and every edge's tiles from its door on `a` to its
/// door on `b` (one tile, the door, for rooms sharing a wall).
pub(crate) struct Laid {
    pub(crate) layout: Layout,
    pub(crate) routes: Routes,
}

/// The canvas a layout is drawn on.
struct Canvas {
    side: i32,
    tiles: Vec<u8>,
    /// Breadth-first search's marks: a tile is seen in search `stamp` when it holds `stamp`.
    seen: Vec<u32>,
    goal: Vec<u32>,
    parent: Vec<u32>,
    stamp: u32,
}

impl Canvas {
    fn at(&self, x: i32, y: i32) -> usize {
        (y * self.side + x) as usize
    }

    fn inside(&self, x: i32, y: i32) -> bool {
        (1..self.side - 1).contains(&x) && (1..self.side - 1).contains(&y)
    }

    /// Whether `(x, y)` is rock with nothing but rock beside it, or `own` (a room) on one
    /// side: where a corridor may run, or its door onto `own` be.
    fn open(&self, x: i32, y: i32, own: Option<&Rect>) -> bool {
        if !self.inside(x, y) || self.tiles[self.at(x, y)] != ROCK {
            return false;
        }
        [(1, 0), (0, 1), (-1, 0), (0, -1)].iter().all(|&(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            let tile = self.tiles[self.at(nx, ny)];
            tile == ROCK
                || (tile == FLOOR && own.is_some_and(|r| r.contains((nx as u32, ny as u32))))
        })
    }

    /// Whether the room `rect` and its walls cover only rock, inside the canvas.
    fn free(&self, rect: &Rect) -> bool {
        let (x, y, w, h) = (rect.x as i32, rect.y as i32, rect.w as i32, rect.h as i32);
        if x < 2 || y < 2 || x + w > self.side - 2 || y + h > self.side - 2 {
            return false;
        }
        (y - 1..y + h + 1)
            .all(|ty| (x - 1..x + w + 1).all(|tx| self.tiles[self.at(tx, ty)] == ROCK))
    }

    fn fill(&mut self, rect: &Rect, tile: u8) {
        for y in rect.y..rect.y + rect.h {
            for x in rect.x..rect.x + rect.w {
                let at = self.at(x as i32, y as i32);
                self.tiles[at] = tile;
            }
        }
    }

    /// Step 3: the shortest corridor from a door spot of `from` to one of `to`, through open
    /// rock, searched within `margin` tiles of the two rooms: its tiles from `from`'s door.
    fn corridor(
        &mut self,
        (from, from_spots): (&Rect, &[(i32, i32)]),
        (to, to_spots): (&Rect, &[(i32, i32)]),
        margin: i32,
    ) -> Option<Vec<u32>> {
        self.stamp += 1;
        let stamp = self.stamp;
        let left = (from.x.min(to.x) as i32 - margin).max(1);
        let top = (from.y.min(to.y) as i32 - margin).max(1);
        let right = ((from.x + from.w).max(to.x + to.w) as i32 + margin).min(self.side - 1);
        let bottom = ((from.y + from.h).max(to.y + to.h) as i32 + margin).min(self.side - 1);
        let within = |x: i32, y: i32| (left..right).contains(&x) && (top..bottom).contains(&y);
        for &(sx, sy) in to_spots {
            let (x, y) = (to.x as i32 + sx, to.y as i32 + sy);
            if within(x, y) && self.open(x, y, Some(to)) {
                let at = self.at(x, y);
                self.goal[at] = stamp;
            }
        }
        let mut queue = std::collections::VecDeque::new();
        for &(sx, sy) in from_spots {
            let (x, y) = (from.x as i32 + sx, from.y as i32 + sy);
            if within(x, y) && self.open(x, y, Some(from)) {
                let at = self.at(x, y);
                if self.seen[at] != stamp {
                    self.seen[at] = stamp;
                    self.parent[at] = u32::MAX;
                    queue.push_back((x, y));
                }
            }
        }
        while let Some((x, y)) = queue.pop_front() {
            let here = self.at(x, y);
            for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                if !within(nx, ny) {
                    continue;
                }
                let next = self.at(nx, ny);
                if self.seen[next] == stamp {
                    continue;
                }
                if self.goal[next] == stamp {
                    let mut path = vec![next as u32, here as u32];
                    let mut at = here;
                    while self.parent[at] != u32::MAX {
                        at = self.parent[at] as usize;
                        path.push(at as u32);
                    }
                    path.reverse();
                    return Some(path);
                }
                if self.open(nx, ny, None) {
                    self.seen[next] = stamp;
                    self.parent[next] = here as u32;
                    queue.push_back((nx, ny));
                }
            }
        }
        None
    }

    /// The door in the wall `a` and `b` share, one tile between their floors, on a spot of
    /// each and beside no corridor: the middle one of those there are.
    fn shared_door(
        &self,
        (a, a_spots): (&Rect, &[(i32, i32)]),
        (b, b_spots): (&Rect, &[(i32, i32)]),
    ) -> Option<(i32, i32)> {
        let mut doors: Vec<(i32, i32)> = a_spots
            .iter()
            .map(|&(sx, sy)| (a.x as i32 + sx, a.y as i32 + sy))
            .filter(|&(x, y)| {
                b_spots
                    .iter()
                    .any(|&(sx, sy)| (b.x as i32 + sx, b.y as i32 + sy) == (x, y))
            })
            .filter(|&(x, y)| {
                self.tiles[self.at(x, y)] == ROCK
                    && [(1, 0), (0, 1), (-1, 0), (0, -1)]
                        .iter()
                        .all(|&(dx, dy)| self.tiles[self.at(x + dx, y + dy)] != PASS)
            })
            .collect();
        doors.sort_unstable();
        doors.get(doors.len() / 2).copied()
    }
}

/// Lays out `design` with the rooms' floors `sizes` and door `spots` (relative to each floor's
/// top-left tile), drawing from `rng`: steps 1 to 5 of the module.
pub(crate) fn lay_out(
    design: &Design,
    sizes: &[(u32, u32)],
    spots: &[Vec<(i32, i32)>],
    rng: &mut MazeRng,
) -> Result<Laid, RoomsError> {
    let n = design.rooms.len();
    let area: u64 = sizes
        .iter()
        .map(|&(w, h)| u64::from(w + 8) * u64::from(h + 8))
        .sum();
    let longest = sizes.iter().map(|&(w, h)| w.max(h)).max().unwrap_or(1);
    let side = area.isqrt() * 3 + 4 * u64::from(longest) + 40;
    let too_large = || RoomsError::Design {
        reason: format!(
            "the rooms cover {area} tiles with their surroundings, and laying them out would \
             need a canvas of {side}x{side} tiles, more than {MAX_CANVAS_TILES}; smaller rooms \
             would do"
        ),
    };
    if side * side > MAX_CANVAS_TILES {
        return Err(too_large());
    }
    let tiles = (side * side) as usize;
    let buffer = |fill: u32| {
        let mut buffer = Vec::new();
        buffer.try_reserve_exact(tiles).map_err(|_| too_large())?;
        buffer.resize(tiles, fill);
        Ok::<_, RoomsError>(buffer)
    };
    let mut rock = Vec::new();
    rock.try_reserve_exact(tiles).map_err(|_| too_large())?;
    rock.resize(tiles, ROCK);
    let mut canvas = Canvas {
        side: side as i32,
        tiles: rock,
        seen: buffer(0)?,
        goal: buffer(0)?,
        parent: buffer(0)?,
        stamp: 0,
    };
    // Every room's edges, by edge number.
    let mut incident = vec![Vec::new(); n];
    for (k, edge) in design.edges.iter().enumerate() {
        incident[edge.a as usize].push(k);
        incident[edge.b as usize].push(k);
    }
    for _ in 0..LAYOUTS {
        canvas.tiles.fill(ROCK);
        if let Some(paths) = try_layout(design, sizes, spots, &incident, &mut canvas, rng) {
            return Ok(crop(&canvas, design, paths.0, paths.1));
        }
    }
    Err(RoomsError::Design {
        reason: format!(
            "no layout of the {n} rooms was found in {LAYOUTS} tries; smaller rooms or another \
             seed may work"
        ),
    })
}

/// One layout (steps 1 to 3): every room's floor and every edge's tiles, or `None` when some
/// room found no spot.
fn try_layout(
    design: &Design,
    sizes: &[(u32, u32)],
    spots: &[Vec<(i32, i32)>],
    incident: &[Vec<usize>],
    canvas: &mut Canvas,
    rng: &mut MazeRng,
) -> Option<(Vec<Rect>, Vec<Vec<u32>>)> {
    let n = design.rooms.len();
    let mut rects: Vec<Option<Rect>> = vec![None; n];
    let mut paths: Vec<Vec<u32>> = vec![Vec::new(); design.edges.len()];
    let mut placed_neighbours = vec![0u32; n];
    let first = design
        .rooms
        .iter()
        .position(|room| room.role == Some(super::DesignRole::Start))
        .unwrap_or_else(|| uniform(rng, 0..n));
    let mut next = Some(first);
    while let Some(room) = next {
        let (w, h) = sizes[room];
        let edges: Vec<usize> = incident[room]
            .iter()
            .copied()
            .filter(|&k| {
                let e = design.edges[k];
                let other = if e.a as usize == room { e.b } else { e.a };
                rects[other as usize].is_some()
            })
            .collect();
        let other_of = |k: usize| {
            let e = design.edges[k];
            (if e.a as usize == room { e.b } else { e.a }) as usize
        };
        let touching: Vec<usize> = edges
            .iter()
            .copied()
            .filter(|&k| !design.edges[k].corridor)
            .collect();
        let mut done = false;
        for attempt in 0..SPOTS {
            let rect = if let Some(&k) = touching.first() {
                let r = rects[other_of(k)].expect("placed");
                touching_spot(&r, (w, h), rng)
            } else if edges.is_empty() {
                Rect {
                    x: (canvas.side as u32 - w) / 2,
                    y: (canvas.side as u32 - h) / 2,
                    w,
                    h,
                }
            } else {
                let (mut cx, mut cy, mut reach) = (0i64, 0i64, 0i64);
                for &k in &edges {
                    let r = rects[other_of(k)].expect("placed");
                    cx += i64::from(2 * r.x + r.w);
                    cy += i64::from(2 * r.y + r.h);
                    reach = reach.max(i64::from(r.w.max(r.h)));
                }
                let count = edges.len() as i64;
                let (cx, cy) = (cx / (2 * count), cy / (2 * count));
                let r = (reach + i64::from(w.max(h))) / 2 + 3 + i64::from(attempt / 4);
                let r = if count > 1 {
                    r / 2 + i64::from(attempt / 4)
                } else {
                    r
                };
                let dx = between(rng, -r, r);
                let dy = between(rng, -r, r);
                let x = cx + dx - i64::from(w / 2);
                let y = cy + dy - i64::from(h / 2);
                if x < 0 || y < 0 {
                    continue;
                }
                Rect {
                    x: x as u32,
                    y: y as u32,
                    w,
                    h,
                }
            };
            if !canvas.free(&rect) {
                continue;
            }
            if !touching
                .iter()
                .all(|&k| touches(&rect, &rects[other_of(k)].expect("placed")))
            {
                continue;
            }
            canvas.fill(&rect, FLOOR);
            // Shared doors first: they need the wall beside them free of corridors.
            let mut order = touching.clone();
            order.extend(edges.iter().copied().filter(|&k| design.edges[k].corridor));
            let mut made: Vec<usize> = Vec::new();
            let mut ok = true;
            for &k in &order {
                let other = other_of(k);
                let there = rects[other].expect("placed");
                let path = if design.edges[k].corridor {
                    WINDOWS.iter().find_map(|&margin| {
                        canvas.corridor((&rect, &spots[room]), (&there, &spots[other]), margin)
                    })
                } else {
                    canvas
                        .shared_door((&rect, &spots[room]), (&there, &spots[other]))
                        .map(|(x, y)| vec![canvas.at(x, y) as u32])
                };
                let Some(mut path) = path else {
                    ok = false;
                    break;
                };
                for &at in &path {
                    canvas.tiles[at as usize] = PASS;
                }
                if design.edges[k].a as usize != room {
                    path.reverse();
                }
                paths[k] = path;
                made.push(k);
            }
            if ok {
                rects[room] = Some(rect);
                done = true;
                break;
            }
            for k in made {
                for &at in &paths[k] {
                    canvas.tiles[at as usize] = ROCK;
                }
                paths[k].clear();
            }
            canvas.fill(&rect, ROCK);
        }
        if !done {
            return None;
        }
        for &k in &incident[room] {
            placed_neighbours[other_of(k)] += 1;
        }
        // Step 1: the unplaced room with the most placed neighbours, ties drawn.
        let best = (0..n)
            .filter(|&r| rects[r].is_none())
            .map(|r| placed_neighbours[r])
            .max();
        next = best.map(|best| {
            let tied: Vec<usize> = (0..n)
                .filter(|&r| rects[r].is_none() && placed_neighbours[r] == best)
                .collect();
            tied[uniform(rng, 0..tied.len())]
        });
    }
    Some((
        rects.into_iter().map(|r| r.expect("placed")).collect(),
        paths,
    ))
}

/// A spot for a `w x h` room touching `r`: one tile of wall between them, on a side drawn at
/// random, sharing at least one tile of wall.
fn touching_spot(r: &Rect, (w, h): (u32, u32), rng: &mut MazeRng) -> Rect {
    let (rx, ry, rw, rh) = (r.x as i64, r.y as i64, r.w as i64, r.h as i64);
    let (w, h) = (i64::from(w), i64::from(h));
    let (x, y) = match uniform(rng, 0..4u32) {
        0 => (between(rng, rx - w + 1, rx + rw - 1), ry - h - 1),
        1 => (rx + rw + 1, between(rng, ry - h + 1, ry + rh - 1)),
        2 => (between(rng, rx - w + 1, rx + rw - 1), ry + rh + 1),
        _ => (rx - w - 1, between(rng, ry - h + 1, ry + rh - 1)),
    };
    Rect {
        x: x.max(0) as u32,
        y: y.max(0) as u32,
        w: w as u32,
        h: h as u32,
    }
}

/// Whether `a` and `b` have one tile of wall between them along a side they share a stretch
/// of.
fn touches(a: &Rect, b: &Rect) -> bool {
    let overlap = |a0: u32, al: u32, b0: u32, bl: u32| a0 < b0 + bl && b0 < a0 + al;
    (overlap(a.x, a.w, b.x, b.w) && (a.y + a.h + 1 == b.y || b.y + b.h + 1 == a.y))
        || (overlap(a.y, a.h, b.y, b.h) && (a.x + a.w + 1 == b.x || b.x + b.w + 1 == a.x))
}

/// Step 5: the layout cut to what was drawn, one tile of rock around it.
fn crop(canvas: &Canvas, design: &Design, rects: Vec<Rect>, paths: Vec<Vec<u32>>) -> Laid {
    let side = canvas.side as u32;
    let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
    for (at, &tile) in canvas.tiles.iter().enumerate() {
        if tile != ROCK {
            let (x, y) = (at as u32 % side, at as u32 / side);
            left = left.min(x);
            top = top.min(y);
            right = right.max(x);
            bottom = bottom.max(y);
        }
    }
    let (left, top) = (left - 1, top - 1);
    let width = right + 2 - left;
    let height = bottom + 2 - top;
    let rooms = rects
        .into_iter()
        .map(|r| Rect {
            x: r.x - left,
            y: r.y - top,
            ..r
        })
        .collect();
    let mut offsets = vec![0];
    let mut tiles = Vec::new();
    for path in paths.iter().take(design.edges.len()) {
        tiles.extend(
            path.iter()
                .map(|&at| (at / side - top) * width + (at % side - left)),
        );
        offsets.push(tiles.len());
    }
    Laid {
        layout: Layout {
            width,
            height,
            rooms,
        },
        routes: Routes { offsets, tiles },
    }
}
