//! Invariants of room maps over many seeds, counts and options: connected, within the door
//! limit, simple; Delaunay edges really Delaunay; corridors routed door to door, never beside a
//! third room; the tile map's flood fill agreeing with the graph; analysis consistent.

use mazegen::Probability;
use mazegen::level::{EdgeKind, Level, MapTile, Rect};
use mazegen::rooms::{Candidates, MazeFill, RoomMap, RoomOptions, RoomSize, RoomsError};
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

/// Hops from `source` to every room over `map`'s edges (`u32::MAX`: unreachable).
fn hops_from(map: &RoomMap, source: u32) -> Vec<u32> {
    let count = map.params.count as usize;
    let mut neighbours = vec![Vec::new(); count];
    for edge in &map.edges {
        neighbours[edge.a as usize].push(edge.b);
        neighbours[edge.b as usize].push(edge.a);
    }
    let mut hops = vec![u32::MAX; count];
    hops[source as usize] = 0;
    let mut queue = VecDeque::from([source]);
    while let Some(room) = queue.pop_front() {
        for &next in &neighbours[room as usize] {
            if hops[next as usize] == u32::MAX {
                hops[next as usize] = hops[room as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    hops
}

/// Doubled centre of a room as signed numbers.
fn centre(room: Rect) -> (i64, i64) {
    let (x, y) = room.doubled_centre();
    (x as i64, y as i64)
}

fn cross(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> i128 {
    i128::from(a.0 - o.0) * i128::from(b.1 - o.1) - i128::from(a.1 - o.1) * i128::from(b.0 - o.0)
}

/// Whether some circle through `a` and `b` has no centre strictly inside and no centre lies
/// strictly between them: `(a, b)` is an edge of some Delaunay triangulation. Independent of
/// the library: the circle's centre moves along the bisector of `ab`, and every other centre
/// bounds how far it may go to one side.
fn is_delaunay_edge(points: &[(i64, i64)], a: usize, b: usize) -> bool {
    // Quadruple the doubled coordinates so that the midpoint of ab is whole.
    let scale = |p: (i64, i64)| (2 * p.0, 2 * p.1);
    let (pa, pb) = (scale(points[a]), scale(points[b]));
    let m = ((pa.0 + pb.0) / 2, (pa.1 + pb.1) / 2);
    let square =
        |p: (i64, i64), q: (i64, i64)| i128::from(p.0 - q.0).pow(2) + i128::from(p.1 - q.1).pow(2);
    // A centre q is inside the circle of parameter t iff k_q < 2 t s_q (s_q: which side).
    // The bounds as fractions (numerator, positive denominator).
    let mut lowest_left: Option<(i128, i128)> = None;
    let mut highest_right: Option<(i128, i128)> = None;
    for (k, &q) in points.iter().enumerate() {
        if k == a || k == b {
            continue;
        }
        let q = scale(q);
        let s = cross(pa, pb, q);
        let kq = square(m, q) - square(m, pa);
        if s == 0 {
            if kq < 0 {
                return false; // strictly between a and b
            }
            continue;
        }
        // Bound t <= kq / 2s (left, s > 0) or t >= kq / 2s (right, s < 0), as a fraction
        // with a positive denominator.
        let bound = if s > 0 { (kq, 2 * s) } else { (-kq, -2 * s) };
        let less = |x: (i128, i128), y: (i128, i128)| x.0 * y.1 < y.0 * x.1;
        if s > 0 {
            if lowest_left.is_none_or(|low| less(bound, low)) {
                lowest_left = Some(bound);
            }
        } else if highest_right.is_none_or(|high| less(high, bound)) {
            highest_right = Some(bound);
        }
    }
    match (highest_right, lowest_left) {
        (Some(high), Some(low)) => high.0 * low.1 <= low.0 * high.1,
        _ => true,
    }
}

/// Whether segments `ab` and `cd` (with no shared end) have any point in common.
fn segments_meet(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let on = |p: (i64, i64), q: (i64, i64), r: (i64, i64)| {
        r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
    };
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if d1.signum() * d2.signum() < 0 && d3.signum() * d4.signum() < 0 {
        return true;
    }
    (d1 == 0 && on(a, b, c))
        || (d2 == 0 && on(a, b, d))
        || (d3 == 0 && on(c, d, a))
        || (d4 == 0 && on(c, d, b))
}

fn options(
    count: u32,
    candidates: Candidates,
    max_doors: Option<u32>,
    p: Option<f64>,
) -> RoomOptions {
    RoomOptions {
        count,
        p: p.map(|p| Probability::new(p).expect("tests pass probabilities")),
        max_doors,
        candidates,
        ..RoomOptions::default()
    }
}

fn candidates() -> impl Strategy<Value = Candidates> {
    prop_oneof![Just(Candidates::All), Just(Candidates::Delaunay)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn graphs_are_connected_simple_and_within_the_door_limit(
        count in 1u32..60,
        candidates in candidates(),
        max_doors in prop_oneof![Just(None), (3u32..6).prop_map(Some)],
        p in prop_oneof![Just(None), (0.0f64..=1.0).prop_map(Some)],
        map in any::<bool>(),
        seed: u64,
    ) {
        let mut options = options(count, candidates, max_doors, p);
        options.map = map || candidates == Candidates::Delaunay;
        let map = match RoomMap::generate(&options, seed) {
            Ok(map) => map,
            // Only Delaunay with a door limit can get stuck, and says so.
            Err(error) => {
                prop_assert!(max_doors.is_some() && candidates == Candidates::Delaunay, "{}", error);
                return Ok(());
            }
        };
        prop_assert!(hops_from(&map, 0).iter().all(|&h| h != u32::MAX), "disconnected");
        let tree = map.edges.iter().filter(|e| e.kind == EdgeKind::Tree).count();
        prop_assert_eq!(tree as u32, count - 1);
        prop_assert!(map.edges.iter().take(tree).all(|e| e.kind == EdgeKind::Tree));
        let mut seen = HashSet::new();
        let mut doors = vec![0u32; count as usize];
        for edge in &map.edges {
            prop_assert!(edge.a != edge.b && edge.a < count && edge.b < count);
            prop_assert!(seen.insert((edge.a.min(edge.b), edge.a.max(edge.b))), "duplicate {:?}", edge);
            doors[edge.a as usize] += 1;
            doors[edge.b as usize] += 1;
        }
        prop_assert_eq!(&doors, &map.analysis().doors);
        if let Some(limit) = max_doors {
            prop_assert!(doors.iter().all(|&d| d <= limit));
        }
        // Analysis: depths are hops from start, goal is a farthest room, dead ends and loops.
        let from_start = hops_from(&map, map.analysis().start);
        prop_assert_eq!(&from_start, &map.analysis().depth);
        prop_assert_eq!(map.analysis().hops, *from_start.iter().max().unwrap());
        prop_assert_eq!(from_start[map.analysis().goal as usize], map.analysis().hops);
        prop_assert!(map.analysis().exact);
        let diameter = (0..count).map(|r| *hops_from(&map, r).iter().max().unwrap()).max().unwrap();
        prop_assert_eq!(map.analysis().hops, diameter);
        let dead_ends: Vec<u32> = (0..count).filter(|&r| doors[r as usize] == 1).collect();
        prop_assert_eq!(&map.analysis().dead_ends, &dead_ends);
        prop_assert_eq!(map.analysis().cyclomatic, map.edges.len() as u64 + 1 - u64::from(count));
    }

    #[test]
    fn delaunay_edges_are_delaunay_and_their_segments_do_not_cross(count in 1u32..50, seed: u64) {
        let map = RoomMap::generate(&options(count, Candidates::Delaunay, None, Some(0.5)), seed).unwrap();
        let rooms = &map.layout.as_ref().unwrap().rooms;
        let centres: Vec<(i64, i64)> = rooms.iter().map(|&r| centre(r)).collect();
        for edge in &map.edges {
            prop_assert!(
                is_delaunay_edge(&centres, edge.a as usize, edge.b as usize),
                "{:?} is not a Delaunay edge", edge
            );
        }
        for (i, e) in map.edges.iter().enumerate() {
            for f in &map.edges[i + 1..] {
                let shared = [e.a, e.b].iter().filter(|r| [f.a, f.b].contains(r)).count();
                let (a, b, c, d) = (centres[e.a as usize], centres[e.b as usize], centres[f.a as usize], centres[f.b as usize]);
                if shared == 0 {
                    prop_assert!(!segments_meet(a, b, c, d), "{:?} crosses {:?}", e, f);
                } else {
                    // Edges from one room leave it in different directions.
                    let (from, e_to, f_to) = if e.a == f.a || e.a == f.b {
                        (a, b, if e.a == f.a { d } else { c })
                    } else {
                        (b, a, if e.b == f.a { d } else { c })
                    };
                    let dot = (e_to.0 - from.0) * (f_to.0 - from.0) + (e_to.1 - from.1) * (f_to.1 - from.1);
                    prop_assert!(cross(from, e_to, f_to) != 0 || dot < 0, "{:?} overlaps {:?}", e, f);
                }
            }
        }
    }

    #[test]
    fn the_tile_map_connects_what_the_graph_connects(
        count in 1u32..40,
        candidates in candidates(),
        seed: u64,
    ) {
        let map = RoomMap::generate(&options(count, candidates, None, None), seed).unwrap();
        let layout = map.layout.as_ref().unwrap();
        let tiles = map.tile_map().unwrap();
        prop_assert_eq!((tiles.width(), tiles.height()), (layout.width, layout.height));
        // Rooms are floor (or marks on it), the border is rock.
        for room in &layout.rooms {
            prop_assert!(room.x >= 1 && room.y >= 1 && room.x + room.w < layout.width && room.y + room.h < layout.height);
            prop_assert!((room.y..room.y + room.h).all(|y| (room.x..room.x + room.w).all(|x| matches!(tiles.get(x, y), MapTile::Room | MapTile::Start | MapTile::Goal | MapTile::Key))));
        }
        // Every corridor is a path of single steps from a door beside room a to one beside b,
        // its other tiles beside no room at all, and never on the map's border.
        let beside = |room: &Rect, (x, y): (u32, u32)| {
            [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].iter().any(|&t| room.contains(t))
        };
        let beside_any = |tile: (u32, u32)| layout.rooms.iter().filter(|room| beside(room, tile)).count();
        for (k, edge) in map.edges.iter().enumerate() {
            let (a, b) = (&layout.rooms[edge.a as usize], &layout.rooms[edge.b as usize]);
            let corridor: Vec<(u32, u32)> = map.corridor(k).unwrap().collect();
            prop_assert!(!corridor.is_empty());
            let (first, last) = (corridor[0], *corridor.last().unwrap());
            prop_assert!(beside(a, first) && beside(b, last));
            prop_assert_eq!(tiles.get(first.0, first.1), MapTile::Door);
            prop_assert_eq!(tiles.get(last.0, last.1), MapTile::Door);
            // A door touches its room, and the other room only when it is the whole corridor.
            let touching = if first == last { 2 } else { 1 };
            prop_assert_eq!(beside_any(first), touching, "{:?}", edge);
            prop_assert_eq!(beside_any(last), touching, "{:?}", edge);
            for pair in corridor.windows(2) {
                prop_assert_eq!(pair[0].0.abs_diff(pair[1].0) + pair[0].1.abs_diff(pair[1].1), 1);
            }
            for &tile in corridor.iter().skip(1).take(corridor.len().saturating_sub(2)) {
                prop_assert_eq!(beside_any(tile), 0, "{:?} runs beside a room at {:?}", edge, tile);
            }
            for &(x, y) in &corridor {
                prop_assert!(x > 0 && y > 0 && x + 1 < layout.width && y + 1 < layout.height);
                prop_assert!(layout.rooms.iter().all(|room| !room.contains((x, y))));
            }
        }
        // Flood fill over everything but rock, from room 0, reaches every room: the graph is
        // connected, and so is the map.
        let (w, h) = (layout.width, layout.height);
        let mut reached = vec![false; (w * h) as usize];
        let first = layout.rooms[0];
        let mut stack = vec![(first.x, first.y)];
        reached[(first.y * w + first.x) as usize] = true;
        while let Some((x, y)) = stack.pop() {
            for (nx, ny) in [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))] {
                if nx < w && ny < h && !reached[(ny * w + nx) as usize] && tiles.get(nx, ny) != MapTile::Rock {
                    reached[(ny * w + nx) as usize] = true;
                    stack.push((nx, ny));
                }
            }
        }
        for (id, room) in layout.rooms.iter().enumerate() {
            prop_assert!(reached[(room.y * w + room.x) as usize], "room {} unreachable", id);
        }
    }

    #[test]
    fn p_moves_neither_rooms_nor_tree(count in 2u32..40, candidates in candidates(), seed: u64) {
        let low = RoomMap::generate(&options(count, candidates, None, Some(0.0)), seed).unwrap();
        let high = RoomMap::generate(&options(count, candidates, None, Some(0.9)), seed).unwrap();
        prop_assert_eq!(&low.layout, &high.layout);
        let tree = (count - 1) as usize;
        prop_assert_eq!(&low.edges[..], &high.edges[..tree]);
        prop_assert_eq!(low.edges.len(), tree);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn given_maps_route_every_candidate_pair_and_keep_their_rooms_for_any_p(
        count in 2u32..12,
        candidates in candidates(),
        seed: u64,
    ) {
        // A crowded map, on which rooms often wall one in: laid out again, the map routes
        // every pair that may connect, on the same rooms whatever p.
        let sized = |p| RoomOptions {
            width: Some(40),
            height: Some(30),
            ..options(count, candidates, None, Some(p))
        };
        let every = match RoomMap::generate(&sized(1.0), seed) {
            Ok(map) => map,
            Err(RoomsError::PlacementFailed { .. }) => return Ok(()),
            Err(error) => return Err(TestCaseError::fail(error.to_string())),
        };
        prop_assert_eq!(every.edges.len() as u64, every.candidate_pairs);
        let tree = RoomMap::generate(&sized(0.0), seed).unwrap();
        prop_assert_eq!(&every.layout, &tree.layout);
    }
}

#[test]
fn same_options_same_map() {
    let options = RoomOptions {
        count: 30,
        candidates: Candidates::Delaunay,
        room_size: RoomSize { min: 2, max: 5 },
        ..RoomOptions::default()
    };
    assert_eq!(
        RoomMap::generate(&options, 4).unwrap(),
        RoomMap::generate(&options, 4).unwrap()
    );
    assert_ne!(
        RoomMap::generate(&options, 4).unwrap().layout,
        RoomMap::generate(&options, 5).unwrap().layout
    );
}

#[test]
fn a_hundred_thousand_rooms_in_one_column_connect_only_neighbours() {
    // A map three tiles wide: every centre on one line. With p = 1 every candidate pair is
    // tried, so the edges are the candidate pairs: each room and the next one down.
    let options = RoomOptions {
        count: 100_000,
        p: Some(Probability::new(1.0).unwrap()),
        candidates: Candidates::Delaunay,
        room_size: RoomSize::new(1, 1).unwrap(),
        width: Some(3),
        ..RoomOptions::default()
    };
    let map = RoomMap::generate(&options, 9).unwrap();
    let rooms = &map.layout.as_ref().unwrap().rooms;
    assert!(rooms.iter().all(|room| room.x == 1));
    let mut rank = vec![0u32; rooms.len()];
    let mut order: Vec<usize> = (0..rooms.len()).collect();
    order.sort_by_key(|&room| rooms[room].y);
    for (r, &room) in order.iter().enumerate() {
        rank[room] = r as u32;
    }
    assert_eq!(map.candidate_pairs, 99_999);
    assert_eq!(map.edges.len(), 99_999);
    for edge in &map.edges {
        assert_eq!(
            rank[edge.a as usize].abs_diff(rank[edge.b as usize]),
            1,
            "{edge:?}"
        );
    }
}

#[test]
fn the_oracles_can_say_no() {
    // Four centres on a line: the outer pair is not a Delaunay edge.
    let line = [(0, 0), (10, 0), (20, 0), (30, 0)];
    assert!(is_delaunay_edge(&line, 0, 1) && !is_delaunay_edge(&line, 0, 3));
    // A square's centre point sits inside every circle through opposite corners.
    let square = [(0, 0), (20, 0), (0, 20), (20, 20), (10, 10)];
    assert!(!is_delaunay_edge(&square, 0, 3) && is_delaunay_edge(&square, 0, 1));
    // A point just inside the circle through three others.
    let kite = [(0, 0), (20, 0), (10, 9), (10, -30)];
    assert!(!is_delaunay_edge(&kite, 2, 3));
    assert!(segments_meet((0, 0), (10, 10), (0, 10), (10, 0)));
    assert!(segments_meet((0, 0), (10, 0), (5, 0), (5, 8)));
    assert!(!segments_meet((0, 0), (10, 0), (0, 1), (10, 1)));
}

/// One of the algorithms that carve any shape.
fn graph_algorithm() -> impl Strategy<Value = &'static str> {
    prop::sample::select(mazegen::algorithms::GRAPH_ALGORITHMS.to_vec())
}

/// The options of a rooms-and-mazes map.
fn maze_options(
    count: u32,
    candidates: Candidates,
    roomy: bool,
    algorithm: &str,
    sparseness: f64,
) -> RoomOptions {
    RoomOptions {
        count,
        candidates,
        width: roomy.then_some(81),
        height: roomy.then_some(61),
        maze: Some(MazeFill {
            algorithm: algorithm.into(),
            sparseness: Probability::new(sparseness).unwrap(),
        }),
        ..RoomOptions::default()
    }
}

/// The number of tiles walkable on `tiles` and the number a flood fill from the first reaches.
fn walkable_and_reached(map: &RoomMap) -> (usize, usize) {
    let tiles = map.tile_map().unwrap();
    let (width, height) = (tiles.width(), tiles.height());
    let open = |x: u32, y: u32| tiles.get(x, y) != MapTile::Rock;
    let all: Vec<(u32, u32)> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter(|&(x, y)| open(x, y))
        .collect();
    let mut seen = HashSet::from([all[0]]);
    let mut stack = vec![all[0]];
    while let Some((x, y)) = stack.pop() {
        let beside = [
            (x + 1, y),
            (x, y + 1),
            (x.wrapping_sub(1), y),
            (x, y.wrapping_sub(1)),
        ];
        for (nx, ny) in beside {
            if nx < width && ny < height && open(nx, ny) && seen.insert((nx, ny)) {
                stack.push((nx, ny));
            }
        }
    }
    (all.len(), seen.len())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn rooms_and_mazes_are_one_region_on_the_graph_of_routed_corridors(
        count in 1u32..30,
        candidates in candidates(),
        roomy in any::<bool>(),
        algorithm in graph_algorithm(),
        sparseness in prop_oneof![Just(0.0), Just(1.0), 0.0f64..=1.0],
        seed: u64,
    ) {
        let options = maze_options(count, candidates, roomy, algorithm, sparseness);
        let map = RoomMap::generate(&options, seed).unwrap();
        prop_assert_eq!(&map, &RoomMap::generate(&options, seed).unwrap());
        // The rooms, the graph and its corridors are those of routed corridors.
        let routed = RoomMap::generate(&RoomOptions { maze: None, ..options.clone() }, seed)
            .unwrap();
        prop_assert_eq!(&map.layout, &routed.layout);
        prop_assert_eq!(&map.edges, &routed.edges);
        for k in 0..map.edges.len() {
            prop_assert!(map.corridor(k).unwrap().eq(routed.corridor(k).unwrap()));
        }
        // Everything walkable is one region.
        let (walkable, reached) = walkable_and_reached(&map);
        prop_assert_eq!(walkable, reached);
        let layout = map.layout.as_ref().unwrap();
        let floor = |tile: (u32, u32)| layout.rooms.iter().position(|r| r.contains(tile));
        let corridors: HashSet<(u32, u32)> =
            (0..map.edges.len()).flat_map(|k| map.corridor(k).unwrap()).collect();
        let passages: HashSet<(u32, u32)> = map.maze_passages().unwrap().collect();
        let doors: HashSet<(u32, u32)> = map.maze_doors().unwrap().collect();
        let around = |(x, y): (u32, u32)| {
            [(x + 1, y), (x, y + 1), (x.wrapping_sub(1), y), (x, y.wrapping_sub(1))]
        };
        for &tile in &passages {
            // A tile of rock from every floor, corridor and the border: rooms are entered
            // through doors only.
            prop_assert!(tile.0 > 0 && tile.1 > 0);
            prop_assert!(tile.0 + 1 < layout.width && tile.1 + 1 < layout.height);
            for next in around(tile) {
                prop_assert!(floor(next).is_none(), "{:?} touches a floor", tile);
                prop_assert!(!corridors.contains(&next), "{:?} touches a corridor", tile);
            }
        }
        for &door in &doors {
            // Beside one room's floor, leading into the maze.
            let rooms: HashSet<usize> = around(door).into_iter().filter_map(floor).collect();
            prop_assert_eq!(rooms.len(), 1, "{:?}", door);
            prop_assert!(around(door).iter().any(|next| passages.contains(next)));
            prop_assert!(!corridors.contains(&door));
            prop_assert!(!around(door).iter().any(|next| corridors.contains(next)));
        }
        // Trimming only takes tiles away from the whole maze, as many as the sparseness says
        // or until no dead end is left.
        let whole = RoomMap::generate(&maze_options(count, candidates, roomy, algorithm, 0.0), seed)
            .unwrap();
        let whole_passages: HashSet<(u32, u32)> = whole.maze_passages().unwrap().collect();
        let whole_doors: HashSet<(u32, u32)> = whole.maze_doors().unwrap().collect();
        prop_assert!(passages.is_subset(&whole_passages));
        prop_assert!(doors.is_subset(&whole_doors));
        let total = whole_passages.len() + whole_doors.len();
        let removed = total - passages.len() - doors.len();
        let budget = (sparseness * total as f64) as usize;
        // (A door whose passage went goes too, one over.)
        prop_assert!(removed <= budget + 1);
        if removed < budget {
            let open = |t: &(u32, u32)| passages.contains(t) || doors.contains(t) || floor(*t).is_some();
            for tile in passages.iter().chain(&doors) {
                prop_assert!(around(*tile).iter().filter(|t| open(t)).count() >= 2);
            }
        }
        if sparseness == 0.0 {
            prop_assert_eq!(removed, 0);
        }
    }
}

#[test]
fn rooms_and_mazes_refuse_unknown_algorithms_and_no_map() {
    let maze = |algorithm: &str| RoomOptions {
        maze: Some(MazeFill {
            algorithm: algorithm.into(),
            ..MazeFill::default()
        }),
        ..RoomOptions::default()
    };
    let error = RoomMap::generate(&maze("eller"), 1)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("'eller'") && error.contains("backtrack, hunt-and-kill"),
        "{error}"
    );
    let abstract_graph = RoomOptions {
        map: false,
        ..maze("backtrack")
    };
    assert!(RoomMap::generate(&abstract_graph, 1).is_err());
}
