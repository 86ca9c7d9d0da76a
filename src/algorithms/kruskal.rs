//! Randomized Kruskal: walls in random order, each removed when it separates two regions.

use super::{Algorithm, GraphAlgorithm, NoOptions, carve_side, carves_every_shape};
use crate::events::Observer;
use crate::grid::{Result, UnionFind, bytes_for};
use crate::rng::{MazeRng, RandomBits, shuffle};
use crate::topology::{EventOf, Topology, reserved};

/// The randomized Kruskal algorithm.
///
/// 1. Make every cell a region of its own. On a weave, first lay crossings as Mazes for
///    Programmers does (ch. 9): take the cells in random order, each with a random way for
///    the passage over it; where the cell and the four around it lie in five regions, open
///    the passage over it and the one under it, merging the regions they join.
/// 2. List the inner walls and shuffle the list.
/// 3. Take the walls in that order: a wall between two different regions is removed and the
///    regions merge; a wall inside one region stays (removing it would close a loop).
/// 4. Stop once one region is left.
///
/// Regions are disjoint sets with path halving and union by size, so the whole run is
/// near-linear in the number of cells.
///
/// The maze is the minimum spanning tree for independent random wall weights: passages appear
/// all over the grid at once, giving many short dead ends and no long corridors.
///
/// Memory: a 4-byte id per wall and four bytes per cell for the regions. Draws one shuffle of
/// the wall list. Reports each removed wall (a carve) and nothing else: it has no path or
/// frontier.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kruskal;

impl Algorithm for Kruskal {
    const NAME: &'static str = "kruskal";
    carves_every_shape!();

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }
}

impl GraphAlgorithm for Kruskal {
    fn scratch(&self, slots: u64, walls: u64) -> u64 {
        bytes_for::<u32>(walls).saturating_add(UnionFind::bytes(slots))
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let mut walls: Vec<u32> = reserved(topology, topology.wall_count() as usize)?;
        // 1.
        let mut regions = UnionFind::new(topology.extent(), topology.slots())?;
        let mut regions_left = topology.cell_count();
        if T::WEAVES {
            regions_left -= lay_crossings(topology, rng, &mut regions, observer)?;
        }
        // 2.
        topology.walls(|wall| walls.push(wall));
        shuffle(rng, &mut walls);
        for wall in walls {
            // 4.
            if regions_left == 1 {
                break;
            }
            // 3.
            let (i, side, j) = topology.wall(wall);
            if regions.union(i as u32, j as u32) {
                carve_side(topology, &topology.cursor(i), side, observer);
                regions_left -= 1;
            }
        }
        Ok(())
    }
}

/// Lays the crossings of a weave before Kruskal's walls (step 1), returning how many regions
/// they merged.
fn lay_crossings<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &mut T,
    rng: &mut MazeRng,
    regions: &mut UnionFind,
    observer: &mut O,
) -> Result<usize> {
    let mut cells: Vec<u32> = reserved(topology, topology.cell_count())?;
    cells.extend((0..topology.slots() as u32).filter(|&i| topology.is_cell(i as usize)));
    shuffle(rng, &mut cells);
    let mut bits = RandomBits::new(rng);
    let mut merged = 0;
    for cell in cells {
        let Some(passages) = topology.crossing(cell as usize, bits.bit()) else {
            continue;
        };
        let ends = passages.map(|(i, side)| {
            let j = topology.link(&topology.cursor(i), side);
            (i, j.expect("a crossing joins cells"))
        });
        // The cell over, the two beside it over, the two joined under: five regions.
        let cells = [ends[0].0, ends[0].1, ends[1].1, ends[2].0, ends[2].1];
        let mut roots = cells.map(|i| regions.find(i as u32));
        roots.sort_unstable();
        if roots.windows(2).any(|pair| pair[0] == pair[1]) {
            continue;
        }
        // Over first: the passage under opens only below a corridor.
        for ((i, side), (_, j)) in passages.into_iter().zip(ends) {
            regions.union(i as u32, j as u32);
            carve_side(topology, &topology.cursor(i), side, observer);
            merged += 1;
        }
    }
    Ok(merged)
}
