//! Reading a `mazegen.maze/v1` document back into a [`Maze`], validating everything a broken
//! or hand-edited document could get wrong, so that `solve`, `stats` and `render` can sit at
//! the end of a pipe.

use crate::Probability;
use crate::error::{Error, Result};
use crate::grid::{
    Grid, MAX_CELLS, Pos, TileKind, TilePos, cell_tile, is_tile_count, passage_tile,
};
use crate::maze::Maze;
use crate::render::MAZE_SCHEMA;
use crate::render::json::Document;
use std::io::Read;

/// Reads and validates one maze document from `input`.
///
/// Every failure is an [`Error::InvalidDocument`] saying what is wrong and where (JSON line and
/// column, or tile row and column).
pub fn read_maze(input: impl Read) -> Result<Maze> {
    let value: serde_json::Value =
        serde_json::from_reader(input).map_err(|e| invalid(format!("not valid JSON: {e}")))?;
    match value.get("schema").and_then(|s| s.as_str()) {
        Some(MAZE_SCHEMA) => {}
        Some(other) => {
            return Err(invalid(format!(
                "schema is \"{other}\", expected \"{MAZE_SCHEMA}\""
            )));
        }
        None => return Err(invalid(format!("no \"schema\": \"{MAZE_SCHEMA}\" field"))),
    }
    let doc: Document<Vec<String>> =
        serde_json::from_value(value).map_err(|e| invalid(format!("{e}")))?;
    let grid = grid_from_tiles(&doc)?;
    let start = cell(&grid, doc.start, "start")?;
    let goal = cell(&grid, doc.goal, "goal")?;
    if !doc.params.is_object() {
        return Err(invalid("\"params\" must be an object".into()));
    }
    let braid = doc
        .braid
        .map(|p| {
            Probability::new(p).map_err(|_| invalid(format!("\"braid\" is {p}, expected 0 to 1")))
        })
        .transpose()?;
    let mut maze = Maze::new(grid, doc.algorithm, doc.params.into_owned(), doc.seed);
    maze.set_endpoints(start, goal)?;
    maze.record_braid(braid);
    if doc.openings {
        maze.open_border()
            .map_err(|e| invalid(format!("\"openings\": {e}")))?;
    }
    check_border(&doc.tiles, &maze)?;
    check_connected(maze.grid())?;
    if let Some(tiles) = doc.solution {
        maze.record_solution(solution_cells(&maze, &doc.tiles, &tiles)?);
    }
    Ok(maze)
}

fn invalid(message: String) -> Error {
    Error::InvalidDocument(message)
}

/// Checks the shape of the tile rows and turns them into a grid.
fn grid_from_tiles(doc: &Document<Vec<String>>) -> Result<Grid> {
    let rows = &doc.tiles;
    let height = rows.len() as u64;
    let width = rows.first().map_or(0, |row| row.len() as u64);
    if !is_tile_count(width) || !is_tile_count(height) {
        return Err(invalid(format!(
            "tiles are {width}x{height}; a maze is an odd number (at least 3) of tiles each way"
        )));
    }
    check_cell_limit(width, height)?;
    let declared = [
        ("tile_width", doc.tile_width, width),
        ("tile_height", doc.tile_height, height),
        ("width", doc.width.into(), width / 2),
        ("height", doc.height.into(), height / 2),
    ];
    for (field, value, actual) in declared {
        if value != actual {
            return Err(invalid(format!(
                "\"{field}\" is {value} but the tiles say {actual}"
            )));
        }
    }
    let mut grid = Grid::new((width / 2) as u32, (height / 2) as u32)?;
    for (y, row) in rows.iter().enumerate() {
        let bytes = row.as_bytes();
        if row.len() as u64 != width || !row.is_ascii() {
            let length = row.chars().count();
            return Err(invalid(format!(
                "tiles row {y} has {length} tiles, row 0 has {width}"
            )));
        }
        for (x, &byte) in bytes.iter().enumerate() {
            let open = match byte {
                b'.' => true,
                b'#' => false,
                other => {
                    return Err(invalid(format!(
                        "tiles row {y}, column {x}: '{}' is not a tile ('#' wall, '.' passage)",
                        other as char
                    )));
                }
            };
            let kind = TileKind::at((x as u64, y as u64), grid.width(), grid.height());
            match kind.expect("the rows have the grid's tile size") {
                TileKind::Cell(_) if !open => {
                    return Err(invalid(format!(
                        "tiles row {y}, column {x}: a cell's tile must be '.'"
                    )));
                }
                TileKind::Corner if open => {
                    return Err(invalid(format!(
                        "tiles row {y}, column {x}: a corner between cells must be '#'"
                    )));
                }
                TileKind::Passage { from, dir, .. } if open => grid.carve(from, dir),
                _ => {}
            }
        }
    }
    Ok(grid)
}

/// Refuses tile views of more cells than a grid may hold, before any is built.
fn check_cell_limit(width: u64, height: u64) -> Result<()> {
    if (width / 2) * (height / 2) > MAX_CELLS {
        return Err(invalid(format!(
            "tiles are {width}x{height}, more than the {MAX_CELLS} cells mazegen can hold"
        )));
    }
    Ok(())
}

/// Checks that `pos` (the document's `role` field) is a cell of the maze.
fn cell(grid: &Grid, pos: Pos, role: &str) -> Result<Pos> {
    grid.require(pos)
        .map_err(|e| invalid(format!("\"{role}\": {e}")))
}

/// Checks that the outer wall is closed except at the maze's openings.
fn check_border(rows: &[String], maze: &Maze) -> Result<()> {
    let openings: Vec<TilePos> = maze
        .openings()
        .into_iter()
        .map(|(cell, dir)| passage_tile(cell, dir))
        .collect();
    let (width, height) = (maze.grid().tile_width(), maze.grid().tile_height());
    for (y, row) in rows.iter().enumerate() {
        for (x, byte) in row.bytes().enumerate() {
            let (x, y) = (x as u64, y as u64);
            let border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
            let hole = byte == b'.';
            if border && hole != openings.contains(&(x, y)) {
                let what = if hole {
                    "the outer wall has a hole that is not an opening"
                } else {
                    "\"openings\" is true but the outer wall is closed at the opening"
                };
                return Err(invalid(format!("tiles row {y}, column {x}: {what}")));
            }
        }
    }
    Ok(())
}

/// Checks that every cell can be reached (loops are allowed: braided mazes have them).
fn check_connected(grid: &Grid) -> Result<()> {
    let distances = crate::analysis::Distances::from(grid, Pos::new(0, 0))?;
    match (0..grid.cell_count())
        .map(|i| grid.pos(i))
        .find(|&pos| distances.to(pos).is_none())
    {
        None => Ok(()),
        Some(pos) => {
            let (x, y) = cell_tile(pos);
            Err(invalid(format!(
                "tiles row {y}, column {x}: cell {},{} cannot be reached from the others",
                pos.x, pos.y
            )))
        }
    }
}

/// Turns the document's solution (tiles) into cells, checking that it runs through open tiles
/// from the start (through its opening, if any) to the goal exactly as mazegen draws solutions.
fn solution_cells(maze: &Maze, rows: &[String], tiles: &[TilePos]) -> Result<Vec<Pos>> {
    for (k, &(x, y)) in tiles.iter().enumerate() {
        let open = rows
            .get(y as usize)
            .and_then(|row| row.as_bytes().get(x as usize))
            == Some(&b'.');
        if !open {
            return Err(invalid(format!(
                "solution step {k} (tile {x},{y}) is not an open tile"
            )));
        }
    }
    let (width, height) = (maze.grid().width(), maze.grid().height());
    let cells: Vec<Pos> = tiles
        .iter()
        .filter_map(|&tile| match TileKind::at(tile, width, height) {
            Some(TileKind::Cell(cell)) => Some(cell),
            _ => None,
        })
        .collect();
    let ends_right = cells.first() == Some(&maze.start()) && cells.last() == Some(&maze.goal());
    if !ends_right || !maze.path_tiles(&cells).eq(tiles.iter().copied()) {
        return Err(invalid(
            "\"solution\" is not a path of neighbouring tiles from start to goal".into(),
        ));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cell_limit_is_checked_on_tile_sizes() {
        let side = 2 * (1u64 << 15) + 1;
        assert!(check_cell_limit(side, side).is_ok());
        let error = check_cell_limit(side + 2, side).unwrap_err().to_string();
        assert_eq!(
            error,
            "tiles are 65539x65537, more than the 1073741824 cells mazegen can hold"
        );
    }
}
