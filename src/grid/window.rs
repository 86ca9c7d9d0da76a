//! Windows of giant mazes as data: a rectangle of cells ([`Window`]), a giant maze's size and
//! chunks ([`Giant`]), and where a window lies with the passages that leave it ([`Cut`]).
//! Making their cells is the work of [`crate::giant`], above the generators.

use super::{Dir, MazeError, Pos, Result, cells_within_tiles, passage_tile};
use serde::{Deserialize, Serialize};

/// The most cells a side of a giant maze may have, 2^63 - 1: its tiles (twice as many, and
/// one) fit in a `u64`.
pub const MAX_SIDE: u64 = cells_within_tiles(u64::MAX);

/// A rectangle of cells of a giant maze: its top-left cell and its size in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Window {
    /// The column of its left cells.
    pub x: u64,
    /// The row of its top cells.
    pub y: u64,
    /// Width in cells.
    pub width: u32,
    /// Height in cells.
    pub height: u32,
}

impl Window {
    /// The column just past its right cells (saturated: past every maze).
    pub(crate) const fn right(&self) -> u64 {
        self.x.saturating_add(self.width as u64)
    }

    /// The row just below its bottom cells (saturated: past every maze).
    pub(crate) const fn bottom(&self) -> u64 {
        self.y.saturating_add(self.height as u64)
    }
}

/// The most cells a side of a chunk may have, 2^15: a chunk is a grid, of at most
/// [`MAX_CELLS`](super::MAX_CELLS) cells.
pub const MAX_CHUNK: u32 = 1 << 15;

/// A giant maze's size in cells and, for a chunked maze, the side of its chunks: checked by
/// [`Giant::new`], read through its methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Giant {
    pub(crate) width: u64,
    pub(crate) height: u64,
    pub(crate) chunk: Option<u32>,
}

/// Where a window lies in its giant maze, and the passages that leave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The maze it was cut from.
    pub giant: Giant,
    /// Where it lies in it.
    pub window: Window,
    /// The passages through the window's frame, each a cell of the window and the side it
    /// opens, in the reading order of their tiles.
    pub exits: Vec<(Pos, Dir)>,
}

impl Giant {
    /// A maze of `width x height` cells, in chunks of `chunk x chunk` cells if given. Refuses
    /// a side of 0 or over [`MAX_SIDE`] cells, and chunks of 0 or more than [`MAX_CHUNK`]
    /// cells a side.
    pub fn new(width: u64, height: u64, chunk: Option<u32>) -> Result<Self> {
        for side in [width, height] {
            if side == 0 || side > MAX_SIDE {
                return Err(MazeError::GiantSide {
                    cells: side,
                    limit: MAX_SIDE,
                });
            }
        }
        if let Some(side) = chunk
            && !(1..=MAX_CHUNK).contains(&side)
        {
            return Err(MazeError::ChunkSide {
                side,
                limit: MAX_CHUNK,
            });
        }
        Ok(Self {
            width,
            height,
            chunk,
        })
    }

    /// Width in cells.
    pub const fn width(&self) -> u64 {
        self.width
    }

    /// Height in cells.
    pub const fn height(&self) -> u64 {
        self.height
    }

    /// The side of its chunks in cells, or `None` for a maze whose generator cuts windows
    /// itself (Binary Tree).
    pub const fn chunk_side(&self) -> Option<u32> {
        self.chunk
    }

    /// The number of chunks across and down, for a chunked maze.
    pub fn chunks(&self) -> Option<(u64, u64)> {
        let side = u64::from(self.chunk?);
        Some((self.width.div_ceil(side), self.height.div_ceil(side)))
    }
}

impl Cut {
    /// Whether the window is the whole maze (a chunked maze made whole): it has every figure
    /// a maze has, and may be braided or opened.
    pub fn is_whole(&self) -> bool {
        self.window.x == 0
            && self.window.y == 0
            && u64::from(self.window.width) == self.giant.width
            && u64::from(self.window.height) == self.giant.height
    }

    /// The cut of a window read back, its `exits` checked: each must lead from a cell of the
    /// window's edge out through its frame, not through the whole maze's outer wall, and each
    /// once. They are kept in the reading order of their tiles. A refused exit is returned with
    /// what is wrong with it.
    pub(crate) fn read(
        giant: Giant,
        window: Window,
        mut exits: Vec<(Pos, Dir)>,
    ) -> std::result::Result<Self, ((Pos, Dir), &'static str)> {
        for &(cell, dir) in &exits {
            let within = cell.is_within(window.width, window.height);
            let on_edge = within
                && match dir {
                    Dir::North => cell.y == 0,
                    Dir::East => cell.x + 1 == window.width,
                    Dir::South => cell.y + 1 == window.height,
                    Dir::West => cell.x == 0,
                };
            if !on_edge {
                return Err(((cell, dir), "does not lead out of the window"));
            }
            let outer = match dir {
                Dir::North => window.y == 0,
                Dir::East => window.right() == giant.width,
                Dir::South => window.bottom() == giant.height,
                Dir::West => window.x == 0,
            };
            if outer {
                return Err(((cell, dir), "leads through the whole maze's outer wall"));
            }
        }
        exits.sort_unstable_by_key(|&(cell, dir)| {
            let (x, y) = passage_tile(cell, dir);
            (y, x)
        });
        if let Some(pair) = exits.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err((pair[0], "is listed twice"));
        }
        Ok(Self {
            giant,
            window,
            exits,
        })
    }
}
