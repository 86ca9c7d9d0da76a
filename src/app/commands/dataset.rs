//! Datasets: the library's engine ([`DatasetSpec::run`]) makes the mazes on the job's threads
//! and hands them back in index order; each is rendered on its thread unless it is large, and
//! written here.

use super::figures_table;
use crate::app::progress::Progress;
use crate::app::settle::{DatasetJob, Pixels, dataset_with_flags};
use mazegen::Maze;
use mazegen::dataset::{BATCH_MAZES, DatasetError, Made};
use mazegen::grid::tiles_from_cells;
use mazegen::maze::Blank;
use mazegen::render::{
    ArrayParts, ArrayPiece, ArrayRows, Arrays, BookMaze, fill_batches, fill_rows, npy_header,
};
use std::io::{self, Write};
use std::sync::Mutex;

/// The most bytes of mazes in flight at once (estimated).
const BATCH_BYTES: u64 = 64 << 20;

/// Mazes whose rendering takes up to this many bytes (about 400x400 cells of text) are
/// rendered on the threads; larger ones are rendered straight into the output, which then
/// never holds a second copy of them.
const RENDERED_ON_THREADS: u64 = 1 << 20;

/// One maze, rendered unless it is large, with its `--stats` table.
struct Piece {
    /// It, rendered or to render.
    drawn: Drawn,
    /// Its figures as a table, for `--stats` on standard error.
    table: Option<String>,
}

/// A maze rendered on a thread, or kept to be rendered into the output.
enum Drawn {
    /// Its bytes.
    Bytes(Vec<u8>),
    /// The maze itself.
    Later(Box<Maze>),
    /// Its part of an archive's arrays, gathered until the last maze is made.
    Gathered(ArrayPiece),
    /// Its puzzle and answer, gathered into a book until the last maze is made.
    Page(Box<BookMaze>),
}

/// Carries out a dataset job. On any error nothing reaches a file target.
pub fn run(job: DatasetJob) -> anyhow::Result<()> {
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
    let spec = &job.spec;
    let slots = spec.slots.clone();
    if let Some((dtype, shape)) = &job.output.array {
        let shape: Vec<u64> = [slots.end - slots.start]
            .into_iter()
            .chain(shape.iter().copied())
            .collect();
        out.write_all(&npy_header(dtype, &shape))?;
    }
    // A CSV's header line (`hrm`), once before the rows.
    out.write_all(job.output.rendering.renderer.header())?;
    // `--unique` needs every earlier maze to know which are taken.
    let first = if spec.unique { 0 } else { slots.start };
    let progress = Progress::new(slots.end - first, !job.progress);
    // The byte buffers of written mazes, reused by the next batch, a thread's share taken when
    // it starts one: without them the allocator gives a batch's memory back to the system and
    // takes it again, 7% of the time at 10x10 cells.
    let spare = Mutex::new(Vec::new());
    let batch = (BATCH_BYTES / maze_bytes(job)).clamp(1, BATCH_MAZES);
    // The run holds a batch at once, at least a maze a thread (`Run::batch`); a large maze is
    // kept and drawn as it is written, a small one drawn on its thread into a buffer.
    let jobs = spec.jobs as u64;
    let at_once = batch
        .clamp(jobs, BATCH_MAZES.max(jobs))
        .min(slots.end - first)
        .max(1);
    let buffered = match maze_bytes(job) > RENDERED_ON_THREADS {
        true => 0,
        false => maze_bytes(job),
    };
    spec.check_memory(at_once, buffered)
        .map_err(|error| dataset_with_flags(error, spec))?;
    if let Some(parts) = job.output.arrays.filter(|_| in_place(job)) {
        return write_in_place(job, parts, &progress, out);
    }
    let share = batch.div_ceil(spec.jobs as u64) as usize;
    let buffers = || {
        let mut spare = spare.lock().expect("no thread panics holding it");
        let len = spare.len();
        spare.split_off(len.saturating_sub(share))
    };
    let mut mazes = spec
        .run_with(buffers, |buffers, maze| piece(job, maze, buffers))
        .batch(batch);
    // An archive's arrays, reserved before any maze is made.
    let mut archive = match job.output.archive {
        true => Some(
            Arrays::reserve(&spec.maze.blank, slots.end - slots.start, job.output.parts)
                .map_err(|error| dataset_with_flags(error, spec))?,
        ),
        false => None,
    };
    // A book, begun before any maze is made (refused at once when too large for readers), its
    // pages written as they fill.
    let mut book = match job.output.book {
        Some(pdf) => Some(
            pdf.book(slots.end - slots.start)
                .map_err(|error| dataset_with_flags(error, spec))?,
        ),
        None => None,
    };
    let mut shown = 0;
    while let Some(made) = mazes.next() {
        let mut made = made.map_err(|error| match error.downcast::<DatasetError>() {
            Ok(error) => dataset_with_flags(error, spec),
            Err(error) => error,
        })?;
        let drawn = std::mem::replace(&mut made.value.drawn, Drawn::Bytes(Vec::new()));
        match (drawn, &mut archive) {
            (Drawn::Gathered(piece), Some(arrays)) => {
                arrays.push(made.seed, piece);
                write_table(job, &made);
            }
            (Drawn::Page(page), _) => {
                let book = book.as_mut().expect("a book is begun for its pages");
                book.add(made.index + 1, *page, out)?;
                write_table(job, &made);
            }
            (drawn, _) => {
                made.value.drawn = drawn;
                write_piece(job, &made, out)?;
            }
        }
        if let Drawn::Bytes(bytes) = made.value.drawn {
            spare
                .lock()
                .expect("no thread panics holding it")
                .push(bytes);
        }
        progress.inc(mazes.made() - shown);
        shown = mazes.made();
    }
    progress.finish();
    if let Some(arrays) = archive {
        arrays.write_npz(out)?;
    }
    if let Some(book) = book {
        book.finish(out)?;
    }
    Ok(())
}

/// Whether the job's arrays are filled in place, rows straight from the threads: all but a
/// `--unique` run (settled in order), a `--stats` table a maze, and a single maze chosen by
/// its figures (whose seed may need a note).
fn in_place(job: &DatasetJob) -> bool {
    let spec = &job.spec;
    !spec.unique && !spec.single && !job.output.rendering.stats_table
}

/// Writes the job's arrays filled in place ([`fill_rows`]): an `npz` archive's every array
/// reserved and filled first; an `npy` array's rows a batch at a time into one buffer,
/// written as each batch is done. A million 10x10-cell mazes take 1.22x less CPU time as
/// `npy` and 1.29x as `npz` than when each maze was drawn into a buffer of its own.
fn write_in_place(
    job: &DatasetJob,
    parts: ArrayParts,
    progress: &Progress,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let spec = &job.spec;
    let slots = spec.slots.clone();
    let failed = |error| dataset_with_flags(error, spec);
    if job.output.archive {
        let mut shown = 0;
        let arrays = Arrays::fill(spec, parts, |done| {
            progress.inc(done - shown);
            shown = done;
        })
        .map_err(failed)?;
        progress.finish();
        arrays.write_npz(out)?;
        return Ok(());
    }
    let (tiles, connections) = Arrays::row_bytes(&spec.maze.blank, parts);
    let row = tiles + connections;
    let mut batch = Vec::new();
    let mut scratch = Vec::new();
    let mut solutions = Vec::new();
    for range in fill_batches(slots, row) {
        let n = (range.end - range.start) as usize;
        batch.resize(n * row, 0);
        scratch.resize(n * 32, 0);
        solutions.clear();
        // The seeds, ends and solutions an `npy` array leaves out go to scratch space.
        let (seeds, rest) = scratch.split_at_mut(n * 8);
        let (starts, rest) = rest.split_at_mut(n * 8);
        let (goals, ends) = rest.split_at_mut(n * 8);
        let (tiles, connections) = batch.split_at_mut(n * tiles);
        let rows = ArrayRows {
            tiles,
            connections,
            seeds,
            starts,
            goals,
            ends,
        };
        fill_rows(spec, range, rows, &mut solutions, 0).map_err(failed)?;
        out.write_all(&batch)?;
        progress.inc(n as u64);
    }
    progress.finish();
    Ok(())
}

/// Writes one maze: its bytes (after a blank line between text mazes), its table on standard
/// error, and, for a single maze chosen by its figures from later candidates, in a format
/// without a seed field, the seed it was made from, which the user could not know.
fn write_piece(job: &DatasetJob, made: &Made<Piece>, out: &mut dyn Write) -> anyhow::Result<()> {
    // Not with --quiet, which hides the progress bar too.
    if job.spec.single && made.attempt > 0 && !job.output.records_seed && job.progress {
        crate::message(format_args!(
            "note: the maze within the bounds is seed {}'s (--seed {} makes it again)",
            made.seed, made.seed
        ));
    }
    if job.output.separate && made.index > 0 {
        out.write_all(b"\n")?;
    }
    match &made.value.drawn {
        Drawn::Bytes(bytes) => out.write_all(bytes)?,
        Drawn::Later(maze) => job.output.rendering.renderer.render(maze, out)?,
        Drawn::Gathered(_) => unreachable!("gathered into the archive"),
        Drawn::Page(_) => unreachable!("gathered into the book"),
    }
    write_table(job, made);
    Ok(())
}

/// Writes a maze's `--stats` table on standard error, if it has one.
fn write_table(job: &DatasetJob, made: &Made<Piece>) {
    if let Some(table) = &made.value.table {
        let separator = if made.index > job.spec.slots.start {
            "\n"
        } else {
            ""
        };
        let _ = write!(io::stderr().lock(), "{separator}{table}");
    }
}

/// About the bytes of one rendered maze: a byte or two per tile for text and JSON (term more,
/// with color), plus JSON's fields; about 64 a cell for a graph document; up to 9 a character
/// for a picture in half blocks (with color).
fn maze_bytes(job: &DatasetJob) -> u64 {
    let rendering = &job.output.rendering;
    if let (Some(pixels @ Pixels::Blocks(_)), Blank::Shape(shape)) =
        (rendering.pixels, &job.spec.maze.blank)
    {
        let picture = pixels.picture(shape);
        let (width, height) = picture
            .pixel_size_of_shape(shape)
            .expect("checked when settled");
        let characters = u64::from(width) * u64::from(height.div_ceil(2));
        return characters.saturating_mul(9).saturating_add(512);
    }
    if !rendering.in_tiles {
        return 64 * job.spec.maze.blank.cell_count() + 512;
    }
    let (width, height) = job.spec.maze.blank.extent();
    let tiles = tiles_from_cells(width) * tiles_from_cells(height);
    tiles + tiles / 4 + 512
}

/// Renders a kept maze into a spare buffer, or keeps it to render later.
fn piece(job: &DatasetJob, maze: Maze, spare: &mut Vec<Vec<u8>>) -> anyhow::Result<Piece> {
    let rendering = &job.output.rendering;
    let table = match rendering.stats_table {
        true => Some(figures_table(&maze, rendering.in_tiles)?),
        false => None,
    };
    let drawn = if job.output.archive {
        Drawn::Gathered(ArrayPiece::of(&maze, job.output.parts)?)
    } else if let Some(pdf) = job.output.book {
        Drawn::Page(Box::new(pdf.draw(&maze)?))
    } else if maze_bytes(job) > RENDERED_ON_THREADS {
        Drawn::Later(Box::new(maze))
    } else {
        let mut bytes = spare.pop().unwrap_or_default();
        // Reserved up front, not grown by doubling: 5% of the time of a 10x10-cell maze.
        bytes.clear();
        bytes.reserve(maze_bytes(job) as usize);
        rendering.renderer.render(&maze, &mut bytes)?;
        Drawn::Bytes(bytes)
    };
    Ok(Piece { drawn, table })
}
