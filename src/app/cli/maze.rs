//! Command-line types of the maze commands: one `Args` per algorithm with its own options, the
//! options every maze command shares (`MazeArgs`: size, shape, finishing, giant mazes,
//! animation), and their parsers.

use super::{DatasetArgs, OutputArgs, in_range, parse_probability, parse_seed};
use clap::{Args, ValueEnum};
use mazegen::Probability;
use mazegen::algorithms::{self, Amount, Pick};
use mazegen::giant::Window;
use mazegen::grid::Pos;
use std::num::NonZeroU32;
use std::path::PathBuf;

/// The tile size used when neither `--size` nor `--width`/`--height` is given.
const DEFAULT_TILES: &str = "21";
/// The default width and height in cells of a rectangle: [`DEFAULT_TILES`] tiles.
const DEFAULT_CELLS: u32 = 10;
/// The default `--cells` of hex and triangle mazes.
pub const DEFAULT_SHAPE_CELLS: (u32, u32) = (10, 10);
/// The default `--rings` of polar mazes.
pub const DEFAULT_RINGS: u32 = 10;

/// The help headings of the maze commands, in the order `--help` shows them after the options a
/// newcomer needs (size, seed, solve, output, format), which have none. A heading comes where
/// its first option is declared: each command declares its own options before `MazeArgs`.
const ALGORITHM: &str = "Algorithm";
/// See [`ALGORITHM`].
const SHAPE: &str = "Shape";
/// See [`ALGORITHM`].
pub(super) const FINISHING: &str = "Finishing";

/// Options of `binary-tree`.
#[derive(Debug, Args)]
pub struct BinaryTreeArgs {
    /// The corner the maze leans towards: cells open towards its two sides, which become open
    /// corridors
    #[arg(long, value_enum, value_name = "CORNER", default_value_t = Bias::SouthEast, help_heading = ALGORITHM)]
    pub bias: Bias,

    #[command(flatten)]
    pub maze: MazeArgs,
}

/// Corners for `binary-tree --bias`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Bias {
    /// Cells open north or west
    NorthWest,
    /// Cells open north or east
    NorthEast,
    /// Cells open south or west
    SouthWest,
    /// Cells open south or east
    SouthEast,
}

impl From<Bias> for algorithms::Bias {
    fn from(corner: Bias) -> Self {
        match corner {
            Bias::NorthWest => Self::NorthWest,
            Bias::NorthEast => Self::NorthEast,
            Bias::SouthWest => Self::SouthWest,
            Bias::SouthEast => Self::SouthEast,
        }
    }
}

/// Options of `growing-tree`.
#[derive(Debug, Args)]
pub struct GrowingTreeArgs {
    /// Which active cell grows next: newest (like backtrack), random (like Prim), oldest
    /// (breadth-first), or mixed:P (newest with probability P from 0 to 1, else random)
    #[arg(long, value_name = "PICK", default_value = "newest", value_parser = parse_pick, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub pick: Pick,

    #[command(flatten)]
    pub maze: MazeArgs,
}

/// Options of `backtrack`.
#[derive(Debug, Args)]
pub struct BacktrackArgs {
    /// Number of depth-first walkers growing at once (the first from the top-left cell, the
    /// others from random cells), joined into one perfect maze; at most the number of cells
    /// [default: 1]
    #[arg(long, alias = "seeds", value_name = "K", default_value = "1", hide_default_value = true, value_parser = parse_walkers, allow_negative_numbers = true, help_heading = ALGORITHM)]
    pub walkers: NonZeroU32,

    #[command(flatten)]
    pub search: SearchArgs,

    /// One path without branches (maze-dataset's do_forks=False): the search stops where it is
    /// first stuck, and the maze is the cells on that path
    #[arg(long, help_heading = ALGORITHM)]
    pub no_forks: bool,

    #[command(flatten)]
    pub maze: MazeArgs,
}

/// Options of `percolation`.
#[derive(Debug, Args)]
pub struct PercolationArgs {
    /// The probability that each wall is opened, 0 to 1 (maze-dataset's p)
    #[arg(long, value_name = "P", default_value = "0.4", value_parser = parse_probability, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub p: Probability,

    /// Carve a depth-first maze first, then open walls (maze-dataset's gen_dfs_percolation);
    /// --accessible and --max-depth limit that search
    #[arg(long, help_heading = ALGORITHM)]
    pub dfs: bool,

    #[command(flatten)]
    pub search: SearchArgs,

    #[command(flatten)]
    pub maze: MazeArgs,
}

/// Options of `random-walls`.
#[derive(Debug, Args)]
pub struct RandomWallsArgs {
    /// The share of the cells that are walls, 0 to 1 [default: Searchformer's draw, 30 to 50%
    /// of them, each count equally likely]
    #[arg(long, value_name = "SHARE", value_parser = parse_probability, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub walls: Option<Probability>,

    /// Start and goal pairs tried on a layout of walls before another is drawn (Searchformer's
    /// num_attempts_per_maze) [default: 100]
    #[arg(long, value_name = "N", default_value_t = 100, hide_default_value = true, value_parser = in_range(1, u32::MAX), allow_negative_numbers = true, help_heading = ALGORITHM)]
    pub attempts: u32,

    #[command(flatten)]
    pub maze: MazeArgs,
}

/// Where a maze of part of the grid grows from and how far (maze-dataset's `gen_dfs` limits):
/// options of `backtrack` and `percolation`.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The cell the maze grows from, as X,Y (maze-dataset's start_coord) [default: 0,0]
    #[arg(long, value_name = "X,Y", value_parser = parse_pos, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub from: Option<Pos>,

    /// Stop once N cells are in the maze, or a share of its cells written with a point such as
    /// 0.6 (maze-dataset's accessible_cells); the other cells are left out, as a mask's holes
    #[arg(long, value_name = "N|SHARE", value_parser = parse_amount, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub accessible: Option<Amount>,

    /// maze-dataset's max_tree_depth: carve only while the search's depth counter is at most
    /// D/2, D a count or a share of width plus height such as 0.5
    #[arg(long, value_name = "D|SHARE", value_parser = parse_amount, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub max_depth: Option<Amount>,
}

/// Options of `prim`.
#[derive(Debug, Args)]
pub struct PrimArgs {
    /// Join a random frontier cell to a random neighbour in the maze instead of taking the
    /// lightest wall: more, shorter dead ends
    #[arg(long, help_heading = ALGORITHM)]
    pub simplified: bool,

    #[command(flatten)]
    pub maze: MazeArgs,
}

/// Options shared by every maze command, declared in the order `--help` shows them.
#[derive(Debug, Args)]
#[command(next_help_heading = None::<&str>)]
pub struct MazeArgs {
    #[command(flatten)]
    pub size: SizeArgs,

    /// Seed for the random choices: the same seed gives the same maze [default: drawn at random
    /// and reported]
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// Draw the shortest path from start to goal
    #[arg(long)]
    pub solve: bool,

    #[command(flatten, next_help_heading = SHAPE)]
    pub shape: ShapeArgs,

    /// Remove each dead end with probability P by opening a wall, adding loops (0 to 1)
    #[arg(long, value_name = "P", value_parser = parse_probability, allow_hyphen_values = true, help_heading = FINISHING)]
    pub braid: Option<Probability>,

    /// Make the maze a labyrinth: one path without a fork through every cell, twice as many
    /// cells each way (each passage split down the middle); it starts top-left and ends just
    /// below
    #[arg(long, help_heading = FINISHING)]
    pub unicursal: bool,

    #[command(flatten, next_help_heading = FINISHING)]
    pub endpoints: EndpointArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub animation: AnimationArgs,

    #[command(flatten)]
    pub giant: GiantArgs,

    #[command(flatten)]
    pub dataset: DatasetArgs,
}

/// Windows of giant mazes, up to 2^64 - 1 tiles a side.
#[derive(Debug, Args)]
#[command(next_help_heading = "Giant mazes (up to 2^64 - 1 tiles a side)")]
pub struct GiantArgs {
    /// Draw only W x H cells from cell X,Y of the maze, made without the rest: the same tiles
    /// as that region of the whole drawing, from tile 2X,2Y. binary-tree cuts its own mazes;
    /// other algorithms need --chunk
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_window, allow_hyphen_values = true)]
    pub window: Option<Window>,

    /// Make the maze of C x C-cell chunks, each carved by the algorithm from its own seed and
    /// joined to the next east or south, so that a --window needs only the chunks it touches;
    /// without --window, the whole maze is written a row of chunks at a time, of any size;
    /// the chunks are carved on --jobs threads
    #[arg(long, value_name = "C", value_parser = super::in_range(1, u32::MAX), allow_negative_numbers = true)]
    pub chunk: Option<u32>,
}

impl GiantArgs {
    /// The first of its options given, as the command line spells it.
    pub fn given(&self) -> Option<&'static str> {
        (self.window.map(|_| "--window")).or(self.chunk.map(|_| "--chunk"))
    }
}

/// Watching the maze being carved.
#[derive(Debug, Args)]
#[command(next_help_heading = "Animation")]
pub struct AnimationArgs {
    /// Draw the maze in the terminal while it is generated (q, Esc or Ctrl-C stops)
    #[arg(long)]
    pub animate: bool,

    /// Milliseconds to pause after each frame of --animate [default: 10]
    #[arg(long, value_name = "MS", default_value_t = 10, hide_default_value = true, value_parser = super::in_range(0, 10_000), allow_negative_numbers = true)]
    pub delay: u32,

    /// Generator steps drawn per frame of --animate (raise it for big mazes) [default: 1]
    #[arg(long, value_name = "N", default_value_t = 1, hide_default_value = true, value_parser = super::in_range(1, u32::MAX), allow_negative_numbers = true)]
    pub steps_per_frame: u32,
}

/// The size of a maze, one way or the other: in tiles, odd (a maze of W x H cells is
/// (2W+1) x (2H+1) tiles, its walls included), or in cells.
#[derive(Debug, Args)]
pub struct SizeArgs {
    /// Width and height in tiles, odd, at least 3: 21 tiles are 10 cells and their walls
    /// [default: 21]
    #[arg(long, value_name = "TILES", value_parser = parse_tiles, allow_negative_numbers = true)]
    pub size: Option<u32>,

    /// Width in tiles [default: --size]; up to 2^64 - 1 for a maze cut by --window
    #[arg(long, value_name = "TILES", value_parser = parse_tall_tiles, allow_negative_numbers = true)]
    pub width: Option<u64>,

    /// Height in tiles [default: --size]; up to 2^64 - 1 for a maze written row by row or
    /// cut by --window
    #[arg(long, value_name = "TILES", value_parser = parse_tall_tiles, allow_negative_numbers = true)]
    pub height: Option<u64>,

    /// Width and height in cells instead of tiles (10x5 is --width 21 --height 11); the size of
    /// hex and triangle mazes [default: 10x10]
    #[arg(long, value_name = "WxH", value_parser = parse_cells, allow_hyphen_values = true)]
    pub cells: Option<(u32, u32)>,
}

impl SizeArgs {
    /// Width and height in cells of a rectangle (only a maze written row by row may have more
    /// rows than a `u32` counts, and only a giant maze more columns), or the refusal of a size
    /// given both in cells and in tiles.
    pub fn giant_rectangle(&self) -> Result<(u64, u64), String> {
        if let Some((width, height)) = self.cells {
            return match self.tiles_given() {
                Some(tiles) => Err(format!(
                    "--cells {width}x{height} counts cells and {tiles} counts tiles; give the \
                     size one way: --cells WxH, or --size, --width and --height"
                )),
                None => Ok((width.into(), height.into())),
            };
        }
        let size = self.size.unwrap_or(DEFAULT_CELLS).into();
        Ok((self.width.unwrap_or(size), self.height.unwrap_or(size)))
    }

    /// Width and height in cells of a rectangle that is not giant, or the refusal of a width
    /// past what a grid counts, which only a giant maze may have.
    pub fn rectangle(&self) -> Result<(u32, u64), String> {
        let (width, height) = self.giant_rectangle()?;
        let width = u32::try_from(width).map_err(|_| {
            let tiles = mazegen::grid::tiles_from_cells_u64(width);
            format!(
                "--width {tiles}: {tiles} tiles is too large; the largest square maze is {} \
                 tiles, and --window cuts windows of mazes up to 2^64 - 1 tiles wide",
                mazegen::grid::LARGEST_SQUARE_TILES
            )
        })?;
        Ok((width, height))
    }

    /// A rectangle of `width x rows` cells as its options give it: `--cells WxH`, or
    /// `--width W --height H` in tiles.
    pub fn spelled(&self, width: u32, rows: u64) -> String {
        match self.cells {
            Some(_) => format!("--cells {width}x{rows}"),
            None => format!(
                "--width {} --height {}",
                mazegen::grid::tiles_from_cells(width),
                mazegen::grid::tiles_from_cells_u64(rows)
            ),
        }
    }

    /// The first size option given, in tiles or in cells, as the command line spells it.
    pub fn given(&self) -> Option<&'static str> {
        self.tiles_given().or(self.cells.map(|_| "--cells"))
    }

    /// The first size option in tiles given, as the command line spells it.
    pub fn tiles_given(&self) -> Option<&'static str> {
        [
            (self.size.is_some(), "--size"),
            (self.width.is_some(), "--width"),
            (self.height.is_some(), "--height"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// The shape of the maze's cells, and the size of polar mazes.
#[derive(Debug, Args)]
pub struct ShapeArgs {
    /// The cells' shape: rect (squares), hex, triangle (sized by --cells) or polar (rings
    /// around a centre, sized by --rings) [default: rect]
    #[arg(long, value_enum, default_value_t = ShapeKind::Rect, hide_possible_values = true, hide_default_value = true)]
    pub shape: ShapeKind,

    /// Rings of a polar maze, the centre cell included [default: 10]
    #[arg(long, value_name = "N", value_parser = super::in_range(1, u32::MAX), allow_negative_numbers = true)]
    pub rings: Option<u32>,

    /// Fill exactly the cells a mask leaves on: a text file (one character per cell, X and #
    /// off) or a PNG (one pixel per cell, dark or transparent off)
    #[arg(long, value_name = "FILE")]
    pub mask: Option<PathBuf>,

    /// Join opposite edges of a rect or hex maze: x (left to right, a cylinder), y (top to
    /// bottom) or xy (both, a torus)
    #[arg(long, value_enum, value_name = "EDGES", hide_possible_values = true)]
    pub wrap: Option<WrapKind>,

    /// Stack N rectangles of --size or --cells into a 3D maze with passages up and down, drawn
    /// side by side (--start and --goal take X,Y,Z)
    #[arg(long, value_name = "N", value_parser = super::in_range(1, mazegen::topology::MAX_LEVELS), allow_negative_numbers = true)]
    pub levels: Option<u32>,

    /// Let passages cross under cells, a weave: each cell may be crossed with probability
    /// DENSITY, 0 to 1 [default: 1 when given without a value]; carved by backtrack,
    /// hunt-and-kill, growing-tree, kruskal and aldous-broder
    #[arg(long, value_name = "DENSITY", num_args = 0..=1, default_missing_value = "1", value_parser = parse_probability, allow_negative_numbers = true)]
    pub weave: Option<Probability>,
}

/// The edges `--wrap` joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WrapKind {
    /// Left to right: a cylinder standing up
    X,
    /// Top to bottom: a cylinder lying down
    Y,
    /// Both: a torus
    Xy,
}

impl WrapKind {
    /// The library's [`Wrap`](mazegen::topology::Wrap).
    pub const fn wrap(self) -> mazegen::topology::Wrap {
        match self {
            WrapKind::X => mazegen::topology::Wrap::X,
            WrapKind::Y => mazegen::topology::Wrap::Y,
            WrapKind::Xy => mazegen::topology::Wrap::Xy,
        }
    }
}

impl ShapeKind {
    /// The name as `--shape` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            ShapeKind::Rect => "rect",
            ShapeKind::Hex => "hex",
            ShapeKind::Triangle => "triangle",
            ShapeKind::Polar => "polar",
        }
    }
}

/// The shapes of `--shape`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShapeKind {
    /// Square cells in a rectangle
    Rect,
    /// Hexagons in columns
    Hex,
    /// Triangles in rows, pointing up and down in turn
    Triangle,
    /// Rings around a centre cell (also `circle`)
    #[value(alias = "circle")]
    Polar,
}

/// Where the way through the maze begins and ends (under the heading of the command's choosing).
#[derive(Debug, Args)]
pub struct EndpointArgs {
    /// Entrance cell, in cell coordinates from 0,0 at the top left, and the level Z from 0
    /// at the bottom of a maze in --levels [default: 0,0]
    #[arg(long, value_name = "X,Y[,Z]", value_parser = parse_place, allow_hyphen_values = true)]
    pub start: Option<Place>,

    /// Exit cell, in cell coordinates [default: the bottom-right cell; halfway round a
    /// wrapped edge; on the top level]
    #[arg(long, value_name = "X,Y[,Z]", value_parser = parse_place, allow_hyphen_values = true)]
    pub goal: Option<Place>,

    /// Open the outer wall next to the start and the goal (both must be on it)
    #[arg(long)]
    pub openings: bool,
}

/// Parses a growing-tree pick rule, explaining what is wrong with an invalid one.
fn parse_pick(value: &str) -> Result<Pick, String> {
    value.parse().map_err(|e: mazegen::MazeError| e.to_string())
}

/// Parses a number of cells or a share of them, explaining what is wrong with an invalid one.
fn parse_amount(value: &str) -> Result<Amount, String> {
    value.parse().map_err(|e: mazegen::MazeError| e.to_string())
}

/// Parses a number of depth-first walkers, at least 1.
fn parse_walkers(value: &str) -> Result<NonZeroU32, String> {
    value.parse().map_err(|_| {
        "expected a whole number of walkers, at least 1 and at most the number of cells".into()
    })
}

/// Parses a size in tiles into cells, explaining what is wrong with an invalid one.
fn parse_tiles(value: &str) -> Result<u32, String> {
    let tiles: u64 = value.parse().map_err(|_| {
        format!("expected an odd number of tiles, at least 3 (e.g. {DEFAULT_TILES})")
    })?;
    mazegen::grid::cells_from_tiles(tiles).map_err(|e| e.to_string())
}

/// Parses a height in tiles into rows of cells, as [`parse_tiles`] does but past the rows a
/// grid can have, which a maze written row by row may.
fn parse_tall_tiles(value: &str) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(tiles) if mazegen::grid::is_tile_count(tiles) => {
            Ok(mazegen::grid::cells_within_tiles(tiles))
        }
        _ => parse_tiles(value).map(u64::from),
    }
}

/// Parses a size in cells `WxH`, each side from 1 to `u32::MAX`.
fn parse_cells(value: &str) -> Result<(u32, u32), String> {
    let range = format!("1 to {}", u32::MAX);
    let expected = || format!("expected a size in cells WxH such as 10x10, each side from {range}");
    let (w, h) = value.split_once(['x', 'X']).ok_or_else(expected)?;
    let side = |c: &str| {
        in_range(1, u32::MAX)(c.trim()).map_err(|_| {
            format!(
                "{} cells is not a side: each side of WxH is from {range} cells",
                c.trim()
            )
        })
    };
    match (w.trim().parse::<i128>(), h.trim().parse::<i128>()) {
        (Ok(_), Ok(_)) => Ok((side(w)?, side(h)?)),
        _ => Err(expected()),
    }
}

/// Parses a window `X,Y,W,H`: its top-left cell and its size in cells, saying which part is
/// wrong.
fn parse_window(value: &str) -> Result<Window, String> {
    let expected = || {
        "expected a window X,Y,W,H: its top-left cell and its width and height in cells, such \
         as 0,0,10,10"
            .to_string()
    };
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let [x, y, width, height] = parts[..] else {
        return Err(expected());
    };
    let corner = |c: &str| {
        c.parse::<u64>().map_err(|_| {
            format!(
                "{c} is not a cell's column or row: X and Y of the window X,Y,W,H are from 0 (the \
                 maze's top-left cell) to {}",
                u64::MAX
            )
        })
    };
    let side = |s: &str| match s.parse::<u128>() {
        Ok(0) => Err(format!(
            "the window {value} is empty: its width W and height H count cells, from 1 to {}",
            u32::MAX
        )),
        _ => in_range(1, u32::MAX)(s).map_err(|_| {
            format!(
                "{s} is not a side of the window X,Y,W,H: W and H count cells, from 1 to {}",
                u32::MAX
            )
        }),
    };
    Ok(Window {
        x: corner(x)?,
        y: corner(y)?,
        width: side(width)?,
        height: side(height)?,
    })
}

/// Parses cell coordinates `X,Y`.
fn parse_pos(value: &str) -> Result<Pos, String> {
    let place = parse_place(value)
        .ok()
        .filter(|place| place.level.is_none());
    place
        .map(|place| place.pos)
        .ok_or_else(|| "expected cell coordinates X,Y such as 0,0".to_string())
}

/// Parses a cell `X,Y`, or `X,Y,Z` on a maze in levels.
fn parse_place(value: &str) -> Result<Place, String> {
    let expected =
        || "expected cell coordinates X,Y such as 0,0 (X,Y,Z on a maze in --levels)".to_string();
    let coordinate = |c: &str| c.trim().parse::<u32>().map_err(|_| expected());
    let parts: Vec<&str> = value.split(',').collect();
    let (pos, level) = match parts[..] {
        [x, y] => (Pos::new(coordinate(x)?, coordinate(y)?), None),
        [x, y, z] => (
            Pos::new(coordinate(x)?, coordinate(y)?),
            Some(coordinate(z)?),
        ),
        _ => return Err(expected()),
    };
    Ok(Place { pos, level })
}

/// A cell as `--start` and `--goal` name it: column and row, and the level of a maze in
/// `--levels`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Column and row on the level.
    pub pos: Pos,
    /// The level, from 0 at the bottom; level 0 when not given.
    pub level: Option<u32>,
}

impl Place {
    /// The cell's position as the library counts it on `shape` (`None`: a plain
    /// rectangle), or why it names none: rows down through the levels of a maze in levels.
    pub fn on(self, shape: Option<&mazegen::topology::Shape>) -> Result<Pos, String> {
        let Pos { x, y } = self.pos;
        match (shape, self.level) {
            (Some(mazegen::topology::Shape::Levels(levels)), level) => {
                use mazegen::topology::Topology;
                let z = level.unwrap_or(0);
                let inside = levels.position(self.pos, Some(z));
                inside.filter(|&pos| levels.locate(pos).is_some()).ok_or_else(|| {
                    let (w, h, n) = (levels.width(), levels.height(), levels.levels());
                    format!(
                        "the cell {x},{y},{z} is outside the maze, whose {n} levels are {w}x{h} \
                         cells each (X below {w}, Y below {h}, Z below {n})"
                    )
                })
            }
            // Level 0 is the only one of a flat maze (`--levels 1`).
            (_, Some(0) | None) => Ok(self.pos),
            (_, Some(_)) => Err("only a maze in --levels has levels; give X,Y".to_string()),
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.level {
            Some(z) => write!(f, "{},{},{z}", self.pos.x, self.pos.y),
            None => write!(f, "{},{}", self.pos.x, self.pos.y),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::cli::{Cli, Command};
    use clap::Parser;

    #[test]
    fn size_defaults_and_overrides() {
        let cli = Cli::parse_from(["mazegen", "backtrack", "--size", "41", "--width", "61"]);
        let Command::Backtrack(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        assert_eq!(args.maze.size.rectangle(), Ok((30, 20)));
        assert_eq!(args.walkers.get(), 1);
        let cli = Cli::parse_from(["mazegen", "binary-tree"]);
        let Command::BinaryTree(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        assert_eq!(args.maze.size.rectangle(), Ok((10, 10)));
        assert_eq!(args.bias, Bias::SouthEast);
    }

    #[test]
    fn cells_size_a_rectangle_alone() {
        let size = |args: &[&str]| {
            let cli = Cli::parse_from([&["mazegen", "wilson"], args].concat());
            let Command::Wilson(args) = cli.command else {
                panic!("parsed the wrong command")
            };
            args.size
        };
        let cells = size(&["--cells", "10x5"]);
        assert_eq!(cells.rectangle(), Ok((10, 5)));
        assert_eq!(cells.given(), Some("--cells"));
        assert_eq!(cells.tiles_given(), None);
        assert_eq!(cells.spelled(10, 5), "--cells 10x5");
        assert_eq!(
            size(&["--size", "21"]).spelled(10, 10),
            "--width 21 --height 21"
        );
        for tiles in ["--size", "--width", "--height"] {
            let refusal = size(&["--cells", "10x5", tiles, "11"])
                .rectangle()
                .unwrap_err();
            assert!(
                refusal.starts_with("--cells 10x5 counts cells and "),
                "{refusal}"
            );
            assert!(
                refusal.contains(&format!("{tiles} counts tiles")),
                "{refusal}"
            );
        }
    }

    #[test]
    fn pick_parses_every_rule() {
        let pick = |value: &str| {
            let cli = Cli::try_parse_from(["mazegen", "growing-tree", "--pick", value])?;
            let Command::GrowingTree(args) = cli.command else {
                panic!("parsed the wrong command")
            };
            Ok::<_, clap::Error>(args.pick.to_string())
        };
        for value in [
            "newest",
            "random",
            "oldest",
            "mixed:0.25",
            "mixed:0",
            "mixed:1",
        ] {
            assert_eq!(pick(value).unwrap(), value);
        }
        for value in [
            "mixed:1.5",
            "mixed:-0.1",
            "mixed:NaN",
            "mixed:",
            "mixed",
            "first",
        ] {
            let error = pick(value).unwrap_err().to_string();
            assert!(error.contains("--pick"), "{error}");
            assert!(error.contains(value), "{error}");
            assert!(error.contains("mixed:P with P from 0 to 1"), "{error}");
        }
    }

    #[test]
    fn algorithm_options_parse() {
        for flag in ["--walkers", "--seeds"] {
            let cli = Cli::parse_from(["mazegen", "backtrack", flag, "3"]);
            let Command::Backtrack(args) = cli.command else {
                panic!("parsed the wrong command")
            };
            assert_eq!(args.walkers.get(), 3);
        }
        let cli = Cli::parse_from(["mazegen", "prim", "--simplified", "--size", "5"]);
        let Command::Prim(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        assert!(args.simplified);
        assert_eq!(args.maze.size.rectangle(), Ok((2, 2)));
        for refused in ["0", "-1", "x", "4294967296"] {
            assert!(Cli::try_parse_from(["mazegen", "backtrack", "--walkers", refused]).is_err());
        }
    }

    #[test]
    fn cells_parse_as_x_comma_y_and_a_level() {
        let flat = |x, y| Place {
            pos: Pos::new(x, y),
            level: None,
        };
        assert_eq!(parse_place("3,4"), Ok(flat(3, 4)));
        assert_eq!(parse_place("3, 4"), Ok(flat(3, 4)));
        assert_eq!(parse_pos("3, 4"), Ok(Pos::new(3, 4)));
        let levelled = parse_place("3,4,2").unwrap();
        assert_eq!((levelled.pos, levelled.level), (Pos::new(3, 4), Some(2)));
        assert_eq!(levelled.to_string(), "3,4,2");
        assert!(parse_pos("3,4,2").is_err());
        for refused in ["3", "-1,2", "a,b", "1,2,3,4", "1,2,-3", "1,,2"] {
            assert!(parse_place(refused).is_err(), "{refused}");
        }
    }
}
