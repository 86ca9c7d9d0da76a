//! Randomized Kruskal: walls in random order, each removed when it separates two regions.

use super::union_find::UnionFind;
use super::{Algorithm, wall};
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid, empty_vec};
use crate::rng::MazeRng;
use rand::seq::SliceRandom;

/// The randomized Kruskal algorithm.
///
/// Every cell starts as its own region. The inner walls are shuffled once, then taken in that
/// order: a wall between two different regions is removed and the regions merge; a wall inside
/// one region stays (removing it would close a loop). Regions are disjoint sets with path
/// halving and union by size, so the whole run is near-linear in the number of cells.
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

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let cells = grid.cell_count();
        let mut walls: Vec<u32> = empty_vec(w, h, 2 * cells)?;
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
        let mut regions = UnionFind::new(w, h, cells)?;
        let mut merges_left = cells - 1;
        for wall in walls {
            if merges_left == 0 {
                break;
            }
            let (i, dir, j) = wall::sides(wall, w);
            if regions.union(i as u32, j as u32) {
                grid.carve_at(i, dir);
                observer.observe(Event::Carve {
                    cell: grid.pos(i),
                    dir,
                });
                merges_left -= 1;
            }
        }
        Ok(())
    }
}
