//! MazeBench's `symmetric` family: a perfect maze that is its own mirror image about its
//! middle column.
//!
//! The split's generator carves the left half, `width / 2` columns; the right half is its
//! mirror image; the two are joined by one passage across the middle, in a row drawn from the
//! maze's own stream. An odd width's middle column, its own mirror image, is one corridor from
//! top to bottom, joined to each half in that row. Two trees joined by one passage (or by a
//! corridor, one passage on each side) make a tree: the maze is perfect, every cell reaches
//! every other, and the passage across the middle is its own mirror image, so the whole is
//! symmetric tile for tile. A braided half gives a braided maze, as symmetric.

use super::SuiteError;
use super::spec::SplitSpec;
use crate::Maze;
use crate::grid::{Dir, Grid, Pos};
use crate::rng::{RandomBits, rng_for_stream};

/// The random stream the row joining a symmetric maze's halves is drawn from.
pub const MIRROR_STREAM: u64 = 17;

/// The family's name.
pub(super) const SYMMETRIC: &str = "symmetric";

/// The columns of the half a `width`-cell symmetric maze is carved from.
pub(super) const fn half_width(width: u32) -> u32 {
    width / 2
}

/// The maze of `split` that the dataset engine's `maze` stands for: for the symmetric family,
/// the whole maze `maze` is the left half of; else `None` (the maze itself).
pub(super) fn whole(maze: &Maze, split: &SplitSpec) -> Result<Option<Maze>, SuiteError> {
    if split.family.as_deref() != Some(SYMMETRIC) {
        return Ok(None);
    }
    mirrored(maze, split.size[0]).map(Some)
}

/// The `width`-cell maze whose left half is `half` (of [`half_width`]`(width)` columns), as
/// the [module](self) makes it, with `half`'s algorithm, options, seed and braid.
fn mirrored(half: &Maze, width: u32) -> Result<Maze, SuiteError> {
    let cells = half.grid().expect("suites are of rectangles");
    let (columns, height) = (cells.width(), cells.height());
    debug_assert_eq!(columns, half_width(width));
    let mut grid = Grid::new(width, height)?;
    let mirror = |x: u32| width - 1 - x;
    for y in 0..height {
        for x in 0..columns {
            if x + 1 < columns && cells.open_east(x, y) {
                grid.carve(Pos::new(x, y), Dir::East);
                grid.carve(Pos::new(mirror(x + 1), y), Dir::East);
            }
            if y + 1 < height && cells.open_south(x, y) {
                grid.carve(Pos::new(x, y), Dir::South);
                grid.carve(Pos::new(mirror(x), y), Dir::South);
            }
        }
    }
    let mut rng = rng_for_stream(half.seed(), MIRROR_STREAM);
    let row = RandomBits::new(&mut rng).below_by_multiply(height);
    if width % 2 == 1 {
        let middle = columns;
        for y in 0..height - 1 {
            grid.carve(Pos::new(middle, y), Dir::South);
        }
        if columns > 0 {
            grid.carve(Pos::new(middle - 1, row), Dir::East);
            grid.carve(Pos::new(middle, row), Dir::East);
        }
    } else {
        grid.carve(Pos::new(columns - 1, row), Dir::East);
    }
    let (algorithm, params) = (half.algorithm().to_owned(), half.params().clone());
    let mut maze = Maze::new(grid, algorithm, params, half.seed());
    maze.record_braid(half.braid());
    Ok(maze)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Tile;
    use crate::suite::SuiteSpec;
    use proptest::prelude::*;

    /// The split of a symmetric suite of `width x height` cells by `generator`.
    fn split(width: u32, height: u32, generator: &str, braid: Option<f64>) -> SplitSpec {
        let braid = braid.map_or(String::new(), |p| format!("braid = {p}\n"));
        let spec = SuiteSpec::from_toml(&format!(
            "[[split]]\nname = \"s\"\ncount = 1\nsize = [{width}, {height}]\n\
             family = \"symmetric\"\ngenerator = \"{generator}\"\n{braid}"
        ))
        .unwrap();
        spec.splits[0].clone()
    }

    /// The maze's tile rows.
    fn tiles(maze: &Maze) -> Vec<Vec<Tile>> {
        let mut rows = Vec::new();
        let mut view = maze.wall_tiles().unwrap();
        while let Some((_, row)) = view.next_row() {
            rows.push(row.to_vec());
        }
        rows
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Over sizes odd and even and every generator: symmetric tile for tile about the
        /// middle column, every cell reached, perfect; braided, still symmetric and connected.
        #[test]
        fn symmetric_mazes_are_mirror_images_connected_and_perfect(
            width in 2u32..17,
            height in 1u32..13,
            seed in any::<u64>(),
            generator in 0usize..64,
            braided in prop::bool::ANY,
        ) {
            let names: Vec<&str> = crate::algorithms::catalogue().iter().map(|g| g.name()).collect();
            let generator = names[generator % names.len()];
            let split = split(width, height, generator, braided.then_some(0.5));
            let half = split.maze_spec().unwrap().make(seed).unwrap();
            prop_assert_eq!(half.grid().unwrap().width(), width / 2);
            let maze = whole(&half, &split).unwrap().unwrap();
            let grid = maze.grid().unwrap();
            prop_assert_eq!((grid.width(), grid.height()), (width, height));
            for row in tiles(&maze) {
                let mirrored: Vec<Tile> = row.iter().rev().copied().collect();
                prop_assert_eq!(&row, &mirrored);
            }
            let distances = maze.distances();
            prop_assert!(distances.iter().all(|&d| d != crate::topology::UNREACHED));
            prop_assert_eq!(maze.is_perfect(), !braided || half.is_perfect());
            prop_assert_eq!(maze.seed(), seed);
            prop_assert_eq!(maze.algorithm(), generator);
        }
    }

    #[test]
    fn the_joining_row_is_drawn_from_the_seed() {
        let split = split(8, 9, "backtrack", None);
        let rows: std::collections::HashSet<Vec<Vec<Tile>>> = (0..40)
            .map(|seed| {
                let half = split.maze_spec().unwrap().make(seed).unwrap();
                let maze = whole(&half, &split).unwrap().unwrap();
                assert_eq!(maze, whole(&half, &split).unwrap().unwrap());
                tiles(&maze)
            })
            .collect();
        assert_eq!(rows.len(), 40);
    }
}
