//! Events replayed: the header of an events stream, and the maze its events build.

use crate::Maze;
use crate::events::{Event, ShapeEvent};
use crate::grid::{Grid, MazeError, Result};
use crate::topology::{Mask, Masked, Shape, ShapeSize, Topology};
use crate::with_topology;
use serde::{Deserialize, Serialize};

/// The `schema` field of the header line of an events stream.
pub const EVENTS_SCHEMA: &str = "mazegen.events/v1";

/// The first line of an events stream: what is being generated.
///
/// `P` is the type of the algorithm's options: an [`Algorithm::Params`] to write a header for a
/// known algorithm, JSON (the default) for any generator and for reading headers back.
///
/// [`Algorithm::Params`]: crate::algorithms::Algorithm::Params
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventsHeader<P = serde_json::Value> {
    /// Always [`EVENTS_SCHEMA`].
    pub schema: String,
    /// The program and version that wrote the stream.
    pub generator: String,
    /// The algorithm's name.
    pub algorithm: String,
    /// The algorithm's effective options.
    pub params: P,
    /// The seed.
    pub seed: u64,
    /// What is carved: the rectangle's `width` and `height`, or another shape's `shape`.
    #[serde(flatten)]
    pub carved: Carved,
}

/// What an events stream carves, as its header says after the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Carved {
    /// A rectangle of `width x height` cells, whose events are [`Event`]s (see [`replay`]).
    Rect {
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
    },
    /// A maze of any shape, whose events are [`ShapeEvent`]s (see [`replay_shape`]).
    Shape {
        /// The shape and its size, as graph documents record it.
        shape: ShapeSize,
        /// A mask's rows, `.` for a cell and `X` for none (as `--mask` reads them): which of
        /// its rectangle's cells are in the maze.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mask: Option<Vec<String>>,
    },
}

impl Carved {
    /// What a stream of [`ShapeEvent`]s carving `shape` carves.
    pub fn of(shape: &Shape) -> Self {
        let mask = match shape {
            Shape::Masked(masked) => Some(masked.mask().text_rows().collect()),
            _ => None,
        };
        Self::Shape {
            shape: ShapeSize::of(shape),
            mask,
        }
    }

    /// The blank maze the events carve, every wall standing: [`Shape::Rect`] for a rectangle.
    /// A mask's rows must be as many and as long as its size says.
    pub fn blank(&self) -> Result<Shape> {
        match self {
            Carved::Rect { width, height } => Ok(Shape::Rect(Grid::new(*width, *height)?)),
            Carved::Shape {
                shape: ShapeSize::Mask { width, height },
                mask: Some(rows),
            } => {
                let mask = Mask::from_text(&rows.join("\n"))?;
                if (mask.width(), mask.height()) != (*width, *height) {
                    return Err(MazeError::InvalidShape(format!(
                        "the mask's rows are {}x{} cells, its shape {width}x{height}",
                        mask.width(),
                        mask.height()
                    )));
                }
                Ok(Shape::Masked(Masked::new(mask)?))
            }
            Carved::Shape { shape, .. } => shape.blank(),
        }
    }
}

/// Builds the maze a stream of events describes on a `width x height` grid: replaying a
/// generator's events gives exactly the maze it generated.
pub fn replay(width: u32, height: u32, events: impl IntoIterator<Item = Event>) -> Result<Grid> {
    let mut grid = Grid::new(width, height)?;
    for event in events {
        grid.apply(event);
    }
    Ok(grid)
}

/// Builds the maze a stream of [`ShapeEvent`]s describes on `blank` (every wall standing):
/// replaying the events a generator reports on a shape gives exactly the maze it generated.
/// An event naming no cell of the shape, or a side that leads to no other cell, is refused
/// with [`MazeError::InvalidEvent`].
///
/// ```
/// use mazegen::{events::ShapeEvent, maze::replay_shape};
/// use mazegen::{Maze, algorithms::Wilson, topology::{Hex, Shape}};
///
/// let blank = Shape::Hex(Hex::new(5, 4)?);
/// let mut steps: Vec<ShapeEvent> = Vec::new();
/// let maze = Maze::generate_shape_observed(&Wilson, blank.clone(), 7, &mut steps)?;
/// assert_eq!(&replay_shape(blank, steps)?, maze.shape());
/// # Ok::<(), mazegen::Error>(())
/// ```
pub fn replay_shape(blank: Shape, events: impl IntoIterator<Item = ShapeEvent>) -> Result<Shape> {
    let mut carving = Carving::new(blank)?;
    for event in events {
        carving.apply(event)?;
    }
    Ok(carving.shape)
}

/// A shape carved one [`ShapeEvent`] at a time, as [`replay_shape`] carves it: what an
/// animation draws after each step.
#[derive(Debug, Clone)]
pub struct Carving {
    shape: Shape,
    /// Each id's cell index.
    cells: Vec<usize>,
    /// The events applied so far.
    applied: usize,
}

impl Carving {
    /// Starts from `blank`, every wall standing.
    pub fn new(blank: Shape) -> Result<Self> {
        let cells = with_topology!(&blank, t => {
            let mut cells = crate::topology::reserved(t, t.cell_count())?;
            cells.extend((0..t.slots()).filter(|&i| t.is_cell(i)));
            cells
        });
        Ok(Self {
            shape: blank,
            cells,
            applied: 0,
        })
    }

    /// Makes the change to the passages that `event` reports; an event naming no cell of the
    /// shape, or a side that leads to no other cell, is refused with [`MazeError::InvalidEvent`].
    pub fn apply(&mut self, event: ShapeEvent) -> Result<()> {
        let k = self.applied;
        self.applied += 1;
        with_topology!(&mut self.shape, t => apply_on(t, &self.cells, k, event))
    }

    /// The maze carved so far, entered at its first cell and left at its last as a generated
    /// maze is, with no algorithm recorded: a picture of the carving. Until the generator is
    /// done it need not be connected.
    pub fn maze(&self) -> Maze {
        Maze::of_shape(self.shape.clone(), "", serde_json::Value::Null, 0)
    }
}

/// Makes the change to the passages of `topology` that `event`, the `k`th, reports, `cells`
/// giving each id's cell index.
fn apply_on<T: Topology>(
    topology: &mut T,
    cells: &[usize],
    k: usize,
    event: ShapeEvent,
) -> Result<()> {
    let (id, side, open) = match event {
        Event::Carve { cell, dir } => (cell, usize::from(dir), true),
        Event::Wall { cell, dir } => (cell, usize::from(dir), false),
        Event::OpenField => {
            for &i in cells {
                for k in 0..T::OWNED {
                    if let Some((side, _)) = topology.owned_side(i, k) {
                        topology.carve(i, side);
                    }
                }
            }
            return Ok(());
        }
        Event::Enter { .. } | Event::Leave { .. } | Event::Claim { .. } => return Ok(()),
    };
    let Some(&i) = cells.get(id as usize) else {
        return Err(MazeError::InvalidEvent(format!(
            "event {k}: {id} is not a cell id; the ids run from 0 to {}",
            cells.len() - 1
        )));
    };
    if side >= T::SIDES || topology.link(&topology.cursor(i), side).is_none() {
        return Err(MazeError::InvalidEvent(format!(
            "event {k}: side {side} of cell {id} leads to no other cell"
        )));
    }
    if open {
        topology.carve(i, side);
    } else {
        topology.close(i, side);
    }
    Ok(())
}

impl Grid {
    /// Makes the change to the passages that `event` reports (carving, walling, opening the
    /// field); events about progress (entering, leaving, claiming a cell) change nothing.
    pub fn apply(&mut self, event: Event) {
        match event {
            Event::Carve { cell, dir } => self.carve(cell, dir),
            Event::Wall { cell, dir } => self.close(cell, dir),
            Event::OpenField => self.open_field(),
            Event::Enter { .. } | Event::Leave { .. } | Event::Claim { .. } => {}
        }
    }
}
