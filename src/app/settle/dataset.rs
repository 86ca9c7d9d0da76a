//! Settles a dataset: many mazes in one run, or mazes chosen by difficulty.

use super::{Finish, Rendering, Seed, bad_input, check_endpoints, rendering};
use crate::app::cli::{EndpointRule, Format, MazeArgs, OutputArgs};
use crate::app::output::Target;
use mazegen::algorithms::Generator;
use mazegen::analysis::Figure;
use mazegen::dataset::{Bound, shape_tree_count, spanning_tree_count};
use mazegen::grid::tiles_from_cells;
use mazegen::render::{NpyConnections, NpyTiles};
use mazegen::shapes::{Shape, Topology};
use std::ops::Range;

/// Many mazes to generate, finish, filter and write in index order.
pub struct DatasetJob {
    /// The algorithm and its options.
    pub generator: Box<dyn Generator + Send + Sync>,
    /// The blank shape each maze is carved into, unless a plain rectangle.
    pub shape: Option<Shape>,
    /// Width in cells (of the rectangle a shape lies in).
    pub width: u32,
    /// Height in cells.
    pub height: u32,
    /// The run's seed, from which every maze's own seed is derived.
    pub seed: Seed,
    /// No `--count`: the run's seed is the first candidate's own, as for a single maze.
    pub single: bool,
    /// The indices this run writes (`--shard`, else all).
    pub slots: Range<u64>,
    /// Threads generating mazes.
    pub jobs: usize,
    /// No two mazes with the same passages.
    pub unique: bool,
    /// Figures every maze must lie within.
    pub bounds: Vec<Bound>,
    /// What is done to each maze once generated.
    pub finish: Finish,
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
    let shape = super::blank_shape(&args)?;
    let (width, height, cells) = match &shape {
        Some(blank) => {
            super::check_shape_options(generator.as_ref(), &args, blank)?;
            let (width, height) = mazegen::with_topology!(blank, t => t.extent());
            (width, height, blank.cell_count() as u64)
        }
        None => {
            let (width, rows) = args.size.cells();
            super::check_cell_limit(generator.as_ref(), width, rows)?;
            let height = u32::try_from(rows).expect("within the cell limit");
            (width, height, u64::from(width) * u64::from(height))
        }
    };
    // How messages name the mazes: "a 10x10-cell maze", "a hex maze of 100 cells".
    let described = match &shape {
        Some(blank) => format!("a {} maze of {cells} cells", blank.name()),
        None => format!("a {width}x{height}-cell maze"),
    };
    let dataset = &args.dataset;
    let farthest = dataset.endpoints == Some(EndpointRule::Farthest);
    let endpoints = super::Endpoints::settle(&args.endpoints);
    if farthest && (endpoints.start.is_some() || endpoints.goal.is_some() || endpoints.openings) {
        return Err(bad_input(
            "--endpoints farthest places the start and goal itself: it cannot be combined with \
             --start, --goal or --openings",
        ));
    }
    if shape.is_none() {
        check_endpoints(&endpoints, width, height)?;
    }
    let in_tiles = matches!(shape, None | Some(Shape::Masked(_)));
    let format = super::format_of(&args.output);
    let count = dataset.count.unwrap_or(1);
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
    let bounds = bounds(&args, cells, &described)?;
    if dataset.unique && args.braid.is_none() {
        let trees = match &shape {
            Some(blank) => mazegen::with_topology!(blank, t => shape_tree_count(t)),
            None => spanning_tree_count(width, height),
        };
        check_enough_mazes(count, trees, &described)?;
    }
    let rendering = match &shape {
        Some(blank) => super::shape_output(&args.output, blank)?,
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
    let slots = match dataset.shard {
        Some(shard) => {
            let edge = |k: u64| (u128::from(count) * u128::from(k) / u128::from(shard.of)) as u64;
            edge(shard.index - 1)..edge(shard.index)
        }
        None => 0..count,
    };
    let recorded = matches!(format, Format::Json | Format::Jsonl | Format::Graph);
    let seed = Seed::settle(args.seed, recorded);
    Ok(DatasetJob {
        generator,
        shape,
        width,
        height,
        seed,
        single: dataset.count.is_none(),
        slots,
        jobs: dataset
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, |jobs| jobs.get()),
        unique: dataset.unique,
        bounds,
        finish: Finish {
            braid: args.braid,
            endpoints,
            solve: args.solve,
            farthest,
        },
        output: DatasetOutput {
            separate: matches!(format, Format::Term | Format::Text),
            array,
            records_seed: recorded,
            rendering,
        },
        progress: !dataset.quiet,
    })
}

/// The difficulty bounds, each checked: its minimum not above its maximum, and within what a
/// maze of `cells` cells (`described` so in messages) allows.
fn bounds(args: &MazeArgs, cells: u64, described: &str) -> anyhow::Result<Vec<Bound>> {
    let mut bounds = Vec::new();
    for (figure, min, max) in args.dataset.bounds.given() {
        let name = figure.name();
        if let (Some(min), Some(max)) = (min, max)
            && min > max
        {
            return Err(bad_input(format!(
                "--min-{name} {min} is above --max-{name} {max}: no maze can be within both"
            )));
        }
        let most = figure.most(cells);
        if let Some(min) = min
            && min > most
        {
            return Err(bad_input(format!(
                "--min-{name} {min}: {described} has at most {most} ({})",
                what_most(figure)
            )));
        }
        if figure == Figure::Tortuosity
            && let Some(max) = max
            && max < 1.0
        {
            return Err(bad_input(format!(
                "--max-tortuosity {max}: a solution is never shorter than the Manhattan \
                 distance between its ends (tortuosity 1)"
            )));
        }
        bounds.push(Bound { figure, min, max });
    }
    Ok(bounds)
}

/// Why a figure cannot pass its greatest value.
const fn what_most(figure: Figure) -> &'static str {
    match figure {
        Figure::Solution | Figure::Decisions | Figure::BranchDepth => {
            "a path visits each cell once"
        }
        Figure::Tortuosity => "a path of at most cells - 1 steps",
        Figure::SolutionShare => "all its cells",
    }
}

/// Refuses more distinct mazes than the shape (`described` so in messages) has spanning
/// `trees`, where they could be counted.
fn check_enough_mazes(count: u64, trees: Option<u64>, described: &str) -> anyhow::Result<()> {
    match trees {
        Some(trees) if count > trees => Err(bad_input(format!(
            "--unique --count {count}: {described} has only {trees} distinct perfect mazes; \
             ask for at most {trees}, or a larger size"
        ))),
        _ => Ok(()),
    }
}
