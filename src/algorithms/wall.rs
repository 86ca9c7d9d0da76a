//! Inner walls named by one `u32`: twice the index of the cell west of or above the wall, plus
//! one for a south wall. Grids hold at most 2^30 cells, so every id fits.

use crate::grid::Dir;

/// The number of inner walls of a `width x height` grid.
pub(super) const fn count(width: u32, height: u32) -> u64 {
    let (w, h) = (width as u64, height as u64);
    (w.saturating_sub(1) * h).saturating_add(w * h.saturating_sub(1))
}

/// The id of the wall on the `dir` side of cell `i` in a grid `width` cells wide (the wall must
/// be an inner one).
#[inline]
pub(super) fn id(i: usize, dir: Dir, width: u32) -> u32 {
    let i = i as u32;
    match dir {
        Dir::North => 2 * (i - width) + 1,
        Dir::East => 2 * i,
        Dir::South => 2 * i + 1,
        Dir::West => 2 * (i - 1),
    }
}

/// The cells on both sides of `wall` in a grid `width` cells wide: the west or north cell, the
/// direction from it through the wall (east or south), and the cell beyond.
#[inline]
pub(super) fn sides(wall: u32, width: u32) -> (usize, Dir, usize) {
    let i = (wall / 2) as usize;
    if wall.is_multiple_of(2) {
        (i, Dir::East, i + 1)
    } else {
        (i, Dir::South, i + width as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cursor, Grid, Pos};

    #[test]
    fn ids_name_each_inner_wall_once_from_both_sides() {
        let grid = Grid::new(4, 3).unwrap();
        let mut seen = std::collections::HashMap::new();
        for y in 0..3 {
            for x in 0..4 {
                let cursor = Cursor::new(&grid, Pos::new(x, y));
                for dir in Dir::ALL {
                    if let Some(j) = cursor.neighbour(dir) {
                        let wall = id(cursor.i, dir, 4);
                        let (a, _, b) = sides(wall, 4);
                        assert_eq!((a.min(b), a.max(b)), (cursor.i.min(j), cursor.i.max(j)));
                        *seen.entry(wall).or_insert(0) += 1;
                    }
                }
            }
        }
        // 3 x 3 east walls and 4 x 2 south walls, each seen from its two cells.
        assert_eq!(seen.len(), 17);
        assert!(seen.values().all(|&count| count == 2));
    }
}
