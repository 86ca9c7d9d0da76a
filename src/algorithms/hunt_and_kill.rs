//! Hunt-and-kill: random walks, each started next to the carved part by a scan for a new cell.

use super::Algorithm;
use crate::error::Result;
use crate::events::{Event, Observer};
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

impl Algorithm for HuntAndKill {
    const NAME: &'static str = "hunt-and-kill";

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let mut visited = zeroed_bytes(w, h, grid.cell_count())?;
        let mut bits = RandomBits::new(rng);
        let mut cursor = Cursor::new(grid, Pos::new(0, 0));
        // Every cell before this index is visited.
        let mut hunted = 0;
        loop {
            visited[cursor.i] = 1;
            observer.observe(Event::Enter { cell: cursor.pos() });
            while let Some(dir) = cursor.random_neighbour(&mut bits, |j| visited[j] == 0) {
                grid.carve_at(cursor.i, dir);
                observer.observe(Event::Carve {
                    cell: cursor.pos(),
                    dir,
                });
                observer.observe(Event::Leave { cell: cursor.pos() });
                cursor.step(dir);
                visited[cursor.i] = 1;
                observer.observe(Event::Enter { cell: cursor.pos() });
            }
            observer.observe(Event::Leave { cell: cursor.pos() });
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
            observer.observe(Event::Carve {
                cell: cursor.pos(),
                dir,
            });
        }
    }
}
