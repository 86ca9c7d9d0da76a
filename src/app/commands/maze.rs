//! Maze commands: generate the maze, finish it, and write it (rendered, animated on the way,
//! or as the generator's events).

use super::write_maze;
use crate::app::animate::{Animator, Pace, Screen, ShapeAnimator, Stop};
use crate::app::settle::{Chunked, Destination, MazeJob, walk_steps, with_flags};
use crate::app::{output::Target, progress::Progress, terminal::TerminalScreen};
use mazegen::Maze;
use mazegen::algorithms::{Generator, stream::MazeRows};
use mazegen::events::{Event, JsonLines, Observer};
use mazegen::maze::{Blank, Carved, EVENTS_SCHEMA, EventsHeader, MazeSpec};
use std::io;
use std::io::IsTerminal;

/// Carries out a maze job.
pub fn run(job: MazeJob) -> anyhow::Result<()> {
    let MazeJob {
        spec,
        seed,
        destination,
        quiet,
    } = job;
    let generator = spec.generator.as_ref();
    // Only rectangles are streamed.
    let (width, height) = spec.blank.extent();
    match destination {
        Destination::Events(target) => write_events(&spec, seed.value, &target),
        Destination::Stream(rendering, rows) => {
            let mut rows = MazeRows::new(generator, width, rows, seed.value)?;
            let renderer = rendering.renderer.streams().expect("settled as streaming");
            rendering
                .target
                .write(|out| renderer.render_rows(&mut rows, out))
        }
        Destination::Chunks(giant, jobs, Chunked::Streamed(rendering)) => {
            let mut rows = giant.rows(generator, seed.value, jobs)?;
            let renderer = rendering.renderer.streams().expect("settled as streaming");
            rendering.target.write(|out| {
                renderer.render_rows(&mut rows, out)?;
                rows.failure()
                    .map_or(Ok(()), |error| Err(io::Error::other(error)))
            })
        }
        Destination::Chunks(giant, jobs, Chunked::Whole(rendering)) => {
            let maze = giant.whole(generator, seed.value, jobs)?;
            write_maze(&finished(maze, &spec)?, &rendering)
        }
        Destination::Render(rendering) => write_maze(&made(&spec, seed.value, quiet)?, &rendering),
        Destination::Window(giant, window, jobs, rendering) => {
            let maze = giant.window_on(generator, seed.value, window, jobs)?;
            write_maze(&finished(maze, &spec)?, &rendering)
        }
        Destination::Animate(pace, rendering) => {
            let maze = match &spec.blank {
                Blank::Rect { .. } => animate(generator, width, height, seed.value, pace)?,
                Blank::Shape(shape) => {
                    let scale = rendering.blocks_scale();
                    animate_shape(generator, shape.clone(), scale, seed.value, pace)?
                }
            };
            write_maze(&finished(maze, &spec)?, &rendering)
        }
    }
}

/// Random-walk steps past which a walk's expected work is told up front and its progress shown
/// (a quarter of a second at Aldous-Broder's best, 4e8 steps a second; the bar itself appears
/// only after a second).
const LONG_WALK: f64 = 1e8;

/// Makes the maze and finishes it. A random walk expected to run long (Aldous-Broder or Wilson
/// on a big or thin maze, of any shape) says so up front and shows its progress, in cells
/// joined, on a terminal.
fn made(spec: &MazeSpec, seed: u64, quiet: bool) -> anyhow::Result<Maze> {
    let generator = spec.generator.as_ref();
    let steps = walk_steps(spec);
    if steps < LONG_WALK || quiet || !io::stderr().is_terminal() {
        return spec.make(seed).map_err(with_flags);
    }
    crate::message(format_args!(
        "{}: about {steps:.1e} random-walk steps to take (--quiet hides this)",
        generator.name()
    ));
    let cells = spec.blank.cell_count();
    let mut joined = Joined(Progress::new(cells.saturating_sub(1), false));
    let maze = match &spec.blank {
        Blank::Rect { width, height } => {
            Maze::generate_observed(generator, *width, *height, seed, &mut joined)?
        }
        Blank::Shape(shape) => {
            Maze::generate_shape_observed(generator, shape.clone(), seed, &mut joined)?
        }
    };
    joined.0.finish();
    finished(maze, spec)
}

/// Counts the cells a generator joins to the maze on a progress bar.
struct Joined(Progress);

impl<C, S> Observer<Event<C, S>> for Joined {
    fn observe(&mut self, event: Event<C, S>) {
        if let Event::Carve { .. } = event {
            self.0.inc(1);
        }
    }
}

/// `maze`, generated as `spec` says, finished as it says.
fn finished(mut maze: Maze, spec: &MazeSpec) -> anyhow::Result<Maze> {
    spec.finish.apply(&mut maze).map_err(with_flags)?;
    Ok(maze)
}

/// Writes the header line and the generator's events as JSON lines: on the `width x height`
/// rectangle, or on `blank` (cells named by id, sides by number). A failed generation writes
/// nothing to a file target.
fn write_events(spec: &MazeSpec, seed: u64, target: &Target) -> anyhow::Result<()> {
    let generator = spec.generator.as_ref();
    let mut failure = None;
    let carved = match &spec.blank {
        Blank::Rect { width, height } => Carved::Rect {
            width: *width,
            height: *height,
        },
        Blank::Shape(shape) => Carved::of(shape),
    };
    let written = target.write(|out| {
        let header = EventsHeader {
            schema: EVENTS_SCHEMA.into(),
            generator: mazegen::GENERATOR.into(),
            algorithm: generator.name().into(),
            params: generator.params(),
            seed,
            carved,
        };
        serde_json::to_writer(&mut *out, &header)?;
        out.write_all(b"\n")?;
        let mut lines = JsonLines::new(out);
        let generated = match &spec.blank {
            Blank::Rect { width, height } => {
                Maze::generate_observed(generator, *width, *height, seed, &mut lines)
            }
            Blank::Shape(shape) => {
                Maze::generate_shape_observed(generator, shape.clone(), seed, &mut lines)
            }
        };
        if let Err(error) = generated {
            failure = Some(error);
            return Err(io::Error::other("generation failed"));
        }
        lines.finish()
    });
    match failure {
        Some(error) => Err(error.into()),
        None => written,
    }
}

/// Generates the maze while drawing it on the terminal's alternate screen.
fn animate(
    generator: &dyn Generator,
    width: u32,
    height: u32,
    seed: u64,
    pace: Pace,
) -> anyhow::Result<Maze> {
    let screen = TerminalScreen::enter()?;
    let mut animator = Animator::new(screen, width, height, pace)?;
    let maze = Maze::generate_observed(generator, width, height, seed, &mut animator)?;
    animated(maze, animator.finish()?)
}

/// Generates a maze carved into `blank` while drawing it on the terminal's alternate screen,
/// at `scale` pixels per cell unit (the shape's own when `None`).
fn animate_shape(
    generator: &dyn Generator,
    blank: mazegen::topology::Shape,
    scale: Option<u32>,
    seed: u64,
    pace: Pace,
) -> anyhow::Result<Maze> {
    let screen = TerminalScreen::enter()?;
    let mut animator = ShapeAnimator::new(screen, blank.clone(), scale, pace)?;
    let maze = Maze::generate_shape_observed(generator, blank, seed, &mut animator)?;
    animated(maze, animator.finish()?)
}

/// The maze once its animation ended: the screen (dropped here) gives the terminal back
/// before anything else is printed.
fn animated(maze: Maze, end: Result<impl Screen, Stop>) -> anyhow::Result<Maze> {
    match end {
        Ok(_screen) => Ok(maze),
        Err(stop) => Err(stop.into()),
    }
}
