//! Every format of a dungeon ([`Dungeon`]). A dungeon of one floor is written as its level
//! alone, byte for byte. Of more floors, `text` writes the floors one after another with an
//! empty line between them, `term` each under a heading; `svg`, `png` and `uvtt` draw them one
//! below the other ([`Dungeon::stacked`]); `json` writes a `mazegen.dungeon/v1` document of the
//! floors' own documents and the stairs. (`tiled` and `ldtk` give each floor a layer group or
//! a level in their own files.)

use super::Uvtt;
use crate::document::dungeon::{DungeonDocument, StairsEnd, StairsEntry};
use crate::document::{DUNGEON_SCHEMA, Lines, Seq, write_pretty};
use crate::level::{Dungeon, Floor, Level, MapTile};
use crate::render::{Json, Png, Render, Svg, Term, Text};
use std::io::{self, Write};

impl<L: Level> Render<Dungeon<L>> for Text {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        for floor in dungeon.floors() {
            if floor.number() > 0 {
                writeln!(out)?;
            }
            self.render(&floor, out)?;
        }
        Ok(())
    }
}

impl<L: Level> Render<Dungeon<L>> for Term {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        let floors = dungeon.floor_count();
        for floor in dungeon.floors() {
            if floors > 1 {
                writeln!(out, "floor {} of {floors}", floor.number() + 1)?;
            }
            self.render(&floor, out)?;
        }
        Ok(())
    }
}

/// Writes `dungeon` as one level: its only floor, or its floors one below another.
fn render_stacked<L: Level, R>(
    renderer: &R,
    dungeon: &Dungeon<L>,
    out: &mut dyn Write,
) -> io::Result<()>
where
    R: for<'a> Render<Floor<'a, L>> + for<'a> Render<crate::level::Stacked<'a, L>>,
{
    if dungeon.floor_count() == 1 {
        renderer.render(&dungeon.floor(0), out)
    } else {
        renderer.render(&dungeon.stacked(), out)
    }
}

impl<L: Level> Render<Dungeon<L>> for Svg {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        render_stacked(self, dungeon, out)
    }
}

impl<L: Level> Render<Dungeon<L>> for Png {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        render_stacked(self, dungeon, out)
    }
}

impl<L: Level> Render<Dungeon<L>> for Uvtt {
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        render_stacked(self, dungeon, out)
    }
}

/// One floor as its own document; more as a `mazegen.dungeon/v1` document: the stairs, then
/// every floor's document, indented.
impl<L: Level> Render<Dungeon<L>> for Json
where
    Json: for<'a> Render<Floor<'a, L>>,
{
    fn render(&self, dungeon: &Dungeon<L>, out: &mut dyn Write) -> io::Result<()> {
        if dungeon.floor_count() == 1 {
            return self.render(&dungeon.floor(0), out);
        }
        let head = DungeonDocument::<_, ()> {
            schema: DUNGEON_SCHEMA.into(),
            generator: crate::GENERATOR.into(),
            seed: dungeon.seed,
            stairs: Lines(Seq(stairs(dungeon).into_iter())),
            floors: None,
        };
        let mut text = Vec::new();
        write_pretty(&mut text, &head)?;
        // The head without its closing brace, the floors after it.
        let head = String::from_utf8(text).map_err(io::Error::other)?;
        out.write_all(head.trim_end().trim_end_matches('}').trim_end().as_bytes())?;
        writeln!(out, ",")?;
        writeln!(out, "  \"floors\": [")?;
        let mut document = Vec::new();
        for floor in dungeon.floors() {
            document.clear();
            self.render(&floor, &mut document)?;
            let text = String::from_utf8(document.clone()).map_err(io::Error::other)?;
            let mut lines = text.trim_end().lines().peekable();
            while let Some(line) = lines.next() {
                let last = lines.peek().is_none();
                let comma = if last && floor.number() + 1 < dungeon.floor_count() {
                    ","
                } else {
                    ""
                };
                writeln!(out, "    {line}{comma}")?;
            }
        }
        writeln!(out, "  ]")?;
        writeln!(out, "}}")
    }
}

/// The stairs of `dungeon`, from the top, their tiles where the floors have tiles.
fn stairs<L: Level>(dungeon: &Dungeon<L>) -> Vec<StairsEntry> {
    let marks: Vec<_> = dungeon.floors().map(|floor| floor.marks()).collect();
    let end = |floor: u32, room: u32, tile: MapTile| {
        let at = marks[floor as usize]
            .as_ref()
            .and_then(|marks| marks.iter().find(|mark| mark.tile == tile))
            .map(|mark| mark.at);
        StairsEnd {
            floor,
            room,
            x: at.map(|(x, _)| x),
            y: at.map(|(_, y)| y),
        }
    };
    dungeon
        .stairs()
        .map(|stairs| StairsEntry {
            down: end(stairs.floor, stairs.down, MapTile::StairsDown),
            up: end(stairs.floor + 1, stairs.up, MapTile::StairsUp),
        })
        .collect()
}
