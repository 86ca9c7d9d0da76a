//! Suites: named splits of mazes (train, test, out-of-distribution splits by generator, size,
//! braid or band of shortest lengths) made from one seed in one run, each written as a
//! Parquet file with a picture, beside a manifest.
//!
//! - [`SuiteSpec`]: the splits, from TOML ([`SuiteSpec::from_toml`]) or JSON, checked before
//!   any maze is made, with errors naming the split and key.
//! - [`make`]: the rows of every split through the dataset engine, the same for any number of
//!   threads and for a shard of the whole. Split `k` is made from seed
//!   [`SuiteSpec::split_seed`]`(k)`, and never holds a maze (the same passages) of a split
//!   before it of the same size: a candidate that is one gives way to the next candidate of
//!   its index, so splits are disjoint by construction.
//! - [`Row`]: one maze as its row holds it; [`write_parquet`], [`picture`], [`manifest`] and
//!   [`files`]: what a suite's directory holds.
//!
//! ```
//! use mazegen::suite::{SuiteSpec, make};
//!
//! let spec = SuiteSpec::from_toml(r#"
//! seed = 7
//! [[split]]
//! name = "train"
//! count = 20
//! size = [4, 4]
//! [[split]]
//! name = "test"
//! count = 20
//! size = [4, 4]
//! "#)?;
//! let splits = make(&spec, 2, None)?;
//! let train: std::collections::HashSet<u128> = splits[0].rows.iter().map(|r| r.hash).collect();
//! assert!(splits[1].rows.iter().all(|row| !train.contains(&row.hash)));
//! # Ok::<(), mazegen::suite::SuiteError>(())
//! ```

mod parquet;
mod picture;
mod row;
mod spec;
pub mod symmetric;

pub use parquet::{ROW_GROUP, write_parquet};
pub use picture::{SAMPLES, picture};
pub use row::{ENDPOINTS_STREAM, Row, reaches_band};
pub use spec::{ENDPOINTS, FAMILIES, MAX_PATHS, REPRESENTATIONS, SplitSpec, SuiteSpec};

use crate::Maze;
use crate::dataset::{DatasetError, DatasetSpec, shard};
use crate::grid::MazeError;
use crate::rng::{GOLDEN_GAMMA, mix64};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The manifest's format.
pub const MANIFEST_FORMAT: &str = "mazegen.suite/v1";

/// A suite that cannot be made or written as asked.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SuiteError {
    /// A spec that is no suite: what is wrong, naming the split and key.
    #[error("{0}")]
    Spec(String),
    /// A split that could not be made.
    #[error("split {split:?}: {error}")]
    Split {
        /// The split's name.
        split: String,
        /// What refused it.
        error: crate::Error,
    },
    /// A maze, a dataset or a file refused.
    #[error(transparent)]
    Library(#[from] crate::Error),
    /// A directory to write into that cannot be one: a file, or a path through one.
    #[error(
        "{}: {} is not a directory; expected a directory for the suite's files (made if \
         missing)",
        dir.display(),
        file.display()
    )]
    NotADirectory {
        /// The directory asked for.
        dir: PathBuf,
        /// The file in its way: `dir` itself or one of its parents.
        file: PathBuf,
    },
}

impl From<MazeError> for SuiteError {
    fn from(error: MazeError) -> Self {
        Self::Library(error.into())
    }
}

impl From<DatasetError> for SuiteError {
    fn from(error: DatasetError) -> Self {
        Self::Library(error.into())
    }
}

impl From<std::io::Error> for SuiteError {
    fn from(error: std::io::Error) -> Self {
        Self::Library(error.into())
    }
}

impl SuiteError {
    /// Whether the error is the input's (a spec, a size, memory no run could get: exit 2) and
    /// not the system's (I/O, threads).
    pub fn is_bad_input(&self) -> bool {
        match self {
            Self::Spec(_) | Self::NotADirectory { .. } => true,
            Self::Split { error, .. } | Self::Library(error) => {
                !matches!(error, crate::Error::Io(_))
                    && !matches!(error, crate::Error::Dataset(e) if matches!(**e, DatasetError::NoThreads { .. }))
            }
        }
    }
}

/// One split as made: its rows in index order.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitMade {
    /// The split's name.
    pub name: String,
    /// The indices made (all, or a shard's).
    pub slots: Range<u64>,
    /// The generator's effective options, as JSON.
    pub options: String,
    /// The rows.
    pub rows: Vec<Row>,
}

/// Makes the rows of every split of `spec` on `jobs` threads, or of shard `index` of `of`
/// (from 1) of each split: the rows of the shards of a suite are the suite's rows. See the
/// [module](self) for the seeds and the disjointness of splits.
pub fn make(
    spec: &SuiteSpec,
    jobs: usize,
    shard_of: Option<(u64, u64)>,
) -> Result<Vec<SplitMade>, SuiteError> {
    spec.check()?;
    let mut taken: HashMap<[u32; 2], HashSet<u128>> = HashMap::new();
    let mut made = Vec::with_capacity(spec.splits.len());
    for (k, split) in spec.splits.iter().enumerate() {
        let in_split = |error: crate::Error| SuiteError::Split {
            split: split.name.clone(),
            error,
        };
        let slots = match shard_of {
            Some((index, of)) => shard(split.count, index, of).ok_or_else(|| {
                SuiteError::Spec(format!(
                    "shard {index}/{of}: expected from 1/{of} to {of}/{of}"
                ))
            })?,
            None => 0..split.count,
        };
        // The rows are held until the split's file is written: refused at once when the
        // machine would not grant them.
        let [width, height] = split.size.map(u64::from);
        let row_bytes = (2 * width + 1) * (2 * height + 1) * 2
            + (split.paths as u64 + 2) * width * height
            + 64 * split.representations.len() as u64 * width * height
            + 512;
        let rows_bytes = (slots.end - slots.start).saturating_mul(row_bytes);
        if !crate::grid::grantable(rows_bytes) {
            return Err(SuiteError::Spec(format!(
                "split {:?}: {} rows of about {row_bytes} bytes each are more than this machine \
                 grants at once; make it in shards (--shard K/N)",
                split.name,
                slots.end - slots.start
            )));
        }
        let mut dataset = DatasetSpec::new(split.maze_spec()?, spec.split_seed(k), split.count);
        dataset.jobs = jobs;
        dataset.unique = split.unique;
        dataset.slots = slots.clone();
        dataset.check().map_err(|e| in_split(e.into()))?;
        let none = HashSet::new();
        let excluded = taken.get(&split.size).unwrap_or(&none);
        let band = split.shortest.map(|[min, _]| min);
        let keep = |maze: &Maze| {
            // A symmetric split's maze is the whole the engine's half stands for.
            let whole = symmetric::whole(maze, split).ok().flatten();
            let maze = whole.as_ref().unwrap_or(maze);
            band.is_none_or(|min| reaches_band(maze, min))
                && (excluded.is_empty() || !excluded.contains(&hash_of(maze)))
        };
        let rows: Vec<Row> = dataset
            .run(|maze| Row::of(maze, 0, split))
            .keep(&keep)
            .map(|made| {
                made.map(|made| Row {
                    index: made.index,
                    ..made.value
                })
            })
            .collect::<Result<_, SuiteError>>()
            .map_err(|error| match error {
                SuiteError::Library(error) => in_split(error),
                error => error,
            })?;
        // The hashes of the whole split, for the later splits of its size.
        let later = spec.splits[k + 1..].iter().any(|s| s.size == split.size);
        let hashes: Vec<u128> = match (later, slots == (0..split.count)) {
            (false, _) => Vec::new(),
            (true, true) => rows.iter().map(|row| row.hash).collect(),
            (true, false) => {
                let mut whole =
                    DatasetSpec::new(split.maze_spec()?, spec.split_seed(k), split.count);
                whole.jobs = jobs;
                whole.unique = split.unique;
                whole
                    .run(|maze| {
                        let whole = symmetric::whole(&maze, split)?;
                        Ok::<_, SuiteError>(hash_of(whole.as_ref().unwrap_or(&maze)))
                    })
                    .keep(&keep)
                    .map(|made| made.map(|made| made.value))
                    .collect::<Result<_, _>>()
                    .map_err(|error| match error {
                        SuiteError::Library(error) => in_split(error),
                        error => error,
                    })?
            }
        };
        taken.entry(split.size).or_default().extend(hashes);
        made.push(SplitMade {
            name: split.name.clone(),
            slots,
            options: split.generator()?.params().to_string(),
            rows,
        });
    }
    Ok(made)
}

/// The hash of a suite maze's passages.
fn hash_of(maze: &Maze) -> u128 {
    crate::dataset::maze_hash(maze)
}

/// A 128-bit hash of `spec` (of its canonical JSON), as 32 hexadecimal digits.
pub fn spec_hash(spec: &SuiteSpec) -> String {
    let text = serde_json::to_string(spec).expect("a spec is JSON");
    let mut lanes = [mix64(text.len() as u64), mix64(GOLDEN_GAMMA)];
    for chunk in text.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        lanes[0] = mix64(lanes[0] ^ word).wrapping_add(GOLDEN_GAMMA);
        lanes[1] = mix64(lanes[1].wrapping_add(word).rotate_left(17)) ^ GOLDEN_GAMMA;
    }
    format!("{:016x}{:016x}", lanes[0], lanes[1])
}

/// The suffix of a shard's file names (`-00000-of-00004`, from 0 as `datasets` names them),
/// empty for a whole suite.
fn suffix(shard_of: Option<(u64, u64)>) -> String {
    match shard_of {
        Some((index, of)) => format!("-{:05}-of-{of:05}", index - 1),
        None => String::new(),
    }
}

/// The manifest of `made` from `spec`: the spec, its hash, the version, and each split's
/// seed, options, counts, files and figures.
pub fn manifest(
    spec: &SuiteSpec,
    made: &[SplitMade],
    shard_of: Option<(u64, u64)>,
) -> serde_json::Value {
    let suffix = suffix(shard_of);
    let splits: Vec<_> = spec
        .splits
        .iter()
        .zip(made)
        .enumerate()
        .map(|(k, (split, made))| {
            let lengths: Vec<f64> = (made.rows.iter())
                .filter_map(|row| row.shortest.length.map(f64::from))
                .collect();
            let mean = match lengths.is_empty() {
                true => None,
                false => Some(lengths.iter().sum::<f64>() / lengths.len() as f64),
            };
            let reachable = made.rows.iter().filter(|r| r.shortest.reachable).count();
            json!({
                "name": split.name,
                "seed": spec.split_seed(k),
                "count": split.count,
                "slots": [made.slots.start, made.slots.end],
                "rows": made.rows.len(),
                "reachable": reachable,
                "generator": split.generator_name(),
                "family": split.family,
                "options": serde_json::from_str::<serde_json::Value>(&made.options).ok(),
                "size": split.size,
                "shortest_length": {
                    "min": lengths.iter().copied().reduce(f64::min),
                    "max": lengths.iter().copied().reduce(f64::max),
                    "mean": mean,
                },
                "parquet": format!("{}{suffix}.parquet", split.name),
                "picture": format!("{}{suffix}.svg", split.name),
            })
        })
        .collect();
    json!({
        "format": MANIFEST_FORMAT,
        "version": env!("CARGO_PKG_VERSION"),
        "spec_hash": spec_hash(spec),
        "shard": shard_of.map(|(index, of)| json!({"index": index, "of": of})),
        "disjoint": "no split holds a maze (the same passages) of a split before it",
        "spec": spec,
        "splits": splits,
    })
}

/// The files of a suite's directory, by name: each split's Parquet file and picture, then the
/// manifest (`manifest.json`, or a shard's `manifest-00000-of-00004.json`).
pub fn files(
    spec: &SuiteSpec,
    made: &[SplitMade],
    shard_of: Option<(u64, u64)>,
) -> Result<Vec<(String, Vec<u8>)>, SuiteError> {
    let suffix = suffix(shard_of);
    let mut files = Vec::new();
    for (split, made) in spec.splits.iter().zip(made) {
        let bytes = write_parquet(split, &made.options, &made.rows, Vec::new())?;
        files.push((format!("{}{suffix}.parquet", split.name), bytes));
        let svg = picture(split, &made.rows)?;
        files.push((format!("{}{suffix}.svg", split.name), svg.into_bytes()));
    }
    let manifest = manifest(spec, made, shard_of);
    let mut text = serde_json::to_string_pretty(&manifest).expect("a manifest is JSON");
    text.push('\n');
    files.push((format!("manifest{suffix}.json"), text.into_bytes()));
    Ok(files)
}

/// Refuses, before any maze is made, a `dir` that [`write_dir`] could not make or write into
/// because it is a file, or lies under one (a directory missing is made).
pub fn check_dir(dir: &Path) -> Result<(), SuiteError> {
    let mut at = Some(dir);
    while let Some(path) = at {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return Ok(()),
            Ok(_) => {
                return Err(SuiteError::NotADirectory {
                    dir: dir.to_path_buf(),
                    file: path.to_path_buf(),
                });
            }
            Err(_) => {
                at = path
                    .parent()
                    .filter(|parent| !parent.as_os_str().is_empty())
            }
        }
    }
    Ok(())
}

/// Writes `files` into `dir` (made if missing): each to a temporary file first, all put in
/// place only once every one is written, so an error leaves the directory as it was.
pub fn write_dir(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<Vec<PathBuf>, SuiteError> {
    std::fs::create_dir_all(dir)?;
    let pid = std::process::id();
    let mut pending = Vec::with_capacity(files.len());
    let written = (|| -> std::io::Result<()> {
        for (name, bytes) in files {
            let temporary = dir.join(format!(".{name}.{pid}.tmp"));
            pending.push((temporary.clone(), dir.join(name)));
            std::fs::write(&temporary, bytes)?;
        }
        Ok(())
    })();
    if let Err(error) = written {
        for (temporary, _) in &pending {
            let _ = std::fs::remove_file(temporary);
        }
        return Err(error.into());
    }
    let mut paths = Vec::with_capacity(pending.len());
    for (temporary, path) in pending {
        std::fs::rename(&temporary, &path)?;
        paths.push(path);
    }
    Ok(paths)
}
