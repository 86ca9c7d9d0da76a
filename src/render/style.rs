//! How each kind of tile is drawn in `term` and `text` output, for mazes and levels alike:
//! one table per tile kind, read by the one drawing code of each format, and the terminal's
//! colors they are drawn in.

use super::ink::{Ink, Palette, Rgb};
use crate::grid::Tile;
use crate::level::MapTile;

/// A color of `term` output: one of the terminal's bright basic colors, or any color of its
/// 256-color palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::render) enum TermColor {
    Red,
    Green,
    Yellow,
    Blue,
    Magenta,
    Cyan,
    /// A color of the 256-color palette by its index.
    Indexed(u8),
}

impl TermColor {
    /// Its index in the 256-color palette, where the bright basic colors are 9 to 14.
    pub(in crate::render) fn index(self) -> u8 {
        match self {
            TermColor::Red => 9,
            TermColor::Green => 10,
            TermColor::Yellow => 11,
            TermColor::Blue => 12,
            TermColor::Magenta => 13,
            TermColor::Cyan => 14,
            TermColor::Indexed(index) => index,
        }
    }

    /// The escape that makes it the text color: for a bright basic color its short SGR form
    /// (`91` to `96`, which every color terminal shows as palette colors 9 to 14), else the
    /// 256-color form `38;5;<index>`.
    ///
    /// The short form halves the escapes of colored mazes: 2001x2001 tiles 35.0 -> 26.0 MB,
    /// binary-tree's whole run 30.5 -> 24.6 ms of CPU.
    pub(in crate::render) fn escape(self) -> String {
        match self {
            TermColor::Indexed(index) => format!("\x1b[38;5;{index}m"),
            basic => format!("\x1b[{}m", 82 + basic.index()),
        }
    }
}

/// The terminal color of `ink` in `palette`: for [`Palette::COLOR`] the tile's own basic
/// color, and for heat the 256-color cube's color of its steps (rounded as always); for other
/// palettes the cube's nearest color. `None` for the blank outside a mask.
pub(in crate::render) fn term_color(ink: Ink, palette: &Palette) -> Option<TermColor> {
    match ink {
        Ink::Plain(Tile::Blank) => None,
        Ink::Plain(tile) if *palette == Palette::COLOR => tile.color(),
        Ink::Heat(_) if *palette == Palette::COLOR => {
            // The 6x6x6 color cube of the 256-color palette, its steps taken as even.
            let [r, g, b] = palette.rgb(ink).map(|c| (u16::from(c) * 5 + 127) / 255);
            Some(TermColor::Indexed((16 + 36 * r + 6 * g + b) as u8))
        }
        _ => Some(TermColor::Indexed(cube_index(palette.rgb(ink)))),
    }
}

/// A palette in the terminal, beside the tiles' terminal looks.
impl Palette {
    /// The 256-color index `term` draws `ink` in with this palette (see [`Palette::COLOR`]'s
    /// terminal colors); `None` for the blank outside a mask, which it leaves empty.
    pub fn term_index(&self, ink: Ink) -> Option<u8> {
        term_color(ink, self).map(|color| color.index())
    }
}

/// The nearest color to `rgb` in the 256-color palette's 6x6x6 cube, whose steps are 0, 95,
/// 135, 175, 215 and 255.
fn cube_index(rgb: Rgb) -> u8 {
    const STEPS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let [r, g, b] = rgb.map(|c| {
        (0..STEPS.len())
            .min_by_key(|&i| STEPS[i].abs_diff(c))
            .expect("six steps") as u8
    });
    16 + 36 * r + 6 * g + b
}

/// The looks of one kind of tile.
pub(in crate::render) trait TileStyle: Copy + Eq {
    /// The color of its `●` in colored `term` output; `None` for a blank, drawn as a space.
    fn color(self) -> Option<TermColor>;
    /// Its glyph in uncolored `term` output.
    fn glyph(self) -> &'static str;
    /// Its character in `text` output.
    fn text(self) -> u8;
}

/// Red walls, green passages, a yellow solution, blue start, magenta goal; blank outside a
/// mask.
impl TileStyle for Tile {
    fn color(self) -> Option<TermColor> {
        Some(match self {
            Tile::Wall => TermColor::Red,
            Tile::Passage => TermColor::Green,
            Tile::Path => TermColor::Yellow,
            Tile::Start => TermColor::Blue,
            Tile::Goal => TermColor::Magenta,
            Tile::Blank => return None,
        })
    }

    fn glyph(self) -> &'static str {
        match self {
            Tile::Wall => "●",
            Tile::Passage => " ",
            Tile::Path => "·",
            Tile::Start => "S",
            Tile::Goal => "G",
            Tile::Blank => " ",
        }
    }

    fn text(self) -> u8 {
        match self {
            Tile::Wall => b'#',
            Tile::Passage => b' ',
            Tile::Path => b'.',
            Tile::Start => b'S',
            Tile::Goal => b'G',
            Tile::Blank => b' ',
        }
    }
}

/// Rock looks like maze walls and corridors like maze passages, rooms cyan and doors yellow,
/// start and goal as a maze's, locks orange and keys white; without color, corridors are `·`,
/// doors `+`, locks `L`, keys `K`, start `S`, goal `G` and stairs `<` (up) and `>` (down),
/// which are white in color too.
impl TileStyle for MapTile {
    fn color(self) -> Option<TermColor> {
        match self {
            MapTile::Rock => Tile::Wall.color(),
            MapTile::Room => Some(TermColor::Cyan),
            MapTile::Corridor => Tile::Passage.color(),
            MapTile::Door => Some(TermColor::Yellow),
            MapTile::Lock => Some(TermColor::Indexed(208)),
            MapTile::Key => Some(TermColor::Indexed(15)),
            MapTile::Start => Tile::Start.color(),
            MapTile::Goal => Tile::Goal.color(),
            MapTile::StairsUp | MapTile::StairsDown => Some(TermColor::Indexed(15)),
        }
    }

    fn glyph(self) -> &'static str {
        match self {
            MapTile::Rock => Tile::Wall.glyph(),
            MapTile::Room => " ",
            MapTile::Corridor => "·",
            MapTile::Door => "+",
            MapTile::Lock => "L",
            MapTile::Key => "K",
            MapTile::Start => Tile::Start.glyph(),
            MapTile::Goal => Tile::Goal.glyph(),
            MapTile::StairsUp => "<",
            MapTile::StairsDown => ">",
        }
    }

    fn text(self) -> u8 {
        match self {
            MapTile::Rock => Tile::Wall.text(),
            MapTile::Room => b' ',
            MapTile::Corridor => b'.',
            MapTile::Door => b'+',
            MapTile::Lock => b'L',
            MapTile::Key => b'K',
            MapTile::Start => Tile::Start.text(),
            MapTile::Goal => Tile::Goal.text(),
            MapTile::StairsUp => b'<',
            MapTile::StairsDown => b'>',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_colors_take_the_short_escapes_and_others_the_256_color_form() {
        let escapes = [
            (TermColor::Red, "\x1b[91m"),
            (TermColor::Green, "\x1b[92m"),
            (TermColor::Yellow, "\x1b[93m"),
            (TermColor::Blue, "\x1b[94m"),
            (TermColor::Magenta, "\x1b[95m"),
            (TermColor::Cyan, "\x1b[96m"),
            (TermColor::Indexed(0), "\x1b[38;5;0m"),
            (TermColor::Indexed(255), "\x1b[38;5;255m"),
        ];
        for (color, escape) in escapes {
            assert_eq!(color.escape(), escape, "{color:?}");
        }
    }

    #[test]
    fn other_palettes_take_the_nearest_colors_of_the_cube() {
        let colorblind = |tile| term_color(Ink::Plain(tile), &Palette::COLORBLIND);
        // Blue #005faf walls, orange #d7af00 passages, sky-blue #5fafd7 solution, white start,
        // vermilion #d75f00 goal.
        let expected = [
            (Tile::Wall, 25),
            (Tile::Passage, 178),
            (Tile::Path, 74),
            (Tile::Start, 231),
            (Tile::Goal, 166),
        ];
        for (tile, index) in expected {
            assert_eq!(
                colorblind(tile),
                Some(TermColor::Indexed(index)),
                "{tile:?}"
            );
        }
        assert_eq!(colorblind(Tile::Blank), None);
        assert_eq!(cube_index([0, 0, 0]), 16);
        assert_eq!(cube_index([255, 255, 255]), 231);
    }

    #[test]
    fn heat_runs_through_the_color_cube() {
        // The palette's first heat color [40, 210, 60] is cube color (1, 4, 1), its last
        // [110, 40, 210] is (2, 1, 4).
        assert_eq!(
            term_color(Ink::Heat(0), &Palette::COLOR),
            Some(TermColor::Indexed(16 + 36 + 4 * 6 + 1))
        );
        let last = Ink::HEAT_LEVELS - 1;
        assert_eq!(
            term_color(Ink::Heat(last), &Palette::COLOR),
            Some(TermColor::Indexed(16 + 72 + 6 + 4))
        );
    }
}
