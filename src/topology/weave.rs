//! A weave: a rectangle whose passages may cross under a cell (Mazes for Programmers, ch. 9).
//! A passage under a cell runs straight on from the cell before it to the cell after it, and
//! the cell is a corridor across it; pictures draw the corridor over it and break the passage
//! under it.

use super::geometry::{Geometry, Joint, Point};
use super::{Topology, check_cells, field::FieldCursor, rect};
use crate::Probability;
use crate::grid::{Pos, Result};
use crate::rng::{MazeRng, RandomBits, bernoulli, uniform};

/// A `width x height` rectangle of square cells whose passages may cross under a cell.
///
/// Sides: 0 north, 1 east, 2 south, 3 west to the cell beside (as on the rectangle), and 4 to
/// 7 the same ways under that cell to the one beyond it. A passage under a cell opens only
/// while the cell is a corridor across it (its two other sides open, its sides the passage
/// goes through closed, no passage under it yet) and, before the passage is carved, the cell
/// may be crossed ([`Weave::choose_crossable`]); once open, the walls it goes through lead
/// nowhere. So every algorithm that carves from the maze to a new cell (the backtracker,
/// hunt-and-kill, the growing tree, Aldous-Broder) weaves, and still carves a perfect maze;
/// Kruskal lays crossings first ([`Topology::crossing`]).
///
/// A cell owns its east and south walls and the passages under its east and south
/// neighbours (bits 1, 2, 4 and 8 of its byte); bit 16 says it may be crossed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weave {
    width: u32,
    height: u32,
    density: Probability,
    links: Vec<u8>,
}

/// The bit of a cell that may be crossed; those below it are passages, the bit of a passage
/// east or south its direction's number (see [`Weave::owner`] and [`under_bit`]).
const CROSSABLE: u8 = 16;

/// Column and row offsets (wrapping: `u32::MAX` is -1) of the four directions.
const OFFSETS: [(u32, u32); 4] = [(0, u32::MAX), (1, 0), (0, 1), (u32::MAX, 0)];

impl Weave {
    /// `width x height` cells, every wall standing, whose cells may each be crossed with
    /// probability `density` once [`Weave::choose_crossable`] has drawn which.
    pub fn new(width: u32, height: u32, density: Probability) -> Result<Self> {
        check_cells(u64::from(width) * u64::from(height))?;
        let mut shape = Self {
            width,
            height,
            density,
            links: Vec::new(),
        };
        shape.links = super::walls(&shape, width as usize * height as usize)?;
        Ok(shape)
    }

    /// Width in cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The share of cells a passage may cross under.
    pub const fn density(&self) -> Probability {
        self.density
    }

    /// Draws which cells a passage may cross under, each with probability
    /// [`Weave::density`] (no draw at 0 or 1), in index order.
    pub fn choose_crossable(&mut self, rng: &mut MazeRng) {
        let p = self.density.get();
        for cell in &mut self.links {
            let crossable = match p {
                0.0 => false,
                1.0 => true,
                _ => bernoulli(rng, p),
            };
            *cell = (*cell & !CROSSABLE) | if crossable { CROSSABLE } else { 0 };
        }
    }

    /// Forgets which cells may be crossed, once carved: no passage opens under a cell after.
    pub fn forget_crossable(&mut self) {
        for cell in &mut self.links {
            *cell &= !CROSSABLE;
        }
    }

    /// Whether a passage goes under the cell at `pos`: `Some(true)` when it runs east-west
    /// (under a corridor running north-south), `Some(false)` north-south; `None` when none
    /// does or `pos` is no cell.
    pub fn under(&self, pos: Pos) -> Option<bool> {
        let i = self.locate(pos)?;
        let c = self.cursor(i);
        // From the cell before it, west or north, under it to the one after.
        let from = |dir: usize| {
            self.beside(&c, back(dir))
                .is_some_and(|before| self.links[before.i] & under_bit(dir) != 0)
        };
        if from(1) {
            Some(true)
        } else if from(2) {
            Some(false)
        } else {
            None
        }
    }

    /// Checks that every passage under a cell goes under a corridor across it, alone, as
    /// carving keeps it: what a document read back must show. Names the first cell that is
    /// not.
    pub fn check_crossings(&self) -> std::result::Result<(), Pos> {
        for i in 0..self.links.len() {
            let c = self.cursor(i);
            for dir in [1, 2] {
                let bit = under_bit(dir);
                if self.links[i] & bit == 0 {
                    continue;
                }
                let mid = self.beside(&c, dir).expect("a passage under a cell");
                let across = [(dir + 1) % 4, (dir + 3) % 4];
                let alone = self.links[mid.i] & bit == 0
                    && (self.beside(&c, back(dir)))
                        .is_none_or(|before| self.links[before.i] & bit == 0);
                let crossed = alone
                    && across
                        .iter()
                        .all(|&s| self.open_beside(&mid, s) && !self.pierced(&mid, s))
                    && !self.open_beside(&c, dir)
                    && !self.open_beside(&mid, dir);
                if !crossed {
                    return Err(Pos::new(mid.x, mid.y));
                }
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn at(&self, x: u32, y: u32) -> FieldCursor {
        FieldCursor {
            x,
            y,
            i: y as usize * self.width as usize + x as usize,
        }
    }

    /// The cell beside the cursor's in direction `dir` (0 to 3), if there is one.
    #[inline(always)]
    fn beside(&self, c: &FieldCursor, dir: usize) -> Option<FieldCursor> {
        let (dx, dy) = OFFSETS[dir];
        let (x, y) = (c.x.wrapping_add(dx), c.y.wrapping_add(dy));
        (x < self.width && y < self.height).then(|| self.at(x, y))
    }

    /// The cell that keeps the passage of the cursor's cell on `side` (which must lead to a
    /// cell), and its bit.
    #[inline(always)]
    fn owner(&self, c: &FieldCursor, side: usize) -> (usize, u8) {
        let dir = side % 4;
        let (cell, bit) = match dir {
            1 | 2 => (*c, dir as u8),
            // North and west are the cells' south and east.
            _ => {
                let mut owner = self.beside(c, dir).expect("a wall between two cells");
                if side >= 4 {
                    owner = self.beside(&owner, dir).expect("a passage under a cell");
                }
                (owner, back(dir) as u8)
            }
        };
        let bit = if side >= 4 { bit << 2 } else { bit };
        (cell.i, bit)
    }

    /// Whether the passage to the cell beside in direction `dir` is open.
    #[inline(always)]
    fn open_beside(&self, c: &FieldCursor, dir: usize) -> bool {
        self.beside(c, dir).is_some() && {
            let (owner, bit) = self.owner(c, dir);
            self.links[owner] & bit != 0
        }
    }

    /// Whether a passage runs under the wall of the cursor's cell in direction `dir`: one
    /// from the wall's first cell (north or west of it) under the second, or one under the
    /// first from the cell before it.
    #[inline(always)]
    fn pierced(&self, c: &FieldCursor, dir: usize) -> bool {
        let Some(other) = self.beside(c, dir) else {
            return false;
        };
        let first = if dir == 1 || dir == 2 { *c } else { other };
        let axis = if dir.is_multiple_of(2) { 2 } else { 1 };
        let bit = under_bit(axis);
        self.links[first.i] & bit != 0
            || (self.beside(&first, back(axis)))
                .is_some_and(|before| self.links[before.i] & bit != 0)
    }

    /// The cell two away in direction `dir` and the one between, if both are cells.
    #[inline(always)]
    fn beyond(&self, c: &FieldCursor, dir: usize) -> Option<(FieldCursor, FieldCursor)> {
        let mid = self.beside(c, dir)?;
        self.beside(&mid, dir).map(|far| (mid, far))
    }

    /// Whether a passage may open from the cursor's cell under the cell `mid` beside it in
    /// direction `dir`: `mid` may be crossed, is a corridor across, and the walls the passage
    /// would go through stand.
    #[inline(always)]
    fn can_cross(&self, c: &FieldCursor, mid: &FieldCursor, dir: usize) -> bool {
        self.links[mid.i] & CROSSABLE != 0
            && self.open_beside(mid, (dir + 1) % 4)
            && self.open_beside(mid, (dir + 3) % 4)
            && !self.open_beside(c, dir)
            && !self.open_beside(mid, dir)
            && !self.pierced(c, dir)
            && !self.pierced(mid, dir)
    }
}

/// The bit of a passage under the cell beside, east (`dir` 1) or south (2).
const fn under_bit(dir: usize) -> u8 {
    (dir as u8) << 2
}

/// The direction opposite `dir` (0 to 3).
const fn back(dir: usize) -> usize {
    (dir + 2) % 4
}

impl Topology for Weave {
    type Side = u8;
    type Cursor = FieldCursor;
    type Sides = [u8; 8];

    const SIDES: usize = 8;
    /// East, south, under east, under south.
    const OWNED: usize = 4;
    const OPENINGS: [&'static [u8]; 2] = rect::OPENINGS;
    const NAME: &'static str = "rect";
    const WEAVES: bool = true;

    fn slots(&self) -> usize {
        self.links.len()
    }

    fn cell_count(&self) -> usize {
        self.links.len()
    }

    fn first_cell(&self) -> usize {
        0
    }

    fn last_cell(&self) -> usize {
        self.links.len() - 1
    }

    fn extent(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn random_cell(&self, rng: &mut MazeRng) -> usize {
        uniform(rng, 0..self.links.len() as u32) as usize
    }

    #[inline(always)]
    fn cursor(&self, i: usize) -> FieldCursor {
        let w = self.width as usize;
        FieldCursor {
            x: (i % w) as u32,
            y: (i / w) as u32,
            i,
        }
    }

    #[inline(always)]
    fn index(cursor: &FieldCursor) -> usize {
        cursor.i
    }

    /// A cell beside unless a passage runs under the wall between; the cell beyond the one
    /// beside when a passage runs under it or may now be carved to.
    #[inline(always)]
    fn neighbour(&self, cursor: &FieldCursor, side: usize) -> Option<usize> {
        if side < 4 {
            let next = self.beside(cursor, side)?;
            return (!self.pierced(cursor, side)).then_some(next.i);
        }
        let dir = side - 4;
        let (mid, far) = self.beyond(cursor, dir)?;
        let (owner, bit) = self.owner(cursor, side);
        (self.links[owner] & bit != 0 || self.can_cross(cursor, &mid, dir)).then_some(far.i)
    }

    fn link(&self, cursor: &FieldCursor, side: usize) -> Option<usize> {
        match side {
            0..4 => self.beside(cursor, side).map(|c| c.i),
            _ => self.beyond(cursor, side - 4).map(|(_, far)| far.i),
        }
    }

    fn under(&self, cursor: &FieldCursor, side: usize) -> Option<usize> {
        (side >= 4)
            .then(|| self.beyond(cursor, side - 4).map(|(mid, _)| mid.i))
            .flatten()
    }

    #[inline(always)]
    fn step(&self, cursor: &mut FieldCursor, side: usize) -> usize {
        let dir = side % 4;
        let mut next = self.beside(cursor, dir).expect("a step to a neighbour");
        if side >= 4 {
            next = self.beside(&next, dir).expect("a step to a neighbour");
        }
        *cursor = next;
        side - dir + back(dir)
    }

    fn random_step(&self, cursor: &mut FieldCursor, bits: &mut RandomBits<'_, MazeRng>) -> usize {
        let side = self
            .random_neighbour(cursor, bits, |_| true)
            .expect("a cell of a weave has a neighbour");
        self.step(cursor, side);
        side
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        let c = self.cursor(i);
        match k {
            0 | 1 => {
                let dir = k + 1;
                let next = self.beside(&c, dir)?;
                (!self.pierced(&c, dir)).then_some((dir, next.i))
            }
            _ => {
                let dir = k - 1;
                let (_, far) = self.beyond(&c, dir)?;
                (self.links[i] & under_bit(dir) != 0).then_some((dir + 4, far.i))
            }
        }
    }

    fn carve(&mut self, i: usize, side: usize) {
        let (owner, bit) = self.owner(&self.cursor(i), side);
        self.links[owner] |= bit;
    }

    fn close(&mut self, i: usize, side: usize) {
        let (owner, bit) = self.owner(&self.cursor(i), side);
        self.links[owner] &= !bit;
    }

    fn is_open(&self, i: usize, side: usize) -> bool {
        let c = self.cursor(i);
        let exists = match side {
            0..4 => self.beside(&c, side).is_some(),
            _ => self.beyond(&c, side - 4).is_some(),
        };
        exists && {
            let (owner, bit) = self.owner(&c, side);
            self.links[owner] & bit != 0
        }
    }

    /// The sides of the rectangle's border only.
    fn is_border(&self, cursor: &FieldCursor, side: usize) -> bool {
        side < 4 && self.beside(cursor, side).is_none()
    }

    /// North, east, south, west, each the passage under the cell beside where one is open.
    fn clockwise(&self, cursor: &FieldCursor) -> ([u8; 8], usize) {
        let mut sides = [0; 8];
        for (dir, side) in sides.iter_mut().take(4).enumerate() {
            let under = self.is_open(cursor.i, dir + 4);
            *side = (dir + if under { 4 } else { 0 }) as u8;
        }
        (sides, 4)
    }

    fn crossing(&self, i: usize, east_west: bool) -> Option<[(usize, usize); 3]> {
        let c = self.cursor(i);
        let untouched = (0..4).all(|dir| {
            self.beside(&c, dir).is_some() && !self.open_beside(&c, dir) && !self.pierced(&c, dir)
        });
        if self.links[i] & CROSSABLE == 0 || !untouched {
            return None;
        }
        // Over: the cell's east and west (or north and south); under: from the cell before it
        // across to the one after.
        let (over, under) = if east_west { ([1, 3], 0) } else { ([0, 2], 3) };
        let before = self.beside(&c, under).expect("checked above").i;
        Some([(i, over[0]), (i, over[1]), (before, back(under) + 4)])
    }

    #[inline(always)]
    fn cell(&self, cursor: &FieldCursor) -> Pos {
        Pos::new(cursor.x, cursor.y)
    }

    fn locate(&self, pos: Pos) -> Option<usize> {
        (pos.x < self.width && pos.y < self.height).then(|| self.at(pos.x, pos.y).i)
    }

    fn side(side: usize) -> u8 {
        side as u8
    }
}

/// How far the corridor over a crossing keeps from the cell's edges, in cell units: the
/// passage under it shows between its walls and the edges.
const INSET: f64 = 0.25;

impl Geometry for Weave {
    fn bounds(&self) -> (f64, f64) {
        (f64::from(self.width), f64::from(self.height))
    }

    fn centre(&self, i: usize) -> Point {
        let c = self.cursor(i);
        Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        let c = self.cursor(i);
        rect::square(c.x, c.y).to_vec()
    }

    /// A wall beside as on the rectangle. Under a cell: the near half of the crossing in the
    /// cell between, from the side this passage comes from, as one polyline whose middle is
    /// where the passage goes under. The corridor's wall runs across the whole cell, with the
    /// passage's two walls from the cell's edge to it and the stubs of wall either side.
    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let c = self.cursor(i);
        if side < 4 {
            return rect::square_side(c.x, c.y, side).to_vec();
        }
        let dir = side - 4;
        let mid = self.beside(&c, dir).expect("a passage under a cell");
        let centre = self.centre(mid.i);
        // In the frame of the passage: `along` toward it from the near edge, `across`
        // from its left to its right.
        let (dx, dy) = OFFSETS[back(dir)];
        let (ax, ay) = (f64::from(dx as i32), f64::from(dy as i32));
        let (cx, cy) = (-ay, ax);
        let point = |along: f64, across: f64| {
            // From the near edge (along 0) inwards, across from -0.5 to 0.5.
            let out = 0.5 - along;
            Point::new(
                centre.x + ax * out + cx * across,
                centre.y + ay * out + cy * across,
            )
        };
        let (edge, wall, side_wall) = (0.0, INSET, 0.5 - INSET);
        vec![
            point(wall, -side_wall),
            point(edge, -side_wall),
            point(edge, -0.5),
            point(wall, -0.5),
            point(wall, 0.0),
            point(wall, 0.5),
            point(edge, 0.5),
            point(edge, side_wall),
            point(wall, side_wall),
        ]
    }

    fn joint(&self, _i: usize, side: usize) -> Joint {
        if side < 4 {
            Joint::Beside
        } else {
            Joint::Under
        }
    }
}
