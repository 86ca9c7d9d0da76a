//! The maze model: one [`Maze`] for every shape, holding the carved shape plus what produced
//! it, its entrance and exit, and what was done to it afterwards (braiding, openings, a
//! solution).

mod builder;
mod cells;
mod replay;
mod spec;
mod view;

pub use builder::MazeBuilder;
pub use replay::{Carved, Carving, EVENTS_SCHEMA, EventsHeader, replay, replay_shape};
pub use spec::{Blank, Finish, MazeSpec};
pub(crate) use view::blank;
pub use view::{Heat, MazeTiles};

use crate::Probability;
use crate::algorithms::{Generator, braid, carve_drawing_ends_named, start_cell};
use crate::events::{Event, Observer, ShapeEvent, Silent};
use crate::grid::{Cut, Dir, Grid, MazeError, Pos, Result, TilePos, passage_tile};
use crate::rng::{rng_for_stream, rng_from_seed};
use crate::solve::all_shortest::moves;
use crate::solve::{Method, SearchEvent, ShortestPaths, all_shortest, search};
use crate::topology::{
    Distances, Mask, Masked, Shape, Topology, distances, path_back, shortest_path,
};
use crate::with_topology;
use std::borrow::Cow;
use std::sync::Arc;

/// The RNG stream braiding draws from, apart from generation's, so that braiding never changes
/// the maze underneath.
pub(crate) const BRAID_STREAM: u64 = 1;

/// The RNG stream the `tokens` format orders a maze's passages from.
pub(crate) const TOKENS_STREAM: u64 = 2;

/// The RNG stream random endpoints are drawn from ([`Maze::random_ends`]), which suites'
/// endpoints draw from too.
pub const ENDS_STREAM: u64 = 16;

/// An opening in the outer wall: a cell and the side of it that opens.
pub(crate) type Opening = (usize, usize);

/// A maze's effective options as JSON records them, shared by the mazes of one spec.
pub(crate) type Params = Arc<serde_json::Value>;

/// The effective options of `generator`, to share ([`Params`]).
pub(crate) fn params_of(generator: &dyn Generator) -> Params {
    Arc::new(generator.params())
}

/// A maze of any [`Shape`]: its cells and passages and everything needed to reproduce,
/// describe and draw it. Cells are named by index, as the shape numbers them; positions
/// ([`Pos`]) name them as documents and the command line do.
///
/// Its parts are read through methods and changed only through the methods that keep them
/// consistent: moving the endpoints checks them and drops a stale solution, braiding records
/// its probability, and so on.
#[derive(Debug, Clone, PartialEq)]
pub struct Maze {
    shape: Shape,
    algorithm: Cow<'static, str>,
    /// Shared by the mazes of one spec: built once, not once a maze.
    params: Arc<serde_json::Value>,
    seed: u64,
    start: usize,
    goal: usize,
    braid: Option<Probability>,
    unicursal: bool,
    open_border: bool,
    solution: Option<Vec<usize>>,
    /// The cells the solver visited, in order, when a method other than the shortest found
    /// the solution.
    visited: Option<Vec<usize>>,
    /// Where a window of a giant maze lies in it.
    cut: Option<Box<Cut>>,
}

impl Maze {
    /// Where a rectangular maze is entered unless said otherwise: the top-left cell.
    pub const DEFAULT_START: Pos = Pos::new(0, 0);

    /// Where a `width x height`-cell rectangular maze is left unless said otherwise: the
    /// bottom-right cell.
    pub const fn default_goal(width: u32, height: u32) -> Pos {
        Pos::new(width - 1, height - 1)
    }

    /// Carves a `width x height`-cell rectangle with `generator` from `seed`: the maze
    /// [`Maze::builder`] makes of that description, unfinished.
    pub(crate) fn generate(
        generator: &dyn Generator,
        width: u32,
        height: u32,
        seed: u64,
        params: Params,
    ) -> Result<Self> {
        let mut grid = Grid::new(width, height)?;
        let ends =
            generator.carve_drawing_ends(&mut grid, &mut rng_from_seed(seed), &mut Silent)?;
        Self::carved(generator, Shape::Rect(grid), seed, ends, params)
    }

    /// Carves a `width x height`-cell rectangle as [`Maze::generate`] does, and gives with it
    /// the path from `start` to `goal` where the carve leaves it at hand
    /// ([`Generator::carve_solving`]); both must lie in the rectangle.
    pub(crate) fn generate_solving(
        generator: &dyn Generator,
        width: u32,
        height: u32,
        seed: u64,
        (start, goal): (Pos, Pos),
        params: Params,
    ) -> Result<(Self, Option<Vec<usize>>)> {
        if generator.draws_ends() {
            return Ok((
                Self::generate(generator, width, height, seed, params)?,
                None,
            ));
        }
        let mut grid = Grid::new(width, height)?;
        let path = generator.carve_solving(&mut grid, &mut rng_from_seed(seed), start, goal)?;
        Ok((
            Self::carved(generator, Shape::Rect(grid), seed, None, params)?,
            path,
        ))
    }

    /// Carves a `width x height`-cell rectangle as [`Maze::builder`] does, unfinished,
    /// reporting every step to `observer`.
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Backtrack, events::Event, maze::replay};
    ///
    /// let mut steps: Vec<Event> = Vec::new();
    /// let maze = Maze::generate_observed(&Backtrack::default(), 6, 4, 7, &mut steps)?;
    /// let built = Maze::builder().algorithm(Backtrack::default()).cells(6, 4).seed(7).build()?;
    /// assert_eq!(maze, built);
    /// assert_eq!(Some(&replay(6, 4, steps)?), maze.grid());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn generate_observed(
        generator: &dyn Generator,
        width: u32,
        height: u32,
        seed: u64,
        observer: &mut dyn Observer,
    ) -> Result<Self> {
        let mut grid = Grid::new(width, height)?;
        let ends = generator.carve_drawing_ends(&mut grid, &mut rng_from_seed(seed), observer)?;
        Self::carved(
            generator,
            Shape::Rect(grid),
            seed,
            ends,
            params_of(generator),
        )
    }

    /// Carves `shape` (every wall standing) with `generator` from `seed`, entered at its first
    /// cell and left at its last: the maze [`Maze::builder`] makes of that description,
    /// unfinished.
    pub(crate) fn generate_shape(
        generator: &dyn Generator,
        mut shape: Shape,
        seed: u64,
        params: Params,
    ) -> Result<Self> {
        let ends = match &mut shape {
            Shape::Rect(grid) if generator.draws_ends() => {
                generator.carve_drawing_ends(grid, &mut rng_from_seed(seed), &mut Silent)?
            }
            _ => {
                generator.carve_shape(&mut shape, &mut rng_from_seed(seed))?;
                None
            }
        };
        Self::carved(generator, shape, seed, ends, params)
    }

    /// Carves `shape` as [`Maze::builder`] does, unfinished, reporting every step to
    /// `observer`, cells named by id and sides by number (see [`crate::events`]).
    pub fn generate_shape_observed(
        generator: &dyn Generator,
        mut shape: Shape,
        seed: u64,
        observer: &mut dyn Observer<ShapeEvent>,
    ) -> Result<Self> {
        let ends = match &mut shape {
            Shape::Rect(grid) if generator.draws_ends() => {
                carve_drawing_ends_named(generator, grid, &mut rng_from_seed(seed), observer)?
            }
            _ => {
                generator.carve_shape_observed(&mut shape, &mut rng_from_seed(seed), observer)?;
                None
            }
        };
        Self::carved(generator, shape, seed, ends, params_of(generator))
    }

    /// The maze `generator` carved into `shape` from `seed`, its options `params`. Options
    /// that may leave cells unreached ([`Generator::reached_from`]) make a maze of the cells
    /// reached, as a mask; a generator that drew the maze's `ends` makes one of the cells its
    /// start reaches, entered and left where it drew.
    fn carved(
        generator: &dyn Generator,
        shape: Shape,
        seed: u64,
        ends: Option<(Pos, Pos)>,
        params: Params,
    ) -> Result<Self> {
        let shape = match ends.map(|(start, _)| start).or(generator.reached_from()) {
            None => shape,
            Some(from) => {
                let from = with_topology!(&shape, t => start_cell(t, from))?;
                let grid = match shape {
                    Shape::Rect(grid) => grid,
                    Shape::Masked(masked) => masked.into_parts().0,
                    other => {
                        return Err(MazeError::PartialShape {
                            algorithm: generator.name(),
                            shape: other.description(),
                        });
                    }
                };
                Shape::Masked(Masked::reached(grid, from)?)
            }
        };
        let mut maze = Self::of_shape(shape, generator.name(), params, seed);
        if let Some((start, goal)) = ends {
            maze.set_endpoints(start, goal)?;
        }
        Ok(maze)
    }

    /// The maze of a carved `grid`, made by `algorithm` with the effective options `params`
    /// from `seed`: entrance top-left, exit bottom-right, nothing else done. The grid must be
    /// connected (generators and the reader make sure of it), so not public.
    pub(crate) fn new(
        grid: Grid,
        algorithm: impl Into<Cow<'static, str>>,
        params: impl Into<Params>,
        seed: u64,
    ) -> Self {
        Self::of_shape(Shape::Rect(grid), algorithm, params, seed)
    }

    /// The maze of a carved, connected `shape`, as [`Maze::new`] says: entered at its first
    /// cell, left at its last.
    pub(crate) fn of_shape(
        shape: Shape,
        algorithm: impl Into<Cow<'static, str>>,
        params: impl Into<Params>,
        seed: u64,
    ) -> Self {
        let (start, goal) = with_topology!(&shape, t => (t.first_cell(), t.default_goal()));
        Self {
            shape,
            algorithm: algorithm.into(),
            params: params.into(),
            seed,
            start,
            goal,
            braid: None,
            unicursal: false,
            open_border: false,
            solution: None,
            visited: None,
            cut: None,
        }
    }

    /// This maze as the window `cut` says it is of a giant maze.
    pub(crate) fn with_cut(mut self, cut: Cut) -> Self {
        self.cut = Some(Box::new(cut));
        self
    }

    /// For a window of a giant maze ([`crate::giant`]), where it lies and the passages that
    /// leave it; `None` for a maze made whole.
    pub fn cut(&self) -> Option<&Cut> {
        self.cut.as_deref()
    }

    /// Refuses `what` of a window, which only the whole maze has.
    pub(crate) fn require_whole(&self, what: &'static str) -> Result<()> {
        match &self.cut {
            Some(cut) if !cut.is_whole() => Err(MazeError::WholeMazeNeeded { what }),
            _ => Ok(()),
        }
    }

    /// The shape and its passages.
    pub const fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The rectangle of cells a rectangular or mask maze lies in (cells off a mask have no
    /// passages), what its tile view draws; `None` for other shapes.
    pub fn grid(&self) -> Option<&Grid> {
        match &self.shape {
            Shape::Rect(grid) => Some(grid),
            Shape::Masked(masked) => Some(masked.grid()),
            _ => None,
        }
    }

    /// The cells in a mask maze; `None` for other shapes.
    pub fn mask(&self) -> Option<&Mask> {
        match &self.shape {
            Shape::Masked(masked) => Some(masked.mask()),
            _ => None,
        }
    }

    /// The number of cells in the maze.
    pub fn cell_count(&self) -> u64 {
        self.shape.cell_count() as u64
    }

    /// The first cell in index order (reading order on a rectangle or a mask).
    pub fn first_cell(&self) -> usize {
        with_topology!(&self.shape, t => t.first_cell())
    }

    /// The name of the algorithm that carved it (e.g. `"backtrack"`).
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// The algorithm's effective options.
    pub fn params(&self) -> &serde_json::Value {
        &self.params
    }

    /// The seed it was generated from.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The entrance cell (the first cell, top-left on a rectangle, unless moved).
    pub const fn start(&self) -> usize {
        self.start
    }

    /// The exit cell (the last cell, bottom-right on a rectangle, unless moved).
    pub const fn goal(&self) -> usize {
        self.goal
    }

    /// The position of the entrance (see [`Topology::cell`]).
    pub fn start_pos(&self) -> Pos {
        self.pos(self.start)
    }

    /// The position of the exit (see [`Topology::cell`]).
    pub fn goal_pos(&self) -> Pos {
        self.pos(self.goal)
    }

    /// The position of cell `i` (see [`Topology::cell`]).
    pub fn pos(&self, i: usize) -> Pos {
        with_topology!(&self.shape, t => t.cell(&t.cursor(i)))
    }

    /// The probability each dead end was braided away with, if the maze was braided.
    pub const fn braid(&self) -> Option<Probability> {
        self.braid
    }

    /// Whether this is a labyrinth ([`Maze::unicursal`]): one path through every cell.
    pub const fn is_unicursal(&self) -> bool {
        self.unicursal
    }

    /// The labyrinth of this perfect rectangular maze: one path, without a fork, through every
    /// cell of a rectangle twice as many cells wide and high, which runs down one side of every
    /// passage and back up the other (Theseus's `to_unicursal`, a wall follower's walk made
    /// the maze):
    ///
    /// 1. Split each cell into a 2x2 block of cells.
    /// 2. Join the two cells of a block along each side that has no passage (around the block),
    ///    and across each passage join the two pairs of cells that face each other (along it).
    ///    Every cell then has two passages: they form one ring, around the maze's tree.
    /// 3. Cut the ring between the top-left block's two left cells: the path runs from the
    ///    top-left cell (the start) to the one below it (the goal).
    ///
    /// Refuses braided mazes (their loops would make several rings), windows, other shapes,
    /// and labyrinths past the grid's cell limit.
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Kruskal, grid::Pos};
    ///
    /// let maze = Maze::builder().algorithm(Kruskal).cells(6, 4).seed(3).build()?;
    /// let labyrinth = maze.unicursal()?;
    /// let grid = labyrinth.grid().unwrap();
    /// assert_eq!((grid.width(), grid.height()), (12, 8));
    /// assert!(labyrinth.is_perfect() && (0..96).all(|i| grid.degree(grid.pos(i)) <= 2));
    /// assert_eq!((labyrinth.start_pos(), labyrinth.goal_pos()), (Pos::new(0, 0), Pos::new(0, 1)));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn unicursal(&self) -> Result<Maze> {
        self.require_whole("a labyrinth")?;
        let refuse = |reason| Err(MazeError::Labyrinth { reason });
        if self.cut.is_some() {
            return refuse("is made of a whole maze, not a window or chunks");
        }
        if self.braid.is_some() || !self.is_perfect() {
            return refuse("is made of a perfect maze, and loops would close its path into rings");
        }
        let Shape::Rect(grid) = &self.shape else {
            return refuse("is made of a rectangle of square cells");
        };
        let (width, height) = (grid.width(), grid.height());
        let mut labyrinth = Grid::new(width.saturating_mul(2), height.saturating_mul(2))?;
        for y in 0..height {
            for x in 0..width {
                let cell = Pos::new(x, y);
                let open = |dir| grid.is_open(cell, dir);
                // 1. The block's top-left, top-right and bottom-left cells.
                let top_left = Pos::new(2 * x, 2 * y);
                let top_right = Pos::new(2 * x + 1, 2 * y);
                let bottom_left = Pos::new(2 * x, 2 * y + 1);
                // 2. Around the block where there is no passage...
                for (closed, from, dir) in [
                    (!open(Dir::North), top_left, Dir::East),
                    (!open(Dir::South), bottom_left, Dir::East),
                    (!open(Dir::West), top_left, Dir::South),
                    (!open(Dir::East), top_right, Dir::South),
                ] {
                    if closed {
                        labyrinth.carve(from, dir);
                    }
                }
                // ... and along each passage east or south, both sides of it.
                if open(Dir::East) {
                    labyrinth.carve(top_right, Dir::East);
                    labyrinth.carve(Pos::new(2 * x + 1, 2 * y + 1), Dir::East);
                }
                if open(Dir::South) {
                    labyrinth.carve(bottom_left, Dir::South);
                    labyrinth.carve(Pos::new(2 * x + 1, 2 * y + 1), Dir::South);
                }
            }
        }
        // 3.
        labyrinth.close(Pos::new(0, 0), Dir::South);
        let mut maze = Maze::of_shape(
            Shape::Rect(labyrinth),
            self.algorithm.clone(),
            self.params.clone(),
            self.seed,
        );
        maze.goal = width as usize * 2;
        maze.unicursal = true;
        Ok(maze)
    }

    /// Records that the maze is a labyrinth, as a document read back says.
    pub(crate) fn record_unicursal(&mut self) {
        self.unicursal = true;
    }

    /// Whether the outer wall is open next to the start and the goal (see [`Maze::openings`]).
    pub const fn has_openings(&self) -> bool {
        self.open_border
    }

    /// The cells of a path from start to goal, in order, once solved: a shortest one when
    /// [`Maze::solve`] found it.
    pub fn solution(&self) -> Option<&[usize]> {
        self.solution.as_deref()
    }

    /// Closes the passage of a rectangle's cell `pos` towards `dir` (a wall that stands, or the
    /// outer wall, stays as it is): an edit that may leave the goal unreachable, as suites'
    /// blocked families do. Drops the solution. [`MazeError::NotInTiles`] on other shapes.
    ///
    /// ```
    /// use mazegen::{Maze, grid::{Dir, Pos}};
    ///
    /// let mut maze = Maze::builder().cells(1, 3).build()?;
    /// maze.close_passage(Pos::new(0, 1), Dir::South)?;
    /// assert!(!maze.shortest_paths(1)?.reachable());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn close_passage(&mut self, pos: Pos, dir: Dir) -> Result<()> {
        let shape = self.shape.description();
        let Shape::Rect(grid) = &mut self.shape else {
            return Err(MazeError::NotInTiles {
                what: "closing a passage",
                shape,
            });
        };
        grid.require(pos)?;
        grid.close(pos, dir);
        self.solution = None;
        self.visited = None;
        Ok(())
    }

    /// Moves the entrance and exit to the cells at `start` and `goal` (see
    /// [`Topology::locate`]); with openings one at least must be on the outer wall. Drops the
    /// solution.
    pub fn set_endpoints(&mut self, start: Pos, goal: Pos) -> Result<()> {
        let (start, goal) = (self.locate(start)?, self.locate(goal)?);
        if self.open_border {
            self.opening_sides(start, goal)?;
        }
        (self.start, self.goal) = (start, goal);
        self.solution = None;
        self.visited = None;
        Ok(())
    }

    /// The cell at `pos`: outside a rectangle is [`MazeError::OutsideGrid`], not a cell of
    /// another shape [`MazeError::NotACell`].
    fn locate(&self, pos: Pos) -> Result<usize> {
        if let Shape::Rect(grid) = &self.shape {
            grid.require(pos)?;
        }
        with_topology!(&self.shape, t => t.locate(pos))
            .ok_or(MazeError::NotACell { x: pos.x, y: pos.y })
    }

    /// Removes each dead end with `probability` (see [`braid`]), drawing from a random stream of
    /// its own so the maze underneath stays the one the seed gives; walls open only between
    /// cells of the shape. Returns the walls opened. Drops the solution.
    ///
    /// ```
    /// use mazegen::{Maze, Probability, algorithms::Kruskal};
    ///
    /// let mut maze = Maze::builder().algorithm(Kruskal).cells(20, 20).seed(3).build()?;
    /// let opened = maze.braid_with(Probability::new(1.0)?)?;
    /// assert!(opened > 0 && !maze.is_perfect());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn braid_with(&mut self, probability: Probability) -> Result<u64> {
        self.require_whole("braiding")?;
        let mut rng = rng_for_stream(self.seed, BRAID_STREAM);
        let opened = with_topology!(&mut self.shape, t => braid(t, probability.get(), &mut rng))?;
        self.braid = Some(probability);
        self.solution = None;
        self.visited = None;
        Ok(opened)
    }

    /// Opens the outer wall next to the start and the goal where they lie on it: where
    /// [`Shape::opening_side`] says, on every shape. An endpoint off the wall (the centre of a
    /// polar maze, a cell inside a mask) gets no opening, the other still does: a round maze
    /// entered from its rim is solved at its centre. When neither lies on the wall,
    /// [`MazeError::NoEndOnBorder`].
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Prim, grid::Pos, topology::{Polar, Shape}};
    ///
    /// let polar = Shape::Polar(Polar::new(4)?);
    /// let mut maze = Maze::builder().algorithm(Prim::default()).shape(polar).seed(2).build()?;
    /// maze.set_endpoints(Pos::new(0, 3), Pos::new(0, 0))?;
    /// maze.open_border()?;
    /// assert_eq!(maze.openings().len(), 1, "the rim's entrance; the centre has no outer wall");
    /// maze.set_endpoints(Pos::new(0, 3), Pos::new(12, 3))?;
    /// assert_eq!(maze.openings().len(), 2);
    /// assert!(maze.set_endpoints(Pos::new(0, 0), Pos::new(0, 1)).is_err(), "no end on the rim");
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn open_border(&mut self) -> Result<()> {
        self.require_whole("openings in the outer wall")?;
        self.opening_sides(self.start, self.goal)?;
        self.open_border = true;
        Ok(())
    }

    /// The openings in the outer wall, the start's first, each a cell and the side it opens:
    /// the side [`Shape::opening_side`] gives (on a rectangle the start's north side if it is
    /// on the top row, else west, south, east; the goal's south side, else east, north, west).
    /// Empty unless [`Maze::open_border`] was called; one opening if both would be the same.
    pub fn openings(&self) -> Vec<(usize, usize)> {
        if !self.open_border {
            return Vec::new();
        }
        self.opening_sides(self.start, self.goal)
            .expect("open only with an end on the outer wall")
    }

    /// The [`Maze::openings`] as the path meets them: the entrance beside the start, and the
    /// exit beside the goal, each `None` where that end has none (off the outer wall, or the
    /// start's opening serving both).
    pub(crate) fn opening_ends(&self) -> (Option<Opening>, Option<Opening>) {
        let openings = self.openings();
        let entrance = openings
            .first()
            .filter(|&&(cell, _)| cell == self.start)
            .copied();
        let exit = (openings.iter().skip(usize::from(entrance.is_some())))
            .find(|&&(cell, _)| cell == self.goal)
            .copied();
        (entrance, exit)
    }

    /// The tiles of the [`Maze::openings`] of a rectangle, a mask or a weave, the start's
    /// first; empty for other shapes.
    pub fn opening_tiles(&self) -> Vec<TilePos> {
        if self.grid().is_none() && !matches!(self.shape, Shape::Weave(_)) {
            return Vec::new();
        }
        let tile = |(cell, side)| passage_tile(self.pos(cell), Dir::from_side(side));
        self.openings().into_iter().map(tile).collect()
    }

    /// Finds a shortest path from start to goal and keeps it as [`Maze::solution`]. Steps
    /// back from the goal through the sides in order (north, east, south, west on a
    /// rectangle), so the same maze always gives the same path.
    ///
    /// A rectangle's search needs 8 bytes per cell, reserved first: a maze too large for it
    /// is a [`MazeError::OutOfMemory`]. In a window of a giant maze the path must stay within
    /// the window, or it is refused with [`MazeError::NoPathInWindow`].
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::HuntAndKill, grid::Pos};
    ///
    /// let mut maze = Maze::builder().algorithm(HuntAndKill).cells(10, 6).seed(5).build()?;
    /// maze.set_endpoints(Pos::new(0, 5), Pos::new(9, 0))?;
    /// maze.open_border()?;
    /// maze.solve()?;
    /// let path = maze.solution().unwrap();
    /// assert_eq!((maze.pos(path[0]), maze.pos(path[path.len() - 1])), (Pos::new(0, 5), Pos::new(9, 0)));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn solve(&mut self) -> Result<()> {
        let path = match &self.shape {
            Shape::Rect(grid) => {
                let (start, goal) = (grid.pos(self.start), grid.pos(self.goal));
                let path = Distances::from(grid, start)?.cells_to(grid, goal)?;
                if path.is_none() && self.cut.is_some() {
                    return Err(MazeError::NoPathInWindow { start, goal });
                }
                path
            }
            shape => {
                let distances = self.distances();
                Some(with_topology!(shape, t => path_back(t, &distances, self.goal)))
            }
        };
        self.solution = path;
        self.visited = None;
        Ok(())
    }

    /// Keeps `path`, found by the carve ([`Maze::generate_solving`]), as [`Maze::solution`]:
    /// on a perfect maze, the one path [`Maze::solve`] would find.
    pub(crate) fn keep_solution(&mut self, path: Vec<usize>) {
        debug_assert_eq!(
            (path.first(), path.last()),
            (Some(&self.start), Some(&self.goal))
        );
        self.solution = Some(path);
        self.visited = None;
    }

    /// Every shortest path from start to goal ([`all_shortest`](mod@crate::solve::all_shortest)):
    /// whether the goal can be reached, in how many steps, the exact number of shortest paths
    /// (one on a perfect maze), and the first `cap` of them, in the lexicographic order of the
    /// sides they take (on a rectangle north, east, south, west; see
    /// [`Maze::shortest_moves`]).
    ///
    /// ```
    /// use mazegen::{Maze, Probability, algorithms::Kruskal};
    ///
    /// let mut maze = Maze::builder().algorithm(Kruskal).cells(8, 8).seed(2).build()?;
    /// assert_eq!(maze.shortest_paths(10)?.count.to_string(), "1", "a perfect maze has one");
    /// maze.braid_with(Probability::new(1.0)?)?;
    /// let found = maze.shortest_paths(3)?;
    /// assert!(found.reachable() && found.paths.len() <= 3);
    /// assert_eq!(maze.shortest_moves(&found).unwrap()[0].len() as u32, found.length.unwrap());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn shortest_paths(&self, cap: usize) -> Result<ShortestPaths> {
        with_topology!(&self.shape, t => all_shortest(t, self.start, self.goal, cap))
    }

    /// The paths of `found` as move strings (`U`, `D`, `L`, `R`: up, down, left, right, a
    /// letter a step) on a rectangle or a mask, `None` on other shapes.
    pub fn shortest_moves(&self, found: &ShortestPaths) -> Option<Vec<String>> {
        matches!(self.shape, Shape::Rect(_) | Shape::Masked(_))
            .then(|| found.sides.iter().map(|sides| moves(sides)).collect())
    }

    /// Solves the maze by `method` and keeps the path it found as [`Maze::solution`] and the
    /// cells it visited as [`Maze::visited`]; [`Method::Shortest`] is [`Maze::solve`] (and
    /// keeps no visited cells).
    ///
    /// A wall follower that cannot reach the goal is [`MazeError::Unsolvable`], Pledge off the
    /// shapes with fixed headings [`MazeError::MethodShape`] (see [`crate::solve`]). In a
    /// window of a giant maze whose own passages do not join the start and the goal, every
    /// method is refused with [`MazeError::NoPathInWindow`] before it walks.
    ///
    /// ```
    /// use mazegen::{Maze, Probability, algorithms::Wilson, solve::Method};
    ///
    /// let mut maze = Maze::builder().algorithm(Wilson).cells(10, 10).seed(4).build()?;
    /// maze.braid_with(Probability::new(1.0)?)?;
    /// maze.solve_with(Method::Tremaux)?;
    /// let (path, visited) = (maze.solution().unwrap(), maze.visited().unwrap());
    /// assert_eq!((path[0], path[path.len() - 1]), (maze.start(), maze.goal()));
    /// assert!(path.iter().all(|cell| visited.contains(cell)));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn solve_with(&mut self, method: Method) -> Result<()> {
        self.solve_observed(method, &mut Silent)
    }

    /// Solves the maze exactly as [`Maze::solve_with`] does, reporting each step of the search
    /// to `observer`, cells named by id as in [`ShapeEvent`]s (on a rectangle, the index
    /// `y * width + x`): [`Event::Enter`] when the solver
    /// stands on a cell, [`Event::Leave`] when it walks off it
    /// or fills it. The shortest path's search reports each cell it reaches, nearest first,
    /// and keeps no visited cells.
    pub fn solve_observed(
        &mut self,
        method: Method,
        observer: &mut dyn Observer<ShapeEvent>,
    ) -> Result<()> {
        if method == Method::Shortest {
            // The search only to show it: the path is the one `solve` keeps.
            if observer.listening() {
                let (start, goal) = (self.start, self.goal);
                with_topology!(&self.shape, t => {
                    let ids = crate::topology::cell_ids(t)?;
                    search(method, t, start, goal, &mut ById { ids, observer })
                })?;
            }
            return self.solve();
        }
        // A window whose own passages do not join its ends is refused as such, whatever the
        // method: a wall follower would only find that its walk goes round.
        if let (Some(_), Shape::Rect(grid)) = (&self.cut, &self.shape) {
            let (start, goal) = (grid.pos(self.start), grid.pos(self.goal));
            if shortest_path(grid, start, goal)?.is_none() {
                return Err(MazeError::NoPathInWindow { start, goal });
            }
        }
        let (start, goal) = (self.start, self.goal);
        let found = with_topology!(&self.shape, t => {
            if observer.listening() {
                let ids = crate::topology::cell_ids(t)?;
                let mut named = ById { ids, observer };
                search(method, t, start, goal, &mut named)
            } else {
                search(method, t, start, goal, &mut Silent)
            }
        });
        let found = match found {
            Err(MazeError::NoPath { start, goal }) if self.cut.is_some() => {
                return Err(MazeError::NoPathInWindow { start, goal });
            }
            // The solver knows the topology; the maze names the shape as messages do.
            Err(MazeError::MethodShape { method, .. }) => {
                let shape = self.shape.description();
                return Err(MazeError::MethodShape { method, shape });
            }
            found => found?,
        };
        self.solution = Some(found.path);
        self.visited = Some(found.visited);
        Ok(())
    }

    /// Keeps `cells` as the solution while a search is under way, as an animation draws it: a
    /// walk from the start along open passages, which need not have reached the goal yet.
    /// Cells not joined by a passage to the one before are refused ([`MazeError::NotAWalk`]).
    pub fn set_walk(&mut self, cells: Vec<usize>) -> Result<()> {
        let joined = |a: usize, b: usize| {
            with_topology!(&self.shape, t => {
                let cursor = t.cursor(a);
                (0..crate::topology::sides_of(t)).any(|side| {
                    Topology::neighbour(t, &cursor, side) == Some(b) && Topology::is_open(t, a, side)
                })
            })
        };
        if let Some(pair) = cells.windows(2).find(|pair| !joined(pair[0], pair[1])) {
            return Err(MazeError::NotAWalk {
                from: self.pos(pair[0]),
                to: self.pos(pair[1]),
            });
        }
        if cells.first().is_some_and(|&first| first != self.start) {
            return Err(MazeError::NotAWalk {
                from: self.start_pos(),
                to: self.pos(cells[0]),
            });
        }
        self.solution = Some(cells);
        Ok(())
    }

    /// The cells the solver visited, in the order it first did, when a method other than the
    /// shortest solved the maze ([`Maze::solve_with`]).
    pub fn visited(&self) -> Option<&[usize]> {
        self.visited.as_deref()
    }

    /// Every cell's distance in steps from the start
    /// ([`UNREACHED`](crate::topology::UNREACHED) for holes of a mask).
    pub fn distances(&self) -> Vec<u32> {
        with_topology!(&self.shape, t => distances(t, self.start))
    }

    /// The ends of a longest shortest path and its length in steps: two breadth-first sweeps,
    /// from the first cell to the farthest one, then from there (exact on perfect mazes). On
    /// a rectangle the farthest cell is the last one reached, elsewhere the first in index
    /// order.
    pub fn diameter(&self) -> Result<(Pos, Pos, u32)> {
        self.require_whole("a longest path")?;
        match &self.shape {
            Shape::Rect(grid) => crate::topology::diameter(grid),
            _ => Ok(self.sweep_diameter()),
        }
    }

    /// Moves the start and goal to cells drawn at random from the maze's own endpoint stream
    /// ([`ENDS_STREAM`] of its seed), the goal `min..=max` steps from the start along the
    /// passages. Drops the solution.
    ///
    /// The start is drawn among the cells, then the goal among the cells within the band from
    /// it. When none is, the start moves to the shape's first cell (on a rectangle the corner
    /// 0,0, which lies `width + height - 2` steps or more from the opposite one), then to the
    /// cell farthest from it (an end of a longest path on a perfect maze), from which every
    /// length up to the longest is reached; [`MazeError::NoEndsApart`] if still none is. With
    /// `min` 1 and no `max` (`u32::MAX`), every ordered pair of distinct cells of a connected
    /// maze is equally likely from a random start that has goals, as maze-dataset draws them.
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Backtrack};
    ///
    /// let mut maze = Maze::builder().algorithm(Backtrack::default()).cells(8, 8).seed(3).build()?;
    /// maze.random_ends(10, u32::MAX)?;
    /// let (start, goal) = (maze.start_pos(), maze.goal_pos());
    /// maze.solve()?;
    /// assert!(maze.solution().unwrap().len() > 10);
    /// # let _ = (start, goal);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn random_ends(&mut self, min: u32, max: u32) -> Result<()> {
        self.require_whole("random endpoints")?;
        let mut rng = rng_for_stream(self.seed, ENDS_STREAM);
        let mut bits = crate::rng::RandomBits::new(&mut rng);
        let mut draw = |bound: usize| bits.below_by_multiply(bound as u32) as usize;
        let within = |d: u32| d != crate::topology::UNREACHED && (min..=max).contains(&d);
        let ends = with_topology!(&self.shape, t => {
            // A rectangle's cells are its slots: no list to make.
            let holes = t.cell_count() != t.slots();
            let cells: Vec<usize> = match holes {
                true => (0..t.slots()).filter(|&i| t.is_cell(i)).collect(),
                false => Vec::new(),
            };
            let cell = |k: usize| if holes { cells[k] } else { k };
            let mut start = cell(draw(t.cell_count()));
            let mut from = distances(t, start);
            if !from.iter().any(|&d| within(d)) {
                start = t.first_cell();
                from = distances(t, start);
            }
            if !from.iter().any(|&d| within(d)) {
                start = farthest(&from);
                from = distances(t, start);
            }
            let goals: Vec<usize> = (0..t.slots()).filter(|&i| within(from[i])).collect();
            match goals.is_empty() {
                true => None,
                false => Some((start, goals[draw(goals.len())])),
            }
        });
        let (start, goal) = ends.ok_or(MazeError::NoEndsApart { min })?;
        self.set_endpoints(self.pos(start), self.pos(goal))
    }

    /// [`Maze::diameter`] with the farthest cell the first in index order on every shape: what
    /// graph documents' figures measure.
    pub(crate) fn sweep_diameter(&self) -> (Pos, Pos, u32) {
        with_topology!(&self.shape, t => {
            let from = farthest(&distances(t, t.first_cell()));
            let sweep = distances(t, from);
            let to = farthest(&sweep);
            (self.pos(from), self.pos(to), sweep[to])
        })
    }

    /// Whether the maze is perfect: exactly one path between any two cells. Mazes are always
    /// connected, so that means `cells - 1` passages. A window of a giant maze, whose cells may
    /// join outside it, tells of the whole maze: windows are cut of perfect mazes only.
    pub fn is_perfect(&self) -> bool {
        let window = self.cut.as_ref().is_some_and(|cut| !cut.is_whole());
        window || self.passage_count() + 1 == self.cell_count()
    }

    /// The number of open passages between cells.
    pub fn passage_count(&self) -> u64 {
        if let Some(grid) = self.grid() {
            return grid.passage_count();
        }
        with_topology!(&self.shape, t => {
            let ends: u64 = (0..t.slots()).filter(|&i| t.is_cell(i)).map(|i| Topology::degree(t, i) as u64).sum();
            ends / 2
        })
    }

    /// The tile view with openings, solution, start and goal drawn in: rectangles and masks
    /// only ([`MazeError::NotInTiles`] for other shapes). Its row buffer and the solution's marks
    /// are reserved first: [`MazeError::OutOfMemory`] if they do not fit.
    pub fn tiles(&self) -> Result<MazeTiles<'_>> {
        MazeTiles::new(self, true)
    }

    /// The tile view of the walls alone: passages and openings, no solution, start or goal
    /// (arrays of walls need no more, and skip sorting the solution's marks).
    pub fn wall_tiles(&self) -> Result<MazeTiles<'_>> {
        MazeTiles::new(self, false)
    }

    /// The rectangle of a maze drawn in tiles, or [`MazeError::NotInTiles`] for `what`.
    pub(crate) fn tile_grid(&self, what: &'static str) -> Result<&Grid> {
        self.grid().ok_or_else(|| MazeError::NotInTiles {
            what,
            shape: self.shape.description(),
        })
    }

    /// Records that the maze was braided with `probability`, as a document read back says.
    pub(crate) fn record_braid(&mut self, probability: Option<Probability>) {
        self.braid = probability;
    }

    /// This maze without its solution, as pictures that leave it to the reader draw it.
    pub(crate) fn without_solution(&self) -> Maze {
        Maze {
            solution: None,
            ..self.clone()
        }
    }

    /// Keeps `cells`, a path from start to goal the caller has checked, as the solution.
    pub(crate) fn record_solution(&mut self, cells: Vec<usize>) {
        self.solution = Some(cells);
    }

    /// The openings beside cells `start` and `goal` ([`Shape::border_openings`]).
    fn opening_sides(&self, start: usize, goal: usize) -> Result<Vec<(usize, usize)>> {
        self.shape.border_openings(start, goal)
    }
}

/// The reached cell farthest away in `distances`, the first of those in index order.
fn farthest(distances: &[u32]) -> usize {
    (0..distances.len())
        .filter(|&i| distances[i] != crate::topology::UNREACHED)
        .max_by_key(|&i| (distances[i], std::cmp::Reverse(i)))
        .expect("the origin is reached")
}

/// Passes a solver's events on, each cell named by its id.
struct ById<'a> {
    ids: Vec<u32>,
    observer: &'a mut dyn Observer<ShapeEvent>,
}

impl Observer<SearchEvent> for ById<'_> {
    fn observe(&mut self, event: SearchEvent) {
        let event: Event<u32, u8> = event.map(|cell| self.ids[cell], |side| side);
        self.observer.observe(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;

    #[test]
    fn endpoints_stay_on_the_border_once_it_is_open() {
        let mut maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(3, 3)
            .seed(1)
            .build()
            .unwrap();
        maze.open_border().unwrap();
        maze.solve().unwrap();
        assert_eq!(
            maze.set_endpoints(Pos::new(1, 1), Pos::new(1, 1)),
            Err(MazeError::NoEndOnBorder {
                start: crate::grid::CellName::flat(Pos::new(1, 1)),
                goal: crate::grid::CellName::flat(Pos::new(1, 1)),
                accepted: String::new(),
            })
        );
        assert_eq!(
            (maze.start_pos(), maze.goal_pos()),
            (Pos::new(0, 0), Pos::new(2, 2))
        );
        assert!(maze.solution().is_some(), "a refused move changes nothing");
        maze.set_endpoints(Pos::new(1, 0), Pos::new(0, 2)).unwrap();
        assert_eq!(
            maze.solution(),
            None,
            "moving the endpoints drops the solution"
        );
        assert_eq!(
            maze.set_endpoints(Pos::new(3, 0), Pos::new(0, 2)),
            Err(MazeError::OutsideGrid {
                x: 3,
                y: 0,
                width: 3,
                height: 3
            })
        );
    }

    #[test]
    fn labyrinths_are_one_path_through_every_cell_from_start_to_goal() {
        for generator in crate::algorithms::catalogue() {
            for (width, height) in [(1, 1), (1, 5), (5, 1), (7, 6), (13, 9)] {
                for seed in 0..4 {
                    let maze = Maze::builder()
                        .generator(generator.as_ref().boxed())
                        .cells(width, height)
                        .seed(seed)
                        .build()
                        .unwrap();
                    let labyrinth = maze.unicursal().unwrap();
                    let grid = labyrinth.grid().unwrap();
                    let name = generator.name();
                    assert_eq!((grid.width(), grid.height()), (2 * width, 2 * height));
                    // A tree whose cells have at most two passages is a path; its two ends
                    // are the only cells with one.
                    assert!(labyrinth.is_perfect(), "{name} {width}x{height} {seed}");
                    let degrees: Vec<u8> = (0..grid.cell_count())
                        .map(|i| grid.degree(grid.pos(i)))
                        .collect();
                    assert!(degrees.iter().all(|&d| d <= 2), "{name} {width}x{height}");
                    let ends: Vec<usize> =
                        (0..degrees.len()).filter(|&i| degrees[i] == 1).collect();
                    assert_eq!(
                        ends,
                        [labyrinth.start(), labyrinth.goal()],
                        "{name} {width}x{height}"
                    );
                    assert!(labyrinth.is_unicursal() && !maze.is_unicursal());
                }
            }
        }
        let mut braided = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(4, 4)
            .seed(1)
            .build()
            .unwrap();
        braided.braid_with(Probability::new(1.0).unwrap()).unwrap();
        assert!(matches!(
            braided.unicursal(),
            Err(MazeError::Labyrinth { .. })
        ));
    }

    #[test]
    fn shapes_other_than_rectangles_have_no_tiles_but_openings() {
        use crate::topology::Hex;
        let mut maze = Maze::builder()
            .algorithm(Backtrack::default())
            .shape(Shape::Hex(Hex::new(3, 2).unwrap()))
            .seed(1)
            .build()
            .unwrap();
        assert!(maze.grid().is_none() && maze.mask().is_none());
        assert_eq!(
            maze.tiles().err(),
            Some(MazeError::NotInTiles {
                what: "the tile view",
                shape: "hex".into()
            })
        );
        maze.open_border().unwrap();
        // The start's north side, the goal's south side.
        assert_eq!(maze.openings(), [(0, 0), (5, 3)]);
        assert_eq!(maze.opening_tiles(), []);
        maze.solve().unwrap();
        let path = maze.solution().unwrap();
        assert_eq!((path[0], path[path.len() - 1]), (maze.start(), maze.goal()));
        assert!(maze.is_perfect());
    }
}
