//! The commands that read a document back: `solve`, `render` and `stats` of maze and graph
//! documents, `render` of rooms, caves and dungeon documents too.

use super::write_maze;
use crate::app::animate::{self, Animator, Pace, ShapeAnimator};
use crate::app::cli::StatsFormat;
use crate::app::output::Target;
use crate::app::settle::{
    DocumentAction, DocumentJob, Input, LEVEL_FORMATS, LevelOutput, Solving, bad_input,
    check_read_shape, open_named, picture_flag_refused, shape_format_refused, tiles_style_refused,
    with_flags,
};
use crate::app::terminal::TerminalScreen;
use anyhow::Context;
use mazegen::Maze;
use mazegen::analysis::ShapeStats;
use mazegen::analysis::{AllShortest, Figures};
use mazegen::level::{Dungeon, Level};
use mazegen::maze::Finish;
use mazegen::read::{AnyDocument, Document, LevelDocument, ReadError};
use mazegen::render::Style;
use mazegen::topology::Shape;
use std::io::{self, Read};

/// Carries out a document job.
pub fn run(job: DocumentJob) -> anyhow::Result<()> {
    // `solve` and `stats` read maze and graph documents alone, `render` level documents too.
    let document = match (read(&job.input, job.level.is_some())?, job.level) {
        (Document::Maze(document), _) => document,
        (Document::Level(level), Some(output)) => return render_level(level, output?),
        (Document::Level(_), None) => unreachable!("level documents are read by render alone"),
    };
    let action = job.action?;
    match document {
        // A maze in levels or a weave is written as any shape is, or in tiles of its own.
        AnyDocument::Maze(maze) if maze.shape().has_own_tiles() => run_on_graph(maze, action),
        AnyDocument::Maze(maze) => run_on_maze(maze, action),
        AnyDocument::Graph(maze) => run_on_graph(maze, action),
    }
}

/// What `level` was read from, as messages name it.
fn level_kind(level: &LevelDocument) -> &'static str {
    match level {
        LevelDocument::Rooms(dungeon) if dungeon.floor_count() > 1 => {
            "a dungeon document of room maps"
        }
        LevelDocument::Caves(dungeon) if dungeon.floor_count() > 1 => "a dungeon document of caves",
        LevelDocument::Rooms(_) => "a rooms document",
        LevelDocument::Caves(_) => "a caves document",
    }
}

/// Writes `level` as `output` says, as `rooms` or `caves` would have written it.
fn render_level(level: LevelDocument, output: LevelOutput) -> anyhow::Result<()> {
    let refused = |format: &str| {
        bad_input(format!(
            "--format {format} draws room maps' graphs; {} is written as {LEVEL_FORMATS}",
            level_kind(&level)
        ))
    };
    match &level {
        LevelDocument::Rooms(dungeon) => {
            let format = output.rooms.expect("the formats of rooms are settled");
            if format.draws_tiles() {
                check_tiles(dungeon, &output, level_kind(&level))?;
            }
            let renderer = crate::app::settle::rooms_renderer(&output, format);
            output.target.write(|out| renderer.render(dungeon, out))?;
        }
        LevelDocument::Caves(dungeon) => {
            let Some(format) = output.caves else {
                return Err(refused(&output.format.name()));
            };
            check_tiles(dungeon, &output, level_kind(&level))?;
            let renderer = crate::app::settle::caves_renderer(&output, format);
            output.target.write(|out| renderer.render(dungeon, out))?;
        }
    }
    super::rooms::write_tileset(output.tileset)
}

/// Checks that every floor of `dungeon` (read from `what`) has a tile map to draw, and that a
/// picture of them all, one below another, can be drawn.
fn check_tiles<L: Level>(
    dungeon: &Dungeon<L>,
    output: &LevelOutput,
    what: &str,
) -> anyhow::Result<()> {
    let mut sizes = Vec::new();
    for floor in dungeon.floors() {
        let Some(tiles) = floor.tile_map() else {
            return Err(bad_input(format!(
                "{what} has no tile map (its rooms were not laid out: --map never): --format {} \
                 draws one; write it as json or dot",
                output.format.name()
            )));
        };
        sizes.push((u64::from(tiles.width()), u64::from(tiles.height())));
    }
    if output.format.takes().picture {
        let width = sizes.iter().map(|&(w, _)| w).max().unwrap_or(0);
        let gaps = u64::from(mazegen::level::FLOOR_GAP) * (sizes.len() as u64 - 1);
        let height = sizes.iter().map(|&(_, h)| h).sum::<u64>() + gaps;
        // Maps are drawn a tile to `scale` pixels square in either style.
        let picture = mazegen::render::Picture {
            style: mazegen::render::Style::Tiles,
            ..output.drawn_picture()
        };
        picture
            .pixel_size_of(width, height)
            .with_context(|| format!("--scale {}", picture.scale))?;
    }
    Ok(())
}

/// Carries out `action` on a maze read from a maze document.
fn run_on_maze(mut maze: Maze, action: DocumentAction) -> anyhow::Result<()> {
    let output = match action {
        DocumentAction::Solve(solving, output, pace) => {
            let finish = solving.on(maze.shape())?;
            solve(&mut maze, finish, pace, None)?;
            output
        }
        DocumentAction::Render(output) => output,
        DocumentAction::Stats(format, cap) => {
            return print_stats(&Figures::of(&maze)?, &maze, cap, format);
        }
    };
    if maze.cut().is_some() && output.picture.is_some_and(|p| p.style == Style::Lines) {
        return Err(bad_input(
            "--style lines does not draw the passages that leave a window; leave it out",
        ));
    }
    // A mask is pictured in lines, as when it was made, unless tiles are asked for.
    if maze.mask().is_some() && output.picture.is_some_and(|p| p.style == Style::Lines) {
        return run_on_graph(maze, DocumentAction::Render(output));
    }
    if output.blocks_scale.is_some() {
        // term and text draw this maze in tiles, which take no scale.
        let name = output.graph_format.name();
        return Err(picture_flag_refused("--scale", &name));
    }
    write_maze(&maze, &output.maze)
}

/// Carries out `action` on a maze read from a graph document (or from a maze document of a
/// maze in levels or a weave): a rectangle or a mask in any format but graph as the maze it
/// is, a maze in levels or a weave in `json` in tiles of its own, other shapes as graphs or
/// pictures in lines.
fn run_on_graph(mut maze: Maze, action: DocumentAction) -> anyhow::Result<()> {
    let (finish, output) = match action {
        DocumentAction::Stats(format, cap) => {
            return print_stats(&ShapeStats::of(&maze)?, &maze, cap, format);
        }
        DocumentAction::Solve(solving, output, pace) => {
            (Some((solving.on(maze.shape())?, pace)), output)
        }
        DocumentAction::Render(output) => (None, output),
    };
    let in_tiles = match maze.shape() {
        Shape::Rect(_) => true,
        // A mask keeps the lines it is drawn in unless tiles are asked for; term and text
        // draw it in tiles.
        Shape::Masked(_) => {
            output.graph.is_none()
                || output.graph_format.takes().blocks
                || output.picture.is_some_and(|p| p.style == Style::Tiles)
        }
        _ => false,
    };
    if let (true, Some(rendering)) = (maze.shape().has_own_tiles(), &output.own_tiles) {
        if let Some((finish, pace)) = finish {
            solve(&mut maze, finish, pace, None)?;
        }
        return write_maze(&maze, rendering);
    }
    if output.graph_format.takes().tiles && in_tiles {
        let action = match finish {
            Some((finish, pace)) => DocumentAction::Solve(Solving::placed(finish), output, pace),
            None => DocumentAction::Render(output),
        };
        return run_on_maze(maze, action);
    }
    if let Some(refused) = shape_format_refused(output.graph_format, maze.shape(), "maze document")
    {
        return Err(refused);
    }
    let rendering = output
        .graph
        .as_ref()
        .expect("formats that write shapes are settled");
    if let Some(picture) = output.picture {
        if picture.style == Style::Tiles {
            return Err(tiles_style_refused(&maze.shape().description()));
        }
        check_read_shape(picture, maze.shape())?;
    }
    if let Some((finish, pace)) = finish {
        solve(&mut maze, finish, pace, output.blocks_scale)?;
    }
    write_maze(&maze, rendering)
}

/// Finishes `maze` as `finish` says, solving it by its method: with a `pace`, while the
/// search is drawn on the terminal's alternate screen (rectangles only).
fn solve(
    maze: &mut Maze,
    finish: Finish,
    pace: Option<Pace>,
    scale: Option<u32>,
) -> anyhow::Result<()> {
    let Some(pace) = pace else {
        return finish.apply(maze).map_err(with_flags);
    };
    let placed = Finish {
        solve: false,
        ..finish
    };
    placed.apply(maze).map_err(with_flags)?;
    let (columns, lines) = TerminalScreen::size()?;
    let Some(grid) = maze.grid().filter(|_| maze.mask().is_none()) else {
        check_search_fits(maze.shape(), scale, (columns, lines))?;
        let screen = TerminalScreen::enter()?;
        let mut animator = ShapeAnimator::searching(screen, maze, scale, pace)?;
        maze.solve_observed(finish.method, &mut animator)
            .map_err(with_flags)?;
        return match animator.finish()? {
            Ok(_screen) => Ok(()),
            Err(stop) => Err(stop.into()),
        };
    };
    let (tile_width, tile_height) = (grid.tile_width(), grid.tile_height());
    let need = animate::needed_size(tile_width, tile_height);
    let what = format!("a {tile_width}x{tile_height}-tile maze");
    animate::check_read_fits(&what, need, (columns, lines), None).map_err(bad_input)?;
    let screen = TerminalScreen::enter()?;
    let mut animator = Animator::carved(screen, grid.clone(), pace);
    maze.solve_observed(finish.method, &mut animator)
        .map_err(with_flags)?;
    match animator.finish()? {
        Ok(_screen) => Ok(()),
        Err(stop) => Err(stop.into()),
    }
}

/// Checks that the search on a maze of `shape` other than the rectangle, drawn at `scale`
/// pixels per cell unit (the shape's own when `None`), fits a terminal of `size`; a refusal
/// names the largest smaller `--scale` that fits, for a maze in half blocks.
fn check_search_fits(shape: &Shape, scale: Option<u32>, size: (u16, u16)) -> anyhow::Result<()> {
    let fits = |scale: u32| {
        animate::picture_size(shape, Some(scale))
            .is_ok_and(|(w, h)| w <= u64::from(size.0) && h < u64::from(size.1))
    };
    let asked = scale.unwrap_or_else(|| mazegen::render::term_scale(shape));
    let smaller = match shape {
        // A mask is drawn in tiles, which take no scale.
        Shape::Masked(_) => None,
        _ => (1..asked).rev().find(|&scale| fits(scale)),
    };
    let (width, height) = animate::picture_size(shape, scale)?;
    let what = format!("a {} maze", shape.description());
    animate::check_read_fits(&what, (width, height + 1), size, smaller).map_err(bad_input)
}

/// Prints `figures` as a table or a JSON object, with every shortest path of `maze` up to
/// `cap` (`--all-shortest`) after them: lines of the table, or the object's `all_shortest`.
fn print_stats(
    figures: &(impl std::fmt::Display + serde::Serialize),
    maze: &Maze,
    cap: Option<usize>,
    format: StatsFormat,
) -> anyhow::Result<()> {
    let all_shortest = cap
        .map(|cap| AllShortest::of(maze, cap))
        .transpose()
        .map_err(with_flags)?;
    #[derive(serde::Serialize)]
    struct WithPaths<'a, F> {
        #[serde(flatten)]
        figures: &'a F,
        #[serde(skip_serializing_if = "Option::is_none")]
        all_shortest: Option<AllShortest>,
    }
    Target::Stdout.write(|out| match format {
        StatsFormat::Text => {
            write!(out, "{figures}")?;
            match &all_shortest {
                Some(paths) => write!(out, "{paths}"),
                None => Ok(()),
            }
        }
        StatsFormat::Json => {
            let with_paths = WithPaths {
                figures,
                all_shortest,
            };
            let document = mazegen::document::StatsDocument::new(&with_paths);
            serde_json::to_writer_pretty(&mut *out, &document)?;
            writeln!(out)
        }
    })
}

/// Reads and validates the document at `input`: a maze or graph document, or with `levels`
/// one of any kind. A file that cannot be opened (missing, a directory) is refused as bad
/// input; one that fails while read (a failing device) is an I/O failure, not a bad document.
fn read(input: &Input, levels: bool) -> anyhow::Result<Document> {
    match input {
        Input::File(path) => {
            let name = path.display().to_string();
            let file = open_named(path, &name)?;
            read_from(io::BufReader::new(file), &name, levels)
        }
        Input::Stdin => read_from(io::stdin().lock(), "standard input", levels),
    }
}

/// Reads and validates the document `source`, called `name` in messages: a failure to read is
/// an I/O error (exit 1), a refused document or a maze too large the library's error (exit 2).
fn read_from(source: impl Read, name: &str, levels: bool) -> anyhow::Result<Document> {
    let mut schema = None;
    let read = match levels {
        true => mazegen::read::read_any(source, &mut schema),
        false => mazegen::read::read_document(source).map(Document::Maze),
    };
    read.map_err(|error| match error {
        ReadError::Refused(error @ mazegen::MazeError::InvalidDocument(_)) => {
            let kind = match schema {
                Some(mazegen::document::ROOMS_SCHEMA) => "a rooms document",
                Some(mazegen::document::CAVES_SCHEMA) => "a caves document",
                Some(mazegen::document::DUNGEON_SCHEMA) => "a dungeon document",
                _ => "a maze document",
            };
            anyhow::Error::new(error).context(format!("{name} is not {kind}"))
        }
        ReadError::Refused(error) => {
            anyhow::Error::new(error).context(format!("cannot read {name}"))
        }
        ReadError::Io(error) => anyhow::Error::new(error).context(format!("cannot read {name}")),
    })
}
