//! The `caves` command: generate the cave and write it.

use super::rooms::{furnish, write_tileset};
use crate::app::settle::{CavesJob, caves_with_flags};
use mazegen::caves::CaveMap;
use mazegen::level::Dungeon;

/// Carries out a caves job.
pub fn run(job: CavesJob) -> anyhow::Result<()> {
    let mut cave = Dungeon::generate(job.floors, job.seed.value, |seed| {
        CaveMap::generate(&job.options, seed)
    })
    .map_err(|error| caves_with_flags(error, &job.options))?;
    let left_out: u32 = cave.floors().map(|floor| floor.level().left_out).sum();
    if left_out > 0 {
        crate::message(format_args!(
            "note: {} {} that no tunnel could reach without touching another's filled with \
             rock (a wider cave or a larger --min-size keeps every cavern joined)",
            left_out,
            if left_out == 1 { "cavern" } else { "caverns" }
        ));
    }
    furnish(&mut cave, job.contents.as_ref())?;
    job.target.write(|out| job.renderer.render(&cave, out))?;
    write_tileset(job.tileset)
}
