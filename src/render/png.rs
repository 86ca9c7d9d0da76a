//! `png`: a raster picture, `scale` pixels per tile, written row by row.

use super::Render;
use super::ink::{Picture, for_each_ink_row};
use crate::grid::empty_vec;
use crate::maze::Maze;
use std::io::{self, Write};

/// PNG output (8-bit RGB), streamed: memory stays at one row of pixels whatever the size.
#[derive(Debug, Clone, Copy, Default)]
pub struct Png(pub Picture);

impl Render for Png {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if self.0.style == super::Style::Lines {
            return super::lines::maze_png(self, maze, out);
        }
        let Picture { palette, scale, .. } = self.0;
        let (width, height) = self.0.pixel_size(maze).map_err(io::Error::other)?;
        let heat = self.0.heat(maze).map_err(io::Error::other)?;
        let (columns, rows) = (maze.grid().width(), maze.grid().height());
        let row_bytes = 3 * width as usize;
        let mut pixels = empty_vec(columns, rows, row_bytes).map_err(io::Error::other)?;
        let mut encoder = png::Encoder::new(out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(into_io)?;
        let mut stream = writer.stream_writer().map_err(into_io)?;
        for_each_ink_row(maze, heat.as_ref(), |_, inks| {
            pixels.clear();
            for &ink in inks {
                let rgb = palette.rgb(ink);
                for _ in 0..scale {
                    pixels.extend_from_slice(&rgb);
                }
            }
            for _ in 0..scale {
                stream.write_all(&pixels)?;
            }
            Ok(())
        })?;
        stream.finish().map_err(into_io)
    }
}

/// Keeps I/O errors (a closed pipe above all) as they are, wraps the encoder's own.
pub(super) fn into_io(error: png::EncodingError) -> io::Error {
    match error {
        png::EncodingError::IoError(error) => error,
        other => io::Error::other(other),
    }
}
