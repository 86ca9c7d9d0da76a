//! Solving a maze by the classic methods, each showing its work: the path it finds and every
//! cell it visited on the way, reported step by step to an [`Observer`] as it goes.
//!
//! One file per method, whose doc comment gives the textbook steps and whose code follows
//! them; every method is generic over the [`Topology`], so it works on every shape:
//!
//! - `shortest`: breadth-first search ([`Maze::solve`](crate::Maze::solve)), the default.
//! - [`wall_follower`]: keep a hand on the wall.
//! - [`pledge`]: go one way, and follow a wall only until the turns made add up to nothing.
//! - [`tremaux`]: mark each passage as it is walked; never walk one a third time.
//! - [`dead_end_filling`]: fill every dead end until only the way through is left.
//!
//! [`trace`] writes a search's every step down (A* as Searchformer runs it, breadth-first and
//! depth-first search, dead-end filling) on a grid of free and wall cells.
//!
//! Beside them, [`all_shortest`](mod@all_shortest) finds every shortest path: their length,
//! their exact number and the paths themselves up to a cap
//! ([`Maze::shortest_paths`](crate::Maze::shortest_paths)).
//!
//! The walkers (wall follower, Pledge, Trémaux) report the walk reduced to a simple path
//! (each loop the walk made cut out, `Walk`), so that every method's path runs from start to
//! goal without visiting a cell twice; on a perfect maze that is the one path there is.
//!
//! Events name cells by index: [`Event::Enter`] when the solver stands on a cell (or, for
//! dead-end filling, keeps it), [`Event::Leave`] when it walks off it (or fills it).
//!
//! ```
//! use mazegen::{Maze, algorithms::Backtrack, solve::Method};
//!
//! let mut maze = Maze::builder().algorithm(Backtrack::default()).cells(12, 8).seed(3).build()?;
//! maze.solve_with(Method::WallFollower)?;
//! let path = maze.solution().unwrap().to_vec();
//! maze.solve()?;
//! assert_eq!(maze.solution(), Some(&path[..]), "a perfect maze has one path");
//! # Ok::<(), mazegen::Error>(())
//! ```

pub mod all_shortest;
pub mod dead_end_filling;
pub mod pledge;
pub mod trace;
pub mod tremaux;
pub mod wall_follower;

pub use all_shortest::{PathCount, ShortestPaths, all_shortest};

use crate::events::{Event, Observer};
use crate::grid::{MazeError, Result};
use crate::topology::{Topology, filled, reserved};
use std::fmt;
use std::str::FromStr;

/// What a solver reports: cells by index, sides by number.
pub type SearchEvent = Event<usize, u8>;

/// How to solve a maze.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// Breadth-first search: a shortest path ([`Maze::solve`](crate::Maze::solve)).
    #[default]
    Shortest,
    /// Keep the right hand on the wall ([`wall_follower`]).
    WallFollower,
    /// Head one way, following walls until the turns cancel out ([`pledge`]).
    Pledge,
    /// Mark passages, never walk one three times ([`tremaux`]).
    Tremaux,
    /// Fill the dead ends until only the way through is left ([`dead_end_filling`]).
    DeadEndFilling,
}

impl Method {
    /// Every method, in the order documents and help list them.
    pub const ALL: [Method; 5] = [
        Method::Shortest,
        Method::WallFollower,
        Method::Pledge,
        Method::Tremaux,
        Method::DeadEndFilling,
    ];

    /// The name the command line and messages use (`wall-follower`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Method::Shortest => "shortest",
            Method::WallFollower => "wall-follower",
            Method::Pledge => "pledge",
            Method::Tremaux => "tremaux",
            Method::DeadEndFilling => "dead-end-filling",
        }
    }

    /// Whether the method finds a path in every maze (connected, loops or not): the wall
    /// followers may walk in circles instead, and say so.
    pub const fn always_solves(self) -> bool {
        !matches!(self, Method::WallFollower | Method::Pledge)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = MazeError;

    /// A method by its [`Method::name`]; anything else is [`MazeError::UnknownMethod`].
    fn from_str(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|method| method.name() == name)
            .ok_or_else(|| MazeError::UnknownMethod(name.into()))
    }
}

/// What a search found: the path from start to goal (both included, no cell twice) and every
/// cell it visited, each once, in the order first visited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// The cells of the path, start to goal.
    pub path: Vec<usize>,
    /// Every cell visited, in the order first visited.
    pub visited: Vec<usize>,
}

/// Solves the maze on `topology` from `start` to `goal` by `method`, reporting each step to
/// `observer`. [`Method::Shortest`] finds the path [`Maze::solve`](crate::Maze::solve) finds,
/// visiting the cells breadth first (each reported as entered).
///
/// A wall follower that comes back to where it was, heading the same way, without reaching
/// the goal is [`MazeError::Unsolvable`]; Pledge on a shape without [`Topology::HEADINGS`] is
/// [`MazeError::MethodShape`]; a goal that cannot be reached at all (a window of a giant maze)
/// [`MazeError::NoPath`].
pub fn search<T: Topology, O: Observer<SearchEvent>>(
    method: Method,
    topology: &T,
    start: usize,
    goal: usize,
    observer: &mut O,
) -> Result<Search> {
    match method {
        Method::Shortest => breadth_first(topology, start, goal, observer),
        Method::WallFollower => wall_follower::solve(topology, start, goal, observer),
        Method::Pledge => pledge::solve(topology, start, goal, observer),
        Method::Tremaux => tremaux::solve(topology, start, goal, observer),
        Method::DeadEndFilling => dead_end_filling::solve(topology, start, goal, observer),
    }
}

/// Breadth-first search: the distance of every cell from `start`, then the path back from
/// `goal` downhill through the sides in order; visited cells are the ones reached, nearest
/// first.
fn breadth_first<T: Topology>(
    topology: &T,
    start: usize,
    goal: usize,
    observer: &mut impl Observer<SearchEvent>,
) -> Result<Search> {
    let distances = crate::topology::distances(topology, start);
    if distances[goal] == crate::topology::UNREACHED {
        return Err(no_path(topology, start, goal));
    }
    let mut visited: Vec<usize> = (0..distances.len())
        .filter(|&i| distances[i] != crate::topology::UNREACHED)
        .collect();
    visited.sort_by_key(|&i| distances[i]);
    for &cell in &visited {
        observer.observe(Event::Enter { cell });
    }
    Ok(Search {
        path: crate::topology::path_back(topology, &distances, goal),
        visited,
    })
}

/// Marks a cell "not on the path" in [`Walk`].
const OFF_PATH: u32 = u32::MAX;

/// A walk through the maze as the walkers take it, kept as what the solvers report: the cells
/// visited (each once, in order) and the walk reduced to a simple path. Stepping onto a cell
/// already on the path cuts the loop since then out of it.
pub(crate) struct Walk {
    /// Each cell's place on the path, or [`OFF_PATH`].
    place: Vec<u32>,
    /// Whether each cell was visited.
    seen: Vec<bool>,
    path: Vec<usize>,
    visited: Vec<usize>,
}

impl Walk {
    /// A walk on `topology` standing on `start`.
    pub(crate) fn new<T: Topology>(
        topology: &T,
        start: usize,
        observer: &mut impl Observer<SearchEvent>,
    ) -> Result<Self> {
        let mut walk = Self {
            place: filled(topology, topology.slots(), OFF_PATH)?,
            seen: filled(topology, topology.slots(), false)?,
            path: reserved(topology, 1)?,
            visited: reserved(topology, 1)?,
        };
        walk.arrive(start, observer);
        Ok(walk)
    }

    /// Whether `cell` was visited.
    pub(crate) fn seen(&self, cell: usize) -> bool {
        self.seen[cell]
    }

    /// Steps from the current cell to `cell`.
    pub(crate) fn step(&mut self, cell: usize, observer: &mut impl Observer<SearchEvent>) {
        let here = *self.path.last().expect("a walk stands somewhere");
        observer.observe(Event::Leave { cell: here });
        self.arrive(cell, observer);
    }

    fn arrive(&mut self, cell: usize, observer: &mut impl Observer<SearchEvent>) {
        observer.observe(Event::Enter { cell });
        if !self.seen[cell] {
            self.seen[cell] = true;
            self.visited.push(cell);
        }
        let place = self.place[cell];
        if place == OFF_PATH {
            self.place[cell] = self.path.len() as u32;
            self.path.push(cell);
            return;
        }
        // Back on the path: the loop walked since is no part of it.
        for &off in &self.path[place as usize + 1..] {
            self.place[off] = OFF_PATH;
        }
        self.path.truncate(place as usize + 1);
    }

    /// The search, once the walk reached the goal.
    pub(crate) fn finish(self) -> Search {
        Search {
            path: self.path,
            visited: self.visited,
        }
    }
}

/// The refusal of a search that cannot reach `goal` from `start`.
pub(crate) fn no_path<T: Topology>(topology: &T, start: usize, goal: usize) -> MazeError {
    let pos = |cell| topology.cell(&topology.cursor(cell));
    MazeError::NoPath {
        start: pos(start),
        goal: pos(goal),
    }
}

/// Whether the passage from the cursor's cell through `side` is open (a side on the border,
/// or a polar cell's side it does not have, is a wall).
#[inline(always)]
pub(crate) fn open<T: Topology>(topology: &T, cursor: &T::Cursor, side: usize) -> bool {
    topology.neighbour(cursor, side).is_some() && topology.is_open(T::index(cursor), side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_read_back_by_name() {
        for method in Method::ALL {
            assert_eq!(method.name().parse::<Method>(), Ok(method));
        }
        assert_eq!(
            "left-hand".parse::<Method>(),
            Err(MazeError::UnknownMethod("left-hand".into()))
        );
    }
}
