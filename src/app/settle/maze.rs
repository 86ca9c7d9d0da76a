//! Settles a maze command: the library's `MazeSpec` checked, and where the maze goes
//! (rendered, streamed row by row, animated, or as its generator's events).

use super::output::{Rendering, Sizing, Unit, format_of, rendering, shape_output, use_color};
use super::{Seed, bad_input, flags::with_flags, open_named};

use crate::app::animate::{self, Pace};
use crate::app::cli::{self, EndpointArgs, Format, MazeArgs, Place, ShapeKind, SizeArgs};
use crate::app::output::Target;
use crate::app::terminal::{self, TerminalScreen};
use anyhow::Context;
use mazegen::algorithms::{
    AldousBroder, Algorithm, Generator, Wilson, expected_walk_steps, expected_walk_steps_on,
};
use mazegen::giant::{Giant, Window};
use mazegen::grid::{Grid, Pos, tiles_from_cells, tiles_from_cells_u64};
use mazegen::maze::{Blank, Finish, MazeSpec};
use mazegen::topology::{Hex, Levels, Mask, Masked, Polar, Shape, Square, Triangle, Weave};
use std::io::{self, IsTerminal};
use std::time::Duration;

/// A maze to generate, finish and put somewhere.
pub struct MazeJob {
    /// The maze, checked (a streamed maze's blank is as tall as a grid can be: its rows
    /// are counted by [`Destination::Stream`]).
    pub spec: MazeSpec,
    /// The seed.
    pub seed: Seed,
    /// Where the result goes.
    pub destination: Destination,
    /// `--quiet`: no progress bar.
    pub quiet: bool,
}

/// What `--braid`, `--start`, `--goal`, `--openings` and `--solve` ask to be done to a maze
/// once generated.
pub(super) fn finish_of(args: &MazeArgs, shape: Option<&Shape>) -> anyhow::Result<Finish> {
    Ok(Finish {
        braid: args.braid,
        unicursal: args.unicursal,
        solve: args.solve,
        ..endpoints_of(&args.endpoints, shape)?
    })
}

/// Where `--start`, `--goal` and `--openings` put the endpoints of a maze of `shape` (`None`:
/// a plain rectangle).
pub(super) fn endpoints_of(args: &EndpointArgs, shape: Option<&Shape>) -> anyhow::Result<Finish> {
    Ok(Finish {
        start: placed("--start", args.start, shape)?,
        goal: placed("--goal", args.goal, shape)?,
        openings: args.openings,
        ..Finish::default()
    })
}

/// The position of the cell `flag` names as `place` on `shape` (`None`: a plain rectangle),
/// or the refusal naming it.
pub(crate) fn placed(
    flag: &str,
    place: Option<Place>,
    shape: Option<&Shape>,
) -> anyhow::Result<Option<Pos>> {
    place
        .map(|p| {
            p.on(shape)
                .map_err(|e| bad_input(format!("{flag} {p}: {e}")))
        })
        .transpose()
}

/// Where a generated maze goes.
pub enum Destination {
    /// Rendered to a target once finished.
    Render(Rendering),
    /// Drawn on the terminal while it is generated, then rendered to standard output.
    Animate(Pace, Rendering),
    /// The generator's steps, as JSON lines after a header line.
    Events(Target),
    /// A window of a giant maze (its chunks carved on this many threads), rendered to a
    /// target once finished.
    Window(Giant, Window, usize, Rendering),
    /// Rendered row by row as it is generated, holding a row at a time whatever the height
    /// (an algorithm that carves row by row, a format written in order, nothing that needs
    /// the whole maze), with this many rows of cells.
    Stream(Rendering, u64),
    /// A chunked maze made whole (on this many threads): streamed a row of chunks at a time
    /// when the format and options allow ([`Giant::rows`]), else made whole and finished.
    Chunks(Giant, usize, Chunked),
}

/// How a chunked maze made whole is written.
pub enum Chunked {
    /// Rendered row by row as its rows of chunks are carved.
    Streamed(Rendering),
    /// Made whole, finished, then rendered.
    Whole(Rendering),
}

/// Settles a maze command.
pub(super) fn maze(
    generator: Box<dyn Generator + Send + Sync>,
    args: MazeArgs,
) -> anyhow::Result<MazeJob> {
    if args.giant.given().is_some() {
        return giant_maze(generator, args);
    }
    if let Some(blank) = blank_shape(&args)? {
        return shaped_maze(generator, args, blank);
    }
    let (width, rows) = args.size.rectangle().map_err(bad_input)?;
    // A one-cell maze tells whether the algorithm streams.
    let streams = generator.stream(1, 1, 0).is_some();
    let streamed = streamed_rendering(streams, &args)?;
    if streamed.is_none() {
        check_cell_limit(generator.as_ref(), &args.size, width, rows)?;
    } else {
        // A streamed maze holds rows of cells: one may be as long as a grid.
        Grid::check_size(width, 1).with_context(|| match args.size.cells {
            Some(_) => args.size.spelled(width, rows),
            None => format!("--width {}", tiles_from_cells(width)),
        })?;
    }
    // Within the cell limit, or streamed: only a stream has more rows than this counts.
    let height = u32::try_from(rows).unwrap_or(u32::MAX);
    let spec = MazeSpec {
        generator,
        blank: Blank::Rect { width, height },
        finish: finish_of(&args, None)?,
    };
    if streamed.is_none() {
        spec.check().map_err(with_flags)?;
    }
    let format = format_of(&args.output);
    let destination = if let Some(rendering) = streamed {
        let sizing = rect_sizing(&args.size, width, rows);
        rendering.check_picture(tiles_from_cells(width), tiles_from_cells_u64(rows), &sizing)?;
        if format == Format::Json && u32::try_from(rows).is_err() {
            let error = mazegen::MazeError::TooTall {
                height: rows,
                limit: u32::MAX.into(),
                what: "a JSON document",
            };
            let height = tiles_from_cells_u64(rows);
            return Err(anyhow::Error::new(error).context(format!("--height {height}")));
        }
        Destination::Stream(rendering, rows)
    } else if format == Format::Events {
        events_only(&args)?;
        Destination::Events(Target::new(args.output.target.output.as_deref()))
    } else {
        let rendering = rendering(&args.output, Format::Term)?;
        let sizing = rect_sizing(&args.size, width, rows);
        rendering.check_picture(tiles_from_cells(width), tiles_from_cells(height), &sizing)?;
        if args.animation.animate {
            let (tile_width, tile_height) = (tiles_from_cells(width), tiles_from_cells(height));
            let pace = animation_pace(&args, format, |columns, lines| {
                animate::check_fits(tile_width, tile_height, columns, lines)
            })?;
            Destination::Animate(pace, rendering)
        } else {
            rendering
                .renderer
                .check_blank(&spec.blank)
                .map_err(with_flags)?;
            Destination::Render(rendering)
        }
    };
    Ok(MazeJob {
        spec,
        seed: Seed::settle(args.seed, args.dataset.quiet),
        destination,
        quiet: args.dataset.quiet,
    })
}

/// The formats a window is written in: those that draw tiles or list cells.
pub(super) const WINDOW_FORMATS: [Format; 6] = [
    Format::Term,
    Format::Text,
    Format::Json,
    Format::Graph,
    Format::Svg,
    Format::Png,
];

/// Settles a window of a giant maze (`--window`), or a maze made of chunks (`--chunk`, the
/// whole maze unless a window is given).
fn giant_maze(
    generator: Box<dyn Generator + Send + Sync>,
    args: MazeArgs,
) -> anyhow::Result<MazeJob> {
    let flag = args.giant.given().expect("a giant maze was asked for");
    let shape = &args.shape;
    if shape.mask.is_some()
        || shape.shape != ShapeKind::Rect
        || shape.wrap.is_some()
        || shape.levels.is_some_and(|n| n > 1)
        || shape.weave.is_some()
    {
        return Err(bad_input(format!(
            "{flag} cuts rectangles sized by --width and --height; leave --shape, --mask, \
             --wrap, --levels and --weave out"
        )));
    }
    let format = format_of(&args.output);
    let output = &args.output;
    // A window is part of a maze as it is; a chunked maze made whole may be braided, opened
    // and measured, but not animated (its chunks are carved apart) or made a labyrinth (which
    // would not record its chunks).
    let windowed = args.giant.window.is_some();
    let whole_maze = [
        ("--braid", args.braid.is_some() && windowed),
        ("--openings", args.endpoints.openings && windowed),
        ("--stats", output.stats && windowed),
        ("--unicursal", args.unicursal),
        ("--animate", args.animation.animate),
    ];
    if let Some((option, _)) = whole_maze.iter().find(|(_, given)| *given) {
        return Err(bad_input(format!(
            "{flag}: {option} needs a whole maze carved by one algorithm, and a giant maze is \
             made a window at a time, of chunks carved apart; leave {option} out"
        )));
    }
    if let (Some(jobs), true, None) = (args.dataset.jobs, windowed, args.giant.chunk) {
        return Err(bad_input(format!(
            "--window: --jobs {jobs} carves the chunks of a chunked maze on threads, and a \
             binary-tree window without --chunk has none; leave --jobs out"
        )));
    }
    if output.style == Some(cli::PictureStyle::Lines) && windowed {
        return Err(bad_input(format!(
            "{flag}: --style lines does not draw the passages that leave a window; leave it out"
        )));
    }
    let (width, height) = args.size.giant_rectangle().map_err(bad_input)?;
    let giant = Giant::new(width, height, args.giant.chunk).map_err(|error| {
        let context = match error {
            mazegen::MazeError::GiantSide { .. } => "--width, --height".to_string(),
            _ => format!("--chunk {}", args.giant.chunk.unwrap_or_default()),
        };
        anyhow::Error::new(error).context(context)
    })?;
    let refusal = |error: mazegen::MazeError| match error {
        mazegen::MazeError::WindowUnsupported { .. } if args.giant.chunk.is_none() => bad_input(
            format!("--window: {error}; add --chunk C, such as --chunk 32"),
        ),
        mazegen::MazeError::WindowUnsupported { .. }
        | mazegen::MazeError::TooManySeeds { .. }
        | mazegen::MazeError::Refused { .. } => with_flags(error),
        mazegen::MazeError::OutOfMemory { .. } => {
            let chunk = args.giant.chunk.unwrap_or_default();
            anyhow::Error::new(error).context(format!("--chunk {chunk}"))
        }
        _ => {
            let flags = match args.giant.window {
                Some(w) => format!("--window {},{},{},{}", w.x, w.y, w.width, w.height),
                None => "--chunk".to_string(),
            };
            anyhow::Error::new(error).context(flags)
        }
    };
    // A whole chunked maze written as it is made: any size.
    let streamed = match windowed {
        true => None,
        false => streamed_rendering(true, &args)?,
    };
    let jobs = args
        .dataset
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, |jobs| jobs.get().min(mazegen::dataset::MAX_JOBS));
    if let Some(rendering) = streamed {
        if width > mazegen::grid::MAX_CELLS {
            let tiles = tiles_from_cells_u64(width);
            return Err(bad_input(format!(
                "--width {tiles}: a chunked maze is written a row of cells at a time, and a row \
                 of {width} cells is more than a grid holds ({} cells); add --window X,Y,W,H \
                 to cut a window of it",
                mazegen::grid::MAX_CELLS
            )));
        }
        giant
            .check_rows(generator.as_ref(), jobs)
            .map_err(refusal)?;
        let (tile_width, tile_height) = (tiles_from_cells_u64(width), tiles_from_cells_u64(height));
        let sizing = Sizing {
            across: format!("--width {tile_width}"),
            down: format!("--height {tile_height}"),
            unit: Some(Unit::Tiles),
        };
        rendering.check_picture(tile_width, tile_height, &sizing)?;
        if format == Format::Json && u32::try_from(height).is_err() {
            let error = mazegen::MazeError::TooTall {
                height,
                limit: u32::MAX.into(),
                what: "a JSON document",
            };
            return Err(anyhow::Error::new(error).context(format!("--height {tile_height}")));
        }
        let blank = Blank::Rect {
            width: u32::try_from(width).unwrap_or(u32::MAX),
            height: u32::try_from(height).unwrap_or(u32::MAX),
        };
        return Ok(MazeJob {
            spec: MazeSpec {
                generator,
                blank,
                finish: Finish::default(),
            },
            seed: Seed::settle(args.seed, args.dataset.quiet),
            destination: Destination::Chunks(giant, jobs, Chunked::Streamed(rendering)),
            quiet: args.dataset.quiet,
        });
    }
    if !WINDOW_FORMATS.contains(&format) {
        let names: Vec<String> = WINDOW_FORMATS.iter().map(|f| f.name()).collect();
        let names = names.join(", ");
        return Err(bad_input(match (windowed, format) {
            (false, Format::Npy) => {
                let option = whole_maze_option(&args);
                format!(
                    "{flag}: {option} needs the whole maze in memory, and --format npy is \
                     written only as a chunked maze is made; leave {option} out, or write the \
                     whole maze as --format {names}"
                )
            }
            (false, _) => format!(
                "{flag}: --format {} does not write a chunked maze; {names} and npy do",
                format.name()
            ),
            (true, _) => format!(
                "{flag}: --format {} does not take a window; {names} do",
                format.name()
            ),
        }));
    }
    let window = match args.giant.window {
        Some(window) => window,
        None => whole_window(&args, width, height)?,
    };
    giant.check(generator.as_ref(), window).map_err(refusal)?;
    let blank = Blank::Rect {
        width: window.width,
        height: window.height,
    };
    let finish = finish_of(&args, None)?;
    finish.check(&blank).map_err(with_flags)?;
    let rendering = rendering(&args.output, Format::Term)?;
    let sizing = Sizing::both(
        format!(
            "--window {},{},{},{}",
            window.x, window.y, window.width, window.height
        ),
        Some(Unit::Cells),
    );
    rendering.check_picture(
        tiles_from_cells(window.width),
        tiles_from_cells(window.height),
        &sizing,
    )?;
    let destination = match windowed {
        true => Destination::Window(giant, window, jobs, rendering),
        false => Destination::Chunks(giant, jobs, Chunked::Whole(rendering)),
    };
    Ok(MazeJob {
        spec: MazeSpec {
            generator,
            blank,
            finish,
        },
        seed: Seed::settle(args.seed, args.dataset.quiet),
        destination,
        quiet: args.dataset.quiet,
    })
}

/// The first option given that needs a whole maze in memory rather than written as it is
/// made, as the command line spells it (else the format, which cannot be written so).
fn whole_maze_option(args: &MazeArgs) -> String {
    let output = &args.output;
    let endpoints = &args.endpoints;
    let options = [
        ("--braid".to_string(), args.braid.is_some()),
        ("--unicursal".into(), args.unicursal),
        ("--solve".into(), args.solve),
        ("--start".into(), endpoints.start.is_some()),
        ("--goal".into(), endpoints.goal.is_some()),
        ("--openings".into(), endpoints.openings),
        ("--stats".into(), output.stats),
        ("--heatmap".into(), output.heatmap),
        (
            "--style lines".into(),
            output.style == Some(cli::PictureStyle::Lines),
        ),
        ("--animate".into(), args.animation.animate),
    ];
    let option = options.into_iter().find(|(_, given)| *given);
    option.map_or_else(
        || format!("--format {}", format_of(output).name()),
        |(option, _)| option,
    )
}

/// The window of all of a chunked maze of `width x height` cells, made whole because an
/// option needs it so: refused, naming that option, when it is more than a grid holds.
fn whole_window(args: &MazeArgs, width: u64, height: u64) -> anyhow::Result<Window> {
    let sides = (u32::try_from(width), u32::try_from(height));
    let fits = match sides {
        (Ok(w), Ok(h)) => Grid::check_size(w, h).is_ok(),
        _ => false,
    };
    let (Ok(w), Ok(h), true) = (sides.0, sides.1, fits) else {
        let option = whole_maze_option(args);
        return Err(bad_input(format!(
            "--chunk: {option} needs the whole maze in memory, and a maze of {width}x{height} \
             cells is more than a grid holds ({} cells); leave {option} out to write it as it \
             is made (--format term, text, json, npy or png), or add --window X,Y,W,H",
            mazegen::grid::MAX_CELLS
        )));
    };
    Ok(Window {
        x: 0,
        y: 0,
        width: w,
        height: h,
    })
}

/// The blank shape `--shape`, `--cells`, `--rings` and `--mask` ask for, or `None` for a plain
/// rectangle (sized by `--size`, `--width` and `--height`). Size options that do not fit the
/// shape are refused, naming those that do; a mask is read and checked here.
/// The first option given beside `own` that makes other cells than a plain rectangle's:
/// `--mask`, `--wrap`, `--levels` (above 1), `--weave`, `--shape` (but rect); what `own`
/// (`--levels` or `--weave`) does not combine with.
fn other_kind(shape: &cli::ShapeArgs, own: &str) -> Option<&'static str> {
    let given = [
        ("--mask", shape.mask.is_some()),
        ("--wrap", shape.wrap.is_some()),
        ("--levels", shape.levels.is_some_and(|n| n > 1)),
        ("--weave", shape.weave.is_some()),
        ("--shape", shape.shape != ShapeKind::Rect),
    ];
    (given.into_iter())
        .find(|&(flag, given)| given && flag != own)
        .map(|(flag, _)| flag)
}

pub(super) fn blank_shape(args: &MazeArgs) -> anyhow::Result<Option<Shape>> {
    let shape = &args.shape;
    let kind = shape.shape;
    let name = if shape.mask.is_some() {
        "mask"
    } else {
        kind.name()
    };
    let refuse = |flag: &str, fits: &str| {
        Err(bad_input(format!(
            "{flag} does not size a {name} maze; {fits}"
        )))
    };
    if let Some(n) = shape.levels
        && let Some(other) = other_kind(shape, "--levels")
    {
        return Err(bad_input(format!(
            "--levels {n} stacks plain rectangles of square cells; leave {other} out"
        )));
    }
    if let Some(density) = shape.weave {
        if let Some(other) = other_kind(shape, "--weave") {
            return Err(bad_input(format!(
                "--weave crosses passages under the square cells of a plain rectangle; leave \
                 {other} out"
            )));
        }
        if shape.rings.is_some() {
            return refuse("--rings", RECTANGLE_SIZES);
        }
        let (width, rows) = args.size.rectangle().map_err(bad_input)?;
        let height = u32::try_from(rows).unwrap_or(u32::MAX);
        let size = || {
            sized(&args.size, "--weave", width, rows, |w, h| {
                format!("--weave with {w}x{h} tiles")
            })
        };
        let weave = Weave::new(width, height, density).with_context(size)?;
        return Ok(Some(Shape::Weave(weave)));
    }
    if let Some(path) = &shape.mask {
        if shape.wrap.is_some() {
            return Err(bad_input(
                "--wrap joins the edges of a whole rectangle or hex field, not of a --mask",
            ));
        }
        if kind != ShapeKind::Rect {
            return Err(bad_input(format!(
                "--mask takes the rectangle's square cells, not --shape {}; leave --shape out",
                format!("{kind:?}").to_lowercase()
            )));
        }
        let flags = [
            (args.size.given(), ""),
            (shape.rings.map(|_| "--rings"), ""),
        ];
        if let Some((Some(flag), _)) = flags.iter().find(|(flag, _)| flag.is_some()) {
            return refuse(
                flag,
                "the mask gives the size, one cell per character or pixel",
            );
        }
        let file = open_named(path, &format!("--mask {}", path.display()))?;
        let mask = Mask::read(file).with_context(|| format!("--mask {}", path.display()))?;
        return Ok(Some(Shape::Masked(Masked::new(mask)?)));
    }
    let rings_flag = shape.rings.map(|_| "--rings");
    let wrap = shape.wrap.map(cli::WrapKind::wrap);
    if let Some(wrap) = wrap
        && matches!(kind, ShapeKind::Triangle | ShapeKind::Polar)
    {
        return Err(bad_input(format!(
            "--wrap {} joins the edges of rect and hex mazes, not of --shape {}",
            wrap.name(),
            kind.name()
        )));
    }
    match kind {
        ShapeKind::Rect => {
            if let Some(flag) = rings_flag {
                return refuse(flag, RECTANGLE_SIZES);
            }
            let (width, rows) = args.size.rectangle().map_err(bad_input)?;
            if let Some(n) = shape.levels.filter(|&n| n > 1) {
                let height = u32::try_from(rows).unwrap_or(u32::MAX);
                let size = || {
                    sized(&args.size, &format!("--levels {n}"), width, rows, |w, h| {
                        format!("--levels {n} of {w}x{h} tiles")
                    })
                };
                let levels = Levels::new(width, height, n).with_context(size)?;
                return Ok(Some(Shape::Levels(levels)));
            }
            let Some(wrap) = wrap else {
                return Ok(None);
            };
            refuse_narrow_wrap(&args.size, wrap, width, rows)?;
            let size = || {
                let flag = format!("--wrap {}", wrap.name());
                sized(&args.size, &flag, width, rows, |w, h| {
                    format!("{flag} with {w}x{h} tiles")
                })
            };
            let height = u32::try_from(rows).unwrap_or(u32::MAX);
            Ok(Some(Shape::Square(
                Square::wrapped(width, height, wrap).with_context(size)?,
            )))
        }
        ShapeKind::Hex | ShapeKind::Triangle => {
            if let Some(flag) = args.size.tiles_given().or(rings_flag) {
                return refuse(flag, "hex and triangle mazes take --cells WxH");
            }
            let (w, h) = args.size.cells.unwrap_or(cli::DEFAULT_SHAPE_CELLS);
            let context = || match wrap {
                Some(wrap) => format!("--cells {w}x{h} --wrap {}", wrap.name()),
                None => format!("--cells {w}x{h}"),
            };
            Ok(Some(if kind == ShapeKind::Hex {
                let wrap = wrap.unwrap_or_default();
                Shape::Hex(Hex::wrapped(w, h, wrap).with_context(context)?)
            } else {
                Shape::Triangle(Triangle::new(w, h).with_context(context)?)
            }))
        }
        ShapeKind::Polar => {
            if let Some(flag) = args.size.given() {
                return refuse(flag, "polar mazes take --rings N");
            }
            let rings = shape.rings.unwrap_or(cli::DEFAULT_RINGS);
            let polar = Polar::new(rings).with_context(|| format!("--rings {rings}"))?;
            Ok(Some(Shape::Polar(polar)))
        }
    }
}

/// The fewest cells a wrapped axis takes: with 2, the cells on either side of the seam would
/// be neighbours twice; with 1, a cell its own neighbour.
const WRAP_CELLS: u64 = 3;

/// Refuses `--wrap` across or down a rectangle of `width x rows` cells sized in tiles that is
/// too narrow for it, in the tiles and the option the size was given in (a size in cells is
/// refused by the library, in cells).
fn refuse_narrow_wrap(
    size: &SizeArgs,
    wrap: mazegen::topology::Wrap,
    width: u32,
    rows: u64,
) -> anyhow::Result<()> {
    if size.cells.is_some() {
        return Ok(());
    }
    let axes = [
        (
            wrap.x(),
            u64::from(width),
            "across",
            size.width.is_some(),
            "--width",
        ),
        (wrap.y(), rows, "down", size.height.is_some(), "--height"),
    ];
    for (wrapped, cells, way, own, flag) in axes {
        if !wrapped || cells >= WRAP_CELLS {
            continue;
        }
        let flag = if own { flag } else { "--size" };
        let tiles = tiles_from_cells_u64(cells);
        let (cell, meet) = match cells {
            1 => ("1 cell", "its one cell would be its own neighbour"),
            _ => ("2 cells", "its edge cells would be neighbours twice"),
        };
        return Err(bad_input(format!(
            "{flag} {tiles} --wrap {}: a maze {tiles} tiles {way} ({cell}) cannot wrap {way}: \
             {meet}; wrapping {way} needs {flag} {} or more ({WRAP_CELLS} cells)",
            wrap.name(),
            tiles_from_cells_u64(WRAP_CELLS)
        )));
    }
    Ok(())
}

/// `flag` beside the size of a rectangle of `width x rows` cells as the command line gave it:
/// `--cells WxH --wrap x` for a size in cells, else what `in_tiles` says of its tiles.
fn sized(
    size: &SizeArgs,
    flag: &str,
    width: u32,
    rows: u64,
    in_tiles: impl FnOnce(u64, u64) -> String,
) -> String {
    match size.cells {
        Some(_) => format!("{} {flag}", size.spelled(width, rows)),
        None => in_tiles(tiles_from_cells(width), tiles_from_cells_u64(rows)),
    }
}

/// How the options size a rectangle of `width x rows` cells, for the refusal of a picture too
/// large: `--width` (or `--size`) across and `--height` (or `--size`) down, in tiles as given,
/// or `--cells WxH` both ways.
pub(super) fn rect_sizing(size: &SizeArgs, width: u32, rows: u64) -> Sizing {
    if size.cells.is_some() {
        return Sizing::both(size.spelled(width, rows), Some(Unit::Cells));
    }
    let side = |flag: &str, given: bool, cells: u64| {
        let (flag, cells) = match (given, size.size) {
            (false, Some(square)) => ("--size", u64::from(square)),
            _ => (flag, cells),
        };
        format!("{flag} {}", tiles_from_cells_u64(cells))
    };
    Sizing {
        across: side("--width", size.width.is_some(), width.into()),
        down: side("--height", size.height.is_some(), rows),
        unit: Some(Unit::Tiles),
    }
}

/// How the options size a maze of `shape`, for the refusal of a picture too large: those
/// behind its width and height (`--cells`, `--rings`, `--mask`, a rectangle's sizes, and
/// `--levels` across, the levels side by side).
pub(super) fn shape_sizing(args: &MazeArgs, shape: &Shape) -> Sizing {
    let (width, height) = shape.extent();
    let rect = || {
        let (width, rows) = args.size.rectangle().unwrap_or((width, height.into()));
        rect_sizing(&args.size, width, rows)
    };
    match shape {
        Shape::Masked(_) => {
            let path = args
                .shape
                .mask
                .as_deref()
                .unwrap_or(std::path::Path::new("FILE"));
            Sizing::both(format!("--mask {}", path.display()), Some(Unit::Tiles))
        }
        Shape::Hex(_) | Shape::Triangle(_) => {
            Sizing::both(format!("--cells {width}x{height}"), Some(Unit::Cells))
        }
        Shape::Polar(polar) => Sizing::both(format!("--rings {}", polar.rings()), None),
        Shape::Levels(levels) => {
            let rect = rect();
            Sizing {
                across: format!("--levels {} {}", levels.levels(), rect.across),
                ..rect
            }
        }
        Shape::Rect(_) | Shape::Square(_) | Shape::Weave(_) => rect(),
    }
}

/// The sizes a rectangle takes, for refusals of others.
const RECTANGLE_SIZES: &str =
    "rectangles take --size, --width and --height in tiles, or --cells WxH";

/// Settles a maze of another shape than the plain rectangle, carved into `blank`.
fn shaped_maze(
    generator: Box<dyn Generator + Send + Sync>,
    args: MazeArgs,
    blank: Shape,
) -> anyhow::Result<MazeJob> {
    let finish = finish_of(&args, Some(&blank))?;
    let spec = MazeSpec {
        generator,
        blank: Blank::Shape(blank),
        finish,
    };
    // What the library refuses comes first, as for rectangles.
    spec.check().map_err(with_flags)?;
    let Blank::Shape(blank) = &spec.blank else {
        unreachable!("made from a shape above")
    };
    let format = format_of(&args.output);
    let destination = if format == Format::Events {
        events_only(&args)?;
        Destination::Events(Target::new(args.output.target.output.as_deref()))
    } else {
        let rendering = shape_output(&args.output, blank, &shape_sizing(&args, blank))?;
        if args.animation.animate {
            let size = animate::picture_size(blank, rendering.blocks_scale())?;
            let pace = animation_pace(&args, format, |columns, lines| {
                animate::check_shape_fits(blank, size, columns, lines)
            })?;
            Destination::Animate(pace, rendering)
        } else {
            rendering
                .renderer
                .check_blank(&spec.blank)
                .map_err(with_flags)?;
            Destination::Render(rendering)
        }
    };
    Ok(MazeJob {
        spec,
        seed: Seed::settle(args.seed, args.dataset.quiet),
        destination,
        quiet: args.dataset.quiet,
    })
}

/// The rendering of a maze written row by row as it is generated, or `None` when it cannot be:
/// the algorithm must carve row by row, the format be written in order, and nothing ask for
/// the whole maze (braiding, a solution, endpoints, figures, a heat map, an animation).
fn streamed_rendering(streams: bool, args: &MazeArgs) -> anyhow::Result<Option<Rendering>> {
    let endpoints = &args.endpoints;
    let whole_maze = args.braid.is_some()
        || args.unicursal
        || args.solve
        || endpoints.start.is_some()
        || endpoints.goal.is_some()
        || endpoints.openings
        || args.animation.animate
        || args.output.format == Some(Format::Events);
    if whole_maze || !streams {
        return Ok(None);
    }
    let rendering = rendering(&args.output, Format::Term)?;
    let streams = rendering.renderer.streams().is_some() && !rendering.stats_table;
    Ok(streams.then_some(rendering))
}

/// Refuses a maze of `width x rows` cells over the grid's cell limit before anything is
/// allocated, with the memory it would take and what streams instead.
pub(super) fn check_cell_limit(
    generator: &dyn Generator,
    size: &SizeArgs,
    width: u32,
    rows: u64,
) -> anyhow::Result<()> {
    let sides = size.spelled(width, rows);
    // More rows than a grid counts are over the limit whatever the width.
    let height = u32::try_from(rows).unwrap_or(u32::MAX);
    match Grid::check_size(width, height) {
        Ok(_) => Ok(()),
        Err(error @ mazegen::MazeError::TooLarge { .. }) => {
            let too_large = if u64::from(height) == rows {
                error.to_string()
            } else {
                format!("a maze {rows} cells high has more rows than a grid can count")
            };
            let cells = u64::from(width).saturating_mul(rows);
            let bytes = cells.saturating_add(generator.scratch_bytes(width, height));
            Err(bad_input(format!(
                "{sides}: {too_large}; {} would need {bytes} bytes ({:.1} GiB) for it. \
                 binary-tree, sidewinder and eller write mazes of any height row by row to \
                 term, text, json and png, without --braid, --unicursal, --solve, --start, --goal, \
                 --openings, --stats, --heatmap or --animate",
                generator.name(),
                bytes as f64 / f64::from(1 << 30),
            )))
        }
        Err(error) => Err(anyhow::Error::new(error).context(sides)),
    }
}

/// `--format events` records generation only: options that act after it are refused.
fn events_only(args: &MazeArgs) -> anyhow::Result<()> {
    let output = &args.output;
    let after = [
        ("--braid", args.braid.is_some()),
        ("--unicursal", args.unicursal),
        ("--solve", args.solve),
        ("--start", args.endpoints.start.is_some()),
        ("--goal", args.endpoints.goal.is_some()),
        ("--openings", args.endpoints.openings),
        ("--stats", output.stats),
        ("--heatmap", output.heatmap),
        ("--theme", output.theme.is_some()),
        ("--scale", output.scale.is_some()),
        ("--animate", args.animation.animate),
    ];
    match after.iter().find(|(_, given)| *given) {
        Some((flag, _)) => Err(bad_input(format!(
            "--format events records the generator's steps only; {flag} does not apply"
        ))),
        None => Ok(()),
    }
}

/// Checks that `--animate` can run here and now, its picture fitting the terminal as `fits`
/// says, and returns its pace.
fn animation_pace(
    args: &MazeArgs,
    format: Format,
    fits: impl FnOnce(u16, u16) -> Result<(), String>,
) -> anyhow::Result<Pace> {
    let target = &args.output.target;
    if format != Format::Term || target.output.is_some() {
        return Err(bad_input(
            "--animate draws in the terminal: it needs --format term and no --output",
        ));
    }
    if !io::stdout().is_terminal() {
        return Err(bad_input(
            "--animate draws in a terminal, but standard output is not one",
        ));
    }
    if terminal::keyboard().is_err() {
        return Err(bad_input(
            "--animate reads its keys from a terminal, but standard input is not one \
             and there is no controlling terminal",
        ));
    }
    let (columns, lines) = TerminalScreen::size()?;
    fits(columns, lines).map_err(bad_input)?;
    Ok(Pace {
        delay: Duration::from_millis(args.animation.delay.into()),
        steps_per_frame: args.animation.steps_per_frame,
        color: use_color(target),
        palette: args
            .output
            .theme
            .map_or(mazegen::render::Palette::COLOR, Into::into),
    })
}

/// The random-walk steps the maze of `spec` is expected to take: none unless its generator
/// walks (Aldous-Broder, Wilson).
pub fn walk_steps(spec: &MazeSpec) -> f64 {
    if ![AldousBroder::NAME, Wilson::NAME].contains(&spec.generator.name()) {
        return 0.0;
    }
    match &spec.blank {
        Blank::Rect { width, height } => expected_walk_steps(*width, *height),
        Blank::Shape(shape) => expected_walk_steps_on(shape),
    }
}
