//! A line picture in pixels: each ink's shapes filled scanline by scanline with 4 x 4
//! samples a pixel, one row at a time. PNG blends the samples (anti-aliased in 17 steps) and
//! writes every row as soon as it is painted; the terminal gives each pixel one ink
//! ([`Raster::ink_row`]).
//!
//! Only IEEE basic operations (and `ceil`, `round`, `sqrt`, exact everywhere) touch the
//! coordinates, so the pixels are the same on every platform.

use super::{Drawing, Stroke};
use crate::Maze;
use crate::grid::{MazeError, Result};
use crate::render::ink::{Ink, Picture, Rgb};
use crate::render::png_encoding::into_io;
use crate::topology::Point;
use std::io::{self, Write};

/// Samples per pixel side.
const SAMPLES: u32 = 4;
/// Samples per pixel: a pixel fully covered.
const FULL: u16 = (SAMPLES * SAMPLES) as u16;
/// The samples of a pixel a line must cover for the pixel to take its ink in
/// [`Raster::ink_row`]: three eighths. A quarter doubles the width of diagonal lines one pixel
/// wide, a half leaves gaps in them; at three eighths they step from pixel to pixel, and every
/// wall of every shape lights a pixel at every scale (tested in `blocks.rs`), while a line
/// along pixel edges does not spill into the pixels beside it.
const LINE_SHARE: u16 = FULL * 3 / 8;

/// A maze of any shape in lines, openings included, as PNG (8-bit RGB): what
/// [`Png`](crate::render::Png) draws in [`Style::Lines`](crate::render::Style::Lines).
pub(in crate::render) fn maze_png(
    picture: &Picture,
    maze: &Maze,
    out: &mut dyn Write,
) -> io::Result<()> {
    let drawing = Drawing::of_picture(picture, maze)?;
    let palette = picture.palette;
    // The encoder's default level, whatever the size.
    let compression = png::Compression::Balanced;
    write_png(drawing, |ink| palette.rgb(ink), compression, out)
}

/// Paints `drawing` row by row into a PNG, each ink in the color `rgb` gives it.
pub(in crate::render) fn write_png<K: Copy>(
    drawing: Drawing<K>,
    rgb: impl Fn(K) -> Rgb,
    compression: png::Compression,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (width, height) = drawing.size;
    let mut raster = Raster::new(drawing).map_err(io::Error::other)?;
    let colors = raster.colors(rgb);
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    let mut writer = encoder.write_header().map_err(into_io)?;
    let mut stream = writer.stream_writer().map_err(into_io)?;
    let mut row = raster.row_of([0u8; 3]).map_err(io::Error::other)?;
    for y in 0..height {
        raster.rgb_row(y, &colors, &mut row);
        stream.write_all(row.as_flattened())?;
    }
    stream.finish().map_err(into_io)
}

/// A drawing's pixels, computed a row at a time from the top: the edges of its shapes, one
/// layer per fill ink or stroke, and room for a row's samples.
pub(in crate::render) struct Raster<K = Ink> {
    /// Width and height in pixels.
    size: (u32, u32),
    /// Width and height of the maze in cells, for errors about memory.
    extent: (u32, u32),
    layers: Layers<K>,
    /// Samples covered in each pixel of the row, by the layer being scanned; all zeros
    /// between layers.
    coverage: Vec<u16>,
    /// What the fills cover of each pixel of the row.
    mix: Vec<Mix>,
}

impl<K: Copy> Raster<K> {
    /// The raster of `drawing`, or an error if memory for its edges or a row is refused.
    pub(in crate::render) fn new(drawing: Drawing<K>) -> Result<Self> {
        let (size, extent) = (drawing.size, drawing.extent);
        let layers = layers(drawing)?;
        let mut raster = Self {
            size,
            extent,
            layers,
            coverage: Vec::new(),
            mix: Vec::new(),
        };
        raster.coverage = raster.row_of(0)?;
        raster.mix = raster.row_of(Mix::default())?;
        Ok(raster)
    }

    /// Width and height in pixels.
    pub(super) fn size(&self) -> (u32, u32) {
        self.size
    }

    /// A row of pixels, each `value`, or an error naming the memory it would take.
    pub(in crate::render) fn row_of<T: Clone>(&self, value: T) -> Result<Vec<T>> {
        let (width, height) = self.extent;
        crate::grid::filled_vec(width, height, self.size.0 as usize, value)
    }

    /// An empty `Vec` with room for `len` items, or an error naming the memory it would take.
    pub(super) fn scratch<T>(&self, len: usize) -> Result<Vec<T>> {
        let (width, height) = self.extent;
        crate::grid::empty_vec(width, height, len)
    }

    /// The colors of the background, each fill and each stroke as `rgb` gives them, in the
    /// order [`Raster::rgb_row`] takes them.
    fn colors(&self, rgb: impl Fn(K) -> Rgb) -> Colors {
        let colors = |layers: &[Layer<K>]| layers.iter().map(|layer| rgb(layer.ink)).collect();
        Colors {
            background: rgb(self.layers.background),
            fills: colors(&self.layers.fills),
            strokes: colors(&self.layers.strokes),
        }
    }

    /// Paints pixel row `y` (each row once, from the top) in `colors`, anti-aliased.
    fn rgb_row(&mut self, y: u32, colors: &Colors, row: &mut [Rgb]) {
        // Fills meet edge to edge, so a pixel on the edge takes each side's color by its
        // share of the samples: blended one after the other, the background would show
        // through as a seam.
        let mix = &mut self.mix;
        for (layer, &color) in self.layers.fills.iter_mut().zip(&colors.fills) {
            layer.cover_row(y, &mut self.coverage, |pixel, covered| {
                mix[pixel].add(color, covered);
            });
        }
        for (pixel, mix) in row.iter_mut().zip(mix.iter_mut()) {
            *pixel = mix.over(colors.background);
        }
        // Lines cross each other and the fills: each is painted over what is there.
        for (layer, &color) in self.layers.strokes.iter_mut().zip(&colors.strokes) {
            layer.cover_row(y, &mut self.coverage, |pixel, covered| {
                row[pixel] = blend(row[pixel], color, covered);
            });
        }
    }

    /// Gives each pixel of row `y` (each row once, from the top) one ink: the fill covering
    /// most of it where fills cover at least half of it, else the background; then each line
    /// in turn where it covers at least [`LINE_SHARE`] of it.
    pub(in crate::render) fn ink_row(&mut self, y: u32, row: &mut [K]) {
        let mix = &mut self.mix;
        for (index, layer) in self.layers.fills.iter_mut().enumerate() {
            layer.cover_row(y, &mut self.coverage, |pixel, covered| {
                mix[pixel].count(index, covered);
            });
        }
        for (pixel, mix) in row.iter_mut().zip(mix.iter_mut()) {
            *pixel = match mix.most() {
                Some(index) => self.layers.fills[index].ink,
                None => self.layers.background,
            };
        }
        for layer in &mut self.layers.strokes {
            let ink = layer.ink;
            layer.cover_row(y, &mut self.coverage, |pixel, covered| {
                if covered >= LINE_SHARE {
                    row[pixel] = ink;
                }
            });
        }
    }
}

/// The colors of a raster's inks in a palette.
struct Colors {
    background: Rgb,
    fills: Vec<Rgb>,
    strokes: Vec<Rgb>,
}

/// What is painted: fills over the background, then lines in order.
struct Layers<K> {
    background: K,
    fills: Vec<Layer<K>>,
    strokes: Vec<Layer<K>>,
}

/// The fills of one pixel: the sum of their colors, each times the samples it covers (for
/// colors), or the fill covering most of it (for inks); and the samples they cover.
#[derive(Debug, Clone, Copy, Default)]
struct Mix {
    sum: [u16; 3],
    covered: u16,
    /// The fill covering most samples so far, by index, and how many.
    most: Option<(usize, u16)>,
}

impl Mix {
    /// Counts `covered` samples of fill `index`.
    fn count(&mut self, index: usize, covered: u16) {
        self.covered += covered;
        if self.most.is_none_or(|(_, most)| covered > most) {
            self.most = Some((index, covered));
        }
    }

    /// The fill covering most of the pixel if fills cover at least half of it, leaving the
    /// mix empty for the next row.
    fn most(&mut self) -> Option<usize> {
        let most = self.most.filter(|_| 2 * self.covered >= FULL);
        *self = Mix::default();
        most.map(|(index, _)| index)
    }

    fn add(&mut self, color: Rgb, covered: u16) {
        for (sum, c) in self.sum.iter_mut().zip(color) {
            *sum += u16::from(c) * covered;
        }
        self.covered += covered;
    }

    /// The pixel's color over `background`, leaving the mix empty for the next row.
    fn over(&mut self, background: Rgb) -> Rgb {
        if self.covered == 0 {
            return background;
        }
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

/// The edges of a drawing's shapes, one layer per fill ink or stroke, as the scanlines need
/// them; an error if memory for them is refused. Each layer's shapes are dropped once its
/// edges are taken.
fn layers<K>(drawing: Drawing<K>) -> Result<Layers<K>> {
    let mut fills = Vec::new();
    for (ink, polygons) in drawing.fills {
        let mut layer = Layer::new(ink, polygons.points.len(), drawing.extent)?;
        for polygon in polygons.iter() {
            layer.add_polygon(polygon);
        }
        fills.push(layer.sorted());
    }
    let mut strokes = Vec::new();
    for Stroke { ink, width, lines } in drawing.strokes {
        let segments = lines.points.len() - lines.ends.len();
        let mut layer = Layer::new(ink, 4 * segments, drawing.extent)?;
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

/// The bytes an edge of a shape takes while the shape is painted.
pub(in crate::render) const EDGE_BYTES: u64 = size_of::<Edge>() as u64;

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

/// The shapes of one ink: everything inside any of them (nonzero winding) is painted.
struct Layer<K> {
    ink: K,
    /// Sorted by top.
    edges: Vec<Edge>,
    /// The next edge of `edges` to reach.
    next: usize,
    /// The edges the current sample row crosses or may cross, by index, in the order of
    /// their crossings on the last sample row.
    active: Vec<usize>,
    /// Where the current sample row crosses its edges, their winding, and the edge.
    crossings: Vec<(f64, i32, usize)>,
}

impl<K> Layer<K> {
    /// A layer with room for `edges` edges, or an error naming the maze if memory for them
    /// is refused.
    fn new(ink: K, edges: usize, (width, height): (u32, u32)) -> Result<Self> {
        let mut reserved = Vec::new();
        reserved
            .try_reserve_exact(edges)
            .map_err(|_| MazeError::OutOfMemory {
                width,
                height,
                bytes: (edges as u64).saturating_mul(size_of::<Edge>() as u64),
            })?;
        Ok(Self {
            ink,
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
                (edge.x + (sample_y - edge.top) * edge.slope, edge.winding, e)
            }));
            // Almost in order already, as edges move little from one sample row to the next:
            // the sort runs through them (a 1000x1000-tile cave's map: 9.8 s without).
            self.crossings.sort_by(|a, b| a.0.total_cmp(&b.0));
            self.active.clear();
            self.active
                .extend(self.crossings.iter().map(|&(_, _, e)| e));
            let mut winding = 0;
            let mut from = 0.0;
            for &(x, w, _) in &self.crossings {
                let before = winding;
                winding += w;
                if before == 0 && winding != 0 {
                    from = x;
                } else if before != 0 && winding == 0 {
                    // The samples at (j + 0.5) / SAMPLES inside [from, x).
                    let sample = |x: f64| (x * f64::from(SAMPLES) - 0.5).ceil().clamp(0.0, columns);
                    let (start, end) = (sample(from) as usize, sample(x) as usize);
                    if start < end {
                        let per_pixel = SAMPLES as usize;
                        let (a, b) = (start / per_pixel, (end - 1) / per_pixel);
                        if a == b {
                            coverage[a] += (end - start) as u16;
                        } else {
                            // The pixels between the ends whole, a sample row's worth each.
                            coverage[a] += (per_pixel - start % per_pixel) as u16;
                            for covered in &mut coverage[a + 1..b] {
                                *covered += SAMPLES as u16;
                            }
                            coverage[b] += ((end - 1) % per_pixel + 1) as u16;
                        }
                        first = first.min(a);
                        last = last.max(b);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Tile;
    use crate::render::lines::Polylines;

    #[test]
    fn a_pixel_takes_the_fill_covering_half_of_it_and_a_line_covering_three_eighths() {
        let (start, wall) = (Ink::Plain(Tile::Start), Ink::Plain(Tile::Wall));
        let passage = Ink::Plain(Tile::Passage);
        let line = |points: &[(f64, f64)]| {
            let mut lines = Polylines::default();
            lines
                .push(points.iter().map(|&(x, y)| Point::new(x, y)))
                .unwrap();
            lines
        };
        let drawing = Drawing {
            size: (6, 1),
            background: passage,
            // Pixels 0 and 1 whole, pixel 2 half.
            fills: vec![(
                start,
                line(&[(0.0, 0.0), (2.5, 0.0), (2.5, 1.0), (0.0, 1.0)]),
            )],
            // From 3.5 to 5.25 with its square ends: pixel 3 half, pixel 4 whole, pixel 5 a
            // quarter.
            strokes: vec![Stroke {
                ink: wall,
                width: 1.0,
                lines: line(&[(4.0, 0.5), (4.75, 0.5)]),
            }],
            extent: (1, 1),
        };
        let mut raster = Raster::new(drawing).unwrap();
        let mut row = raster.row_of(passage).unwrap();
        raster.ink_row(0, &mut row);
        assert_eq!(row, [start, start, start, wall, wall, passage]);
    }
}
