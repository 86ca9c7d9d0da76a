//! Two rows of a grid's cells open to carving: what an algorithm that carves one row at a time
//! works on, in a whole grid or in a streamed maze of any height.

use super::{Dir, EAST, SOUTH};

/// The cell bytes of a row of a grid and of the row above it (none for the first row), open to
/// carving the passages between cells of the row and from the row up into the row above.
#[derive(Debug)]
pub(crate) struct RowPair<'a> {
    above: &'a mut [u8],
    row: &'a mut [u8],
}

impl<'a> RowPair<'a> {
    /// The cells of `row` and of the row `above` it (empty for the first row, else as long),
    /// as a grid stores them (see [`Grid::rows_mut`](super::Grid::rows_mut)).
    #[inline(always)]
    pub(crate) fn new(above: &'a mut [u8], row: &'a mut [u8]) -> Self {
        debug_assert!(above.is_empty() || above.len() == row.len());
        Self { above, row }
    }

    /// The number of cells in a row.
    #[inline(always)]
    pub(crate) fn width(&self) -> usize {
        self.row.len()
    }

    /// Opens the passage from cell `x` of the row towards `dir`, which must lead to a cell of
    /// the row or of the row above.
    #[inline(always)] // once per cell, as the grid's carve
    pub(crate) fn carve(&mut self, x: usize, dir: Dir) {
        match dir {
            Dir::North => self.above[x] |= SOUTH,
            Dir::East => self.row[x] |= EAST,
            Dir::South => self.row[x] |= SOUTH,
            Dir::West => self.row[x - 1] |= EAST,
        }
    }

    /// Opens the passages towards `dir` of those of the `n` (at most 8) cells from cell `x` of
    /// the row whose lane in `lanes` is 1: byte k of `lanes`, 0 or 1, for cell `x + k`. Carves
    /// eight cells in one word, for an algorithm that flips a coin per cell; `dir` must lead
    /// from each of them to a cell of the row or of the row above.
    #[inline(always)]
    pub(crate) fn carve_lanes(&mut self, x: usize, n: usize, dir: Dir, lanes: u64) {
        // A cell's north and west passages are stored by its neighbours there.
        let (cells, bit) = match dir {
            Dir::North => (&mut self.above[x..x + n], SOUTH),
            Dir::East => (&mut self.row[x..x + n], EAST),
            Dir::South => (&mut self.row[x..x + n], SOUTH),
            Dir::West => (&mut self.row[x - 1..x - 1 + n], EAST),
        };
        or_bytes(cells, lanes * u64::from(bit));
    }
}

/// ORs the low `bytes.len()` (at most 8) bytes of `word` into `bytes`, the lowest first.
#[inline(always)]
fn or_bytes(bytes: &mut [u8], word: u64) {
    if let Ok(eight) = <&mut [u8; 8]>::try_from(&mut *bytes) {
        *eight = (u64::from_le_bytes(*eight) | word).to_le_bytes();
    } else {
        for (k, byte) in bytes.iter_mut().enumerate() {
            *byte |= (word >> (8 * k)) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Pos};

    #[test]
    fn lanes_carve_what_single_cells_do() {
        // Every direction, a full word and a short one, in the middle row of three of 10 cells.
        for dir in Dir::ALL {
            for (x, n) in [(1, 8), (1, 3), (2, 7)] {
                let lanes = 0x0001_0100_0101_0001_u64 & (u64::MAX >> (64 - 8 * n));
                let (mut one, mut word) = (Grid::new(10, 3).unwrap(), Grid::new(10, 3).unwrap());
                for k in (0..n).filter(|k| lanes >> (8 * k) & 1 == 1) {
                    one.carve(Pos::new((x + k) as u32, 1), dir);
                }
                word.rows_mut(1).carve_lanes(x, n, dir, lanes);
                assert_eq!(one, word, "{dir:?} {x} {n}");
                let mut single = Grid::new(10, 3).unwrap();
                single.rows_mut(1).carve(x, dir);
                let mut expected = Grid::new(10, 3).unwrap();
                expected.carve(Pos::new(x as u32, 1), dir);
                assert_eq!(single, expected, "{dir:?} {x}");
            }
        }
    }
}
