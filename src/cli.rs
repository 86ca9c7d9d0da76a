//! Command-line types (clap derive) and nothing else: `main.rs` maps them onto the library.

mod rooms;

pub use rooms::{AUTO_MAP_ROOMS, MapChoice, RoomsArgs, RoomsFormat};

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The tile size used when neither `--size` nor `--width`/`--height` is given.
const DEFAULT_TILES: &str = "21";

/// Generate mazes for games, puzzles and scripts.
#[derive(Debug, Parser)]
#[command(name = "mazegen", version, about, propagate_version = true)]
#[command(after_help = "Examples:\n  \
    mazegen binary-tree --size 21\n  \
    mazegen backtrack --size 41 --seed 7\n  \
    mazegen binary-tree --width 61 --height 21 --format text > maze.txt\n  \
    mazegen backtrack --size 101 --seed 3 --format json | jq '.tiles | length'\n  \
    mazegen rooms --count 20 --candidates delaunay --seed 7")]
pub struct Cli {
    /// What to generate.
    #[command(subcommand)]
    pub command: Command,
}

/// One subcommand per algorithm.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Binary Tree: every cell opens east or south; very fast, open bottom row and right column
    BinaryTree(MazeArgs),
    /// Recursive backtracker (randomized depth-first search): long, winding corridors
    Backtrack(MazeArgs),
    /// Rooms on a tile map, connected by a random spanning tree plus random extra corridors
    Rooms(RoomsArgs),
}

/// Options shared by every maze command.
#[derive(Debug, Args)]
pub struct MazeArgs {
    #[command(flatten)]
    pub size: SizeArgs,

    /// Seed for the random choices: the same seed gives the same maze [default: drawn at random
    /// and reported]
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// Maze size in tiles: a maze of W x H cells is (2W+1) x (2H+1) tiles.
#[derive(Debug, Args)]
#[command(next_help_heading = "Size (in tiles: odd, at least 3)")]
pub struct SizeArgs {
    /// Width and height in tiles (21 tiles = 10 cells)
    #[arg(long, value_name = "TILES", default_value = DEFAULT_TILES, value_parser = parse_tiles, allow_negative_numbers = true)]
    pub size: u32,

    /// Width in tiles [default: --size]
    #[arg(long, value_name = "TILES", value_parser = parse_tiles, allow_negative_numbers = true)]
    pub width: Option<u32>,

    /// Height in tiles [default: --size]
    #[arg(long, value_name = "TILES", value_parser = parse_tiles, allow_negative_numbers = true)]
    pub height: Option<u32>,
}

impl SizeArgs {
    /// Width and height in cells.
    pub fn cells(&self) -> (u32, u32) {
        (
            self.width.unwrap_or(self.size),
            self.height.unwrap_or(self.size),
        )
    }
}

/// Where and how to write the result, in one of the formats `F` of the command.
#[derive(Debug, Args)]
#[command(next_help_heading = "Output")]
pub struct OutputArgs<F: ValueEnum + Default + Clone + Send + Sync + 'static = Format> {
    /// Output format
    #[arg(long, value_enum, default_value_t = F::default())]
    pub format: F,

    /// When to color terminal output (auto: when writing to a terminal and NO_COLOR is unset)
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Write to FILE instead of standard output (replaced only once complete)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Output formats of mazes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    /// Colored ● per tile: green passage, red wall
    #[default]
    Term,
    /// Plain text: # wall, space passage
    Text,
    /// A mazegen.maze/v1 JSON document
    Json,
}

/// When to use color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Color when writing to a terminal and NO_COLOR is unset or empty
    Auto,
    /// Always color
    Always,
    /// Never color
    Never,
}

/// Parses a seed, saying which numbers are seeds when it is not one.
fn parse_seed(value: &str) -> Result<u64, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

/// Parses a size in tiles into cells, explaining what is wrong with an invalid one.
fn parse_tiles(value: &str) -> Result<u32, String> {
    let tiles: u64 = value.parse().map_err(|_| {
        format!("expected an odd number of tiles, at least 3 (e.g. {DEFAULT_TILES})")
    })?;
    mazegen::cells_from_tiles(tiles).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn size_defaults_and_overrides() {
        let cli = Cli::parse_from(["mazegen", "backtrack", "--size", "41", "--width", "61"]);
        let Command::Backtrack(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        assert_eq!(args.size.cells(), (30, 20));
        let cli = Cli::parse_from(["mazegen", "binary-tree"]);
        let Command::BinaryTree(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        assert_eq!(args.size.cells(), (10, 10));
    }
}
