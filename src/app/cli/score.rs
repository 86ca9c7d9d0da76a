//! Command-line types of `score`.

use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Options of `score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The mazes: maze documents one a line, as `--count N --format jsonl` writes them, or one
    /// maze document, which every answer is scored against; - reads standard input
    #[arg(long, value_name = "FILE")]
    pub mazes: PathBuf,

    /// The answers, one a line, line i for maze i: coordinates `(r,c) (r,c)` or
    /// `[[r,c],...]`, moves `UDLR` or `NSEW`, AlphaMaze's `<|up|><|left|>...`, or a line of
    /// maze-dataset's tokens, its `<PATH_START> ... <PATH_END>` read; - reads standard input
    #[arg(long, value_name = "FILE")]
    pub answers: PathBuf,

    /// How strictly answers are judged
    #[arg(long, value_enum, default_value_t = ScoreMode::Strict)]
    pub mode: ScoreMode,

    /// How results are written: a line an answer, then a summary
    #[arg(long, value_enum, default_value_t = ScoreFormat::Text)]
    pub format: ScoreFormat,
}

/// The scoring rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScoreMode {
    /// Replayed from the start, stopped at the first illegal step; reached when all is legal
    /// and it ends on the goal
    Strict,
    /// AlphaMaze's: illegal steps are skipped and only the final cell matters
    FinalCell,
    /// MazeBench's: optimal when the answer is one of the shortest paths (as strict's optimal)
    AcceptedPath,
}

impl From<ScoreMode> for mazegen::score::Rule {
    fn from(mode: ScoreMode) -> Self {
        match mode {
            ScoreMode::Strict => Self::Strict,
            ScoreMode::FinalCell => Self::FinalCell,
            ScoreMode::AcceptedPath => Self::AcceptedPath,
        }
    }
}

/// How `score` writes its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScoreFormat {
    /// A line an answer, then the summary
    Text,
    /// One JSON document: the results and the summary
    Json,
    /// A JSON object a line an answer, then one with the summary
    Jsonl,
}
