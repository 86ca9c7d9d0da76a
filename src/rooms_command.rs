//! The `rooms` command: maps its options onto the library and writes the room map.

use crate::cli::{AUTO_MAP_ROOMS, MapChoice, RoomsArgs, RoomsFormat};
use crate::output::{bad_input, use_color, write_output};
use mazegen::render::{Dot, Json, Render, Term, Text};
use mazegen::rooms::{Candidates, RoomMap, RoomOptions};

/// Generates a room map and writes it where and how `args` say.
pub fn run(args: RoomsArgs) -> anyhow::Result<()> {
    let format = args.format;
    let candidates = Candidates::from(args.candidates);
    let sized = args.map.width.is_some() || args.map.height.is_some();
    let map = match args.map.map {
        MapChoice::Always => true,
        MapChoice::Never => false,
        // Corridors between any two of that many rooms would dwarf the graph.
        MapChoice::Auto => {
            format.draws_tiles()
                || candidates == Candidates::Delaunay
                || args.count <= AUTO_MAP_ROOMS
                || sized
        }
    };
    if !map && (format.draws_tiles() || sized) {
        let what = if sized {
            "--width/--height size the tile map"
        } else {
            "--format term and text draw the tile map"
        };
        return Err(bad_input(format!(
            "{what}: they cannot be combined with --map never"
        )));
    }
    let options = RoomOptions {
        count: args.count,
        p: args.p,
        max_doors: args.max_doors,
        candidates,
        room_size: args.map.room_size,
        width: args.map.width,
        height: args.map.height,
        map,
    };
    let seed = args.seed.unwrap_or_else(mazegen::rng::draw_seed);
    let rooms = RoomMap::generate(&options, seed)?;
    if !map && args.map.map == MapChoice::Auto {
        crate::message(format_args!(
            "note: no tile map for {} rooms (room positions and corridors left out): \
             --map auto skips it above {AUTO_MAP_ROOMS} rooms with --candidates all; \
             --map always lays one out",
            args.count
        ));
    }
    if args.seed.is_none() && format.draws_tiles() {
        crate::message(format_args!("seed: {seed}"));
    }
    let renderer: Box<dyn Render<RoomMap>> = match format {
        RoomsFormat::Term => Box::new(Term {
            color: use_color(&args.target),
            heatmap: false,
        }),
        RoomsFormat::Text => Box::new(Text),
        RoomsFormat::Json => Box::new(Json::default()),
        RoomsFormat::Dot => Box::new(Dot),
    };
    write_output(args.target.output.as_deref(), |out| {
        renderer.render(&rooms, out)
    })
}
