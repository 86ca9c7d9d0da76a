//! `term`: one `●` per tile, colored by kind (red wall or rock), tiles a space apart so the
//! picture looks square in a terminal; hexagons, triangles and rings in half blocks (see
//! `lines/blocks.rs`).

use super::rows::{DrawRows, StreamTiles};
use crate::algorithms::stream::MazeRows;
use crate::grid::Tile;
use crate::maze::{Heat, Maze};
use crate::render::ink::{Ink, Palette, shade};
use crate::render::lines::{Blocks, maze_blocks};
use crate::render::style::{TileStyle, term_color};
use crate::render::term_lines::{Pieces, write_term_lines};
use crate::render::{Many, Render, RenderRows, Takes};
use std::io::{self, Write};

/// Terminal output.
///
/// With color, every tile is a `●`: green passage, red wall, yellow solution, blue start,
/// magenta goal, and with a heat map passages shade from green (near the start) to blue; or
/// in another [`Palette`] (such as [`Palette::COLORBLIND`]). A color
/// escape is written only where the color changes, and every line ends with a reset so that a
/// cut-off output (as through `head`) never leaves the terminal colored.
///
/// Without color, walls are `●`, passages blank, the solution `·`, start `S` and goal `G`; a heat
/// map needs color and is left out.
///
/// Hexagon, triangle and polar mazes are drawn in lines, two pixels a character in half blocks
/// (`▀` in the same colors; without color, walls in blocks and the marks above where a
/// character has no wall), `scale` pixels per cell unit.
///
/// Room maps: red rock, cyan rooms, green corridors, yellow doors; without color, rock `●`,
/// rooms blank, corridors `·` and doors `+`. The heat map is for mazes only.
#[derive(Debug, Clone, Copy, Default)]
pub struct Term {
    /// Whether to write color escapes.
    pub color: bool,
    /// Whether to shade passages by their distance from the start (with color only).
    pub heatmap: bool,
    /// Pixels per cell unit of a maze drawn in lines; `None` for its shape's
    /// [`term_scale`](crate::render::term_scale).
    pub scale: Option<u32>,
    /// The colors, with color: [`Palette::COLOR`] (the default) in the terminal's own basic
    /// colors, others in the 256-color palette's nearest (see [`Palette::term_index`]).
    pub palette: Palette,
}

impl Term {
    /// What `term` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        blocks: true,
        heatmap: true,
        colors: true,
        many: Some(Many::Separated),
        entities: true,
        ..Takes::NOTHING
    };
}

impl Render for Term {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if maze.grid().is_none() {
            let blocks = if self.color {
                Blocks::Colored(self.palette)
            } else {
                Blocks::Plain
            };
            return maze_blocks(maze, blocks, self.scale, self.heatmap, out);
        }
        let mut tiles = maze.tiles().map_err(io::Error::other)?;
        let heat = (self.color && self.heatmap)
            .then(|| Heat::new(maze))
            .transpose();
        let heat = heat.map_err(io::Error::other)?;
        write_term_lines(&self.maze_pieces(), out, |numbers| {
            let y = tiles.draw_next_row(|tile| Ink::Plain(tile).number(), numbers)?;
            if let Some(heat) = &heat {
                shade(numbers, y, heat);
            }
            Some(())
        })
    }

    fn streams(&self) -> Option<&dyn RenderRows> {
        (!(self.color && self.heatmap)).then_some(self)
    }
}

impl RenderRows for Term {
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()> {
        let mut tiles = StreamTiles::new(rows).map_err(io::Error::other)?;
        write_term_lines(&self.maze_pieces(), out, |numbers| {
            tiles
                .draw_next_row(|tile| Ink::Plain(tile).number(), numbers)
                .map(drop)
        })
    }
}

impl Term {
    /// The pieces of a maze's tiles: every ink's `●` with color, the tiles' glyphs without.
    fn maze_pieces(&self) -> Pieces {
        if self.color {
            Pieces::colored(Ink::all().map(|ink| term_color(ink, &self.palette)))
        } else {
            Pieces::plain(Ink::all().map(|ink| match ink {
                Ink::Plain(tile) => tile.glyph(),
                // Heat needs color: never drawn plain.
                Ink::Heat(_) => Tile::Passage.glyph(),
            }))
        }
    }
}
