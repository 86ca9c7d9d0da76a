//! `npy`: mazes as NumPy arrays (format version 1.0), one maze after another along the first
//! axis, so that a run of N mazes is one array `np.load` reads.
//!
//! - [`NpyTiles`]: the tile view as `uint8`, 1 wall and 0 passage: shape
//!   `(N, tile_height, tile_width)`. Outside a mask's cells tiles are 1, walls to a walker.
//! - [`NpyConnections`]: maze-dataset's `connection_list`, `bool`: shape
//!   `(N, 2, height, width)` in cells, `[0]` the passage to the cell below, `[1]` to the cell on
//!   the right.
//!
//! The array's header ([`header`]) is written once, before the first maze; each renderer writes
//! one maze's part of the data.

use crate::algorithms::stream::MazeRows;
use crate::grid::{Grid, Tile, tiles_from_cells};
use crate::maze::Maze;
use crate::render::maze::rows::{DrawRows, StreamTiles};
use crate::render::{ArrayLayout, Holds, Many, Render, RenderRows, Takes};
use std::io::{self, Write};

/// The tile view of a maze as bytes: 1 wall (and blank, outside a mask), 0 passage (openings
/// included).
#[derive(Debug, Clone, Copy, Default)]
pub struct NpyTiles;

impl NpyTiles {
    /// What `npy` takes: the tiles, openings included, without the solution or its ends.
    pub const TAKES: Takes = Takes {
        tiles: true,
        binary: Some("a NumPy array"),
        many: Some(Many::Array),
        holds: Holds {
            solution: false,
            endpoints: false,
            openings: true,
        },
        ..Takes::NOTHING
    };
}

impl Render for NpyTiles {
    fn array(&self, width: u32, height: u32) -> Option<ArrayLayout> {
        Some((
            "|u1",
            vec![tiles_from_cells(height), tiles_from_cells(width)],
        ))
    }

    fn streams(&self) -> Option<&dyn RenderRows> {
        Some(self)
    }

    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let mut rows = maze.wall_tiles().map_err(io::Error::other)?;
        let mut line = Vec::new();
        while rows.draw_next_row(wall_byte, &mut line).is_some() {
            out.write_all(&line)?;
        }
        Ok(())
    }
}

impl RenderRows for NpyTiles {
    /// One maze's array, its header first: shape `(1, tile_height, tile_width)`, as a run of
    /// one maze writes it.
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()> {
        let shape = [1, rows.tile_height(), rows.tile_width()];
        out.write_all(&header("|u1", &shape))?;
        let mut tiles = StreamTiles::new(rows).map_err(io::Error::other)?;
        let mut line = Vec::new();
        while tiles.draw_next_row(wall_byte, &mut line).is_some() {
            out.write_all(&line)?;
        }
        Ok(())
    }
}

/// A tile as `npy` writes it: 1 a wall (or blank), 0 a passage.
fn wall_byte(tile: Tile) -> u8 {
    u8::from(matches!(tile, Tile::Wall | Tile::Blank))
}

impl NpyTiles {
    /// Draws the tiles of `maze` into `out`, which holds exactly them, as `render` writes
    /// them; `line` is scratch space for a row.
    pub fn draw(maze: &Maze, out: &mut [u8], line: &mut Vec<u8>) -> io::Result<()> {
        let mut rows = maze.wall_tiles().map_err(io::Error::other)?;
        let mut rest = out;
        while rows.draw_next_row(wall_byte, line).is_some() {
            let (row, after) = rest.split_at_mut(line.len());
            row.copy_from_slice(line);
            rest = after;
        }
        Ok(())
    }
}

/// The passages of a maze as maze-dataset's `connection_list`: `[0][y][x]` is the passage from
/// cell (x, y) to the cell below, `[1][y][x]` to the cell on its right (openings in the outer
/// wall are not passages between cells).
#[derive(Debug, Clone, Copy, Default)]
pub struct NpyConnections;

impl NpyConnections {
    /// What `npy-connections` takes: passages between cells only.
    pub const TAKES: Takes = Takes {
        tiles: true,
        binary: Some("a NumPy array"),
        many: Some(Many::Array),
        holds: Holds {
            solution: false,
            endpoints: false,
            openings: false,
        },
        ..Takes::NOTHING
    };
}

impl Render for NpyConnections {
    fn array(&self, width: u32, height: u32) -> Option<ArrayLayout> {
        Some(("|b1", vec![2, u64::from(height), u64::from(width)]))
    }

    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = maze.tile_grid("an array").map_err(io::Error::other)?;
        let mut planes = vec![0; 2 * grid.cell_count()];
        Self::draw(maze, &mut planes)?;
        out.write_all(&planes)
    }
}

/// Whether a cell's passage to one side (south or east) is open.
type OpenSide = fn(&Grid, u32, u32) -> bool;

impl NpyConnections {
    /// Draws the connections of `maze` into `out`, which holds exactly them, as `render`
    /// writes them.
    pub fn draw(maze: &Maze, out: &mut [u8]) -> io::Result<()> {
        let grid = maze.tile_grid("an array").map_err(io::Error::other)?;
        let (south, east) = out.split_at_mut(grid.cell_count());
        let sides: [(&mut [u8], OpenSide); 2] =
            [(south, Grid::open_south), (east, Grid::open_east)];
        for (plane, open) in sides {
            let (width, mut cells) = (grid.width(), plane.iter_mut());
            for y in 0..grid.height() {
                for (x, cell) in (0..width).zip(cells.by_ref()) {
                    *cell = u8::from(open(grid, x, y));
                }
            }
        }
        Ok(())
    }
}

/// The header of a `.npy` file (format 1.0) holding a C-order array of `dtype` (such as
/// `"|u1"`) and `shape`: the magic string, the version, the header's length and a Python dict
/// padded with spaces so that the data starts at a multiple of 64 bytes.
///
/// ```
/// let header = mazegen::render::npy_header("|u1", &[2, 3, 5]);
/// assert_eq!(&header[..8], b"\x93NUMPY\x01\x00");
/// assert_eq!(header.len() % 64, 0);
/// assert!(String::from_utf8_lossy(&header).contains("'shape': (2, 3, 5)"));
/// ```
pub fn header(dtype: &str, shape: &[u64]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    let dims = match dims.len() {
        1 => format!("{},", dims[0]),
        _ => dims.join(", "),
    };
    let mut dict = format!("{{'descr': '{dtype}', 'fortran_order': False, 'shape': ({dims}), }}");
    // Magic (6), version (2), length (2), the dict and its closing newline.
    let unpadded = 10 + dict.len() + 1;
    dict.extend(std::iter::repeat_n(
        ' ',
        unpadded.next_multiple_of(64) - unpadded,
    ));
    dict.push('\n');
    let mut header = b"\x93NUMPY\x01\x00".to_vec();
    header.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    header.extend_from_slice(dict.as_bytes());
    header
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;
    use crate::grid::Pos;

    #[test]
    fn headers_are_aligned_and_name_the_shape() {
        for shape in [&[1u64, 3, 3][..], &[1_000_000, 2, 500, 500], &[7]] {
            let header = header("|b1", shape);
            assert_eq!(header.len() % 64, 0);
            let length = u16::from_le_bytes([header[8], header[9]]) as usize;
            assert_eq!(length + 10, header.len());
            let dict = std::str::from_utf8(&header[10..]).unwrap();
            assert!(dict.starts_with("{'descr': '|b1', 'fortran_order': False, 'shape': ("));
            assert!(dict.ends_with(" \n"), "{dict:?}");
        }
        assert!(String::from_utf8_lossy(&header("|u1", &[7])).contains("(7,)"));
    }

    #[test]
    fn tiles_are_ones_for_walls() {
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(4, 3)
            .seed(1)
            .build()
            .unwrap();
        let mut bytes = Vec::new();
        NpyTiles.render(&maze, &mut bytes).unwrap();
        let mut text = Vec::new();
        crate::render::Text::default()
            .render(&maze, &mut text)
            .unwrap();
        let walls: Vec<u8> = text
            .iter()
            .filter(|&&b| b != b'\n')
            .map(|&b| u8::from(b == b'#'))
            .collect();
        assert_eq!(bytes, walls);
        assert_eq!(bytes.len(), 9 * 7);
    }

    #[test]
    fn connections_are_south_then_east() {
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(4, 3)
            .seed(1)
            .build()
            .unwrap();
        let grid = maze.grid().unwrap();
        let mut bytes = Vec::new();
        NpyConnections.render(&maze, &mut bytes).unwrap();
        assert_eq!(bytes.len(), 2 * 3 * 4);
        for y in 0..3 {
            for x in 0..4 {
                let i = (y * 4 + x) as usize;
                let pos = Pos::new(x, y);
                assert_eq!(bytes[i] == 1, grid.is_open(pos, crate::grid::Dir::South));
                assert_eq!(
                    bytes[12 + i] == 1,
                    grid.is_open(pos, crate::grid::Dir::East)
                );
            }
        }
    }
}
