//! The commands that read a maze document back: `solve`, `render` and `stats`.

use super::{place_endpoints, write_maze};
use crate::cli::StatsFormat;
use crate::output::Target;
use crate::settle::{DocumentAction, DocumentJob, Input};
use anyhow::Context;
use mazegen::Maze;
use mazegen::analysis::Summary;
use mazegen::read::ReadError;
use std::fs::File;
use std::io::{self, Read};

/// Carries out a document job.
pub fn run(job: DocumentJob) -> anyhow::Result<()> {
    let mut maze = read(&job.input)?;
    match job.action {
        DocumentAction::Solve(endpoints, rendering) => {
            place_endpoints(&mut maze, &endpoints)?;
            maze.solve()?;
            write_maze(&maze, &rendering)
        }
        DocumentAction::Render(rendering) => write_maze(&maze, &rendering),
        DocumentAction::Stats(format) => {
            let summary = Summary::of(&maze)?;
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

/// Reads and validates the maze document at `input`. An input that cannot be read (a
/// directory, a failing device) is an I/O failure, not a bad document.
fn read(input: &Input) -> anyhow::Result<Maze> {
    match input {
        Input::File(path) => {
            let name = path.display().to_string();
            let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
            if file.metadata().is_ok_and(|meta| meta.is_dir()) {
                anyhow::bail!("cannot read {name}: it is a directory, not a maze document");
            }
            read_from(io::BufReader::new(file), &name)
        }
        Input::Stdin => read_from(io::stdin().lock(), "standard input"),
    }
}

/// Reads and validates the maze document `source`, called `name` in messages: a failure to
/// read is an I/O error (exit 1), a refused document or a maze too large the library's error
/// (exit 2).
fn read_from(source: impl Read, name: &str) -> anyhow::Result<Maze> {
    mazegen::read::read_maze(source).map_err(|error| match error {
        ReadError::Refused(error @ mazegen::Error::InvalidDocument(_)) => {
            anyhow::Error::new(error).context(format!("{name} is not a maze document"))
        }
        ReadError::Refused(error) => {
            anyhow::Error::new(error).context(format!("cannot read {name}"))
        }
        ReadError::Io(error) => anyhow::Error::new(error).context(format!("cannot read {name}")),
    })
}
