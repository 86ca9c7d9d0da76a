//! Pictures of a maze of any shape in thin walls, the printed-puzzle look: cells on a plain
//! background, the start and goal filled, the solution a line through the cells, the heat map
//! filling each cell. What is drawn where is worked out once here ([`Drawing`]), in inks;
//! `vector.rs` writes it as SVG and `raster.rs` as PNG, each in a palette's colors. A level's
//! printed map (`level/printed_map.rs`) is drawn with the same kit, a [`Drawing`] in inks of
//! its own.

mod blocks;
mod pdf;
pub(super) mod raster;
pub(super) mod vector;

pub use blocks::term_scale;
pub(super) use blocks::{Blocks, maze_blocks};
pub(super) use pdf::{Vector, maze_vector};
pub(super) use raster::maze_png;
pub(super) use vector::{maze_svg_open, number};

use super::ink::{Ink, Picture, Style};
use crate::Maze;
use crate::grid::{MazeError, Result};
use crate::grid::{Tile, cells_within_tiles};
use crate::maze::Blank;
use crate::topology::UNREACHED;
use crate::topology::{Geometry, Joint, Point, Shape, Topology};
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
    /// The layout of a picture at `scale` pixels per cell unit.
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

    /// The layout of a picture in the terminal, whose pixels are coarse: the solution as thin
    /// as the walls (one pixel up to scale 15), the rest as [`Layout::new`].
    fn in_blocks(scale: u32) -> Self {
        let layout = Self::new(scale);
        Self {
            path: layout.wall,
            ..layout
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
        Picture::check_scale(self.scale as u32)?;
        let side = |units: f64| {
            // `as` saturates: a side too large for u64 is refused below all the same.
            let pixels = ((units * self.scale).ceil() as u64).saturating_add(2 * self.margin);
            u32::try_from(pixels)
                .ok()
                .filter(|&p| u64::from(p) <= Picture::MAX_SIDE)
                .ok_or(MazeError::PictureTooLarge {
                    pixels,
                    limit: Picture::MAX_SIDE,
                })
        };
        Ok((side(width)?, side(height)?))
    }
}

/// A picture's size in pixels, worked out beside the layout of lines that decides it for every
/// maze but a rectangle or mask in tiles.
impl Picture {
    /// The picture's size in pixels, or an error if a side would exceed [`Picture::MAX_SIDE`].
    pub fn pixel_size(&self, maze: &Maze) -> crate::grid::Result<(u32, u32)> {
        match maze.grid() {
            Some(grid) => self.pixel_size_of(grid.tile_width(), grid.tile_height()),
            None => self.pixel_size_of_shape(maze.shape()),
        }
    }

    /// The size in pixels of a picture of a maze of `tile_width x tile_height` tiles (in
    /// [`Style::Lines`], of the cells they hold; a room map's picture is `scale` pixels a tile
    /// in either style), or an error if a side would exceed
    /// [`Picture::MAX_SIDE`]: lets callers refuse before making the maze.
    pub fn pixel_size_of(
        &self,
        tile_width: u64,
        tile_height: u64,
    ) -> crate::grid::Result<(u32, u32)> {
        Self::check_scale(self.scale)?;
        if self.style == Style::Lines {
            let cells = |tiles: u64| cells_within_tiles(tiles) as f64;
            let bounds = (cells(tile_width), cells(tile_height));
            return pixel_size(self.scale, bounds);
        }
        let side = |tiles: u64| {
            let pixels = tiles.saturating_mul(u64::from(self.scale));
            u32::try_from(pixels)
                .ok()
                .filter(|&p| u64::from(p) <= Self::MAX_SIDE)
                .ok_or(crate::grid::MazeError::PictureTooLarge {
                    pixels,
                    limit: Self::MAX_SIDE,
                })
        };
        Ok((side(tile_width)?, side(tile_height)?))
    }

    /// The size in pixels of a picture of `shape` in lines, or an error if a side would exceed
    /// [`Picture::MAX_SIDE`]: lets callers refuse before carving the maze. `scale` pixels per
    /// cell unit (a square cell is one unit across), plus a margin of half a cell.
    pub fn pixel_size_of_shape(&self, shape: &Shape) -> Result<(u32, u32)> {
        pixel_size(self.scale, with_topology!(shape, t => t.bounds()))
    }

    /// Refuses, before the maze is carved, a picture of `shape` in lines whose drawing the
    /// machine will not hold ([`MazeError::OutOfMemory`]): see [`Picture::check_blank_drawing`].
    pub fn check_drawing_memory(&self, shape: &Shape) -> Result<()> {
        let (cells, sides) = with_topology!(shape, t => (t.cell_count() as u64, sides_of(t)));
        let extent = with_topology!(shape, t => t.extent());
        self.check_drawing(cells, sides, extent)
    }

    /// Refuses, before the maze is carved, a picture of a maze of `blank` in lines whose
    /// drawing the machine will not hold ([`MazeError::OutOfMemory`]): it is laid out whole
    /// before it is written, every side of every cell a line of two points and an index (40
    /// bytes), and with a heat map every cell's outline besides. The memory is only asked for,
    /// not touched, and given back at once.
    pub fn check_blank_drawing(&self, blank: &Blank) -> Result<()> {
        let sides = match blank {
            Blank::Rect { .. } => 4,
            Blank::Shape(shape) => with_topology!(shape, t => sides_of(t)),
        };
        self.check_drawing(blank.cell_count(), sides, blank.extent())
    }

    /// [`Picture::check_blank_drawing`] for `cells` cells of `sides` sides, `extent` across.
    fn check_drawing(&self, cells: u64, sides: u64, (width, height): (u32, u32)) -> Result<()> {
        let point = size_of::<Point>() as u64;
        let walls = cells.saturating_mul(sides).saturating_mul(2 * point + 8);
        let outlines = match self.heatmap {
            true => cells.saturating_mul((sides + 1) * point + 8),
            false => 0,
        };
        let bytes = walls.saturating_add(outlines);
        match crate::grid::grantable(bytes) {
            true => Ok(()),
            false => Err(MazeError::OutOfMemory {
                width,
                height,
                bytes,
            }),
        }
    }

    /// Whether a maze of `blank` is drawn in lines in this picture: in [`Style::Lines`], or a
    /// shape other than a rectangle or mask.
    pub(in crate::render) fn in_lines(&self, blank: &Blank) -> bool {
        let tiled = match blank {
            Blank::Rect { .. } => true,
            Blank::Shape(shape) => matches!(shape, Shape::Rect(_) | Shape::Masked(_)),
        };
        self.style == Style::Lines || !tiled
    }
}

/// The most sides a cell of `topology` has.
fn sides_of<T: Geometry>(_: &T) -> u64 {
    T::SIDES as u64
}

/// The size in pixels of a line picture of a shape `bounds` cell units across and down, at
/// `scale` pixels per unit.
fn pixel_size(scale: u32, bounds: (f64, f64)) -> Result<(u32, u32)> {
    Layout::new(scale).pixel_size(bounds)
}

/// Where a point in cell units lies in a line picture at `scale`: `origin + units * scale`
/// pixels, as (origin, pixels per unit).
pub(super) fn cell_units(scale: u32) -> (f64, f64) {
    let layout = Layout::new(scale);
    (layout.origin, layout.scale)
}

/// A line picture in pixels, ready to be written: filled polygons, then lines over them, each
/// in an ink `K` (a maze's [`Ink`], or a map's own) that the writer gives a color.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Drawing<K = Ink> {
    /// Width and height in pixels.
    pub(super) size: (u32, u32),
    /// The ink under everything (a maze's passages).
    pub(super) background: K,
    /// Shapes filled in one ink each, in painting order: closed polygons that do not overlap.
    pub(super) fills: Vec<(K, Polylines)>,
    /// Polylines in one ink and width each, painted after the fills, with square ends.
    pub(super) strokes: Vec<Stroke<K>>,
    /// Width and height of the maze in cells (of a map in tiles), for errors about memory.
    pub(super) extent: (u32, u32),
}

/// Polylines in one ink and width.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stroke<K = Ink> {
    pub(super) ink: K,
    pub(super) width: f64,
    pub(super) lines: Polylines,
}

/// Polylines (or polygons) end to end in one allocation, grown fallibly: a maze too large to
/// draw is an error, not an abort, and a wall takes its points and one index, not a `Vec`.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Polylines {
    pub(super) points: Vec<Point>,
    /// Where each line ends in `points`.
    pub(super) ends: Vec<usize>,
}

impl Polylines {
    /// Appends a line, or names the memory it would have needed.
    pub(super) fn push(&mut self, line: impl ExactSizeIterator<Item = Point>) -> Result<(), u64> {
        let needed = |len: usize, item: usize| (len as u64 + 1).saturating_mul(2 * item as u64);
        self.points
            .try_reserve(line.len())
            .map_err(|_| needed(self.points.len(), size_of::<Point>()))?;
        self.ends
            .try_reserve(1)
            .map_err(|_| needed(self.ends.len(), size_of::<usize>()))?;
        self.points.extend(line);
        self.ends.push(self.points.len());
        Ok(())
    }

    /// Each line's points.
    pub(super) fn iter(&self) -> impl Iterator<Item = &[Point]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.points[start..end])
    }
}

impl Drawing {
    /// The picture of `maze` as `picture` draws it in lines (its scale and heat map), for a
    /// writer to write.
    fn of_picture(picture: &Picture, maze: &Maze) -> std::io::Result<Self> {
        Self::new(maze, Layout::new(picture.scale), picture.heatmap).map_err(std::io::Error::other)
    }

    /// The picture of `maze` laid out as `layout` says, its cells shaded by their distance
    /// from the start if `heatmap`, its openings left out of the outer wall.
    fn new(maze: &Maze, layout: Layout, heatmap: bool) -> Result<Self> {
        let openings = maze.openings();
        with_topology!(maze.shape(), t => Self::of(t, maze, (layout, heatmap), &openings))
    }

    /// The picture of `maze` on `shape`, without the outer walls on the sides `openings` name
    /// (cell and side).
    fn of<T: Geometry>(
        shape: &T,
        maze: &Maze,
        (layout, heatmap): (Layout, bool),
        openings: &[(usize, usize)],
    ) -> Result<Self> {
        let size = layout.pixel_size(shape.bounds())?;
        let (width, height) = shape.extent();
        let refused = |bytes| MazeError::OutOfMemory {
            width,
            height,
            bytes,
        };
        let in_pixels = |line: Vec<Point>| line.into_iter().map(|p| layout.at(p));

        let mut fills: BTreeMap<Ink, Polylines> = BTreeMap::new();
        let mut fill = |ink: Ink, i: usize| {
            let outline = in_pixels(shape.outline(i));
            fills.entry(ink).or_default().push(outline).map_err(refused)
        };
        if heatmap {
            let distances = maze.distances();
            let farthest = distances.iter().filter(|&&d| d != UNREACHED).max();
            let scale = farthest.map_or(0.0, |&d| if d == 0 { 0.0 } else { 1.0 / d as f32 });
            for (i, &d) in distances.iter().enumerate() {
                if d != UNREACHED && i != maze.start() && i != maze.goal() {
                    fill(Ink::heat(d as f32 * scale), i)?;
                }
            }
        }
        // The goal over the start where they are one cell, as in tile pictures.
        if maze.start() != maze.goal() {
            fill(Ink::Plain(Tile::Start), maze.start())?;
        }
        fill(Ink::Plain(Tile::Goal), maze.goal())?;

        let mut strokes = Vec::new();
        if let Some(solution) = maze.solution().filter(|cells| cells.len() > 1) {
            let mut lines = Polylines::default();
            for line in solution_lines(shape, solution, &layout) {
                lines.push(line.into_iter()).map_err(refused)?;
            }
            strokes.push(Stroke {
                ink: Ink::Plain(Tile::Path),
                width: layout.path,
                lines,
            });
        }
        let mut walls = Polylines::default();
        for wall in shape.outer_wall(openings) {
            walls.push(in_pixels(wall)).map_err(refused)?;
        }
        // The walls between cells, each as its `Joint` says, without a `Vec` each: a standing
        // wall between cells side by side; one across a seam at both edges, a passage across
        // it marked at both by a tick pointing out of the picture, the way it goes on; a
        // passage between levels by a chevron in each cell, up in the lower, down in the upper;
        // a passage under a cell by the two halves of the crossing there.
        let mut inner = Ok(());
        // From a wall's width out, so the passage stays open at the edge, to 3/4 of the margin.
        let tick = (
            layout.wall / layout.scale,
            0.75 * layout.margin as f64 / layout.scale,
        );
        shape.walls(|id| {
            let (i, side, _) = shape.wall(id);
            if inner.is_err() {
                return;
            }
            let open = shape.is_open(i, side);
            let lines = match (shape.joint(i, side), open) {
                (Joint::Beside, true) | (Joint::Stairs | Joint::Under, false) => return,
                (Joint::Beside, false) => [Some(shape.wall_line(i, side)), None],
                (Joint::Seam, _) => {
                    let (j, back) = far_side(shape, i, side);
                    [(i, side), (j, back)].map(|(cell, side)| {
                        Some(if open {
                            seam_tick(shape, cell, side, tick)
                        } else {
                            shape.wall_line(cell, side)
                        })
                    })
                }
                (Joint::Stairs | Joint::Under, true) => {
                    let (j, back) = far_side(shape, i, side);
                    [
                        Some(shape.wall_line(i, side)),
                        Some(shape.wall_line(j, back)),
                    ]
                }
            };
            for line in lines.into_iter().flatten() {
                if inner.is_ok() {
                    inner = walls.push(in_pixels(line));
                }
            }
        });
        inner.map_err(refused)?;
        strokes.push(Stroke {
            ink: Ink::Plain(Tile::Wall),
            width: layout.wall,
            lines: walls,
        });

        Ok(Self {
            size,
            background: Ink::Plain(Tile::Passage),
            fills: fills.into_iter().collect(),
            strokes,
            extent: (width, height),
        })
    }
}

/// The solution as polylines in pixels: from cell centre to cell centre through the middle of
/// the wall between, so it never cuts a corner where cells of different sizes meet; broken
/// where it crosses a seam, to go on from the wall's middle at the other edge, where it
/// goes up or down, from the tip of one chevron to the tip of the other, and where it goes
/// under a cell, from one wall of the corridor over it to the other.
fn solution_lines<T: Geometry>(shape: &T, cells: &[usize], layout: &Layout) -> Vec<Vec<Point>> {
    let mut lines = Vec::new();
    let mut line = Vec::with_capacity(2 * cells.len());
    for pair in cells.windows(2) {
        let (i, j) = (pair[0], pair[1]);
        line.push(layout.at(shape.centre(i)));
        let cursor = shape.cursor(i);
        let side = (0..T::SIDES)
            .find(|&side| shape.neighbour(&cursor, side) == Some(j))
            .expect("a solution steps between neighbours");
        line.push(layout.at(middle(&shape.wall_line(i, side))));
        if shape.joint(i, side) != Joint::Beside {
            lines.push(std::mem::take(&mut line));
            let (j, back) = far_side(shape, i, side);
            line.push(layout.at(middle(&shape.wall_line(j, back))));
        }
    }
    if let Some(&last) = cells.last() {
        line.push(layout.at(shape.centre(last)));
    }
    lines.push(line);
    lines
}

/// The neighbour of cell `i` through `side` (which must lead to one), and its side that
/// leads back.
fn far_side<T: Topology>(shape: &T, i: usize, side: usize) -> (usize, usize) {
    let mut cursor = shape.cursor(i);
    let back = shape.step(&mut cursor, side);
    (T::index(&cursor), back)
}

/// The mark of a passage through `side` of cell `i` across a seam: a line from `near` to
/// `far` cell units out of the picture from the middle of the wall, away from the cell's
/// centre.
fn seam_tick<T: Geometry>(shape: &T, i: usize, side: usize, (near, far): (f64, f64)) -> Vec<Point> {
    let (centre, wall) = (shape.centre(i), middle(&shape.wall_line(i, side)));
    let (dx, dy) = (wall.x - centre.x, wall.y - centre.y);
    let norm = (dx * dx + dy * dy).sqrt();
    let out = |length: f64| Point::new(wall.x + dx / norm * length, wall.y + dy / norm * length);
    vec![out(near), out(far)]
}

/// The middle of a polyline: its middle point, or halfway between its two middle points.
fn middle(line: &[Point]) -> Point {
    let n = line.len();
    let (a, b) = (line[(n - 1) / 2], line[n / 2]);
    Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
}
