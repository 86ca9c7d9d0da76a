//! `--animate`: draws the maze in the terminal while the generator carves it.
//!
//! The [`Animator`] is the generator's observer on a rectangle: it keeps what each cell looks
//! like, and every few steps draws only the tiles that changed (a cursor move and a dot each) on
//! a [`Screen`], then pauses. The [`ShapeAnimator`] is its twin on every other shape: it carves
//! a copy of the shape as the events say, and every few steps draws the maze carved so far as
//! `term` draws it, rewriting only the lines that changed. The real screen is the terminal's
//! alternate screen in raw mode; tests use an in-memory one.

use crossterm::Command;
use crossterm::cursor::MoveTo;
use crossterm::style::{Color, ResetColor, SetForegroundColor};
use mazegen::events::{Event, Observer, ShapeEvent};
use mazegen::grid::{Dir, Grid, Pos, Tile, TileKind, TilePos, cell_tile, passage_tile};
use mazegen::maze::Carving;
use mazegen::render::{Ink, Palette, Picture, Render, Style, Term, term_scale};
use mazegen::topology::{Shape, Topology};
use mazegen::{Maze, with_topology};
use std::io;
use std::time::Duration;

/// How the animation is paced.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    /// Pause after each frame.
    pub delay: Duration,
    /// Generator steps (events) per frame.
    pub steps_per_frame: u32,
    /// Whether to draw in color (otherwise each look has its own glyph).
    pub color: bool,
    /// The colors of walls and passages, and of the maze drawn in `term` at the end.
    pub palette: Palette,
}

/// Why an animation ended early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// `q` or Esc.
    Quit,
    /// Ctrl-C (raw mode turns it into a key).
    Interrupt,
    /// The terminal is gone (its input ended or failed, as after a hangup).
    Hangup,
}

impl Stop {
    /// The signal whose default action ends the process after this stop, as the shell expects:
    /// none for `q` and Esc (exit code 0), SIGINT for Ctrl-C (130), SIGHUP for a terminal that
    /// is gone (129).
    pub fn signal(self) -> Option<i32> {
        match self {
            Stop::Quit => None,
            Stop::Interrupt => Some(signal_hook::consts::SIGINT),
            Stop::Hangup => Some(signal_hook::consts::SIGHUP),
        }
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "animation stopped ({self:?})")
    }
}

impl std::error::Error for Stop {}

/// Where frames are drawn and how the animation waits.
pub trait Screen {
    /// Writes one frame's bytes.
    fn draw(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// Waits `delay`, returning early with the reason when the user stops the animation.
    fn pause(&mut self, delay: Duration) -> io::Result<Option<Stop>>;
}

/// What a tile shows during the animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Look {
    /// Rock: red, as in every maze.
    Wall,
    /// A cell no step has reached yet.
    Untouched,
    /// On the current path or the frontier.
    Active,
    /// Backtracked over, or finished by an algorithm that visits cells.
    Left,
    /// Carved by an algorithm that only opens passages.
    Done,
    /// Part of a walker's region (several regions grow at once).
    Region(u32),
}

impl Look {
    /// The dot's color: walls and finished passages in `palette`'s colors (the terminal's red
    /// and green for the classic one).
    fn color(self, palette: &Palette) -> Color {
        let ink = match self {
            Look::Wall => Some(Ink::Plain(Tile::Wall)),
            Look::Done => Some(Ink::Plain(Tile::Passage)),
            _ => None,
        };
        match ink.and_then(|ink| palette.term_index(ink)) {
            Some(index) if *palette != Palette::COLOR => Color::AnsiValue(index),
            _ => self.classic_color(),
        }
    }

    /// The dot's color in the terminal's classic colors.
    fn classic_color(self) -> Color {
        const REGIONS: [Color; 6] = [
            Color::Blue,
            Color::Yellow,
            Color::Magenta,
            Color::Cyan,
            Color::DarkYellow,
            Color::DarkMagenta,
        ];
        match self {
            Look::Wall => Color::Red,
            Look::Untouched => Color::AnsiValue(238),
            Look::Active => Color::AnsiValue(203),
            Look::Left => Color::AnsiValue(246),
            Look::Done => Color::Green,
            Look::Region(r) => REGIONS[r as usize % REGIONS.len()],
        }
    }

    /// The glyph without color: `●` rock, `·` untouched, `@` active, `o` left, blank when done,
    /// a letter per region.
    fn glyph(self) -> &'static str {
        const LETTERS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];
        match self {
            Look::Wall => "●",
            Look::Untouched => "·",
            Look::Active => "@",
            Look::Left => "o",
            Look::Done => " ",
            Look::Region(r) => LETTERS[r as usize % LETTERS.len()],
        }
    }

    /// Which of two looks a passage between two cells takes.
    fn stronger(self, other: Look) -> Look {
        let rank = |look| match look {
            Look::Active => 4,
            Look::Region(_) => 3,
            Look::Left => 2,
            Look::Done => 1,
            Look::Wall | Look::Untouched => 0,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// A cell's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Progress {
    Untouched,
    Active,
    Left,
}

/// Follows a generator's events and draws them.
pub struct Animator<S: Screen> {
    frames: Frames<S>,
    grid: Grid,
    progress: Vec<Progress>,
    region: Vec<Option<u32>>,
    drawn: Vec<Option<Look>>,
    dirty: Vec<usize>,
    frame: Vec<u8>,
}

impl<S: Screen> Animator<S> {
    /// Starts an animation of a `width x height`-cell maze on `screen`, drawing its solid
    /// rock at once.
    pub fn new(screen: S, width: u32, height: u32, pace: Pace) -> mazegen::Result<Self> {
        Ok(Self::carved(screen, Grid::new(width, height)?, pace))
    }

    /// Starts an animation of a search through the maze carved in `grid` on `screen`, drawing
    /// it at once: its passages as carved, every cell untouched.
    pub fn carved(screen: S, grid: Grid, pace: Pace) -> Self {
        let tiles = (grid.tile_width() * grid.tile_height()) as usize;
        let mut animator = Self {
            frames: Frames::new(screen, pace),
            progress: vec![Progress::Untouched; grid.cell_count()],
            region: vec![None; grid.cell_count()],
            drawn: vec![None; tiles],
            dirty: (0..tiles).collect(),
            frame: Vec::new(),
            grid,
        };
        animator.flush();
        animator
    }

    /// Draws what is left to draw and returns the screen, or why the animation stopped.
    pub fn finish(mut self) -> io::Result<Result<S, Stop>> {
        if self.frames.stopped.is_none() {
            self.flush();
        }
        self.frames.finish()
    }

    fn tile_index(&self, (x, y): TilePos) -> usize {
        (y * self.grid.tile_width() + x) as usize
    }

    /// Marks a cell's tile and its four passage tiles for redrawing.
    fn touch_cell(&mut self, cell: Pos) {
        let tiles = Dir::ALL.map(|dir| passage_tile(cell, dir));
        for tile in std::iter::once(cell_tile(cell)).chain(tiles) {
            let i = self.tile_index(tile);
            self.dirty.push(i);
        }
    }

    /// Follows `event` on the animation's own grid and marks the tiles it changes.
    fn apply(&mut self, event: Event) {
        self.grid.apply(event);
        let i = |grid: &Grid, cell: Pos| grid.index(cell);
        match event {
            Event::Enter { cell } => {
                self.progress[i(&self.grid, cell)] = Progress::Active;
                self.touch_cell(cell);
            }
            Event::Leave { cell } => {
                self.progress[i(&self.grid, cell)] = Progress::Left;
                self.touch_cell(cell);
            }
            Event::Claim { cell, region } => {
                self.region[i(&self.grid, cell)] = Some(region);
                self.touch_cell(cell);
            }
            Event::Carve { cell, dir } | Event::Wall { cell, dir } => {
                self.touch_cell(cell);
                if let Some(next) = self.grid.neighbour(cell, dir) {
                    self.touch_cell(next);
                }
            }
            Event::OpenField => {
                self.dirty.extend(0..self.drawn.len());
            }
        }
    }

    /// What the cell at `cell` looks like.
    fn cell_look(&self, cell: Pos) -> Look {
        let i = self.grid.index(cell);
        match (self.progress[i], self.region[i]) {
            (Progress::Active, _) => Look::Active,
            (_, Some(region)) => Look::Region(region),
            (Progress::Left, None) => Look::Left,
            (Progress::Untouched, None) if self.grid.degree(cell) > 0 => Look::Done,
            (Progress::Untouched, None) => Look::Untouched,
        }
    }

    /// What the tile at (x, y) looks like.
    fn look(&self, tile: TilePos) -> Look {
        match TileKind::at(tile, self.grid.width(), self.grid.height()) {
            Some(TileKind::Cell(cell)) => self.cell_look(cell),
            Some(TileKind::Passage { from, dir, to }) if self.grid.is_open(from, dir) => {
                self.cell_look(from).stronger(self.cell_look(to))
            }
            _ => Look::Wall,
        }
    }

    /// Draws the tiles that changed, then pauses.
    fn flush(&mut self) {
        let width = self.grid.tile_width();
        let mut dirty = std::mem::take(&mut self.dirty);
        dirty.sort_unstable();
        dirty.dedup();
        self.frame.clear();
        let mut color = None;
        for &i in &dirty {
            let tile = (i as u64 % width, i as u64 / width);
            let look = self.look(tile);
            if self.drawn[i] == Some(look) {
                continue;
            }
            self.drawn[i] = Some(look);
            queue_ansi(&mut self.frame, MoveTo(2 * tile.0 as u16, tile.1 as u16));
            if !self.frames.pace.color {
                self.frame.extend_from_slice(look.glyph().as_bytes());
                continue;
            }
            let look_color = look.color(&self.frames.pace.palette);
            if color != Some(look_color) {
                color = Some(look_color);
                queue_ansi(&mut self.frame, SetForegroundColor(look_color));
            }
            self.frame.extend_from_slice("●".as_bytes());
        }
        self.dirty = dirty;
        self.dirty.clear();
        let status_line = self.grid.tile_height() as u16;
        self.frames
            .show(&mut self.frame, status_line, needed_size(width, 1).0);
    }
}

impl<S: Screen> Observer for Animator<S> {
    fn observe(&mut self, event: Event) {
        if self.frames.stopped.is_some() {
            return;
        }
        self.apply(event);
        if self.frames.step() {
            self.flush();
        }
    }
}

/// Follows a solver's steps through a carved rectangle ([`Animator::carved`]), cells named by
/// index: the cell stood on drawn as the current path, cells walked off as backtracked over.
impl<S: Screen> Observer<ShapeEvent> for Animator<S> {
    fn observe(&mut self, event: ShapeEvent) {
        let grid = &self.grid;
        let event = event.map(
            |id| grid.pos(id as usize),
            |side| Dir::from_side(side.into()),
        );
        Observer::<Event>::observe(self, event);
    }
}

/// Follows a generator's events on a shape other than the rectangle and draws the maze carved
/// so far as `term` draws it (half blocks, a mask in tiles), rewriting only the lines that
/// changed since the last frame. Each frame draws the whole picture again in memory, cheap for
/// a picture that fits a terminal (a 10-ring polar maze, 84x42, within 10 ms unoptimised).
pub struct ShapeAnimator<S: Screen> {
    frames: Frames<S>,
    source: Source,
    term: Term,
    /// The picture's width in columns.
    columns: u64,
    /// Each line as last drawn, without its newline.
    drawn: Vec<Vec<u8>>,
    picture: Vec<u8>,
    frame: Vec<u8>,
}

impl<S: Screen> ShapeAnimator<S> {
    /// Starts an animation of a maze carved into `blank`, drawn at `scale` pixels per cell
    /// unit (the shape's own when `None`), on `screen`, drawing its walls at once.
    pub fn new(screen: S, blank: Shape, scale: Option<u32>, pace: Pace) -> mazegen::Result<Self> {
        let columns = picture_size(&blank, scale)?.0;
        let source = Source::Carving(Carving::new(blank)?);
        Ok(Self::start(screen, source, scale, pace, columns))
    }

    /// Starts drawing `source` on `screen`, `columns` wide, its first frame at once.
    fn start(screen: S, source: Source, scale: Option<u32>, pace: Pace, columns: u64) -> Self {
        let mut animator = Self {
            frames: Frames::new(screen, pace),
            source,
            term: Term {
                color: pace.color,
                heatmap: false,
                scale,
                palette: pace.palette,
            },
            columns,
            drawn: Vec::new(),
            picture: Vec::new(),
            frame: Vec::new(),
        };
        animator.flush();
        animator
    }

    /// Starts an animation of a search through `maze` (of any shape but the rectangle), drawn
    /// at `scale` as [`ShapeAnimator::new`] draws, on `screen`: each frame the maze with the
    /// walk so far (its loops cut out) as its solution.
    pub fn searching(
        screen: S,
        maze: &Maze,
        scale: Option<u32>,
        pace: Pace,
    ) -> mazegen::Result<Self> {
        let columns = picture_size(maze.shape(), scale)?.0;
        let cells = with_topology!(maze.shape(), t => {
            (0..t.slots()).filter(|&i| t.is_cell(i)).collect()
        });
        let source = Source::Search(Box::new(Trail {
            maze: maze.clone(),
            cells,
            walk: Vec::new(),
        }));
        Ok(Self::start(screen, source, scale, pace, columns))
    }

    /// Draws what is left to draw and returns the screen, or why the animation stopped.
    pub fn finish(mut self) -> io::Result<Result<S, Stop>> {
        if self.frames.stopped.is_none() {
            self.flush();
        }
        self.frames.finish()
    }

    /// Draws the lines of the picture that changed, then pauses.
    fn flush(&mut self) {
        self.picture.clear();
        let maze = match self.source.maze() {
            Ok(maze) => maze,
            Err(error) => {
                self.frames.fail(io::Error::other(error));
                return;
            }
        };
        if let Err(error) = self.term.render(&maze, &mut self.picture) {
            self.frames.fail(error);
            return;
        }
        self.frame.clear();
        let lines = self.picture.split(|&b| b == b'\n');
        // The picture ends with a newline: the last piece is empty.
        let count = self.picture.iter().filter(|&&b| b == b'\n').count();
        for (y, line) in lines.take(count).enumerate() {
            if self.drawn.get(y).is_some_and(|drawn| drawn == line) {
                continue;
            }
            queue_ansi(&mut self.frame, MoveTo(0, y as u16));
            self.frame.extend_from_slice(line);
            match self.drawn.get_mut(y) {
                Some(drawn) => line.clone_into(drawn),
                None => self.drawn.push(line.to_vec()),
            }
        }
        self.frames
            .show(&mut self.frame, count as u16, self.columns);
    }
}

impl<S: Screen> Observer<ShapeEvent> for ShapeAnimator<S> {
    fn observe(&mut self, event: ShapeEvent) {
        if self.frames.stopped.is_some() {
            return;
        }
        if let Err(error) = self.source.apply(event) {
            self.frames.fail(io::Error::other(error));
            return;
        }
        if self.frames.step() {
            self.flush();
        }
    }
}

/// What a [`ShapeAnimator`] draws: a maze being carved, or searched.
enum Source {
    Carving(Carving),
    Search(Box<Trail>),
}

impl Source {
    /// Follows `event`.
    fn apply(&mut self, event: ShapeEvent) -> Result<(), mazegen::MazeError> {
        match self {
            Source::Carving(carving) => carving.apply(event),
            Source::Search(trail) => {
                trail.apply(event);
                Ok(())
            }
        }
    }

    /// The maze as it stands.
    fn maze(&self) -> mazegen::Result<Maze> {
        match self {
            Source::Carving(carving) => Ok(carving.maze()),
            Source::Search(trail) => {
                let mut maze = trail.maze.clone();
                maze.set_walk(trail.walk.clone())?;
                Ok(maze)
            }
        }
    }
}

/// A search under way: the maze, each id's cell index, and the walk so far with its loops cut
/// out (a solver stands on each cell it enters; entering one already on the walk goes back
/// to it).
struct Trail {
    maze: Maze,
    cells: Vec<usize>,
    walk: Vec<usize>,
}

impl Trail {
    fn apply(&mut self, event: ShapeEvent) {
        let Event::Enter { cell } = event else {
            return;
        };
        let cell = self.cells[cell as usize];
        match self.walk.iter().position(|&c| c == cell) {
            Some(k) => self.walk.truncate(k + 1),
            None => self.walk.push(cell),
        }
    }
}

/// What every animation keeps: the screen, the pace, the steps taken and why it stopped.
struct Frames<S: Screen> {
    screen: S,
    pace: Pace,
    steps: u64,
    stopped: Option<Stop>,
    error: Option<io::Error>,
}

impl<S: Screen> Frames<S> {
    fn new(screen: S, pace: Pace) -> Self {
        Self {
            screen,
            pace,
            steps: 0,
            stopped: None,
            error: None,
        }
    }

    /// Counts a step, and says whether a frame is due after it.
    fn step(&mut self) -> bool {
        self.steps += 1;
        self.steps
            .is_multiple_of(u64::from(self.pace.steps_per_frame))
    }

    /// Ends `frame` with the status line on line `line` of a picture `columns` wide, draws it
    /// and pauses.
    fn show(&mut self, frame: &mut Vec<u8>, line: u16, columns: u64) {
        queue_ansi(frame, ResetColor);
        queue_ansi(frame, MoveTo(0, line));
        // Within the picture's width, short of the last column, so the screen never scrolls.
        let columns = columns.saturating_sub(1) as usize;
        let status = format!("step {}   q: stop", self.steps);
        let status = &status[..status.len().min(columns)];
        frame.extend_from_slice(status.as_bytes());
        let result = self
            .screen
            .draw(frame)
            .and_then(|()| self.screen.pause(self.pace.delay));
        match result {
            Ok(stop) => self.stopped = stop,
            Err(error) => self.fail(error),
        }
    }

    /// Stops the animation for `error`.
    fn fail(&mut self, error: io::Error) {
        self.error = Some(error);
        self.stopped = Some(Stop::Quit);
    }

    /// The screen, or why the animation stopped.
    fn finish(self) -> io::Result<Result<S, Stop>> {
        if let Some(error) = self.error {
            return Err(error);
        }
        Ok(match self.stopped {
            Some(stop) => Err(stop),
            None => Ok(self.screen),
        })
    }
}

/// Appends the escape sequence of a crossterm command.
fn queue_ansi(bytes: &mut Vec<u8>, command: impl Command) {
    let mut text = String::new();
    command
        .write_ansi(&mut text)
        .expect("writing to a String cannot fail");
    bytes.extend_from_slice(text.as_bytes());
}

/// Columns and lines a maze of `tile_width x tile_height` tiles needs: dots a space apart, and
/// a status line.
pub fn needed_size(tile_width: u64, tile_height: u64) -> (u64, u64) {
    (2 * tile_width - 1, tile_height + 1)
}

/// The columns and lines of `term`'s picture of a maze of `shape` other than the rectangle: a
/// mask's tiles, else half blocks at `scale` pixels per cell unit (the shape's own when `None`).
pub fn picture_size(shape: &Shape, scale: Option<u32>) -> mazegen::Result<(u64, u64)> {
    if let Shape::Masked(masked) = shape {
        let grid = masked.grid();
        let (columns, lines) = needed_size(grid.tile_width(), grid.tile_height());
        return Ok((columns, lines - 1));
    }
    let picture = Picture {
        scale: scale.unwrap_or_else(|| term_scale(shape)),
        style: Style::Lines,
        ..Picture::default()
    };
    let (width, height) = picture.pixel_size_of_shape(shape)?;
    // Two pixels a line.
    Ok((width.into(), u64::from(height).div_ceil(2)))
}

/// Checks that the animation of a maze of `shape` other than the rectangle, its picture of
/// `size` ([`picture_size`]) and a status line, fits a `columns x lines` terminal.
pub fn check_shape_fits(
    shape: &Shape,
    (width, height): (u64, u64),
    columns: u16,
    lines: u16,
) -> Result<(), String> {
    let smaller = match shape {
        Shape::Hex(_) | Shape::Triangle(_) => "fewer --cells or a smaller --scale",
        Shape::Polar(_) => "fewer --rings or a smaller --scale",
        Shape::Square(_) | Shape::Weave(_) => "a smaller --size or a smaller --scale",
        Shape::Levels(_) => "a smaller --size, fewer --levels or a smaller --scale",
        Shape::Rect(_) | Shape::Masked(_) => "a smaller mask",
    };
    check_room(
        &format!("a {} maze", shape.description()),
        (width, height + 1),
        (columns, lines),
        || format!("{smaller} fits, or enlarge the window"),
    )
}

/// Checks that the search on a maze read from a document (`solve --animate`), `what`, fits a
/// `columns x lines` terminal, its picture and status line needing `need`. No option of
/// `solve` sizes the maze: the advice is `scale` (a smaller `--scale` that fits, for a maze in
/// half blocks), a larger window, or the solved maze written without `--animate`.
pub fn check_read_fits(
    what: &str,
    need: (u64, u64),
    (columns, lines): (u16, u16),
    scale: Option<u32>,
) -> Result<(), String> {
    check_room(what, need, (columns, lines), || {
        let scale = scale.map_or_else(String::new, |s| format!("--scale {s} fits, or "));
        format!(
            "{scale}enlarge the window, or leave --animate out to write the solved maze (to a \
             file with -o FILE)"
        )
    })
}

/// Checks that the animation fits a `columns x lines` terminal, saying what would fit if not.
pub fn check_fits(
    tile_width: u64,
    tile_height: u64,
    columns: u16,
    lines: u16,
) -> Result<(), String> {
    let need = needed_size(tile_width, tile_height);
    check_room(
        &format!("a {tile_width}x{tile_height}-tile maze"),
        need,
        (columns, lines),
        || odd_advice(columns, lines),
    )
}

/// Checks that `what`, needing `need` columns and lines, fits the terminal's `size`, saying
/// what would (`advice`) if not.
fn check_room(
    what: &str,
    (need_columns, need_lines): (u64, u64),
    (columns, lines): (u16, u16),
    advice: impl FnOnce() -> String,
) -> Result<(), String> {
    if need_columns <= u64::from(columns) && need_lines <= u64::from(lines) {
        return Ok(());
    }
    Err(format!(
        "--animate: {what} needs {need_columns} columns and {need_lines} lines, the terminal \
         has {columns}x{lines}: {}",
        advice()
    ))
}

/// The rectangle that fits a `columns x lines` terminal, as options to ask for it.
fn odd_advice(columns: u16, lines: u16) -> String {
    // The largest odd tile counts that fit each way.
    let odd = |n: u64| {
        if n.is_multiple_of(2) {
            n.saturating_sub(1)
        } else {
            n
        }
    };
    let fit_width = odd(u64::from(columns).div_ceil(2));
    let fit_height = odd(u64::from(lines).saturating_sub(1));
    if fit_width >= 3 && fit_height >= 3 {
        format!(
            "--width {fit_width} --height {fit_height} fits (--size {})",
            fit_width.min(fit_height)
        )
    } else {
        "no maze fits; enlarge the window".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::Maze;
    use mazegen::algorithms::{Backtrack, Generator, catalogue};
    use mazegen::render::Render;

    /// A screen that keeps everything drawn and counts pauses; stops after `stop_after` pauses.
    struct Memory {
        bytes: Vec<u8>,
        pauses: u32,
        stop_after: Option<u32>,
    }

    impl Screen for Memory {
        fn draw(&mut self, bytes: &[u8]) -> io::Result<()> {
            self.bytes.extend_from_slice(bytes);
            Ok(())
        }

        fn pause(&mut self, _: Duration) -> io::Result<Option<Stop>> {
            self.pauses += 1;
            Ok((Some(self.pauses) == self.stop_after).then_some(Stop::Quit))
        }
    }

    fn animate(
        generator: &dyn Generator,
        w: u32,
        h: u32,
        stop_after: Option<u32>,
        steps: u32,
    ) -> (Result<Memory, Stop>, Maze) {
        let screen = Memory {
            bytes: Vec::new(),
            pauses: 0,
            stop_after,
        };
        let pace = Pace {
            delay: Duration::ZERO,
            steps_per_frame: steps,
            color: true,
            palette: Palette::COLOR,
        };
        let mut animator = Animator::new(screen, w, h, pace).unwrap();
        let maze = Maze::generate_observed(generator, w, h, 7, &mut animator).unwrap();
        (animator.finish().unwrap(), maze)
    }

    /// Interprets what the animation drew, as a terminal would.
    fn screen_of(bytes: &[u8], rows: u16, columns: u16) -> vt100::Parser {
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("a screen has lines and columns");
        let mut parser = vt100::Parser::new(size(rows), size(columns), 0);
        parser.process(bytes);
        parser
    }

    #[test]
    fn the_last_frame_shows_the_finished_maze() {
        for generator in catalogue() {
            let generator = generator.as_ref();
            let (screen, maze) = animate(generator, 6, 4, None, 1);
            let screen = screen.expect("not stopped");
            let parser = screen_of(&screen.bytes, 10, 25);
            // Walls where the maze has walls, open tiles everywhere else, in the final colors.
            let mut text = Vec::new();
            mazegen::render::Text::default()
                .render(&maze, &mut text)
                .unwrap();
            for (y, row) in String::from_utf8(text).unwrap().lines().enumerate() {
                for (x, c) in row.chars().enumerate() {
                    let cell = parser.screen().cell(y as u16, 2 * x as u16).unwrap();
                    assert_eq!(cell.contents(), "●");
                    let wall = cell.fgcolor() == vt100::Color::Idx(9);
                    assert_eq!(wall, c == '#', "{} tile {x},{y}", generator.name());
                    // Every cell was reached: none is left untouched.
                    assert_ne!(cell.fgcolor(), vt100::Color::Idx(238));
                }
            }
            // One frame per step: many along the way, not one at the end.
            assert!(screen.pauses > 10, "{} frames", screen.pauses);
        }
    }

    #[test]
    fn only_changed_tiles_are_redrawn() {
        let (screen, _) = animate(&Backtrack::default(), 20, 20, None, 1);
        let bytes = screen.unwrap().bytes;
        let dots = bytes.windows(3).filter(|w| *w == "●".as_bytes()).count();
        // 41x41 tiles drawn once, then each step redraws a handful of tiles, not the maze.
        let full = 41 * 41;
        assert!(dots < 3 * full, "{dots} dots drawn for {full} tiles");
        let frames = screen_of(&bytes, 42, 81);
        assert!(frames.screen().contents().contains("step "));
    }

    #[test]
    fn steps_per_frame_batches_the_drawing() {
        let (one, _) = animate(&Backtrack::default(), 10, 10, None, 1);
        let (ten, _) = animate(&Backtrack::default(), 10, 10, None, 10);
        let (one, ten) = (one.unwrap(), ten.unwrap());
        assert!(
            ten.pauses * 9 < one.pauses,
            "{} vs {}",
            ten.pauses,
            one.pauses
        );
    }

    #[test]
    fn stopping_ends_the_drawing_but_not_the_maze() {
        let (stopped, maze) = animate(&Backtrack::default(), 10, 10, Some(5), 1);
        assert_eq!(stopped.err(), Some(Stop::Quit));
        assert_eq!(
            maze,
            Maze::builder()
                .algorithm(Backtrack::default())
                .cells(10, 10)
                .seed(7)
                .build()
                .unwrap()
        );
    }

    /// Animates a maze carved into `blank` at its own scale, a frame a step.
    fn animate_shape(generator: &dyn Generator, blank: &Shape, color: bool) -> (Memory, Maze) {
        let screen = Memory {
            bytes: Vec::new(),
            pauses: 0,
            stop_after: None,
        };
        let pace = Pace {
            delay: Duration::ZERO,
            steps_per_frame: 1,
            color,
            palette: Palette::COLOR,
        };
        let mut animator = ShapeAnimator::new(screen, blank.clone(), None, pace).unwrap();
        let maze =
            Maze::generate_shape_observed(generator, blank.clone(), 7, &mut animator).unwrap();
        (animator.finish().unwrap().expect("not stopped"), maze)
    }

    fn shapes() -> [Shape; 4] {
        use mazegen::topology::{Hex, Mask, Masked, Polar, Triangle};
        let mask = Mask::from_text("..X..\n.....\nX...X\n").unwrap();
        [
            Shape::Hex(Hex::new(5, 4).unwrap()),
            Shape::Triangle(Triangle::new(5, 3).unwrap()),
            Shape::Polar(Polar::new(4).unwrap()),
            Shape::Masked(Masked::new(mask).unwrap()),
        ]
    }

    #[test]
    fn the_last_frame_of_a_shape_is_its_term_picture() {
        for blank in shapes() {
            let (columns, lines) = picture_size(&blank, None).unwrap();
            let (columns, lines) = (columns as u16, lines as u16);
            for generator in catalogue() {
                let generator = generator.as_ref();
                if Maze::builder()
                    .generator(generator.boxed())
                    .shape(blank.clone())
                    .seed(7)
                    .build()
                    .is_err()
                {
                    // Carves rectangles only.
                    continue;
                }
                for color in [true, false] {
                    let (screen, maze) = animate_shape(generator, &blank, color);
                    let drawn = screen_of(&screen.bytes, lines + 1, columns);
                    let mut picture = Vec::new();
                    let term = Term {
                        color,
                        ..Term::default()
                    };
                    term.render(&maze, &mut picture).unwrap();
                    let picture = String::from_utf8(picture).unwrap().replace('\n', "\r\n");
                    let expected = screen_of(picture.as_bytes(), lines + 1, columns);
                    let what = format!("{} {} color {color}", blank.name(), generator.name());
                    for y in 0..lines {
                        for x in 0..columns {
                            let [a, b] = [&drawn, &expected].map(|parser| {
                                let cell = parser.screen().cell(y, x).unwrap();
                                (cell.contents().to_string(), cell.fgcolor(), cell.bgcolor())
                            });
                            assert_eq!(a, b, "{what}: {x},{y}");
                        }
                    }
                    assert!(drawn.screen().contents().contains("step "), "{what}");
                    assert!(screen.pauses > 10, "{what}: {} frames", screen.pauses);
                }
            }
        }
    }

    #[test]
    fn a_shape_redraws_only_the_lines_that_changed() {
        let blank = &shapes()[0];
        let (screen, _) = animate_shape(&Backtrack::default(), blank, true);
        let lines = picture_size(blank, None).unwrap().1 as usize;
        // Cursor moves: an escape whose first letter is `H`.
        let escapes = screen.bytes.split(|&b| b == 0x1b).skip(1);
        let moves = escapes
            .filter(|escape| escape.iter().find(|b| b.is_ascii_alphabetic()) == Some(&b'H'))
            .count();
        // A move to each line rewritten and one to the status line a frame.
        let rewritten = moves - screen.pauses as usize;
        let full = screen.pauses as usize * lines;
        // Each frame rewrites a line or two of the picture, not all of it.
        assert!(
            screen.pauses > 20 && rewritten < full / 4,
            "{rewritten} lines rewritten of {full}"
        );
    }

    #[test]
    fn a_maze_that_does_not_fit_says_what_would() {
        assert!(check_fits(21, 21, 80, 24).is_ok());
        let error = check_fits(41, 41, 80, 24).unwrap_err();
        assert_eq!(
            error,
            "--animate: a 41x41-tile maze needs 81 columns and 42 lines, the terminal has 80x24: \
             --width 39 --height 23 fits (--size 23)"
        );
        assert!(
            check_fits(5, 5, 4, 3)
                .unwrap_err()
                .ends_with("no maze fits; enlarge the window")
        );
        let polar = &shapes()[2];
        let size = picture_size(polar, None).unwrap();
        assert!(check_shape_fits(polar, size, 80, 24).is_ok());
        assert_eq!(
            check_shape_fits(polar, size, 20, 10).unwrap_err(),
            format!(
                "--animate: a polar maze needs {} columns and {} lines, the terminal has 20x10: \
                 fewer --rings or a smaller --scale fits, or enlarge the window",
                size.0,
                size.1 + 1
            )
        );
    }
}
