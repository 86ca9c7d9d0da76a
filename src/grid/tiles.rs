//! The tile view of a grid (laid out as [`super::TileKind`] describes): cell (x, y) at tile
//! (2x+1, 2y+1), walls on even rows and columns unless a passage opens them. Derived on the
//! fly, one whole row at a time, never stored whole.

use super::geometry::{cell_line_at_or_before, runs_through_cells, tiles_from_cells};
use super::{Grid, empty_vec};
use crate::grid::Result;

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
    /// Outside the maze: beyond a mask's cells, away from any cell of the maze.
    Blank,
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
        let mut row = std::mem::take(&mut self.row);
        let drawn = self.draw_next([Tile::Wall, Tile::Passage], &mut row);
        self.row = row;
        drawn.then_some(&mut self.row)
    }

    /// Draws the next row into `row`, `glyphs` standing for a wall and a passage; false after
    /// the last row. Lets a format draw its own characters straight from the cells.
    pub(crate) fn draw_next<T: Copy>(&mut self, glyphs: [T; 2], row: &mut Vec<T>) -> bool {
        let grid = self.grid;
        let ty = self.next;
        if ty >= grid.tile_height() {
            return false;
        }
        self.next += 1;
        let w = grid.width as usize;
        // Tile row 2y + 1 runs through cell row y, tile row 2y + 2 below it.
        let y = cell_line_at_or_before(ty) as usize;
        let cells = &grid.cells[y * w..(y + 1) * w];
        if ty == 0 || ty + 1 == grid.tile_height() {
            draw_wall_line(w, glyphs, row);
        } else if runs_through_cells(ty) {
            draw_cell_line(cells, glyphs, row);
        } else {
            draw_below_line(cells, glyphs, row);
        }
        true
    }
}

/// Draws into `row` the tile row through a row of `cells` (their bytes as a grid stores them):
/// the west wall, then each cell and the passage (or wall) to its east. `glyphs` stand for a
/// wall and a passage.
#[inline]
pub(crate) fn draw_cell_line<T: Copy>(cells: &[u8], glyphs: [T; 2], row: &mut Vec<T>) {
    draw_wall_line(cells.len(), glyphs, row);
    // Two plain stores per cell, which the compiler vectorises (with the line drawn straight
    // in a format's characters, 1000x1000-cell text 1.56 -> 0.58 ms).
    for (pair, &cell) in row[1..].chunks_exact_mut(2).zip(cells) {
        pair[0] = glyphs[1];
        pair[1] = glyphs[usize::from(cell & super::EAST)];
    }
}

/// Draws into `row` the tile row below a row of `cells`: each cell's south passage (or wall),
/// walls at the corners between them.
#[inline]
pub(crate) fn draw_below_line<T: Copy>(cells: &[u8], glyphs: [T; 2], row: &mut Vec<T>) {
    draw_wall_line(cells.len(), glyphs, row);
    for (pair, &cell) in row[1..].chunks_exact_mut(2).zip(cells) {
        pair[0] = glyphs[usize::from(cell & super::SOUTH != 0)];
    }
}

/// Draws into `row` a tile row of walls only, as the top and bottom of a `width`-cell maze.
#[inline]
pub(crate) fn draw_wall_line<T: Copy>(width: usize, glyphs: [T; 2], row: &mut Vec<T>) {
    row.clear();
    row.resize(tiles_from_cells(width as u32) as usize, glyphs[0]);
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
