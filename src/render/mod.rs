//! Output formats, one file each, all behind the [`Render`] interface.
//!
//! Renderers know nothing about algorithms: they read a model (a [`Maze`] or a [`RoomMap`])
//! and write bytes. `term` and `text` draw tile pictures of either through one piece of code:
//! each kind of tile ([`Tile`] of a maze, [`MapTile`] of a room map) has its color and glyphs
//! (`TileLook`).

mod dot;
mod json;
mod rooms_json;
mod term;
mod text;

pub use dot::Dot;
pub use json::{Json, MAZE_SCHEMA};
pub use rooms_json::ROOMS_SCHEMA;
pub use term::Term;
pub use text::Text;

use crate::grid::{Tile, TileRows};
use crate::maze::Maze;
use crate::rooms::{MapTile, RoomMap, TileMap};
use crossterm::style::Color;
use std::io::{self, Write};

/// Writes a model, a [`Maze`] unless said otherwise, in one output format.
pub trait Render<M: ?Sized = Maze> {
    /// Writes `model` to `out`. Callers pass a buffered writer; renderers write whole lines.
    fn render(&self, model: &M, out: &mut dyn Write) -> io::Result<()>;
}

/// How one kind of tile is drawn.
pub(crate) trait TileLook: Copy + Eq + 'static {
    /// Every kind, in [`TileLook::index`] order.
    const ALL: &'static [Self];
    /// The kind's position in [`TileLook::ALL`].
    fn index(self) -> usize;
    /// The color of its `●` in colored `term` output.
    fn color(self) -> Color;
    /// Its glyph in uncolored `term` output.
    fn plain(self) -> &'static str;
    /// Its character in `text` output.
    fn text(self) -> u8;
}

impl TileLook for Tile {
    const ALL: &'static [Self] = &[Tile::Wall, Tile::Passage];

    fn index(self) -> usize {
        self as usize
    }

    fn color(self) -> Color {
        match self {
            Tile::Wall => Color::Red,
            Tile::Passage => Color::Green,
        }
    }

    fn plain(self) -> &'static str {
        match self {
            Tile::Wall => "●",
            Tile::Passage => " ",
        }
    }

    fn text(self) -> u8 {
        match self {
            Tile::Wall => b'#',
            Tile::Passage => b' ',
        }
    }
}

/// Rock is red like maze walls, corridors green like maze passages.
impl TileLook for MapTile {
    const ALL: &'static [Self] = &[
        MapTile::Rock,
        MapTile::Room,
        MapTile::Corridor,
        MapTile::Door,
    ];

    fn index(self) -> usize {
        self as usize
    }

    fn color(self) -> Color {
        match self {
            MapTile::Rock => Color::Red,
            MapTile::Room => Color::Blue,
            MapTile::Corridor => Color::Green,
            MapTile::Door => Color::Yellow,
        }
    }

    fn plain(self) -> &'static str {
        match self {
            MapTile::Rock => "●",
            MapTile::Room => " ",
            MapTile::Corridor => "·",
            MapTile::Door => "+",
        }
    }

    fn text(self) -> u8 {
        match self {
            MapTile::Rock => b'#',
            MapTile::Room => b' ',
            MapTile::Corridor => b'.',
            MapTile::Door => b'+',
        }
    }
}

/// Rows of tiles, top to bottom, each borrowed until the next is asked for.
pub(crate) trait TileRowSource {
    /// The kind of tile.
    type Tile: TileLook;
    /// The next row, or `None` after the last one.
    fn next_row(&mut self) -> Option<&[Self::Tile]>;
}

impl TileRowSource for TileRows<'_> {
    type Tile = Tile;

    fn next_row(&mut self) -> Option<&[Tile]> {
        TileRows::next_row(self)
    }
}

impl<T: TileLook> TileRowSource for std::slice::Chunks<'_, T> {
    type Tile = T;

    fn next_row(&mut self) -> Option<&[T]> {
        self.next()
    }
}

/// Writes `rows` one line per tile row, `draw` turning a row into the bytes of that line
/// (without the newline).
fn write_tile_lines<S: TileRowSource>(
    mut rows: S,
    out: &mut dyn Write,
    mut draw: impl FnMut(&[S::Tile], &mut Vec<u8>),
) -> io::Result<()> {
    let mut line = Vec::new();
    while let Some(row) = rows.next_row() {
        line.clear();
        draw(row, &mut line);
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// The tile map of `map`, or an error for a map generated without a layout.
fn tiles_of(map: &RoomMap) -> io::Result<TileMap> {
    map.tile_map().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "this room map was generated without a tile map to draw",
        )
    })
}
