//! Maze commands: generate the maze, finish it, and write it (rendered, animated on the way,
//! or as the generator's events).

use super::{place_endpoints, place_shape_endpoints, write_maze};
use crate::animate::{Animator, Pace};
use crate::output::Target;
use crate::settle::{Destination, Finish, MazeJob};
use crate::terminal::TerminalScreen;
use mazegen::Maze;
use mazegen::algorithms::Generator;
use mazegen::events::{EVENTS_SCHEMA, EventsHeader, JsonLines};
use mazegen::shapes::ShapedMaze;
use mazegen::stream::MazeRows;
use std::io;

/// Carries out a maze job.
pub fn run(job: MazeJob) -> anyhow::Result<()> {
    let MazeJob {
        generator,
        width,
        height,
        seed,
        finish,
        destination,
    } = job;
    let generator = generator.as_ref();
    if seed.report {
        crate::message(format_args!("seed: {}", seed.value));
    }
    match destination {
        Destination::Events(target) => write_events(generator, width, height, seed.value, &target),
        Destination::Stream(rendering, rows) => {
            let mut rows = MazeRows::new(generator, width, rows, seed.value)?;
            let renderer = rendering.renderer.streams().expect("settled as streaming");
            rendering
                .target
                .write(|out| renderer.render_rows(&mut rows, out))
        }
        Destination::Render(rendering) => {
            let maze = Maze::generate(generator, width, height, seed.value)?;
            write_maze(&finished(maze, &finish)?, &rendering)
        }
        Destination::Animate(pace, rendering) => {
            let maze = animate(generator, width, height, seed.value, pace)?;
            write_maze(&finished(maze, &finish)?, &rendering)
        }
        Destination::Shape(blank, rendering) => {
            let mut maze = ShapedMaze::generate(generator, blank, seed.value)?;
            place_shape_endpoints(&mut maze, &finish.endpoints)?;
            if finish.solve {
                maze.solve();
            }
            rendering
                .target
                .write(|out| rendering.renderer.render(&maze, out))
        }
    }
}

/// Braids, places the endpoints and solves, as `finish` says.
pub(super) fn finished(mut maze: Maze, finish: &Finish) -> anyhow::Result<Maze> {
    if let Some(probability) = finish.braid {
        maze.braid_with(probability)?;
    }
    if finish.farthest {
        let (from, to, _) = mazegen::analysis::diameter(maze.grid())?;
        maze.set_endpoints(from, to)?;
    }
    place_endpoints(&mut maze, &finish.endpoints)?;
    if finish.solve {
        maze.solve()?;
    }
    Ok(maze)
}

/// Writes the header line and the generator's events as JSON lines. A failed generation
/// writes nothing to a file target.
fn write_events(
    generator: &dyn Generator,
    width: u32,
    height: u32,
    seed: u64,
    target: &Target,
) -> anyhow::Result<()> {
    let mut failure = None;
    let written = target.write(|out| {
        let header = EventsHeader {
            schema: EVENTS_SCHEMA.into(),
            generator: mazegen::GENERATOR.into(),
            algorithm: generator.name().into(),
            params: generator.params(),
            seed,
            width,
            height,
        };
        serde_json::to_writer(&mut *out, &header)?;
        out.write_all(b"\n")?;
        let mut lines = JsonLines::new(out);
        if let Err(error) = Maze::generate_observed(generator, width, height, seed, &mut lines) {
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
    // The screen (dropped here) gives the terminal back before anything else is printed.
    match animator.finish()? {
        Ok(_screen) => Ok(maze),
        Err(stop) => Err(stop.into()),
    }
}
