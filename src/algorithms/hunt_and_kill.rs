//! Hunt-and-kill: random walks, each started next to the carved part by a scan for a new cell.

use super::{Algorithm, GraphAlgorithm, NoOptions, carve_side, cells};
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Grid, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::shapes::{EventOf, Topology, filled};

/// The hunt-and-kill algorithm.
///
/// 1. Start a walk at the top-left cell.
/// 2. Kill: walk to a uniformly chosen unvisited neighbour, carving the wall between, until the
///    walk reaches a cell with no unvisited neighbour.
/// 3. Hunt: scan the cells in index order (row-major on the rectangle) for the first unvisited
///    one with a visited neighbour; if there is none, stop.
/// 4. Carve a passage from it to a uniformly chosen visited neighbour, and walk again from it
///    (step 2).
///
/// On the rectangle every cell before the first unvisited one is visited, so that cell always
/// has a visited neighbour (west, or north at the start of a row): the scan never needs to look
/// further, and it resumes where the previous one stopped. Hunting therefore costs O(cells) in all, not a
/// scan from the top per hunt. Memory: one byte per cell besides the grid.
///
/// Random draws: one [`RandomBits::below`] over the candidate neighbours (taken in
/// [`Dir::ALL`](crate::grid::Dir::ALL) order) per step of a walk and per hunted cell; none when
/// there is a single candidate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HuntAndKill;

impl Algorithm for HuntAndKill {
    const NAME: &'static str = "hunt-and-kill";
    const CARVES_SHAPES: bool = true;

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        self.scratch(cells(width, height), 0)
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        self.carve_on(grid, rng, observer)
    }

    fn run_on_shape(&self, shape: &mut crate::shapes::Shape, rng: &mut MazeRng) -> Result<()> {
        shape.carve_with(self, rng)
    }
}

impl GraphAlgorithm for HuntAndKill {
    fn scratch(&self, slots: u64, _walls: u64) -> u64 {
        bytes_for::<u8>(slots)
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let mut visited = filled(topology, topology.slots(), 0u8)?;
        // The holes of a mask count as visited: the hunt skips them.
        if topology.cell_count() < topology.slots() {
            for (i, v) in visited.iter_mut().enumerate() {
                *v = u8::from(!topology.is_cell(i));
            }
        }
        let mut bits = RandomBits::new(rng);
        // 1.
        let mut walk = topology.cursor(topology.first_cell());
        // Every cell before this index is visited.
        let mut hunted = 0;
        loop {
            // 2.
            visited[T::index(&walk)] = 1;
            observer.observe(Event::Enter {
                cell: topology.cell(&walk),
            });
            while let Some(side) = topology.random_neighbour(&walk, &mut bits, |j| visited[j] == 0)
            {
                carve_side(topology, &walk, side, observer);
                observer.observe(Event::Leave {
                    cell: topology.cell(&walk),
                });
                topology.step(&mut walk, side);
                visited[T::index(&walk)] = 1;
                observer.observe(Event::Enter {
                    cell: topology.cell(&walk),
                });
            }
            observer.observe(Event::Leave {
                cell: topology.cell(&walk),
            });
            // 3.
            let Some(offset) = visited[hunted..].iter().position(|&v| v == 0) else {
                return Ok(());
            };
            hunted += offset;
            // 4.
            let mut cell = hunted;
            let side = loop {
                walk = topology.cursor(cell);
                if let Some(side) = topology.random_neighbour(&walk, &mut bits, |j| visited[j] != 0)
                {
                    break side;
                }
                // Only off the rectangle may an unvisited cell have no visited neighbour.
                cell += 1 + visited[cell + 1..]
                    .iter()
                    .position(|&v| v == 0)
                    .expect("a connected shape has an unvisited cell next to a visited one");
            };
            carve_side(topology, &walk, side, observer);
        }
    }
}
