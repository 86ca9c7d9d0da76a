//! Settles the `rooms` command: the library's `RoomOptions`, the renderer and the tile map.

use super::output::use_color;
use super::{Seed, bad_input};

use crate::app::cli::{self, AUTO_MAP_ROOMS, MapChoice, RoomsArgs, RoomsFormat};
use crate::app::output::Target;
use clap::ValueEnum as _;
use mazegen::level::Dungeon;
use mazegen::render::{
    Dot, Godot, Json, Ldtk, Palette, Picture, Render, Style, Svg, Takes, Term, Text, Tiled, Tmx,
    Uvtt,
};
use mazegen::rooms::{Candidates, MazeFill, RoomMap, RoomOptions};
use std::path::PathBuf;

/// The pixels per grid square of a `uvtt` map's picture unless `--scale` says otherwise: a
/// virtual tabletop's usual size.
const UVTT_SCALE: u32 = 64;

/// The pixels per tile of a printed map (`--theme dungeon`) unless `--scale` says otherwise:
/// room for its numbers.
const PRINTED_MAP_SCALE: u32 = 16;

/// A room map to generate and write.
pub struct RoomsJob {
    /// The library's options, of every floor.
    pub options: RoomOptions,
    /// The floors of the dungeon (1: a map alone).
    pub floors: u32,
    /// The seed.
    pub seed: Seed,
    /// The format's renderer.
    pub renderer: Box<dyn Render<Dungeon<RoomMap>>>,
    /// Where it goes.
    pub target: Target,
    /// Tell the user that `--map auto` left the map out.
    pub note_no_map: bool,
    /// Where the image of a Tiled map's tileset goes.
    pub tileset: TilesetImage,
}

/// Where the image of a Tiled map's tileset goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TilesetImage {
    /// Not a Tiled map.
    None,
    /// Beside the map's file, unless a file of that name is there already (drawn by the user).
    Beside(PathBuf),
    /// Nowhere: the map goes to standard output, a pipe or a device (a note says so).
    Nowhere,
}

impl TilesetImage {
    /// Where the tileset image of a map goes: a Tiled map's (`tiled` or `tmx`) beside the map's file.
    pub(super) fn of(tiled: bool, target: &Target) -> Self {
        match target {
            _ if !tiled => Self::None,
            Target::File(path)
                if path.file_name().is_some()
                    && !std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) =>
            {
                Self::Beside(path.with_file_name(mazegen::render::TILESET_IMAGE))
            }
            _ => Self::Nowhere,
        }
    }
}

/// How a map's pictures are drawn (`svg`, `png` and `uvtt`), refusing `--theme` and `--scale`
/// for a format (named `format_name`) that `takes` no picture.
pub(super) fn map_picture(
    takes: Takes,
    format_name: &str,
    args: &cli::MapPictureArgs,
) -> anyhow::Result<Picture> {
    if !takes.picture && (args.theme.is_some() || args.scale.is_some()) {
        let flag = if args.theme.is_some() {
            "--theme"
        } else {
            "--scale"
        };
        return Err(bad_input(format!(
            "{flag} applies to svg, png and uvtt pictures, not --format {format_name}"
        )));
    }
    // A map in lines is the printed dungeon map, in colors of its own.
    let (palette, style) = match args.theme.unwrap_or(cli::MapTheme::Dungeon) {
        cli::MapTheme::Dungeon => (Palette::COLOR, Style::Lines),
        cli::MapTheme::Color => (Palette::COLOR, Style::Tiles),
        cli::MapTheme::Mono => (Palette::MONO, Style::Tiles),
    };
    Ok(Picture {
        palette,
        scale: args.scale.unwrap_or(match style {
            Style::Lines => PRINTED_MAP_SCALE,
            Style::Tiles => Style::Tiles.default_scale(),
        }),
        heatmap: false,
        style,
    })
}

/// A `uvtt` map's picture: `picture` at the scale given, or a tabletop's usual one.
pub(super) fn uvtt_picture(picture: Picture, scale: Option<u32>) -> Picture {
    Picture {
        scale: scale.unwrap_or(UVTT_SCALE),
        ..picture
    }
}

/// Settles the `rooms` command.
pub(super) fn rooms(args: RoomsArgs) -> anyhow::Result<RoomsJob> {
    let format = args.format;
    let candidates = Candidates::from(args.candidates);
    let sized = args.map.width.is_some() || args.map.height.is_some();
    let corridors = &args.corridors;
    let maze = corridors.corridors == cli::CorridorsArg::Maze;
    if !maze {
        let flags = [
            ("--maze-algorithm", corridors.maze_algorithm.is_some()),
            ("--sparseness", corridors.sparseness.is_some()),
        ];
        if let Some((flag, _)) = flags.iter().find(|(_, given)| *given) {
            return Err(bad_input(format!(
                "{flag} shapes the maze of --corridors maze, not routed corridors; add \
                 --corridors maze or leave {flag} out"
            )));
        }
    } else if args.map.map == MapChoice::Never {
        return Err(bad_input(
            "--corridors maze fills the tile map's rock: it cannot be combined with --map never",
        ));
    }
    let map = match args.map.map {
        MapChoice::Always => true,
        MapChoice::Never => false,
        // Corridors between any two of that many rooms would dwarf the graph.
        MapChoice::Auto => {
            format.draws_tiles()
                || maze
                || candidates == Candidates::Delaunay
                || args.count <= AUTO_MAP_ROOMS
                || sized
        }
    };
    let format_name = format
        .to_possible_value()
        .expect("no skipped formats")
        .get_name()
        .to_string();
    if !map && (format.draws_tiles() || sized) {
        let what = if sized {
            "--width/--height size the tile map".to_string()
        } else {
            format!("--format {format_name} draws the tile map")
        };
        return Err(bad_input(format!(
            "{what}: they cannot be combined with --map never"
        )));
    }
    let takes = format.takes();
    let picture = map_picture(takes, &format_name, &args.picture)?;
    let target = Target::new(args.target.output.as_deref());
    super::output::refuse_binary_to_terminal(takes, &target)?;
    let renderer: Box<dyn Render<Dungeon<RoomMap>>> = match format {
        RoomsFormat::Term => Box::new(Term {
            color: use_color(&args.target),
            heatmap: false,
            scale: None,
            ..Term::default()
        }),
        RoomsFormat::Text => Box::new(Text::default()),
        RoomsFormat::Json => Box::new(Json::default()),
        RoomsFormat::Dot => Box::new(Dot),
        RoomsFormat::Tiled => Box::new(Tiled),
        RoomsFormat::Tmx => Box::new(Tmx),
        RoomsFormat::Godot => Box::new(Godot),
        RoomsFormat::Ldtk => Box::new(Ldtk),
        RoomsFormat::Svg => Box::new(Svg(picture)),
        RoomsFormat::Png => Box::new(mazegen::render::Png(picture)),
        RoomsFormat::Uvtt => Box::new(Uvtt(uvtt_picture(picture, args.picture.scale))),
    };
    Ok(RoomsJob {
        tileset: TilesetImage::of(
            matches!(format, RoomsFormat::Tiled | RoomsFormat::Tmx),
            &target,
        ),
        floors: args.floors.floors,
        options: RoomOptions {
            count: args.count,
            p: args.p,
            max_doors: args.max_doors,
            candidates,
            room_size: args.map.room_size,
            width: args.map.width,
            height: args.map.height,
            map,
            locks: args.locks,
            cycles: args.cycles,
            // DOT draws no corridors.
            corridors: format != RoomsFormat::Dot,
            maze: maze.then(|| {
                let fill = MazeFill::default();
                MazeFill {
                    algorithm: corridors.maze_algorithm.clone().unwrap_or(fill.algorithm),
                    sparseness: corridors.sparseness.unwrap_or(fill.sparseness),
                }
            }),
        },
        seed: Seed::settle(args.seed, args.quiet),
        renderer,
        target,
        note_no_map: !map && args.map.map == MapChoice::Auto,
    })
}
