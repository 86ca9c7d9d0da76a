//! Reading back a `mazegen.rooms/v1`, `mazegen.caves/v1` or `mazegen.dungeon/v1` document
//! into the level it was written from ([`LevelDocument`]): the same [`RoomMap`], [`CaveMap`]
//! and [`Dungeon`] the renderers take, so that a level read back is drawn in every format
//! exactly as when it was made.
//!
//! 1. The document's fields are parsed by their document types ([`crate::document`]).
//! 2. Everything a renderer relies on is checked, each refusal naming its field: sizes, rooms
//!    inside the map, tiles of the size the parameters say, edges between rooms, corridors and
//!    entities on the map, locks numbered once each, the analysis (doors, depths, dead ends)
//!    of the graph, a dungeon's floors of one kind with their floors' seeds.
//! 3. The levels are made again from their parts, the dungeon joined, its contents placed.
//! 4. What the level derives (roles, keys, a cave's tiles and marks, stairs) is written again
//!    and compared with the document: the first field that differs is refused.

use super::invalid;
use crate::caves::{CaveMap, CaveParams, MAX_SIDE};
use crate::document::caves::{CavernEntry, CavesDocument, TunnelEntry};
use crate::document::dungeon::{DungeonDocument, StairsEntry};
use crate::document::rooms::{EdgeEntry, MazeFillTiles, RoomEntry, RoomsDocument};
use crate::document::{CAVES_SCHEMA, DUNGEON_SCHEMA, EntityEntry, ROOMS_SCHEMA};
use crate::grid::{MazeError, Result};
use crate::level::{Analysis, Dungeon, Edge, Entity, MAX_FLOORS, Rect, floor_seed};
use crate::render::{Json, Render};
use crate::rooms::{Layout, MAX_MAP_TILES, MAX_ROOMS, RoomMap};
use serde::Deserialize;
use serde_json::Value;

/// A room map, a cave or a dungeon of either, read back from its document.
#[derive(Debug, Clone)]
pub enum LevelDocument {
    /// A `mazegen.rooms/v1` document, or a `mazegen.dungeon/v1` document of room maps: a
    /// dungeon of one floor is a room map alone.
    Rooms(Dungeon<RoomMap>),
    /// A `mazegen.caves/v1` document, or a `mazegen.dungeon/v1` document of caves.
    Caves(Dungeon<CaveMap>),
}

type RoomsFields = RoomsDocument<
    'static,
    Vec<RoomEntry<'static, Vec<u32>>>,
    Vec<EdgeEntry<Vec<(u32, u32)>>>,
    MazeFillTiles<Vec<(u32, u32)>>,
>;

type CavesFields = CavesDocument<
    'static,
    Vec<CavernEntry<Vec<u32>>>,
    Vec<TunnelEntry<Vec<(u32, u32)>>>,
    Vec<String>,
>;

/// The level of the document `value`, whose `schema` is `schema`.
pub(super) fn level_from(schema: &str, value: &Value) -> Result<LevelDocument> {
    let read = if schema == DUNGEON_SCHEMA {
        dungeon(value)?
    } else {
        let kind = Kind::of(schema).expect("a level's schema");
        let seed = value.get("seed").and_then(Value::as_u64).unwrap_or(0);
        join(kind, seed, std::slice::from_ref(value), "")?
    };
    let mut written = Vec::new();
    let rendered = match &read {
        LevelDocument::Rooms(dungeon) => Json::default().render(dungeon, &mut written),
        LevelDocument::Caves(dungeon) => Json::default().render(dungeon, &mut written),
    };
    rendered.map_err(|e| invalid(format!("cannot be written again: {e}")))?;
    let made: Value = serde_json::from_slice(&written)
        .map_err(|e| invalid(format!("cannot be written again: {e}")))?;
    if let Some(difference) = first_difference(value, &made, &mut String::new()) {
        return Err(invalid(difference));
    }
    Ok(read)
}

/// The kinds of level a document holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Rooms,
    Caves,
}

impl Kind {
    fn of(schema: &str) -> Option<Self> {
        match schema {
            ROOMS_SCHEMA => Some(Self::Rooms),
            CAVES_SCHEMA => Some(Self::Caves),
            _ => None,
        }
    }
}

/// The dungeon of a `mazegen.dungeon/v1` document.
fn dungeon(value: &Value) -> Result<LevelDocument> {
    let doc = DungeonDocument::<Vec<StairsEntry>, Vec<Value>>::deserialize(value)
        .map_err(|e| invalid(e.to_string()))?;
    let Some(floors) = doc.floors else {
        return Err(invalid("missing field `floors`".into()));
    };
    if !(2..=MAX_FLOORS as usize).contains(&floors.len()) {
        return Err(invalid(format!(
            "\"floors\" has {} floors; a dungeon document has 2 to {MAX_FLOORS} (a map of one \
             floor is a rooms or caves document of its own)",
            floors.len()
        )));
    }
    let schema_of = |f: usize| {
        let schema = floors[f].get("schema").and_then(Value::as_str);
        schema.and_then(Kind::of).ok_or_else(|| {
            invalid(format!(
                "floors[{f}]: \"schema\" is {}, expected \"{ROOMS_SCHEMA}\" or \"{CAVES_SCHEMA}\"",
                floors[f].get("schema").map_or("missing".into(), short)
            ))
        })
    };
    let kind = schema_of(0)?;
    for f in 1..floors.len() {
        if schema_of(f)? != kind {
            return Err(invalid(format!(
                "floors[{f}] is a {} document, but floors[0] a {}: a dungeon's floors are all \
                 room maps or all caves",
                name(schema_of(f)?),
                name(kind)
            )));
        }
    }
    for (f, floor) in floors.iter().enumerate() {
        let seed = floor.get("seed").and_then(Value::as_u64);
        let expected = floor_seed(doc.seed, f as u32);
        if seed.is_some_and(|seed| seed != expected) {
            return Err(invalid(format!(
                "floors[{f}].seed is {}, but floor {} of the dungeon of seed {} has seed \
                 {expected}",
                seed.unwrap_or_default(),
                f + 1,
                doc.seed
            )));
        }
    }
    join(kind, doc.seed, &floors, "floors")
}

fn name(kind: Kind) -> &'static str {
    match kind {
        Kind::Rooms => "rooms",
        Kind::Caves => "caves",
    }
}

/// The dungeon of seed `seed` whose floors are the documents `floors` of `kind`, found in
/// the field `field` (empty for a level alone), with their contents.
fn join(kind: Kind, seed: u64, floors: &[Value], field: &str) -> Result<LevelDocument> {
    let total_locks = floors.iter().map(count_locks).sum::<u64>();
    let mut offset = 0;
    let mut entities = Vec::with_capacity(floors.len());
    let at = |f: usize| match field {
        "" => String::new(),
        field => format!("{field}[{f}]."),
    };
    match kind {
        Kind::Rooms => {
            let mut levels = Vec::with_capacity(floors.len());
            for (f, floor) in floors.iter().enumerate() {
                let (map, placed) =
                    rooms(floor, offset, total_locks).map_err(|e| prefixed(e, &at(f)))?;
                offset += map.locks.len() as u32;
                levels.push(map);
                entities.push(placed);
            }
            Ok(LevelDocument::Rooms(
                Dungeon::join(seed, levels).with_contents(entities),
            ))
        }
        Kind::Caves => {
            let mut levels = Vec::with_capacity(floors.len());
            for (f, floor) in floors.iter().enumerate() {
                let (cave, placed) =
                    caves(floor, offset, total_locks).map_err(|e| prefixed(e, &at(f)))?;
                offset += cave.locks.len() as u32;
                levels.push(cave);
                entities.push(placed);
            }
            Ok(LevelDocument::Caves(
                Dungeon::join(seed, levels).with_contents(entities),
            ))
        }
    }
}

/// How many locks the edges of the level document `floor` carry.
fn count_locks(floor: &Value) -> u64 {
    let edges = floor.get("edges").and_then(Value::as_array);
    edges.map_or(0, |edges| {
        edges
            .iter()
            .filter(|e| e.get("lock").is_some_and(|l| !l.is_null()))
            .count() as u64
    })
}

/// `error` with its field placed in `at` (a dungeon's floor).
fn prefixed(error: MazeError, at: &str) -> MazeError {
    match error {
        MazeError::InvalidDocument(message) if !at.is_empty() => invalid(format!("{at}{message}")),
        other => other,
    }
}

/// Where in the document `value` its `field` (each of its elements, when `each`) is not a
/// `T`: the refusal naming it, if so.
fn locate<T: serde::de::DeserializeOwned>(
    value: &Value,
    field: &str,
    each: bool,
) -> Option<String> {
    let part = value.get(field).filter(|part| !part.is_null())?;
    match part.as_array() {
        Some(elements) if each => elements.iter().enumerate().find_map(|(i, element)| {
            T::deserialize(element)
                .err()
                .map(|e| format!("{field}[{i}]: {e}"))
        }),
        _ => T::deserialize(part).err().map(|e| format!("{field}: {e}")),
    }
}

/// A refusal of `field`.
fn bad(field: impl std::fmt::Display, what: impl std::fmt::Display) -> MazeError {
    invalid(format!("{field}: {what}"))
}

/// The room map of the rooms document `value` (a floor whose locks are numbered from
/// `offset + 1`, of a dungeon of `total` locks), and its entities.
fn rooms(value: &Value, offset: u32, total: u64) -> Result<(RoomMap, Vec<Entity>)> {
    let doc = RoomsFields::deserialize(value).map_err(|e| {
        let parts = [
            locate::<crate::document::rooms::RoomsParams<'static>>(value, "params", false),
            locate::<crate::document::rooms::RoomsAnalysis<'static>>(value, "analysis", false),
            locate::<RoomEntry<'static, Vec<u32>>>(value, "rooms", true),
            locate::<EdgeEntry<Vec<(u32, u32)>>>(value, "edges", true),
            locate::<MazeFillTiles<Vec<(u32, u32)>>>(value, "maze", false),
            locate::<EntityEntry<'static>>(value, "entities", true),
        ];
        invalid(parts.into_iter().flatten().next().unwrap_or(e.to_string()))
    })?;
    let params = doc.params.params.into_owned();
    let count = params.count;
    if !(1..=MAX_ROOMS).contains(&count) {
        return Err(bad(
            "params.count",
            format!("{count} rooms; a map has 1 to {MAX_ROOMS}"),
        ));
    }
    let rooms = doc.rooms.0;
    if rooms.len() != count as usize {
        return Err(bad(
            "rooms",
            format!("{} rooms, but \"params.count\" is {count}", rooms.len()),
        ));
    }
    if let Some(i) = (0..rooms.len()).find(|&i| rooms[i].id != i as u32) {
        return Err(bad(
            format!("rooms[{i}].id"),
            format!("{}, expected {i} (rooms are listed by id)", rooms[i].id),
        ));
    }
    let layout = match (doc.params.map, doc.params.width, doc.params.height) {
        (false, None, None) => None,
        (true, Some(width), Some(height)) => Some(layout(width, height, &rooms)?),
        _ => {
            return Err(bad(
                "params.map",
                "a laid out map (true) has a \"width\" and \"height\"; a map without tiles \
                 (false) has them null",
            ));
        }
    };
    if layout.is_none()
        && let Some(i) = rooms.iter().position(|r| r.x.is_some() || r.w.is_some())
    {
        return Err(bad(
            format!("rooms[{i}]"),
            "a room has a place (\"x\", \"y\", \"w\", \"h\") only on a laid out map",
        ));
    }
    let names: Vec<String> = rooms
        .iter()
        .map_while(|r| r.name.as_ref().map(|n| n.to_string()))
        .collect();
    if !names.is_empty() && names.len() < rooms.len()
        || names.is_empty() && rooms.iter().any(|r| r.name.is_some())
    {
        let i = names.len().min(rooms.len() - 1);
        return Err(bad(
            format!("rooms[{i}].name"),
            "either every room has a name (a designer's graph) or none",
        ));
    }
    let prefabs = prefabs(&rooms, layout.as_ref())?;
    let tile = |field: &str, (x, y): (u32, u32)| -> Result<u32> {
        let (w, h) = layout
            .as_ref()
            .map(|l| (l.width, l.height))
            .unwrap_or((0, 0));
        if x >= w || y >= h {
            return Err(bad(field, format!("tile {x},{y} is off the {w}x{h} map")));
        }
        Ok(y * w + x)
    };
    let doc_edges = doc.edges.0;
    let mut edges = Vec::with_capacity(doc_edges.len());
    let mut corridors = Vec::with_capacity(doc_edges.len());
    let mut locks = Vec::new();
    let mut one_way = Vec::new();
    for (k, entry) in doc_edges.into_iter().enumerate() {
        check_edge(k, entry.a, entry.b, count)?;
        edges.push(Edge {
            a: entry.a,
            b: entry.b,
            kind: entry.kind,
        });
        match (entry.corridor, &layout) {
            (Some(tiles), Some(_)) if !tiles.is_empty() => {
                let field = format!("edges[{k}].corridor");
                corridors.push(
                    (tiles.into_iter())
                        .map(|t| tile(&field, t))
                        .collect::<Result<Vec<u32>>>()?,
                );
            }
            (Some(_), Some(_)) => return Err(bad(format!("edges[{k}].corridor"), "no tiles")),
            (None, None) => {}
            (Some(_), None) => {
                return Err(bad(
                    format!("edges[{k}].corridor"),
                    "a map without tiles has no corridors",
                ));
            }
            (None, Some(_)) => {
                return Err(bad(
                    format!("edges[{k}]"),
                    "missing \"corridor\": every edge of a laid out map has one",
                ));
            }
        }
        if let Some(number) = entry.lock {
            locks.push(lock_of(k, number, offset, total)?);
        }
        one_way.push(entry.one_way);
    }
    check_lock_numbers(&locks, offset)?;
    let locks = with_keys(
        locks,
        rooms.iter().map(|r| r.keys.as_deref()),
        (offset, total),
    )?;
    let maze = match (doc.maze, &layout) {
        (None, _) => None,
        (Some(_), None) => {
            return Err(bad("maze", "a maze fills the rock of a laid out map only"));
        }
        (Some(maze), Some(_)) => {
            let MazeFillTiles { doors, passages } = maze.0;
            let passages = (passages.into_iter())
                .map(|t| tile("maze.passages", t))
                .collect::<Result<Vec<u32>>>()?;
            let doors = (doors.into_iter())
                .map(|t| tile("maze.doors", t))
                .collect::<Result<Vec<u32>>>()?;
            Some((passages, doors))
        }
    };
    let doors: Vec<u32> = rooms.iter().map(|r| r.doors).collect();
    let depth: Vec<u32> = rooms.iter().map(|r| r.depth).collect();
    let a = doc.analysis;
    let analysis = analysis(
        count,
        &edges,
        (a.start, a.goal, a.hops, a.exact),
        doors,
        depth,
        a.dead_ends.into_owned(),
    )?;
    if a.cyclomatic != analysis.cyclomatic {
        return Err(bad(
            "analysis.cyclomatic",
            format!(
                "{}, but {} edges between {count} rooms make {}",
                a.cyclomatic,
                edges.len(),
                analysis.cyclomatic
            ),
        ));
    }
    let entities = entities(
        doc.entities.map(|e| e.0),
        count,
        |room, at| {
            layout
                .as_ref()
                .is_some_and(|l| l.rooms[room as usize].contains(at))
        },
        layout.as_ref().map(|l| (l.width, l.height)),
    )?;
    let has_layout = layout.is_some();
    let one_way = if names.is_empty() && !one_way.contains(&true) {
        Vec::new()
    } else {
        one_way
    };
    let map = RoomMap::read_back(crate::rooms::ReadParts {
        seed: doc.seed,
        params,
        layout,
        edges,
        candidate_pairs: a.candidate_pairs,
        corridors: has_layout.then_some(corridors),
        locks,
        maze,
        analysis,
        names,
        one_way,
        prefabs,
    })
    .map_err(invalid)?;
    Ok((map, entities))
}

/// The prefab rooms of `rooms`, by room: the first rooms of a laid out map, each with its
/// drawing, which fills the room's rectangle.
fn prefabs(
    rooms: &[RoomEntry<'static, Vec<u32>>],
    layout: Option<&Layout>,
) -> Result<Vec<(u32, crate::rooms::Prefab)>> {
    let count = rooms.iter().take_while(|r| r.prefab.is_some()).count();
    if let Some(i) = (count..rooms.len()).find(|&i| rooms[i].prefab.is_some()) {
        return Err(bad(
            format!("rooms[{i}].prefab"),
            "prefabs are the first rooms of a map, before every room drawn at random",
        ));
    }
    let mut prefabs = Vec::with_capacity(count);
    for (i, room) in rooms.iter().enumerate() {
        let field = format!("rooms[{i}].drawing");
        match (&room.prefab, &room.drawing, layout) {
            (None, None, _) => {}
            (None, Some(_), _) => {
                return Err(bad(
                    field,
                    "a drawing belongs to a prefab room (\"prefab\")",
                ));
            }
            (Some(_), _, None) => {
                return Err(bad(
                    format!("rooms[{i}].prefab"),
                    "a prefab lies on a laid out map only",
                ));
            }
            (Some(_), None, Some(_)) => {
                return Err(bad(field, "missing: a prefab room has its drawing"));
            }
            (Some(name), Some(lines), Some(layout)) => {
                let prefab = crate::rooms::Prefab::from_lines(lines, name)
                    .map_err(|error| bad(&field, error.to_string()))?;
                let r = layout.rooms[i];
                if (prefab.width(), prefab.height()) != (r.w, r.h) {
                    return Err(bad(
                        field,
                        format!(
                            "{}x{} tiles, but the room is {}x{}: a prefab's drawing fills its room",
                            prefab.width(),
                            prefab.height(),
                            r.w,
                            r.h
                        ),
                    ));
                }
                prefabs.push((i as u32, prefab));
            }
        }
    }
    Ok(prefabs)
}

/// The layout of a map of `width x height` tiles with `rooms`, each checked to lie on it.
fn layout(width: u32, height: u32, rooms: &[RoomEntry<'static, Vec<u32>>]) -> Result<Layout> {
    let tiles = u64::from(width) * u64::from(height);
    if width == 0 || height == 0 || tiles > MAX_MAP_TILES {
        return Err(bad(
            "params.width",
            format!("a {width}x{height}-tile map; a map has 1 to {MAX_MAP_TILES} tiles"),
        ));
    }
    let mut placed = Vec::with_capacity(rooms.len());
    for (i, room) in rooms.iter().enumerate() {
        let (Some(x), Some(y), Some(w), Some(h)) = (room.x, room.y, room.w, room.h) else {
            return Err(bad(
                format!("rooms[{i}]"),
                "a room of a laid out map has \"x\", \"y\", \"w\" and \"h\"",
            ));
        };
        let past =
            |at: u32, side: u32, most: u32| u64::from(at) + u64::from(side) > u64::from(most);
        if w == 0 || h == 0 || past(x, w, width) || past(y, h, height) {
            return Err(bad(
                format!("rooms[{i}]"),
                format!("a {w}x{h} room at {x},{y} does not lie on the {width}x{height}-tile map"),
            ));
        }
        placed.push(Rect { x, y, w, h });
    }
    Ok(Layout {
        width,
        height,
        rooms: placed,
    })
}

/// Checks edge `k` between rooms `a` and `b` of a level of `count` rooms.
fn check_edge(k: usize, a: u32, b: u32, count: u32) -> Result<()> {
    if a >= count || b >= count || a == b {
        return Err(bad(
            format!("edges[{k}]"),
            format!("joins rooms {a} and {b}; an edge joins two of the {count} rooms"),
        ));
    }
    Ok(())
}

/// The lock numbered `number` (across a dungeon of `total` locks) on edge `k` of a floor whose
/// locks are numbered from `offset + 1`: its number on the floor alone, and its edge.
fn lock_of(k: usize, number: u32, offset: u32, total: u64) -> Result<(u32, u32)> {
    if number <= offset || u64::from(number) > total {
        return Err(bad(
            format!("edges[{k}].lock"),
            format!(
                "{number}, but the locks here are numbered {} to {total}",
                offset + 1
            ),
        ));
    }
    Ok((number - offset, k as u32))
}

/// Checks that `locks` (numbers on the floor alone, edges) are numbered 1, 2, ... once each.
fn check_lock_numbers(locks: &[(u32, u32)], offset: u32) -> Result<()> {
    let mut numbers: Vec<u32> = locks.iter().map(|&(n, _)| n).collect();
    numbers.sort_unstable();
    if let Some(i) = (0..numbers.len()).find(|&i| numbers[i] != i as u32 + 1) {
        let n = numbers[i] + offset;
        let k = locks
            .iter()
            .find(|&&(m, _)| m + offset == n)
            .map_or(0, |l| l.1);
        return Err(bad(
            format!("edges[{k}].lock"),
            format!(
                "{n}: the locks here are numbered {} to {}, each once",
                offset + 1,
                offset + locks.len() as u32
            ),
        ));
    }
    Ok(())
}

/// The locks (numbered on a floor from `offset + 1` across the dungeon) with the rooms their
/// keys lie in, as the rooms' `keys` (lock numbers across a dungeon of `total` locks) say:
/// `(number on the floor, edge, key)`.
fn with_keys<'k>(
    locks: Vec<(u32, u32)>,
    keys: impl Iterator<Item = Option<&'k [u32]>>,
    (offset, total): (u32, u64),
) -> Result<Vec<(u32, u32, Option<u32>)>> {
    let mut held = Vec::new();
    for (room, keys) in keys.enumerate() {
        for &number in keys.unwrap_or_default() {
            if number == 0 || u64::from(number) > total {
                return Err(bad(
                    format!("rooms[{room}].keys"),
                    format!("key {number}, but the locks are numbered 1 to {total}"),
                ));
            }
            held.push((number, room as u32));
        }
    }
    Ok(locks
        .into_iter()
        .map(|(number, edge)| {
            let key = held
                .iter()
                .find(|&&(n, _)| n == number + offset)
                .map(|&(_, r)| r);
            (number, edge, key)
        })
        .collect())
}

/// The analysis of a level of `count` rooms and `edges` as its document gives it: `given`
/// (start, goal, hops, exact), every room's `doors` and `depth`, and the `dead_ends`, each
/// checked against the graph.
fn analysis(
    count: u32,
    edges: &[Edge],
    (start, goal, hops, exact): (u32, u32, u32, bool),
    doors: Vec<u32>,
    depth: Vec<u32>,
    dead_ends: Vec<u32>,
) -> Result<Analysis> {
    for (field, room) in [("analysis.start", start), ("analysis.goal", goal)] {
        if room >= count {
            return Err(bad(
                field,
                format!("room {room}, but there are {count} rooms"),
            ));
        }
    }
    let mut degree = vec![0u32; count as usize];
    let mut neighbours = vec![Vec::new(); count as usize];
    for edge in edges {
        degree[edge.a as usize] += 1;
        degree[edge.b as usize] += 1;
        neighbours[edge.a as usize].push(edge.b);
        neighbours[edge.b as usize].push(edge.a);
    }
    if let Some(i) = (0..count as usize).find(|&i| doors[i] != degree[i]) {
        return Err(bad(
            format!("rooms[{i}].doors"),
            format!("{}, but {} edges meet it", doors[i], degree[i]),
        ));
    }
    let mut reached = vec![u32::MAX; count as usize];
    reached[start as usize] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(room) = queue.pop_front() {
        for &next in &neighbours[room as usize] {
            if reached[next as usize] == u32::MAX {
                reached[next as usize] = reached[room as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    if let Some(i) = (0..count as usize).find(|&i| depth[i] != reached[i]) {
        let what = match reached[i] {
            u32::MAX => "no edges lead to it from the start".to_string(),
            h => format!("it is {h} hops from the start"),
        };
        return Err(bad(
            format!("rooms[{i}].depth"),
            format!("{}, but {what}", depth[i]),
        ));
    }
    if hops != depth[goal as usize] {
        return Err(bad(
            "analysis.hops",
            format!(
                "{hops}, but the goal is {} hops from the start",
                depth[goal as usize]
            ),
        ));
    }
    let expected: Vec<u32> = (0..count).filter(|&r| degree[r as usize] == 1).collect();
    if dead_ends != expected {
        return Err(bad(
            "analysis.dead_ends",
            "not the rooms with one door, in increasing order",
        ));
    }
    Ok(Analysis {
        start,
        goal,
        hops,
        exact,
        doors,
        depth,
        dead_ends,
        cyclomatic: (edges.len() as u64 + 1).saturating_sub(u64::from(count)),
    })
}

/// The entities of a level of `count` rooms as its document lists them (`entries`), each
/// checked: a kind and item as contents rules name them, one of the rooms, and on a map of
/// `size` tiles a tile of its room's floor (`on_floor(room, tile)`).
fn entities(
    entries: Option<Vec<EntityEntry<'static>>>,
    count: u32,
    on_floor: impl Fn(u32, (u32, u32)) -> bool,
    size: Option<(u32, u32)>,
) -> Result<Vec<Entity>> {
    let mut entities = Vec::new();
    for (i, entry) in entries.unwrap_or_default().into_iter().enumerate() {
        let field = |name: &str| format!("entities[{i}].{name}");
        check_name(&field("kind"), &entry.kind)?;
        if let Some(item) = &entry.item {
            check_name(&field("item"), item)?;
        }
        if entry.room >= count {
            return Err(bad(
                field("room"),
                format!("room {}, but there are {count} rooms", entry.room),
            ));
        }
        let at = match (entry.x, entry.y, size) {
            (None, None, None) => None,
            (Some(x), Some(y), Some((w, h))) => {
                if x >= w || y >= h {
                    return Err(bad(
                        format!("entities[{i}]"),
                        format!("tile {x},{y} is off the {w}x{h} map"),
                    ));
                }
                if !on_floor(entry.room, (x, y)) {
                    return Err(bad(
                        format!("entities[{i}]"),
                        format!("tile {x},{y} is not on the floor of room {}", entry.room),
                    ));
                }
                Some((x, y))
            }
            (_, _, None) => {
                return Err(bad(
                    format!("entities[{i}]"),
                    "an entity has a tile (\"x\", \"y\") only on a laid out map",
                ));
            }
            _ => {
                return Err(bad(
                    format!("entities[{i}]"),
                    "an entity on a laid out map has a tile, \"x\" and \"y\"",
                ));
            }
        };
        entities.push(Entity {
            kind: entry.kind.into_owned(),
            item: entry.item.map(std::borrow::Cow::into_owned),
            room: entry.room,
            at,
        });
    }
    Ok(entities)
}

/// Checks that `name` (of `field`) is a kind or item as contents rules name them.
fn check_name(field: &str, name: &str) -> Result<()> {
    let mut chars = name.chars();
    let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && name.len() <= crate::level::MAX_NAME;
    if well_formed {
        return Ok(());
    }
    let shown: String = name.chars().take(crate::level::MAX_NAME).collect();
    Err(bad(
        field,
        format!(
            "{:?} is no name of contents rules (a letter, then letters, digits, _ or -, at \
             most {})",
            crate::level::escape_controls(&shown),
            crate::level::MAX_NAME
        ),
    ))
}

/// The cave of the caves document `value` (a floor whose locks are numbered from
/// `offset + 1`, of a dungeon of `total` locks), and its entities.
fn caves(value: &Value, offset: u32, total: u64) -> Result<(CaveMap, Vec<Entity>)> {
    let doc = CavesFields::deserialize(value).map_err(|e| {
        let parts = [
            locate::<CaveParams>(value, "params", false),
            locate::<crate::document::caves::CavesAnalysis<'static>>(value, "analysis", false),
            locate::<CavernEntry<Vec<u32>>>(value, "rooms", true),
            locate::<TunnelEntry<Vec<(u32, u32)>>>(value, "edges", true),
            locate::<Vec<String>>(value, "tiles", false),
            locate::<EntityEntry<'static>>(value, "entities", true),
        ];
        invalid(parts.into_iter().flatten().next().unwrap_or(e.to_string()))
    })?;
    let params: CaveParams = doc.params.into_owned();
    let (width, height) = (params.width, params.height);
    if !(3..=MAX_SIDE).contains(&width) || !(3..=MAX_SIDE).contains(&height) {
        return Err(bad(
            "params.width",
            format!("a {width}x{height}-tile cave; each side is 3 to {MAX_SIDE} tiles"),
        ));
    }
    let rows = doc.tiles.0;
    if rows.len() != height as usize {
        return Err(bad(
            "tiles",
            format!("{} rows, but \"params.height\" is {height}", rows.len()),
        ));
    }
    let mut floor = Vec::new();
    floor
        .try_reserve_exact(width as usize * height as usize)
        .map_err(|_| MazeError::OutOfMemory {
            width,
            height,
            bytes: u64::from(width) * u64::from(height),
        })?;
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width as usize {
            return Err(bad(
                format!("tiles[{y}]"),
                format!(
                    "{} tiles, but \"params.width\" is {width}",
                    row.chars().count()
                ),
            ));
        }
        for (x, c) in row.chars().enumerate() {
            let on = match c {
                ' ' | 'K' | 'S' | 'G' | '<' | '>' => true,
                '#' | '.' | 'L' => false,
                other => {
                    return Err(bad(
                        format!("tiles[{y}]"),
                        format!(
                            "column {x}: {:?} is not a tile of a cave ('#' rock, ' ' floor, \
                             '.' tunnel, 'L' lock, 'K' key, 'S' start, 'G' goal, '<' '>' \
                             stairs)",
                            crate::level::escape_controls(&other.to_string())
                        ),
                    ));
                }
            };
            floor.push(on);
        }
    }
    let caverns = doc.rooms.0;
    let count = caverns.len() as u32;
    if count == 0 {
        return Err(bad("rooms", "a cave has a cavern"));
    }
    if let Some(i) = (0..caverns.len()).find(|&i| caverns[i].id != i as u32) {
        return Err(bad(
            format!("rooms[{i}].id"),
            format!("{}, expected {i} (caverns are listed by id)", caverns[i].id),
        ));
    }
    let tile = |field: &str, (x, y): (u32, u32)| -> Result<u32> {
        if x >= width || y >= height {
            return Err(bad(
                field,
                format!("tile {x},{y} is off the {width}x{height} cave"),
            ));
        }
        Ok(y * width + x)
    };
    let mut edges = Vec::new();
    let mut tunnels = Vec::new();
    let mut locks = Vec::new();
    for (k, entry) in doc.edges.0.into_iter().enumerate() {
        check_edge(k, entry.a, entry.b, count)?;
        if entry.tunnel.is_empty() {
            return Err(bad(format!("edges[{k}].tunnel"), "no tiles"));
        }
        let field = format!("edges[{k}].tunnel");
        let tiles = (entry.tunnel.into_iter())
            .map(|t| tile(&field, t))
            .collect::<Result<Vec<u32>>>()?;
        let lock_at = match (entry.lock, entry.lock_at) {
            (None, None) => None,
            (Some(number), Some([x, y])) => {
                locks.push(lock_of(k, number, offset, total)?);
                Some(tile(&format!("edges[{k}].lock_at"), (x, y))?)
            }
            _ => {
                return Err(bad(
                    format!("edges[{k}]"),
                    "a locked tunnel has both \"lock\" and \"lock_at\", another neither",
                ));
            }
        };
        edges.push(Edge {
            a: entry.a,
            b: entry.b,
            kind: entry.kind,
        });
        tunnels.push((entry.a, entry.b, tiles, lock_at));
    }
    check_lock_numbers(&locks, offset)?;
    let locks = with_keys(
        locks,
        caverns.iter().map(|c| c.keys.as_deref()),
        (offset, total),
    )?;
    let a = doc.analysis;
    let analysis = analysis(
        count,
        &edges,
        (a.start, a.goal, a.hops, params.locks == 0),
        caverns.iter().map(|c| c.doors).collect(),
        caverns.iter().map(|c| c.depth).collect(),
        a.dead_ends.into_owned(),
    )?;
    let cave = CaveMap::read_back(crate::caves::ReadParts {
        seed: doc.seed,
        params,
        floor,
        tunnels,
        locks,
        left_out: a.left_out,
        analysis,
    })
    .map_err(invalid)?;
    if cave.caverns.len() != caverns.len() {
        return Err(bad(
            "rooms",
            format!(
                "{} caverns, but the floor tiles make {}",
                caverns.len(),
                cave.caverns.len()
            ),
        ));
    }
    for (i, (entry, found)) in caverns.iter().zip(&cave.caverns).enumerate() {
        let r = found.bounds;
        let given = (entry.x, entry.y, entry.w, entry.h, entry.floor);
        if given != (r.x, r.y, r.w, r.h, found.floor) {
            return Err(bad(
                format!("rooms[{i}]"),
                format!(
                    "the cavern's floor tiles lie at x {}, y {}, w {}, h {}, {} tiles (in the \
                     row order of their first tiles)",
                    r.x, r.y, r.w, r.h, found.floor
                ),
            ));
        }
    }
    let entities = entities(
        doc.entities.map(|e| e.0),
        count,
        |room, (x, y)| cave.cavern_at(x, y) == Some(room),
        Some((width, height)),
    )?;
    Ok((cave, entities))
}

/// The first field where the document `read` differs from `made`, the document of the level
/// made from it, as a refusal naming it (`path` the field so far); fields `made` lacks, and
/// the `generator`, are passed over.
fn first_difference(read: &Value, made: &Value, path: &mut String) -> Option<String> {
    match (read, made) {
        (Value::Object(read), Value::Object(made)) => {
            for (key, value) in made {
                if key == "generator" {
                    continue;
                }
                let length = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let found = match read.get(key) {
                    None => Some(format!(
                        "\"{path}\" is missing, but the rest of the document makes it {}",
                        short(value)
                    )),
                    Some(given) => first_difference(given, value, path),
                };
                path.truncate(length);
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        (Value::Array(read), Value::Array(made)) if read.len() == made.len() => {
            for (i, (given, value)) in read.iter().zip(made).enumerate() {
                let length = path.len();
                path.push_str(&format!("[{i}]"));
                let found = first_difference(given, value, path);
                path.truncate(length);
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        _ if read == made => None,
        _ => Some(format!(
            "\"{path}\" is {}, but the rest of the document makes it {}",
            short(read),
            short(made)
        )),
    }
}

/// `value` as a refusal shows it: compact JSON, cut after 60 characters.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}
