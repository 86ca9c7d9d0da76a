//! Prefabs: fixed rooms drawn in text, as roguelike vault files draw them, placed on a room map
//! among the rooms drawn at random and kept exactly as drawn
//! ([`RoomOptions::prefabs`](super::RoomOptions::prefabs)).
//!
//! A prefab file is a drawing, one line a row of tiles:
//!
//! - `#` a wall, `.` floor, `+` a door socket, where the prefab joins the rest;
//! - a space is outside the prefab: nothing is built there (it stays rock), so a prefab need
//!   not be a rectangle and its lines may be of any length (the drawing is as wide as its
//!   longest line, shorter ones end in spaces);
//! - spaces at the end of a line and blank lines at the end are left out; a line may end in
//!   `\r\n`.
//!
//! What is refused, on one line naming the file, the line and the column: any other character,
//! an empty drawing, a drawing wider or taller than [`MAX_PREFAB_SIDE`], floor touching the
//! outside (a wall or a socket must stand between them), a socket that is not on the drawing's
//! edge (the first or last line or column, not a corner, with floor on its inner side), no
//! socket at all, and floor in two pieces.
//!
//! On a map the drawing's rectangle is a room ([`Rect`]): other rooms keep a tile of rock from
//! it, and the tile beyond each socket is the only wall tile a corridor or the maze between
//! the rooms may open onto. A socket no corridor or maze passage reaches stays a door onto
//! rock, as drawn.

use super::RoomsError;
use crate::level::{MapTile, Rect};

/// The most lines, and characters a line, of a prefab's drawing.
pub const MAX_PREFAB_SIDE: u32 = 256;

/// A tile of a prefab's drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrefabTile {
    /// A space: not part of the prefab; it stays rock.
    Outside,
    /// `#`: a wall.
    Wall,
    /// `.`: floor.
    Floor,
    /// `+`: a door socket, on the drawing's edge.
    Socket,
}

impl PrefabTile {
    /// The tile it is drawn as on a map.
    pub fn map_tile(self) -> MapTile {
        match self {
            Self::Outside | Self::Wall => MapTile::Rock,
            Self::Floor => MapTile::Room,
            Self::Socket => MapTile::Door,
        }
    }
}

/// A fixed room read from its drawing ([`Prefab::parse`]): walls, floor in one piece and door
/// sockets on its edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefab {
    name: String,
    width: u32,
    height: u32,
    tiles: Vec<PrefabTile>,
}

/// A prefab to place on a map, at the top-left tile `at` of its drawing, or where the seed
/// puts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefabPlacement {
    /// The prefab.
    pub prefab: Prefab,
    /// The map tile of its drawing's top-left corner; `None`: drawn at random, like a room.
    pub at: Option<(u32, u32)>,
}

/// The four steps: east, south, west, north.
const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

impl Prefab {
    /// Reads the drawing `text` of the file named `file` (see the module for what it holds and
    /// what is refused). The prefab is named after the file, its directories and extension left
    /// out.
    ///
    /// ```
    /// use mazegen::rooms::{Prefab, PrefabTile};
    ///
    /// let vault = Prefab::parse("#+#\n#.#\n###\n", "vaults/cell.txt").unwrap();
    /// assert_eq!((vault.name(), vault.width(), vault.height()), ("cell", 3, 3));
    /// assert_eq!(vault.tile(1, 0), PrefabTile::Socket);
    /// let refused = Prefab::parse("###\n#.#\n###\n", "closed.txt").unwrap_err();
    /// assert!(refused.to_string().starts_with("closed.txt: no door socket"), "{refused}");
    /// ```
    pub fn parse(text: &str, file: &str) -> Result<Self, RoomsError> {
        let refuse = |at: String, reason: String| RoomsError::PrefabFile {
            file: file.into(),
            at,
            reason,
        };
        // A byte-order mark, as some editors write, is no tile.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|line| {
                line.strip_suffix('\r')
                    .unwrap_or(line)
                    .trim_end_matches(' ')
            })
            .collect();
        while lines.last().is_some_and(|line| line.is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(RoomsError::PrefabFile {
                file: file.into(),
                at: String::new(),
                reason: "the drawing is empty; expected a room drawn with # (wall), . (floor) \
                         and + (door socket)"
                    .into(),
            });
        }
        if lines.len() > MAX_PREFAB_SIDE as usize {
            return Err(refuse(
                format!("line {}", MAX_PREFAB_SIDE + 1),
                format!("the drawing is taller than {MAX_PREFAB_SIDE} lines"),
            ));
        }
        let mut rows: Vec<Vec<PrefabTile>> = Vec::with_capacity(lines.len());
        for (y, line) in lines.iter().enumerate() {
            let mut row = Vec::new();
            for (x, c) in line.chars().enumerate() {
                if x >= MAX_PREFAB_SIDE as usize {
                    return Err(refuse(
                        format!("line {}, column {}", y + 1, x + 1),
                        format!("the drawing is wider than {MAX_PREFAB_SIDE} columns"),
                    ));
                }
                row.push(match c {
                    '#' => PrefabTile::Wall,
                    '.' => PrefabTile::Floor,
                    '+' => PrefabTile::Socket,
                    ' ' => PrefabTile::Outside,
                    _ => {
                        return Err(refuse(
                            format!("line {}, column {}", y + 1, x + 1),
                            format!(
                                "{} is not a prefab tile; expected # (wall), . (floor), + \
                                 (door socket) or a space (outside the prefab)",
                                shown(c)
                            ),
                        ));
                    }
                });
            }
            rows.push(row);
        }
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = rows.len();
        let mut tiles = Vec::with_capacity(width * height);
        for mut row in rows {
            row.resize(width, PrefabTile::Outside);
            tiles.extend(row);
        }
        let prefab = Self {
            name: name_of(file),
            width: width as u32,
            height: height as u32,
            tiles,
        };
        prefab.check().map_err(|(at, reason)| match at {
            Some((x, y)) => refuse(format!("line {}, column {}", y + 1, x + 1), reason),
            None => refuse(String::new(), reason),
        })?;
        Ok(prefab)
    }

    /// Refuses floor touching the outside, a socket off the edge, no socket, and floor in two
    /// pieces: where (column and line from 0) and why.
    fn check(&self) -> Result<(), (Option<(u32, u32)>, String)> {
        let mut sockets = 0;
        let mut floor = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                match self.tile(x, y) {
                    PrefabTile::Floor => {
                        if STEPS.iter().any(|&step| self.outside(x, y, step)) {
                            return Err((
                                Some((x, y)),
                                "floor (.) touches the outside of the prefab; expected a wall \
                                 (#) or a door socket (+) between its floor and the outside"
                                    .into(),
                            ));
                        }
                        floor.push((x, y));
                    }
                    PrefabTile::Socket => {
                        self.socket_step(x, y).map_err(|why| (Some((x, y)), why))?;
                        sockets += 1;
                    }
                    PrefabTile::Wall | PrefabTile::Outside => {}
                }
            }
        }
        if sockets == 0 {
            return Err((
                None,
                "no door socket (+); expected at least one on the drawing's edge, where the \
                 prefab joins the rest of the map"
                    .into(),
            ));
        }
        // Every floor tile reached from the first (a socket always has floor inside it).
        let at = |(x, y): (u32, u32)| (y * self.width + x) as usize;
        let mut seen = vec![false; self.tiles.len()];
        let mut stack = vec![floor[0]];
        seen[at(floor[0])] = true;
        while let Some((x, y)) = stack.pop() {
            for (dx, dy) in STEPS {
                let Some(next) = self.step(x, y, (dx, dy)) else {
                    continue;
                };
                if self.tile(next.0, next.1) == PrefabTile::Floor && !seen[at(next)] {
                    seen[at(next)] = true;
                    stack.push(next);
                }
            }
        }
        if let Some(&(x, y)) = floor.iter().find(|&&tile| !seen[at(tile)]) {
            let (fx, fy) = floor[0];
            return Err((
                Some((x, y)),
                format!(
                    "this floor (.) cannot be reached from the floor at line {}, column {} \
                     without leaving the prefab; expected its floor in one piece",
                    fy + 1,
                    fx + 1
                ),
            ));
        }
        Ok(())
    }

    /// The step out of the prefab through the socket at `(x, y)`, or why it is no socket.
    fn socket_step(&self, x: u32, y: u32) -> Result<(i32, i32), String> {
        let off: Vec<(i32, i32)> = STEPS
            .iter()
            .copied()
            .filter(|&step| self.step(x, y, step).is_none())
            .collect();
        let beside_space = |but: Option<(i32, i32)>| {
            STEPS.iter().any(|&step| {
                Some(step) != but
                    && self
                        .step(x, y, step)
                        .is_some_and(|(nx, ny)| self.tile(nx, ny) == PrefabTile::Outside)
            })
        };
        let [out] = off[..] else {
            return Err(if off.is_empty() && beside_space(None) {
                "a door socket (+) beside a space, inside the drawing's rectangle; expected \
                 sockets on the rectangle's edge (the first or last line, or the first or last \
                 column of its longest line)"
                    .into()
            } else if off.is_empty() {
                "a door socket (+) inside the drawing; expected sockets on its edge (the first \
                 or last line or column), where corridors reach them"
                    .into()
            } else {
                "a door socket (+) on a corner of the drawing; expected sockets on its edge \
                 with floor (.) on their inner side"
                    .into()
            });
        };
        if beside_space(Some(out)) {
            return Err(
                "a door socket (+) beside a space (outside the prefab); expected \
                 sockets on the drawing's edge, joining the outside only across it"
                    .into(),
            );
        }
        let inner = self.step(x, y, (-out.0, -out.1)).expect("inside");
        if self.tile(inner.0, inner.1) != PrefabTile::Floor {
            return Err(
                "a door socket (+) with no floor (.) on its inner side; expected floor \
                 beside every socket, opposite the edge"
                    .into(),
            );
        }
        Ok(out)
    }

    /// The tile one `step` from `(x, y)` within the drawing.
    fn step(&self, x: u32, y: u32, (dx, dy): (i32, i32)) -> Option<(u32, u32)> {
        let (nx, ny) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
        (nx < self.width && ny < self.height).then_some((nx, ny))
    }

    /// Whether one `step` from `(x, y)` lies outside the prefab: off the drawing, or a space.
    fn outside(&self, x: u32, y: u32, step: (i32, i32)) -> bool {
        self.step(x, y, step)
            .is_none_or(|(nx, ny)| self.tile(nx, ny) == PrefabTile::Outside)
    }

    /// Its name: its file's, without directories or extension.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The prefab of the drawing `lines` named `name`, as a document gives it back; refused
    /// as [`Prefab::parse`] refuses a file.
    pub(crate) fn from_lines(lines: &[impl AsRef<str>], name: &str) -> Result<Self, RoomsError> {
        let text: Vec<&str> = lines.iter().map(AsRef::as_ref).collect();
        let mut prefab = Self::parse(&text.join("\n"), name)?;
        prefab.name = name.to_string();
        Ok(prefab)
    }

    /// The drawing's width in tiles: its longest line.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The drawing's height in tiles: its lines.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The tile at column `x`, line `y` of the drawing (from 0).
    pub fn tile(&self, x: u32, y: u32) -> PrefabTile {
        self.tiles[(y * self.width + x) as usize]
    }

    /// Every door socket, in row order: its tile and the step out of the prefab through it.
    pub fn sockets(&self) -> impl Iterator<Item = ((u32, u32), (i32, i32))> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.tile(x, y) == PrefabTile::Socket)
            .map(|(x, y)| ((x, y), self.socket_step(x, y).expect("checked")))
    }

    /// The drawing's lines as read: `#`, `.`, `+` and spaces, each line as wide as the drawing.
    pub fn lines(&self) -> Vec<String> {
        self.tiles
            .chunks(self.width as usize)
            .map(|row| {
                row.iter()
                    .map(|tile| match tile {
                        PrefabTile::Outside => ' ',
                        PrefabTile::Wall => '#',
                        PrefabTile::Floor => '.',
                        PrefabTile::Socket => '+',
                    })
                    .collect()
            })
            .collect()
    }

    /// Every floor tile, in row order.
    pub fn floor(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.tile(x, y) == PrefabTile::Floor)
    }
}

/// A character as a refusal shows it: quoted, control characters escaped.
fn shown(c: char) -> String {
    format!("{:?}", c.to_string())
}

/// A file's name without directories or extension, or the whole name if that leaves nothing.
fn name_of(file: &str) -> String {
    let path = std::path::Path::new(file);
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .filter(|stem| !stem.is_empty())
        .unwrap_or_else(|| file.to_string())
}

/// A prefab placed on a map: the room it is, and the prefab.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placed {
    /// Its room.
    pub(crate) room: u32,
    /// The prefab.
    pub(crate) prefab: Prefab,
}

/// The wall tiles of `rooms` (on a map `width` tiles wide) that no corridor or maze may open
/// onto, sorted: every tile beside a prefab's rectangle but those beyond its sockets. The
/// first `placements.len()` rooms are the prefabs.
pub(crate) fn sealed(width: u32, rooms: &[Rect], placements: &[PrefabPlacement]) -> Vec<u32> {
    let mut sealed = Vec::new();
    for (room, placement) in rooms.iter().zip(placements) {
        let open: Vec<u32> = doorways(room, &placement.prefab)
            .map(|(x, y)| y * width + x)
            .collect();
        let (x0, y0) = (room.x - 1, room.y - 1);
        let (x1, y1) = (room.x + room.w, room.y + room.h);
        let ring = (room.x..x1)
            .flat_map(|x| [(x, y0), (x, y1)])
            .chain((room.y..y1).flat_map(|y| [(x0, y), (x1, y)]));
        sealed.extend(
            ring.map(|(x, y)| y * width + x)
                .filter(|tile| !open.contains(tile)),
        );
    }
    sealed.sort_unstable();
    sealed.dedup();
    sealed
}

/// The map tiles beyond the sockets of `prefab` drawn on `room`: where its corridors start.
pub(crate) fn doorways<'a>(
    room: &'a Rect,
    prefab: &'a Prefab,
) -> impl Iterator<Item = (u32, u32)> + 'a {
    prefab.sockets().map(move |((x, y), (dx, dy))| {
        (
            (room.x + x).wrapping_add_signed(dx),
            (room.y + y).wrapping_add_signed(dy),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        Prefab::parse(text, "v.txt").unwrap_err().to_string()
    }

    #[test]
    fn a_byte_order_mark_before_the_drawing_is_passed_over() {
        let plain = Prefab::parse("#+#\n#.#\n###\n", "cell.txt").unwrap();
        let marked = Prefab::parse("\u{feff}#+#\n#.#\n###\n", "cell.txt").unwrap();
        assert_eq!(marked, plain);
    }

    #[test]
    fn a_drawing_reads_with_ragged_lines_and_spaces_outside() {
        let text = "  #+#\n###.###\n+.....+\n#######\r\n\n";
        let prefab = Prefab::parse(text, "dir/hall.txt").unwrap();
        assert_eq!((prefab.width(), prefab.height()), (7, 4));
        assert_eq!(prefab.name(), "hall");
        assert_eq!(prefab.tile(0, 0), PrefabTile::Outside);
        assert_eq!(prefab.tile(6, 0), PrefabTile::Outside);
        let sockets: Vec<_> = prefab.sockets().collect();
        assert_eq!(
            sockets,
            [((3, 0), (0, -1)), ((0, 2), (-1, 0)), ((6, 2), (1, 0))]
        );
        assert_eq!(prefab.floor().count(), 6);
        assert_eq!(prefab.lines(), ["  #+#  ", "###.###", "+.....+", "#######"]);
    }

    #[test]
    fn every_refusal_names_the_file_the_line_and_the_column() {
        let cases = [
            ("", "v.txt: the drawing is empty"),
            ("\n  \n", "v.txt: the drawing is empty"),
            (
                "#+#\n#x#\n###",
                "v.txt, line 2, column 2: \"x\" is not a prefab tile",
            ),
            (
                "#+#\n#\t#\n###",
                "v.txt, line 2, column 2: \"\\t\" is not a prefab tile",
            ),
            ("###\n#.#\n###", "v.txt: no door socket"),
            (
                "#+#\n..#\n###",
                "v.txt, line 2, column 1: floor (.) touches the outside",
            ),
            (
                "#+# \n#..\n###",
                "v.txt, line 2, column 3: floor (.) touches the outside",
            ),
            (
                "###\n#+#\n#.#\n###",
                "v.txt, line 2, column 2: a door socket (+) inside",
            ),
            (
                "+##\n#.#\n###",
                "v.txt, line 1, column 1: a door socket (+) on a corner",
            ),
            (
                "#+#\n###\n#.#",
                "v.txt, line 1, column 2: a door socket (+) with no floor",
            ),
            (
                " #+##\n##.+ \n#...#\n#####",
                "v.txt, line 2, column 4: a door socket (+) beside a space",
            ),
            (
                "#+###\n#.#.#\n#####",
                "v.txt, line 2, column 4: this floor (.) cannot be reached from the floor at \
                 line 2, column 2",
            ),
        ];
        for (text, expected) in cases {
            let error = refused(text);
            assert!(error.starts_with(expected), "{text:?}: {error}");
            assert!(!error.contains('\n'), "{error}");
        }
        let wide = format!("#+{}\n#.#\n###", "#".repeat(300));
        assert!(refused(&wide).contains("line 1, column 257: the drawing is wider than 256"));
        let tall = format!("#+#\n{}###", "#.#\n".repeat(300));
        assert!(refused(&tall).contains("line 257: the drawing is taller than 256"));
    }

    #[test]
    fn only_the_tiles_beyond_the_sockets_are_open() {
        let prefab = Prefab::parse("#+#\n#.+\n###", "p").unwrap();
        let room = Rect {
            x: 2,
            y: 2,
            w: 3,
            h: 3,
        };
        let placement = PrefabPlacement { prefab, at: None };
        let sealed = sealed(10, &[room], std::slice::from_ref(&placement));
        // A ring of 12 tiles (corners left out), two of them open.
        assert_eq!(sealed.len(), 10);
        let open: Vec<_> = doorways(&room, &placement.prefab).collect();
        assert_eq!(open, [(3, 1), (5, 3)]);
        assert!(open.iter().all(|&(x, y)| !sealed.contains(&(y * 10 + x))));
    }

    /// A vault with sockets on three sides and a notch of outside in one corner.
    const VAULT: &str = "\
#####+###
#.......#
+...#...#
#...#...+
#.......# 
####+### 
";

    /// Checks the prefabs of `map` are drawn exactly, joined to the rest through their sockets
    /// only, and that every walkable tile of the map is reached from every other.
    fn check_map(map: &super::super::RoomMap, what: &str) {
        use crate::level::Level;
        let tiles = map.tile_map_with(&[]).unwrap();
        let layout = map.layout.as_ref().unwrap();
        let (width, height) = (tiles.width(), tiles.height());
        let mut inside = vec![false; (width * height) as usize];
        for placed in &map.prefabs {
            let (prefab, r) = (&placed.prefab, layout.rooms[placed.room as usize]);
            assert_eq!(map.prefab(placed.room), Some(prefab));
            for y in 0..prefab.height() {
                for x in 0..prefab.width() {
                    let (mx, my) = (r.x + x, r.y + y);
                    inside[(my * width + mx) as usize] = true;
                    let drawn = prefab.tile(x, y).map_tile();
                    assert_eq!(tiles.get(mx, my), drawn, "{what}: ({mx}, {my})");
                    // Only a socket has a walkable tile beyond the prefab.
                    for (dx, dy) in STEPS {
                        let out = prefab.step(x, y, (dx, dy)).is_none()
                            || prefab.tile(x.wrapping_add_signed(dx), y.wrapping_add_signed(dy))
                                == PrefabTile::Outside;
                        let (nx, ny) = (mx.wrapping_add_signed(dx), my.wrapping_add_signed(dy));
                        if out && drawn != MapTile::Rock && tiles.get(nx, ny) != MapTile::Rock {
                            assert_eq!(prefab.tile(x, y), PrefabTile::Socket, "{what}");
                        }
                    }
                }
            }
        }
        // Every walkable tile reached from the first.
        let walkable: Vec<u32> = (0..width * height)
            .filter(|&at| tiles.get(at % width, at / width) != MapTile::Rock)
            .collect();
        let mut seen = vec![false; (width * height) as usize];
        let mut stack = vec![walkable[0]];
        seen[walkable[0] as usize] = true;
        while let Some(at) = stack.pop() {
            let (x, y) = (at % width, at / width);
            for (nx, ny) in [
                (x + 1, y),
                (x.wrapping_sub(1), y),
                (x, y + 1),
                (x, y.wrapping_sub(1)),
            ] {
                if nx < width && ny < height {
                    let n = ny * width + nx;
                    if !seen[n as usize] && tiles.get(nx, ny) != MapTile::Rock {
                        seen[n as usize] = true;
                        stack.push(n);
                    }
                }
            }
        }
        for &at in &walkable {
            assert!(
                seen[at as usize],
                "{what}: ({}, {}) cut off",
                at % width,
                at / width
            );
        }
        assert!(walkable.iter().any(|&at| inside[at as usize]));
    }

    fn with_prefabs(at: &[Option<(u32, u32)>]) -> super::super::RoomOptions {
        let prefab = Prefab::parse(VAULT, "vault.txt").unwrap();
        super::super::RoomOptions {
            prefabs: at
                .iter()
                .map(|&at| PrefabPlacement {
                    prefab: prefab.clone(),
                    at,
                })
                .collect(),
            ..super::super::RoomOptions::default()
        }
    }

    #[test]
    fn prefabs_stay_as_drawn_and_join_only_through_their_sockets() {
        use super::super::{MazeFill, RoomMap};
        let placements: [&[Option<(u32, u32)>]; 3] = [
            &[None],
            &[Some((3, 2)), None],
            &[Some((1, 1)), Some((12, 1))],
        ];
        for at in placements {
            for seed in 0..25 {
                let options = with_prefabs(at);
                let map = RoomMap::generate(&options, seed).unwrap();
                check_map(&map, &format!("routed {at:?} seed {seed}"));
                for sparseness in [0.0, 0.5, 1.0] {
                    let maze = super::super::RoomOptions {
                        maze: Some(MazeFill {
                            sparseness: crate::Probability::new(sparseness).unwrap(),
                            ..MazeFill::default()
                        }),
                        ..options.clone()
                    };
                    let filled = RoomMap::generate(&maze, seed).unwrap();
                    // The maze keeps the rooms and corridors of the same seed.
                    assert_eq!(filled.layout, map.layout);
                    check_map(&filled, &format!("maze {sparseness} {at:?} seed {seed}"));
                }
            }
        }
    }

    #[test]
    fn a_prefab_at_a_place_is_there_and_a_seeded_one_moves_with_the_seed() {
        use super::super::RoomMap;
        let fixed = RoomMap::generate(&with_prefabs(&[Some((4, 5))]), 1).unwrap();
        let r = fixed.layout.as_ref().unwrap().rooms[0];
        assert_eq!((r.x, r.y, r.w, r.h), (4, 5, 9, 6));
        let again = RoomMap::generate(&with_prefabs(&[Some((4, 5))]), 1).unwrap();
        assert_eq!(fixed, again);
        let spots: std::collections::BTreeSet<_> = (0..10)
            .map(|seed| {
                let map = RoomMap::generate(&with_prefabs(&[None]), seed).unwrap();
                let r = map.layout.unwrap().rooms[0];
                (r.x, r.y)
            })
            .collect();
        assert!(spots.len() > 5, "{spots:?}");
    }

    #[test]
    fn prefabs_that_cannot_be_placed_are_refused() {
        use super::super::RoomMap;
        let refused = |options: &super::super::RoomOptions| {
            RoomMap::generate(options, 1).unwrap_err().to_string()
        };
        let sized = |at: &[Option<(u32, u32)>]| super::super::RoomOptions {
            width: Some(40),
            height: Some(30),
            ..with_prefabs(at)
        };
        let off = refused(&sized(&[Some((35, 3))]));
        assert!(
            off.starts_with("prefab vault at 35,3 leaves the map")
                && off.contains("expected X 1 to 30 and Y 1 to 23"),
            "{off}"
        );
        let corner = refused(&with_prefabs(&[Some((0, 4))]));
        assert!(corner.contains("at 0,4 leaves the map"), "{corner}");
        let overlap = refused(&with_prefabs(&[Some((2, 2)), Some((11, 8))]));
        assert!(
            overlap.starts_with("prefab vault at 11,8 overlaps prefab vault at 2,2"),
            "{overlap}"
        );
        let many = super::super::RoomOptions {
            count: 1,
            ..with_prefabs(&[None, None])
        };
        assert!(refused(&many).starts_with("2 prefabs among 1 rooms"));
        let small = |count: u32, at: &[Option<(u32, u32)>]| super::super::RoomOptions {
            width: Some(20),
            height: Some(10),
            count,
            room_size: super::super::RoomSize::new(2, 2).unwrap(),
            ..with_prefabs(at)
        };
        let second = refused(&small(2, &[None, None]));
        assert!(
            second.starts_with("no free spot for prefab vault (9x6 tiles) on a 20x10-tile map"),
            "{second}"
        );
        let narrow = super::super::RoomOptions {
            width: Some(10),
            ..small(1, &[None])
        };
        let crowded = refused(&small(6, &[None, None]));
        assert!(
            crowded.starts_with(
                "6 rooms, 2 of them prefabs, cannot fit on a 20x10-tile map: with their rock they \
                 need 176 tiles"
            ),
            "{crowded}"
        );
        let narrow = refused(&narrow);
        assert!(
            narrow.starts_with(
                "prefab vault (9x6 tiles) cannot fit on a map 10 tiles wide with a tile of rock \
                 around it; a map at least 11x8 tiles would do"
            ),
            "{narrow}"
        );
        let unmapped = super::super::RoomOptions {
            map: false,
            ..with_prefabs(&[None])
        };
        assert!(refused(&unmapped).starts_with("prefabs are placed on the tile map"));
    }
}
