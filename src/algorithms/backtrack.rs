//! Recursive backtracker: a randomized depth-first search, without recursion.

use super::Generator;
use crate::error::Result;
use crate::grid::{Cursor, Dir, Grid, Pos, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};

/// The recursive-backtracker (randomized depth-first search) algorithm.
///
/// Starts at `start`, moves to a uniformly chosen unvisited neighbour carving the wall between,
/// goes back when stuck, and finishes when every cell is visited. The path back is not a stack
/// but one byte per cell naming the direction to the cell it was entered from, so memory stays
/// at two bytes per cell (grid included) and any size works with the default stack.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Backtrack {
    /// The cell the search starts from (the top-left cell by default).
    pub start: Pos,
}

/// Scratch state of a cell: not visited yet.
const UNVISITED: u8 = 0;
/// Scratch state of the start cell: visited, nowhere to go back to.
const ROOT: u8 = 5;

impl Generator for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn params(&self) -> serde_json::Value {
        serde_json::json!({ "start": self.start })
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        let start = grid.require(self.start)?;
        let (w, h) = (grid.width(), grid.height());
        // 0 = unvisited, 1..=4 = visited and entered from Dir::ALL[state - 1], ROOT = start.
        let mut state = zeroed_bytes(w, h, grid.cell_count())?;
        let mut bits = RandomBits::new(rng);
        let mut cursor = Cursor::new(grid, start);
        state[cursor.i] = ROOT;
        loop {
            if let Some(dir) = cursor.random_neighbour(&mut bits, |j| state[j] == UNVISITED) {
                grid.carve_at(cursor.i, dir);
                cursor.step(dir);
                state[cursor.i] = 1 + dir_index(dir.opposite());
            } else {
                match state[cursor.i] {
                    ROOT => return Ok(()),
                    back => cursor.step(Dir::ALL[usize::from(back - 1)]),
                }
            }
        }
    }
}

const fn dir_index(dir: Dir) -> u8 {
    match dir {
        Dir::North => 0,
        Dir::East => 1,
        Dir::South => 2,
        Dir::West => 3,
    }
}
