//! Command-line types of the commands that read maze documents: `solve`, `render`, `stats`.

use super::{EndpointArgs, Format, OutputArgs};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, Args, ValueEnum};
use std::path::PathBuf;

/// `--format` of `solve` and `render`: help lists the formats they write
/// ([`Format::of_documents`], and with `levels` those of room maps and caves); the others are
/// still parsed, to be refused with the reason.
fn document_formats(arg: Arg, levels: bool) -> Arg {
    let values = Format::value_variants().iter().map(move |format| {
        let value = format.to_possible_value().expect("every format has a name");
        value.hide(!format.of_documents() || !levels && !format.of_mazes())
    });
    let parser = PossibleValuesParser::new(values)
        .map(|name| Format::from_str(&name, false).expect("one of the formats' names"));
    arg.value_parser(parser)
}

/// `--format` of `solve`: its own default.
pub(super) fn solve_format(arg: Arg) -> Arg {
    document_formats(arg, false).help(
        "Output format [default: the kind of document read: json for a maze document, graph \
         for a graph document]",
    )
}

/// `--format` of `render`: the formats of mazes, and those of room maps and caves.
pub(super) fn render_format(arg: Arg) -> Arg {
    document_formats(arg, true)
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

    #[command(flatten, next_help_heading = "Solution")]
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

    /// Milliseconds to pause after each frame of --animate [default: 10]
    #[arg(long, value_name = "MS", default_value_t = 10, hide_default_value = true, value_parser = super::in_range(0, 10_000), allow_negative_numbers = true)]
    pub delay: u32,

    /// Solver steps drawn per frame of --animate (raise it for big mazes) [default: 1]
    #[arg(long, value_name = "N", default_value_t = 1, hide_default_value = true, value_parser = super::in_range(1, u32::MAX), allow_negative_numbers = true)]
    pub steps_per_frame: u32,
}

/// Options of `render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The document to read: a maze, graph, rooms, caves or dungeon document (- for standard
    /// input) [default: standard input]
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

    /// Add every shortest path from start to goal: whether the goal is reachable, the length
    /// in steps, the exact number of shortest paths and the first --cap of them as moves
    /// (U, D, L, R; cells on other shapes), an "all_shortest" object in JSON
    #[arg(long)]
    pub all_shortest: bool,

    /// The most shortest paths --all-shortest lists [default: 10]
    #[arg(long, value_name = "N", requires = "all_shortest", value_parser = super::in_range(0, 1_000_000), allow_negative_numbers = true)]
    pub cap: Option<u32>,
}

/// Output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// A table for people
    Text,
    /// A JSON object for programs
    Json,
}
