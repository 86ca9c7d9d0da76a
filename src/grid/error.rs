//! What the maze floors refuse: one error for the grid, the shapes, the generators, the maze,
//! its solvers and giant mazes, naming cells, parts and sizes in the library's terms. The
//! crate's [`Error`](crate::Error) wraps it with the errors of the floors above.

use super::{CellName, LARGEST_SQUARE_TILES, MAX_SHAPE_CELLS, Pos, Window};
use std::fmt;
use thiserror::Error;

/// A maze the library cannot make, read, solve or cut as asked.
///
/// Every variant describes bad input (a request the library refuses, or memory no run could
/// get); the binary maps them to exit code 2.
#[derive(Debug, Error, Clone, PartialEq)]
#[non_exhaustive]
pub enum MazeError {
    /// A maze dimension (in tiles) that is even or smaller than 3.
    #[error("{tiles} tiles is {reason}; {hint}")]
    InvalidTiles {
        /// The rejected number of tiles.
        tiles: u64,
        /// Why it is rejected ("even", "too small").
        reason: &'static str,
        /// What would be accepted instead.
        hint: String,
    },

    /// A maze with more cells than the library can hold.
    #[error(
        "a {width}x{height}-cell maze has {cells} cells, more than the {limit} mazegen can hold \
         (the largest square is {largest_square}x{largest_square} tiles)",
        cells = u64::from(*width) * u64::from(*height),
        largest_square = LARGEST_SQUARE_TILES,
    )]
    TooLarge {
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
        /// The most cells a maze may have.
        limit: u64,
    },

    /// The memory for a maze (or a generator's scratch space) could not be reserved.
    #[error("not enough memory for a {width}x{height}-cell maze ({bytes} bytes needed)")]
    OutOfMemory {
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
        /// The allocation that failed, in bytes.
        bytes: u64,
    },

    /// A document so large that the memory to go on reading it was not granted: refused as
    /// it grows, before memory runs out.
    #[error(
        "not enough memory to read a document of more than {read} bytes ({bytes} more bytes \
         needed to go on)"
    )]
    DocumentOutOfMemory {
        /// The bytes read when memory was refused.
        read: u64,
        /// The memory asked for, in bytes.
        bytes: u64,
    },

    /// A room map or cave too large for its printed map's drawing to fit in memory.
    #[error(
        "not enough memory to draw the {width}x{height}-tile map as a printed map (at least \
         {bytes} bytes); drawn in tiles (the color and mono themes), it takes a row at a time"
    )]
    DrawingOutOfMemory {
        /// Width in tiles.
        width: u32,
        /// Height in tiles.
        height: u32,
        /// The least the drawing needs, in bytes.
        bytes: u64,
    },

    /// The arrays of a dataset could not be reserved.
    #[error("not enough memory for the arrays of {count} mazes ({bytes} bytes for one array)")]
    ArraysTooLarge {
        /// The mazes.
        count: u64,
        /// The array that failed, in bytes.
        bytes: u64,
    },

    /// A maze streamed from an algorithm that needs the whole grid (see [`crate::algorithms::stream`]).
    #[error(
        "{algorithm} needs the whole maze in memory and cannot stream it; \
         binary-tree, sidewinder and eller can"
    )]
    DoesNotStream {
        /// The algorithm's name.
        algorithm: &'static str,
    },

    /// A streamed maze taller than its stream or its format can count: more than
    /// [`crate::algorithms::stream::MAX_STREAM_HEIGHT`] rows of cells, or than a JSON document's `u32`.
    #[error("a maze {height} cells high is taller than the {limit} cells {what} can count")]
    TooTall {
        /// Height in cells.
        height: u64,
        /// The most rows of cells allowed.
        limit: u64,
        /// What counts them: "a stream", "a JSON document".
        what: &'static str,
    },

    /// A cell position outside the grid.
    #[error("cell {x},{y} is outside the {width}x{height}-cell maze")]
    OutsideGrid {
        /// Column of the rejected cell.
        x: u32,
        /// Row of the rejected cell.
        y: u32,
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
    },

    /// A probability outside 0 to 1 (or not a number).
    #[error("{value} is not a probability: expected a number from 0 to 1")]
    InvalidProbability {
        /// The rejected value, as a number or quoted text.
        value: String,
    },

    /// Openings asked for where the start or goal does not touch the outer wall.
    #[error(
        "the {role} cell {cell} is not on the outer wall, so it cannot have an opening{accepted}"
    )]
    NotOnBorder {
        /// `"start"` or `"goal"`.
        role: &'static str,
        /// The cell, as `--start` and `--goal` name it.
        cell: CellName,
        /// Which cells touch the outer wall, after a `"; "`: empty on a rectangle, whose outer
        /// rows and columns do.
        accepted: String,
    },

    /// Openings asked for where neither the start nor the goal touches the outer wall.
    #[error(
        "neither the start cell {start} nor the goal cell {goal} is on the outer wall, so no opening can be made{accepted}"
    )]
    NoEndOnBorder {
        /// The start, as `--start` names it.
        start: CellName,
        /// The goal, as `--goal` names it.
        goal: CellName,
        /// Which cells touch the outer wall, after a `"; "`: empty on a rectangle.
        accepted: String,
    },

    /// A picture's scale (pixels a tile, or a cell unit in lines) of 0 or over
    /// [`MAX_SCALE`](crate::render::MAX_SCALE).
    #[error("a picture's scale is {scale} pixels a tile; it may be 1 to {limit}")]
    ScaleOutOfRange {
        /// The scale asked for.
        scale: u32,
        /// The largest scale.
        limit: u32,
    },

    /// A PDF book of more mazes than PDF readers open (its objects over
    /// [`Pdf::MAX_OBJECTS`](crate::render::Pdf::MAX_OBJECTS)).
    #[error(
        "a PDF book of {mazes} mazes would hold more objects than PDF readers open; at {per_page} a page it may have up to {most} mazes"
    )]
    BookTooLarge {
        /// The mazes asked for.
        mazes: u64,
        /// Mazes a page.
        per_page: u32,
        /// The most mazes a book of this many a page holds.
        most: u64,
    },

    /// A PDF book of more mazes a page than its pages lay out.
    #[error(
        "{per_page} mazes a page is more than a page lays out; a PDF book takes 1 to {most} a page (1, 2, 4 or 6 read best)"
    )]
    PerPageOutOfRange {
        /// The mazes a page asked for.
        per_page: u32,
        /// The most a page takes ([`Pdf::MAX_PER_PAGE`](crate::render::Pdf::MAX_PER_PAGE)).
        most: u32,
    },

    /// A picture with more pixels per side than its format allows.
    #[error(
        "the picture would be {pixels} pixels on a side, more than the {limit} a picture may \
         have"
    )]
    PictureTooLarge {
        /// Pixels on the side too long.
        pixels: u64,
        /// The most pixels per side.
        limit: u64,
    },

    /// More parallel seeds (depth-first walkers) than the maze has cells to start them from.
    #[error(
        "{seeds} walkers are more than the maze's {cells} cells to start from; use 1 to {cells}"
    )]
    TooManySeeds {
        /// The rejected number of seeds.
        seeds: u32,
        /// The maze's cells.
        cells: u64,
    },

    /// A maze of another shape than the rectangle with more cells than the library can hold.
    #[error("a maze of {cells} cells is more than the {limit} mazegen can hold in that shape")]
    TooManyCells {
        /// The cells asked for.
        cells: u64,
        /// The most cells a shape may have.
        limit: u64,
    },

    /// A position that is no cell of the maze's shape.
    #[error("({x}, {y}) is not a cell of the maze")]
    NotACell {
        /// Column (index in the ring on a polar maze).
        x: u32,
        /// Row (ring on a polar maze).
        y: u32,
    },

    /// A mask file that cannot be read as a mask.
    #[error("{0}; expected a text mask (X and # off) or a PNG (dark or transparent pixels off)")]
    InvalidMask(String),

    /// A number of cells that is neither a whole number nor a share from 0 to 1.
    #[error(
        "'{value}' is not a number of cells: expected a whole number (a count) or a share from 0 \
         to 1 written with a point, such as 0.5"
    )]
    InvalidAmount {
        /// The rejected text.
        value: String,
    },

    /// More accessible cells asked of a limited depth-first search than the maze has.
    #[error(
        "{accessible} accessible cells are more than the maze's {cells}; use 0 to {cells}, or a \
         share such as 0.5"
    )]
    TooManyAccessible {
        /// The rejected count.
        accessible: u64,
        /// The maze's cells.
        cells: u64,
    },

    /// maze-dataset's limits asked of a backtracker with several walkers.
    #[error(
        "the depth-first search's limits (accessible cells, maximum depth, no forks) take one \
         walker, not {seeds}"
    )]
    LimitedWalkers {
        /// The walkers asked for.
        seeds: u32,
    },

    /// A maze of part of its shape (cells left unreached) asked of a shape without masks.
    #[error(
        "{algorithm} with these options may leave cells out of the maze, which only rectangles \
         and masks can do, not a {shape} maze"
    )]
    PartialShape {
        /// The algorithm.
        algorithm: &'static str,
        /// The shape asked for, as [`Shape::description`](crate::topology::Shape::description)
        /// names it.
        shape: String,
    },

    /// A polar maze with more cells than the library can hold.
    #[error(
        "{rings} rings are more cells than mazegen can hold ({limit}); use 1 to {most} rings",
        limit = MAX_SHAPE_CELLS
    )]
    TooManyRings {
        /// The rejected number of rings.
        rings: u32,
        /// The most rings that fit.
        most: u32,
    },

    /// A shape whose cells would not all connect.
    #[error("{0}")]
    InvalidShape(String),

    /// A shape without a single cell.
    #[error("the shape has no cells")]
    EmptyShape,

    /// A mask whose cells do not all connect.
    #[error(
        "the mask's cells are not connected: cell ({x}, {y}) cannot be reached from cell \
         ({first_x}, {first_y}); join the regions or leave one"
    )]
    DisconnectedMask {
        /// A cell of a second region.
        x: u32,
        /// Its row.
        y: u32,
        /// The first cell of the mask.
        first_x: u32,
        /// Its row.
        first_y: u32,
    },

    /// An algorithm asked to weave that cannot.
    #[error("{algorithm} does not weave; algorithms that do: {}", weaving.join(", "))]
    NotWoven {
        /// The algorithm.
        algorithm: &'static str,
        /// The algorithms that weave ([`WEAVING`](crate::algorithms::WEAVING)).
        weaving: &'static [&'static str],
    },
    /// An algorithm that only carves rectangles, asked for another shape.
    #[error("{algorithm} only carves rectangles, not a {shape} maze; algorithms for every shape: {}",
        every_shape.join(", "))]
    ShapeUnsupported {
        /// The algorithm.
        algorithm: &'static str,
        /// The algorithms that carve every shape
        /// ([`GRAPH_ALGORITHMS`](crate::algorithms::GRAPH_ALGORITHMS)).
        every_shape: &'static [&'static str],
        /// The shape asked for, as [`Shape::description`](crate::topology::Shape::description)
        /// names it.
        shape: String,
    },

    /// A research format (`hrm`, `alphamaze`, `searchformer`, `ascii`, `mazebench`) asked of a
    /// maze it cannot write: each writes a grid of a rectangle's cells, some square only.
    #[error("{format} writes {accepts}, not {what}")]
    FormatRefuses {
        /// The format, as `--format` names it.
        format: &'static str,
        /// What it writes (e.g. `"square rectangles (as many cells across as down)"`).
        accepts: &'static str,
        /// What it was asked of (e.g. `"a 7x5-cell rect maze"`).
        what: String,
    },

    /// Too many shortest paths for a format that lists them all.
    #[error("{format} lists every shortest path, and this maze has {count}, more than {limit}")]
    TooManyShortestPaths {
        /// The format, as `--format` names it.
        format: &'static str,
        /// The number of shortest paths, in decimal.
        count: String,
        /// The most it lists.
        limit: usize,
    },

    /// A tile view (tiles, tile pictures, tile figures) asked of a maze that is not a
    /// rectangle or a mask.
    #[error("{what} draws rectangles and masks in tiles, not a {shape} maze")]
    NotInTiles {
        /// What was asked (e.g. `"the tile view"`).
        what: &'static str,
        /// The shape it was asked of, as
        /// [`Shape::description`](crate::topology::Shape::description) names it.
        shape: String,
    },

    /// A refusal because of one part of a [`MazeSpec`](crate::maze::MazeSpec), which `part`
    /// names so that a caller can name it in its own terms.
    #[error("{part}: {error}")]
    Refused {
        /// The part at fault.
        part: Part,
        /// Why it is refused.
        error: Box<MazeError>,
    },

    /// A finish that moves the endpoints to the ends of a longest path, given endpoints or
    /// openings of its own.
    #[error(
        "the endpoints of a longest path are placed by the maze itself: they cannot be \
         combined with a start, goal or openings of their own"
    )]
    FarthestPlaced,

    /// A finish that draws the endpoints at random, given endpoints or openings of its own.
    #[error(
        "random endpoints are drawn for each maze: they cannot be combined with a start, goal \
         or openings of their own"
    )]
    RandomEndsPlaced,

    /// Random endpoints asked to lie further apart than any two cells can, or at no distance.
    #[error(
        "random endpoints at least {min} step{} apart: {}",
        if *min == 1 { "" } else { "s" },
        if *most == 0 {
            format!("a maze of {cells} cell{} has no two cells to put them in; expected a maze of \
                     at least 2 cells", if *cells == 1 { "" } else { "s" })
        } else {
            format!("expected a distance from 1 to {most} (a path visits each of the {cells} \
                     cells at most once)")
        }
    )]
    EndsApart {
        /// The least distance asked for, in steps.
        min: u32,
        /// The most any two cells of the shape can lie apart.
        most: u64,
        /// The shape's cells.
        cells: u64,
    },

    /// A maze in which no two cells were found at least `min` steps apart
    /// ([`Maze::random_ends`](crate::Maze::random_ends)).
    #[error("no two cells of this maze were found {min} or more steps apart")]
    NoEndsApart {
        /// The least distance asked for, in steps.
        min: u32,
    },

    /// A maze document that cannot be read: malformed, of another schema, or not a valid maze.
    #[error("{0}")]
    InvalidDocument(String),

    /// An event that cannot be replayed on the maze it is said to carve.
    #[error("{0}")]
    InvalidEvent(String),

    /// A giant maze with a side of no cells or of more than [`MAX_SIDE`](crate::giant::MAX_SIDE).
    #[error("a giant maze is 1 to {limit} cells a side (3 to 2^64 - 1 tiles), not {cells} cells")]
    GiantSide {
        /// The side asked for, in cells.
        cells: u64,
        /// The most cells a side may have.
        limit: u64,
    },

    /// A generator that cannot make a giant maze as asked.
    #[error("{algorithm} cannot make this giant maze: {reason}")]
    WindowUnsupported {
        /// The algorithm.
        algorithm: &'static str,
        /// Why not.
        reason: &'static str,
    },

    /// A window of no cells or reaching past its giant maze.
    #[error(
        "a window of {}x{} cells at cell {},{} does not lie within the {width}x{height}-cell \
         maze; a window has at least one cell and ends by cell {},{}",
        window.width, window.height, window.x, window.y,
        width.saturating_sub(1), height.saturating_sub(1)
    )]
    WindowOutside {
        /// The window asked for.
        window: Window,
        /// The maze's width in cells.
        width: u64,
        /// The maze's height in cells.
        height: u64,
    },

    /// A cell a chunked maze's generator grows each chunk from, outside the smallest chunk.
    #[error(
        "cell {x},{y} is outside the smallest chunk, {width}x{height} cells at the bottom-right \
         corner, and each chunk's maze grows from that cell of it"
    )]
    OutsideChunk {
        /// Its column within a chunk.
        x: u32,
        /// Its row within a chunk.
        y: u32,
        /// The smallest chunk's width in cells.
        width: u32,
        /// Its height in cells.
        height: u32,
    },

    /// Chunks of no cells, or of more than a grid holds.
    #[error("chunks are 1 to {limit} cells a side, not {side}")]
    ChunkSide {
        /// The side asked for.
        side: u32,
        /// The most cells a side may have.
        limit: u32,
    },

    /// A chunk asked of a maze that is not made of chunks.
    #[error("this giant maze is not made of chunks")]
    NoChunks,

    /// A chunk past the last one.
    #[error("chunk {cx},{cy} is outside the {across}x{down} chunks of the maze")]
    ChunkOutside {
        /// Its column of chunks.
        cx: u64,
        /// Its row of chunks.
        cy: u64,
        /// Chunks across the maze.
        across: u64,
        /// Chunks down the maze.
        down: u64,
    },

    /// A window's start and goal joined only through cells outside it.
    #[error(
        "no path from cell {},{} to cell {},{} stays within the window: its cells join \
         through cells outside it; choose a start and goal the window joins, or a larger window",
        start.x, start.y, goal.x, goal.y
    )]
    NoPathInWindow {
        /// The start, in window cells.
        start: Pos,
        /// The goal, in window cells.
        goal: Pos,
    },

    /// A solving method by a name that is none ([`crate::solve::Method`]).
    #[error(
        "unknown solving method '{0}': expected shortest, wall-follower, pledge, tremaux or \
         dead-end-filling"
    )]
    UnknownMethod(String),

    /// A wall follower (or Pledge) that walks in circles without reaching the goal.
    #[error(
        "{method} cannot solve this maze: its walk came back to cell {cell} the same way as \
         before without reaching the goal, and would go round forever (the goal lies off the \
         walls it follows, on a loop or an island); shortest, tremaux and dead-end-filling \
         solve every maze"
    )]
    Unsolvable {
        /// The method's name.
        method: &'static str,
        /// The cell the walk came back to, as `--start` and `--goal` name it.
        cell: CellName,
    },

    /// A solving method asked of a shape it cannot walk.
    #[error(
        "{method} keeps a heading, which the cells of a {shape} maze do not share; it solves \
         rect, mask and hex mazes, and wall-follower, tremaux, dead-end-filling and shortest \
         every shape"
    )]
    MethodShape {
        /// The method's name.
        method: &'static str,
        /// The shape, as [`Shape::description`](crate::topology::Shape::description) names it.
        shape: String,
    },

    /// A walk whose cells are not joined one to the next ([`crate::Maze::set_walk`]).
    #[error("cell {},{} of a walk is not joined by a passage to cell {},{} before it", to.x, to.y, from.x, from.y)]
    NotAWalk {
        /// The cell before (the start, for a walk that does not begin there).
        from: Pos,
        /// The cell not joined to it.
        to: Pos,
    },

    /// A search that cannot reach the goal from the start (the cells do not join).
    #[error(
        "no path joins the start cell {},{} to the goal cell {},{}",
        start.x, start.y, goal.x, goal.y
    )]
    NoPath {
        /// The start.
        start: Pos,
        /// The goal.
        goal: Pos,
    },

    /// Random walls asked of a grid where none of their mazes can be drawn
    /// ([`RandomWalls`](crate::algorithms::RandomWalls)).
    #[error(
        "random walls on {width}x{height} cells {reason}; a grid of two cells or more each way, \
         or fewer walls, would be accepted"
    )]
    NoLayout {
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
        /// Why not.
        reason: String,
    },

    /// A finishing step that would undo what the generator draws with its maze (random-walls
    /// draws its start and goal with its walls, and joins every two neighbouring free cells).
    #[error("{algorithm} {reason}")]
    DrawnByGenerator {
        /// The algorithm.
        algorithm: &'static str,
        /// What it draws, and why the step cannot be done.
        reason: &'static str,
    },

    /// A labyrinth asked of a maze it cannot be made of.
    #[error("a labyrinth {reason}")]
    Labyrinth {
        /// Why not (`"is made of a perfect maze, ..."`).
        reason: &'static str,
    },

    /// Something asked of a window that only the whole maze has.
    #[error("a window shows part of a maze as it is, without {what}: that needs the whole maze")]
    WholeMazeNeeded {
        /// What was asked (`"braiding"`, `"figures"`).
        what: &'static str,
    },

    /// A growing-tree pick rule that is not `newest`, `random`, `oldest` or `mixed:P` with P
    /// from 0 to 1.
    #[error(
        "pick '{value}' {reason}; expected newest, random, oldest or mixed:P with P from 0 to 1"
    )]
    InvalidPick {
        /// The rejected text.
        value: String,
        /// What is wrong with it.
        reason: &'static str,
    },

    /// A name that is no maze-dataset tokenizer's (`MazeTokenizerModular.name`).
    #[error("'{name}' is no maze-dataset tokenizer: {reason}")]
    InvalidTokenizer {
        /// The rejected name.
        name: String,
        /// Where and what is wrong with it, and what is expected.
        reason: String,
    },

    /// A maze maze-dataset cannot read back from tokens.
    #[error(
        "maze-dataset's tokens need a maze with a passage and a path of two cells or more: \
         it reads no maze of one cell, without a passage or with its start on its goal"
    )]
    NoTokens,
}

/// The maze floors' result type.
pub type Result<T, E = MazeError> = std::result::Result<T, E>;

/// The part of a maze's request a refusal is about ([`MazeError::Refused`]), so that a caller
/// can name it in its own terms (the command line names its options).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The start cell asked for ([`Finish::start`](crate::maze::Finish::start)), here.
    Start(Pos),
    /// The goal cell asked for ([`Finish::goal`](crate::maze::Finish::goal)), here.
    Goal(Pos),
    /// The start and goal together, here.
    Endpoints(Pos, Pos),
    /// The cell the generator grows the maze from
    /// ([`Generator::grows_from`](crate::algorithms::Generator::grows_from)), here.
    From(Pos),
    /// A labyrinth ([`Finish::unicursal`](crate::maze::Finish::unicursal)).
    Unicursal,
    /// Openings in the outer wall ([`Finish::openings`](crate::maze::Finish::openings)).
    Openings,
    /// The endpoints moved to the ends of a longest path
    /// ([`Finish::farthest`](crate::maze::Finish::farthest)).
    Farthest,
    /// Braiding ([`Finish::braid`](crate::maze::Finish::braid)).
    Braid,
    /// The endpoints drawn at random, at least this many steps apart
    /// ([`Finish::random_ends`](crate::maze::Finish::random_ends)).
    RandomEnds(u32),
}

impl Part {
    /// `error`, refused because of this part.
    pub fn refuses(self, error: MazeError) -> MazeError {
        MazeError::Refused {
            part: self,
            error: Box::new(error),
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Start(pos) => write!(f, "start {},{}", pos.x, pos.y),
            Self::Goal(pos) => write!(f, "goal {},{}", pos.x, pos.y),
            Self::Endpoints(start, goal) => {
                write!(
                    f,
                    "start {},{} goal {},{}",
                    start.x, start.y, goal.x, goal.y
                )
            }
            Self::Openings => f.write_str("openings"),
            Self::From(pos) => write!(f, "from {},{}", pos.x, pos.y),
            Self::Unicursal => f.write_str("unicursal"),
            Self::Farthest => f.write_str("farthest"),
            Self::Braid => f.write_str("braid"),
            Self::RandomEnds(min) => write!(f, "random endpoints at least {min} steps apart"),
        }
    }
}
