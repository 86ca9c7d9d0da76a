//! Command-line types of datasets: many mazes in one run (`--count`, `--jobs`, `--shard`,
//! `--unique`), chosen by difficulty (`--endpoints`, `--min-*`/`--max-*`), with a progress bar.

use super::maze::FINISHING;
use clap::{Args, ValueEnum};
use mazegen::analysis::Figure;
use mazegen::dataset::Bound;
use mazegen::dataset::MAX_JOBS;
use std::num::NonZeroUsize;

/// Options for many mazes in one run, shared by every maze command.
#[derive(Debug, Args)]
#[command(next_help_heading = "Dataset")]
pub struct DatasetArgs {
    /// Number of mazes; maze I is generated from its own seed, derived from --seed and I and
    /// recorded in its document [default: one maze, from --seed itself]
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub count: Option<u64>,

    /// Threads generating mazes, or carving the chunks of a --chunk maze (whole or its
    /// --window); the output is the same for every number [default: all cores]
    #[arg(long, value_name = "J", value_parser = parse_jobs, allow_negative_numbers = true)]
    pub jobs: Option<NonZeroUsize>,

    /// Write only the K-th of N contiguous slices of the mazes: shards 1 to N concatenated are
    /// the whole run
    #[arg(long, value_name = "K/N", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,

    /// No two mazes with the same passages (the next candidates replace repeats)
    #[arg(long)]
    pub unique: bool,

    /// No progress bar on standard error, and no drawn seed reported there
    #[arg(long, short)]
    pub quiet: bool,

    /// Make a dataset of random walks (aldous-broder, wilson) even when each maze is expected
    /// to take seconds (a thin mask, a long strip)
    #[arg(long)]
    pub allow_slow: bool,

    /// farthest: place the start and goal at the two ends of a longest shortest path (exact on
    /// perfect mazes); random: draw them from each maze's seed, a different pair a maze (see
    /// --min-distance)
    #[arg(long, value_enum, value_name = "RULE", hide_possible_values = true, help_heading = FINISHING)]
    pub endpoints: Option<EndpointRule>,

    /// With --endpoints random, the least number of steps between the start and goal along
    /// the passages [default: 1]
    #[arg(long, value_name = "STEPS", value_parser = parse_distance, allow_negative_numbers = true, help_heading = FINISHING)]
    pub min_distance: Option<u32>,

    #[command(flatten)]
    pub bounds: BoundArgs,
}

/// Difficulty filters: only mazes whose figures lie within the bounds are kept.
#[derive(Debug, Args)]
#[command(next_help_heading = "Difficulty (keep only mazes within; see --stats)")]
pub struct BoundArgs {
    /// Shortest solution, in steps, at least
    #[arg(long, value_name = "L", value_parser = parse_bound, allow_negative_numbers = true)]
    pub min_solution: Option<f64>,
    /// Shortest solution, in steps, at most
    #[arg(long, value_name = "L", value_parser = parse_bound, allow_negative_numbers = true)]
    pub max_solution: Option<f64>,
    /// Decision points on the solution (cells with a choice), at least
    #[arg(long, value_name = "N", value_parser = parse_bound, allow_negative_numbers = true)]
    pub min_decisions: Option<f64>,
    /// Decision points on the solution, at most
    #[arg(long, value_name = "N", value_parser = parse_bound, allow_negative_numbers = true)]
    pub max_decisions: Option<f64>,
    /// Depth of the deepest dead-end branch off the solution, at least
    #[arg(long, value_name = "D", value_parser = parse_bound, allow_negative_numbers = true)]
    pub min_branch_depth: Option<f64>,
    /// Depth of the deepest dead-end branch off the solution, at most
    #[arg(long, value_name = "D", value_parser = parse_bound, allow_negative_numbers = true)]
    pub max_branch_depth: Option<f64>,
    /// Solution length over the Manhattan distance between its ends, at least
    #[arg(long, value_name = "T", value_parser = parse_bound, allow_negative_numbers = true)]
    pub min_tortuosity: Option<f64>,
    /// Solution length over the Manhattan distance between its ends, at most
    #[arg(long, value_name = "T", value_parser = parse_bound, allow_negative_numbers = true)]
    pub max_tortuosity: Option<f64>,
    /// Share of the cells on the solution (0 to 1), at least
    #[arg(long, value_name = "S", value_parser = parse_bound, allow_negative_numbers = true)]
    pub min_solution_share: Option<f64>,
    /// Share of the cells on the solution (0 to 1), at most
    #[arg(long, value_name = "S", value_parser = parse_bound, allow_negative_numbers = true)]
    pub max_solution_share: Option<f64>,
}

impl BoundArgs {
    /// The bounds given, one per figure with either end.
    pub fn given(&self) -> Vec<Bound> {
        let pairs = [
            (self.min_solution, self.max_solution),
            (self.min_decisions, self.max_decisions),
            (self.min_branch_depth, self.max_branch_depth),
            (self.min_tortuosity, self.max_tortuosity),
            (self.min_solution_share, self.max_solution_share),
        ];
        Figure::ALL
            .into_iter()
            .zip(pairs)
            .filter(|(_, (min, max))| min.is_some() || max.is_some())
            .map(|(figure, (min, max))| Bound { figure, min, max })
            .collect()
    }
}

/// Where `--endpoints` puts the start and the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EndpointRule {
    /// At the two ends of a longest shortest path
    Farthest,
    /// Drawn at random from each maze's seed
    Random,
}

impl EndpointRule {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Farthest => "farthest",
            Self::Random => "random",
        }
    }
}

/// `--shard K/N`: the K-th (from 1) of N slices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1 to `of`.
    pub index: u64,
    /// How many slices.
    pub of: u64,
}

/// Parses a number of mazes, at least 1.
fn parse_count(value: &str) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err(format!(
            "expected a whole number of mazes from 1 to {}",
            u64::MAX
        )),
    }
}

/// Parses a number of threads, from 1 to the library's [`MAX_JOBS`].
pub(super) fn parse_jobs(value: &str) -> Result<NonZeroUsize, String> {
    match value.parse::<NonZeroUsize>() {
        Ok(jobs) if jobs.get() <= MAX_JOBS => Ok(jobs),
        _ => Err(format!(
            "expected a whole number of threads from 1 to {MAX_JOBS}"
        )),
    }
}

/// Parses `K/N` with 1 <= K <= N.
pub(super) fn parse_shard(value: &str) -> Result<Shard, String> {
    let expected = "expected K/N, the K-th of N slices, with K from 1 to N (e.g. 2/8)";
    let (index, of) = value.split_once('/').ok_or(expected)?;
    let (Ok(index), Ok(of)) = (index.trim().parse::<u64>(), of.trim().parse::<u64>()) else {
        return Err(expected.into());
    };
    if index == 0 || of == 0 || index > of {
        return Err(expected.into());
    }
    Ok(Shard { index, of })
}

/// Parses a least distance between random endpoints: a whole number of steps, at least 1.
fn parse_distance(value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(steps) if steps >= 1 => Ok(steps),
        _ => Err(format!(
            "expected a whole number of steps from 1 to {}",
            u32::MAX
        )),
    }
}

/// Parses a bound on a figure: a number, at least 0.
fn parse_bound(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(bound) if bound.is_finite() && bound >= 0.0 => Ok(bound),
        _ => Err("expected a number, at least 0".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_count_from_one_up_to_their_number() {
        assert_eq!(parse_shard("2/3"), Ok(Shard { index: 2, of: 3 }));
        assert_eq!(parse_shard("1/1"), Ok(Shard { index: 1, of: 1 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "-1/3", "1/3/4"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_and_bounds_refuse_what_cannot_be() {
        assert_eq!(parse_count("5"), Ok(5));
        for bad in ["0", "-1", "x", "1.5"] {
            assert!(parse_count(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_bound("1.5"), Ok(1.5));
        for bad in ["-1", "NaN", "inf", "x"] {
            assert!(parse_bound(bad).is_err(), "{bad}");
        }
        assert!(parse_jobs("0").is_err());
        assert!(parse_jobs("257").is_err());
        assert_eq!(parse_jobs("256").map(NonZeroUsize::get), Ok(256));
    }
}
