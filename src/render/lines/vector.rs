//! A line picture as SVG: one `<path>` per fill color and per kind of line, numbers in pixels
//! with at most two decimals, written the same way on every platform.

use super::{Drawing, Polylines, Stroke};
use crate::Maze;
use crate::render::ink::{Picture, Rgb, hex};
use std::fmt::Write as _;
use std::io::{self, Write};

/// A maze of any shape in lines, openings included: what [`Svg`](crate::render::Svg) draws in
/// [`Style::Lines`](crate::render::Style::Lines) (see [`Picture::pixel_size_of_shape`] for its
/// size), but for its last line, `</svg>`.
pub(in crate::render) fn maze_svg_open(
    picture: &Picture,
    maze: &Maze,
    out: &mut dyn Write,
) -> io::Result<()> {
    let drawing = Drawing::of_picture(picture, maze)?;
    let palette = picture.palette;
    write_svg_open(&drawing, |ink| palette.rgb(ink), out)
}

/// Writes `drawing`, each ink in the color `rgb` gives it.
pub(in crate::render) fn write_svg<K: Copy>(
    drawing: &Drawing<K>,
    rgb: impl Fn(K) -> Rgb,
    out: &mut dyn Write,
) -> io::Result<()> {
    write_svg_open(drawing, rgb, out)?;
    writeln!(out, "</svg>")
}

/// Writes `drawing` as [`write_svg`] does, but for its last line, `</svg>`.
fn write_svg_open<K: Copy>(
    drawing: &Drawing<K>,
    rgb: impl Fn(K) -> Rgb,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (width, height) = drawing.size;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="{}"/>"#,
        hex(rgb(drawing.background))
    )?;
    for (ink, polygons) in &drawing.fills {
        // Crisp edges: anti-aliased, cells meeting edge to edge would show seams between.
        write!(
            out,
            r#"<path fill="{}" shape-rendering="crispEdges" d=""#,
            hex(rgb(*ink))
        )?;
        write_path_data(out, polygons, "Z")?;
        writeln!(out, r#""/>"#)?;
    }
    for Stroke { ink, width, lines } in &drawing.strokes {
        let mut stroke_width = String::new();
        number(&mut stroke_width, *width);
        write!(
            out,
            r#"<path fill="none" stroke="{}" stroke-width="{stroke_width}" stroke-linecap="square" d=""#,
            hex(rgb(*ink))
        )?;
        write_path_data(out, lines, "")?;
        writeln!(out, r#""/>"#)?;
    }
    Ok(())
}

/// Writes `M x y L x y ...` for each line, each followed by `end`, a few kilobytes at a time.
fn write_path_data(out: &mut dyn Write, lines: &Polylines, end: &str) -> io::Result<()> {
    const CHUNK: usize = 1 << 16;
    let mut d = String::with_capacity(CHUNK + 256);
    for line in lines.iter() {
        for (k, p) in line.iter().enumerate() {
            d.push(if k == 0 { 'M' } else { 'L' });
            number(&mut d, p.x);
            d.push(' ');
            number(&mut d, p.y);
        }
        d.push_str(end);
        if d.len() >= CHUNK {
            out.write_all(d.as_bytes())?;
            d.clear();
        }
    }
    out.write_all(d.as_bytes())
}

/// Appends `value` rounded to hundredths, without trailing zeros (`12`, `12.5`, `12.25`): the
/// rounding is one IEEE multiplication and `round`, the same bits on every platform.
pub(in crate::render) fn number(out: &mut String, value: f64) {
    let hundredths = (value * 100.0).round() as i64;
    if hundredths < 0 {
        out.push('-');
    }
    let (whole, part) = (
        hundredths.unsigned_abs() / 100,
        hundredths.unsigned_abs() % 100,
    );
    write!(out, "{whole}").expect("writing to a String");
    match part {
        0 => {}
        p if p % 10 == 0 => write!(out, ".{}", p / 10).expect("writing to a String"),
        p => write!(out, ".{p:02}").expect("writing to a String"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals_and_no_negative_zero() {
        let written = |v: f64| {
            let mut s = String::new();
            number(&mut s, v);
            s
        };
        assert_eq!(written(12.0), "12");
        assert_eq!(written(12.5), "12.5");
        assert_eq!(written(12.254), "12.25");
        assert_eq!(written(0.056), "0.06");
        assert_eq!(written(-0.001), "0");
        assert_eq!(written(-1.5), "-1.5");
    }
}
