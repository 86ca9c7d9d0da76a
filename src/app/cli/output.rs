//! Command-line types of output: the format and where it goes, how pictures look; shared by
//! the maze commands and the commands that read maze documents (and `TargetArgs` by rooms and
//! caves).

use clap::{Args, ValueEnum};
use mazegen::render::{self, Many, Takes};
use std::path::PathBuf;

/// The help heading of the output options past the format and the file.
pub(super) const OUTPUT: &str = "Output";

/// Where and how to write the result: the file and the format first, with the options a
/// newcomer needs (no heading), then how it looks.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = None::<&str>)]
pub struct OutputArgs {
    #[command(flatten)]
    pub target: TargetArgs,

    /// Output format [default: term]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Add figures about the maze: a "stats" object in JSON, a table on stderr otherwise
    #[arg(long, help_heading = OUTPUT)]
    pub stats: bool,

    /// Shade passages by their distance from the start (term, svg, png and html)
    #[arg(long, help_heading = OUTPUT)]
    pub heatmap: bool,

    /// Colors of term output and of svg, png and html pictures: color (red walls, green
    /// passages), colorblind (blue walls, orange passages, a sky-blue solution: told apart
    /// with any color blindness) or mono (black on white, for printing) [default: color]
    #[arg(long, value_enum, hide_possible_values = true, help_heading = OUTPUT)]
    pub theme: Option<Theme>,

    /// Pixels per tile (per cell in lines) in svg, png and html pictures, and per cell in term
    /// and text of hex, triangle, polar, wrapped and levelled mazes (two pixels a character
    /// high), 1 to 64 [default: 8, 16 in lines; in term and text 4, 8 for triangles, 6 in
    /// --levels]
    #[arg(long, value_name = "PX", value_parser = super::in_range(1, mazegen::render::MAX_SCALE), allow_negative_numbers = true, help_heading = OUTPUT)]
    pub scale: Option<u32>,

    /// How svg, png and html pictures draw a rectangle or a mask: tiles (square walls and
    /// passages) or lines (thin walls, the printed-puzzle look; other shapes always are)
    /// [default: tiles for a rectangle, lines for a mask]
    #[arg(long, value_enum, hide_possible_values = true, help_heading = OUTPUT)]
    pub style: Option<PictureStyle>,

    /// Paper of a pdf book: a4 (210 x 297 mm) or letter (8.5 x 11 in) [default: a4]
    #[arg(long, value_enum, hide_possible_values = true, help_heading = OUTPUT)]
    pub paper: Option<Paper>,

    /// Mazes on each page of a pdf book, 1, 2, 4 or 6 [default: 1]
    #[arg(long, value_name = "N", value_parser = per_page, allow_negative_numbers = true, help_heading = OUTPUT)]
    pub per_page: Option<u32>,

    /// maze-dataset's tokenizer of --format tokens: a MazeTokenizerModular.name, such as
    /// "MazeTokenizerModular-AOP(UT(), AdjListCoord(pre=F, post=T, shuffle_d0=F, ...)"
    /// [default: maze-dataset's default, AOTP with unique coordinate tokens]
    #[arg(long, value_name = "NAME", value_parser = tokenizer, help_heading = OUTPUT)]
    pub tokenizer: Option<render::Tokenizer>,

    /// The search --format searchformer traces: bfs, dfs, astar (Searchformer's A*) or
    /// dead-end-filling, each step a token (create, close, fill) [default: astar]; npz and
    /// jsonl write its steps as (action, x, y) rows
    #[arg(long, value_name = "SEARCH", value_parser = search, help_heading = OUTPUT)]
    pub trace: Option<mazegen::solve::trace::Search>,
}

/// Parses `--trace`, naming the searches it takes.
fn search(name: &str) -> Result<mazegen::solve::trace::Search, String> {
    name.parse()
}

/// Parses `--tokenizer`, explaining what is wrong with a name that is none.
fn tokenizer(name: &str) -> Result<render::Tokenizer, String> {
    name.parse()
        .map_err(|error: mazegen::MazeError| error.to_string())
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
/// `--output` comes under the heading its command is at (none for mazes, `Output` for rooms
/// and caves), `--color` always under `Output`.
#[derive(Debug, Clone, Args)]
pub struct TargetArgs {
    /// When to color terminal output: auto (when writing to a terminal and NO_COLOR is unset
    /// or empty), always or never [default: auto]
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto, hide_possible_values = true, hide_default_value = true, help_heading = OUTPUT)]
    pub color: ColorChoice,

    /// Write to FILE instead of standard output (- for standard output); FILE is replaced only
    /// once complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Output formats of mazes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Colored ● per tile: green passage, red wall (--theme colorblind: orange, blue); hex,
    /// triangle and polar mazes in half blocks
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
    /// HRM's maze CSV (sapientinc/maze-30x30-hard-1k): source,q,a,rating, the tiles over
    /// "# SG", the answer with o on the path; square mazes
    Hrm,
    /// AlphaMaze's tokens: each cell <|row-col|><|walls|><|marker|>, a row a line, then the
    /// answer as <|up|><|right|>...
    Alphamaze,
    /// Searchformer's tokens, a maze a line: start, goal and walls of the tiles inside the
    /// outer wall, A*'s create and close trace, then the plan
    Searchformer,
    /// maze-dataset's as_ascii: # wall, space open, S start, E end, X path
    Ascii,
    /// MazeBench's text grid and ground truth (every accepted shortest path as moves), a JSON
    /// object a line
    Mazebench,
    /// Graphviz DOT of a room map's graph (render of a rooms document)
    #[value(hide = true)]
    Dot,
    /// A Tiled map, .tmj (render of a rooms, caves or dungeon document)
    #[value(hide = true)]
    Tiled,
    /// A Tiled map in XML, .tmx (render of a rooms, caves or dungeon document)
    #[value(hide = true)]
    Tmx,
    /// A Godot 4.3+ scene, .tscn (render of a rooms, caves or dungeon document)
    #[value(hide = true)]
    Godot,
    /// An LDtk project (render of a rooms, caves or dungeon document)
    #[value(hide = true)]
    Ldtk,
    /// A Universal VTT file, .dd2vtt (render of a rooms, caves or dungeon document)
    #[value(hide = true)]
    Uvtt,
}

impl Format {
    /// The name `--format` takes it by (e.g. `npy-connections`).
    pub fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |value| value.get_name().to_owned())
    }

    /// The formats that write mazes ([`Format::of_mazes`]), in `--format`'s order.
    pub fn maze_formats() -> impl Iterator<Item = Format> {
        Format::value_variants()
            .iter()
            .copied()
            .filter(|format| format.of_mazes())
    }

    /// Whether it writes mazes: all but the formats of room maps and caves alone, which
    /// `render` writes of their documents (`dot`, `tiled`, `tmx`, `godot`, `ldtk`, `uvtt`).
    pub fn of_mazes(self) -> bool {
        !matches!(
            self,
            Format::Dot | Format::Tiled | Format::Tmx | Format::Godot | Format::Ldtk | Format::Uvtt
        )
    }

    /// Whether `solve` and `render` write it: all but events (a generator's steps) and the
    /// arrays (of generated mazes).
    pub fn of_documents(self) -> bool {
        let arrays = matches!(self.takes().many, Some(Many::Array | Many::Archive));
        self != Format::Events && !arrays
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
            Format::Hrm => render::Hrm::TAKES,
            Format::Alphamaze => render::AlphaMaze::TAKES,
            Format::Searchformer => render::Searchformer::TAKES,
            Format::Ascii => render::Ascii::TAKES,
            Format::Mazebench => render::MazeBench::TAKES,
            Format::Dot => render::Dot::TAKES,
            Format::Tiled => render::Tiled::TAKES,
            Format::Tmx => render::Tmx::TAKES,
            Format::Godot => render::Godot::TAKES,
            Format::Ldtk => render::Ldtk::TAKES,
            Format::Uvtt => render::Uvtt::TAKES,
        }
    }
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

/// Color themes of term output and pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Theme {
    /// The terminal's colors: red walls, green passages
    Color,
    /// Safe for color blindness (Okabe-Ito colors): blue walls, orange passages, a sky-blue
    /// solution, a white start, a vermilion goal
    #[value(alias = "colourblind")]
    Colorblind,
    /// Black on white, for printing
    Mono,
}

impl From<Theme> for mazegen::render::Palette {
    fn from(theme: Theme) -> Self {
        match theme {
            Theme::Color => Self::COLOR,
            Theme::Colorblind => Self::COLORBLIND,
            Theme::Mono => Self::MONO,
        }
    }
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
