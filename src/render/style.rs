//! How each kind of tile is drawn in `term` and `text` output, for mazes and room maps alike:
//! one table per tile kind, read by the one drawing code of each format.

use super::term::TermColor;
use crate::grid::Tile;
use crate::level::MapTile;

/// The looks of one kind of tile.
pub(super) trait TileStyle: Copy + Eq {
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
