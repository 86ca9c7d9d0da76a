//! `svg`: a scalable picture, one path per color made of runs of equal tiles.

use crate::grid::MazeError;
use crate::grid::Tile;
use crate::maze::{Blank, Maze};
use crate::render::ink::{Ink, Picture, Style, for_each_ink_row, hex, tile_svg_opening};
use crate::render::lines::maze_svg_open;
use crate::render::{Render, Takes};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

/// The most bytes one run takes in a path: `M{x} {y}h{n}v1h-{n}z` with 20-digit numbers.
const RUN_BYTES: usize = 96;

/// The bytes of walls' path written at a time.
const CHUNK: usize = 1 << 16;

/// SVG output. The viewBox is in tiles and `scale` sets the pixel size; passages are the
/// background, and each other color is one `<path>` of horizontal runs, so even a
/// million-cell maze stays a manageable file. The walls' path is written as the rows are
/// read; the other colors' (a solution, a heat map) are gathered in memory first, and memory
/// refused for them is a [`MazeError::OutOfMemory`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Svg(pub Picture);

impl Svg {
    /// What `svg` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        picture: true,
        heatmap: true,
        entities: true,
        ..Takes::NOTHING
    };
}

impl Render for Svg {
    fn check_blank(&self, blank: &Blank) -> crate::grid::Result<()> {
        match self.0.in_lines(blank) {
            true => self.0.check_blank_drawing(blank),
            false => Ok(()),
        }
    }

    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        self.render_open(maze, out)?;
        writeln!(out, "</svg>")
    }
}

impl Svg {
    /// Writes the picture of `maze` but for its last line, `</svg>`: a page adds its layers
    /// there.
    pub(in crate::render) fn render_open(
        &self,
        maze: &Maze,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        // Shapes other than rectangles and masks are always drawn in lines.
        if self.0.style == Style::Lines || maze.grid().is_none() {
            return maze_svg_open(&self.0, maze, out);
        }
        let Picture { palette, .. } = self.0;
        let grid = maze.tile_grid("a tile picture").map_err(io::Error::other)?;
        let (width, height) = (grid.tile_width(), grid.tile_height());
        let heat = self.0.heat(maze).map_err(io::Error::other)?;
        let background = Ink::Plain(Tile::Passage);
        let pixels = self.0.pixel_size(maze).map_err(io::Error::other)?;
        tile_svg_opening(out, pixels, (width, height), palette.rgb(background))?;
        // The walls, the first path in ink order and most of the picture, go out a chunk at a
        // time; the others are gathered, to follow in ink order.
        let wall = Ink::Plain(Tile::Wall);
        let mut walls = String::with_capacity(CHUNK + RUN_BYTES);
        let mut walls_begun = false;
        let mut runs: BTreeMap<Ink, String> = BTreeMap::new();
        for_each_ink_row(maze, heat.as_ref(), |y, inks| {
            let mut x = 0;
            for run in inks.chunk_by(|a, b| a == b) {
                let n = run.len();
                if run[0] == wall {
                    if !walls_begun {
                        write!(out, r#"<path fill="{}" d=""#, hex(palette.rgb(wall)))?;
                        walls_begun = true;
                    }
                    write!(walls, "M{x} {y}h{n}v1h-{n}z").expect("writing to a String");
                    if walls.len() >= CHUNK {
                        out.write_all(walls.as_bytes())?;
                        walls.clear();
                    }
                } else if run[0] != background {
                    let d = runs.entry(run[0]).or_default();
                    d.try_reserve(RUN_BYTES).map_err(|_| {
                        io::Error::other(MazeError::OutOfMemory {
                            width: grid.width(),
                            height: grid.height(),
                            bytes: (d.len() + RUN_BYTES) as u64,
                        })
                    })?;
                    write!(d, "M{x} {y}h{n}v1h-{n}z").expect("writing to a String");
                }
                x += n;
            }
            Ok(())
        })?;
        if walls_begun {
            out.write_all(walls.as_bytes())?;
            writeln!(out, r#""/>"#)?;
        }
        for (ink, d) in runs {
            writeln!(out, r#"<path fill="{}" d="{d}"/>"#, hex(palette.rgb(ink)))?;
        }
        Ok(())
    }
}
