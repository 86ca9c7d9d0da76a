//! Steps 1 and 2 of a cave: the random fill and the cellular automaton that smooths it.

use super::Rule;
use crate::rng::{MazeRng, bernoulli};

/// A rock tile in the automaton's bytes (open tiles are 0).
pub(super) const ROCK: u8 = 1;

/// Step 1: a `width x height` map, a byte a tile row by row, its border rock and every other
/// tile rock with probability `fill`.
pub(super) fn fill(width: u32, height: u32, fill: f64, rng: &mut MazeRng) -> Vec<u8> {
    let (w, h) = (width as usize, height as usize);
    let mut rock = vec![ROCK; w * h];
    for y in 1..h.saturating_sub(1) {
        for tile in &mut rock[y * w + 1..(y + 1) * w - 1] {
            *tile = u8::from(bernoulli(rng, fill));
        }
    }
    rock
}

/// Step 2, once: every tile counts the rock among its eight neighbours (outside the map counts
/// as rock) and is rock next if it is rock and `rule` lets that count survive, or open and the
/// count is one `rule` gives birth at. The border stays rock. Writes into `next`.
pub(super) fn step(rock: &[u8], width: u32, rule: Rule, next: &mut [u8]) {
    let w = width as usize;
    let h = rock.len() / w;
    // Rock in each column of the three rows around the current one; columns outside count 3.
    let mut columns = vec![0u8; w + 2];
    for y in 0..h {
        columns[0] = 3;
        columns[w + 1] = 3;
        for x in 0..w {
            let at = |row: Option<usize>| row.filter(|&r| r < h).map_or(ROCK, |r| rock[r * w + x]);
            columns[x + 1] = at(y.checked_sub(1)) + rock[y * w + x] + at(Some(y + 1));
        }
        for x in 0..w {
            let here = rock[y * w + x];
            let neighbours = columns[x] + columns[x + 1] + columns[x + 2] - here;
            let border = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            next[y * w + x] = u8::from(border || rule.rock_next(here == ROCK, neighbours));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    #[test]
    fn the_fill_keeps_the_border_rock_and_fills_about_its_share() {
        let rock = fill(200, 100, 0.45, &mut rng_from_seed(1));
        let border = (0..200)
            .flat_map(|x| [x, 99 * 200 + x])
            .chain((0..100).flat_map(|y| [y * 200, y * 200 + 199]));
        assert!(border.into_iter().all(|at| rock[at] == ROCK));
        let share = rock.iter().map(|&r| f64::from(r)).sum::<f64>() / rock.len() as f64;
        // 0.45 inside, 1 on the border's 596 of 20000 tiles.
        assert!(
            (share - (0.45 + 0.55 * 596.0 / 20000.0)).abs() < 0.01,
            "{share}"
        );
    }

    #[test]
    fn a_step_follows_the_rule() {
        // The 4-5 rule: a lone open tile in rock fills, a lone rock in the open erodes.
        let rule = Rule::parse("B5678/S45678").unwrap();
        let w = 7;
        let mut rock = vec![ROCK; 7 * 7];
        for y in 1..6 {
            rock[y * w + 1..y * w + 6].fill(0);
        }
        rock[3 * w + 3] = ROCK; // a lone rock in a 5x5 hall: 0 rock neighbours
        let mut next = vec![0; rock.len()];
        step(&rock, w as u32, rule, &mut next);
        assert_eq!(next[3 * w + 3], 0, "a lone rock erodes");
        assert_eq!(
            next[w + 1],
            ROCK,
            "a hall corner has 5 rock neighbours and fills"
        );
        assert_eq!(next[w + 3], 0, "a tile along the wall has 3 and stays open");
        assert!((0..7).all(|x| next[x] == ROCK && next[6 * w + x] == ROCK));
    }
}
