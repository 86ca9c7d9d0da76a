//! Braiding: removing dead ends by opening walls, which adds loops to a perfect maze.

use crate::grid::{Result, empty_vec};
use crate::rng::{MazeRng, bernoulli, choose, shuffle};
use crate::topology::Topology;

/// Removes each dead end of a maze of shape `topology` with probability `probability` (0 to
/// 1) by opening one of its walls, and returns how many walls were opened.
///
/// Dead ends are visited in a random order. A dead end that an earlier opening already joined
/// is skipped. The wall to open is chosen among those leading to another dead end when there are
/// any (removing two dead ends at once), otherwise among all its inner walls. With probability 1
/// no dead end survives, except cells with a single neighbour (the ends of a 1-cell-wide strip,
/// a notch of a mask), which have no wall to open.
///
/// The list of dead ends (room for 4 bytes a cell) is reserved first:
/// [`crate::grid::MazeError::OutOfMemory`] if the machine refuses it.
///
/// # Panics
/// If `probability` is not within 0 to 1.
pub fn braid<T: Topology>(topology: &mut T, probability: f64, rng: &mut MazeRng) -> Result<u64> {
    assert!(
        (0.0..=1.0).contains(&probability),
        "braid probability {probability} is outside 0 to 1"
    );
    let (width, height) = topology.extent();
    // Room for every cell, untouched past the dead ends: one pass instead of a count first.
    let mut dead_ends: Vec<u32> = empty_vec(width, height, topology.slots())?;
    dead_ends.extend(
        (0..topology.slots())
            .filter(|&i| topology.is_cell(i) && topology.degree(i) == 1)
            .map(|i| i as u32),
    );
    shuffle(rng, &mut dead_ends);
    let mut opened = 0;
    for i in dead_ends {
        let i = i as usize;
        if topology.degree(i) != 1 || !bernoulli(rng, probability) {
            continue;
        }
        let cursor = topology.cursor(i);
        let walls: Vec<(usize, usize)> = (0..T::SIDES)
            .filter(|&side| !topology.is_open(i, side))
            .filter_map(|side| Some((side, topology.neighbour(&cursor, side)?)))
            .collect();
        let to_dead_ends: Vec<usize> = walls
            .iter()
            .filter(|&&(_, n)| topology.degree(n) == 1)
            .map(|&(side, _)| side)
            .collect();
        let all: Vec<usize> = walls.iter().map(|&(side, _)| side).collect();
        let choices = if to_dead_ends.is_empty() {
            &all
        } else {
            &to_dead_ends
        };
        if let Some(&side) = choose(rng, choices) {
            topology.carve(i, side);
            opened += 1;
        }
    }
    Ok(opened)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;
    use crate::algorithms::Backtrack;
    use crate::grid::Grid;
    use crate::rng::rng_from_seed;
    use crate::topology::check_perfect;

    fn dead_ends(grid: &Grid) -> usize {
        (0..grid.cell_count())
            .filter(|&i| grid.degree(grid.pos(i)) == 1)
            .count()
    }

    fn maze(w: u32, h: u32, seed: u64) -> Grid {
        Maze::builder()
            .algorithm(Backtrack::default())
            .cells(w, h)
            .seed(seed)
            .build()
            .unwrap()
            .grid()
            .unwrap()
            .clone()
    }

    #[test]
    fn full_braid_removes_every_dead_end() {
        for (w, h) in [(2, 2), (10, 7), (31, 31)] {
            for seed in 0..20 {
                let mut grid = maze(w, h, seed);
                braid(&mut grid, 1.0, &mut rng_from_seed(seed)).unwrap();
                assert_eq!(dead_ends(&grid), 0, "{w}x{h} seed {seed}");
            }
        }
    }

    #[test]
    fn zero_braid_changes_nothing() {
        let mut grid = maze(20, 20, 3);
        let before = grid.clone();
        assert_eq!(braid(&mut grid, 0.0, &mut rng_from_seed(3)).unwrap(), 0);
        assert_eq!(grid, before);
        assert_eq!(check_perfect(&grid), Ok(()));
    }

    #[test]
    fn partial_braid_removes_about_that_share() {
        let (mut before, mut after) = (0, 0);
        for seed in 0..10 {
            let mut grid = maze(60, 60, seed);
            before += dead_ends(&grid);
            braid(&mut grid, 0.5, &mut rng_from_seed(seed)).unwrap();
            after += dead_ends(&grid);
        }
        // Each removal attempt takes one or two dead ends: between 0% and 75% remain removed
        // when half are attempted; a braid that ignored p would remove all or none.
        let removed = 1.0 - after as f64 / before as f64;
        assert!((0.5..0.75).contains(&removed), "removed {removed}");
    }

    #[test]
    fn a_strip_keeps_its_ends() {
        let mut grid = maze(1, 5, 1);
        assert_eq!(braid(&mut grid, 1.0, &mut rng_from_seed(1)).unwrap(), 0);
        assert_eq!(dead_ends(&grid), 2);
    }
}
