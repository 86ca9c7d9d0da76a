//! Settles a dataset: many mazes in one run, or mazes chosen by difficulty.

use super::output::{Rendering, rendering};
use super::{Seed, bad_input};
use crate::app::cli::{EndpointRule, Format, MazeArgs, OutputArgs};
use mazegen::algorithms::{Generator, square_walk_steps};
use mazegen::dataset::DatasetSpec;
use mazegen::grid::tiles_from_cells;
use mazegen::maze::{Blank, Finish, MazeSpec};
use mazegen::render::{ArrayLayout, ArrayParts, Holds, Many, Npz, Pdf};
use mazegen::solve::trace::Search;
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
    pub array: Option<ArrayLayout>,
    /// Gather the mazes into one archive of arrays, written once the last is made (`npz`).
    pub archive: bool,
    /// The parts of that archive.
    pub parts: mazegen::render::ArrayParts,
    /// Gather the mazes into one book of pages, written once the last is made (`pdf`).
    pub book: Option<Pdf>,
    /// Whether each maze's document records its seed (JSON); otherwise a single maze's seed is
    /// printed on standard error when the user cannot know it.
    pub records_seed: bool,
    /// The arrays a format of arrays holds (`npy`, `npy-connections`, `npz`), which it may
    /// fill in place.
    pub arrays: Option<ArrayParts>,
}

/// The arrays `format` holds, if it is a format of arrays whose arrays can be filled in
/// place: not with traces (`--trace`), whose lengths are known only once they are made.
fn array_parts(format: Format, trace: Option<Search>) -> Option<ArrayParts> {
    let only = |tiles, connections| ArrayParts {
        tiles,
        connections,
        tokens: false,
        trace: None,
    };
    match format {
        Format::Npy => Some(only(true, false)),
        Format::NpyConnections => Some(only(false, true)),
        Format::Npz if trace.is_none() => Some(Npz::PARTS),
        _ => None,
    }
}

/// Whether the options ask for the dataset loop: several mazes, a dataset format, or
/// anything that chooses or places mazes by their figures.
pub fn wanted(args: &MazeArgs) -> bool {
    let dataset = &args.dataset;
    // A chunked maze made whole takes --jobs for its chunks, and is written as one array;
    // a giant maze's settling refuses them elsewhere.
    let format = args.output.format;
    let array = format.is_none_or(|f| f == Format::Npy || !f.takes().dataset_only());
    if args.giant.given().is_some() && array && !many_or_chosen(args) {
        return false;
    }
    dataset.count.is_some()
        || dataset.jobs.is_some()
        || dataset.shard.is_some()
        || dataset.unique
        || dataset.endpoints.is_some()
        || dataset.min_distance.is_some()
        || !dataset.bounds.given().is_empty()
        || args
            .output
            .format
            .is_some_and(|format| format.takes().dataset_only())
}

/// What makes a maze command a dataset, as the command line gave it: a dataset option (`--count
/// 5`, `--unique`, `--min-solution 30`, ...), `--endpoints farthest`, or a format that writes
/// datasets only.
enum DatasetCause {
    /// A dataset option, spelled as given.
    Option(String),
    /// `--endpoints farthest` or `random`.
    Endpoints(EndpointRule),
    /// A format of datasets (`jsonl`, `npy`, `npy-connections`, `npz`, `tokens`).
    Format(Format),
}

/// Whether the options ask for many mazes, or for mazes chosen or placed by their figures:
/// what `--count`, `--shard`, `--unique`, `--endpoints` and the bounds do.
fn many_or_chosen(args: &MazeArgs) -> bool {
    let dataset = &args.dataset;
    dataset.count.is_some()
        || dataset.shard.is_some()
        || dataset.unique
        || dataset.endpoints.is_some()
        || !dataset.bounds.given().is_empty()
}

/// The first thing on the command line that asks for a dataset (see [`wanted`]).
fn dataset_cause(args: &MazeArgs) -> Option<DatasetCause> {
    let dataset = &args.dataset;
    let bound = dataset.bounds.given().into_iter().next().map(|bound| {
        let (end, value) = match (bound.min, bound.max) {
            (Some(min), _) => ("min", min),
            (None, max) => ("max", max.unwrap_or_default()),
        };
        format!("--{end}-{} {value}", bound.figure.name())
    });
    let options = [
        dataset.count.map(|count| format!("--count {count}")),
        dataset.jobs.map(|jobs| format!("--jobs {jobs}")),
        (dataset.shard).map(|shard| format!("--shard {}/{}", shard.index, shard.of)),
        dataset.unique.then(|| "--unique".to_string()),
        bound,
    ];
    if let Some(option) = options.into_iter().flatten().next() {
        return Some(DatasetCause::Option(option));
    }
    if let Some(rule) = dataset.endpoints {
        return Some(DatasetCause::Endpoints(rule));
    }
    let format = args
        .output
        .format
        .filter(|format| format.takes().dataset_only());
    format.map(DatasetCause::Format)
}

/// The refusal of `flag`, which makes one `what` (a maze, a labyrinth) at a time written as
/// `formats`, beside what asks for a dataset: names the option, `--endpoints` or the format
/// that does.
fn one_at_a_time(args: &MazeArgs, flag: &str, what: &str, formats: &[Format]) -> anyhow::Error {
    bad_input(match dataset_cause(args) {
        Some(DatasetCause::Option(option)) => format!(
            "{flag} makes one {what} at a time, and {option} is an option of datasets; leave \
             one of them out"
        ),
        Some(DatasetCause::Endpoints(rule)) => format!(
            "--endpoints {} places the ends of the mazes of a dataset, and {flag} makes one \
             {what} at a time; leave --endpoints out (--start and --goal place the ends of one \
             {what})",
            rule.name()
        ),
        Some(DatasetCause::Format(format)) => format!(
            "--format {} writes datasets, and {flag} makes one {what} at a time; {flag} is \
             written as --format {}",
            format.name(),
            super::output::format_names(formats.iter().copied())
        ),
        None => format!("{flag} makes one {what} at a time, not a dataset"),
    })
}

/// Refuses a finishing option whose result `format` does not hold: `--solve` for a format
/// without solutions, `--start`, `--goal` or `--endpoints` for one without endpoints (unless
/// they choose mazes by their figures, or open the outer wall where the format shows it), and
/// `--openings` for one without openings. `substitutes` names the dataset formats that hold
/// what a test of [`Holds`] asks for.
fn refuse_unheld(
    args: &MazeArgs,
    format: Format,
    substitutes: impl Fn(fn(Holds) -> bool) -> String,
) -> anyhow::Result<()> {
    let holds = format.takes().holds;
    let name = format.name();
    let endpoints = &args.endpoints;
    let refusal = |flag: &str, what: &str, holding: fn(Holds) -> bool, or: &str| {
        bad_input(format!(
            "{flag}: --format {name} does not hold {what}; --format {} does,{or} or leave \
             {flag} out",
            substitutes(holding)
        ))
    };
    if args.solve && !holds.solution {
        return Err(refusal("--solve", "the solution", |h| h.solution, ""));
    }
    if endpoints.openings && !holds.openings {
        let what = "openings in the outer wall";
        return Err(refusal("--openings", what, |h| h.openings, ""));
    }
    let placed = [
        endpoints.start.map(|start| format!("--start {start}")),
        endpoints.goal.map(|goal| format!("--goal {goal}")),
        (args.dataset.endpoints).map(|rule| format!("--endpoints {}", rule.name())),
    ];
    // Endpoints matter where they are shown as openings, or choose mazes by their figures.
    let shown = endpoints.openings && holds.openings;
    let chooses = !args.dataset.bounds.given().is_empty();
    match placed.into_iter().flatten().next() {
        Some(flag) if !holds.endpoints && !shown && !chooses => {
            let or = match holds.openings {
                true => format!(" --openings shows them as openings in {name}'s outer wall,"),
                false => String::new(),
            };
            Err(refusal(&flag, "the start and goal", |h| h.endpoints, &or))
        }
        _ => Ok(()),
    }
}

/// Refuses NumPy arrays where a command writes one maze read from a document.
pub fn refuse_arrays(output: &OutputArgs) -> anyhow::Result<()> {
    match output.format.map(Format::takes) {
        Some(takes) if matches!(takes.many, Some(Many::Array | Many::Archive)) => Err(bad_input(
            "--format npy, npy-connections and npz write arrays of generated mazes: use \
                 them with a maze command",
        )),
        _ => Ok(()),
    }
}

/// Random-walk steps a maze past which a dataset on a thin shape is refused without
/// `--allow-slow`: about 2.5 s at Aldous-Broder's best (4e8 steps a second), a few seconds a
/// maze.
const SLOW_WALK: f64 = 1e9;

/// How many times a square's walk a shape must take to count as thin: large squares are slow
/// as their size says, and are not refused.
const THIN: f64 = 10.0;

/// Settles a maze command into a dataset job.
pub fn settle(
    generator: Box<dyn Generator + Send + Sync>,
    args: MazeArgs,
) -> anyhow::Result<DatasetJob> {
    if let Some(flag) = args.giant.given() {
        let mut formats = super::maze::WINDOW_FORMATS.to_vec();
        // A chunked maze made whole is also written as one array.
        if args.giant.window.is_none() {
            formats.push(Format::Npy);
        }
        return Err(one_at_a_time(&args, flag, "maze", &formats));
    }
    if args.unicursal {
        let formats: Vec<Format> = Format::maze_formats()
            .filter(|&format| format != Format::Events && !format.takes().dataset_only())
            .collect();
        return Err(one_at_a_time(&args, "--unicursal", "labyrinth", &formats));
    }
    let shape = super::maze::blank_shape(&args)?;
    let blank = match shape.clone() {
        Some(blank) => Blank::Shape(blank),
        None => {
            let (width, rows) = args.size.rectangle().map_err(bad_input)?;
            super::maze::check_cell_limit(generator.as_ref(), &args.size, width, rows)?;
            let height = u32::try_from(rows).expect("within the cell limit");
            Blank::Rect { width, height }
        }
    };
    let format = super::output::format_of(&args.output);
    let takes = format.takes();
    let records_seed = takes.records_seed;
    let dataset = &args.dataset;
    let count = dataset.count.unwrap_or(1);
    if let Some(steps) = dataset.min_distance
        && dataset.endpoints != Some(EndpointRule::Random)
    {
        return Err(bad_input(format!(
            "--min-distance {steps} keeps random endpoints apart: add --endpoints random, or \
             leave --min-distance out"
        )));
    }
    let seed = Seed::settle(args.seed, dataset.quiet);
    let spec = DatasetSpec {
        maze: MazeSpec {
            generator,
            blank,
            finish: Finish {
                farthest: dataset.endpoints == Some(EndpointRule::Farthest),
                random_ends: (dataset.endpoints == Some(EndpointRule::Random))
                    .then(|| dataset.min_distance.unwrap_or(1)),
                solve: args.solve || takes.solved,
                ..super::maze::finish_of(&args, shape.as_ref())?
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
            .map_or(1, |jobs| jobs.get().min(mazegen::dataset::MAX_JOBS)),
        unique: dataset.unique,
        bounds: dataset.bounds.given(),
    };
    // The mazes' own refusals first, then the formats', then the dataset's (bounds, unique).
    spec.maze.check().map_err(super::flags::with_flags)?;
    let steps = super::maze::walk_steps(&spec.maze);
    let thin = steps > THIN * square_walk_steps(spec.maze.blank.cell_count());
    if dataset.count.is_some() && steps > SLOW_WALK && thin && !dataset.allow_slow {
        let fast = [
            "backtrack",
            "kruskal",
            "prim",
            "hunt-and-kill",
            "growing-tree",
        ];
        return Err(bad_input(format!(
            "--count {count}: {} takes about {steps:.1e} random-walk steps a maze on this {} \
             (seconds each: a random walk crosses a thin shape back and forth); {} make \
             such mazes at once, or add --allow-slow",
            spec.maze.generator.name(),
            spec.maze.blank.name(),
            fast.join(", ")
        )));
    }
    let in_tiles = matches!(shape, None | Some(Shape::Masked(_)));
    // npz gives endpoints and solutions as (row, column), which cannot say a level.
    let levels = matches!(shape, Some(Shape::Levels(_)));
    let writes_many = |format: Format| {
        let takes = format.takes();
        takes.many.is_some()
            && if in_tiles {
                takes.tiles
            } else {
                takes.any_shape && !(levels && format == Format::Npz)
            }
    };
    if count > 1 && !writes_many(format) {
        let names: Vec<String> = Format::maze_formats()
            .filter(|&format| writes_many(format))
            .map(|format| format.name())
            .collect();
        return Err(bad_input(format!(
            "--count {count} writes {} mazes as {}, not --format {}",
            shape
                .as_ref()
                .map_or("rectangular".to_string(), Shape::description),
            names.join(", "),
            format.name()
        )));
    }
    let substitutes = |holds: fn(Holds) -> bool| {
        let formats = Format::maze_formats().filter(|&other| {
            writes_many(other) && other.takes().dataset_only() && holds(other.takes().holds)
        });
        super::output::format_names(formats)
    };
    refuse_unheld(&args, format, substitutes)?;
    if format == Format::Events || args.animation.animate {
        let what = if args.animation.animate {
            "--animate"
        } else {
            "--format events"
        };
        return Err(bad_input(format!(
            "{what} shows how one maze is generated: it cannot be combined with --count, \
             --shard, --jobs, --unique, --endpoints, difficulty bounds or --format jsonl, npy, npz or \
             tokens"
        )));
    }
    if let Some(jobs) = dataset.jobs
        && !many_or_chosen(&args)
    {
        return Err(bad_input(format!(
            "--jobs {jobs} makes the mazes of a dataset (--count N) or the chunks of a chunked \
             maze (--chunk C) on threads, and one maze is made on one; leave --jobs out"
        )));
    }
    spec.check()
        .map_err(|error| super::flags::dataset_with_flags(error, &spec))?;
    let (width, height) = spec.maze.blank.extent();
    let rendering = match &shape {
        Some(blank) => {
            let sizing = super::maze::shape_sizing(&args, blank);
            super::output::shape_output(&args.output, blank, &sizing)?
        }
        None => {
            let rendering = rendering(&args.output, Format::Term)?;
            let sizing = super::maze::rect_sizing(&args.size, width, height.into());
            rendering.check_picture(tiles_from_cells(width), tiles_from_cells(height), &sizing)?;
            rendering
        }
    };
    (rendering.renderer.check_blank(&spec.maze.blank))
        .map_err(|error| super::flags::dataset_with_flags(error, &spec))?;
    Ok(DatasetJob {
        spec,
        seed,
        output: DatasetOutput {
            separate: takes.many == Some(Many::Separated),
            archive: takes.many == Some(Many::Archive),
            parts: mazegen::render::ArrayParts {
                trace: args.output.trace,
                ..mazegen::render::Npz::PARTS
            },
            book: (takes.many == Some(Many::Book)).then(|| super::output::book(&args.output)),
            array: rendering.renderer.array(width, height),
            records_seed,
            arrays: array_parts(format, args.output.trace),
            rendering,
        },
        progress: !dataset.quiet,
    })
}
