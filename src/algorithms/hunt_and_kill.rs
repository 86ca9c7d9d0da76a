//! Hunt-and-kill: random walks, each started next to the carved part by a scan for a new cell.

use super::{Algorithm, GraphAlgorithm, NoOptions, carve_side, carves_every_shape};
use crate::events::{Event, Observer};
use crate::grid::{Result, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::topology::{EventOf, Topology, filled};

/// The hunt-and-kill algorithm.
///
/// 1. Start a walk at the first cell (the top-left one on the rectangle).
/// 2. Kill: walk to a uniformly chosen unvisited neighbour, carving the wall between, until the
///    walk reaches a cell with no unvisited neighbour.
/// 3. Hunt: if every cell is visited, stop; else scan the cells in index order (row-major on
///    the rectangle) for an unvisited one with a visited neighbour, from where the last hunt
///    found its cell on, then from the first unvisited cell.
/// 4. Carve a passage from it to a uniformly chosen visited neighbour, and walk again from it
///    (step 2).
///
/// On the rectangle every cell before the first unvisited one is visited, so that cell always
/// has a visited neighbour (west, or north at the start of a row), and the last hunt's cell is
/// behind it: each scan takes one look, and hunting costs O(cells) in all. On a mask the first
/// unvisited cell may have no visited neighbour yet; picking up where the last hunt found its
/// cell keeps such a stretch from being scanned at every hunt. Memory: one byte per cell
/// besides the grid.
///
/// Random draws: one [`RandomBits::below`] over the candidate neighbours (taken in
/// [`Dir::ALL`](crate::grid::Dir::ALL) order) per step of a walk and per hunted cell; none when
/// there is a single candidate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HuntAndKill;

impl Algorithm for HuntAndKill {
    const NAME: &'static str = "hunt-and-kill";
    carves_every_shape!();

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
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
        // Where the last hunt found its cell: the next one looks on from there first.
        let mut resume = 0;
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
            let (cell, side) = hunt(topology, &mut bits, &visited, hunted, resume)
                .expect("a connected shape has an unvisited cell next to a visited one");
            resume = cell;
            walk = topology.cursor(cell);
            carve_side(topology, &walk, side, observer);
        }
    }
}

/// The first unvisited cell with a visited neighbour, looking from `resume` on, then from
/// `hunted` (the first unvisited cell) up to `resume`, and a random side to a visited
/// neighbour. On the rectangle `hunted` is the cell and `resume` is behind it, so the search
/// takes one look; on a mask, picking up at `resume` keeps a hole-ridden stretch from being
/// scanned again at every hunt.
fn hunt<T: Topology>(
    topology: &T,
    bits: &mut RandomBits<'_, MazeRng>,
    visited: &[u8],
    hunted: usize,
    resume: usize,
) -> Option<(usize, usize)> {
    let from = resume.max(hunted);
    let order = (from..visited.len()).chain(hunted..from);
    for cell in order.filter(|&cell| visited[cell] == 0) {
        let cursor = topology.cursor(cell);
        if let Some(side) = topology.random_neighbour(&cursor, bits, |j| visited[j] != 0) {
            return Some((cell, side));
        }
    }
    None
}
