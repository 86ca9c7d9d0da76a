//! The figure of every shortest path: whether the goal can be reached, the shortest length in
//! steps, the exact number of shortest paths and the first of them, as `stats --all-shortest`
//! prints them and a document's figures carry them.

use crate::grid::{Pos, Result};
use crate::maze::Maze;
use serde::Serialize;
use std::fmt;

/// The shortest paths listed when no cap is given.
pub const DEFAULT_CAP: usize = 10;

/// Every shortest path of a maze from start to goal ([`Maze::shortest_paths`]), as figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AllShortest {
    /// Whether the goal can be reached from the start.
    pub reachable: bool,
    /// The length of a shortest path in steps (cells on it less one), `None` if unreachable.
    pub length: Option<u32>,
    /// The number of shortest paths, exactly, in decimal digits (it may pass what a JSON
    /// number holds exactly).
    pub count: String,
    /// The most paths listed.
    pub cap: usize,
    /// The first shortest paths, at most `cap`: move strings on rectangles and masks,
    /// elsewhere each path's cells.
    pub paths: ListedPaths,
}

/// The shortest paths listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ListedPaths {
    /// Move strings (`U`, `D`, `L`, `R`), on rectangles and masks.
    Moves(Vec<String>),
    /// The cells of each path as [`Maze::pos`] names them, on other shapes.
    Cells(Vec<Vec<Pos>>),
}

impl AllShortest {
    /// The shortest paths of `maze`, listing up to `cap` of them in the order
    /// [`Maze::shortest_paths`] finds them.
    pub fn of(maze: &Maze, cap: usize) -> Result<AllShortest> {
        let found = maze.shortest_paths(cap)?;
        let paths = match maze.shortest_moves(&found) {
            Some(moves) => ListedPaths::Moves(moves),
            None => ListedPaths::Cells(
                (found.paths.iter())
                    .map(|path| path.iter().map(|&cell| maze.pos(cell)).collect())
                    .collect(),
            ),
        };
        Ok(AllShortest {
            reachable: found.reachable(),
            length: found.length,
            count: found.count.to_string(),
            cap,
            paths,
        })
    }
}

impl fmt::Display for AllShortest {
    /// Lines of the stats table, then each path listed on a line of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reachable = if self.reachable { "yes" } else { "no" };
        writeln!(f, "{:<18}{reachable}", "reachable")?;
        if let Some(length) = self.length {
            writeln!(f, "{:<18}{length} steps", "shortest length")?;
        }
        writeln!(f, "{:<18}{}", "shortest paths", self.count)?;
        match &self.paths {
            ListedPaths::Moves(moves) => {
                for path in moves {
                    writeln!(f, "  {path}")?;
                }
            }
            ListedPaths::Cells(paths) => {
                for path in paths {
                    let cells: Vec<String> = path
                        .iter()
                        .map(|pos| format!("{},{}", pos.x, pos.y))
                        .collect();
                    writeln!(f, "  {}", cells.join(" "))?;
                }
            }
        }
        Ok(())
    }
}
