//! Every shortest path (`Maze::shortest_paths`) checked against a count written here apart from
//! the library's: every walk of the shortest length from start to goal, enumerated one by one
//! on small braided mazes of every shape; one path on perfect mazes; counts past `u128` on an
//! open grid, where the number is a binomial coefficient.

use crate::common::{assert_refused, piped, stdout_of};
use crate::solvers::{blank, maze, place};
use mazegen::algorithms::Percolation;
use mazegen::grid::{Grid, Pos};
use mazegen::topology::Shape;
use mazegen::{Maze, Probability};
use proptest::prelude::*;

/// Every walk of exactly `steps` steps from `from` to `to` through open passages, enumerated
/// one by one (a walk that short between cells that far apart visits no cell twice). A walk is
/// cut short only where the goal lies farther than the steps left, by a breadth-first search
/// from the goal written here.
fn walks(maze: &Maze, from: usize, to: usize, steps: u32) -> Vec<Vec<usize>> {
    let mut to_goal = std::collections::HashMap::from([(to, 0u32)]);
    let mut queue = std::collections::VecDeque::from([to]);
    while let Some(cell) = queue.pop_front() {
        for next in maze.passages_from(cell) {
            if !to_goal.contains_key(&next) {
                to_goal.insert(next, to_goal[&cell] + 1);
                queue.push_back(next);
            }
        }
    }
    let mut found = Vec::new();
    let mut stack = vec![vec![from]];
    while let Some(walk) = stack.pop() {
        let last = *walk.last().unwrap();
        let left = steps + 1 - walk.len() as u32;
        if left == 0 {
            if last == to {
                found.push(walk);
            }
            continue;
        }
        for next in maze.passages_from(last) {
            if to_goal.get(&next).is_some_and(|&d| d < left) {
                let mut longer = walk.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
    }
    found
}

/// Checks `maze`'s shortest paths against [`walks`], with up to `cap` listed.
fn check(maze: &Maze, cap: usize) {
    let found = maze.shortest_paths(cap).unwrap();
    let distance = maze.distances()[maze.goal()];
    let length = found.length.expect("carved mazes are connected");
    assert_eq!(
        length, distance,
        "the length is the goal's distance in steps"
    );
    let mut all = walks(maze, maze.start(), maze.goal(), length);
    assert_eq!(found.count.to_string(), all.len().to_string(), "the count");
    assert_eq!(
        found.paths.len(),
        all.len().min(cap),
        "as many listed as the cap allows"
    );
    // Listed in the order of the sides they take: a path's sides are found again from its
    // cells, and the list is sorted by them.
    for (path, sides) in found.paths.iter().zip(&found.sides) {
        assert_eq!(sides.len() + 1, path.len());
        assert!(
            all.contains(path),
            "a listed path is a shortest walk: {path:?}"
        );
    }
    assert!(
        found.sides.windows(2).all(|w| w[0] < w[1]),
        "sorted, none twice"
    );
    if cap >= all.len() {
        all.sort();
        let mut listed = found.paths.clone();
        listed.sort();
        assert_eq!(listed, all, "every shortest path listed");
    }
    if let Some(moves) = maze.shortest_moves(&found) {
        for (moves, path) in moves.iter().zip(&found.paths) {
            let mut at = maze.pos(path[0]);
            for (letter, &cell) in moves.chars().zip(&path[1..]) {
                at = match letter {
                    'U' => Pos::new(at.x, at.y - 1),
                    'D' => Pos::new(at.x, at.y + 1),
                    'L' => Pos::new(at.x - 1, at.y),
                    'R' => Pos::new(at.x + 1, at.y),
                    other => panic!("not a move: {other}"),
                };
                assert_eq!(at, maze.pos(cell), "{moves} follows the path");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Small braided mazes of every shape, endpoints anywhere: the count is the number of
    /// shortest walks, and the paths listed are shortest walks, in order.
    #[test]
    fn the_count_is_the_number_of_shortest_walks(
        kind in 0u8..8, w in 2u32..6, h in 2u32..6, generator in 0u8..3,
        braid in prop_oneof![Just(1.0), 0.0..1.0f64], seed in any::<u64>(),
        a in any::<usize>(), b in any::<usize>(), cap in prop_oneof![Just(0usize), 1usize..4, Just(1000)],
    ) {
        let mut maze = maze(blank(kind, w, h), generator, braid, seed);
        place(&mut maze, a, b);
        check(&maze, cap);
    }

    /// A perfect maze of any algorithm has one shortest path: the solution.
    #[test]
    fn a_perfect_maze_has_one(algorithm in 0usize..16, w in 1u32..12, h in 1u32..12, seed in any::<u64>()) {
        let generators = mazegen::algorithms::catalogue();
        let count = generators.len();
        let generator = generators.into_iter().nth(algorithm % count).unwrap();
        let mut maze = Maze::builder().generator(generator).cells(w, h).seed(seed).build().unwrap();
        let found = maze.shortest_paths(5).unwrap();
        maze.solve().unwrap();
        prop_assert_eq!(found.count.to_u128(), Some(1));
        prop_assert_eq!(&found.paths, &vec![maze.solution().unwrap().to_vec()]);
    }
}

/// An open grid's shortest paths corner to corner are the ways to order its moves: C(138, 69)
/// on 70x70 cells, more than a `u128` holds.
#[test]
fn an_open_grid_counts_past_u128() {
    let open = Percolation {
        p: Probability::new(1.0).unwrap(),
        ..Percolation::default()
    };
    let maze = Maze::builder()
        .algorithm(open)
        .shape(Shape::Rect(Grid::new(70, 70).unwrap()))
        .seed(1)
        .build()
        .unwrap();
    let found = maze.shortest_paths(3).unwrap();
    assert_eq!(found.length, Some(138));
    assert_eq!(found.count.to_u128(), None);
    assert_eq!(
        found.count.to_string(),
        "23623985175715118288974865541854103729000"
    );
    // First in order: north is never a step, east (R) comes before south (D).
    let moves = maze.shortest_moves(&found).unwrap();
    let rights = "R".repeat(69);
    assert_eq!(moves[0], format!("{rights}{}", "D".repeat(69)));
    assert_eq!(moves[1], format!("{}DR{}", "R".repeat(68), "D".repeat(68)));
}

/// `stats --all-shortest` adds the figure: lines of the table, or an `all_shortest` object
/// whose count is a string of digits; without the flag the figures are as they were.
#[test]
fn stats_lists_every_shortest_path_when_asked() {
    let document = stdout_of(&[
        "kruskal", "--cells", "12x12", "--seed", "3", "--braid", "1", "--format", "json",
    ]);
    let maze = mazegen::read::read_document(document.as_bytes()).unwrap();
    let (mazegen::read::AnyDocument::Maze(maze) | mazegen::read::AnyDocument::Graph(maze)) = maze;
    let found = maze.shortest_paths(3).unwrap();
    let figures: serde_json::Value = serde_json::from_str(&piped(
        &["stats", "--format", "json", "--all-shortest", "--cap", "3"],
        &document,
    ))
    .unwrap();
    let all = &figures["all_shortest"];
    assert_eq!(all["reachable"], true);
    assert_eq!(all["length"], found.length.unwrap());
    assert_eq!(all["count"], found.count.to_string());
    assert_eq!(
        all["paths"],
        serde_json::json!(maze.shortest_moves(&found).unwrap())
    );
    assert!(
        found.count.to_u128().unwrap() > 3,
        "a braided maze with many"
    );
    let plain: serde_json::Value =
        serde_json::from_str(&piped(&["stats", "--format", "json"], &document)).unwrap();
    assert!(plain.get("all_shortest").is_none());
    let mut without = figures.clone();
    without.as_object_mut().unwrap().remove("all_shortest");
    assert_eq!(without, plain);
    let table = piped(&["stats", "--all-shortest", "--cap", "1"], &document);
    let moves = &maze.shortest_moves(&found).unwrap()[0];
    assert!(
        table.ends_with(&format!("shortest paths    {}\n  {moves}\n", found.count)),
        "{table}"
    );
    assert_refused(&["stats", "--cap", "3"], &["--all-shortest"]);
    assert_refused(
        &["stats", "--all-shortest", "--cap", "x"],
        &["--cap", "whole number"],
    );
}
