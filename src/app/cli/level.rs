//! Command-line types shared by room maps and caves: dungeon floors and how maps are drawn.

use clap::{Args, ValueEnum};

/// The floors of a dungeon of room maps or caves.
#[derive(Debug, Args)]
pub struct FloorsArgs {
    /// Make a dungeon of N floors, each a map of these options (its own --locks too), joined
    /// by stairs (< up, > down): the start on the first floor, the goal on the last, each
    /// floor's first lock opened by a key on the floor above
    #[arg(long, value_name = "N", default_value = "1", value_parser = parse_floors, allow_negative_numbers = true)]
    pub floors: u32,
}

/// The contents placed on room maps and caves.
#[derive(Debug, Args)]
pub struct ContentsArgs {
    /// Place entities by the rules of FILE (TOML, or JSON for a .json file): a kind in rooms
    /// chosen by the graph's facts (farthest, dead ends, the main path, hops, locks), with
    /// counts and weighted tables. Alone (or `default`): a boss in the room farthest from the
    /// start, treasure in every dead end
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "default")]
    pub contents: Option<std::path::PathBuf>,
}

/// How the pictures of room maps and caves are drawn.
#[derive(Debug, Args)]
pub struct MapPictureArgs {
    /// Look of svg, png and uvtt pictures [default: dungeon]
    #[arg(long, value_enum, help_heading = "Output")]
    pub theme: Option<MapTheme>,

    /// Pixels per tile in svg, png and uvtt pictures, 1 to 64 [default: 16, or 8 in color and
    /// mono; 64 in uvtt]
    #[arg(long, value_name = "PX", value_parser = super::in_range(1, 64), allow_negative_numbers = true, help_heading = "Output")]
    pub scale: Option<u32>,
}

/// Looks of a room map's or cave's pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MapTheme {
    /// A printed map: walls outlined, rock hatched, a grid, door, lock, key and stairs symbols,
    /// room numbers and a legend
    Dungeon,
    /// Tiles in the terminal's colors
    Color,
    /// Tiles in colors told apart with any color blindness (Okabe-Ito): blue rock, orange
    /// corridors, bluish-green floors, sky-blue doors
    #[value(alias = "colourblind")]
    Colorblind,
    /// Tiles in black, white and greys, for printing
    Mono,
}

/// Parses a number of floors, 1 to [`mazegen::level::MAX_FLOORS`].
pub(super) fn parse_floors(value: &str) -> Result<u32, String> {
    let most = mazegen::level::MAX_FLOORS;
    value
        .parse()
        .ok()
        .filter(|&floors| mazegen::level::check_floors(floors).is_ok())
        .ok_or_else(|| format!("expected a whole number of floors from 1 to {most}"))
}

/// Parses a number of locks.
pub(super) fn parse_locks(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number of locks from 0 to {}", u32::MAX))
}
