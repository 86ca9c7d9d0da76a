//! Mazes of any height, streamed: the algorithms that carve one row at a time (Binary Tree,
//! Sidewinder, Eller) hand out each row of cells as soon as it is final, holding two rows and
//! the algorithm's own row of scratch space whatever the height.
//!
//! A streamed maze is the maze [`Maze::builder`](crate::Maze::builder) makes from the same
//! generator, size and seed, row for row, and the renderers that can write in order
//! ([`render::RenderRows`](crate::render::RenderRows)) write it byte for byte as they write
//! that maze.

use crate::algorithms::rows::{Place, RowByRow, Rows};
use crate::algorithms::{Algorithm, Generator};
use crate::events::Silent;
use crate::grid::{
    MAX_CELLS, RowPair, cells_within_tiles, filled_vec, tiles_from_cells, tiles_from_cells_u64,
};
use crate::grid::{MazeError, Result};
use crate::rng::{Leftover, MazeRng, RandomBits, rng_from_seed};

/// The most rows of cells a streamed maze may have: 2^63 - 1, so that its tile rows (twice as
/// many, and one) fit in a `u64`.
pub const MAX_STREAM_HEIGHT: u64 = cells_within_tiles(u64::MAX);

/// The rows of a maze carved row by row, from the top, each handed out once final.
///
/// ```
/// use mazegen::{Maze, algorithms::{Sidewinder, stream::MazeRows}};
///
/// // A trillion rows, two of them in memory at a time.
/// let mut rows = MazeRows::new(&Sidewinder, 6, 1 << 40, 7)?;
/// let first = rows.next_row().unwrap();
/// assert_eq!(first.len(), 6);
/// // Bit 0 of a cell opens it east: the first row of a Sidewinder maze is one corridor.
/// assert!(first[..5].iter().all(|cell| cell & 1 == 1));
/// let maze = Maze::builder().algorithm(Sidewinder).cells(6, 4).seed(7).build()?;
/// assert_eq!(first[0] & 1 == 1, maze.grid().unwrap().open_east(0, 0));
/// # Ok::<(), mazegen::Error>(())
/// ```
pub struct MazeRows {
    source: Box<dyn RowSource>,
    algorithm: &'static str,
    params: serde_json::Value,
    seed: u64,
    width: u32,
    height: u64,
    /// The side of the chunks of a chunked giant maze.
    chunk: Option<u32>,
}

impl std::fmt::Debug for MazeRows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MazeRows")
            .field("algorithm", &self.algorithm)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("chunk", &self.chunk)
            .finish_non_exhaustive()
    }
}

/// Where a streamed maze's rows of cells come from, top to bottom: a row-by-row algorithm, or
/// the bands of chunks of a chunked giant maze ([`crate::giant`]).
pub(crate) trait RowSource {
    /// The next row of cells, or `None` after the last (or once the source failed: see
    /// [`RowSource::failure`]).
    fn next_row(&mut self) -> Option<&[u8]>;

    /// Why the rows ended early, if they did; a row-by-row algorithm never fails.
    fn failure(&mut self) -> Option<MazeError> {
        None
    }
}

impl MazeRows {
    /// Streams the `width x height`-cell maze of `generator` and `seed`.
    ///
    /// Refuses a generator that does not carve row by row ([`MazeError::DoesNotStream`]), an empty
    /// maze, a row of more cells than a grid may have ([`MAX_CELLS`]), a height over
    /// [`MAX_STREAM_HEIGHT`], and rows the memory cannot hold.
    pub fn new(generator: &dyn Generator, width: u32, height: u64, seed: u64) -> Result<Self> {
        generator
            .stream(width, height, seed)
            .unwrap_or(Err(MazeError::DoesNotStream {
                algorithm: generator.name(),
            }))
    }

    /// Refuses an empty maze, a row of more cells than a grid may have and a height over
    /// [`MAX_STREAM_HEIGHT`]: what no stream may be.
    pub(crate) fn check_size(width: u32, height: u64) -> Result<()> {
        if width == 0 || height == 0 {
            return Err(MazeError::InvalidTiles {
                tiles: tiles_from_cells(0),
                reason: "too small",
                hint: "a maze has at least one cell (3 tiles)".into(),
            });
        }
        // A row holds no more cells than a grid may.
        if u64::from(width) > MAX_CELLS {
            return Err(MazeError::TooLarge {
                width,
                height: 1,
                limit: MAX_CELLS,
            });
        }
        if height > MAX_STREAM_HEIGHT {
            return Err(MazeError::TooTall {
                height,
                limit: MAX_STREAM_HEIGHT,
                what: "a stream",
            });
        }
        Ok(())
    }

    /// Streams the maze of `algorithm`, checking the size first.
    pub(crate) fn of<A: Algorithm + RowByRow + 'static>(
        algorithm: A,
        width: u32,
        height: u64,
        seed: u64,
    ) -> Result<Self> {
        Self::check_size(width, height)?;
        // Errors name the height as a grid's would, saturated.
        let rows_for_errors = u32::try_from(height).unwrap_or(u32::MAX);
        let row = || filled_vec(width, rows_for_errors, width as usize, 0u8);
        let (above, row) = (row()?, row()?);
        let scratch = algorithm.scratch(width, rows_for_errors)?;
        let params = crate::algorithms::params_json(&algorithm);
        let carving = Carving {
            carver: Box::new(Carver { algorithm, scratch }),
            rng: rng_from_seed(seed),
            leftover: Leftover::default(),
            height,
            carved: 0,
            handed: 0,
            above,
            row,
        };
        Ok(Self {
            source: Box::new(carving),
            algorithm: A::NAME,
            params,
            seed,
            width,
            height,
            chunk: None,
        })
    }

    /// The rows `source` gives of the `width x height`-cell maze of `generator` and `seed`,
    /// made of `chunk`-cell chunks if given; the caller has checked the size.
    pub(crate) fn from_source(
        source: Box<dyn RowSource>,
        generator: &dyn Generator,
        (width, height): (u32, u64),
        seed: u64,
        chunk: Option<u32>,
    ) -> Self {
        Self {
            source,
            algorithm: generator.name(),
            params: generator.params(),
            seed,
            width,
            height,
            chunk,
        }
    }

    /// The next row of cells, top to bottom, or `None` after the last: each cell a byte, bit 0
    /// its east passage and bit 1 its south passage. Borrowed until the next call.
    ///
    /// The rows of a chunked maze end early if a chunk cannot be made (the memory refused):
    /// [`MazeRows::failure`] then says why.
    pub fn next_row(&mut self) -> Option<&[u8]> {
        self.source.next_row()
    }

    /// Why the rows ended before the last, if they did.
    pub fn failure(&mut self) -> Option<MazeError> {
        self.source.failure()
    }

    /// The algorithm's name.
    pub fn algorithm(&self) -> &'static str {
        self.algorithm
    }

    /// The algorithm's effective options, as [`Generator::params`] gives them.
    pub fn params(&self) -> &serde_json::Value {
        &self.params
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Width in cells.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> u64 {
        self.height
    }

    /// Width of the tile view.
    pub fn tile_width(&self) -> u64 {
        tiles_from_cells(self.width)
    }

    /// Height of the tile view: `2 x height + 1`.
    pub fn tile_height(&self) -> u64 {
        tiles_from_cells_u64(self.height)
    }

    /// The side of the chunks of a chunked giant maze
    /// ([`Giant::rows`](crate::giant::Giant::rows)), `None` for a row-by-row algorithm's.
    pub fn chunk_side(&self) -> Option<u32> {
        self.chunk
    }
}

/// The rows of a row-by-row algorithm, each carved once the one above is handed out.
struct Carving {
    carver: Box<dyn CarveRow>,
    rng: MazeRng,
    leftover: Leftover,
    height: u64,
    /// Rows carved so far.
    carved: u64,
    /// Rows handed out so far.
    handed: u64,
    /// The row before the one carved last.
    above: Vec<u8>,
    /// The row carved last.
    row: Vec<u8>,
}

impl RowSource for Carving {
    fn next_row(&mut self) -> Option<&[u8]> {
        if self.handed == self.height {
            return None;
        }
        if self.carved == 0 {
            self.carve_next(false);
        }
        self.handed += 1;
        if self.carved < self.height {
            // The row below may still carve into the row above it: hand that one out once the
            // row below is carved.
            std::mem::swap(&mut self.above, &mut self.row);
            self.carve_next(true);
            Some(&self.above)
        } else {
            Some(&self.row)
        }
    }
}

impl Carving {
    /// Carves the next row into `row` (cleared first), below `above` when `has_above`.
    fn carve_next(&mut self, has_above: bool) {
        self.row.fill(0);
        let y = self.carved;
        let place = Place {
            first: y == 0,
            last: y + 1 == self.height,
        };
        let rows = Rows {
            cells: RowPair::new(
                if has_above { &mut self.above } else { &mut [] },
                &mut self.row,
            ),
            // Silent: the row number of the events is never read.
            y: y as u32,
        };
        let mut bits = RandomBits::resume(&mut self.rng, self.leftover);
        self.carver.carve_row(rows, place, &mut bits);
        self.leftover = bits.pause();
        self.carved += 1;
    }
}

/// One row of a row-by-row algorithm, carved unobserved with its scratch space: lets
/// [`MazeRows`] hold any of them.
trait CarveRow {
    fn carve_row(&mut self, rows: Rows<'_>, place: Place, bits: &mut RandomBits<'_, MazeRng>);
}

/// An algorithm and its scratch space.
struct Carver<A: RowByRow> {
    algorithm: A,
    scratch: A::Scratch,
}

impl<A: RowByRow> CarveRow for Carver<A> {
    fn carve_row(&mut self, rows: Rows<'_>, place: Place, bits: &mut RandomBits<'_, MazeRng>) {
        self.algorithm
            .carve_row(&mut self.scratch, rows, place, bits, &mut Silent);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;
    use crate::algorithms::{Backtrack, Bias, BinaryTree, Eller, Sidewinder};

    #[test]
    fn streamed_rows_are_the_grid_rows() {
        let generators: [&dyn Generator; 5] = [
            &BinaryTree::default(),
            &BinaryTree {
                bias: Bias::NorthWest,
            },
            &BinaryTree {
                bias: Bias::SouthWest,
            },
            &Sidewinder,
            &Eller,
        ];
        for generator in generators {
            for (width, height) in [(1, 1), (1, 5), (5, 1), (7, 6), (70, 9)] {
                let maze = Maze::builder()
                    .generator(generator.boxed())
                    .cells(width, height)
                    .seed(11)
                    .build()
                    .unwrap();
                let mut rows = MazeRows::new(generator, width, height.into(), 11).unwrap();
                for y in 0..height {
                    let expected: Vec<u8> = (0..width)
                        .map(|x| {
                            u8::from(maze.grid().unwrap().open_east(x, y))
                                | u8::from(maze.grid().unwrap().open_south(x, y)) << 1
                        })
                        .collect();
                    let name = generator.name();
                    assert_eq!(
                        rows.next_row(),
                        Some(&expected[..]),
                        "{name} {width}x{height}"
                    );
                }
                assert_eq!(rows.next_row(), None);
            }
        }
    }

    #[test]
    fn only_row_by_row_algorithms_stream() {
        assert!(matches!(
            MazeRows::new(&Backtrack::default(), 3, 3, 1),
            Err(MazeError::DoesNotStream {
                algorithm: "backtrack"
            })
        ));
        assert!(matches!(
            MazeRows::new(&Eller, 3, MAX_STREAM_HEIGHT + 1, 1),
            Err(MazeError::TooTall { .. })
        ));
        assert!(MazeRows::new(&Eller, 3, MAX_STREAM_HEIGHT, 1).is_ok());
        let too_wide = u32::try_from(MAX_CELLS + 1).unwrap();
        assert!(matches!(
            MazeRows::new(&Sidewinder, too_wide, 1, 1),
            Err(MazeError::TooLarge { height: 1, .. })
        ));
    }
}
