//! The `mazegen` binary: parses arguments, runs the library, reports errors.

mod animate;
mod cli;
mod output;
mod rooms_command;

use anyhow::Context;
use clap::Parser;
use cli::{Cli, Command, EndpointArgs, Format, MazeArgs, StatsFormat};
use mazegen::Maze;
use mazegen::algorithms::{
    AldousBroder, Backtrack, Bias, BinaryTree, Eller, Generator, GrowingTree, HuntAndKill, Kruskal,
    Prim, RecursiveDivision, Sidewinder, Wilson,
};
use mazegen::analysis::Summary;
use mazegen::grid::Grid;
use output::{Output, bad_input, use_color, write_output};
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit_for(&error),
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::BinaryTree(args) => maze_command(
            &BinaryTree {
                bias: bias(args.bias),
            },
            args.maze,
        ),
        Command::Backtrack(args) => {
            let backtrack = Backtrack {
                seeds: args.seeds,
                ..Backtrack::default()
            };
            maze_command(&backtrack, args.maze)
        }
        Command::AldousBroder(args) => maze_command(&AldousBroder, args),
        Command::Wilson(args) => maze_command(&Wilson, args),
        Command::Kruskal(args) => maze_command(&Kruskal, args),
        Command::Prim(args) => maze_command(
            &Prim {
                simplified: args.simplified,
            },
            args.maze,
        ),
        Command::Rooms(args) => rooms_command::run(args),
        Command::Solve(args) => {
            let output = Output::new(&args.output, Format::Json)?;
            let mut maze = read_maze(args.input.as_deref())?;
            place_endpoints(&mut maze, &args.endpoints)?;
            maze.solve();
            output.emit(&maze)
        }
        Command::Render(args) => {
            let output = Output::new(&args.output, Format::Term)?;
            output.emit(&read_maze(args.input.as_deref())?)
        }
        Command::Stats(args) => {
            let summary = Summary::of(&read_maze(args.input.as_deref())?);
            write_output(None, |out| match args.format {
                StatsFormat::Text => write!(out, "{summary}"),
                StatsFormat::Json => {
                    serde_json::to_writer_pretty(&mut *out, &summary)?;
                    writeln!(out)
                }
            })
        }
        Command::Sidewinder(args) => maze_command(&Sidewinder, args),
        Command::Eller(args) => maze_command(&Eller, args),
        Command::HuntAndKill(args) => maze_command(&HuntAndKill, args),
        Command::GrowingTree(args) => maze_command(&GrowingTree { pick: args.pick }, args.maze),
        Command::RecursiveDivision(args) => maze_command(&RecursiveDivision, args),
    }
}

/// The library's bias for a `--bias` value.
fn bias(corner: cli::Bias) -> Bias {
    match corner {
        cli::Bias::NorthWest => Bias::NorthWest,
        cli::Bias::NorthEast => Bias::NorthEast,
        cli::Bias::SouthWest => Bias::SouthWest,
        cli::Bias::SouthEast => Bias::SouthEast,
    }
}

/// Generates one maze and writes it where and how `args` say.
fn maze_command(generator: &dyn Generator, args: MazeArgs) -> anyhow::Result<()> {
    let output = Output::new(&args.output, Format::Term)?;
    let (width, height) = args.size.cells();
    Grid::check_size(width, height).with_context(|| {
        format!(
            "--width {} --height {}",
            2 * u64::from(width) + 1,
            2 * u64::from(height) + 1
        )
    })?;
    if output.format == Format::Events {
        check_generation_only(&args)?;
    }
    let pace = args
        .animation
        .animate
        .then(|| animation_pace(&args, &output, width, height))
        .transpose()?;
    let seed = args.seed.unwrap_or_else(mazegen::rng::draw_seed);
    if args.seed.is_none() && !matches!(output.format, Format::Json | Format::Events) {
        message(format_args!("seed: {seed}"));
    }
    if output.format == Format::Events {
        return write_events(generator, width, height, seed, &output);
    }
    let mut maze = match pace {
        Some(pace) => animate(generator, width, height, seed, pace)?,
        None => Maze::generate(generator, width, height, seed)?,
    };
    if let Some(probability) = args.braid {
        maze.braid(probability)?;
    }
    place_endpoints(&mut maze, &args.endpoints)?;
    if args.solve {
        maze.solve();
    }
    output.emit(&maze)
}

/// `--format events` records generation: options that act after it are refused.
fn check_generation_only(args: &MazeArgs) -> anyhow::Result<()> {
    let after = [
        ("--braid", args.braid.is_some()),
        ("--solve", args.solve),
        ("--start", args.endpoints.start.is_some()),
        ("--goal", args.endpoints.goal.is_some()),
        ("--openings", args.endpoints.openings),
        ("--stats", args.output.stats),
        ("--animate", args.animation.animate),
    ];
    match after.iter().find(|(_, given)| *given) {
        Some((flag, _)) => Err(bad_input(format!(
            "--format events records the generator's steps only; {flag} does not apply"
        ))),
        None => Ok(()),
    }
}

/// Writes the header line and the generator's events as JSON lines.
fn write_events(
    generator: &dyn Generator,
    width: u32,
    height: u32,
    seed: u64,
    output: &Output,
) -> anyhow::Result<()> {
    let mut failure = None;
    let written = write_output(output.args.target.output.as_deref(), |out| {
        let header = mazegen::events::EventsHeader {
            schema: mazegen::events::EVENTS_SCHEMA.into(),
            generator: concat!("mazegen ", env!("CARGO_PKG_VERSION")).into(),
            algorithm: generator.name().into(),
            params: generator.params(),
            seed,
            width,
            height,
        };
        serde_json::to_writer(&mut *out, &header)?;
        out.write_all(b"\n")?;
        let mut lines = mazegen::events::JsonLines::new(out);
        if let Err(error) = Maze::generate_observed(generator, width, height, seed, &mut lines) {
            failure = Some(error);
        }
        lines.finish()
    });
    match failure {
        Some(error) => Err(error.into()),
        None => written,
    }
}

/// Checks that `--animate` can run here and now, and returns its pace.
fn animation_pace(
    args: &MazeArgs,
    output: &Output,
    width: u32,
    height: u32,
) -> anyhow::Result<animate::Pace> {
    if output.format != Format::Term || output.args.target.output.is_some() {
        return Err(bad_input(
            "--animate draws in the terminal: it needs --format term and no --output".into(),
        ));
    }
    if !io::stdout().is_terminal() {
        return Err(bad_input(
            "--animate draws in a terminal, but standard output is not one".into(),
        ));
    }
    let (columns, lines) = animate::TerminalScreen::size()?;
    let (tile_width, tile_height) = (2 * u64::from(width) + 1, 2 * u64::from(height) + 1);
    animate::check_fits(tile_width, tile_height, columns, lines).map_err(bad_input)?;
    Ok(animate::Pace {
        delay: std::time::Duration::from_millis(args.animation.delay),
        steps_per_frame: args.animation.steps_per_frame,
        color: use_color(&output.args.target),
    })
}

/// Generates the maze while drawing it on the terminal's alternate screen.
fn animate(
    generator: &dyn Generator,
    width: u32,
    height: u32,
    seed: u64,
    pace: animate::Pace,
) -> anyhow::Result<Maze> {
    let screen = animate::TerminalScreen::enter()?;
    let mut animator = animate::Animator::new(screen, width, height, pace)?;
    let maze = Maze::generate_observed(generator, width, height, seed, &mut animator)?;
    // The screen (dropped here) gives the terminal back before anything else is printed.
    match animator.finish()? {
        Ok(_screen) => Ok(maze),
        Err(stop) => Err(Stopped(stop).into()),
    }
}

/// The user stopped an animation.
#[derive(Debug)]
struct Stopped(animate::Stop);

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "stopped ({:?})", self.0)
    }
}

impl std::error::Error for Stopped {}

/// Applies `--start`, `--goal` and `--openings`.
fn place_endpoints(maze: &mut Maze, endpoints: &EndpointArgs) -> anyhow::Result<()> {
    let start = endpoints.start.unwrap_or(maze.start);
    let goal = endpoints.goal.unwrap_or(maze.goal);
    maze.set_endpoints(start, goal).with_context(|| {
        format!(
            "--start {},{} --goal {},{}",
            start.x, start.y, goal.x, goal.y
        )
    })?;
    if endpoints.openings {
        maze.open_border().context("--openings")?;
    }
    Ok(())
}

/// Reads a maze document from `path`, or from standard input when there is none or it is `-`.
fn read_maze(path: Option<&Path>) -> anyhow::Result<Maze> {
    match path.filter(|&path| path != Path::new("-")) {
        Some(path) => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            mazegen::read::read_maze(io::BufReader::new(file))
                .with_context(|| format!("{} is not a maze document", path.display()))
        }
        None => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                return Err(mazegen::Error::InvalidDocument(
                    "no maze document: give a FILE or pipe one in (e.g. mazegen backtrack --format json | ...)"
                        .into(),
                )
                .into());
            }
            mazegen::read::read_maze(stdin.lock()).context("standard input is not a maze document")
        }
    }
}

/// Prints `error` and picks the exit code: 0 for a closed pipe (quietly), 2 for input the
/// library refused, 1 for everything else (I/O).
fn exit_for(error: &anyhow::Error) -> ExitCode {
    let broken_pipe = error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    if let Some(Stopped(stop)) = error.downcast_ref::<Stopped>() {
        // q and Esc end normally; Ctrl-C and signals with the shell's conventional codes.
        return ExitCode::from(match stop {
            animate::Stop::Quit => 0,
            animate::Stop::Interrupt => 130,
            animate::Stop::Signal => 143,
        });
    }
    message(format_args!("error: {error:#}"));
    let bad_input = error.chain().any(|cause| cause.is::<mazegen::Error>());
    ExitCode::from(if bad_input { 2 } else { 1 })
}

/// Writes one line to standard error; a closed or broken stderr is ignored rather than a panic.
fn message(line: std::fmt::Arguments) {
    let _ = writeln!(io::stderr(), "{line}");
}
