//! Reading documents back, validating everything a broken or hand-edited document could get
//! wrong, so that `solve`, `stats` and `render` can sit at the end of a pipe: a
//! `mazegen.maze/v1` document (here) or a `mazegen.graph/v1` document (in `graph`) into a
//! [`Maze`], either by its `schema` ([`read_document`]); a `mazegen.rooms/v1`,
//! `mazegen.caves/v1` or `mazegen.dungeon/v1` document (in `level`) into the level it was
//! written from ([`read_level`]); any of them ([`read_any`]).
//!
//! A document is parsed in one pass straight from the input. Its `schema` is read first (as
//! mazegen writes it) and the rest parsed as that kind of document as it comes; a document
//! with its schema elsewhere is held whole first. The tile rows are never held: each is
//! checked and its passages carved into the grid as it is read, so reading a maze document
//! takes about the memory of the maze itself (a byte per cell, a quarter of a byte per tile),
//! whatever the size of the document. Whatever is held, an input that would outgrow the memory
//! granted is refused as it grows ([`MazeError::DocumentOutOfMemory`]), never read until an
//! allocation fails.

use crate::Probability;
use crate::document::maze::{MazeDocument, Place, SolutionStep};
use crate::document::{
    CAVES_SCHEMA, DUNGEON_SCHEMA, GRAPH_SCHEMA, MAZE_SCHEMA, ROOMS_SCHEMA, WindowEntry,
};
use crate::grid::{Cut, MazeError, Result};
use crate::grid::{
    Dir, Grid, MAX_CELLS, Pos, TileKind, TilePos, cell_tile, cells_within_tiles, is_tile_count,
    passage_tile, runs_through_cells,
};
use crate::maze::Maze;
use crate::topology::{Distances, Mask, Masked, Shape, Topology, Weave, unreachable_cell};
use serde::Deserialize;
use serde::de::value::MapAccessDeserializer;
use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde_json::error::Category;
use serde_json::value::RawValue;
use std::cell::Cell;
use std::fmt;
use std::io::{self, Read};

mod contents;
mod design;
mod graph;
mod level;
mod levels;

pub use contents::read_contents;
pub use design::{GraphFormat, read_design, read_templates};
pub use level::LevelDocument;

/// Why [`read_maze`] could not read a maze.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Reading the input failed (it is a directory, a device failed, ...): nothing is known
    /// to be wrong with the document.
    #[error(transparent)]
    Io(io::Error),
    /// The document was read and refused: [`MazeError::InvalidDocument`] saying what is wrong and
    /// where, or a maze too large to hold ([`MazeError::OutOfMemory`]).
    #[error(transparent)]
    Refused(#[from] MazeError),
}

impl From<ReadError> for crate::Error {
    fn from(error: ReadError) -> Self {
        match error {
            ReadError::Io(error) => Self::Io(error),
            ReadError::Refused(error) => Self::Maze(error),
        }
    }
}

/// Reads and validates one maze document from `input`.
///
/// A document that is not a valid maze is refused with a [`MazeError::InvalidDocument`] saying
/// what is wrong and where (JSON line and column, or tile row and column); a failure to read
/// `input` is a [`ReadError::Io`].
///
/// ```
/// use mazegen::{Maze, algorithms::Eller, read::read_maze, render::{Json, Render}};
///
/// let maze = Maze::builder().algorithm(Eller).cells(7, 7).seed(11).build()?;
/// let mut document = Vec::new();
/// Json::default().render(&maze, &mut document)?;
/// assert_eq!(read_maze(&document[..])?, maze);
/// assert!(read_maze(&b"{}"[..]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_maze(input: impl Read) -> Result<Maze, ReadError> {
    match Schemas(&[MAZE_SCHEMA]).read(input)? {
        Parsed::Maze(document) => Ok(maze_from(document)?),
        Parsed::Graph(_) | Parsed::Level(..) | Parsed::Reordered(_) => {
            unreachable!("only maze documents are read")
        }
    }
}

/// A maze read back from a document of either kind, with the kind it came in.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyDocument {
    /// A `mazegen.maze/v1` document: a rectangle, a mask, a weave or a maze in levels, in
    /// tiles.
    Maze(Maze),
    /// A `mazegen.graph/v1` document: a maze of any shape, as cells and passages.
    Graph(Maze),
}

/// Reads and validates one maze document of either kind from `input`, by its `schema`:
/// `mazegen.maze/v1` as [`read_maze`] reads it, `mazegen.graph/v1` as [`read_graph`] does.
///
/// ```
/// use mazegen::read::{AnyDocument, read_document};
/// use mazegen::render::{Graph, Render};
/// use mazegen::topology::{Hex, Shape};
/// use mazegen::{Maze, algorithms::Wilson};
///
/// let hex = Shape::Hex(Hex::new(5, 4)?);
/// let maze = Maze::builder().algorithm(Wilson).shape(hex).seed(7).build()?;
/// let mut document = Vec::new();
/// Graph::default().render(&maze, &mut document)?;
/// assert_eq!(read_document(&document[..])?, AnyDocument::Graph(maze));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_document(input: impl Read) -> Result<AnyDocument, ReadError> {
    Ok(match Schemas(&[MAZE_SCHEMA, GRAPH_SCHEMA]).read(input)? {
        Parsed::Maze(document) => AnyDocument::Maze(maze_from(document)?),
        Parsed::Graph(document) => AnyDocument::Graph(graph::maze_from(*document)?),
        Parsed::Level(..) | Parsed::Reordered(_) => unreachable!("maze documents are read"),
    })
}

/// The schemas of level documents.
const LEVEL_SCHEMAS: [&str; 3] = [ROOMS_SCHEMA, CAVES_SCHEMA, DUNGEON_SCHEMA];

/// Reads and validates one `mazegen.rooms/v1`, `mazegen.caves/v1` or `mazegen.dungeon/v1`
/// document from `input`, by its `schema`, into the level it was written from: the room map,
/// cave or dungeon that, rendered again, gives the same bytes in every format as when it was
/// made. A document that is not a valid level is refused with a
/// [`MazeError::InvalidDocument`] naming the field at fault; errors otherwise as
/// [`read_maze`]'s.
///
/// ```
/// use mazegen::level::Dungeon;
/// use mazegen::read::{LevelDocument, read_level};
/// use mazegen::render::{Json, Render, Text};
/// use mazegen::rooms::{RoomMap, RoomOptions};
///
/// let map = Dungeon::generate(2, 7, |seed| RoomMap::generate(&RoomOptions::default(), seed))?;
/// let mut document = Vec::new();
/// Json::default().render(&map, &mut document)?;
/// let LevelDocument::Rooms(read) = read_level(&document[..])? else { panic!("rooms") };
/// let (mut before, mut after) = (Vec::new(), Vec::new());
/// Text::default().render(&map, &mut before)?;
/// Text::default().render(&read, &mut after)?;
/// assert_eq!(before, after);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_level(input: impl Read) -> Result<LevelDocument, ReadError> {
    match Schemas(&LEVEL_SCHEMAS).read(input)? {
        Parsed::Level(schema, document) => Ok(level::level_from(schema, &document)?),
        _ => unreachable!("only level documents are read"),
    }
}

/// A document of any kind mazegen writes and reads back ([`read_any`]).
#[derive(Debug, Clone)]
pub enum Document {
    /// A maze or graph document, as [`read_document`] reads it.
    Maze(AnyDocument),
    /// A rooms, caves or dungeon document, as [`read_level`] reads it.
    Level(LevelDocument),
}

/// Reads and validates one document of any kind from `input`, by its `schema`: a maze or
/// graph document as [`read_document`] reads it, a level document as [`read_level`] does.
/// `schema` is set to the document's schema once it is known, so that a refusal can say what
/// the document was read as.
pub fn read_any(
    input: impl Read,
    schema: &mut Option<&'static str>,
) -> Result<Document, ReadError> {
    const ALL: [&str; 5] = [
        MAZE_SCHEMA,
        GRAPH_SCHEMA,
        ROOMS_SCHEMA,
        CAVES_SCHEMA,
        DUNGEON_SCHEMA,
    ];
    let seen = std::cell::Cell::new(None);
    let parsed = Schemas(&ALL).read_noting(input, Some(&seen));
    *schema = seen.get();
    Ok(match parsed? {
        Parsed::Maze(document) => Document::Maze(AnyDocument::Maze(maze_from(document)?)),
        Parsed::Graph(document) => Document::Maze(AnyDocument::Graph(graph::maze_from(*document)?)),
        Parsed::Level(name, document) => Document::Level(level::level_from(name, &document)?),
        Parsed::Reordered(_) => unreachable!("reordered documents are read"),
    })
}

/// Reads and validates one `mazegen.graph/v1` document from `input`: the shape rebuilt, every
/// cell, neighbour, passage, endpoint and the solution checked, the maze connected (loops are
/// fine). Errors as [`read_maze`]'s.
pub fn read_graph(input: impl Read) -> Result<Maze, ReadError> {
    match Schemas(&[GRAPH_SCHEMA]).read(input)? {
        Parsed::Graph(document) => Ok(graph::maze_from(*document)?),
        Parsed::Maze(_) | Parsed::Level(..) | Parsed::Reordered(_) => {
            unreachable!("only graph documents are read")
        }
    }
}

/// `input` past a UTF-8 byte-order mark, which some editors write before a document's first
/// byte and which is no part of JSON.
fn without_byte_order_mark(input: impl Read) -> io::Result<impl Read> {
    let mut input = input;
    let mut head = Vec::with_capacity(3);
    (&mut input).take(3).read_to_end(&mut head)?;
    if head == b"\xEF\xBB\xBF" {
        head.clear();
    }
    Ok(io::Cursor::new(head).chain(input))
}

/// A document's input, refused once what reading it holds grows past what memory would grant,
/// so that an endless or enormous input ends in [`MazeError::DocumentOutOfMemory`], not in an
/// abort when an allocation fails. Each time the estimate of what is held doubles from 64 MiB
/// (looked at every 64 KiB read), as much again must be granted (a string or list doubles its
/// room as it grows).
///
/// The estimate: [`Guarded::PER_VALUE`] for each `:` and `,` (each starts a value that may be
/// kept), plus the text itself where it is held (a level document, kept whole as JSON values,
/// or a document whose schema is not yet known, held to be reordered), or else the longest run
/// of bytes without a `,`, `:` or `"` across blocks read (a string being read; the tile rows
/// of a maze document are taken one at a time).
struct Guarded<'a, R> {
    input: R,
    /// The schema found so far: what kind of document is read, and so what it holds.
    seen: &'a Cell<Option<&'static str>>,
    /// The block read last, looked at as a whole, and how much of it was handed on.
    block: Box<[u8]>,
    filled: usize,
    handed: usize,
    read: u64,
    values: u64,
    run: u64,
    longest_run: u64,
    check_at: u64,
}

impl<'a, R: Read> Guarded<'a, R> {
    /// The bytes one kept JSON value may take beside its text: a 5.9 MB rooms document of
    /// 20,000 rooms, with 0.9 million of these characters, is read and drawn again in 233 MB.
    const PER_VALUE: u64 = 256;

    fn new(input: R, seen: &'a Cell<Option<&'static str>>) -> Self {
        Self {
            input,
            seen,
            block: vec![0; 1 << 13].into_boxed_slice(),
            filled: 0,
            handed: 0,
            read: 0,
            values: 0,
            run: 0,
            longest_run: 0,
            check_at: 1 << 26,
        }
    }

    /// Reads the next block and looks at it.
    #[inline(never)]
    fn refill(&mut self) -> io::Result<()> {
        let n = self.input.read(&mut self.block)?;
        (self.filled, self.handed) = (n, 0);
        let block = &self.block[..n];
        // Every kept value but a container's first follows a `,` or a `:`.
        self.values += memchr::memchr2_iter(b',', b':', block).count() as u64;
        self.run = match memchr::memrchr3(b',', b':', b'"', block) {
            Some(at) => (n - 1 - at) as u64,
            None => self.run + n as u64,
        };
        self.longest_run = self.longest_run.max(self.run);
        let before = self.read;
        self.read += n as u64;
        // Looked at every 64 KiB read: at most 16 MiB more held between looks.
        if before >> 16 == self.read >> 16 {
            return Ok(());
        }
        let held = self.held();
        if held >= self.check_at {
            let bytes = held.saturating_mul(2);
            if !crate::grid::grantable(bytes) {
                let read = self.read;
                return Err(io::Error::other(MazeError::DocumentOutOfMemory {
                    read,
                    bytes,
                }));
            }
            self.check_at = bytes;
        }
        Ok(())
    }

    /// The estimate of the bytes held so far.
    fn held(&self) -> u64 {
        let text_held = match self.seen.get() {
            None => true,
            Some(schema) => LEVEL_SCHEMAS.contains(&schema),
        };
        let text = if text_held {
            self.read
        } else {
            self.longest_run
        };
        (self.values.saturating_mul(Self::PER_VALUE)).saturating_add(text)
    }
}

impl<R: Read> Read for Guarded<'_, R> {
    // Inlined into the parser's byte loop: reading a 36 MB maze document takes 10% longer without.
    #[inline(always)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.handed == self.filled {
            self.refill()?;
        }
        // The parser reads a byte at a time: handed on without a call to copy.
        if let ([byte], Some(&next)) = (&mut *buf, self.block[..self.filled].get(self.handed)) {
            *byte = next;
            self.handed += 1;
            return Ok(1);
        }
        let rest = &self.block[self.handed..self.filled];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.handed += n;
        Ok(n)
    }
}

/// Sorts a JSON error: a failure to read, a document refused, or one too large to hold.
fn parse_error(e: serde_json::Error) -> ReadError {
    match e.classify() {
        Category::Io => match io::Error::from(e).downcast::<MazeError>() {
            Ok(refused) => ReadError::Refused(refused),
            Err(error) => ReadError::Io(error),
        },
        Category::Syntax | Category::Eof => invalid(format!("not valid JSON: {e}")).into(),
        Category::Data => invalid(e.to_string()).into(),
    }
}

fn invalid(message: String) -> MazeError {
    MazeError::InvalidDocument(message)
}

/// A document's `braid`, checked.
fn braid_of(braid: Option<f64>) -> Result<Option<Probability>> {
    braid
        .map(|p| {
            Probability::new(p).map_err(|_| invalid(format!("\"braid\" is {p}, expected 0 to 1")))
        })
        .transpose()
}

/// The refusal of `found` at tile row `y`, column `x`.
fn not_a_tile(y: u64, x: u64, found: char) -> MazeError {
    invalid(format!(
        "tiles row {y}, column {x}: '{found}' is not a tile ('#' wall, '.' passage, ' ' off a \
         mask)"
    ))
}

/// Checks the fields of a parsed document against each other and makes the maze.
fn maze_from(doc: Box<MazeDocument<'static, TileGrid>>) -> Result<Maze> {
    let mut doc = *doc;
    let tiles = match (doc.tiles.take(), doc.levels.take()) {
        (Some(_), Some(_)) => {
            return Err(invalid(
                "a maze document has \"tiles\" or \"levels\", not both".into(),
            ));
        }
        (None, Some(grids)) => return levels::maze_from(doc, &grids),
        (Some(tiles), None) => tiles,
        (None, None) => {
            return Err(invalid(
                "missing field `tiles`: a maze document has \"tiles\", or \"levels\" of them"
                    .into(),
            ));
        }
    };
    let flat = |place: Place, role: &str| match place.z {
        None => Ok(Pos::new(place.x, place.y)),
        Some(_) => Err(invalid(format!(
            "\"{role}\" has a level \"z\", but the maze has no \"levels\""
        ))),
    };
    let declared = [
        ("tile_width", doc.tile_width),
        ("tile_height", doc.tile_height),
        ("width", doc.width.into()),
        ("height", doc.height.into()),
    ];
    let ReadTiles {
        grid,
        holes,
        mask,
        crossings,
    } = tiles.finish(declared, doc.openings)?;
    if let (None, Some(&(_, east_west, (x, y)))) = (doc.weave, crossings.first()) {
        return Err(not_a_tile(y, x, if east_west { '-' } else { '|' }));
    }
    let start = cell(&grid, mask.as_ref(), flat(doc.start, "start")?, "start")?;
    let goal = cell(&grid, mask.as_ref(), flat(doc.goal, "goal")?, "goal")?;
    if !doc.params.is_object() {
        return Err(invalid("\"params\" must be an object".into()));
    }
    let braid = braid_of(doc.braid)?;
    let cut = (doc.window)
        .map(|entry| window_cut(entry, &grid, &holes, mask.is_some(), braid.is_some()))
        .transpose()?;
    let (algorithm, params) = (doc.algorithm, doc.params.into_owned());
    let mut maze = match (mask, doc.weave) {
        (Some(_), Some(_)) => {
            return Err(invalid(
                "a weave's tiles are all cells and walls: a blank tile ' ' is no tile of it".into(),
            ));
        }
        (Some(mask), None) => Maze::of_shape(
            Shape::Masked(Masked::from_parts(grid, mask)),
            algorithm,
            params,
            doc.seed,
        ),
        (None, Some(density)) => {
            if cut.is_some() {
                return Err(invalid(
                    "\"window\": windows are cut of flat rectangles, not of weaves".into(),
                ));
            }
            let weave = weave_of(&grid, &crossings, density)?;
            Maze::of_shape(Shape::Weave(weave), algorithm, params, doc.seed)
        }
        (None, None) => Maze::new(grid, algorithm, params, doc.seed),
    };
    if let Some(cut) = cut {
        maze = maze.with_cut(cut);
    }
    maze.set_endpoints(start, goal)?;
    maze.record_braid(braid);
    if doc.unicursal {
        check_unicursal(&maze)?;
        maze.record_unicursal();
    }
    if doc.openings {
        maze.open_border()
            .map_err(|e| invalid(format!("\"openings\": {e}")))?;
    }
    // A window's cells may join outside it, through the holes in its frame.
    if maze.cut().is_none_or(Cut::is_whole) {
        check_border(&holes, &maze)?;
        check_connected(&maze)?;
    }
    if let Some(steps) = doc.solution {
        let tiles = (steps.iter().enumerate())
            .map(|(k, step)| match *step {
                SolutionStep::Flat(tile) => Ok(tile),
                SolutionStep::Level(..) => Err(invalid(format!(
                    "\"solution\" step {k}: a step of a maze without levels is [x, y]"
                ))),
            })
            .collect::<Result<Vec<TilePos>>>()?;
        maze.record_solution(solution_cells(&maze, &tiles)?);
    }
    Ok(maze)
}

/// A parsed document of one of the kinds [`Schemas`] accepts.
enum Parsed {
    Maze(Box<MazeDocument<'static, TileGrid>>),
    Graph(Box<graph::GraphFields>),
    /// A level document of the schema named, held whole.
    Level(&'static str, Box<serde_json::Value>),
    /// A document whose schema was not its first field, as JSON text with its schema first.
    Reordered(String),
}

/// Reads a document whose `schema` is one of these, parsing the rest as that kind of document.
/// The schema is found as its first field (as mazegen writes it), so the rest is read as it
/// comes; a document with its schema elsewhere is held as text (its own size), reordered with
/// the schema first, then read.
#[derive(Clone, Copy)]
struct Schemas(&'static [&'static str]);

impl Schemas {
    /// Parses one whole document from `input`.
    fn read(self, input: impl Read) -> Result<Parsed, ReadError> {
        self.read_noting(input, None)
    }

    /// Parses one whole document from `input`, setting `seen` (if any) to its schema once
    /// it is found.
    fn read_noting(
        self,
        input: impl Read,
        seen: Option<&Cell<Option<&'static str>>>,
    ) -> Result<Parsed, ReadError> {
        let own = Cell::new(None);
        let seen = seen.unwrap_or(&own);
        let input = without_byte_order_mark(Guarded::new(input, seen)).map_err(ReadError::Io)?;
        let mut deserializer = serde_json::Deserializer::from_reader(input);
        let parsed = Noting(self, Some(seen))
            .deserialize(&mut deserializer)
            .map_err(parse_error)?;
        deserializer.end().map_err(parse_error)?;
        let Parsed::Reordered(text) = parsed else {
            return Ok(parsed);
        };
        let input = Guarded::new(text.as_bytes(), seen);
        Noting(self, Some(seen))
            .deserialize(&mut serde_json::Deserializer::from_reader(input))
            .map_err(|e| {
                if e.classify() == Category::Io {
                    return parse_error(e);
                }
                // Places in the reordered text are not the input's: messages leave them out.
                let place = format!(" at line {} column {}", e.line(), e.column());
                let message = e.to_string();
                invalid(message.strip_suffix(&place).unwrap_or(&message).to_owned()).into()
            })
    }

    /// The accepted schemas, as messages list them.
    fn expected(&self) -> String {
        (self.0.iter())
            .map(|name| format!("\"{name}\""))
            .collect::<Vec<_>>()
            .join(" or ")
    }

    /// The error for a document without a schema.
    fn no_schema<E: de::Error>(&self) -> E {
        E::custom(format_args!(
            "no \"schema\" field; expected {}",
            self.expected()
        ))
    }

    /// The accepted schema `found` names, or the error saying which are accepted.
    fn pick<E: de::Error>(&self, found: &serde_json::Value) -> Result<&'static str, E> {
        (self.0.iter().copied())
            .find(|&name| found.as_str() == Some(name))
            .ok_or_else(|| {
                E::custom(format_args!(
                    "schema is {found}, expected {}",
                    self.expected()
                ))
            })
    }

    /// Parses the document of schema `name` from `fields`.
    fn parse<'de, D: Deserializer<'de>>(name: &'static str, fields: D) -> Result<Parsed, D::Error> {
        if name == GRAPH_SCHEMA {
            graph::GraphFields::deserialize(fields).map(|doc| Parsed::Graph(Box::new(doc)))
        } else if LEVEL_SCHEMAS.contains(&name) {
            serde_json::Value::deserialize(fields).map(|doc| Parsed::Level(name, Box::new(doc)))
        } else {
            MazeDocument::deserialize(fields).map(|doc| Parsed::Maze(Box::new(doc)))
        }
    }
}

/// [`Schemas`], noting the schema picked where asked.
#[derive(Clone, Copy)]
struct Noting<'a>(Schemas, Option<&'a Cell<Option<&'static str>>>);

impl<'de> DeserializeSeed<'de> for Noting<'_> {
    type Value = Parsed;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Parsed, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Noting<'_> {
    type Value = Parsed;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a mazegen document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed, A::Error> {
        let Noting(this, seen) = self;
        let note = |name: &'static str| {
            if let Some(seen) = seen {
                seen.set(Some(name));
            }
            name
        };
        let Some(key) = map.next_key::<String>()? else {
            return Err(this.no_schema());
        };
        if key == "schema" {
            let name = note(this.pick(&map.next_value()?)?);
            let fields = SchemaFirst {
                schema: Some(name),
                map,
            };
            return Schemas::parse(name, MapAccessDeserializer::new(fields));
        }
        let mut fields: Vec<(String, Box<RawValue>)> = vec![(key, map.next_value()?)];
        while let Some((key, value)) = map.next_entry::<String, Box<RawValue>>()? {
            if fields.iter().any(|(name, _)| *name == key) {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            fields.push((key, value));
        }
        let Some(at) = fields.iter().position(|(key, _)| key == "schema") else {
            return Err(this.no_schema());
        };
        this.pick::<A::Error>(
            &serde_json::from_str(fields[at].1.get()).map_err(de::Error::custom)?,
        )?;
        let schema = fields.remove(at);
        // The held fields once more, as one text: asked for at once, refused if not granted.
        let bytes = (fields.iter().chain([&schema]))
            .map(|(key, value)| key.len() as u64 * 6 + value.get().len() as u64 + 4)
            .sum::<u64>();
        let mut text = String::new();
        usize::try_from(bytes)
            .ok()
            .and_then(|bytes| text.try_reserve_exact(bytes).ok())
            .ok_or_else(|| {
                let read = bytes;
                de::Error::custom(MazeError::DocumentOutOfMemory { read, bytes })
            })?;
        text.push('{');
        for (key, value) in std::iter::once(schema).chain(fields) {
            if text.len() > 1 {
                text.push(',');
            }
            text.push_str(&serde_json::to_string(&key).map_err(de::Error::custom)?);
            text.push(':');
            text.push_str(value.get());
        }
        text.push('}');
        Ok(Parsed::Reordered(text))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Parsed, A::Error> {
        Err(self.0.no_schema())
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Parsed, E> {
        Err(self.0.no_schema())
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Parsed, E> {
        Err(self.0.no_schema())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Parsed, E> {
        Err(self.0.no_schema())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Parsed, E> {
        Err(self.0.no_schema())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Parsed, E> {
        Err(self.0.no_schema())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Parsed, E> {
        Err(self.0.no_schema())
    }
}

/// The fields of an object whose `schema` was read first: the schema, then the rest.
struct SchemaFirst<A> {
    schema: Option<&'static str>,
    map: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for SchemaFirst<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        match self.schema {
            Some(_) => seed.deserialize("schema".into_deserializer()).map(Some),
            None => self.map.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.schema.take() {
            Some(name) => seed.deserialize(name.into_deserializer()),
            None => self.map.next_value_seed(seed),
        }
    }
}

/// The `tiles` of a document, checked and carved into a grid row by row as they are read.
///
/// Whatever is wrong with the rows is kept, not raised, until the whole document is read, so
/// that errors come in the same order as for a document held whole: JSON and field errors
/// first, then the size of the tiles, then the first bad tile in reading order.
#[derive(Default)]
struct TileGrid {
    /// Tiles across, as row 0 has them.
    width: u64,
    /// Rows read.
    height: u64,
    /// The rows of cells so far; `None` before the first.
    grid: Option<Grid>,
    /// The last row read when it lies between rows of cells, held until the next row shows
    /// whether it was the bottom of the outer wall.
    pending: Vec<u8>,
    /// The holes in the outer wall, in reading order: a maze's openings, or the passages that
    /// leave a window (no more tiles than the frame has).
    holes: Vec<TilePos>,
    /// Why the rows cannot make a grid (the first bad tile, or memory), once known.
    problem: Option<MazeError>,
    /// Whether the rows stopped making a grid: on a problem, or a size that will be refused.
    stopped: bool,
    /// The blank tiles (outside a mask's cells) as bits in reading order, once there is one.
    blanks: Option<Vec<u64>>,
    /// The cells marked as crossed by a passage under them (a weave's), in reading order:
    /// where, and whether the corridor over them runs east-west (`-`) or north-south (`|`).
    crossings: Vec<(Pos, bool, TilePos)>,
}

impl TileGrid {
    /// Takes in tile row `self.height`.
    fn push_row(&mut self, row: &str) {
        let y = self.height;
        self.height += 1;
        if self.stopped {
            return;
        }
        if let Err(problem) = self.take_row(y, row) {
            self.problem = problem;
            self.stopped = true;
        }
    }

    /// Checks row `y` and carves what it opens, or says why the rows stop making a grid
    /// (`None`: for a size that [`TileGrid::finish`] refuses).
    fn take_row(&mut self, y: u64, row: &str) -> Result<(), Option<MazeError>> {
        if y == 0 {
            self.width = row.chars().count() as u64;
            if !is_tile_count(self.width) || cells_within_tiles(self.width) > MAX_CELLS {
                return Err(None);
            }
        }
        // Tiles are ASCII: anything else is no tile (and its bytes no count of tiles).
        if let Some((x, other)) = row.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
            return Err(Some(not_a_tile(y, x as u64, other)));
        }
        if runs_through_cells(y) {
            self.add_row_of_cells().map_err(Some)?;
            if y > 1 {
                let above = std::mem::take(&mut self.pending);
                self.check_row(y - 1, &above).map_err(Some)?;
                self.pending = above;
            }
        }
        if row.len() as u64 != self.width {
            let (length, width) = (row.len(), self.width);
            return Err(Some(invalid(format!(
                "tiles row {y} has {length} tiles, row 0 has {width}"
            ))));
        }
        if y > 0 && !runs_through_cells(y) {
            // Between rows of cells, or the bottom of the wall: the next row tells.
            self.pending.clear();
            self.pending.extend_from_slice(row.as_bytes());
            return Ok(());
        }
        self.check_row(y, row.as_bytes()).map_err(Some)
    }

    /// Adds a row of cells to the grid, unless the rows are more cells than a grid may hold.
    fn add_row_of_cells(&mut self) -> Result<(), MazeError> {
        let width = cells_within_tiles(self.width) as u32;
        match &mut self.grid {
            None => self.grid = Some(Grid::new(width, 1)?),
            Some(grid) if u64::from(width) * u64::from(grid.height() + 1) <= MAX_CELLS => {
                grid.push_row()?;
            }
            Some(_) => self.stopped = true,
        }
        Ok(())
    }

    /// Checks the tiles of row `y`, known to lie inside the grid built so far (or to be its
    /// top or bottom wall), carves its open passages and notes holes in the outer wall.
    fn check_row(&mut self, y: u64, row: &[u8]) -> Result<()> {
        if self.stopped {
            return Ok(());
        }
        let width = cells_within_tiles(self.width) as u32;
        let height = self.grid.as_ref().map_or(1, Grid::height);
        for (x, &byte) in row.iter().enumerate() {
            let x = x as u64;
            let (open, over) = match byte {
                b'.' => (true, None),
                b'#' => (false, None),
                b'-' => (true, Some(true)),
                b'|' => (true, Some(false)),
                b' ' => {
                    self.add_blank(x, y, width, height)?;
                    continue;
                }
                other => return Err(not_a_tile(y, x, char::from(other))),
            };
            match (TileKind::at((x, y), width, height), over) {
                (Some(TileKind::Cell(pos)), Some(east_west)) => {
                    push_fallibly(
                        &mut self.crossings,
                        (pos, east_west, (x, y)),
                        (width, height),
                    )?;
                    continue;
                }
                (_, Some(_)) => {
                    return Err(invalid(format!(
                        "tiles row {y}, column {x}: '{}' marks a cell a passage goes under, in a \
                         weave; it cannot stand on a wall or corner",
                        char::from(byte)
                    )));
                }
                _ => {}
            }
            match TileKind::at((x, y), width, height) {
                Some(TileKind::Cell(_)) if !open => {
                    return Err(invalid(format!(
                        "tiles row {y}, column {x}: a cell's tile must be '.' (or ' ' off a mask, '-' or '|' in a weave)"
                    )));
                }
                Some(TileKind::Corner) if open => {
                    return Err(invalid(format!(
                        "tiles row {y}, column {x}: a corner between cells must be '#'"
                    )));
                }
                Some(TileKind::Passage { from, dir, .. }) if open => {
                    let grid = self
                        .grid
                        .as_mut()
                        .expect("passages lie between rows of cells");
                    grid.carve(from, dir);
                }
                Some(TileKind::Border) if open => self.holes.push((x, y)),
                _ => {}
            }
        }
        Ok(())
    }

    /// Notes the blank tile at (`x`, `y`).
    fn add_blank(&mut self, x: u64, y: u64, width: u32, height: u32) -> Result<()> {
        let bit = y * self.width + x;
        let words = (bit / 64 + 1) as usize;
        let blanks = self.blanks.get_or_insert_with(Vec::new);
        if blanks.len() < words {
            blanks
                .try_reserve(words - blanks.len())
                .map_err(|_| MazeError::OutOfMemory {
                    width,
                    height,
                    bytes: 8 * words as u64,
                })?;
            blanks.resize(words, 0);
        }
        blanks[(bit / 64) as usize] |= 1 << (bit % 64);
        Ok(())
    }

    /// The mask of the cells whose tiles are not blank, if any is, checked against the
    /// tiles: blank exactly where no cell of the mask touches, no passage to a cell off it.
    /// With `openings`, a passage to a cell off it is a hole in the outer wall instead, closed
    /// and noted among the holes.
    fn mask(&mut self, grid: &mut Grid, openings: bool) -> Result<Option<Mask>> {
        let Some(blanks) = &self.blanks else {
            return Ok(None);
        };
        let is_blank = |x: u64, y: u64| {
            let bit = y * self.width + x;
            blanks
                .get((bit / 64) as usize)
                .is_some_and(|word| word >> (bit % 64) & 1 == 1)
        };
        let (width, height) = (grid.width(), grid.height());
        let mut on = crate::grid::filled_vec(width, height, grid.cell_count(), true)?;
        let mut holes = Vec::new();
        for (i, on) in on.iter_mut().enumerate() {
            let cell = grid.pos(i);
            let (x, y) = cell_tile(cell);
            *on = !is_blank(x, y);
            if !*on && openings {
                for dir in Dir::ALL {
                    if grid.is_open(cell, dir) {
                        grid.close(cell, dir);
                        holes.push(passage_tile(cell, dir));
                    }
                }
            }
            if !*on && grid.degree(cell) > 0 {
                return Err(invalid(format!(
                    "tiles row {y}, column {x}: cell {},{} is blank, off the maze, but a \
                     passage leads to it",
                    cell.x, cell.y
                )));
            }
        }
        let mask = Mask::new(width, height, on).map_err(|e| match e {
            MazeError::EmptyShape => invalid("every cell's tile is ' '; a maze has a cell".into()),
            MazeError::DisconnectedMask { x, y, .. } => {
                let (tx, ty) = cell_tile(Pos::new(x, y));
                invalid(format!(
                    "tiles row {ty}, column {tx}: cell {x},{y} cannot be reached from the others"
                ))
            }
            other => other,
        })?;
        let (mut expected, mut near) = (vec![false; self.width as usize], Vec::new());
        for y in 0..self.height {
            expected.fill(false);
            crate::maze::blank(&mask, y, &mut near, true, &mut expected);
            let wrong = (0..self.width).find(|&x| is_blank(x, y) != expected[x as usize]);
            if let Some(x) = wrong {
                let what = if expected[x as usize] {
                    "the tile lies outside the maze's cells, whose tiles are ' '; expected ' '"
                } else {
                    "' ' lies next to a cell of the maze; expected '#' or '.'"
                };
                return Err(invalid(format!("tiles row {y}, column {x}: {what}")));
            }
        }
        // The first holes in reading order, as `holes` keeps them.
        self.holes.extend(holes);
        self.holes.sort_unstable_by_key(|&(x, y)| (y, x));
        self.holes.dedup();
        self.holes.truncate(3);
        Ok(Some(mask))
    }

    /// After the last row: the grid and the holes in its outer wall, or the first thing wrong
    /// with the rows, checking their size against the document's `declared` fields
    /// (`openings`: whether the document says the wall is open, see [`TileGrid::mask`]).
    fn finish(mut self, declared: [(&str, u64); 4], openings: bool) -> Result<ReadTiles> {
        let (width, height) = (self.width, self.height);
        if !is_tile_count(width) || !is_tile_count(height) {
            return Err(invalid(format!(
                "tiles are {width}x{height}; a maze is an odd number (at least 3) of tiles each way"
            )));
        }
        check_cell_limit(width, height)?;
        let actual = [
            width,
            height,
            cells_within_tiles(width),
            cells_within_tiles(height),
        ];
        for ((field, value), actual) in declared.into_iter().zip(actual) {
            if value != actual {
                return Err(invalid(format!(
                    "\"{field}\" is {value} but the tiles say {actual}"
                )));
            }
        }
        // The last row was the bottom of the outer wall.
        let bottom = std::mem::take(&mut self.pending);
        self.check_row(height - 1, &bottom)?;
        match (self.problem.take(), self.grid.take()) {
            (Some(problem), _) => Err(problem),
            (None, Some(mut grid)) => {
                let mask = self.mask(&mut grid, openings)?;
                Ok(ReadTiles {
                    grid,
                    holes: self.holes,
                    mask,
                    crossings: self.crossings,
                })
            }
            (None, None) => unreachable!("an odd number of rows past row 0 holds a row of cells"),
        }
    }
}

/// What a document's tiles make: the grid of their passages, the holes in the outer wall, the
/// mask of a maze with blank tiles, and the cells marked as crossed (see [`TileGrid`]).
struct ReadTiles {
    grid: Grid,
    holes: Vec<TilePos>,
    mask: Option<Mask>,
    crossings: Vec<(Pos, bool, TilePos)>,
}

/// Pushes `item`, or refuses a list that memory will not hold (a maze of `size` cells).
fn push_fallibly<T>(list: &mut Vec<T>, item: T, (width, height): (u32, u32)) -> Result<()> {
    list.try_reserve(1).map_err(|_| MazeError::OutOfMemory {
        width,
        height,
        bytes: (list.len() as u64 + 1).saturating_mul(size_of::<T>() as u64),
    })?;
    list.push(item);
    Ok(())
}

impl<'de> Deserialize<'de> for TileGrid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(RowsVisitor)
    }
}

/// Reads the tile rows one at a time into a [`TileGrid`].
struct RowsVisitor;

impl<'de> Visitor<'de> for RowsVisitor {
    type Value = TileGrid;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut rows: A) -> Result<TileGrid, A::Error> {
        let mut tiles = TileGrid::default();
        while rows.next_element_seed(Row(&mut tiles))?.is_some() {}
        Ok(tiles)
    }
}

/// One tile row, handed to the [`TileGrid`] as read, without a copy of its own.
struct Row<'a>(&'a mut TileGrid);

impl<'de> DeserializeSeed<'de> for Row<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Row<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: de::Error>(self, row: &str) -> Result<(), E> {
        self.0.push_row(row);
        Ok(())
    }
}

/// Refuses tile views of more cells than a grid may hold, before any is built.
fn check_cell_limit(width: u64, height: u64) -> Result<()> {
    if cells_within_tiles(width) * cells_within_tiles(height) > MAX_CELLS {
        return Err(invalid(format!(
            "tiles are {width}x{height}, more than the {MAX_CELLS} cells mazegen can hold"
        )));
    }
    Ok(())
}

/// The [`Cut`] of a window document: its `window` object checked against the tiles, the holes
/// in their frame its exits, none of them through the whole maze's outer wall. A window that is
/// the whole maze has no exits: the holes in its wall are its openings, checked as any maze's.
fn window_cut(
    entry: WindowEntry,
    grid: &Grid,
    holes: &[TilePos],
    masked: bool,
    braided: bool,
) -> Result<Cut> {
    let refuse = |what: String| invalid(format!("\"window\": {what}"));
    if masked {
        return Err(refuse(
            "a window is cut of a rectangle, but some tiles are blank".into(),
        ));
    }
    let (giant, window) =
        (entry.placed(grid.width(), grid.height())).map_err(|e| refuse(e.to_string()))?;
    let whole = Cut::read(giant, window, Vec::new()).expect("no exits to refuse");
    if whole.is_whole() {
        return Ok(whole);
    }
    if braided {
        return Err(refuse(
            "a window is part of an unbraided maze, but \"braid\" is given".into(),
        ));
    }
    let (last_x, last_y) = (grid.tile_width() - 1, grid.tile_height() - 1);
    let mut exits = Vec::with_capacity(holes.len());
    for &(x, y) in holes {
        if x % 2 == 0 && y % 2 == 0 {
            return Err(invalid(format!(
                "tiles row {y}, column {x}: a corner of the frame must be '#'"
            )));
        }
        let cell = |tx: u64, ty: u64| Pos::new((tx / 2) as u32, (ty / 2) as u32);
        exits.push(match (x, y) {
            (x, 0) => (cell(x, 1), Dir::North),
            (x, y) if y == last_y => (cell(x, y - 1), Dir::South),
            (0, y) => (cell(1, y), Dir::West),
            (x, y) if x == last_x => (cell(x - 1, y), Dir::East),
            _ => unreachable!("holes lie in the frame"),
        });
    }
    Cut::read(giant, window, exits).map_err(|((cell, dir), what)| {
        let (x, y) = passage_tile(cell, dir);
        invalid(format!("tiles row {y}, column {x}: the open frame {what}"))
    })
}

/// Checks that `pos` (the document's `role` field) is a cell of the maze, on `mask` if it
/// has one.
fn cell(grid: &Grid, mask: Option<&Mask>, pos: Pos, role: &str) -> Result<Pos> {
    let pos = grid
        .require(pos)
        .map_err(|e| invalid(format!("\"{role}\": {e}")))?;
    match mask {
        Some(mask) if !mask.is_on(pos) => Err(invalid(format!(
            "\"{role}\": cell {},{} is blank, outside the maze's cells",
            pos.x, pos.y
        ))),
        _ => Ok(pos),
    }
}

/// Checks that the outer wall is closed except at the maze's openings, given its first
/// `holes` in reading order: reports the first tile, in reading order, where they disagree.
fn check_border(holes: &[TilePos], maze: &Maze) -> Result<()> {
    let openings = maze.opening_tiles();
    // Where a hole is not an opening, or an opening is not a hole (`false`): an opening past
    // the third hole counts as closed, but a hole before it is not an opening anyway.
    let stray_holes = holes.iter().filter(|hole| !openings.contains(hole));
    let closed_openings = openings.iter().filter(|opening| !holes.contains(opening));
    let first = (stray_holes.map(|&tile| (tile, true)))
        .chain(closed_openings.map(|&tile| (tile, false)))
        .min_by_key(|&((x, y), _)| (y, x));
    match first {
        None => Ok(()),
        Some(((x, y), hole)) => {
            let what = if hole {
                "the outer wall has a hole that is not an opening"
            } else {
                "\"openings\" is true but the outer wall is closed at the opening"
            };
            Err(invalid(format!("tiles row {y}, column {x}: {what}")))
        }
    }
}

/// Checks that a document said to be a labyrinth is one: a rectangle, one path without a fork
/// through every cell (its connection is checked apart), and not braided.
pub(crate) fn check_unicursal(maze: &Maze) -> Result<()> {
    let refuse = |what: &str| Err(invalid(format!("\"unicursal\" is true, but {what}")));
    let Some(grid) = maze.grid().filter(|_| maze.mask().is_none()) else {
        return refuse("only rectangles are made labyrinths");
    };
    if maze.braid().is_some() || maze.cut().is_some() {
        return refuse("labyrinths are not braided or cut");
    }
    if let Some(i) = (0..grid.cell_count()).find(|&i| grid.degree(grid.pos(i)) > 2) {
        let pos = grid.pos(i);
        return refuse(&format!("cell {},{} forks", pos.x, pos.y));
    }
    if !maze.is_perfect() {
        return refuse("the path closes into a ring");
    }
    Ok(())
}

/// Checks that every cell can be reached (loops are allowed: braided mazes have them).
fn check_connected(maze: &Maze) -> Result<()> {
    if let Shape::Weave(_) = maze.shape() {
        let distances = maze.distances();
        return match distances
            .iter()
            .position(|&d| d == crate::topology::UNREACHED)
        {
            None => Ok(()),
            Some(i) => {
                let pos = maze.pos(i);
                let (x, y) = cell_tile(pos);
                Err(invalid(format!(
                    "tiles row {y}, column {x}: cell {},{} cannot be reached from the others",
                    pos.x, pos.y
                )))
            }
        };
    }
    let grid = maze.tile_grid("a maze document")?;
    let unreachable = match maze.mask() {
        None => unreachable_cell(grid, Pos::new(0, 0))?,
        Some(mask) => {
            let distances = Distances::from(grid, grid.pos(maze.first_cell()))?;
            (0..grid.cell_count())
                .map(|i| grid.pos(i))
                .find(|&pos| mask.is_on(pos) && distances.to(pos).is_none())
        }
    };
    match unreachable {
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
fn solution_cells(maze: &Maze, tiles: &[TilePos]) -> Result<Vec<usize>> {
    if let Shape::Weave(weave) = maze.shape() {
        return weave_solution(maze, weave, tiles);
    }
    let grid = maze.tile_grid("a maze document")?;
    let kind = |tile| TileKind::at(tile, grid.width(), grid.height());
    let openings = maze.opening_tiles();
    for (k, &(x, y)) in tiles.iter().enumerate() {
        let open = match kind((x, y)) {
            Some(TileKind::Cell(_)) => true,
            Some(TileKind::Passage { from, dir, .. }) => {
                grid.is_open(from, dir) || openings.contains(&(x, y))
            }
            Some(TileKind::Border) => openings.contains(&(x, y)),
            Some(TileKind::Corner) | None => false,
        };
        if !open {
            return Err(invalid(format!(
                "solution step {k} (tile {x},{y}) is not an open tile"
            )));
        }
    }
    let cells: Vec<usize> = tiles
        .iter()
        .filter_map(|&tile| match kind(tile) {
            Some(TileKind::Cell(cell)) => Some(grid.index(cell)),
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

/// [`solution_cells`] of a weave: the cells of the tiles but those passed under (a crossed
/// cell whose tiles before and after lie along the passage under it), each joined to the one
/// before, the whole drawn as mazegen draws it.
fn weave_solution(maze: &Maze, weave: &Weave, tiles: &[TilePos]) -> Result<Vec<usize>> {
    let (width, height) = (2 * u64::from(weave.width()), 2 * u64::from(weave.height()));
    let mut cells: Vec<usize> = Vec::new();
    for (k, &(x, y)) in tiles.iter().enumerate() {
        if x % 2 == 0 || y % 2 == 0 || x >= width || y >= height {
            continue;
        }
        let pos = Pos::new((x / 2) as u32, (y / 2) as u32);
        let along = |east_west: bool, other: Option<&TilePos>| {
            other.is_some_and(|&(ox, oy)| if east_west { oy == y } else { ox == x })
        };
        if let Some(east_west) = weave.under(pos)
            && along(east_west, k.checked_sub(1).and_then(|j| tiles.get(j)))
            && along(east_west, tiles.get(k + 1))
        {
            continue;
        }
        let i = weave.locate(pos).expect("a tile within the cells");
        if let Some(&last) = cells.last() {
            let cursor = weave.cursor(last);
            let joined = (0..<Weave as Topology>::SIDES)
                .any(|side| weave.link(&cursor, side) == Some(i) && weave.is_open(last, side));
            if !joined {
                return Err(invalid(format!(
                    "solution step {k} (tile {x},{y}) is not joined to the cell before it"
                )));
            }
        }
        cells.push(i);
    }
    let ends_right = cells.first() == Some(&maze.start()) && cells.last() == Some(&maze.goal());
    if !ends_right || !maze.path_tiles(&cells).eq(tiles.iter().copied()) {
        return Err(invalid(
            "\"solution\" is not a path of neighbouring tiles from start to goal".into(),
        ));
    }
    Ok(cells)
}

/// The weave of density `density` whose tiles open `grid`'s passages, `crossings` marking the
/// cells passages go under: there the two walls along the passage under are its way through,
/// which must be open, and the rest of the passages are beside. Names the first cell whose
/// crossing does not hold.
fn weave_of(
    grid: &Grid,
    crossings: &[(Pos, bool, TilePos)],
    density: Probability,
) -> Result<Weave> {
    let (w, h) = (grid.width(), grid.height());
    let mut weave = Weave::new(w, h, density).map_err(|e| invalid(e.to_string()))?;
    let broken =
        |(x, y): TilePos, what: &str| invalid(format!("tiles row {y}, column {x}: {what}"));
    // The walls passages go under, by the cell that owns them and its side (east 1, south 2).
    let mut under = std::collections::HashSet::new();
    for &(pos, east_west, tile) in crossings {
        // Over east-west, the passage under runs north-south: from the cell above.
        let (dir, before) = if east_west {
            (Dir::South, pos.y.checked_sub(1).map(|y| Pos::new(pos.x, y)))
        } else {
            (Dir::East, pos.x.checked_sub(1).map(|x| Pos::new(x, pos.y)))
        };
        let through = before.filter(|&b| grid.is_open(b, dir) && grid.is_open(pos, dir));
        let Some(before) = through else {
            return Err(broken(
                tile,
                "a cell marked crossed ('-' or '|') needs both walls along the passage under \
                 it open, from the cell before it to the one after",
            ));
        };
        under.insert((grid.index(before), dir as usize));
        under.insert((grid.index(pos), dir as usize));
        weave.carve(grid.index(before), dir as usize + 4);
    }
    for i in 0..grid.cell_count() {
        let pos = grid.pos(i);
        for dir in [Dir::East, Dir::South] {
            if grid.neighbour(pos, dir).is_some()
                && grid.is_open(pos, dir)
                && !under.contains(&(i, dir as usize))
            {
                weave.carve(i, dir as usize);
            }
        }
    }
    weave.check_crossings().map_err(|pos| {
        broken(
            cell_tile(pos),
            "a passage goes under this cell, but it is not a corridor across it alone",
        )
    })?;
    Ok(weave)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Render;

    /// Gives `prefix`, then fails as a broken device would.
    struct Failing<'a> {
        prefix: &'a [u8],
    }

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.prefix.is_empty() {
                return Err(io::Error::other("the device failed"));
            }
            let n = self.prefix.read(buf)?;
            Ok(n)
        }
    }

    #[test]
    fn a_byte_order_mark_before_the_document_is_passed_over() {
        let maze = Maze::builder().cells(3, 2).seed(1).build().unwrap();
        let mut document = b"\xEF\xBB\xBF".to_vec();
        crate::render::Json::default()
            .render(&maze, &mut document)
            .unwrap();
        assert_eq!(read_maze(&document[..]).unwrap(), maze);
        // Anywhere else it is no JSON.
        let mut twice = b"\xEF\xBB\xBF".to_vec();
        twice.extend(&document);
        assert!(matches!(read_maze(&twice[..]), Err(ReadError::Refused(_))));
        // Nor is a document shorter than a mark.
        assert!(matches!(read_maze(&b"{"[..]), Err(ReadError::Refused(_))));
    }

    #[test]
    fn failing_to_read_is_not_a_bad_document() {
        for prefix in [
            &b""[..],
            b"{\"schema\": \"mazegen.maze/v1\", \"tiles\": [\"###",
        ] {
            match read_maze(Failing { prefix }) {
                Err(ReadError::Io(error)) => assert_eq!(error.to_string(), "the device failed"),
                other => panic!("{other:?}"),
            }
        }
        assert!(matches!(
            read_maze(&b"{\"schema\": "[..]),
            Err(ReadError::Refused(MazeError::InvalidDocument(_)))
        ));
    }

    #[test]
    fn the_cell_limit_is_checked_on_tile_sizes() {
        let side = crate::grid::tiles_from_cells(1 << 15);
        assert!(check_cell_limit(side, side).is_ok());
        let error = check_cell_limit(side + 2, side).unwrap_err().to_string();
        assert_eq!(
            error,
            "tiles are 65539x65537, more than the 1073741824 cells mazegen can hold"
        );
    }
}
