//! The commands that read a maze document back: `solve`, `render` and `stats`.

use super::{place_endpoints, write_maze};
use crate::cli::StatsFormat;
use crate::output::Target;
use crate::settle::{DocumentAction, DocumentJob, Input};
use crate::watched::Watched;
use anyhow::Context;
use mazegen::Maze;
use mazegen::analysis::Summary;
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

/// Reads and validates the maze document `source`, called `name` in messages.
fn read_from(source: impl Read, name: &str) -> anyhow::Result<Maze> {
    let mut source = Watched::new(source);
    mazegen::read::read_maze(&mut source).map_err(|error| match source.take_error() {
        Some(failure) => anyhow::Error::new(failure).context(format!("cannot read {name}")),
        None => anyhow::Error::new(error).context(format!("{name} is not a maze document")),
    })
}
