//! The size rules: maze dimensions are given in tiles, odd and at least 3.

use crate::error::{Error, Result};

/// Converts a maze dimension in tiles (odd, at least 3) to cells: `(tiles - 1) / 2`.
///
/// An even or too small number is refused with the nearest valid sizes.
pub fn cells_from_tiles(tiles: u64) -> Result<u32> {
    let invalid = |reason, hint: String| Error::InvalidTiles {
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
    if tiles.is_multiple_of(2) {
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
    let cells = (tiles - 1) / 2;
    u32::try_from(cells).map_err(|_| {
        invalid(
            "too large",
            format!(
                "the largest square maze is {} tiles",
                crate::grid::LARGEST_SQUARE_TILES
            ),
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
    }
}
