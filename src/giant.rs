//! Giant mazes, up to 2^63 - 1 cells a side, of which any window is made alone, in time and
//! memory proportional to the window (and the chunks it touches, for a chunked maze): the same
//! cells on every visit, whatever was made before.
//!
//! Two kinds of maze can be cut this way:
//!
//! - **Binary Tree** mazes, unchanged: each cell's coin sits at a known position of the random
//!   stream ([`BinaryTree`](crate::algorithms::BinaryTree) draws one bit per coin, in reading
//!   order), which ChaCha reaches at once. A window is exactly that region of the whole maze
//!   [`Maze::builder`] makes of it.
//! - **Chunked** mazes, of any algorithm: the maze is cut into `C x C`-cell chunks (narrower
//!   at the right and bottom edges), each carved by the algorithm from its own seed
//!   ([`chunk_seed`]), then joined by a binary tree over the chunks: every chunk but the
//!   bottom-right one opens one passage east or south, on a coin of its own stream (forced
//!   along the last column and row), at a random place along that side. Each chunk is a
//!   spanning tree of its cells and the chunks form a spanning tree, so the whole maze is
//!   perfect, and a window needs only the chunks it touches.
//!
//! A window is a [`Maze`] of its cells, numbered from its top-left corner, whose [`Cut`] says
//! where it lies and which passages leave it ([`Cut::exits`]). Its tile view is exactly the
//! `(2W+1) x (2H+1)` tiles of the whole maze's from tile `(2X, 2Y)`: the frame is the whole
//! maze's walls, open where a passage leaves the window.
//!
//! ```
//! use mazegen::algorithms::{Backtrack, BinaryTree};
//! use mazegen::giant::{Giant, Window};
//!
//! // A window of a binary-tree maze 2^63 - 1 cells a side.
//! let giant = Giant::new(u64::MAX / 2, u64::MAX / 2, None)?;
//! let far = Window { x: 1 << 60, y: 1 << 60, width: 40, height: 20 };
//! let window = giant.window(&BinaryTree::default(), 7, far)?;
//! assert_eq!(window, giant.window(&BinaryTree::default(), 7, far)?);
//!
//! // A chunked backtracking maze: chunks load by their coordinates.
//! let giant = Giant::new(u64::MAX / 2, u64::MAX / 2, Some(16))?;
//! let chunk = giant.chunk(&Backtrack::default(), 7, 1 << 50, 3)?;
//! assert_eq!(chunk.grid().unwrap().width(), 16);
//! assert!(!chunk.cut().unwrap().exits.is_empty(), "every chunk joins its neighbours");
//! # Ok::<(), mazegen::Error>(())
//! ```

pub use crate::grid::window::{Cut, Giant, MAX_CHUNK, MAX_SIDE, Window};

use crate::Maze;
use crate::algorithms::Generator;
use crate::algorithms::stream::{MazeRows, RowSource};
use crate::grid::{Dir, EAST, Grid, MazeError, Part, Pos, Result, SOUTH};
use crate::rng::{GOLDEN_GAMMA, RandomBits, mix64, rng_for_stream, rng_from_seed};
use crate::topology::Shape;
use carvers::Carvers;
use std::ops::Range;
use std::sync::Arc;

mod carvers;

/// The random stream of a chunk's seed that places its passage to the next chunk, apart from
/// the one that carves it.
const LINK_STREAM: u64 = 1;

impl Giant {
    /// Refuses before any work a window that `generator` cannot make of this maze: one that
    /// reaches past the maze or holds more cells than a grid, a generator that leaves cells
    /// out, one that needs chunks without them, chunks too small for its options.
    pub fn check(&self, generator: &dyn Generator, window: Window) -> Result<()> {
        self.check_generator(generator)?;
        self.check_window(window)
    }

    /// Refuses before any work a generator that cannot make this maze: one that leaves cells
    /// out, one that needs chunks without them, chunks too small for its options or too large
    /// for the memory.
    fn check_generator(&self, generator: &dyn Generator) -> Result<()> {
        let unsupported = |reason| MazeError::WindowUnsupported {
            algorithm: generator.name(),
            reason,
        };
        if generator.reached_from().is_some() {
            return Err(unsupported(
                "its options leave cells out, and a giant maze joins every cell",
            ));
        }
        if generator.draws_ends() {
            return Err(unsupported(
                "it draws each maze whole with its start and goal, which chunks would not keep",
            ));
        }
        match self.chunk {
            None if generator.region(1, 1, 0, Self::ONE_CELL).is_none() => {
                return Err(unsupported(
                    "it carves whole mazes only, so its giant mazes are made of chunks",
                ));
            }
            None => {}
            Some(side) => {
                // The largest chunk must fit the memory, the smallest the options.
                let bytes = u64::from(side) * u64::from(side) + generator.scratch_bytes(side, side);
                if !crate::grid::grantable(bytes) {
                    return Err(MazeError::OutOfMemory {
                        width: side,
                        height: side,
                        bytes,
                    });
                }
                let (across, down) = self.chunks().expect("a chunked maze");
                let (width, height) = self.chunk_extent(side, across - 1, down - 1);
                generator.check_cells(u64::from(width) * u64::from(height))?;
                // Each chunk's maze grows from the same cell of the chunk.
                if let Some(from) = generator.grows_from()
                    && from != Pos::default()
                    && !from.is_within(width, height)
                {
                    let error = MazeError::OutsideChunk {
                        x: from.x,
                        y: from.y,
                        width,
                        height,
                    };
                    return Err(Part::From(from).refuses(error));
                }
            }
        }
        Ok(())
    }

    /// Refuses a window of no cells, one that reaches past the maze, and one with more cells
    /// (or cells around it) than a grid may hold.
    pub fn check_window(&self, window: Window) -> Result<()> {
        if window.width == 0
            || window.height == 0
            || window.right() > self.width
            || window.bottom() > self.height
        {
            return Err(MazeError::WindowOutside {
                window,
                width: self.width,
                height: self.height,
            });
        }
        let region = self.region_around(window);
        Grid::check_size(window.width, window.height)?;
        Grid::check_size(region.width, region.height)?;
        Ok(())
    }

    /// A window of one cell, to ask a generator whether it cuts windows.
    const ONE_CELL: Window = Window {
        x: 0,
        y: 0,
        width: 1,
        height: 1,
    };

    /// The window of the maze `generator` makes from `seed`: its cells, their passages, and
    /// the passages that leave it ([`Maze::cut`]), after [`Giant::check`].
    pub fn window(&self, generator: &dyn Generator, seed: u64, window: Window) -> Result<Maze> {
        self.window_on(generator, seed, window, 1)
    }

    /// [`Giant::window`], the chunks it touches carved on `jobs` threads (at least 1, no more
    /// than the chunks), each taking the next chunk as it is free: the same window whatever
    /// `jobs`. With more than one, a few rows of the chunks it touches are held besides the
    /// window; where the memory cannot hold them, it is made on one thread.
    pub fn window_on(
        &self,
        generator: &dyn Generator,
        seed: u64,
        window: Window,
        jobs: usize,
    ) -> Result<Maze> {
        self.check(generator, window)?;
        let region = self.region_around(window);
        let cells = match self.chunk {
            Some(side) => self.chunked_region(generator, seed, side, region, jobs)?,
            None => generator
                .region(self.width, self.height, seed, region)
                .expect("checked: the generator cuts windows")?,
        };
        let (grid, exits) = frame(cells, region, window);
        let cut = Cut {
            giant: *self,
            window,
            exits,
        };
        let maze = Maze::of_shape(
            Shape::Rect(grid),
            generator.name(),
            generator.params(),
            seed,
        );
        Ok(maze.with_cut(cut))
    }

    /// Chunk `(cx, cy)` of a chunked maze (counted in chunks from the top left) as the window
    /// of its cells, its passages to the chunks around it as [`Cut::exits`]. Its passages
    /// inside are those of the maze [`Maze::builder`] makes of its size and [`chunk_seed`].
    ///
    /// ```
    /// use mazegen::{Maze, algorithms::Backtrack, giant::{Giant, chunk_seed}, grid::Dir};
    ///
    /// let world = Giant::new(u64::MAX / 2, u64::MAX / 2, Some(32))?; // 2^63 - 1 cells a side
    /// let (cx, cy) = (1 << 40, 1 << 40);
    /// let here = world.chunk(&Backtrack::default(), 7, cx, cy)?;
    /// let east = world.chunk(&Backtrack::default(), 7, cx + 1, cy)?;
    /// // The passages that leave `here` eastward enter `east` from the west, row for row.
    /// let leaving = |chunk: &Maze, side| -> Vec<u32> {
    ///     let exits = &chunk.cut().unwrap().exits;
    ///     exits.iter().filter(|exit| exit.1 == side).map(|exit| exit.0.y).collect()
    /// };
    /// assert_eq!(leaving(&here, Dir::East), leaving(&east, Dir::West));
    /// let inside = Maze::builder()
    ///     .algorithm(Backtrack::default())
    ///     .cells(32, 32)
    ///     .seed(chunk_seed(7, cx, cy))
    ///     .build()?;
    /// assert_eq!(here.grid(), inside.grid());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn chunk(&self, generator: &dyn Generator, seed: u64, cx: u64, cy: u64) -> Result<Maze> {
        let (Some(side), Some((across, down))) = (self.chunk, self.chunks()) else {
            return Err(MazeError::NoChunks);
        };
        if cx >= across || cy >= down {
            return Err(MazeError::ChunkOutside {
                cx,
                cy,
                across,
                down,
            });
        }
        let (width, height) = self.chunk_extent(side, cx, cy);
        let window = Window {
            x: cx * u64::from(side),
            y: cy * u64::from(side),
            width,
            height,
        };
        self.window(generator, seed, window)
    }

    /// The whole chunked maze `generator` makes from `seed`, streamed: its chunks carved on
    /// `jobs` threads (at least 1), joined as [`Giant::window`] joins them, and handed out a
    /// row of cells at a time, top to bottom (with `jobs` above 1, the threads carve the next
    /// two rows of chunks while the rows are read; with one, each row of chunks is carved when
    /// the rows reach it). Its rows are those of the whole maze as a window, whatever `jobs`;
    /// it holds a few rows of chunks, `width x chunk` cells each, whatever the height, so it
    /// may have more cells than a grid.
    ///
    /// Refuses what [`Giant::check`] refuses of the generator, a maze without chunks, a row
    /// of more cells than a grid ([`MAX_CELLS`](crate::grid::MAX_CELLS)), and rows of chunks
    /// the memory cannot hold.
    ///
    /// ```
    /// use mazegen::{algorithms::Kruskal, giant::{Giant, Window}};
    ///
    /// let giant = Giant::new(40, 30, Some(8))?;
    /// let mut rows = giant.rows(&Kruskal, 5, 2)?;
    /// let whole = giant.window(&Kruskal, 5, Window { x: 0, y: 0, width: 40, height: 30 })?;
    /// let grid = whole.grid().unwrap();
    /// for y in 0..30 {
    ///     let row = rows.next_row().unwrap();
    ///     assert!((0..40).all(|x| (row[x as usize] & 1 == 1) == grid.open_east(x, y)));
    /// }
    /// assert!(rows.next_row().is_none());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn rows(&self, generator: &dyn Generator, seed: u64, jobs: usize) -> Result<MazeRows> {
        let (side, jobs) = self.check_rows(generator, jobs)?;
        let width = self.width as u32;
        let (across, down) = self.chunks().expect("checked: a chunked maze");
        let maker = BandMaker {
            giant: *self,
            generator: generator.boxed(),
            seed,
            side,
            columns: 0..across,
            rows: 0..down,
            jobs,
        };
        let source = Bands::new(maker, width)?;
        Ok(MazeRows::from_source(
            Box::new(source),
            generator,
            (width, self.height),
            seed,
            Some(side),
        ))
    }

    /// The whole chunked maze `generator` makes from `seed`, its rows of chunks carved on
    /// `jobs` threads: the window of all of it ([`Giant::window`]), whatever `jobs`.
    pub fn whole(&self, generator: &dyn Generator, seed: u64, jobs: usize) -> Result<Maze> {
        let too_wide = |side: u64| u32::try_from(side).unwrap_or(u32::MAX);
        let window = Window {
            x: 0,
            y: 0,
            width: too_wide(self.width),
            height: too_wide(self.height),
        };
        self.check(generator, window)?;
        let mut grid = Grid::new(window.width, window.height)?;
        let mut rows = self.rows(generator, seed, jobs)?;
        for y in 0..window.height {
            match rows.next_row() {
                Some(row) => grid.row_mut(y).copy_from_slice(row),
                None => return Err(rows.failure().expect("the rows ended early")),
            }
        }
        let cut = Cut {
            giant: *self,
            window,
            exits: Vec::new(),
        };
        let maze = Maze::of_shape(
            Shape::Rect(grid),
            generator.name(),
            generator.params(),
            seed,
        );
        Ok(maze.with_cut(cut))
    }

    /// Refuses before any work what [`Giant::rows`] refuses; returns the side of the chunks
    /// and the threads that would carve them (no more than the chunks they may carve at once:
    /// those of the rows of chunks carved ahead).
    pub fn check_rows(&self, generator: &dyn Generator, jobs: usize) -> Result<(u32, usize)> {
        let (Some(side), Some((across, _))) = (self.chunk, self.chunks()) else {
            return Err(MazeError::NoChunks);
        };
        self.check_generator(generator)?;
        let width = u32::try_from(self.width).unwrap_or(u32::MAX);
        MazeRows::check_size(width, self.height)?;
        let at_once = across.saturating_mul(carvers::AHEAD);
        let jobs = jobs.clamp(1, usize::try_from(at_once).unwrap_or(usize::MAX));
        // A row of cells, the rows of chunks in memory (one, or with other threads the one
        // read and two carved ahead) and each thread's chunk and scratch.
        let bands: u64 = if jobs == 1 { 1 } else { 3 };
        let band = u64::from(width) * u64::from(side);
        let chunk = u64::from(side) * u64::from(side) + generator.scratch_bytes(side, side);
        let bytes = u64::from(width) + bands * band + jobs as u64 * chunk;
        if !crate::grid::grantable(bytes) {
            return Err(MazeError::OutOfMemory {
                width,
                height: side,
                bytes,
            });
        }
        Ok((side, jobs))
    }

    /// The width and height in cells of chunk `(cx, cy)` (which must exist) of `side`-cell
    /// chunks: `side`, but along the right and bottom edges what is left of the maze.
    fn chunk_extent(&self, side: u32, cx: u64, cy: u64) -> (u32, u32) {
        let side64 = u64::from(side);
        let left = |cells: u64, chunk: u64| (cells - chunk * side64).min(side64) as u32;
        (left(self.width, cx), left(self.height, cy))
    }

    /// The window and the cells around it, within the maze: what decides its passages and
    /// those through its frame.
    fn region_around(&self, window: Window) -> Window {
        let (x, y) = (window.x.saturating_sub(1), window.y.saturating_sub(1));
        let right = (window.right() + 1).min(self.width);
        let bottom = (window.bottom() + 1).min(self.height);
        Window {
            x,
            y,
            width: (right - x) as u32,
            height: (bottom - y) as u32,
        }
    }

    /// The passages of the cells of `region` in the maze of `side`-cell chunks: every chunk
    /// it touches carved whole (on `jobs` threads), its passages and its link to the next
    /// chunk copied where both cells lie in the region.
    fn chunked_region(
        &self,
        generator: &dyn Generator,
        seed: u64,
        side: u32,
        region: Window,
        jobs: usize,
    ) -> Result<Grid> {
        let mut cells = Grid::new(region.width, region.height)?;
        let side64 = u64::from(side);
        let columns = region.x / side64..(region.right() - 1) / side64 + 1;
        let rows = region.y / side64..(region.bottom() - 1) / side64 + 1;
        let chunks = (columns.end - columns.start).saturating_mul(rows.end - rows.start);
        let jobs = jobs.clamp(1, usize::try_from(chunks).unwrap_or(usize::MAX));
        // Threads hold the rows of chunks carved ahead and the one copied, and each its chunk:
        // one thread (a chunk at a time) where the memory cannot hold them.
        let band = (columns.end - columns.start) * side64 * side64;
        let chunk = side64 * side64 + generator.scratch_bytes(side, side);
        let bytes = (1 + carvers::AHEAD) * band + jobs as u64 * chunk;
        if jobs == 1 || !crate::grid::grantable(bytes) {
            for cy in rows {
                for cx in columns.clone() {
                    let chunk = self.carve_chunk(generator, seed, side, cx, cy)?;
                    copy_chunk(&mut cells, region, side64, (cx, cy), chunk);
                }
            }
            return Ok(cells);
        }
        let maker = BandMaker {
            giant: *self,
            generator: generator.boxed(),
            seed,
            side,
            columns: columns.clone(),
            rows: rows.clone(),
            jobs,
        };
        let maker = Arc::new(maker);
        let mut carvers = Carvers::start(Arc::clone(&maker));
        for cy in rows {
            let band = match &mut carvers {
                Some(carvers) => carvers.next_band()?,
                None => maker.band(cy)?,
            };
            for (cx, chunk) in columns.clone().zip(band) {
                copy_chunk(&mut cells, region, side64, (cx, cy), chunk);
            }
        }
        Ok(cells)
    }

    /// Chunk `(cx, cy)` of `side`-cell chunks of the maze of `seed`: its cells carved by
    /// `generator` from its own seed, and its passage to the next chunk ([`Giant::link`]).
    fn carve_chunk(
        &self,
        generator: &dyn Generator,
        seed: u64,
        side: u32,
        cx: u64,
        cy: u64,
    ) -> Result<(Grid, Option<(Pos, Dir)>)> {
        let (width, height) = self.chunk_extent(side, cx, cy);
        let chunk_seed = chunk_seed(seed, cx, cy);
        let mut chunk = Grid::new(width, height)?;
        generator.carve(&mut chunk, &mut rng_from_seed(chunk_seed))?;
        let link = self.link(chunk_seed, cx, cy, width, height);
        Ok((chunk, link))
    }

    /// The passage chunk `(cx, cy)`, `width x height` cells, opens to the chunk east or south
    /// of it, as a cell of the chunk and a side; `None` for the bottom-right chunk.
    fn link(
        &self,
        chunk_seed: u64,
        cx: u64,
        cy: u64,
        width: u32,
        height: u32,
    ) -> Option<(Pos, Dir)> {
        let (across, down) = self.chunks()?;
        let mut rng = rng_for_stream(chunk_seed, LINK_STREAM);
        let mut bits = RandomBits::new(&mut rng);
        let east = match (cx + 1 == across, cy + 1 == down) {
            (true, true) => return None,
            (true, false) => false,
            (false, true) => true,
            (false, false) => bits.bit(),
        };
        Some(if east {
            (Pos::new(width - 1, bits.below(height)), Dir::East)
        } else {
            (Pos::new(bits.below(width), height - 1), Dir::South)
        })
    }
}

/// A chunk, carved: its cells and its passage to the next chunk.
type Chunk = (Grid, Option<(Pos, Dir)>);

/// A row of chunks, carved, left to right.
type Band = Vec<Chunk>;

/// What carves the chunks of a chunked maze: those of some of its columns of chunks, in some
/// of its rows of chunks.
struct BandMaker {
    giant: Giant,
    generator: Box<dyn Generator + Send + Sync>,
    seed: u64,
    side: u32,
    columns: Range<u64>,
    rows: Range<u64>,
    /// Threads carving chunks: with more than one, they carve ahead of the reader.
    jobs: usize,
}

impl BandMaker {
    /// Chunk `(cx, cy)`.
    fn carve(&self, cx: u64, cy: u64) -> Result<Chunk> {
        let generator = self.generator.as_ref();
        (self.giant).carve_chunk(generator, self.seed, self.side, cx, cy)
    }

    /// Its chunks of row `cy` of chunks, carved here.
    fn band(&self, cy: u64) -> Result<Band> {
        self.columns.clone().map(|cx| self.carve(cx, cy)).collect()
    }

    /// The height in cells of row `cy` of chunks.
    fn band_height(&self, cy: u64) -> u32 {
        self.giant.chunk_extent(self.side, 0, cy).1
    }
}

/// The rows of cells of a chunked maze, a row of chunks at a time: carved here with one job,
/// else carved ahead by `jobs` threads ([`Carvers`]).
struct Bands {
    maker: Arc<BandMaker>,
    /// The threads carving ahead, with more than one job.
    carvers: Option<Carvers>,
    /// The row of chunks being read, its number and the next row of cells in it.
    band: Band,
    cy: u64,
    y: u32,
    /// The row of cells handed out.
    row: Vec<u8>,
    failure: Option<MazeError>,
    /// No more rows: a row of chunks failed (its failure handed out or not).
    ended: bool,
}

impl Bands {
    fn new(maker: BandMaker, width: u32) -> Result<Self> {
        let maker = Arc::new(maker);
        // Carved here if no thread could be started.
        let carvers = (maker.jobs > 1)
            .then(|| Carvers::start(Arc::clone(&maker)))
            .flatten();
        Ok(Self {
            maker,
            carvers,
            band: Band::new(),
            cy: 0,
            y: 0,
            row: crate::grid::zeroed_vec(width, 1, width as usize)?,
            failure: None,
            ended: false,
        })
    }

    /// The next row of chunks, or `None` after the last or on a failure (kept).
    fn next_band(&mut self) -> Option<()> {
        let down = self.maker.rows.end;
        if self.ended || (self.cy + 1 >= down && !self.band.is_empty()) {
            return None;
        }
        if !self.band.is_empty() {
            self.cy += 1;
            // Let go before the next is taken, so that no more than three are held.
            self.band = Band::new();
        }
        let band = match &mut self.carvers {
            None => self.maker.band(self.cy),
            Some(carvers) => carvers.next_band(),
        };
        match band {
            Ok(band) => {
                self.band = band;
                self.y = 0;
                Some(())
            }
            Err(error) => {
                self.failure = Some(error);
                self.ended = true;
                // The threads stop: nothing more is read.
                self.carvers = None;
                None
            }
        }
    }
}

impl RowSource for Bands {
    fn next_row(&mut self) -> Option<&[u8]> {
        if self.band.is_empty() || self.y == self.maker.band_height(self.cy) {
            self.next_band()?;
        }
        let y = self.y;
        let mut x0 = 0;
        for (chunk, link) in &self.band {
            let width = chunk.width() as usize;
            let cells = &mut self.row[x0..x0 + width];
            cells.copy_from_slice(chunk.row(y));
            match *link {
                Some((at, Dir::East)) if at.y == y => cells[at.x as usize] |= EAST,
                Some((at, Dir::South)) if at.y == y => cells[at.x as usize] |= SOUTH,
                _ => {}
            }
            x0 += width;
        }
        self.y += 1;
        Some(&self.row)
    }

    fn failure(&mut self) -> Option<MazeError> {
        self.failure.take()
    }
}

/// The seed chunk `(cx, cy)` of a chunked maze seeded `seed` is carved from, below 2^53 like
/// every drawn seed, so that `mazegen ALGORITHM --seed S` with the chunk's size makes the same
/// passages inside it:
///
/// ```text
/// z = mix64((seed ^ CHUNKS) + (cx + 1) * GAMMA)
/// chunk seed = mix64(z + (cy + 1) * GAMMA) >> 11
/// ```
///
/// with wrapping arithmetic, `CHUNKS = 0x6368756e6b73` ("chunks") and `GAMMA` and `mix64` as
/// in [`candidate_seed`](crate::dataset::candidate_seed).
///
/// ```
/// use mazegen::giant::chunk_seed;
///
/// assert_eq!(chunk_seed(7, 0, 0), 6_693_596_364_761_615);
/// assert_ne!(chunk_seed(7, 1, 0), chunk_seed(7, 0, 1));
/// ```
pub const fn chunk_seed(seed: u64, cx: u64, cy: u64) -> u64 {
    const CHUNKS: u64 = 0x6368_756e_6b73;
    let z = mix64((seed ^ CHUNKS).wrapping_add(cx.wrapping_add(1).wrapping_mul(GOLDEN_GAMMA)));
    mix64(z.wrapping_add(cy.wrapping_add(1).wrapping_mul(GOLDEN_GAMMA))) >> 11
}

/// Copies into `cells`, the passages of `region`, those of chunk `(cx, cy)` of `side`-cell
/// chunks that lie in it, then its passage to the next chunk over them.
fn copy_chunk(cells: &mut Grid, region: Window, side: u64, (cx, cy): (u64, u64), chunk: Chunk) {
    let (chunk, link) = chunk;
    let (x0, y0) = (cx * side, cy * side);
    let (width, height) = (chunk.width(), chunk.height());
    // The chunk's cells that lie in the region (its own last column and row open nothing out
    // of it).
    let (x, y) = (region.x.max(x0), region.y.max(y0));
    let right = region.right().min(x0 + u64::from(width));
    let bottom = region.bottom().min(y0 + u64::from(height));
    cells.copy_block(
        &chunk,
        Pos::new((x - x0) as u32, (y - y0) as u32),
        Pos::new((x - region.x) as u32, (y - region.y) as u32),
        (right - x) as u32,
        (bottom - y) as u32,
    );
    if let Some((at, dir)) = link {
        copy_passage(cells, region, (x0, y0), at, dir);
    }
}

/// Opens in `cells` (the cells of `region`) the passage from cell `at` of the chunk whose
/// top-left cell is `origin` towards `dir` (east or south), if both its cells lie in the region.
fn copy_passage(cells: &mut Grid, region: Window, origin: (u64, u64), at: Pos, dir: Dir) {
    let (x, y) = (origin.0 + u64::from(at.x), origin.1 + u64::from(at.y));
    if x < region.x || y < region.y || x >= region.right() || y >= region.bottom() {
        return;
    }
    let pos = Pos::new((x - region.x) as u32, (y - region.y) as u32);
    if cells.neighbour(pos, dir).is_some() {
        cells.carve(pos, dir);
    }
}

/// The cells of `window` with their passages, and the passages through its frame, from the
/// `cells` of the `region` around it, cut down in their own memory.
fn frame(cells: Grid, region: Window, window: Window) -> (Grid, Vec<(Pos, Dir)>) {
    let (ox, oy) = ((window.x - region.x) as u32, (window.y - region.y) as u32);
    let (width, height) = (window.width, window.height);
    let mut exits = Vec::new();
    let open = |x: u32, y: u32, dir| cells.is_open(Pos::new(ox + x, oy + y), dir);
    exits.extend(
        (0..width)
            .filter(|&x| open(x, 0, Dir::North))
            .map(|x| (Pos::new(x, 0), Dir::North)),
    );
    for y in 0..height {
        if open(0, y, Dir::West) {
            exits.push((Pos::new(0, y), Dir::West));
        }
        if open(width - 1, y, Dir::East) {
            exits.push((Pos::new(width - 1, y), Dir::East));
        }
    }
    let last = height - 1;
    exits.extend(
        (0..width)
            .filter(|&x| open(x, last, Dir::South))
            .map(|x| (Pos::new(x, last), Dir::South)),
    );
    (cells.cropped(Pos::new(ox, oy), width, height), exits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::{Algorithm, Backtrack, Bias, BinaryTree, Kruskal, NoOptions};
    use crate::algorithms::{Percolation, catalogue};
    use crate::events::Observer;
    use crate::grid::Tile;
    use crate::rng::MazeRng;
    use crate::topology::check_perfect;

    /// The tile rows of `maze`.
    fn tiles(maze: &Maze) -> Vec<Vec<Tile>> {
        let mut rows = maze.tiles().unwrap();
        let mut out = Vec::new();
        while let Some((_, row)) = rows.next_row() {
            out.push(row.to_vec());
        }
        out
    }

    /// The `(2W+1) x (2H+1)` tiles of `whole` from tile `(2X, 2Y)`.
    fn region_of(whole: &[Vec<Tile>], window: Window) -> Vec<Vec<Tile>> {
        let (x, y) = (2 * window.x as usize, 2 * window.y as usize);
        let (w, h) = (
            2 * window.width as usize + 1,
            2 * window.height as usize + 1,
        );
        whole[y..y + h]
            .iter()
            .map(|row| row[x..x + w].to_vec())
            .collect()
    }

    /// Every window of a `width x height` maze, corners and sizes alike, a step apart.
    fn windows(width: u32, height: u32, step: usize) -> impl Iterator<Item = Window> {
        (0..height).step_by(step).flat_map(move |y| {
            (0..width).step_by(step).flat_map(move |x| {
                (1..=width - x).step_by(step).flat_map(move |w| {
                    (1..=height - y).step_by(step).map(move |h| Window {
                        x: x.into(),
                        y: y.into(),
                        width: w,
                        height: h,
                    })
                })
            })
        })
    }

    #[test]
    fn binary_tree_windows_are_the_region_of_the_whole_maze() {
        for bias in Bias::ALL {
            let tree = BinaryTree { bias };
            for (width, height, seed) in [(1, 1, 1), (1, 6, 2), (6, 1, 3), (9, 7, 4), (70, 5, 5)] {
                let whole = tiles(
                    &Maze::builder()
                        .generator(tree.boxed())
                        .cells(width, height)
                        .seed(seed)
                        .build()
                        .unwrap(),
                );
                let giant = Giant::new(width.into(), height.into(), None).unwrap();
                let step = if width > 20 { 3 } else { 1 };
                for window in windows(width, height, step) {
                    let cut = giant.window(&tree, seed, window).unwrap();
                    assert_eq!(
                        tiles(&cut),
                        region_of(&whole, window),
                        "{bias:?} {width}x{height} {window:?}"
                    );
                }
            }
        }
    }

    /// Chunked mazes' widths, heights and chunk sides, in cells: among them chunks of one cell,
    /// a maze of one chunk, and a maze one chunk wide (carved ahead on threads all the same).
    const SIZES: [(u64, u64, u32); 6] = [
        (1, 1, 1),
        (7, 5, 1),
        (7, 5, 3),
        (12, 9, 4),
        (5, 8, 16),
        (3, 40, 4),
    ];

    #[test]
    fn chunked_mazes_are_perfect() {
        for generator in catalogue() {
            for (width, height, chunk) in SIZES {
                let giant = Giant::new(width, height, Some(chunk)).unwrap();
                let all = Window {
                    x: 0,
                    y: 0,
                    width: width as u32,
                    height: height as u32,
                };
                let maze = giant.window(generator.as_ref(), 3, all).unwrap();
                let cut = maze.cut().unwrap();
                assert!(cut.exits.is_empty(), "the whole maze has no exits");
                let Shape::Rect(grid) = maze.shape() else {
                    panic!("windows are rectangles")
                };
                let name = generator.name();
                assert_eq!(
                    check_perfect(grid),
                    Ok(()),
                    "{name} {width}x{height} in {chunk}-cell chunks"
                );
            }
        }
    }

    #[test]
    fn streamed_chunked_mazes_are_the_whole_maze_on_any_number_of_threads() {
        for generator in catalogue() {
            for (width, height, chunk) in SIZES {
                let giant = Giant::new(width, height, Some(chunk)).unwrap();
                let all = Window {
                    x: 0,
                    y: 0,
                    width: width as u32,
                    height: height as u32,
                };
                let maze = giant.window(generator.as_ref(), 6, all).unwrap();
                let grid = maze.grid().unwrap();
                let name = generator.name();
                for jobs in [1, 2, 3, 64] {
                    let whole = giant.whole(generator.as_ref(), 6, jobs).unwrap();
                    assert_eq!(whole, maze, "{name} {width}x{height}/{chunk} {jobs}");
                    let mut rows = giant.rows(generator.as_ref(), 6, jobs).unwrap();
                    assert_eq!(rows.chunk_side(), Some(chunk));
                    for y in 0..height as u32 {
                        let row = rows.next_row().unwrap();
                        assert_eq!(
                            row,
                            grid.row(y),
                            "{name} {width}x{height}/{chunk} {jobs} {y}"
                        );
                    }
                    assert_eq!(rows.next_row(), None);
                    assert_eq!(rows.failure(), None);
                }
            }
        }
    }

    #[test]
    fn streamed_chunked_mazes_may_outgrow_a_grid_and_stop_when_dropped() {
        // 2^31 cells: more than a grid holds, a few rows of chunks in memory.
        let giant = Giant::new(1 << 16, 1 << 15, Some(16)).unwrap();
        let mut rows = giant.rows(&Backtrack::default(), 1, 2).unwrap();
        assert_eq!(rows.next_row().map(<[u8]>::len), Some(1 << 16));
        drop(rows);
        assert_eq!(
            Giant::new(5, 5, None).unwrap().rows(&Kruskal, 1, 1).err(),
            Some(MazeError::NoChunks)
        );
        assert!(matches!(
            Giant::new(MAX_SIDE, 5, Some(4))
                .unwrap()
                .rows(&Kruskal, 1, 1),
            Err(MazeError::TooLarge { height: 1, .. })
        ));
        assert!(matches!(
            Giant::new(20, 20, Some(4))
                .unwrap()
                .rows(&Percolation::default(), 1, 1),
            Err(MazeError::WindowUnsupported { .. })
        ));
    }

    /// Carves as the backtracker does, but fails on the bottom-right chunk of a 10x9-cell
    /// maze of 4-cell chunks (the only 2x1-cell one): with an error, or a panic.
    #[derive(Clone)]
    struct Fragile {
        panics: bool,
    }

    impl Algorithm for Fragile {
        const NAME: &'static str = "fragile";
        type Params = NoOptions;

        fn params(&self) -> NoOptions {
            NoOptions {}
        }

        fn scratch_bytes(&self, width: u32, height: u32) -> u64 {
            Algorithm::scratch_bytes(&Backtrack::default(), width, height)
        }

        fn run<O: Observer + ?Sized>(
            &self,
            grid: &mut Grid,
            rng: &mut MazeRng,
            o: &mut O,
        ) -> Result<()> {
            match (grid.width(), grid.height()) {
                (2, 1) if self.panics => panic!("the last chunk breaks"),
                (2, 1) => Err(MazeError::OutOfMemory {
                    width: 2,
                    height: 1,
                    bytes: 2,
                }),
                _ => Backtrack::default().run(grid, rng, o),
            }
        }
    }

    #[test]
    fn a_chunk_that_fails_stops_the_rows_there_on_any_number_of_threads() {
        let giant = Giant::new(10, 9, Some(4)).unwrap();
        for jobs in [1, 2, 3] {
            let mut rows = giant.rows(&Fragile { panics: false }, 3, jobs).unwrap();
            // The two rows of chunks above it are handed out, and no more.
            for _ in 0..8 {
                assert!(rows.next_row().is_some(), "{jobs} jobs");
            }
            assert_eq!(rows.next_row(), None, "{jobs} jobs");
            assert!(matches!(
                rows.failure(),
                Some(MazeError::OutOfMemory { width: 2, .. })
            ));
            // Ended for good, the failure told once.
            assert_eq!(rows.next_row(), None, "{jobs} jobs");
            assert_eq!(rows.failure(), None);
            let mut rows = giant.rows(&Fragile { panics: true }, 3, jobs).unwrap();
            let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                while rows.next_row().is_some() {}
            }));
            let panic = read.expect_err("the carving panic reaches the reader");
            assert_eq!(panic.downcast_ref::<&str>(), Some(&"the last chunk breaks"));
        }
    }

    #[test]
    fn chunked_windows_are_the_region_of_the_whole_maze() {
        let generator = Backtrack::default();
        let (width, height) = (11, 9);
        for chunk in [1, 2, 4, 5] {
            let giant = Giant::new(width.into(), height.into(), Some(chunk)).unwrap();
            let all = Window {
                x: 0,
                y: 0,
                width,
                height,
            };
            let whole = tiles(&giant.window(&generator, 8, all).unwrap());
            for window in windows(width, height, 2) {
                let cut = giant.window(&generator, 8, window).unwrap();
                assert_eq!(tiles(&cut), region_of(&whole, window), "{chunk} {window:?}");
                // Its chunks carved on threads: the same window.
                for jobs in [2, 3, 64] {
                    let on = giant.window_on(&generator, 8, window, jobs).unwrap();
                    assert_eq!(on, cut, "{chunk} {window:?} {jobs} jobs");
                }
            }
        }
    }

    #[test]
    fn overlapping_windows_far_out_agree() {
        let giant = Giant::new(MAX_SIDE, MAX_SIDE, Some(7)).unwrap();
        let far = MAX_SIDE - 40;
        let (a, b) = (
            Window {
                x: far,
                y: far + 3,
                width: 30,
                height: 20,
            },
            Window {
                x: far + 11,
                y: far,
                width: 29,
                height: 25,
            },
        );
        for generator in [&Kruskal as &dyn Generator, &BinaryTree::default()] {
            let giant = if generator.name() == "binary-tree" {
                Giant {
                    chunk: None,
                    ..giant
                }
            } else {
                giant
            };
            let (ta, tb) = (
                tiles(&giant.window(generator, 2, a).unwrap()),
                tiles(&giant.window(generator, 2, b).unwrap()),
            );
            // The common cells x far+11..far+30, y far+3..far+20 in both, as tiles.
            for ty in 0..=2 * 17 {
                for tx in 0..=2 * 19 {
                    assert_eq!(
                        ta[ty][22 + tx],
                        tb[6 + ty][tx],
                        "{} {tx},{ty}",
                        generator.name()
                    );
                }
            }
        }
    }

    #[test]
    fn a_chunk_is_its_seed_s_maze_joined_to_its_neighbours() {
        let giant = Giant::new(50, 23, Some(10)).unwrap();
        assert_eq!(giant.chunks(), Some((5, 3)));
        let generator = Backtrack::default();
        let mut joins = 0;
        for cy in 0..3 {
            for cx in 0..5 {
                let chunk = giant.chunk(&generator, 4, cx, cy).unwrap();
                let grid = chunk.grid().unwrap();
                let own = Maze::builder()
                    .generator(generator.boxed())
                    .cells(grid.width(), grid.height())
                    .seed(chunk_seed(4, cx, cy))
                    .build();
                assert_eq!(Some(grid), own.unwrap().grid(), "{cx},{cy}");
                joins += chunk.cut().unwrap().exits.len();
            }
        }
        // Each of 14 links counted from both chunks it joins.
        assert_eq!(joins, 2 * 14);
        assert_eq!(
            giant.chunk(&generator, 4, 5, 0),
            Err(MazeError::ChunkOutside {
                cx: 5,
                cy: 0,
                across: 5,
                down: 3
            })
        );
    }

    #[test]
    fn links_toss_a_fair_coin_and_land_anywhere_along_the_side() {
        // 100 x 100 chunks of 4 cells: 99 x 99 chunks toss the coin.
        let giant = Giant::new(400, 400, Some(4)).unwrap();
        let (mut east, mut places) = (0u32, [0u32; 4]);
        for cy in 0..99 {
            for cx in 0..99 {
                let (at, dir) = giant.link(chunk_seed(9, cx, cy), cx, cy, 4, 4).unwrap();
                east += u32::from(dir == Dir::East);
                places[if dir == Dir::East { at.y } else { at.x } as usize] += 1;
            }
        }
        let tosses = 99.0 * 99.0;
        let sd = (tosses * 0.25_f64).sqrt();
        assert!(
            (f64::from(east) - tosses / 2.0).abs() < 4.5 * sd,
            "{east} of {tosses}"
        );
        let expected = tosses / 4.0;
        let chi2: f64 = places
            .iter()
            .map(|&n| (f64::from(n) - expected).powi(2) / expected)
            .sum();
        // 3 degrees of freedom: 16.3 is the 0.1% point.
        assert!(chi2 < 16.3, "{places:?}");
        // Along the last column and row the link is forced.
        assert_eq!(
            giant.link(chunk_seed(9, 99, 5), 99, 5, 4, 4).map(|l| l.1),
            Some(Dir::South)
        );
        assert_eq!(
            giant.link(chunk_seed(9, 5, 99), 5, 99, 4, 4).map(|l| l.1),
            Some(Dir::East)
        );
        assert_eq!(giant.link(chunk_seed(9, 99, 99), 99, 99, 4, 4), None);
    }

    #[test]
    fn what_cannot_be_cut_is_refused() {
        let giant = Giant::new(20, 20, None).unwrap();
        let window = Window {
            x: 15,
            y: 0,
            width: 6,
            height: 3,
        };
        assert!(matches!(
            giant.window(&BinaryTree::default(), 1, window),
            Err(MazeError::WindowOutside { .. })
        ));
        let inside = Window { width: 5, ..window };
        assert!(matches!(
            giant.window(&Kruskal, 1, inside),
            Err(MazeError::WindowUnsupported { .. })
        ));
        let chunked = Giant::new(20, 20, Some(4)).unwrap();
        assert!(matches!(
            chunked.window(&Percolation::default(), 1, inside),
            Err(MazeError::WindowUnsupported { .. })
        ));
        assert!(matches!(
            Giant::new(0, 5, None),
            Err(MazeError::GiantSide { cells: 0, .. })
        ));
        assert!(matches!(
            Giant::new(5, 5, Some(1 << 16)),
            Err(MazeError::ChunkSide { .. })
        ));
        assert_eq!(giant.chunk(&Kruskal, 1, 0, 0), Err(MazeError::NoChunks));
    }

    #[test]
    fn a_window_is_solved_within_itself_or_refused() {
        let giant = Giant::new(1000, 1000, None).unwrap();
        let window = Window {
            x: 500,
            y: 500,
            width: 6,
            height: 6,
        };
        let mut maze = giant.window(&BinaryTree::default(), 1, window).unwrap();
        let grid = maze.grid().unwrap().clone();
        let goal = Pos::new(5, 5);
        let reach = crate::topology::Distances::from(&grid, goal).unwrap();
        let (joined, cut_off): (Vec<Pos>, Vec<Pos>) = (0..35)
            .map(|i| grid.pos(i))
            .partition(|&pos| reach.to(pos).is_some());
        // A window of a binary tree is a forest: some cells join the goal within it, others
        // only through cells outside.
        assert!(!joined.is_empty() && !cut_off.is_empty());
        maze.set_endpoints(cut_off[0], goal).unwrap();
        assert_eq!(
            maze.solve(),
            Err(MazeError::NoPathInWindow {
                start: cut_off[0],
                goal
            })
        );
        maze.set_endpoints(joined[0], goal).unwrap();
        maze.solve().unwrap();
        assert_eq!(
            maze.solution().unwrap().len() as u32,
            reach.to(joined[0]).unwrap() + 1
        );
        assert!(
            maze.braid_with(crate::Probability::new(0.5).unwrap())
                .is_err()
        );
        assert!(maze.open_border().is_err());
    }
}
