//! Environments for agents: a batch of maze levels stepped together, for reinforcement
//! learning (the Python package wraps it as a Gymnasium environment).
//!
//! A [`Batch`] holds one [`Level`] per environment: a maze's tiles, the agent and the goal.
//! [`Batch::step`] moves every agent one tile (actions 0 east, 1 south, 2 west, 3 north,
//! Minigrid's order; a wall leaves it where it stands) and writes observations, rewards,
//! terminations and truncations into the caller's slices. The reward is Minigrid's, `1 - 0.9 *
//! steps / max_steps` on reaching the goal and 0 otherwise; an episode is truncated after
//! `max_steps` steps.
//!
//! Autoreset is Gymnasium's default, *next step*: the step after an episode ends resets that
//! environment, ignoring its action, and reports its new level's first observation with reward
//! 0, not terminated, not truncated.
//!
//! Levels come from the dataset engine: level `k` handed out since the batch was seeded `s` is
//! maze `k` of the dataset seeded `s` (the maze `mazegen <algorithm> --count N --seed s`
//! writes at index `k`), or the maze of the `k`-th seed of a list, in turn. Resets hand levels
//! out in the order of the environments, so the same seed gives the same episodes, on any
//! number of threads. [`mutate`] edits levels and keeps each goal reachable.
//!
//! ```
//! use mazegen::env::{Batch, EnvConfig, Observation, Outputs};
//! use mazegen::prelude::*;
//!
//! let spec = Maze::builder().algorithm(Backtrack::default()).cells(5, 5).spec()?;
//! let mut batch = Batch::new(EnvConfig::new(spec), 8)?;
//! let mut observations = vec![0; 8 * batch.observation_len()];
//! let (mut rewards, mut terminations, mut truncations) = ([0.0; 8], [false; 8], [false; 8]);
//! batch.reset(Some(7), &mut observations)?;
//! let actions = [0u8; 8];
//! batch.step(&actions, Outputs {
//!     observations: &mut observations,
//!     rewards: &mut rewards,
//!     terminations: &mut terminations,
//!     truncations: &mut truncations,
//! })?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod level;
mod mutate;

pub use level::{AGENT, FLOOR, GOAL, Level, OUTSIDE, WALL};
pub use mutate::{MAX_EDITS, mutate};

use crate::dataset::candidate_seed;
use crate::grid::MazeError;
use crate::maze::{Blank, MazeSpec};
use crate::topology::Shape;
use std::thread;
use thiserror::Error;

/// What an environment refuses.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum EnvError {
    /// The maze spec refused, or a level that could not be made.
    #[error(transparent)]
    Maze(#[from] MazeError),
    /// A shape an observation cannot draw.
    #[error("levels are drawn in tiles: a rectangle or a mask, not {shape}")]
    NotInTiles {
        /// The shape asked for.
        shape: String,
    },
    /// More environments than memory holds.
    #[error("not enough memory for {envs} environments ({bytes} bytes needed)")]
    OutOfMemory {
        /// The environments asked for.
        envs: usize,
        /// The memory they need, in bytes.
        bytes: u64,
    },
    /// A maze too large to index its tiles in 32 bits.
    #[error("a level's tiles are counted in 32 bits: the maze is too large")]
    TooLarge,
    /// An action that is no move.
    #[error(
        "action {action} of environment {env}: expected 0 (east), 1 (south), 2 (west) or 3 (north)"
    )]
    Action {
        /// The environment.
        env: usize,
        /// Its action.
        action: u8,
    },
    /// A given level that cannot be played.
    #[error("level {index}: {reason}")]
    Level {
        /// Its index in the list.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Slices whose lengths do not fit the batch.
    #[error("{what} holds {len} items: expected {expected} for this batch")]
    Length {
        /// Which slice.
        what: &'static str,
        /// Its length.
        len: usize,
        /// The length the batch needs.
        expected: usize,
    },
    /// An empty batch, an empty list of level seeds, no steps, or an even or empty view.
    #[error("{what} {value}: expected {accepted}")]
    Setting {
        /// The setting.
        what: &'static str,
        /// Its value.
        value: u64,
        /// What would be accepted.
        accepted: &'static str,
    },
}

/// What an agent sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Observation {
    /// The whole map as `height x width x 3` bytes, Minigrid's layout with a channel each for
    /// walls (outside a mask too), the goal and the agent, 0 or 1.
    Channels,
    /// The whole map as `height x width` tiles: [`FLOOR`], [`WALL`], [`GOAL`], [`AGENT`] (over
    /// the goal when it stands there) and [`OUTSIDE`].
    Tiles,
    /// The `k x k x 3` channels around the agent (`k` odd), the agent in the middle; beyond
    /// the map is wall.
    View(u32),
}

/// Where levels come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Levels {
    /// The mazes of the dataset seeded by the batch's seed, in order.
    Dataset,
    /// The mazes of these seeds, in turn, from the first again at every seeded reset.
    Seeds(Vec<u64>),
    /// These levels, in turn (mutated ones, say), from the first again at every seeded reset.
    Given(Vec<Level>),
}

/// The options of a batch, settled once.
pub struct EnvConfig {
    /// The mazes levels are made of (rectangles or masks).
    pub spec: MazeSpec,
    /// What the agents see.
    pub observation: Observation,
    /// Steps before an episode is truncated (Minigrid's `4 x width x height` in tiles when
    /// `None`).
    pub max_steps: Option<u32>,
    /// Where levels come from.
    pub levels: Levels,
    /// Threads stepping the batch (1 and up; all the machine's when `None`).
    pub threads: Option<usize>,
}

impl EnvConfig {
    /// Whole-map channels, Minigrid's step limit, levels from the dataset, every thread.
    pub fn new(spec: MazeSpec) -> Self {
        Self {
            spec,
            observation: Observation::Channels,
            max_steps: None,
            levels: Levels::Dataset,
            threads: None,
        }
    }
}

/// Where one step writes, a slot for each environment (`observation_len` bytes each for the
/// observations).
pub struct Outputs<'a> {
    /// The observations, one after another.
    pub observations: &'a mut [u8],
    /// The rewards.
    pub rewards: &'a mut [f32],
    /// Whether the goal was reached.
    pub terminations: &'a mut [bool],
    /// Whether the episode ran out of steps.
    pub truncations: &'a mut [bool],
}

impl<'a> Outputs<'a> {
    /// The outputs of the first `envs` environments and of the rest.
    fn split(self, envs: usize, observation_len: usize) -> (Outputs<'a>, Outputs<'a>) {
        let (o1, o2) = self.observations.split_at_mut(envs * observation_len);
        let (r1, r2) = self.rewards.split_at_mut(envs);
        let (t1, t2) = self.terminations.split_at_mut(envs);
        let (u1, u2) = self.truncations.split_at_mut(envs);
        (
            Outputs {
                observations: o1,
                rewards: r1,
                terminations: t1,
                truncations: u1,
            },
            Outputs {
                observations: o2,
                rewards: r2,
                terminations: t2,
                truncations: u2,
            },
        )
    }
}

/// One environment: its level, the steps taken in this episode, whether the episode ended
/// on the last step, and its observation with the agent left out (drawn once per level).
#[derive(Debug, Clone)]
struct Slot {
    level: Level,
    steps: u32,
    ended: bool,
    backdrop: Vec<u8>,
}

/// What every environment of a batch shares, settled from an [`EnvConfig`].
struct Rules {
    spec: MazeSpec,
    observation: Observation,
    max_steps: u32,
    levels: Levels,
    /// The batch's seed (the dataset's, for [`Levels::Dataset`]).
    seed: u64,
    /// Tiles across and down, the same for every level.
    width: u32,
    height: u32,
}

/// A batch of environments stepped together.
pub struct Batch {
    rules: Rules,
    slots: Vec<Slot>,
    /// How many levels were handed out since the last seeded reset.
    handed: u64,
    threads: usize,
}

/// Environments a thread steps at least: below, threads cost more than they save.
const ENVS_PER_THREAD: usize = 256;

impl Batch {
    /// `envs` environments of `config`, each on an empty level until [`Batch::reset`].
    pub fn new(config: EnvConfig, envs: usize) -> Result<Self, EnvError> {
        config.spec.check()?;
        let shape = match &config.spec.blank {
            Blank::Rect { .. } | Blank::Shape(Shape::Rect(_) | Shape::Masked(_)) => None,
            Blank::Shape(shape) => Some(shape.description()),
        };
        if let Some(shape) = shape {
            return Err(EnvError::NotInTiles { shape });
        }
        if config.spec.finish.unicursal || config.spec.finish.openings {
            // Labyrinths double the tiles; openings lead off the map.
            return Err(EnvError::Setting {
                what: "unicursal or openings",
                value: 1,
                accepted: "levels without them",
            });
        }
        let setting = |what, value: u64, accepted| EnvError::Setting {
            what,
            value,
            accepted,
        };
        if envs == 0 {
            return Err(setting("environments", 0, "at least 1"));
        }
        if let Observation::View(k) = config.observation
            && k % 2 == 0
        {
            return Err(setting("view", k.into(), "an odd number of tiles"));
        }
        if config.max_steps == Some(0) {
            return Err(setting("max_steps", 0, "at least 1"));
        }
        if config.threads == Some(0) {
            return Err(setting("threads", 0, "at least 1"));
        }
        let (cells_x, cells_y) = config.spec.blank.extent();
        let (width, height) = (2 * u64::from(cells_x) + 1, 2 * u64::from(cells_y) + 1);
        if width * height * 3 > u64::from(u32::MAX) {
            return Err(EnvError::TooLarge);
        }
        let (width, height) = (width as u32, height as u32);
        check_levels(&config.levels, width, height)?;
        let max_steps = config.max_steps.unwrap_or(4 * width * height);
        let threads = config
            .threads
            .unwrap_or_else(|| thread::available_parallelism().map_or(1, std::num::NonZero::get));
        let empty = Level {
            width,
            height,
            tiles: vec![WALL; (width * height) as usize],
            agent: 0,
            goal: 0,
            seed: 0,
        };
        let rules = Rules {
            spec: config.spec,
            observation: config.observation,
            max_steps,
            levels: config.levels,
            seed: 0,
            width,
            height,
        };
        let slot = Slot {
            backdrop: rules.backdrop(&empty),
            level: empty,
            steps: 0,
            ended: false,
        };
        let mut batch = Self {
            rules,
            slots: Vec::new(),
            handed: 0,
            threads,
        };
        // Each environment's slot, and its observation in the caller's buffers: refused before
        // any is made when memory would not hold them all.
        let per_env = size_of::<Slot>() + slot.level.tiles.len() + slot.backdrop.len();
        let per_env = per_env.saturating_add(batch.observation_len()) as u64;
        let bytes = per_env.saturating_mul(envs as u64);
        if !crate::grid::grantable(bytes) {
            return Err(EnvError::OutOfMemory { envs, bytes });
        }
        batch.slots = vec![slot; envs];
        Ok(batch)
    }

    /// How many environments.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a batch has at least one environment.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The shape of one observation: `[height, width, 3]`, `[height, width]` or `[k, k, 3]`.
    pub fn observation_shape(&self) -> Vec<usize> {
        let (w, h) = (self.rules.width as usize, self.rules.height as usize);
        match self.rules.observation {
            Observation::Channels => vec![h, w, 3],
            Observation::Tiles => vec![h, w],
            Observation::View(k) => vec![k as usize, k as usize, 3],
        }
    }

    /// The bytes of one observation.
    pub fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// The map's tiles across and down, the same for every level.
    pub fn map_size(&self) -> (u32, u32) {
        (self.rules.width, self.rules.height)
    }

    /// Steps before an episode is truncated.
    pub fn max_steps(&self) -> u32 {
        self.rules.max_steps
    }

    /// The current level of every environment.
    pub fn levels(&self) -> impl ExactSizeIterator<Item = &Level> {
        self.slots.iter().map(|slot| &slot.level)
    }

    /// The steps taken in each environment's episode.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.slots.iter().map(|slot| slot.steps)
    }

    /// Starts a new episode in every environment, on the next levels in environment order,
    /// and writes their first observations. With a `seed`, levels are handed out from the
    /// first again: from the dataset of that seed, or the first of the list.
    pub fn reset(&mut self, seed: Option<u64>, observations: &mut [u8]) -> Result<(), EnvError> {
        let len = self.observation_len();
        check_len("observations", observations.len(), self.len() * len)?;
        if let Some(seed) = seed {
            self.rules.seed = seed;
            self.handed = 0;
        }
        let rules = &self.rules;
        let first = self.handed;
        parallel(
            self.threads,
            &mut self.slots,
            observations,
            len,
            |slots, observations, start| {
                for (i, (slot, out)) in slots
                    .iter_mut()
                    .zip(observations.chunks_mut(len))
                    .enumerate()
                {
                    rules.load(slot, first + (start + i) as u64)?;
                    rules.observe(slot, out);
                }
                Ok(())
            },
        )?;
        self.handed += self.len() as u64;
        Ok(())
    }

    /// Steps every environment by its action and writes what followed into `outputs`; an
    /// environment whose episode ended on the last step is reset instead.
    pub fn step(&mut self, actions: &[u8], outputs: Outputs<'_>) -> Result<(), EnvError> {
        let (envs, len) = (self.len(), self.observation_len());
        check_len("actions", actions.len(), envs)?;
        check_len("observations", outputs.observations.len(), envs * len)?;
        check_len("rewards", outputs.rewards.len(), envs)?;
        check_len("terminations", outputs.terminations.len(), envs)?;
        check_len("truncations", outputs.truncations.len(), envs)?;
        if let Some((env, &action)) = actions.iter().enumerate().find(|(_, a)| **a > 3) {
            return Err(EnvError::Action { env, action });
        }
        // The levels of the resets, handed out in environment order whatever the threads.
        let resets: Vec<u64> = self
            .slots
            .iter()
            .scan(self.handed, |next, slot| {
                let level = *next;
                *next += u64::from(slot.ended);
                Some(level)
            })
            .collect();
        self.handed += self.slots.iter().filter(|slot| slot.ended).count() as u64;
        let rules = &self.rules;
        let threads = self.threads;
        let per = envs.div_ceil(threads.min(envs.div_ceil(ENVS_PER_THREAD)).max(1));
        thread::scope(|scope| -> Result<(), EnvError> {
            let mut rest = outputs;
            let mut handles = Vec::new();
            for (k, slots) in self.slots.chunks_mut(per).enumerate() {
                let (mine, after) = rest.split(slots.len(), len);
                rest = after;
                let start = k * per;
                let (actions, resets) = (&actions[start..], &resets[start..]);
                let work = move || rules.step(slots, actions, resets, mine);
                if k + 1 == envs.div_ceil(per) {
                    work()?;
                } else {
                    handles.push(scope.spawn(work));
                }
            }
            for handle in handles {
                handle.join().expect("a stepping thread panicked")?;
            }
            Ok(())
        })
    }

    /// Hands out `levels` from now on, from their first, at the next resets (a curriculum's
    /// picks, say).
    pub fn set_levels(&mut self, levels: Levels) -> Result<(), EnvError> {
        check_levels(&levels, self.rules.width, self.rules.height)?;
        self.rules.levels = levels;
        self.handed = 0;
        Ok(())
    }

    /// Whether each environment's episode ended on the last step, so that the next step
    /// resets it.
    pub fn ended(&self) -> impl ExactSizeIterator<Item = bool> + '_ {
        self.slots.iter().map(|slot| slot.ended)
    }

    /// Applies up to `edits` edits to each environment's current level ([`mutate`]), seeded
    /// by `seed`, and starts its episode again on the edited level, as a reset does: no steps
    /// taken, the first observations written.
    pub fn mutate(
        &mut self,
        edits: u32,
        seed: u64,
        observations: &mut [u8],
    ) -> Result<(), EnvError> {
        let len = self.observation_len();
        check_len("observations", observations.len(), self.len() * len)?;
        let mut levels: Vec<Level> = self.slots.iter().map(|s| s.level.clone()).collect();
        mutate(&mut levels, edits, seed)?;
        let slots = self.slots.iter_mut().zip(levels);
        for ((slot, level), out) in slots.zip(observations.chunks_mut(len)) {
            self.rules.draw_backdrop(&level, &mut slot.backdrop);
            slot.level = level;
            slot.steps = 0;
            slot.ended = false;
            self.rules.observe(slot, out);
        }
        Ok(())
    }
}

/// Refuses an empty list of levels, or given levels of another size than `width x height`
/// tiles.
fn check_levels(levels: &Levels, width: u32, height: u32) -> Result<(), EnvError> {
    let setting = |what, value: u64, accepted| EnvError::Setting {
        what,
        value,
        accepted,
    };
    match levels {
        Levels::Seeds(seeds) if seeds.is_empty() => {
            Err(setting("level seeds", 0, "at least one seed"))
        }
        Levels::Given(levels) if levels.is_empty() => {
            Err(setting("levels", 0, "at least one level"))
        }
        Levels::Given(levels) => levels.iter().enumerate().try_for_each(|(index, level)| {
            let len = (width * height) as usize;
            let reason =
                if (level.width, level.height) != (width, height) || level.tiles.len() != len {
                    "its tiles are not the spec's width and height"
                } else if level
                    .tiles
                    .iter()
                    .any(|&t| !matches!(t, FLOOR | WALL | OUTSIDE))
                {
                    "a tile is neither floor (0), wall (1) nor outside (4)"
                } else if [level.agent, level.goal].iter().any(|&t| t as usize >= len) {
                    "its agent or goal is off the map"
                } else if [level.agent, level.goal]
                    .iter()
                    .any(|&t| level.tiles[t as usize] != FLOOR)
                {
                    "its agent or goal is not on a floor tile"
                } else {
                    return Ok(());
                };
            Err(EnvError::Level { index, reason })
        }),
        _ => Ok(()),
    }
}

/// Refuses a slice of `len` items where `expected` are needed.
fn check_len(what: &'static str, len: usize, expected: usize) -> Result<(), EnvError> {
    match len == expected {
        true => Ok(()),
        false => Err(EnvError::Length {
            what,
            len,
            expected,
        }),
    }
}

/// Runs `work` over `slots` and their observations split among `threads` (each part with the
/// index of its first environment).
fn parallel<F>(
    threads: usize,
    slots: &mut [Slot],
    observations: &mut [u8],
    len: usize,
    work: F,
) -> Result<(), EnvError>
where
    F: Fn(&mut [Slot], &mut [u8], usize) -> Result<(), EnvError> + Sync,
{
    let per = slots.len().div_ceil(threads.max(1)).max(1);
    let work = &work;
    thread::scope(|scope| -> Result<(), EnvError> {
        let mut parts = slots
            .chunks_mut(per)
            .zip(observations.chunks_mut(per * len))
            .enumerate();
        // The first part on this thread, the others on threads of their own.
        let first = parts.next();
        let handles: Vec<_> = parts
            .map(|(k, (slots, observations))| {
                scope.spawn(move || work(slots, observations, k * per))
            })
            .collect();
        if let Some((_, (slots, observations))) = first {
            work(slots, observations, 0)?;
        }
        handles
            .into_iter()
            .try_for_each(|handle| handle.join().expect("a level-making thread panicked"))
    })
}

impl Rules {
    /// Puts level number `k` (handed out since the last seeded reset) into `slot`.
    fn load(&self, slot: &mut Slot, k: u64) -> Result<(), EnvError> {
        let level = match &self.levels {
            Levels::Dataset => self.made(candidate_seed(self.seed, k, 0))?,
            Levels::Seeds(seeds) => self.made(seeds[(k % seeds.len() as u64) as usize])?,
            Levels::Given(levels) => levels[(k % levels.len() as u64) as usize].clone(),
        };
        self.draw_backdrop(&level, &mut slot.backdrop);
        slot.level = level;
        slot.steps = 0;
        slot.ended = false;
        Ok(())
    }

    /// The level of the maze of `seed`.
    fn made(&self, seed: u64) -> Result<Level, EnvError> {
        Level::of_maze(&self.spec.make(seed)?)
    }

    /// The observation of `level` without its agent (empty for a view, drawn at every step).
    fn backdrop(&self, level: &Level) -> Vec<u8> {
        let mut backdrop = Vec::new();
        self.draw_backdrop(level, &mut backdrop);
        backdrop
    }

    /// Draws the observation of `level` without its agent into `backdrop`.
    fn draw_backdrop(&self, level: &Level, backdrop: &mut Vec<u8>) {
        backdrop.clear();
        match self.observation {
            Observation::Channels => {
                backdrop.resize(3 * level.tiles.len(), 0);
                for (pixel, &tile) in backdrop.chunks_exact_mut(3).zip(&level.tiles) {
                    pixel[0] = u8::from(tile != FLOOR);
                }
                backdrop[3 * level.goal as usize + 1] = 1;
            }
            Observation::Tiles => {
                backdrop.extend_from_slice(&level.tiles);
                backdrop[level.goal as usize] = GOAL;
            }
            Observation::View(_) => {}
        }
    }

    /// Writes what the agent of `slot` sees into `out`.
    #[inline(always)]
    fn observe(&self, slot: &Slot, out: &mut [u8]) {
        let agent = slot.level.agent as usize;
        match self.observation {
            Observation::Channels => {
                out.copy_from_slice(&slot.backdrop);
                out[3 * agent + 2] = 1;
            }
            Observation::Tiles => {
                out.copy_from_slice(&slot.backdrop);
                out[agent] = AGENT;
            }
            Observation::View(k) => view(&slot.level, k, out),
        }
    }

    /// Steps the environments of `slots` (`actions`, `resets` and `out` start with theirs).
    fn step(
        &self,
        slots: &mut [Slot],
        actions: &[u8],
        resets: &[u64],
        out: Outputs<'_>,
    ) -> Result<(), EnvError> {
        let len = out.observations.len() / slots.len().max(1);
        let cells = slots
            .iter_mut()
            .zip(out.observations.chunks_mut(len))
            .zip(out.rewards.iter_mut())
            .zip(out.terminations.iter_mut().zip(out.truncations.iter_mut()));
        for (i, (((slot, observation), reward), (terminated, truncated))) in cells.enumerate() {
            if slot.ended {
                self.load(slot, resets[i])?;
                *reward = 0.0;
                (*terminated, *truncated) = (false, false);
            } else {
                let level = &mut slot.level;
                if let Some(to) = level.beside(level.agent, actions[i])
                    && level.tiles[to as usize] == FLOOR
                {
                    level.agent = to;
                }
                slot.steps += 1;
                *terminated = level.agent == level.goal;
                *truncated = !*terminated && slot.steps >= self.max_steps;
                *reward = match *terminated {
                    // Minigrid's sum, in doubles as Python has it.
                    true => {
                        (1.0 - 0.9 * (f64::from(slot.steps) / f64::from(self.max_steps))) as f32
                    }
                    false => 0.0,
                };
                slot.ended = *terminated || *truncated;
            }
            self.observe(slot, observation);
        }
        Ok(())
    }
}

/// Draws the `k x k` channels around the agent of `level` into `out`.
fn view(level: &Level, k: u32, out: &mut [u8]) {
    let half = i64::from(k / 2);
    let (ax, ay) = (
        i64::from(level.agent % level.width),
        i64::from(level.agent / level.width),
    );
    for (j, row) in out.chunks_mut(3 * k as usize).enumerate() {
        let y = ay - half + j as i64;
        for (i, pixel) in row.chunks_mut(3).enumerate() {
            let x = ax - half + i as i64;
            let inside = (0..i64::from(level.width)).contains(&x)
                && (0..i64::from(level.height)).contains(&y);
            let tile = (y * i64::from(level.width) + x) as u32;
            let wall = !inside || level.tiles[tile as usize] != FLOOR;
            pixel.copy_from_slice(&[
                u8::from(wall),
                u8::from(inside && tile == level.goal),
                u8::from(inside && tile == level.agent),
            ]);
        }
    }
}

#[cfg(test)]
mod tests;
