//! Contents placed by rules ([`Contents`]): entities (a boss, treasure, monsters, anything a
//! game names) put into rooms by facts of the rooms' graph, each on a free floor tile.
//!
//! A rule names a `kind`, the rooms it may go in and how many to place:
//!
//! - `where`: `any` room (the default), the `farthest` from the start in hops (among those the
//!   other facts allow that have a free floor tile left), a `dead_end` (one door, neither the start nor the goal), the `start`
//!   room or the `goal` room;
//! - `on_main_path`: on (`true`) or off (`false`) a shortest way from the start to the goal;
//! - `hops = [a, b]`: `a` to `b` hops from the start, both included;
//! - `after_lock = k`: behind lock `k` (reached only through it); `before_lock = k`: reached
//!   from the start without passing lock `k` (one-way passages taken only their way);
//! - `floor`: on a dungeon, `"all"` floors (the default), the `"first"`, the `"last"` or floor
//!   `N` (from 1);
//! - `count`: `N` entities (the default 1), `[min, max]` (drawn), or `"all"`: one in every room
//!   the rule allows;
//! - `table = [{ item = "gold", weight = 3 }, ...]`: each entity's item, drawn by weight.
//!
//! Placement, for each rule in turn (on a dungeon, on each floor, with the floor's facts: its
//! start is its stairs up, its goal its stairs down), draws from stream [`CONTENTS_STREAM`] of
//! the level's seed, so contents move nothing else:
//!
//! 1. The rooms the rule allows, in increasing order; for `farthest`, the deepest of them with
//!    a free floor tile left.
//! 2. With `count = N` (or drawn from `[min, max]`), the rooms shuffled and taken in turn,
//!    round again while entities remain; with `"all"`, each room once.
//! 3. Each entity on a floor tile of its room drawn uniformly among those still free: a plain
//!    floor tile, never a door, lock, stairs, the start, the goal, a key or another entity, nor
//!    the room's first tile (where printed maps write its number) unless it is the only one.
//!    A level without tiles gives entities a room only.
//! 4. Its item drawn from the table by weight.
//!
//! A rule that finds fewer rooms or free tiles than it asks places what fits and says so
//! ([`Shortfall`]); a rule naming a lock or floor the level lacks is refused.

use super::{Adjacency, Level, LevelError, MapTile};
use crate::rng::{rng_for_stream, shuffle, uniform, uniform_inclusive};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// The seed stream contents are placed from.
pub const CONTENTS_STREAM: u64 = 8;

/// The most entities one rule may ask for on one floor.
pub const MAX_COUNT: u32 = 1 << 20;

/// The longest kind or item name, in characters.
pub const MAX_NAME: usize = 64;

/// A set of rules placing entities ([`Rule`]), as a rules file gives them (`[[rules]]` tables
/// in TOML, a `rules` array in JSON).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contents {
    /// The rules, applied in order.
    pub rules: Vec<Rule>,
}

/// Where a rule places its entities, and how many (see the module).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// What the entities are: a letter, then letters, digits, `_` or `-`.
    pub kind: String,
    /// Which rooms, before the other facts narrow them.
    #[serde(rename = "where", default)]
    pub place: Place,
    /// How many.
    #[serde(default)]
    pub count: Count,
    /// The items drawn for the entities, by weight; empty: no item.
    #[serde(default)]
    pub table: Vec<Item>,
    /// On (`true`) or off (`false`) a shortest way from the start to the goal.
    #[serde(default)]
    pub on_main_path: Option<bool>,
    /// Hops from the start, `[min, max]`, both included.
    #[serde(default)]
    pub hops: Option<[u32; 2]>,
    /// Behind lock number `k`.
    #[serde(default)]
    pub after_lock: Option<u32>,
    /// Reached without passing lock number `k`.
    #[serde(default)]
    pub before_lock: Option<u32>,
    /// Which floors of a dungeon.
    #[serde(default)]
    pub floor: FloorChoice,
}

/// The rooms a rule starts from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Every room.
    #[default]
    Any,
    /// The rooms farthest from the start, in hops, among those the other facts allow that
    /// have a free floor tile left (on a map with tiles).
    Farthest,
    /// Rooms with one door, other than the start and the goal.
    DeadEnd,
    /// The start's room (a dungeon floor's stairs up).
    Start,
    /// The goal's room (a dungeon floor's stairs down).
    Goal,
}

/// How many entities a rule places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exactly(u32),
    /// A number drawn uniformly from `min..=max`.
    Between(u32, u32),
    /// One in every room the rule allows.
    All,
}

impl Default for Count {
    fn default() -> Self {
        Self::Exactly(1)
    }
}

/// Which floors of a dungeon a rule applies to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FloorChoice {
    /// Every floor.
    #[default]
    All,
    /// The first floor.
    First,
    /// The last floor.
    Last,
    /// Floor `n`, from 1.
    Number(u32),
}

impl FloorChoice {
    /// Whether floor `floor` (from 0) of `floors` is chosen.
    fn holds(self, floor: u32, floors: u32) -> bool {
        match self {
            Self::All => true,
            Self::First => floor == 0,
            Self::Last => floor + 1 == floors,
            Self::Number(n) => floor + 1 == n,
        }
    }
}

/// One entry of a rule's table: an item and its weight.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// The item's name.
    pub item: String,
    /// Its weight, from 1 (the default).
    #[serde(default = "one")]
    pub weight: u32,
}

fn one() -> u32 {
    1
}

/// An entity placed on a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entity {
    /// Its rule's kind.
    pub kind: String,
    /// Its item, drawn from its rule's table.
    pub item: Option<String>,
    /// The room it lies in (the level's numbering).
    pub room: u32,
    /// Its tile `(x, y)`, on a level with tiles.
    pub at: Option<(u32, u32)>,
}

/// A rule that placed fewer entities than it asked for on a floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    /// The rule's number, from 1.
    pub rule: u32,
    /// Its kind.
    pub kind: String,
    /// The floor, from 0 (0 for a level alone).
    pub floor: u32,
    /// How many it asked for.
    pub wanted: u32,
    /// How many it placed.
    pub placed: u32,
}

/// The default rules: a boss in the room farthest from the start (on a dungeon's last floor),
/// treasure in every dead end, its item drawn from gold (6), a potion (3) and a weapon (1).
pub const DEFAULT_RULES: &str = r#"# The rules of --contents alone.
[[rules]]
kind = "boss"
where = "farthest"
floor = "last"

[[rules]]
kind = "treasure"
where = "dead_end"
count = "all"
table = [
  { item = "gold", weight = 6 },
  { item = "potion", weight = 3 },
  { item = "weapon", weight = 1 },
]
"#;

impl Contents {
    /// The default rules ([`DEFAULT_RULES`]).
    pub fn default_rules() -> Self {
        let contents: Self = toml::from_str(DEFAULT_RULES).expect("the default rules parse");
        contents.check().expect("the default rules hold");
        contents
    }

    /// Refuses rules that cannot be applied, naming the rule (`rule N`, from 1) and what is
    /// wrong: no rules, a kind or item not of the accepted form, an empty range, a weight of 0,
    /// a lock or floor numbered 0, a count above [`MAX_COUNT`].
    pub fn check(&self) -> Result<(), (String, String)> {
        if self.rules.is_empty() {
            return Err((
                "rules".into(),
                "no rules: expected at least one rule (a [[rules]] table in TOML, an entry of \
                 \"rules\" in JSON)"
                    .into(),
            ));
        }
        for (rule, n) in self.rules.iter().zip(1..) {
            rule.check()
                .map_err(|reason| (format!("rule {n} ({})", shown(&rule.kind)), reason))?;
        }
        Ok(())
    }

    /// Refuses, before any map is made, a rule that no map of `floors` floors numbering at
    /// most `locks` locks across them (where known: a designer's graph brings its own) could
    /// take: a floor beyond the last, a lock beyond the last. The same refusal as placing them
    /// on such a map would give, without the work of making it.
    pub fn check_for(&self, floors: u32, locks: Option<u32>) -> Result<(), LevelError> {
        for (rule, number) in self.rules.iter().zip(1..) {
            let refused = |reason: String| LevelError::Contents {
                rule: number,
                kind: rule.kind.clone(),
                reason,
            };
            if let FloorChoice::Number(n) = rule.floor
                && n > floors
            {
                return Err(refused(no_such_floor(n, floors)));
            }
            let Some(locks) = locks else { continue };
            for (key, lock) in [
                ("after_lock", rule.after_lock),
                ("before_lock", rule.before_lock),
            ] {
                if let Some(lock) = lock.filter(|&lock| lock > locks) {
                    return Err(refused(no_such_lock(key, lock, locks, floors)));
                }
            }
        }
        Ok(())
    }

    /// Places the entities of these rules on `level` alone (one floor), from its seed: the
    /// entities by rule, then where rules fell short. Refuses a rule naming a lock the level
    /// lacks or a floor other than the first.
    pub fn place(&self, level: &impl Level) -> Result<(Vec<Entity>, Vec<Shortfall>), LevelError> {
        place_on(level, self, (0, 1), &|_| None)
    }
}

/// `name` as a refusal shows it: cut after [`MAX_NAME`] characters, saying how long it was, so
/// that a name of a megabyte makes a line, not a megabyte of error; its control characters
/// escaped ([`escape_controls`]).
fn shown(name: &str) -> String {
    match name.char_indices().nth(MAX_NAME) {
        Some((end, _)) => format!(
            "{}... ({} characters)",
            escape_controls(&name[..end]),
            name.chars().count()
        ),
        None => escape_controls(name),
    }
}

/// `text` with its control characters escaped (a line break as the two characters `\n`), so
/// that a refusal echoing what a file wrote stays on one line.
pub(crate) fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

impl Rule {
    fn check(&self) -> Result<(), String> {
        let named = |name: &str, what: &str| -> Result<(), String> {
            let mut chars = name.chars();
            let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                && name.len() <= MAX_NAME;
            if well_formed {
                Ok(())
            } else {
                Err(format!(
                    "{what} {:?}: expected a letter, then letters, digits, _ or - (at most \
                     {MAX_NAME})",
                    shown(name)
                ))
            }
        };
        named(&self.kind, "kind")?;
        match self.count {
            Count::Exactly(n) | Count::Between(_, n) if n > MAX_COUNT => {
                return Err(format!("count {n}: expected at most {MAX_COUNT}"));
            }
            Count::Between(min, max) if min > max => {
                return Err(format!(
                    "count [{min}, {max}]: the smallest is larger than the largest; did you \
                     mean [{max}, {min}]?"
                ));
            }
            _ => {}
        }
        if let Some([a, b]) = self.hops
            && a > b
        {
            return Err(format!(
                "hops [{a}, {b}]: the smallest is larger than the largest; did you mean \
                 [{b}, {a}]?"
            ));
        }
        for (key, lock) in [
            ("after_lock", self.after_lock),
            ("before_lock", self.before_lock),
        ] {
            if lock == Some(0) {
                return Err(format!("{key} = 0: locks are numbered from 1"));
            }
        }
        if self.floor == FloorChoice::Number(0) {
            return Err("floor = 0: floors are numbered from 1".into());
        }
        let mut total = 0u64;
        for item in &self.table {
            named(&item.item, "item")?;
            if item.weight == 0 {
                return Err(format!(
                    "item {:?} has weight 0: expected a whole number from 1",
                    item.item
                ));
            }
            total += u64::from(item.weight);
        }
        if total > u64::from(u32::MAX) {
            return Err(format!(
                "the table's weights add up to {total}: expected at most {}",
                u32::MAX
            ));
        }
        Ok(())
    }
}

/// Why a rule's `floor = n` is refused on a dungeon of `floors` floors.
fn no_such_floor(n: u32, floors: u32) -> String {
    let have = match floors {
        1 => "is 1 floor".to_owned(),
        _ => format!("are {floors} floors"),
    };
    format!("floor = {n}, but there {have}")
}

/// Why a rule's `key = lock` (`after_lock` or `before_lock`) is refused on a map of `locks`
/// locks, or on a dungeon of `floors` floors that lacks it.
fn no_such_lock(key: &str, lock: u32, locks: u32, floors: u32) -> String {
    if floors > 1 {
        format!("{key} = {lock}, but no floor has lock {lock}")
    } else if locks == 0 {
        format!("{key} = {lock}, but the map has no locks")
    } else {
        format!("{key} = {lock}, but the map's locks are numbered 1 to {locks}")
    }
}

/// Where lock `k` stands seen from a level of a dungeon that lacks it: `Some(true)` if every
/// room of the level lies behind it, `Some(false)` if none does, `None` if no floor has it.
pub(super) type Elsewhere<'a> = &'a dyn Fn(u32) -> Option<bool>;

/// Places `contents` on `level`, floor `floor` of `floors` (from 0), from the level's seed
/// (see the module); `elsewhere` says where locks of other floors stand.
pub(super) fn place_on(
    level: &impl Level,
    contents: &Contents,
    (floor, floors): (u32, u32),
    elsewhere: Elsewhere<'_>,
) -> Result<(Vec<Entity>, Vec<Shortfall>), LevelError> {
    let mut facts = Facts::new(level);
    let mut rng = rng_for_stream(level.seed(), CONTENTS_STREAM);
    let tiles = level.tile_map();
    let bounds = level.room_bounds();
    // Every room's free floor tiles, found when first wanted.
    let mut free: BTreeMap<u32, Vec<(u32, u32)>> = BTreeMap::new();
    let (mut entities, mut short) = (Vec::new(), Vec::new());
    contents.check_for(floors, None)?;
    for (rule, number) in contents.rules.iter().zip(1..) {
        let refused = |reason: String| LevelError::Contents {
            rule: number,
            kind: rule.kind.clone(),
            reason,
        };
        let mut behind = Vec::new();
        for (lock, after) in [(rule.after_lock, true), (rule.before_lock, false)] {
            let Some(lock) = lock else { continue };
            let side = facts
                .behind(level, lock)
                .or_else(|| elsewhere(lock).map(|all| vec![all; facts.depth.len()]));
            let Some(side) = side else {
                let key = if after { "after_lock" } else { "before_lock" };
                let locks = level.locks().len() as u32;
                return Err(refused(no_such_lock(key, lock, locks, floors)));
            };
            behind.push((side, after));
        }
        if !rule.floor.holds(floor, floors) {
            continue;
        }
        let on_main = rule
            .on_main_path
            .map(|wanted| (facts.main_path(level).to_vec(), wanted));
        let analysis = level.analysis();
        let mut rooms: Vec<u32> = (0..facts.depth.len() as u32)
            .filter(|&room| {
                let r = room as usize;
                let placed = match rule.place {
                    Place::Any | Place::Farthest => true,
                    Place::DeadEnd => {
                        analysis.doors[r] == 1 && room != analysis.start && room != analysis.goal
                    }
                    Place::Start => room == analysis.start,
                    Place::Goal => room == analysis.goal,
                };
                placed
                    && rule
                        .hops
                        .is_none_or(|[a, b]| (a..=b).contains(&facts.depth[r]))
                    && on_main.as_ref().is_none_or(|(on, wanted)| on[r] == *wanted)
                    && behind.iter().all(|(side, after)| side[r] == *after)
            })
            .collect();
        if rule.place == Place::Farthest {
            // On a map with tiles, the farthest of those with a free tile left.
            if let Some(tiles) = &tiles {
                rooms.retain(|&room| {
                    let spots = free
                        .entry(room)
                        .or_insert_with(|| free_tiles(tiles, level, &bounds, room));
                    !spots.is_empty()
                });
            }
            let deepest = rooms.iter().map(|&room| facts.depth[room as usize]).max();
            rooms.retain(|&room| Some(facts.depth[room as usize]) == deepest);
        }
        let wanted = match rule.count {
            Count::All => rooms.len() as u32,
            Count::Exactly(n) => n,
            Count::Between(min, max) => uniform_inclusive(&mut rng, min..=max),
        };
        if rule.count != Count::All {
            shuffle(&mut rng, &mut rooms);
        }
        let mut placed = 0;
        let total: u32 = rule.table.iter().map(|item| item.weight).sum();
        if !rooms.is_empty() {
            for k in 0..wanted as usize {
                let room = rooms[k % rooms.len()];
                let at = match &tiles {
                    None => None,
                    Some(tiles) => {
                        let spots = free
                            .entry(room)
                            .or_insert_with(|| free_tiles(tiles, level, &bounds, room));
                        if spots.is_empty() {
                            continue;
                        }
                        let i = uniform(&mut rng, 0..spots.len());
                        Some(spots.remove(i))
                    }
                };
                let item = (total > 0).then(|| {
                    let mut pick = uniform(&mut rng, 0..total);
                    let mut items = rule.table.iter();
                    loop {
                        let item = items.next().expect("the weights add up to the total");
                        if pick < item.weight {
                            break item.item.clone();
                        }
                        pick -= item.weight;
                    }
                });
                entities.push(Entity {
                    kind: rule.kind.clone(),
                    item,
                    room,
                    at,
                });
                placed += 1;
            }
        }
        if placed < wanted {
            short.push(Shortfall {
                rule: number,
                kind: rule.kind.clone(),
                floor,
                wanted,
                placed,
            });
        }
    }
    Ok((entities, short))
}

/// The plain floor tiles of `room` in row order: its floor reached from its first tile within
/// its bounds, the marked tiles left out, and its first tile too unless it is the only one.
fn free_tiles(
    tiles: &super::TileMap,
    level: &impl Level,
    bounds: &[super::Rect],
    room: u32,
) -> Vec<(u32, u32)> {
    let (Some(first), Some(rect)) = (level.room_tile(room), bounds.get(room as usize)) else {
        return Vec::new();
    };
    let (w, h) = (rect.w as usize, rect.h as usize);
    let mut seen = vec![false; w * h];
    let index = |(x, y): (u32, u32)| (y - rect.y) as usize * w + (x - rect.x) as usize;
    let mut stack = vec![first];
    seen[index(first)] = true;
    let mut floor = Vec::new();
    while let Some((x, y)) = stack.pop() {
        floor.push((x, y));
        let steps = [
            (x.wrapping_add(1), y),
            (x.wrapping_sub(1), y),
            (x, y.wrapping_add(1)),
            (x, y.wrapping_sub(1)),
        ];
        for next in steps {
            if rect.contains(next)
                && !seen[index(next)]
                && tiles.is_floor(i64::from(next.0), i64::from(next.1))
            {
                seen[index(next)] = true;
                stack.push(next);
            }
        }
    }
    floor.retain(|&(x, y)| tiles.get(x, y) == MapTile::Room);
    // The room's first tile carries its number on printed maps: the last taken.
    if floor.len() > 1 {
        floor.retain(|&at| at != first);
    }
    floor.sort_unstable_by_key(|&(x, y)| (y, x));
    floor
}

/// The facts of a level's rooms that rules ask for, worked out when first asked.
struct Facts {
    depth: Vec<u32>,
    main_path: Option<Vec<bool>>,
    behind: BTreeMap<u32, Vec<bool>>,
}

impl Facts {
    fn new(level: &impl Level) -> Self {
        Self {
            depth: level.analysis().depth.clone(),
            main_path: None,
            behind: BTreeMap::new(),
        }
    }

    /// Whether each room lies on a shortest way from the start to the goal.
    fn main_path(&mut self, level: &impl Level) -> &[bool] {
        self.main_path.get_or_insert_with(|| {
            let analysis = level.analysis();
            let from_goal = search(level, analysis.goal, None, false);
            let hops = analysis.depth[analysis.goal as usize];
            (0..self.depth.len())
                .map(|r| from_goal[r].is_some_and(|d| self.depth[r] + d == hops))
                .collect()
        })
    }

    /// Whether each room lies behind lock `lock` (not reached from the start without passing
    /// it, one-way passages taken their way only), or `None` if the level lacks it.
    fn behind(&mut self, level: &impl Level, lock: u32) -> Option<Vec<bool>> {
        if let Some(side) = self.behind.get(&lock) {
            return Some(side.clone());
        }
        let edge = level.locks().iter().find(|l| l.number == lock)?.edge;
        let reached = search(level, level.analysis().start, Some(edge), true);
        let side: Vec<bool> = reached.iter().map(Option::is_none).collect();
        self.behind.insert(lock, side.clone());
        Some(side)
    }
}

/// Hops from `source` to every room of `level` (`None`: not reached), without edge `shut`,
/// one-way edges taken their way only if `directed`.
pub(super) fn search(
    level: &impl Level,
    source: u32,
    shut: Option<u32>,
    directed: bool,
) -> Vec<Option<u32>> {
    let edges = level.edges();
    let rooms = level.analysis().depth.len() as u32;
    let adjacency = Adjacency::new(
        rooms,
        edges.len(),
        |k| (edges[k].a, edges[k].b),
        |n, k| (n, k as u32),
    );
    let mut hops = vec![None; rooms as usize];
    hops[source as usize] = Some(0);
    let mut queue = std::collections::VecDeque::from([source]);
    while let Some(room) = queue.pop_front() {
        let d = hops[room as usize].expect("a queued room is reached");
        for &(next, k) in adjacency.of(room) {
            let backwards = directed && level.is_one_way(k) && edges[k as usize].b == room;
            if Some(k) == shut || backwards || hops[next as usize].is_some() {
                continue;
            }
            hops[next as usize] = Some(d + 1);
            queue.push_back(next);
        }
    }
    hops
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CountVisitor;
        impl<'de> Visitor<'de> for CountVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number, [min, max] or \"all\"")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Count, E> {
                u32::try_from(n)
                    .map(Count::Exactly)
                    .map_err(|_| E::custom(format!("count {n}: expected at most {MAX_COUNT}")))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Count, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom(format!("count {n}: expected a whole number from 0")))
                    .and_then(|n| self.visit_u64(n))
            }
            fn visit_str<E: de::Error>(self, word: &str) -> Result<Count, E> {
                if word == "all" {
                    Ok(Count::All)
                } else {
                    Err(E::custom(format!(
                        "count {word:?}: expected a whole number, [min, max] or \"all\""
                    )))
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Count, A::Error> {
                let bound = |n: Option<u32>| {
                    n.ok_or_else(|| de::Error::custom("count [min, max]: expected two numbers"))
                };
                let min = bound(seq.next_element()?)?;
                let max = bound(seq.next_element()?)?;
                if seq.next_element::<u32>()?.is_some() {
                    return Err(de::Error::custom("count [min, max]: expected two numbers"));
                }
                Ok(Count::Between(min, max))
            }
        }
        deserializer.deserialize_any(CountVisitor)
    }
}

impl<'de> Deserialize<'de> for FloorChoice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FloorVisitor;
        impl<'de> Visitor<'de> for FloorVisitor {
            type Value = FloorChoice;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"all\", \"first\", \"last\" or a floor number from 1")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<FloorChoice, E> {
                u32::try_from(n)
                    .map(FloorChoice::Number)
                    .map_err(|_| E::custom(format!("floor {n}: there are at most 256 floors")))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<FloorChoice, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom(format!("floor {n}: floors are numbered from 1")))
                    .and_then(|n| self.visit_u64(n))
            }
            fn visit_str<E: de::Error>(self, word: &str) -> Result<FloorChoice, E> {
                match word {
                    "all" => Ok(FloorChoice::All),
                    "first" => Ok(FloorChoice::First),
                    "last" => Ok(FloorChoice::Last),
                    _ => Err(E::custom(format!(
                        "floor {word:?}: expected \"all\", \"first\", \"last\" or a floor number \
                         from 1"
                    ))),
                }
            }
        }
        deserializer.deserialize_any(FloorVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rules_parse_and_hold() {
        let contents = Contents::default_rules();
        assert_eq!(contents.rules.len(), 2);
        assert_eq!(contents.rules[0].place, Place::Farthest);
        assert_eq!(contents.rules[0].count, Count::Exactly(1));
        assert_eq!(contents.rules[0].floor, FloorChoice::Last);
        assert_eq!(contents.rules[1].count, Count::All);
        assert_eq!(contents.rules[1].table.len(), 3);
    }

    #[test]
    fn rules_no_map_could_take_are_refused_before_one_is_made() {
        let rules = |text: &str| -> Contents { toml::from_str(text).unwrap() };
        let reason = |contents: &Contents, floors, locks| match contents.check_for(floors, locks) {
            Err(LevelError::Contents { rule, reason, .. }) => format!("rule {rule}: {reason}"),
            other => format!("{other:?}"),
        };
        let lock = rules("[[rules]]\nkind = \"a\"\n[[rules]]\nkind = \"b\"\nbefore_lock = 3\n");
        assert_eq!(
            reason(&lock, 1, Some(0)),
            "rule 2: before_lock = 3, but the map has no locks"
        );
        assert_eq!(
            reason(&lock, 1, Some(2)),
            "rule 2: before_lock = 3, but the map's locks are numbered 1 to 2"
        );
        assert_eq!(
            reason(&lock, 2, Some(2)),
            "rule 2: before_lock = 3, but no floor has lock 3"
        );
        assert!(lock.check_for(1, Some(3)).is_ok());
        // A designer's graph brings its own locks: not known before it is laid out.
        assert!(lock.check_for(1, None).is_ok());
        let floor = rules("[[rules]]\nkind = \"a\"\nfloor = 3\n");
        assert_eq!(
            reason(&floor, 2, None),
            "rule 1: floor = 3, but there are 2 floors"
        );
        assert!(floor.check_for(3, Some(0)).is_ok());
    }

    #[test]
    fn counts_and_floors_read_every_form() {
        let rule = |text: &str| -> Result<Rule, String> {
            toml::from_str(&format!("kind = \"x\"\n{text}")).map_err(|e| e.message().to_string())
        };
        assert_eq!(rule("count = 3").unwrap().count, Count::Exactly(3));
        assert_eq!(rule("count = [1, 4]").unwrap().count, Count::Between(1, 4));
        assert_eq!(rule("count = \"all\"").unwrap().count, Count::All);
        assert_eq!(rule("floor = 2").unwrap().floor, FloorChoice::Number(2));
        assert_eq!(rule("floor = \"first\"").unwrap().floor, FloorChoice::First);
        assert!(rule("count = \"some\"").unwrap_err().contains("\"all\""));
        assert!(rule("count = -1").unwrap_err().contains("from 0"));
        assert!(
            rule("count = [1, 2, 3]")
                .unwrap_err()
                .contains("two numbers")
        );
        let unknown = rule("wher = \"farthest\"").unwrap_err();
        assert!(unknown.contains("unknown field `wher`") && unknown.contains("`where`"));
        let fact = rule("where = \"far\"").unwrap_err();
        assert!(fact.contains("unknown variant `far`") && fact.contains("`dead_end`"));
    }

    #[test]
    fn checks_name_the_rule_and_what_is_wrong() {
        let check = |text: &str| {
            let contents: Contents = toml::from_str(text).unwrap();
            contents.check().unwrap_err()
        };
        let (at, reason) = check("[[rules]]\nkind = \"a\"\n[[rules]]\nkind = \"b\"\nhops = [4, 2]");
        assert_eq!(at, "rule 2 (b)");
        assert!(reason.contains("did you mean [2, 4]"), "{reason}");
        let (_, reason) = check("[[rules]]\nkind = \"9lives\"");
        assert!(reason.contains("expected a letter"), "{reason}");
        let (_, reason) = check("[[rules]]\nkind = \"a\"\ntable = [{ item = \"g\", weight = 0 }]");
        assert!(reason.contains("weight 0"), "{reason}");
        let (_, reason) = check("[[rules]]\nkind = \"a\"\nbefore_lock = 0");
        assert!(reason.contains("from 1"), "{reason}");
        let (at, _) = check("rules = []");
        assert_eq!(at, "rules");
    }
}
