//! Growing tree: grow the maze from a list of active cells, picking which one grows next.

use super::Algorithm;
use crate::Probability;
use crate::error::{Error, Result};
use crate::events::{Event, Observer};
use crate::grid::{Cursor, Grid, Pos, zeroed_bytes};
use crate::rng::{MazeRng, RandomBits};
use std::fmt;
use std::str::FromStr;

/// The growing-tree algorithm.
///
/// Keeps a list of active cells, starting with the top-left cell. Each step picks an active
/// cell by the [`Pick`] rule; if it has unvisited neighbours it carves to a uniformly chosen one,
/// which becomes active (the newest), otherwise it leaves the list. The maze is done when the
/// list is empty. Each carve joins a visited cell to an unvisited one, so the maze is perfect.
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
#[derive(Debug, Clone, Copy, Default, PartialEq)]
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

impl FromStr for Pick {
    type Err = Error;

    fn from_str(value: &str) -> Result<Self> {
        let invalid = |reason| Error::InvalidPick {
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

    fn params(&self) -> serde_json::Value {
        serde_json::json!({ "pick": self.pick.to_string() })
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let (w, h) = (grid.width(), grid.height());
        let mut state = zeroed_bytes(w, h, grid.cell_count())?;
        let mut active = ActiveList::default();
        let mut bits = RandomBits::new(rng);
        state[0] = ACTIVE;
        active.push(0, w, h)?;
        observer.observe(Event::Enter {
            cell: Pos::new(0, 0),
        });
        while active.live > 0 {
            let slot = active.pick(self.pick, &mut bits, &state);
            let i = active.cells[slot] as usize;
            let cursor = Cursor::new(
                grid,
                Pos::new((i % w as usize) as u32, (i / w as usize) as u32),
            );
            match cursor.random_neighbour(&mut bits, |j| state[j] == UNVISITED) {
                Some(dir) => {
                    grid.carve_at(i, dir);
                    observer.observe(Event::Carve {
                        cell: cursor.pos(),
                        dir,
                    });
                    let j = cursor
                        .neighbour(dir)
                        .expect("random_neighbour stays inside");
                    state[j] = ACTIVE;
                    active.push(j as u32, w, h)?;
                    observer.observe(Event::Enter { cell: grid.pos(j) });
                }
                None => {
                    state[i] = DONE;
                    active.remove(slot, &state);
                    observer.observe(Event::Leave { cell: cursor.pos() });
                }
            }
        }
        Ok(())
    }
}

/// The active cells in the order they were added. Cells that leave are only marked `DONE` in
/// the state bytes and dropped lazily: from either end at once, from the middle when they
/// outnumber the active cells, so the order is kept and every operation is amortised O(1).
#[derive(Default)]
struct ActiveList {
    /// Cell indices in the order they became active; `DONE` ones may remain after `head`.
    cells: Vec<u32>,
    /// Every slot before `head` holds a `DONE` cell.
    head: usize,
    /// Number of `ACTIVE` cells in `cells`.
    live: usize,
}

impl ActiveList {
    /// Adds a cell as the newest, reporting a refused allocation as an error.
    fn push(&mut self, i: u32, width: u32, height: u32) -> Result<()> {
        if self.cells.len() == self.cells.capacity() {
            let more = self.cells.len().max(64);
            self.cells
                .try_reserve(more)
                .map_err(|_| Error::OutOfMemory {
                    width,
                    height,
                    bytes: ((self.cells.len() + more) * size_of::<u32>()) as u64,
                })?;
        }
        self.cells.push(i);
        self.live += 1;
        Ok(())
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
