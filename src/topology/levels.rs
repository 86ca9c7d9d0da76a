//! A 3D maze: rectangles of square cells stacked in levels, joined by passages up and down
//! (Mazes for Programmers, ch. 13). Pictures lay the levels side by side.

use super::geometry::{Geometry, Joint, Point};
use super::{Topology, check_cells, rect};
use crate::grid::{MazeError, Pos, Result};
use crate::rng::{MazeRng, RandomBits, uniform};

/// The most levels a maze may have.
pub const MAX_LEVELS: u32 = 1024;

/// `levels` stacked `width x height`-cell rectangles, level 0 at the bottom.
///
/// Sides: 0 north, 1 east, 2 south, 3 west (as on the rectangle), 4 up (to level z + 1) and
/// 5 down. A cell owns its east, south and up walls (bits 1, 2 and 4 of its byte).
///
/// Cells are numbered level by level, each level row by row; a cell's position
/// ([`Topology::cell`]) is its column and its row counted down through the levels, `z *
/// height + y` ([`Levels::pos`] makes one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels {
    width: u32,
    height: u32,
    levels: u32,
    links: Vec<u8>,
}

/// A cell of a [`Levels`] maze being walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelsCursor {
    x: u32,
    y: u32,
    z: u32,
    i: usize,
}

/// Column, row and level offsets (wrapping: `u32::MAX` is -1) of each side.
const OFFSETS: [(u32, u32, u32); 6] = [
    (0, u32::MAX, 0),
    (1, 0, 0),
    (0, 1, 0),
    (u32::MAX, 0, 0),
    (0, 0, 1),
    (0, 0, u32::MAX),
];

impl Levels {
    /// `levels` levels of `width x height` cells, every wall standing. More than
    /// [`MAX_LEVELS`] levels are refused.
    pub fn new(width: u32, height: u32, levels: u32) -> Result<Self> {
        if levels == 0 || levels > MAX_LEVELS {
            return Err(MazeError::InvalidShape(format!(
                "a maze of {levels} levels: it takes 1 to {MAX_LEVELS}"
            )));
        }
        check_cells(u64::from(width) * u64::from(height) * u64::from(levels))?;
        let mut shape = Self {
            width,
            height,
            levels,
            links: Vec::new(),
        };
        let cells = width as usize * height as usize * levels as usize;
        shape.links = super::walls(&shape, cells)?;
        Ok(shape)
    }

    /// Width in cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells of each level.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The number of levels.
    pub const fn levels(&self) -> u32 {
        self.levels
    }

    /// The position of cell (x, y) on level `z`, as [`Topology::cell`] gives it.
    pub const fn pos(&self, x: u32, y: u32, z: u32) -> Pos {
        Pos::new(x, z * self.height + y)
    }

    /// The level of the cell at `pos`, and its row on that level.
    pub const fn level_of(&self, pos: Pos) -> (u32, u32) {
        (pos.y / self.height, pos.y % self.height)
    }

    #[inline(always)]
    fn at(&self, x: u32, y: u32, z: u32) -> LevelsCursor {
        let (w, h) = (self.width as usize, self.height as usize);
        LevelsCursor {
            x,
            y,
            z,
            i: (z as usize * h + y as usize) * w + x as usize,
        }
    }

    /// The neighbour through `side`, if there is one.
    #[inline(always)]
    fn beyond(&self, c: &LevelsCursor, side: usize) -> Option<LevelsCursor> {
        let (dx, dy, dz) = OFFSETS[side];
        let (x, y, z) = (
            c.x.wrapping_add(dx),
            c.y.wrapping_add(dy),
            c.z.wrapping_add(dz),
        );
        (x < self.width && y < self.height && z < self.levels).then(|| self.at(x, y, z))
    }

    /// The cell that keeps the wall of the cursor's cell on `side`, and its bit.
    #[inline(always)]
    fn owner(&self, c: &LevelsCursor, side: usize) -> (usize, u8) {
        match side {
            1 | 2 | 4 => (c.i, side as u8),
            // North, west and down are the neighbours' south, east and up.
            _ => {
                let n = self.beyond(c, side).expect("a wall between two cells");
                (n.i, back(side) as u8)
            }
        }
    }
}

impl Topology for Levels {
    type Side = u8;
    type Cursor = LevelsCursor;
    type Sides = [u8; 6];

    const SIDES: usize = 6;
    /// East, south, up.
    const OWNED: usize = 3;
    /// On the level's outer wall only, as on the rectangle.
    const OPENINGS: [&'static [u8]; 2] = rect::OPENINGS;
    const NAME: &'static str = "rect";

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
        (self.width, self.height.saturating_mul(self.levels))
    }

    fn random_cell(&self, rng: &mut MazeRng) -> usize {
        uniform(rng, 0..self.links.len() as u32) as usize
    }

    #[inline(always)]
    fn cursor(&self, i: usize) -> LevelsCursor {
        let (w, h) = (self.width as usize, self.height as usize);
        LevelsCursor {
            x: (i % w) as u32,
            y: (i / w % h) as u32,
            z: (i / (w * h)) as u32,
            i,
        }
    }

    #[inline(always)]
    fn index(cursor: &LevelsCursor) -> usize {
        cursor.i
    }

    #[inline(always)]
    fn neighbour(&self, cursor: &LevelsCursor, side: usize) -> Option<usize> {
        self.beyond(cursor, side).map(|c| c.i)
    }

    #[inline(always)]
    fn step(&self, cursor: &mut LevelsCursor, side: usize) -> usize {
        *cursor = self.beyond(cursor, side).expect("a step to a neighbour");
        back(side)
    }

    /// Draws a side by Lemire's method, retrying sides that lead nowhere.
    #[inline(always)]
    fn random_step(&self, cursor: &mut LevelsCursor, bits: &mut RandomBits<'_, MazeRng>) -> usize {
        loop {
            let side = bits.below_by_multiply(6) as usize;
            if let Some(next) = self.beyond(cursor, side) {
                *cursor = next;
                return side;
            }
        }
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        let side = [1, 2, 4].get(k).copied()?;
        self.neighbour(&self.cursor(i), side).map(|j| (side, j))
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
        if self.beyond(&c, side).is_none() {
            return false;
        }
        let (owner, bit) = self.owner(&c, side);
        self.links[owner] & bit != 0
    }

    /// Only the sides of a level: the floor of the bottom level and the ceiling of the top
    /// one are no way out.
    fn is_border(&self, cursor: &LevelsCursor, side: usize) -> bool {
        side < 4 && self.neighbour(cursor, side).is_none()
    }

    #[inline(always)]
    fn cell(&self, cursor: &LevelsCursor) -> Pos {
        self.pos(cursor.x, cursor.y, cursor.z)
    }

    fn locate(&self, pos: Pos) -> Option<usize> {
        let (z, y) = self.level_of(pos);
        (pos.x < self.width && z < self.levels).then(|| self.at(pos.x, y, z).i)
    }

    fn placed(&self, cursor: &LevelsCursor) -> (Pos, Option<u32>) {
        (Pos::new(cursor.x, cursor.y), Some(cursor.z))
    }

    fn position(&self, at: Pos, level: Option<u32>) -> Option<Pos> {
        level
            .filter(|&z| at.y < self.height && z < self.levels)
            .map(|z| self.pos(at.x, at.y, z))
    }

    fn side(side: usize) -> u8 {
        side as u8
    }
}

/// The side that leads back through `side`.
const fn back(side: usize) -> usize {
    [2, 3, 0, 1, 5, 4][side]
}

/// Cell units between one level and the next in a picture.
const GAP: f64 = 1.0;

impl Geometry for Levels {
    fn bounds(&self) -> (f64, f64) {
        let levels = f64::from(self.levels);
        (
            levels * f64::from(self.width) + (levels - 1.0) * GAP,
            f64::from(self.height),
        )
    }

    fn centre(&self, i: usize) -> Point {
        let corner = self.outline(i)[0];
        Point::new(corner.x + 0.5, corner.y + 0.5)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        let c = self.cursor(i);
        let left = c.z * (self.width + GAP as u32) + c.x;
        rect::square(left, c.y).to_vec()
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        let c = self.cursor(i);
        let left = c.z * (self.width + GAP as u32) + c.x;
        match side {
            0..4 => rect::square_side(left, c.y, side).to_vec(),
            // A way up: a chevron in the upper half of the cell; down: in its lower half.
            _ => {
                let centre = self.centre(i);
                let tip = if side == 4 { -0.3 } else { 0.3 };
                let foot = tip / 6.0;
                vec![
                    Point::new(centre.x - 0.22, centre.y + foot),
                    Point::new(centre.x, centre.y + tip),
                    Point::new(centre.x + 0.22, centre.y + foot),
                ]
            }
        }
    }

    fn joint(&self, _i: usize, side: usize) -> Joint {
        if side < 4 {
            Joint::Beside
        } else {
            Joint::Stairs
        }
    }
}
