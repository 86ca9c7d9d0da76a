//! `png`: a raster picture, `scale` pixels per tile, written row by row.

use super::rows::{DrawRows, StreamTiles};
use crate::algorithms::stream::MazeRows;
use crate::grid::empty_vec;
use crate::maze::{Blank, Heat, Maze};
use crate::render::ink::{Ink, Picture, Style, TILE_KINDS, shade};
use crate::render::lines::maze_png;
use crate::render::png_encoding::{SMALL_PICTURE, compression, into_io};
use crate::render::{Render, RenderRows, Takes};
use std::io::{self, Write};

/// PNG output, streamed: memory stays at one row of pixels whatever the size.
///
/// The picture is indexed color with a palette of the inks it can show, at the fewest bits per
/// pixel that number them: 1 bit for walls and passages, 4 with a solution, 8 with a heat map.
/// Pictures of up to [`Png::SMALL_PICTURE`] pixels are compressed as small as zlib's default
/// level makes them; larger ones with a fast deflate, since the default level would take
/// minutes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Png(pub Picture);

impl Png {
    /// What `png` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        picture: true,
        heatmap: true,
        binary: Some("PNG"),
        entities: true,
        ..Takes::NOTHING
    };
}

impl Png {
    /// The most pixels a picture may have to be compressed at zlib's default level (16
    /// megapixels: a 2001x2001-tile maze at `scale` 2).
    pub const SMALL_PICTURE: u64 = SMALL_PICTURE;
}

impl Render for Png {
    fn check_blank(&self, blank: &Blank) -> crate::grid::Result<()> {
        match self.0.in_lines(blank) {
            true => self.0.check_blank_drawing(blank),
            false => Ok(()),
        }
    }

    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        // Shapes other than rectangles and masks are always drawn in lines.
        if self.0.style == Style::Lines || maze.grid().is_none() {
            return maze_png(&self.0, maze, out);
        }
        let size = self.0.pixel_size(maze).map_err(io::Error::other)?;
        let heat = self.0.heat(maze).map_err(io::Error::other)?;
        let inks = Inks::of(maze.solution().is_some(), heat.is_some());
        let grid = maze.tile_grid("a tile picture").map_err(io::Error::other)?;
        let row = empty_vec(grid.width(), grid.height(), tile_count(grid.tile_width()));
        let pixels = empty_vec(grid.width(), grid.height(), inks.row_bytes(size.0));
        let (row, pixels) = (
            row.map_err(io::Error::other)?,
            pixels.map_err(io::Error::other)?,
        );
        let tiles = maze.tiles().map_err(io::Error::other)?;
        self.write(tiles, size, inks, heat.as_ref(), (row, pixels), out)
    }

    fn streams(&self) -> Option<&dyn RenderRows> {
        (!self.0.heatmap && self.0.style == Style::Tiles).then_some(self)
    }
}

impl RenderRows for Png {
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()> {
        let size = self.0.pixel_size_of(rows.tile_width(), rows.tile_height());
        let size = size.map_err(io::Error::other)?;
        let inks = Inks::of(false, false);
        let (width, height) = (
            rows.width(),
            u32::try_from(rows.height()).unwrap_or(u32::MAX),
        );
        let row = empty_vec(width, height, tile_count(rows.tile_width()));
        let pixels = empty_vec(width, height, inks.row_bytes(size.0));
        let (row, pixels) = (
            row.map_err(io::Error::other)?,
            pixels.map_err(io::Error::other)?,
        );
        let tiles = StreamTiles::new(rows).map_err(io::Error::other)?;
        self.write(tiles, size, inks, None, (row, pixels), out)
    }
}

impl Png {
    /// Writes the picture of `tiles`, `size` pixels, in `inks`, shaded by `heat` if given,
    /// with `buffers` reserved for a row of tiles and a row of pixels.
    fn write(
        &self,
        mut tiles: impl DrawRows,
        (width, height): (u32, u32),
        inks: Inks,
        heat: Option<&Heat>,
        (mut row, mut pixels): (Vec<u8>, Vec<u8>),
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let Picture { palette, scale, .. } = self.0;
        let mut encoder = png::Encoder::new(out, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(inks.depth);
        encoder.set_palette(inks.palette(|ink| palette.rgb(ink)));
        encoder.set_compression(compression(width, height));
        let mut writer = encoder.write_header().map_err(into_io)?;
        let mut stream = writer.stream_writer().map_err(into_io)?;
        while let Some(y) = tiles.draw_next_row(|tile| Ink::pictured(tile).number(), &mut row) {
            if let Some(heat) = heat {
                shade(&mut row, y, heat);
            }
            pack(&row, scale as usize, inks.depth as u8, &mut pixels);
            for _ in 0..scale {
                stream.write_all(&pixels)?;
            }
        }
        stream.finish().map_err(into_io)
    }
}

/// The tiles of a row `tile_width` tiles wide, as a length to reserve.
fn tile_count(tile_width: u64) -> usize {
    usize::try_from(tile_width).unwrap_or(usize::MAX)
}

/// The inks a picture can show, numbered as its palette (see [`Ink::number`]).
struct Inks {
    /// How many.
    count: usize,
    /// Bits per pixel.
    depth: png::BitDepth,
}

impl Inks {
    /// The inks of a maze with or without a solution and a heat map.
    fn of(solved: bool, heat: bool) -> Self {
        let count = match (solved, heat) {
            (false, false) => 2,
            (true, false) => TILE_KINDS.len(),
            (_, true) => TILE_KINDS.len() + usize::from(Ink::HEAT_LEVELS),
        };
        let depth = match count {
            0..=2 => png::BitDepth::One,
            3..=4 => png::BitDepth::Two,
            5..=16 => png::BitDepth::Four,
            _ => png::BitDepth::Eight,
        };
        Self { count, depth }
    }

    /// The palette: the color of each ink in turn, as `rgb` gives it.
    fn palette(&self, rgb: impl Fn(Ink) -> [u8; 3]) -> Vec<u8> {
        Ink::all().take(self.count).flat_map(rgb).collect()
    }

    /// The bytes of a row of `width` pixels.
    fn row_bytes(&self, width: u32) -> usize {
        (width as usize * self.depth as usize).div_ceil(8)
    }
}

/// Packs a row of ink numbers, each `scale` pixels wide, into `pixels` at `depth` bits per pixel,
/// the leftmost pixel in the highest bits as PNG has it.
fn pack(numbers: &[u8], scale: usize, depth: u8, pixels: &mut Vec<u8>) {
    pixels.clear();
    if depth == 1 && scale == 1 {
        // Eight tiles a byte without a loop per pixel.
        let bytes = numbers.chunks_exact(8);
        let rest = bytes.remainder();
        pixels.extend(bytes.map(|eight| eight.iter().fold(0, |byte, &n| byte << 1 | n)));
        if !rest.is_empty() {
            let byte = rest.iter().fold(0u8, |byte, &n| byte << 1 | n);
            pixels.push(byte << (8 - rest.len()));
        }
        return;
    }
    let per_byte = 8 / depth;
    // Wider than a byte, so that 8 bits per pixel shift in like fewer.
    let (mut byte, mut filled) = (0u16, 0);
    for &number in numbers {
        for _ in 0..scale {
            byte = byte << depth | u16::from(number);
            filled += 1;
            if filled == per_byte {
                pixels.push(byte as u8);
                (byte, filled) = (0, 0);
            }
        }
    }
    if filled > 0 {
        pixels.push((byte << (depth * (per_byte - filled))) as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_pack_leftmost_pixel_first() {
        let mut pixels = Vec::new();
        pack(&[1, 0, 1, 1, 0, 0, 0, 1, 1, 0], 1, 1, &mut pixels);
        assert_eq!(pixels, [0b1011_0001, 0b1000_0000]);
        pack(&[1, 0, 1], 3, 1, &mut pixels);
        assert_eq!(pixels, [0b1110_0011, 0b1000_0000]);
        pack(&[3, 0, 4], 1, 4, &mut pixels);
        assert_eq!(pixels, [0x30, 0x40]);
        pack(&[3, 0, 4], 2, 8, &mut pixels);
        assert_eq!(pixels, [3, 3, 0, 0, 4, 4]);
    }
}
