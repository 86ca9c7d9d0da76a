//! A designer's graph: the rooms and connections a level must have, given rather than drawn
//! ([`Design`]), laid out on a tile map as a [`RoomMap`](super::RoomMap) with exactly those
//! rooms and exactly those connections ([`RoomMap::from_design`](super::RoomMap::from_design)).
//!
//! The files it is read from (DOT, the graph of a rooms JSON document, Edgar's YAML level
//! graphs) are parsed in [`crate::read`]; this module holds what they mean and the layout.
//!
//! 1. **Checks, before any work.** The graph is connected, simple (no loop, no edge twice) and
//!    planar ([`planar`]: corridors on a tile map never cross, so a graph that cannot be drawn
//!    without crossings cannot be laid out); every room's template is known and its walls hold
//!    its doors, one tile apart at least.
//! 2. **Layout** ([`layout`]): the rooms placed one at a time, each next to those it connects
//!    to, every corridor routed at once, never beside another room or corridor; a seeded restart
//!    when a room finds no place.
//! 3. **Locks** ([`locks`]): each locked edge opened in turn from the start, its key in the
//!    deepest room reached before it.

pub(crate) mod layout;
pub(crate) mod locks;
pub(crate) mod planar;

use super::RoomsError;

/// The largest number of rooms a designer's graph may have.
pub const MAX_DESIGN_ROOMS: u32 = 1000;

/// What a designer asks of a room.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DesignRoom {
    /// Its name, unique in the graph, kept in the output.
    pub name: String,
    /// `Some(true)` for the start, `Some(false)` for the goal.
    pub role: Option<DesignRole>,
    /// Its floor, width by height in tiles; `None`: its template's, or drawn from the size range.
    pub size: Option<(u32, u32)>,
    /// The name of its template ([`Template`]).
    pub template: Option<String>,
}

/// A role given to a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DesignRole {
    /// Where the player starts.
    Start,
    /// Where the player must get to.
    Goal,
}

/// A connection a designer asks for, between rooms `a` and `b` (indices into
/// [`Design::rooms`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DesignEdge {
    /// One room.
    pub a: u32,
    /// The other.
    pub b: u32,
    /// Locked, its key placed before it.
    pub lock: bool,
    /// Passable from `a` to `b` only (kept in the output for a game to enforce).
    pub one_way: bool,
    /// Joined by a routed corridor (`true`) or a door in the wall the two rooms share.
    pub corridor: bool,
}

/// Where a template's doors may go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doors {
    /// On any wall tile at least `corner_distance` tiles from the room's corners (Edgar's
    /// overlap mode with doors one tile long).
    Anywhere {
        /// Tiles of wall kept free next to each corner.
        corner_distance: u32,
    },
    /// Only on these wall tiles, `(x, y)` from the floor's top-left tile (so `-1` or the
    /// width for the side walls, `-1` or the height for the top and bottom ones).
    Listed(Vec<(i32, i32)>),
}

/// A room template: a rectangular floor and where its doors may go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// Its name, as rooms name it.
    pub name: String,
    /// Floor width in tiles.
    pub w: u32,
    /// Floor height in tiles.
    pub h: u32,
    /// Where its doors may go.
    pub doors: Doors,
}

impl Template {
    /// The wall tiles of a `w x h` floor where a door may go under `doors`, relative to the
    /// floor's top-left tile, clockwise from the top-left; `None` names a listed tile that is
    /// not beside the floor (a corner, or off the wall).
    pub(crate) fn door_spots(w: u32, h: u32, doors: &Doors) -> Result<Vec<(i32, i32)>, (i32, i32)> {
        let (w, h) = (w as i32, h as i32);
        let on_wall = |(x, y): (i32, i32)| {
            ((x == -1 || x == w) && (0..h).contains(&y))
                || ((y == -1 || y == h) && (0..w).contains(&x))
        };
        match doors {
            Doors::Listed(spots) => {
                if let Some(&bad) = spots.iter().find(|&&spot| !on_wall(spot)) {
                    return Err(bad);
                }
                Ok(spots.clone())
            }
            &Doors::Anywhere { corner_distance } => {
                let d = corner_distance as i32;
                let mut spots = Vec::new();
                spots.extend((d..w - d).map(|x| (x, -1)));
                spots.extend((d..h - d).map(|y| (w, y)));
                spots.extend((d..w - d).rev().map(|x| (x, h)));
                spots.extend((d..h - d).rev().map(|y| (-1, y)));
                Ok(spots)
            }
        }
    }

    /// The most doors these spots hold, no two side by side: per straight run of spots,
    /// every other one.
    pub(crate) fn most_doors(spots: &[(i32, i32)]) -> u32 {
        let mut sorted = spots.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let taken: std::collections::BTreeSet<(i32, i32)> = sorted.iter().copied().collect();
        let mut most = 0;
        let mut seen = std::collections::BTreeSet::new();
        for &spot in &sorted {
            if seen.contains(&spot) {
                continue;
            }
            // The run of spots joined to this one, side by side.
            let mut run = 0u32;
            let mut stack = vec![spot];
            seen.insert(spot);
            while let Some((x, y)) = stack.pop() {
                run += 1;
                for next in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if taken.contains(&next) && seen.insert(next) {
                        stack.push(next);
                    }
                }
            }
            most += run.div_ceil(2);
        }
        most
    }
}

/// A designer's graph: rooms, connections between them, and the templates rooms may name.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Design {
    /// The rooms, in the order the file gives them (room `k` of the map is `rooms[k]`).
    pub rooms: Vec<DesignRoom>,
    /// The connections, in the file's order.
    pub edges: Vec<DesignEdge>,
    /// The templates rooms may name.
    pub templates: Vec<Template>,
}

impl Design {
    /// The index of the room named `name`.
    pub fn room(&self, name: &str) -> Option<u32> {
        self.rooms
            .iter()
            .position(|room| room.name == name)
            .map(|k| k as u32)
    }

    /// Refuses a graph that cannot be laid out, with the reason (step 1 of the module): no
    /// room, too many, a room with two roles of one kind, not connected, a loop or an edge
    /// twice, an unknown template, a room whose walls do not hold its doors, not planar.
    pub fn check(&self) -> Result<(), RoomsError> {
        let refuse = |reason: String| Err(RoomsError::Design { reason });
        let n = self.rooms.len();
        if n == 0 || n > MAX_DESIGN_ROOMS as usize {
            return refuse(format!(
                "a graph of {n} rooms; expected 1 to {MAX_DESIGN_ROOMS} rooms"
            ));
        }
        for role in [DesignRole::Start, DesignRole::Goal] {
            let with: Vec<&str> = self
                .rooms
                .iter()
                .filter(|room| room.role == Some(role))
                .map(|room| room.name.as_str())
                .collect();
            if with.len() > 1 {
                let role = if role == DesignRole::Start {
                    "start"
                } else {
                    "goal"
                };
                return refuse(format!(
                    "rooms {} all have role={role}; expected one {role} at most",
                    with.join(", ")
                ));
            }
        }
        let mut pairs = std::collections::BTreeSet::new();
        let mut degree = vec![0u32; n];
        for edge in &self.edges {
            let (a, b) = (edge.a.min(edge.b), edge.a.max(edge.b));
            let name = |k: u32| &self.rooms[k as usize].name;
            if a == b {
                return refuse(format!("room {} is joined to itself", name(a)));
            }
            if !pairs.insert((a, b)) {
                return refuse(format!(
                    "rooms {} and {} are joined twice; expected one edge between two rooms",
                    name(a),
                    name(b)
                ));
            }
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        let adjacency = self.adjacency();
        let mut seen = vec![false; n];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(room) = stack.pop() {
            for &next in &adjacency[room] {
                if !seen[next as usize] {
                    seen[next as usize] = true;
                    stack.push(next as usize);
                }
            }
        }
        if let Some(apart) = seen.iter().position(|&reached| !reached) {
            return refuse(format!(
                "room {} cannot be reached from room {}: the graph is not connected",
                self.rooms[apart].name, self.rooms[0].name
            ));
        }
        for (k, room) in self.rooms.iter().enumerate() {
            let spots = match (&room.template, room.size) {
                (Some(name), _) => {
                    let Some(template) = self.templates.iter().find(|t| &t.name == name) else {
                        let known: Vec<&str> =
                            self.templates.iter().map(|t| t.name.as_str()).collect();
                        return refuse(format!(
                            "room {} names template {name:?}, which is not given; expected one of: {}",
                            room.name,
                            if known.is_empty() {
                                "(no templates given)".to_string()
                            } else {
                                known.join(", ")
                            }
                        ));
                    };
                    let (w, h) = room.size.unwrap_or((template.w, template.h));
                    Template::door_spots(w, h, &template.doors).map_err(|(x, y)| {
                        RoomsError::Design {
                            reason: format!(
                                "template {name} lists a door at {x},{y}, which is not beside its \
                                 {w}x{h} floor"
                            ),
                        }
                    })?
                }
                (None, Some((w, h))) => {
                    Template::door_spots(w, h, &Doors::Anywhere { corner_distance: 0 })
                        .expect("every spot is on the wall")
                }
                // A size drawn later grows until its walls hold the doors.
                (None, None) => continue,
            };
            let most = Template::most_doors(&spots);
            if degree[k] > most {
                return refuse(format!(
                    "room {} has {} connections but its walls hold {most} doors at most; a larger \
                     room or fewer connections would do",
                    room.name, degree[k]
                ));
            }
        }
        if let Some(reason) = planar::not_planar(n as u32, &self.edge_pairs()) {
            return refuse(format!(
                "the graph is not planar ({reason}): corridors on a map cannot cross, so it \
                 cannot be laid out"
            ));
        }
        Ok(())
    }

    /// Every room's neighbours.
    pub(crate) fn adjacency(&self) -> Vec<Vec<u32>> {
        let mut adjacency = vec![Vec::new(); self.rooms.len()];
        for edge in &self.edges {
            adjacency[edge.a as usize].push(edge.b);
            adjacency[edge.b as usize].push(edge.a);
        }
        adjacency
    }

    /// The edges as pairs of rooms.
    pub(crate) fn edge_pairs(&self) -> Vec<(u32, u32)> {
        self.edges.iter().map(|edge| (edge.a, edge.b)).collect()
    }
}

impl super::RoomMap {
    /// Lays `design` out from `seed`: a map with
    /// exactly its rooms, each keeping its name ([`RoomMap::room_name`](super::RoomMap::room_name)),
    /// and exactly its edges, each a corridor or a door between rooms sharing a wall, nothing
    /// else joined, its locks planned. Rooms with neither a size nor a template get one drawn
    /// from `room_size` (grown until their walls hold their doors). Refuses what cannot be laid
    /// out before any work ([`Design::check`]).
    ///
    /// ```
    /// use mazegen::level::Level;
    /// use mazegen::read::{GraphFormat, read_design};
    /// use mazegen::rooms::{RoomMap, RoomSize};
    ///
    /// let dot = "graph { hall -- cellar [lock=true]; hall -- tower; tower -- cellar; }";
    /// let design = read_design(dot, GraphFormat::Dot, "castle.dot").unwrap();
    /// let map = RoomMap::from_design(&design, RoomSize::new(3, 6).unwrap(), 1).unwrap();
    /// assert_eq!(map.edges.len(), 3);
    /// assert_eq!(map.room_name(1), Some("cellar"));
    /// assert_eq!(map.locks.len(), 1);
    /// assert!(map.tile_map().is_some());
    /// ```
    pub fn from_design(
        design: &Design,
        room_size: super::RoomSize,
        seed: u64,
    ) -> Result<Self, RoomsError> {
        use crate::level::{Edge, EdgeKind, analyse, analyse_from};
        use crate::rng::{rng_for_stream, uniform_inclusive};
        design.check()?;
        let n = design.rooms.len();
        let mut degree = vec![0u32; n];
        for edge in &design.edges {
            degree[edge.a as usize] += 1;
            degree[edge.b as usize] += 1;
        }
        let mut rng = rng_for_stream(seed, super::PLACEMENT_STREAM);
        let mut sizes = Vec::with_capacity(n);
        let mut spots = Vec::with_capacity(n);
        for (k, room) in design.rooms.iter().enumerate() {
            let template = room
                .template
                .as_ref()
                .and_then(|name| design.templates.iter().find(|t| &t.name == name));
            let (size, room_spots) = match (template, room.size) {
                (Some(t), size) => {
                    let (w, h) = size.unwrap_or((t.w, t.h));
                    let spots = Template::door_spots(w, h, &t.doors).expect("checked");
                    ((w, h), spots)
                }
                (None, Some((w, h))) => {
                    let anywhere = Doors::Anywhere { corner_distance: 0 };
                    (
                        (w, h),
                        Template::door_spots(w, h, &anywhere).expect("on the wall"),
                    )
                }
                (None, None) => {
                    let mut w = uniform_inclusive(&mut rng, room_size.min..=room_size.max);
                    let mut h = uniform_inclusive(&mut rng, room_size.min..=room_size.max);
                    let anywhere = Doors::Anywhere { corner_distance: 0 };
                    loop {
                        let spots = Template::door_spots(w, h, &anywhere).expect("on the wall");
                        if Template::most_doors(&spots) >= degree[k] {
                            break ((w, h), spots);
                        }
                        if w <= h {
                            w += 1;
                        } else {
                            h += 1;
                        }
                    }
                }
            };
            sizes.push(size);
            spots.push(room_spots);
        }
        // A breadth-first tree from the first room: its edges are the tree's, the rest extra.
        let adjacency = design.adjacency();
        let mut reached = vec![false; n];
        let mut tree = std::collections::BTreeSet::new();
        let mut queue = std::collections::VecDeque::from([0u32]);
        reached[0] = true;
        while let Some(room) = queue.pop_front() {
            for &other in &adjacency[room as usize] {
                if !reached[other as usize] {
                    reached[other as usize] = true;
                    tree.insert((room.min(other), room.max(other)));
                    queue.push_back(other);
                }
            }
        }
        let edges: Vec<Edge> = design
            .edges
            .iter()
            .map(|e| Edge {
                a: e.a,
                b: e.b,
                kind: if tree.contains(&(e.a.min(e.b), e.a.max(e.b))) {
                    EdgeKind::Tree
                } else {
                    EdgeKind::Extra
                },
            })
            .collect();
        let count = n as u32;
        let with = |role| design.rooms.iter().position(|r| r.role == Some(role));
        let (start, goal) = (with(DesignRole::Start), with(DesignRole::Goal));
        let only = |room: usize| {
            let mut among = vec![false; n];
            among[room] = true;
            among
        };
        let analysis = match (start, goal) {
            (None, None) => analyse(count, &edges),
            (Some(start), None) => analyse_from(count, &edges, start as u32, &vec![true; n]),
            (Some(start), Some(goal)) => analyse_from(count, &edges, start as u32, &only(goal)),
            (None, Some(goal)) => {
                let far = analyse_from(count, &edges, goal as u32, &vec![true; n]).goal;
                analyse_from(count, &edges, far, &only(goal))
            }
        };
        let locked: Vec<bool> = design.edges.iter().map(|e| e.lock).collect();
        let one_way: Vec<bool> = design.edges.iter().map(|e| e.one_way).collect();
        let depth = locks::depths(count, &edges, &one_way, analysis.start).map_err(|room| {
            RoomsError::Design {
                reason: format!(
                    "room {} cannot be reached from the start, room {}, with one-way edges \
                     taken from their first room to their second only",
                    design.rooms[room as usize].name, design.rooms[analysis.start as usize].name
                ),
            }
        })?;
        let locks = locks::plan(count, &edges, &locked, &one_way, &depth, &analysis);
        let laid = layout::lay_out(design, &sizes, &spots, &mut rng)?;
        let sides = sizes.iter().flat_map(|&(w, h)| [w, h]);
        let room_size = super::RoomSize {
            min: sides.clone().min().unwrap_or(1),
            max: sides.max().unwrap_or(1),
        };
        Ok(Self {
            seed,
            params: super::Params {
                count,
                p: 0.0,
                max_doors: None,
                candidates: super::Candidates::All,
                room_size,
                locks: locks.len() as u32,
                cycles: 0,
                maze: None,
            },
            layout: Some(laid.layout),
            candidate_pairs: edges.len() as u64,
            edges,
            routes: Some(laid.routes),
            locks,
            maze: None,
            analysis: std::sync::OnceLock::from(analysis),
            names: design.rooms.iter().map(|r| r.name.clone()).collect(),
            one_way,
            prefabs: Vec::new(),
        })
    }
}
