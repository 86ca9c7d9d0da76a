//! [`DatasetSpec`]: which mazes a dataset holds, checked before any is made.

use super::{Bound, shape_tree_count, spanning_tree_count};
use crate::analysis::{Difficulty, Figure};
use crate::grid::MazeError;
use crate::maze::{Blank, MazeSpec};
use crate::with_topology;
use std::ops::Range;
use thiserror::Error;

/// The most threads a dataset runs on.
pub const MAX_JOBS: usize = 256;

/// How far a `unique` run may go: it keeps a 16-byte hash of every maze up to the last one it
/// makes (a shard replays every maze before its own to know them), about 4.5 GB in its hash
/// set at 2^27 mazes.
pub const MAX_UNIQUE: u64 = 1 << 27;

/// Many mazes of one [`MazeSpec`] from one run seed: maze `index` is made from
/// [`candidate_seed`](super::candidate_seed)`(seed, index, attempt)`, the first attempt
/// within the `bounds` (and, with `unique`, unlike every maze before it) kept. The mazes are
/// the same whatever the number of `jobs` and whichever `slots` are made.
pub struct DatasetSpec {
    /// The mazes' spec.
    pub maze: MazeSpec,
    /// The run's seed.
    pub seed: u64,
    /// How many mazes the whole dataset has.
    pub count: u64,
    /// The indices made and handed back: all (`0..count`), or a shard ([`shard`]).
    pub slots: Range<u64>,
    /// The first candidate of maze 0 is made from `seed` itself, as a single maze is (a run
    /// of one maze with bounds or endpoints chosen by its figures).
    pub single: bool,
    /// Threads making mazes (1 to [`MAX_JOBS`]).
    pub jobs: usize,
    /// No two mazes with the same passages.
    pub unique: bool,
    /// Figures every maze must lie within.
    pub bounds: Vec<Bound>,
}

/// Shard `index` (from 1) of `of` equal shards of a `count`-maze dataset: the indices it
/// makes, or `None` unless `1 <= index <= of`. The shards of a dataset cover it exactly, in
/// order.
///
/// ```
/// assert_eq!(mazegen::dataset::shard(10, 2, 3), Some(3..6));
/// assert_eq!(mazegen::dataset::shard(10, 4, 3), None);
/// ```
pub fn shard(count: u64, index: u64, of: u64) -> Option<Range<u64>> {
    if index == 0 || index > of {
        return None;
    }
    let edge = |k: u64| (u128::from(count) * u128::from(k) / u128::from(of)) as u64;
    Some(edge(index - 1)..edge(index))
}

impl DatasetSpec {
    /// `count` mazes of `maze` from the run's `seed`: all of them made and handed back, on as
    /// many threads as the machine has (at most [`MAX_JOBS`]; the mazes are the same on any
    /// number), neither unique nor bounded. Change the fields for the rest.
    ///
    /// ```
    /// use mazegen::{DatasetSpec, Maze};
    ///
    /// let spec = Maze::builder().cells(8, 8).solve().spec()?;
    /// let mazes: Vec<Maze> = DatasetSpec::new(spec, 7, 100)
    ///     .run(Ok::<_, mazegen::Error>)
    ///     .map(|made| made.map(|made| made.value))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(mazes.len(), 100);
    /// assert!(mazes.iter().all(|maze| maze.solution().is_some()));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn new(maze: MazeSpec, seed: u64, count: u64) -> Self {
        let jobs = std::thread::available_parallelism().map_or(1, |jobs| jobs.get());
        Self {
            maze,
            seed,
            count,
            slots: 0..count,
            single: false,
            jobs: jobs.min(MAX_JOBS),
            unique: false,
            bounds: Vec::new(),
        }
    }

    /// Refuses, before any maze is made, a dataset that cannot be made: a maze spec that
    /// [`MazeSpec::check`] refuses, bounds no maze of the shape can meet, more unique mazes
    /// than the shape has.
    pub fn check(&self) -> Result<(), DatasetError> {
        if self.slots.start > self.slots.end || self.slots.end > self.count {
            let (slots, count) = (self.slots.clone(), self.count);
            return Err(DatasetError::SlotsOutside { slots, count });
        }
        if !(1..=MAX_JOBS).contains(&self.jobs) {
            return Err(DatasetError::Jobs { jobs: self.jobs });
        }
        self.maze.check()?;
        let cells = self.maze.blank.cell_count();
        for bound in &self.bounds {
            check_bound(bound, cells)?;
        }
        if self.unique && self.slots.end > MAX_UNIQUE {
            let (start, end) = (self.slots.start, self.slots.end);
            return Err(DatasetError::UniqueTooFar { start, end });
        }
        // Braided and partial mazes are no spanning trees of the shape: not counted so.
        let generator = &self.maze.generator;
        let trees_only = self.maze.finish.braid.is_none()
            && generator.reached_from().is_none()
            && !generator.draws_ends();
        if self.unique && trees_only {
            let trees = match &self.maze.blank {
                Blank::Rect { width, height } => spanning_tree_count(*width, *height),
                Blank::Shape(shape) => with_topology!(shape, t => shape_tree_count(t)),
            };
            if let Some(trees) = trees
                && self.count > trees
            {
                let count = self.count;
                return Err(DatasetError::TooFewMazes { count, trees });
            }
        }
        Ok(())
    }
}

impl DatasetSpec {
    /// An upper bound on the memory one maze takes while it is made: its shape (a byte a
    /// cell), the generator's scratch space, and a search over its cells (8 bytes a cell) when
    /// it is solved, measured or given farthest endpoints.
    pub fn maze_bytes(&self) -> u64 {
        let maze = &self.maze;
        let cells = maze.blank.cell_count();
        let (width, height) = maze.blank.extent();
        let searched = maze.finish.solve || maze.finish.farthest || !self.bounds.is_empty();
        let search = if searched { cells.saturating_mul(8) } else { 0 };
        cells
            .saturating_add(maze.generator.scratch_bytes(width, height))
            .saturating_add(search)
    }

    /// Refuses, before any maze is made, a run that holds `at_once` mazes at a time (made on
    /// threads, then written in order), each with `output` bytes drawn, when the machine will
    /// not grant that much memory at once ([`DatasetError::NoMemory`]). The memory is only
    /// asked for, not touched, and given back at once.
    pub fn check_memory(&self, at_once: u64, output: u64) -> Result<(), DatasetError> {
        let bytes = at_once.saturating_mul(self.maze_bytes().saturating_add(output));
        let granted = crate::grid::grantable(bytes);
        if !granted {
            return Err(DatasetError::NoMemory {
                mazes: at_once,
                bytes,
            });
        }
        Ok(())
    }
}

/// Refuses a bound no maze of `cells` cells can meet.
fn check_bound(bound: &Bound, cells: u64) -> Result<(), DatasetError> {
    let Bound { figure, min, max } = *bound;
    if let Some(value) = [min, max]
        .into_iter()
        .flatten()
        .find(|value| !value.is_finite() || *value < 0.0)
    {
        return Err(DatasetError::BoundNotANumber { figure, value });
    }
    if let (Some(min), Some(max)) = (min, max)
        && min > max
    {
        return Err(DatasetError::BoundsCross { figure, min, max });
    }
    let most = figure.most(cells);
    if let Some(min) = min
        && min > most
    {
        return Err(DatasetError::BoundPastMost { figure, min, most });
    }
    if figure == Figure::Tortuosity
        && let Some(max) = max
        && max < 1.0
    {
        return Err(DatasetError::TortuosityBelowOne { max });
    }
    Ok(())
}

/// The message of a run whose `bounds` rejected `tries` candidates in a row for maze `index`
/// ([`DatasetError::BoundsMissed`]), naming each bound as `name(end, figure)` says (`end` is
/// `min` or `max`) and the closest candidate's figures.
pub fn bounds_missed(
    bounds: &[Bound],
    index: u64,
    tries: u64,
    closest: &Difficulty,
    name: impl Fn(&str, Figure) -> String,
) -> String {
    let given: Vec<String> = bounds
        .iter()
        .flat_map(|bound| {
            let min = bound
                .min
                .map(|min| format!("{} {min}", name("min", bound.figure)));
            let max = bound
                .max
                .map(|max| format!("{} {max}", name("max", bound.figure)));
            min.into_iter().chain(max)
        })
        .collect();
    let figures: Vec<String> = bounds
        .iter()
        .map(|bound| format!("{} {}", bound.figure.name(), closest.get(bound.figure)))
        .collect();
    format!(
        "{}: {tries} candidates in a row for maze {index} were all outside; the closest had {}: \
         widen the bounds",
        given.join(" "),
        figures.join(", ")
    )
}

/// Why a figure cannot pass its greatest value ([`Figure::most`]).
pub const fn why_most(figure: Figure) -> &'static str {
    match figure {
        Figure::Solution | Figure::Decisions | Figure::BranchDepth => {
            "a path visits each cell once"
        }
        Figure::Tortuosity => "a path of at most cells - 1 steps",
        Figure::SolutionShare => "all its cells",
    }
}

/// A dataset that cannot be made as asked.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum DatasetError {
    /// The mazes' spec refused, or a maze that could not be made.
    #[error(transparent)]
    Maze(#[from] MazeError),
    /// The threads to make a dataset on could not be started.
    #[error("cannot start {jobs} threads: {reason}")]
    NoThreads {
        /// The threads asked for.
        jobs: usize,
        /// What the system said.
        reason: String,
    },
    /// A bound whose minimum is above its maximum.
    #[error("the least {} {min} is above the greatest {max}: no maze can be within both", figure.name())]
    BoundsCross {
        /// The figure bounded.
        figure: Figure,
        /// Its least value.
        min: f64,
        /// Its greatest value.
        max: f64,
    },
    /// A least value above the most any maze of the shape has.
    #[error("the least {} {min} is more than the {most} a maze of this size has ({})", figure.name(), why_most(*figure))]
    BoundPastMost {
        /// The figure bounded.
        figure: Figure,
        /// Its least value.
        min: f64,
        /// The most it can be.
        most: f64,
    },
    /// A greatest tortuosity below 1.
    #[error(
        "the greatest tortuosity {max} is below 1: a solution is never shorter than the \
         Manhattan distance between its ends"
    )]
    TortuosityBelowOne {
        /// The greatest tortuosity asked.
        max: f64,
    },
    /// More unique mazes than the shape has perfect mazes.
    #[error("{count} unique mazes are more than the {trees} distinct perfect mazes of this shape")]
    TooFewMazes {
        /// The mazes asked for.
        count: u64,
        /// The perfect mazes of the shape.
        trees: u64,
    },
    /// Less memory than the mazes made at once need ([`DatasetSpec::check_memory`]).
    #[error(
        "not enough memory to make {mazes} mazes at once ({bytes} bytes for their shapes, \
         scratch space, searches and drawings)"
    )]
    NoMemory {
        /// The mazes held at once.
        mazes: u64,
        /// The bytes they need.
        bytes: u64,
    },
    /// A unique run that would keep more hashes than [`MAX_UNIQUE`].
    #[error(
        "unique mazes are told apart by a hash of every maze before them: making mazes up to \
         {end} keeps {end} hashes (about {} GB){}; a unique run ends by maze {MAX_UNIQUE}",
        end / 30_000_000 + 1,
        if *start > 0 { format!(" and first replays the {start} before the first one made") } else { String::new() }
    )]
    UniqueTooFar {
        /// The first maze made.
        start: u64,
        /// The end of the mazes made.
        end: u64,
    },
    /// Fewer threads than one, or more than [`MAX_JOBS`].
    #[error("{jobs} threads: expected from 1 to {MAX_JOBS}")]
    Jobs {
        /// The threads asked for.
        jobs: usize,
    },
    /// A bound that is no number of at least 0.
    #[error("a bound on {} of {value}: expected a number of at least 0", figure.name())]
    BoundNotANumber {
        /// The figure bounded.
        figure: Figure,
        /// The bound given.
        value: f64,
    },
    /// Slots that are no range of the dataset's indices.
    #[error("the slots {slots:?} are not within the {count} mazes of the dataset")]
    SlotsOutside {
        /// The slots asked for.
        slots: Range<u64>,
        /// The mazes of the dataset.
        count: u64,
    },
    /// Unique mazes asked for, where only `found` turned up before a long run of repeats.
    #[error(
        "only {found} distinct mazes found, then {repeats} repeats in a row; the algorithm \
         seems to make no more at this size"
    )]
    TooFewDistinct {
        /// The distinct mazes made.
        found: u64,
        /// The repeats in a row that ended the run.
        repeats: u64,
    },
    /// A caller's test ([`Run::keep`](super::Run::keep)) that refused every candidate of a
    /// maze in a long run.
    #[error(
        "{tries} candidates in a row for maze {index} were all refused: the mazes this \
         algorithm makes at this size seem to be used up"
    )]
    Refused {
        /// The maze.
        index: u64,
        /// The candidates tried.
        tries: u64,
    },
    /// Bounds that rejected every candidate of a maze in a long run.
    #[error("{tries} candidates in a row for maze {index} were all outside the bounds")]
    BoundsMissed {
        /// The maze.
        index: u64,
        /// The candidates tried.
        tries: u64,
        /// The figures of the candidate that came closest.
        closest: Difficulty,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Kruskal;
    use crate::maze::Finish;

    fn spec(width: u32, height: u32, count: u64) -> DatasetSpec {
        DatasetSpec {
            maze: MazeSpec {
                generator: Box::new(Kruskal),
                blank: Blank::Rect { width, height },
                finish: Finish::default(),
            },
            seed: 1,
            count,
            slots: 0..count,
            single: false,
            jobs: 1,
            unique: false,
            bounds: Vec::new(),
        }
    }

    #[test]
    fn shards_cover_the_dataset_in_order() {
        for of in 1..7 {
            let edges: Vec<Range<u64>> = (1..=of).map(|i| shard(20, i, of).unwrap()).collect();
            assert_eq!(edges[0].start, 0);
            assert_eq!(edges[of as usize - 1].end, 20);
            assert!(edges.windows(2).all(|w| w[0].end == w[1].start));
        }
    }

    #[test]
    fn unique_runs_end_by_max_unique_mazes_shards_included() {
        let unique = |count, slots: Range<u64>| DatasetSpec {
            unique: true,
            slots,
            ..spec(40, 40, count)
        };
        assert_eq!(unique(MAX_UNIQUE, 0..MAX_UNIQUE).check(), Ok(()));
        let last_shard = shard(u64::MAX, 1_000_000_000, 1_000_000_000).unwrap();
        for (count, slots) in [
            (MAX_UNIQUE + 1, 0..MAX_UNIQUE + 1),
            (u64::MAX, last_shard.clone()),
            (u64::MAX, 0..1),
        ] {
            let refused = unique(count, slots.clone()).check();
            if slots.end <= MAX_UNIQUE {
                assert_eq!(refused, Ok(()), "the first maze of an endless run");
                continue;
            }
            let (start, end) = (slots.start, slots.end);
            assert_eq!(refused, Err(DatasetError::UniqueTooFar { start, end }));
        }
        let message = unique(u64::MAX, last_shard)
            .check()
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("first replays the 18446744055262807541"),
            "{message}"
        );
        // Without --unique nothing is kept: any shard of any count goes.
        let endless = DatasetSpec {
            slots: shard(u64::MAX, 7, 9).unwrap(),
            ..spec(40, 40, u64::MAX)
        };
        assert_eq!(endless.check(), Ok(()));
    }

    #[test]
    fn impossible_datasets_are_refused_up_front() {
        let bound = |figure, min, max| Bound { figure, min, max };
        let mut crossed = spec(5, 5, 3);
        crossed.bounds = vec![bound(Figure::Solution, Some(9.0), Some(3.0))];
        assert!(matches!(
            crossed.check(),
            Err(DatasetError::BoundsCross { .. })
        ));
        let mut past = spec(3, 3, 3);
        past.bounds = vec![bound(Figure::Solution, Some(9.0), None)];
        assert_eq!(
            past.check().unwrap_err().to_string(),
            "the least solution 9 is more than the 8 a maze of this size has (a path visits \
             each cell once)"
        );
        let mut few = spec(2, 2, 5);
        few.unique = true;
        assert_eq!(
            few.check(),
            Err(DatasetError::TooFewMazes { count: 5, trees: 4 })
        );
        few.count = 4;
        assert!(
            matches!(few.check(), Err(DatasetError::SlotsOutside { .. })),
            "slots 0..5 of 4 mazes"
        );
        few.slots = 0..4;
        assert_eq!(few.check(), Ok(()));
    }
}
