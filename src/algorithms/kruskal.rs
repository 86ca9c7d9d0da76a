//! Randomized Kruskal: walls in random order, each removed when it separates two regions.

use super::union_find::UnionFind;
use super::{Algorithm, NoOptions, carve, cells, wall};
use crate::error::Result;
use crate::events::Observer;
use crate::grid::{Dir, Grid, bytes_for, empty_vec};
use crate::rng::MazeRng;
use rand::seq::SliceRandom;

/// The randomized Kruskal algorithm.
///
/// 1. Make every cell a region of its own.
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

    type Params = NoOptions;

    fn params(&self) -> NoOptions {
        NoOptions {}
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        let walls = bytes_for::<u32>(wall::count(width, height));
        walls.saturating_add(UnionFind::bytes(cells(width, height)))
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let mut walls: Vec<u32> = empty_vec(w, h, wall::count(w, h) as usize)?;
        // 1.
        let mut regions = UnionFind::new(w, h, grid.cell_count())?;
        let mut regions_left = grid.cell_count();
        // 2.
        for y in 0..h {
            let row = (y * w) as usize;
            for x in 0..w {
                let i = row + x as usize;
                if x + 1 < w {
                    walls.push(wall::id(i, Dir::East, w));
                }
                if y + 1 < h {
                    walls.push(wall::id(i, Dir::South, w));
                }
            }
        }
        walls.shuffle(rng);
        for wall in walls {
            // 4.
            if regions_left == 1 {
                break;
            }
            // 3.
            let (i, dir, j) = wall::sides(wall, w);
            if regions.union(i as u32, j as u32) {
                carve(grid, i, dir, observer);
                regions_left -= 1;
            }
        }
        Ok(())
    }
}
