//! Growing tree: grow the maze from a list of active cells, picking which one grows next.

use super::{Algorithm, GraphAlgorithm, carve_side, carves_every_shape};
use crate::Probability;
use crate::events::{Event, Observer};
use crate::grid::{MazeError, Result, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::topology::{EventOf, Topology, filled, reserved};
use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The growing-tree algorithm.
///
/// 1. Put the first cell (the top-left one on the rectangle) on a list of active cells.
/// 2. Pick an active cell by the [`Pick`] rule.
/// 3. If it has unvisited neighbours, carve to a uniformly chosen one, which joins the list as
///    its newest cell.
/// 4. Otherwise take the picked cell off the list.
/// 5. Repeat from step 2 until the list is empty.
///
/// Each carve joins a visited cell to an unvisited one, so the maze is perfect.
///
/// The rule sets the character: [`Pick::Newest`] is exactly the recursive backtracker (the same
/// seed gives the same maze as [`Backtrack`](super::Backtrack) from the top-left cell): long
/// winding corridors, few dead ends. [`Pick::Random`] grows everywhere at once like Prim's
/// algorithm: short passages, many dead ends. [`Pick::Oldest`] grows breadth-first from the
/// corner: long straight corridors fanning out from it, few junctions far from it.
/// [`Pick::Mixed`] sits between newest and random.
///
/// Random draws per step: for `Mixed`, 32 bits deciding newest or random; for a random pick,
/// [`RandomBits::below`] over the list's slots (rejecting slots of cells that left, so the pick
/// is uniform over active cells); then [`RandomBits::below`] over the unvisited neighbours in
/// [`Dir::ALL`](crate::grid::Dir::ALL) order (no draw for a single one).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct GrowingTree {
    /// Which active cell grows next.
    pub pick: Pick,
}

/// Which active cell a [`GrowingTree`] grows next.
///
/// Parses from and displays as the CLI spells it: `newest`, `random`, `oldest`, `mixed:P`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub enum Pick {
    /// The most recently added active cell (depth-first: the recursive backtracker).
    #[default]
    Newest,
    /// A uniformly random active cell (Prim-like).
    Random,
    /// The least recently added active cell (breadth-first).
    Oldest,
    /// The newest cell with the given probability, otherwise a random one.
    Mixed(Probability),
}

/// `p` scaled to 2^32: a uniform 32-bit draw below it happens with probability `p` (rounded
/// down to a multiple of 2^-32).
fn threshold(p: Probability) -> u64 {
    (p.get() * (1u64 << 32) as f64) as u64
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::Newest => f.write_str("newest"),
            Pick::Random => f.write_str("random"),
            Pick::Oldest => f.write_str("oldest"),
            Pick::Mixed(p) => write!(f, "mixed:{}", p.get()),
        }
    }
}

impl Serialize for Pick {
    /// As it displays.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl FromStr for Pick {
    type Err = MazeError;

    fn from_str(value: &str) -> Result<Self> {
        let invalid = |reason| MazeError::InvalidPick {
            value: value.into(),
            reason,
        };
        match value {
            "newest" => Ok(Pick::Newest),
            "random" => Ok(Pick::Random),
            "oldest" => Ok(Pick::Oldest),
            _ => {
                let share = value
                    .strip_prefix("mixed:")
                    .ok_or_else(|| invalid("is not a pick"))?;
                let p = share
                    .parse()
                    .map_err(|_| invalid("has a P that is not a number"))?;
                Probability::new(p)
                    .map(Pick::Mixed)
                    .map_err(|_| invalid("has P outside 0 to 1"))
            }
        }
    }
}

/// Scratch state of a cell.
const UNVISITED: u8 = 0;
const ACTIVE: u8 = 1;
const DONE: u8 = 2;

impl Algorithm for GrowingTree {
    const NAME: &'static str = "growing-tree";
    carves_every_shape!();

    type Params = Self;

    fn params(&self) -> Self {
        *self
    }
}

impl GraphAlgorithm for GrowingTree {
    fn scratch(&self, slots: u64, _walls: u64) -> u64 {
        bytes_for::<u8>(slots).saturating_add(ActiveList::bytes(slots))
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let slots = topology.slots();
        // The larger reservation first: refused, it leaves the smaller one untouched.
        let mut active = ActiveList::new(topology, slots)?;
        let mut state = filled(topology, slots, UNVISITED)?;
        let mut bits = RandomBits::new(rng);
        // 1.
        let first = topology.first_cell();
        state[first] = ACTIVE;
        active.push(first as u32);
        observer.observe(Event::Enter {
            cell: topology.cell(&topology.cursor(first)),
        });
        while active.live > 0 {
            // 2.
            let slot = active.pick(self.pick, &mut bits, &state);
            let cursor = topology.cursor(active.cells[slot] as usize);
            match topology.random_neighbour(&cursor, &mut bits, |j| state[j] == UNVISITED) {
                // 3.
                Some(side) => {
                    carve_side(topology, &cursor, side, observer);
                    let mut next = cursor;
                    topology.step(&mut next, side);
                    let j = T::index(&next);
                    state[j] = ACTIVE;
                    active.push(j as u32);
                    observer.observe(Event::Enter {
                        cell: topology.cell(&next),
                    });
                }
                // 4.
                None => {
                    state[T::index(&cursor)] = DONE;
                    active.remove(slot, &state);
                    observer.observe(Event::Leave {
                        cell: topology.cell(&cursor),
                    });
                }
            }
        }
        Ok(())
    }
}

/// The active cells in the order they were added. Cells that leave are only marked `DONE` in
/// the state bytes and dropped lazily: from either end at once, from the middle when they
/// outnumber the active cells, so the order is kept and every operation is amortised O(1).
struct ActiveList {
    /// Cell indices in the order they became active; `DONE` ones may remain after `head`.
    /// Every cell becomes active once, so it never holds more than the grid's cells.
    cells: Vec<u32>,
    /// Every slot before `head` holds a `DONE` cell.
    head: usize,
    /// Number of `ACTIVE` cells in `cells`.
    live: usize,
}

impl ActiveList {
    /// The memory the list for a maze of `cells` cells takes.
    const fn bytes(cells: u64) -> u64 {
        bytes_for::<u32>(cells)
    }

    /// An empty list with room for `slots` cells of `topology`.
    fn new(topology: &impl Topology, slots: usize) -> Result<Self> {
        Ok(Self {
            cells: reserved(topology, slots)?,
            head: 0,
            live: 0,
        })
    }

    /// Adds a cell as the newest.
    #[inline]
    fn push(&mut self, i: u32) {
        debug_assert!(
            self.cells.len() < self.cells.capacity(),
            "room for every cell"
        );
        self.cells.push(i);
        self.live += 1;
    }

    /// The slot of the active cell `pick` chooses (the list must not be empty).
    #[inline]
    fn pick(&self, pick: Pick, bits: &mut RandomBits<'_, MazeRng>, state: &[u8]) -> usize {
        match pick {
            Pick::Newest => self.cells.len() - 1,
            Pick::Oldest => self.head,
            Pick::Random => self.random(bits, state),
            Pick::Mixed(p) => {
                if u64::from(bits.bits(32)) < threshold(p) {
                    self.cells.len() - 1
                } else {
                    self.random(bits, state)
                }
            }
        }
    }

    /// A uniformly random slot holding an active cell: at least half the slots after `head` do.
    fn random(&self, bits: &mut RandomBits<'_, MazeRng>, state: &[u8]) -> usize {
        let span = (self.cells.len() - self.head) as u32;
        loop {
            let slot = self.head + bits.below(span) as usize;
            if state[self.cells[slot] as usize] == ACTIVE {
                return slot;
            }
        }
    }

    /// Drops the cell in `slot`, which has just been marked `DONE`.
    fn remove(&mut self, slot: usize, state: &[u8]) {
        self.live -= 1;
        let done = |i: &u32| state[*i as usize] == DONE;
        if slot + 1 == self.cells.len() {
            while self.cells.len() > self.head && self.cells.last().is_some_and(done) {
                self.cells.pop();
            }
        }
        if slot == self.head {
            while self.cells.get(self.head).is_some_and(done) {
                self.head += 1;
            }
        }
        if self.cells.len() - self.head > 2 * self.live {
            self.cells.retain(|i| !done(i));
            self.head = 0;
        }
    }
}
