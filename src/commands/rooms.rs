//! The `rooms` command: generate the room map and write it.

use crate::cli::AUTO_MAP_ROOMS;
use crate::settle::RoomsJob;
use crate::settle::with_options_at_fault;
use mazegen::rooms::RoomMap;

/// Carries out a rooms job.
pub fn run(job: RoomsJob) -> anyhow::Result<()> {
    // Before generating: some refusals (a stuck tree, no free spot) depend on the seed.
    if job.seed.report {
        crate::message(format_args!("seed: {}", job.seed.value));
    }
    let rooms = RoomMap::generate(&job.options, job.seed.value)
        .map_err(|error| with_options_at_fault(error, &job.options))?;
    if job.note_no_map {
        crate::message(format_args!(
            "note: no tile map for {} rooms (room positions and corridors left out): \
             --map auto skips it above {AUTO_MAP_ROOMS} rooms with --candidates all; \
             --map always lays one out",
            job.options.count
        ));
    }
    job.target.write(|out| job.renderer.render(&rooms, out))
}
