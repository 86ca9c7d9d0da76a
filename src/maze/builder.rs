//! [`MazeBuilder`]: the one way to describe a maze, then make it.

use super::{Blank, Finish, Maze, MazeSpec};
use crate::Probability;
use crate::algorithms::{Backtrack, Generator};
use crate::grid::{MazeError, Pos};
use crate::rng::draw_seed;
use crate::solve::Method;
use crate::topology::Shape;

/// A maze described a step at a time, made by [`MazeBuilder::build`]: the algorithm
/// ([`Backtrack`] unless said otherwise), the cells or shape it carves (10x10 cells unless
/// said otherwise), what is done to it afterwards, and the seed (drawn at random unless given,
/// and kept in the maze: [`Maze::seed`]).
///
/// ```
/// use mazegen::{Maze, Pos, Shape, algorithms::Wilson, topology::Hex};
///
/// // A 20x10-cell maze, its entrance and exit opened, solved.
/// let maze = Maze::builder().cells(20, 10).openings().solve().seed(7).build()?;
/// assert_eq!(maze.solution_positions().unwrap().first(), Some(&Pos::new(0, 0)));
///
/// // Hexagons by Wilson's algorithm, half of the dead ends removed.
/// let hex = Maze::builder()
///     .algorithm(Wilson)
///     .shape(Shape::Hex(Hex::new(8, 6)?))
///     .braid(0.5)
///     .seed(3)
///     .build()?;
/// assert!(!hex.is_perfect());
/// # Ok::<(), mazegen::Error>(())
/// ```
#[must_use]
pub struct MazeBuilder {
    spec: MazeSpec,
    braid: Option<f64>,
    seed: Option<u64>,
}

impl Maze {
    /// Describes a maze to make: see [`MazeBuilder`].
    pub fn builder() -> MazeBuilder {
        MazeBuilder::default()
    }
}

impl Default for MazeBuilder {
    fn default() -> Self {
        Self {
            spec: MazeSpec {
                generator: Box::new(Backtrack::default()),
                blank: Blank::Rect {
                    width: 10,
                    height: 10,
                },
                finish: Finish::default(),
            },
            braid: None,
            seed: None,
        }
    }
}

impl MazeBuilder {
    /// Carves with `algorithm` (one of [`crate::algorithms`], with its options).
    pub fn algorithm(self, algorithm: impl Generator + Send + Sync + 'static) -> Self {
        self.generator(Box::new(algorithm))
    }

    /// Carves with `generator`, boxed: one of [`catalogue`](crate::algorithms::catalogue)'s,
    /// or a copy of any other ([`Generator::boxed`]).
    pub fn generator(mut self, generator: Box<dyn Generator + Send + Sync>) -> Self {
        self.spec.generator = generator;
        self
    }

    /// A rectangle of `width x height` cells (its picture in tiles is `2 * width + 1` tiles
    /// across: see [`crate::grid`]).
    pub fn cells(mut self, width: u32, height: u32) -> Self {
        self.spec.blank = Blank::Rect { width, height };
        self
    }

    /// Carves `shape` (every wall standing): a mask, hexagons, triangles, rings, a wrapped
    /// rectangle, levels or a weave ([`Shape`]).
    pub fn shape(mut self, shape: Shape) -> Self {
        self.spec.blank = Blank::Shape(shape);
        self
    }

    /// Removes each dead end with probability `probability` (0 to 1), making loops.
    pub fn braid(mut self, probability: f64) -> Self {
        self.braid = Some(probability);
        self
    }

    /// Makes the maze a labyrinth: one path without forks, twice as many cells each way.
    pub fn unicursal(mut self) -> Self {
        self.spec.finish.unicursal = true;
        self
    }

    /// Enters the maze at `cell` rather than the shape's first cell.
    pub fn start(mut self, cell: Pos) -> Self {
        self.spec.finish.start = Some(cell);
        self
    }

    /// Leaves the maze at `cell` rather than the shape's last cell.
    pub fn goal(mut self, cell: Pos) -> Self {
        self.spec.finish.goal = Some(cell);
        self
    }

    /// Puts the start and goal at the ends of a longest shortest path.
    pub fn farthest(mut self) -> Self {
        self.spec.finish.farthest = true;
        self
    }

    /// Opens the outer wall beside the start and the goal.
    pub fn openings(mut self) -> Self {
        self.spec.finish.openings = true;
        self
    }

    /// Finds a shortest path from start to goal ([`Maze::solution`]).
    pub fn solve(self) -> Self {
        self.solve_by(Method::Shortest)
    }

    /// Finds a path from start to goal by `method` (a wall follower, Pledge, Trémaux...).
    pub fn solve_by(mut self, method: Method) -> Self {
        self.spec.finish.solve = true;
        self.spec.finish.method = method;
        self
    }

    /// Makes the maze from `seed`: the same description and seed give the same maze, byte for
    /// byte, on every platform.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The description as a [`MazeSpec`], to make many mazes of it
    /// ([`DatasetSpec`](crate::dataset::DatasetSpec)); refuses a braid that is no probability.
    pub fn spec(self) -> Result<MazeSpec, MazeError> {
        let mut spec = self.spec;
        if let Some(braid) = self.braid {
            spec.finish.braid = Some(Probability::new(braid)?);
        }
        Ok(spec)
    }

    /// Makes the maze, after refusing before any work what cannot be made
    /// ([`MazeSpec::check`]).
    pub fn build(self) -> Result<Maze, MazeError> {
        let seed = self.seed.unwrap_or_else(draw_seed);
        let spec = self.spec()?;
        spec.check()?;
        spec.make(seed)
    }
}
