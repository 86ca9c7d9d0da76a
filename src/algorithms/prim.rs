//! Prim's algorithm: one tree grown from a random cell, in its true and simplified forms.

use super::{Algorithm, GraphAlgorithm, carve_side, carves_every_shape};
use crate::events::{Event, Observer};
use crate::grid::{Result, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::topology::{EventOf, Topology, filled, reserved};
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
    carves_every_shape!();

    type Params = Self;

    fn params(&self) -> Self {
        *self
    }
}

impl GraphAlgorithm for Prim {
    fn scratch(&self, slots: u64, walls: u64) -> u64 {
        let pending = if self.simplified {
            bytes_for::<u32>(slots)
        } else {
            bytes_for::<u64>(walls)
        };
        bytes_for::<u8>(slots).saturating_add(pending)
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        if self.simplified {
            simplified(topology, rng, observer)
        } else {
            true_prim(topology, rng, observer)
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

impl<O: ?Sized> Tree<'_, O> {
    /// Adds the cursor's cell to the tree, puts its neighbours outside the tree on the
    /// frontier, and calls `border` with the side and index of each of them and whether it
    /// just joined the frontier.
    fn join<T: Topology>(
        &mut self,
        topology: &T,
        cursor: &T::Cursor,
        mut border: impl FnMut(usize, usize, bool),
    ) where
        O: Observer<EventOf<T>>,
    {
        self.state[T::index(cursor)] = IN_TREE;
        self.observer.observe(Event::Leave {
            cell: topology.cell(cursor),
        });
        for side in 0..T::SIDES {
            if let Some(j) = topology.neighbour(cursor, side)
                && self.state[j] != IN_TREE
            {
                let new = self.state[j] == OUTSIDE;
                if new {
                    self.state[j] = FRONTIER;
                    let cell = topology.cell(&topology.cursor(j));
                    self.observer.observe(Event::Enter { cell });
                }
                border(side, j, new);
            }
        }
    }
}

/// The tree of `topology`, grown from a random first cell (step 1 of both forms).
fn plant<'a, T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &T,
    rng: &mut MazeRng,
    observer: &'a mut O,
) -> Result<(Tree<'a, O>, T::Cursor)> {
    let state = filled(topology, topology.slots(), OUTSIDE)?;
    let first = topology.cursor(topology.random_cell(rng));
    observer.observe(Event::Enter {
        cell: topology.cell(&first),
    });
    Ok((Tree { state, observer }, first))
}

/// True Prim: the heap holds walls keyed by `weight << 32 | wall id` (see
/// [`Topology::wall_id`]). Every wall is pushed at most once, from the tree towards a cell
/// outside it, so the heap's room for all walls is reserved up front.
fn true_prim<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &mut T,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<()> {
    let mut walls = BinaryHeap::from(reserved::<u64>(topology, topology.wall_count() as usize)?);
    // 1.
    let (mut tree, mut cell) = plant(topology, rng, observer)?;
    let mut bits = RandomBits::new(rng);
    for _ in 1..topology.cell_count() {
        // 2.
        tree.join(topology, &cell, |side, _, _| {
            let weight = u64::from(bits.bits(32));
            walls.push(weight << 32 | u64::from(topology.wall_id(&cell, side)));
        });
        // 3.
        let (i, side, beyond) = loop {
            let key = walls.pop().expect("a tree short of the grid has walls");
            let (i, side, j) = topology.wall(key as u32);
            match (tree.state[i], tree.state[j]) {
                (IN_TREE, IN_TREE) => continue,
                (IN_TREE, _) => break (i, side, j),
                _ => break (i, side, i),
            }
        };
        // 4.
        carve_side(topology, &topology.cursor(i), side, tree.observer);
        cell = topology.cursor(beyond);
    }
    tree.join(topology, &cell, |_, _, _| {});
    Ok(())
}

/// Simplified Prim: a random frontier cell joins the tree through a random tree neighbour.
fn simplified<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &mut T,
    rng: &mut MazeRng,
    observer: &mut O,
) -> Result<()> {
    let mut frontier: Vec<u32> = reserved(topology, topology.slots())?;
    // 1.
    let (mut tree, first) = plant(topology, rng, observer)?;
    let mut bits = RandomBits::new(rng);
    tree.join(topology, &first, |_, j, new| {
        if new {
            frontier.push(j as u32);
        }
    });
    // 4.
    while !frontier.is_empty() {
        // 2.
        let pick = bits.below(frontier.len() as u32) as usize;
        let cell = topology.cursor(frontier.swap_remove(pick) as usize);
        // 3.
        let inside = topology
            .random_neighbour(&cell, &mut bits, |j| tree.state[j] == IN_TREE)
            .expect("a frontier cell touches the tree");
        carve_side(topology, &cell, inside, tree.observer);
        tree.join(topology, &cell, |_, j, new| {
            if new {
                frontier.push(j as u32);
            }
        });
    }
    Ok(())
}
