//! Maze generators, one file per algorithm, all behind the [`Generator`] interface.

mod aldous_broder;
mod backtrack;
mod binary_tree;
mod braid;
mod eller;
mod growing_tree;
mod hunt_and_kill;
mod kruskal;
mod named;
mod percolation;
mod prim;
mod random_walls;
mod recursive_division;
pub(crate) mod rows;
mod sidewinder;
pub mod stream;

mod walk_steps;
mod wilson;

/// The probability type of [`Pick::Mixed`], re-exported from the crate root.
pub use crate::Probability;
pub use aldous_broder::AldousBroder;
pub use backtrack::{Amount, Backtrack};
pub use binary_tree::{Bias, BinaryTree};
pub use braid::braid;
pub use eller::Eller;
pub use growing_tree::{GrowingTree, Pick};
pub use hunt_and_kill::HuntAndKill;
pub use kruskal::Kruskal;
pub use percolation::{Percolation, PercolationParams};
pub use prim::Prim;
pub use random_walls::{RandomWalls, RandomWallsParams, WallLayout};
pub use recursive_division::RecursiveDivision;
pub use sidewinder::Sidewinder;
pub use walk_steps::{expected_walk_steps, expected_walk_steps_on, square_walk_steps};
pub use wilson::Wilson;

use crate::events::{Event, Observer, ShapeEvent, Silent};
use crate::grid::{Grid, MazeError, Pos, Result, Window};
use crate::rng::MazeRng;
use crate::topology::{EventOf, Shape, Topology};
use named::Named;
use serde::Serialize;
use stream::MazeRows;

/// A maze algorithm as it is written: once, generic over who watches it carve.
///
/// Every type implementing it is a [`Generator`]. Unobserved generation runs it with
/// [`Silent`], whose reports compile to nothing.
pub trait Algorithm {
    /// The algorithm's name as the CLI subcommand and the JSON `algorithm` field spell it.
    const NAME: &'static str;

    /// Whether the algorithm carves every shape (a [`GraphAlgorithm`]), not only rectangles.
    const CARVES_SHAPES: bool = false;

    /// Whether the algorithm draws its maze's start and goal with its cells
    /// ([`RandomWalls`]): the maze then takes them, and no endpoints of its own.
    const DRAWS_ENDS: bool = false;

    /// The effective options of the algorithm as JSON output records them (`params`):
    /// [`NoOptions`] for an algorithm without any.
    type Params: Serialize;

    /// The effective options of the algorithm, defaults included.
    fn params(&self) -> Self::Params;

    /// The bytes of scratch space the algorithm reserves to carve a `width x height` maze,
    /// besides the grid's one byte per cell (see [`Generator::scratch_bytes`]).
    fn scratch_bytes(&self, width: u32, height: u32) -> u64;

    /// Refuses options that cannot carve a maze of `cells` cells (see
    /// [`Generator::check_cells`]); none by default.
    fn check_cells(&self, cells: u64) -> Result<()> {
        let _ = cells;
        Ok(())
    }

    /// Refuses options that cannot carve a `width x height`-cell rectangle (see
    /// [`Generator::check_size`]); none by default.
    fn check_size(&self, width: u32, height: u32) -> Result<()> {
        let _ = (width, height);
        Ok(())
    }

    /// The cell the maze is grown from when the options may leave cells out of it (see
    /// [`Generator::reached_from`]); `None` (the default) when every cell is carved.
    fn reached_from(&self) -> Option<Pos> {
        None
    }

    /// The cell the options say the maze grows from (see [`Generator::grows_from`]); `None`
    /// (the default) for an algorithm without such an option.
    fn grows_from(&self) -> Option<Pos> {
        None
    }

    /// Carves a perfect maze into `grid` (which has every wall standing), drawing every random
    /// choice from `rng` so that the same seed gives the same maze, and reporting each step to
    /// `observer` (see [`crate::events`]).
    ///
    /// Reserves all of its scratch space before it carves anything, so a maze too large for
    /// the memory is refused with [`MazeError::OutOfMemory`] at once.
    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()>;

    /// Carves `grid` as [`Algorithm::run`] does and gives the start and goal drawn with it,
    /// for an algorithm that [draws its ends](Algorithm::DRAWS_ENDS); `None` (the default) for
    /// any other.
    fn run_drawing_ends<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<Option<(Pos, Pos)>> {
        self.run(grid, rng, observer).map(|()| None)
    }

    /// Carves `grid` as [`Algorithm::run`] does, unobserved, and gives the path from cell
    /// `from` to cell `to` (indices in rows, both included) where carving leaves it at hand
    /// for less than a search costs; `None` (the default) for an algorithm that does not.
    fn run_solving(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        from: Pos,
        to: Pos,
    ) -> Result<Option<Vec<usize>>> {
        let _ = (from, to);
        self.run(grid, rng, &mut Silent).map(|()| None)
    }

    /// Carves a perfect maze on `shape`, reporting each step to `observer` as a
    /// [`ShapeEvent`]. The rectangle is carved by [`Algorithm::run`]; an algorithm written for
    /// rows and columns refuses other shapes with [`MazeError::ShapeUnsupported`], a
    /// [`GraphAlgorithm`] carves them all.
    fn run_on_shape(
        &self,
        shape: &mut Shape,
        rng: &mut MazeRng,
        observer: &mut dyn Observer<ShapeEvent>,
    ) -> Result<()> {
        match shape {
            Shape::Rect(grid) if observer.listening() => {
                let mut named = Named::new(grid, observer)?;
                self.run(grid, rng, &mut named)
            }
            Shape::Rect(grid) => self.run(grid, rng, &mut Silent),
            Shape::Weave(_) => Err(MazeError::NotWoven {
                algorithm: Self::NAME,
                weaving: &WEAVING,
            }),
            other => Err(MazeError::ShapeUnsupported {
                algorithm: Self::NAME,
                every_shape: &GRAPH_ALGORITHMS,
                shape: other.description(),
            }),
        }
    }

    /// The rows of the `width x height` maze of `seed`, streamed, for an algorithm that carves
    /// row by row; `None` (the default) for one that needs the whole grid.
    fn stream(&self, width: u32, height: u64, seed: u64) -> Option<Result<MazeRows>> {
        let _ = (width, height, seed);
        None
    }

    /// The passages of the cells of `region` in the `width x height`-cell maze of `seed`
    /// (sides up to [`MAX_SIDE`](crate::giant::MAX_SIDE)), made without the rest of the maze, for an
    /// algorithm whose cells can be carved alone; `None` (the default) for one that needs the
    /// whole grid.
    fn region(&self, width: u64, height: u64, seed: u64, region: Window) -> Option<Result<Grid>> {
        let _ = (width, height, seed, region);
        None
    }
}

/// An algorithm written once for every [`Topology`]: it only asks for cells, their neighbours
/// and random cells, so it carves masks, hexagons, triangles and rings as it carves the
/// rectangle (its [`Algorithm::run`] is this on the [`Grid`]).
pub trait GraphAlgorithm: Algorithm {
    /// The bytes of scratch space the algorithm reserves on a topology of `slots` cell
    /// indices and `walls` walls between cells (see [`Algorithm::scratch_bytes`]).
    fn scratch(&self, slots: u64, walls: u64) -> u64;

    /// Carves a perfect maze into `topology` (every wall standing), as [`Algorithm::run`]
    /// does on the rectangle.
    fn carve_on<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
        &self,
        topology: &mut T,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()>;

    /// Carves a perfect maze on `shape` (every wall standing) by [`GraphAlgorithm::carve_on`]
    /// on its topology, reporting every step to `observer` with cells named by id and sides
    /// by number (see [`ShapeEvent`]): every graph algorithm's [`Algorithm::run_on_shape`].
    /// A weave is refused unless the algorithm is one of [`WEAVING`]; its crossable cells are
    /// drawn first, and forgotten once it is carved, as a document reads it back.
    fn carve_shape_on(
        &self,
        shape: &mut Shape,
        rng: &mut MazeRng,
        observer: &mut dyn Observer<ShapeEvent>,
    ) -> Result<()>
    where
        Self: Sized,
    {
        if let Shape::Weave(weave) = shape {
            if !WEAVING.contains(&Self::NAME) {
                return Err(MazeError::NotWoven {
                    algorithm: Self::NAME,
                    weaving: &WEAVING,
                });
            }
            weave.choose_crossable(rng);
        }
        let carved = crate::with_topology!(&mut *shape, t => {
            if observer.listening() {
                let mut named = Named::new(t, observer)?;
                self.carve_on(t, rng, &mut named)
            } else {
                self.carve_on(t, rng, &mut Silent)
            }
        });
        if let Shape::Weave(weave) = shape {
            weave.forget_crossable();
        }
        carved
    }
}

/// The items of [`Algorithm`] that every [`GraphAlgorithm`] has alike: it carves every shape,
/// and its scratch space, its run on the rectangle and its run on a shape are its graph walk's.
/// `carves_every_shape!(own run)` leaves [`Algorithm::run`] to the algorithm.
macro_rules! carves_every_shape {
    () => {
        carves_every_shape!(own run);

        fn run<O: $crate::events::Observer + ?Sized>(
            &self,
            grid: &mut $crate::grid::Grid,
            rng: &mut $crate::rng::MazeRng,
            observer: &mut O,
        ) -> $crate::grid::Result<()> {
            $crate::algorithms::GraphAlgorithm::carve_on(self, grid, rng, observer)
        }
    };
    (own run) => {
        const CARVES_SHAPES: bool = true;

        fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
            let cells = $crate::algorithms::cells(width, height);
            let walls = $crate::topology::rect_walls(width, height);
            $crate::algorithms::GraphAlgorithm::scratch(self, cells, walls)
        }

        fn run_on_shape(
            &self,
            shape: &mut $crate::topology::Shape,
            rng: &mut $crate::rng::MazeRng,
            observer: &mut dyn $crate::events::Observer<$crate::events::ShapeEvent>,
        ) -> $crate::grid::Result<()> {
            $crate::algorithms::GraphAlgorithm::carve_shape_on(self, shape, rng, observer)
        }
    };
}
pub(crate) use carves_every_shape;

/// The `params` of an algorithm without options: an empty JSON object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct NoOptions {}

/// A maze generator, usable behind `&dyn Generator`.
pub trait Generator {
    /// The algorithm's name as the CLI subcommand and the JSON `algorithm` field spell it.
    fn name(&self) -> &'static str;

    /// The effective options of the algorithm, recorded as `params` in JSON output.
    fn params(&self) -> serde_json::Value;

    /// Whether the generator carves every shape, not only rectangles.
    fn carves_shapes(&self) -> bool;

    /// The bytes of scratch space the generator reserves to carve a `width x height` maze,
    /// besides the grid's one byte per cell: with the grid, what generating the maze needs.
    /// A caller may refuse a maze on this figure before allocating anything; the generator
    /// itself reserves it all before carving, and fails at once if it is refused.
    fn scratch_bytes(&self, width: u32, height: u32) -> u64;

    /// Refuses, before anything is allocated, options that cannot carve a maze of `cells`
    /// cells (more backtracking walkers than cells).
    fn check_cells(&self, cells: u64) -> Result<()>;

    /// Refuses, before anything is allocated, options that cannot carve a `width x height`-cell
    /// rectangle (random walls on a grid one cell thin).
    fn check_size(&self, width: u32, height: u32) -> Result<()>;

    /// Whether the generator draws the maze's start and goal with its cells
    /// ([`RandomWalls`]): [`Generator::carve_drawing_ends`] gives them, and the maze takes no
    /// endpoints, openings, braiding or labyrinth of its own.
    fn draws_ends(&self) -> bool;

    /// Carves `grid` as [`Generator::carve_observed`] does and gives the start and goal the
    /// generator drew with it, if it [draws them](Generator::draws_ends).
    fn carve_drawing_ends(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut dyn Observer,
    ) -> Result<Option<(Pos, Pos)>>;

    /// For options that may leave cells unreached (maze-dataset's limited depth-first search,
    /// percolation), the cell the maze grows from: the maze is then the cells reached from it
    /// ([`crate::Maze`] leaves the others out, as a mask does), and only rectangles and masks
    /// are carved. `None` when every cell is carved into one maze.
    fn reached_from(&self) -> Option<Pos>;

    /// The cell the options say the maze grows from (backtrack's and percolation's start), if
    /// they name one, which [`MazeSpec::check`](crate::maze::MazeSpec::check) refuses off the
    /// shape before any work; the default `0,0` stands for the shape's first cell.
    fn grows_from(&self) -> Option<Pos>;

    /// Carves a perfect maze into `grid` (which has every wall standing), drawing every random
    /// choice from `rng` so that the same seed gives the same maze.
    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()>;

    /// Carves exactly the maze [`Generator::carve`] carves and gives the path from cell `from`
    /// to cell `to` through it (indices in rows, both included), where carving leaves it at
    /// hand (the backtracker's ways back); `None` where a search must find it.
    fn carve_solving(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        from: Pos,
        to: Pos,
    ) -> Result<Option<Vec<usize>>>;

    /// Carves exactly the maze [`Generator::carve`] carves, reporting every step to `observer`.
    fn carve_observed(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut dyn Observer,
    ) -> Result<()>;

    /// Carves a perfect maze on `shape` (every wall standing), or refuses a shape the
    /// algorithm does not know with [`MazeError::ShapeUnsupported`].
    fn carve_shape(&self, shape: &mut Shape, rng: &mut MazeRng) -> Result<()>;

    /// Carves exactly the maze [`Generator::carve_shape`] carves, reporting every step to
    /// `observer` with cells named by id and sides by number.
    fn carve_shape_observed(
        &self,
        shape: &mut Shape,
        rng: &mut MazeRng,
        observer: &mut dyn Observer<ShapeEvent>,
    ) -> Result<()>;

    /// The rows of the maze [`Generator::carve`] carves into a `width x height` grid from
    /// `seed`, streamed whatever the height, for a generator that carves row by row; `None` for
    /// one that needs the whole grid. [`MazeRows::new`] checks the size first.
    fn stream(&self, width: u32, height: u64, seed: u64) -> Option<Result<MazeRows>>;

    /// The passages of the cells of `region` in the `width x height`-cell maze of `seed`, made
    /// without the rest of the maze, for a generator whose cells can be carved alone (Binary
    /// Tree); `None` for one that needs the whole grid. Each cell's east and south passages
    /// are those of the whole maze where the neighbour lies in the region.
    /// [`crate::Giant`] checks the sizes first.
    fn region(&self, width: u64, height: u64, seed: u64, region: Window) -> Option<Result<Grid>>;

    /// A copy of the generator with its options, boxed: what a
    /// [`MazeSpec`](crate::maze::MazeSpec) holds.
    fn boxed(&self) -> Box<dyn Generator + Send + Sync>;
}

impl<A: Algorithm + Clone + Send + Sync + 'static> Generator for A {
    fn name(&self) -> &'static str {
        A::NAME
    }

    fn carves_shapes(&self) -> bool {
        A::CARVES_SHAPES
    }

    fn params(&self) -> serde_json::Value {
        params_json(self)
    }

    fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
        Algorithm::scratch_bytes(self, width, height)
    }

    fn check_cells(&self, cells: u64) -> Result<()> {
        Algorithm::check_cells(self, cells)
    }

    fn check_size(&self, width: u32, height: u32) -> Result<()> {
        Algorithm::check_size(self, width, height)
    }

    fn draws_ends(&self) -> bool {
        A::DRAWS_ENDS
    }

    fn carve_drawing_ends(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut dyn Observer,
    ) -> Result<Option<(Pos, Pos)>> {
        match observer.listening() {
            true => self.run_drawing_ends(grid, rng, observer),
            false => self.run_drawing_ends(grid, rng, &mut Silent),
        }
    }

    fn reached_from(&self) -> Option<Pos> {
        Algorithm::reached_from(self)
    }

    fn grows_from(&self) -> Option<Pos> {
        Algorithm::grows_from(self)
    }

    fn carve(&self, grid: &mut Grid, rng: &mut MazeRng) -> Result<()> {
        self.run(grid, rng, &mut Silent)
    }

    fn carve_solving(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        from: Pos,
        to: Pos,
    ) -> Result<Option<Vec<usize>>> {
        self.run_solving(grid, rng, from, to)
    }

    fn carve_observed(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut dyn Observer,
    ) -> Result<()> {
        self.run(grid, rng, observer)
    }

    fn carve_shape(&self, shape: &mut Shape, rng: &mut MazeRng) -> Result<()> {
        self.run_on_shape(shape, rng, &mut Silent)
    }

    fn carve_shape_observed(
        &self,
        shape: &mut Shape,
        rng: &mut MazeRng,
        observer: &mut dyn Observer<ShapeEvent>,
    ) -> Result<()> {
        self.run_on_shape(shape, rng, observer)
    }

    fn stream(&self, width: u32, height: u64, seed: u64) -> Option<Result<MazeRows>> {
        Algorithm::stream(self, width, height, seed)
    }

    fn region(&self, width: u64, height: u64, seed: u64, region: Window) -> Option<Result<Grid>> {
        Algorithm::region(self, width, height, seed, region)
    }

    fn boxed(&self) -> Box<dyn Generator + Send + Sync> {
        Box::new(self.clone())
    }
}

/// Every maze algorithm mazegen ships, each with its default options, in the order the command
/// line lists them.
///
/// The one list that "every algorithm" means: the character table (`examples/character.rs`),
/// the benches, and the tests that cover all algorithms iterate it, so a new algorithm joins
/// them all by being added here.
pub fn catalogue() -> Vec<Box<dyn Generator + Send + Sync>> {
    vec![
        Box::new(BinaryTree::default()),
        Box::new(Backtrack::default()),
        Box::new(Sidewinder),
        Box::new(Eller),
        Box::new(HuntAndKill),
        Box::new(GrowingTree::default()),
        Box::new(RecursiveDivision),
        Box::new(AldousBroder),
        Box::new(Wilson),
        Box::new(Kruskal),
        Box::new(Prim::default()),
    ]
}

/// The names of the algorithms that carve every shape (the [`GraphAlgorithm`]s of the
/// [`catalogue`]), in the command line's order.
pub const GRAPH_ALGORITHMS: [&str; 7] = [
    "backtrack",
    "hunt-and-kill",
    "growing-tree",
    "aldous-broder",
    "wilson",
    "kruskal",
    "prim",
];

/// The algorithms that carve a [`Weave`](crate::topology::Weave), in the command line's
/// order: those that carve only from the maze to a new cell, asking for its neighbours as they
/// go, and Kruskal, which lays its crossings first. Prim's and Wilson's choices may go stale
/// before they are carved, and the rest do not carve trees cell by cell.
pub const WEAVING: [&str; 5] = [
    "backtrack",
    "hunt-and-kill",
    "growing-tree",
    "kruskal",
    "aldous-broder",
];

/// [`Generator::carve_drawing_ends`] on a rectangle reporting to an observer of
/// [`ShapeEvent`]s, cells named by id as [`Generator::carve_shape_observed`] names them.
pub(crate) fn carve_drawing_ends_named(
    generator: &dyn Generator,
    grid: &mut Grid,
    rng: &mut MazeRng,
    observer: &mut dyn Observer<ShapeEvent>,
) -> Result<Option<(Pos, Pos)>> {
    if observer.listening() {
        let mut named = Named::new(&*grid, observer)?;
        generator.carve_drawing_ends(grid, rng, &mut named)
    } else {
        generator.carve_drawing_ends(grid, rng, &mut Silent)
    }
}

/// The cell at `start` where an algorithm grows its maze from, or the first cell of a shape
/// without a cell at the default top-left (a mask's hole there); another position off the
/// shape is refused.
pub(crate) fn start_cell(topology: &impl Topology, start: Pos) -> Result<usize> {
    match topology.locate(start) {
        Some(cell) => Ok(cell),
        None if start == Pos::default() => Ok(topology.first_cell()),
        None => Err(MazeError::NotACell {
            x: start.x,
            y: start.y,
        }),
    }
}

/// Opens the passage from the cursor's cell through `side` (which must lead to a neighbour)
/// and reports it: [`carve`] on any topology.
#[inline(always)]
fn carve_side<T: Topology, O: Observer<EventOf<T>> + ?Sized>(
    topology: &mut T,
    cursor: &T::Cursor,
    side: usize,
    observer: &mut O,
) {
    topology.carve(T::index(cursor), side);
    observer.observe(Event::Carve {
        cell: topology.cell(cursor),
        dir: T::side(side),
    });
}

/// The effective options of `algorithm` as JSON output records them.
pub(crate) fn params_json<A: Algorithm>(algorithm: &A) -> serde_json::Value {
    serde_json::to_value(algorithm.params())
        .expect("params are structs of numbers, strings and booleans")
}

/// The number of cells of a `width x height` maze, for scratch-space figures.
const fn cells(width: u32, height: u32) -> u64 {
    width as u64 * height as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;
    use std::num::NonZeroU32;

    /// Writes the typed params of `algorithm` as JSON, and its params as [`Generator`] gives
    /// them (a JSON value, keys sorted) too.
    fn both_params<A: Algorithm + Clone + Send + Sync + 'static>(
        algorithm: &A,
    ) -> (String, String) {
        let typed = serde_json::to_string(&Algorithm::params(algorithm)).unwrap();
        let value = serde_json::to_string(&Generator::params(algorithm)).unwrap();
        (typed, value)
    }

    #[test]
    fn graph_algorithms_are_the_catalogue_s_that_carve_every_shape() {
        let carving: Vec<_> = catalogue()
            .iter()
            .filter(|generator| generator.carves_shapes())
            .map(|generator| generator.name())
            .collect();
        assert_eq!(carving, GRAPH_ALGORITHMS);
    }

    #[test]
    fn typed_params_write_the_bytes_of_the_json_params() {
        let seeds = NonZeroU32::new(3).unwrap();
        let pairs = [
            both_params(&BinaryTree {
                bias: Bias::NorthWest,
            }),
            both_params(&Backtrack {
                seeds,
                start: Pos::new(2, 1),
                ..Backtrack::default()
            }),
            both_params(&Sidewinder),
            both_params(&Eller),
            both_params(&HuntAndKill),
            both_params(&GrowingTree {
                pick: "mixed:0.25".parse().unwrap(),
            }),
            both_params(&RecursiveDivision),
            both_params(&AldousBroder),
            both_params(&Wilson),
            both_params(&Kruskal),
            both_params(&Prim { simplified: true }),
        ];
        let expected = [
            r#"{"bias":"north-west"}"#,
            r#"{"seeds":3,"start":{"x":2,"y":1}}"#,
            "{}",
            "{}",
            "{}",
            r#"{"pick":"mixed:0.25"}"#,
            "{}",
            "{}",
            "{}",
            "{}",
            r#"{"simplified":true}"#,
        ];
        assert_eq!(pairs.len(), catalogue().len());
        for ((typed, value), expected) in pairs.iter().zip(expected) {
            assert_eq!((typed.as_str(), value.as_str()), (expected, expected));
        }
    }
}
