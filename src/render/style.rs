//! How each kind of tile is drawn in `term` and `text` output, for mazes and levels alike:
//! one table per tile kind, read by the one drawing code of each format, and the terminal's
//! colors they are drawn in.

use super::ink::{Ink, Palette};
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

    /// The escape that makes it the text color: SGR `38;5;<index>`, the 256-color form, for
    /// every color.
    pub(in crate::render) fn escape(self) -> String {
        format!("\x1b[38;5;{}m", self.index())
    }
}

/// The terminal color of `ink`: the tile's own for tiles, the 256-color palette's nearest
/// color for heat.
pub(in crate::render) fn term_color(ink: Ink) -> Option<TermColor> {
    match ink {
        Ink::Plain(tile) => tile.color(),
        Ink::Heat(_) => {
            // The 6x6x6 color cube of the 256-color palette.
            let [r, g, b] = Palette::COLOR
                .rgb(ink)
                .map(|c| (u16::from(c) * 5 + 127) / 255);
            Some(TermColor::Indexed((16 + 36 * r + 6 * g + b) as u8))
        }
    }
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
    fn colors_are_written_as_256_color_escapes() {
        let escapes = [
            (TermColor::Red, "\x1b[38;5;9m"),
            (TermColor::Green, "\x1b[38;5;10m"),
            (TermColor::Yellow, "\x1b[38;5;11m"),
            (TermColor::Blue, "\x1b[38;5;12m"),
            (TermColor::Magenta, "\x1b[38;5;13m"),
            (TermColor::Cyan, "\x1b[38;5;14m"),
            (TermColor::Indexed(0), "\x1b[38;5;0m"),
            (TermColor::Indexed(255), "\x1b[38;5;255m"),
        ];
        for (color, escape) in escapes {
            assert_eq!(color.escape(), escape, "{color:?}");
        }
    }

    #[test]
    fn heat_runs_through_the_color_cube() {
        // The palette's first heat color [40, 210, 60] is cube color (1, 4, 1), its last
        // [110, 40, 210] is (2, 1, 4).
        assert_eq!(
            term_color(Ink::Heat(0)),
            Some(TermColor::Indexed(16 + 36 + 4 * 6 + 1))
        );
        let last = Ink::HEAT_LEVELS - 1;
        assert_eq!(
            term_color(Ink::Heat(last)),
            Some(TermColor::Indexed(16 + 72 + 6 + 4))
        );
    }
}
