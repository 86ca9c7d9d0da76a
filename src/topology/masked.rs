//! A rectangle with cells masked off: the maze fills exactly the cells a mask leaves on.

use super::Topology;
use super::geometry::{Geometry, Point};
use crate::grid::{Cursor, Dir, Grid, MazeError, Pos, Result};
use crate::rng::{MazeRng, RandomBits, uniform};
use std::io::{self, Read};

/// Which cells of a `width x height` rectangle are on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mask {
    width: u32,
    height: u32,
    on: Vec<bool>,
}

impl Mask {
    /// A mask of `width x height` cells, `on[y * width + x]` saying whether cell (x, y) is on.
    /// Refuses a mask without cells, or whose cells are not all connected (naming a cell of a
    /// second region).
    pub fn new(width: u32, height: u32, on: Vec<bool>) -> Result<Self> {
        if on.len() as u64 != u64::from(width) * u64::from(height) {
            return Err(MazeError::InvalidMask(format!(
                "{} flags for a {width}x{height}-cell mask, which needs one per cell",
                on.len()
            )));
        }
        let grid = Grid::new(width, height)?;
        let first = on.iter().position(|&o| o).ok_or(MazeError::EmptyShape)?;
        // Every cell on must be reached from the first.
        let seen = flood(&grid, first, |_, _, j| on[j]);
        if let Some(lost) = (0..on.len()).find(|&i| on[i] && !seen[i]) {
            let (a, b) = (grid.pos(first), grid.pos(lost));
            return Err(MazeError::DisconnectedMask {
                x: b.x,
                y: b.y,
                first_x: a.x,
                first_y: a.y,
            });
        }
        Ok(Self { width, height, on })
    }

    /// A mask from text, one line per row and one character per cell: `X` and `#` are off, any
    /// other character on. Short lines are padded with cells off; trailing empty lines are
    /// ignored.
    pub fn from_text(text: &str) -> Result<Self> {
        let rows = || {
            text.trim_end_matches(['\n', '\r'])
                .lines()
                .map(|line| line.trim_end_matches('\r'))
        };
        // Sized first, then filled: one byte a cell besides the text.
        let width = rows().map(|row| row.chars().count()).max().unwrap_or(0);
        let height = rows().count();
        let (w, h) = (
            u32::try_from(width).unwrap_or(u32::MAX),
            u32::try_from(height).unwrap_or(u32::MAX),
        );
        super::check_cells(width as u64 * height as u64)?;
        let mut on = vec![false; width * height];
        for (y, row) in rows().enumerate() {
            for (x, c) in row.chars().enumerate() {
                on[y * width + x] = c != 'X' && c != '#';
            }
        }
        Self::new(w, h, on)
    }

    /// Reads a mask from `input` (a file, a pipe, a device) as [`Mask::from_bytes`] reads its
    /// bytes, refusing it as soon as what has come shows it is none: text with a control
    /// character (a NUL from `/dev/zero`) or bytes that are not UTF-8 (`/dev/urandom`), text of
    /// more cells than a shape may have ([`MAX_SHAPE_CELLS`](super::MAX_SHAPE_CELLS)), or a PNG
    /// whose header says as much or that runs past the bytes its pixels could take. Memory
    /// stays within what a mask of that many cells needs.
    pub fn read(mut input: impl Read) -> Result<Self> {
        let mut bytes = Vec::new();
        let mut text = TextSoFar::default();
        let mut chunk = vec![0; 1 << 16];
        loop {
            let read = match input.read(&mut chunk) {
                Ok(0) => break,
                Ok(read) => read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(MazeError::InvalidMask(format!("cannot read it: {error}")));
                }
            };
            bytes.extend_from_slice(&chunk[..read]);
            if bytes.starts_with(&PNG_SIGNATURE[..bytes.len().min(PNG_SIGNATURE.len())]) {
                check_png_so_far(&bytes)?;
            } else {
                text.check(&bytes)?;
            }
        }
        Self::from_bytes(&bytes)
    }

    /// A mask from a file's bytes: a PNG (one pixel per cell; dark, luma below 128, or
    /// transparent, alpha below 128, pixels off), else UTF-8 text as [`Mask::from_text`] reads.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        if bytes.starts_with(PNG_SIGNATURE) {
            return Self::from_png(bytes);
        }
        // The rules `read` applies as the bytes come, so both read the same masks.
        TextSoFar::default().check(bytes)?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            MazeError::InvalidMask(format!(
                "neither a PNG nor UTF-8 text (invalid byte at offset {})",
                e.valid_up_to()
            ))
        })?;
        Self::from_text(text)
    }

    /// A mask from a PNG image, one pixel per cell: pixels with luma below 128 or alpha below
    /// 128 are off.
    pub fn from_png(bytes: &[u8]) -> Result<Self> {
        let invalid =
            |e: png::DecodingError| MazeError::InvalidMask(format!("unreadable PNG: {e}"));
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        // Palettes expanded, 16-bit samples cut to 8: every image is gray or RGB, maybe alpha.
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().map_err(invalid)?;
        let (width, height) = (reader.info().width, reader.info().height);
        super::check_cells(u64::from(width) * u64::from(height))?;
        // Deflate packs at most 1032 bytes into one: a header claiming more pixels than the
        // file's bytes can carry is refused before its pixels' memory is taken.
        let least = reader.info().raw_bytes() as u64 / DEFLATE_MOST_RATIO;
        if (bytes.len() as u64) < least {
            return Err(MazeError::InvalidMask(format!(
                "a {width}x{height} PNG needs at least {least} bytes of pixel data, and the file has {}",
                bytes.len()
            )));
        }
        let size = reader.output_buffer_size().ok_or_else(|| {
            MazeError::InvalidMask(format!("a {width}x{height} PNG is too large to decode"))
        })?;
        let mut pixels = Vec::new();
        pixels
            .try_reserve_exact(size)
            .map_err(|_| MazeError::OutOfMemory {
                width,
                height,
                bytes: size as u64,
            })?;
        pixels.resize(size, 0);
        let frame = reader.next_frame(&mut pixels).map_err(invalid)?;
        let channels = frame.color_type.samples();
        let on = pixels[..frame.buffer_size()]
            .chunks_exact(frame.line_size)
            .flat_map(|row| row.chunks_exact(channels).take(width as usize))
            .map(|p| {
                let (luma, alpha) = match *p {
                    [g] => (u32::from(g), 255),
                    [g, a] => (u32::from(g), a),
                    [r, g, b] => (luma(r, g, b), 255),
                    [r, g, b, a, ..] => (luma(r, g, b), a),
                    [] => (0, 0),
                };
                luma >= 128 && alpha >= 128
            })
            .collect();
        Self::new(width, height, on)
    }

    /// Width in cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// Whether cell (x, y) is on.
    pub fn is_on(&self, pos: Pos) -> bool {
        pos.is_within(self.width, self.height)
            && self.on[pos.y as usize * self.width as usize + pos.x as usize]
    }

    /// The number of cells on.
    pub fn cell_count(&self) -> usize {
        self.on.iter().filter(|&&o| o).count()
    }

    /// Whether each cell of row `y` is on, west to east.
    pub fn row(&self, y: u32) -> &[bool] {
        let w = self.width as usize;
        &self.on[y as usize * w..(y as usize + 1) * w]
    }

    /// Each row as text, `.` for a cell on and `X` for one off: what [`Mask::from_text`] reads
    /// back.
    pub fn text_rows(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.height).map(|y| {
            let glyph = |&on: &bool| if on { '.' } else { 'X' };
            self.row(y).iter().map(glyph).collect()
        })
    }

    /// The first cell on, in reading order.
    pub fn first_cell(&self) -> Pos {
        self.pos(self.on.iter().position(|&o| o).expect("a mask has cells"))
    }

    /// The last cell on, in reading order.
    pub fn last_cell(&self) -> Pos {
        self.pos(self.on.iter().rposition(|&o| o).expect("a mask has cells"))
    }

    /// The position of cell `i` in reading order.
    fn pos(&self, i: usize) -> Pos {
        Pos::new(
            (i % self.width as usize) as u32,
            (i / self.width as usize) as u32,
        )
    }
}

/// The cells of `grid` reached from cell `from`, a flag each, stepping from a cell (at a
/// cursor) through a direction to a neighbour wherever `step` allows.
fn flood(grid: &Grid, from: usize, step: impl Fn(&Cursor, Dir, usize) -> bool) -> Vec<bool> {
    let mut seen = vec![false; grid.cell_count()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(i) = stack.pop() {
        let cursor = Cursor::at(grid, i);
        for dir in Dir::ALL {
            if let Some(j) = cursor.neighbour(dir)
                && !seen[j]
                && step(&cursor, dir, j)
            {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// The bytes every PNG file starts with.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Refuses the start of a PNG, `bytes`, once its header (IHDR, bytes 16 to 24) gives more
/// pixels than a shape may have cells, or once it is longer than its pixels could make it: 8
/// bytes a pixel (16-bit RGBA) and a filter byte a row, stored without compression, with 1%
/// for blocks and 16 MiB for chunks besides (colour profiles, metadata).
/// The most bytes deflate can unpack from one: a 258-byte match in as few as 2 bits.
const DEFLATE_MOST_RATIO: u64 = 1032;

fn check_png_so_far(bytes: &[u8]) -> Result<()> {
    // Every PNG opens with its header chunk: without it, nothing after says how far to read.
    if bytes.get(12..16).is_some_and(|name| name != b"IHDR") {
        return Err(MazeError::InvalidMask(
            "unreadable PNG: its first chunk is not the IHDR header".into(),
        ));
    }
    let Some(header) = bytes.get(16..24) else {
        return Ok(());
    };
    let width = u64::from(u32::from_be_bytes([
        header[0], header[1], header[2], header[3],
    ]));
    let height = u64::from(u32::from_be_bytes([
        header[4], header[5], header[6], header[7],
    ]));
    super::check_cells(width * height)?;
    let most = (width * height * 8 + height) / 100 * 101 + (16 << 20);
    if bytes.len() as u64 > most {
        return Err(MazeError::InvalidMask(format!(
            "a {width}x{height} PNG runs past the {most} bytes its pixels could take"
        )));
    }
    Ok(())
}

/// What [`Mask::read`] knows of a text mask as its bytes come: how far they are checked, and
/// the rows and widest row so far.
#[derive(Default)]
struct TextSoFar {
    checked: usize,
    rows: u64,
    width: u64,
    row: u64,
}

impl TextSoFar {
    /// Checks the bytes that came since the last call (all of them `bytes`): UTF-8 without
    /// control characters but tabs and line ends, and no more cells than a shape may have.
    fn check(&mut self, bytes: &[u8]) -> Result<()> {
        let new = &bytes[self.checked..];
        let valid = match std::str::from_utf8(new) {
            Ok(text) => text,
            // A character cut at the end of the bytes so far: checked when the rest comes.
            Err(error) if error.error_len().is_none() => {
                std::str::from_utf8(&new[..error.valid_up_to()]).unwrap_or_default()
            }
            Err(error) => {
                return Err(MazeError::InvalidMask(format!(
                    "neither a PNG nor UTF-8 text (invalid byte at offset {})",
                    self.checked + error.valid_up_to()
                )));
            }
        };
        for (offset, c) in valid.char_indices() {
            if c == '\n' {
                self.rows += 1;
                self.row = 0;
            } else if c == '\r' {
                // A line's end (CRLF), not a cell: `from_text` trims it.
            } else if c.is_control() && c != '\t' {
                return Err(MazeError::InvalidMask(format!(
                    "a text mask has no control characters, and byte {} is {:?}",
                    self.checked + offset,
                    c
                )));
            } else {
                self.row += 1;
                self.width = self.width.max(self.row);
            }
        }
        self.checked += valid.len();
        // The rows so far, the one being read included; a file of empty lines is as many
        // cells as lines.
        let rows = self.rows + u64::from(self.row > 0);
        super::check_cells(rows.saturating_mul(self.width.max(1)).max(1))
    }
}

/// The luma of an sRGB colour, 0 to 255 (Rec. 601 weights, in integers).
fn luma(r: u8, g: u8, b: u8) -> u32 {
    (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000
}

/// A rectangle's grid with only a [`Mask`]'s cells in the maze: the rectangle's layout, sides
/// and events, neighbours limited to cells on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Masked {
    grid: Grid,
    mask: Mask,
    cells: usize,
}

impl Masked {
    /// The maze of `mask`'s cells, every wall standing.
    pub fn new(mask: Mask) -> Result<Self> {
        let grid = Grid::new(mask.width, mask.height)?;
        let cells = mask.cell_count();
        Ok(Self { grid, mask, cells })
    }

    /// The grid underneath: cells off the mask have no passages.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The mask.
    pub fn mask(&self) -> &Mask {
        &self.mask
    }

    /// Splits into the grid and the mask.
    pub fn into_parts(self) -> (Grid, Mask) {
        (self.grid, self.mask)
    }

    /// The maze of the cells of `grid` reached from cell `from` through its passages, as a mask;
    /// the passages of every other cell are closed.
    pub(crate) fn reached(mut grid: Grid, from: usize) -> Result<Self> {
        let on = flood(&grid, from, |cursor, dir, _| {
            grid.is_open(cursor.pos(), dir)
        });
        for i in (0..on.len()).filter(|&i| !on[i]) {
            for dir in Dir::ALL {
                if Cursor::at(&grid, i).neighbour(dir).is_some() {
                    grid.close_at(i, dir);
                }
            }
        }
        let mask = Mask::new(grid.width(), grid.height(), on)?;
        Ok(Self::from_parts(grid, mask))
    }

    /// Joins a grid carved on `mask`'s cells (see [`Masked::into_parts`]) and the mask.
    pub(crate) fn from_parts(grid: Grid, mask: Mask) -> Self {
        debug_assert_eq!((grid.width(), grid.height()), (mask.width, mask.height));
        let cells = mask.cell_count();
        Self { grid, mask, cells }
    }
}

impl Topology for Masked {
    type Side = Dir;
    type Cursor = Cursor;
    type Sides = [u8; 4];

    const SIDES: usize = 4;
    /// North, east, south, west: clockwise, the same way on every cell.
    const HEADINGS: bool = true;
    const NAME: &'static str = "mask";
    const OWNED: usize = 2;
    const OPENINGS: [&'static [u8]; 2] = super::rect::OPENINGS;

    fn slots(&self) -> usize {
        self.grid.cell_count()
    }

    fn cell_count(&self) -> usize {
        self.cells
    }

    #[inline(always)]
    fn is_cell(&self, i: usize) -> bool {
        self.mask.on[i]
    }

    fn extent(&self) -> (u32, u32) {
        (self.grid.width(), self.grid.height())
    }

    /// Draws cells of the rectangle until one is on.
    fn random_cell(&self, rng: &mut MazeRng) -> usize {
        loop {
            let i = uniform(rng, 0..self.slots() as u32) as usize;
            if self.mask.on[i] {
                return i;
            }
        }
    }

    #[inline(always)]
    fn cursor(&self, i: usize) -> Cursor {
        Cursor::at(&self.grid, i)
    }

    #[inline(always)]
    fn index(cursor: &Cursor) -> usize {
        cursor.i
    }

    #[inline(always)]
    fn neighbour(&self, cursor: &Cursor, side: usize) -> Option<usize> {
        cursor
            .neighbour(Dir::from_side(side))
            .filter(|&j| self.mask.on[j])
    }

    #[inline(always)]
    fn step(&self, cursor: &mut Cursor, side: usize) -> usize {
        self.grid.step(cursor, side)
    }

    /// Draws two bits per try, as on the rectangle, retrying sides that leave the grid or
    /// the mask.
    #[inline(always)]
    fn random_step(&self, cursor: &mut Cursor, bits: &mut RandomBits<'_, MazeRng>) -> usize {
        loop {
            let mut next = *cursor;
            let dir = Dir::ALL[bits.bits(2) as usize];
            if next.try_step(dir) && self.mask.on[next.i] {
                *cursor = next;
                return dir as usize;
            }
        }
    }

    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)> {
        self.grid.owned_side(i, k).filter(|&(_, j)| self.mask.on[j])
    }

    #[inline(always)]
    fn carve(&mut self, i: usize, side: usize) {
        self.grid.carve_at(i, Dir::from_side(side));
    }

    fn close(&mut self, i: usize, side: usize) {
        self.grid.close_at(i, Dir::from_side(side));
    }

    fn is_open(&self, i: usize, side: usize) -> bool {
        Topology::is_open(&self.grid, i, side)
    }

    #[inline(always)]
    fn cell(&self, cursor: &Cursor) -> Pos {
        cursor.pos()
    }

    fn locate(&self, pos: Pos) -> Option<usize> {
        self.mask.is_on(pos).then(|| self.grid.index(pos))
    }

    fn side(side: usize) -> Dir {
        Dir::from_side(side)
    }
}

impl Geometry for Masked {
    fn bounds(&self) -> (f64, f64) {
        self.grid.bounds()
    }

    fn centre(&self, i: usize) -> Point {
        self.grid.centre(i)
    }

    fn outline(&self, i: usize) -> Vec<Point> {
        self.grid.outline(i)
    }

    fn wall_line(&self, i: usize, side: usize) -> Vec<Point> {
        self.grid.wall_line(i, side)
    }
}
