//! The `rooms` command: generate the room map and write it.

use crate::app::cli::AUTO_MAP_ROOMS;
use crate::app::output::Target;
use crate::app::settle::with_options_at_fault;
use crate::app::settle::{ContentsJob, RoomsJob, TilesetImage, bad_input};
use mazegen::level::{Dungeon, Level};
use mazegen::rooms::RoomMap;

/// Carries out a rooms job.
pub fn run(job: RoomsJob) -> anyhow::Result<()> {
    let mut rooms = Dungeon::generate(job.floors, job.seed.value, |seed| match &job.design {
        Some((_, design)) => RoomMap::from_design(design, job.options.room_size, seed),
        None => RoomMap::generate(&job.options, seed),
    })
    .map_err(|error| match &job.design {
        // The graph's file is at fault, not the options.
        Some((name, _)) => {
            anyhow::Error::from(mazegen::Error::from(error)).context(format!("--graph {name}"))
        }
        None => with_options_at_fault(error, &job.options),
    })?;
    if job.note_no_map {
        crate::message(format_args!(
            "note: no tile map for {} rooms (room positions and corridors left out): \
             --map auto skips it above {AUTO_MAP_ROOMS} rooms with --candidates all; \
             --map always lays one out",
            job.options.count
        ));
    }
    furnish(&mut rooms, job.contents.as_ref())?;
    job.target.write(|out| job.renderer.render(&rooms, out))?;
    write_tileset(job.tileset)
}

/// Places `contents` on every floor of `dungeon`, with a note for each rule that fell short.
pub fn furnish<L: Level>(
    dungeon: &mut Dungeon<L>,
    contents: Option<&ContentsJob>,
) -> anyhow::Result<()> {
    let Some(ContentsJob { name, contents }) = contents else {
        return Ok(());
    };
    let short = dungeon
        .furnish(contents)
        .map_err(|error| bad_input(format!("--contents {name}: {error}")))?;
    let floors = dungeon.floor_count();
    for short in short {
        let on = if floors > 1 {
            format!(" on floor {}", short.floor + 1)
        } else {
            String::new()
        };
        crate::message(format_args!(
            "note: --contents {name}: rule {} ({}) placed {} of {}{on}: the map has no more \
             rooms or free floor tiles that the rule allows",
            short.rule, short.kind, short.placed, short.wanted
        ));
    }
    Ok(())
}

/// Writes a Tiled map's tileset image where `tileset` says.
pub fn write_tileset(tileset: TilesetImage) -> anyhow::Result<()> {
    match tileset {
        TilesetImage::None => Ok(()),
        // The user's own drawing is kept.
        TilesetImage::Beside(image) if image.exists() => Ok(()),
        TilesetImage::Beside(image) => {
            Target::File(image).write(|out| mazegen::render::write_tileset_image(out))
        }
        TilesetImage::Nowhere => {
            crate::message(format_args!(
                "note: the map's tileset image, {}, is written only beside a map written to a \
                 file (-o FILE.tmj or FILE.tmx)",
                mazegen::render::TILESET_IMAGE
            ));
            Ok(())
        }
    }
}
