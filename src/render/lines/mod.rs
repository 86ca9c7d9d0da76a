//! Pictures of a maze of any shape in thin walls, the printed-puzzle look: cells on a plain
//! background, the start and goal filled, the solution a line through the cells, the heat map
//! filling each cell. What is drawn where is worked out once here ([`Drawing`]); `vector.rs`
//! writes it as SVG and `raster.rs` as PNG.

mod raster;
mod vector;

use super::ink::{Ink, Picture, Rgb};
use crate::error::{Error, Result};
use crate::grid::Tile;
use crate::shapes::{Geometry, Point, Shape, ShapedMaze, UNREACHED};
use crate::with_topology;
use std::collections::BTreeMap;

/// The pixel sizes of a line picture at a scale (pixels per cell unit): whole pixels, so the
/// walls of a rectangle fall on pixel edges.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Layout {
    /// Pixels per cell unit.
    scale: f64,
    /// Width of a wall.
    wall: f64,
    /// Width of the solution line.
    path: f64,
    /// Room around the maze, on every side.
    margin: u64,
    /// Where cell unit 0 lies: the margin, plus half a pixel under walls an odd number of
    /// pixels wide, so their edges fall on pixel edges.
    origin: f64,
}

impl Layout {
    fn new(scale: u32) -> Self {
        let wall = u64::from((scale / 8).max(1));
        let margin = u64::from(scale / 2).max(wall);
        Self {
            scale: f64::from(scale),
            wall: wall as f64,
            path: f64::from((scale / 4).max(1)),
            margin,
            origin: margin as f64 + if wall % 2 == 1 { 0.5 } else { 0.0 },
        }
    }

    /// A point in cell units, in pixels.
    fn at(&self, p: Point) -> Point {
        Point::new(
            self.origin + p.x * self.scale,
            self.origin + p.y * self.scale,
        )
    }

    /// The picture's width and height in pixels for a shape of `bounds` cell units, or an
    /// error naming a side over [`Picture::MAX_SIDE`].
    fn pixel_size(&self, (width, height): (f64, f64)) -> Result<(u32, u32)> {
        let side = |units: f64| {
            // `as` saturates: a side too large for u64 is refused below all the same.
            let pixels = ((units * self.scale).ceil() as u64).saturating_add(2 * self.margin);
            u32::try_from(pixels)
                .ok()
                .filter(|&p| u64::from(p) <= Picture::MAX_SIDE)
                .ok_or(Error::PictureTooLarge {
                    pixels,
                    limit: Picture::MAX_SIDE,
                })
        };
        Ok((side(width)?, side(height)?))
    }
}

impl Picture {
    /// The size in pixels of a picture of `shape` in lines, or an error if a side would exceed
    /// [`Picture::MAX_SIDE`]: lets callers refuse before carving the maze. `scale` pixels per
    /// cell unit (a square cell is one unit across), plus a margin of half a cell.
    pub fn pixel_size_of_shape(&self, shape: &Shape) -> Result<(u32, u32)> {
        pixel_size(self.scale, with_topology!(shape, t => t.bounds()))
    }
}

/// The size in pixels of a line picture of a shape `bounds` cell units across and down, at
/// `scale` pixels per unit.
pub(super) fn pixel_size(scale: u32, bounds: (f64, f64)) -> Result<(u32, u32)> {
    Layout::new(scale).pixel_size(bounds)
}

/// A line picture in pixels, ready to be written: filled polygons, then lines over them.
#[derive(Debug, Clone, PartialEq)]
struct Drawing {
    /// Width and height in pixels.
    size: (u32, u32),
    /// The passages' color, under everything.
    background: Rgb,
    /// Cells filled in one color each, in painting order: closed polygons.
    fills: Vec<(Rgb, Vec<Vec<Point>>)>,
    /// Polylines in one color and width each, painted after the fills, with square ends.
    strokes: Vec<Stroke>,
    /// Width and height of the maze in cells, for errors about memory.
    extent: (u32, u32),
}

/// Polylines in one color and width.
#[derive(Debug, Clone, PartialEq)]
struct Stroke {
    color: Rgb,
    width: f64,
    lines: Vec<Vec<Point>>,
}

impl Drawing {
    /// The picture of `maze`.
    fn new(maze: &ShapedMaze, picture: &Picture) -> Result<Self> {
        with_topology!(maze.shape(), t => Self::of(t, maze, picture))
    }

    fn of<T: Geometry>(shape: &T, maze: &ShapedMaze, picture: &Picture) -> Result<Self> {
        let layout = Layout::new(picture.scale);
        let size = layout.pixel_size(shape.bounds())?;
        let palette = &picture.palette;
        let outline = |i: usize| -> Vec<Point> {
            shape.outline(i).into_iter().map(|p| layout.at(p)).collect()
        };

        let mut fills: BTreeMap<Ink, Vec<Vec<Point>>> = BTreeMap::new();
        if picture.heatmap {
            let distances = maze.distances();
            let farthest = distances.iter().filter(|&&d| d != UNREACHED).max();
            let scale = farthest.map_or(0.0, |&d| if d == 0 { 0.0 } else { 1.0 / d as f32 });
            for (i, &d) in distances.iter().enumerate() {
                if d != UNREACHED && i != maze.start() && i != maze.goal() {
                    let ink = Ink::heat(d as f32 * scale);
                    fills.entry(ink).or_default().push(outline(i));
                }
            }
        }
        fills.insert(Ink::Plain(Tile::Start), vec![outline(maze.start())]);
        fills
            .entry(Ink::Plain(Tile::Goal))
            .or_default()
            .push(outline(maze.goal()));

        let mut strokes = Vec::new();
        if let Some(solution) = maze.solution() {
            strokes.push(Stroke {
                color: palette.path,
                width: layout.path,
                lines: vec![solution_line(shape, solution, &layout)],
            });
        }
        let mut walls = shape.outer_wall();
        walls.extend(shape.inner_walls());
        for line in &mut walls {
            for p in line.iter_mut() {
                *p = layout.at(*p);
            }
        }
        strokes.push(Stroke {
            color: palette.wall,
            width: layout.wall,
            lines: walls,
        });

        Ok(Self {
            size,
            background: palette.passage,
            fills: fills
                .into_iter()
                .map(|(ink, polygons)| (palette.rgb(ink), polygons))
                .collect(),
            strokes,
            extent: shape.extent(),
        })
    }
}

/// The solution as one polyline in pixels: from cell centre to cell centre through the middle
/// of the wall between, so it never cuts a corner where cells of different sizes meet.
fn solution_line<T: Geometry>(shape: &T, cells: &[usize], layout: &Layout) -> Vec<Point> {
    let mut line = Vec::with_capacity(2 * cells.len());
    for pair in cells.windows(2) {
        let (i, j) = (pair[0], pair[1]);
        line.push(layout.at(shape.centre(i)));
        let cursor = shape.cursor(i);
        let side = (0..T::SIDES)
            .find(|&side| shape.neighbour(&cursor, side) == Some(j))
            .expect("a solution steps between neighbours");
        line.push(layout.at(middle(&shape.wall_line(i, side))));
    }
    if let Some(&last) = cells.last() {
        line.push(layout.at(shape.centre(last)));
    }
    line
}

/// The middle of a polyline: its middle point, or halfway between its two middle points.
fn middle(line: &[Point]) -> Point {
    let n = line.len();
    let (a, b) = (line[(n - 1) / 2], line[n / 2]);
    Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
}
