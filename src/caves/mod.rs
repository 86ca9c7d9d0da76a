//! Caves: caverns grown by a cellular automaton, joined into one by tunnels, with the roles,
//! locks and keys of room maps (a cave's caverns are its rooms).
//!
//! [`CaveMap::generate`] runs these steps:
//!
//! 1. **Fill** (stream [`FILL_STREAM`]): every tile inside the map's border is rock with
//!    probability `fill`; the border is rock.
//! 2. **Automaton**: `steps` times at once over the map, every tile counts the rock among its
//!    eight neighbours (outside the map counts as rock) and is rock next if it is rock and its
//!    count is one the [`Rule`] lets survive, or open and its count one the rule gives birth
//!    at. The default, `B5678/S45678`, is the classic 4-5 rule: rock where five of the nine
//!    tiles around are rock.
//! 3. **Caverns**: the 4-connected open regions; those under `min_size` tiles are filled with
//!    rock, the others numbered in the row order of their first tiles.
//! 4. **Tunnels**: every rock tile belongs to the cavern nearest it (in steps), and the caverns
//!    whose tiles meet are neighbours. Kruskal's algorithm joins them by the shortest tunnels,
//!    each dug from the meeting tiles back to the two floors, so long as it touches no tunnel
//!    of other caverns: the tiles then join the caverns exactly as the spanning tree of
//!    tunnels does. Caverns that no tunnel can reach without touching another (walled in by
//!    tiles beside three caverns: seen in caves a few tiles wide with caverns of a tile or
//!    two) are filled with rock, all but the largest part ([`CaveMap::left_out`]).
//! 5. **Locks** (stream [`LOCKS_STREAM`], only when asked for): planned on the tree of tunnels
//!    as on a room map's ([`Lock`]), each lock in its tunnel at the first tile on
//!    the side of the cavern it opens; keys lie before their locks.
//! 6. **Analysis**: start and goal (a farthest pair, or with locks the plan's), depths, dead
//!    ends, and so every cavern's [`Role`](crate::level::Role).
//!
//! ```
//! use mazegen::caves::{CaveMap, CaveOptions};
//!
//! let cave = CaveMap::generate(&CaveOptions::default(), 7).unwrap();
//! let tiles = cave.tile_map();
//! assert_eq!((tiles.width(), tiles.height()), (64, 40));
//! assert_eq!(cave.tunnels.len() + 1, cave.caverns.len());
//! ```

mod automaton;
mod caverns;
mod read_back;

pub use caverns::Tunnel;
pub(crate) use read_back::ReadParts;

use crate::Probability;
use crate::grid::grantable;
use crate::level::{
    Analysis, Edge, EdgeKind, Level, Lock, MapTile, Mark, Rect, TileMap, Wanted, analyse,
    most_locks, plan_locks,
};
use crate::rng::rng_for_stream;
use caverns::NONE;
use serde::Serialize;
use thiserror::Error;

/// The stream of the random fill.
pub const FILL_STREAM: u64 = 1;
/// The stream of the locks' plan.
pub const LOCKS_STREAM: u64 = 2;

/// The longest side of a cave, in tiles.
pub const MAX_SIDE: u32 = 16384;

/// The most automaton steps.
pub const MAX_STEPS: u32 = 1000;

/// The memory a cave takes per tile while it is made: the automaton's two maps, and four
/// numbers a tile for the caverns, their search and the tunnels.
const BYTES_PER_TILE: u64 = 2 + 4 * 4;

/// The memory a finished cave keeps per tile: its cavern number.
const KEPT_BYTES_PER_TILE: u64 = 4;

/// Which counts of rock neighbours (0 to 8) make a tile rock: `B` (birth) for an open tile,
/// `S` (survival) for a rock one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Bit `n` set: an open tile with `n` rock neighbours turns to rock.
    birth: u16,
    /// Bit `n` set: a rock tile with `n` rock neighbours stays rock.
    survive: u16,
}

impl Rule {
    /// Parses `B<digits>/S<digits>` (either part may list no digit), as in `B5678/S45678`.
    pub fn parse(value: &str) -> Result<Self, CavesError> {
        let bad = |reason: &str| CavesError::Rule {
            value: value.to_string(),
            reason: reason.to_string(),
        };
        let (birth, survive) = value
            .split_once('/')
            .ok_or_else(|| bad("expected B<digits>/S<digits>, as in B5678/S45678"))?;
        let digits = |part: &str, letter: char| -> Result<u16, CavesError> {
            let rest = part
                .strip_prefix(letter)
                .or_else(|| part.strip_prefix(letter.to_ascii_lowercase()))
                .ok_or_else(|| {
                    bad(&format!(
                        "expected {letter} and its counts (or {letter} alone for none) where \
                         {part:?} is"
                    ))
                })?;
            let mut bits = 0u16;
            for c in rest.chars() {
                match c.to_digit(10) {
                    Some(n @ 0..=8) if bits & (1 << n) == 0 => bits |= 1 << n,
                    Some(0..=8) => return Err(bad(&format!("{c} is given twice"))),
                    _ => return Err(bad(&format!("{c:?} is not a count of neighbours, 0 to 8"))),
                }
            }
            Ok(bits)
        };
        Ok(Self {
            birth: digits(birth, 'B')?,
            survive: digits(survive, 'S')?,
        })
    }

    /// Whether a tile, rock or not, with `neighbours` rock around it is rock next.
    fn rock_next(self, rock: bool, neighbours: u8) -> bool {
        let bits = if rock { self.survive } else { self.birth };
        bits & (1 << neighbours) != 0
    }

    /// The rule written as [`Rule::parse`] reads it.
    pub fn name(self) -> String {
        let digits = |bits: u16| -> String {
            (0..=8)
                .filter(|n| bits & (1 << n) != 0)
                .map(|n| char::from(b'0' + n as u8))
                .collect()
        };
        format!("B{}/S{}", digits(self.birth), digits(self.survive))
    }
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Rule {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Rule::parse(&name).map_err(serde::de::Error::custom)
    }
}

/// What cave to make.
#[derive(Debug, Clone, PartialEq)]
pub struct CaveOptions {
    /// Map width in tiles, 3 to [`MAX_SIDE`].
    pub width: u32,
    /// Map height in tiles, 3 to [`MAX_SIDE`].
    pub height: u32,
    /// The share of rock in the random fill.
    pub fill: Probability,
    /// The automaton's rule.
    pub rule: Rule,
    /// How many times the automaton runs, up to [`MAX_STEPS`].
    pub steps: u32,
    /// The fewest tiles a cavern keeps; smaller regions are filled.
    pub min_size: u32,
    /// How many tunnels are locked, up to half the caverns.
    pub locks: u32,
}

impl Default for CaveOptions {
    /// A 64x40 cave of the 4-5 rule from 45% rock after 4 steps, caverns of 16 tiles or more.
    fn default() -> Self {
        Self {
            width: 64,
            height: 40,
            fill: Probability::new(0.45).expect("a probability"),
            rule: Rule::parse("B5678/S45678").expect("a rule"),
            steps: 4,
            min_size: 16,
            locks: 0,
        }
    }
}

/// The parameters a cave was made with.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct CaveParams {
    /// Map width in tiles.
    pub width: u32,
    /// Map height in tiles.
    pub height: u32,
    /// The share of rock in the random fill.
    pub fill: f64,
    /// The automaton's rule.
    pub rule: Rule,
    /// Automaton steps.
    pub steps: u32,
    /// The fewest tiles a cavern keeps.
    pub min_size: u32,
    /// Locked tunnels.
    pub locks: u32,
}

impl CaveOptions {
    /// The parameters of these options, or why no cave can be made of them: everything that
    /// can be known before the work. How many caverns there are, and so how many locks fit, is
    /// known once the caverns are.
    pub fn check(&self) -> Result<CaveParams, CavesError> {
        for side in [self.width, self.height] {
            if !(3..=MAX_SIDE).contains(&side) {
                return Err(CavesError::Size {
                    width: self.width,
                    height: self.height,
                });
            }
        }
        if self.steps > MAX_STEPS {
            return Err(CavesError::Steps { steps: self.steps });
        }
        let bytes = u64::from(self.width) * u64::from(self.height) * BYTES_PER_TILE;
        if !grantable(bytes) {
            return Err(CavesError::OutOfMemory {
                width: self.width,
                height: self.height,
                bytes,
            });
        }
        Ok(CaveParams {
            width: self.width,
            height: self.height,
            fill: self.fill.get(),
            rule: self.rule,
            steps: self.steps,
            min_size: self.min_size,
            locks: self.locks,
        })
    }

    /// Refuses, before any floor is made, a dungeon of `floors` caves the machine will not hold:
    /// every floor made keeps a cavern number per tile while the next one is worked on.
    pub fn check_floors(&self, floors: u32) -> Result<(), CavesError> {
        let tiles = u64::from(self.width) * u64::from(self.height);
        let kept = u64::from(floors.saturating_sub(1)) * tiles * KEPT_BYTES_PER_TILE;
        let bytes = kept + tiles * BYTES_PER_TILE;
        if floors > 1 && !grantable(bytes) {
            return Err(CavesError::DungeonOutOfMemory {
                floors,
                width: self.width,
                height: self.height,
                bytes,
            });
        }
        Ok(())
    }
}

/// A cavern: a 4-connected region of floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cavern {
    /// The smallest rectangle holding its floor.
    pub bounds: Rect,
    /// Its floor tiles.
    pub floor: u64,
    /// Its first floor tile in row order, `(x, y)`.
    pub first: (u32, u32),
}

/// A cave: caverns and the tunnels of a spanning tree between them, with roles, locks and keys.
#[derive(Debug, Clone)]
pub struct CaveMap {
    /// The seed it was made from.
    pub seed: u64,
    /// The parameters it was made with.
    pub params: CaveParams,
    /// Every tile's cavern, row by row ([`NONE`] for rock and tunnels).
    cavern: Vec<u32>,
    /// The caverns, numbered in the row order of their first tiles.
    pub caverns: Vec<Cavern>,
    /// The tunnels, edge `k`'s at index `k`.
    pub tunnels: Vec<Tunnel>,
    /// The tree of tunnels as edges between caverns, in the order dug.
    pub edges: Vec<Edge>,
    /// The locks by number (lock `k` at index `k - 1`), on the edges.
    pub locks: Vec<Lock>,
    /// Caverns filled with rock because no tunnel could reach them without touching another's
    /// (step 4): none but in narrow caves of small caverns.
    pub left_out: u32,
    analysis: Analysis,
}

impl CaveMap {
    /// Makes the cave of `options` from `seed`: the same options and seed always give the same
    /// cave. Refuses options that cannot work before the work ([`CaveOptions::check`]), and a
    /// cave with no cavern or too few caverns for its locks once its caverns are known.
    pub fn generate(options: &CaveOptions, seed: u64) -> Result<Self, CavesError> {
        let params = options.check()?;
        let (width, height) = (params.width, params.height);
        let mut rock = automaton::fill(
            width,
            height,
            params.fill,
            &mut rng_for_stream(seed, FILL_STREAM),
        );
        let mut next = vec![0u8; rock.len()];
        for _ in 0..params.steps {
            automaton::step(&rock, width, params.rule, &mut next);
            std::mem::swap(&mut rock, &mut next);
        }
        drop(next);
        let (mut cavern, sizes) = caverns::caverns(&mut rock, width, params.min_size);
        drop(rock);
        if sizes.is_empty() {
            return Err(CavesError::NoCavern {
                min_size: params.min_size,
            });
        }
        let (mut tunnels, kept) = caverns::tunnels(&cavern, width, &sizes);
        let left_out = kept.iter().filter(|&&keep| !keep).count() as u32;
        // Number the kept caverns anew, in order.
        let mut renumber = vec![NONE; sizes.len()];
        let mut count = 0u32;
        for (old, &keep) in kept.iter().enumerate() {
            if keep {
                renumber[old] = count;
                count += 1;
            }
        }
        let mut bounds = vec![(u32::MAX, u32::MAX, 0u32, 0u32); count as usize];
        let mut floor = vec![0u64; count as usize];
        let mut first = vec![(0, 0); count as usize];
        for (at, c) in cavern.iter_mut().enumerate() {
            if *c == NONE {
                continue;
            }
            *c = renumber[*c as usize];
            if *c == NONE {
                continue;
            }
            let (x, y) = ((at % width as usize) as u32, (at / width as usize) as u32);
            let b = &mut bounds[*c as usize];
            *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
            if floor[*c as usize] == 0 {
                first[*c as usize] = (x, y);
            }
            floor[*c as usize] += 1;
        }
        for tunnel in &mut tunnels {
            tunnel.a = renumber[tunnel.a as usize];
            tunnel.b = renumber[tunnel.b as usize];
        }
        let caverns: Vec<Cavern> = bounds
            .iter()
            .zip(floor.iter().zip(first))
            .map(|(&(x0, y0, x1, y1), (&floor, first))| Cavern {
                bounds: Rect {
                    x: x0,
                    y: y0,
                    w: x1 - x0 + 1,
                    h: y1 - y0 + 1,
                },
                floor,
                first,
            })
            .collect();
        if params.locks > most_locks(count) {
            return Err(CavesError::TooManyLocks {
                locks: params.locks,
                caverns: count,
                most: most_locks(count),
            });
        }
        let edges: Vec<Edge> = tunnels
            .iter()
            .map(|t| Edge {
                a: t.a,
                b: t.b,
                kind: EdgeKind::Tree,
            })
            .collect();
        let (analysis, locks) = if params.locks > 0 {
            let mut rng = rng_for_stream(seed, LOCKS_STREAM);
            let plan = plan_locks(count, &edges, params.locks, &mut rng);
            let analysis = plan.analyse(count, &edges);
            let locks = plan.locks(&analysis);
            (analysis, locks)
        } else {
            (analyse(count, &edges), Vec::new())
        };
        Ok(Self {
            seed,
            params,
            cavern,
            caverns,
            tunnels,
            edges,
            locks,
            left_out,
            analysis,
        })
    }

    /// The tiles of tunnel `k`, `(x, y)`, from cavern `a`'s side to `b`'s.
    pub fn tunnel_tiles(&self, k: usize) -> impl ExactSizeIterator<Item = (u32, u32)> + Clone + '_ {
        let w = self.params.width;
        self.tunnels[k]
            .tiles
            .iter()
            .map(move |&at| (at % w, at / w))
    }

    /// The cave drawn as tiles: rock, cavern floors, tunnels, locks and the marks
    /// ([`Level::tile_map`], which a cave always has).
    pub fn tile_map(&self) -> TileMap {
        Level::tile_map(self).expect("a cave has tiles")
    }

    /// The tile of `lock`: the first of its tunnel on the side of the cavern it opens.
    pub fn lock_door(&self, lock: &Lock) -> (u32, u32) {
        let at = self.tunnels[lock.edge as usize].door_towards(lock.behind);
        (at % self.params.width, at / self.params.width)
    }
}

/// A cave as a level: its caverns are the rooms, its tunnels the corridors.
impl Level for CaveMap {
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The cave drawn as tiles: rock, cavern floors, tunnels, locks, and `marks` on the cavern
    /// floors.
    fn tile_map_with(&self, marks: &[Mark]) -> Option<TileMap> {
        let mut tiles: Vec<MapTile> = self
            .cavern
            .iter()
            .map(|&c| {
                if c == NONE {
                    MapTile::Rock
                } else {
                    MapTile::Room
                }
            })
            .collect();
        for tunnel in &self.tunnels {
            for &at in &tunnel.tiles {
                tiles[at as usize] = MapTile::Corridor;
            }
        }
        let w = self.params.width;
        for lock in &self.locks {
            let (x, y) = CaveMap::lock_door(self, lock);
            tiles[(y * w + x) as usize] = MapTile::Lock;
        }
        for mark in marks {
            let (x, y) = mark.at;
            tiles[(y * w + x) as usize] = mark.tile;
        }
        Some(TileMap::new(w, tiles))
    }

    fn room_bounds(&self) -> Vec<Rect> {
        self.caverns.iter().map(|c| c.bounds).collect()
    }

    fn room_tile(&self, room: u32) -> Option<(u32, u32)> {
        Some(self.caverns[room as usize].first)
    }

    fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Start, goal, depths and dead ends of the tree of caverns.
    fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn locks(&self) -> &[Lock] {
        &self.locks
    }

    fn lock_door(&self, lock: &Lock) -> Option<(u32, u32)> {
        Some(CaveMap::lock_door(self, lock))
    }

    /// Each cavern's marks from the floor tile nearest its centre on, in row order, wrapping
    /// round, those past its floor left out.
    fn place_marks(&self, wanted: &[Wanted]) -> Option<Vec<Mark>> {
        let w = self.params.width as usize;
        // Each marked cavern's floor in row order (only those: marks are few).
        let mut floors: std::collections::BTreeMap<u32, Vec<u32>> =
            wanted.iter().map(|&(c, _, _)| (c, Vec::new())).collect();
        for (at, c) in self.cavern.iter().enumerate() {
            if let Some(floor) = floors.get_mut(c) {
                floor.push(at as u32);
            }
        }
        let mut placed: std::collections::BTreeMap<u32, usize> = Default::default();
        let mut marks = Vec::with_capacity(wanted.len());
        for &(c, tile, lock) in wanted {
            let floor = &floors[&c];
            let n = placed.entry(c).or_default();
            if *n >= floor.len() {
                continue;
            }
            let bounds = self.caverns[c as usize].bounds;
            // Twice the centre, to stay in integers.
            let (cx, cy) = (2 * bounds.x + bounds.w - 1, 2 * bounds.y + bounds.h - 1);
            let nearest = (0..floor.len())
                .min_by_key(|&i| {
                    let (x, y) = (
                        (floor[i] as usize % w) as u32,
                        (floor[i] as usize / w) as u32,
                    );
                    let (dx, dy) = ((2 * x).abs_diff(cx), (2 * y).abs_diff(cy));
                    u64::from(dx) * u64::from(dx) + u64::from(dy) * u64::from(dy)
                })
                .expect("a cavern has floor");
            let at = floor[(nearest + *n) % floor.len()] as usize;
            *n += 1;
            marks.push(Mark {
                tile,
                room: c,
                at: ((at % w) as u32, (at / w) as u32),
                lock,
            });
        }
        Some(marks)
    }
}

/// A cave request that mazegen refuses.
#[derive(Debug, Error, Clone, PartialEq)]
#[non_exhaustive]
pub enum CavesError {
    /// A refusal of the maze floors (memory for the cave's map).
    #[error(transparent)]
    Maze(#[from] crate::grid::MazeError),

    /// A dungeon of caves that cannot be made as asked (its floors).
    #[error(transparent)]
    Level(#[from] crate::level::LevelError),

    /// A side outside 3 to [`MAX_SIDE`] tiles.
    #[error("a {width}x{height}-tile cave: each side must be 3 to {MAX_SIDE} tiles")]
    Size {
        /// Width in tiles.
        width: u32,
        /// Height in tiles.
        height: u32,
    },

    /// An automaton rule that does not parse.
    #[error("{value:?} is not a rule: {reason}")]
    Rule {
        /// The rule as given.
        value: String,
        /// What is wrong and what would be accepted.
        reason: String,
    },

    /// More steps than [`MAX_STEPS`].
    #[error("{steps} steps: expected 0 to {MAX_STEPS} (caves settle in a few)")]
    Steps {
        /// The rejected steps.
        steps: u32,
    },

    /// A cave too large for the memory.
    #[error("not enough memory for a {width}x{height}-tile cave ({bytes} bytes needed)")]
    OutOfMemory {
        /// Width in tiles.
        width: u32,
        /// Height in tiles.
        height: u32,
        /// The memory it needs.
        bytes: u64,
    },

    /// A dungeon of caves too large for the memory.
    #[error(
        "not enough memory for a dungeon of {floors} floors of {width}x{height}-tile caves \
         ({bytes} bytes needed)"
    )]
    DungeonOutOfMemory {
        /// The floors.
        floors: u32,
        /// Width in tiles.
        width: u32,
        /// Height in tiles.
        height: u32,
        /// The memory it needs.
        bytes: u64,
    },

    /// Nothing open is left.
    #[error(
        "the cave is solid rock: no open region of {min_size} tiles or more is left; less fill, \
         a smaller minimum size, another rule or another seed would leave one"
    )]
    NoCavern {
        /// The fewest tiles a cavern keeps.
        min_size: u32,
    },

    /// More locks than the caverns take.
    #[error(
        "{locks} {} in a cave of {caverns} {}: it takes at most {most} (half the caverns); \
         fewer locks, a larger cave, more fill or a smaller minimum cavern size would do",
        if *locks == 1 { "lock" } else { "locks" },
        if *caverns == 1 { "cavern" } else { "caverns" }
    )]
    TooManyLocks {
        /// The locks asked for.
        locks: u32,
        /// The caverns.
        caverns: u32,
        /// The most locks they take.
        most: u32,
    },
}
