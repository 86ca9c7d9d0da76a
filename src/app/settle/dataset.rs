//! Settles a dataset: many mazes in one run, or mazes chosen by difficulty.

use super::output::{Rendering, rendering};
use super::{Seed, bad_input};
use crate::app::cli::{EndpointRule, Format, MazeArgs, OutputArgs};
use crate::app::output::Target;
use mazegen::algorithms::Generator;
use mazegen::dataset::DatasetSpec;
use mazegen::grid::tiles_from_cells;
use mazegen::maze::{Blank, Finish, MazeSpec};
use mazegen::render::{NpyConnections, NpyTiles};
use mazegen::topology::Shape;

/// Many mazes to generate, finish, filter and write in index order.
pub struct DatasetJob {
    /// The mazes, checked.
    pub spec: DatasetSpec,
    /// The run's seed (the spec's), and whether to report it.
    pub seed: Seed,
    /// How the mazes are written.
    pub output: DatasetOutput,
    /// Show a progress bar (when standard error is a terminal).
    pub progress: bool,
}

/// How a dataset is written.
pub struct DatasetOutput {
    /// How each maze is written, and where the run goes.
    pub rendering: Rendering,
    /// A blank line between mazes (`term` and `text`).
    pub separate: bool,
    /// For NumPy arrays, the element type and the shape of one maze; the header comes first.
    pub array: Option<(&'static str, Vec<u64>)>,
    /// Whether each maze's document records its seed (JSON); otherwise a single maze's seed is
    /// printed on standard error when the user cannot know it.
    pub records_seed: bool,
}

/// Whether the options ask for the dataset loop: several mazes, a dataset format, or
/// anything that chooses or places mazes by their figures.
pub fn wanted(args: &MazeArgs) -> bool {
    let dataset = &args.dataset;
    dataset.count.is_some()
        || dataset.jobs.is_some()
        || dataset.shard.is_some()
        || dataset.unique
        || dataset.endpoints.is_some()
        || !dataset.bounds.given().is_empty()
        || matches!(
            args.output.format,
            Some(Format::Jsonl | Format::Npy | Format::NpyConnections)
        )
}

/// Refuses NumPy arrays where a command writes one maze read from a document.
pub fn refuse_arrays(output: &OutputArgs) -> anyhow::Result<()> {
    match output.format {
        Some(Format::Npy | Format::NpyConnections) => Err(bad_input(
            "--format npy and npy-connections write arrays of generated mazes: use them with a \
             maze command",
        )),
        _ => Ok(()),
    }
}

/// Refuses to write a binary array to a terminal.
pub fn refuse_array_to_terminal(format: Format, target: &Target) -> anyhow::Result<()> {
    if matches!(format, Format::Npy | Format::NpyConnections) && target.is_terminal() {
        return Err(bad_input(
            "refusing to write a NumPy array to a terminal: use --output FILE or a pipe",
        ));
    }
    Ok(())
}

/// Settles a maze command into a dataset job.
pub fn settle(
    generator: Box<dyn Generator + Send + Sync>,
    args: MazeArgs,
) -> anyhow::Result<DatasetJob> {
    let shape = super::maze::blank_shape(&args)?;
    let blank = match shape.clone() {
        Some(blank) => Blank::Shape(blank),
        None => {
            let (width, rows) = args.size.cells();
            super::maze::check_cell_limit(generator.as_ref(), width, rows)?;
            let height = u32::try_from(rows).expect("within the cell limit");
            Blank::Rect { width, height }
        }
    };
    let format = super::output::format_of(&args.output);
    let records_seed = matches!(format, Format::Json | Format::Jsonl | Format::Graph);
    let dataset = &args.dataset;
    let count = dataset.count.unwrap_or(1);
    let seed = Seed::settle(args.seed, records_seed);
    let spec = DatasetSpec {
        maze: MazeSpec {
            generator,
            blank,
            finish: Finish {
                farthest: dataset.endpoints == Some(EndpointRule::Farthest),
                ..super::maze::finish_of(&args)
            },
        },
        seed: seed.value,
        count,
        slots: match dataset.shard {
            Some(shard) => mazegen::dataset::shard(count, shard.index, shard.of)
                .expect("--shard K/N is parsed with 1 <= K <= N"),
            None => 0..count,
        },
        single: dataset.count.is_none(),
        jobs: dataset
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, |jobs| jobs.get()),
        unique: dataset.unique,
        bounds: dataset.bounds.given(),
    };
    // The mazes' own refusals first, then the formats', then the dataset's (bounds, unique).
    spec.maze.check().map_err(super::flags::with_flags)?;
    let in_tiles = matches!(shape, None | Some(Shape::Masked(_)));
    let many = if in_tiles {
        &[
            Format::Term,
            Format::Text,
            Format::Jsonl,
            Format::Npy,
            Format::NpyConnections,
        ][..]
    } else {
        &[Format::Term, Format::Text, Format::Jsonl]
    };
    if count > 1 && !many.contains(&format) {
        let names: Vec<String> = many.iter().map(|format| format.name()).collect();
        return Err(bad_input(format!(
            "--count {count} writes {} mazes as {}, not --format {}",
            shape.as_ref().map_or("rectangular", Shape::name),
            names.join(", "),
            format.name()
        )));
    }
    if format == Format::Events || args.animation.animate {
        let what = if args.animation.animate {
            "--animate"
        } else {
            "--format events"
        };
        return Err(bad_input(format!(
            "{what} shows how one maze is generated: it cannot be combined with --count, \
             --shard, --jobs, --unique, --endpoints, difficulty bounds or --format jsonl/npy"
        )));
    }
    spec.check()
        .map_err(|error| super::flags::dataset_with_flags(error, &spec))?;
    let (width, height) = spec.maze.blank.extent();
    let rendering = match &shape {
        Some(blank) => super::output::shape_output(&args.output, blank)?,
        None => {
            let rendering = rendering(&args.output, Format::Term)?;
            rendering.check_picture(tiles_from_cells(width), tiles_from_cells(height))?;
            rendering
        }
    };
    let array = match format {
        Format::Npy => Some(NpyTiles::layout(width, height)),
        Format::NpyConnections => Some(NpyConnections::layout(width, height)),
        _ => None,
    };
    Ok(DatasetJob {
        spec,
        seed,
        output: DatasetOutput {
            separate: matches!(format, Format::Term | Format::Text),
            array,
            records_seed,
            rendering,
        },
        progress: !dataset.quiet,
    })
}
