//! A line picture in the terminal: the pixels of [`Raster::ink_row`], two to a character cell
//! in Unicode half blocks, for `term` and `text` output of hexagons, triangles and rings.
//!
//! Half blocks rather than braille: `▀` takes the upper pixel's color as its foreground and
//! the lower pixel's as its background, so every pixel has a color of its own and walls,
//! passages, the solution, the start and the goal are each drawn in their full color, solid,
//! as a rectangle's tiles are. Braille has four times the pixels, but a character cell holds
//! one color of dots over one background, so a wall beside the solution would have to share a
//! color with it, and its dots leave gaps that read as a texture rather than a wall. A
//! terminal's character cell is about twice as high as it is wide, so two pixels stacked in it
//! are about square.
//!
//! With color, each cell is a `▀` in the colors of `term` ([`TileStyle::color`]), an escape
//! written only where the foreground or background changes, every line ended by a reset.
//! Without color, walls are drawn in blocks (`▀`, `▄`, `█`) and a cell without wall shows the
//! solution and its ends in a format's marks (`term`'s `·`, `S`, `G` or `text`'s `.`, `S`,
//! `G`).

use super::raster::Raster;
use super::{Drawing, Layout};
use crate::Maze;
use crate::grid::Result;
use crate::grid::Tile;
use crate::render::ink::{Ink, Palette};
use crate::render::style::{TileStyle, term_color};
use crate::topology::Shape;
use std::io::{self, Write};

/// The pixels per cell unit `term` and `text` draw a shape at unless told: a maze of the
/// default size (10 x 10 cells, 10 rings) is 84 columns wide or less. A cell unit is a square
/// cell's side, a hexagon's corner-to-centre, a triangle's side or a ring's depth; triangles
/// are drawn larger so that a pixel-wide wall leaves room inside them, and the cells of a
/// maze in levels so that their chevrons up and down can be told apart.
pub fn term_scale(shape: &Shape) -> u32 {
    match shape {
        Shape::Triangle(_) => 8,
        Shape::Levels(_) => 6,
        Shape::Rect(_)
        | Shape::Square(_)
        | Shape::Masked(_)
        | Shape::Hex(_)
        | Shape::Polar(_)
        | Shape::Weave(_) => 4,
    }
}

/// How the pixels become characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::render) enum Blocks {
    /// `▀` in the colors `term` draws this palette in.
    Colored(Palette),
    /// Blocks for walls, and where a cell has none, `term`'s glyph of the solution, start or
    /// goal it shows ([`TileStyle::glyph`]).
    Plain,
    /// As [`Blocks::Plain`] with `text`'s characters ([`TileStyle::text`]).
    Text,
}

/// Writes `maze` in half blocks, `scale` pixels per cell unit (the shape's [`term_scale`]
/// when `None`), shading its cells by their distance from the start if `heatmap` (with
/// color only).
pub(in crate::render) fn maze_blocks(
    maze: &Maze,
    blocks: Blocks,
    scale: Option<u32>,
    heatmap: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let scale = scale.unwrap_or_else(|| term_scale(maze.shape()));
    let heatmap = heatmap && matches!(blocks, Blocks::Colored(_));
    let raster = Drawing::new(maze, Layout::in_blocks(scale), heatmap).and_then(Raster::new);
    write_blocks(raster.map_err(io::Error::other)?, blocks, out)
}

/// Writes the pixels of `raster`, two rows a line (the last one's lower half the background
/// when the rows are odd).
fn write_blocks(mut raster: Raster, blocks: Blocks, out: &mut dyn Write) -> io::Result<()> {
    let height = raster.size().1;
    let background = Ink::Plain(Tile::Passage);
    let (mut upper, mut lower, mut line) = buffers(&raster).map_err(io::Error::other)?;
    let colors = match blocks {
        Blocks::Colored(palette) => color_indices(&palette),
        Blocks::Plain | Blocks::Text => Vec::new(),
    };
    for y in (0..height).step_by(2) {
        raster.ink_row(y, &mut upper);
        if y + 1 < height {
            raster.ink_row(y + 1, &mut lower);
        } else {
            lower.fill(background);
        }
        line.clear();
        match blocks {
            Blocks::Colored(_) => colored_line(&upper, &lower, &colors, &mut line),
            Blocks::Plain => plain_line(&upper, &lower, &mut line, |tile, line| {
                line.extend_from_slice(tile.glyph().as_bytes());
            }),
            Blocks::Text => plain_line(&upper, &lower, &mut line, |tile, line| {
                line.push(tile.text());
            }),
        }
        out.write_all(&line)?;
    }
    Ok(())
}

/// The 256-color index of each ink in `palette`, by its number (see [`Ink::number`]); the
/// blank, which pictures never hold, has none.
fn color_indices(palette: &Palette) -> Vec<u8> {
    Ink::all()
        .map(|ink| term_color(ink, palette).map_or(0, |color| color.index()))
        .collect()
}

/// Two rows of pixels and the longest line they can make, reserved first, so that a picture
/// too wide for them is an error rather than an abort.
fn buffers(raster: &Raster) -> Result<(Vec<Ink>, Vec<Ink>, Vec<u8>)> {
    let background = Ink::Plain(Tile::Passage);
    let longest = (raster.size().0 as usize).saturating_mul(LONGEST_CELL);
    Ok((
        raster.row_of(background)?,
        raster.row_of(background)?,
        raster.scratch(longest.saturating_add(LINE_END.len()))?,
    ))
}

/// The most bytes one character cell takes: both colors' escapes in one
/// (`\x1b[38;5;255;48;5;255m`, 20 bytes) and a glyph of up to 3.
const LONGEST_CELL: usize = 24;

/// The upper half block, which the foreground color fills.
const UPPER: &str = "▀";
/// The end of a colored line: a reset, so that a cut-off output never leaves the terminal
/// colored.
const LINE_END: &[u8] = b"\x1b[0m\n";

/// Draws the pixels `upper` over `lower` in `▀` with color, `colors` giving each ink's
/// 256-color index by its number: an escape wherever the foreground or background changes,
/// and a reset at the end.
fn colored_line(upper: &[Ink], lower: &[Ink], colors: &[u8], line: &mut Vec<u8>) {
    let index = |ink: Ink| colors[usize::from(ink.number())];
    let mut current: Option<(u8, u8)> = None;
    for (&top, &bottom) in upper.iter().zip(lower) {
        let (fg, bg) = (index(top), index(bottom));
        // Writing to a Vec cannot fail.
        let _ = match current {
            Some(was) if was == (fg, bg) => Ok(()),
            Some((was_fg, _)) if was_fg == fg => write!(line, "\x1b[48;5;{bg}m"),
            Some((_, was_bg)) if was_bg == bg => write!(line, "\x1b[38;5;{fg}m"),
            _ => write!(line, "\x1b[38;5;{fg};48;5;{bg}m"),
        };
        line.extend_from_slice(UPPER.as_bytes());
        current = Some((fg, bg));
    }
    line.extend_from_slice(LINE_END);
}

/// Draws the pixels `upper` over `lower` without color: a block where either is a wall, else
/// the mark of the goal, start or solution either shows (in that order) as `mark` writes it,
/// else a space.
fn plain_line(upper: &[Ink], lower: &[Ink], line: &mut Vec<u8>, mark: impl Fn(Tile, &mut Vec<u8>)) {
    let wall = |ink: Ink| ink == Ink::Plain(Tile::Wall);
    for (&top, &bottom) in upper.iter().zip(lower) {
        let block = match (wall(top), wall(bottom)) {
            (true, true) => "█",
            (true, false) => UPPER,
            (false, true) => "▄",
            (false, false) => {
                let shown = [Tile::Goal, Tile::Start, Tile::Path]
                    .into_iter()
                    .find(|&tile| top == Ink::Plain(tile) || bottom == Ink::Plain(tile));
                match shown {
                    Some(tile) => mark(tile, line),
                    None => line.push(b' '),
                }
                continue;
            }
        };
        line.extend_from_slice(block.as_bytes());
    }
    line.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::lines::{Polylines, Stroke};
    use crate::topology::{Geometry, Hex, Point, Polar, Triangle};

    /// Whether `line` alone, drawn as a wall at `scale`, lights a pixel of a picture of
    /// `shape`.
    fn lights<T: Geometry>(shape: &T, line: Vec<Point>, scale: u32) -> bool {
        let layout = Layout::in_blocks(scale);
        let mut lines = Polylines::default();
        lines.push(line.into_iter().map(|p| layout.at(p))).unwrap();
        let drawing = Drawing {
            size: layout.pixel_size(shape.bounds()).unwrap(),
            background: Ink::Plain(Tile::Passage),
            fills: Vec::new(),
            strokes: vec![Stroke {
                ink: Ink::Plain(Tile::Wall),
                width: layout.wall,
                lines,
            }],
            extent: shape.extent(),
        };
        let mut raster = Raster::new(drawing).unwrap();
        let (_, height) = raster.size();
        let mut row = raster.row_of(Ink::Plain(Tile::Passage)).unwrap();
        (0..height).any(|y| {
            raster.ink_row(y, &mut row);
            row.contains(&Ink::Plain(Tile::Wall))
        })
    }

    /// Checks that every side of every cell of `shape`, alone, lights a pixel at every scale.
    fn every_wall_lights<T: Geometry>(shape: &T) {
        for scale in 1..=16 {
            for i in 0..shape.slots() {
                for side in 0..T::SIDES {
                    let line = shape.wall_line(i, side);
                    assert!(
                        lights(shape, line.clone(), scale),
                        "cell {i} side {side} at scale {scale}: {line:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_default_maze_of_every_shape_fits_84_columns_and_50_lines() {
        let shapes = [
            Shape::Hex(Hex::new(10, 10).unwrap()),
            Shape::Triangle(Triangle::new(10, 10).unwrap()),
            Shape::Polar(Polar::new(10).unwrap()),
        ];
        for shape in shapes {
            let scale = term_scale(&shape);
            let bounds = crate::with_topology!(&shape, t => t.bounds());
            let (columns, pixels) = Layout::in_blocks(scale).pixel_size(bounds).unwrap();
            assert!(columns <= 84, "{}: {columns} columns", shape.name());
            // Two pixels a line.
            assert!(
                pixels.div_ceil(2) <= 50,
                "{}: {pixels} pixels high",
                shape.name()
            );
        }
    }

    #[test]
    fn colored_lines_change_color_only_where_it_changes_and_end_in_a_reset() {
        let (wall, passage, path) = (
            Ink::Plain(Tile::Wall),
            Ink::Plain(Tile::Passage),
            Ink::Plain(Tile::Path),
        );
        let colors = color_indices(&Palette::COLOR);
        let mut line = Vec::new();
        colored_line(
            &[wall, wall, wall, passage, path],
            &[passage, passage, wall, wall, path],
            &colors,
            &mut line,
        );
        assert_eq!(
            String::from_utf8(line).unwrap(),
            "\x1b[38;5;9;48;5;10m▀▀\x1b[48;5;9m▀\x1b[38;5;10m▀\x1b[38;5;11;48;5;11m▀\x1b[0m\n"
        );
    }

    #[test]
    fn plain_lines_draw_walls_in_blocks_and_marks_where_no_wall_is() {
        let (wall, passage) = (Ink::Plain(Tile::Wall), Ink::Plain(Tile::Passage));
        let [path, start, goal] = [Tile::Path, Tile::Start, Tile::Goal].map(Ink::Plain);
        let upper = [wall, wall, passage, passage, path, start, path, goal];
        let lower = [wall, passage, wall, passage, passage, path, wall, start];
        let mut line = Vec::new();
        plain_line(&upper, &lower, &mut line, |tile, line| {
            line.extend_from_slice(tile.glyph().as_bytes());
        });
        assert_eq!(String::from_utf8(line).unwrap(), "█▀▄ ·S▄G\n");
        let mut line = Vec::new();
        plain_line(&upper, &lower, &mut line, |tile, line| {
            line.push(tile.text())
        });
        assert_eq!(String::from_utf8(line).unwrap(), "█▀▄ .S▄G\n");
    }

    #[test]
    fn every_wall_of_every_shape_lights_a_pixel() {
        for (w, h) in [(1, 1), (2, 3), (5, 4)] {
            every_wall_lights(&Hex::new(w, h).unwrap());
            every_wall_lights(&Triangle::new(w, h).unwrap());
        }
        for rings in 1..=6 {
            every_wall_lights(&Polar::new(rings).unwrap());
        }
    }
}
