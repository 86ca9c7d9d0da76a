//! How hard a maze is to solve: figures about its solution and the branches off it.

use crate::grid::{Result, empty_vec};
use crate::maze::Maze;
use crate::topology::{Distances, Shape, Topology, path_back};
use crate::with_topology;
use serde::Serialize;
use std::fmt;

/// Marks a cell the search of branches has not reached.
const UNREACHED: u32 = u32::MAX;

/// Figures about the way from start to goal and what leads off it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Difficulty {
    /// Steps on a shortest path from start to goal.
    pub solution_length: u32,
    /// Cells of that path, goal excluded, where a walker has more than one way on: the start
    /// with two passages or more, any other cell with three or more.
    pub decision_points: u32,
    /// Side branches: the parts of the maze reached from the path through a passage off it.
    pub branches: u32,
    /// Mean depth of a side branch: the steps from the path to its farthest cell (0 without
    /// branches).
    pub branch_depth_mean: f64,
    /// Depth of the deepest side branch (0 without branches).
    pub branch_depth_max: u32,
    /// The solution's length over the steps between its ends were no wall standing: the
    /// Manhattan distance on a rectangle (1 when they are one cell). A weave's solution counts
    /// two for each step under a cell, the cells it travels.
    pub tortuosity: f64,
    /// Share of the cells that lie on the path.
    pub solution_share: f64,
}

impl Difficulty {
    /// Measures `maze` between its start and goal (two breadth-first searches of 8 bytes per
    /// cell, one at a time). On a maze with loops a cell belongs to the branch that reaches it
    /// first.
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Sidewinder, analysis::Difficulty};
    ///
    /// let maze = Maze::builder().algorithm(Sidewinder).cells(12, 8).seed(3).build()?;
    /// let difficulty = Difficulty::of(&maze)?;
    /// assert!(difficulty.solution_length >= 11 + 7 && difficulty.tortuosity >= 1.0);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn of(maze: &Maze) -> Result<Self> {
        maze.require_whole("figures")?;
        let Shape::Rect(grid) = maze.shape() else {
            return Self::of_shape(maze);
        };
        let (start, goal) = (grid.pos(maze.start()), grid.pos(maze.goal()));
        let path = Distances::from(grid, start)?
            .path_to(grid, goal)?
            .expect("mazes are connected");
        let path: Vec<usize> = path.into_iter().map(|cell| grid.index(cell)).collect();
        // On a whole rectangle the way between two cells without walls is the Manhattan one.
        let free = start.x.abs_diff(goal.x) + start.y.abs_diff(goal.y);
        Self::measure(grid, &path, free)
    }

    /// [`Difficulty::of`] over any topology: the tortuosity is over the steps between the
    /// ends were no wall standing (on a rectangle, exactly the Manhattan distance).
    fn of_shape(maze: &Maze) -> Result<Self> {
        let distances = maze.distances();
        with_topology!(maze.shape(), t => {
            let path = path_back(t, &distances, maze.goal());
            let free = free_steps(t, maze.start(), maze.goal())?;
            Self::measure(t, &path, free)
        })
    }

    /// The figures of `path` (cells from start to goal, as the search found it) through the
    /// maze of `topology`, whose ends are `free` steps apart without walls.
    fn measure<T: Topology>(topology: &T, path: &[usize], free: u32) -> Result<Self> {
        let steps = path.len() as u32 - 1;
        let decision_points = path[..path.len() - 1]
            .iter()
            .enumerate()
            .filter(|&(k, &cell)| topology.degree(cell) >= if k == 0 { 2 } else { 3 })
            .count() as u32;
        let depths = branch_depths(topology, path)?;
        Ok(Self {
            solution_length: steps,
            decision_points,
            branches: depths.len() as u32,
            branch_depth_mean: if depths.is_empty() {
                0.0
            } else {
                depths.iter().map(|&d| f64::from(d)).sum::<f64>() / depths.len() as f64
            },
            branch_depth_max: depths.iter().copied().max().unwrap_or(0),
            tortuosity: if free == 0 {
                1.0
            } else {
                f64::from(travelled(topology, path)) / f64::from(free)
            },
            solution_share: path.len() as f64 / topology.cell_count() as f64,
        })
    }

    /// The figure `figure` of these.
    pub fn get(&self, figure: Figure) -> f64 {
        match figure {
            Figure::Solution => f64::from(self.solution_length),
            Figure::Decisions => f64::from(self.decision_points),
            Figure::BranchDepth => f64::from(self.branch_depth_max),
            Figure::Tortuosity => self.tortuosity,
            Figure::SolutionShare => self.solution_share,
        }
    }
}

/// `len` copies of `value` as scratch space for a search of `topology`, reported as an error
/// rather than an abort when memory refuses it.
fn scratch<T: Topology, V: Clone>(topology: &T, len: usize, value: V) -> Result<Vec<V>> {
    let (width, height) = topology.extent();
    let mut items = empty_vec(width, height, len)?;
    items.resize(len, value);
    Ok(items)
}

/// The cells `path` travels: its steps, a step under a cell of a weave counting two (the
/// cell passed under and the one beyond), as the steps of a maze without walls do.
fn travelled<T: Topology>(topology: &T, path: &[usize]) -> u32 {
    let steps = path.len() as u32 - 1;
    if !T::WEAVES {
        return steps;
    }
    let under = path.windows(2).filter(|pair| {
        let cursor = topology.cursor(pair[0]);
        (0..T::SIDES).any(|side| {
            topology.link(&cursor, side) == Some(pair[1]) && topology.under(&cursor, side).is_some()
        })
    });
    steps + under.count() as u32
}

/// The steps from `from` to `to` across `topology` as if no wall stood (a breadth-first
/// search over neighbours).
fn free_steps<T: Topology>(topology: &T, from: usize, to: usize) -> Result<u32> {
    let (width, height) = topology.extent();
    let mut steps = scratch(topology, topology.slots(), UNREACHED)?;
    let mut queue = empty_vec(width, height, topology.cell_count())?;
    steps[from] = 0;
    queue.push(from);
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        if i == to {
            break;
        }
        let cursor = topology.cursor(i);
        for side in 0..T::SIDES {
            // Between cells side by side only: on a weave, a step under a cell is no shortcut
            // of a maze without walls.
            if let Some(j) = topology.link(&cursor, side)
                && topology.under(&cursor, side).is_none()
                && steps[j] == UNREACHED
            {
                steps[j] = steps[i] + 1;
                queue.push(j);
            }
        }
    }
    Ok(steps[to])
}

/// The depth of every side branch off `path`: a breadth-first search from all the path's cells
/// at once, each cell off the path keeping the branch of the cell that reached it.
fn branch_depths<T: Topology>(topology: &T, path: &[usize]) -> Result<Vec<u32>> {
    // For each cell, the branch it belongs to (UNREACHED: not yet; u32::MAX - 1: the path).
    let on_path = UNREACHED - 1;
    let mut branch = scratch(topology, topology.slots(), UNREACHED)?;
    let (width, height) = topology.extent();
    let mut queue: Vec<(u32, u32)> = empty_vec(width, height, topology.cell_count())?;
    for &cell in path {
        branch[cell] = on_path;
        queue.push((cell as u32, 0));
    }
    let mut depths = Vec::new();
    let mut head = 0;
    while let Some(&(i, depth)) = queue.get(head) {
        head += 1;
        let i = i as usize;
        let cursor = topology.cursor(i);
        for side in 0..T::SIDES {
            if topology.is_open(i, side)
                && let Some(j) = topology.neighbour(&cursor, side)
            {
                if branch[j] != UNREACHED {
                    continue;
                }
                branch[j] = if branch[i] == on_path {
                    depths.push(0);
                    depths.len() as u32 - 1
                } else {
                    branch[i]
                };
                let id = branch[j] as usize;
                depths[id] = depths[id].max(depth + 1);
                queue.push((j as u32, depth + 1));
            }
        }
    }
    Ok(depths)
}

/// The figures mazes can be filtered on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// [`Difficulty::solution_length`].
    Solution,
    /// [`Difficulty::decision_points`].
    Decisions,
    /// [`Difficulty::branch_depth_max`].
    BranchDepth,
    /// [`Difficulty::tortuosity`].
    Tortuosity,
    /// [`Difficulty::solution_share`].
    SolutionShare,
}

impl Figure {
    /// Every figure.
    pub const ALL: [Self; 5] = [
        Self::Solution,
        Self::Decisions,
        Self::BranchDepth,
        Self::Tortuosity,
        Self::SolutionShare,
    ];

    /// Its name in messages and option names (`solution`, `decisions`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Solution => "solution",
            Self::Decisions => "decisions",
            Self::BranchDepth => "branch-depth",
            Self::Tortuosity => "tortuosity",
            Self::SolutionShare => "solution-share",
        }
    }

    /// The greatest value the figure can take on a maze of `cells` cells (a bound past it can
    /// never be met).
    pub fn most(self, cells: u64) -> f64 {
        let cells = cells as f64;
        match self {
            // A path visits each cell once at most.
            Self::Solution | Self::Decisions | Self::BranchDepth => cells - 1.0,
            // A path of at most cells - 1 steps between cells at least one apart.
            Self::Tortuosity => (cells - 1.0).max(1.0),
            Self::SolutionShare => 1.0,
        }
    }
}

impl fmt::Display for Difficulty {
    /// Table rows, continuing [`super::Summary`]'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = [
            ("decision points", self.decision_points.to_string()),
            (
                "branch depth",
                format!(
                    "{:.2} mean, {} max ({} branches)",
                    self.branch_depth_mean, self.branch_depth_max, self.branches
                ),
            ),
            ("tortuosity", format!("{:.2}", self.tortuosity)),
            (
                "solution share",
                format!("{:.1}% of cells", 100.0 * self.solution_share),
            ),
        ];
        for (name, value) in rows {
            writeln!(f, "{name:<18}{value}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Dir, Grid, Pos};

    /// Start top left, goal bottom right; the path runs along the top row and down the right
    /// column, two branches hang off it:
    ///
    /// ```text
    /// #######
    /// #S....#
    /// #####.#
    /// #.....#
    /// #.###.#
    /// #.#..G#
    /// #######
    /// ```
    fn hook() -> Maze {
        // Path: (0,0) (1,0) (2,0) (2,1) (2,2). Branch A off (2,1): (1,1) (0,1) (0,2): depth 3.
        // Branch B off (2,2): (1,2): depth 1.
        let grid = Grid::with_passages(
            3,
            3,
            &[
                (0, 0, Dir::East),
                (1, 0, Dir::East),
                (2, 0, Dir::South),
                (2, 1, Dir::South),
                (1, 1, Dir::East),
                (0, 1, Dir::East),
                (0, 1, Dir::South),
                (1, 2, Dir::East),
            ],
        );
        Maze::new(grid, "hand", serde_json::json!({}), 0)
    }

    #[test]
    fn measures_a_known_maze() {
        let d = Difficulty::of(&hook()).unwrap();
        assert_eq!(d.solution_length, 4);
        // (2,1) has three passages; the goal is not counted; the start has one.
        assert_eq!(d.decision_points, 1);
        assert_eq!(d.branches, 2);
        assert_eq!(d.branch_depth_max, 3);
        assert_eq!(d.branch_depth_mean, 2.0);
        assert_eq!(d.tortuosity, 1.0);
        assert_eq!(d.solution_share, 5.0 / 9.0);
        assert_eq!(d.get(Figure::BranchDepth), 3.0);
    }

    #[test]
    fn moved_endpoints_change_the_figures() {
        let mut maze = hook();
        maze.set_endpoints(Pos::new(1, 2), Pos::new(0, 2)).unwrap();
        let d = Difficulty::of(&maze).unwrap();
        // (1,2) (2,2) (2,1) (1,1) (0,1) (0,2): 5 steps, Manhattan 1.
        assert_eq!(d.solution_length, 5);
        assert_eq!(d.tortuosity, 5.0);
        // (2,1) leads up to the top row: one branch of depth 3.
        assert_eq!((d.branches, d.branch_depth_max), (1, 3));
        assert_eq!(d.decision_points, 1);
    }
}
