//! The Delaunay triangulation of the room centres (by the `spade` crate): the candidate pairs of
//! Delaunay candidates, whose straight corridors never cross.
//!
//! `spade` loads the centres in bulk, fast for rooms spread over a map but quadratic for rooms
//! in a line (it sorts every centre again on each insertion while all lie on one line) and for
//! long thin strips of many rooms (its hull lookup, keyed by the angle from the centre of mass,
//! degenerates). Those layouts are handled apart:
//!
//! * **One line**: each room pairs with its neighbours along it, the only triangulation.
//! * **A long thin strip** (at least [`STRIP_ROOMS`] rooms whose centres span [`STRIP_ASPECT`]
//!   times as far one way as the other): `spade` inserts the centres one by one in order along
//!   the strip, each next to the last. This is a Delaunay triangulation too, the same as bulk
//!   loading's wherever the triangulation is unique; where four or more centres lie on one
//!   empty circle the two may join different ones (both are Delaunay).
//! * **Otherwise**: bulk loading.

use crate::level::Rect;
use spade::{DelaunayTriangulation, Point2, Triangulation};

/// The fewest rooms for which a long thin strip is triangulated by insertion along it: below
/// this, bulk loading takes milliseconds whatever the shape (20 ms for 5,000 rooms in two
/// columns, against 8 s for 100,000).
const STRIP_ROOMS: usize = 4096;

/// How many times longer than wide the centres' bounding box must be to count as a strip: up
/// to about this, bulk loading stays within twice its usual time.
const STRIP_ASPECT: i64 = 1024;

/// A room centre in doubled tile coordinates: whole numbers, exact as `f64`.
type Centre = (i64, i64);

/// The pairs `(i, j)`, `i < j`, sorted, of rooms whose centres are adjacent in the Delaunay
/// triangulation of all centres.
///
/// One room has no pair, two rooms have one. When all centres lie on one line the
/// triangulation is that line: each room pairs with its neighbours along it. Where four or more
/// centres lie on one circle the triangulation is not unique; `spade` picks one, the same on
/// every run and platform (its predicates are exact).
pub(crate) fn delaunay_pairs(rooms: &[Rect]) -> Vec<(u32, u32)> {
    let centres = centres(rooms);
    let mut pairs = if on_one_line(&centres) {
        line_pairs(&centres)
    } else if is_long_strip(&centres) {
        strip_pairs(&centres)
    } else {
        bulk_pairs(&centres)
    };
    pairs.sort_unstable();
    pairs
}

/// The rooms' doubled centres, distinct since rooms do not overlap.
fn centres(rooms: &[Rect]) -> Vec<Centre> {
    rooms
        .iter()
        .map(|room| {
            let (x, y) = room.doubled_centre();
            (x as i64, y as i64)
        })
        .collect()
}

/// Twice the signed area of the triangle `o, a, b`: zero when the three lie on one line.
fn cross(o: Centre, a: Centre, b: Centre) -> i128 {
    i128::from(a.0 - o.0) * i128::from(b.1 - o.1) - i128::from(a.1 - o.1) * i128::from(b.0 - o.0)
}

/// Whether all centres lie on one line (as any one or two do).
fn on_one_line(centres: &[Centre]) -> bool {
    match centres {
        [a, b, rest @ ..] => rest.iter().all(|&c| cross(*a, *b, c) == 0),
        _ => true,
    }
}

/// Whether the centres, not on one line, form a strip long and thin enough, with rooms enough,
/// to slow bulk loading down.
fn is_long_strip(centres: &[Centre]) -> bool {
    let (x, y) = spans(centres);
    centres.len() >= STRIP_ROOMS && x.max(y) >= STRIP_ASPECT * x.min(y)
}

/// How far the centres reach along x and along y.
fn spans(centres: &[Centre]) -> (i64, i64) {
    let span = |coordinate: fn(&Centre) -> i64| {
        let values = centres.iter().map(coordinate);
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    };
    (span(|c| c.0), span(|c| c.1))
}

/// The pairs of neighbours along the line through all `centres`: lexicographic order follows
/// the line.
fn line_pairs(centres: &[Centre]) -> Vec<(u32, u32)> {
    let mut order: Vec<u32> = (0..centres.len() as u32).collect();
    order.sort_unstable_by_key(|&i| centres[i as usize]);
    order
        .windows(2)
        .map(|pair| (pair[0].min(pair[1]), pair[0].max(pair[1])))
        .collect()
}

/// `spade`'s bulk loading, which keeps the centres' order as vertex numbers.
fn bulk_pairs(centres: &[Centre]) -> Vec<(u32, u32)> {
    let points = centres.iter().map(|&(x, y)| point(x, y)).collect();
    let triangulation: DelaunayTriangulation<Point2<f64>> =
        DelaunayTriangulation::bulk_load_stable(points)
            .expect("room centres are finite whole numbers");
    debug_assert_eq!(triangulation.num_vertices(), centres.len());
    edges(&triangulation, |vertex| vertex as u32)
}

/// `spade`'s insertion of the centres one by one, in order along the longer side of their
/// bounding box, each located from the last: first two, then the first centre off their line
/// (so that no insertion meets an all-collinear triangulation), then the rest.
fn strip_pairs(centres: &[Centre]) -> Vec<(u32, u32)> {
    let (x, y) = spans(centres);
    let along: fn(Centre) -> Centre = if x >= y { |c| c } else { |(x, y)| (y, x) };
    let mut order: Vec<u32> = (0..centres.len() as u32).collect();
    order.sort_unstable_by_key(|&i| along(centres[i as usize]));
    let at = |k: usize| centres[order[k] as usize];
    let off_line = (2..order.len())
        .find(|&k| cross(at(0), at(1), at(k)) != 0)
        .expect("the centres do not all lie on one line");
    order[2..=off_line].rotate_right(1);
    let mut triangulation: DelaunayTriangulation<Point2<f64>> = DelaunayTriangulation::new();
    for &room in &order {
        let (x, y) = centres[room as usize];
        triangulation
            .insert(point(x, y))
            .expect("room centres are finite whole numbers");
    }
    debug_assert_eq!(triangulation.num_vertices(), centres.len());
    // Vertices are numbered in insertion order.
    edges(&triangulation, |vertex| order[vertex])
}

fn point(x: i64, y: i64) -> Point2<f64> {
    Point2::new(x as f64, y as f64)
}

/// The triangulation's edges as pairs of rooms, `room(vertex number)` naming each end.
fn edges(
    triangulation: &DelaunayTriangulation<Point2<f64>>,
    room: impl Fn(usize) -> u32,
) -> Vec<(u32, u32)> {
    triangulation
        .undirected_edges()
        .map(|edge| {
            let [a, b] = edge.vertices().map(|v| room(v.fix().index()));
            (a.min(b), a.max(b))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{rng_from_seed, uniform, uniform_inclusive};
    use std::collections::{BTreeSet, HashSet};

    fn room(x: u32, y: u32) -> Rect {
        Rect { x, y, w: 3, h: 3 }
    }

    #[test]
    fn one_and_two_rooms() {
        assert!(delaunay_pairs(&[room(1, 1)]).is_empty());
        assert_eq!(delaunay_pairs(&[room(1, 1), room(9, 1)]), [(0, 1)]);
    }

    #[test]
    fn collinear_rooms_pair_with_their_neighbours_along_the_line() {
        let rooms = [room(1, 1), room(21, 1), room(11, 1), room(31, 1)];
        assert_eq!(delaunay_pairs(&rooms), [(0, 2), (1, 2), (1, 3)]);
        let diagonal = [room(1, 1), room(5, 5), room(9, 9)];
        assert_eq!(delaunay_pairs(&diagonal), [(0, 1), (1, 2)]);
    }

    #[test]
    fn a_square_and_its_centre_make_four_triangles() {
        let rooms = [
            room(1, 1),
            room(21, 1),
            room(1, 21),
            room(21, 21),
            room(11, 11),
        ];
        let pairs = delaunay_pairs(&rooms);
        assert_eq!(pairs.len(), 8, "{pairs:?}");
        assert!(!pairs.contains(&(0, 3)) && !pairs.contains(&(1, 2)));
    }

    /// A permutation of `0..n` (`step` coprime with `n`).
    fn scattered(n: u32, step: u64) -> impl Iterator<Item = u32> {
        (0..u64::from(n)).map(move |k| (k * step % u64::from(n)) as u32)
    }

    #[test]
    fn a_hundred_thousand_rooms_in_one_column_pair_with_their_neighbours() {
        // Room k is the `rank[k]`-th from the top, listed in scattered order.
        let n = 100_000;
        let rank: Vec<u32> = scattered(n, 7919).collect();
        let rooms: Vec<Rect> = rank
            .iter()
            .map(|&r| Rect {
                x: 1,
                y: 1 + 2 * r,
                w: 1,
                h: 1,
            })
            .collect();
        let mut by_rank = vec![0; n as usize];
        for (room, &r) in rank.iter().enumerate() {
            by_rank[r as usize] = room as u32;
        }
        let mut expected: Vec<(u32, u32)> = by_rank
            .windows(2)
            .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
            .collect();
        expected.sort_unstable();
        assert_eq!(delaunay_pairs(&rooms), expected);
    }

    #[test]
    fn rooms_on_any_line_pair_as_bulk_loading_pairs_them() {
        // Lines across, down, diagonal and at a slant of 1 in 3.
        for (dx, dy) in [(4, 0), (0, 4), (4, 4), (12, 4)] {
            let rooms: Vec<Rect> = scattered(300, 101)
                .map(|k| Rect {
                    x: 1 + dx * k,
                    y: 1 + dy * k,
                    w: 3,
                    h: 3,
                })
                .collect();
            let centres = centres(&rooms);
            assert!(on_one_line(&centres));
            let mut bulk = bulk_pairs(&centres);
            bulk.sort_unstable();
            assert_eq!(delaunay_pairs(&rooms), bulk, "{dx},{dy}");
        }
    }

    /// `n` distinct random centres in a `width x length` box.
    fn random_centres(n: usize, width: i64, length: i64, seed: u64) -> Vec<Centre> {
        let mut rng = rng_from_seed(seed);
        let mut seen = HashSet::new();
        let mut centres = Vec::new();
        while centres.len() < n {
            let centre = (
                uniform(&mut rng, 0..width as u64) as i64,
                uniform(&mut rng, 0..length as u64) as i64,
            );
            if seen.insert(centre) {
                centres.push(centre);
            }
        }
        centres
    }

    fn sorted(mut pairs: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
        pairs.sort_unstable();
        pairs
    }

    #[test]
    fn strips_triangulate_as_bulk_loading_where_the_triangulation_is_unique() {
        // Random 32-bit coordinates: no four centres share a circle.
        for (width, seed) in [(2, 1), (1 << 10, 2), (1 << 20, 3)] {
            let centres: Vec<Centre> = random_centres(3000, width, 1 << 32, seed)
                .into_iter()
                .map(|(x, y)| (y, x))
                .collect();
            assert!(!on_one_line(&centres));
            assert_eq!(
                sorted(strip_pairs(&centres)),
                sorted(bulk_pairs(&centres)),
                "{width}"
            );
        }
    }

    /// Whether `d` lies on the circle through `a`, `b` and `c` (exactly).
    fn cocircular(a: Centre, b: Centre, c: Centre, d: Centre) -> bool {
        let row = |p: Centre| {
            let (x, y) = (i128::from(p.0 - d.0), i128::from(p.1 - d.1));
            (x, y, x * x + y * y)
        };
        let (a, b, c) = (row(a), row(b), row(c));
        a.0 * (b.1 * c.2 - b.2 * c.1) - a.1 * (b.0 * c.2 - b.2 * c.0)
            + a.2 * (b.0 * c.1 - b.1 * c.0)
            == 0
    }

    #[test]
    fn strips_differ_from_bulk_loading_only_where_centres_share_a_circle() {
        // Rooms of one tile in a map four tiles wide: two columns of centres, rows two or more
        // apart, and many isosceles trapezoids (four centres on one circle).
        let mut rng = rng_from_seed(4);
        let mut y = 0;
        let centres: Vec<Centre> = (0..3000)
            .map(|_| {
                y += 2 * uniform(&mut rng, 2..6u64) as i64;
                (2 * uniform_inclusive(&mut rng, 1..=2u64) as i64, y)
            })
            .collect();
        let strip: BTreeSet<(u32, u32)> = strip_pairs(&centres).into_iter().collect();
        let bulk: BTreeSet<(u32, u32)> = bulk_pairs(&centres).into_iter().collect();
        assert_eq!(strip.len(), bulk.len());
        // Each pair of one and not the other is the diagonal of two of its triangles whose four
        // corners lie on one circle.
        for (pairs, other) in [(&strip, &bulk), (&bulk, &strip)] {
            let neighbours = |room: u32| -> BTreeSet<u32> {
                pairs
                    .iter()
                    .filter_map(|&(i, j)| (i == room).then_some(j).or((j == room).then_some(i)))
                    .collect()
            };
            for &(a, b) in pairs.difference(other) {
                let (pa, pb) = (centres[a as usize], centres[b as usize]);
                let apexes: Vec<Centre> = neighbours(a)
                    .intersection(&neighbours(b))
                    .map(|&c| centres[c as usize])
                    .collect();
                let flips = apexes.iter().any(|&c| {
                    apexes.iter().any(|&d| {
                        cross(pa, pb, c) > 0 && cross(pa, pb, d) < 0 && cocircular(pa, pb, c, d)
                    })
                });
                assert!(flips, "({a}, {b}) is no diagonal of cocircular centres");
            }
        }
    }

    #[test]
    fn only_long_thin_layouts_of_many_rooms_count_as_strips() {
        let strip = random_centres(STRIP_ROOMS, 4, 4 * STRIP_ASPECT, 5);
        assert!(is_long_strip(&strip));
        assert!(!is_long_strip(&strip[1..]));
        let wider = random_centres(STRIP_ROOMS, 8, 4 * STRIP_ASPECT, 5);
        assert!(!is_long_strip(&wider));
        let across: Vec<Centre> = strip.iter().map(|&(x, y)| (y, x)).collect();
        assert!(is_long_strip(&across));
    }
}
