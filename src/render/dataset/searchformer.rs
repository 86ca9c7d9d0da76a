//! `searchformer`: the token sequences Searchformer (facebookresearch/searchformer) trains on,
//! a maze a line: the prompt, A*'s trace, then the plan.
//!
//! ```text
//! start 0 0 goal 4 4 wall 1 0 wall 3 0 ... create 0 0 c0 c8 close 0 0 c0 c8 create 0 1 c1 c7 ... plan 0 0 plan 0 1 ...
//! ```
//!
//! Searchformer's mazes are grids of cells, each a wall or free, moves between free cells side
//! by side; a maze here is its tiles inside the outer wall: `2w-1` by `2h-1` for `w x h`
//! cells, `x` the tile column and `y` the tile row counted from 0 inside the wall (cell
//! `(x, y)` at `(2x, 2y)`). The prompt is `start x y goal x y` and `wall x y` for every wall
//! tile, in the order of `x + y * width`. The trace is A* as Searchformer runs it
//! (`searchformer/astar.py` with the maze of `searchformer/maze.py`, deterministic): a `create
//! x y cG cH` for every node pushed on the open heap and a `close x y cG cH` for every one
//! popped, `G` the cost from the start and `H` the Manhattan distance to the goal; neighbours
//! in the order `y + 1`, `y - 1`, `x - 1`, `x + 1`; the heap ordered by `G + H`, ties by the
//! lower `x + 100000 * y`; a node already open at no higher cost, or closed at no higher cost,
//! is not pushed again, and one open at a higher cost is taken off the heap first; the search
//! stops when it closes the goal. The plan is `plan x y` for each cell of the path found.

use super::grids::rectangle;
use crate::grid::{Grid, MazeError, cell_tile};
use crate::maze::Maze;
use crate::render::{Holds, Many, Render, Takes};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Write};

/// Searchformer's prompt, A* trace and plan, a maze a line (rectangles).
#[derive(Debug, Clone, Copy, Default)]
pub struct Searchformer;

impl Searchformer {
    /// What `searchformer` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        many: Some(Many::Lines),
        holds: Holds {
            openings: false,
            solution: false,
            ..Holds::ALL
        },
        ..Takes::NOTHING
    };
}

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
                let here = crate::grid::Pos { x, y };
                let (tx, ty) = cell_tile(here);
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
    fn free(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x)
            && (0..i64::from(self.height)).contains(&y)
            && !self.walls[y as usize * self.width as usize + x as usize]
    }
}

/// One step of an A* trace: a node pushed (`create`) or popped (`close`), or a cell of the
/// plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceStep {
    /// `create`, `close` or `plan`.
    pub action: &'static str,
    /// The cell's column.
    pub x: u32,
    /// The cell's row.
    pub y: u32,
    /// The cost from the start.
    pub cost: u32,
    /// The heuristic: the Manhattan distance to the goal.
    pub heuristic: u32,
}

/// A* from `start` to `goal` on `grid` as Searchformer runs it (see the [module](self)): the
/// trace then the plan, or `None` when the goal cannot be reached.
pub fn astar_trace(grid: &WallGrid, start: (u32, u32), goal: (u32, u32)) -> Option<Vec<TraceStep>> {
    let cells = grid.width as usize * grid.height as usize;
    let index = |(x, y): (u32, u32)| y as usize * grid.width as usize + x as usize;
    let h = |(x, y): (u32, u32)| x.abs_diff(goal.0) + y.abs_diff(goal.1);
    let key = |(x, y): (u32, u32)| u64::from(x) + 100_000 * u64::from(y);
    let mut open: Vec<Option<u32>> = vec![None; cells];
    let mut closed: Vec<Option<u32>> = vec![None; cells];
    let mut parent: Vec<Option<(u32, u32)>> = vec![None; cells];
    // Entries (cost, key, g, cell): one taken off the heap is left in it and skipped when
    // popped, its cell no longer open at its cost.
    let mut heap = BinaryHeap::new();
    let mut log = Vec::new();
    let step = |action, (x, y): (u32, u32), g: u32| TraceStep {
        action,
        x,
        y,
        cost: g,
        heuristic: h((x, y)),
    };
    heap.push(Reverse((h(start), key(start), 0u32, start)));
    open[index(start)] = Some(0);
    log.push(step("create", start, 0));
    let mut reached = None;
    while let Some(Reverse((_, _, g, here))) = heap.pop() {
        if open[index(here)] != Some(g) {
            continue;
        }
        open[index(here)] = None;
        closed[index(here)] = Some(g);
        log.push(step("close", here, g));
        if here == goal {
            reached = Some(here);
            break;
        }
        let (x, y) = (i64::from(here.0), i64::from(here.1));
        for (nx, ny) in [(x, y + 1), (x, y - 1), (x - 1, y), (x + 1, y)] {
            if !grid.free(nx, ny) {
                continue;
            }
            let child = (nx as u32, ny as u32);
            let child_g = g + 1;
            if let Some(old) = open[index(child)] {
                if old <= child_g {
                    continue;
                }
                open[index(child)] = None;
            }
            if closed[index(child)].is_some_and(|old| old <= child_g) {
                continue;
            }
            heap.push(Reverse((child_g + h(child), key(child), child_g, child)));
            open[index(child)] = Some(child_g);
            parent[index(child)] = Some(here);
            log.push(step("create", child, child_g));
        }
    }
    let goal = reached?;
    let mut plan = vec![goal];
    while let Some(before) = parent[index(*plan.last().expect("the goal"))] {
        plan.push(before);
    }
    plan.reverse();
    for (g, cell) in plan.into_iter().enumerate() {
        log.push(step("plan", cell, g as u32));
    }
    Some(log)
}

/// The tokens of `trace`: `create|close x y cG cH`, `plan x y`.
pub fn trace_tokens(trace: &[TraceStep]) -> String {
    let mut text = String::new();
    for step in trace {
        if !text.is_empty() {
            text.push(' ');
        }
        match step.action {
            "plan" => text.push_str(&format!("plan {} {}", step.x, step.y)),
            action => text.push_str(&format!(
                "{action} {} {} c{} c{}",
                step.x, step.y, step.cost, step.heuristic
            )),
        }
    }
    text
}

/// The prompt of Searchformer's maze: `start x y goal x y wall x y ...`.
pub fn prompt(grid: &WallGrid, start: (u32, u32), goal: (u32, u32)) -> String {
    let mut text = format!("start {} {} goal {} {}", start.0, start.1, goal.0, goal.1);
    for (i, _) in grid.walls.iter().enumerate().filter(|(_, wall)| **wall) {
        let (x, y) = (i % grid.width as usize, i / grid.width as usize);
        text.push_str(&format!(" wall {x} {y}"));
    }
    text
}

impl Render for Searchformer {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = rectangle(maze, "searchformer", false)?;
        let walls = WallGrid::of_tiles(grid);
        let inside = |pos| {
            let (x, y) = cell_tile(pos);
            ((x - 1) as u32, (y - 1) as u32)
        };
        let (start, goal) = (inside(maze.start_pos()), inside(maze.goal_pos()));
        let trace = astar_trace(&walls, start, goal).ok_or_else(|| {
            io::Error::other(MazeError::NoPath {
                start: maze.start_pos(),
                goal: maze.goal_pos(),
            })
        })?;
        let line = format!("{} {}\n", prompt(&walls, start, goal), trace_tokens(&trace));
        out.write_all(line.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Searchformer's own A* fixtures (`test/trace_maze*.json`), their mazes and their traces
    /// as tokens.
    #[test]
    fn searchformers_trace_fixtures_token_for_token() {
        let grid = |walls: &[(usize, usize)]| {
            let mut cells = vec![false; 9];
            for &(x, y) in walls {
                cells[x + 3 * y] = true;
            }
            WallGrid {
                width: 3,
                height: 3,
                walls: cells,
            }
        };
        let fixtures = [
            (
                grid(&[]),
                (2, 2),
                "create 0 0 c0 c4 close 0 0 c0 c4 create 0 1 c1 c3 create 1 0 c1 c3 close 1 0 c1 c3 \
                 create 1 1 c2 c2 create 2 0 c2 c2 close 2 0 c2 c2 create 2 1 c3 c1 close 0 1 c1 c3 \
                 create 0 2 c2 c2 close 1 1 c2 c2 create 1 2 c3 c1 close 2 1 c3 c1 create 2 2 c4 c0 \
                 close 0 2 c2 c2 close 1 2 c3 c1 close 2 2 c4 c0 plan 0 0 plan 1 0 plan 2 0 plan 2 1 \
                 plan 2 2",
            ),
            (
                grid(&[(0, 1)]),
                (0, 2),
                "create 0 0 c0 c2 close 0 0 c0 c2 create 1 0 c1 c3 close 1 0 c1 c3 create 1 1 c2 c2 \
                 create 2 0 c2 c4 close 1 1 c2 c2 create 1 2 c3 c1 create 2 1 c3 c3 close 1 2 c3 c1 \
                 create 0 2 c4 c0 create 2 2 c4 c2 close 0 2 c4 c0 plan 0 0 plan 1 0 plan 1 1 plan 1 2 \
                 plan 0 2",
            ),
            (
                grid(&[(0, 1), (1, 1)]),
                (0, 2),
                "create 0 0 c0 c2 close 0 0 c0 c2 create 1 0 c1 c3 close 1 0 c1 c3 create 2 0 c2 c4 \
                 close 2 0 c2 c4 create 2 1 c3 c3 close 2 1 c3 c3 create 2 2 c4 c2 close 2 2 c4 c2 \
                 create 1 2 c5 c1 close 1 2 c5 c1 create 0 2 c6 c0 close 0 2 c6 c0 plan 0 0 plan 1 0 \
                 plan 2 0 plan 2 1 plan 2 2 plan 1 2 plan 0 2",
            ),
        ];
        for (grid, goal, expected) in fixtures {
            let trace = astar_trace(&grid, (0, 0), goal).unwrap();
            assert_eq!(trace_tokens(&trace), expected);
        }
        // Searchformer's `test_astar_rail`: a row of walls across, no plan.
        assert_eq!(
            astar_trace(&grid(&[(0, 1), (1, 1), (2, 1)]), (0, 0), (0, 2)),
            None
        );
        assert_eq!(
            prompt(&grid(&[(0, 1), (1, 1)]), (0, 0), (0, 2)),
            "start 0 0 goal 0 2 wall 0 1 wall 1 1"
        );
    }

    #[test]
    fn a_maze_is_its_tiles_inside_the_wall() {
        // The U: down the left, along the bottom, up the right; goal bottom-right.
        let maze = super::super::grids::u_maze();
        let mut out = Vec::new();
        Searchformer.render(&maze, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "start 0 0 goal 2 2 wall 1 0 wall 1 1 create 0 0 c0 c4 close 0 0 c0 c4 \
             create 0 1 c1 c3 close 0 1 c1 c3 create 0 2 c2 c2 close 0 2 c2 c2 create 1 2 c3 c1 \
             close 1 2 c3 c1 create 2 2 c4 c0 close 2 2 c4 c0 plan 0 0 plan 0 1 plan 0 2 plan 1 2 \
             plan 2 2\n"
        );
    }
}
