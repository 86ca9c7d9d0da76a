//! Carrying out settled jobs, one file per kind of command.

pub mod dataset;
pub mod docs;
pub mod document;
pub mod maze;
pub mod rooms;

use crate::settle::{Endpoints, Rendering};
use anyhow::Context;
use mazegen::Maze;
use mazegen::analysis::Summary;
use mazegen::shapes::ShapedMaze;
use std::io::{self, Write};

/// Applies `--start`, `--goal` and `--openings`.
fn place_endpoints(maze: &mut Maze, endpoints: &Endpoints) -> anyhow::Result<()> {
    let start = endpoints.start.unwrap_or(maze.start());
    let goal = endpoints.goal.unwrap_or(maze.goal());
    maze.set_endpoints(start, goal).with_context(|| {
        format!(
            "--start {},{} --goal {},{}",
            start.x, start.y, goal.x, goal.y
        )
    })?;
    if endpoints.openings {
        maze.open_border().context("--openings")?;
    }
    Ok(())
}

/// Applies `--start` and `--goal` to a maze of any shape (`--openings` is for rectangles).
fn place_shape_endpoints(maze: &mut ShapedMaze, endpoints: &Endpoints) -> anyhow::Result<()> {
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
    Ok(())
}

/// Writes `maze` as `rendering` says, with `--stats` as a table on standard error when the
/// format cannot carry them.
fn write_maze(maze: &Maze, rendering: &Rendering) -> anyhow::Result<()> {
    rendering.check_picture(maze.grid().tile_width(), maze.grid().tile_height())?;
    if rendering.stats_table {
        let summary = Summary::of(maze)?;
        let _ = write!(io::stderr().lock(), "{summary}");
    }
    rendering
        .target
        .write(|out| rendering.renderer.render(maze, out))
}
