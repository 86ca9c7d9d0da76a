//! The dataset engine: the mazes of a [`DatasetSpec`] made in parallel, a batch at a time,
//! and handed back in index order, so that they are the same for every number of threads
//! and memory does not grow with the count.
//!
//! Each maze is one [`Run::make`]: generated from its own seed, finished, measured against
//! the bounds (the next candidate seed on a miss), then passed to the caller's `each` on the
//! thread that made it (to render it there, say). `unique` is settled in index order, as the
//! mazes are handed back.

use super::{DatasetError, DatasetSpec, candidate_seed, maze_hash};
use crate::Maze;
use crate::analysis::Difficulty;
use crate::grid::{MazeError, Part};
use crate::maze::{Params, params_of};
use std::collections::{HashSet, VecDeque};
use std::io;
use std::ops::Range;
use std::thread;

/// Candidates in a row a bound may reject, for one maze, before the run gives up.
pub const BOUND_PATIENCE: u64 = 1000;

/// Repeats in a row `unique` may meet, for one maze, before the run gives up. A maze that is
/// still missing among 16 or more has a chance below (15/16)^10000 of being missed this often.
pub const UNIQUE_PATIENCE: u64 = 10_000;

/// The most mazes made in one batch: 1024 mazes of 10x10 cells run 10% faster than 4096, whose
/// buffers go back to the system and fault in again.
pub const BATCH_MAZES: u64 = 1024;

/// One maze of a dataset, handed back by [`Run`].
#[derive(Debug, Clone, PartialEq)]
pub struct Made<T> {
    /// Its index in the dataset.
    pub index: u64,
    /// Its own seed: making the spec's maze from it alone gives it again.
    pub seed: u64,
    /// Which candidate of its index it is (0 unless bounds or `unique` rejected some).
    pub attempt: u64,
    /// What the caller's `each` made of it.
    pub value: T,
}

/// A maze made on a thread: its candidate, its passages' hash (for `unique`) and the caller's
/// value, for a maze in the spec's slots.
struct Piece<T> {
    attempt: u64,
    seed: u64,
    hash: u128,
    value: Option<T>,
}

impl DatasetSpec {
    /// The mazes of the spec's slots in index order, as an iterator of [`Made`] values, each
    /// `each(maze)` run on the thread that made the maze. Check the spec first
    /// ([`DatasetSpec::check`]): an unchecked one may fail late.
    ///
    /// ```
    /// use mazegen::{DatasetSpec, Maze, algorithms::Prim};
    ///
    /// let maze = Maze::builder().algorithm(Prim::default()).cells(4, 4).solve().spec()?;
    /// let mut spec = DatasetSpec::new(maze, 7, 50);
    /// spec.unique = true;
    /// spec.check()?;
    /// let lengths: Vec<usize> = spec
    ///     .run(|maze| Ok::<_, mazegen::Error>(maze.solution().unwrap().len()))
    ///     .map(|made| made.map(|made| made.value))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(lengths.len(), 50);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn run<T, E>(
        &self,
        each: impl Fn(Maze) -> Result<T, E> + Sync,
    ) -> PlainRun<'_, T, E, impl Fn(&mut (), Maze) -> Result<T, E> + Sync>
    where
        T: Send,
        E: From<DatasetError> + Send,
    {
        let init: fn() = || ();
        self.run_with(init, move |(), maze| each(maze))
    }

    /// [`DatasetSpec::run`], where `each(state, maze)` also has a state of its thread, made by
    /// `init` when the thread starts a batch (buffers to reuse, say).
    pub fn run_with<S, T, E, I, F>(&self, init: I, each: F) -> Run<'_, T, E, I, F>
    where
        T: Send,
        E: From<DatasetError> + Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, Maze) -> Result<T, E> + Sync,
    {
        let first = if self.unique { 0 } else { self.slots.start };
        Run {
            maker: Maker {
                spec: self,
                params: params_of(self.maze.generator.as_ref()),
                init,
                each,
                keep: None,
            },
            batch: BATCH_MAZES.max(self.jobs as u64),
            next: first,
            ready: VecDeque::new(),
            taken: HashSet::new(),
            made: 0,
            done: false,
        }
    }
}

/// A [`Run`] whose `each` keeps no state ([`DatasetSpec::run`]).
pub type PlainRun<'a, T, E, F> = Run<'a, T, E, fn(), F>;

/// The mazes of a [`DatasetSpec`], made a batch at a time ([`DatasetSpec::run`]).
pub struct Run<'a, T, E, I, F> {
    maker: Maker<'a, I, F>,
    batch: u64,
    /// The first index not yet made.
    next: u64,
    /// Made and waiting to be handed back, in index order.
    ready: VecDeque<(u64, Result<Piece<T>, E>)>,
    /// The passages' hashes of the mazes kept, for `unique`.
    taken: HashSet<u128>,
    made: u64,
    done: bool,
}

/// A test every maze of a run must pass ([`Run::keep`]).
pub type Keep<'a> = &'a (dyn Fn(&Maze) -> bool + Sync);

/// What the threads share: the spec, a thread's state, what to do with each maze, and the
/// caller's test of each.
struct Maker<'a, I, F> {
    spec: &'a DatasetSpec,
    /// The mazes' options, built once for them all.
    params: Params,
    init: I,
    each: F,
    keep: Option<Keep<'a>>,
}

impl<'a, T, E, S, I, F> Run<'a, T, E, I, F>
where
    T: Send,
    E: From<DatasetError> + Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, Maze) -> Result<T, E> + Sync,
{
    /// Makes about `mazes` before handing any back: at least the spec's jobs, and at most
    /// [`BATCH_MAZES`] unless the jobs are more. Fewer keep memory down when each value is
    /// large.
    pub fn batch(mut self, mazes: u64) -> Self {
        let jobs = self.maker.spec.jobs as u64;
        self.batch = mazes.clamp(jobs, BATCH_MAZES.max(jobs)).max(1);
        self
    }

    /// Keeps only the mazes that pass `keep` (after the bounds): a candidate it refuses gives
    /// way to the next candidate of its index, as one outside the bounds does. A suite keeps a
    /// split's mazes apart from the splits before it so. `keep` must depend on the maze alone.
    pub fn keep(mut self, keep: Keep<'a>) -> Self {
        self.maker.keep = Some(keep);
        self
    }

    /// Mazes made and settled so far, those before the slots that `unique` must see included.
    pub fn made(&self) -> u64 {
        self.made
    }

    /// Makes the mazes of `range` on the spec's threads, each taking every `jobs`-th index,
    /// and queues them in index order.
    fn make_batch(&mut self, range: Range<u64>) -> Result<(), E> {
        let len = (range.end - range.start) as usize;
        let jobs = self.maker.spec.jobs.min(len).max(1);
        let maker = &self.maker;
        let first = range.start;
        let stride = |t: usize| {
            move || -> Vec<(u64, Result<Piece<T>, E>)> {
                let mut state = (maker.init)();
                // Offsets within the batch, which cannot overflow as indices near
                // u64::MAX would when stepped past the end.
                let indices = (t..len).step_by(jobs).map(|k| first + k as u64);
                let made = |index| (index, maker.make(&mut state, index, 0));
                indices.map(made).collect()
            }
        };
        let strides = thread::scope(|scope| -> Result<Vec<_>, DatasetError> {
            let others: Vec<_> = (1..jobs)
                .map(|t| thread::Builder::new().spawn_scoped(scope, stride(t)))
                .collect::<io::Result<_>>()
                .map_err(|error| DatasetError::NoThreads {
                    jobs,
                    reason: error.to_string(),
                })?;
            let mut strides = vec![stride(0)().into_iter()];
            for other in others {
                let made = other
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                strides.push(made.into_iter());
            }
            Ok(strides)
        });
        let mut strides = strides?;
        for k in 0..len {
            let piece = strides[k % jobs].next();
            self.ready
                .push_back(piece.expect("each stride holds its share"));
        }
        Ok(())
    }

    /// The next maze in index order, settling `unique` (making later candidates of a repeat
    /// here, in order).
    fn next_made(&mut self) -> Option<Result<Made<T>, E>> {
        loop {
            let Some((index, piece)) = self.ready.pop_front() else {
                let end = self.maker.spec.slots.end;
                if self.next >= end {
                    return None;
                }
                let range = self.next..end.min(self.next.saturating_add(self.batch));
                self.next = range.end;
                if let Err(error) = self.make_batch(range) {
                    return Some(Err(error));
                }
                continue;
            };
            let mut piece = match piece {
                Ok(piece) => piece,
                Err(error) => return Some(Err(error)),
            };
            if self.maker.spec.unique {
                let mut repeats = 0;
                while !self.taken.insert(piece.hash) {
                    repeats += 1;
                    if repeats == UNIQUE_PATIENCE {
                        let found = self.taken.len() as u64;
                        let error = DatasetError::TooFewDistinct { found, repeats };
                        return Some(Err(error.into()));
                    }
                    let mut state = (self.maker.init)();
                    piece = match self.maker.make(&mut state, index, piece.attempt + 1) {
                        Ok(piece) => piece,
                        Err(error) => return Some(Err(error)),
                    };
                }
            }
            self.made += 1;
            if let Some(value) = piece.value {
                return Some(Ok(Made {
                    index,
                    seed: piece.seed,
                    attempt: piece.attempt,
                    value,
                }));
            }
        }
    }
}

impl<I, F> Maker<'_, I, F> {
    /// Makes maze `index` from its candidates `first_attempt`, `first_attempt + 1`, ...: the
    /// first within the bounds that the run's test keeps (if it has one, [`Run::keep`]),
    /// passed to `each` if it is in the slots.
    fn make<S, T, E>(&self, state: &mut S, index: u64, first_attempt: u64) -> Result<Piece<T>, E>
    where
        E: From<DatasetError>,
        F: Fn(&mut S, Maze) -> Result<T, E>,
    {
        let spec = self.spec;
        let (mut from, mut refused) = (first_attempt, 0);
        let (attempt, seed, maze) = loop {
            let (attempt, seed, maze) = spec.candidate_within(index, from, &self.params)?;
            match self.keep {
                Some(keep) if !keep(&maze) => {
                    refused += 1;
                    if refused == UNIQUE_PATIENCE {
                        let error = DatasetError::Refused {
                            index,
                            tries: refused,
                        };
                        return Err(error.into());
                    }
                    from = attempt + 1;
                }
                _ => break (attempt, seed, maze),
            }
        };
        let hash = match spec.unique {
            false => 0,
            true => maze_hash(&maze),
        };
        let value = match spec.slots.contains(&index) {
            true => Some((self.each)(state, maze)?),
            false => None,
        };
        Ok(Piece {
            attempt,
            seed,
            hash,
            value,
        })
    }
}

impl DatasetSpec {
    /// Maze `index` of a run that is not `unique`, as [`DatasetSpec::run`] makes it: the first
    /// of its candidates within the bounds, with the seed it was made from.
    pub fn kept(&self, index: u64) -> Result<(u64, Maze), DatasetError> {
        self.kept_sharing(index, &params_of(self.maze.generator.as_ref()))
    }

    /// [`DatasetSpec::kept`], the maze's options `params` shared with the others.
    pub(crate) fn kept_sharing(
        &self,
        index: u64,
        params: &Params,
    ) -> Result<(u64, Maze), DatasetError> {
        let (_, seed, maze) = self.candidate_within(index, 0, params)?;
        Ok((seed, maze))
    }

    /// The first candidate of maze `index` from `first_attempt` on within the bounds: its
    /// attempt, seed and maze, its options `params`.
    fn candidate_within(
        &self,
        index: u64,
        first_attempt: u64,
        params: &Params,
    ) -> Result<(u64, u64, Maze), DatasetError> {
        let mut closest: Option<(f64, Difficulty)> = None;
        for attempt in first_attempt.. {
            let seed = if self.single && index == 0 && attempt == 0 {
                self.seed
            } else {
                candidate_seed(self.seed, index, attempt)
            };
            let maze = match self.maze.make_sharing(seed, params) {
                // A maze whose cells lie too close for its random endpoints gives way to the
                // next candidate, as one outside the bounds does.
                Err(error) if no_ends_apart(&error) => {
                    if attempt + 1 - first_attempt == BOUND_PATIENCE {
                        return Err(error.into());
                    }
                    continue;
                }
                made => made?,
            };
            if !self.bounds.is_empty() {
                let difficulty = Difficulty::of(&maze)?;
                let miss: f64 = self.bounds.iter().map(|b| b.miss(&difficulty)).sum();
                if miss > 0.0 {
                    if closest.is_none_or(|(best, _)| miss < best) {
                        closest = Some((miss, difficulty));
                    }
                    let tries = attempt + 1 - first_attempt;
                    if tries == BOUND_PATIENCE {
                        let closest = closest.expect("recorded above").1;
                        return Err(DatasetError::BoundsMissed {
                            index,
                            tries,
                            closest,
                        });
                    }
                    continue;
                }
            }
            return Ok((attempt, seed, maze));
        }
        unreachable!("the attempts run until one is kept or the run gives up")
    }

    /// Runs `work(state, block)` for every one of `blocks` on the spec's threads (the calling
    /// thread one of them), each thread taking the next block not yet taken when it is free,
    /// with a state `init` made once a thread; the results in the blocks' order. The first
    /// error (in the blocks' order) is returned, once every thread has stopped.
    ///
    /// Blocks of output rows handed out so fill a dataset's arrays in place, the same for any
    /// number of threads: a block's maze indices, not its thread, decide what it holds.
    pub fn share<B, R, S, E>(
        &self,
        blocks: Vec<B>,
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, B) -> Result<R, E> + Sync,
    ) -> Result<Vec<R>, E>
    where
        B: Send,
        R: Send,
        E: From<DatasetError> + Send,
    {
        let count = blocks.len();
        let jobs = self.jobs.min(count).max(1);
        let queue = std::sync::Mutex::new(blocks.into_iter().enumerate());
        let failed = std::sync::atomic::AtomicBool::new(false);
        let worker = || {
            let mut state = init();
            let mut done = Vec::new();
            loop {
                if failed.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                let next = queue.lock().unwrap_or_else(|p| p.into_inner()).next();
                let Some((k, block)) = next else { break };
                let result = work(&mut state, block);
                if result.is_err() {
                    failed.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                done.push((k, result));
            }
            done
        };
        let all = thread::scope(|scope| -> Result<Vec<_>, DatasetError> {
            let others: Vec<_> = (1..jobs)
                .map(|_| thread::Builder::new().spawn_scoped(scope, worker))
                .collect::<io::Result<_>>()
                .map_err(|error| DatasetError::NoThreads {
                    jobs,
                    reason: error.to_string(),
                })?;
            let mut all = worker();
            for other in others {
                let done = other
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                all.extend(done);
            }
            Ok(all)
        })?;
        let mut slots: Vec<Option<Result<R, E>>> = (0..count).map(|_| None).collect();
        for (k, result) in all {
            slots[k] = Some(result);
        }
        // After an error the blocks no thread took are missing: the error comes first.
        slots.into_iter().map_while(|slot| slot).collect()
    }
}

/// Whether `error` says a maze had no two cells as far apart as its random endpoints must be.
fn no_ends_apart(error: &MazeError) -> bool {
    matches!(error, MazeError::Refused { part: Part::RandomEnds(_), error }
        if matches!(**error, MazeError::NoEndsApart { .. }))
}

impl<T, E, S, I, F> Iterator for Run<'_, T, E, I, F>
where
    T: Send,
    E: From<DatasetError> + Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, Maze) -> Result<T, E> + Sync,
{
    type Item = Result<Made<T>, E>;

    /// The next maze in index order; after an error, none.
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_made();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::{Backtrack, Wilson};
    use crate::dataset::{Bound, shard};
    use crate::maze::{Blank, Finish, MazeSpec};
    use crate::topology::{Hex, Shape};

    fn spec(blank: Blank, count: u64, jobs: usize) -> DatasetSpec {
        DatasetSpec {
            maze: MazeSpec {
                generator: Box::new(Wilson),
                blank,
                finish: Finish {
                    solve: true,
                    ..Finish::default()
                },
            },
            seed: 5,
            count,
            slots: 0..count,
            single: false,
            jobs,
            unique: false,
            bounds: Vec::new(),
        }
    }

    fn mazes(spec: &DatasetSpec, batch: u64) -> Vec<Made<Maze>> {
        spec.run(Ok::<_, DatasetError>)
            .batch(batch)
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn the_last_indices_of_the_largest_dataset_are_made_too() {
        let rect = Blank::Rect {
            width: 3,
            height: 2,
        };
        for jobs in [1, 2, 3] {
            let mut spec = spec(rect.clone(), u64::MAX, jobs);
            spec.slots = u64::MAX - 7..u64::MAX;
            let indices: Vec<u64> = mazes(&spec, 4).iter().map(|made| made.index).collect();
            assert_eq!(indices, (u64::MAX - 7..u64::MAX).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_mazes_do_not_depend_on_jobs_batches_or_shards() {
        let hex = Blank::Shape(Shape::Hex(Hex::new(4, 3).unwrap()));
        for blank in [
            Blank::Rect {
                width: 5,
                height: 4,
            },
            hex,
        ] {
            let mut one = spec(blank.clone(), 40, 1);
            one.unique = true;
            let all = mazes(&one, 1024);
            assert_eq!(all.len(), 40);
            for (i, made) in all.iter().enumerate() {
                assert_eq!(made.index, i as u64);
                assert_eq!(made.value, one.maze.make(made.seed).unwrap());
            }
            let hashes: HashSet<u128> = all.iter().map(|m| maze_hash(&m.value)).collect();
            assert_eq!(hashes.len(), 40, "unique mazes are all different");
            let mut three = spec(blank, 40, 3);
            three.unique = true;
            assert_eq!(mazes(&three, 7), all);
            three.slots = shard(40, 2, 3).unwrap();
            assert_eq!(mazes(&three, 5), all[13..26]);
        }
    }

    #[test]
    fn bounds_keep_only_mazes_within_them() {
        let mut bounded = spec(
            Blank::Rect {
                width: 6,
                height: 6,
            },
            20,
            2,
        );
        bounded.maze.generator = Box::new(Backtrack::default());
        let bound = Bound {
            figure: crate::analysis::Figure::Solution,
            min: Some(25.0),
            max: None,
        };
        bounded.bounds = vec![bound];
        for made in mazes(&bounded, 1024) {
            let difficulty = Difficulty::of(&made.value).unwrap();
            assert!(difficulty.solution_length >= 25, "{difficulty:?}");
        }
    }

    #[test]
    fn bounds_never_met_end_the_run_with_the_closest_candidate() {
        let mut never = spec(
            Blank::Rect {
                width: 3,
                height: 3,
            },
            2,
            2,
        );
        never.bounds = vec![Bound {
            figure: crate::analysis::Figure::Solution,
            min: Some(8.5),
            max: None,
        }];
        let error = never
            .run(Ok::<_, DatasetError>)
            .find_map(Result::err)
            .unwrap();
        assert!(matches!(
            error,
            DatasetError::BoundsMissed {
                index: 0,
                tries: BOUND_PATIENCE,
                ..
            }
        ));
    }

    #[test]
    fn a_maze_without_cells_far_enough_apart_gives_way_to_the_next_candidate() {
        let mut far = spec(
            Blank::Rect {
                width: 3,
                height: 3,
            },
            60,
            2,
        );
        // 8 steps apart: only a maze that is one path through all 9 cells has such ends.
        far.maze.finish.random_ends = Some(8);
        let made = mazes(&far, 1024);
        assert_eq!(made.len(), 60);
        assert!(made.iter().any(|made| made.attempt > 0));
        for made in &made {
            assert_eq!(made.value.solution().unwrap().len(), 9);
            assert_eq!(made.value, far.maze.make(made.seed).unwrap());
        }
        let one = mazes(&DatasetSpec { jobs: 1, ..far }, 7);
        assert_eq!(one, made);
    }
}
