//! Binary Tree: every cell opens east or south with probability 1/2.

use super::Generator;
use crate::error::Result;
use crate::grid::{Dir, Grid};
use crate::rng::{MazeRng, RandomBits};

/// The Binary Tree algorithm.
///
/// Every cell carves east or south with probability 1/2; cells in the bottom row always carve
/// east, cells in the right column always carve south, and the bottom-right cell carves nothing.
/// The bottom row and the right column are therefore one open corridor each, and every cell has
/// exactly one passage towards the bottom-right corner, which makes the maze perfect.
///
/// Random bits are drawn one per cell that has a choice, in row-major order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BinaryTree;

impl Generator for BinaryTree {
    fn name(&self) -> &'static str {
        "binary-tree"
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let mut bits = RandomBits::new(rng);
        for y in 0..h - 1 {
            let row = y * w;
            for i in row..row + w - 1 {
                let dir = if bits.bit() { Dir::East } else { Dir::South };
                grid.carve_at(i, dir);
            }
            grid.carve_at(row + w - 1, Dir::South);
        }
        let last_row = (h - 1) * w;
        for i in last_row..last_row + w - 1 {
            grid.carve_at(i, Dir::East);
        }
        Ok(())
    }
}
