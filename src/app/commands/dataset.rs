//! Datasets: mazes made in parallel, a batch at a time, and written in index order, so the
//! output is the same for every number of threads and memory does not grow with the count.
//!
//! Each maze is one [`make`]: generated from its own seed, finished, measured against the
//! bounds (the next candidate seed on a miss) and rendered to bytes.

use super::figures_table;
use super::maze::finished;
use crate::app::progress::Progress;
use crate::app::settle::{DatasetJob, Pixels, bad_input};
use mazegen::Maze;
use mazegen::analysis::Difficulty;
use mazegen::dataset::{candidate_seed, passage_hash};
use mazegen::grid::tiles_from_cells;
use mazegen::render::npy_header;
use mazegen::with_topology;
use std::collections::HashSet;
use std::io::{self, Write};
use std::ops::Range;
use std::thread;

/// Candidates in a row a bound may reject, for one maze, before the run gives up.
const BOUND_PATIENCE: u64 = 1000;

/// Repeats in a row `--unique` may meet, for one maze, before the run gives up. A maze that is
/// still missing among 16 or more has a chance below (15/16)^10000 of being missed this often.
const UNIQUE_PATIENCE: u64 = 10_000;

/// The most mazes in flight at once, and the most bytes of them (estimated). Small batches
/// stay in the allocator's reach: 1024 mazes of 10x10 cells run 10% faster than 4096, whose
/// buffers go back to the system and fault in again.
const BATCH_MAZES: u64 = 1024;
const BATCH_BYTES: u64 = 64 << 20;

/// Mazes whose rendering takes up to this many bytes (about 400x400 cells of text) are
/// rendered on the threads; larger ones are rendered straight into the output, which then
/// never holds a second copy of them.
const RENDERED_ON_THREADS: u64 = 1 << 20;

/// One maze, made, and rendered unless it is large.
struct Piece {
    /// Which candidate of its index it is.
    attempt: u64,
    /// Its passages' hash, for `--unique` (0 without).
    hash: u128,
    /// It, rendered or to render.
    drawn: Drawn,
    /// Its seed.
    seed: u64,
    /// Its figures as a table, for `--stats` on standard error.
    table: Option<String>,
}

/// A maze rendered on a thread, or kept to be rendered into the output.
enum Drawn {
    /// Its bytes.
    Bytes(Vec<u8>),
    /// The maze itself.
    Later(Box<Maze>),
    /// Nothing: a maze made only to know which are taken, before a shard's first.
    Unseen,
}

/// Generates candidate `seed` of the job's mazes and finishes it.
fn generate(job: &DatasetJob, seed: u64) -> anyhow::Result<Maze> {
    let generator = job.generator.as_ref();
    let maze = match &job.shape {
        None => Maze::generate(generator, job.width, job.height, seed)?,
        Some(blank) => Maze::generate_shape(generator, blank.clone(), seed)?,
    };
    finished(maze, &job.finish)
}

/// Carries out a dataset job. On any error nothing reaches a file target.
pub fn run(job: DatasetJob) -> anyhow::Result<()> {
    if job.seed.report && !job.single {
        crate::message(format_args!("seed: {}", job.seed.value));
    }
    let mut failure = None;
    let written = job.output.rendering.target.write(|out| {
        write_run(&job, out).map_err(|error| {
            failure = Some(error);
            io::Error::other("dataset failed")
        })
    });
    match failure {
        Some(error) => Err(error),
        None => written,
    }
}

/// Writes the array header (for NumPy), then every maze of the job's slots in index order.
fn write_run(job: &DatasetJob, out: &mut dyn Write) -> anyhow::Result<()> {
    let slots = job.slots.clone();
    if let Some((dtype, shape)) = &job.output.array {
        let shape: Vec<u64> = [slots.end - slots.start]
            .into_iter()
            .chain(shape.iter().copied())
            .collect();
        out.write_all(&npy_header(dtype, &shape))?;
    }
    // `--unique` needs every earlier maze to know which are taken.
    let first = if job.unique { 0 } else { slots.start };
    let progress = Progress::new(slots.end - first, !job.progress);
    let mut taken = HashSet::new();
    // The byte buffers of written mazes, reused by the next batch: without them the allocator
    // gives a batch's memory back to the system and takes it again, 7% of the time at 10x10 cells.
    let mut spare = Vec::new();
    let batch = batch_size(job);
    let mut next = first;
    while next < slots.end {
        let range = next..slots.end.min(next + batch);
        for (index, piece) in range
            .clone()
            .zip(make_batch(job, range.clone(), &mut spare))
        {
            let mut piece = piece?;
            if job.unique {
                let mut repeats = 0;
                while !taken.insert(piece.hash) {
                    repeats += 1;
                    if repeats == UNIQUE_PATIENCE {
                        return Err(bad_input(format!(
                            "--unique: only {} distinct mazes found, then {UNIQUE_PATIENCE} \
                             repeats in a row; the algorithm seems to make no more at this size: \
                             ask for at most {0}, or a larger size",
                            taken.len()
                        )));
                    }
                    piece = make(job, index, piece.attempt + 1, Vec::new())?;
                }
            }
            if slots.contains(&index) {
                write_piece(job, index, &piece, out)?;
            }
            if let Drawn::Bytes(bytes) = piece.drawn {
                spare.push(bytes);
            }
        }
        progress.inc(range.end - range.start);
        next = range.end;
    }
    progress.finish();
    Ok(())
}

/// Writes one maze: its bytes (after a blank line between text mazes), its table on standard
/// error, and, for a single maze of a format without a seed field, a seed the user could not
/// know.
fn write_piece(
    job: &DatasetJob,
    index: u64,
    piece: &Piece,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let unknown = job.seed.report || piece.attempt > 0 && !job.output.records_seed;
    if job.single && unknown {
        crate::message(format_args!("seed: {}", piece.seed));
    }
    if job.output.separate && index > 0 {
        out.write_all(b"\n")?;
    }
    match &piece.drawn {
        Drawn::Bytes(bytes) => out.write_all(bytes)?,
        Drawn::Later(maze) => job.output.rendering.renderer.render(maze, out)?,
        Drawn::Unseen => {}
    }
    if let Some(table) = &piece.table {
        let separator = if index > job.slots.start { "\n" } else { "" };
        let _ = write!(io::stderr().lock(), "{separator}{table}");
    }
    Ok(())
}

/// How many mazes to make before writing them: enough to keep every thread busy, few enough
/// that their bytes stay within [`BATCH_BYTES`].
fn batch_size(job: &DatasetJob) -> u64 {
    (BATCH_BYTES / maze_bytes(job)).clamp(job.jobs as u64, BATCH_MAZES.max(job.jobs as u64))
}

/// About the bytes of one rendered maze: a byte or two per tile for text and JSON (term more,
/// with color), plus JSON's fields; about 64 a cell for a graph document; up to 9 a character
/// for a picture in half blocks (with color).
fn maze_bytes(job: &DatasetJob) -> u64 {
    let rendering = &job.output.rendering;
    if let (Some(pixels @ Pixels::Blocks(_)), Some(shape)) = (rendering.pixels, &job.shape) {
        let picture = pixels.picture(shape);
        let (width, height) = picture
            .pixel_size_of_shape(shape)
            .expect("checked when settled");
        let characters = u64::from(width) * u64::from(height.div_ceil(2));
        return characters.saturating_mul(9).saturating_add(512);
    }
    if !rendering.in_tiles {
        let cells = job
            .shape
            .as_ref()
            .map_or(0, |shape| shape.cell_count() as u64);
        return 64 * cells + 512;
    }
    let tiles = tiles_from_cells(job.width) * tiles_from_cells(job.height);
    tiles + tiles / 4 + 512
}

/// Makes the mazes of `range` on the job's threads, each taking every `jobs`-th index and
/// rendering into buffers from `spare`, and returns them in index order.
fn make_batch(
    job: &DatasetJob,
    range: Range<u64>,
    spare: &mut Vec<Vec<u8>>,
) -> Vec<anyhow::Result<Piece>> {
    let len = (range.end - range.start) as usize;
    let jobs = job.jobs.min(len).max(1);
    let mut buffers: Vec<Vec<Vec<u8>>> = (0..jobs)
        .map(|_| spare.split_off(spare.len().saturating_sub(len.div_ceil(jobs))))
        .collect();
    let mut stride = |t: usize| {
        let range = range.clone();
        let mut buffers = std::mem::take(&mut buffers[t]);
        move || -> Vec<anyhow::Result<Piece>> {
            range
                .skip(t)
                .step_by(jobs)
                .map(|index| make(job, index, 0, buffers.pop().unwrap_or_default()))
                .collect()
        }
    };
    let strides = thread::scope(|scope| -> io::Result<Vec<_>> {
        let others: Vec<_> = (1..jobs)
            .map(|t| thread::Builder::new().spawn_scoped(scope, stride(t)))
            .collect::<io::Result<_>>()?;
        let mut strides = vec![stride(0)().into_iter()];
        for other in others {
            let made = other
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            strides.push(made.into_iter());
        }
        Ok(strides)
    });
    let mut strides = match strides {
        Ok(strides) => strides,
        Err(error) => {
            return vec![Err(
                anyhow::Error::new(error).context("cannot start threads")
            )];
        }
    };
    (0..len)
        .map(|k| {
            strides[k % jobs]
                .next()
                .expect("each stride holds its share")
        })
        .collect()
}

/// Makes maze `index` from its candidates `first_attempt`, `first_attempt + 1`, ...: the first
/// within the bounds, rendered into `buffer` unless it comes before the job's slots.
fn make(
    job: &DatasetJob,
    index: u64,
    first_attempt: u64,
    buffer: Vec<u8>,
) -> anyhow::Result<Piece> {
    let mut closest: Option<(f64, Difficulty)> = None;
    for attempt in first_attempt.. {
        let seed = if job.single && attempt == 0 {
            job.seed.value
        } else {
            candidate_seed(job.seed.value, index, attempt)
        };
        let maze = generate(job, seed)?;
        if !job.bounds.is_empty() {
            let difficulty = Difficulty::of(&maze)?;
            let miss: f64 = job.bounds.iter().map(|bound| bound.miss(&difficulty)).sum();
            if miss > 0.0 {
                if closest.is_none_or(|(best, _)| miss < best) {
                    closest = Some((miss, difficulty));
                }
                if attempt + 1 - first_attempt == BOUND_PATIENCE {
                    return Err(give_up(job, index, closest.expect("recorded above").1));
                }
                continue;
            }
        }
        return piece(job, index, attempt, maze, buffer);
    }
    unreachable!("the attempts run until one is kept or the run gives up")
}

/// Renders a kept maze, or keeps it to render later.
fn piece(
    job: &DatasetJob,
    index: u64,
    attempt: u64,
    maze: Maze,
    mut bytes: Vec<u8>,
) -> anyhow::Result<Piece> {
    let shown = job.slots.contains(&index);
    let rendering = &job.output.rendering;
    let table = match shown && rendering.stats_table {
        true => Some(figures_table(&maze, rendering.in_tiles)?),
        false => None,
    };
    let hash = match job.unique {
        true => with_topology!(maze.shape(), t => passage_hash(t)),
        false => 0,
    };
    let seed = maze.seed();
    let drawn = if !shown {
        Drawn::Unseen
    } else if maze_bytes(job) > RENDERED_ON_THREADS {
        Drawn::Later(Box::new(maze))
    } else {
        // Reserved up front, not grown by doubling: 5% of the time of a 10x10-cell maze.
        bytes.clear();
        bytes.reserve(maze_bytes(job) as usize);
        rendering.renderer.render(&maze, &mut bytes)?;
        Drawn::Bytes(bytes)
    };
    Ok(Piece {
        attempt,
        hash,
        drawn,
        seed,
        table,
    })
}

/// The error of a run whose bounds rejected [`BOUND_PATIENCE`] candidates in a row.
fn give_up(job: &DatasetJob, index: u64, closest: Difficulty) -> anyhow::Error {
    let bounds: Vec<String> = job
        .bounds
        .iter()
        .flat_map(|bound| {
            let name = bound.figure.name();
            let min = bound.min.map(|min| format!("--min-{name} {min}"));
            let max = bound.max.map(|max| format!("--max-{name} {max}"));
            min.into_iter().chain(max)
        })
        .collect();
    let figures: Vec<String> = job
        .bounds
        .iter()
        .map(|bound| format!("{} {}", bound.figure.name(), closest.get(bound.figure)))
        .collect();
    bad_input(format!(
        "{}: {BOUND_PATIENCE} candidates in a row for maze {index} were all outside; the closest \
         had {}: widen the bounds",
        bounds.join(" "),
        figures.join(", ")
    ))
}
