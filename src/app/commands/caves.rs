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
    if cave.left_out > 0 {
        crate::message(format_args!(
            "note: {} {} that no tunnel could reach without touching another's filled with \
             rock (a wider cave or a larger --min-size keeps every cavern joined)",
            cave.left_out,
            if cave.left_out == 1 {
                "cavern"
            } else {
                "caverns"
            }
        ));
    }
    job.target.write(|out| job.renderer.render(&cave, out))?;
    write_tileset(job.tileset)
}
