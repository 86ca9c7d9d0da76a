//! Random walls: Searchformer's mazes (facebookresearch/searchformer, `searchformer/maze.py`),
//! a grid of cells each free or a wall, with a start and a goal far enough apart.

use super::Algorithm;
use crate::Probability;
use crate::events::Event;
use crate::events::Observer;
use crate::grid::{Dir, Grid, MazeError, Pos, Result, empty_vec, filled_vec};
use crate::rng::{MazeRng, uniform, uniform_inclusive};
use serde::Serialize;

/// Searchformer's maze distribution: walls dropped on random cells of a `width x height`
/// grid, a start and a goal drawn on free cells, redrawn until A* finds a plan of at least
/// `max(width, height)` cells.
///
/// Searchformer's `MazeTraceDataset.generate` draws a wall count "`random.randint(a=len(indices)
/// // 10 * 3, b=len(indices) // 10 * 5)`" (30 to 50% of the cells, each count equally
/// likely, `//` rounding the tenth down), makes walls of that many cells of a shuffled list,
/// then up to `num_attempts` (100) times draws a start and a goal among the other cells and
/// keeps the task unless A* "cannot solve" it or "`len(trace.plan) < max(width, height)`"
/// (the plan counts its cells, start and goal included). So here:
///
/// 1. Draw the wall count: `walls` of the cells (rounded to the nearest) if given, else a
///    whole number from `cells / 10 * 3` to `cells / 10 * 5` (each `/` rounding down), each
///    equally likely.
/// 2. Make that many cells walls, each set of them equally likely (a partial Fisher-Yates
///    shuffle of the cells' indices, `x + y * width`).
/// 3. Up to `attempts` times, draw a start and a different goal among the free cells (each
///    pair equally likely); keep the first pair whose shortest path has at least
///    `max(width, height)` cells, start and goal included.
/// 4. If no pair was kept, draw a new layout (step 1), up to [`RandomWalls::LAYOUTS`] of them
///    before giving up with [`MazeError::NoLayout`].
/// 5. Join every two neighbouring free cells that the start reaches. The maze is those cells
///    ([`Generator::reached_from`](super::Generator::reached_from)'s mask): the other free
///    cells, pockets the start cannot reach, are left out of it with the walls.
///
/// **How it maps onto mazegen's model.** A Searchformer cell is a mazegen cell: a free cell is
/// a cell of the maze, a wall cell is a cell left out of its mask, and every two neighbouring
/// cells of the maze are joined, so the maze has no wall between two of its cells. A `w x h`
/// maze of random walls is thus a mask maze of `w x h` cells, drawn as any mask is in tiles
/// (`2w+1` across, a free cell at tile `(2x+1, 2y+1)`); `--format searchformer` writes such a
/// maze (a mask whose neighbouring cells are all joined) cell for cell, a `w x h` grid whose
/// walls are the cells left out, where it writes other mazes by their tiles. One difference
/// from Searchformer's prompts follows: a free pocket the start cannot reach is written as
/// walls (a maze is connected), which leaves the A* trace and the plan unchanged. And where
/// Searchformer keeps every distinct task it found on a layout (up to 100), here a seed gives
/// one maze: the first task found on its layout.
///
/// Not a perfect maze: its free cells are open rooms. Rectangles only; the start and goal are
/// the ones drawn, so a maze of random walls takes no endpoints, openings, braiding or
/// labyrinth of its own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomWalls {
    /// The share of the cells that are walls; `None` (the default) for Searchformer's draw of
    /// 30 to 50% of them.
    pub walls: Option<Probability>,
    /// The start and goal pairs tried on a layout before another layout is drawn (Searchformer's
    /// `num_attempts_per_maze`, 100 by default); at least 1.
    pub attempts: u32,
}

impl Default for RandomWalls {
    fn default() -> Self {
        Self {
            walls: None,
            attempts: 100,
        }
    }
}

/// The `params` of [`RandomWalls`]: `walls` only when fixed.
#[derive(Serialize)]
pub struct RandomWallsParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    walls: Option<f64>,
    attempts: u32,
}

/// A drawn grid of walls with its start and goal (cell indices, `x + y * width`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WallLayout {
    /// Whether each cell is a wall, at `x + y * width`.
    pub walls: Vec<bool>,
    /// The start cell.
    pub start: Pos,
    /// The goal cell.
    pub goal: Pos,
    /// The cells of a shortest path from start to goal, both counted.
    pub plan: u32,
}

impl RandomWalls {
    /// How many wall layouts are drawn before a size is given up
    /// ([`MazeError::NoLayout`]).
    pub const LAYOUTS: u32 = 1000;

    /// The fewest and most walls of a layout on `cells` cells (step 1).
    pub fn wall_range(&self, cells: u64) -> (u64, u64) {
        match self.walls {
            Some(share) => {
                let count = (share.get() * cells as f64).round() as u64;
                (count.min(cells), count.min(cells))
            }
            None => (cells / 10 * 3, cells / 10 * 5),
        }
    }

    /// Refuses a `width x height` grid on which no layout can ever be kept: one leaving fewer
    /// than two free cells, or one cell thin with walls, which cut the line a plan must cross
    /// whole.
    pub fn check_size(&self, width: u32, height: u32) -> Result<()> {
        let cells = u64::from(width) * u64::from(height);
        let (fewest, _) = self.wall_range(cells);
        let reason = if cells < fewest + 2 {
            "leave fewer than two free cells for a start and a goal"
        } else if (width == 1 || height == 1) && fewest > 0 {
            "always cut a grid one cell thin, whose plans must cross it whole"
        } else {
            return Ok(());
        };
        Err(MazeError::NoLayout {
            width,
            height,
            reason: reason.into(),
        })
    }

    /// Steps 1 to 4 on a `width x height` grid: the walls, the start and the goal.
    pub fn layout(&self, width: u32, height: u32, rng: &mut MazeRng) -> Result<WallLayout> {
        self.check_size(width, height)?;
        let (w, h) = (width as usize, height as usize);
        let cells = w * h;
        let need = width.max(height);
        let mut board = Board::new(width, height)?;
        let (fewest, most) = self.wall_range(cells as u64);
        for _ in 0..Self::LAYOUTS {
            // 1.
            let count = uniform_inclusive(rng, fewest..=most) as usize;
            // 2.
            board.draw_walls(count, rng);
            // 3.
            let free = cells - count;
            for _ in 0..self.attempts.max(1) {
                let start = uniform(rng, 0..free);
                let goal = uniform(rng, 0..free - 1);
                let goal = goal + usize::from(goal >= start);
                let (start, goal) = (board.order[count + start], board.order[count + goal]);
                if let Some(plan) = board.plan_cells(start, goal)
                    && plan >= need
                {
                    let pos = |i: u32| Pos::new(i % width, i / width);
                    return Ok(WallLayout {
                        walls: board.wall,
                        start: pos(start),
                        goal: pos(goal),
                        plan,
                    });
                }
            }
            // 4.
        }
        Err(MazeError::NoLayout {
            width,
            height,
            reason: format!(
                "gave no start and goal a plan of {need} cells apart in {} layouts",
                Self::LAYOUTS
            ),
        })
    }
}

/// The scratch of [`RandomWalls::layout`]: the cells' order (walls first), and a search's
/// distances, stamped so that no search clears them.
struct Board {
    width: usize,
    height: usize,
    order: Vec<u32>,
    wall: Vec<bool>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<(u32, u32)>,
}

impl Board {
    fn new(width: u32, height: u32) -> Result<Self> {
        let cells = width as usize * height as usize;
        let mut order = empty_vec(width, height, cells)?;
        order.extend(0..cells as u32);
        Ok(Self {
            width: width as usize,
            height: height as usize,
            order,
            wall: filled_vec(width, height, cells, false)?,
            seen: filled_vec(width, height, cells, 0)?,
            stamp: 0,
            queue: empty_vec(width, height, cells)?,
        })
    }

    /// Step 2: the first `count` cells of a partial shuffle of `0..cells` are the walls (the
    /// order starts from `0..cells` for every layout, so a seed's layout never depends on the
    /// ones before it but through the draws).
    fn draw_walls(&mut self, count: usize, rng: &mut MazeRng) {
        let cells = self.order.len();
        for (i, cell) in self.order.iter_mut().enumerate() {
            *cell = i as u32;
        }
        for i in 0..count {
            let j = uniform(rng, i..cells);
            self.order.swap(i, j);
        }
        self.wall.fill(false);
        for &cell in &self.order[..count] {
            self.wall[cell as usize] = true;
        }
    }

    /// The cells of a shortest path from `start` to `goal` between free cells, both counted
    /// (breadth-first), or `None` when the goal cannot be reached.
    fn plan_cells(&mut self, start: u32, goal: u32) -> Option<u32> {
        self.stamp += 1;
        self.queue.clear();
        self.queue.push((start, 1));
        self.seen[start as usize] = self.stamp;
        let mut head = 0;
        while let Some(&(cell, cells)) = self.queue.get(head) {
            head += 1;
            if cell == goal {
                return Some(cells);
            }
            let (x, y) = (cell as usize % self.width, cell as usize / self.width);
            let mut visit = |next: usize| {
                if !self.wall[next] && self.seen[next] != self.stamp {
                    self.seen[next] = self.stamp;
                    self.queue.push((next as u32, cells + 1));
                }
            };
            if y > 0 {
                visit(cell as usize - self.width);
            }
            if x + 1 < self.width {
                visit(cell as usize + 1);
            }
            if y + 1 < self.height {
                visit(cell as usize + self.width);
            }
            if x > 0 {
                visit(cell as usize - 1);
            }
        }
        None
    }
}

impl Algorithm for RandomWalls {
    const NAME: &'static str = "random-walls";
    const DRAWS_ENDS: bool = true;

    type Params = RandomWallsParams;

    fn params(&self) -> RandomWallsParams {
        RandomWallsParams {
            walls: self.walls.map(Probability::get),
            attempts: self.attempts.max(1),
        }
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        // Order (4), wall (1), seen (4) and queue (8) a cell.
        super::cells(width, height) * 17
    }

    fn check_size(&self, width: u32, height: u32) -> Result<()> {
        RandomWalls::check_size(self, width, height)
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        self.run_drawing_ends(grid, rng, observer).map(|_| ())
    }

    fn run_drawing_ends<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<Option<(Pos, Pos)>> {
        let layout = self.layout(grid.width(), grid.height(), rng)?;
        // 5. Every free cell the start reaches, each joined to its free neighbours east and
        // south, in index order.
        let (width, height) = (grid.width(), grid.height());
        let (w, h) = (width as usize, height as usize);
        let mut reached = filled_vec(width, height, w * h, false)?;
        let mut stack = empty_vec(width, height, w * h)?;
        let first = layout.start.y as usize * w + layout.start.x as usize;
        reached[first] = true;
        stack.push(first);
        while let Some(cell) = stack.pop() {
            let (x, y) = (cell % w, cell / w);
            let sides = [
                (y > 0, cell.wrapping_sub(w)),
                (x + 1 < w, cell + 1),
                (y + 1 < h, cell + w),
                (x > 0, cell.wrapping_sub(1)),
            ];
            for (_, next) in sides.into_iter().filter(|(inside, _)| *inside) {
                if !layout.walls[next] && !reached[next] {
                    reached[next] = true;
                    stack.push(next);
                }
            }
        }
        for cell in (0..w * h).filter(|&i| reached[i]) {
            let (x, y) = (cell % w, cell / w);
            let here = Pos::new(x as u32, y as u32);
            for (inside, next, dir) in [
                (x + 1 < w, cell + 1, Dir::East),
                (y + 1 < h, cell + w, Dir::South),
            ] {
                if inside && reached[next] {
                    grid.carve(here, dir);
                    observer.observe(Event::Carve { cell: here, dir });
                }
            }
        }
        Ok(Some((layout.start, layout.goal)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;
    use crate::algorithms::Generator;
    use crate::rng::rng_from_seed;

    fn maze(walls: RandomWalls, width: u32, height: u32, seed: u64) -> Maze {
        Maze::builder()
            .generator(walls.boxed())
            .cells(width, height)
            .seed(seed)
            .build()
            .unwrap()
    }

    #[test]
    fn the_wall_share_is_searchformer_s_draw() {
        // 10x10: 30 to 50 walls, each count equally likely. A wall on each cell with a
        // probability of 30 to 50% (a binomial count) would pass the mean but not the range,
        // a fixed count not the spread.
        let walls = RandomWalls::default();
        let mut rng = rng_from_seed(5);
        let (mut sum, mut low, mut high) = (0u64, u64::MAX, 0u64);
        let mut seen = [0u32; 101];
        for _ in 0..2000 {
            let layout = walls.layout(10, 10, &mut rng).unwrap();
            let count = layout.walls.iter().filter(|w| **w).count() as u64;
            sum += count;
            (low, high) = (low.min(count), high.max(count));
            seen[count as usize] += 1;
        }
        let mean = sum as f64 / 2000.0;
        // Kept layouts lean to fewer walls (they more often hold a long plan): the draw's mean
        // is 40, the kept ones' 39.3 (Searchformer's own loop, simulated), with a standard
        // deviation of 0.14 over 2,000 layouts; 0.6 either way is over 4 of them.
        assert!((low, high) == (30, 50), "{low}..{high}");
        assert!((38.7..39.9).contains(&mean), "{mean}");
        // Every count of the range turns up.
        assert!(seen[30..=50].iter().all(|&n| n > 0), "{seen:?}");
        // A fixed share is that many walls.
        let fixed = RandomWalls {
            walls: Some(Probability::new(0.35).unwrap()),
            ..walls
        };
        for seed in 0..50 {
            let layout = fixed.layout(20, 10, &mut rng_from_seed(seed)).unwrap();
            assert_eq!(layout.walls.iter().filter(|w| **w).count(), 70);
        }
    }

    #[test]
    fn walls_fall_on_every_cell_alike() {
        // The walls of 2,000 kept 10x10 layouts, about 78,600: each half of the grid (left and
        // right, top and bottom) holds half of them, within 1% (about 3.5 standard deviations
        // of a fair split); walls dropped on the first cells, or rows, would fail.
        let walls = RandomWalls::default();
        let mut rng = rng_from_seed(9);
        let (mut left, mut top, mut all) = (0f64, 0f64, 0f64);
        for _ in 0..2000 {
            let layout = walls.layout(10, 10, &mut rng).unwrap();
            for (i, _) in layout.walls.iter().enumerate().filter(|(_, w)| **w) {
                all += 1.0;
                left += f64::from(u8::from(i % 10 < 5));
                top += f64::from(u8::from(i / 10 < 5));
            }
        }
        for half in [left, top] {
            assert!((half / all - 0.5).abs() < 0.01, "{half} of {all}");
        }
    }

    #[test]
    fn every_maze_is_solvable_with_a_plan_of_max_side_cells() {
        for seed in 0..200 {
            let (width, height) = (5 + seed as u32 % 11, 4 + seed as u32 % 7);
            let maze = maze(RandomWalls::default(), width, height, seed);
            let path = maze.shortest_paths(1).unwrap().paths.remove(0);
            assert!(
                path.len() as u32 >= width.max(height),
                "seed {seed}: {} cells",
                path.len()
            );
            assert_ne!(maze.start(), maze.goal());
            // Every two neighbouring cells of the maze are joined.
            let (grid, mask) = (maze.grid().unwrap(), maze.mask().unwrap());
            for y in 0..height {
                for x in 0..width {
                    let here = Pos::new(x, y);
                    for dir in [Dir::East, Dir::South] {
                        if let Some(next) = grid.neighbour(here, dir) {
                            let both = mask.is_on(here) && mask.is_on(next);
                            assert_eq!(grid.is_open(here, dir), both, "seed {seed} {here:?}");
                        }
                    }
                }
            }
            // The maze's cells are free cells of the layout, the layout's walls left out.
            let layout = RandomWalls::default()
                .layout(width, height, &mut rng_from_seed(seed))
                .unwrap();
            for (i, wall) in layout.walls.iter().enumerate() {
                let pos = Pos::new(i as u32 % width, i as u32 / width);
                assert!(!(*wall && mask.is_on(pos)), "seed {seed} {pos:?}");
            }
            assert_eq!(
                (maze.start_pos(), maze.goal_pos()),
                (layout.start, layout.goal)
            );
        }
    }

    #[test]
    fn a_seed_gives_the_same_maze() {
        for seed in 0..20 {
            assert_eq!(
                maze(RandomWalls::default(), 12, 9, seed),
                maze(RandomWalls::default(), 12, 9, seed)
            );
        }
        assert_ne!(
            maze(RandomWalls::default(), 12, 9, 1),
            maze(RandomWalls::default(), 12, 9, 2)
        );
    }

    #[test]
    fn impossible_sizes_are_refused() {
        let walls = RandomWalls::default();
        let error = walls.layout(20, 1, &mut rng_from_seed(1)).unwrap_err();
        assert!(matches!(error, MazeError::NoLayout { .. }));
        // Fewer than 10 cells get no walls: a row of 9 is a plan of 9 cells.
        let layout = walls.layout(9, 1, &mut rng_from_seed(1)).unwrap();
        assert_eq!(layout.plan, 9);
        assert!(walls.layout(1, 1, &mut rng_from_seed(1)).is_err());
        let full = RandomWalls {
            walls: Some(Probability::new(1.0).unwrap()),
            ..walls
        };
        assert!(full.check_size(10, 10).is_err());
        assert!(walls.check_size(1, 1).is_err() && walls.check_size(2, 1).is_ok());
        assert!(walls.check_size(10, 1).is_err() && walls.check_size(2, 5).is_ok());
    }
}
