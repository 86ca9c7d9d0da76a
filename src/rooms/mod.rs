//! Room graphs: rooms placed on a tile map, a random connected graph between them, and the
//! corridors that carry its edges.
//!
//! [`RoomMap::generate`] runs these steps, each drawing from its own stream of the seed
//! ([`rng_for_stream`]), so that an option of a later step never moves the output of an
//! earlier one (a different `p` keeps the rooms and the tree):
//!
//! 1. **Placement** (stream [`PLACEMENT_STREAM`]): `count` rectangles on a tile map, at least one
//!    tile of rock between any two and around the map; the prefabs first ([`Prefab`]: a
//!    drawing's rectangle each, at its place or drawn like a room), whose walls corridors and
//!    the maze open only beyond their sockets. An automatic map on which rooms wall one
//!    in grows and is laid out again. A map that keeps its size and carries corridors is laid
//!    out again, drawing on from the stream, while some candidate pair (step 2) cannot be joined
//!    by any corridor: only there do the candidates, and whether corridors are routed, choose
//!    the rooms. Skipped without a map.
//! 2. **Candidates**: the pairs that may connect, every pair (`all`) or those adjacent in the
//!    Delaunay triangulation of the room centres (`delaunay`).
//! 3. **Guaranteed connection** (stream [`TREE_STREAM`]): a random spanning tree grown from room
//!    0, a random connected room to a random remaining one. With locks on a map, the pairs are
//!    the rooms whose nearest tiles meet instead (see 4).
//! 4. **Locks** (stream [`LOCKS_STREAM`], only when asked for): the locks are planned on the
//!    tree, cutting the rooms into zones, and each key placed in a room reachable before its
//!    lock ([`Lock`], the level's locks module tells how).
//! 5. **Extra connections** (stream [`EXTRAS_STREAM`]): every candidate pair `i < j` with
//!    probability `p` (default `ln(n) / n`, the connectivity threshold), by geometric skipping
//!    in O(n + m). With locks, pairs of two zones are passed over. Then the cycles (stream
//!    [`CYCLES_STREAM`], only when asked for): locked short ways between rooms far apart on
//!    the tree, their keys on the long way round (the cycles' module tells how).
//! 6. **Corridors** (no randomness): every edge's corridor routed on the map by A*, door to
//!    door, around the other rooms ([`Corridor`]). With locks, each zone's corridors run on its
//!    rooms' nearest tiles and never touch another zone's; an extra connection that finds no
//!    such way is left out. Skipped without a map.
//! 7. **Analysis** (on first use, [`Level::analysis`]): a farthest pair (with locks, the
//!    plan's start and the farthest room behind its first lock), depths, dead ends, the
//!    cyclomatic number, and so every room's [`Role`](crate::level::Role).
//! 8. **Maze** (stream [`MAZE_STREAM`], only when asked for, [`MazeFill`]): the rock between the
//!    rooms and corridors filled with a maze, joined to the rooms by doors, its dead ends
//!    trimmed (Bob Nystrom's "Rooms and Mazes"). The graph and its corridors stay the seed's.
//!
//! The tile map ([`TileMap`](crate::level::TileMap)) is drawn from the rooms and corridors
//! when needed, never stored. A room map is a [`Level`]: its tile map, analysis, roles, locks
//! and marks are asked of it through that trait, as of a cave.
//!
//! ```
//! use mazegen::level::Level;
//! use mazegen::rooms::{RoomMap, RoomOptions};
//!
//! let map = RoomMap::generate(&RoomOptions { count: 20, ..RoomOptions::default() }, 7).unwrap();
//! assert!(map.edges.len() >= 19);
//! let analysis = map.analysis();
//! assert_eq!(analysis.depth[analysis.start as usize], 0);
//! let tiles = map.tile_map().unwrap();
//! assert_eq!(tiles.rows().count() as u32, tiles.height());
//! ```

mod candidates;
mod corridor;
mod cycles;
mod delaunay;
mod design;
mod error;
mod extras;
mod graph;
mod limits;
mod maze;
mod place;
mod prefab;
mod read_back;
mod route;
mod tree;

pub use corridor::Corridor;
pub use cycles::{LONG_WAY, most_cycles};
pub use design::{Design, DesignEdge, DesignRole, DesignRoom, Doors, MAX_DESIGN_ROOMS, Template};
pub use error::RoomsError;
pub use limits::{MAX_CORRIDOR_TILES, MAX_EDGES, MAX_ROOMS, check_count};
pub use place::{MAX_MAP_TILES, PLACEMENT_TRIES};
pub use prefab::{MAX_PREFAB_SIDE, Prefab, PrefabPlacement, PrefabTile};
pub(crate) use read_back::ReadParts;

use crate::Probability;
use crate::level::{Analysis, Edge, EdgeKind, Level, Lock, Plan, Rect, most_locks, plan_locks};
use crate::rng::rng_for_stream;
use candidates::CandidatePairs;
use graph::GraphBuilder;
use route::Routes;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The largest room side in tiles.
pub const MAX_ROOM_SIDE: u32 = 1024;

/// The seed stream of room placement.
pub const PLACEMENT_STREAM: u64 = 1;
/// The seed stream of the spanning tree.
pub const TREE_STREAM: u64 = 2;
/// The seed stream of the extra connections.
pub const EXTRAS_STREAM: u64 = 3;
/// The seed stream of the locks.
pub const LOCKS_STREAM: u64 = 4;
/// The seed stream of the maze between the rooms.
pub const MAZE_STREAM: u64 = 5;
/// The seed stream of the cycles.
pub const CYCLES_STREAM: u64 = 6;

/// How many times a map draws its cycles again, passing over those whose corridor found no
/// way, before giving up.
pub const CYCLE_ROUNDS: u32 = 8;

/// How many plans of its locks a map tries before giving up, while corridors of some zone
/// wall a pair of rooms of another in (never seen below [`most_locks`]).
pub const LOCK_PLANS: u32 = 20;

/// How many corridors that found no way round those of other zones may be routed first, one
/// more on each try, before a map plans its locks again.
const REROUTES: usize = 8;

/// The share of the maze's tiles removed as dead ends unless said otherwise.
pub const DEFAULT_SPARSENESS: f64 = 0.5;

/// A maze in the rock between the rooms (`--corridors maze`): see step 8 of the module.
#[derive(Debug, Clone, PartialEq)]
pub struct MazeFill {
    /// The algorithm that carves it, by name: one that carves any shape
    /// ([`crate::algorithms::GRAPH_ALGORITHMS`]), with its default options.
    pub algorithm: String,
    /// The share of the maze's tiles (doors included) removed as dead ends: 0 keeps the whole
    /// perfect maze, 1 removes every dead end, leaving only passages between doors. (A door
    /// whose passage is gone goes too, one tile over the share if need be.)
    pub sparseness: Probability,
}

impl Default for MazeFill {
    /// Backtrack, half the maze trimmed away.
    fn default() -> Self {
        Self {
            algorithm: "backtrack".into(),
            sparseness: Probability::new(DEFAULT_SPARSENESS).expect("a probability"),
        }
    }
}

/// The effective parameters of the maze between the rooms.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MazeParams {
    /// The algorithm that carved it: one that carves any shape
    /// ([`crate::algorithms::GRAPH_ALGORITHMS`]).
    pub algorithm: &'static str,
    /// The share of its tiles removed as dead ends.
    pub sparseness: f64,
}

/// Which pairs of rooms may be connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Candidates {
    /// Any pair.
    All,
    /// Only pairs adjacent in the Delaunay triangulation of the room centres: straight
    /// corridors between them never cross.
    Delaunay,
}

impl Candidates {
    /// The name as the command line and JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Delaunay => "delaunay",
        }
    }
}

/// The range of room widths and heights in tiles, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSize {
    /// The smallest side.
    pub min: u32,
    /// The largest side.
    pub max: u32,
}

impl RoomSize {
    /// The sizes `min..=max`, refused unless `1 <= min <= max <= MAX_ROOM_SIDE`.
    pub fn new(min: u32, max: u32) -> Result<Self, RoomsError> {
        let invalid = |reason: String| RoomsError::RoomSize {
            value: format!("{min}..{max}"),
            reason,
        };
        if min == 0 || max > MAX_ROOM_SIDE {
            return Err(invalid(format!(
                "expected MIN..MAX with sides from 1 to {MAX_ROOM_SIDE} tiles (e.g. 3..8)"
            )));
        }
        if min > max {
            return Err(invalid(format!(
                "the smallest size is larger than the largest; did you mean {max}..{min}?"
            )));
        }
        Ok(Self { min, max })
    }

    /// Parses `MIN..MAX`, or `N` for `N..N`.
    pub fn parse(value: &str) -> Result<Self, RoomsError> {
        let side =
            |text: &str| {
                text.trim().parse::<u32>().map_err(|_| RoomsError::RoomSize {
                value: value.into(),
                reason: format!(
                    "expected MIN..MAX with sides from 1 to {MAX_ROOM_SIDE} tiles (e.g. 3..8)"
                ),
            })
            };
        match value.split_once("..") {
            Some((min, max)) => Self::new(side(min)?, side(max)?),
            None => Self::new(side(value)?, side(value)?),
        }
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct RoomOptions {
    /// Number of rooms, 1 to [`MAX_ROOMS`].
    pub count: u32,
    /// Probability of an extra connection per candidate pair; `None`: `ln(count) / count`.
    pub p: Option<Probability>,
    /// The most doors (edges) a room may have; `None`: no limit.
    pub max_doors: Option<u32>,
    /// Which pairs may connect.
    pub candidates: Candidates,
    /// Room sides in tiles.
    pub room_size: RoomSize,
    /// Map width in tiles; `None`: sized for the rooms.
    pub width: Option<u32>,
    /// Map height in tiles; `None`: sized for the rooms.
    pub height: Option<u32>,
    /// Whether to lay the rooms out on a tile map. Without one the result is the abstract
    /// graph: no positions, no corridors (and no `delaunay` candidates).
    pub map: bool,
    /// How many corridors to lock, each with a key before it ([`Lock`]).
    pub locks: u32,
    /// How many cycles to build into the route: short ways, locked, between rooms far apart
    /// on the tree, their keys on the long way round ([`cycles`](self::most_cycles)).
    pub cycles: u32,
    /// Whether to route the corridors on the map: without them (and without locks, which
    /// need them) a map has rooms and edges only, in a fraction of the time, and no tile map.
    pub corridors: bool,
    /// A maze in the rock between the rooms and corridors (with corridors only); `None`:
    /// corridors alone. With locks, each region of the maze opens only into rooms on one side
    /// of every lock, so the maze never goes around one.
    pub maze: Option<MazeFill>,
    /// Fixed rooms drawn in text, kept exactly as drawn, joined to the rest through their door
    /// sockets only ([`Prefab`]): rooms `0..prefabs.len()` of the map, among its `count`.
    /// Placed before the rooms drawn at random, each where it says or where the seed puts it.
    pub prefabs: Vec<PrefabPlacement>,
}

impl Default for RoomOptions {
    /// A dozen rooms of 3 to 8 tiles on a map sized for them, any pair a candidate, default
    /// `p`, no door limit.
    fn default() -> Self {
        Self {
            count: 12,
            p: None,
            max_doors: None,
            candidates: Candidates::All,
            room_size: RoomSize { min: 3, max: 8 },
            width: None,
            height: None,
            map: true,
            locks: 0,
            cycles: 0,
            corridors: true,
            maze: None,
            prefabs: Vec::new(),
        }
    }
}

impl RoomOptions {
    /// The effective parameters of these options (every default resolved), or why no room map
    /// can be made of them: everything that can be known without placing a room, in
    /// microseconds. [`RoomMap::generate`] checks this first.
    pub fn check(&self) -> Result<Params, RoomsError> {
        let count = check_count(u64::from(self.count))?;
        let p = match self.p {
            Some(p) => p.get(),
            None => default_p(count),
        };
        let room_size = RoomSize::new(self.room_size.min, self.room_size.max)?;
        if self.locks > most_locks(count) {
            return Err(RoomsError::TooManyLocks {
                locks: self.locks,
                rooms: count,
                most: most_locks(count),
            });
        }
        if self.cycles > most_cycles(count) {
            return Err(RoomsError::TooManyCycles {
                cycles: self.cycles,
                rooms: count,
                most: most_cycles(count),
            });
        }
        limits::check_max_doors(self.max_doors, count)?;
        if self.candidates == Candidates::Delaunay && !self.map {
            return Err(RoomsError::DelaunayNeedsMap);
        }
        limits::check_edges(count, p, self.candidates)?;
        self.check_prefabs(count)?;
        let maze = match &self.maze {
            None => None,
            Some(fill) => {
                if !self.map {
                    return Err(RoomsError::MazeNeedsMap);
                }
                if self.cycles > 0 {
                    return Err(RoomsError::MazeRoundCycles);
                }
                Some(MazeParams {
                    algorithm: maze_generator(&fill.algorithm)?.name(),
                    sparseness: fill.sparseness.get(),
                })
            }
        };
        if self.map {
            limits::check_map_and_corridors(
                count,
                p,
                self.max_doors,
                self.candidates,
                room_size,
                (self.width, self.height),
                &self.prefabs,
            )?;
        }
        Ok(Params {
            count,
            p,
            max_doors: self.max_doors,
            candidates: self.candidates,
            room_size,
            locks: self.locks,
            cycles: self.cycles,
            maze,
        })
    }
}

impl RoomOptions {
    /// Refuses prefabs that cannot be placed, whatever the seed: more than the rooms, no map,
    /// a given place with no rock around it (off the map), two given places that overlap.
    fn check_prefabs(&self, count: u32) -> Result<(), RoomsError> {
        let refuse = |reason: String| Err(RoomsError::Prefab { reason });
        if self.prefabs.is_empty() {
            return Ok(());
        }
        if !self.map {
            return refuse(
                "prefabs are placed on the tile map, and this room graph has none; lay the \
                 rooms out on a map"
                    .into(),
            );
        }
        if self.prefabs.len() as u64 > u64::from(count) {
            return refuse(format!(
                "{} prefabs among {count} rooms; expected at most as many prefabs as rooms (the \
                 prefabs are among the rooms)",
                self.prefabs.len()
            ));
        }
        let placed: Vec<(&Prefab, Rect)> = self
            .prefabs
            .iter()
            .filter_map(|p| {
                let (x, y) = p.at?;
                let (w, h) = (p.prefab.width(), p.prefab.height());
                Some((&p.prefab, Rect { x, y, w, h }))
            })
            .collect();
        for p in &self.prefabs {
            let (w, h) = (p.prefab.width(), p.prefab.height());
            let side = match (self.width, self.height) {
                (Some(n), _) if w + 2 > n => format!("{n} tiles wide"),
                (_, Some(n)) if h + 2 > n => format!("{n} tiles high"),
                _ => continue,
            };
            return refuse(format!(
                "prefab {} ({w}x{h} tiles) cannot fit on a map {side} with a tile of rock \
                 around it; a map at least {}x{} tiles would do",
                p.prefab.name(),
                w + 2,
                h + 2
            ));
        }
        for &(prefab, r) in &placed {
            // The map reaches at least a tile of rock past the drawing.
            let side = |at: u32, w: u32| u64::from(at) + u64::from(w) + 1;
            let tiles = side(r.x, r.w).saturating_mul(side(r.y, r.h));
            if tiles > MAX_MAP_TILES {
                return refuse(format!(
                    "prefab {} at {},{} would need a map of {tiles} tiles to lie on, more than the \
                     {MAX_MAP_TILES} a map may have; place it nearer the top-left corner",
                    prefab.name(),
                    r.x,
                    r.y
                ));
            }
        }
        for (k, &(prefab, r)) in placed.iter().enumerate() {
            let room = |n: Option<u32>, a: u32, w: u32| n.is_some_and(|n| a + w + 1 > n);
            if r.x == 0 || r.y == 0 || room(self.width, r.x, r.w) || room(self.height, r.y, r.h) {
                let most = |n: Option<u32>, w: u32| match n {
                    Some(n) if n >= w + 2 => format!("1 to {}", n - w - 1),
                    Some(_) => "none: the map is too small for it".to_string(),
                    None => "from 1".to_string(),
                };
                return refuse(format!(
                    "prefab {} at {},{} leaves the map: its {}x{} drawing keeps a tile of rock \
                     around it on the map; expected X {} and Y {}",
                    prefab.name(),
                    r.x,
                    r.y,
                    r.w,
                    r.h,
                    most(self.width, r.w),
                    most(self.height, r.h)
                ));
            }
            for &(other, o) in &placed[..k] {
                let apart =
                    r.x > o.x + o.w || o.x > r.x + r.w || r.y > o.y + o.h || o.y > r.y + r.h;
                if !apart {
                    return refuse(format!(
                        "prefab {} at {},{} overlaps prefab {} at {},{} (with the tile of rock \
                         between them); expected places at least a tile apart",
                        prefab.name(),
                        r.x,
                        r.y,
                        other.name(),
                        o.x,
                        o.y
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The effective parameters of a room map: the options with every default resolved.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Number of rooms.
    pub count: u32,
    /// Probability of an extra connection per candidate pair.
    pub p: f64,
    /// The most doors a room may have, if limited.
    pub max_doors: Option<u32>,
    /// Which pairs may connect.
    pub candidates: Candidates,
    /// Room sides in tiles.
    pub room_size: RoomSize,
    /// How many corridors are locked.
    pub locks: u32,
    /// How many cycles are built in (left out of documents when none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cycles: u32,
    /// The maze between the rooms, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maze: Option<MazeParams>,
}

/// Where the rooms are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Map width in tiles.
    pub width: u32,
    /// Map height in tiles.
    pub height: u32,
    /// Every room's floor, by room id.
    pub rooms: Vec<Rect>,
}

/// A generated room graph: the rooms (laid out on a tile map, unless generated without one),
/// the edges between them, and, once asked for, its analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct RoomMap {
    /// The seed it was generated from.
    pub seed: u64,
    /// The effective parameters.
    pub params: Params,
    /// The rooms' positions on the tile map, if laid out.
    pub layout: Option<Layout>,
    /// Tree edges in the order the tree grew, then extra edges in increasing pair order, then
    /// the cycles' edges.
    pub edges: Vec<Edge>,
    /// The number of pairs that could connect (`count (count - 1) / 2` for `all`, the edges of
    /// the triangulation for `delaunay`): the extra edges number about `p` times this less the
    /// `count - 1` tree edges.
    pub candidate_pairs: u64,
    /// The corridors of the edges, if laid out.
    routes: Option<Routes>,
    /// The locks, by number (lock `k` at index `k - 1`).
    pub locks: Vec<Lock>,
    /// The maze between the rooms, if asked for and laid out.
    maze: Option<maze::MazeTiles>,
    analysis: OnceLock<Analysis>,
    /// A designer's graph's room names, by room id (empty for a generated map).
    names: Vec<String>,
    /// Whether each edge of a designer's graph is one way (empty for a generated map).
    one_way: Vec<bool>,
    /// The prefabs, rooms `0..prefabs.len()` (empty without).
    prefabs: Vec<prefab::Placed>,
}

impl RoomMap {
    /// Generates the room map of `options` from `seed`: the same options and seed always give
    /// the same map. Refuses options that cannot work ([`crate::Error::Rooms`], or
    /// [`crate::grid::MazeError::InvalidProbability`] for `p`) before placing any room
    /// ([`RoomOptions::check`]); what only the work can show (no free spot for a room, a tree
    /// stuck under a door limit, corridors over [`MAX_CORRIDOR_TILES`] after all, rooms walled
    /// in by others on every layout tried) is refused when found. An automatic map on which
    /// other rooms wall some room in grows and is laid out again; a map whose size is given,
    /// when its corridors are routed, is laid out again on the same map while some pair of
    /// rooms that may connect cannot be joined.
    pub fn generate(options: &RoomOptions, seed: u64) -> Result<Self, RoomsError> {
        let params = options.check()?;
        let count = params.count;
        // Without a map every pair is a candidate: the check refused Delaunay candidates.
        let (layout, candidates) = if options.map {
            let (layout, candidates) = lay_out(options, params, seed)?;
            (Some(layout), candidates)
        } else {
            (None, CandidatePairs::All { count })
        };
        // With locks or cycles on a map every tile belongs to the room nearest it, and the
        // tree grows between rooms whose tiles meet (see the locks' module).
        let locked = params.locks > 0 || params.cycles > 0;
        let cells = match &layout {
            Some(layout) if locked => Some(route::Cells::new(layout)?),
            _ => None,
        };
        let tree = spanning_tree(options, count, &candidates, cells.as_ref(), seed)?;
        let routed = layout.as_ref().filter(|_| options.corridors || locked);
        let sealed = match &layout {
            Some(layout) => prefab::sealed(layout.width, &layout.rooms, &options.prefabs),
            None => Vec::new(),
        };
        let (graph, routes, plan) =
            connect(params, seed, tree, &candidates, routed, cells, &sealed)?;
        let mut map = Self {
            seed,
            params,
            layout,
            edges: graph.edges,
            candidate_pairs: candidates.len(),
            routes,
            locks: Vec::new(),
            maze: None,
            analysis: OnceLock::new(),
            names: Vec::new(),
            one_way: Vec::new(),
            prefabs: (options.prefabs.iter().zip(0..))
                .map(|(p, room)| prefab::Placed {
                    room,
                    prefab: p.prefab.clone(),
                })
                .collect(),
        };
        // Every room in one zone unless locks part them.
        let mut zones = vec![0; count as usize];
        if let Some(plan) = plan {
            let analysis = plan.analyse(count, &map.edges);
            map.locks = plan.locks(&analysis);
            map.analysis = OnceLock::from(analysis);
            zones = plan.zone;
        }
        if params.cycles > 0 {
            let first = map.locks.len() as u32 + 1;
            let shortcuts = cycles::locks(count, &map.edges, map.analysis(), first);
            map.locks.extend(shortcuts);
        }
        if let (Some(fill), Some(routes), Some(layout)) = (params.maze, &map.routes, &map.layout) {
            map.maze = Some(maze::fill(
                layout,
                routes,
                &zones,
                (&sealed, options.prefabs.len()),
                &*maze_generator(fill.algorithm)?,
                fill.sparseness,
                &mut rng_for_stream(seed, MAZE_STREAM),
            )?);
        }
        Ok(map)
    }

    /// The name room `room` has in the designer's graph it was laid out from
    /// ([`RoomMap::from_design`]), or `None` for a generated map.
    pub fn room_name(&self, room: u32) -> Option<&str> {
        self.names.get(room as usize).map(String::as_str)
    }

    /// Whether edge number `k` is one way, from `a` to `b` (a designer's graph's
    /// [`DesignEdge::one_way`]).
    pub fn one_way(&self, k: usize) -> bool {
        self.one_way.get(k).copied().unwrap_or(false)
    }

    /// The lock on edge number `k`, if any.
    pub fn lock_of(&self, k: usize) -> Option<&Lock> {
        self.locks.iter().find(|lock| lock.edge as usize == k)
    }
}

/// Lays the rooms of `params` out, with the pairs that may connect. An automatic map grows
/// until every room has a door onto one region of rock that joins them all (so that the
/// corridors of any graph can be routed, and options of later steps never move the rooms). A
/// map that keeps its size (given, or grown all it may) and must carry corridors is laid out
/// again, drawing on from the same stream, while some candidate pair cannot be joined: then
/// the corridors of any graph over the candidates can be routed, and `p` never moves the rooms.
fn lay_out(
    options: &RoomOptions,
    params: Params,
    seed: u64,
) -> Result<(Layout, CandidatePairs), RoomsError> {
    let sized = options.width.is_some() && options.height.is_some();
    let routed = options.corridors || params.locks > 0;
    let mut growth = 0;
    let (mut layout, mut rng) = loop {
        let (layout, grown, rng) = place::lay_out(
            params.count,
            params.room_size,
            (options.width, options.height),
            &options.prefabs,
            growth,
            || rng_for_stream(seed, PLACEMENT_STREAM),
        )?;
        if sized || grown >= place::GROWTHS {
            break (layout, rng);
        }
        let sealed = prefab::sealed(layout.width, &layout.rooms, &options.prefabs);
        if route::open_to_all(&layout, &sealed)? {
            let candidates = candidate_pairs(params.candidates, &layout);
            return Ok((layout, candidates));
        }
        growth = grown + 1;
    };
    let mut layouts = 1;
    loop {
        let candidates = candidate_pairs(params.candidates, &layout);
        let sealed = prefab::sealed(layout.width, &layout.rooms, &options.prefabs);
        if !routed || route::joins(&layout, &candidates, &sealed)? {
            return Ok((layout, candidates));
        }
        // A layout on which placement gives up counts as one tried.
        loop {
            if layouts == place::LAYOUTS {
                return Err(RoomsError::WalledIn {
                    count: params.count,
                    width: layout.width,
                    height: layout.height,
                    layouts,
                });
            }
            layouts += 1;
            let map = (layout.width, layout.height);
            let placed = place::place_rooms(
                params.count,
                params.room_size,
                map,
                &options.prefabs,
                &mut rng,
            );
            if let Ok(rooms) = placed {
                layout.rooms = rooms;
                break;
            }
        }
    }
}

/// Step 3, the spanning tree of `count` rooms over `candidates`, or with locks on a map
/// between the rooms whose `cells` meet, unless a door limit leaves those no tree.
fn spanning_tree(
    options: &RoomOptions,
    count: u32,
    candidates: &CandidatePairs,
    cells: Option<&route::Cells>,
    seed: u64,
) -> Result<GraphBuilder, RoomsError> {
    let grow = |pairs: &CandidatePairs| {
        let mut tree = GraphBuilder::new(count, options.max_doors);
        tree::grow_tree(&mut tree, pairs, &mut rng_for_stream(seed, TREE_STREAM)).map(|()| tree)
    };
    match cells.map(|cells| grow(&CandidatePairs::listed(count, cells.pairs()))) {
        None | Some(Err(RoomsError::TreeStuck { .. })) => grow(candidates),
        Some(tree) => tree,
    }
}

/// Steps 4 and 5 and the plan of the locks: the extra connections on `tree` over `candidates`,
/// and the corridors on `layout` when routed. With locks, the extra connections stay within
/// zones, and the corridors of different zones apart on the tiles of their rooms' `cells`;
/// while a corridor finds no way round those of other zones it goes first on the next try,
/// and after [`REROUTES`] such tries the locks are planned again, up to [`LOCK_PLANS`] times.
/// An extra connection that finds no way is left out.
fn connect(
    params: Params,
    seed: u64,
    tree: GraphBuilder,
    candidates: &CandidatePairs,
    layout: Option<&Layout>,
    cells: Option<route::Cells>,
    sealed: &[u32],
) -> Result<(GraphBuilder, Option<Routes>, Option<Plan>), RoomsError> {
    let count = params.count;
    let mut locks_rng = rng_for_stream(seed, LOCKS_STREAM);
    let (mut plan, mut plans, mut first) = (None, 0, Vec::new());
    let one_zone = vec![0; count as usize];
    let cycle_pairs = match &cells {
        Some(cells) => cycles::CyclePairs::Listed(cells.pairs()),
        None => cycles::CyclePairs::Any,
    };
    // Cycles whose corridor found no way, and how many times they were drawn.
    let (mut excluded, mut rounds) = (std::collections::BTreeSet::new(), 0);
    let mut replan = true;
    loop {
        if params.locks > 0 && replan {
            plan = Some(plan_locks(count, &tree.edges, params.locks, &mut locks_rng));
            plans += 1;
            replan = false;
        }
        let mut graph = tree.clone();
        extras::add_extras(
            &mut graph,
            candidates,
            params.p,
            |a, b| plan.as_ref().is_none_or(|plan| plan.same_zone(a, b)),
            &mut rng_for_stream(seed, EXTRAS_STREAM),
        );
        let zones = plan.as_ref().map_or(&one_zone, |plan| &plan.zone);
        let mut picked = Vec::new();
        if params.cycles > 0 {
            rounds += 1;
            picked = cycles::pick(
                count,
                &graph.edges,
                &cycle_pairs,
                zones,
                params.cycles,
                &excluded,
                &mut rng_for_stream(seed, CYCLES_STREAM),
            );
            picked.retain(|&(a, b)| graph.try_connect_cycle(a, b));
            if picked.len() < params.cycles as usize {
                return Err(RoomsError::CyclesDontFit {
                    cycles: params.cycles,
                    found: picked.len() as u32,
                });
            }
        }
        let Some(layout) = layout else {
            return Ok((graph, None, plan));
        };
        limits::check_corridor_tiles(layout, &graph.edges)?;
        let apart = cells.as_ref().map(|cells| route::Apart {
            zones,
            cells,
            first: &first,
            optional: tree.edges.len(),
        });
        let routed = route::route(
            (layout.width, layout.height),
            &layout.rooms,
            &graph.edges,
            apart.as_ref(),
            sealed,
            MAX_CORRIDOR_TILES,
        );
        match routed {
            Ok(mut routes) => {
                routes.retain_routed(&mut graph.edges);
                let kept: Vec<(u32, u32)> = graph
                    .edges
                    .iter()
                    .filter(|e| e.kind == EdgeKind::Cycle)
                    .map(|e| (e.a, e.b))
                    .collect();
                if kept.len() == picked.len() {
                    return Ok((graph, Some(routes), plan));
                }
                if rounds == CYCLE_ROUNDS {
                    return Err(RoomsError::CyclesDontFit {
                        cycles: params.cycles,
                        found: kept.len() as u32,
                    });
                }
                excluded.extend(picked.into_iter().filter(|pair| !kept.contains(pair)));
            }
            Err(RoomsError::NoRoute { a, b, .. }) if apart.is_some() => {
                let k = graph.edges.iter().position(|e| (e.a, e.b) == (a, b));
                let k = k.expect("the pair is an edge") as u32;
                if first.len() < REROUTES && !first.contains(&k) {
                    first.insert(0, k);
                } else if params.locks > 0 && plans < LOCK_PLANS {
                    first.clear();
                    replan = true;
                } else if params.locks == 0 {
                    return Err(RoomsError::NoRoute {
                        a,
                        b,
                        width: layout.width,
                        height: layout.height,
                    });
                } else {
                    return Err(RoomsError::LocksWalledIn {
                        locks: params.locks,
                        plans,
                        width: layout.width,
                        height: layout.height,
                    });
                }
            }
            Err(error) => return Err(error),
        }
    }
}

/// Read back with its algorithm one that carves any shape, as the catalogue spells it.
impl<'de> Deserialize<'de> for MazeParams {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Fields {
            algorithm: String,
            sparseness: f64,
        }
        let Fields {
            algorithm,
            sparseness,
        } = Fields::deserialize(deserializer)?;
        let known = crate::algorithms::GRAPH_ALGORITHMS;
        let algorithm = (known.iter().copied())
            .find(|&name| name == algorithm)
            .ok_or_else(|| {
                serde::de::Error::custom(format_args!(
                    "{algorithm:?} is no algorithm that carves any shape; expected one of {}",
                    known.join(", ")
                ))
            })?;
        Ok(Self {
            algorithm,
            sparseness,
        })
    }
}

/// Whether `n` is 0: a count left out of documents then.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The pairs of rooms on `layout` that may connect.
fn candidate_pairs(candidates: Candidates, layout: &Layout) -> CandidatePairs {
    match candidates {
        Candidates::All => CandidatePairs::All {
            count: layout.rooms.len() as u32,
        },
        Candidates::Delaunay => {
            let count = layout.rooms.len() as u32;
            CandidatePairs::listed(count, delaunay::delaunay_pairs(&layout.rooms))
        }
    }
}

/// The generator of the maze between the rooms: `name`'s, with its default options, if it
/// carves any shape.
fn maze_generator(
    name: &str,
) -> Result<Box<dyn crate::algorithms::Generator + Send + Sync>, RoomsError> {
    crate::algorithms::catalogue()
        .into_iter()
        .find(|generator| generator.name() == name && generator.carves_shapes())
        .ok_or_else(|| RoomsError::MazeAlgorithm {
            name: name.into(),
            expected: crate::algorithms::GRAPH_ALGORITHMS.join(", "),
        })
}

/// The default probability of an extra connection, `ln(count) / count`: the threshold above
/// which a random graph of `count` rooms is likely connected on its own (0 for one room).
/// Computed with `libm` so that it is the same on every platform.
pub fn default_p(count: u32) -> f64 {
    libm::log(f64::from(count)) / f64::from(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn given(count: u32, width: u32, height: u32) -> RoomOptions {
        RoomOptions {
            count,
            width: Some(width),
            height: Some(height),
            ..RoomOptions::default()
        }
    }

    #[test]
    fn a_given_map_whose_rooms_wall_one_in_is_laid_out_again() {
        // On this seed's first layout rooms 6, 21 and 22 and the map's corner wall room 15 in:
        // its corridor to room 24 had no route.
        let (options, seed) = (given(26, 81, 61), 14389454802463909409);
        let unrouted = RoomOptions {
            corridors: false,
            ..options.clone()
        };
        let first = RoomMap::generate(&unrouted, seed).unwrap().layout.unwrap();
        let all = CandidatePairs::All { count: 26 };
        assert!(!route::joins(&first, &all, &[]).unwrap());
        let map = RoomMap::generate(&options, seed).unwrap();
        let layout = map.layout.as_ref().unwrap();
        assert_ne!(layout.rooms, first.rooms);
        assert_eq!((layout.width, layout.height), (81, 61));
        assert!(route::joins(layout, &all, &[]).unwrap());
        // Every pair can be joined on it, so every p keeps it.
        let every = RoomOptions {
            p: Some(Probability::new(1.0).unwrap()),
            ..options.clone()
        };
        let every = RoomMap::generate(&every, seed).unwrap();
        assert_eq!(every.layout.as_ref(), Some(layout));
        assert_eq!(every.edges.len(), 26 * 25 / 2);
    }

    #[test]
    fn a_given_map_keeps_a_layout_whose_candidates_can_all_be_joined() {
        // A crowded map: about a third of the first layouts wall a room in.
        let options = given(11, 40, 30);
        let unrouted = RoomOptions {
            corridors: false,
            ..options.clone()
        };
        let (mut kept, mut again) = (0, 0);
        for seed in 0..60 {
            let Ok(first) = RoomMap::generate(&unrouted, seed) else {
                continue;
            };
            let first = first.layout.unwrap();
            let joined = route::joins(&first, &CandidatePairs::All { count: 11 }, &[]).unwrap();
            let map = RoomMap::generate(&options, seed).unwrap();
            assert_eq!(map.layout == Some(first), joined, "seed {seed}");
            if joined {
                kept += 1;
            } else {
                again += 1;
            }
        }
        assert!(
            kept > 20 && again > 5,
            "{kept} kept, {again} laid out again"
        );
    }

    #[test]
    fn rooms_walled_in_on_every_layout_are_refused() {
        // A map three tiles wide stacks the rooms in a column: only neighbours can be joined.
        let column = RoomOptions {
            room_size: RoomSize::new(1, 1).unwrap(),
            ..given(4, 3, 20)
        };
        let error = RoomMap::generate(&column, 1).unwrap_err();
        assert!(
            matches!(
                error,
                RoomsError::WalledIn {
                    count: 4,
                    width: 3,
                    height: 20,
                    layouts: place::LAYOUTS,
                }
            ),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("on each of 100 layouts of 4 rooms"),
            "{error}"
        );
        // Neighbours alone may connect with Delaunay candidates, and nothing is routed without
        // corridors: the first layout stands.
        let unrouted = RoomOptions {
            corridors: false,
            ..column.clone()
        };
        let first = RoomMap::generate(&unrouted, 1).unwrap().layout;
        let delaunay = RoomOptions {
            candidates: Candidates::Delaunay,
            ..column
        };
        assert_eq!(RoomMap::generate(&delaunay, 1).unwrap().layout, first);
    }
}
