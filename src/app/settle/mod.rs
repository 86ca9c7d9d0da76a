//! Turns the parsed command line into a settled [`Job`]: defaults applied, every check that
//! spans options run, before any work is done and before any input is read. The commands then
//! only carry the job out.
//!
//! One file per concern: `maze` (the library's `MazeSpec` and where the maze goes), `dataset`
//! (its `DatasetSpec`), `output` (formats, renderers, pictures, color), `document` (`solve`,
//! `render`, `stats`), `rooms`, `caves`, and `flags` (the flags behind a library refusal).

mod caves;
mod dataset;
mod document;
mod flags;
mod maze;
mod output;
mod rooms;

pub use caves::CavesJob;
pub use dataset::DatasetJob;
pub use document::{DocumentAction, DocumentJob, Input, LEVEL_FORMATS, LevelOutput, Solving};
pub use flags::{caves_with_flags, dataset_with_flags, with_flags, with_options_at_fault};
pub use maze::{Chunked, Destination, MazeJob, walk_steps};
pub use output::{
    Pixels, Rendering, check_read_shape, picture_flag_refused, shape_format_refused,
    tiles_style_refused,
};
pub use rooms::{ContentsJob, RoomsJob, TilesetImage};

/// The renderer of room maps in `format`, as the `rooms` command makes it.
pub fn rooms_renderer(
    output: &LevelOutput,
    format: crate::app::cli::RoomsFormat,
) -> Box<dyn mazegen::render::Render<mazegen::level::Dungeon<mazegen::rooms::RoomMap>>> {
    rooms::rooms_renderer(format, output.color, output.picture, output.scale)
}

/// The renderer of caves in `format`, as the `caves` command makes it.
pub fn caves_renderer(
    output: &LevelOutput,
    format: crate::app::cli::CavesFormat,
) -> Box<dyn mazegen::render::Render<mazegen::level::Dungeon<mazegen::caves::CaveMap>>> {
    caves::caves_renderer(format, output.color, output.drawn_picture())
}

/// The refusal of `--format` `format`, which writes room maps and caves alone, for a
/// command of mazes (`what` it is).
fn level_format_refused(format: Format, what: &str) -> anyhow::Error {
    bad_input(format!(
        "--format {} writes room maps and caves (rooms, caves, or render of their documents), \
         not {what}",
        format.name()
    ))
}

use crate::app::cli::{Cli, Command, Format, MazeArgs};
use anyhow::Context;
use clap::CommandFactory;
use mazegen::algorithms::{
    AldousBroder, Backtrack, BinaryTree, Eller, Generator, GrowingTree, HuntAndKill, Kruskal,
    Percolation, Prim, RandomWalls, RecursiveDivision, Sidewinder, Wilson,
};
use mazegen::maze::Finish;

/// What to do, settled.
pub enum Job {
    /// Generate a maze.
    Maze(MazeJob),
    /// Generate many mazes, or mazes chosen by difficulty.
    Dataset(DatasetJob),
    /// Generate a room map.
    Rooms(RoomsJob),
    /// Generate a cave.
    Caves(CavesJob),
    /// Read a maze document and act on it.
    Document(DocumentJob),
    /// Score answers to mazes.
    Score(crate::app::cli::ScoreArgs),
    /// Make a suite of splits.
    Suite(crate::app::cli::SuiteArgs),
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

/// Opens a file the command line names, called `what` in messages (`--mask vault.txt`, or the
/// path alone). One that cannot be opened (missing, not permitted, a directory) is bad input,
/// refused before any work (exit 2); a read that fails once it is open is an I/O failure (1).
pub fn open_named(path: &std::path::Path, what: &str) -> anyhow::Result<std::fs::File> {
    let refuse =
        |reason: &dyn std::fmt::Display| bad_input(format!("{what}: cannot be read: {reason}"));
    let file = std::fs::File::open(path).map_err(|error| refuse(&error))?;
    match file.metadata() {
        Ok(meta) if meta.is_dir() => Err(refuse(&"it is a directory")),
        _ => Ok(file),
    }
}

/// Reads the text of a file the command line names ([`open_named`]), refusing it as bad input
/// when it is not UTF-8 or longer than `most` bytes, which no `kind` of file holds (so that
/// `/dev/zero` is refused at once, not read until memory runs out); a read that fails once the
/// file is open is an I/O failure.
pub fn read_named(
    path: &std::path::Path,
    what: &str,
    most: u64,
    kind: &str,
) -> anyhow::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    open_named(path, what)?
        .take(most.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(|| format!("{what}: cannot be read"))?;
    if bytes.len() as u64 > most {
        return Err(bad_input(format!(
            "{what}: more than {most} bytes, more than {kind} holds"
        )));
    }
    String::from_utf8(bytes).map_err(|error| {
        bad_input(format!(
            "{what}: byte {} is not UTF-8; expected {kind} as text",
            error.utf8_error().valid_up_to() + 1
        ))
    })
}

/// The seed of a run: given, or drawn once.
#[derive(Debug, Clone, Copy)]
pub struct Seed {
    /// The seed.
    pub value: u64,
    /// Whether to tell the user on standard error: a drawn seed, unless `--quiet`, whatever the
    /// format (a document that records it may go to a file, or be read by a program).
    pub report: bool,
}

impl Seed {
    fn settle(given: Option<u64>, quiet: bool) -> Self {
        Self {
            value: given.unwrap_or_else(mazegen::rng::draw_seed),
            report: given.is_none() && !quiet,
        }
    }
}

impl Job {
    /// The seed the job drew and reports on standard error ([`Seed::report`]), if any: the
    /// one place every command's drawn seed is told.
    pub fn drawn_seed(&self) -> Option<u64> {
        let seed = match self {
            Job::Maze(job) => job.seed,
            Job::Dataset(job) => job.seed,
            Job::Rooms(job) => job.seed,
            Job::Caves(job) => job.seed,
            Job::Document(_)
            | Job::Score(_)
            | Job::Suite(_)
            | Job::Completions(_)
            | Job::Man(_) => return None,
        };
        seed.report.then_some(seed.value)
    }
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
            refuse_from_in_levels(&args.search, &args.maze)?;
            let backtrack = Backtrack {
                seeds: args.walkers,
                start: args.search.from.unwrap_or_default(),
                accessible: args.search.accessible,
                max_depth: args.search.max_depth,
                forks: !args.no_forks,
            };
            (Box::new(backtrack), args.maze)
        }
        Command::Sidewinder(args) => (Box::new(Sidewinder), args),
        Command::Eller(args) => (Box::new(Eller), args),
        Command::HuntAndKill(args) => (Box::new(HuntAndKill), args),
        Command::GrowingTree(args) => (Box::new(GrowingTree { pick: args.pick }), args.maze),
        Command::RecursiveDivision(args) => (Box::new(RecursiveDivision), args),
        Command::Percolation(args) => {
            refuse_from_in_levels(&args.search, &args.maze)?;
            let percolation = Percolation {
                p: args.p,
                start: args.search.from.unwrap_or_default(),
                dfs: args.dfs,
                accessible: args.search.accessible,
                max_depth: args.search.max_depth,
            };
            if !args.dfs && (args.search.accessible.is_some() || args.search.max_depth.is_some()) {
                return Err(bad_input(
                    "--accessible and --max-depth limit the depth-first search of --dfs; \
                     add --dfs, or leave them out",
                ));
            }
            (Box::new(percolation), args.maze)
        }
        Command::RandomWalls(args) => {
            let walls = RandomWalls {
                walls: args.walls,
                attempts: args.attempts,
            };
            (Box::new(walls), args.maze)
        }
        Command::AldousBroder(args) => (Box::new(AldousBroder), args),
        Command::Wilson(args) => (Box::new(Wilson), args),
        Command::Kruskal(args) => (Box::new(Kruskal), args),
        Command::Prim(args) => (
            Box::new(Prim {
                simplified: args.simplified,
            }),
            args.maze,
        ),
        Command::Rooms(args) => return rooms::rooms(args).map(Job::Rooms),
        Command::Caves(args) => return caves::caves(args).map(Job::Caves),
        Command::Solve(mut args) => {
            dataset::refuse_arrays(&args.output)?;
            if let Some(format) = args.output.format.filter(|format| !format.of_mazes()) {
                return Err(level_format_refused(format, "the mazes solve writes"));
            }
            let format = args.output.format;
            if let Some(format) =
                format.filter(|f| args.endpoints.openings && !f.takes().holds.openings)
            {
                return Err(bad_input(format!(
                    "--openings: --format {} does not hold openings in the outer wall; leave \
                     --openings out, or write the maze in another format",
                    format.name()
                )));
            }
            let pace = document::search_pace(&mut args)?;
            let output = document::document_output(&args.output, Format::Json, Format::Graph)?;
            let solving = Solving {
                finish: Finish {
                    solve: true,
                    method: args.method.into(),
                    openings: args.endpoints.openings,
                    ..Finish::default()
                },
                start: args.endpoints.start,
                goal: args.endpoints.goal,
            };
            let action = DocumentAction::Solve(solving, output, pace);
            return document::document(args.input, Ok(action), None);
        }
        Command::Render(args) => {
            dataset::refuse_arrays(&args.output)?;
            // Which options apply is known once the document is read: a refusal for both
            // kinds is the one of the kind its format writes.
            let maze = document::document_output(&args.output, Format::Term, Format::Term);
            let level = document::level_output(&args.output);
            let of_mazes = args.output.format.is_none_or(Format::of_mazes);
            return match (maze, level) {
                (Err(refused), Err(_)) if of_mazes => Err(refused),
                (Err(_), Err(refused)) => Err(refused),
                (maze, level) => {
                    document::document(args.input, maze.map(DocumentAction::Render), Some(level))
                }
            };
        }
        Command::Stats(args) => {
            let cap = (args.cap.map(|cap| cap as usize)).unwrap_or(mazegen::analysis::DEFAULT_CAP);
            let all_shortest = args.all_shortest.then_some(cap);
            let action = DocumentAction::Stats(args.format, all_shortest);
            return document::document(args.input, Ok(action), None);
        }
        Command::Score(args) => return Ok(Job::Score(args)),
        Command::Suite(args) => return Ok(Job::Suite(args)),
        Command::Completions(args) => return Ok(Job::Completions(args.shell)),
        Command::Man(args) => {
            return man_page(args.command.as_deref()).map(|page| Job::Man(Box::new(page)));
        }
    };
    if let Some(format) = args.output.format.filter(|format| !format.of_mazes()) {
        return Err(level_format_refused(format, "mazes"));
    }
    if dataset::wanted(&args) {
        return dataset::settle(generator, args).map(Job::Dataset);
    }
    // One maze in a format of cells without an outer wall to open (`ascii`, `alphamaze`).
    if let Some(format) = (args.output.format)
        .filter(|format| args.endpoints.openings && !format.takes().holds.openings)
    {
        return Err(bad_input(format!(
            "--openings: --format {} does not hold openings in the outer wall; leave \
             --openings out, or write the maze in another format",
            format.name()
        )));
    }
    maze::maze(generator, args).map(Job::Maze)
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

/// Refuses `--from` (a cell `X,Y` of a flat maze) on a maze in `--levels`.
fn refuse_from_in_levels(
    search: &crate::app::cli::SearchArgs,
    maze: &crate::app::cli::MazeArgs,
) -> anyhow::Result<()> {
    match (search.from, maze.shape.levels) {
        (Some(from), Some(levels)) if levels > 1 => Err(bad_input(format!(
            "--from {},{} starts the search on a flat maze; leave it out with --levels {levels}",
            from.x, from.y
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use mazegen::maze::Blank;

    /// Settles `args` as the command line would.
    fn settled(args: &str) -> anyhow::Result<Job> {
        let cli = Cli::try_parse_from(["mazegen"].into_iter().chain(args.split_whitespace()))
            .expect("the arguments parse");
        settle(cli)
    }

    fn refusal(args: &str) -> String {
        let Err(error) = settled(args) else {
            panic!("{args} was settled")
        };
        format!("{error:#}")
    }

    #[test]
    fn library_refusals_name_their_flags() {
        assert!(refusal("backtrack --size 5 --walkers 9").starts_with("--walkers 9: 9 walkers"));
        assert!(refusal("kruskal --size 9 --start 7,0").starts_with("--start 7,0: cell 7,0"));
        assert!(
            refusal("kruskal --size 9 --start 1,1 --goal 2,2 --openings")
                .starts_with("--openings: ")
        );
        assert!(
            refusal("prim --count 2 --min-solution 5 --max-solution 3")
                .starts_with("--min-solution 5 is above --max-solution 3")
        );
        assert!(refusal("prim --size 5 --count 5 --unique").starts_with("--unique --count 5:"));
        assert!(
            refusal("prim --count 2 --endpoints farthest --goal 0,0")
                .starts_with("--endpoints farthest")
        );
    }

    #[test]
    fn mazes_are_settled_into_the_library_spec() {
        let Ok(Job::Maze(job)) = settled("wilson --shape hex --cells 4x3 --solve --seed 5") else {
            panic!("a maze job")
        };
        assert!(matches!(job.spec.blank, Blank::Shape(_)));
        assert!(job.spec.finish.solve && job.seed.value == 5 && !job.seed.report);
        let Ok(job) = settled("rooms --format json") else {
            panic!("a rooms job")
        };
        assert!(
            job.drawn_seed().is_some(),
            "a drawn seed is reported in every format"
        );
        let Ok(job) = settled("caves --format tiled --quiet") else {
            panic!("a caves job")
        };
        assert!(job.drawn_seed().is_none(), "--quiet");
        let Ok(Job::Maze(job)) = settled("sidewinder --height 100001 --format text") else {
            panic!("a maze job")
        };
        assert!(matches!(job.destination, Destination::Stream(_, 50_000)));
    }

    /// Each format does what its renderer declares: it writes other shapes, binary bytes,
    /// figures, seeds and arrays exactly when its `Takes` says so.
    #[test]
    fn formats_do_what_they_declare() {
        use mazegen::algorithms::Backtrack;
        use mazegen::render::{Many, Picture, Style};
        use mazegen::topology::{Hex, Shape};

        let cli = Cli::parse_from(["mazegen", "backtrack", "--stats", "--color", "never"]);
        let Command::Backtrack(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        let seed = 987_654_321;
        // Square, as `hrm` writes squares only.
        let rect = mazegen::Maze::builder()
            .algorithm(Backtrack::default())
            .cells(4, 4)
            .seed(seed)
            .build()
            .unwrap();
        let hex = Shape::Hex(Hex::new(4, 3).unwrap());
        let hex = mazegen::Maze::builder()
            .algorithm(Backtrack::default())
            .shape(hex)
            .seed(seed)
            .build()
            .unwrap();
        let lines = Picture {
            style: Style::Lines,
            ..Picture::default()
        };
        for format in Format::maze_formats() {
            let output = &args.maze.output;
            let Some(in_tiles) = output::renderer(format, output, Picture::default(), false) else {
                assert_eq!(format, Format::Events, "only events have no renderer");
                continue;
            };
            let takes = format.takes();
            let mut bytes = Vec::new();
            in_tiles.render(&rect, &mut bytes).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            let binary = bytes.iter().any(|&byte| byte < b' ' && byte != b'\n');
            assert_eq!(binary, takes.binary.is_some(), "{format:?} binary");
            // Binary formats record the seed as a number of their own (npz's `seeds`).
            let seeded = text.contains(&seed.to_string()) || binary && takes.records_seed;
            assert_eq!(seeded, takes.records_seed, "{format:?} seed");
            let figures = text.contains("\"dead_ends\"");
            assert_eq!(figures, takes.carries_stats, "{format:?} figures");
            let array = in_tiles.array(4, 3).is_some();
            assert_eq!(array, takes.many == Some(Many::Array), "{format:?} array");
            let as_shape = output::renderer(format, output, lines, true).unwrap();
            let drawn = as_shape.render(&hex, &mut Vec::new()).is_ok();
            assert_eq!(drawn, takes.any_shape, "{format:?} shapes");
        }
    }

    #[test]
    fn datasets_are_settled_into_the_library_spec() {
        let Ok(Job::Dataset(job)) =
            settled("backtrack --shape polar --rings 4 --count 9 --shard 2/3 --format jsonl")
        else {
            panic!("a dataset job")
        };
        assert_eq!((job.spec.count, job.spec.slots.clone()), (9, 3..6));
        assert!(!job.spec.single && job.output.records_seed);
    }
}
