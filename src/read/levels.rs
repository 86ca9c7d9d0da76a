//! Reading back a `mazegen.maze/v1` document of a maze in levels: its `levels`, one grid of
//! tile rows a level, held (unlike a rectangle's `tiles`, which stream), each tile checked, the
//! passages on a level carved from the tiles between cells and those up and down from the
//! cells' marks, which must agree between levels.

use super::invalid;
use crate::document::maze::{MazeDocument, Place, SolutionStep};
use crate::grid::{Pos, Result, tiles_from_cells};
use crate::maze::Maze;
use crate::render::{level_openings, level_path};
use crate::topology::{Levels, MAX_LEVELS, Shape, Topology, UNREACHED};

/// The maze of a document whose `levels` are `grids` (its `tiles`, if any, already refused).
pub(super) fn maze_from<T>(doc: MazeDocument<'static, T>, grids: &[Vec<String>]) -> Result<Maze> {
    let (width, height) = (doc.width, doc.height);
    let count = u32::try_from(grids.len()).unwrap_or(u32::MAX);
    if !(2..=MAX_LEVELS).contains(&count) {
        return Err(invalid(format!(
            "\"levels\" has {} levels; a maze in levels has 2 to {MAX_LEVELS} (one level is a \
             plain rectangle, in \"tiles\")",
            grids.len()
        )));
    }
    let tiles = (tiles_from_cells(width), tiles_from_cells(height));
    if (doc.tile_width, doc.tile_height) != tiles {
        return Err(invalid(format!(
            "\"tile_width\" and \"tile_height\" are {} and {}, but {width}x{height} cells take \
             {}x{} tiles",
            doc.tile_width, doc.tile_height, tiles.0, tiles.1
        )));
    }
    if doc.window.is_some() {
        return Err(invalid(
            "\"window\": windows are cut of flat rectangles, not of mazes in levels".into(),
        ));
    }
    if doc.weave.is_some() {
        return Err(invalid(
            "\"weave\": a maze in levels has no passages under cells; leave it out".into(),
        ));
    }
    let mut levels = Levels::new(width, height, count).map_err(|e| invalid(e.to_string()))?;
    let holes = carve(&mut levels, grids)?;
    if !doc.params.is_object() {
        return Err(invalid("\"params\" must be an object".into()));
    }
    let braid = super::braid_of(doc.braid)?;
    let place = |place: Place, role: &str| {
        let inside = place
            .z
            .and_then(|z| levels.position(Pos::new(place.x, place.y), Some(z)));
        inside
            .filter(|&pos| place.x < width && levels.locate(pos).is_some())
            .ok_or_else(|| {
                let Place { x, y, z } = place;
                let at = z.map_or(format!("{x},{y} without a level \"z\""), |z| {
                    format!("{x},{y},{z}")
                });
                invalid(format!(
                    "\"{role}\": cell {at} is not a cell of {count} levels of {width}x{height}"
                ))
            })
    };
    let (start, goal) = (place(doc.start, "start")?, place(doc.goal, "goal")?);
    let mut maze = Maze::of_shape(
        Shape::Levels(levels),
        doc.algorithm,
        doc.params.into_owned(),
        doc.seed,
    );
    maze.set_endpoints(start, goal)?;
    maze.record_braid(braid);
    if doc.unicursal {
        super::check_unicursal(&maze)?;
    }
    if doc.openings {
        maze.open_border()
            .map_err(|e| invalid(format!("\"openings\": {e}")))?;
    }
    let Shape::Levels(levels) = maze.shape() else {
        unreachable!("made above")
    };
    let mut openings = level_openings(&maze, levels);
    openings.sort_unstable();
    if holes != openings {
        return Err(invalid(
            "the outer walls are open where the maze has no openings, or closed where it has"
                .into(),
        ));
    }
    let distances = maze.distances();
    if let Some(i) = distances.iter().position(|&d| d == UNREACHED) {
        let (at, z) = levels.placed(&levels.cursor(i));
        let z = z.expect("a level");
        return Err(invalid(format!(
            "levels[{z}]: cell {},{} cannot be reached from the others",
            at.x, at.y
        )));
    }
    if let Some(steps) = doc.solution {
        let cells = solution_cells(levels, &steps)?;
        let mut solved = maze.clone();
        solved.record_solution(cells.clone());
        let path = level_path(&solved, levels);
        let drawn: Vec<SolutionStep> = path
            .into_iter()
            .map(|(x, y, z)| SolutionStep::Level(x, y, z))
            .collect();
        let ends = cells.first() == Some(&maze.start()) && cells.last() == Some(&maze.goal());
        if !ends || drawn != steps {
            return Err(invalid(
                "\"solution\" is not a path of neighbouring tiles from start to goal".into(),
            ));
        }
        maze.record_solution(cells);
    }
    if doc.unicursal {
        maze.record_unicursal();
    }
    Ok(maze)
}

/// Checks every level's tiles and carves its passages into `levels`; returns the tiles of
/// the outer walls that are open, in order.
fn carve(levels: &mut Levels, grids: &[Vec<String>]) -> Result<Vec<(u64, u64, u32)>> {
    let (w, h) = (levels.width() as usize, levels.height() as usize);
    let (tw, th) = (2 * w + 1, 2 * h + 1);
    let mut holes = Vec::new();
    for (z, rows) in grids.iter().enumerate() {
        if rows.len() != th {
            return Err(invalid(format!(
                "levels[{z}] has {} tile rows; {h} rows of cells take {th}",
                rows.len()
            )));
        }
        for (ty, row) in rows.iter().enumerate() {
            if let Some((tx, c)) = row.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
                return Err(invalid(format!(
                    "levels[{z}] row {ty}, column {tx}: '{c}' is not a tile"
                )));
            }
            let row = row.as_bytes();
            if row.len() != tw {
                return Err(invalid(format!(
                    "levels[{z}] row {ty} has {} tiles; {w} cells take {tw}",
                    row.len()
                )));
            }
            for (tx, &tile) in row.iter().enumerate() {
                let border = tx == 0 || ty == 0 || tx == tw - 1 || ty == th - 1;
                let cell = tx % 2 == 1 && ty % 2 == 1;
                let allowed: &[u8] = match (cell, tx % 2 == 0 && ty % 2 == 0) {
                    (true, _) => b".^vx",
                    (_, true) => b"#",
                    _ => b"#.",
                };
                if !allowed.contains(&tile) {
                    let allowed: Vec<String> = allowed
                        .iter()
                        .map(|&b| format!("'{}'", b as char))
                        .collect();
                    return Err(invalid(format!(
                        "levels[{z}] row {ty}, column {tx}: '{}' is not a tile there ({})",
                        tile as char,
                        allowed.join(", ")
                    )));
                }
                if tile != b'.' || cell {
                    continue;
                }
                if border {
                    holes.push((tx as u64, ty as u64, z as u32));
                    continue;
                }
                // A passage between the cells beside it: east of the one left of it, or south
                // of the one above.
                let (x, y) = ((tx - 1) / 2, (ty - 1) / 2);
                let i = (z * h + y) * w + x;
                levels.carve(i, if tx % 2 == 0 { 1 } else { 2 });
            }
        }
    }
    // Up and down, from the marks: a way up from a cell is a way down from the one above.
    let count = grids.len();
    for (z, rows) in grids.iter().enumerate() {
        for y in 0..h {
            for x in 0..w {
                let mark = |z: usize| grids[z][2 * y + 1].as_bytes()[2 * x + 1];
                let up = matches!(mark(z), b'^' | b'x');
                let above_down = z + 1 < count && matches!(mark(z + 1), b'v' | b'x');
                if up != above_down {
                    let what = if z + 1 == count {
                        "the top level has no way up".to_string()
                    } else {
                        let (here, there) = (mark(z) as char, mark(z + 1) as char);
                        format!(
                            "it is '{here}' but '{there}' on level {}; a way up ('^' or 'x') \
                             is a way down ('v' or 'x') from the cell above",
                            z + 1
                        )
                    };
                    return Err(invalid(format!("levels[{z}]: cell {x},{y}: {what}")));
                }
                if z == 0 && matches!(rows[2 * y + 1].as_bytes()[2 * x + 1], b'v' | b'x') {
                    return Err(invalid(format!(
                        "levels[0]: cell {x},{y}: the bottom level has no way down"
                    )));
                }
                if up {
                    levels.carve((z * h + y) * w + x, 4);
                }
            }
        }
    }
    holes.sort_unstable();
    Ok(holes)
}

/// The cells of a solution given as tiles with their levels (checked against the path
/// mazegen draws by the caller): its cell tiles, each of a cell joined to the one before.
fn solution_cells(levels: &Levels, steps: &[SolutionStep]) -> Result<Vec<usize>> {
    let (w, h) = (u64::from(levels.width()), u64::from(levels.height()));
    let mut cells: Vec<usize> = Vec::new();
    for (k, step) in steps.iter().enumerate() {
        let SolutionStep::Level(x, y, z) = *step else {
            return Err(invalid(format!(
                "\"solution\" step {k}: a step of a maze in levels is [x, y, z]"
            )));
        };
        if x % 2 == 0 || y % 2 == 0 || x > 2 * w || y > 2 * h || z >= levels.levels() {
            continue;
        }
        let i = ((u64::from(z) * h + y / 2) * w + x / 2) as usize;
        if let Some(&last) = cells.last() {
            let cursor = levels.cursor(last);
            let joined = (0..<Levels as Topology>::SIDES).any(|side| {
                levels.neighbour(&cursor, side) == Some(i) && levels.is_open(last, side)
            });
            if !joined {
                return Err(invalid(format!(
                    "\"solution\" step {k}: the cell at tile {x},{y} on level {z} is not joined \
                     to the one before"
                )));
            }
        }
        cells.push(i);
    }
    Ok(cells)
}
