//! Hunt-and-kill: random walks, each started next to the carved part by a scan for a new cell.

use super::{Algorithm, NoOptions, carve, cells};
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Cursor, Grid, bytes_for, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};

/// The hunt-and-kill algorithm.
///
/// 1. Start a walk at the top-left cell.
/// 2. Kill: walk to a uniformly chosen unvisited neighbour, carving the wall between, until the
///    walk reaches a cell with no unvisited neighbour.
/// 3. Hunt: scan the cells in row-major order for the first unvisited one; if there is none,
///    stop.
/// 4. Carve a passage from it to a uniformly chosen visited neighbour, and walk again from it
///    (step 2).
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

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        bytes_for::<u8>(cells(width, height))
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let mut visited = zeroed_bytes(grid.width(), grid.height(), grid.cell_count())?;
        let mut bits = RandomBits::new(rng);
        // 1.
        let mut walk = Cursor::at(grid, 0);
        // Every cell before this index is visited.
        let mut hunted = 0;
        loop {
            // 2.
            visited[walk.i] = 1;
            observer.observe(Event::Enter { cell: walk.pos() });
            while let Some(dir) = walk.random_neighbour(&mut bits, |j| visited[j] == 0) {
                carve(grid, walk.i, dir, observer);
                observer.observe(Event::Leave { cell: walk.pos() });
                walk.step(dir);
                visited[walk.i] = 1;
                observer.observe(Event::Enter { cell: walk.pos() });
            }
            observer.observe(Event::Leave { cell: walk.pos() });
            // 3.
            let Some(offset) = visited[hunted..].iter().position(|&v| v == 0) else {
                return Ok(());
            };
            hunted += offset;
            // 4.
            walk = Cursor::at(grid, hunted);
            let dir = walk
                .random_neighbour(&mut bits, |j| visited[j] != 0)
                .expect("the first unvisited cell has a visited neighbour west or north");
            carve(grid, walk.i, dir, observer);
        }
    }
}
