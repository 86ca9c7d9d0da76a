//! Command-line types (clap derive), their parsers, and the `From` conversions of their enums
//! to the library's types; `settle` turns them into a job.

mod caves;
mod dataset;
mod rooms;

pub use caves::{CavesArgs, CavesFormat};
pub use dataset::{DatasetArgs, EndpointRule};
pub use rooms::{AUTO_MAP_ROOMS, CorridorsArg, MapChoice, RoomsArgs, RoomsFormat};

use clap::{Args, Parser, Subcommand, ValueEnum};
use mazegen::Probability;
use mazegen::algorithms::{self, Amount, Pick};
use mazegen::giant::Window;
use mazegen::grid::Pos;
use mazegen::render::{self, Takes};
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

/// The help heading of algorithm-specific options (after the shared ones, whose last heading
/// would otherwise take them in).
const ALGORITHM: &str = "Algorithm";

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
    /// Read a maze document (JSON) and draw it in another format
    #[command(after_help = examples!(
        "render maze.json --format svg -o maze.svg",
        "backtrack --size 41 --format json | mazegen render --format png --theme mono -o maze.png"
    ))]
    Render(RenderArgs),
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

/// Options of `binary-tree`.
#[derive(Debug, Args)]
pub struct BinaryTreeArgs {
    #[command(flatten)]
    pub maze: MazeArgs,

    /// The corner the maze leans towards: cells open towards its two sides, which become open
    /// corridors
    #[arg(long, value_enum, value_name = "CORNER", default_value_t = Bias::SouthEast, help_heading = ALGORITHM)]
    pub bias: Bias,
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
    #[command(flatten)]
    pub maze: MazeArgs,

    /// Which active cell grows next: newest (like backtrack), random (like Prim), oldest
    /// (breadth-first), or mixed:P (newest with probability P from 0 to 1, else random)
    #[arg(long, value_name = "PICK", default_value = "newest", value_parser = parse_pick, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub pick: Pick,
}

/// Options of `backtrack`.
#[derive(Debug, Args)]
pub struct BacktrackArgs {
    #[command(flatten)]
    pub maze: MazeArgs,

    /// Number of depth-first walkers growing at once (the first from the top-left cell, the
    /// others from random cells), joined into one perfect maze; at most the number of cells
    #[arg(long, alias = "seeds", value_name = "K", default_value = "1", value_parser = parse_walkers, allow_negative_numbers = true, help_heading = ALGORITHM)]
    pub walkers: NonZeroU32,

    #[command(flatten)]
    pub search: SearchArgs,

    /// One path without branches (maze-dataset's do_forks=False): the search stops where it is
    /// first stuck, and the maze is the cells on that path
    #[arg(long, help_heading = ALGORITHM)]
    pub no_forks: bool,
}

/// Options of `percolation`.
#[derive(Debug, Args)]
pub struct PercolationArgs {
    #[command(flatten)]
    pub maze: MazeArgs,

    /// The probability that each wall is opened, 0 to 1 (maze-dataset's p)
    #[arg(long, value_name = "P", default_value = "0.4", value_parser = parse_probability, allow_hyphen_values = true, help_heading = ALGORITHM)]
    pub p: Probability,

    /// Carve a depth-first maze first, then open walls (maze-dataset's gen_dfs_percolation);
    /// --accessible and --max-depth limit that search
    #[arg(long, help_heading = ALGORITHM)]
    pub dfs: bool,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// Where a maze of part of the grid grows from and how far (maze-dataset's `gen_dfs` limits):
/// options of `backtrack` and `percolation`.
#[derive(Debug, Args)]
#[command(next_help_heading = ALGORITHM)]
pub struct SearchArgs {
    /// The cell the maze grows from, as X,Y (maze-dataset's start_coord) [default: 0,0]
    #[arg(long, value_name = "X,Y", value_parser = parse_pos, allow_hyphen_values = true)]
    pub from: Option<Pos>,

    /// Stop once N cells are in the maze, or a share of its cells written with a point such as
    /// 0.6 (maze-dataset's accessible_cells); the other cells are left out, as a mask's holes
    #[arg(long, value_name = "N|SHARE", value_parser = parse_amount, allow_hyphen_values = true)]
    pub accessible: Option<Amount>,

    /// maze-dataset's max_tree_depth: carve only while the search's depth counter is at most
    /// D/2, D a count or a share of width plus height such as 0.5
    #[arg(long, value_name = "D|SHARE", value_parser = parse_amount, allow_hyphen_values = true)]
    pub max_depth: Option<Amount>,
}

/// Options of `prim`.
#[derive(Debug, Args)]
pub struct PrimArgs {
    #[command(flatten)]
    pub maze: MazeArgs,

    /// Join a random frontier cell to a random neighbour in the maze instead of taking the
    /// lightest wall: more, shorter dead ends
    #[arg(long, help_heading = ALGORITHM)]
    pub simplified: bool,
}

/// Options shared by every maze command.
#[derive(Debug, Args)]
pub struct MazeArgs {
    #[command(flatten)]
    pub size: SizeArgs,

    #[command(flatten)]
    pub shape: ShapeArgs,

    #[command(flatten)]
    pub giant: GiantArgs,

    /// Seed for the random choices: the same seed gives the same maze [default: drawn at random
    /// and reported]
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true, help_heading = "Generation")]
    pub seed: Option<u64>,

    /// Remove each dead end with probability P by opening a wall, adding loops (0 to 1)
    #[arg(long, value_name = "P", value_parser = parse_probability, allow_hyphen_values = true, help_heading = "Generation")]
    pub braid: Option<Probability>,

    /// Make the maze a labyrinth: one path without a fork through every cell, twice as many
    /// cells each way (each passage split down the middle); it starts top-left and ends just
    /// below
    #[arg(long, help_heading = "Generation")]
    pub unicursal: bool,

    /// Draw the shortest path from start to goal
    #[arg(long, help_heading = "Solution")]
    pub solve: bool,

    #[command(flatten)]
    pub endpoints: EndpointArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub animation: AnimationArgs,

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
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_window)]
    pub window: Option<Window>,

    /// Make the maze of C x C-cell chunks, each carved by the algorithm from its own seed and
    /// joined to the next east or south, so that a --window needs only the chunks it touches
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
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

    /// Milliseconds to pause after each frame of --animate
    #[arg(long, value_name = "MS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=10_000), allow_negative_numbers = true)]
    pub delay: u32,

    /// Generator steps drawn per frame of --animate (raise it for big mazes)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    pub steps_per_frame: u32,
}

/// Maze size in tiles: a maze of W x H cells is (2W+1) x (2H+1) tiles.
#[derive(Debug, Args)]
#[command(next_help_heading = "Size (in tiles: odd, at least 3)")]
pub struct SizeArgs {
    /// Width and height in tiles (21 tiles = 10 cells) [default: 21]
    #[arg(long, value_name = "TILES", value_parser = parse_tiles, allow_negative_numbers = true)]
    pub size: Option<u32>,

    /// Width in tiles [default: --size]; up to 2^64 - 1 for a maze cut by --window
    #[arg(long, value_name = "TILES", value_parser = parse_tall_tiles, allow_negative_numbers = true)]
    pub width: Option<u64>,

    /// Height in tiles [default: --size]; up to 2^64 - 1 for a maze written row by row or
    /// cut by --window
    #[arg(long, value_name = "TILES", value_parser = parse_tall_tiles, allow_negative_numbers = true)]
    pub height: Option<u64>,
}

impl SizeArgs {
    /// Width and height in cells (only a maze written row by row may have more rows than a
    /// `u32` counts, and only a giant maze more columns).
    pub fn giant_cells(&self) -> (u64, u64) {
        let size = self.size.unwrap_or(DEFAULT_CELLS).into();
        (self.width.unwrap_or(size), self.height.unwrap_or(size))
    }

    /// Width and height in cells of a maze that is not giant, or the refusal of a width past
    /// what a grid counts, which only a giant maze may have.
    pub fn cells(&self) -> Result<(u32, u64), String> {
        let (width, height) = self.giant_cells();
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

    /// The first size option given, as the command line spells it.
    pub fn given(&self) -> Option<&'static str> {
        [
            (self.size.is_some(), "--size"),
            (self.width.is_some(), "--width"),
            (self.height.is_some(), "--height"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// The shape of the maze and its size in cells (rectangles take their size in tiles).
#[derive(Debug, Args)]
#[command(next_help_heading = "Shape")]
pub struct ShapeArgs {
    /// The cells' shape: rect (squares, sized in tiles), hex, triangle (sized by --cells) or
    /// polar (rings around a centre, sized by --rings)
    #[arg(long, value_enum, default_value_t = ShapeKind::Rect)]
    pub shape: ShapeKind,

    /// Width and height in cells of a hex or triangle maze [default: 10x10]
    #[arg(long, value_name = "WxH", value_parser = parse_cells)]
    pub cells: Option<(u32, u32)>,

    /// Rings of a polar maze, the centre cell included [default: 10]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    pub rings: Option<u32>,

    /// Fill exactly the cells a mask leaves on: a text file (one character per cell, X and #
    /// off) or a PNG (one pixel per cell, dark or transparent off)
    #[arg(long, value_name = "FILE")]
    pub mask: Option<PathBuf>,

    /// Join opposite edges of a rect or hex maze: x (left to right, a cylinder), y (top to
    /// bottom) or xy (both, a torus)
    #[arg(long, value_enum, value_name = "EDGES")]
    pub wrap: Option<WrapKind>,

    /// Stack N rectangles of --size into a 3D maze with passages up and down, drawn side by
    /// side (--start and --goal take X,Y,Z)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(mazegen::topology::MAX_LEVELS)), allow_negative_numbers = true)]
    pub levels: Option<u32>,

    /// Let passages cross under cells, a weave: each cell may be crossed with probability
    /// DENSITY, 0 to 1 [default: 1 when given without a value]; carved by backtrack,
    /// hunt-and-kill, growing-tree, kruskal and aldous-broder
    #[arg(long, value_name = "DENSITY", num_args = 0..=1, default_missing_value = "1", value_parser = parse_probability)]
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
    /// Rings around a centre cell
    Polar,
}

/// Where the way through the maze begins and ends.
#[derive(Debug, Args)]
#[command(next_help_heading = "Solution")]
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

/// Where and how to write the result.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Output")]
pub struct OutputArgs {
    /// Output format [default: term; for solve, the kind of document it reads]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    #[command(flatten)]
    pub target: TargetArgs,

    /// Add figures about the maze: a "stats" object in JSON, a table on stderr otherwise
    #[arg(long)]
    pub stats: bool,

    /// Shade passages by their distance from the start (term, svg, png and html)
    #[arg(long)]
    pub heatmap: bool,

    /// Colors of svg, png and html pictures [default: color]
    #[arg(long, value_enum)]
    pub theme: Option<Theme>,

    /// Pixels per tile (per cell in lines) in svg, png and html pictures, and per cell in term
    /// and text of hex, triangle, polar, wrapped and levelled mazes (two pixels a character
    /// high), 1 to 64 [default: 8, 16 in lines; in term and text 4, 8 for triangles, 6 in
    /// --levels]
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=i64::from(mazegen::render::MAX_SCALE)), allow_negative_numbers = true)]
    pub scale: Option<u32>,

    /// How svg, png and html pictures draw a rectangle or a mask (other shapes are always drawn
    /// in lines) [default: tiles for a rectangle, lines for a mask]
    #[arg(long, value_enum)]
    pub style: Option<PictureStyle>,

    /// Paper of a pdf book [default: a4]
    #[arg(long, value_enum)]
    pub paper: Option<Paper>,

    /// Mazes on each page of a pdf book, 1, 2, 4 or 6 [default: 1]
    #[arg(long, value_name = "N", value_parser = per_page)]
    pub per_page: Option<u32>,
}

/// Parses `--per-page`: 1, 2, 4 or 6 mazes on a page.
fn per_page(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n @ (1 | 2 | 4 | 6)) => Ok(n),
        _ => Err("a page holds 1, 2, 4 or 6 mazes".to_owned()),
    }
}

/// Paper sizes of pdf books.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm
    A4,
    /// US Letter, 8.5 x 11 in
    Letter,
}

impl From<Paper> for mazegen::render::Paper {
    fn from(paper: Paper) -> Self {
        match paper {
            Paper::A4 => Self::A4,
            Paper::Letter => Self::Letter,
        }
    }
}

/// Where to write and whether to color: the output options of every command.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Output")]
pub struct TargetArgs {
    /// When to color terminal output (auto: when writing to a terminal and NO_COLOR is unset)
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Write to FILE instead of standard output (- for standard output); FILE is replaced only
    /// once complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The floors of a dungeon of room maps or caves.
#[derive(Debug, Args)]
pub struct FloorsArgs {
    /// Make a dungeon of N floors, each a map of these options (its own --locks too), joined
    /// by stairs (< up, > down): the start on the first floor, the goal on the last, each
    /// floor's first lock opened by a key on the floor above
    #[arg(long, value_name = "N", default_value = "1", value_parser = parse_floors, allow_negative_numbers = true)]
    pub floors: u32,
}

/// How the pictures of room maps and caves are drawn.
#[derive(Debug, Args)]
pub struct MapPictureArgs {
    /// Look of svg, png and uvtt pictures [default: dungeon]
    #[arg(long, value_enum, help_heading = "Output")]
    pub theme: Option<MapTheme>,

    /// Pixels per tile in svg, png and uvtt pictures, 1 to 64 [default: 16, or 8 in color and
    /// mono; 64 in uvtt]
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=64), allow_negative_numbers = true, help_heading = "Output")]
    pub scale: Option<u32>,
}

/// Options of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The maze document to read (- for standard input) [default: standard input]
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,

    /// How to find the way from start to goal; all but shortest add the cells they visited
    /// ("visited" in documents)
    #[arg(long, value_enum, default_value_t = SolveMethod::Shortest)]
    pub method: SolveMethod,

    #[command(flatten)]
    pub animation: SearchAnimationArgs,

    #[command(flatten)]
    pub endpoints: EndpointArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// The ways `solve` finds a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveMethod {
    /// A shortest path, by breadth-first search
    Shortest,
    /// Keep the right hand on the wall (may walk in circles on mazes with loops, and says so)
    WallFollower,
    /// Head north, following walls until the turns cancel (rect, mask and hex mazes)
    Pledge,
    /// Mark passages as they are walked, never walk one a third time (every maze)
    Tremaux,
    /// Fill every dead end until only the way through is left (every maze)
    DeadEndFilling,
}

impl From<SolveMethod> for mazegen::solve::Method {
    fn from(method: SolveMethod) -> Self {
        match method {
            SolveMethod::Shortest => Self::Shortest,
            SolveMethod::WallFollower => Self::WallFollower,
            SolveMethod::Pledge => Self::Pledge,
            SolveMethod::Tremaux => Self::Tremaux,
            SolveMethod::DeadEndFilling => Self::DeadEndFilling,
        }
    }
}

/// Watching a solver search.
#[derive(Debug, Args)]
#[command(next_help_heading = "Animation")]
pub struct SearchAnimationArgs {
    /// Draw the search in the terminal as the --method walks (q, Esc or Ctrl-C stops), then
    /// the solved maze in term
    #[arg(long)]
    pub animate: bool,

    /// Milliseconds to pause after each frame of --animate
    #[arg(long, value_name = "MS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=10_000), allow_negative_numbers = true)]
    pub delay: u32,

    /// Solver steps drawn per frame of --animate (raise it for big mazes)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    pub steps_per_frame: u32,
}

/// Options of `render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The maze document to read (- for standard input) [default: standard input]
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// Options of `stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The maze document to read (- for standard input) [default: standard input]
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,

    /// Print a table (text) or a JSON object
    #[arg(long, value_enum, default_value_t = StatsFormat::Text)]
    pub format: StatsFormat,
}

/// Output formats of mazes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Colored ● per tile: green passage, red wall; hex, triangle and polar mazes in half
    /// blocks
    Term,
    /// Plain text: # wall, space passage, . solution; hex, triangle and polar mazes with walls
    /// in half blocks
    Text,
    /// A mazegen.maze/v1 JSON document
    Json,
    /// An SVG picture
    Svg,
    /// A PNG picture (binary: write it to a file or a pipe)
    Png,
    /// A self-contained HTML page to play the maze in a browser: keys, buttons or swipes
    Html,
    /// A PDF puzzle book to print: the mazes, then their solutions (binary: write it to a file
    /// or a pipe)
    Pdf,
    /// The generator's steps as JSON lines, after a header line (maze commands only)
    Events,
    /// A mazegen.graph/v1 JSON document: cells and passages of any shape
    Graph,
    /// One compact document a line: mazegen.maze/v1 for rectangles and masks, else
    /// mazegen.graph/v1
    Jsonl,
    /// A NumPy array of tiles (uint8, 1 wall, 0 passage): shape (N, tile height, tile width)
    Npy,
    /// A NumPy array of passages (bool, maze-dataset's connection_list): shape (N, 2, height,
    /// width), [0] down, [1] right
    NpyConnections,
    /// One NumPy .npz archive of every maze's arrays: tiles, connections, seeds, starts, goals,
    /// and solutions with their offsets
    Npz,
    /// maze-dataset's tokens, one maze a line: adjacency list (in a seeded order), origin,
    /// target and path, with (row,column) coordinate tokens
    Tokens,
}

impl Format {
    /// The name `--format` takes it by (e.g. `npy-connections`).
    pub fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |value| value.get_name().to_owned())
    }

    /// What the format takes, as its renderer declares it.
    pub fn takes(self) -> Takes {
        match self {
            Format::Term => render::Term::TAKES,
            Format::Text => render::Text::TAKES,
            Format::Json => render::Json::TAKES,
            Format::Svg => render::Svg::TAKES,
            Format::Png => render::Png::TAKES,
            Format::Html => render::Html::TAKES,
            Format::Pdf => render::Pdf::TAKES,
            // Events are written as a generator carves, by no renderer: one maze, its seed
            // recorded in the header.
            Format::Events => Takes {
                records_seed: true,
                ..Takes::NOTHING
            },
            Format::Graph => render::Graph::TAKES,
            Format::Jsonl => render::Jsonl::TAKES,
            Format::Npy => render::NpyTiles::TAKES,
            Format::NpyConnections => render::NpyConnections::TAKES,
            Format::Npz => render::Npz::TAKES,
            Format::Tokens => render::Tokens::TAKES,
        }
    }
}

/// Output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// A table for people
    Text,
    /// A JSON object for programs
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

/// Color themes of pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Theme {
    /// The terminal's colors: red walls, green passages
    Color,
    /// Black on white, for printing
    Mono,
}

impl From<Theme> for mazegen::render::Palette {
    fn from(theme: Theme) -> Self {
        match theme {
            Theme::Color => Self::COLOR,
            Theme::Mono => Self::MONO,
        }
    }
}

/// Looks of a room map's or cave's pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MapTheme {
    /// A printed map: walls outlined, rock hatched, a grid, door, lock, key and stairs symbols,
    /// room numbers and a legend
    Dungeon,
    /// Tiles in the terminal's colors
    Color,
    /// Tiles in black, white and greys, for printing
    Mono,
}

/// How pictures draw a rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PictureStyle {
    /// Walls and passages as square tiles
    Tiles,
    /// Thin walls between cells, the printed-puzzle look
    Lines,
}

impl From<PictureStyle> for mazegen::render::Style {
    fn from(style: PictureStyle) -> Self {
        match style {
            PictureStyle::Tiles => Self::Tiles,
            PictureStyle::Lines => Self::Lines,
        }
    }
}

/// Parses a seed, saying which numbers are seeds when it is not one.
fn parse_seed(value: &str) -> Result<u64, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

/// Parses a number of floors, 1 to [`mazegen::level::MAX_FLOORS`].
fn parse_floors(value: &str) -> Result<u32, String> {
    let most = mazegen::level::MAX_FLOORS;
    value
        .parse()
        .ok()
        .filter(|&floors| mazegen::level::check_floors(floors).is_ok())
        .ok_or_else(|| format!("expected a whole number of floors from 1 to {most}"))
}

/// Parses a number of locks.
fn parse_locks(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("expected a whole number of locks from 0 to {}", u32::MAX))
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

/// Parses a probability from 0 to 1.
fn parse_probability(value: &str) -> Result<Probability, String> {
    value.parse().map_err(|e: mazegen::MazeError| e.to_string())
}

/// Parses a size in cells `WxH`.
fn parse_cells(value: &str) -> Result<(u32, u32), String> {
    let expected = || "expected a size in cells WxH such as 10x10, each at least 1".to_string();
    let (w, h) = value.split_once(['x', 'X']).ok_or_else(expected)?;
    let side = |c: &str| {
        c.trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(expected)
    };
    Ok((side(w)?, side(h)?))
}

/// Parses a window `X,Y,W,H`: its top-left cell and its size in cells.
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
    let (x, y) = (
        x.parse().map_err(|_| expected())?,
        y.parse().map_err(|_| expected())?,
    );
    let side = |s: &str| {
        s.parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(expected)
    };
    Ok(Window {
        x,
        y,
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
        assert_eq!(args.maze.size.cells(), Ok((30, 20)));
        assert_eq!(args.walkers.get(), 1);
        let cli = Cli::parse_from(["mazegen", "binary-tree"]);
        let Command::BinaryTree(args) = cli.command else {
            panic!("parsed the wrong command")
        };
        assert_eq!(args.maze.size.cells(), Ok((10, 10)));
        assert_eq!(args.bias, Bias::SouthEast);
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
        assert_eq!(args.maze.size.cells(), Ok((2, 2)));
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

    #[test]
    fn probabilities_stay_within_0_and_1() {
        assert_eq!(parse_probability("0.25").map(f64::from), Ok(0.25));
        for bad in ["1.5", "-0.1", "NaN", "inf", "x"] {
            assert!(parse_probability(bad).is_err(), "{bad}");
        }
    }
}
