//! Prim's algorithm: one tree grown from a random cell, in its true and simplified forms.

use super::{Algorithm, random_cell, wall};
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Cursor, Dir, Grid, Pos, empty_vec, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};
use std::collections::BinaryHeap;

/// Prim's algorithm, true (random wall weights) or simplified (random frontier cells).
///
/// Both grow one tree from a random cell.
///
/// True Prim gives every wall an independent random weight and always removes the lightest wall
/// between the tree and a cell outside it (a binary heap of the walls around the tree). The
/// result is the minimum spanning tree for random wall weights, which is also what randomized
/// Kruskal builds: the two have the same distribution of mazes, grown differently.
///
/// Simplified Prim (`simplified: true`) keeps the frontier, the cells next to the tree, and joins
/// a uniformly random frontier cell to a uniformly random tree neighbour. It favours cells with
/// many tree neighbours and makes more, shorter dead ends than true Prim and a maze that
/// radiates from its first cell.
///
/// Draws the first cell, then (through [`RandomBits`]) per wall pushed a 32-bit weight (true), or
/// per cell a frontier index and a neighbour index (simplified). Reports cells entering the
/// frontier, and each cell leaving it through the carve that joins it to the tree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prim {
    /// Pick random frontier cells instead of the lightest wall.
    pub simplified: bool,
}

impl Algorithm for Prim {
    const NAME: &'static str = "prim";

    fn params(&self) -> serde_json::Value {
        serde_json::json!({ "simplified": self.simplified })
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        if self.simplified {
            simplified(grid, rng, observer)
        } else {
            true_prim(grid, rng, observer)
        }
    }
}

/// Scratch state of a cell not yet reached.
const OUTSIDE: u8 = 0;
/// Scratch state of a cell next to the tree (simplified Prim).
const FRONTIER: u8 = 1;
/// Scratch state of a cell in the tree.
const IN_TREE: u8 = 2;

/// The cells of the growing tree and of its frontier, and the observer told about them.
struct Tree<'a, O: ?Sized> {
    state: Vec<u8>,
    observer: &'a mut O,
}

impl<O: Observer + ?Sized> Tree<'_, O> {
    /// Adds `cell` to the tree, puts its neighbours outside the tree on the frontier, and calls
    /// `border` with the direction and index of each of them and whether it just joined the
    /// frontier.
    fn join(&mut self, grid: &Grid, cell: Pos, mut border: impl FnMut(Dir, usize, bool)) {
        let cursor = Cursor::new(grid, cell);
        self.state[cursor.i] = IN_TREE;
        self.observer.observe(Event::Leave { cell });
        for dir in Dir::ALL {
            if let Some(j) = cursor.neighbour(dir)
                && self.state[j] != IN_TREE
            {
                let new = self.state[j] == OUTSIDE;
                if new {
                    self.state[j] = FRONTIER;
                    self.observer.observe(Event::Enter { cell: grid.pos(j) });
                }
                border(dir, j, new);
            }
        }
    }

    /// Carves from `cell` towards `dir`.
    fn carve(&mut self, grid: &mut Grid, cell: Pos, dir: Dir) {
        grid.carve_at(grid.index(cell), dir);
        self.observer.observe(Event::Carve { cell, dir });
    }
}

/// The tree of a `grid`, grown from a random first cell.
fn plant<'a, O: Observer + ?Sized>(
    grid: &Grid,
    rng: &mut MazeRng,
    observer: &'a mut O,
) -> Result<(Tree<'a, O>, Pos)> {
    let state = zeroed_bytes(grid.width(), grid.height(), grid.cell_count())?;
    let first = random_cell(grid, rng);
    observer.observe(Event::Enter { cell: first });
    Ok((Tree { state, observer }, first))
}

/// True Prim: the heap holds walls keyed by `weight << 32 | wall id` (see [`wall::id`]); the
/// heaviest key comes out first, which for independent uniform weights is as good as the
/// lightest. Every wall is pushed at most once, from the tree towards a cell outside it, so the
/// heap's room for all walls is reserved up front.
fn true_prim<O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<()> {
    let w = grid.width();
    let mut walls = BinaryHeap::from(empty_vec::<u64>(w, grid.height(), 2 * grid.cell_count())?);
    let (mut tree, mut cell) = plant(grid, rng, observer)?;
    let mut bits = RandomBits::new(rng);
    for _ in 1..grid.cell_count() {
        tree.join(grid, cell, |dir, _, _| {
            let weight = u64::from(bits.bits(32));
            walls.push(weight << 32 | u64::from(wall::id(grid.index(cell), dir, w)));
        });
        cell = loop {
            let key = walls.pop().expect("a tree short of the grid has walls");
            let (i, dir, j) = wall::sides(key as u32, w);
            let new = match (tree.state[i], tree.state[j]) {
                (IN_TREE, IN_TREE) => continue,
                (IN_TREE, _) => j,
                _ => i,
            };
            tree.carve(grid, grid.pos(i), dir);
            break grid.pos(new);
        };
    }
    tree.join(grid, cell, |_, _, _| {});
    Ok(())
}

/// Simplified Prim: a random frontier cell joins the tree through a random tree neighbour.
fn simplified<O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<()> {
    let mut frontier: Vec<u32> = empty_vec(grid.width(), grid.height(), grid.cell_count())?;
    let (mut tree, first) = plant(grid, rng, observer)?;
    let mut bits = RandomBits::new(rng);
    tree.join(grid, first, |_, j, new| {
        if new {
            frontier.push(j as u32);
        }
    });
    while !frontier.is_empty() {
        let pick = bits.below(frontier.len() as u32) as usize;
        let cell = grid.pos(frontier.swap_remove(pick) as usize);
        let inside = Cursor::new(grid, cell)
            .random_neighbour(&mut bits, |j| tree.state[j] == IN_TREE)
            .expect("a frontier cell touches the tree");
        tree.carve(grid, cell, inside);
        tree.join(grid, cell, |_, j, new| {
            if new {
                frontier.push(j as u32);
            }
        });
    }
    Ok(())
}
