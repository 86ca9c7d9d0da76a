//! Settles the document commands (`solve`, `render`, `stats`): where the document comes from
//! and how the maze read from it is written, for either kind of document.

use super::output::{Rendering, picture, rendering, use_color};
use super::rooms::TilesetImage;
use super::{Job, bad_input};
use crate::app::cli::Place;
use crate::app::cli::{CavesFormat, MapPictureArgs, MapTheme, RoomsFormat, Theme};
use clap::ValueEnum as _;
use mazegen::topology::Shape;

use crate::app::animate::Pace;
use crate::app::cli::{Format, OutputArgs, SolveArgs, StatsFormat};
use crate::app::output::Target;
use crate::app::terminal;
use mazegen::maze::Finish;
use mazegen::render::{Picture, Style};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

/// A document to read and act on.
pub struct DocumentJob {
    /// Where to read it from.
    pub input: Input,
    /// What to do with a maze or graph document, or why the options cannot do it (known to
    /// matter once the document is read).
    pub action: anyhow::Result<DocumentAction>,
    /// How `render` writes a rooms, caves or dungeon document, or why the options cannot;
    /// `None` for the commands that read mazes only.
    pub level: Option<anyhow::Result<LevelOutput>>,
}

/// How `render` writes a rooms, caves or dungeon document: in the format `rooms` and `caves`
/// write it in, as they would.
pub struct LevelOutput {
    /// The format as `--format` names it.
    pub format: Format,
    /// The format as `rooms` names it, if room maps are written in it.
    pub rooms: Option<RoomsFormat>,
    /// The format as `caves` names it, if caves are written in it.
    pub caves: Option<CavesFormat>,
    /// Whether `term` colors.
    pub color: bool,
    /// How pictures are drawn (`--theme`, `--scale`).
    pub picture: Picture,
    /// `--scale` as given (`uvtt` has a scale of its own).
    pub scale: Option<u32>,
    /// Where it goes.
    pub target: Target,
    /// Where the image of a Tiled map's tileset goes.
    pub tileset: TilesetImage,
}

impl LevelOutput {
    /// The picture its format draws: `uvtt`'s at its scale, or a tabletop's usual one.
    pub fn drawn_picture(&self) -> Picture {
        match self.format {
            Format::Uvtt => super::rooms::uvtt_picture(self.picture, self.scale),
            _ => self.picture,
        }
    }
}

/// The formats of rooms, caves and dungeon documents, as refusals name them.
pub const LEVEL_FORMATS: &str =
    "--format term, text, json, svg, png, tiled, tmx, godot, ldtk or uvtt (or dot for room maps)";

/// Settles how `render` writes a level document: the format as `rooms` and `caves` know it,
/// refusing the options of mazes alone and those its format does not take.
pub(super) fn level_output(args: &OutputArgs) -> anyhow::Result<LevelOutput> {
    let format = args.format.unwrap_or(Format::Term);
    let name = format.name();
    let rooms = RoomsFormat::from_str(&name, false).ok();
    let caves = CavesFormat::from_str(&name, false).ok();
    let Some(takes) = rooms.map(RoomsFormat::takes) else {
        return Err(bad_input(format!(
            "--format {name} writes mazes; a rooms, caves or dungeon document is written as \
             {LEVEL_FORMATS}"
        )));
    };
    let maze_flags = [
        ("--stats", args.stats),
        ("--heatmap", args.heatmap),
        ("--style", args.style.is_some()),
        ("--paper", args.paper.is_some()),
        ("--per-page", args.per_page.is_some()),
        ("--tokenizer", args.tokenizer.is_some()),
        ("--trace", args.trace.is_some()),
    ];
    if let Some((flag, _)) = maze_flags.iter().find(|(_, given)| *given) {
        return Err(bad_input(format!(
            "{flag} applies to mazes, not to rooms, caves or dungeon documents; leave it out"
        )));
    }
    let theme = args.theme.map(|theme| match theme {
        Theme::Color => MapTheme::Color,
        Theme::Colorblind => MapTheme::Colorblind,
        Theme::Mono => MapTheme::Mono,
    });
    let picture_args = MapPictureArgs {
        theme,
        scale: args.scale,
    };
    let picture = super::rooms::map_picture(takes, &name, &picture_args)?;
    let target = Target::new(args.target.output.as_deref());
    super::output::refuse_binary_to_terminal(takes, &target)?;
    Ok(LevelOutput {
        format,
        rooms,
        caves,
        color: use_color(&args.target),
        picture,
        scale: args.scale,
        tileset: TilesetImage::of(matches!(format, Format::Tiled | Format::Tmx), &target),
        target,
    })
}

/// Where a document is read from.
pub enum Input {
    /// Standard input (no FILE, or `-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

/// How `solve` finishes the maze it reads: `--start` and `--goal` are placed once its shape
/// is known (a level names a cell only on a maze in levels).
pub struct Solving {
    /// The method and openings; the endpoints are placed by [`Solving::on`].
    pub finish: Finish,
    /// `--start`, as given.
    pub start: Option<Place>,
    /// `--goal`, as given.
    pub goal: Option<Place>,
}

impl Solving {
    /// `finish` as it is, its endpoints placed already.
    pub fn placed(finish: Finish) -> Self {
        Self {
            finish,
            start: None,
            goal: None,
        }
    }

    /// The finishing of a maze of `shape`, its endpoints placed.
    pub fn on(self, shape: &Shape) -> anyhow::Result<Finish> {
        let place = |flag, place, placed: Option<_>| {
            Ok::<_, anyhow::Error>(super::maze::placed(flag, place, Some(shape))?.or(placed))
        };
        Ok(Finish {
            start: place("--start", self.start, self.finish.start)?,
            goal: place("--goal", self.goal, self.finish.goal)?,
            ..self.finish
        })
    }
}

/// What the document commands do.
pub enum DocumentAction {
    /// `solve`: place the endpoints, solve (as this says, the search animated at this pace),
    /// and write the maze.
    Solve(Solving, DocumentOutput, Option<Pace>),
    /// `render`: write the maze in another format.
    Render(DocumentOutput),
    /// `stats`: print figures about the maze, with every shortest path up to a cap if asked.
    Stats(StatsFormat, Option<usize>),
}

/// How a document command writes the maze it read, for either kind of document (known only
/// once read).
pub struct DocumentOutput {
    /// For a maze document, and a rectangle's graph document in any format but graph.
    pub maze: Rendering,
    /// `--scale` given to `term` or `text`, which draw a hex, triangle or polar maze in lines
    /// at that scale: refused once a maze drawn in tiles is read.
    pub blocks_scale: Option<u32>,
    /// For another shape's graph document (or a rectangle's as a graph), when the format
    /// writes mazes of any shape.
    pub graph: Option<Rendering>,
    /// For a maze in levels or a weave, when the format writes it in tiles of its own (`json`).
    pub own_tiles: Option<Rendering>,
    /// The format a graph document is written in (named when it draws rectangles only).
    pub graph_format: Format,
    /// The picture options of `svg` and `png`, checked against the shape once read.
    pub picture: Option<Picture>,
}

/// Settles the output options of a document command: `maze_default` is the format for maze
/// documents when none is given, `graph_default` the one for graph documents.
pub(super) fn document_output(
    args: &OutputArgs,
    maze_default: Format,
    graph_default: Format,
) -> anyhow::Result<DocumentOutput> {
    let graph_format = args.format.unwrap_or(graph_default);
    if !graph_format.of_mazes() {
        let formats = Format::maze_formats().filter(|format| format.of_documents());
        return Err(bad_input(format!(
            "--format {} writes room maps and caves, not mazes; a maze or graph document is \
             written as {}",
            graph_format.name(),
            super::output::format_names(formats)
        )));
    }
    let takes = graph_format.takes();
    // Known only once read: whether term or text draw the maze in lines, at --scale.
    let blocks_scale = args.scale.filter(|_| takes.blocks);
    let maze = match blocks_scale {
        Some(_) => rendering(
            &OutputArgs {
                scale: None,
                ..args.clone()
            },
            maze_default,
        )?,
        None => rendering(args, maze_default)?,
    };
    let target = Target::new(args.target.output.as_deref());
    let picture = picture(args, graph_format, &target, Style::Lines, true)?;
    Ok(DocumentOutput {
        maze,
        blocks_scale,
        graph: Rendering::of_shape(graph_format, args, picture, target),
        own_tiles: Rendering::of_own_tiles(graph_format, args, picture),
        graph_format,
        picture: takes.picture.then_some(picture),
    })
}

/// Settles a document command: where to read from (refusing an interactive terminal, which
/// would only wait) and what to do, with a maze document and (for `render`) a level document.
pub(super) fn document(
    path: Option<PathBuf>,
    action: anyhow::Result<DocumentAction>,
    level: Option<anyhow::Result<LevelOutput>>,
) -> anyhow::Result<Job> {
    let input = match path.filter(|path| path.as_os_str() != "-") {
        Some(path) => Input::File(path),
        None if io::stdin().is_terminal() => {
            return Err(bad_input(
                "no maze document: give a FILE or pipe one in \
                 (e.g. mazegen backtrack --format json | ...)",
            ));
        }
        None => Input::Stdin,
    };
    Ok(Job::Document(DocumentJob {
        input,
        action,
        level,
    }))
}

/// Checks that `solve --animate` can run here and now (the fit is checked once the maze is
/// read), makes `term` its format, and returns its pace; `None` without `--animate`.
pub(super) fn search_pace(args: &mut SolveArgs) -> anyhow::Result<Option<Pace>> {
    let animation = &args.animation;
    if !animation.animate {
        return Ok(None);
    }
    let target = &args.output.target;
    if args
        .output
        .format
        .is_some_and(|format| format != Format::Term)
        || target.output.is_some()
    {
        return Err(bad_input(
            "--animate draws in the terminal: it needs --format term (its default with \
             --animate) and no --output",
        ));
    }
    if !io::stdout().is_terminal() {
        return Err(bad_input(
            "--animate draws in a terminal, but standard output is not one",
        ));
    }
    if terminal::keyboard().is_err() {
        return Err(bad_input(
            "--animate reads its keys from a terminal, but there is no controlling terminal",
        ));
    }
    args.output.format = Some(Format::Term);
    Ok(Some(Pace {
        delay: Duration::from_millis(animation.delay.into()),
        steps_per_frame: animation.steps_per_frame,
        color: use_color(target),
        palette: args
            .output
            .theme
            .map_or(mazegen::render::Palette::COLOR, Into::into),
    }))
}
