//! Mutations of levels for curricula (ACCEL's edits, as JaxUED makes them: flip a wall, move
//! the goal, move the agent) that keep every goal reachable.

use super::EnvError;
use super::level::{FLOOR, Level, WALL};
use crate::rng::{MazeRng, rng_for_stream, uniform};

/// The most edits a level takes in one call: ACCEL makes a handful a level, and each edit
/// searches the level once, so that four billion would take hours.
pub const MAX_EDITS: u32 = 1 << 16;

/// Tries at a wall to flip before an edit is given up: a flip that would cut the agent off
/// from the goal is undone and another tile drawn.
const FLIP_TRIES: u32 = 8;

/// Applies up to `edits` random edits to each of `levels`, seeded by `seed` (level `i` from
/// its own stream, so a level's edits do not depend on the others). Each edit is drawn
/// uniformly from:
///
/// - flip a wall: an inner tile (neither the agent's nor the goal's, nor outside a mask)
///   becomes floor if it was wall, wall if it was floor; a wall that would cut the agent off
///   from the goal is taken back and another tile drawn (up to 8 times, then the edit is
///   skipped);
/// - move the goal to a floor tile the agent can reach;
/// - move the agent to a floor tile from which it can reach the goal.
///
/// A level whose goal was reachable keeps it reachable. More than [`MAX_EDITS`] edits are
/// refused, changing nothing.
pub fn mutate(levels: &mut [Level], edits: u32, seed: u64) -> Result<(), EnvError> {
    if edits > MAX_EDITS {
        return Err(EnvError::Setting {
            what: "edits",
            value: edits.into(),
            accepted: "at most 65536 a level",
        });
    }
    for (i, level) in levels.iter_mut().enumerate() {
        let mut rng = rng_for_stream(seed, i as u64);
        for _ in 0..edits {
            match uniform(&mut rng, 0..3u32) {
                0 => flip_wall(level, &mut rng),
                1 => level.goal = reached_tile(level, level.agent, &mut rng).unwrap_or(level.goal),
                _ => {
                    level.agent = reached_tile(level, level.goal, &mut rng).unwrap_or(level.agent);
                }
            }
        }
    }
    Ok(())
}

/// Flips an inner tile of `level` between wall and floor, unless it would cut the agent off
/// from the goal.
fn flip_wall(level: &mut Level, rng: &mut MazeRng) {
    if level.width < 3 || level.height < 3 {
        return;
    }
    for _ in 0..FLIP_TRIES {
        let x = uniform(rng, 1..level.width - 1);
        let y = uniform(rng, 1..level.height - 1);
        let tile = y * level.width + x;
        let was = level.tiles[tile as usize];
        if tile == level.agent || tile == level.goal || !matches!(was, FLOOR | WALL) {
            continue;
        }
        level.tiles[tile as usize] = if was == WALL { FLOOR } else { WALL };
        if was == WALL || level.shortest().is_some() {
            return;
        }
        level.tiles[tile as usize] = was;
    }
}

/// A floor tile drawn uniformly from those joined to `from` (but `from` itself), if any.
fn reached_tile(level: &Level, from: u32, rng: &mut MazeRng) -> Option<u32> {
    let distances = level.distances(from);
    let joined: Vec<u32> = (0..distances.len() as u32)
        .filter(|&t| t != from && distances[t as usize] != u32::MAX)
        .collect();
    (!joined.is_empty()).then(|| joined[uniform(rng, 0..joined.len())])
}
