//! Room placement: random rectangles on a tile map, at least one tile of rock between any two
//! rooms and between a room and the map's edge.

use super::{Layout, PrefabPlacement, RoomSize, RoomsError};
use crate::level::Rect;
use crate::rng::{MazeRng, uniform_inclusive};

/// How many random positions a room gets before placement gives up.
pub const PLACEMENT_TRIES: u32 = 1000;

/// The most tiles a map may have (2^30, as for mazes).
pub const MAX_MAP_TILES: u64 = 1 << 30;

/// An automatic map starts with this many times the tiles its rooms cover, counting one tile of
/// rock beside each room: rooms then fill about a third of it, leaving room for corridors, and
/// a random spot is free often enough that placement rarely runs out of tries.
const SPREAD: u128 = 3;

/// How many times an automatic map that turned out too small grows by a quarter (in area)
/// before placement gives up: a few big rooms can block a small map.
pub(crate) const GROWTHS: u32 = 8;

/// How many layouts a map that keeps its size gets before rooms walling one another in are an
/// error: the first and 99 more, drawn on from the same stream.
pub(crate) const LAYOUTS: u32 = 100;

/// Lays `count` rooms out, the `prefabs` first, on a map of `width x height` tiles (sized for
/// the rooms where not given, grown `growth` times), drawing from a fresh `rng()` for each try. A map sized
/// automatically grows when placement fails on it; a map whose size is given does not.
/// Returns the layout, how many times its map grew, and the generator it drew from, for more
/// layouts of the same size.
pub(crate) fn lay_out(
    count: u32,
    size: RoomSize,
    (width, height): (Option<u32>, Option<u32>),
    prefabs: &[PrefabPlacement],
    mut growth: u32,
    mut rng: impl FnMut() -> MazeRng,
) -> Result<(Layout, u32, MazeRng), RoomsError> {
    loop {
        let map = map_size(count, size, width, height, prefabs, growth)?;
        let mut drawn = rng();
        match place_rooms(count, size, map, prefabs, &mut drawn) {
            Ok(rooms) => {
                let layout = Layout {
                    width: map.0,
                    height: map.1,
                    rooms,
                };
                return Ok((layout, growth, drawn));
            }
            Err(_) if growth < GROWTHS && (width.is_none() || height.is_none()) => growth += 1,
            Err(error) => return Err(error),
        }
    }
}

/// The map size in tiles: `width` and `height` where given, otherwise sized for `count` rooms
/// (3:2, wider than high), `prefabs` among them, with its area grown by a quarter `growth`
/// times, and large enough for every prefab where it is placed. Refuses maps too small for
/// the rooms, whatever the placement, and maps over [`MAX_MAP_TILES`].
pub(crate) fn map_size(
    count: u32,
    size: RoomSize,
    width: Option<u32>,
    height: Option<u32>,
    prefabs: &[PrefabPlacement],
    growth: u32,
) -> Result<(u32, u32), RoomsError> {
    // Mean tiles per room with its rock, times 4: ((min + max) / 2 + 1)^2 * 4; a prefab's own.
    let footprint4 = u128::from(size.min + size.max + 2).pow(2);
    let drawn = u128::from(count) - prefabs.len() as u128;
    let fixed4: u128 = prefabs
        .iter()
        .map(|p| 4 * u128::from(p.prefab.width() + 1) * u128::from(p.prefab.height() + 1))
        .sum();
    let area = (drawn * footprint4 + fixed4) * SPREAD * 5u128.pow(growth);
    let area = area.div_ceil(4 * 4u128.pow(growth));
    let smallest = u128::from(size.max) + 2;
    // The least width and height every prefab needs, with its rock and where it is placed.
    let least = |side: fn(&PrefabPlacement) -> (u32, Option<u32>)| {
        prefabs
            .iter()
            .map(|p| {
                let (w, at) = side(p);
                u128::from(w) + u128::from(at.unwrap_or(1)) + 1
            })
            .max()
            .unwrap_or(0)
            .max(smallest)
    };
    let least_w = least(|p| (p.prefab.width(), p.at.map(|at| at.0)));
    let least_h = least(|p| (p.prefab.height(), p.at.map(|at| at.1)));
    let (width, height) = match (width, height) {
        (Some(w), Some(h)) => (u128::from(w), u128::from(h)),
        (Some(w), None) => (u128::from(w), area.div_ceil(u128::from(w)).max(least_h)),
        (None, Some(h)) => (area.div_ceil(u128::from(h)).max(least_w), u128::from(h)),
        (None, None) => {
            let w = (area * 3 / 2).isqrt().max(least_w);
            (w, area.div_ceil(w).max(least_h))
        }
    };
    let tiles = width * height;
    if tiles > u128::from(MAX_MAP_TILES) {
        return Err(RoomsError::MapTooLarge {
            width: width.min(u128::from(u64::MAX)) as u64,
            height: height.min(u128::from(u64::MAX)) as u64,
            tiles: tiles.min(u128::from(u64::MAX)) as u64,
            limit: MAX_MAP_TILES,
        });
    }
    let (width, height, smallest) = (width as u64, height as u64, smallest as u64);
    if width.min(height) < smallest {
        return Err(RoomsError::MapTooNarrow {
            width,
            height,
            room: size.max,
            least: smallest,
        });
    }
    // Every room with the rock to its right and below covers (w + 1) x (h + 1) tiles of the
    // (width - 1) x (height - 1) tiles right of and below the map's first column and row.
    let needed = (u64::from(count) - prefabs.len() as u64) * u64::from(size.min + 1).pow(2)
        + prefabs
            .iter()
            .map(|p| u64::from(p.prefab.width() + 1) * u64::from(p.prefab.height() + 1))
            .sum::<u64>();
    let available = (width - 1) * (height - 1);
    if needed > available && !prefabs.is_empty() {
        return Err(RoomsError::Prefab {
            reason: format!(
                "{count} rooms, {} of them prefabs, cannot fit on a {width}x{height}-tile map: \
                 with their rock they need {needed} tiles, the map has {available}; a larger \
                 map, fewer rooms or smaller ones would do",
                prefabs.len()
            ),
        });
    }
    if needed > available {
        return Err(RoomsError::MapTooCrowded {
            count,
            room: size.min,
            width,
            height,
            needed,
            available,
        });
    }
    Ok((width as u32, height as u32))
}

/// Places `count` rooms one after another on a `width x height` map, the `prefabs` first:
/// those with a place there, then the others, each on up to [`PLACEMENT_TRIES`] uniform
/// positions; then each room drawn at random draws its width and height uniformly from
/// `size`, then up to [`PLACEMENT_TRIES`] uniform positions. Each takes the first position
/// with a tile of rock between it and every room placed before. Gives up with an error rather
/// than trying forever.
pub(crate) fn place_rooms(
    count: u32,
    size: RoomSize,
    (width, height): (u32, u32),
    prefabs: &[PrefabPlacement],
    rng: &mut MazeRng,
) -> Result<Vec<Rect>, RoomsError> {
    let mut floor = Occupancy::new(width, height);
    let mut rooms = Vec::with_capacity(count as usize);
    let mut given = Vec::with_capacity(prefabs.len());
    for p in prefabs {
        let (w, h) = (p.prefab.width(), p.prefab.height());
        let Some((x, y)) = p.at else {
            given.push(None);
            continue;
        };
        let rect = Rect { x, y, w, h };
        // Checked for maps of a given size; an automatic map is sized for them.
        let fits = x >= 1 && y >= 1 && x + w < width && y + h < height;
        if !fits || !floor.is_clear_around(rect) {
            return Err(RoomsError::Prefab {
                reason: format!(
                    "prefab {} at {x},{y} does not fit on the {width}x{height}-tile map with a \
                     tile of rock around it; another place or a larger map would do",
                    p.prefab.name()
                ),
            });
        }
        floor.fill(rect);
        given.push(Some(rect));
    }
    for (p, at) in prefabs.iter().zip(given) {
        let (w, h) = (p.prefab.width(), p.prefab.height());
        let spot = at.or_else(|| {
            if w + 2 > width || h + 2 > height {
                return None;
            }
            (0..PLACEMENT_TRIES).find_map(|_| {
                let rect = Rect {
                    x: uniform_inclusive(rng, 1..=width - 1 - w),
                    y: uniform_inclusive(rng, 1..=height - 1 - h),
                    w,
                    h,
                };
                floor.is_clear_around(rect).then_some(rect)
            })
        });
        let Some(rect) = spot else {
            return Err(RoomsError::Prefab {
                reason: format!(
                    "no free spot for prefab {} ({w}x{h} tiles) on a {width}x{height}-tile map \
                     after {PLACEMENT_TRIES} random tries; a larger map, fewer rooms or a place \
                     for it (FILE@X,Y) would do",
                    p.prefab.name()
                ),
            });
        };
        floor.fill(rect);
        rooms.push(rect);
    }
    for room in prefabs.len() as u32..count {
        let w = uniform_inclusive(rng, size.min..=size.max);
        let h = uniform_inclusive(rng, size.min..=size.max);
        let spot = (0..PLACEMENT_TRIES).find_map(|_| {
            let rect = Rect {
                x: uniform_inclusive(rng, 1..=width - 1 - w),
                y: uniform_inclusive(rng, 1..=height - 1 - h),
                w,
                h,
            };
            floor.is_clear_around(rect).then_some(rect)
        });
        let Some(rect) = spot else {
            return Err(RoomsError::PlacementFailed {
                room,
                count,
                w,
                h,
                width,
                height,
                tries: PLACEMENT_TRIES,
            });
        };
        floor.fill(rect);
        rooms.push(rect);
    }
    Ok(rooms)
}

/// Which tiles are room floor, one bit per tile.
struct Occupancy {
    width: usize,
    bits: Vec<u64>,
}

impl Occupancy {
    fn new(width: u32, height: u32) -> Self {
        let tiles = width as usize * height as usize;
        Self {
            width: width as usize,
            bits: vec![0; tiles.div_ceil(64)],
        }
    }

    /// Whether `rect` and the ring of tiles around it are all free.
    fn is_clear_around(&self, rect: Rect) -> bool {
        (rect.y - 1..=rect.y + rect.h).all(|y| {
            let row = y as usize * self.width;
            (row + rect.x as usize - 1..=row + (rect.x + rect.w) as usize)
                .all(|at| self.bits[at / 64] & (1 << (at % 64)) == 0)
        })
    }

    fn fill(&mut self, rect: Rect) {
        for y in rect.y..rect.y + rect.h {
            let row = y as usize * self.width;
            for at in row + rect.x as usize..row + (rect.x + rect.w) as usize {
                self.bits[at / 64] |= 1 << (at % 64);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    const SIZE: RoomSize = RoomSize { min: 3, max: 8 };

    #[test]
    fn automatic_maps_grow_with_the_rooms() {
        let (w, h) = map_size(12, SIZE, None, None, &[], 0).unwrap();
        assert!(w > h && w >= 10 && h >= 10, "{w}x{h}");
        let (w2, h2) = map_size(1200, SIZE, None, None, &[], 0).unwrap();
        assert!(w2 > 9 * w && h2 > 9 * h, "{w2}x{h2}");
        assert_eq!(map_size(1, SIZE, Some(40), None, &[], 0).unwrap().0, 40);
        assert_eq!(map_size(1, SIZE, None, None, &[], 0).unwrap(), (13, 10));
        let (w4, h4) = map_size(12, SIZE, None, None, &[], 4).unwrap();
        assert!(w4 * h4 > 2 * w * h, "{w4}x{h4}");
    }

    #[test]
    fn maps_too_small_are_refused() {
        let narrow = map_size(1, SIZE, Some(9), Some(30), &[], 0)
            .unwrap_err()
            .to_string();
        assert!(narrow.contains("at least 10x10"), "{narrow}");
        let crowded = map_size(100, SIZE, Some(30), Some(30), &[], 0)
            .unwrap_err()
            .to_string();
        assert!(crowded.contains("100 rooms of at least 3x3"), "{crowded}");
        let huge = map_size(1 << 26, SIZE, None, None, &[], 0).unwrap_err();
        assert!(matches!(huge, RoomsError::MapTooLarge { .. }));
    }

    #[test]
    fn rooms_keep_rock_between_them_and_the_edge() {
        let mut rng = rng_from_seed(3);
        let size = map_size(60, SIZE, None, None, &[], 0).unwrap();
        let rooms = place_rooms(60, SIZE, size, &[], &mut rng).unwrap();
        for (i, a) in rooms.iter().enumerate() {
            assert!(a.x >= 1 && a.y >= 1 && a.x + a.w < size.0 && a.y + a.h < size.1);
            assert!((SIZE.min..=SIZE.max).contains(&a.w));
            for b in &rooms[i + 1..] {
                let apart_x = a.x + a.w < b.x || b.x + b.w < a.x;
                let apart_y = a.y + a.h < b.y || b.y + b.h < a.y;
                assert!(apart_x || apart_y, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn placement_gives_up_instead_of_looping() {
        // Six 3x3 rooms fit by area, but only four in any arrangement on a 12x12 map.
        let mut rng = rng_from_seed(3);
        let error = place_rooms(6, RoomSize { min: 3, max: 3 }, (12, 12), &[], &mut rng);
        assert!(matches!(error, Err(RoomsError::PlacementFailed { .. })));
        let given = lay_out(
            6,
            RoomSize { min: 3, max: 3 },
            (Some(12), Some(12)),
            &[],
            0,
            || rng_from_seed(3),
        );
        assert!(matches!(given, Err(RoomsError::PlacementFailed { .. })));
    }

    #[test]
    fn automatic_maps_grow_until_the_rooms_fit() {
        // Three rooms, two of them big, on the smallest automatic map: it grows when needed.
        let size = RoomSize { min: 3, max: 8 };
        for seed in 0..200 {
            let (layout, ..) =
                lay_out(3, size, (None, None), &[], 0, || rng_from_seed(seed)).unwrap();
            assert_eq!(layout.rooms.len(), 3);
        }
    }
}
