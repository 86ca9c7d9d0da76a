//! Carrying out settled jobs, one file per kind of command.

pub mod caves;
pub mod dataset;
pub mod docs;
pub mod document;
pub mod maze;
pub mod rooms;
pub mod score;
pub mod suite;

use crate::app::settle::Rendering;
use mazegen::Maze;
use mazegen::analysis::{Figures, ShapeStats};
use std::io::{self, Write};

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
    rendering.target.write(|out| {
        out.write_all(rendering.renderer.header())?;
        rendering.renderer.render(maze, out)
    })
}
