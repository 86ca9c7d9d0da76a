//! Binary Tree: every cell opens towards one of two sides, chosen by a fair coin.

use super::{Algorithm, carve};
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid};
use crate::rng::{MazeRng, RandomBits};
use serde::{Serialize, Serializer};

/// The Binary Tree algorithm.
///
/// Every cell opens one passage, towards one of the two sides its [`Bias`] names (east or south
/// by default):
///
/// 1. Go through the rows from the top, and through each row from left to right, but for the
///    cell at the row's horizontal end (the right end by default), which comes last (step 4).
/// 2. In the row along the vertical side (the bottom row by default), every cell opens across,
///    towards the horizontal side: it has no neighbour down.
/// 3. In every other row, each cell flips a fair coin: heads (1) opens across, tails opens
///    down, towards the vertical side.
/// 4. Last in each row comes the cell at its horizontal end, which has no neighbour across: it
///    opens down, except in the row of step 2, where it is the corner and opens nothing.
///
/// Every cell but the corner has exactly one passage leading towards the corner, which makes
/// the maze perfect; the row and the column along the two sides become open corridors.
///
/// Random bits are drawn one per coin of step 3, in that order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct BinaryTree {
    /// The corner the maze leans towards.
    pub bias: Bias,
}

/// The corner a [`BinaryTree`] maze leans towards: cells open towards its two sides.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Bias {
    /// Cells open north or west; the top row and left column are open corridors.
    NorthWest,
    /// Cells open north or east; the top row and right column are open corridors.
    NorthEast,
    /// Cells open south or west; the bottom row and left column are open corridors.
    SouthWest,
    /// Cells open south or east; the bottom row and right column are open corridors.
    #[default]
    SouthEast,
}

impl Bias {
    /// All four biases.
    pub const ALL: [Bias; 4] = [
        Bias::NorthWest,
        Bias::NorthEast,
        Bias::SouthWest,
        Bias::SouthEast,
    ];

    /// The name as the CLI and JSON spell it (`"north-west"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Bias::NorthWest => "north-west",
            Bias::NorthEast => "north-east",
            Bias::SouthWest => "south-west",
            Bias::SouthEast => "south-east",
        }
    }

    /// The horizontal side cells open towards: east or west.
    pub const fn horizontal(self) -> Dir {
        match self {
            Bias::NorthWest | Bias::SouthWest => Dir::West,
            Bias::NorthEast | Bias::SouthEast => Dir::East,
        }
    }

    /// The vertical side cells open towards: north or south.
    pub const fn vertical(self) -> Dir {
        match self {
            Bias::NorthWest | Bias::NorthEast => Dir::North,
            Bias::SouthWest | Bias::SouthEast => Dir::South,
        }
    }
}

impl Serialize for Bias {
    /// As [`Bias::name`] spells it.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl Algorithm for BinaryTree {
    const NAME: &'static str = "binary-tree";

    type Params = Self;

    fn params(&self) -> Self {
        *self
    }

    fn scratch_bytes(&self, _: u32, _: u32) -> u64 {
        0
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let (across, down) = (self.bias.horizontal(), self.bias.vertical());
        let edge_row = if down == Dir::North { 0 } else { h - 1 };
        let mut bits = RandomBits::new(rng);
        // 1. Row by row; the cell at the row's `across` end is taken last.
        for y in 0..h {
            let row = y * w;
            let (end, others) = if across == Dir::East {
                (row + w - 1, row..row + w - 1)
            } else {
                (row, row + 1..row + w)
            };
            if y == edge_row {
                // 2.
                for i in others {
                    visit(grid, i, Some(across), observer);
                }
                // 4. The corner.
                visit(grid, end, None, observer);
            } else {
                // 3.
                for i in others {
                    let dir = if bits.bit() { across } else { down };
                    visit(grid, i, Some(dir), observer);
                }
                // 4.
                visit(grid, end, Some(down), observer);
            }
        }
        Ok(())
    }
}

/// Visits the cell at index `i`: opens its passage towards `dir`, if any.
fn visit<O: Observer + ?Sized>(grid: &mut Grid, i: usize, dir: Option<Dir>, observer: &mut O) {
    let cell = grid.pos(i);
    observer.observe(Event::Enter { cell });
    if let Some(dir) = dir {
        carve(grid, i, dir, observer);
    }
    observer.observe(Event::Leave { cell });
}
