//! The commands that read a maze document back: `solve`, `render` and `stats`.

use super::{place_endpoints, write_maze};
use crate::cli::StatsFormat;
use crate::output::Target;
use crate::settle::{DocumentAction, DocumentJob, Input};
use anyhow::Context;
use mazegen::Maze;
use mazegen::analysis::Summary;
use std::fs::File;
use std::io;

/// Carries out a document job.
pub fn run(job: DocumentJob) -> anyhow::Result<()> {
    let mut maze = read(&job.input)?;
    match job.action {
        DocumentAction::Solve(endpoints, rendering) => {
            place_endpoints(&mut maze, &endpoints)?;
            maze.solve();
            write_maze(&maze, &rendering)
        }
        DocumentAction::Render(rendering) => write_maze(&maze, &rendering),
        DocumentAction::Stats(format) => {
            let summary = Summary::of(&maze);
            Target::Stdout.write(|out| match format {
                StatsFormat::Text => write!(out, "{summary}"),
                StatsFormat::Json => {
                    serde_json::to_writer_pretty(&mut *out, &summary)?;
                    writeln!(out)
                }
            })
        }
    }
}

/// Reads and validates the maze document at `input`.
fn read(input: &Input) -> anyhow::Result<Maze> {
    match input {
        Input::File(path) => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            mazegen::read::read_maze(io::BufReader::new(file))
                .with_context(|| format!("{} is not a maze document", path.display()))
        }
        Input::Stdin => mazegen::read::read_maze(io::stdin().lock())
            .context("standard input is not a maze document"),
    }
}
