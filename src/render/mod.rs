//! Output formats, one file each, all behind the [`Render`] interface, grouped by what they
//! draw.
//!
//! Renderers know nothing about algorithms: they read a model (a [`Maze`], or a
//! [`Level`](crate::level::Level): a room map, a cave, a dungeon's floors) and write bytes.
//! Each declares what its format takes (`TAKES`, a [`Takes`]: shapes, many mazes, pictures,
//! figures, seeds), which callers consult instead of naming formats. Every format is
//! re-exported here: a caller needs no more than `mazegen::render::{Render, Svg, ...}`.
//!
//! - `maze/`: one maze in a format of its own (`term`, `text`, `json`, `graph`, `svg`, `png`,
//!   `pdf`, `html`).
//! - `dataset/`: many mazes for training and analysis (`jsonl`, `npy`, `npz`, `tokens`), and
//!   the field's formats (`hrm`, `alphamaze`, `searchformer`, `ascii`, `mazebench`).
//! - `level/`: room maps, caves and dungeons, in the maze formats that draw them (`term`,
//!   `text`, `json`, `svg`, `png`) and in their own (`dot`, `tiled`, `ldtk`, `uvtt`).
//!
//! Beneath them, shared by all: `takes.rs` (what a format takes), `ink.rs` (the colors of a
//! picture), `style.rs` (how each kind of tile looks in `term` and `text`),
//! `term_lines.rs` (a `term` line written with escapes only where the color changes),
//! `png_encoding.rs`, and `lines/`, which lays pictures in thin walls out once (a maze of any
//! shape, and the kit the printed map of a level is drawn with) for SVG, PNG, PDF and the
//! terminal's half blocks to write.

mod dataset;
mod ink;
mod level;
mod lines;
mod maze;
mod png_encoding;
mod save;
mod style;
mod takes;
mod term_lines;

pub use dataset::{
    AdjList, ArrayParts, ArrayPiece, ArrayRows, Arrays, CELL_DTYPE, CoordTokenizer, EdgeGrouping,
    EdgePermuter, EdgeSubset, Jsonl, NamedArray, NpyConnections, NpyTiles, Npz, Prompt,
    StepSequence, StepSize, StepTokenizer, Tokenizer, Tokens, cell_bytes, npy_header,
};
pub use dataset::{AlphaMaze, Ascii, Hrm, MazeBench, Searchformer, searchformer};
pub use dataset::{fill_batches, fill_rows};
pub use ink::{Ink, MAX_SCALE, Palette, Picture, Rgb, Style};
pub use level::{
    Dot, GODOT_MAX_SIDE, Godot, Ldtk, TILESET_IMAGE, Tiled, Tmx, Uvtt, write_tileset_image,
};
pub use lines::term_scale;
pub use maze::{Book, BookMaze, Graph, Html, Json, Paper, Pdf, Png, Svg, Term, Text};
pub(crate) use maze::{level_openings, level_path};
pub use save::SAVED_FORMATS;
pub use takes::{Holds, Many, Takes};

use crate::algorithms::stream::MazeRows;
use crate::maze::{Blank, Maze};
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

    /// Refuses, before it is made, a maze of `blank` whose output this renderer would hold
    /// in memory beyond what the machine grants: a picture or book drawn in lines, laid out
    /// whole before it is written.
    fn check_blank(&self, blank: &Blank) -> crate::grid::Result<()> {
        let _ = blank;
        Ok(())
    }

    /// What the format writes once, before its first maze: a CSV's header line ([`Hrm`]);
    /// nothing for most.
    fn header(&self) -> &'static [u8] {
        b""
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
