//! The Delaunay triangulation of the room centres (by the `spade` crate): the candidate pairs of
//! `--candidates delaunay`, whose straight corridors never cross.

use super::Rect;
use spade::{DelaunayTriangulation, Point2, Triangulation};

/// The pairs `(i, j)`, `i < j`, sorted, of rooms whose centres are adjacent in the Delaunay
/// triangulation of all centres.
///
/// One room has no pair, two rooms have one. When all centres lie on one line the
/// triangulation is that line: each room pairs with its neighbours along it. Where four or more
/// centres lie on one circle the triangulation is not unique; `spade` picks one, the same on
/// every run and platform (its predicates are exact).
pub(crate) fn delaunay_pairs(rooms: &[Rect]) -> Vec<(u32, u32)> {
    // Doubled centres are whole numbers, exact as f64, and distinct since rooms do not overlap.
    let points = rooms
        .iter()
        .map(|room| {
            let (x, y) = room.doubled_centre();
            Point2::new(x as f64, y as f64)
        })
        .collect();
    let triangulation: DelaunayTriangulation<Point2<f64>> =
        DelaunayTriangulation::bulk_load_stable(points)
            .expect("room centres are finite whole numbers");
    debug_assert_eq!(triangulation.num_vertices(), rooms.len());
    let mut pairs: Vec<(u32, u32)> = triangulation
        .undirected_edges()
        .map(|edge| {
            let [a, b] = edge.vertices().map(|v| v.fix().index() as u32);
            (a.min(b), a.max(b))
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(x: u32, y: u32) -> Rect {
        Rect { x, y, w: 3, h: 3 }
    }

    #[test]
    fn one_and_two_rooms() {
        assert!(delaunay_pairs(&[room(1, 1)]).is_empty());
        assert_eq!(delaunay_pairs(&[room(1, 1), room(9, 1)]), [(0, 1)]);
    }

    #[test]
    fn collinear_rooms_pair_with_their_neighbours_along_the_line() {
        let rooms = [room(1, 1), room(21, 1), room(11, 1), room(31, 1)];
        assert_eq!(delaunay_pairs(&rooms), [(0, 2), (1, 2), (1, 3)]);
        let diagonal = [room(1, 1), room(5, 5), room(9, 9)];
        assert_eq!(delaunay_pairs(&diagonal), [(0, 1), (1, 2)]);
    }

    #[test]
    fn a_square_and_its_centre_make_four_triangles() {
        let rooms = [
            room(1, 1),
            room(21, 1),
            room(1, 21),
            room(21, 21),
            room(11, 11),
        ];
        let pairs = delaunay_pairs(&rooms);
        assert_eq!(pairs.len(), 8, "{pairs:?}");
        assert!(!pairs.contains(&(0, 3)) && !pairs.contains(&(1, 2)));
    }
}
