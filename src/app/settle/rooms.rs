//! Settles the `rooms` command: the library's `RoomOptions`, the renderer and the tile map.

use super::output::use_color;
use super::{Seed, bad_input, read_named};

use crate::app::cli::{self, AUTO_MAP_ROOMS, MapChoice, RoomsArgs, RoomsFormat};
use crate::app::output::Target;
use clap::ValueEnum as _;
use mazegen::level::Dungeon;
use mazegen::render::{
    Dot, Godot, Json, Ldtk, Palette, Picture, Render, Style, Svg, Takes, Term, Text, Tiled, Tmx,
    Uvtt,
};
use mazegen::rooms::{
    Candidates, MAX_PREFAB_SIDE, MazeFill, Prefab, PrefabPlacement, RoomMap, RoomOptions,
};
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
    /// A designer's graph to lay out instead (`--graph`), read and checked, with its file's
    /// name.
    pub design: Option<(String, mazegen::rooms::Design)>,
    /// Tell the user that `--map auto` left the map out.
    pub note_no_map: bool,
    /// Where the image of a Tiled map's tileset goes.
    pub tileset: TilesetImage,
    /// The contents to place (`--contents`).
    pub contents: Option<ContentsJob>,
}

/// Contents rules to place on a map (`--contents`): read, checked and named.
pub struct ContentsJob {
    /// The rules file as named, or `default`.
    pub name: String,
    /// The rules.
    pub contents: mazegen::level::Contents,
}

impl ContentsJob {
    /// Refuses, before the work, a rule naming a floor or lock that no map of `floors` floors
    /// and at most `locks` locks (where known) has.
    pub fn check_for(&self, floors: u32, locks: Option<u32>) -> anyhow::Result<()> {
        let name = &self.name;
        (self.contents.check_for(floors, locks))
            .map_err(|error| bad_input(format!("--contents {name}: {error}")))
    }
}

/// Reads `--contents` (a rules file, or the default rules given alone or as `default`),
/// refusing a format (named `format_name`) that `takes` no entities.
pub(super) fn read_contents(
    args: &cli::ContentsArgs,
    takes: Takes,
    format_name: &str,
) -> anyhow::Result<Option<ContentsJob>> {
    let Some(path) = &args.contents else {
        return Ok(None);
    };
    if !takes.entities {
        return Err(bad_input(format!(
            "--contents places entities, which --format {format_name} has no place for: use \
             term, text, json, svg, png, tiled, tmx, godot, ldtk or uvtt, or leave --contents out"
        )));
    }
    let name = path.display().to_string();
    if name == "default" {
        return Ok(Some(ContentsJob {
            name,
            contents: mazegen::level::Contents::default_rules(),
        }));
    }
    let what = format!("--contents {name}");
    let text = read_named(path, &what, MOST_TEXT_BYTES, "a rules file")?;
    let contents = mazegen::read::read_contents(&text, &name)
        .map_err(|error| bad_input(format!("--contents {error}")))?;
    Ok(Some(ContentsJob { name, contents }))
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
        cli::MapTheme::Colorblind => (Palette::COLORBLIND, Style::Tiles),
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

/// The renderer of room maps in `format`: `term` colored or not, pictures drawn as `picture`
/// says (`uvtt`'s at `scale`, or a tabletop's usual one).
pub(super) fn rooms_renderer(
    format: RoomsFormat,
    color: bool,
    picture: Picture,
    scale: Option<u32>,
) -> Box<dyn Render<Dungeon<RoomMap>>> {
    match format {
        RoomsFormat::Term => Box::new(Term {
            color,
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
        RoomsFormat::Uvtt => Box::new(Uvtt(uvtt_picture(picture, scale))),
    }
}

/// The number of rooms unless `--count` says otherwise.
const DEFAULT_COUNT: u32 = 12;

/// Reads `--graph` (and `--templates`) and checks that the graph can be laid out, refusing the
/// options that would draw a graph of its own.
fn read_design(args: &RoomsArgs) -> anyhow::Result<Option<(String, mazegen::rooms::Design)>> {
    use mazegen::read::{GraphFormat, read_design, read_templates};
    let Some(path) = &args.graph else {
        if args.templates.is_some() {
            return Err(bad_input(
                "--templates gives room templates to --graph's rooms: add --graph FILE or leave \
                 --templates out",
            ));
        }
        return Ok(None);
    };
    let conflicts = [
        ("--count", args.count.is_some()),
        ("--p", args.p.is_some()),
        ("--max-doors", args.max_doors.is_some()),
        (
            "--candidates",
            Candidates::from(args.candidates) != Candidates::All,
        ),
        ("--locks", args.locks > 0),
        ("--cycles", args.cycles > 0),
        ("--width", args.map.width.is_some()),
        ("--height", args.map.height.is_some()),
        ("--map", args.map.map == MapChoice::Never),
        ("--prefab", !args.prefab.is_empty()),
        (
            "--corridors maze",
            args.corridors.corridors == cli::CorridorsArg::Maze,
        ),
    ];
    if let Some((flag, _)) = conflicts.iter().find(|(_, given)| *given) {
        return Err(bad_input(format!(
            "{flag} shapes a graph mazegen draws, but --graph gives the graph: leave {flag} out \
             (the graph's own rooms, edges and locks are laid out)"
        )));
    }
    let name = path.display().to_string();
    let format = GraphFormat::from_extension(&name).ok_or_else(|| {
        bad_input(format!(
            "--graph {name}: expected a .dot, .gv, .json, .yaml or .yml file"
        ))
    })?;
    let read = |path: &std::path::Path, flag: &str| {
        let what = format!("{flag} {}", path.display());
        read_named(path, &what, MOST_TEXT_BYTES, "a graph or templates file")
    };
    let mut design = read_design(&read(path, "--graph")?, format, &name)
        .map_err(|error| bad_input(format!("--graph {error}")))?;
    if let Some(templates) = &args.templates {
        let file = templates.display().to_string();
        design.templates = read_templates(&read(templates, "--templates")?, &file)
            .map_err(|error| bad_input(format!("--templates {error}")))?;
    }
    design
        .check()
        .map_err(|error| bad_input(format!("--graph {name}: {error}")))?;
    Ok(Some((name, design)))
}

/// The most bytes a rules, graph or templates file is read to: far beyond any that can be laid
/// out or applied.
const MOST_TEXT_BYTES: u64 = 64 << 20;

/// The most bytes a prefab's drawing is read to: its most lines of its most characters, each
/// up to 4 bytes, with their line ends.
const MOST_PREFAB_BYTES: u64 = MAX_PREFAB_SIDE as u64 * (MAX_PREFAB_SIDE as u64 * 4 + 2);

/// Reads every `--prefab` drawing, refusing one that cannot be read.
fn read_prefabs(args: &[cli::PrefabArg]) -> anyhow::Result<Vec<PrefabPlacement>> {
    args.iter()
        .map(|arg| {
            let name = arg.file.display().to_string();
            let what = format!("--prefab {name}");
            let text = read_named(&arg.file, &what, MOST_PREFAB_BYTES, "a prefab's drawing")?;
            let prefab = Prefab::parse(&text, &name)
                .map_err(|error| bad_input(format!("--prefab {error}")))?;
            Ok(PrefabPlacement { prefab, at: arg.at })
        })
        .collect()
}

/// Settles the `rooms` command.
pub(super) fn rooms(args: RoomsArgs) -> anyhow::Result<RoomsJob> {
    let design = read_design(&args)?;
    let count = args.count.unwrap_or(DEFAULT_COUNT);
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
    if !args.prefab.is_empty() && args.map.map == MapChoice::Never {
        return Err(bad_input(
            "--prefab places rooms on the tile map: it cannot be combined with --map never",
        ));
    }
    let prefabs = read_prefabs(&args.prefab)?;
    let map = match args.map.map {
        MapChoice::Always => true,
        MapChoice::Never => false,
        // Corridors between any two of that many rooms would dwarf the graph.
        MapChoice::Auto => {
            format.draws_tiles()
                || maze
                || !prefabs.is_empty()
                || candidates == Candidates::Delaunay
                || count <= AUTO_MAP_ROOMS
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
    let contents = read_contents(&args.contents, takes, &format_name)?;
    if let Some(contents) = &contents {
        // Each floor numbers its --locks and its locked --cycles; a graph brings its own.
        let per_floor = args.locks.saturating_add(args.cycles);
        let locks = args
            .graph
            .is_none()
            .then(|| per_floor.saturating_mul(args.floors.floors));
        contents.check_for(args.floors.floors, locks)?;
    }
    let target = Target::new(args.target.output.as_deref());
    super::output::refuse_binary_to_terminal(takes, &target)?;
    let renderer = rooms_renderer(format, use_color(&args.target), picture, args.picture.scale);
    Ok(RoomsJob {
        contents,
        tileset: TilesetImage::of(
            matches!(format, RoomsFormat::Tiled | RoomsFormat::Tmx),
            &target,
        ),
        floors: args.floors.floors,
        options: RoomOptions {
            count,
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
            prefabs,
        },
        seed: Seed::settle(args.seed, args.quiet),
        renderer,
        target,
        note_no_map: !map && args.map.map == MapChoice::Auto,
        design,
    })
}
