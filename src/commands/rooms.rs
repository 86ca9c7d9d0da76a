//! The `rooms` command: generate the room map and write it.

use crate::cli::AUTO_MAP_ROOMS;
use crate::settle::RoomsJob;
use mazegen::rooms::{RoomMap, RoomOptions, RoomsError};

/// Carries out a rooms job.
pub fn run(job: RoomsJob) -> anyhow::Result<()> {
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
    if job.seed.report {
        crate::message(format_args!("seed: {}", job.seed.value));
    }
    job.target.write(|out| job.renderer.render(&rooms, out))
}

/// Names the command-line options behind a room map the library refused before its message,
/// which speaks of values and limits: `--max-doors 1: 5 rooms cannot all be connected ...`.
fn with_options_at_fault(error: mazegen::Error, options: &RoomOptions) -> anyhow::Error {
    let mazegen::Error::Rooms(refusal) = &error else {
        return error.into();
    };
    let count = format!("--count {}", options.count);
    let room_size = format!(
        "--room-size {}..{}",
        options.room_size.min, options.room_size.max
    );
    let p = options.p.map(|p| format!("--p {p}"));
    let sides = [("--width", options.width), ("--height", options.height)]
        .into_iter()
        .filter_map(|(flag, side)| Some(format!("{flag} {}", side?)));
    let sized = options.width.is_some() || options.height.is_some();
    let flags: Vec<String> = match refusal {
        RoomsError::MaxDoors { max_doors, .. } => vec![format!("--max-doors {max_doors}")],
        RoomsError::TreeStuck { max_doors, .. } => vec![
            format!("--max-doors {max_doors}"),
            "--candidates delaunay".into(),
        ],
        RoomsError::DelaunayNeedsMap => {
            vec!["--candidates delaunay".into(), "--map never".into()]
        }
        RoomsError::MapTooNarrow { .. } => sides.chain([room_size]).collect(),
        RoomsError::MapTooCrowded { .. } | RoomsError::PlacementFailed { .. } => {
            sides.chain([count, room_size]).collect()
        }
        RoomsError::MapTooLarge { .. } if sized => sides.collect(),
        RoomsError::MapTooLarge { .. } => vec![count, room_size],
        RoomsError::TooManyEdges { .. } => [count].into_iter().chain(p).collect(),
        RoomsError::TooManyCorridorTiles { .. } => {
            [count].into_iter().chain(p).chain(sides).collect()
        }
        _ => return error.into(),
    };
    anyhow::Error::new(error).context(flags.join(" "))
}
