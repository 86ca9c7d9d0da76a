//! `uvtt`: a room map or cave as a Universal VTT file (`.dd2vtt`, format 0.3), which virtual tabletops
//! load (Foundry's DD-Import, Roll20 and PlanarAlly importers, Arkenforge).
//!
//! - `resolution`: the map's size in grid squares, one square a tile, and `pixels_per_grid`, the
//!   picture's scale.
//! - `line_of_sight`: the walls, every edge between rock and anything else, as straight lines
//!   (two-point polylines, in squares) as long as they run; they enclose exactly the tiles a
//!   player can stand on.
//! - `portals`: one per door, across the opening between the door tile and its room's floor
//!   (in a cave's tunnel, the way on); a lock's across every opening towards the tiles before
//!   it, so that nothing walks round it. Every portal is `closed: true`, as Dungeondraft writes
//!   doors: importers (Foundry's Universal Battlemap Importer, uvtt2fgu) read `closed: false`
//!   as a window that blocks movement. A lock's portals carry `locked: true`, the others
//!   `locked: false`, a field importers leave alone.
//! - `image`: the map's `png` picture at that scale, in base64: the same bytes as `--format
//!   png` draws in tiles ([`Style::Tiles`]); in lines, the printed map without its legend, so
//!   that the picture is exactly the grid's size.

use super::printed_map::map_png;
use super::{map_size, picture, tiles_of};
use crate::level::{Level, MapTile, TileMap};
use crate::render::ink::{Picture, Style};
use crate::render::{Render, Takes};
use base64::engine::general_purpose::STANDARD;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// Universal VTT output, its picture drawn as [`Picture`] says.
#[derive(Debug, Clone, Copy)]
pub struct Uvtt(pub Picture);

impl Uvtt {
    /// What `uvtt` takes: a picture's palette and scale, for its image.
    pub const TAKES: Takes = Takes {
        tiles: true,
        picture: true,
        entities: true,
        ..Takes::NOTHING
    };
}

/// A point in grid squares.
type Point = (u32, u32);

impl<L: Level> Render<L> for Uvtt {
    fn render(&self, map: &L, out: &mut dyn Write) -> io::Result<()> {
        let tiles = tiles_of(map)?;
        let (width, height) = (tiles.width(), tiles.height());
        let size = map_size(&self.0, &tiles)?;
        writeln!(out, "{{")?;
        writeln!(out, "  \"format\": 0.3,")?;
        writeln!(
            out,
            "  \"resolution\": {{\"map_origin\": {{\"x\": 0, \"y\": 0}}, \"map_size\": {{\"x\": \
             {width}, \"y\": {height}}}, \"pixels_per_grid\": {}}},",
            self.0.scale
        )?;
        writeln!(out, "  \"line_of_sight\": [")?;
        let walls = tiles.walls();
        for (i, &(a, b)) in walls.iter().enumerate() {
            let comma = if i + 1 < walls.len() { "," } else { "" };
            writeln!(out, "    [{}, {}]{comma}", point(a), point(b))?;
        }
        writeln!(out, "  ],")?;
        writeln!(out, "  \"objects_line_of_sight\": [],")?;
        writeln!(out, "  \"portals\": [")?;
        let portals = portals(&tiles, &lock_edges(map, &tiles));
        for (i, portal) in portals.iter().enumerate() {
            let comma = if i + 1 < portals.len() { "," } else { "" };
            let ((x0, y0), (x1, y1)) = portal.bounds;
            writeln!(
                out,
                "    {{\"position\": {{\"x\": {}, \"y\": {}}}, \"bounds\": [{}, {}], \
                 \"rotation\": {}, \"closed\": true, \"locked\": {}, \"freestanding\": false}}{comma}",
                f64::from(x0 + x1) / 2.0,
                f64::from(y0 + y1) / 2.0,
                point((x0, y0)),
                point((x1, y1)),
                if y0 == y1 {
                    0.0
                } else {
                    std::f64::consts::FRAC_PI_2
                },
                portal.locked,
            )?;
        }
        writeln!(out, "  ],")?;
        writeln!(
            out,
            "  \"environment\": {{\"baked_lighting\": true, \"ambient_light\": \"ffffffff\"}},"
        )?;
        writeln!(out, "  \"lights\": [],")?;
        write!(out, "  \"image\": \"")?;
        {
            let mut image = base64::write::EncoderWriter::new(&mut *out, &STANDARD);
            if self.0.style == Style::Lines {
                map_png(&self.0, map, false, &mut image)?;
            } else {
                picture::write_png(
                    &self.0,
                    &tiles,
                    &super::picture::entity_tiles(map),
                    size,
                    &mut image,
                )?;
            }
            image.finish()?;
        }
        writeln!(out, "\"")?;
        writeln!(out, "}}")
    }
}

/// `{"x": X, "y": Y}`.
fn point((x, y): Point) -> String {
    format!("{{\"x\": {x}, \"y\": {y}}}")
}

/// A door across the opening between a door tile and its room's floor.
struct Portal {
    /// The ends of the opening, in squares.
    bounds: (Point, Point),
    /// Whether the door is locked.
    locked: bool,
}

/// The four edges of tile `(x, y)`: the tile beyond each, and its ends in squares.
fn edges(x: u32, y: u32) -> [((i64, i64), (Point, Point)); 4] {
    let (xi, yi) = (i64::from(x), i64::from(y));
    [
        ((xi, yi - 1), ((x, y), (x + 1, y))),
        ((xi, yi + 1), ((x, y + 1), (x + 1, y + 1))),
        ((xi - 1, yi), ((x, y), (x, y + 1))),
        ((xi + 1, yi), ((x + 1, y), (x + 1, y + 1))),
    ]
}

/// The edges each lock shuts, by lock tile: those towards the open tiles before it (from
/// which the room behind it cannot be reached without passing a lock). A lock whose room
/// behind is reached round it (a cycle's shortcut) has none here.
fn lock_edges(map: &impl Level, tiles: &TileMap) -> BTreeMap<(u32, u32), Vec<(Point, Point)>> {
    let doors: Vec<((u32, u32), u32)> = map
        .locks()
        .iter()
        .filter_map(|lock| Some((map.lock_door(lock)?, lock.behind)))
        .collect();
    let (w, h) = (tiles.width(), tiles.height());
    let index = |x: u32, y: u32| y as usize * w as usize + x as usize;
    // The parts of the open tiles with every lock shut, each numbered by a search.
    const NONE: u32 = u32::MAX;
    let mut part = vec![NONE; w as usize * h as usize];
    let shut =
        |x: u32, y: u32| tiles.is_rock(x.into(), y.into()) || tiles.get(x, y) == MapTile::Lock;
    let mut parts = 0;
    let mut stack = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if shut(x, y) || part[index(x, y)] != NONE {
                continue;
            }
            part[index(x, y)] = parts;
            stack.push((x, y));
            while let Some((x, y)) = stack.pop() {
                for ((nx, ny), _) in edges(x, y) {
                    if tiles.is_rock(nx, ny) {
                        continue;
                    }
                    let (nx, ny) = (nx as u32, ny as u32);
                    if !shut(nx, ny) && part[index(nx, ny)] == NONE {
                        part[index(nx, ny)] = parts;
                        stack.push((nx, ny));
                    }
                }
            }
            parts += 1;
        }
    }
    let mut shuts = BTreeMap::new();
    for ((x, y), behind) in doors {
        let Some((bx, by)) = map.room_tile(behind) else {
            continue;
        };
        let inside = part[index(bx, by)];
        let before: Vec<(Point, Point)> = edges(x, y)
            .into_iter()
            .filter(|&((nx, ny), _)| {
                !tiles.is_rock(nx, ny) && {
                    let p = part[index(nx as u32, ny as u32)];
                    p != NONE && p != inside
                }
            })
            .map(|(_, bounds)| bounds)
            .collect();
        if !before.is_empty() {
            shuts.insert((x, y), before);
        }
    }
    shuts
}

/// The portals of every door and lock tile, in row order: a door's across the opening
/// towards its room's floor (or, in a cave's tunnel, the way on); a lock's across every
/// opening towards the tiles before it (`lock_edges`), locked.
fn portals(tiles: &TileMap, lock_edges: &BTreeMap<(u32, u32), Vec<(Point, Point)>>) -> Vec<Portal> {
    let floor = |x: i64, y: i64| tiles.is_floor(x, y);
    let mut portals = Vec::new();
    for y in 0..tiles.height() {
        for x in 0..tiles.width() {
            let tile = tiles.get(x, y);
            if !matches!(tile, MapTile::Door | MapTile::Lock) {
                continue;
            }
            let locked = tile == MapTile::Lock;
            if let Some(shut) = lock_edges.get(&(x, y)).filter(|_| locked) {
                portals.extend(shut.iter().map(|&bounds| Portal { bounds, locked }));
                continue;
            }
            let edges = edges(x, y);
            let towards = |open: &dyn Fn(i64, i64) -> bool| {
                edges
                    .iter()
                    .find(|&&((nx, ny), _)| open(nx, ny))
                    .map(|&(_, bounds)| bounds)
            };
            let Some(bounds) = towards(&floor).or_else(|| towards(&|x, y| !tiles.is_rock(x, y)))
            else {
                continue;
            };
            portals.push(Portal { bounds, locked });
        }
    }
    portals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_run_as_far_as_they_go_and_enclose_the_open_tiles() {
        // A 3x2 room with a door below it, in rock.
        let (r, f, d) = (MapTile::Rock, MapTile::Room, MapTile::Door);
        #[rustfmt::skip]
        let tiles = TileMap::new(5, vec![
            r, r, r, r, r,
            r, f, f, f, r,
            r, f, f, f, r,
            r, r, d, r, r,
            r, r, r, r, r,
        ]);
        let walls = tiles.walls();
        assert!(walls.contains(&((1, 1), (4, 1))));
        assert!(walls.contains(&((1, 3), (2, 3))) && walls.contains(&((3, 3), (4, 3))));
        assert!(walls.contains(&((2, 4), (3, 4))));
        assert!(walls.contains(&((1, 1), (1, 3))) && walls.contains(&((2, 3), (2, 4))));
        assert_eq!(walls.len(), 8);
        let [portal] = &portals(&tiles, &BTreeMap::new())[..] else {
            panic!()
        };
        assert_eq!(portal.bounds, ((2, 3), (3, 3)));
        assert!(!portal.locked);
    }
}
