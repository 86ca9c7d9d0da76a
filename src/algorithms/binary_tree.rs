//! Binary Tree: every cell opens east or south with probability 1/2.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
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

impl Algorithm for BinaryTree {
    const NAME: &'static str = "binary-tree";

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let mut bits = RandomBits::new(rng);
        let mut carve = |grid: &mut Grid, i: usize, dir: Option<Dir>| {
            let cell = grid.pos(i);
            observer.observe(Event::Enter { cell });
            if let Some(dir) = dir {
                grid.carve_at(i, dir);
                observer.observe(Event::Carve { cell, dir });
            }
            observer.observe(Event::Leave { cell });
        };
        for y in 0..h - 1 {
            let row = y * w;
            for i in row..row + w - 1 {
                let dir = if bits.bit() { Dir::East } else { Dir::South };
                carve(grid, i, Some(dir));
            }
            carve(grid, row + w - 1, Some(Dir::South));
        }
        let last_row = (h - 1) * w;
        for i in last_row..last_row + w - 1 {
            carve(grid, i, Some(Dir::East));
        }
        carve(grid, last_row + w - 1, None);
        Ok(())
    }
}
