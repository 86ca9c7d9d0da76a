//! A room map or cave as a printed dungeon map: what `svg`, `png` and `uvtt` draw in
//! [`Style::Lines`](crate::render::Style::Lines), the `dungeon` theme.
//!
//! Floors are white on a faint square grid, one square a tile; walls are thick outlines along
//! every edge between rock and floor; the rock beside them is shaded and hatched, each tile's
//! strokes leaning one way or the other, the rest of the rock left as paper. Doors are door
//! leaves across the opening, locked doors leaves with a red padlock, and keys, stairs, the
//! start (a green arrowhead) and the goal (a red star) are icons on their tiles. From 12 pixels
//! a tile up, each room's number (its id in the map's document) stands in its top left corner,
//! each key and locked door carries its number and each floor of a dungeon its name, in a pixel
//! font on a white ground (under the walls). Below the map (not in `uvtt`, whose picture must
//! fit its grid) a legend names every symbol the map uses. Entities placed by contents rules
//! (`--contents`) are purple rings, their kind's glyph inside from 12 pixels a tile up, each
//! kind named in the legend.
//!
//! What is drawn where is worked out once, as a [`Drawing`] of the line pictures' kit
//! (`lines/`); `lines/vector.rs` writes it as SVG and `lines/raster.rs` as PNG.

use super::{entity_glyphs, glyph_of, map_size, tiles_of};
use crate::grid::{MazeError, Result};
use crate::level::{Level, MapTile, TileMap, runs};
use crate::render::ink::{Picture, Rgb};
use crate::render::lines::{Drawing, Polylines, Stroke, raster, vector};
use crate::render::png_encoding::compression;
use crate::topology::Point;
use std::io::{self, Write};
use std::ops::Range;

/// The inks of a printed map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::render) enum MapInk {
    /// Floors, the rock away from them and the legend's ground.
    Paper,
    /// The rock beside a wall.
    Shade,
    /// The strokes on it.
    Hatch,
    /// The squares on the floor.
    Grid,
    /// Walls, outlines, stairs and numbers.
    Wall,
    /// A padlock.
    Lock,
    /// A key.
    Key,
    /// The start.
    Start,
    /// The goal.
    Goal,
    /// An entity placed by contents rules.
    Entity,
}

impl MapInk {
    /// Its color.
    pub(in crate::render) fn rgb(self) -> Rgb {
        match self {
            MapInk::Paper => [255, 255, 255],
            MapInk::Shade => [226, 222, 214],
            MapInk::Hatch => [110, 102, 92],
            MapInk::Grid => [204, 208, 216],
            MapInk::Wall => [28, 26, 24],
            MapInk::Lock => [186, 36, 36],
            MapInk::Key => [196, 136, 0],
            MapInk::Start => [30, 140, 60],
            MapInk::Goal => [204, 32, 64],
            MapInk::Entity => [150, 60, 170],
        }
    }
}

/// Writes `map` as an SVG printed map with its legend.
pub(in crate::render) fn map_svg(
    picture: &Picture,
    map: &impl Level,
    out: &mut dyn Write,
) -> io::Result<()> {
    // A stroke is held as its two points and where it ends.
    let stroke = 2 * size_of::<Point>() as u64 + size_of::<usize>() as u64;
    let drawing = map_drawing(picture, map, true, stroke)?;
    vector::write_svg(&drawing, MapInk::rgb, out)
}

/// Writes `map` as a PNG printed map, with its legend if `legend`, else exactly
/// `scale` pixels a tile.
pub(in crate::render) fn map_png(
    picture: &Picture,
    map: &impl Level,
    legend: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    // A stroke is held as its two points and where it ends, then as the four edges the
    // scanlines paint.
    let stroke = 2 * size_of::<Point>() as u64 + size_of::<usize>() as u64 + 4 * raster::EDGE_BYTES;
    let drawing = map_drawing(picture, map, legend, stroke)?;
    let (width, height) = drawing.size;
    let compression = compression(width, height);
    raster::write_png(drawing, MapInk::rgb, compression, out)
}

/// The drawing of `map` at the picture's scale, with its legend if `legend`; refused before
/// it is laid out when the machine will not hold its hatching, `stroke` bytes a stroke.
fn map_drawing(
    picture: &Picture,
    map: &impl Level,
    legend: bool,
    stroke: u64,
) -> io::Result<Drawing<MapInk>> {
    let tiles = tiles_of(map)?;
    let size = map_size(picture, &tiles)?;
    let mut plan = Plan::new(&tiles, picture.scale);
    plan.check_memory(stroke).map_err(io::Error::other)?;
    plan.draw(map).map_err(io::Error::other)?;
    let size = if legend {
        plan.legend(size).map_err(io::Error::other)?
    } else {
        size
    };
    Ok(plan.into_drawing(size))
}

/// The pens of a printed map in painting order: every stroke of a pen has its ink and width.
/// Numbers come before walls, so that a number running into a wall never breaks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pen {
    /// The strokes on the rock beside walls.
    Hatch,
    /// The squares on the floor.
    Grid,
    /// A number's white ground.
    Halo,
    /// A number's pixels.
    Text,
    /// Walls.
    Wall,
    /// A door leaf's outline.
    LeafEdge,
    /// A door leaf's inside.
    DoorLeaf,
    /// Steps.
    Stairs,
    /// Keys.
    Key,
    /// A padlock's shackle.
    Shackle,
    /// A padlock's outline.
    PadlockEdge,
    /// A padlock's body.
    Padlock,
    /// A padlock's keyhole.
    Keyhole,
    /// The ring around an entity's glyph.
    Entity,
}

impl Pen {
    /// Every pen in painting order: `pen as usize` indexes it.
    const ALL: [Pen; 14] = [
        Pen::Hatch,
        Pen::Grid,
        Pen::Halo,
        Pen::Text,
        Pen::Wall,
        Pen::LeafEdge,
        Pen::DoorLeaf,
        Pen::Stairs,
        Pen::Key,
        Pen::Shackle,
        Pen::PadlockEdge,
        Pen::Padlock,
        Pen::Keyhole,
        Pen::Entity,
    ];

    /// Its ink.
    fn ink(self) -> MapInk {
        match self {
            Pen::Hatch => MapInk::Hatch,
            Pen::Grid => MapInk::Grid,
            Pen::DoorLeaf | Pen::Halo => MapInk::Paper,
            Pen::Padlock => MapInk::Lock,
            Pen::Key => MapInk::Key,
            Pen::Entity => MapInk::Entity,
            Pen::Wall
            | Pen::LeafEdge
            | Pen::Stairs
            | Pen::Shackle
            | Pen::PadlockEdge
            | Pen::Keyhole
            | Pen::Text => MapInk::Wall,
        }
    }
}

/// Pixel sizes at a scale (pixels per tile).
#[derive(Debug, Clone, Copy)]
struct Sizes {
    /// Pixels per tile.
    tile: f64,
    /// Pixels per pixel of the font: 8 a letter.
    font: f64,
    /// Whether numbers are drawn (12 pixels a tile and up).
    numbers: bool,
    /// Width of each pen, by [`Pen::ALL`].
    widths: [f64; Pen::ALL.len()],
}

impl Sizes {
    /// The sizes at `scale` pixels a tile.
    fn new(scale: u32) -> Self {
        let s = f64::from(scale);
        let at_least_one = |w: f64| w.round().max(1.0);
        // Even widths about whole-pixel middles (tile edges, icons' centres) keep edges crisp.
        let even = |w: f64| (2.0 * (w / 2.0).round()).max(2.0);
        let leaf = even(s * 0.3).max(4.0);
        let edge = at_least_one(s / 16.0);
        let font = f64::from((scale / 16).max(1));
        let padlock = even(s * 0.46).max(4.0);
        let widths = Pen::ALL.map(|pen| match pen {
            Pen::Hatch => (s / 10.0).max(1.0),
            Pen::Grid => at_least_one(s / 16.0),
            Pen::Wall if scale >= 8 => even(s / 4.0),
            Pen::Wall => 1.0,
            Pen::LeafEdge => leaf,
            Pen::DoorLeaf => (leaf - 2.0 * edge).max(1.0),
            Pen::Stairs | Pen::Key | Pen::Shackle | Pen::Entity => (s / 10.0).max(1.0),
            Pen::PadlockEdge => padlock,
            Pen::Padlock => (padlock - 2.0 * edge).max(1.0),
            Pen::Keyhole => even(s / 10.0),
            // A line of text with a pixel of ground above and below.
            Pen::Halo => 7.0 * font + 2.0,
            Pen::Text => font,
        });
        Self {
            tile: s,
            font,
            numbers: scale >= 12,
            widths,
        }
    }

    /// The width in pixels of `text`'s letters (the last one's blank column left out).
    fn text_width(&self, text: &str) -> f64 {
        (8.0 * text.chars().count() as f64 - 1.0) * self.font
    }
}

/// A printed map being laid out: its tiles, sizes, fills and strokes by pen.
struct Plan<'a> {
    tiles: &'a TileMap,
    sizes: Sizes,
    /// The rock beside walls, as rectangles.
    shade: Polylines,
    /// The start's and goal's icons.
    start: Polylines,
    goal: Polylines,
    /// The strokes of each pen, by [`Pen::ALL`].
    pens: [Polylines; Pen::ALL.len()],
    /// Which symbols the map uses, by [`Symbol::ALL`].
    used: [bool; Symbol::ALL.len()],
    /// The kinds of the entities on the map with their glyphs, for the legend.
    kinds: Vec<(String, u8)>,
}

/// The symbols of a legend, in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Symbol {
    Door,
    Lock,
    Key,
    StairsUp,
    StairsDown,
    Start,
    Goal,
}

impl Symbol {
    /// Every symbol in the legend's order: `symbol as usize` indexes it.
    const ALL: [Symbol; 7] = [
        Symbol::Door,
        Symbol::Lock,
        Symbol::Key,
        Symbol::StairsUp,
        Symbol::StairsDown,
        Symbol::Start,
        Symbol::Goal,
    ];

    /// The symbol a tile is drawn with, if any.
    fn of(tile: MapTile) -> Option<Symbol> {
        Some(match tile {
            MapTile::Door => Symbol::Door,
            MapTile::Lock => Symbol::Lock,
            MapTile::Key => Symbol::Key,
            MapTile::StairsUp => Symbol::StairsUp,
            MapTile::StairsDown => Symbol::StairsDown,
            MapTile::Start => Symbol::Start,
            MapTile::Goal => Symbol::Goal,
            MapTile::Rock | MapTile::Room | MapTile::Corridor => return None,
        })
    }

    /// Its name in the legend.
    fn name(self) -> &'static str {
        match self {
            Symbol::Door => "Door",
            Symbol::Lock => "Locked door",
            Symbol::Key => "Key",
            Symbol::StairsUp => "Stairs up",
            Symbol::StairsDown => "Stairs down",
            Symbol::Start => "Start",
            Symbol::Goal => "Goal",
        }
    }
}

/// The unit circle's points every 22.5 degrees, from (1, 0) clockwise on screen: exact
/// constants, so that the pixels are the same on every platform.
const CIRCLE: [(f64, f64); 16] = {
    const A: f64 = 0.923_879_532_511_286_7;
    const B: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const C: f64 = 0.382_683_432_365_089_8;
    [
        (1.0, 0.0),
        (A, C),
        (B, B),
        (C, A),
        (0.0, 1.0),
        (-C, A),
        (-B, B),
        (-A, C),
        (-1.0, 0.0),
        (-A, -C),
        (-B, -B),
        (-C, -A),
        (0.0, -1.0),
        (C, -A),
        (B, -B),
        (A, -C),
    ]
};

/// A five-pointed star's corners from its top point clockwise, outer and inner in turn, on
/// the unit circle (the inner ones to be scaled in).
const STAR: [(f64, f64); 10] = {
    const S36: f64 = 0.587_785_252_292_473_1;
    const C36: f64 = 0.809_016_994_374_947_4;
    const S72: f64 = 0.951_056_516_295_153_5;
    const C72: f64 = 0.309_016_994_374_947_45;
    [
        (0.0, -1.0),
        (S36, -C36),
        (S72, -C72),
        (S72, C72),
        (S36, C36),
        (0.0, 1.0),
        (-S36, C36),
        (-S72, C72),
        (-S72, -C72),
        (-S36, -C36),
    ]
};

impl<'a> Plan<'a> {
    /// A map of `tiles` at `scale` pixels a tile, nothing laid out yet.
    fn new(tiles: &'a TileMap, scale: u32) -> Self {
        Self {
            tiles,
            sizes: Sizes::new(scale),
            shade: Polylines::default(),
            start: Polylines::default(),
            goal: Polylines::default(),
            pens: Default::default(),
            used: [false; Symbol::ALL.len()],
            kinds: Vec::new(),
        }
    }

    /// The error of a drawing too large for memory, naming the map.
    fn refused(&self, bytes: u64) -> MazeError {
        MazeError::DrawingOutOfMemory {
            width: self.tiles.width(),
            height: self.tiles.height(),
            bytes,
        }
    }

    /// Refuses a map whose drawing the machine will not hold, before drawing it: its
    /// hatching alone holds three strokes a shaded tile at once, `stroke` bytes each.
    fn check_memory(&self, stroke: u64) -> Result<()> {
        let (width, height) = (self.tiles.width(), self.tiles.height());
        let shaded = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.beside_wall(x, y))
            .count() as u64;
        let bytes = shaded.saturating_mul(3 * stroke);
        match crate::grid::grantable(bytes) {
            true => Ok(()),
            false => Err(MazeError::DrawingOutOfMemory {
                width,
                height,
                bytes,
            }),
        }
    }

    /// Adds a polyline in pixels to `pen`.
    fn line(&mut self, pen: Pen, points: &[Point]) -> Result<()> {
        let pushed = self.pens[pen as usize].push(points.iter().copied());
        pushed.map_err(|bytes| self.refused(bytes))
    }

    /// Adds a segment to `pen` from `a` to `b`.
    fn segment(&mut self, pen: Pen, a: (f64, f64), b: (f64, f64)) -> Result<()> {
        self.line(pen, &[Point::new(a.0, a.1), Point::new(b.0, b.1)])
    }

    /// Lays out the map: shaded and hatched rock, grid, walls, then every tile's symbol and
    /// the numbers.
    fn draw(&mut self, map: &impl Level) -> Result<()> {
        let (width, height) = (self.tiles.width(), self.tiles.height());
        let s = self.sizes.tile;
        for y in 0..height {
            let shaded: Vec<Range<u32>> = runs(width, |x| self.beside_wall(x, y)).collect();
            for run in shaded {
                for x in run.clone() {
                    self.hatch(x, y)?;
                }
                let (x0, x1) = (f64::from(run.start) * s, f64::from(run.end) * s);
                let (y0, y1) = (f64::from(y) * s, f64::from(y + 1) * s);
                let rect = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
                let pushed = self.shade.push(rect.iter().map(|&(x, y)| Point::new(x, y)));
                pushed.map_err(|bytes| self.refused(bytes))?;
            }
        }
        self.grid()?;
        for ((x0, y0), (x1, y1)) in self.tiles.walls() {
            let at = |v: u32| f64::from(v) * s;
            self.segment(Pen::Wall, (at(x0), at(y0)), (at(x1), at(y1)))?;
        }
        for y in 0..height {
            for x in 0..width {
                let tile = self.tiles.get(x, y);
                if let Some(symbol) = Symbol::of(tile) {
                    self.used[symbol as usize] = true;
                    let across = matches!(symbol, Symbol::Door | Symbol::Lock)
                        && self.passage_runs_across(x, y);
                    self.symbol(symbol, (f64::from(x) * s, f64::from(y) * s), across)?;
                }
            }
        }
        if self.sizes.numbers {
            self.numbers(map)?;
        }
        let entities = map.entities();
        let glyphs = entity_glyphs(&entities);
        for entity in &entities {
            if let Some((x, y)) = entity.at {
                let glyph = glyph_of(&glyphs, &entity.kind);
                self.entity(glyph, (f64::from(x) * s, f64::from(y) * s))?;
            }
        }
        self.kinds = glyphs
            .into_iter()
            .map(|(kind, glyph)| (kind.to_string(), glyph))
            .collect();
        Ok(())
    }

    /// Draws an entity in the tile whose top left corner is `(x0, y0)`: a ring, and inside it
    /// (from 12 pixels a tile up) its kind's glyph.
    fn entity(&mut self, glyph: u8, (x0, y0): (f64, f64)) -> Result<()> {
        let s = self.sizes.tile;
        let ring: Vec<Point> = CIRCLE
            .iter()
            .chain(&CIRCLE[..1])
            .map(|&(cx, cy)| Point::new(x0 + (0.5 + 0.38 * cx) * s, y0 + (0.5 + 0.38 * cy) * s))
            .collect();
        self.line(Pen::Entity, &ring)?;
        if self.sizes.numbers {
            let text = char::from(glyph).to_string();
            let (width, height) = (self.sizes.text_width(&text), 7.0 * self.sizes.font);
            let at = (
                x0 + ((s - width) / 2.0).round(),
                y0 + ((s - height) / 2.0).round(),
            );
            self.text(&text, at)?;
        }
        Ok(())
    }

    /// Whether rock tile `(x, y)` touches a tile that is not rock, sides or corners.
    fn beside_wall(&self, x: u32, y: u32) -> bool {
        let (x, y) = (i64::from(x), i64::from(y));
        self.tiles.is_rock(x, y)
            && (-1..=1).any(|dy| {
                (-1..=1).any(|dx| (dx, dy) != (0, 0) && !self.tiles.is_rock(x + dx, y + dy))
            })
    }

    /// Three strokes across shaded tile `(x, y)`, leaning the way its position picks, kept
    /// inside the tile; none on tiles under 6 pixels, too small to hold them.
    fn hatch(&mut self, x: u32, y: u32) -> Result<()> {
        let s = self.sizes.tile;
        if s < 6.0 {
            return Ok(());
        }
        let (x0, y0) = (f64::from(x) * s, f64::from(y) * s);
        // A square end's corners reach half the width times the square root of 2 past the end
        // along each axis, the stroke lying at 45 degrees: stop short of that, and half a
        // pixel more.
        let half = self.sizes.widths[Pen::Hatch as usize] / 2.0;
        let inset = (half * std::f64::consts::SQRT_2 + 0.5) / s;
        let rising = mix(x, y) & 1 == 0;
        for (from, to) in [
            ((0.0, 0.5), (0.5, 0.0)),
            ((0.0, 1.0), (1.0, 0.0)),
            ((0.5, 1.0), (1.0, 0.5)),
        ] {
            // From lower left to upper right, shortened at both ends.
            let (mut a, mut b): ((f64, f64), (f64, f64)) = (from, to);
            a = (a.0 + inset, a.1 - inset);
            b = (b.0 - inset, b.1 + inset);
            let place = |(u, v): (f64, f64)| {
                let u = if rising { u } else { 1.0 - u };
                (x0 + u * s, y0 + v * s)
            };
            self.segment(Pen::Hatch, place(a), place(b))?;
        }
        Ok(())
    }

    /// The faint squares: every edge between two tiles that are not rock, as runs.
    fn grid(&mut self) -> Result<()> {
        let (width, height) = (self.tiles.width(), self.tiles.height());
        let s = self.sizes.tile;
        let w = self.sizes.widths[Pen::Grid as usize];
        // On pixel centres when a line is an odd number of pixels wide, so it stays crisp.
        let shift = if w % 2.0 == 1.0 { 0.5 } else { 0.0 };
        let open = |x: u32, y: u32| !self.tiles.is_rock(i64::from(x), i64::from(y));
        let mut lines = Vec::new();
        for line in 1..height {
            let inside = |x| open(x, line - 1) && open(x, line);
            lines.extend(runs(width, inside).map(|run| ((run.start, line), (run.end, line))));
        }
        for line in 1..width {
            let inside = |y| open(line - 1, y) && open(line, y);
            lines.extend(runs(height, inside).map(|run| ((line, run.start), (line, run.end))));
        }
        for ((x0, y0), (x1, y1)) in lines {
            let at = |v: u32| f64::from(v) * s + shift;
            // Square ends would reach into the wall at each end; the wall covers them.
            self.segment(Pen::Grid, (at(x0), at(y0)), (at(x1), at(y1)))?;
        }
        Ok(())
    }

    /// Whether the way through door or lock tile `(x, y)` runs across the map (so its leaf
    /// stands upright): towards a room's floor to its left or right, or else open on both
    /// sides.
    fn passage_runs_across(&self, x: u32, y: u32) -> bool {
        let (x, y) = (i64::from(x), i64::from(y));
        let floor = |dx: i64, dy: i64| self.tiles.is_floor(x + dx, y + dy);
        let open = |dx: i64, dy: i64| !self.tiles.is_rock(x + dx, y + dy);
        if floor(-1, 0) || floor(1, 0) {
            return true;
        }
        if floor(0, -1) || floor(0, 1) {
            return false;
        }
        open(-1, 0) && open(1, 0)
    }

    /// Draws `symbol` in the tile whose top left corner is `(x0, y0)`; a door or lock's leaf
    /// upright if `across`.
    fn symbol(&mut self, symbol: Symbol, (x0, y0): (f64, f64), across: bool) -> Result<()> {
        let s = self.sizes.tile;
        let at = |u: f64, v: f64| (x0 + u * s, y0 + v * s);
        match symbol {
            Symbol::Door | Symbol::Lock => {
                // The leaf spans the tile across the way, its square ends reaching the edges.
                let half = self.sizes.widths[Pen::LeafEdge as usize] / 2.0 / s;
                let (a, b) = if across {
                    (at(0.5, half), at(0.5, 1.0 - half))
                } else {
                    (at(half, 0.5), at(1.0 - half, 0.5))
                };
                self.segment(Pen::LeafEdge, a, b)?;
                self.segment(Pen::DoorLeaf, a, b)?;
                if symbol == Symbol::Lock {
                    self.padlock(at)?;
                }
            }
            Symbol::Key => {
                let ring: Vec<Point> = CIRCLE
                    .iter()
                    .chain(&CIRCLE[..1])
                    .map(|&(cx, cy)| {
                        let (x, y) = at(0.3 + 0.13 * cx, 0.3 + 0.13 * cy);
                        Point::new(x, y)
                    })
                    .collect();
                self.line(Pen::Key, &ring)?;
                // The bow, the shaft and two teeth, above the key's number.
                self.segment(Pen::Key, at(0.43, 0.3), at(0.86, 0.3))?;
                self.segment(Pen::Key, at(0.72, 0.3), at(0.72, 0.42))?;
                self.segment(Pen::Key, at(0.84, 0.3), at(0.84, 0.39))?;
            }
            Symbol::StairsUp | Symbol::StairsDown => {
                // Four steps, narrowing upwards (up) or downwards (down).
                for k in 0..4 {
                    let v = 0.2 + 0.2 * f64::from(k);
                    let step = if symbol == Symbol::StairsUp { k } else { 3 - k };
                    let half = 0.16 + 0.07 * f64::from(step);
                    self.segment(Pen::Stairs, at(0.5 - half, v), at(0.5 + half, v))?;
                }
            }
            Symbol::Start => {
                let arrow = [at(0.28, 0.22), at(0.8, 0.5), at(0.28, 0.78), at(0.4, 0.5)];
                let pushed = self
                    .start
                    .push(arrow.iter().map(|&(x, y)| Point::new(x, y)));
                pushed.map_err(|bytes| self.refused(bytes))?;
            }
            Symbol::Goal => {
                let star = STAR.iter().enumerate().map(|(k, &(u, v))| {
                    let r = if k % 2 == 0 { 0.4 } else { 0.17 };
                    let (x, y) = at(0.5 + r * u, 0.52 + r * v);
                    Point::new(x, y)
                });
                let pushed = self.goal.push(star);
                pushed.map_err(|bytes| self.refused(bytes))?;
            }
        }
        Ok(())
    }

    /// A padlock over a locked door's leaf: a shackle, and a red body with a keyhole.
    fn padlock(&mut self, at: impl Fn(f64, f64) -> (f64, f64)) -> Result<()> {
        // Up the left leg, over the top of the circle, down the right leg.
        let shackle: Vec<Point> = [(-1.0, 1.0)]
            .into_iter()
            .chain(CIRCLE[8..].iter().copied())
            .chain([CIRCLE[0], (1.0, 1.0)])
            .map(|(u, v)| {
                let (x, y) = at(0.5 + 0.14 * u, 0.36 + 0.14 * v);
                Point::new(x, y)
            })
            .collect();
        self.line(Pen::Shackle, &shackle)?;
        // The body: squares as wide as the pens, their square ends making them whole.
        let (x, y) = at(0.5, 0.62);
        let body = (x, y.round());
        self.segment(Pen::PadlockEdge, body, body)?;
        self.segment(Pen::Padlock, body, body)?;
        let hole = self.sizes.tile * 0.04;
        self.segment(Pen::Keyhole, (x, body.1 - hole), (x, body.1 + hole))
    }

    /// Every floor's name at its top left corner (on floors drawn together), every room's
    /// number in its top left corner, every key's in its tile and every lock's beside its door.
    fn numbers(&mut self, map: &impl Level) -> Result<()> {
        let s = self.sizes.tile;
        let inset = self.sizes.widths[Pen::Wall as usize] / 2.0 + 2.0;
        for (floor, row) in map.floor_rows().into_iter().enumerate() {
            self.text(
                &format!("Floor {}", floor + 1),
                (2.0, f64::from(row) * s + 2.0),
            )?;
        }
        let rooms = map.room_bounds().len() as u32;
        for room in 0..rooms {
            if let Some((x, y)) = map.room_tile(room) {
                let (x0, y0) = (f64::from(x) * s + inset, f64::from(y) * s + inset);
                self.text(&map.room_id(room).to_string(), (x0, y0))?;
            }
        }
        let f = self.sizes.font;
        for mark in map.marks().unwrap_or_default() {
            if let (Some(number), (x, y)) = (mark.lock, mark.at) {
                // In the key's tile, below its right end.
                let text = number.to_string();
                let (x0, y0) = (
                    f64::from(x + 1) * s - self.sizes.text_width(&text) - 1.0,
                    f64::from(y + 1) * s - 7.0 * f - 1.0,
                );
                self.text(&text, (x0, y0))?;
            }
        }
        for lock in map.locks() {
            let Some((x, y)) = map.lock_door(lock) else {
                continue;
            };
            // Beside the door, on the wall it stands in: above an upright leaf, right of
            // another.
            let text = lock.number.to_string();
            let width = self.sizes.text_width(&text);
            let (x0, y0) = if self.passage_runs_across(x, y) {
                (
                    f64::from(x) * s + (s - width) / 2.0,
                    f64::from(y) * s - inset - 7.0 * f,
                )
            } else {
                (
                    f64::from(x + 1) * s + inset,
                    f64::from(y) * s + (s - 7.0 * f) / 2.0,
                )
            };
            self.text(&text, (x0, y0))?;
        }
        Ok(())
    }

    /// Writes `text` (ASCII) with its top left corner at `(x0, y0)`, on a white ground a pixel
    /// wider all round.
    fn text(&mut self, text: &str, (x0, y0): (f64, f64)) -> Result<()> {
        let f = self.sizes.font;
        let width = self.sizes.text_width(text);
        let halo = self.sizes.widths[Pen::Halo as usize];
        // A stroke as high as the ground, its square ends reaching the ground's sides.
        let middle = y0 + 3.5 * f;
        let (left, right) = (x0 - 1.0 + halo / 2.0, x0 + width + 1.0 - halo / 2.0);
        self.segment(Pen::Halo, (left, middle), (right.max(left), middle))?;
        for (k, c) in text.chars().enumerate() {
            let glyph = font8x8::legacy::BASIC_LEGACY
                .get(c as usize)
                .copied()
                .unwrap_or_default();
            let left = x0 + 8.0 * f * k as f64;
            for (row, bits) in glyph.iter().enumerate() {
                let v = y0 + (row as f64 + 0.5) * f;
                let mut column = 0;
                while column < 8 {
                    if bits >> column & 1 == 0 {
                        column += 1;
                        continue;
                    }
                    let from = column;
                    while column < 8 && bits >> column & 1 == 1 {
                        column += 1;
                    }
                    // One stroke a pixel high per run of set bits, its square ends making
                    // the run's first and last pixels whole.
                    let (a, b) = (f64::from(from) + 0.5, f64::from(column) - 0.5);
                    self.segment(Pen::Text, (left + a * f, v), (left + b * f, v))?;
                }
            }
        }
        Ok(())
    }

    /// Lays out the legend of the symbols used below a map of `size` pixels, and returns the
    /// picture's size with it: as wide as the map, or as its widest entry.
    fn legend(&mut self, (width, height): (u32, u32)) -> Result<(u32, u32)> {
        let mut used: Vec<(Option<Symbol>, u8, String)> = Symbol::ALL
            .into_iter()
            .filter(|&symbol| self.used[symbol as usize])
            .map(|symbol| (Some(symbol), 0, symbol.name().to_string()))
            .collect();
        used.extend(
            self.kinds
                .iter()
                .map(|(kind, glyph)| (None, *glyph, kind.clone())),
        );
        if used.is_empty() {
            return Ok((width, height));
        }
        let s = self.sizes.tile;
        let f = self.sizes.font;
        let pad = (s / 2.0).max(4.0);
        let line = s.max(8.0 * f) + pad;
        let sizes = self.sizes;
        let entry = |name: &str| s + pad / 2.0 + sizes.text_width(name);
        let widest = used
            .iter()
            .map(|(_, _, name)| entry(name))
            .fold(0.0, f64::max);
        let picture_width = f64::from(width).max(widest + 2.0 * pad);
        let (mut x, mut y) = (pad, f64::from(height) + pad);
        for (symbol, glyph, name) in &used {
            let w = entry(name);
            if x > pad && x + w > picture_width - pad {
                (x, y) = (pad, y + line);
            }
            let top = y + (line - pad - s) / 2.0;
            match symbol {
                Some(symbol) => self.symbol(*symbol, (x, top), true)?,
                None => self.entity(*glyph, (x, top))?,
            }
            let text_top = y + (line - pad - 7.0 * f) / 2.0;
            self.text(name, (x + s + pad / 2.0, text_top))?;
            x += w + 2.0 * pad;
        }
        let bottom = (y + line).ceil();
        let side = |pixels: f64| {
            u32::try_from(pixels as u64)
                .ok()
                .filter(|&p| u64::from(p) <= Picture::MAX_SIDE)
                .ok_or(MazeError::PictureTooLarge {
                    pixels: pixels as u64,
                    limit: Picture::MAX_SIDE,
                })
        };
        Ok((side(picture_width.ceil())?, side(bottom)?))
    }

    /// The drawing of `size` pixels.
    fn into_drawing(self, size: (u32, u32)) -> Drawing<MapInk> {
        let fills = [
            (MapInk::Shade, self.shade),
            (MapInk::Start, self.start),
            (MapInk::Goal, self.goal),
        ]
        .into_iter()
        .filter(|(_, shapes)| !shapes.ends.is_empty())
        .collect();
        let widths = self.sizes.widths;
        let strokes = Pen::ALL
            .into_iter()
            .zip(self.pens)
            .filter(|(_, lines)| !lines.ends.is_empty())
            .map(|(pen, lines)| Stroke {
                ink: pen.ink(),
                width: widths[pen as usize],
                lines,
            })
            .collect();
        Drawing {
            size,
            background: MapInk::Paper,
            fills,
            strokes,
            extent: (self.tiles.width(), self.tiles.height()),
        }
    }
}

/// A tile's position mixed into bits that look random: which way its hatching leans.
fn mix(x: u32, y: u32) -> u32 {
    let mut h = x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^ (h >> 13)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::lines::raster::Raster;

    #[test]
    fn numbers_are_drawn_pixel_for_pixel_in_the_font_on_white() {
        let tiles = TileMap::new(2, vec![MapTile::Rock; 2]);
        let mut plan = Plan::new(&tiles, 16);
        let (width, height) = (24, 12);
        // On shaded rock, so that the white ground shows.
        let (w, h) = (f64::from(width), f64::from(height));
        let rect = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
        plan.shade
            .push(rect.iter().map(|&(x, y)| Point::new(x, y)))
            .unwrap();
        let (left, top): (i32, i32) = (3, 2);
        plan.text("42", (f64::from(left), f64::from(top))).unwrap();
        let mut raster = Raster::new(plan.into_drawing((width, height))).unwrap();
        let mut row = raster.row_of(MapInk::Paper).unwrap();
        let font = &font8x8::legacy::BASIC_LEGACY;
        for y in 0..height {
            raster.ink_row(y, &mut row);
            for x in 0..width {
                let (u, v) = (x as i32 - left, y as i32 - top);
                // The letters' 15 columns and 7 rows, and a pixel of ground all round.
                let ground = (-1..16).contains(&u) && (-1..8).contains(&v);
                let set = (0..16).contains(&u)
                    && (0..8).contains(&v)
                    && font[[b'4', b'2'][u as usize / 8] as usize][v as usize] >> (u % 8) & 1 == 1;
                let expected = match (set, ground) {
                    (true, _) => MapInk::Wall,
                    (false, true) => MapInk::Paper,
                    (false, false) => MapInk::Shade,
                };
                assert_eq!(row[x as usize], expected, "({x}, {y})");
            }
        }
    }
}
