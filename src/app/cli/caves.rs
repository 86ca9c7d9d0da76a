//! Command-line types of the `caves` command.

use super::level::parse_locks;
use super::{ContentsArgs, FloorsArgs, MapPictureArgs, TargetArgs, parse_probability, parse_seed};
use clap::{Args, ValueEnum};
use mazegen::Probability;
use mazegen::caves::{MAX_SIDE, MAX_STEPS, Rule};
use mazegen::render::{self, Takes};

/// Options of the `caves` command.
#[derive(Debug, Args)]
pub struct CavesArgs {
    /// Cave width in tiles
    #[arg(long, value_name = "TILES", default_value = "64", value_parser = parse_side, allow_negative_numbers = true)]
    pub width: u32,

    /// Cave height in tiles
    #[arg(long, value_name = "TILES", default_value = "40", value_parser = parse_side, allow_negative_numbers = true)]
    pub height: u32,

    /// Lock K tunnels, each with its key in a cavern reachable before it; one lock stands
    /// between the start and the goal (at most half the caverns)
    #[arg(long, value_name = "K", default_value = "0", value_parser = parse_locks, allow_negative_numbers = true)]
    pub locks: u32,

    /// Seed for the random choices: the same seed gives the same cave [default: drawn at
    /// random and reported]
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// Do not report a drawn seed on standard error
    #[arg(long, short)]
    pub quiet: bool,

    #[command(flatten)]
    pub floors: FloorsArgs,

    #[command(flatten)]
    pub contents: ContentsArgs,

    #[command(flatten)]
    pub automaton: AutomatonArgs,

    /// Output format
    #[arg(long, value_enum, default_value_t = CavesFormat::Term, help_heading = "Output")]
    pub format: CavesFormat,

    #[command(flatten)]
    pub picture: MapPictureArgs,

    #[command(flatten, next_help_heading = "Output")]
    pub target: TargetArgs,
}

/// The cellular automaton that grows the caverns.
#[derive(Debug, Args)]
#[command(next_help_heading = "Automaton")]
pub struct AutomatonArgs {
    /// The share of rock in the random fill the automaton starts from
    #[arg(long, value_name = "P", default_value = "0.45", value_parser = parse_probability, allow_hyphen_values = true)]
    pub fill: Probability,

    /// Counts of rock neighbours (of 8) that turn an open tile to rock (B) and keep a rock
    /// tile (S); B5678/S45678 is the 4-5 rule
    #[arg(long, value_name = "B../S..", default_value = "B5678/S45678", value_parser = parse_rule)]
    pub rule: Rule,

    /// How many times the automaton runs
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_steps, allow_negative_numbers = true)]
    pub steps: u32,

    /// The fewest floor tiles a cavern keeps: smaller open regions are filled with rock
    #[arg(long, value_name = "TILES", default_value = "16", value_parser = parse_min_size, allow_negative_numbers = true)]
    pub min_size: u32,
}

/// Output formats of `caves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CavesFormat {
    /// The tile map as colored ●: red rock, cyan caverns, green tunnels
    Term,
    /// The tile map in plain text: # rock, space cavern, . tunnel
    Text,
    /// A mazegen.caves/v1 JSON document
    Json,
    /// A Tiled map (.tmj): the tiles, and a rectangle around each cavern with its role and keys
    Tiled,
    /// A Tiled map in XML (.tmx, as pytmx reads): the tiles in CSV, caverns, doors, keys and
    /// locks
    Tmx,
    /// A Godot 4.3+ scene (.tscn): a TileMapLayer with its TileSet (walls collide, floors
    /// navigate), caverns and marks as Marker2D nodes
    Godot,
    /// An LDtk project: an IntGrid layer of the tiles and an entity layer
    Ldtk,
    /// A Universal VTT file (.dd2vtt) for virtual tabletops: walls, doors and the picture
    Uvtt,
    /// A scalable picture of the cave
    Svg,
    /// A raster picture of the cave
    Png,
}

impl CavesFormat {
    /// What the format takes, as its renderer declares it.
    pub fn takes(self) -> Takes {
        match self {
            Self::Term => render::Term::TAKES,
            Self::Text => render::Text::TAKES,
            Self::Json => render::Json::TAKES,
            Self::Tiled => render::Tiled::TAKES,
            Self::Tmx => render::Tmx::TAKES,
            Self::Godot => render::Godot::TAKES,
            Self::Ldtk => render::Ldtk::TAKES,
            Self::Uvtt => render::Uvtt::TAKES,
            Self::Svg => render::Svg::TAKES,
            Self::Png => render::Png::TAKES,
        }
    }
}

/// Parses a cave side.
fn parse_side(value: &str) -> Result<u32, String> {
    value
        .parse()
        .ok()
        .filter(|side| (3..=MAX_SIDE).contains(side))
        .ok_or_else(|| format!("expected a number of tiles from 3 to {MAX_SIDE} (e.g. 80)"))
}

/// Parses an automaton rule.
fn parse_rule(value: &str) -> Result<Rule, String> {
    Rule::parse(value).map_err(|e| e.to_string())
}

/// Parses a number of automaton steps.
fn parse_steps(value: &str) -> Result<u32, String> {
    value
        .parse()
        .ok()
        .filter(|&steps| steps <= MAX_STEPS)
        .ok_or_else(|| format!("expected a number of steps from 0 to {MAX_STEPS}"))
}

/// Parses a smallest cavern size.
fn parse_min_size(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("expected a number of tiles from 0 to {}", u32::MAX))
}
