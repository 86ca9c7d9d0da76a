//! Binary Tree: every cell opens towards one of two sides, chosen by a fair coin.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid};
use crate::rng::{MazeRng, RandomBits};

/// The Binary Tree algorithm.
///
/// Every cell opens one passage, with probability 1/2 each, towards one of the two sides its
/// [`Bias`] names (east or south by default). Cells on the edge the bias leans towards have only
/// one of the two sides to open, so that row and that column each become one open corridor, and
/// the corner cell between them opens nothing. Every cell but the corner has exactly one passage
/// leading towards the corner, which makes the maze perfect.
///
/// Random bits are drawn one per cell that has a choice, in row-major order (top row first,
/// left to right); a 1 opens the horizontal side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
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

impl Algorithm for BinaryTree {
    const NAME: &'static str = "binary-tree";

    fn params(&self) -> serde_json::Value {
        serde_json::json!({ "bias": self.bias.name() })
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let (across, down) = (self.bias.horizontal(), self.bias.vertical());
        // The row whose cells cannot open `down`: they all open `across`.
        let edge_row = if down == Dir::North { 0 } else { h - 1 };
        let mut bits = RandomBits::new(rng);
        let mut open = |grid: &mut Grid, i: usize, dir: Option<Dir>| {
            let cell = grid.pos(i);
            observer.observe(Event::Enter { cell });
            if let Some(dir) = dir {
                grid.carve_at(i, dir);
                observer.observe(Event::Carve { cell, dir });
            }
            observer.observe(Event::Leave { cell });
        };
        for y in 0..h {
            let row = y * w;
            // The cell at the `across` end of the row cannot open `across`; the others choose.
            let (edge_cell, choosers) = if across == Dir::East {
                (row + w - 1, row..row + w - 1)
            } else {
                (row, row + 1..row + w)
            };
            if y == edge_row {
                for i in choosers {
                    open(grid, i, Some(across));
                }
                // The corner between the two open edges opens nothing.
                open(grid, edge_cell, None);
            } else {
                for i in choosers {
                    open(grid, i, Some(if bits.bit() { across } else { down }));
                }
                open(grid, edge_cell, Some(down));
            }
        }
        Ok(())
    }
}
