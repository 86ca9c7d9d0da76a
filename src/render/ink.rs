//! What color each tile is drawn in, shared by every picture format: the tile kind, or for
//! heat-mapped passages their distance from the start.

use crate::grid::Tile;
use crate::grid::{TilePos, empty_vec};
use crate::maze::{Heat, Maze};
use std::io;

/// How a tile is colored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ink {
    /// A tile drawn in its kind's color.
    Plain(Tile),
    /// A passage colored by its distance from the start: 0 (start) to [`Ink::HEAT_LEVELS`] - 1
    /// (farthest).
    Heat(u8),
}

impl Ink {
    /// Number of distinct heat colors.
    pub const HEAT_LEVELS: u8 = 32;

    /// Every ink in the order of [`Ink::number`].
    pub(crate) fn all() -> impl Iterator<Item = Ink> + Clone {
        TILE_KINDS
            .map(Ink::Plain)
            .into_iter()
            .chain((0..Self::HEAT_LEVELS).map(Ink::Heat))
            .chain([Ink::Plain(Tile::Blank)])
    }

    /// Its number, which palettes and escape tables are indexed by: the tile kinds in their
    /// order, then the heat levels, then the blank (which pictures never draw: see
    /// [`Ink::pictured`]).
    #[inline]
    pub(crate) const fn number(self) -> u8 {
        match self {
            Ink::Plain(Tile::Blank) => TILE_KINDS.len() as u8 + Self::HEAT_LEVELS,
            Ink::Plain(tile) => tile as u8,
            Ink::Heat(level) => TILE_KINDS.len() as u8 + level,
        }
    }

    /// The ink a picture draws `tile` in, heat aside: its own, or the background's (a
    /// passage's) outside the maze.
    #[inline]
    pub(crate) const fn pictured(tile: Tile) -> Ink {
        match tile {
            Tile::Blank => Ink::Plain(Tile::Passage),
            tile => Ink::Plain(tile),
        }
    }

    /// The ink of `tile` at `pos` in a picture: passages take their heat when a heat map is
    /// drawn, and the blank outside a mask is the background.
    pub fn of(tile: Tile, pos: TilePos, heat: Option<&Heat>) -> Ink {
        match (tile, heat.and_then(|heat| heat.at(pos))) {
            (Tile::Passage, Some(share)) => Ink::heat(share),
            _ => Ink::pictured(tile),
        }
    }

    /// The heat of a passage `share` of the way (0 to 1) from the start to the farthest one.
    pub fn heat(share: f32) -> Ink {
        let top = f32::from(Self::HEAT_LEVELS - 1);
        Ink::Heat((share * top).round() as u8)
    }
}

/// A color as red, green and blue.
pub type Rgb = [u8; 3];

/// `#rrggbb`.
pub(in crate::render) fn hex([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Writes the opening of an SVG picture in tiles, `width x height` tiles drawn
/// `pixels` large, over a `background` of that color.
pub(in crate::render) fn tile_svg_opening(
    out: &mut dyn io::Write,
    (pixel_width, pixel_height): (u32, u32),
    (width, height): (u64, u64),
    background: Rgb,
) -> io::Result<()> {
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pixel_width}" height="{pixel_height}" viewBox="0 0 {width} {height}" shape-rendering="crispEdges">"#
    )?;
    writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="{}"/>"#,
        hex(background)
    )
}

/// The colors of a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// Walls.
    pub wall: Rgb,
    /// Passages.
    pub passage: Rgb,
    /// The solution.
    pub path: Rgb,
    /// The start of a solved maze.
    pub start: Rgb,
    /// The goal of a solved maze.
    pub goal: Rgb,
    /// Heat colors from the start (first) through the middle to the farthest passage (last).
    pub heat: [Rgb; 3],
}

impl Palette {
    /// The terminal's colors: red walls, green passages, a yellow solution. `term` draws them
    /// in the terminal's own basic colors (bright red, green, yellow, blue and magenta), which
    /// these stand for; other palettes in the 256-color cube's nearest colors.
    pub const COLOR: Palette = Palette {
        wall: [205, 49, 49],
        passage: [35, 170, 60],
        path: [245, 200, 40],
        start: [40, 120, 230],
        goal: [200, 60, 200],
        heat: [[40, 210, 60], [20, 170, 200], [110, 40, 210]],
    };

    /// Safe for color blindness: blue walls, orange passages, a sky-blue solution, a white
    /// start and a vermilion goal, and heat from yellow through bluish green to reddish purple
    /// (the middle, which room maps give their floors, apart from the orange passages). The
    /// colors are Okabe and Ito's, chosen so that the tiles beside each other stay apart under
    /// protanopia, deuteranopia and tritanopia alike (where the red walls and green passages
    /// of [`Palette::COLOR`] look alike to the first two).
    pub const COLORBLIND: Palette = Palette {
        wall: [0, 114, 178],
        passage: [230, 159, 0],
        path: [86, 180, 233],
        start: [255, 255, 255],
        goal: [213, 94, 0],
        heat: [[240, 228, 66], [0, 158, 115], [204, 121, 167]],
    };

    /// For printing: black walls on white, a grey solution, grey heat.
    pub const MONO: Palette = Palette {
        wall: [0, 0, 0],
        passage: [255, 255, 255],
        path: [150, 150, 150],
        start: [80, 80, 80],
        goal: [80, 80, 80],
        heat: [[250, 250, 250], [190, 190, 190], [110, 110, 110]],
    };

    /// The color of `ink`.
    pub fn rgb(&self, ink: Ink) -> Rgb {
        match ink {
            Ink::Plain(Tile::Wall) => self.wall,
            Ink::Plain(Tile::Passage | Tile::Blank) => self.passage,
            Ink::Plain(Tile::Path) => self.path,
            Ink::Plain(Tile::Start) => self.start,
            Ink::Plain(Tile::Goal) => self.goal,
            Ink::Heat(level) => {
                // Two straight stretches: first to middle, then middle to last.
                let t = 2.0 * f32::from(level) / f32::from(Ink::HEAT_LEVELS - 1);
                let (from, to, t) = if t <= 1.0 {
                    (self.heat[0], self.heat[1], t)
                } else {
                    (self.heat[1], self.heat[2], t - 1.0)
                };
                std::array::from_fn(|c| {
                    let (a, b) = (f32::from(from[c]), f32::from(to[c]));
                    (a + (b - a) * t).round() as u8
                })
            }
        }
    }
}

/// The terminal's colors.
impl Default for Palette {
    fn default() -> Self {
        Self::COLOR
    }
}

/// Every tile kind drawn in pictures, in declaration order, so that `tile as u8` numbers its
/// ink.
pub(crate) const TILE_KINDS: [Tile; 5] = [
    Tile::Wall,
    Tile::Passage,
    Tile::Path,
    Tile::Start,
    Tile::Goal,
];

/// Shades the passages of tile row `y`, drawn as ink numbers (see [`Ink::number`]), by `heat`.
pub(crate) fn shade(numbers: &mut [u8], y: u64, heat: &Heat) {
    let passage = Ink::Plain(Tile::Passage).number();
    for (x, number) in numbers.iter_mut().enumerate() {
        if *number == passage {
            *number = Ink::of(Tile::Passage, (x as u64, y), Some(heat)).number();
        }
    }
}

/// Calls `draw` with each tile row of `maze` as inks (its index and inks), with passages shaded
/// by `heat` when given.
pub(crate) fn for_each_ink_row(
    maze: &Maze,
    heat: Option<&Heat>,
    mut draw: impl FnMut(u64, &[Ink]) -> io::Result<()>,
) -> io::Result<()> {
    let grid = maze.tile_grid("a tile picture").map_err(io::Error::other)?;
    let tiles = usize::try_from(grid.tile_width()).unwrap_or(usize::MAX);
    let mut inks = empty_vec(grid.width(), grid.height(), tiles).map_err(io::Error::other)?;
    let mut rows = maze.tiles().map_err(io::Error::other)?;
    while let Some((y, row)) = rows.next_row() {
        inks.clear();
        inks.extend(
            row.iter()
                .enumerate()
                .map(|(x, &tile)| Ink::of(tile, (x as u64, y), heat)),
        );
        draw(y, &inks)?;
    }
    Ok(())
}

/// The most pixels a unit (`scale`) a picture takes: 64 draws a 10x10-cell maze about
/// 1,300 pixels a side.
pub const MAX_SCALE: u32 = 64;

/// How a picture format draws a maze: colors, pixels per tile, heat map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picture {
    /// The colors.
    pub palette: Palette,
    /// Pixels per tile side.
    pub scale: u32,
    /// Whether to shade passages by their distance from the start.
    pub heatmap: bool,
    /// Tiles or thin walls (rectangles only: other shapes are always drawn in lines); for a
    /// room map or cave, its tiles in the palette or the printed map.
    pub style: Style,
}

/// How a rectangular maze is drawn in a picture.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// Walls and passages as square tiles of one size.
    #[default]
    Tiles,
    /// Cells with thin walls between them, the printed-puzzle look, as every other shape is
    /// drawn (see [`Picture::pixel_size_of_shape`]). A room map or cave in lines is a printed
    /// dungeon map in colors of its own (the palette aside), `scale` pixels a tile, with a
    /// legend below it in `svg` and `png`.
    Lines,
}

impl Style {
    /// The usual scale of a picture in this style: 8 pixels per tile, 16 per cell in lines
    /// (the same size for a rectangle either way).
    pub const fn default_scale(self) -> u32 {
        match self {
            Style::Tiles => 8,
            Style::Lines => 16,
        }
    }
}

impl Default for Picture {
    fn default() -> Self {
        Self {
            palette: Palette::COLOR,
            scale: Style::Tiles.default_scale(),
            heatmap: false,
            style: Style::Tiles,
        }
    }
}

impl Picture {
    /// The most pixels a picture may have per side: libpng's default limit, past which most
    /// programs refuse to open a PNG (the format's own is 2^31 - 1), and a picture that would
    /// take hours to write.
    pub const MAX_SIDE: u64 = 1_000_000;

    /// Refuses a scale of 0 or over [`MAX_SCALE`]: the picture would be empty, or take
    /// minutes to write pixels no one can see.
    pub(crate) fn check_scale(scale: u32) -> crate::grid::Result<()> {
        match (1..=MAX_SCALE).contains(&scale) {
            true => Ok(()),
            false => Err(crate::grid::MazeError::ScaleOutOfRange {
                scale,
                limit: MAX_SCALE,
            }),
        }
    }

    /// The heat map of `maze`, if drawn.
    pub(crate) fn heat(&self, maze: &Maze) -> crate::grid::Result<Option<Heat>> {
        self.heatmap.then(|| Heat::new(maze)).transpose()
    }
}
