//! Tile geometry: where cells and the passages between them sit in the tile view, and the size
//! rules that follow from it.
//!
//! A `width x height`-cell grid is drawn as `(2 width + 1) x (2 height + 1)` tiles: cell (x, y)
//! at tile (2x+1, 2y+1); between two neighbouring cells the tile of their passage (open or
//! not); where four cells' corners meet, a corner (always a wall); and around it all the outer
//! wall, the border. Sizes given in tiles are therefore odd and at least 3.

use super::{Dir, LARGEST_SQUARE_TILES, Pos};
use crate::grid::{MazeError, Result};

/// A tile position: column and row in the tile view.
pub type TilePos = (u64, u64);

/// What a tile of the view shows: a cell, the passage between two cells, a corner or the border.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TileKind {
    /// The tile of a cell: always open.
    Cell(Pos),
    /// The tile between cell `from` and its neighbour `to` towards `dir` (east or south): open
    /// when their passage is.
    Passage {
        /// The west or north cell.
        from: Pos,
        /// [`Dir::East`] or [`Dir::South`], from `from` to `to`.
        dir: Dir,
        /// The east or south cell.
        to: Pos,
    },
    /// Between the corners of four cells, inside the outer wall: always a wall.
    Corner,
    /// The outer wall: closed except at a maze's openings.
    Border,
}

impl TileKind {
    /// The kind of `tile` in the view of a `width x height`-cell grid, or `None` outside it.
    #[inline]
    pub const fn at((x, y): TilePos, width: u32, height: u32) -> Option<TileKind> {
        let (tile_width, tile_height) = (tiles_from_cells(width), tiles_from_cells(height));
        if x >= tile_width || y >= tile_height {
            return None;
        }
        if x == 0 || y == 0 || x == tile_width - 1 || y == tile_height - 1 {
            return Some(TileKind::Border);
        }
        // Inside the border, x / 2 and y / 2 are below width and height: they fit in u32.
        let (cx, cy) = ((x / 2) as u32, (y / 2) as u32);
        Some(match (x % 2 == 1, y % 2 == 1) {
            (true, true) => TileKind::Cell(Pos::new(cx, cy)),
            (false, true) => TileKind::Passage {
                from: Pos::new(cx - 1, cy),
                dir: Dir::East,
                to: Pos::new(cx, cy),
            },
            (true, false) => TileKind::Passage {
                from: Pos::new(cx, cy - 1),
                dir: Dir::South,
                to: Pos::new(cx, cy),
            },
            (false, false) => TileKind::Corner,
        })
    }
}

/// The tile of cell `pos`.
#[inline]
pub const fn cell_tile(pos: Pos) -> TilePos {
    (tile_line_of_cell(pos.x), tile_line_of_cell(pos.y))
}

/// The tile column (or row) through cell column (or row) `cell`: `2 x cell + 1`.
#[inline(always)]
pub const fn tile_line_of_cell(cell: u32) -> u64 {
    2 * cell as u64 + 1
}

/// [`tile_line_of_cell`] on a map whose tiles are counted in `u32` (the room maps).
#[inline(always)]
pub(crate) const fn tile_line_of_cell_u32(cell: u32) -> u32 {
    2 * cell + 1
}

/// Whether tile column (or row) `tile` runs through cells (it is odd), rather than between
/// them or along the outer wall.
#[inline(always)]
pub const fn runs_through_cells(tile: u64) -> bool {
    tile % 2 == 1
}

/// The cell column (or row) that tile column (or row) `tile` runs through, or `None` for one
/// between cells or along the outer wall, on a map whose tiles are counted in `u32`.
#[inline(always)]
pub(crate) const fn cell_line_of_tile_u32(tile: u32) -> Option<u32> {
    if tile % 2 == 1 { Some(tile / 2) } else { None }
}

/// The cell column (or row) that tile column (or row) `tile` runs through, or the one before it
/// when it runs between cells (the first cell for the outer wall before them):
/// `(tile - 1) / 2`.
#[inline(always)]
pub const fn cell_line_at_or_before(tile: u64) -> u64 {
    tile.saturating_sub(1) / 2
}

/// The cell column (or row) that tile column (or row) `tile` runs through, or the one after it
/// when it runs between cells (one past the last cell for the outer wall after them):
/// `tile / 2`.
#[inline(always)]
pub const fn cell_line_at_or_after(tile: u64) -> u64 {
    tile / 2
}

/// The tile next to cell `pos` towards `dir`: the passage to its neighbour there, or the border
/// when it has none (where an opening goes). `dir` must not lead off the tile view, which it
/// never does from a cell.
#[inline]
pub const fn passage_tile(pos: Pos, dir: Dir) -> TilePos {
    let (x, y) = cell_tile(pos);
    match dir {
        Dir::North => (x, y - 1),
        Dir::East => (x + 1, y),
        Dir::South => (x, y + 1),
        Dir::West => (x - 1, y),
    }
}

/// The tile halfway between the tiles of cells `a` and `b`: their passage when they are
/// neighbours.
#[inline]
pub const fn tile_between(a: Pos, b: Pos) -> TilePos {
    (a.x as u64 + b.x as u64 + 1, a.y as u64 + b.y as u64 + 1)
}

/// Tiles across `cells` cells: `2 x cells + 1`.
#[inline]
pub const fn tiles_from_cells(cells: u32) -> u64 {
    tiles_from_cells_u64(cells as u64)
}

/// [`tiles_from_cells`] for more cells than `u32` counts: the rows of a streamed maze (below
/// 2^63, so that the tiles fit).
#[inline]
pub const fn tiles_from_cells_u64(cells: u64) -> u64 {
    2 * cells + 1
}

/// Cells across `tiles` tiles: `(tiles - 1) / 2`, the cells inside the outer wall; unchecked,
/// for a tile count already checked ([`is_tile_count`]; [`cells_from_tiles`] checks) or the
/// side of a map, where an even count holds the cells of the odd count below it.
#[inline]
pub const fn cells_within_tiles(tiles: u64) -> u64 {
    tiles.saturating_sub(1) / 2
}

/// [`cells_within_tiles`] on a map whose tiles are counted in `u32` (the room maps).
#[inline]
pub(crate) const fn cells_within_tiles_u32(tiles: u32) -> u32 {
    tiles.saturating_sub(1) / 2
}

/// Whether `tiles` is a maze dimension in tiles: odd and at least 3.
pub const fn is_tile_count(tiles: u64) -> bool {
    tiles >= 3 && tiles % 2 == 1
}

/// Converts a maze dimension in tiles (odd, at least 3) to cells: `(tiles - 1) / 2`.
///
/// An even or too small number is refused with the nearest valid sizes.
pub fn cells_from_tiles(tiles: u64) -> Result<u32> {
    let invalid = |reason, hint: String| MazeError::InvalidTiles {
        tiles,
        reason,
        hint,
    };
    if tiles < 3 {
        return Err(invalid(
            "too small",
            "the smallest maze is 3 tiles (one cell inside its wall)".into(),
        ));
    }
    if !is_tile_count(tiles) {
        let hint = if tiles == 4 {
            "a maze is 2 x cells + 1 tiles across: use 3 or 5".into()
        } else {
            format!(
                "a maze is 2 x cells + 1 tiles across: use {} or {}",
                tiles - 1,
                tiles + 1
            )
        };
        return Err(invalid("even", hint));
    }
    u32::try_from(cells_within_tiles(tiles)).map_err(|_| {
        invalid(
            "too large",
            format!("the largest square maze is {LARGEST_SQUARE_TILES} tiles"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_to_cells() {
        assert_eq!(cells_from_tiles(3), Ok(1));
        assert_eq!(cells_from_tiles(21), Ok(10));
        assert_eq!(cells_from_tiles(2001), Ok(1000));
        for cells in [1, 10, 1000, u32::MAX] {
            assert_eq!(cells_from_tiles(tiles_from_cells(cells)), Ok(cells));
        }
    }

    #[test]
    fn cell_lines_and_tile_lines() {
        for cell in [0u32, 1, 7, 1 << 20, u32::MAX] {
            let (tile, wide) = (tile_line_of_cell(cell), u64::from(cell));
            assert_eq!(cell_tile(Pos::new(cell, cell)), (tile, tile));
            assert!(runs_through_cells(tile) && !runs_through_cells(tile + 1));
            assert_eq!(cell_line_at_or_before(tile), wide);
            assert_eq!(cell_line_at_or_after(tile), wide);
            // The line after it runs between this cell and the next, or along the outer wall.
            assert_eq!(cell_line_at_or_before(tile + 1), wide);
            assert_eq!(cell_line_at_or_after(tile + 1), wide + 1);
            assert_eq!(cells_within_tiles(tiles_from_cells(cell)), wide);
            assert_eq!(cells_within_tiles(tiles_from_cells(cell) + 1), wide);
            assert_eq!(tiles_from_cells_u64(wide), tiles_from_cells(cell));
        }
        assert_eq!(cell_line_at_or_before(0), 0);
        assert_eq!((cells_within_tiles(0), cells_within_tiles(1)), (0, 0));
        assert_eq!(tiles_from_cells_u64(u64::MAX / 2), u64::MAX);
        for tile in 0..100u32 {
            let wide = u64::from(tile);
            assert_eq!(
                u64::from(cells_within_tiles_u32(tile)),
                cells_within_tiles(wide)
            );
            assert_eq!(
                cell_line_of_tile_u32(tile).map(u64::from),
                runs_through_cells(wide).then(|| cell_line_at_or_after(wide))
            );
            assert_eq!(
                u64::from(tile_line_of_cell_u32(tile)),
                tile_line_of_cell(tile)
            );
        }
    }

    #[test]
    fn invalid_tiles_suggest_neighbours() {
        let message = |t| cells_from_tiles(t).unwrap_err().to_string();
        assert_eq!(
            message(20),
            "20 tiles is even; a maze is 2 x cells + 1 tiles across: use 19 or 21"
        );
        assert_eq!(
            message(4),
            "4 tiles is even; a maze is 2 x cells + 1 tiles across: use 3 or 5"
        );
        assert!(message(2).contains("too small"));
        assert!(message(0).contains("smallest maze is 3"));
        assert!(message(u64::MAX).contains("too large"));
        assert!(message(tiles_from_cells(u32::MAX) + 2).contains("too large"));
    }

    #[test]
    fn every_tile_of_a_small_view_has_its_kind() {
        // A 2x2-cell maze: 5x5 tiles; C cell, - and | passages, + corner, # border.
        let expected = ["#####", "#C|C#", "#-+-#", "#C|C#", "#####"];
        for (y, row) in expected.iter().enumerate() {
            for (x, symbol) in row.chars().enumerate() {
                let kind = TileKind::at((x as u64, y as u64), 2, 2).unwrap();
                let drawn = match kind {
                    TileKind::Cell(pos) => {
                        assert_eq!(cell_tile(pos), (x as u64, y as u64));
                        'C'
                    }
                    TileKind::Passage { from, dir, to } => {
                        assert_eq!(passage_tile(from, dir), (x as u64, y as u64));
                        assert_eq!(passage_tile(to, dir.opposite()), (x as u64, y as u64));
                        assert_eq!(tile_between(from, to), (x as u64, y as u64));
                        if dir == Dir::East { '|' } else { '-' }
                    }
                    TileKind::Corner => '+',
                    TileKind::Border => '#',
                };
                assert_eq!(drawn, symbol, "tile {x},{y}");
            }
        }
        assert_eq!(TileKind::at((5, 0), 2, 2), None);
        assert_eq!(TileKind::at((0, 5), 2, 2), None);
    }

    #[test]
    fn passages_name_both_cells() {
        assert_eq!(
            TileKind::at((4, 3), 3, 2),
            Some(TileKind::Passage {
                from: Pos::new(1, 1),
                dir: Dir::East,
                to: Pos::new(2, 1),
            })
        );
        assert_eq!(
            TileKind::at((3, 2), 3, 2),
            Some(TileKind::Passage {
                from: Pos::new(1, 0),
                dir: Dir::South,
                to: Pos::new(1, 1),
            })
        );
    }

    #[test]
    fn openings_lie_on_the_border() {
        let corner = Pos::new(0, 0);
        assert_eq!(passage_tile(corner, Dir::North), (1, 0));
        assert_eq!(passage_tile(corner, Dir::West), (0, 1));
        assert_eq!(TileKind::at((1, 0), 1, 1), Some(TileKind::Border));
        assert_eq!(TileKind::at((2, 1), 1, 1), Some(TileKind::Border));
    }
}
