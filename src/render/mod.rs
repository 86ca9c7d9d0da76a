//! Output formats, one file each, all behind the [`Render`] interface.
//!
//! Renderers know nothing about algorithms: they read a model (a [`Maze`] or a [`RoomMap`](crate::rooms::RoomMap))
//! and write bytes. Each declares what its format takes (`TAKES`, a [`Takes`]: shapes, many
//! mazes, pictures, figures, seeds), which callers consult instead of naming formats. `term` and `text` draw the tiles of either with the same code, each kind of
//! tile having its color and glyphs (`TileStyle`); hexagons, triangles and rings they draw in
//! half blocks from the pixels of the line pictures (`lines/blocks.rs`).

mod arrays;
mod caves_json;
mod dot;
mod dungeon;
mod graph;
mod html;
mod ink;
mod json;
mod jsonl;
mod ldtk;
mod lines;
mod npy;
mod pdf;
mod png;
mod rooms_json;
mod rooms_picture;
mod style;
mod svg;
mod takes;
mod term;
mod text;
mod tiled;
mod tokens;
mod uvtt;

pub use arrays::{ArrayParts, ArrayPiece, Arrays, CELL_DTYPE, NamedArray, Npz, cell_bytes};
pub use dot::Dot;
pub use graph::Graph;
pub use html::Html;
pub use ink::{Ink, MAX_SCALE, Palette, Picture, Rgb, Style};
pub use json::Json;
pub(crate) use json::{level_openings, level_path};
pub use jsonl::Jsonl;
pub use ldtk::Ldtk;
pub use lines::term_scale;
pub use npy::{NpyConnections, NpyTiles, header as npy_header};
pub use pdf::{BookMaze, Paper, Pdf};
pub use png::Png;
pub use svg::Svg;
pub use takes::{Many, Takes};
pub use term::Term;
pub use text::Text;
pub use tiled::{TILESET_IMAGE, Tiled, write_tileset_image};
pub use tokens::Tokens;
pub use uvtt::Uvtt;

use crate::grid::{
    Tile, draw_below_line, draw_cell_line, draw_wall_line, empty_vec, runs_through_cells,
};
use crate::level::{Level, TileMap};
use crate::maze::{Maze, MazeTiles};
use crate::stream::MazeRows;
use std::io::{self, Write};

/// Writes a model, a [`Maze`] unless said otherwise, in one output format.
pub trait Render<M: ?Sized = Maze> {
    /// Writes `model` to `out`. Callers pass a buffered writer; renderers write whole lines.
    fn render(&self, model: &M, out: &mut dyn Write) -> io::Result<()>;

    /// This renderer as one that writes a streamed maze, if its format and options can be
    /// written in order (`term`, `text`, `json` and `png`, without a heat map or figures).
    fn streams(&self) -> Option<&dyn RenderRows> {
        None
    }

    /// For a format that writes many mazes as one array ([`Many::Array`]), the array's element
    /// type and the shape of one maze of `width x height` cells, for the header written first.
    fn array(&self, width: u32, height: u32) -> Option<ArrayLayout> {
        let _ = (width, height);
        None
    }
}

/// An array's element type (a NumPy `descr`, e.g. `|u1`) and the shape of one maze in it.
pub type ArrayLayout = (&'static str, Vec<u64>);

/// Writes a maze streamed row by row ([`MazeRows`]), holding a row at a time: byte for byte
/// what [`Render`] writes for the same maze generated whole.
pub trait RenderRows {
    /// Writes the maze of `rows`, taking its rows as it goes.
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()>;
}

/// Tile rows of a maze drawn in a format's own characters: from a whole maze (its solution
/// and openings drawn in) or from a stream.
trait DrawRows {
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
struct StreamTiles<'a> {
    rows: &'a mut MazeRows,
    /// The row of cells the last tile row ran through.
    cells: Vec<u8>,
    next: u64,
}

impl<'a> StreamTiles<'a> {
    /// Reserves the copy of a row of cells first.
    fn new(rows: &'a mut MazeRows) -> crate::Result<Self> {
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

/// Rows of tiles from top to bottom, each with its number, borrowed until the next is asked
/// for.
trait TileRowSource {
    /// The kind of tile.
    type Tile: Copy;
    /// The next row and its number, or `None` after the last one.
    fn next_row(&mut self) -> Option<(u64, &[Self::Tile])>;
}

impl TileRowSource for MazeTiles<'_> {
    type Tile = Tile;

    fn next_row(&mut self) -> Option<(u64, &[Tile])> {
        MazeTiles::next_row(self)
    }
}

/// The rows of a room map's [`TileMap`].
impl<T: Copy> TileRowSource for std::iter::Enumerate<std::slice::Chunks<'_, T>> {
    type Tile = T;

    fn next_row(&mut self) -> Option<(u64, &[T])> {
        self.next().map(|(y, row)| (y as u64, row))
    }
}

/// The tile map of `map`, or an error for a map generated without a layout.
fn tiles_of(map: &impl Level) -> io::Result<TileMap> {
    map.tile_map().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "this room map was generated without a tile map to draw",
        )
    })
}

/// Writes `rows` one line per tile row, `draw` turning a row (its number and tiles) into the
/// bytes of that line (without the newline).
fn write_tile_lines<S: TileRowSource>(
    mut rows: S,
    out: &mut dyn Write,
    mut draw: impl FnMut(u64, &[S::Tile], &mut Vec<u8>),
) -> io::Result<()> {
    let mut line = Vec::new();
    while let Some((y, row)) = rows.next_row() {
        line.clear();
        draw(y, row, &mut line);
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}
