//! A cell position kept with its index, for generators that walk the grid.

use super::{Dir, Grid, Pos};
use crate::rng::{MazeRng, RandomBits};

/// A cell position kept together with its index, so stepping needs no multiplication.
pub(crate) struct Cursor {
    /// Column.
    pub(crate) x: u32,
    /// Row.
    pub(crate) y: u32,
    /// Row-major index.
    pub(crate) i: usize,
    width: u32,
    height: u32,
}

impl Cursor {
    pub(crate) fn new(grid: &Grid, pos: Pos) -> Self {
        Self {
            x: pos.x,
            y: pos.y,
            i: grid.index(pos),
            width: grid.width(),
            height: grid.height(),
        }
    }

    /// The position.
    #[inline]
    pub(crate) const fn pos(&self) -> Pos {
        Pos::new(self.x, self.y)
    }

    /// The index of the neighbour towards `dir`, if inside the grid.
    #[inline]
    pub(crate) fn neighbour(&self, dir: Dir) -> Option<usize> {
        let w = self.width as usize;
        match dir {
            Dir::North if self.y > 0 => Some(self.i - w),
            Dir::East if self.x + 1 < self.width => Some(self.i + 1),
            Dir::South if self.y + 1 < self.height => Some(self.i + w),
            Dir::West if self.x > 0 => Some(self.i - 1),
            _ => None,
        }
    }

    /// A uniformly random direction among those leading to a neighbour whose index passes
    /// `wanted`, or `None` when no neighbour does. Candidates are taken in [`Dir::ALL`] order and
    /// one is picked with [`RandomBits::below`] (no draw when there is only one).
    #[inline]
    pub(crate) fn random_neighbour(
        &self,
        bits: &mut RandomBits<'_, MazeRng>,
        wanted: impl Fn(usize) -> bool,
    ) -> Option<Dir> {
        let mut options = [Dir::North; 4];
        let mut count = 0;
        for dir in Dir::ALL {
            if let Some(j) = self.neighbour(dir)
                && wanted(j)
            {
                options[count] = dir;
                count += 1;
            }
        }
        (count > 0).then(|| options[bits.below(count as u32) as usize])
    }

    /// Moves one cell towards `dir` (which must stay inside the grid).
    #[inline]
    pub(crate) fn step(&mut self, dir: Dir) {
        let w = self.width as usize;
        match dir {
            Dir::North => (self.y, self.i) = (self.y - 1, self.i - w),
            Dir::East => (self.x, self.i) = (self.x + 1, self.i + 1),
            Dir::South => (self.y, self.i) = (self.y + 1, self.i + w),
            Dir::West => (self.x, self.i) = (self.x - 1, self.i - 1),
        }
    }
}
