//! The tile rows of a maze drawn in a format's own characters, from a whole maze or a stream
//! of its rows: what `term`, `text`, `json` and `png` write row by row.

use crate::algorithms::stream::MazeRows;
use crate::grid::{
    Tile, draw_below_line, draw_cell_line, draw_wall_line, empty_vec, runs_through_cells,
};
use crate::maze::MazeTiles;

/// Tile rows of a maze drawn in a format's own characters: from a whole maze (its solution
/// and openings drawn in) or from a stream.
pub(in crate::render) trait DrawRows {
    /// Draws the next tile row into `row`, each tile as `glyph` draws it, and returns its
    /// number, or `None` after the last.
    fn draw_next_row<T: Copy>(
        &mut self,
        glyph: impl Fn(Tile) -> T,
        row: &mut Vec<T>,
    ) -> Option<u64>;
}

impl DrawRows for MazeTiles<'_> {
    #[inline]
    fn draw_next_row<T: Copy>(
        &mut self,
        glyph: impl Fn(Tile) -> T,
        row: &mut Vec<T>,
    ) -> Option<u64> {
        MazeTiles::draw_next_row(self, glyph, row)
    }
}

/// The tile rows of a streamed maze: two per row of cells (through it, then below it) after
/// the top wall.
pub(in crate::render) struct StreamTiles<'a> {
    rows: &'a mut MazeRows,
    /// The row of cells the last tile row ran through.
    cells: Vec<u8>,
    next: u64,
}

impl<'a> StreamTiles<'a> {
    /// Reserves the copy of a row of cells first.
    pub(in crate::render) fn new(rows: &'a mut MazeRows) -> crate::grid::Result<Self> {
        let (width, height) = (rows.width(), rows.height());
        let height = u32::try_from(height).unwrap_or(u32::MAX);
        let cells = empty_vec(width, height, width as usize)?;
        Ok(Self {
            rows,
            cells,
            next: 0,
        })
    }
}

impl DrawRows for StreamTiles<'_> {
    fn draw_next_row<T: Copy>(
        &mut self,
        glyph: impl Fn(Tile) -> T,
        row: &mut Vec<T>,
    ) -> Option<u64> {
        let y = self.next;
        if y >= self.rows.tile_height() {
            return None;
        }
        let glyphs = [glyph(Tile::Wall), glyph(Tile::Passage)];
        if y == 0 || y + 1 == self.rows.tile_height() {
            draw_wall_line(self.rows.width() as usize, glyphs, row);
        } else if runs_through_cells(y) {
            let cells = self.rows.next_row()?;
            draw_cell_line(cells, glyphs, row);
            self.cells.clear();
            self.cells.extend_from_slice(cells);
        } else {
            draw_below_line(&self.cells, glyphs, row);
        }
        self.next += 1;
        Some(y)
    }
}
