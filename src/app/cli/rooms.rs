//! Command-line types of the `rooms` command.

use super::level::parse_locks;
use super::{ContentsArgs, FloorsArgs, MapPictureArgs, TargetArgs, parse_probability, parse_seed};
use clap::{Args, ValueEnum};
use mazegen::Probability;
use mazegen::render::{self, Takes};
use mazegen::rooms::{self, MAX_ROOMS, RoomSize};

/// Above this many rooms, `--map auto` leaves the tile map out of `json` and `dot` output with
/// `--candidates all`: corridors between any two rooms would dwarf the graph.
pub const AUTO_MAP_ROOMS: u32 = 10_000;

/// Options of the `rooms` command.
#[derive(Debug, Args)]
pub struct RoomsArgs {
    /// Number of rooms [default: 12]
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub count: Option<u32>,

    /// Lay out this designer's graph instead of drawing one: DOT (.dot, .gv), the graph of a
    /// rooms JSON document (.json) or an Edgar YAML level graph (.yaml, .yml); exactly its rooms
    /// (keeping their names) and its edges (a corridor each, or a door in a shared wall with
    /// corridor=false), its locks, nothing else joined
    #[arg(long, value_name = "FILE")]
    pub graph: Option<std::path::PathBuf>,

    /// Room templates for --graph's rooms to name (JSON: {"templates": [{"name": "hall",
    /// "size": "9x5", "corner_distance": 1}]}; a template's "doors": [[x, y], ...] lists the
    /// wall tiles its doors may take instead)
    #[arg(long, value_name = "FILE")]
    pub templates: Option<std::path::PathBuf>,

    /// A fixed room drawn in text (# wall, . floor, + door socket on its edge, space outside),
    /// kept exactly as drawn and joined to the rest through its sockets only, at map tile X,Y
    /// (its drawing's top-left corner) or where the seed puts it; one of the --count rooms;
    /// repeatable
    #[arg(long, value_name = "FILE[@X,Y]", value_parser = parse_prefab)]
    pub prefab: Vec<PrefabArg>,

    /// Probability that each candidate pair gets an extra connection [default: ln(N)/N, the
    /// connectivity threshold]
    #[arg(long, value_name = "P", value_parser = parse_probability, allow_hyphen_values = true)]
    pub p: Option<Probability>,

    /// The most doors (connections) a room may have [default: no limit]
    #[arg(long, value_name = "D", value_parser = parse_max_doors, allow_negative_numbers = true)]
    pub max_doors: Option<u32>,

    /// Which pairs of rooms may connect
    #[arg(long, value_enum, value_name = "PAIRS", default_value_t = CandidatesArg::All)]
    pub candidates: CandidatesArg,

    /// Lock K corridors, each with its key in a room reachable before it; one lock stands
    /// between the start and the goal
    #[arg(long, value_name = "K", default_value = "0", value_parser = parse_locks, allow_negative_numbers = true)]
    pub locks: u32,

    /// Build N cycles into the route: a short way between two rooms far apart, locked, its
    /// key on the long way round (at most an eighth of the rooms)
    #[arg(long, value_name = "N", default_value = "0", value_parser = parse_cycles, allow_negative_numbers = true)]
    pub cycles: u32,

    /// Seed for the random choices: the same seed gives the same rooms [default: drawn at
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
    pub map: MapArgs,

    #[command(flatten)]
    pub corridors: CorridorArgs,

    /// Output format
    #[arg(long, value_enum, default_value_t = RoomsFormat::Term, help_heading = "Output")]
    pub format: RoomsFormat,

    #[command(flatten)]
    pub picture: MapPictureArgs,

    #[command(flatten, next_help_heading = "Output")]
    pub target: TargetArgs,
}

/// The tile map the rooms are laid out on.
#[derive(Debug, Args)]
#[command(next_help_heading = "Map (in tiles)")]
pub struct MapArgs {
    /// Room width and height range, or one size for all
    #[arg(long, value_name = "MIN..MAX", default_value = "3..8", value_parser = parse_room_size, allow_hyphen_values = true)]
    pub room_size: RoomSize,

    /// Map width [default: sized for the rooms]
    #[arg(long, value_name = "TILES", value_parser = parse_map_side, allow_negative_numbers = true)]
    pub width: Option<u32>,

    /// Map height [default: sized for the rooms]
    #[arg(long, value_name = "TILES", value_parser = parse_map_side, allow_negative_numbers = true)]
    pub height: Option<u32>,

    /// When to lay the rooms out on a tile map (auto: always, except json and dot output of
    /// more than 10000 rooms with --candidates all and no --width/--height)
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = MapChoice::Auto)]
    pub map: MapChoice,
}

/// What joins the rooms on the map.
#[derive(Debug, Args)]
#[command(next_help_heading = "Corridors")]
pub struct CorridorArgs {
    /// What joins the rooms: corridors routed along the graph's edges, or those and a maze
    /// filling the rock between them, joined to every room by a door
    #[arg(long, value_enum, value_name = "KIND", default_value_t = CorridorsArg::Routed)]
    pub corridors: CorridorsArg,

    /// The algorithm that carves the maze (with --corridors maze): one that carves any shape
    /// [default: backtrack]
    #[arg(long, value_name = "NAME", value_parser = parse_maze_algorithm)]
    pub maze_algorithm: Option<String>,

    /// The share of the maze's tiles removed as dead ends, 0 (the whole maze) to 1 (only
    /// passages between doors) (with --corridors maze) [default: 0.5]
    #[arg(long, value_name = "S", value_parser = parse_probability, allow_hyphen_values = true)]
    pub sparseness: Option<Probability>,
}

/// What joins the rooms on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CorridorsArg {
    /// Corridors along the graph's edges, routed around the other rooms
    Routed,
    /// Routed corridors, and a maze in the rock between rooms with a door into every room
    Maze,
}

/// Which pairs of rooms may connect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CandidatesArg {
    /// Any pair
    All,
    /// Neighbours in the Delaunay triangulation of the room centres: corridors never cross
    Delaunay,
}

impl From<CandidatesArg> for rooms::Candidates {
    fn from(candidates: CandidatesArg) -> Self {
        match candidates {
            CandidatesArg::All => Self::All,
            CandidatesArg::Delaunay => Self::Delaunay,
        }
    }
}

/// When to lay the rooms out on a tile map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MapChoice {
    /// Unless the map would dwarf the graph (see --map)
    Auto,
    /// Always
    Always,
    /// Never: rooms without positions, edges without corridors
    Never,
}

/// Output formats of `rooms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RoomsFormat {
    /// The tile map as colored ●: red rock, cyan rooms, green corridors, yellow doors
    Term,
    /// The tile map in plain text: # rock, space room, . corridor, + door
    Text,
    /// A mazegen.rooms/v1 JSON document
    Json,
    /// Graphviz DOT, rooms at their map positions
    Dot,
    /// A Tiled map (.tmj): the tiles, and a rectangle per room with its role and keys
    Tiled,
    /// A Tiled map in XML (.tmx, as pytmx reads): the tiles in CSV, rooms, doors, keys and locks
    Tmx,
    /// A Godot 4.3+ scene (.tscn): a TileMapLayer with its TileSet (walls collide, floors
    /// navigate), rooms and marks as Marker2D nodes
    Godot,
    /// A scalable picture of the map
    Svg,
    /// A raster picture of the map
    Png,
    /// An LDtk project: an IntGrid layer of the tiles and an entity layer
    Ldtk,
    /// A Universal VTT file (.dd2vtt) for virtual tabletops: walls, doors and the picture
    Uvtt,
}

impl RoomsFormat {
    /// What the format takes, as its renderer declares it.
    pub fn takes(self) -> Takes {
        match self {
            Self::Term => render::Term::TAKES,
            Self::Text => render::Text::TAKES,
            Self::Json => render::Json::TAKES,
            Self::Dot => render::Dot::TAKES,
            Self::Tiled => render::Tiled::TAKES,
            Self::Tmx => render::Tmx::TAKES,
            Self::Godot => render::Godot::TAKES,
            Self::Svg => render::Svg::TAKES,
            Self::Png => render::Png::TAKES,
            Self::Ldtk => render::Ldtk::TAKES,
            Self::Uvtt => render::Uvtt::TAKES,
        }
    }

    /// Whether the format draws the tile map (and so needs one).
    pub fn draws_tiles(self) -> bool {
        matches!(
            self,
            Self::Term
                | Self::Text
                | Self::Tiled
                | Self::Tmx
                | Self::Godot
                | Self::Ldtk
                | Self::Svg
                | Self::Png
                | Self::Uvtt
        )
    }
}

/// A prefab's file and where it goes (`--prefab FILE[@X,Y]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefabArg {
    /// Its drawing.
    pub file: std::path::PathBuf,
    /// The map tile of its drawing's top-left corner, if given.
    pub at: Option<(u32, u32)>,
}

/// Parses `FILE` or `FILE@X,Y`: what follows the last `@` is a place when it holds a comma or
/// only digits, and must then be `X,Y`.
fn parse_prefab(value: &str) -> Result<PrefabArg, String> {
    let expected = "expected FILE or FILE@X,Y, X and Y the map tile of the drawing's top-left \
                    corner (e.g. vault.txt@4,6)";
    let place = value.rsplit_once('@').filter(|(_, at)| {
        at.contains(',') || (!at.is_empty() && at.chars().all(|c| c.is_ascii_digit()))
    });
    let Some((file, at)) = place else {
        if value.is_empty() {
            return Err(format!("no file; {expected}"));
        }
        return Ok(PrefabArg {
            file: value.into(),
            at: None,
        });
    };
    let xy = at
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
    match xy {
        Some(at) if !file.is_empty() => Ok(PrefabArg {
            file: file.into(),
            at: Some(at),
        }),
        Some(_) => Err(format!("no file before @; {expected}")),
        None => Err(format!("the place {at:?} is not X,Y; {expected}")),
    }
}

/// Parses a number of rooms.
fn parse_count(value: &str) -> Result<u32, String> {
    let count = value
        .parse()
        .map_err(|_| format!("expected a number of rooms from 1 to {MAX_ROOMS}"))?;
    rooms::check_count(count).map_err(|e| e.to_string())
}

/// Parses a door limit.
fn parse_max_doors(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number of doors from 0 to {}", u32::MAX))
}

/// Parses the name of an algorithm that carves any shape.
fn parse_maze_algorithm(value: &str) -> Result<String, String> {
    let fits = mazegen::algorithms::GRAPH_ALGORITHMS;
    if fits.contains(&value) {
        return Ok(value.to_string());
    }
    let known = mazegen::algorithms::catalogue()
        .iter()
        .any(|generator| generator.name() == value);
    let why = if known {
        format!("{value} carves rectangles only")
    } else {
        format!("no algorithm is called {value}")
    };
    Err(format!(
        "{why}; expected one that carves any shape: {}",
        fits.join(", ")
    ))
}

/// Parses a number of cycles.
fn parse_cycles(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number of cycles from 0 to {}", u32::MAX))
}

/// Parses a room size range.
fn parse_room_size(value: &str) -> Result<RoomSize, String> {
    RoomSize::parse(value).map_err(|e| e.to_string())
}

/// Parses a map width or height.
fn parse_map_side(value: &str) -> Result<u32, String> {
    value
        .parse()
        .ok()
        .filter(|&side| side >= 3)
        .ok_or_else(|| "expected a number of tiles, at least 3 (e.g. 60)".to_string())
}
