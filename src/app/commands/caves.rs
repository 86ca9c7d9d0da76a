//! The `caves` command: generate the cave and write it.

use super::rooms::write_tileset;
use crate::app::settle::{CavesJob, caves_with_flags};
use mazegen::caves::CaveMap;

/// Carries out a caves job.
pub fn run(job: CavesJob) -> anyhow::Result<()> {
    if job.seed.report {
        crate::message(format_args!("seed: {}", job.seed.value));
    }
    let cave = CaveMap::generate(&job.options, job.seed.value)
        .map_err(|error| caves_with_flags(error, &job.options))?;
    job.target.write(|out| job.renderer.render(&cave, out))?;
    write_tileset(job.tileset)
}
