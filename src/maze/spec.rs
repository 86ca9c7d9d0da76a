//! What a maze is to be before it is made: [`MazeSpec`], a generator, the [`Blank`] shape it
//! carves and the [`Finish`] done afterwards. [`MazeSpec::check`] refuses what cannot be made
//! before any work; [`MazeSpec::make`] then makes the maze from a seed.
//!
//! ```
//! use mazegen::{Maze, Probability, algorithms::Wilson, grid::Pos};
//! use mazegen::maze::{Blank, Finish, MazeSpec};
//! use mazegen::topology::{Polar, Shape};
//!
//! let spec = MazeSpec {
//!     generator: Box::new(Wilson),
//!     blank: Blank::Shape(Shape::Polar(Polar::new(6)?)),
//!     finish: Finish {
//!         braid: Some(Probability::new(0.5)?),
//!         farthest: true,
//!         solve: true,
//!         ..Finish::default()
//!     },
//! };
//! spec.check()?;
//! let maze = spec.make(7)?;
//! assert!(maze.solution().is_some() && maze.braid().is_some());
//! assert_eq!(maze, spec.make(7)?);
//! # Ok::<(), mazegen::Error>(())
//! ```

use super::{Maze, Params, params_of};
use crate::Probability;
use crate::algorithms::{GRAPH_ALGORITHMS, Generator, WEAVING};
use crate::grid::{CellName, Grid, MazeError, Part, Pos, Result};
use crate::solve::Method;
use crate::topology::{Shape, Topology};
use crate::with_topology;
use std::sync::Arc;

/// The shape a maze is carved into, every wall standing.
#[derive(Debug, Clone, PartialEq)]
pub enum Blank {
    /// A rectangle of `width x height` square cells (allocated only when the maze is made).
    Rect {
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
    },
    /// Any [`Shape`], as given.
    Shape(Shape),
}

impl Blank {
    /// The name of the shape in messages (`rect`, `mask`, `hex`, `triangle`, `polar`).
    pub fn name(&self) -> &'static str {
        match self {
            Self::Rect { .. } => "rect",
            Self::Shape(shape) => shape.name(),
        }
    }

    /// How many cells it has.
    pub fn cell_count(&self) -> u64 {
        match self {
            Self::Rect { width, height } => u64::from(*width) * u64::from(*height),
            Self::Shape(shape) => shape.cell_count() as u64,
        }
    }

    /// Refuses `pos` when it is not one of its cells, except the default `0,0`, which stands
    /// for the first cell of any shape (as [`Generator::grows_from`] has it).
    fn check_cell(&self, pos: Pos) -> Result<()> {
        if pos == Pos::default() {
            return Ok(());
        }
        match self {
            Self::Rect { width, height } if !pos.is_within(*width, *height) => {
                Err(MazeError::OutsideGrid {
                    x: pos.x,
                    y: pos.y,
                    width: *width,
                    height: *height,
                })
            }
            Self::Rect { .. } => Ok(()),
            Self::Shape(shape) => match with_topology!(shape, t => t.locate(pos)) {
                Some(_) => Ok(()),
                None => Err(MazeError::NotACell { x: pos.x, y: pos.y }),
            },
        }
    }

    /// The width and height in cells of the rectangle it lies in.
    pub fn extent(&self) -> (u32, u32) {
        match self {
            Self::Rect { width, height } => (*width, *height),
            Self::Shape(shape) => with_topology!(shape, t => t.extent()),
        }
    }
}

/// What is done to a maze once generated, in this order: braid, make it a labyrinth
/// (`unicursal`), move the endpoints to the ends of a longest path (`farthest`) or to cells
/// drawn at random (`random_ends`), move them to `start` and `goal`, open the outer wall
/// beside them, solve.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Finish {
    /// Remove each dead end with this probability ([`Maze::braid_with`]).
    pub braid: Option<Probability>,
    /// Make the maze a labyrinth, twice as many cells each way ([`Maze::unicursal`]): the
    /// endpoints, openings and solution are then the labyrinth's.
    pub unicursal: bool,
    /// Move the start and goal to the ends of a longest shortest path ([`Maze::diameter`]).
    pub farthest: bool,
    /// The entrance cell, if not the shape's default.
    pub start: Option<Pos>,
    /// The exit cell, if not the shape's default.
    pub goal: Option<Pos>,
    /// Open the outer wall beside the start and the goal ([`Maze::open_border`]).
    pub openings: bool,
    /// Find a path from start to goal ([`Maze::solve_with`]).
    pub solve: bool,
    /// How: a shortest path unless said otherwise.
    pub method: Method,
    /// Draw the start and goal at random, at least this many steps apart
    /// ([`Maze::random_ends`]); `None` leaves them where the shape puts them.
    pub random_ends: Option<u32>,
}

impl Finish {
    /// Refuses what cannot be done to a maze carved into `blank`, before it is generated: a
    /// start or goal off its cells, `farthest` with endpoints of its own, openings beside
    /// endpoints off the outer wall.
    pub fn check(&self, blank: &Blank) -> Result<()> {
        if self.farthest && (self.start.is_some() || self.goal.is_some() || self.openings) {
            return Err(MazeError::FarthestPlaced);
        }
        if let Some(min) = self.random_ends {
            if self.farthest || self.start.is_some() || self.goal.is_some() || self.openings {
                return Err(MazeError::RandomEndsPlaced);
            }
            // A labyrinth has four times the cells.
            let cells = blank.cell_count() * if self.unicursal { 4 } else { 1 };
            let most = cells.saturating_sub(1);
            if min == 0 || u64::from(min) > most {
                let error = MazeError::EndsApart { min, most, cells };
                return Err(Part::RandomEnds(min).refuses(error));
            }
        }
        if self.unicursal && self.braid.is_some() {
            return Err(MazeError::Labyrinth {
                reason: "is made of a perfect maze, and loops would close its path into rings",
            });
        }
        match blank {
            // A labyrinth has twice the cells each way, within the grid's limit.
            Blank::Rect { width, height } if self.unicursal => {
                let (width, height) = (width.saturating_mul(2), height.saturating_mul(2));
                Grid::check_size(width, height).map_err(|e| Part::Unicursal.refuses(e))?;
                self.check_rect(width, height)
            }
            Blank::Shape(_) if self.unicursal => Err(MazeError::Labyrinth {
                reason: "is made of a rectangle of square cells",
            }),
            Blank::Rect { width, height } => self.check_rect(*width, *height),
            Blank::Shape(shape) => {
                with_topology!(shape, t => self.check_cells(t))?;
                self.check_openings(shape)
            }
        }
    }

    /// Refuses openings when neither the start nor the goal of `shape` (as given, else as
    /// [`Finish::rim_first`] or the shape places them) touches its outer border.
    fn check_openings(&self, shape: &Shape) -> Result<()> {
        if !self.openings {
            return Ok(());
        }
        let (start, goal) = with_topology!(shape, t => {
            let cell = |given: Option<Pos>| given.and_then(|pos| t.locate(pos));
            let (first, last) = (t.first_cell(), t.default_goal());
            let (first, last) = if self.rim_first(shape) { (last, first) } else { (first, last) };
            (cell(self.start).unwrap_or(first), cell(self.goal).unwrap_or(last))
        });
        shape
            .border_openings(start, goal)
            .map_err(|error| Part::Openings.refuses(error))?;
        Ok(())
    }

    /// Whether the shape's default endpoints trade places: a polar maze with openings and no
    /// endpoints given is entered from its rim (the cell it is otherwise left by) and solved
    /// at its centre, as round mazes are drawn.
    fn rim_first(&self, shape: &Shape) -> bool {
        self.openings
            && self.start.is_none()
            && self.goal.is_none()
            && matches!(shape, Shape::Polar(_))
    }

    /// [`Finish::check`] for a `width x height`-cell rectangle.
    fn check_rect(&self, width: u32, height: u32) -> Result<()> {
        Grid::check_size(width, height)?;
        let start = self.start.unwrap_or(Maze::DEFAULT_START);
        let goal = self.goal.unwrap_or(Maze::default_goal(width, height));
        for (part, cell) in [(Part::Start(start), start), (Part::Goal(goal), goal)] {
            if !cell.is_within(width, height) {
                let (x, y) = (cell.x, cell.y);
                let error = MazeError::OutsideGrid {
                    x,
                    y,
                    width,
                    height,
                };
                return Err(part.refuses(error));
            }
        }
        // Openings beside the ends on the outer wall: one at least.
        if self.openings && !start.is_on_border(width, height) && !goal.is_on_border(width, height)
        {
            let error = MazeError::NoEndOnBorder {
                start: CellName::flat(start),
                goal: CellName::flat(goal),
                accepted: String::new(),
            };
            return Err(Part::Openings.refuses(error));
        }
        Ok(())
    }

    /// [`Finish::check`] for another shape: the endpoints given must be its cells.
    fn check_cells(&self, topology: &impl Topology) -> Result<()> {
        for (part, cell) in [
            (self.start.map(Part::Start), self.start),
            (self.goal.map(Part::Goal), self.goal),
        ] {
            if let (Some(part), Some(cell)) = (part, cell)
                && topology.locate(cell).is_none()
            {
                return Err(part.refuses(MazeError::NotACell {
                    x: cell.x,
                    y: cell.y,
                }));
            }
        }
        Ok(())
    }

    /// Does it to `maze`. A refusal names the [`Part`] at fault.
    pub fn apply(&self, maze: &mut Maze) -> Result<()> {
        self.apply_solved(maze, None)
    }

    /// The start and goal a `width x height`-cell rectangle will be solved between by a
    /// shortest path, when they are known before it is carved and nothing done to it
    /// afterwards changes its passages: the carve may then find the path itself
    /// ([`Maze::generate_solving`]).
    fn ends_before_carving(&self, width: u32, height: u32) -> Option<(Pos, Pos)> {
        let moved = self.farthest || self.random_ends.is_some();
        let changed = self.braid.is_some() || self.unicursal;
        if !self.solve || self.method != Method::Shortest || moved || changed {
            return None;
        }
        let start = self.start.unwrap_or(Maze::DEFAULT_START);
        let goal = self.goal.unwrap_or(Maze::default_goal(width, height));
        let inside = |pos: Pos| pos.x < width && pos.y < height;
        (inside(start) && inside(goal)).then_some((start, goal))
    }

    /// [`Finish::apply`], the solution given where the carve found it.
    fn apply_solved(&self, maze: &mut Maze, solution: Option<Vec<usize>>) -> Result<()> {
        if let Some(probability) = self.braid {
            maze.braid_with(probability)?;
        }
        if self.unicursal {
            *maze = maze.unicursal()?;
        }
        if self.farthest {
            let (from, to, _) = maze.diameter()?;
            maze.set_endpoints(from, to)?;
        }
        // Only endpoints where the shape puts them trade places: a document's own stay.
        let defaults = with_topology!(maze.shape(), t => (t.first_cell(), t.default_goal()));
        if self.rim_first(maze.shape()) && (maze.start, maze.goal) == defaults {
            maze.set_endpoints(maze.goal_pos(), maze.start_pos())?;
        }
        if let Some(min) = self.random_ends {
            maze.random_ends(min, u32::MAX)
                .map_err(|error| Part::RandomEnds(min).refuses(error))?;
        }
        if self.start.is_some() || self.goal.is_some() {
            let start = self.start.unwrap_or(maze.start_pos());
            let goal = self.goal.unwrap_or(maze.goal_pos());
            maze.set_endpoints(start, goal)
                .map_err(|error| Part::Endpoints(start, goal).refuses(error))?;
        }
        if self.openings {
            maze.open_border()
                .map_err(|error| Part::Openings.refuses(error))?;
        }
        match solution {
            Some(path) => maze.keep_solution(path),
            None if self.solve => maze.solve_with(self.method)?,
            None => {}
        }
        Ok(())
    }
}

/// A maze to make: the generator, the blank it carves and what is done afterwards.
pub struct MazeSpec {
    /// The algorithm and its options.
    pub generator: Box<dyn Generator + Send + Sync>,
    /// The shape carved.
    pub blank: Blank,
    /// What is done to the maze once generated.
    pub finish: Finish,
}

impl MazeSpec {
    /// Refuses, before anything is allocated, a maze that cannot be made: a generator that
    /// does not carve the shape, a rectangle over the cell limit, more walkers than cells, a
    /// [`Finish`] that does not fit the shape.
    pub fn check(&self) -> Result<()> {
        let generator = self.generator.as_ref();
        if let Blank::Shape(Shape::Weave(_)) = &self.blank
            && !WEAVING.contains(&generator.name())
        {
            return Err(MazeError::NotWoven {
                algorithm: generator.name(),
                weaving: &WEAVING,
            });
        }
        if let Blank::Shape(shape) = &self.blank
            && !matches!(shape, Shape::Rect(_))
            && !generator.carves_shapes()
        {
            return Err(MazeError::ShapeUnsupported {
                algorithm: generator.name(),
                every_shape: &GRAPH_ALGORITHMS,
                shape: shape.description(),
            });
        }
        if let Blank::Shape(shape) = &self.blank
            && !matches!(shape, Shape::Rect(_) | Shape::Masked(_))
            && generator.reached_from().is_some()
        {
            return Err(MazeError::PartialShape {
                algorithm: generator.name(),
                shape: shape.description(),
            });
        }
        if let Blank::Rect { width, height } = self.blank {
            Grid::check_size(width, height)?;
            generator.check_size(width, height)?;
        }
        if generator.draws_ends() {
            self.check_drawn_ends(generator.name())?;
        }
        if self.finish.unicursal && generator.reached_from().is_some() {
            return Err(MazeError::Labyrinth {
                reason: "is made of a whole perfect maze, and these options leave cells out",
            });
        }
        if let Some(from) = generator.grows_from() {
            self.blank
                .check_cell(from)
                .map_err(|e| Part::From(from).refuses(e))?;
        }
        generator.check_cells(self.blank.cell_count())?;
        self.finish.check(&self.blank)
    }

    /// Refuses the finishing steps that would undo what a generator that
    /// [draws its ends](Generator::draws_ends) drew: endpoints of the maze's own, openings
    /// (the ends drawn may lie inside), braiding (every two neighbouring cells are already
    /// joined) and a labyrinth (made of a perfect maze).
    fn check_drawn_ends(&self, algorithm: &'static str) -> Result<()> {
        let finish = &self.finish;
        let placed = MazeError::DrawnByGenerator {
            algorithm,
            reason: "draws the start and goal with its walls, on free cells a plan of at least \
                     max(width, height) cells apart, so they are not placed",
        };
        let refusal = match (finish.start, finish.goal) {
            (Some(start), Some(goal)) => Some(Part::Endpoints(start, goal)),
            (Some(start), None) => Some(Part::Start(start)),
            (None, Some(goal)) => Some(Part::Goal(goal)),
            (None, None) if finish.farthest => Some(Part::Farthest),
            (None, None) => finish.random_ends.map(Part::RandomEnds),
        };
        if let Some(part) = refusal {
            return Err(part.refuses(placed));
        }
        if finish.openings {
            return Err(Part::Openings.refuses(MazeError::DrawnByGenerator {
                algorithm,
                reason: "draws the start and goal with its walls, inside the grid as often as on \
                         its edge, so no opening beside them can be promised",
            }));
        }
        if finish.braid.is_some() {
            return Err(Part::Braid.refuses(MazeError::DrawnByGenerator {
                algorithm,
                reason: "joins every two neighbouring free cells, so there is no wall between \
                         cells to open",
            }));
        }
        if finish.unicursal {
            return Err(MazeError::Labyrinth {
                reason: "is made of a whole perfect maze, and random walls make open rooms",
            });
        }
        Ok(())
    }

    /// Carves the maze from `seed`, unfinished, with its solution where the carve found it,
    /// its options `params` ([`params_of`] the generator).
    fn carve(&self, seed: u64, params: Params) -> Result<(Maze, Option<Vec<usize>>)> {
        let generator = self.generator.as_ref();
        match &self.blank {
            &Blank::Rect { width, height } => {
                match self.finish.ends_before_carving(width, height) {
                    Some(ends) => {
                        Maze::generate_solving(generator, width, height, seed, ends, params)
                    }
                    None => Ok((
                        Maze::generate(generator, width, height, seed, params)?,
                        None,
                    )),
                }
            }
            Blank::Shape(shape) => {
                // A clone aborts when memory is short: its room is asked for first (a byte or
                // two a cell), to refuse it as an error instead.
                let (width, height) = shape.extent();
                let bytes = 2 * shape.slots() as u64;
                if !crate::grid::grantable(bytes) {
                    return Err(MazeError::OutOfMemory {
                        width,
                        height,
                        bytes,
                    });
                }
                Ok((
                    Maze::generate_shape(generator, shape.clone(), seed, params)?,
                    None,
                ))
            }
        }
    }

    /// Generates the maze from `seed` and finishes it: the same spec and seed always give the
    /// same maze.
    pub fn make(&self, seed: u64) -> Result<Maze> {
        self.make_sharing(seed, &params_of(self.generator.as_ref()))
    }

    /// [`MazeSpec::make`], the maze's options `params` shared with the other mazes of this
    /// spec instead of built for it (a million 10x10-cell mazes to `npz`: 4% less CPU).
    pub(crate) fn make_sharing(&self, seed: u64, params: &Params) -> Result<Maze> {
        let (mut maze, solution) = self.carve(seed, Arc::clone(params))?;
        self.finish.apply_solved(&mut maze, solution)?;
        Ok(maze)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::{Backtrack, BinaryTree, Kruskal};
    use crate::topology::Hex;
    use std::num::NonZeroU32;

    fn spec(blank: Blank, finish: Finish) -> MazeSpec {
        MazeSpec {
            generator: Box::new(Kruskal),
            blank,
            finish,
        }
    }

    #[test]
    fn refusals_name_the_part_at_fault() {
        let rect = Blank::Rect {
            width: 4,
            height: 3,
        };
        let outside = Finish {
            goal: Some(Pos::new(4, 0)),
            ..Finish::default()
        };
        assert_eq!(
            spec(rect.clone(), outside).check(),
            Err(Part::Goal(Pos::new(4, 0)).refuses(MazeError::OutsideGrid {
                x: 4,
                y: 0,
                width: 4,
                height: 3
            }))
        );
        // Openings beside the ends on the outer wall: the goal's alone, but one at least.
        let inner = Finish {
            start: Some(Pos::new(1, 1)),
            openings: true,
            ..Finish::default()
        };
        assert_eq!(spec(rect.clone(), inner).check(), Ok(()));
        let inner = Finish {
            goal: Some(Pos::new(2, 1)),
            ..inner
        };
        let error = spec(rect.clone(), inner).check().unwrap_err();
        assert_eq!(
            error.to_string(),
            "openings: neither the start cell 1,1 nor the goal cell 2,1 is on the outer wall, so \
             no opening can be made"
        );
        let both = Finish {
            farthest: true,
            start: Some(Pos::new(0, 0)),
            ..Finish::default()
        };
        assert_eq!(spec(rect, both).check(), Err(MazeError::FarthestPlaced));
        let hex = Blank::Shape(Shape::Hex(Hex::new(3, 3).unwrap()));
        let off = Finish {
            start: Some(Pos::new(3, 3)),
            ..Finish::default()
        };
        assert_eq!(
            spec(hex.clone(), off).check(),
            Err(Part::Start(Pos::new(3, 3)).refuses(MazeError::NotACell { x: 3, y: 3 }))
        );
        let rows_only = MazeSpec {
            generator: Box::new(BinaryTree::default()),
            ..spec(hex.clone(), Finish::default())
        };
        assert!(matches!(
            rows_only.check(),
            Err(MazeError::ShapeUnsupported { .. })
        ));
        let walkers = MazeSpec {
            generator: Box::new(Backtrack {
                seeds: NonZeroU32::new(10).unwrap(),
                ..Backtrack::default()
            }),
            ..spec(hex, Finish::default())
        };
        assert_eq!(
            walkers.check(),
            Err(MazeError::TooManySeeds {
                seeds: 10,
                cells: 9
            })
        );
    }

    #[test]
    fn a_checked_spec_makes_its_maze_finished() {
        let finish = Finish {
            start: Some(Pos::new(0, 2)),
            goal: Some(Pos::new(5, 0)),
            openings: true,
            solve: true,
            ..Finish::default()
        };
        let spec = spec(
            Blank::Rect {
                width: 6,
                height: 3,
            },
            finish,
        );
        spec.check().unwrap();
        let maze = spec.make(11).unwrap();
        assert_eq!(maze, spec.make(11).unwrap());
        assert_eq!(
            (maze.start_pos(), maze.goal_pos()),
            (Pos::new(0, 2), Pos::new(5, 0))
        );
        assert_eq!(maze.opening_tiles().len(), 2);
        let path = maze.solution().unwrap();
        assert_eq!((path[0], path[path.len() - 1]), (maze.start(), maze.goal()));
    }

    #[test]
    fn the_path_the_carve_finds_is_the_one_a_search_finds() {
        use crate::rng::{MazeRng, rng_from_seed};
        use rand::RngExt;
        let mut draw: MazeRng = rng_from_seed(5);
        let walkers = |seeds| Backtrack {
            seeds: NonZeroU32::new(seeds).unwrap(),
            ..Backtrack::default()
        };
        for case in 0..600u64 {
            let (width, height) = (draw.random_range(1..=14), draw.random_range(1..=14));
            let mut at = || Pos::new(draw.random_range(0..width), draw.random_range(0..height));
            let (start, goal) = (at(), at());
            let seeds = 1 + u32::from(case % 5 == 0 && width * height > 1);
            let mut backtrack = walkers(seeds);
            backtrack.start = Pos::new(draw.random_range(0..width), 0);
            let placed = case % 3 != 0;
            let finish = Finish {
                start: placed.then_some(start),
                goal: placed.then_some(goal),
                openings: !placed && case % 2 == 0,
                solve: true,
                ..Finish::default()
            };
            let blank = Blank::Rect { width, height };
            let solving = MazeSpec {
                generator: Box::new(backtrack),
                blank: blank.clone(),
                finish,
            };
            let unsolved = MazeSpec {
                generator: Box::new(backtrack),
                blank,
                finish: Finish {
                    solve: false,
                    ..finish
                },
            };
            let (_, found) = solving.carve(case, params_of(&backtrack)).unwrap();
            let made = solving.make(case).unwrap();
            let mut searched_maze = unsolved.make(case).unwrap();
            searched_maze.solve().unwrap();
            assert_eq!(made, searched_maze, "case {case}: {width}x{height}");
            // One walker's carve finds the path, several leave it to the search.
            assert_eq!(found.is_some(), seeds == 1, "case {case}");
        }
    }

    #[test]
    fn random_endpoints_are_drawn_apart_from_the_mazes_own_stream() {
        let random = |min| Finish {
            random_ends: Some(min),
            solve: true,
            ..Finish::default()
        };
        let rect = Blank::Rect {
            width: 6,
            height: 5,
        };
        let plain = spec(rect.clone(), Finish::default());
        let mut pairs = std::collections::HashSet::new();
        for seed in 0..200 {
            let maze = spec(rect.clone(), random(9)).make(seed).unwrap();
            assert!(maze.solution().unwrap().len() > 9, "seed {seed}");
            pairs.insert((maze.start_pos(), maze.goal_pos()));
            // The passages are those made without it.
            let unplaced = plain.make(seed).unwrap();
            assert_eq!(maze.grid(), unplaced.grid());
            assert_eq!(maze, spec(rect.clone(), random(9)).make(seed).unwrap());
        }
        assert!(pairs.len() > 150, "{} pairs", pairs.len());
        // Every shape: a hexagonal maze and a mask with holes.
        let hex = Blank::Shape(Shape::Hex(Hex::new(4, 4).unwrap()));
        let maze = spec(hex, random(5)).make(3).unwrap();
        assert!(maze.solution().unwrap().len() > 5);
        let mask = crate::topology::Mask::from_text("..#\n...\n#..\n").unwrap();
        let masked = Blank::Shape(Shape::Masked(crate::topology::Masked::new(mask).unwrap()));
        for seed in 0..50 {
            let maze = spec(masked.clone(), random(1)).make(seed).unwrap();
            assert_ne!(maze.start(), maze.goal());
            assert!(maze.mask().unwrap().is_on(maze.start_pos()));
            assert!(maze.mask().unwrap().is_on(maze.goal_pos()));
        }
    }

    #[test]
    fn random_endpoints_refuse_what_cannot_be() {
        let rect = Blank::Rect {
            width: 4,
            height: 4,
        };
        let random = |min| Finish {
            random_ends: Some(min),
            ..Finish::default()
        };
        for min in [0, 16] {
            let refused = spec(rect.clone(), random(min)).check();
            let error = MazeError::EndsApart {
                min,
                most: 15,
                cells: 16,
            };
            assert_eq!(refused, Err(Part::RandomEnds(min).refuses(error)));
        }
        assert_eq!(spec(rect.clone(), random(15)).check(), Ok(()));
        let placed = Finish {
            start: Some(Pos::new(1, 1)),
            ..random(2)
        };
        assert_eq!(
            spec(rect.clone(), placed).check(),
            Err(MazeError::RandomEndsPlaced)
        );
        // A maze with no Hamiltonian path from its corners has no two cells 15 steps apart.
        let far = spec(rect, random(15));
        let missed = (0..100).map(|seed| far.make(seed)).find(Result::is_err);
        assert_eq!(
            missed,
            Some(Err(
                Part::RandomEnds(15).refuses(MazeError::NoEndsApart { min: 15 })
            ))
        );
    }
}
