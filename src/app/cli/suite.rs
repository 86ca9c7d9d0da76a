//! Command-line types of `suite`.

use super::dataset::{Shard, parse_jobs, parse_shard};
use clap::Args;
use std::num::NonZeroUsize;
use std::path::PathBuf;

/// Options of `suite`.
#[derive(Debug, Args)]
pub struct SuiteArgs {
    /// The suite's spec: a TOML file with a seed and [[split]] tables (name, count, generator,
    /// family, size, braid, endpoints, shortest, unique, paths, representations)
    #[arg(value_name = "SPEC.toml")]
    pub spec: PathBuf,

    /// The directory written: SPLIT.parquet and SPLIT.svg for each split, and manifest.json
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,

    /// Threads generating mazes; the output is the same for every number [default: all cores]
    #[arg(long, value_name = "J", value_parser = parse_jobs, allow_negative_numbers = true)]
    pub jobs: Option<NonZeroUsize>,

    /// Make only the K-th of N contiguous slices of each split, its files named
    /// SPLIT-0000{K-1}-of-0000N: the shards' rows together are the suite's
    #[arg(long, value_name = "K/N", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
}
