//! Reading a `mazegen.graph/v1` document back into a [`Maze`](crate::Maze): the blank shape rebuilt
//! from `shape` (a mask from the cells present), each cell checked against it, each passage
//! carved, and everything a broken or hand-edited document could get wrong refused.
//!
//! When `shape` comes before `cells` (as mazegen writes it) and is not a mask, each cell is
//! checked and each passage carved as it is read, so reading takes about the memory of the
//! maze itself. Otherwise (a mask is made of the cells present; fields may come in any order)
//! the cells and passages are held compactly until the document ends: a cell's position, its
//! neighbours' ids and a passage's two ids, about 40 bytes a cell.

use super::invalid;
use crate::document::WindowEntry;
use crate::document::graph::{CellEntry, MAX_NEIGHBOURS, OpeningEntry, PassageEntry};
use crate::grid::{CellName, Cut, Dir, MAX_CELLS, MazeError, Pos, Result};
use crate::topology::{Mask, Masked, Shape, ShapeSize, Topology, UNREACHED, Wrap, distances};
use crate::with_topology;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, de::Error as _};
use std::fmt;

/// The fields of a graph document ([`GraphDocument`](crate::document::graph::GraphDocument))
/// as read, its cells and passages checked and carved as they came or held. `bounds`, the
/// cells' `x` and `y` and `stats` are derived from the shape and the passages: required where
/// the schema requires them, never trusted. Read by a visitor of its own rather than serde's
/// derive, which could not check the cells against the shape read before them.
pub(super) struct GraphFields {
    algorithm: String,
    params: serde_json::Value,
    seed: u64,
    size: ShapeSize,
    braid: Option<f64>,
    unicursal: Option<bool>,
    directed: bool,
    multigraph: bool,
    start: u64,
    goal: u64,
    openings: Option<Vec<OpeningEntry>>,
    window: Option<WindowEntry>,
    exits: Option<Vec<OpeningEntry>>,
    solution: Option<Vec<u64>>,
    /// The shape, when built as the cells were read.
    shape: Option<Shape>,
    cells: CellsRead,
    passages: PassagesRead,
}

/// The `cells` array: checked against the shape as read (how many), or held.
enum CellsRead {
    Checked(usize),
    Held(Cells),
}

/// The `passages` array: carved into the shape as read, or held.
enum PassagesRead {
    Carved,
    Held(Vec<Passage>),
}

/// A passage as read: the ids of the cells it joins, and of the cell it goes under, if any.
#[derive(Debug, Clone, Copy)]
struct Passage {
    a: u32,
    b: u32,
    under: Option<u32>,
}

/// Sets a field read once, refusing a second.
fn once<T, E: de::Error>(field: &mut Option<T>, name: &'static str, value: T) -> Result<(), E> {
    if field.is_some() {
        return Err(E::duplicate_field(name));
    }
    *field = Some(value);
    Ok(())
}

impl<'de> Deserialize<'de> for GraphFields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(DocumentVisitor)
    }
}

/// Reads the fields in the order they come, building the shape when the cells arrive after it.
struct DocumentVisitor;

impl<'de> Visitor<'de> for DocumentVisitor {
    type Value = GraphFields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a graph document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GraphFields, A::Error> {
        let (mut schema, mut generator, mut algorithm) = (None::<String>, None::<String>, None);
        let (mut params, mut seed, mut size, mut bounds) = (None, None, None, None::<IgnoredAny>);
        let (mut directed, mut multigraph, mut start, mut goal) = (None, None, None, None);
        let (mut solution, mut stats, mut braid) = (None, None::<IgnoredAny>, None);
        let (mut openings, mut window, mut exits) = (None, None, None);
        let mut unicursal = None;
        let (mut shape, mut cells, mut passages) = (None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "schema" => once(&mut schema, "schema", map.next_value()?)?,
                "generator" => once(&mut generator, "generator", map.next_value()?)?,
                "algorithm" => once(&mut algorithm, "algorithm", map.next_value()?)?,
                "params" => once(&mut params, "params", map.next_value()?)?,
                "seed" => once(&mut seed, "seed", map.next_value()?)?,
                "shape" => once(&mut size, "shape", map.next_value::<ShapeSize>()?)?,
                "bounds" => once(&mut bounds, "bounds", map.next_value()?)?,
                "directed" => once(&mut directed, "directed", map.next_value()?)?,
                "multigraph" => once(&mut multigraph, "multigraph", map.next_value()?)?,
                "start" => once(&mut start, "start", map.next_value()?)?,
                "goal" => once(&mut goal, "goal", map.next_value()?)?,
                "openings" => once(&mut openings, "openings", map.next_value()?)?,
                "solution" => once(&mut solution, "solution", map.next_value()?)?,
                "braid" => once(&mut braid, "braid", map.next_value()?)?,
                "unicursal" => once(&mut unicursal, "unicursal", map.next_value()?)?,
                "stats" => once(&mut stats, "stats", map.next_value()?)?,
                "window" => once(&mut window, "window", map.next_value()?)?,
                "exits" => once(&mut exits, "exits", map.next_value()?)?,
                "cells" => {
                    once(&mut cells, "cells", CellsRead::Checked(0))?;
                    // A mask is made of the cells present: it waits for them.
                    if let Some(size) = &size
                        && !matches!(size, ShapeSize::Mask { .. })
                    {
                        shape = Some(blank(size, &Cells::default()).map_err(de::Error::custom)?);
                    }
                    let name = size.as_ref().map(describe);
                    let seed = CellsSeed(shape.as_ref().zip(name.as_deref()));
                    cells = Some(map.next_value_seed(seed)?);
                }
                "passages" => {
                    once(&mut passages, "passages", PassagesRead::Carved)?;
                    let carving = match (&cells, &mut shape) {
                        (Some(CellsRead::Checked(n)), Some(shape)) => Some((shape, *n)),
                        _ => None,
                    };
                    passages = Some(map.next_value_seed(PassagesSeed(carving))?);
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let missing = de::Error::missing_field;
        schema.ok_or_else(|| missing("schema"))?;
        generator.ok_or_else(|| missing("generator"))?;
        let algorithm = algorithm.ok_or_else(|| missing("algorithm"))?;
        let params = params.ok_or_else(|| missing("params"))?;
        let seed = seed.ok_or_else(|| missing("seed"))?;
        let size = size.ok_or_else(|| missing("shape"))?;
        bounds.ok_or_else(|| missing("bounds"))?;
        Ok(GraphFields {
            algorithm,
            params,
            seed,
            size,
            braid,
            unicursal,
            directed: directed.ok_or_else(|| missing("directed"))?,
            multigraph: multigraph.ok_or_else(|| missing("multigraph"))?,
            start: start.ok_or_else(|| missing("start"))?,
            goal: goal.ok_or_else(|| missing("goal"))?,
            openings,
            window,
            exits,
            solution,
            shape,
            cells: cells.ok_or_else(|| missing("cells"))?,
            passages: passages.ok_or_else(|| missing("passages"))?,
        })
    }
}

/// The `cells` array, held compactly: each cell's `at` and its neighbours' ids.
#[derive(Default)]
struct Cells {
    /// Each cell's position in its shape.
    at: Vec<Pos>,
    /// Each cell's level `z`, if it gives one.
    level: Vec<Option<u32>>,
    /// How many neighbours each cell lists.
    degree: Vec<u8>,
    /// Every cell's neighbours, one cell after the other.
    neighbours: Vec<u32>,
}

impl Cells {
    fn len(&self) -> usize {
        self.at.len()
    }

    /// The neighbours of each cell, in id order.
    fn neighbour_lists(&self) -> impl Iterator<Item = &[u32]> {
        let mut rest = &self.neighbours[..];
        self.degree.iter().map(move |&d| {
            let (list, after) = rest.split_at(usize::from(d));
            rest = after;
            list
        })
    }
}

/// Pushes `value` onto `list`, refusing (instead of aborting) when memory runs out.
fn push<T, E: de::Error>(list: &mut Vec<T>, value: T) -> Result<(), E> {
    list.try_reserve(1).map_err(|_| {
        E::custom(format_args!(
            "not enough memory to hold {} cells",
            list.len()
        ))
    })?;
    list.push(value);
    Ok(())
}

/// Reads the `cells` array, checking each cell against the shape (named by the `&str`) when
/// there is one, else holding it.
struct CellsSeed<'a>(Option<(&'a Shape, &'a str)>);

impl<'de> DeserializeSeed<'de> for CellsSeed<'_> {
    type Value = CellsRead;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<CellsRead, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CellsSeed<'_> {
    type Value = CellsRead;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of cells")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CellsRead, A::Error> {
        let mut held = Cells::default();
        let mut listed = Vec::with_capacity(MAX_NEIGHBOURS);
        let (mut count, mut previous) = (0usize, None);
        while let Some(cell) = seq.next_element::<CellEntry<Vec<u64>>>()? {
            let id = count as u64;
            if cell.id != id {
                return Err(A::Error::custom(format_args!(
                    "cell {id} has the id {}; ids run from 0 in order",
                    cell.id
                )));
            }
            if id >= MAX_CELLS {
                return Err(A::Error::custom(format_args!(
                    "more than the {MAX_CELLS} cells mazegen can hold"
                )));
            }
            if cell.neighbours.len() > MAX_NEIGHBOURS {
                return Err(A::Error::custom(format_args!(
                    "cell {id} has {} neighbours; a cell has at most {MAX_NEIGHBOURS}",
                    cell.neighbours.len()
                )));
            }
            listed.clear();
            for &j in &cell.neighbours {
                listed.push(cell_id::<A::Error>(j, "neighbour")?);
            }
            let at = Pos::new(cell.at.0, cell.at.1);
            match self.0 {
                Some((shape, name)) => {
                    let slot = with_topology!(shape, t => {
                        let at = t.position(at, cell.z).ok_or_else(|| {
                            not_placed(count, at, cell.z, name)
                        });
                        at.and_then(|at| place_cell(t, count, at, previous, name)).and_then(|slot| {
                            check_neighbours(t, count, slot, &listed, |j| j as u32, name)
                                .map(|()| slot)
                        })
                    });
                    previous = Some(slot.map_err(A::Error::custom)?);
                }
                None => {
                    push(&mut held.at, at)?;
                    push(&mut held.level, cell.z)?;
                    push(&mut held.degree, listed.len() as u8)?;
                    for &j in &listed {
                        push(&mut held.neighbours, j)?;
                    }
                }
            }
            count += 1;
        }
        match self.0 {
            Some((shape, name)) => {
                check_count(shape, count, name).map_err(A::Error::custom)?;
                Ok(CellsRead::Checked(count))
            }
            None => Ok(CellsRead::Held(held)),
        }
    }
}

/// An id as held, refusing one that no maze has.
fn cell_id<E: de::Error>(id: u64, what: &str) -> Result<u32, E> {
    u32::try_from(id)
        .ok()
        .filter(|&id| u64::from(id) < MAX_CELLS)
        .ok_or_else(|| E::custom(format_args!("{what} {id} is not a cell id")))
}

/// Reads the `passages` array, carving each into the shape when its `n` cells are checked,
/// else holding it.
struct PassagesSeed<'a>(Option<(&'a mut Shape, usize)>);

impl<'de> DeserializeSeed<'de> for PassagesSeed<'_> {
    type Value = PassagesRead;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<PassagesRead, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PassagesSeed<'_> {
    type Value = PassagesRead;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of passages")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<PassagesRead, A::Error> {
        let mut held = Vec::new();
        let mut k = 0;
        while let Some(PassageEntry { a, b, under }) = seq.next_element()? {
            let passage = Passage {
                a: cell_id::<A::Error>(a, "passage end")?,
                b: cell_id::<A::Error>(b, "passage end")?,
                under: under
                    .map(|id| cell_id::<A::Error>(id, "passage's \"under\""))
                    .transpose()?,
            };
            match &mut self.0 {
                Some((shape, n)) => {
                    let ids = Ids::Same(*n);
                    with_topology!(&mut **shape, t => carve_one(t, &ids, k, passage))
                        .map_err(A::Error::custom)?;
                }
                None => push(&mut held, passage)?,
            }
            k += 1;
        }
        Ok(match self.0 {
            Some(_) => PassagesRead::Carved,
            None => PassagesRead::Held(held),
        })
    }
}

/// How messages name a shape: "a 7x5 hex shape", "a 6x4 rect shape wrapped xy", "a 6x4 rect
/// shape in 3 levels", "a 5-ring polar shape".
fn describe(size: &ShapeSize) -> String {
    let (kind, width, height, wrap) = match *size {
        ShapeSize::Polar { rings } => return format!("a {rings}-ring polar shape"),
        ShapeSize::Rect {
            width,
            height,
            levels,
            ..
        } if levels != 1 => return format!("a {width}x{height} rect shape in {levels} levels"),
        ShapeSize::Rect {
            width,
            height,
            wrap,
            ..
        } => ("rect", width, height, wrap),
        ShapeSize::Mask { width, height } => ("mask", width, height, Wrap::None),
        ShapeSize::Hex {
            width,
            height,
            wrap,
        } => ("hex", width, height, wrap),
        ShapeSize::Triangle { width, height } => ("triangle", width, height, Wrap::None),
    };
    let wrapped = match wrap {
        Wrap::None => String::new(),
        wrap => format!(" wrapped {}", wrap.name()),
    };
    format!("a {width}x{height} {kind} shape{wrapped}")
}

/// Checks a parsed graph document (what was not checked as it was read) and makes its maze.
pub(super) fn maze_from(doc: GraphFields) -> Result<crate::Maze> {
    if doc.directed || doc.multigraph {
        return Err(invalid(
            "\"directed\" and \"multigraph\" must be false: a maze is an undirected simple graph"
                .into(),
        ));
    }
    if !doc.params.is_object() {
        return Err(invalid("\"params\" must be an object".into()));
    }
    let braid = super::braid_of(doc.braid)?;
    let name = describe(&doc.size);
    let (mut shape, ids) = match (doc.cells, doc.shape) {
        (CellsRead::Checked(n), Some(shape)) => (shape, Ids::Same(n)),
        (CellsRead::Checked(_), None) => unreachable!("cells are checked against a shape"),
        (CellsRead::Held(cells), _) => {
            let shape = blank(&doc.size, &cells)?;
            if !matches!(shape, Shape::Masked(_)) {
                check_count(&shape, cells.len(), &name)?;
            }
            let slots = with_topology!(&shape, t => check_cells(t, &cells, &name))?;
            (shape, Ids::Table(slots))
        }
    };
    if let PassagesRead::Held(passages) = &doc.passages {
        with_topology!(&mut shape, t => {
            for (k, &passage) in passages.iter().enumerate() {
                carve_one(t, &ids, k, passage)?;
            }
        });
    }
    if let Shape::Weave(weave) = &shape {
        weave.check_crossings().map_err(|at| {
            invalid(format!(
                "a passage goes under the cell at ({}, {}), which is not a corridor across it \
                 alone: a passage under a cell runs straight on, between the cell's two open \
                 sides and under no other",
                at.x, at.y
            ))
        })?;
    }
    let cut = match doc.window {
        Some(entry) => Some(window_cut(&shape, &ids, entry, doc.exits.as_deref())?),
        None if doc.exits.is_some() => {
            return Err(invalid(
                "\"exits\" belong to a \"window\", which is absent".into(),
            ));
        }
        None => None,
    };
    let (start, goal, solution) = with_topology!(&shape, t => {
        let start = slot_of(&ids, doc.start, || "\"start\"".into())?;
        let goal = slot_of(&ids, doc.goal, || "\"goal\"".into())?;
        // A window's cells may join outside it, through its exits.
        if cut.as_ref().is_none_or(Cut::is_whole) {
            check_connected(t, &ids)?;
        }
        let solution = match &doc.solution {
            Some(path) => Some(solution_cells(t, &ids, path, (doc.start, doc.goal))?),
            None => None,
        };
        (t.cell(&t.cursor(start)), t.cell(&t.cursor(goal)), solution)
    });
    let mut maze = crate::Maze::of_shape(shape, doc.algorithm, doc.params, doc.seed);
    if let Some(cut) = cut {
        if !cut.is_whole() && (braid.is_some() || doc.openings.is_some()) {
            return Err(invalid(
                "\"window\": a window is cut of an unbraided maze without openings".into(),
            ));
        }
        maze = maze.with_cut(cut);
    }
    maze.record_braid(braid);
    if doc.unicursal == Some(true) {
        super::check_unicursal(&maze)?;
        maze.record_unicursal();
    }
    maze.set_endpoints(start, goal)?;
    if let Some(listed) = &doc.openings {
        open_as_listed(&mut maze, &ids, listed)?;
    }
    if let Some(path) = solution {
        maze.record_solution(path);
    }
    Ok(maze)
}

/// The [`Cut`] of a window's graph document: a rectangle, its `window` object checked against
/// its size, its `exits` (cells by id, sides numbered as a rectangle's) leaving it.
fn window_cut(
    shape: &Shape,
    ids: &Ids,
    entry: WindowEntry,
    exits: Option<&[OpeningEntry]>,
) -> Result<Cut> {
    let refuse = |what: String| invalid(format!("\"window\": {what}"));
    let Shape::Rect(grid) = shape else {
        return Err(refuse(format!(
            "windows are rectangles, not a {} shape",
            shape.description()
        )));
    };
    let (giant, window) =
        (entry.placed(grid.width(), grid.height())).map_err(|e| refuse(e.to_string()))?;
    let mut cells = Vec::new();
    for (k, exit) in exits.unwrap_or_default().iter().enumerate() {
        let slot = slot_of(ids, exit.cell, || format!("exit {k}: \"cell\""))?;
        if exit.side >= 4 {
            return Err(invalid(format!(
                "exit {k}: \"side\" is {}, but a rectangle's sides are 0 to 3",
                exit.side
            )));
        }
        cells.push((grid.pos(slot), Dir::from_side(exit.side as usize)));
    }
    Cut::read(giant, window, cells).map_err(|((cell, dir), what)| {
        invalid(format!(
            "\"exits\": the exit of cell {},{} to the {} {what}",
            cell.x,
            cell.y,
            format!("{dir:?}").to_lowercase()
        ))
    })
}

/// Opens the outer wall beside the start and the goal of `maze`, checking that the document
/// lists exactly those openings (`ids` gives the cells' ids).
fn open_as_listed(maze: &mut crate::Maze, ids: &Ids, listed: &[OpeningEntry]) -> Result<()> {
    maze.open_border()
        .map_err(|e| invalid(format!("\"openings\": {e}")))?;
    let expected: Vec<OpeningEntry> = (maze.openings().into_iter())
        .map(|(cell, side)| OpeningEntry {
            cell: ids.id(cell),
            side: side as u64,
        })
        .collect();
    if listed != expected {
        let named = |openings: &[OpeningEntry]| {
            let each: Vec<String> = (openings.iter())
                .map(|o| format!("cell {} side {}", o.cell, o.side))
                .collect();
            format!("[{}]", each.join(", "))
        };
        return Err(invalid(format!(
            "\"openings\" is {}, but the outer wall opens beside the start and the goal at {}",
            named(listed),
            named(&expected)
        )));
    }
    Ok(())
}

/// Refuses `count` cells for `shape` (named `name`) when it has another number.
fn check_count(shape: &Shape, count: usize, name: &str) -> Result<()> {
    if shape.cell_count() != count {
        return Err(invalid(format!(
            "\"cells\" has {count} cells but {name} has {}",
            shape.cell_count()
        )));
    }
    Ok(())
}

/// The document's cell ids and the shape's cell indices: the same on every shape but a mask.
enum Ids {
    /// Ids `0..n` are the cells `0..n`.
    Same(usize),
    /// Each id's cell.
    Table(Vec<u32>),
}

impl Ids {
    /// The number of cells.
    fn len(&self) -> usize {
        match self {
            Ids::Same(n) => *n,
            Ids::Table(slots) => slots.len(),
        }
    }

    /// The id of the cell at index `slot`.
    fn id(&self, slot: usize) -> u64 {
        match self {
            Ids::Same(_) => slot as u64,
            Ids::Table(slots) => {
                let id = slots.binary_search(&(slot as u32));
                id.expect("a cell of the maze") as u64
            }
        }
    }

    /// The cell of `id`, if there is one.
    fn slot(&self, id: u64) -> Option<usize> {
        let id = usize::try_from(id).ok()?;
        match self {
            Ids::Same(n) => (id < *n).then_some(id),
            Ids::Table(slots) => slots.get(id).map(|&slot| slot as usize),
        }
    }
}

/// The blank shape `size` describes, every wall standing; a mask's cells are those present.
fn blank(size: &ShapeSize, cells: &Cells) -> Result<Shape> {
    let refused = |e: MazeError| invalid(format!("\"shape\": {e}"));
    Ok(match *size {
        ShapeSize::Mask { width, height } => {
            let slots = u64::from(width) * u64::from(height);
            crate::topology::check_cells(slots).map_err(refused)?;
            let mut on = crate::grid::filled_vec(width, height, slots as usize, false)?;
            for (id, &at) in cells.at.iter().enumerate() {
                if !at.is_within(width, height) {
                    return Err(not_in_shape(id, at, &describe(size)));
                }
                on[at.y as usize * width as usize + at.x as usize] = true;
            }
            let mask = Mask::new(width, height, on).map_err(|e| match e {
                MazeError::DisconnectedMask { x, y, .. } => {
                    let at = Pos::new(x, y);
                    let id = cells.at.iter().position(|&p| p == at).unwrap_or_default();
                    cannot_be_reached(id, at)
                }
                MazeError::EmptyShape => invalid("\"cells\" is empty; a maze has a cell".into()),
                other => refused(other),
            })?;
            Shape::Masked(Masked::new(mask)?)
        }
        _ => size.blank().map_err(refused)?,
    })
}

fn not_in_shape(id: usize, at: Pos, shape: &str) -> MazeError {
    invalid(format!(
        "cell {id}: \"at\" ({}, {}) is not a cell of {shape}",
        at.x, at.y
    ))
}

fn cannot_be_reached(id: usize, at: Pos) -> MazeError {
    invalid(format!(
        "cell {id} at ({}, {}) cannot be reached from cell 0",
        at.x, at.y
    ))
}

/// The refusal of cell `id`, placed at `at` on `level`, where `shape` has no such place: a
/// level given on a flat shape, missing on one in levels, or past its levels or rows.
fn not_placed(id: usize, at: Pos, level: Option<u32>, shape: &str) -> MazeError {
    let place = match level {
        Some(_) => place(CellName {
            x: at.x,
            y: at.y,
            z: level,
        }),
        None => format!("({}, {}) without a level \"z\"", at.x, at.y),
    };
    invalid(format!(
        "cell {id} is at {place}, which is not a cell of {shape}"
    ))
}

/// How messages about a document place a cell: `(x, y)`, and `on level z` in levels.
fn place(cell: CellName) -> String {
    match cell.z {
        Some(z) => format!("({}, {}) on level {z}", cell.x, cell.y),
        None => format!("({}, {})", cell.x, cell.y),
    }
}

/// Checks that cell `id` at `at` is the shape's next cell after the cell at `previous` (ids
/// follow the shape's order of cells) and returns its index; `shape` names the shape.
fn place_cell<T: Topology>(
    topology: &T,
    id: usize,
    at: Pos,
    previous: Option<usize>,
    shape: &str,
) -> Result<usize> {
    let slot = topology
        .locate(at)
        .ok_or_else(|| not_in_shape(id, at, shape))?;
    let next = previous.map_or(0, |p| p + 1);
    match (next..topology.slots()).find(|&i| topology.is_cell(i)) {
        Some(expected) if expected == slot => Ok(slot),
        Some(expected) => {
            let here = place(topology.cell_name(&topology.cursor(slot)));
            let there = place(topology.cell_name(&topology.cursor(expected)));
            Err(invalid(format!(
                "cell {id} is at {here}, but the next cell of {shape} is at {there}; ids follow the shape's order of cells"
            )))
        }
        None => Err(invalid(format!(
            "\"cells\" has more than the {} cells of {shape}",
            topology.cell_count()
        ))),
    }
}

/// Checks that cell `id`, the shape's cell `slot`, lists exactly the shape's neighbours in the
/// order of its sides, `id_of` giving each neighbour's id.
fn check_neighbours<T: Topology>(
    topology: &T,
    id: usize,
    slot: usize,
    listed: &[u32],
    id_of: impl Fn(usize) -> u32,
    shape: &str,
) -> Result<()> {
    let cursor = topology.cursor(slot);
    let mut expected = [0u32; MAX_NEIGHBOURS];
    let mut count = 0;
    for side in 0..T::SIDES {
        if let Some(j) = topology.link(&cursor, side) {
            expected[count] = id_of(j);
            count += 1;
        }
    }
    let expected = &expected[..count];
    if listed != expected {
        let at = place(topology.cell_name(&cursor));
        return Err(invalid(format!(
            "cell {id} at {at} lists the neighbours {listed:?}, but in {shape} they are {expected:?}"
        )));
    }
    Ok(())
}

/// Every held cell's index in `topology` (`shape` names it in messages): each placed in the
/// shape's order, then its neighbours checked.
fn check_cells<T: Topology>(topology: &T, cells: &Cells, shape: &str) -> Result<Vec<u32>> {
    let mut slots = crate::topology::reserved(topology, cells.len())?;
    let mut id_of = crate::topology::filled(topology, topology.slots(), u32::MAX)?;
    for (id, (&at, &level)) in cells.at.iter().zip(&cells.level).enumerate() {
        let previous = slots.last().map(|&slot| slot as usize);
        let at = topology
            .position(at, level)
            .ok_or_else(|| not_placed(id, at, level, shape))?;
        let slot = place_cell(topology, id, at, previous, shape)?;
        slots.push(slot as u32);
        id_of[slot] = id as u32;
    }
    for (id, listed) in cells.neighbour_lists().enumerate() {
        check_neighbours(
            topology,
            id,
            slots[id] as usize,
            listed,
            |j| id_of[j],
            shape,
        )?;
    }
    Ok(slots)
}

/// The side of the cell at `slot` that leads to the cell at `other`, if they are neighbours
/// (see [`Topology::link`]).
fn side_between<T: Topology>(topology: &T, slot: usize, other: usize) -> Option<usize> {
    let cursor = topology.cursor(slot);
    (0..T::SIDES).find(|&side| topology.link(&cursor, side) == Some(other))
}

/// The cell of the document's id `id` (`what` names it), refused when there is no such cell.
fn slot_of(ids: &Ids, id: u64, what: impl Fn() -> String) -> Result<usize> {
    ids.slot(id).ok_or_else(|| {
        invalid(format!(
            "{} is {id}, but the cells' ids run from 0 to {}",
            what(),
            ids.len() - 1
        ))
    })
}

/// Opens passage `k`, refusing it between cells that are not neighbours, when it is open
/// already, or when the cell it names to go under is not the one it does.
fn carve_one<T: Topology>(topology: &mut T, ids: &Ids, k: usize, passage: Passage) -> Result<()> {
    let Passage { a, b, under } = passage;
    let from = slot_of(ids, a.into(), || format!("passage {k}: \"a\""))?;
    let to = slot_of(ids, b.into(), || format!("passage {k}: \"b\""))?;
    let Some(side) = side_between(topology, from, to) else {
        return Err(invalid(format!(
            "passage {k}: cells {a} and {b} are not neighbours"
        )));
    };
    let between = topology.under(&topology.cursor(from), side);
    let named = under.map(|id| slot_of(ids, id.into(), || format!("passage {k}: \"under\"")));
    match (between, named.transpose()?) {
        (None, None) => {}
        (Some(cell), Some(slot)) if cell == slot => {}
        (Some(cell), _) => {
            let id = ids.id(cell);
            return Err(invalid(format!(
                "passage {k}: cells {a} and {b} are joined under cell {id}, so \"under\" must be {id}"
            )));
        }
        (None, Some(_)) => {
            return Err(invalid(format!(
                "passage {k}: cells {a} and {b} are side by side, so the passage goes under no cell; leave \"under\" out"
            )));
        }
    }
    if topology.is_open(from, side) {
        return Err(invalid(format!(
            "passage {k}: cells {a} and {b} are joined twice"
        )));
    }
    topology.carve(from, side);
    Ok(())
}

/// Checks that every cell can be reached (loops are allowed: braided mazes have them).
fn check_connected<T: Topology>(topology: &T, ids: &Ids) -> Result<()> {
    let slot = |id: usize| ids.slot(id as u64).expect("ids below the count are cells");
    let distance = distances(topology, slot(0));
    match (0..ids.len()).find(|&id| distance[slot(id)] == UNREACHED) {
        Some(id) => Err(cannot_be_reached(
            id,
            topology.cell(&topology.cursor(slot(id))),
        )),
        None => Ok(()),
    }
}

/// The cells of the document's solution, checking that it runs along open passages from the
/// start to the goal (`ends`, as ids).
fn solution_cells<T: Topology>(
    topology: &T,
    slots: &Ids,
    ids: &[u64],
    (start, goal): (u64, u64),
) -> Result<Vec<usize>> {
    let path = (ids.iter().enumerate())
        .map(|(k, &id)| slot_of(slots, id, || format!("\"solution\" step {k}")))
        .collect::<Result<Vec<usize>>>()?;
    if ids.first() != Some(&start) || ids.last() != Some(&goal) {
        return Err(invalid(format!(
            "\"solution\" must run from the start (cell {start}) to the goal (cell {goal})"
        )));
    }
    for (k, pair) in path.windows(2).enumerate() {
        let open = side_between(topology, pair[0], pair[1])
            .is_some_and(|side| topology.is_open(pair[0], side));
        if !open {
            return Err(invalid(format!(
                "\"solution\" step {}: cells {} and {} are not joined by a passage",
                k + 1,
                ids[k],
                ids[k + 1]
            )));
        }
    }
    Ok(path)
}
