//! Turns the parsed command line into a settled [`Job`]: defaults applied, every check that
//! spans options run, before any work is done and before any input is read. The commands then
//! only carry the job out.

mod dataset;
mod flags;

pub use dataset::DatasetJob;
pub use flags::{dataset_with_flags, with_flags};

use crate::app::animate::{self, Pace};
use crate::app::cli::{
    self, AUTO_MAP_ROOMS, Cli, ColorChoice, Command, EndpointArgs, Format, MapChoice, MazeArgs,
    OutputArgs, RoomsArgs, RoomsFormat, ShapeKind, StatsFormat, TargetArgs,
};
use crate::app::output::Target;
use crate::app::terminal::{self, TerminalScreen};
use anyhow::Context;
use clap::CommandFactory;
use clap::ValueEnum as _;
use mazegen::algorithms::{
    AldousBroder, Backtrack, BinaryTree, Eller, Generator, GrowingTree, HuntAndKill, Kruskal, Prim,
    RecursiveDivision, Sidewinder, Wilson,
};
use mazegen::grid::{Grid, tiles_from_cells, tiles_from_cells_u64};
use mazegen::maze::{Blank, Finish, MazeSpec};
use mazegen::render::{
    Dot, Graph, Json, Jsonl, NpyConnections, NpyTiles, Picture, Render, Style, Svg, Term, Text,
    Tiled,
};
use mazegen::rooms::{Candidates, MazeFill, RoomMap, RoomOptions, RoomsError};
use mazegen::shapes::{Hex, Mask, Masked, Polar, Shape, Triangle};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

/// What to do, settled.
pub enum Job {
    /// Generate a maze.
    Maze(MazeJob),
    /// Generate many mazes, or mazes chosen by difficulty.
    Dataset(DatasetJob),
    /// Generate a room map.
    Rooms(RoomsJob),
    /// Read a maze document and act on it.
    Document(DocumentJob),
    /// Print a shell's completion script.
    Completions(clap_complete::Shell),
    /// Print the manual page of mazegen or of one of its commands.
    Man(Box<clap::Command>),
}

/// A request the user made that cannot be carried out (exit code 2). Its message names the
/// options at fault and what would be accepted.
#[derive(Debug)]
pub struct BadInput(pub String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// A [`BadInput`] error with `message`.
pub fn bad_input(message: impl Into<String>) -> anyhow::Error {
    BadInput(message.into()).into()
}

/// The seed of a run: given, or drawn once.
#[derive(Debug, Clone, Copy)]
pub struct Seed {
    /// The seed.
    pub value: u64,
    /// Whether to tell the user on standard error: a drawn seed, for an output that does not
    /// record it (JSON and events do).
    pub report: bool,
}

impl Seed {
    fn settle(given: Option<u64>, recorded_in_output: bool) -> Self {
        Self {
            value: given.unwrap_or_else(mazegen::rng::draw_seed),
            report: given.is_none() && !recorded_in_output,
        }
    }
}

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
fn finish_of(args: &MazeArgs) -> Finish {
    Finish {
        braid: args.braid,
        solve: args.solve,
        ..endpoints_of(&args.endpoints)
    }
}

/// Where `--start`, `--goal` and `--openings` put a maze's endpoints.
fn endpoints_of(args: &EndpointArgs) -> Finish {
    Finish {
        start: args.start,
        goal: args.goal,
        openings: args.openings,
        ..Finish::default()
    }
}

/// Where a generated maze goes.
pub enum Destination {
    /// Rendered to a target once finished.
    Render(Rendering),
    /// Drawn on the terminal while it is generated, then rendered to standard output.
    Animate(Pace, Rendering),
    /// The generator's steps, as JSON lines after a header line.
    Events(Target),
    /// Rendered row by row as it is generated, holding a row at a time whatever the height
    /// (an algorithm that carves row by row, a format written in order, nothing that needs
    /// the whole maze), with this many rows of cells.
    Stream(Rendering, u64),
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
    /// The picture options of `svg` and `png`, whose size is checked against the maze.
    pub picture: Option<Picture>,
}

impl Rendering {
    /// The rendering of a maze written as its shape in `format` (see [`SHAPE_FORMATS`]), to
    /// `target`: pictures drawn as `picture` says, documents with figures when `stats` is
    /// set (pictures print them as a table); `None` for a format that draws tiles only.
    fn of_shape(format: Format, picture: Picture, stats: bool, target: Target) -> Option<Self> {
        let renderer: Box<dyn Render + Send + Sync> = match format {
            Format::Graph => Box::new(Graph { stats }),
            Format::Jsonl => Box::new(Jsonl { stats, graph: true }),
            Format::Svg => Box::new(Svg(picture)),
            Format::Png => Box::new(mazegen::render::Png(picture)),
            _ => return None,
        };
        let is_picture = matches!(format, Format::Svg | Format::Png);
        Some(Self {
            renderer,
            target,
            stats_table: stats && is_picture,
            in_tiles: false,
            picture: is_picture.then_some(picture),
        })
    }

    /// Checks that a picture of a `tile_width x tile_height`-tile maze can be drawn.
    pub fn check_picture(&self, tile_width: u64, tile_height: u64) -> anyhow::Result<()> {
        if let Some(picture) = self.picture {
            picture
                .pixel_size_of(tile_width, tile_height)
                .with_context(|| format!("--scale {}", picture.scale))?;
        }
        Ok(())
    }

    /// Checks that a picture of `maze` can be drawn.
    pub fn check_maze_picture(&self, maze: &mazegen::Maze) -> anyhow::Result<()> {
        if let Some(picture) = self.picture {
            picture
                .pixel_size(maze)
                .with_context(|| format!("--scale {}", picture.scale))?;
        }
        Ok(())
    }
}

/// A room map to generate and write.
pub struct RoomsJob {
    /// The library's options.
    pub options: RoomOptions,
    /// The seed.
    pub seed: Seed,
    /// The format's renderer.
    pub renderer: Box<dyn Render<RoomMap>>,
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

/// A maze document to read and act on.
pub struct DocumentJob {
    /// Where to read it from.
    pub input: Input,
    /// What to do with it.
    pub action: DocumentAction,
}

/// Where a document is read from.
pub enum Input {
    /// Standard input (no FILE, or `-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

/// What the document commands do.
pub enum DocumentAction {
    /// `solve`: place the endpoints, solve (as this says), and write the maze.
    Solve(Finish, DocumentOutput),
    /// `render`: write the maze in another format.
    Render(DocumentOutput),
    /// `stats`: print figures about the maze.
    Stats(StatsFormat),
}

/// How a document command writes the maze it read, for either kind of document (known only
/// once read).
pub struct DocumentOutput {
    /// For a maze document, and a rectangle's graph document in any format but graph.
    pub maze: Rendering,
    /// For another shape's graph document (or a rectangle's as a graph), when the format
    /// writes mazes of any shape.
    pub graph: Option<Rendering>,
    /// The format a graph document is written in (named when it draws rectangles only).
    pub graph_format: Format,
    /// The picture options of `svg` and `png`, checked against the shape once read.
    pub picture: Option<Picture>,
}

/// The formats that write mazes of any shape, as refusals name them.
pub const SHAPE_FORMATS: &str = "--format graph, jsonl, svg or png";

/// Settles the output options of a document command: `maze_default` is the format for maze
/// documents when none is given, `graph_default` the one for graph documents.
fn document_output(
    args: &OutputArgs,
    maze_default: Format,
    graph_default: Format,
) -> anyhow::Result<DocumentOutput> {
    let maze = rendering(args, maze_default)?;
    let graph_format = args.format.unwrap_or(graph_default);
    let target = Target::new(args.target.output.as_deref());
    let picture = picture(args, graph_format, &target, Style::Lines)?;
    Ok(DocumentOutput {
        maze,
        graph: Rendering::of_shape(graph_format, picture, args.stats, target),
        graph_format,
        picture: matches!(graph_format, Format::Svg | Format::Png).then_some(picture),
    })
}

/// The refusal of `--style tiles` for a maze of shape `shape` (named as `Shape::name` does).
pub fn tiles_style_refused(shape: &str) -> anyhow::Error {
    bad_input(format!(
        "--style tiles draws rectangles; a {shape} maze is drawn in lines"
    ))
}

/// Settles the parsed command line into a job.
pub fn settle(cli: Cli) -> anyhow::Result<Job> {
    let (generator, args): (Box<dyn Generator + Send + Sync>, MazeArgs) = match cli.command {
        Command::BinaryTree(args) => (
            Box::new(BinaryTree {
                bias: args.bias.into(),
            }),
            args.maze,
        ),
        Command::Backtrack(args) => {
            let backtrack = Backtrack {
                seeds: args.walkers,
                ..Backtrack::default()
            };
            (Box::new(backtrack), args.maze)
        }
        Command::Sidewinder(args) => (Box::new(Sidewinder), args),
        Command::Eller(args) => (Box::new(Eller), args),
        Command::HuntAndKill(args) => (Box::new(HuntAndKill), args),
        Command::GrowingTree(args) => (Box::new(GrowingTree { pick: args.pick }), args.maze),
        Command::RecursiveDivision(args) => (Box::new(RecursiveDivision), args),
        Command::AldousBroder(args) => (Box::new(AldousBroder), args),
        Command::Wilson(args) => (Box::new(Wilson), args),
        Command::Kruskal(args) => (Box::new(Kruskal), args),
        Command::Prim(args) => (
            Box::new(Prim {
                simplified: args.simplified,
            }),
            args.maze,
        ),
        Command::Rooms(args) => return rooms(args).map(Job::Rooms),
        Command::Solve(args) => {
            dataset::refuse_arrays(&args.output)?;
            let output = document_output(&args.output, Format::Json, Format::Graph)?;
            let finish = Finish {
                solve: true,
                ..endpoints_of(&args.endpoints)
            };
            let action = DocumentAction::Solve(finish, output);
            return document(args.input, action);
        }
        Command::Render(args) => {
            dataset::refuse_arrays(&args.output)?;
            let output = document_output(&args.output, Format::Term, Format::Term)?;
            return document(args.input, DocumentAction::Render(output));
        }
        Command::Stats(args) => return document(args.input, DocumentAction::Stats(args.format)),
        Command::Completions(args) => return Ok(Job::Completions(args.shell)),
        Command::Man(args) => {
            return man_page(args.command.as_deref()).map(|page| Job::Man(Box::new(page)));
        }
    };
    if dataset::wanted(&args) {
        return dataset::settle(generator, args).map(Job::Dataset);
    }
    maze(generator, args).map(Job::Maze)
}

/// Settles a maze command.
fn maze(generator: Box<dyn Generator + Send + Sync>, args: MazeArgs) -> anyhow::Result<MazeJob> {
    if let Some(blank) = blank_shape(&args)? {
        return shaped_maze(generator, args, blank);
    }
    let (width, rows) = args.size.cells();
    let streamed = streamed_rendering(generator.as_ref(), &args)?;
    if streamed.is_none() {
        check_cell_limit(generator.as_ref(), width, rows)?;
    } else {
        // A streamed maze holds rows of cells: one may be as long as a grid.
        Grid::check_size(width, 1)
            .with_context(|| format!("--width {}", tiles_from_cells(width)))?;
    }
    // Within the cell limit, or streamed: only a stream has more rows than this counts.
    let height = u32::try_from(rows).unwrap_or(u32::MAX);
    let spec = MazeSpec {
        generator,
        blank: Blank::Rect { width, height },
        finish: finish_of(&args),
    };
    if streamed.is_none() {
        spec.check().map_err(with_flags)?;
    }
    let format = args.output.format.unwrap_or(Format::Term);
    if format == Format::Graph && spec.finish.openings {
        return Err(bad_input(
            "--openings opens the outer wall of tiles; a graph document has cells and passages \
             only: leave --openings out",
        ));
    }
    let destination = if let Some(rendering) = streamed {
        rendering.check_picture(tiles_from_cells(width), tiles_from_cells_u64(rows))?;
        if format == Format::Json && u32::try_from(rows).is_err() {
            let error = mazegen::Error::TooTall {
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
        rendering.check_picture(tiles_from_cells(width), tiles_from_cells(height))?;
        if args.animation.animate {
            Destination::Animate(animation_pace(&args, format, width, height)?, rendering)
        } else {
            Destination::Render(rendering)
        }
    };
    Ok(MazeJob {
        spec,
        seed: Seed::settle(
            args.seed,
            matches!(format, Format::Json | Format::Events | Format::Graph),
        ),
        destination,
        quiet: args.dataset.quiet,
    })
}

/// The blank shape `--shape`, `--cells`, `--rings` and `--mask` ask for, or `None` for a plain
/// rectangle (sized by `--size`, `--width` and `--height`). Size options that do not fit the
/// shape are refused, naming those that do; a mask is read and checked here.
fn blank_shape(args: &MazeArgs) -> anyhow::Result<Option<Shape>> {
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
    if let Some(path) = &shape.mask {
        if kind != ShapeKind::Rect {
            return Err(bad_input(format!(
                "--mask takes the rectangle's square cells, not --shape {}; leave --shape out",
                format!("{kind:?}").to_lowercase()
            )));
        }
        let flags = [
            (args.size.given(), ""),
            (shape.cells.map(|_| "--cells"), ""),
            (shape.rings.map(|_| "--rings"), ""),
        ];
        if let Some((Some(flag), _)) = flags.iter().find(|(flag, _)| flag.is_some()) {
            return refuse(
                flag,
                "the mask gives the size, one cell per character or pixel",
            );
        }
        let bytes = std::fs::read(path)
            .with_context(|| format!("--mask {}: cannot read it", path.display()))
            .map_err(|e| bad_input(format!("{e:#}")))?;
        let mask =
            Mask::from_bytes(&bytes).with_context(|| format!("--mask {}", path.display()))?;
        return Ok(Some(Shape::Masked(Masked::new(mask)?)));
    }
    let cells_flag = shape.cells.map(|_| "--cells");
    let rings_flag = shape.rings.map(|_| "--rings");
    match kind {
        ShapeKind::Rect => {
            if let Some(flag) = cells_flag.or(rings_flag) {
                return refuse(
                    flag,
                    "rectangles take --size, --width and --height in tiles",
                );
            }
            Ok(None)
        }
        ShapeKind::Hex | ShapeKind::Triangle => {
            if let Some(flag) = args.size.given().or(rings_flag) {
                return refuse(flag, "hex and triangle mazes take --cells WxH");
            }
            let (w, h) = shape.cells.unwrap_or(cli::DEFAULT_SHAPE_CELLS);
            let context = || format!("--cells {w}x{h}");
            Ok(Some(if kind == ShapeKind::Hex {
                Shape::Hex(Hex::new(w, h).with_context(context)?)
            } else {
                Shape::Triangle(Triangle::new(w, h).with_context(context)?)
            }))
        }
        ShapeKind::Polar => {
            if let Some(flag) = args.size.given().or(cells_flag) {
                return refuse(flag, "polar mazes take --rings N");
            }
            let rings = shape.rings.unwrap_or(cli::DEFAULT_RINGS);
            let polar = Polar::new(rings).with_context(|| format!("--rings {rings}"))?;
            Ok(Some(Shape::Polar(polar)))
        }
    }
}

/// Settles a maze of another shape than the plain rectangle, carved into `blank`.
fn shaped_maze(
    generator: Box<dyn Generator + Send + Sync>,
    args: MazeArgs,
    blank: Shape,
) -> anyhow::Result<MazeJob> {
    let format = shape_format(&args.output, &blank);
    let destination = Destination::Render(shape_output(&args.output, &blank)?);
    let spec = MazeSpec {
        generator,
        blank: Blank::Shape(blank),
        finish: finish_of(&args),
    };
    spec.check().map_err(with_flags)?;
    refuse_rect_only(&args, &spec.blank)?;
    Ok(MazeJob {
        spec,
        seed: Seed::settle(args.seed, matches!(format, Format::Graph | Format::Json)),
        destination,
        quiet: args.dataset.quiet,
    })
}

/// Refuses options for rectangles only asked of a maze of another shape.
fn refuse_rect_only(args: &MazeArgs, blank: &Blank) -> anyhow::Result<()> {
    if matches!(blank, Blank::Rect { .. }) {
        return Ok(());
    }
    let rect_only = [
        ("--openings", args.endpoints.openings),
        ("--animate", args.animation.animate),
    ];
    if let Some((flag, _)) = rect_only.iter().find(|(_, given)| *given) {
        return Err(bad_input(format!(
            "{flag} applies to rectangular mazes for now, not a {} maze",
            blank.name()
        )));
    }
    Ok(())
}

/// The format a maze of shape `blank` is written in: as asked, else `term` for a mask (drawn
/// in tiles like a rectangle) and `graph` for other shapes.
pub(crate) fn shape_format(output: &OutputArgs, blank: &Shape) -> Format {
    let masked = matches!(blank, Shape::Masked(_));
    output
        .format
        .unwrap_or(if masked { Format::Term } else { Format::Graph })
}

/// Settles how a maze of shape `blank` is written, refusing formats that cannot write it: a
/// mask in a tile format as the rectangle it lies in, blank outside its cells; otherwise as
/// its shape, a graph document (or a line of one) or a picture in lines.
pub(crate) fn shape_output(output: &OutputArgs, blank: &Shape) -> anyhow::Result<Rendering> {
    let format = shape_format(output, blank);
    if format == Format::Events {
        return Err(bad_input(format!(
            "--format events records the steps of rectangular mazes only, not a {} maze",
            blank.name()
        )));
    }
    let target = Target::new(output.target.output.as_deref());
    let picture = picture(output, format, &target, Style::Lines)?;
    let is_picture = matches!(format, Format::Svg | Format::Png);
    if let Shape::Masked(masked) = blank {
        // A mask lies in a rectangle: it is drawn in tiles too, blank outside its cells.
        let in_tiles = !matches!(format, Format::Graph | Format::Svg | Format::Png)
            || (is_picture && picture.style == Style::Tiles);
        if in_tiles {
            let rendering = rendering(output, Format::Term)?;
            let grid = masked.grid();
            rendering.check_picture(grid.tile_width(), grid.tile_height())?;
            return Ok(rendering);
        }
    }
    if is_picture && picture.style == Style::Tiles {
        return Err(tiles_style_refused(blank.name()));
    }
    let Some(rendering) = Rendering::of_shape(format, picture, output.stats, target) else {
        return Err(bad_input(format!(
            "--format {} draws rectangles; a {} maze is written as {SHAPE_FORMATS}",
            format.name(),
            blank.name()
        )));
    };
    if is_picture {
        picture
            .pixel_size_of_shape(blank)
            .with_context(|| format!("--scale {}", picture.scale))?;
    }
    Ok(rendering)
}

/// The rendering of a maze written row by row as it is generated, or `None` when it cannot be:
/// the algorithm must carve row by row, the format be written in order, and nothing ask for
/// the whole maze (braiding, a solution, endpoints, figures, a heat map, an animation).
fn streamed_rendering(
    generator: &dyn Generator,
    args: &MazeArgs,
) -> anyhow::Result<Option<Rendering>> {
    let endpoints = &args.endpoints;
    let whole_maze = args.braid.is_some()
        || args.solve
        || endpoints.start.is_some()
        || endpoints.goal.is_some()
        || endpoints.openings
        || args.animation.animate
        || args.output.format == Some(Format::Events);
    // A one-cell maze tells whether the algorithm streams.
    if whole_maze || generator.stream(1, 1, 0).is_none() {
        return Ok(None);
    }
    let rendering = rendering(&args.output, Format::Term)?;
    let streams = rendering.renderer.streams().is_some() && !rendering.stats_table;
    Ok(streams.then_some(rendering))
}

/// Refuses a maze of `width x rows` cells over the grid's cell limit before anything is
/// allocated, with the memory it would take and what streams instead.
fn check_cell_limit(generator: &dyn Generator, width: u32, rows: u64) -> anyhow::Result<()> {
    let sides = format!(
        "--width {} --height {}",
        tiles_from_cells(width),
        tiles_from_cells_u64(rows)
    );
    // More rows than a grid counts are over the limit whatever the width.
    let height = u32::try_from(rows).unwrap_or(u32::MAX);
    match Grid::check_size(width, height) {
        Ok(_) => Ok(()),
        Err(error @ mazegen::Error::TooLarge { .. }) => {
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
                 term, text, json and png, without --braid, --solve, --start, --goal, \
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

/// Checks that `--animate` can run here and now, and returns its pace.
fn animation_pace(
    args: &MazeArgs,
    format: Format,
    width: u32,
    height: u32,
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
    let (tile_width, tile_height) = (tiles_from_cells(width), tiles_from_cells(height));
    animate::check_fits(tile_width, tile_height, columns, lines).map_err(bad_input)?;
    Ok(Pace {
        delay: Duration::from_millis(args.animation.delay.into()),
        steps_per_frame: args.animation.steps_per_frame,
        color: use_color(target),
    })
}

/// Settles the output options of a maze (`default` when no format is given): the renderer and
/// where it writes.
fn rendering(args: &OutputArgs, default: Format) -> anyhow::Result<Rendering> {
    let format = args.format.unwrap_or(default);
    let is_picture = matches!(format, Format::Svg | Format::Png);
    if format == Format::Events {
        return Err(bad_input(
            "--format events records a generator's steps: use it with a maze command",
        ));
    }
    let target = Target::new(args.target.output.as_deref());
    dataset::refuse_array_to_terminal(format, &target)?;
    let picture = picture(args, format, &target, Style::Tiles)?;
    let renderer: Box<dyn Render + Send + Sync> = match format {
        Format::Term => Box::new(Term {
            color: use_color(&args.target),
            heatmap: args.heatmap,
        }),
        Format::Text => Box::new(Text),
        Format::Json => Box::new(Json { stats: args.stats }),
        Format::Svg => Box::new(Svg(picture)),
        Format::Png => Box::new(mazegen::render::Png(picture)),
        Format::Graph => Box::new(Graph { stats: args.stats }),
        Format::Events => unreachable!("refused above"),
        Format::Jsonl => Box::new(Jsonl {
            stats: args.stats,
            graph: false,
        }),
        Format::Npy => Box::new(NpyTiles),
        Format::NpyConnections => Box::new(NpyConnections),
    };
    Ok(Rendering {
        renderer,
        target,
        stats_table: args.stats && !matches!(format, Format::Json | Format::Graph | Format::Jsonl),
        in_tiles: true,
        picture: is_picture.then_some(picture),
    })
}

/// Settles the picture options for `format`, refusing those it does not draw and PNG to a
/// terminal; `style` unless `--style` says otherwise.
fn picture(
    args: &OutputArgs,
    format: Format,
    target: &Target,
    style: Style,
) -> anyhow::Result<Picture> {
    let name = format.name();
    let is_picture = matches!(format, Format::Svg | Format::Png);
    if args.heatmap
        && matches!(
            format,
            Format::Text
                | Format::Json
                | Format::Graph
                | Format::Jsonl
                | Format::Npy
                | Format::NpyConnections
        )
    {
        return Err(bad_input(format!(
            "--heatmap draws on term, svg or png output, not --format {name}"
        )));
    }
    let picture_flags = [
        ("--theme", args.theme.is_some()),
        ("--scale", args.scale.is_some()),
        ("--style", args.style.is_some()),
    ];
    if let Some((flag, _)) = picture_flags
        .iter()
        .find(|(_, given)| *given && !is_picture)
    {
        return Err(bad_input(format!(
            "{flag} applies to svg and png pictures, not --format {name}"
        )));
    }
    if format == Format::Png && target.is_terminal() {
        return Err(bad_input(
            "refusing to write PNG to a terminal: use --output FILE or a pipe",
        ));
    }
    let style = args.style.map_or(style, Style::from);
    Ok(Picture {
        palette: args.theme.unwrap_or(cli::Theme::Color).into(),
        scale: args.scale.unwrap_or(style.default_scale()),
        heatmap: args.heatmap,
        style,
    })
}

/// `--color auto` colors only a terminal standard output, and only when `NO_COLOR` is unset or
/// empty.
fn use_color(target: &TargetArgs) -> bool {
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

/// Settles a document command: where to read from (refusing an interactive terminal, which
/// would only wait) and what to do.
fn document(path: Option<PathBuf>, action: DocumentAction) -> anyhow::Result<Job> {
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
    Ok(Job::Document(DocumentJob { input, action }))
}

/// The clap definition of mazegen, or of its subcommand `name`, whose manual page to print.
fn man_page(name: Option<&str>) -> anyhow::Result<clap::Command> {
    let mut mazegen = Cli::command();
    let Some(name) = name else {
        return Ok(mazegen);
    };
    // Built, so that the subcommands carry the version too.
    mazegen.build();
    let names: Vec<&str> = mazegen.get_subcommands().map(|c| c.get_name()).collect();
    match mazegen.find_subcommand(name) {
        Some(command) => Ok(command.clone().name(format!("mazegen-{name}"))),
        None => Err(bad_input(format!(
            "man: '{name}' is not a mazegen command; expected one of {}",
            names.join(", ")
        ))),
    }
}

/// Settles the `rooms` command.
fn rooms(args: RoomsArgs) -> anyhow::Result<RoomsJob> {
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
    if !matches!(format, RoomsFormat::Svg | RoomsFormat::Png)
        && (args.theme.is_some() || args.scale.is_some())
    {
        let flag = if args.theme.is_some() {
            "--theme"
        } else {
            "--scale"
        };
        return Err(bad_input(format!(
            "{flag} applies to svg and png pictures, not --format {format_name}"
        )));
    }
    let target = Target::new(args.target.output.as_deref());
    if format == RoomsFormat::Png && target.is_terminal() {
        return Err(bad_input(
            "refusing to write PNG to a terminal: use --output FILE or a pipe",
        ));
    }
    let picture = Picture {
        palette: args.theme.unwrap_or(cli::Theme::Color).into(),
        scale: args.scale.unwrap_or(Style::Tiles.default_scale()),
        heatmap: false,
        // Room maps are drawn as tiles.
        style: Style::Tiles,
    };
    let renderer: Box<dyn Render<RoomMap>> = match format {
        RoomsFormat::Term => Box::new(Term {
            color: use_color(&args.target),
            heatmap: false,
        }),
        RoomsFormat::Text => Box::new(Text),
        RoomsFormat::Json => Box::new(Json::default()),
        RoomsFormat::Dot => Box::new(Dot),
        RoomsFormat::Tiled => Box::new(Tiled),
        RoomsFormat::Svg => Box::new(Svg(picture)),
        RoomsFormat::Png => Box::new(mazegen::render::Png(picture)),
    };
    let tileset = match &target {
        _ if format != RoomsFormat::Tiled => TilesetImage::None,
        Target::File(path)
            if path.file_name().is_some()
                && !std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) =>
        {
            TilesetImage::Beside(path.with_file_name(mazegen::render::TILESET_IMAGE))
        }
        _ => TilesetImage::Nowhere,
    };
    Ok(RoomsJob {
        tileset,
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
        seed: Seed::settle(
            args.seed,
            !matches!(
                format,
                RoomsFormat::Term | RoomsFormat::Text | RoomsFormat::Svg | RoomsFormat::Png
            ),
        ),
        renderer,
        target,
        note_no_map: !map && args.map.map == MapChoice::Auto,
    })
}

/// Names the command-line options behind a room map the library refused before its message,
/// which speaks of values and limits: `--max-doors 1: 5 rooms cannot all be connected ...`.
pub fn with_options_at_fault(error: mazegen::Error, options: &RoomOptions) -> anyhow::Error {
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
        RoomsError::TooManyLocks { locks, .. } => vec![format!("--locks {locks}")],
        RoomsError::MazeNeedsMap => vec!["--corridors maze".into(), "--map never".into()],
        RoomsError::MazeAlgorithm { name, .. } => vec![format!("--maze-algorithm {name}")],
        RoomsError::NoRoute { .. } | RoomsError::WalledIn { .. } => {
            sides.chain([count, room_size]).collect()
        }
        RoomsError::TooManyCorridorTiles { .. } => {
            [count].into_iter().chain(p).chain(sides).collect()
        }
        _ => return error.into(),
    };
    anyhow::Error::new(error).context(flags.join(" "))
}
