//! What a room map may not exceed, and the checks that refuse it. Every figure the options
//! decide (the rooms, the expected connections, the map, the expected corridor tiles) is checked
//! before any room is placed; the corridors of the laid-out map are checked once more when
//! their length is known.

use super::place;
use super::{Candidates, Layout, RoomSize, RoomsError, default_p};
use crate::level::{Edge, Rect};

/// `len` copies of `value` for work on a `width x height`-tile map, or
/// [`RoomsError::MapOutOfMemory`] when the machine refuses them.
pub(crate) fn map_vec<T: Clone>(
    width: u32,
    height: u32,
    len: usize,
    value: T,
) -> Result<Vec<T>, RoomsError> {
    let mut items = Vec::new();
    items
        .try_reserve_exact(len)
        .map_err(|_| RoomsError::MapOutOfMemory {
            width,
            height,
            bytes: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
        })?;
    items.resize(len, value);
    Ok(items)
}

/// The most rooms a map may have (2^26).
pub const MAX_ROOMS: u32 = 1 << 26;

/// The most edges a room graph may have on average for its `count` and `p` (2^26).
pub const MAX_EDGES: u64 = 1 << 26;

/// The most corridor tiles a map may have (2^28).
pub const MAX_CORRIDOR_TILES: u64 = 1 << 28;

/// Checks a number of rooms: 1 to [`MAX_ROOMS`].
pub fn check_count(count: u64) -> Result<u32, RoomsError> {
    u32::try_from(count)
        .ok()
        .filter(|count| (1..=MAX_ROOMS).contains(count))
        .ok_or(RoomsError::Count {
            count,
            limit: MAX_ROOMS,
        })
}

/// Refuses door limits no connected graph of `count` rooms can meet: a tree needs a door per
/// room, and a room with two doors once there are more than two rooms.
pub(crate) fn check_max_doors(max_doors: Option<u32>, count: u32) -> Result<(), RoomsError> {
    let refuse = |max_doors, reason, needed| {
        Err(RoomsError::MaxDoors {
            max_doors,
            count,
            reason,
            needed,
        })
    };
    match max_doors {
        Some(0) if count > 1 => refuse(0, "no room may have a door", 1),
        Some(1) if count > 2 => refuse(1, "one door per room only pairs rooms off", 2),
        _ => Ok(()),
    }
}

/// The expected number of edges: `count - 1` tree edges plus `p` times the other candidate
/// pairs (a Delaunay triangulation has fewer than `3 count`), before any door limit.
fn expected_edges(count: u32, p: f64, candidates: Candidates) -> u64 {
    let n = u64::from(count);
    let pairs = match candidates {
        Candidates::All => n * (n - 1) / 2,
        Candidates::Delaunay => 3 * n,
    };
    n - 1 + (p * (pairs - (n - 1)) as f64) as u64
}

/// Refuses graphs expected to have more than [`MAX_EDGES`] edges.
pub(crate) fn check_edges(count: u32, p: f64, candidates: Candidates) -> Result<(), RoomsError> {
    let expected = expected_edges(count, p, candidates);
    if expected > MAX_EDGES {
        return Err(RoomsError::TooManyEdges {
            count,
            p: p.to_string(),
            expected,
            limit: MAX_EDGES,
            most_rooms: most_rooms_at_default_p(candidates),
        });
    }
    Ok(())
}

/// The most rooms whose expected edges at the default p stay within [`MAX_EDGES`] (the
/// expectation grows with the count): 7,526,002 for `all`, [`MAX_ROOMS`] less a few dozen for
/// `delaunay`.
pub(crate) fn most_rooms_at_default_p(candidates: Candidates) -> u32 {
    let fits = |count| expected_edges(count, default_p(count), candidates) <= MAX_EDGES;
    let (mut fitting, mut over) = (1, MAX_ROOMS + 1);
    if fits(MAX_ROOMS) {
        return MAX_ROOMS;
    }
    while over - fitting > 1 {
        let middle = fitting + (over - fitting) / 2;
        if fits(middle) {
            fitting = middle;
        } else {
            over = middle;
        }
    }
    fitting
}

/// Refuses maps too large or too small for the rooms ([`place::map_size`]), and corridors
/// expected to cover clearly more than [`MAX_CORRIDOR_TILES`], from the options alone.
///
/// The expected corridor tiles are the expected edges (the tree's alone under a door limit)
/// times the mean corridor of a candidate pair on a map of the size given or first chosen
/// (growing a map only lengthens corridors). For `all` this is within a few percent of the
/// tiles counted after placement; for `delaunay` it errs low. Refusing only beyond an eighth
/// over the limit leaves the requests near it to that count.
pub(crate) fn check_map_and_corridors(
    count: u32,
    p: f64,
    max_doors: Option<u32>,
    candidates: Candidates,
    room_size: RoomSize,
    (width, height): (Option<u32>, Option<u32>),
    prefabs: &[super::PrefabPlacement],
) -> Result<(), RoomsError> {
    let (width, height) = place::map_size(count, room_size, width, height, prefabs, 0)?;
    let edges = match max_doors {
        None => expected_edges(count, p, candidates),
        Some(_) => u64::from(count) - 1,
    };
    let length = match candidates {
        // Centres of rooms up to `max` tiles wide lie in `width - 2 - max` columns (and as many
        // rows), scattered uniformly: two random rooms are a third of that apart on average.
        Candidates::All => {
            let span = |side: u32| f64::from(side.saturating_sub(2 + room_size.max));
            (span(width) + span(height)) / 3.0
        }
        // Neighbours are about the rooms' spacing apart; their corridors measured 1.44 to 1.72
        // times that, from rooms scattered over the map to rooms in one line.
        Candidates::Delaunay => {
            1.4 * (f64::from(width) * f64::from(height) / f64::from(count)).sqrt()
        }
    };
    let tiles = (edges as f64 * length) as u64;
    if tiles > MAX_CORRIDOR_TILES + MAX_CORRIDOR_TILES / 8 {
        return Err(RoomsError::TooManyCorridorTiles {
            count,
            tiles,
            expected: true,
            limit: MAX_CORRIDOR_TILES,
        });
    }
    Ok(())
}

/// The tiles of a straight corridor from the centre of `a` to that of `b`: what a routed one
/// needs unless rooms are in its way.
fn straight_len(a: Rect, b: Rect) -> u64 {
    let ((ax, ay), (bx, by)) = (a.doubled_centre(), b.doubled_centre());
    (ax.abs_diff(bx) + ay.abs_diff(by)).div_ceil(2) + 1
}

/// Refuses laid-out maps whose corridors, run straight, would need more than
/// [`MAX_CORRIDOR_TILES`] tiles, before they are routed.
pub(crate) fn check_corridor_tiles(layout: &Layout, edges: &[Edge]) -> Result<(), RoomsError> {
    let tiles: u64 = edges
        .iter()
        .map(|edge| straight_len(layout.rooms[edge.a as usize], layout.rooms[edge.b as usize]))
        .sum();
    if tiles > MAX_CORRIDOR_TILES {
        return Err(RoomsError::TooManyCorridorTiles {
            count: layout.rooms.len() as u32,
            tiles,
            expected: false,
            limit: MAX_CORRIDOR_TILES,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Probability;
    use crate::rooms::{RoomMap, RoomOptions};

    fn refusal(options: &RoomOptions) -> RoomsError {
        match options.check() {
            Err(error) => error,
            other => panic!("{options:?} gave {other:?}"),
        }
    }

    #[test]
    fn the_default_p_reaches_its_documented_count() {
        let most = most_rooms_at_default_p(Candidates::All);
        assert_eq!(most, 7_526_002);
        let readme = include_str!("../../README.md");
        assert!(readme.contains(&format!("with the default `--p`, up to {most}")));
        let graph = |count| RoomOptions {
            count,
            map: false,
            ..RoomOptions::default()
        };
        assert!(graph(most).check().is_ok());
        let over = refusal(&graph(most + 1));
        assert!(
            matches!(over, RoomsError::TooManyEdges { most_rooms, .. } if most_rooms == most),
            "{over:?}"
        );
        assert!(over.to_string().contains("at most 7526002 rooms"), "{over}");
        // Delaunay candidates: a few pairs per room, so nearly every count.
        let delaunay = most_rooms_at_default_p(Candidates::Delaunay);
        assert!(
            (MAX_ROOMS - 64..MAX_ROOMS).contains(&delaunay),
            "{delaunay}"
        );
        // Every count is allowed where fewer connections are asked for.
        let tree = RoomOptions {
            p: Some(Probability::new(0.0).unwrap()),
            ..graph(MAX_ROOMS)
        };
        assert!(tree.check().is_ok());
    }

    /// The corridors of 16 million rooms on a 32768x32768 map, a tree between random rooms:
    /// about 3.5 * 10^11 tiles.
    fn sixteen_million_rooms() -> RoomOptions {
        RoomOptions {
            count: 16_000_000,
            p: Some(Probability::new(0.0).unwrap()),
            room_size: RoomSize::new(1, 1).unwrap(),
            width: Some(32768),
            height: Some(32768),
            ..RoomOptions::default()
        }
    }

    #[test]
    fn corridors_expected_over_the_limit_are_refused_from_the_options() {
        let error = refusal(&sixteen_million_rooms());
        let RoomsError::TooManyCorridorTiles {
            tiles, expected, ..
        } = error
        else {
            panic!("{error:?}");
        };
        // Two random rooms are about (32768 + 32768) / 3 tiles apart.
        assert!(
            expected && (3.4e11..3.6e11).contains(&(tiles as f64)),
            "{tiles}"
        );
        assert!(
            error.to_string().contains("would cover about 3494"),
            "{error}"
        );
        // Delaunay neighbours are close: their corridors fit.
        let delaunay = RoomOptions {
            candidates: Candidates::Delaunay,
            ..sixteen_million_rooms()
        };
        assert!(delaunay.check().is_ok());
    }

    #[test]
    fn generating_refuses_before_placing() {
        // Placement would give up on room 51,438 after seconds of tries; the corridors between
        // random rooms of a 32768x32768 map are refused first.
        let options = RoomOptions {
            count: 100_000,
            room_size: RoomSize::new(100, 100).unwrap(),
            width: Some(32768),
            height: Some(32768),
            ..RoomOptions::default()
        };
        let error = RoomMap::generate(&options, 1).unwrap_err();
        assert!(
            matches!(
                error,
                RoomsError::TooManyCorridorTiles { expected: true, .. }
            ),
            "{error}"
        );
        // So is a map over the limit, and an impossible door limit before both.
        let huge = RoomOptions {
            width: Some(40000),
            height: Some(40000),
            ..options.clone()
        };
        assert!(matches!(refusal(&huge), RoomsError::MapTooLarge { .. }));
        let doors = RoomOptions {
            max_doors: Some(1),
            ..huge
        };
        assert!(matches!(refusal(&doors), RoomsError::MaxDoors { .. }));
    }

    #[test]
    fn near_the_limit_the_corridors_laid_out_decide() {
        // 32,000 rooms of the default sizes are expected to need about 2.70 * 10^8 corridor
        // tiles, just over the limit (2.68 * 10^8) but within the eighth left to the count after
        // placement, which finds 2.71 * 10^8.
        let options = RoomOptions {
            count: 32_000,
            ..RoomOptions::default()
        };
        assert!(options.check().is_ok());
        let error = RoomMap::generate(&options, 1).unwrap_err();
        assert!(
            matches!(
                error,
                RoomsError::TooManyCorridorTiles {
                    expected: false,
                    ..
                }
            ),
            "{error}"
        );
        assert!(error.to_string().contains("would cover up to"), "{error}");
    }

    #[test]
    fn impossible_door_limits_are_refused() {
        assert!(check_max_doors(Some(0), 1).is_ok() && check_max_doors(Some(1), 2).is_ok());
        let none = check_max_doors(Some(0), 2).unwrap_err().to_string();
        assert!(
            none.contains("2 rooms") && none.contains("1 or more"),
            "{none}"
        );
        let one = check_max_doors(Some(1), 3).unwrap_err().to_string();
        assert!(
            one.contains("door limit of 1") && one.contains("2 or more"),
            "{one}"
        );
    }
}
