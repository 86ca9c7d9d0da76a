//! Command-line types (clap derive): the top-level `Cli` and its `Command`s here, each family's
//! options in a file of its own (`maze`, `document`, `rooms`, `caves`, `dataset`), and what
//! several families share (`output`, `level`); `settle` turns them into a job.

mod caves;
mod dataset;
mod document;
mod level;
mod maze;
mod output;
mod rooms;
mod score;
mod suite;

pub use caves::{CavesArgs, CavesFormat};
pub use dataset::{DatasetArgs, EndpointRule};
pub use document::{RenderArgs, SolveArgs, StatsArgs, StatsFormat};
pub use level::{ContentsArgs, FloorsArgs, MapPictureArgs, MapTheme};
pub use maze::{
    BacktrackArgs, BinaryTreeArgs, DEFAULT_RINGS, DEFAULT_SHAPE_CELLS, EndpointArgs,
    GrowingTreeArgs, MazeArgs, PercolationArgs, Place, PrimArgs, RandomWallsArgs, SearchArgs,
    ShapeArgs, ShapeKind, SizeArgs, WrapKind,
};
pub use output::{ColorChoice, Format, OutputArgs, PictureStyle, TargetArgs, Theme};
pub use rooms::{AUTO_MAP_ROOMS, CorridorsArg, MapChoice, PrefabArg, RoomsArgs, RoomsFormat};
pub use score::{ScoreArgs, ScoreFormat};
pub use suite::SuiteArgs;

use clap::{Args, Parser, Subcommand};
use mazegen::Probability;

/// Generate mazes for games, puzzles and scripts.
#[derive(Debug, Parser)]
#[command(name = "mazegen", version, about, propagate_version = true)]
#[command(after_help = "Examples:\n  \
    mazegen binary-tree --size 21\n  \
    mazegen backtrack --size 41 --seed 7 --solve\n  \
    mazegen binary-tree --width 61 --height 21 --format text > maze.txt\n  \
    mazegen backtrack --size 101 --seed 3 --format json | jq '.tiles | length'\n  \
    mazegen growing-tree --pick mixed:0.75 --size 31\n  \
    mazegen wilson --shape polar --rings 12 --solve\n  \
    mazegen backtrack --count 100000 --seed 1 --format jsonl > mazes.jsonl\n  \
    mazegen backtrack --size 41 --seed 9 --format json | mazegen solve | mazegen render --format png -o maze.png\n  \
    mazegen rooms --count 20 --candidates delaunay --seed 7")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The `Examples:` section that ends a subcommand's help, one `mazegen` command a line.
macro_rules! examples {
    ($($example:literal),+) => {
        concat!("Examples:", $("\n  mazegen ", $example),+)
    };
}
/// One subcommand per maze algorithm, then rooms, then the commands that read maze documents,
/// then the shell's helpers. Each ends its help with examples of its own.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Binary Tree: every cell opens east or south (see --bias); very fast, two open sides
    #[command(after_help = examples!(
        "binary-tree --size 21",
        "binary-tree --bias north-west --size 31 --seed 4",
        "binary-tree --width 2001 --height 2001 --format png -o big.png"
    ))]
    BinaryTree(BinaryTreeArgs),
    /// Recursive backtracker (randomized depth-first search): long, winding corridors
    #[command(after_help = examples!(
        "backtrack --size 41 --seed 7 --solve",
        "backtrack --walkers 8 --size 61",
        "backtrack --size 21 --accessible 0.6 --from 4,4 --seed 3"
    ))]
    Backtrack(BacktrackArgs),
    /// Aldous-Broder: a random walk carves into each cell it enters first; uniform, slow
    #[command(after_help = examples!(
        "aldous-broder --size 31",
        "aldous-broder --size 41 --seed 3 --stats"
    ))]
    AldousBroder(MazeArgs),
    /// Wilson: loop-erased random walks; uniform like Aldous-Broder, much faster
    #[command(after_help = examples!(
        "wilson --size 41",
        "wilson --size 201 --seed 5 --format svg -o wilson.svg",
        "wilson --shape polar --rings 12 --solve --format svg -o polar.svg"
    ))]
    Wilson(MazeArgs),
    /// Kruskal (randomized): removes walls in random order between unjoined regions
    #[command(after_help = examples!(
        "kruskal --size 31",
        "kruskal --size 21 --animate --delay 30",
        "kruskal --size 21 --count 10000 --seed 1 --format npy -o mazes.npy"
    ))]
    Kruskal(MazeArgs),
    /// Prim: grows one tree through its lightest random-weighted wall; many short dead ends
    #[command(after_help = examples!(
        "prim --size 31",
        "prim --simplified --size 41 --seed 2 --heatmap",
        "prim --shape hex --cells 12x8 --solve"
    ))]
    Prim(PrimArgs),
    /// Sidewinder: row by row, runs open east and hang from the row above; open top row
    #[command(after_help = examples!(
        "sidewinder --size 31",
        "sidewinder --width 81 --height 21 --format text > maze.txt"
    ))]
    Sidewinder(MazeArgs),
    /// Eller's algorithm: row by row with per-row sets, any height in O(width) memory
    #[command(after_help = examples!(
        "eller --size 31",
        "eller --width 41 --height 401 --seed 8 --format text | less"
    ))]
    Eller(MazeArgs),
    /// Hunt-and-kill: random walks, each restarted next to the maze by a scan; long corridors
    #[command(after_help = examples!(
        "hunt-and-kill --size 31",
        "hunt-and-kill --size 41 --solve --openings"
    ))]
    HuntAndKill(MazeArgs),
    /// Growing tree: grows from a list of active cells; --pick sets the character
    #[command(after_help = examples!(
        "growing-tree --pick random --size 31",
        "growing-tree --pick mixed:0.75 --size 41 --seed 6",
        "growing-tree --pick oldest --size 31 --heatmap"
    ))]
    GrowingTree(GrowingTreeArgs),
    /// Recursive division: walls with one gap split an open field; long straight walls
    #[command(after_help = examples!(
        "recursive-division --size 31",
        "recursive-division --size 41 --braid 0.5 --solve"
    ))]
    RecursiveDivision(MazeArgs),
    /// Percolation: every wall opened with probability P, the maze the cells reached; loops
    #[command(after_help = examples!(
        "percolation --p 0.5 --size 21 --solve",
        "percolation --dfs --p 0.2 --size 21 --seed 3",
        "percolation --p 0.6 --from 5,5 --count 1000 --format npz -o percolated.npz"
    ))]
    Percolation(PercolationArgs),
    /// Random walls: Searchformer's mazes, 30 to 50% of the cells walls, a start and goal a
    /// plan of at least max(W, H) cells apart; open rooms
    #[command(after_help = examples!(
        "random-walls --cells 10x10 --seed 1 --format searchformer",
        "random-walls --cells 30x30 --walls 0.4 --solve",
        "random-walls --cells 20x20 --count 1000 --format searchformer -o train.txt"
    ))]
    RandomWalls(RandomWallsArgs),
    /// Rooms on a tile map, connected by a random spanning tree plus random extra corridors
    #[command(after_help = examples!(
        "rooms --count 20 --candidates delaunay --seed 7",
        "rooms --count 20 --candidates delaunay --corridors maze --format png -o rooms.png",
        "rooms --count 30 --format dot | neato -Tsvg > rooms.svg"
    ))]
    Rooms(RoomsArgs),
    /// Caves: a cellular automaton's caverns joined by tunnels, with roles, locks and keys
    #[command(after_help = examples!(
        "caves --seed 7",
        "caves --width 120 --height 80 --fill 0.55 --locks 3 --format png -o cave.png",
        "caves --fill 0.5 --rule B678/S345678 --steps 6 --format ldtk -o cave.ldtk"
    ))]
    Caves(CavesArgs),
    /// Read a maze document (JSON) and add its solution: a shortest one, or the one a --method
    /// finds, with the cells it visited
    #[command(mut_arg("format", document::solve_format))]
    #[command(after_help = examples!(
        "backtrack --size 41 --format json | mazegen solve --method tremaux --format text",
        "solve maze.json --start 0,0 --goal 19,0 -o solved.json",
        "wilson --shape polar --format graph | mazegen solve | mazegen stats"
    ))]
    Solve(SolveArgs),
    /// Read a maze document (JSON) and print figures about it
    #[command(after_help = examples!(
        "wilson --size 101 --format json | mazegen stats",
        "stats maze.json --format json | jq .dead_ends"
    ))]
    Stats(StatsArgs),
    /// Read a maze, graph, rooms, caves or dungeon document (JSON) and draw it in another
    /// format
    #[command(mut_arg("format", document::render_format))]
    #[command(after_help = examples!(
        "render maze.json --format svg -o maze.svg",
        "backtrack --size 41 --format json | mazegen render --format png --theme mono -o maze.png",
        "rooms --seed 3 --contents --format json | mazegen render --format tiled -o level.tmj"
    ))]
    Render(RenderArgs),
    /// Score answers (coordinate lists, moves, AlphaMaze moves) against the mazes they answer:
    /// valid, reached, optimal, progress and the first illegal step
    #[command(after_help = examples!(
        "score --mazes mazes.jsonl --answers answers.txt --format jsonl",
        "score --mazes maze.json --answers answers.txt --mode final-cell"
    ))]
    Score(ScoreArgs),
    /// Make a suite of named splits from a TOML spec: a Parquet file and a picture a split,
    /// and a manifest, in one directory
    #[command(after_help = examples!(
        "suite suite.toml -o suite",
        "suite suite.toml -o suite --jobs 4 --shard 2/8"
    ))]
    Suite(SuiteArgs),
    /// Print a completion script for a shell (bash, zsh, fish, powershell, elvish)
    #[command(after_help = examples!(
        "completions bash > ~/.local/share/bash-completion/completions/mazegen",
        "completions zsh > ~/.zfunc/_mazegen",
        "completions fish > ~/.config/fish/completions/mazegen.fish"
    ))]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), of mazegen or of one of its commands
    #[command(after_help = examples!(
        "man | man -l -",
        "man backtrack > mazegen-backtrack.1"
    ))]
    Man(ManArgs),
}

/// Options of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Options of `man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (e.g. backtrack) [default: mazegen's own page]
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// Parses a seed, saying which numbers are seeds when it is not one.
fn parse_seed(value: &str) -> Result<u64, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

/// A parser of whole numbers from `low` to `high` that names the range for any number outside
/// it, however long (clap's ranged parser reads a number past `i64` as "number too large to
/// fit in target type").
pub(crate) fn in_range(
    low: u32,
    high: u32,
) -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    move |value: &str| {
        let text = value.trim();
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(format!("expected a whole number from {low} to {high}"));
        }
        match text.parse::<u32>() {
            Ok(number) if (low..=high).contains(&number) => Ok(number),
            _ => Err(format!("{value} is not in {low}..={high}")),
        }
    }
}

/// Parses a probability from 0 to 1.
fn parse_probability(value: &str) -> Result<Probability, String> {
    value.parse().map_err(|e: mazegen::MazeError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// Every option of every command that takes a number: a number of any length outside its
    /// range is refused naming the range (never Rust's "number too large to fit in target
    /// type"), and a negative one reaches the option's own check rather than being taken for
    /// an unknown flag.
    #[test]
    fn every_number_option_names_its_range_and_takes_negative_numbers() {
        let mut mazegen = Cli::command();
        mazegen.build();
        let mut checked = 0;
        for command in mazegen.get_subcommands() {
            let name = command.get_name();
            for arg in command.get_arguments() {
                let (Some(long), true) = (arg.get_long(), arg.get_action().takes_values()) else {
                    continue;
                };
                let files = arg
                    .get_value_names()
                    .is_some_and(|names| names.len() == 1 && names[0].starts_with("FILE"));
                let flag = format!("--{long}");
                let parse = |value: &str| Cli::try_parse_from(["mazegen", name, &flag, value]);
                let numeric = ["1", "0.5"].into_iter().any(|value| parse(value).is_ok());
                if files || !numeric {
                    continue;
                }
                checked += 1;
                for value in [
                    "4294967296",
                    "18446744073709551615",
                    "18446744073709551616",
                    "999999999999999999999999999999999999999999",
                    "-1",
                    "-0.1",
                    "-18446744073709551616",
                ] {
                    let Err(error) = parse(value) else {
                        continue;
                    };
                    let message = error.to_string();
                    assert!(
                        !message.contains("to fit in target type"),
                        "{name} {flag} {value}: {message}"
                    );
                    assert_ne!(
                        error.kind(),
                        clap::error::ErrorKind::UnknownArgument,
                        "{name} {flag} {value}: {message}"
                    );
                }
            }
        }
        assert!(checked > 40, "only {checked} options take numbers");
    }

    #[test]
    fn probabilities_stay_within_0_and_1() {
        assert_eq!(parse_probability("0.25").map(f64::from), Ok(0.25));
        for bad in ["1.5", "-0.1", "NaN", "inf", "x"] {
            assert!(parse_probability(bad).is_err(), "{bad}");
        }
    }
}
