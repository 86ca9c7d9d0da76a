//! A line picture as PDF drawing operators: the same [`Drawing`] as `vector.rs` writes as SVG,
//! in the picture's own pixel units (y down), for `pdf` to place on a page.

use super::{Drawing, Layout, Polylines, Stroke};
use crate::Maze;
use crate::render::{Ink, Palette};
use pdf_writer::Content;
use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use std::io;

/// Pixels per cell unit of the drawing placed on a page: only the proportions of walls to
/// cells matter, as the page scales the drawing to fit.
const SCALE: u32 = 16;

/// A maze of any shape in lines, ready to place on a page.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::render) struct Vector {
    /// Width and height in the drawing's units.
    pub size: (f64, f64),
    /// Operators that draw it, from `(0, 0)` at the top left, y down.
    pub ops: Vec<u8>,
}

/// `maze` in lines as [`Svg`](crate::render::Svg) draws it in
/// [`Style::Lines`](crate::render::Style::Lines), its solution drawn if it has one, in the
/// colors of `palette`.
pub(in crate::render) fn maze_vector(maze: &Maze, palette: &Palette) -> io::Result<Vector> {
    let drawing = Drawing::new(maze, Layout::new(SCALE), false).map_err(io::Error::other)?;
    let (width, height) = drawing.size;
    let (width, height) = (f64::from(width), f64::from(height));
    let mut content = Content::new();
    set_fill(&mut content, palette, drawing.background);
    content.rect(0.0, 0.0, width as f32, height as f32);
    content.fill_nonzero();
    for (ink, polygons) in &drawing.fills {
        set_fill(&mut content, palette, *ink);
        path(&mut content, polygons, true);
        content.fill_nonzero();
    }
    content.set_line_cap(LineCapStyle::ProjectingSquareCap);
    content.set_line_join(LineJoinStyle::MiterJoin);
    for Stroke { ink, width, lines } in &drawing.strokes {
        let [r, g, b] = palette.rgb(*ink);
        content.set_stroke_rgb(unit(r), unit(g), unit(b));
        content.set_line_width(*width as f32);
        path(&mut content, lines, false);
        content.stroke();
    }
    Ok(Vector {
        size: (width, height),
        ops: content.finish().into_vec(),
    })
}

/// Sets the fill color to `ink`'s.
fn set_fill(content: &mut Content, palette: &Palette, ink: Ink) {
    let [r, g, b] = palette.rgb(ink);
    content.set_fill_rgb(unit(r), unit(g), unit(b));
}

/// A color channel from 0 to 1.
fn unit(channel: u8) -> f32 {
    f32::from(channel) / 255.0
}

/// Appends each line as a subpath, closed if `closed`.
fn path(content: &mut Content, lines: &Polylines, closed: bool) {
    for line in lines.iter() {
        for (k, p) in line.iter().enumerate() {
            let (x, y) = (hundredths(p.x), hundredths(p.y));
            match k {
                0 => content.move_to(x, y),
                _ => content.line_to(x, y),
            };
        }
        if closed {
            content.close_path();
        }
    }
}

/// `value` rounded to hundredths, as the SVG pictures write it: one IEEE multiplication and
/// `round`, the same bits on every platform.
fn hundredths(value: f64) -> f32 {
    ((value * 100.0).round() / 100.0) as f32
}
