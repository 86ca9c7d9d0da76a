//! Search traces: a search's every step written down, as Searchformer trains on A*'s.
//!
//! A trace runs on a [`WallGrid`], a grid of cells each free or a wall, moves between free
//! cells side by side, the grid Searchformer's mazes are (a mazegen maze becomes one by its
//! tiles inside the outer wall, or cell for cell when every two neighbouring cells of a mask
//! are joined: see the `searchformer` format). Each step is an [`Action`] on a cell with two
//! numbers, then the plan, the path the search found, a step a cell:
//!
//! | search | steps | numbers |
//! |---|---|---|
//! | [`Search::Astar`] | `create` a node pushed on the open heap, `close` one popped | `cG cH`: the cost from the start, the Manhattan distance to the goal |
//! | [`Search::Bfs`] | `create` a cell put on the queue, `close` one taken off it | `cD c0`: the distance from the start |
//! | [`Search::Dfs`] | `create` a cell entered (pushed on the path), `close` one left for good (popped) | `cD c0`: the depth on the path |
//! | [`Search::DeadEndFilling`] | `fill` a dead end filled, one a cell | `c0 c0` |
//!
//! Every search ends with `plan x y` for each cell of its path, start to goal. As tokens
//! ([`tokens`]): `create x y cG cH`, `close x y cG cH`, `fill x y`, `plan x y`, A*'s exactly
//! Searchformer's (`searchformer/maze.py`'s `SimpleMazeTokenizer`); as arrays
//! ([`Step::row`]): `(action, x, y)` rows, `action` numbered as [`Action::code`] says.
//!
//! Neighbours are taken in Searchformer's order, `y + 1`, `y - 1`, `x - 1`, `x + 1`.

use crate::grid::{Grid, Pos, cell_tile};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::str::FromStr;

/// A grid of free and wall cells, as Searchformer's mazes are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WallGrid {
    /// Cells across.
    pub width: u32,
    /// Cells down.
    pub height: u32,
    /// Whether each cell is a wall, at `x + y * width`.
    pub walls: Vec<bool>,
}

impl WallGrid {
    /// The tiles of `grid` inside its outer wall.
    pub fn of_tiles(grid: &Grid) -> WallGrid {
        let width = (grid.tile_width() - 2) as u32;
        let height = (grid.tile_height() - 2) as u32;
        let mut walls = vec![true; width as usize * height as usize];
        let mut open =
            |(x, y): (u64, u64)| walls[(y as usize - 1) * width as usize + x as usize - 1] = false;
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let (tx, ty) = cell_tile(Pos { x, y });
                open((tx, ty));
                if grid.open_east(x, y) {
                    open((tx + 1, ty));
                }
                if grid.open_south(x, y) {
                    open((tx, ty + 1));
                }
            }
        }
        WallGrid {
            width,
            height,
            walls,
        }
    }

    /// Whether `(x, y)` is a free cell of the grid.
    pub fn free(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x)
            && (0..i64::from(self.height)).contains(&y)
            && !self.walls[y as usize * self.width as usize + x as usize]
    }

    /// The free neighbours of `cell`, in Searchformer's order: `y + 1`, `y - 1`, `x - 1`,
    /// `x + 1`.
    pub fn neighbours(&self, (x, y): Cell) -> impl Iterator<Item = Cell> + '_ {
        let (x, y) = (i64::from(x), i64::from(y));
        [(x, y + 1), (x, y - 1), (x - 1, y), (x + 1, y)]
            .into_iter()
            .filter(|&(x, y)| self.free(x, y))
            .map(|(x, y)| (x as u32, y as u32))
    }

    fn index(&self, (x, y): Cell) -> usize {
        y as usize * self.width as usize + x as usize
    }
}

/// A cell of a [`WallGrid`], `(x, y)`.
pub type Cell = (u32, u32);

/// What a step of a trace does to its cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Put on the search's frontier (A*'s heap, the queue, the path).
    Create,
    /// Taken off it, done with.
    Close,
    /// Filled as a dead end.
    Fill,
    /// A cell of the path found.
    Plan,
}

impl Action {
    /// Its token: `create`, `close`, `fill`, `plan`.
    pub const fn name(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Close => "close",
            Action::Fill => "fill",
            Action::Plan => "plan",
        }
    }

    /// Its number in arrays: 0 `create`, 1 `close`, 2 `fill`, 3 `plan` (padding is -1).
    pub const fn code(self) -> i32 {
        match self {
            Action::Create => 0,
            Action::Close => 1,
            Action::Fill => 2,
            Action::Plan => 3,
        }
    }
}

/// One step of a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// What it does.
    pub action: Action,
    /// The cell's column.
    pub x: u32,
    /// The cell's row.
    pub y: u32,
    /// A*'s cost from the start, breadth-first search's distance, depth-first search's depth;
    /// 0 for a fill and on the plan (where A*'s is the cell's place on it).
    pub cost: u32,
    /// A*'s heuristic, the Manhattan distance to the goal; 0 for the other searches.
    pub heuristic: u32,
}

impl Step {
    /// The step as an array's row: `[action code, x, y]`.
    pub fn row(&self) -> [i32; 3] {
        [self.action.code(), self.x as i32, self.y as i32]
    }
}

/// The searches a trace can be of.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Search {
    /// A* as Searchformer runs it ([`astar`]).
    #[default]
    Astar,
    /// Breadth-first search ([`bfs`]).
    Bfs,
    /// Depth-first search ([`dfs`]).
    Dfs,
    /// Dead-end filling ([`dead_end_filling`]).
    DeadEndFilling,
}

impl Search {
    /// Every search, in the order the command line lists them.
    pub const ALL: [Search; 4] = [
        Search::Bfs,
        Search::Dfs,
        Search::Astar,
        Search::DeadEndFilling,
    ];

    /// Its name: `bfs`, `dfs`, `astar`, `dead-end-filling`.
    pub const fn name(self) -> &'static str {
        match self {
            Search::Astar => "astar",
            Search::Bfs => "bfs",
            Search::Dfs => "dfs",
            Search::DeadEndFilling => "dead-end-filling",
        }
    }

    /// The trace of this search from `start` to `goal` on `grid`, the plan last; `None` when
    /// the goal cannot be reached.
    pub fn trace(self, grid: &WallGrid, start: Cell, goal: Cell) -> Option<Vec<Step>> {
        match self {
            Search::Astar => astar(grid, start, goal),
            Search::Bfs => bfs(grid, start, goal),
            Search::Dfs => dfs(grid, start, goal),
            Search::DeadEndFilling => dead_end_filling(grid, start, goal),
        }
    }
}

impl fmt::Display for Search {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Search {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Search::ALL
            .into_iter()
            .find(|search| search.name() == text)
            .ok_or_else(|| {
                format!("'{text}' is not a search: expected bfs, dfs, astar or dead-end-filling")
            })
    }
}

fn step(action: Action, (x, y): Cell, cost: u32, heuristic: u32) -> Step {
    Step {
        action,
        x,
        y,
        cost,
        heuristic,
    }
}

/// The plan from `parent` links back from `goal`, appended to `log` start first.
fn plan(grid: &WallGrid, parent: &[Option<Cell>], goal: Cell, log: &mut Vec<Step>) {
    let mut cells = vec![goal];
    while let Some(before) = parent[grid.index(*cells.last().expect("the goal"))] {
        cells.push(before);
    }
    log.extend(
        cells
            .into_iter()
            .rev()
            .map(|cell| step(Action::Plan, cell, 0, 0)),
    );
}

/// A* from `start` to `goal` as Searchformer runs it (`searchformer/astar.py` with the maze of
/// `searchformer/maze.py`, deterministic): a `create` for every node pushed on the open heap
/// and a `close` for every one popped, with its cost from the start and its Manhattan distance
/// to the goal; the heap ordered by their sum, ties by the lower `x + 100000 * y`; a node
/// already open at no higher cost, or closed at no higher cost, is not pushed again, and one
/// open at a higher cost is taken off the heap first; the search stops when it closes the
/// goal. The plan's steps carry the cost and heuristic of the cell's place on it.
pub fn astar(grid: &WallGrid, start: Cell, goal: Cell) -> Option<Vec<Step>> {
    let cells = grid.width as usize * grid.height as usize;
    let h = |(x, y): Cell| x.abs_diff(goal.0) + y.abs_diff(goal.1);
    let key = |(x, y): Cell| u64::from(x) + 100_000 * u64::from(y);
    let mut open: Vec<Option<u32>> = vec![None; cells];
    let mut closed: Vec<Option<u32>> = vec![None; cells];
    let mut parent: Vec<Option<Cell>> = vec![None; cells];
    // Entries (cost, key, g, cell): one taken off the heap is left in it and skipped when
    // popped, its cell no longer open at its cost.
    let mut heap = BinaryHeap::new();
    let mut log = Vec::new();
    heap.push(Reverse((h(start), key(start), 0u32, start)));
    open[grid.index(start)] = Some(0);
    log.push(step(Action::Create, start, 0, h(start)));
    let mut reached = false;
    while let Some(Reverse((_, _, g, here))) = heap.pop() {
        if open[grid.index(here)] != Some(g) {
            continue;
        }
        open[grid.index(here)] = None;
        closed[grid.index(here)] = Some(g);
        log.push(step(Action::Close, here, g, h(here)));
        if here == goal {
            reached = true;
            break;
        }
        for child in grid.neighbours(here) {
            let child_g = g + 1;
            if let Some(old) = open[grid.index(child)] {
                if old <= child_g {
                    continue;
                }
                open[grid.index(child)] = None;
            }
            if closed[grid.index(child)].is_some_and(|old| old <= child_g) {
                continue;
            }
            heap.push(Reverse((child_g + h(child), key(child), child_g, child)));
            open[grid.index(child)] = Some(child_g);
            parent[grid.index(child)] = Some(here);
            log.push(step(Action::Create, child, child_g, h(child)));
        }
    }
    if !reached {
        return None;
    }
    let from = log.len();
    plan(grid, &parent, goal, &mut log);
    for (g, planned) in log[from..].iter_mut().enumerate() {
        (planned.cost, planned.heuristic) = (g as u32, h((planned.x, planned.y)));
    }
    Some(log)
}

/// Breadth-first search from `start`: a `create` for each cell put on the queue (the start,
/// then each free neighbour not seen before, in Searchformer's order) and a `close` for each
/// taken off it, with its distance from the start; it stops when it closes the goal. The plan
/// is a shortest path, each cell reached from the one that first saw it.
pub fn bfs(grid: &WallGrid, start: Cell, goal: Cell) -> Option<Vec<Step>> {
    let cells = grid.width as usize * grid.height as usize;
    let mut seen = vec![false; cells];
    let mut parent: Vec<Option<Cell>> = vec![None; cells];
    let mut queue = std::collections::VecDeque::new();
    let mut log = Vec::new();
    seen[grid.index(start)] = true;
    queue.push_back((start, 0));
    log.push(step(Action::Create, start, 0, 0));
    while let Some((here, d)) = queue.pop_front() {
        log.push(step(Action::Close, here, d, 0));
        if here == goal {
            plan(grid, &parent, goal, &mut log);
            return Some(log);
        }
        for next in grid.neighbours(here) {
            if !seen[grid.index(next)] {
                seen[grid.index(next)] = true;
                parent[grid.index(next)] = Some(here);
                queue.push_back((next, d + 1));
                log.push(step(Action::Create, next, d + 1, 0));
            }
        }
    }
    None
}

/// Depth-first search from `start`, without recursion: a `create` for each cell entered (the
/// start, then the first free neighbour of the cell on top of the path not entered before, in
/// Searchformer's order), and a `close` for each left for good (no such neighbour left: taken
/// off the path), with its depth on the path; it stops when it enters the goal. The plan is
/// the path then held, start to goal.
pub fn dfs(grid: &WallGrid, start: Cell, goal: Cell) -> Option<Vec<Step>> {
    let cells = grid.width as usize * grid.height as usize;
    let mut entered = vec![false; cells];
    let mut path = vec![start];
    let mut log = vec![step(Action::Create, start, 0, 0)];
    entered[grid.index(start)] = true;
    while let Some(&here) = path.last() {
        if here == goal {
            log.extend(path.iter().map(|&cell| step(Action::Plan, cell, 0, 0)));
            return Some(log);
        }
        match grid
            .neighbours(here)
            .find(|&next| !entered[grid.index(next)])
        {
            Some(next) => {
                entered[grid.index(next)] = true;
                log.push(step(Action::Create, next, path.len() as u32, 0));
                path.push(next);
            }
            None => {
                path.pop();
                log.push(step(Action::Close, here, path.len() as u32, 0));
            }
        }
    }
    None
}

/// Dead-end filling: every free cell with one free neighbour not filled, but the start and
/// the goal, is filled, in index order (`x + y * width`), and each fill walks on into its one
/// neighbour while that is left a dead end in turn; a `fill` for each. What is left holds the
/// way through: on a perfect maze (a tree of free cells) exactly the path. The plan is a
/// shortest path through the cells left (breadth-first, Searchformer's order).
pub fn dead_end_filling(grid: &WallGrid, start: Cell, goal: Cell) -> Option<Vec<Step>> {
    let (width, cells) = (grid.width, grid.width as usize * grid.height as usize);
    let cell = |i: usize| ((i % width as usize) as u32, (i / width as usize) as u32);
    let mut filled = vec![false; cells];
    let mut degree: Vec<u8> = (0..cells)
        .map(|i| grid.neighbours(cell(i)).count() as u8)
        .collect();
    let keep = |c: Cell| c == start || c == goal;
    let mut log = Vec::new();
    for first in 0..cells {
        if grid.walls[first] || filled[first] || keep(cell(first)) || degree[first] != 1 {
            continue;
        }
        let mut here = cell(first);
        loop {
            filled[grid.index(here)] = true;
            log.push(step(Action::Fill, here, 0, 0));
            let Some(next) = grid.neighbours(here).find(|&n| !filled[grid.index(n)]) else {
                break;
            };
            degree[grid.index(next)] -= 1;
            if keep(next) || degree[grid.index(next)] != 1 {
                break;
            }
            here = next;
        }
    }
    // The plan: breadth-first through the cells left.
    let left = WallGrid {
        walls: (0..cells).map(|i| grid.walls[i] || filled[i]).collect(),
        ..grid.clone()
    };
    let found = bfs(&left, start, goal)?;
    log.extend(found.into_iter().filter(|s| s.action == Action::Plan));
    Some(log)
}

/// The tokens of `trace`: `create|close x y cG cH`, `fill x y`, `plan x y`, a space between.
pub fn tokens(trace: &[Step]) -> String {
    let mut text = String::new();
    for step in trace {
        if !text.is_empty() {
            text.push(' ');
        }
        let (name, x, y) = (step.action.name(), step.x, step.y);
        match step.action {
            Action::Plan | Action::Fill => text.push_str(&format!("{name} {x} {y}")),
            Action::Create | Action::Close => text.push_str(&format!(
                "{name} {x} {y} c{} c{}",
                step.cost, step.heuristic
            )),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet, VecDeque};

    /// A grid from rows of `#` (wall) and `.` (free).
    fn grid(rows: &[&str]) -> WallGrid {
        WallGrid {
            width: rows[0].len() as u32,
            height: rows.len() as u32,
            walls: rows
                .iter()
                .flat_map(|r| r.bytes().map(|b| b == b'#'))
                .collect(),
        }
    }

    /// Distances from `start` by an independent breadth-first search over the grid's free
    /// cells (a set of positions, no order of neighbours).
    fn distances(grid: &WallGrid, start: Cell) -> HashMap<Cell, u32> {
        let mut seen = HashMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        while let Some((x, y)) = queue.pop_front() {
            let d = seen[&(x, y)];
            for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                if grid.free(nx, ny) && !seen.contains_key(&(nx as u32, ny as u32)) {
                    seen.insert((nx as u32, ny as u32), d + 1);
                    queue.push_back((nx as u32, ny as u32));
                }
            }
        }
        seen
    }

    fn plan_of(trace: &[Step]) -> Vec<Cell> {
        trace
            .iter()
            .filter(|s| s.action == Action::Plan)
            .map(|s| (s.x, s.y))
            .collect()
    }

    /// A plan that walks from start to goal one free cell a step.
    fn assert_walks(grid: &WallGrid, plan: &[Cell], start: Cell, goal: Cell) {
        assert_eq!((plan[0], plan[plan.len() - 1]), (start, goal));
        for pair in plan.windows(2) {
            let ((a, b), (c, d)) = (pair[0], pair[1]);
            assert_eq!(a.abs_diff(c) + b.abs_diff(d), 1, "{pair:?}");
            assert!(grid.free(i64::from(c), i64::from(d)));
        }
    }

    /// Random grids of 30% walls, seeded: an LCG keeps the test free of the library's RNG.
    fn random_grids() -> Vec<(WallGrid, Cell, Cell)> {
        let mut state = 12345u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        let mut grids = Vec::new();
        while grids.len() < 200 {
            let (w, h) = (3 + next(10) as u32, 3 + next(10) as u32);
            let walls: Vec<bool> = (0..w * h).map(|_| next(10) < 3).collect();
            let grid = WallGrid {
                width: w,
                height: h,
                walls,
            };
            let free: Vec<Cell> = (0..w * h)
                .filter(|&i| !grid.walls[i as usize])
                .map(|i| (i % w, i / w))
                .collect();
            if free.len() < 2 {
                continue;
            }
            let (s, g) = (
                free[next(free.len() as u64) as usize],
                free[next(free.len() as u64) as usize],
            );
            grids.push((grid, s, g));
        }
        grids
    }

    #[test]
    fn bfs_closes_cells_in_order_of_distance() {
        for (grid, start, goal) in random_grids() {
            let distance = distances(&grid, start);
            let Some(trace) = bfs(&grid, start, goal) else {
                assert!(!distance.contains_key(&goal));
                continue;
            };
            let mut last = 0;
            for s in trace.iter().filter(|s| s.action != Action::Plan) {
                assert_eq!(s.cost, distance[&(s.x, s.y)], "{s:?}");
                if s.action == Action::Close {
                    assert!(s.cost >= last);
                    last = s.cost;
                }
            }
            let plan = plan_of(&trace);
            assert_walks(&grid, &plan, start, goal);
            assert_eq!(plan.len() as u32, distance[&goal] + 1);
            // Each cell created once, closed after it was created.
            let creates: Vec<Cell> = trace
                .iter()
                .filter(|s| s.action == Action::Create)
                .map(|s| (s.x, s.y))
                .collect();
            assert_eq!(creates.iter().collect::<HashSet<_>>().len(), creates.len());
        }
    }

    #[test]
    fn dfs_is_a_depth_first_order() {
        for (grid, start, goal) in random_grids() {
            let distance = distances(&grid, start);
            let Some(trace) = dfs(&grid, start, goal) else {
                assert!(!distance.contains_key(&goal));
                continue;
            };
            // Replayed: a create enters a cell beside the top of the path, never entered
            // before; a close leaves the top, every free neighbour of it entered by then.
            let mut path: Vec<Cell> = Vec::new();
            let mut entered = HashSet::new();
            for s in trace.iter().filter(|s| s.action != Action::Plan) {
                let cell = (s.x, s.y);
                match s.action {
                    Action::Create => {
                        if let Some(&(x, y)) = path.last() {
                            assert_eq!(x.abs_diff(cell.0) + y.abs_diff(cell.1), 1);
                        }
                        assert!(entered.insert(cell), "{cell:?} entered twice");
                        assert_eq!(s.cost as usize, path.len());
                        path.push(cell);
                    }
                    Action::Close => {
                        assert_eq!(path.pop(), Some(cell));
                        for n in grid.neighbours(cell) {
                            assert!(entered.contains(&n), "{cell:?} left before {n:?}");
                        }
                    }
                    _ => panic!("{s:?}"),
                }
            }
            let plan = plan_of(&trace);
            assert_eq!(plan, path);
            assert_walks(&grid, &plan, start, goal);
        }
    }

    /// A perfect grid maze: the tiles of a spanning tree, made by a depth-first walk of an
    /// LCG's choices.
    fn perfect(width: u32, height: u32, mut state: u64) -> WallGrid {
        let (w, h) = (2 * width - 1, 2 * height - 1);
        let mut walls = vec![true; (w * h) as usize];
        let mut seen = vec![false; (width * height) as usize];
        let mut stack = vec![(0u32, 0u32)];
        seen[0] = true;
        walls[0] = false;
        while let Some(&(x, y)) = stack.last() {
            let options: Vec<(u32, u32)> = [(0i64, 1i64), (0, -1), (-1, 0), (1, 0)]
                .into_iter()
                .map(|(dx, dy)| (i64::from(x) + dx, i64::from(y) + dy))
                .filter(|&(nx, ny)| {
                    (0..i64::from(width)).contains(&nx) && (0..i64::from(height)).contains(&ny)
                })
                .map(|(nx, ny)| (nx as u32, ny as u32))
                .filter(|&(nx, ny)| !seen[(ny * width + nx) as usize])
                .collect();
            if options.is_empty() {
                stack.pop();
                continue;
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            let (nx, ny) = options[((state >> 33) % options.len() as u64) as usize];
            seen[(ny * width + nx) as usize] = true;
            walls[((y + ny) * w + x + nx) as usize] = false;
            walls[(2 * ny * w + 2 * nx) as usize] = false;
            stack.push((nx, ny));
        }
        WallGrid {
            width: w,
            height: h,
            walls,
        }
    }

    #[test]
    fn dead_end_filling_leaves_the_path_of_a_perfect_maze() {
        for seed in 0..60 {
            let (width, height) = (2 + seed as u32 % 7, 2 + seed as u32 % 5);
            let grid = perfect(width, height, seed);
            let goal = (grid.width - 1, grid.height - 1);
            let start = (0, 2 * (seed as u32 % height));
            let trace = dead_end_filling(&grid, start, goal).unwrap();
            let filled: HashSet<Cell> = trace
                .iter()
                .filter(|s| s.action == Action::Fill)
                .map(|s| (s.x, s.y))
                .collect();
            let free = grid.walls.iter().filter(|w| !**w).count();
            // The path, by an independent search: the cells whose distances from both ends
            // add up to the length of the way through.
            let (from_start, from_goal) = (distances(&grid, start), distances(&grid, goal));
            let length = from_start[&goal];
            let on_path: HashSet<Cell> = from_start
                .keys()
                .filter(|c| from_start[*c] + from_goal[*c] == length)
                .copied()
                .collect();
            assert_eq!(filled.len() + on_path.len(), free, "seed {seed}");
            assert!(filled.is_disjoint(&on_path), "seed {seed}");
            let plan = plan_of(&trace);
            assert_eq!(plan.iter().copied().collect::<HashSet<_>>(), on_path);
            assert_walks(&grid, &plan, start, goal);
        }
    }

    #[test]
    fn astar_s_plan_is_shortest_and_names_parse() {
        for (grid, start, goal) in random_grids() {
            let distance = distances(&grid, start);
            match astar(&grid, start, goal) {
                Some(trace) => {
                    let plan = plan_of(&trace);
                    assert_walks(&grid, &plan, start, goal);
                    assert_eq!(plan.len() as u32, distance[&goal] + 1);
                }
                None => assert!(!distance.contains_key(&goal)),
            }
        }
        for search in Search::ALL {
            assert_eq!(search.name().parse::<Search>(), Ok(search));
        }
        assert!("a*".parse::<Search>().is_err());
        let g = grid(&["..", ".."]);
        assert_eq!(
            tokens(&dead_end_filling(&g, (0, 0), (1, 0)).unwrap()),
            "plan 0 0 plan 1 0"
        );
        let corridor = grid(&["...", "#.#"]);
        assert_eq!(
            tokens(&dead_end_filling(&corridor, (0, 0), (2, 0)).unwrap()),
            "fill 1 1 plan 0 0 plan 1 0 plan 2 0"
        );
    }
}
