//! Recursive backtracker: a randomized depth-first search without recursion, from one seed cell
//! or from several at once (parallel seeds).

use super::{Algorithm, GraphAlgorithm, carve_side, carves_every_shape, start_cell};
use crate::Probability;
use crate::events::{Event, Observer, Silent};
use crate::grid::{Grid, MazeError, Pos, Result, UnionFind, bytes_for};
use crate::rng::{MazeRng, RandomBits};
use crate::topology::{EventOf, Topology, filled, reserved};
use serde::Serialize;
use std::num::NonZeroU32;
use std::str::FromStr;

/// The recursive-backtracker (randomized depth-first search) algorithm, with parallel seeds.
///
/// 1. Mark `start` visited: it is the current cell.
/// 2. If the current cell has unvisited neighbours, carve to a uniformly chosen one, which
///    becomes the current cell.
/// 3. Otherwise go back to the cell the current one was entered from; stuck at `start`, stop.
///
/// Every cell is then visited. The way back is not a stack but one byte per cell naming the
/// direction to the cell it was entered from, so memory stays at two bytes per cell (grid
/// included) and any size works with the default stack.
///
/// With `seeds` K > 1, K walkers grow at once: the first from `start`, the others from distinct
/// cells drawn at random, each owning the region it carves. They take one step each in turn. A
/// walker's options in step 2 are its unvisited neighbours and its neighbours in another
/// walker's region; carving into another region joins the two (union-find over walkers) and
/// the walker stays where it is, so each pair of regions is joined at most once and the result
/// is still a perfect maze. Every cell is entered by one walker only, so the per-cell bytes
/// still hold each walker's own way back; the owner of each cell costs one more byte per cell
/// up to 256 seeds (two up to 65,536, four beyond). One seed is exactly the classic
/// backtracker, random draws included.
///
/// Reports each cell entered, each carve (into unvisited cells and between regions) and each
/// cell left when backtracking; with several seeds, also the region of each cell entered.
///
/// maze-dataset's `gen_dfs` limits (`accessible`, `max_depth`, `forks`) make a maze of part of
/// the shape, carved as `Backtrack::carve_limited` says: the maze is then the cells reached,
/// the rest left out as a mask leaves cells out (rectangles and masks only).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Backtrack {
    /// The number of walkers (1 by default); at most the number of cells.
    pub seeds: NonZeroU32,
    /// The cell the (first) walker starts from (the top-left cell by default, or the first cell
    /// of a shape without one there).
    pub start: Pos,
    /// Stop once this many cells are in the maze (maze-dataset's `accessible_cells`, a share
    /// of the shape's cells or a count); every cell by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accessible: Option<Amount>,
    /// maze-dataset's `max_tree_depth` (a share of width plus height, or a count): carve only
    /// while the search's depth counter is at most half of it; no limit by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_depth: Option<Amount>,
    /// Whether the search goes back to branch off (maze-dataset's `do_forks`, true by
    /// default); without, the maze is one path, carved until it is stuck.
    #[serde(skip_serializing_if = "is_true")]
    pub forks: bool,
}

impl Default for Backtrack {
    fn default() -> Self {
        Self {
            seeds: NonZeroU32::MIN,
            start: Pos::default(),
            accessible: None,
            max_depth: None,
            forks: true,
        }
    }
}

/// Whether `value` is true (so serde leaves the default out of `params`).
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_true(value: &bool) -> bool {
    *value
}

impl Backtrack {
    /// Whether any of maze-dataset's limits is set, so that the maze may leave cells out.
    pub fn is_limited(&self) -> bool {
        self.accessible.is_some() || self.max_depth.is_some() || !self.forks
    }
}

/// A number of cells as maze-dataset's `gen_dfs` takes it: a count, or a share of a whole.
///
/// Parses `60` as a count and `0.6` (a number with a point or an exponent) as a share.
///
/// ```
/// use mazegen::algorithms::Amount;
///
/// assert_eq!("60".parse::<Amount>()?.of(100), 60);
/// assert_eq!("0.25".parse::<Amount>()?.of(10), 2);
/// assert!("1.5".parse::<Amount>().is_err() && "-3".parse::<Amount>().is_err());
/// # Ok::<(), mazegen::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Amount {
    /// This many.
    Count(u64),
    /// This share of the whole, rounded down as maze-dataset does (`int(share * whole)`).
    Share(Probability),
}

impl Amount {
    /// The count it stands for out of `whole`.
    pub fn of(self, whole: u64) -> u64 {
        match self {
            Self::Count(count) => count,
            Self::Share(share) => (share.get() * whole as f64) as u64,
        }
    }
}

impl FromStr for Amount {
    type Err = MazeError;

    fn from_str(text: &str) -> Result<Self> {
        let invalid = || MazeError::InvalidAmount {
            value: text.to_owned(),
        };
        if text.contains(['.', 'e', 'E']) {
            let share: f64 = text.parse().map_err(|_| invalid())?;
            Probability::new(share)
                .map(Self::Share)
                .map_err(|_| invalid())
        } else {
            text.parse().map(Self::Count).map_err(|_| invalid())
        }
    }
}

impl Serialize for Amount {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Self::Count(count) => serializer.serialize_u64(*count),
            Self::Share(share) => serializer.serialize_f64(share.get()),
        }
    }
}

/// Scratch state of a cell: not visited yet.
const UNVISITED: u8 = 0;
/// Scratch state of a walker's first cell: visited, nowhere to go back to.
const ROOT: u8 = u8::MAX;

impl Algorithm for Backtrack {
    const NAME: &'static str = "backtrack";
    carves_every_shape!(own run);

    type Params = Self;

    fn params(&self) -> Self {
        *self
    }

    fn check_cells(&self, cells: u64) -> Result<()> {
        let seeds = self.seeds.get();
        if u64::from(seeds) > cells {
            return Err(MazeError::TooManySeeds { seeds, cells });
        }
        if self.is_limited() && seeds > 1 {
            return Err(MazeError::LimitedWalkers { seeds });
        }
        if let Some(Amount::Count(accessible)) = self.accessible
            && accessible > cells
        {
            return Err(MazeError::TooManyAccessible { accessible, cells });
        }
        Ok(())
    }

    fn reached_from(&self) -> Option<Pos> {
        self.is_limited().then_some(self.start)
    }

    fn grows_from(&self) -> Option<Pos> {
        Some(self.start)
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        grid.require(self.start)?;
        self.carve_on(grid, rng, observer)
    }

    /// One walker leaves, in its ways back, the tree it carved: the path is read from them in
    /// about as many steps as it has cells, where a breadth-first search visits every cell (a
    /// solved dataset of 10x10-cell mazes takes 1.35x less CPU).
    fn run_solving(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        from: Pos,
        to: Pos,
    ) -> Result<Option<Vec<usize>>> {
        if self.is_limited() || self.seeds.get() > 1 {
            return self.run(grid, rng, &mut Silent).map(|()| None);
        }
        grid.require(self.start)?;
        let (from, to) = (
            grid.index(grid.require(from)?),
            grid.index(grid.require(to)?),
        );
        let start = start_cell(grid, self.start)?;
        let ways_back = self.search(grid, start, rng, &mut Silent, OneRegion)?;
        tree_path(grid, &ways_back, from, to).map(Some)
    }
}

impl GraphAlgorithm for Backtrack {
    fn scratch(&self, slots: u64, _walls: u64) -> u64 {
        if self.is_limited() {
            // A visited flag and a stack entry for each cell.
            return bytes_for::<u8>(slots).saturating_add(bytes_for::<u32>(slots));
        }
        let seeds = u64::from(self.seeds.get());
        let ways_back = bytes_for::<u8>(slots);
        let walkers = bytes_for::<Walker>(seeds);
        let regions = match seeds {
            1 => 0,
            2..=0x100 => Regions::<u8>::bytes(slots, seeds),
            0x101..=0x1_0000 => Regions::<u16>::bytes(slots, seeds),
            _ => Regions::<u32>::bytes(slots, seeds),
        };
        ways_back.saturating_add(walkers).saturating_add(regions)
    }

    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let start = start_cell(topology, self.start)?;
        Algorithm::check_cells(self, topology.cell_count() as u64)?;
        if self.is_limited() {
            return self.carve_limited(topology, start, rng, observer);
        }
        let seeds = self.seeds.get();
        let slots = topology.slots();
        match seeds {
            1 => self.search(topology, start, rng, observer, OneRegion),
            2..=0x100 => {
                let regions = Regions::<u8>::new(topology, slots, seeds)?;
                self.search(topology, start, rng, observer, regions)
            }
            0x101..=0x1_0000 => {
                let regions = Regions::<u16>::new(topology, slots, seeds)?;
                self.search(topology, start, rng, observer, regions)
            }
            _ => {
                let regions = Regions::<u32>::new(topology, slots, seeds)?;
                self.search(topology, start, rng, observer, regions)
            }
        }
        .map(drop)
    }
}

impl Backtrack {
    /// Places the walkers, the first on cell `start`, each in a region of `regions`, and lets
    /// them carve. Gives each cell's way back (`1 +` the side to the cell it was entered from,
    /// [`ROOT`] for a walker's start).
    fn search<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        start: usize,
        rng: &mut MazeRng,
        observer: &mut O,
        mut regions: impl Ownership,
    ) -> Result<Vec<u8>> {
        let seeds = self.seeds.get() as usize;
        // 0 = unvisited, 1 + the side back to the cell it was entered from, ROOT = a start.
        let mut state = filled(topology, topology.slots(), UNVISITED)?;
        let mut walkers: Vec<Walker> = reserved(topology, seeds)?;
        // 1.
        while walkers.len() < seeds {
            let i = if walkers.is_empty() {
                start
            } else {
                topology.random_cell(rng)
            };
            if state[i] == UNVISITED {
                state[i] = ROOT;
                let id = walkers.len() as u32;
                regions.claim(i, id);
                walkers.push(Walker { cell: i as u32, id });
            }
        }
        let search = Search {
            topology,
            state,
            bits: RandomBits::new(rng),
            observer,
        };
        Ok(search.run(regions, walkers))
    }
}

impl Backtrack {
    /// maze-dataset's `gen_dfs` with its limits, step for step, from cell `start`:
    ///
    /// 1. Mark `start` visited and push it on a stack; the depth counter is 1.
    /// 2. While the stack is not empty and fewer than `accessible` cells are visited, pop a cell.
    /// 3. If it has unvisited neighbours and the counter is at most `max_depth / 2`: push it back
    ///    if forks are allowed and it has more than one, carve to a uniformly chosen one, mark
    ///    that visited and push it, and add 1 to the counter. Otherwise subtract 1.
    ///
    /// Cells never visited keep every wall: the maze is the cells visited.
    fn carve_limited<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        start: usize,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        let cells = topology.cell_count() as u64;
        let (width, height) = topology.extent();
        let accessible = self.accessible.map_or(cells, |amount| amount.of(cells));
        let max_depth = self.max_depth.map_or(2 * cells, |amount| {
            amount.of(u64::from(width) + u64::from(height))
        });
        let max_depth = i64::try_from(max_depth).unwrap_or(i64::MAX);
        let mut visited = filled(topology, topology.slots(), false)?;
        let mut stack: Vec<u32> = reserved(topology, topology.slots())?;
        let mut bits = RandomBits::new(rng);
        // 1.
        visited[start] = true;
        stack.push(start as u32);
        let mut reached = 1;
        observer.observe(Event::Enter {
            cell: topology.cell(&topology.cursor(start)),
        });
        let mut depth: i64 = 1;
        // 2.
        while reached < accessible
            && let Some(cell) = stack.pop()
        {
            let cell = cell as usize;
            let cursor = topology.cursor(cell);
            let unvisited = (0..T::SIDES)
                .filter(|&side| {
                    topology
                        .neighbour(&cursor, side)
                        .is_some_and(|j| !visited[j])
                })
                .count();
            // 3. (`depth <= max_depth / 2` in whole numbers)
            if unvisited > 0 && 2 * depth <= max_depth {
                if self.forks && unvisited > 1 {
                    stack.push(cell as u32);
                }
                let side = topology
                    .random_neighbour(&cursor, &mut bits, |j| !visited[j])
                    .expect("an unvisited neighbour was counted");
                carve_side(topology, &cursor, side, observer);
                let mut next = cursor;
                topology.step(&mut next, side);
                let j = T::index(&next);
                visited[j] = true;
                stack.push(j as u32);
                reached += 1;
                observer.observe(Event::Enter {
                    cell: topology.cell(&next),
                });
                depth += 1;
            } else {
                observer.observe(Event::Leave {
                    cell: topology.cell(&cursor),
                });
                depth -= 1;
            }
        }
        Ok(())
    }
}

/// The path from cell `from` to cell `to` through the tree one walker carved, read from its
/// `ways_back` (see [`Backtrack::search`]): the ways from both ends to the walker's start,
/// joined where they meet.
fn tree_path<T: Topology>(
    topology: &T,
    ways_back: &[u8],
    from: usize,
    to: usize,
) -> Result<Vec<usize>> {
    let (mut rise, mut fall) = (
        way_up(topology, ways_back, from)?,
        way_up(topology, ways_back, to)?,
    );
    let mut meeting = None;
    while rise.last().is_some() && rise.last() == fall.last() {
        meeting = rise.pop();
        fall.pop();
    }
    rise.extend(meeting);
    rise.extend(fall.iter().rev());
    Ok(rise)
}

/// The cells from `cell` back to the walker's start, both included, by the `ways_back`.
fn way_up<T: Topology>(topology: &T, ways_back: &[u8], cell: usize) -> Result<Vec<usize>> {
    let mut cells: Vec<usize> = Vec::new();
    // Walked by cursor, as `Topology::step` moves one: a cursor made again from each index
    // would cost a division a step.
    let mut cursor = topology.cursor(cell);
    loop {
        if cells.len() == cells.capacity() {
            // Grown by hand, so that a way longer than memory holds is refused, not an abort.
            let more = cells.len().max(32);
            let (width, height) = topology.extent();
            cells
                .try_reserve(more)
                .map_err(|_| MazeError::OutOfMemory {
                    width,
                    height,
                    bytes: bytes_for::<usize>(2 * more as u64),
                })?;
        }
        let i = T::index(&cursor);
        cells.push(i);
        match ways_back[i] {
            ROOT => return Ok(cells),
            back => topology.step(&mut cursor, usize::from(back - 1)),
        };
    }
}

/// One depth-first walker: the cell it is on and which region it grows.
#[derive(Debug, Clone, Copy)]
struct Walker {
    cell: u32,
    id: u32,
}

/// The shared state of the walkers.
struct Search<'a, T, O: ?Sized> {
    topology: &'a mut T,
    state: Vec<u8>,
    bits: RandomBits<'a, MazeRng>,
    observer: &'a mut O,
}

impl<T: Topology, O: Observer<EventOf<T>> + ?Sized> Search<'_, T, O> {
    /// Lets the walkers step in turn, in their order, until all are back at their start with
    /// nothing left to carve. The last walker left runs on alone, without the turn-taking.
    /// Gives the ways back.
    fn run(mut self, mut regions: impl Ownership, mut walkers: Vec<Walker>) -> Vec<u8> {
        for walker in &walkers {
            let cursor = self.topology.cursor(walker.cell as usize);
            self.enter(&cursor, walker.id, &regions);
        }
        while walkers.len() > 1 {
            walkers.retain_mut(|walker| {
                let mut cursor = self.topology.cursor(walker.cell as usize);
                let active = self.step(&mut cursor, walker.id, &mut regions);
                walker.cell = T::index(&cursor) as u32;
                active
            });
        }
        // Alone, the walker keeps its cursor, its steps inlined: one seed at 1000x1000 takes
        // 22.1 ms, not 27.7 in the loop above.
        if let Some(last) = walkers.pop() {
            let mut cursor = self.topology.cursor(last.cell as usize);
            while self.step(&mut cursor, last.id, &mut regions) {}
        }
        self.state
    }

    /// Reports that walker `id` entered `cell`.
    #[inline(always)]
    fn enter(&mut self, cursor: &T::Cursor, id: u32, regions: &impl Ownership) {
        let cell = self.topology.cell(cursor);
        self.observer.observe(Event::Enter { cell });
        if regions.several() {
            self.observer.observe(Event::Claim { cell, region: id });
        }
    }

    /// One step of walker `id` at `cursor`: carves to a random unvisited neighbour (and moves
    /// there) or into a random other region (and stays), else goes back. False once it is done.
    #[inline(always)] // into the lone walker's loop: see `run`
    fn step(&mut self, cursor: &mut T::Cursor, id: u32, regions: &mut impl Ownership) -> bool {
        let state = &self.state;
        let choice = self.topology.random_neighbour(cursor, &mut self.bits, |j| {
            state[j] == UNVISITED || regions.is_foreign(j, id)
        });
        if let Some(side) = choice {
            // 2.
            carve_side(self.topology, cursor, side, self.observer);
            let back = self.topology.step(cursor, side);
            let i = T::index(cursor);
            // With one walker every option is unvisited: no need to look.
            if !regions.several() || self.state[i] == UNVISITED {
                self.state[i] = 1 + back as u8;
                regions.claim(i, id);
                self.enter(cursor, id, regions);
            } else {
                regions.join(i, id);
                self.topology.step(cursor, back);
            }
            true
        } else {
            // 3.
            let cell = self.topology.cell(cursor);
            self.observer.observe(Event::Leave { cell });
            match self.state[T::index(cursor)] {
                ROOT => false,
                back => {
                    self.topology.step(cursor, usize::from(back - 1));
                    true
                }
            }
        }
    }
}

/// Which region each visited cell belongs to, as far as the walkers need to know.
trait Ownership {
    /// Whether there are several regions (and so regions worth reporting).
    fn several(&self) -> bool;
    /// Records that `walker` entered the unvisited `cell`.
    fn claim(&mut self, cell: usize, walker: u32);
    /// Whether the visited `cell` lies in a region not yet joined to `walker`'s.
    fn is_foreign(&mut self, cell: usize, walker: u32) -> bool;
    /// Joins the region of `cell` to `walker`'s.
    fn join(&mut self, cell: usize, walker: u32);
}

/// One walker: every visited cell is its own, and nothing is stored.
struct OneRegion;

impl Ownership for OneRegion {
    #[inline]
    fn several(&self) -> bool {
        false
    }

    #[inline]
    fn claim(&mut self, _: usize, _: u32) {}

    #[inline]
    fn is_foreign(&mut self, _: usize, _: u32) -> bool {
        false
    }

    #[inline]
    fn join(&mut self, _: usize, _: u32) {}
}

/// Several walkers: the walker that entered each cell (as the smallest integer `O` that holds
/// every walker id) and the walkers' regions as disjoint sets.
struct Regions<O> {
    owner: Vec<O>,
    joined: UnionFind,
}

impl<O: Copy + Default + Into<u32> + TryFrom<u32>> Regions<O> {
    /// The memory the regions of `seeds` walkers on `slots` cell indices take.
    const fn bytes(slots: u64, seeds: u64) -> u64 {
        bytes_for::<O>(slots).saturating_add(UnionFind::bytes(seeds))
    }

    /// Room for the regions of `seeds` walkers on `slots` cell indices of `topology`, none
    /// claimed yet.
    fn new(topology: &impl Topology, slots: usize, seeds: u32) -> Result<Self> {
        Ok(Self {
            owner: filled(topology, slots, O::default())?,
            joined: UnionFind::new(topology.extent(), seeds as usize)?,
        })
    }
}

impl<O: Copy + Into<u32> + TryFrom<u32>> Ownership for Regions<O> {
    #[inline]
    fn several(&self) -> bool {
        true
    }

    #[inline]
    fn claim(&mut self, cell: usize, walker: u32) {
        self.owner[cell] = O::try_from(walker).unwrap_or_else(|_| unreachable!("id fits O"));
    }

    #[inline]
    fn is_foreign(&mut self, cell: usize, walker: u32) -> bool {
        let owner = self.owner[cell].into();
        // Most visited neighbours are the walker's own cells: no need to look up regions.
        owner != walker && self.joined.find(owner) != self.joined.find(walker)
    }

    #[inline]
    fn join(&mut self, cell: usize, walker: u32) {
        self.joined.union(self.owner[cell].into(), walker);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Generator;
    use crate::rng::rng_from_seed;
    use crate::topology::check_perfect;

    fn carve(seeds: u32, width: u32, height: u32, seed: u64) -> Result<Grid> {
        let mut grid = Grid::new(width, height)?;
        let backtrack = Backtrack {
            seeds: NonZeroU32::new(seeds).unwrap(),
            ..Backtrack::default()
        };
        Generator::carve(&backtrack, &mut grid, &mut rng_from_seed(seed))?;
        Ok(grid)
    }

    #[test]
    fn every_owner_width_makes_perfect_mazes() {
        // 256 and 65,536 seeds are the largest with one- and two-byte owners.
        for (seeds, w, h) in [
            (256, 20, 13),
            (257, 20, 13),
            (65_536, 256, 256),
            (65_537, 300, 300),
        ] {
            let grid = carve(seeds, w, h, 3).unwrap();
            assert_eq!(check_perfect(&grid), Ok(()), "{seeds} seeds");
        }
    }

    #[test]
    fn one_seed_per_cell_is_perfect() {
        for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (9, 9)] {
            let grid = carve(w * h, w, h, 5).unwrap();
            assert_eq!(check_perfect(&grid), Ok(()), "{w}x{h}");
        }
    }

    /// The maze the limited search `backtrack` makes on a `width x height` rectangle.
    fn limited(backtrack: Backtrack, width: u32, height: u32, seed: u64) -> crate::Maze {
        crate::Maze::builder()
            .generator(backtrack.boxed())
            .cells(width, height)
            .seed(seed)
            .build()
            .unwrap()
    }

    #[test]
    fn accessible_cells_are_exactly_the_maze() {
        for seed in 0..60 {
            let (w, h) = (1 + seed as u32 % 9, 1 + seed as u32 % 7);
            let cells = u64::from(w * h);
            let count = seed % (cells + 1);
            let start = Pos::new(seed as u32 % w, seed as u32 % h);
            for accessible in [
                Amount::Count(count),
                Amount::Share(Probability::new(0.5).unwrap()),
            ] {
                let backtrack = Backtrack {
                    start,
                    accessible: Some(accessible),
                    ..Backtrack::default()
                };
                let maze = limited(backtrack, w, h, seed);
                assert_eq!(
                    maze.cell_count(),
                    accessible.of(cells).max(1),
                    "{w}x{h} {seed}"
                );
                assert!(maze.is_perfect() && maze.mask().unwrap().is_on(start));
            }
        }
    }

    #[test]
    fn without_forks_the_maze_is_one_path() {
        for seed in 0..60 {
            let (w, h) = (1 + seed as u32 % 12, 1 + seed as u32 % 10);
            let backtrack = Backtrack {
                forks: false,
                ..Backtrack::default()
            };
            let maze = limited(backtrack, w, h, seed);
            let grid = maze.grid().unwrap();
            let mask = maze.mask().unwrap();
            let degrees: Vec<u8> = (0..grid.cell_count())
                .map(|i| grid.pos(i))
                .filter(|&pos| mask.is_on(pos))
                .map(|pos| grid.degree(pos))
                .collect();
            assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
            assert!(
                degrees.iter().all(|&d| d <= 2),
                "{w}x{h} seed {seed}: a fork"
            );
            let ends = degrees.iter().filter(|&&d| d < 2).count();
            assert_eq!(ends, if degrees.len() == 1 { 1 } else { 2 });
        }
    }

    #[test]
    fn depth_limits_keep_the_maze_a_tree_from_the_start() {
        for seed in 0..60 {
            let (w, h) = (2 + seed as u32 % 9, 2 + seed as u32 % 8);
            let backtrack = Backtrack {
                start: Pos::new(w / 2, h / 2),
                max_depth: Some(Amount::Count(seed % 12)),
                ..Backtrack::default()
            };
            let maze = limited(backtrack, w, h, seed);
            assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
            // The counter is always at least the current cell's depth plus 1 (steps back skip
            // cells without lowering it), so no cell lies deeper than max_depth / 2.
            let crate::topology::Shape::Masked(masked) = maze.shape() else {
                unreachable!("a limited search makes a mask maze")
            };
            let from = masked.locate(Pos::new(w / 2, h / 2)).unwrap();
            let deepest = crate::topology::distances(masked, from)
                .into_iter()
                .filter(|&d| d != u32::MAX)
                .max();
            assert!(
                deepest <= Some((seed % 12 / 2) as u32),
                "{w}x{h} seed {seed}"
            );
        }
        // A limit no search reaches leaves the maze whole (as a mask of every cell).
        let whole = Backtrack {
            max_depth: Some(Amount::Count(1_000)),
            ..Backtrack::default()
        };
        assert_eq!(limited(whole, 9, 7, 3).cell_count(), 63);
    }

    #[test]
    fn limits_refuse_walkers_and_too_many_cells() {
        let limited = Backtrack {
            seeds: NonZeroU32::new(2).unwrap(),
            forks: false,
            ..Backtrack::default()
        };
        assert_eq!(
            Algorithm::check_cells(&limited, 10),
            Err(MazeError::LimitedWalkers { seeds: 2 })
        );
        let many = Backtrack {
            accessible: Some(Amount::Count(11)),
            ..Backtrack::default()
        };
        assert_eq!(
            Algorithm::check_cells(&many, 10),
            Err(MazeError::TooManyAccessible {
                accessible: 11,
                cells: 10
            })
        );
    }

    #[test]
    fn params_name_the_start_and_the_seeds() {
        let one = Backtrack::default();
        assert_eq!(
            Generator::params(&one),
            serde_json::json!({"start": {"x": 0, "y": 0}, "seeds": 1})
        );
        let three = Backtrack {
            seeds: NonZeroU32::new(3).unwrap(),
            start: Pos::new(2, 1),
            ..Backtrack::default()
        };
        assert_eq!(
            Generator::params(&three),
            serde_json::json!({"start": {"x": 2, "y": 1}, "seeds": 3})
        );
        let limited = Backtrack {
            accessible: Some(Amount::Share(Probability::new(0.5).unwrap())),
            max_depth: Some(Amount::Count(8)),
            forks: false,
            ..Backtrack::default()
        };
        assert_eq!(
            Generator::params(&limited),
            serde_json::json!({"start": {"x": 0, "y": 0}, "seeds": 1, "accessible": 0.5,
                "max_depth": 8, "forks": false})
        );
    }
}
