//! Settles the `caves` command: the library's `CaveOptions` and the renderer.

use super::Seed;
use super::output::use_color;
use super::rooms::{ContentsJob, TilesetImage, map_picture, read_contents, uvtt_picture};
use crate::app::cli::{CavesArgs, CavesFormat};
use crate::app::output::Target;
use anyhow::Context as _;
use clap::ValueEnum as _;
use mazegen::caves::{CaveMap, CaveOptions};
use mazegen::level::{Dungeon, FLOOR_GAP};
use mazegen::render::{Godot, Json, Ldtk, Png, Render, Svg, Term, Text, Tiled, Tmx, Uvtt};

/// A cave to generate and write.
pub struct CavesJob {
    /// The library's options, of every floor.
    pub options: CaveOptions,
    /// The floors of the dungeon (1: a cave alone).
    pub floors: u32,
    /// The seed.
    pub seed: Seed,
    /// The format's renderer.
    pub renderer: Box<dyn Render<Dungeon<CaveMap>>>,
    /// Where it goes.
    pub target: Target,
    /// Where the image of a Tiled map's tileset goes.
    pub tileset: TilesetImage,
    /// The contents to place (`--contents`).
    pub contents: Option<ContentsJob>,
}

/// The renderer of caves in `format`: `term` colored or not, pictures drawn as `picture`
/// says (`uvtt`'s made at its scale already).
pub(super) fn caves_renderer(
    format: CavesFormat,
    color: bool,
    picture: mazegen::render::Picture,
) -> Box<dyn Render<Dungeon<CaveMap>>> {
    match format {
        CavesFormat::Term => Box::new(Term {
            color,
            heatmap: false,
            scale: None,
            ..Term::default()
        }),
        CavesFormat::Text => Box::new(Text::default()),
        CavesFormat::Json => Box::new(Json::default()),
        CavesFormat::Tiled => Box::new(Tiled),
        CavesFormat::Tmx => Box::new(Tmx),
        CavesFormat::Godot => Box::new(Godot),
        CavesFormat::Ldtk => Box::new(Ldtk),
        CavesFormat::Uvtt => Box::new(Uvtt(picture)),
        CavesFormat::Svg => Box::new(Svg(picture)),
        CavesFormat::Png => Box::new(Png(picture)),
    }
}

/// Settles the `caves` command.
pub(super) fn caves(args: CavesArgs) -> anyhow::Result<CavesJob> {
    let format = args.format;
    let takes = format.takes();
    let format_name = format
        .to_possible_value()
        .expect("no skipped formats")
        .get_name()
        .to_string();
    let picture = map_picture(takes, &format_name, &args.picture)?;
    let contents = read_contents(&args.contents, takes, &format_name)?;
    if let Some(contents) = &contents {
        let locks = args.locks.saturating_mul(args.floors.floors);
        contents.check_for(args.floors.floors, Some(locks))?;
    }
    let picture = match format {
        CavesFormat::Uvtt => uvtt_picture(picture, args.picture.scale),
        _ => picture,
    };
    let floors = args.floors.floors;
    if takes.picture {
        // The cave's size is known (its floors one below another): a picture too large is
        // refused before the work.
        let height = u64::from(floors) * u64::from(args.height)
            + u64::from(floors - 1) * u64::from(FLOOR_GAP);
        picture
            .pixel_size_of(args.width.into(), height)
            .with_context(|| format!("--scale {}", picture.scale))?;
    }
    let target = Target::new(args.target.output.as_deref());
    super::output::refuse_binary_to_terminal(takes, &target)?;
    let renderer = caves_renderer(format, use_color(&args.target), picture);
    let automaton = args.automaton;
    let options = CaveOptions {
        width: args.width,
        height: args.height,
        fill: automaton.fill,
        rule: automaton.rule,
        steps: automaton.steps,
        min_size: automaton.min_size,
        locks: args.locks,
    };
    // Everything that can be refused before the work is.
    options
        .check()
        .and_then(|_| options.check_floors(floors))
        .map_err(|error| super::caves_with_flags(error, &options))?;
    Ok(CavesJob {
        contents,
        options,
        floors,
        seed: Seed::settle(args.seed, args.quiet),
        renderer,
        tileset: TilesetImage::of(
            matches!(format, CavesFormat::Tiled | CavesFormat::Tmx),
            &target,
        ),
        target,
    })
}
