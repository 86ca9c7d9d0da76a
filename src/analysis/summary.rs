//! The figures that sum up one maze.

use super::{Counts, Difficulty, Stats};
use crate::grid::{Pos, Result};
use crate::maze::Maze;
use crate::topology::{Distances, diameter_from};
use serde::Serialize;
use std::fmt;

/// Figures about one maze in tiles (a rectangle or a mask): those of every shape
/// ([`Counts`]), the rectangle's own (straight runs, the east-west share) and the diameter's
/// ends. Its `Display` is the table the command line prints, and a maze document's `stats`
/// object holds them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Cells, passages, dead ends and junctions, as every shape has them.
    #[serde(flatten)]
    pub counts: Counts,
    /// Mean length in passages of a straight run (see [`Stats::mean_straight_run`]).
    pub mean_straight_run: f64,
    /// Share of passages that run east-west.
    pub horizontal_fraction: f64,
    /// Steps on a shortest path from start to goal.
    pub solution_length: u32,
    /// The longest shortest path in the maze.
    pub diameter: Diameter,
    /// The cells the solver visited, when a method other than the shortest solved the maze
    /// ([`Maze::visited`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visited: Option<u64>,
}

/// The longest shortest path of a maze and its ends (see [`crate::topology::diameter`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Diameter {
    /// Steps from one end to the other.
    pub length: u32,
    /// One end.
    pub from: Pos,
    /// The other end.
    pub to: Pos,
}

impl Summary {
    /// Measures `maze` (three breadth-first searches of 8 bytes per cell, one at a time).
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Backtrack, analysis::Summary};
    ///
    /// let maze = Maze::builder().algorithm(Backtrack::default()).cells(30, 30).seed(1).build()?;
    /// let summary = Summary::of(&maze)?;
    /// assert_eq!((summary.counts.cells, summary.counts.passages, summary.counts.loops), (900, 899, 0));
    /// assert!(summary.diameter.length >= summary.solution_length);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn of(maze: &Maze) -> Result<Self> {
        maze.require_whole("figures")?;
        let grid = maze.tile_grid("a rectangle's figures")?;
        let shape = Stats::measure(grid);
        let (from, to, length) = diameter_from(grid, grid.pos(maze.first_cell()))?;
        // Cells off a mask have no passages: only the count of cells is the mask's own.
        let counts = Counts::tally(
            maze.cell_count(),
            shape.passages,
            shape.dead_ends,
            shape.junctions,
        );
        Ok(Self {
            counts,
            mean_straight_run: shape.mean_straight_run(),
            horizontal_fraction: shape.horizontal_fraction(),
            solution_length: Distances::from(grid, grid.pos(maze.start()))?
                .to(grid.pos(maze.goal()))
                .expect("mazes are connected"),
            diameter: Diameter { length, from, to },
            visited: maze.visited().map(|cells| cells.len() as u64),
        })
    }
}

impl fmt::Display for Summary {
    /// A table, one figure per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Diameter { length, from, to } = self.diameter;
        let rows = [
            (
                "mean straight run",
                format!("{:.2}", self.mean_straight_run),
            ),
            (
                "horizontal",
                format!("{:.1}% of passages", 100.0 * self.horizontal_fraction),
            ),
            ("solution length", self.solution_length.to_string()),
            (
                "diameter",
                format!("{length} (from {},{} to {},{})", from.x, from.y, to.x, to.y),
            ),
        ];
        for (name, value) in self.counts.rows().into_iter().chain(rows) {
            writeln!(f, "{name:<18}{value}")?;
        }
        if let Some(visited) = self.visited {
            writeln!(f, "{:<18}{visited} cells", "visited")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Dir, Grid};

    /// A plus sign: the centre of a 3x3 maze joined to its four neighbours, the corners hung
    /// on the left and right arms.
    ///
    /// ```text
    /// #######
    /// #.#.#.#
    /// #.#.#.#
    /// #.....#
    /// #.#.#.#
    /// #.#.#.#
    /// #######
    /// ```
    fn comb_maze() -> Maze {
        Maze::new(comb(), "hand", serde_json::json!({}), 0)
    }

    fn comb() -> Grid {
        let mut grid = Grid::new(3, 3).unwrap();
        for (x, y, dir) in [
            (1, 1, Dir::North),
            (1, 1, Dir::South),
            (1, 1, Dir::East),
            (1, 1, Dir::West),
            (0, 1, Dir::North),
            (0, 1, Dir::South),
            (2, 1, Dir::North),
            (2, 1, Dir::South),
        ] {
            grid.carve(Pos::new(x, y), dir);
        }
        grid
    }

    #[test]
    fn counts_a_known_maze() {
        let summary = Summary::of(&comb_maze()).unwrap();
        assert_eq!(summary.counts.cells, 9);
        assert_eq!(summary.counts.passages, 8);
        assert!(summary.counts.perfect);
        assert_eq!(summary.counts.loops, 0);
        assert_eq!(
            summary.counts.dead_ends, 6,
            "four corners and the middle of top and bottom"
        );
        assert_eq!(
            summary.counts.junctions, 3,
            "the centre and the middle of each side"
        );
        // (0,0) down to (0,1), across to (2,1), down to (2,2).
        assert_eq!(summary.solution_length, 4);
        assert_eq!(summary.diameter.length, 4);
    }

    #[test]
    fn braiding_adds_loops() {
        let mut grid = comb();
        grid.carve(Pos::new(0, 0), Dir::East);
        let summary = Summary::of(&Maze::new(grid, "hand", serde_json::json!({}), 0)).unwrap();
        assert!(!summary.counts.perfect);
        assert_eq!(summary.counts.loops, 1);
        assert_eq!(summary.counts.dead_ends, 4);
    }
}

/// Every figure about one maze in tiles: its [`Summary`], then its [`Difficulty`] (a
/// `difficulty` object in JSON), as `--stats` and `mazegen stats` give them.
#[derive(Debug, Clone, Serialize)]
pub struct Figures {
    /// The summary's figures, flattened into the object.
    #[serde(flatten)]
    pub summary: Summary,
    /// The difficulty's figures.
    pub difficulty: Difficulty,
}

impl Figures {
    /// Measures `maze` (a rectangle or a mask).
    pub fn of(maze: &Maze) -> Result<Self> {
        Ok(Self {
            summary: Summary::of(maze)?,
            difficulty: Difficulty::of(maze)?,
        })
    }
}

impl fmt::Display for Figures {
    /// A table, one figure per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.summary, self.difficulty)
    }
}
