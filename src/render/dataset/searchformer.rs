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
//! ([`astar`](crate::solve::trace::astar): `searchformer/astar.py` with the maze of
//! `searchformer/maze.py`, deterministic): a `create x y cG cH` for every node pushed on the
//! open heap and a `close x y cG cH` for every one popped, `G` the cost from the start and `H`
//! the Manhattan distance to the goal. The plan is `plan x y` for each cell of the path found.
//! [`Searchformer::search`] traces another search instead, in the same vocabulary
//! ([`crate::solve::trace`]).
//!
//! A mask maze whose every two neighbouring cells are joined (an open field of cells, as
//! `random-walls` makes Searchformer's own mazes) is written cell for cell instead: Searchformer's
//! grid is then the maze's `w x h` cells, its walls the cells left out of the mask, `x` and `y`
//! the cell's column and row. Other masks are refused: their walls between cells have no cell
//! of Searchformer's grid to stand on.

use super::grids::rectangle;
use crate::grid::{MazeError, Pos, cell_tile};
use crate::maze::Maze;
use crate::render::{Holds, Many, Render, Takes};
use crate::solve::trace::{Cell, Search, WallGrid, tokens};
use std::io::{self, Write};

/// Searchformer's prompt, A* trace and plan, a maze a line (rectangles); or another
/// search's trace in the same vocabulary ([`crate::solve::trace`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Searchformer {
    /// The search traced: A*, Searchformer's, by default.
    pub search: Search,
}

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

/// The cells of an open mask maze (every two neighbouring cells of the mask joined), a
/// cell left out a wall; `None` for a maze that is not one.
pub fn open_mask_grid(maze: &Maze) -> Option<WallGrid> {
    let (grid, mask) = (maze.grid()?, maze.mask()?);
    let (width, height) = (grid.width(), grid.height());
    let mut walls = Vec::with_capacity(width as usize * height as usize);
    for y in 0..height {
        for x in 0..width {
            let here = Pos { x, y };
            let on = mask.is_on(here);
            // Open exactly between two cells of the mask.
            let both = |there: Pos| on && mask.is_on(there);
            if x + 1 < width && grid.open_east(x, y) != both(Pos { x: x + 1, y }) {
                return None;
            }
            if y + 1 < height && grid.open_south(x, y) != both(Pos { x, y: y + 1 }) {
                return None;
            }
            walls.push(!on);
        }
    }
    Some(WallGrid {
        width,
        height,
        walls,
    })
}

/// The prompt of Searchformer's maze: `start x y goal x y wall x y ...`.
pub fn prompt(grid: &WallGrid, start: Cell, goal: Cell) -> String {
    let mut text = format!("start {} {} goal {} {}", start.0, start.1, goal.0, goal.1);
    for (i, _) in grid.walls.iter().enumerate().filter(|(_, wall)| **wall) {
        let (x, y) = (i % grid.width as usize, i / grid.width as usize);
        text.push_str(&format!(" wall {x} {y}"));
    }
    text
}

/// The trace of `search` on Searchformer's grid of `maze` ([`searchformer_grid`]), as
/// [`Search::trace`](crate::solve::trace::Search::trace) gives it: what `npz` and `jsonl`
/// write with `--trace`.
pub(crate) fn trace_of(
    maze: &Maze,
    search: crate::solve::trace::Search,
) -> io::Result<Vec<crate::solve::trace::Step>> {
    let (grid, start, goal) = searchformer_grid(maze)?;
    search.trace(&grid, start, goal).ok_or_else(|| {
        io::Error::other(MazeError::NoPath {
            start: maze.start_pos(),
            goal: maze.goal_pos(),
        })
    })
}

/// Searchformer's grid of `maze` with its start and goal: an open mask maze's cells, or a
/// rectangle's tiles inside its outer wall (see the [module](self)).
pub fn searchformer_grid(maze: &Maze) -> io::Result<(WallGrid, Cell, Cell)> {
    let (start, goal) = (maze.start_pos(), maze.goal_pos());
    if let Some(walls) = open_mask_grid(maze) {
        return Ok((walls, (start.x, start.y), (goal.x, goal.y)));
    }
    if maze.mask().is_some() {
        return Err(io::Error::other(MazeError::FormatRefuses {
            format: "searchformer",
            accepts: "rectangles of cells, and masks whose neighbouring cells are all joined \
                      (random-walls' mazes)",
            what: "a mask maze with walls between its cells".into(),
        }));
    }
    let grid = rectangle(maze, "searchformer", false)?;
    let inside = |pos| {
        let (x, y) = cell_tile(pos);
        ((x - 1) as u32, (y - 1) as u32)
    };
    Ok((WallGrid::of_tiles(grid), inside(start), inside(goal)))
}

impl Render for Searchformer {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let (walls, start, goal) = searchformer_grid(maze)?;
        let trace = self.search.trace(&walls, start, goal).ok_or_else(|| {
            io::Error::other(MazeError::NoPath {
                start: maze.start_pos(),
                goal: maze.goal_pos(),
            })
        })?;
        let line = format!("{} {}\n", prompt(&walls, start, goal), tokens(&trace));
        out.write_all(line.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::trace::astar;

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
            let trace = astar(&grid, (0, 0), goal).unwrap();
            assert_eq!(tokens(&trace), expected);
        }
        // Searchformer's `test_astar_rail`: a row of walls across, no plan.
        assert_eq!(
            astar(&grid(&[(0, 1), (1, 1), (2, 1)]), (0, 0), (0, 2)),
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
        Searchformer::default().render(&maze, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "start 0 0 goal 2 2 wall 1 0 wall 1 1 create 0 0 c0 c4 close 0 0 c0 c4 \
             create 0 1 c1 c3 close 0 1 c1 c3 create 0 2 c2 c2 close 0 2 c2 c2 create 1 2 c3 c1 \
             close 1 2 c3 c1 create 2 2 c4 c0 close 2 2 c4 c0 plan 0 0 plan 0 1 plan 0 2 plan 1 2 \
             plan 2 2\n"
        );
    }
}
