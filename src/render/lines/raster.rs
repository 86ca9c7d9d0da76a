//! A line picture as PNG: each color's shapes filled scanline by scanline with 4 x 4 samples
//! a pixel (anti-aliased in 17 steps), every row written as soon as it is painted.
//!
//! Only IEEE basic operations (and `ceil`, `round`, `sqrt`, exact everywhere) touch the
//! coordinates, so the pixels are the same on every platform.

use super::{Drawing, Stroke};
use crate::Maze;
use crate::error::Error;
use crate::render::ink::Rgb;
use crate::render::png::{Png, into_io};
use crate::shapes::Point;
use std::io::{self, Write};

/// Samples per pixel side.
const SAMPLES: u32 = 4;
/// Samples per pixel: a pixel fully covered.
const FULL: u16 = (SAMPLES * SAMPLES) as u16;

/// A maze of any shape in lines, openings included, as PNG (8-bit RGB): what [`Png`] draws
/// in [`Style::Lines`](crate::render::Style::Lines).
pub(in crate::render) fn maze_png(png: &Png, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
    let drawing = Drawing::new(maze, &png.0).map_err(io::Error::other)?;
    write_png(drawing, out)
}

/// Paints `drawing` row by row into a PNG.
fn write_png(drawing: Drawing, out: &mut dyn Write) -> io::Result<()> {
    let (width, height) = drawing.size;
    let mut layers = layers(drawing).map_err(io::Error::other)?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(into_io)?;
    let mut stream = writer.stream_writer().map_err(into_io)?;
    let mut row = vec![[0u8; 3]; width as usize];
    let mut coverage = vec![0u16; width as usize];
    let mut mix = vec![Mix::default(); width as usize];
    for y in 0..height {
        // Fills meet edge to edge, so a pixel on the edge takes each side's color by its
        // share of the samples: blended one after the other, the background would show
        // through as a seam.
        for layer in &mut layers.fills {
            let color = layer.color;
            layer.cover_row(y, &mut coverage, |pixel, covered| {
                mix[pixel].add(color, covered);
            });
        }
        for (pixel, mix) in row.iter_mut().zip(&mut mix) {
            *pixel = mix.over(layers.background);
        }
        // Lines cross each other and the fills: each is painted over what is there.
        for layer in &mut layers.strokes {
            let color = layer.color;
            layer.cover_row(y, &mut coverage, |pixel, covered| {
                row[pixel] = blend(row[pixel], color, covered);
            });
        }
        stream.write_all(row.as_flattened())?;
    }
    stream.finish().map_err(into_io)
}

/// What is painted: fills over the background, then lines in order.
struct Layers {
    background: Rgb,
    fills: Vec<Layer>,
    strokes: Vec<Layer>,
}

/// The fills of one pixel: the sum of their colors, each times the samples it covers.
#[derive(Debug, Clone, Copy, Default)]
struct Mix {
    sum: [u16; 3],
    covered: u16,
}

impl Mix {
    fn add(&mut self, color: Rgb, covered: u16) {
        for (sum, c) in self.sum.iter_mut().zip(color) {
            *sum += u16::from(c) * covered;
        }
        self.covered += covered;
    }

    /// The pixel's color over `background`, leaving the mix empty for the next row.
    fn over(&mut self, background: Rgb) -> Rgb {
        let rest = FULL.saturating_sub(self.covered);
        // Fills do not overlap, so at most FULL samples are covered; were they to, their
        // colors are averaged.
        let total = self.covered.max(FULL);
        let rgb = std::array::from_fn(|c| {
            ((self.sum[c] + u16::from(background[c]) * rest + total / 2) / total) as u8
        });
        *self = Mix::default();
        rgb
    }
}

/// The edges of a drawing's shapes, one layer per fill color or stroke, as the scanlines need
/// them; an error if memory for them is refused. Each layer's shapes are dropped once its
/// edges are taken.
fn layers(drawing: Drawing) -> crate::Result<Layers> {
    let mut fills = Vec::new();
    for (color, polygons) in drawing.fills {
        let mut layer = Layer::new(color, polygons.points.len(), drawing.extent)?;
        for polygon in polygons.iter() {
            layer.add_polygon(polygon);
        }
        fills.push(layer.sorted());
    }
    let mut strokes = Vec::new();
    for Stroke {
        color,
        width,
        lines,
    } in drawing.strokes
    {
        let segments = lines.points.len() - lines.ends.len();
        let mut layer = Layer::new(color, 4 * segments, drawing.extent)?;
        for line in lines.iter() {
            for segment in line.windows(2) {
                layer.add_polygon(&segment_box(segment[0], segment[1], width));
            }
        }
        strokes.push(layer.sorted());
    }
    Ok(Layers {
        background: drawing.background,
        fills,
        strokes,
    })
}

/// The rectangle a segment from `a` to `b` covers when drawn `width` wide with square ends
/// (half the width past each end, so walls meeting at a corner close it).
fn segment_box(a: Point, b: Point, width: f64) -> [Point; 4] {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = (dx * dx + dy * dy).sqrt();
    let half = width / 2.0;
    // Along the segment (u) and across it (n), each half the width long.
    let (ux, uy) = if length > 0.0 {
        (dx / length * half, dy / length * half)
    } else {
        (half, 0.0)
    };
    let (nx, ny) = (-uy, ux);
    [
        Point::new(a.x - ux + nx, a.y - uy + ny),
        Point::new(b.x + ux + nx, b.y + uy + ny),
        Point::new(b.x + ux - nx, b.y + uy - ny),
        Point::new(a.x - ux - nx, a.y - uy - ny),
    ]
}

/// A polygon's edge, from its top end down.
#[derive(Debug, Clone, Copy)]
struct Edge {
    top: f64,
    bottom: f64,
    /// x at `top`.
    x: f64,
    /// dx / dy.
    slope: f64,
    /// +1 for an edge going down the polygon's outline, -1 going up.
    winding: i32,
}

/// The shapes of one color: everything inside any of them (nonzero winding) is painted.
struct Layer {
    color: Rgb,
    /// Sorted by top.
    edges: Vec<Edge>,
    /// The next edge of `edges` to reach.
    next: usize,
    /// The edges the current sample row crosses or may cross, by index.
    active: Vec<usize>,
    /// Where the current sample row crosses its edges, and their winding.
    crossings: Vec<(f64, i32)>,
}

impl Layer {
    /// A layer with room for `edges` edges, or an error naming the maze if memory for them
    /// is refused.
    fn new(color: Rgb, edges: usize, (width, height): (u32, u32)) -> crate::Result<Self> {
        let mut reserved = Vec::new();
        reserved
            .try_reserve_exact(edges)
            .map_err(|_| Error::OutOfMemory {
                width,
                height,
                bytes: (edges as u64).saturating_mul(size_of::<Edge>() as u64),
            })?;
        Ok(Self {
            color,
            edges: reserved,
            next: 0,
            active: Vec::new(),
            crossings: Vec::new(),
        })
    }

    /// Adds the edges of a closed polygon, turned counter-clockwise (on screen) if it runs
    /// the other way, so that overlapping shapes add up instead of cancelling.
    fn add_polygon(&mut self, points: &[Point]) {
        let n = points.len();
        let twice_area: f64 = (0..n)
            .map(|k| {
                let (a, b) = (points[k], points[(k + 1) % n]);
                a.x * b.y - b.x * a.y
            })
            .sum();
        let turn = if twice_area < 0.0 { -1 } else { 1 };
        for k in 0..n {
            let (a, b) = (points[k], points[(k + 1) % n]);
            if a.y == b.y {
                continue; // Horizontal: no sample row crosses it.
            }
            let (top, bottom, winding) = if a.y < b.y { (a, b, 1) } else { (b, a, -1) };
            self.edges.push(Edge {
                top: top.y,
                bottom: bottom.y,
                x: top.x,
                slope: (bottom.x - top.x) / (bottom.y - top.y),
                winding: winding * turn,
            });
        }
    }

    fn sorted(mut self) -> Self {
        self.edges.sort_by(|a, b| a.top.total_cmp(&b.top));
        self
    }

    /// Calls `paint` with each pixel of row `y` that this layer's shapes cover and how many
    /// of its samples they cover. `coverage` is all zeros, and left so.
    fn cover_row(&mut self, y: u32, coverage: &mut [u16], mut paint: impl FnMut(usize, u16)) {
        let columns = coverage.len() as f64 * f64::from(SAMPLES);
        let (mut first, mut last) = (usize::MAX, 0);
        for s in 0..SAMPLES {
            let sample_y = f64::from(y) + (f64::from(s) + 0.5) / f64::from(SAMPLES);
            while let Some(edge) = self.edges.get(self.next)
                && edge.top <= sample_y
            {
                self.active.push(self.next);
                self.next += 1;
            }
            let edges = &self.edges;
            self.active.retain(|&e| edges[e].bottom > sample_y);
            self.crossings.clear();
            self.crossings.extend(self.active.iter().map(|&e| {
                let edge = &edges[e];
                (edge.x + (sample_y - edge.top) * edge.slope, edge.winding)
            }));
            self.crossings.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut winding = 0;
            let mut from = 0.0;
            for &(x, w) in &self.crossings {
                let before = winding;
                winding += w;
                if before == 0 && winding != 0 {
                    from = x;
                } else if before != 0 && winding == 0 {
                    // The samples at (j + 0.5) / SAMPLES inside [from, x).
                    let sample = |x: f64| (x * f64::from(SAMPLES) - 0.5).ceil().clamp(0.0, columns);
                    let (start, end) = (sample(from) as usize, sample(x) as usize);
                    for j in start..end {
                        coverage[j / SAMPLES as usize] += 1;
                    }
                    if start < end {
                        first = first.min(start / SAMPLES as usize);
                        last = last.max((end - 1) / SAMPLES as usize);
                    }
                }
            }
        }
        if first > last {
            return;
        }
        for (pixel, covered) in coverage.iter_mut().enumerate().take(last + 1).skip(first) {
            if *covered > 0 {
                paint(pixel, *covered);
                *covered = 0;
            }
        }
    }
}

/// `over` on `under` where it covers `covered` of a pixel's [`FULL`] samples.
fn blend(under: Rgb, over: Rgb, covered: u16) -> Rgb {
    std::array::from_fn(|c| {
        let (a, b) = (u16::from(under[c]), u16::from(over[c]));
        ((a * (FULL - covered) + b * covered + FULL / 2) / FULL) as u8
    })
}
