//! Carrying out settled jobs, one file per kind of command.

pub mod dataset;
pub mod docs;
pub mod document;
pub mod maze;
pub mod rooms;

use crate::app::settle::{Endpoints, Rendering};
use anyhow::Context;
use mazegen::Maze;
use mazegen::analysis::ShapeStats;
use mazegen::analysis::{Difficulty, Summary};
use std::io::{self, Write};

/// Applies `--start`, `--goal` and `--openings`.
fn place_endpoints(maze: &mut Maze, endpoints: &Endpoints) -> anyhow::Result<()> {
    if endpoints.start.is_some() || endpoints.goal.is_some() {
        let start = endpoints.start.unwrap_or(maze.start_pos());
        let goal = endpoints.goal.unwrap_or(maze.goal_pos());
        maze.set_endpoints(start, goal).with_context(|| {
            format!(
                "--start {},{} --goal {},{}",
                start.x, start.y, goal.x, goal.y
            )
        })?;
    }
    if endpoints.openings {
        maze.open_border().context("--openings")?;
    }
    Ok(())
}

/// The figures of `--stats` and `stats` about a maze: its summary, then its difficulty (a
/// `difficulty` object in JSON).
#[derive(serde::Serialize)]
struct Figures {
    #[serde(flatten)]
    summary: Summary,
    difficulty: Difficulty,
}

impl Figures {
    /// Measures `maze`.
    fn of(maze: &Maze) -> anyhow::Result<Self> {
        Ok(Self {
            summary: Summary::of(maze)?,
            difficulty: Difficulty::of(maze)?,
        })
    }
}

impl std::fmt::Display for Figures {
    /// A table, one figure per line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.summary, self.difficulty)
    }
}

/// The `--stats` table of `maze`: a rectangle's figures when it is written in tiles, else
/// those of any shape.
fn figures_table(maze: &Maze, in_tiles: bool) -> anyhow::Result<String> {
    Ok(match in_tiles {
        true => Figures::of(maze)?.to_string(),
        false => ShapeStats::of(maze)?.to_string(),
    })
}

/// Writes `maze` as `rendering` says, with `--stats` as a table on standard error when the
/// format cannot carry them.
fn write_maze(maze: &Maze, rendering: &Rendering) -> anyhow::Result<()> {
    rendering.check_maze_picture(maze)?;
    if rendering.stats_table {
        let table = figures_table(maze, rendering.in_tiles)?;
        let _ = write!(io::stderr().lock(), "{table}");
    }
    rendering
        .target
        .write(|out| rendering.renderer.render(maze, out))
}
