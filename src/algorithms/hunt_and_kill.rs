//! Hunt-and-kill: random walks, each started next to the carved part by a scan for a new cell.

use super::Generator;
use crate::error::Result;
use crate::grid::{Cursor, Grid, Pos, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};

/// The hunt-and-kill algorithm.
///
/// Kill: from the top-left cell, walk to a uniformly chosen unvisited neighbour, carving the
/// wall between, until the walk reaches a cell with no unvisited neighbour. Hunt: scan the cells
/// in row-major order for the first unvisited one, carve a passage from it to a uniformly chosen
/// visited neighbour, and walk again from there. Stop when the scan finds no unvisited cell.
///
/// Every cell before the first unvisited one is visited, so that cell always has a visited
/// neighbour (west, or north at the start of a row): the scan never needs to look further, and
/// it resumes where the previous one stopped. Hunting therefore costs O(cells) in all, not a
/// scan from the top per hunt. Memory: one byte per cell besides the grid.
///
/// Random draws: one [`RandomBits::below`] over the candidate neighbours (taken in
/// [`Dir::ALL`](crate::grid::Dir::ALL) order) per step of a walk and per hunted cell; none when
/// there is a single candidate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HuntAndKill;

impl Generator for HuntAndKill {
    fn name(&self) -> &'static str {
        "hunt-and-kill"
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let mut visited = zeroed_bytes(w, h, grid.cell_count())?;
        let mut bits = RandomBits::new(rng);
        let mut cursor = Cursor::new(grid, Pos::new(0, 0));
        // Every cell before this index is visited.
        let mut hunted = 0;
        loop {
            visited[cursor.i] = 1;
            while let Some(dir) = cursor.random_neighbour(&mut bits, |j| visited[j] == 0) {
                grid.carve_at(cursor.i, dir);
                cursor.step(dir);
                visited[cursor.i] = 1;
            }
            let Some(offset) = visited[hunted..].iter().position(|&v| v == 0) else {
                return Ok(());
            };
            hunted += offset;
            let pos = Pos::new((hunted % w as usize) as u32, (hunted / w as usize) as u32);
            cursor = Cursor::new(grid, pos);
            let dir = cursor
                .random_neighbour(&mut bits, |j| visited[j] != 0)
                .expect("the first unvisited cell has a visited neighbour west or north");
            grid.carve_at(cursor.i, dir);
        }
    }
}
