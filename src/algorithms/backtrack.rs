//! Recursive backtracker: a randomized depth-first search, without recursion.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
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

impl Algorithm for Backtrack {
    const NAME: &'static str = "backtrack";

    fn params(&self) -> serde_json::Value {
        serde_json::json!({ "start": self.start })
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let start = grid.require(self.start)?;
        let (w, h) = (grid.width(), grid.height());
        // 0 = unvisited, 1..=4 = visited and entered from Dir::ALL[state - 1], ROOT = start.
        let mut state = zeroed_bytes(w, h, grid.cell_count())?;
        let mut bits = RandomBits::new(rng);
        let mut cursor = Cursor::new(grid, start);
        state[cursor.i] = ROOT;
        observer.observe(Event::Enter { cell: start });
        loop {
            if let Some(dir) = cursor.random_neighbour(&mut bits, |j| state[j] == UNVISITED) {
                grid.carve_at(cursor.i, dir);
                observer.observe(Event::Carve {
                    cell: cursor.pos(),
                    dir,
                });
                cursor.step(dir);
                state[cursor.i] = 1 + dir_index(dir.opposite());
                observer.observe(Event::Enter { cell: cursor.pos() });
            } else {
                observer.observe(Event::Leave { cell: cursor.pos() });
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
