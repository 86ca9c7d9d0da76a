//! Rings around a centre cell, subdivided as they grow so cells stay near square (Mazes for
//! Programmers, ch. 7).

use super::Topology;
use super::geometry::{Geometry, Point};
use crate::grid::{MazeError, Pos, Result};
use crate::rng::{MazeRng, RandomBits, uniform};
use std::f64::consts::TAU;

/// A round maze of `rings` rings: ring 0 is one centre cell, ring r > 0 has as many cells as
/// keep them about as wide as a ring is deep, a whole multiple of ring r - 1's (1, 6, 12, 24,
/// 24, 24, 48, ...), so each cell has one cell inward and one or more outward.
///
/// Sides: 0 inward, 1 clockwise, 2 counter-clockwise, 3 + m the m-th cell outward (the centre
/// has six). A cell owns its clockwise wall (bit 1 of its byte) and its inward one (bit 2).
/// Events and documents name cell k of ring r as `(k, r)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Polar {
    /// Cells per ring.
    counts: Vec<u32>,
    /// Index of each ring's first cell.
    offsets: Vec<usize>,
    /// Cells of each ring per cell of the ring inside it (1 for the centre).
    ratios: Vec<u32>,
    links: Vec<u8>,
}

/// A cell of a [`Polar`] maze being walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PolarCursor {
    ring: u32,
    k: u32,
    i: usize,
}

/// The bit of the clockwise wall in its owner's byte.
const CLOCKWISE: u8 = 0b01;
/// The bit of the inward wall in its owner's byte.
const INWARD: u8 = 0b10;
/// The most cells outward of one cell (the centre's six).
const MAX_OUTWARD: usize = 6;

impl Polar {
    /// A maze of `rings` rings with every wall standing.
    pub fn new(rings: u32) -> Result<Self> {
        if rings == 0 {
            return Err(MazeError::EmptyShape);
        }
        let mut counts = vec![1u32];
        let mut total = 1u64;
        for r in 1..rings {
            let previous = counts[r as usize - 1];
            // A cell as wide as the ring is deep: circumference over ring depth, rounded to a
            // whole number of cells per inner cell.
            let width = TAU * f64::from(r) / f64::from(previous);
            let ratio = (width.round() as u32).max(1);
            let count = previous.saturating_mul(ratio);
            total += u64::from(count);
            if total > crate::grid::MAX_SHAPE_CELLS {
                return Err(MazeError::TooManyRings { rings, most: r });
            }
            counts.push(count);
        }
        let offsets = counts
            .iter()
            .scan(0usize, |next, &count| {
                let first = *next;
                *next += count as usize;
                Some(first)
            })
            .collect();
        let ratios = std::iter::once(1)
            .chain(counts.windows(2).map(|pair| pair[1] / pair[0]))
            .collect();
        let mut polar = Self {
            counts,
            offsets,
            ratios,
            links: Vec::new(),
        };
        polar.links = super::walls(&polar, total as usize)?;
        Ok(polar)
    }

    /// The number of rings, the centre included.
    pub fn rings(&self) -> u32 {
        self.counts.len() as u32
    }

    /// The number of cells of ring `r`.
    pub fn ring_cells(&self, r: u32) -> u32 {
        self.counts[r as usize]
    }

    /// Cells of ring `r` per cell of ring `r - 1`.
    #[inline(always)]
    fn ratio(&self, r: u32) -> u32 {
        self.ratios[r as usize]
    }

    /// The cursor on cell `k` of ring `ring`.
    #[inline(always)]
    fn at(&self, ring: u32, k: u32) -> PolarCursor {
        PolarCursor {
            ring,
            k,
            i: self.offsets[ring as usize] + k as usize,
        }
    }

    /// The neighbour of the cursor's cell through `side` and the side back, if there is one.
    #[inline(always)]
    fn beyond(&self, c: &PolarCursor, side: usize) -> Option<(PolarCursor, usize)> {
        let count = self.counts[c.ring as usize];
        match side {
            0 if c.ring > 0 => {
                // Rings double or keep their count but for the first: no division for those.
                let (inner, m) = match self.ratio(c.ring) {
                    1 => (c.k, 0),
                    2 => (c.k >> 1, c.k & 1),
                    ratio => (c.k / ratio, c.k % ratio),
                };
                Some((self.at(c.ring - 1, inner), 3 + m as usize))
            }
            1 if c.ring > 0 => {
                let next = if c.k + 1 == count { 0 } else { c.k + 1 };
                Some((self.at(c.ring, next), 2))
            }
            2 if c.ring > 0 => {
                let previous = if c.k == 0 { count - 1 } else { c.k - 1 };
                Some((self.at(c.ring, previous), 1))
            }
            3.. if (c.ring as usize + 1) < self.counts.len() => {
                let ratio = self.ratio(c.ring + 1);
                let m = (side - 3) as u32;
                (m < ratio).then(|| (self.at(c.ring + 1, c.k * ratio + m), 0))
            }
            _ => None,
        }
    }

    /// The cell that stores the wall of the cursor's cell on `side`, and its bit.
    #[inline(always)]
    fn owner(&self, c: &PolarCursor, side: usize) -> (usize, u8) {
        match side {
            0 => (c.i, INWARD),
            1 => (c.i, CLOCKWISE),
            2 => {
                let (ccw, _) = self.beyond(c, 2).expect("a ring cell");
                (ccw.i, CLOCKWISE)
            }
            _ => {
                let (out, _) = self.beyond(c, side).expect("a wall between two cells");
                (out.i, INWARD)
            }
        }
    }
}

impl Topology for Polar {
    type Side = u8;
    type Cursor = PolarCursor;
    type Sides = [u8; 3 + MAX_OUTWARD];

    const SIDES: usize = 3 + MAX_OUTWARD;
    const NAME: &'static str = "polar";
    const OWNED: usize = 2;
    /// The one side of a cell of the outer ring on the border: its arc outward.
    const OPENINGS: [&'static [u8]; 2] = [&[3], &[3]];

    fn slots(&self) -> usize {
        self.links.len()
    }

    fn cell_count(&self) -> usize {
        self.links.len()
    }

    fn first_cell(&self) -> usize {
        0
    }

    fn extent(&self) -> (u32, u32) {
        (*self.counts.last().expect("the centre"), self.rings())
    }

    fn random_cell(&self, rng: &mut MazeRng) -> usize {
        uniform(rng, 0..self.links.len() as u32) as usize
    }

    fn cursor(&self, i: usize) -> PolarCursor {
        let ring = self.offsets.partition_point(|&first| first <= i) - 1;
        PolarCursor {
            ring: ring as u32,
            k: (i - self.offsets[ring]) as u32,
            i,
        }
    }

    /// Without the search of [`Topology::cursor`] for the ring.
    #[inline(always)]
    fn cursor_next(&self, cursor: &PolarCursor) -> PolarCursor {
        if cursor.k + 1 < self.counts[cursor.ring as usize] {
            self.at(cursor.ring, cursor.k + 1)
        } else {
            self.at(cursor.ring + 1, 0)
        }
    }

    #[inline(always)]
    fn index(cursor: &PolarCursor) -> usize {
        cursor.i
    }

    #[inline(always)]
    fn neighbour(&self, cursor: &PolarCursor, side: usize) -> Option<usize> {
        self.beyond(cursor, side).map(|(c, _)| c.i)
    }

    /// The arc outward (each cell outward, in order; the border on the outer ring), then the
    /// clockwise side, the arc inward and the counter-clockwise side; the centre has only its
    /// cells outward.
    fn clockwise(&self, c: &PolarCursor) -> ([u8; 3 + MAX_OUTWARD], usize) {
        let mut sides = [0; 3 + MAX_OUTWARD];
        let outward = if (c.ring as usize + 1) < self.counts.len() {
            self.ratio(c.ring + 1) as usize
        } else {
            usize::from(c.ring > 0)
        };
        for (m, side) in sides[..outward].iter_mut().enumerate() {
            *side = 3 + m as u8;
        }
        if c.ring == 0 {
            return (sides, outward);
        }
        sides[outward..outward + 3].copy_from_slice(&[1, 0, 2]);
        (sides, outward + 3)
    }

    #[inline(always)]
    fn step(&self, cursor: &mut PolarCursor, side: usize) -> usize {
        let (next, back) = self.beyond(cursor, side).expect("a step to a neighbour");
        *cursor = next;
        back
    }

    /// Draws one of the cell's sides that lead somewhere, uniformly: inward, clockwise and
    /// counter-clockwise (off the centre), then each cell outward.
    #[inline(always)]
    fn random_step(&self, cursor: &mut PolarCursor, bits: &mut RandomBits<'_, MazeRng>) -> usize {
        let outward = if (cursor.ring as usize + 1) < self.counts.len() {
            self.ratio(cursor.ring + 1)
        } else {
            0
        };
        let side = if cursor.ring == 0 {
            3 + bits.below_by_multiply(outward) as usize
        } else {
            bits.below_by_multiply(3 + outward) as usize
        };
        let (next, _) = self
            .beyond(cursor, side)
            .expect("a side that leads somewhere");
        *cursor = next;
        side
    }

    /// Only the outer ring's arc outward (side 3): the sides past a cell's last cell outward,
    /// and the centre's inward and round ones, are no sides of the cell.
    #[inline(always)]
    fn is_border(&self, cursor: &PolarCursor, side: usize) -> bool {
        side == 3 && cursor.ring + 1 == self.rings()
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        let side = if k == 0 { 1 } else { 0 };
        self.neighbour(&self.cursor(i), side).map(|j| (side, j))
    }

    fn carve(&mut self, i: usize, side: usize) {
        let c = self.cursor(i);
        let (owner, bit) = self.owner(&c, side);
        self.links[owner] |= bit;
    }

    fn close(&mut self, i: usize, side: usize) {
        let (owner, bit) = self.owner(&self.cursor(i), side);
        self.links[owner] &= !bit;
    }

    fn is_open(&self, i: usize, side: usize) -> bool {
        let c = self.cursor(i);
        if self.beyond(&c, side).is_none() {
            return false;
        }
        let (owner, bit) = self.owner(&c, side);
        self.links[owner] & bit != 0
    }

    #[inline(always)]
    fn cell(&self, cursor: &PolarCursor) -> Pos {
        Pos::new(cursor.k, cursor.ring)
    }

    fn locate(&self, pos: Pos) -> Option<usize> {
        let count = *self.counts.get(pos.y as usize)?;
        (pos.x < count).then(|| self.offsets[pos.y as usize] + pos.x as usize)
    }

    fn side(side: usize) -> u8 {
        side as u8
    }
}

/// Points per full turn when arcs are drawn as polylines.
const ARC_STEPS: f64 = 96.0;

impl Geometry for Polar {
    fn bounds(&self) -> (f64, f64) {
        let side = 2.0 * f64::from(self.rings());
        (side, side)
    }

    fn centre(&self, i: usize) -> Point {
        let c = self.cursor(i);
        if c.ring == 0 {
            return self.point(0.0, 0.0);
        }
        let (from, to) = self.angles(&c);
        self.point(f64::from(c.ring) + 0.5, (from + to) / 2.0)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        let c = self.cursor(i);
        let outer = f64::from(c.ring + 1);
        if c.ring == 0 {
            return self.arc(outer, 0.0, TAU);
        }
        let (from, to) = self.angles(&c);
        let mut points = self.arc(f64::from(c.ring), from, to);
        let mut back = self.arc(outer, from, to);
        back.reverse();
        points.extend(back);
        points
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let c = self.cursor(i);
        let (inner, outer) = (f64::from(c.ring), f64::from(c.ring + 1));
        if c.ring == 0 {
            // The centre's walls are the inner arcs of the first ring.
            let m = side.saturating_sub(3) as f64;
            let ratio = f64::from(self.counts.get(1).copied().unwrap_or(1));
            return self.arc(outer, TAU * m / ratio, TAU * (m + 1.0) / ratio);
        }
        let (from, to) = self.angles(&c);
        match side {
            0 => self.arc(inner, from, to),
            1 => vec![self.point(inner, to), self.point(outer, to)],
            2 => vec![self.point(inner, from), self.point(outer, from)],
            _ => {
                let ratio = f64::from(
                    self.counts
                        .get(c.ring as usize + 1)
                        .map_or(1, |&n| n / self.counts[c.ring as usize]),
                );
                let m = (side - 3) as f64;
                let span = (to - from) / ratio;
                self.arc(outer, from + span * m, from + span * (m + 1.0))
            }
        }
    }

    /// One circle, or the outer ring's arcs but the openings.
    fn outer_wall(&self, open: &[(usize, usize)]) -> Vec<Vec<Point>> {
        if open.is_empty() {
            return vec![self.arc(f64::from(self.rings()), 0.0, TAU)];
        }
        super::geometry::border_walls(self, open)
    }
}

impl Polar {
    /// The angles at which the cursor's cell starts and ends, clockwise from east (y down).
    fn angles(&self, c: &PolarCursor) -> (f64, f64) {
        let count = f64::from(self.counts[c.ring as usize]);
        (
            TAU * f64::from(c.k) / count,
            TAU * f64::from(c.k + 1) / count,
        )
    }

    /// The point at `radius` and `angle` from the centre of the picture.
    fn point(&self, radius: f64, angle: f64) -> Point {
        let centre = f64::from(self.rings());
        Point::new(
            centre + radius * libm::cos(angle),
            centre + radius * libm::sin(angle),
        )
    }

    /// The arc at `radius` from angle `from` to `to`, as a polyline.
    fn arc(&self, radius: f64, from: f64, to: f64) -> Vec<Point> {
        let steps = ((to - from) / TAU * ARC_STEPS).ceil().max(1.0) as usize;
        (0..=steps)
            .map(|s| self.point(radius, from + (to - from) * s as f64 / steps as f64))
            .collect()
    }
}
