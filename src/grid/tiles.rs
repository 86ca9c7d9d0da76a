//! The tile view of a grid (laid out as [`super::TileKind`] describes): cell (x, y) at tile
//! (2x+1, 2y+1), walls on even rows and columns unless a passage opens them. Derived on the
//! fly, one whole row at a time, never stored whole.

use super::{Grid, empty_vec};
use crate::error::Result;

/// One tile of a maze picture.
///
/// A grid's own tile rows hold only walls and passages; [`crate::Maze::tiles`] adds the
/// solution and its ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tile {
    /// Rock between cells, and the outer wall.
    Wall,
    /// A cell or an open passage between two cells.
    Passage,
    /// A passage on the solution.
    Path,
    /// The entrance cell of a solved maze.
    Start,
    /// The exit cell of a solved maze.
    Goal,
}

impl Tile {
    const fn open(open: bool) -> Tile {
        if open { Tile::Passage } else { Tile::Wall }
    }
}

/// Produces the tile rows of a grid from top to bottom, reusing one row buffer.
#[derive(Debug)]
pub struct TileRows<'a> {
    grid: &'a Grid,
    next: u64,
    row: Vec<Tile>,
}

impl<'a> TileRows<'a> {
    /// Reserves the row buffer first, so a maze too wide for it is an error, not an abort.
    pub(super) fn new(grid: &'a Grid) -> Result<Self> {
        let tiles = usize::try_from(grid.tile_width()).unwrap_or(usize::MAX);
        Ok(Self {
            grid,
            next: 0,
            row: empty_vec(grid.width(), grid.height(), tiles)?,
        })
    }

    /// The next row of tiles, or `None` after the last one.
    pub fn next_row(&mut self) -> Option<&[Tile]> {
        self.next_row_mut().map(|row| &*row)
    }

    /// The next row, open to drawing on until the following call.
    pub(crate) fn next_row_mut(&mut self) -> Option<&mut [Tile]> {
        let grid = self.grid;
        let ty = self.next;
        if ty >= grid.tile_height() {
            return None;
        }
        self.next += 1;
        self.row.clear();
        self.row.push(Tile::Wall);
        let w = grid.width as usize;
        if !ty.is_multiple_of(2) {
            // A row of cells: each cell, then the passage (or wall) to its east.
            let y = (ty / 2) as usize;
            for &cell in &grid.cells[y * w..(y + 1) * w] {
                self.row.push(Tile::Passage);
                self.row.push(Tile::open(cell & super::EAST != 0));
            }
        } else if ty == 0 || ty + 1 == grid.tile_height() {
            self.row.resize(grid.tile_width() as usize, Tile::Wall);
        } else {
            // Between two rows of cells: the south passages of the row above, walls at corners.
            let y = (ty / 2 - 1) as usize;
            for &cell in &grid.cells[y * w..(y + 1) * w] {
                self.row.push(Tile::open(cell & super::SOUTH != 0));
                self.row.push(Tile::Wall);
            }
        }
        Some(&mut self.row)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Dir, Pos};
    use super::*;

    fn picture(grid: &Grid) -> Vec<String> {
        let mut rows = grid.tile_rows().unwrap();
        let mut out = Vec::new();
        while let Some(row) = rows.next_row() {
            out.push(
                row.iter()
                    .map(|&t| if t == Tile::Wall { '#' } else { '.' })
                    .collect(),
            );
        }
        out
    }

    #[test]
    fn tile_view_places_cells_and_passages() {
        let mut grid = Grid::new(2, 2).unwrap();
        grid.carve(Pos::new(0, 0), Dir::East);
        grid.carve(Pos::new(1, 0), Dir::South);
        grid.carve(Pos::new(1, 1), Dir::West);
        assert_eq!(
            picture(&grid),
            ["#####", "#...#", "###.#", "#...#", "#####"]
        );
    }

    #[test]
    fn one_cell_is_three_by_three() {
        let grid = Grid::new(1, 1).unwrap();
        assert_eq!(picture(&grid), ["###", "#.#", "###"]);
    }
}
