//! Binary Tree: every cell opens towards one of two sides, chosen by a fair coin.

use super::Algorithm;
use super::rows::{Place, RowByRow, Rows, carve_grid};
use crate::algorithms::stream::MazeRows;
use crate::events::{Event, Observer};
use crate::grid::{Dir, Grid, Pos, Result, Window};
use crate::rng::{MazeRng, RandomBits, rng_from_seed};
use serde::{Serialize, Serializer};

/// The Binary Tree algorithm.
///
/// Every cell opens one passage, towards one of the two sides its [`Bias`] names (east or south
/// by default):
///
/// 1. Go through the rows from the top, and through each row from left to right, but for the
///    cell at the row's horizontal end (the right end by default), which comes last (step 4).
/// 2. In the row along the vertical side (the bottom row by default), every cell opens across,
///    towards the horizontal side: it has no neighbour down.
/// 3. In every other row, each cell flips a fair coin: heads (1) opens across, tails opens
///    down, towards the vertical side.
/// 4. Last in each row comes the cell at its horizontal end, which has no neighbour across: it
///    opens down, except in the row of step 2, where it is the corner and opens nothing.
///
/// Every cell but the corner has exactly one passage leading towards the corner, which makes
/// the maze perfect; the row and the column along the two sides become open corridors.
///
/// Random bits are drawn one per coin of step 3, in that order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct BinaryTree {
    /// The corner the maze leans towards.
    pub bias: Bias,
}

/// The corner a [`BinaryTree`] maze leans towards: cells open towards its two sides.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Bias {
    /// Cells open north or west; the top row and left column are open corridors.
    NorthWest,
    /// Cells open north or east; the top row and right column are open corridors.
    NorthEast,
    /// Cells open south or west; the bottom row and left column are open corridors.
    SouthWest,
    /// Cells open south or east; the bottom row and right column are open corridors.
    #[default]
    SouthEast,
}

impl Bias {
    /// All four biases.
    pub const ALL: [Bias; 4] = [
        Bias::NorthWest,
        Bias::NorthEast,
        Bias::SouthWest,
        Bias::SouthEast,
    ];

    /// The name as the CLI and JSON spell it (`"north-west"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Bias::NorthWest => "north-west",
            Bias::NorthEast => "north-east",
            Bias::SouthWest => "south-west",
            Bias::SouthEast => "south-east",
        }
    }

    /// The horizontal side cells open towards: east or west.
    pub const fn horizontal(self) -> Dir {
        match self {
            Bias::NorthWest | Bias::SouthWest => Dir::West,
            Bias::NorthEast | Bias::SouthEast => Dir::East,
        }
    }

    /// The vertical side cells open towards: north or south.
    pub const fn vertical(self) -> Dir {
        match self {
            Bias::NorthWest | Bias::NorthEast => Dir::North,
            Bias::SouthWest | Bias::SouthEast => Dir::South,
        }
    }
}

impl Serialize for Bias {
    /// As [`Bias::name`] spells it.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl Algorithm for BinaryTree {
    const NAME: &'static str = "binary-tree";

    type Params = Self;

    fn params(&self) -> Self {
        *self
    }

    fn scratch_bytes(&self, _: u32, _: u32) -> u64 {
        0
    }

    fn run<O: Observer + ?Sized>(
        &self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        observer: &mut O,
    ) -> Result<()> {
        carve_grid(self, grid, rng, observer)
    }

    fn stream(&self, width: u32, height: u64, seed: u64) -> Option<Result<MazeRows>> {
        Some(MazeRows::of(*self, width, height, seed))
    }

    fn region(&self, width: u64, height: u64, seed: u64, region: Window) -> Option<Result<Grid>> {
        Some(self.carve_region(width, height, seed, region))
    }
}

impl BinaryTree {
    /// The cells of `region` in the `width x height`-cell maze of `seed`, each opening the
    /// passage that steps 2 to 4 give it where its neighbour lies in the region. A row's
    /// coins are consecutive bits of the stream: the coin of cell `x` in the `r`-th row of
    /// coins is bit `r * (width - 1) + c`, `c` its place among the row's cells with a coin,
    /// where [`RandomBits::at`] starts at once.
    fn carve_region(&self, width: u64, height: u64, seed: u64, region: Window) -> Result<Grid> {
        let mut grid = Grid::new(region.width, region.height)?;
        let (across, down) = (self.bias.horizontal(), self.bias.vertical());
        let edge_row = if down == Dir::North { 0 } else { height - 1 };
        let end = if across == Dir::East { width - 1 } else { 0 };
        // The coin of cell `x` is the `x - first`-th of its row.
        let first = u64::from(across == Dir::West);
        let mut rng = rng_from_seed(seed);
        for row in 0..region.height {
            let y = region.y + u64::from(row);
            let coins_above = if down == Dir::North {
                y.saturating_sub(1)
            } else {
                y
            };
            let from = region.x.max(first);
            let bit = u128::from(coins_above) * u128::from(width - 1) + u128::from(from - first);
            let mut bits = RandomBits::at(&mut rng, bit);
            for column in 0..region.width {
                let x = region.x + u64::from(column);
                let dir = if x == end {
                    // 4.
                    (y != edge_row).then_some(down)
                } else if y == edge_row || bits.bit() {
                    // 2 and 3: heads.
                    Some(across)
                } else {
                    Some(down)
                };
                let at = Pos::new(column, row);
                if let Some(dir) = dir
                    && grid.neighbour(at, dir).is_some()
                {
                    grid.carve(at, dir);
                }
            }
        }
        Ok(grid)
    }
}

impl RowByRow for BinaryTree {
    type Scratch = ();

    fn scratch(&self, _: u32, _: u32) -> Result<()> {
        Ok(())
    }

    fn carve_row<O: Observer + ?Sized>(
        &self,
        _: &mut (),
        mut rows: Rows<'_>,
        place: Place,
        bits: &mut RandomBits<'_, MazeRng>,
        observer: &mut O,
    ) {
        let w = rows.width();
        let (across, down) = (self.bias.horizontal(), self.bias.vertical());
        let edge_row = if down == Dir::North {
            place.first
        } else {
            place.last
        };
        // 1. The cell at the row's `across` end is taken last.
        let (end, others) = if across == Dir::East {
            (w - 1, 0..w - 1)
        } else {
            (0, 1..w)
        };
        if edge_row {
            // 2.
            for x in others {
                visit(&mut rows, x, Some(across), observer);
            }
            // 4. The corner.
            visit(&mut rows, end, None, observer);
        } else {
            // 3.
            if observer.listening() {
                for x in others {
                    let dir = if bits.bit() { across } else { down };
                    visit(&mut rows, x, Some(dir), observer);
                }
            } else {
                // Each bias its own loop, its directions constant: the grid's choice of bytes
                // and bits for them is made once, not per word (binary-tree --size 8001, whole
                // process: 53 -> 47 ms of CPU).
                match (across, down) {
                    (Dir::East, Dir::South) => {
                        flip_coins(&mut rows, others, Dir::East, Dir::South, bits);
                    }
                    (Dir::West, Dir::South) => {
                        flip_coins(&mut rows, others, Dir::West, Dir::South, bits);
                    }
                    (Dir::East, _) => flip_coins(&mut rows, others, Dir::East, Dir::North, bits),
                    _ => flip_coins(&mut rows, others, Dir::West, Dir::North, bits),
                }
            }
            // 4.
            visit(&mut rows, end, Some(down), observer);
        }
    }
}

/// Visits cell `x` of the row: opens its passage towards `dir`, if any.
#[inline(always)] // once per cell
fn visit<O: Observer + ?Sized>(rows: &mut Rows<'_>, x: usize, dir: Option<Dir>, observer: &mut O) {
    let cell = Pos::new(x as u32, rows.y);
    observer.observe(Event::Enter { cell });
    if let Some(dir) = dir {
        rows.carve(x, dir, observer);
    }
    observer.observe(Event::Leave { cell });
}

/// Step 3 for the `cells` of a row, unobserved: the same coins and passages as a visit per
/// cell, 64 coins drawn at once and eight cells carved per word, each coin spread to a byte
/// (1000x1000 cells, grid included: 4.0 -> 0.66 ms, 1.5 billion cells a second).
#[inline(always)]
fn flip_coins(
    rows: &mut Rows<'_>,
    cells: std::ops::Range<usize>,
    across: Dir,
    down: Dir,
    bits: &mut RandomBits<'_, MazeRng>,
) {
    let end = cells.end;
    for start in cells.step_by(64) {
        let count = 64.min(end - start);
        let coins = bits.take(count as u32);
        for eight in (0..count).step_by(8) {
            let heads = spread(coins >> eight);
            let (x, n) = (start + eight, 8.min(count - eight));
            rows.cells.carve_lanes(x, n, across, heads);
            rows.cells.carve_lanes(x, n, down, heads ^ ONES);
        }
    }
}

/// A byte with value 1 in every lane of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The low 8 bits of `bits`, each to the lowest bit of its own byte, the first in the lowest.
#[inline(always)]
fn spread(bits: u64) -> u64 {
    // The byte copied into every lane, lane k keeping only bit k; adding 0x7F to a lane sets
    // its top bit exactly when the lane is not zero.
    let lanes = ((bits & 0xFF) * ONES) & 0x8040_2010_0804_0201;
    ((lanes + 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080) >> 7
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Event;
    use crate::rng::rng_from_seed;

    #[test]
    fn unobserved_coins_carve_what_observed_ones_do() {
        // Widths around the 8 cells of a word and the 64 coins of a draw, every bias.
        for bias in Bias::ALL {
            for (width, height) in [(1, 3), (2, 2), (8, 3), (9, 4), (65, 3), (130, 5), (7, 1)] {
                let tree = BinaryTree { bias };
                let mut fast = Grid::new(width, height).unwrap();
                tree.run(&mut fast, &mut rng_from_seed(9), &mut crate::events::Silent)
                    .unwrap();
                let mut observed = Grid::new(width, height).unwrap();
                let mut events: Vec<Event> = Vec::new();
                tree.run(&mut observed, &mut rng_from_seed(9), &mut events)
                    .unwrap();
                assert_eq!(fast, observed, "{bias:?} {width}x{height}");
                assert_eq!(crate::topology::check_perfect(&fast), Ok(()));
            }
        }
    }

    #[test]
    fn spread_puts_bit_k_in_byte_k() {
        for byte in 0..=255u64 {
            let expected = (0..8).map(|k| (byte >> k & 1) << (8 * k)).sum::<u64>();
            assert_eq!(spread(byte | 0xFF00), expected, "{byte:#010b}");
        }
    }
}
