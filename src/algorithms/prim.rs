//! Prim's algorithm: one tree grown from a random cell, in its true and simplified forms.

use super::{Algorithm, carve, cells, random_cell, wall};
use crate::error::Result;
use crate::events::{Event, Observer};
use crate::grid::{Cursor, Dir, Grid, Pos, bytes_for, empty_vec, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};
use serde::Serialize;
use std::collections::BinaryHeap;

/// Prim's algorithm, true (random wall weights) or simplified (random frontier cells).
///
/// True Prim:
///
/// 1. Start the tree with a random cell.
/// 2. Give each wall between the cell that joined the tree last and a cell outside the tree an
///    independent random weight, and put it on a heap.
/// 3. Take the heaviest wall off the heap (for independent uniform weights as good as the
///    lightest); if both its sides are in the tree by now, drop it and take the next.
/// 4. Carve through it: the cell beyond joins the tree. Repeat from step 2 until every cell is
///    in the tree.
///
/// The result is the minimum spanning tree for random wall weights, which is also what
/// randomized Kruskal builds: the two have the same distribution of mazes, grown differently.
///
/// Simplified Prim (`simplified: true`) keeps the frontier, the cells next to the tree:
///
/// 1. Start the tree with a random cell; its neighbours make the frontier.
/// 2. Take a uniformly random cell off the frontier.
/// 3. Carve from it to a uniformly random neighbour in the tree: it joins the tree, and its
///    neighbours outside the tree and the frontier join the frontier.
/// 4. Repeat from step 2 until the frontier is empty.
///
/// It favours cells with many tree neighbours and makes more, shorter dead ends than true Prim
/// and a maze that radiates from its first cell.
///
/// Draws the first cell, then (through [`RandomBits`]) per wall pushed a 32-bit weight (true), or
/// per cell a frontier index and a neighbour index (simplified). Reports cells entering the
/// frontier, and each cell leaving it through the carve that joins it to the tree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Prim {
    /// Pick random frontier cells instead of the lightest wall.
    pub simplified: bool,
}

impl Algorithm for Prim {
    const NAME: &'static str = "prim";

    type Params = Self;

    fn params(&self) -> Self {
        *self
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        let (cells, walls) = (cells(width, height), wall::count(width, height));
        let pending = if self.simplified {
            bytes_for::<u32>(cells)
        } else {
            bytes_for::<u64>(walls)
        };
        bytes_for::<u8>(cells).saturating_add(pending)
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
/// Scratch state of a cell next to the tree, not in it.
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
}

/// The tree of a `grid`, grown from a random first cell (step 1 of both forms).
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

/// True Prim: the heap holds walls keyed by `weight << 32 | wall id` (see [`wall::id`]). Every
/// wall is pushed at most once, from the tree towards a cell outside it, so the heap's room for
/// all walls is reserved up front.
fn true_prim<O: Observer + ?Sized>(
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<()> {
    let (w, h) = (grid.width(), grid.height());
    let mut walls = BinaryHeap::from(empty_vec::<u64>(w, h, wall::count(w, h) as usize)?);
    // 1.
    let (mut tree, mut cell) = plant(grid, rng, observer)?;
    let mut bits = RandomBits::new(rng);
    for _ in 1..grid.cell_count() {
        // 2.
        tree.join(grid, cell, |dir, _, _| {
            let weight = u64::from(bits.bits(32));
            walls.push(weight << 32 | u64::from(wall::id(grid.index(cell), dir, w)));
        });
        // 3.
        let (i, dir, beyond) = loop {
            let key = walls.pop().expect("a tree short of the grid has walls");
            let (i, dir, j) = wall::sides(key as u32, w);
            match (tree.state[i], tree.state[j]) {
                (IN_TREE, IN_TREE) => continue,
                (IN_TREE, _) => break (i, dir, j),
                _ => break (i, dir, i),
            }
        };
        // 4.
        carve(grid, i, dir, tree.observer);
        cell = grid.pos(beyond);
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
    // 1.
    let (mut tree, first) = plant(grid, rng, observer)?;
    let mut bits = RandomBits::new(rng);
    tree.join(grid, first, |_, j, new| {
        if new {
            frontier.push(j as u32);
        }
    });
    // 4.
    while !frontier.is_empty() {
        // 2.
        let pick = bits.below(frontier.len() as u32) as usize;
        let cell = grid.pos(frontier.swap_remove(pick) as usize);
        // 3.
        let inside = Cursor::new(grid, cell)
            .random_neighbour(&mut bits, |j| tree.state[j] == IN_TREE)
            .expect("a frontier cell touches the tree");
        carve(grid, grid.index(cell), inside, tree.observer);
        tree.join(grid, cell, |_, j, new| {
            if new {
                frontier.push(j as u32);
            }
        });
    }
    Ok(())
}
