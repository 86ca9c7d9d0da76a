//! The options at fault in the library's refusals: the library speaks of parts and values
//! ([`Part`], [`DatasetError`]), the command line names its flags.

use super::bad_input;
use mazegen::MazeError;
use mazegen::caves::{CaveOptions, CavesError};
use mazegen::dataset::{Bound, DatasetError, DatasetSpec, why_most};
use mazegen::grid::Part;
use mazegen::maze::Blank;
use mazegen::rooms::{RoomOptions, RoomsError};

/// `error`, with the flags behind it named: the part of a maze spec it is about as the flags
/// that set it.
pub fn with_flags(error: impl Into<mazegen::Error>) -> anyhow::Error {
    let error = match error.into() {
        mazegen::Error::Maze(error) => error,
        error => return error.into(),
    };
    let refusal = |error: MazeError| anyhow::Error::new(mazegen::Error::Maze(error));
    match error {
        MazeError::Refused { part, error } => {
            let flags = match part {
                Part::Start(pos) => format!("--start {},{}", pos.x, pos.y),
                Part::Goal(pos) => format!("--goal {},{}", pos.x, pos.y),
                Part::Endpoints(start, goal) => format!(
                    "--start {},{} --goal {},{}",
                    start.x, start.y, goal.x, goal.y
                ),
                Part::Openings => "--openings".into(),
                Part::From(pos) => format!("--from {},{}", pos.x, pos.y),
                Part::Unicursal => "--unicursal".into(),
                Part::Farthest => "--endpoints farthest".into(),
                Part::Braid => "--braid".into(),
                Part::RandomEnds(steps) => {
                    format!("--endpoints random --min-distance {steps}")
                }
            };
            refusal(*error).context(flags)
        }
        MazeError::Labyrinth { .. } => refusal(error).context("--unicursal"),
        MazeError::Unsolvable { method, cell } => bad_input(format!(
            "--method {method} cannot solve this maze: its walk came back to cell {cell} the same \
             way as before without reaching the goal, and would go round forever (the goal lies \
             off the walls it follows, on a loop or an island); use --method tremaux, \
             dead-end-filling or shortest, which solve every maze"
        )),
        MazeError::MethodShape { method, shape } => bad_input(format!(
            "--method {method} keeps a heading, which the cells of a {shape} maze do not share: \
             it solves rect, mask and hex mazes; use --method wall-follower, tremaux, \
             dead-end-filling or shortest, which solve every shape"
        )),
        MazeError::TooManySeeds { seeds, .. } => {
            refusal(error).context(format!("--walkers {seeds}"))
        }
        MazeError::BookTooLarge { mazes, .. } => refusal(error).context(format!("--count {mazes}")),
        MazeError::FarthestPlaced => bad_input(
            "--endpoints farthest places the start and goal itself: it cannot be combined with \
             --start, --goal or --openings",
        ),
        MazeError::RandomEndsPlaced => bad_input(
            "--endpoints random draws the start and goal of each maze: it cannot be combined \
             with --start, --goal or --openings",
        ),
        error => refusal(error),
    }
}

/// [`with_flags`] for a refusal of `spec`'s dataset, whose own refusals speak of `--min-...`,
/// `--unique` and `--count`.
pub fn dataset_with_flags(error: impl Into<mazegen::Error>, spec: &DatasetSpec) -> anyhow::Error {
    match error.into() {
        // Threads that would not start are the system's failure, not a refusal: no flag to name.
        mazegen::Error::Dataset(failure) if matches!(*failure, DatasetError::NoThreads { .. }) => {
            mazegen::Error::Dataset(failure).into()
        }
        mazegen::Error::Dataset(refusal) => {
            dataset_refusal(*refusal, &spec.bounds, &spec.maze.blank)
        }
        error => with_flags(error),
    }
}

/// A dataset's refusal, naming its flags.
fn dataset_refusal(error: DatasetError, bounds: &[Bound], blank: &Blank) -> anyhow::Error {
    // How messages name the mazes: "a 10x10-cell maze", "a hex maze of 100 cells".
    let described = match blank {
        Blank::Rect { width, height } => format!("a {width}x{height}-cell maze"),
        Blank::Shape(shape) => format!(
            "a {} maze of {} cells",
            shape.description(),
            blank.cell_count()
        ),
    };
    bad_input(match error {
        DatasetError::BoundsCross { figure, min, max } => {
            let name = figure.name();
            format!("--min-{name} {min} is above --max-{name} {max}: no maze can be within both")
        }
        DatasetError::BoundPastMost { figure, min, most } => format!(
            "--min-{} {min}: {described} has at most {most} ({})",
            figure.name(),
            why_most(figure)
        ),
        DatasetError::TortuosityBelowOne { max } => format!(
            "--max-tortuosity {max}: a solution is never shorter than the Manhattan distance \
             between its ends (tortuosity 1)"
        ),
        DatasetError::TooFewMazes { count, trees } => format!(
            "--unique --count {count}: {described} has only {trees} distinct perfect mazes; ask \
             for at most {trees}, or a larger size"
        ),
        error @ DatasetError::NoMemory { .. } => {
            format!("{error}; use fewer --jobs, or a smaller size")
        }
        error @ DatasetError::UniqueTooFar { .. } => {
            format!("--unique: {error}; make fewer mazes, or leave --unique out")
        }
        DatasetError::TooFewDistinct { found, repeats } => format!(
            "--unique: only {found} distinct mazes found, then {repeats} repeats in a row; the \
             algorithm seems to make no more at this size: ask for at most {found}, or a larger \
             size"
        ),
        DatasetError::BoundsMissed {
            index,
            tries,
            closest,
        } => mazegen::dataset::bounds_missed(bounds, index, tries, &closest, |end, figure| {
            format!("--{end}-{}", figure.name())
        }),
        error => error.to_string(),
    })
}

/// Names the command-line options behind a room map the library refused before its message,
/// which speaks of values and limits: `--max-doors 1: 5 rooms cannot all be connected ...`.
pub fn with_options_at_fault(
    error: impl Into<mazegen::Error>,
    options: &RoomOptions,
) -> anyhow::Error {
    let error = error.into();
    let mazegen::Error::Rooms(refusal) = &error else {
        return error.into();
    };
    let count = format!("--count {}", options.count);
    let room_size = format!(
        "--room-size {}..{}",
        options.room_size.min, options.room_size.max
    );
    let p = options.p.map(|p| format!("--p {p}"));
    let sides = [("--width", options.width), ("--height", options.height)]
        .into_iter()
        .filter_map(|(flag, side)| Some(format!("{flag} {}", side?)));
    let sized = options.width.is_some() || options.height.is_some();
    let flags: Vec<String> = match refusal {
        RoomsError::MaxDoors { max_doors, .. } => vec![format!("--max-doors {max_doors}")],
        RoomsError::TreeStuck { max_doors, .. } => vec![
            format!("--max-doors {max_doors}"),
            "--candidates delaunay".into(),
        ],
        RoomsError::DelaunayNeedsMap => {
            vec!["--candidates delaunay".into(), "--map never".into()]
        }
        RoomsError::MapTooNarrow { .. } => sides.chain([room_size]).collect(),
        RoomsError::MapTooCrowded { .. } | RoomsError::PlacementFailed { .. } => {
            sides.chain([count, room_size]).collect()
        }
        RoomsError::MapTooLarge { .. } if sized => sides.collect(),
        RoomsError::MapTooLarge { .. } => vec![count, room_size],
        RoomsError::TooManyEdges { .. } => [count].into_iter().chain(p).collect(),
        RoomsError::TooManyLocks { locks, .. } => vec![count, format!("--locks {locks}")],
        RoomsError::TooManyCycles { cycles, .. } => vec![count, format!("--cycles {cycles}")],
        RoomsError::CyclesDontFit { cycles, .. } => vec![count, format!("--cycles {cycles}")],
        RoomsError::LocksWalledIn { locks, .. } => {
            sides.chain([format!("--locks {locks}")]).collect()
        }
        RoomsError::MazeNeedsMap => vec!["--corridors maze".into(), "--map never".into()],
        RoomsError::MazeRoundCycles => vec!["--corridors maze".into(), "--cycles".into()],
        RoomsError::MazeAlgorithm { name, .. } => vec![format!("--maze-algorithm {name}")],
        RoomsError::Prefab { .. } => vec!["--prefab".into()],
        RoomsError::NoRoute { .. } | RoomsError::WalledIn { .. } => {
            sides.chain([count, room_size]).collect()
        }
        RoomsError::TooManyCorridorTiles { .. } => {
            [count].into_iter().chain(p).chain(sides).collect()
        }
        _ => return error.into(),
    };
    anyhow::Error::new(error).context(flags.join(" "))
}

/// Names the command-line options behind a cave the library refused before its message.
pub fn caves_with_flags(error: impl Into<mazegen::Error>, options: &CaveOptions) -> anyhow::Error {
    let error = error.into();
    let mazegen::Error::Caves(refusal) = &error else {
        return error.into();
    };
    let flags = match refusal {
        CavesError::TooManyLocks { locks, .. } => format!("--locks {locks}"),
        CavesError::DungeonOutOfMemory { floors, .. } => format!(
            "--floors {floors} --width {} --height {}",
            options.width, options.height
        ),
        CavesError::NoCavern { .. } => format!(
            "--width {} --height {} --fill {} --rule {} --steps {} --min-size {}",
            options.width,
            options.height,
            options.fill.get(),
            options.rule.name(),
            options.steps,
            options.min_size
        ),
        _ => format!("--width {} --height {}", options.width, options.height),
    };
    anyhow::Error::new(error).context(flags)
}
