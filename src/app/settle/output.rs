//! Settles how mazes are written: the format's renderer with its options, the picture's size
//! checked, color, and which formats take which shapes.

use super::bad_input;

use crate::app::cli::{self, ColorChoice, Format, OutputArgs, TargetArgs};
use crate::app::output::Target;
use mazegen::render::{
    self as render, Graph, Html, Json, Jsonl, Many, NpyConnections, NpyTiles, Npz, Pdf, Picture,
    Png, Render, Style, Svg, Takes, Term, Text, Tokens,
};
use mazegen::topology::Shape;
use std::io::{self, IsTerminal};

/// The formats that write mazes of any shape, as refusals name them.
const SHAPE_FORMATS: &str = "--format term, text, graph, jsonl, svg, png, html or pdf";

/// The formats that write wrapped mazes, as refusals name them.
const UNPLAYABLE_FORMATS: &str = "--format term, text, graph, jsonl, svg, png or pdf";

/// The formats that write mazes in levels, as refusals name them.
const LEVELS_FORMATS: &str = "--format term, text, json, graph, jsonl, svg, png or pdf";

/// The formats that write weaves, as refusals name them.
const WEAVE_FORMATS: &str = "--format term, text, json, graph, jsonl, svg, png, html or pdf";

/// The names of `formats` as a refusal lists them: `term, svg, png or html`.
pub(crate) fn format_names(formats: impl IntoIterator<Item = Format>) -> String {
    names_joined(formats, "or")
}

/// The names of `formats` joined by commas, and `and` or `or` before the last.
fn names_joined(formats: impl IntoIterator<Item = Format>, last_by: &str) -> String {
    let names: Vec<String> = formats.into_iter().map(Format::name).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {last_by} {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The formats of mazes that take what `takes` says of a format, in `--format`'s order: the
/// one source of the lists refusals give.
pub(crate) fn formats_that(takes: impl Fn(Takes) -> bool) -> Vec<Format> {
    Format::maze_formats()
        .filter(|format| takes(format.takes()))
        .collect()
}

/// The refusal of `flag`, a picture option (`--theme`, `--scale`, `--style`), for `--format
/// name`: the formats that take it, as they declare it.
pub fn picture_flag_refused(flag: &str, name: &str) -> anyhow::Error {
    let pictures = names_joined(formats_that(|takes| takes.picture), "and");
    let takers = match flag {
        // term takes a palette too, drawing no picture.
        "--theme" => {
            let colored = formats_that(|takes| takes.palette() && !takes.picture);
            format!(
                "{} output and {pictures} pictures",
                names_joined(colored, "and")
            )
        }
        _ => format!("{pictures} pictures"),
    };
    bad_input(format!("{flag} applies to {takers}, not --format {name}"))
}

/// How and where a maze is written.
pub struct Rendering {
    /// The format's renderer, its options applied.
    pub renderer: Box<dyn Render + Send + Sync>,
    /// Where it goes.
    pub target: Target,
    /// Print `--stats` as a table on standard error (formats that cannot carry them).
    pub stats_table: bool,
    /// Whether the maze is written in tiles (a rectangle or a mask, whose figures are a
    /// rectangle's), rather than as its shape: a graph document or a picture in lines.
    pub in_tiles: bool,
    /// What the format draws in pixels, whose size is checked against the maze.
    pub pixels: Option<Pixels>,
}

/// What a rendering draws in pixels.
#[derive(Debug, Clone, Copy)]
pub enum Pixels {
    /// An `svg` or `png` picture, drawn as it says.
    Picture(Picture),
    /// `term` or `text` of a maze in lines, in half blocks at `--scale` pixels per cell unit
    /// (the shape's own, [`mazegen::render::term_scale`], when not given).
    Blocks(Option<u32>),
}

impl Pixels {
    /// The picture of a maze of `shape`, drawn in lines, whose size this is.
    pub fn picture(self, shape: &Shape) -> Picture {
        match self {
            Pixels::Picture(picture) => picture,
            Pixels::Blocks(scale) => Picture {
                scale: scale.unwrap_or_else(|| mazegen::render::term_scale(shape)),
                style: Style::Lines,
                ..Picture::default()
            },
        }
    }
}

impl Rendering {
    /// The rendering of a maze written as its shape in `format` (see [`SHAPE_FORMATS`]), as
    /// `args` say, to `target`: pictures drawn as `picture` says, documents with figures when
    /// `--stats` is given (pictures print them as a table); `None` for a format that draws
    /// tiles only.
    pub(super) fn of_shape(
        format: Format,
        args: &OutputArgs,
        picture: Picture,
        target: Target,
    ) -> Option<Self> {
        let takes = format.takes();
        if !takes.any_shape {
            return None;
        }
        let pixels = if takes.picture {
            Some(Pixels::Picture(picture))
        } else {
            takes.blocks.then_some(Pixels::Blocks(args.scale))
        };
        Some(Self {
            renderer: renderer(format, args, picture, true)?,
            target,
            stats_table: args.stats && !takes.carries_stats,
            in_tiles: false,
            pixels,
        })
    }

    /// How `format` writes a maze in tiles of its own ([`Shape::has_own_tiles`]), if it does
    /// (`json`): its figures, which such a document does not carry, in the table.
    pub(super) fn of_own_tiles(
        format: Format,
        args: &OutputArgs,
        picture: Picture,
    ) -> Option<Self> {
        format.takes().tiled_shapes.then(|| Self {
            renderer: renderer(format, args, picture, true).expect("a format of mazes"),
            target: Target::new(args.target.output.as_deref()),
            stats_table: args.stats,
            in_tiles: false,
            pixels: None,
        })
    }

    /// The pixels per cell unit of a picture in half blocks as `--scale` asked it; `None` for
    /// the shape's own ([`mazegen::render::term_scale`]) or a format that draws none.
    pub fn blocks_scale(&self) -> Option<u32> {
        match self.pixels {
            Some(Pixels::Blocks(scale)) => scale,
            _ => None,
        }
    }

    /// Checks that a picture of a `tile_width x tile_height`-tile maze, sized as `sizing`
    /// says, can be drawn.
    pub fn check_picture(
        &self,
        tile_width: u64,
        tile_height: u64,
        sizing: &Sizing,
    ) -> anyhow::Result<()> {
        if let Some(Pixels::Picture(picture)) = self.pixels {
            check_tiles(picture, (tile_width, tile_height), sizing)?;
        }
        Ok(())
    }

    /// Checks that a picture of `maze`, read from a document, can be drawn.
    pub fn check_maze_picture(&self, maze: &mazegen::Maze) -> anyhow::Result<()> {
        let sizing = Sizing::read();
        match self.pixels {
            Some(Pixels::Picture(picture)) => match maze.grid() {
                Some(grid) => {
                    check_tiles(picture, (grid.tile_width(), grid.tile_height()), &sizing)
                }
                None => check_lines(picture, maze.shape(), &sizing),
            },
            // term and text draw rectangles and masks in tiles.
            Some(Pixels::Blocks(_)) if maze.grid().is_some() => Ok(()),
            Some(pixels @ Pixels::Blocks(_)) => {
                check_lines(pixels.picture(maze.shape()), maze.shape(), &sizing)
            }
            None => Ok(()),
        }
    }
}

/// How the command line sized a maze, for the refusal of a picture too large: the options
/// behind its width and its height, as given, and the unit its sides are counted in.
#[derive(Debug, Clone, Default)]
pub struct Sizing {
    /// The options behind the width (`--width 41`, `--size 41`, `--cells 20x5`, `--rings 9`);
    /// empty for a maze read from a document.
    pub across: String,
    /// The options behind the height.
    pub down: String,
    /// What the options count, when a side that fits can be said in it: tiles (`--width`,
    /// `--height`, `--size`) or cells (`--cells`, `--window`).
    pub unit: Option<Unit>,
}

/// What a size option counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Tiles: a maze of W cells is 2W+1 tiles across.
    Tiles,
    /// Cells.
    Cells,
}

impl Sizing {
    /// A maze read from a document: no option sized it.
    pub fn read() -> Self {
        Self::default()
    }

    /// A maze sized both ways by `options`, which count `unit`.
    pub fn both(options: String, unit: Option<Unit>) -> Self {
        Self {
            across: options.clone(),
            down: options,
            unit,
        }
    }
}

/// Checks that `picture` of a maze of `tiles` (width and height), sized as `sizing` says, can
/// be drawn; the refusal names the side too large, the options behind it and the most tiles
/// (or cells) that fit.
fn check_tiles(
    picture: Picture,
    (width, height): (u64, u64),
    sizing: &Sizing,
) -> anyhow::Result<()> {
    let Err(error) = picture.pixel_size_of(width, height) else {
        return Ok(());
    };
    // The longer side is the one too long: both are drawn at the same scale.
    let across = width >= height;
    let fits = |tiles: u64| {
        let (w, h) = if across { (tiles, 3) } else { (3, tiles) };
        picture.pixel_size_of(w, h).is_ok()
    };
    // The most tiles that fit: an odd number (a maze of cells and their walls).
    let tiles = largest(fits);
    let tiles = tiles - u64::from(tiles.is_multiple_of(2));
    let most = match sizing.unit {
        Some(Unit::Cells) => tiles / 2,
        _ => tiles,
    };
    Err(too_large(error, picture.scale, sizing, across, Some(most)))
}

/// The largest number from 3 up that `fits` (true of 3, and of every number below one it is
/// true of).
fn largest(fits: impl Fn(u64) -> bool) -> u64 {
    let (mut low, mut high) = (3, u64::MAX);
    if fits(high) {
        return high;
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    low
}

/// Checks that `picture` of a maze of `shape` read from a document can be drawn in lines.
pub fn check_read_shape(picture: Picture, shape: &Shape) -> anyhow::Result<()> {
    check_lines(picture, shape, &Sizing::read())
}

/// Checks that `picture` of a maze of `shape` in lines, sized as `sizing` says, can be drawn:
/// its size in pixels, and the memory its drawing takes.
fn check_lines(picture: Picture, shape: &Shape, sizing: &Sizing) -> anyhow::Result<()> {
    if let Err(error) = picture.pixel_size_of_shape(shape) {
        let (width, height) =
            mazegen::with_topology!(shape, t => mazegen::topology::Geometry::bounds(t));
        return Err(too_large(
            error,
            picture.scale,
            sizing,
            width >= height,
            None,
        ));
    }
    picture.check_drawing_memory(shape)?;
    Ok(())
}

/// The refusal of a picture too large (`error`) at `scale`, sized as `sizing` says: too wide
/// (`across`) or too high, saying the `most` tiles or cells that fit when known.
fn too_large(
    error: mazegen::MazeError,
    scale: u32,
    sizing: &Sizing,
    across: bool,
    most: Option<u64>,
) -> anyhow::Error {
    let mazegen::MazeError::PictureTooLarge { pixels, limit } = error else {
        return anyhow::Error::new(error).context(format!("--scale {scale}"));
    };
    let (options, way) = match across {
        true => (&sizing.across, "across"),
        false => (&sizing.down, "high"),
    };
    let smaller = if scale > 1 {
        ", or a smaller --scale"
    } else {
        ""
    };
    let advice = match (sizing.unit, most) {
        // A maze read from a document: only the scale is the user's to change.
        _ if options.is_empty() && scale > 1 => "draw it at a smaller --scale".to_string(),
        _ if options.is_empty() => "it is too large to draw as a picture".to_string(),
        (Some(unit), Some(most)) => {
            let unit = match unit {
                Unit::Tiles => "tiles",
                Unit::Cells => "cells",
            };
            format!(
                "at --scale {scale} a picture holds at most {most} {unit} {way}; ask for \
                 fewer{smaller}"
            )
        }
        _ => format!("ask for fewer cells {way}{smaller}"),
    };
    let picture = match options.is_empty() {
        true => "the picture of the maze read".to_string(),
        false => format!("{options}: the picture"),
    };
    bad_input(format!(
        "{picture} would be {pixels} pixels {way} at --scale {scale}, more than the {limit} a \
         picture may have; {advice}"
    ))
}

/// The refusal of `--style tiles` for a maze of shape `shape` (named as `Shape::name` does).
pub fn tiles_style_refused(shape: &str) -> anyhow::Error {
    bad_input(format!(
        "--style tiles draws rectangles; a {shape} maze is drawn in lines"
    ))
}

/// The format a maze of any shape is written in: as asked, else `term` (colored on a
/// terminal, a picture without color elsewhere). A document is written only when asked for.
pub(crate) fn format_of(output: &OutputArgs) -> Format {
    output.format.unwrap_or(Format::Term)
}

/// Settles how a maze of shape `blank` is written, refusing formats that cannot write it: a
/// mask in a tile format as the rectangle it lies in, blank outside its cells; otherwise as
/// its shape, a graph document (or a line of one) or a picture in lines (in half blocks for
/// `term` and `text`).
pub(crate) fn shape_output(
    output: &OutputArgs,
    blank: &Shape,
    sizing: &Sizing,
) -> anyhow::Result<Rendering> {
    let format = format_of(output);
    debug_assert!(format != Format::Events, "events are settled apart");
    let target = Target::new(output.target.output.as_deref());
    let masked = matches!(blank, Shape::Masked(_));
    if let Some(search) = output.trace.filter(|_| !masked) {
        return Err(bad_input(format!(
            "--trace {search} traces a search on Searchformer's grid of a rectangle (its tiles) \
             or of random-walls' cells, not a {} maze",
            blank.description()
        )));
    }
    let picture = picture(output, format, &target, Style::Lines, !masked)?;
    let takes = format.takes();
    let in_lines = takes.picture && picture.style == Style::Lines;
    if let Shape::Masked(masked) = blank {
        // A mask lies in a rectangle: it is drawn in tiles too, blank outside its cells.
        if takes.tiles && !in_lines {
            let rendering = rendering(output, Format::Term)?;
            let grid = masked.grid();
            rendering.check_picture(grid.tile_width(), grid.tile_height(), sizing)?;
            return Ok(rendering);
        }
    }
    if takes.picture && !in_lines {
        return Err(tiles_style_refused(&blank.description()));
    }
    if let Some(refused) = shape_format_refused(format, blank, "maze") {
        return Err(refused);
    }
    if blank.has_own_tiles()
        && let Some(rendering) = Rendering::of_own_tiles(format, output, picture)
    {
        return Ok(rendering);
    }
    let rendering = Rendering::of_shape(format, output, picture, target)
        .expect("formats that write shapes are settled");
    if let Some(pixels) = rendering.pixels {
        check_lines(pixels.picture(blank), blank, sizing)?;
    }
    Ok(rendering)
}

/// The refusal of `format` for a maze of `shape` (`what`: a "maze" or a "maze document")
/// when it cannot write it: a format that draws rectangles only (`json` draws mazes in levels
/// and weaves too), or `html` (whose player moves the way the picture points) for a wrapped
/// maze or one in levels.
pub fn shape_format_refused(format: Format, shape: &Shape, what: &str) -> Option<anyhow::Error> {
    let name = shape.description();
    let unplayable = match shape {
        Shape::Levels(_) => Some("mazes in levels"),
        _ if !shape.wrap().is_none() => Some("wrapped mazes"),
        _ => None,
    };
    let formats = match (unplayable, shape) {
        (_, Shape::Levels(_)) => LEVELS_FORMATS,
        (_, Shape::Weave(_)) => WEAVE_FORMATS,
        (None, _) => SHAPE_FORMATS,
        (Some(_), _) => UNPLAYABLE_FORMATS,
    };
    let takes = format.takes();
    let refusal = match unplayable {
        _ if shape.has_own_tiles() && takes.tiled_shapes => return None,
        _ if !takes.any_shape => "draws rectangles".to_string(),
        Some(kind) if format == Format::Html => format!("does not play {kind}"),
        _ => return None,
    };
    Some(bad_input(format!(
        "--format {} {refusal}; a {name} {what} is written as {formats}",
        format.name()
    )))
}

/// Settles the output options of a maze (`default` when no format is given): the renderer and
/// where it writes.
pub(super) fn rendering(args: &OutputArgs, default: Format) -> anyhow::Result<Rendering> {
    let format = args.format.unwrap_or(default);
    if format == Format::Events {
        return Err(bad_input(
            "--format events records a generator's steps: use it with a maze command",
        ));
    }
    let takes = format.takes();
    let target = Target::new(args.target.output.as_deref());
    refuse_binary_to_terminal(takes, &target)?;
    let picture = picture(args, format, &target, Style::Tiles, false)?;
    Ok(Rendering {
        renderer: renderer(format, args, picture, false).expect("events refused above"),
        target,
        stats_table: args.stats && !takes.carries_stats,
        in_tiles: true,
        pixels: takes.picture.then_some(Pixels::Picture(picture)),
    })
}

/// The renderer of `format` with the options `args` and `picture` give, writing the maze as
/// its shape (`as_shape`: `jsonl` then writes graph documents) or in tiles; `None` for events,
/// which no renderer writes.
pub(super) fn renderer(
    format: Format,
    args: &OutputArgs,
    picture: Picture,
    as_shape: bool,
) -> Option<Box<dyn Render + Send + Sync>> {
    let stats = args.stats;
    Some(match format {
        Format::Term => Box::new(Term {
            color: use_color(&args.target),
            heatmap: args.heatmap,
            scale: args.scale,
            palette: picture.palette,
        }),
        Format::Text => Box::new(Text { scale: args.scale }),
        Format::Json => Box::new(Json {
            stats: stats && !as_shape,
        }),
        Format::Svg => Box::new(Svg(picture)),
        Format::Png => Box::new(Png(picture)),
        Format::Html => Box::new(Html(picture)),
        Format::Pdf => Box::new(book(args)),
        Format::Events => return None,
        Format::Graph => Box::new(Graph { stats }),
        Format::Jsonl => Box::new(Jsonl {
            stats,
            graph: as_shape,
            trace: args.trace,
        }),
        Format::Npy => Box::new(NpyTiles),
        Format::NpyConnections => Box::new(NpyConnections),
        Format::Npz => Box::new(Npz { trace: args.trace }),
        Format::Tokens => Box::new(Tokens {
            tokenizer: args.tokenizer.clone().unwrap_or_default(),
        }),
        Format::Hrm => Box::new(render::Hrm),
        Format::Alphamaze => Box::new(render::AlphaMaze),
        Format::Searchformer => Box::new(render::Searchformer {
            search: args.trace.unwrap_or_default(),
        }),
        Format::Ascii => Box::new(render::Ascii),
        Format::Mazebench => Box::new(render::MazeBench),
        // Formats of room maps and caves alone.
        Format::Dot | Format::Tiled | Format::Tmx | Format::Godot | Format::Ldtk | Format::Uvtt => {
            return None;
        }
    })
}

/// The pdf book `args` lay out: its paper and mazes a page.
pub(super) fn book(args: &OutputArgs) -> Pdf {
    Pdf {
        paper: args.paper.map(Into::into).unwrap_or_default(),
        per_page: args.per_page.unwrap_or(1),
    }
}

/// Settles the picture options for `format`, refusing those it does not draw and a binary
/// picture to a terminal; `style` unless `--style` says otherwise. `term` and `text` take `--scale` when
/// they may draw the maze in lines (`in_lines`): a hex, triangle or polar maze.
pub(super) fn picture(
    args: &OutputArgs,
    format: Format,
    target: &Target,
    style: Style,
    in_lines: bool,
) -> anyhow::Result<Picture> {
    let name = format.name();
    let takes = format.takes();
    let blocks = in_lines && takes.blocks;
    if args.heatmap && !takes.heatmap {
        let formats = format_names(formats_that(|takes| takes.heatmap));
        return Err(bad_input(format!(
            "--heatmap draws on {formats} output, not --format {name}"
        )));
    }
    if args.tokenizer.is_some() && format != Format::Tokens {
        return Err(bad_input(format!(
            "--tokenizer chooses maze-dataset's tokenizer of --format tokens, not --format \
             {name}; add --format tokens"
        )));
    }
    if let Some(search) = args
        .trace
        .filter(|_| !matches!(format, Format::Searchformer | Format::Npz | Format::Jsonl))
    {
        return Err(bad_input(format!(
            "--trace {search} writes a search's trace in --format searchformer (tokens), npz \
             (arrays) and jsonl (a field a maze), not --format {name}; add --format npz, jsonl \
             or searchformer"
        )));
    }
    let book_flags = [
        ("--paper", args.paper.is_some()),
        ("--per-page", args.per_page.is_some()),
    ];
    let book = takes.many == Some(Many::Book);
    if let Some((flag, _)) = book_flags.iter().find(|&&(_, given)| given && !book) {
        return Err(bad_input(format!(
            "{flag} lays out a pdf book, not --format {name}; add --format pdf"
        )));
    }
    if book {
        refuse_binary_to_terminal(takes, target)?;
    }
    let picture_flags = [
        ("--theme", args.theme.is_some() && !takes.palette()),
        ("--scale", args.scale.is_some() && !takes.picture && !blocks),
        ("--style", args.style.is_some() && !takes.picture),
    ];
    if let Some((flag, _)) = picture_flags.iter().find(|&&(_, refused)| refused) {
        return Err(picture_flag_refused(flag, &name));
    }
    if takes.picture {
        refuse_binary_to_terminal(takes, target)?;
    }
    let style = args.style.map_or(style, Style::from);
    Ok(Picture {
        palette: args.theme.unwrap_or(cli::Theme::Color).into(),
        scale: args.scale.unwrap_or(style.default_scale()),
        heatmap: args.heatmap,
        style,
    })
}

/// Refuses to write a format's binary bytes to a terminal.
pub(super) fn refuse_binary_to_terminal(takes: Takes, target: &Target) -> anyhow::Result<()> {
    match takes.binary {
        Some(what) if target.is_terminal() => Err(bad_input(format!(
            "refusing to write {what} to a terminal: use --output FILE or a pipe"
        ))),
        _ => Ok(()),
    }
}

/// `--color auto` colors only a terminal standard output, and only when `NO_COLOR` is unset or
/// empty.
pub(super) fn use_color(target: &TargetArgs) -> bool {
    match target.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            Target::new(target.output.as_deref()) == Target::Stdout
                && io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_too_large_names_what_its_user_can_change() {
        let picture = Picture {
            scale: 8,
            ..Picture::default()
        };
        let wide = (300_000_001, 3);
        let read = check_tiles(picture, wide, &Sizing::read()).unwrap_err();
        assert_eq!(
            format!("{read:#}"),
            "the picture of the maze read would be 2400000008 pixels across at --scale 8, more \
             than the 1000000 a picture may have; draw it at a smaller --scale"
        );
        let cells = Sizing::both("--cells 150000000x1".into(), Some(Unit::Cells));
        let given = check_tiles(picture, wide, &cells).unwrap_err();
        assert_eq!(
            format!("{given:#}"),
            "--cells 150000000x1: the picture would be 2400000008 pixels across at --scale 8, \
             more than the 1000000 a picture may have; at --scale 8 a picture holds at most 62499 \
             cells across; ask for fewer, or a smaller --scale"
        );
        let one = Picture {
            scale: 1,
            ..picture
        };
        let tall = check_tiles(one, (3, u64::MAX), &Sizing::read()).unwrap_err();
        assert!(format!("{tall:#}").ends_with("pixels high at --scale 1, more than the 1000000 a picture may have; it is too large to draw as a picture"), "{tall:#}");
        assert_eq!(largest(|n| n <= 1000), 1000);
        assert_eq!(largest(|_| true), u64::MAX);
    }
}
