//! Generators report their steps faithfully: replaying the events rebuilds exactly the maze,
//! and observing changes nothing.

use crate::common::{generators, label};
use mazegen::algorithms::{Backtrack, Generator};
use mazegen::events::Event;
use mazegen::grid::{Grid, Pos};
use mazegen::maze::replay;
use mazegen::rng::rng_from_seed;
use proptest::prelude::*;
use std::num::NonZeroU32;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn replaying_events_rebuilds_the_maze(w in 1u32..30, h in 1u32..30, seed: u64) {
        for generator in generators() {
            let generator = generator.as_ref();
            let mut quiet = Grid::new(w, h).unwrap();
            generator.carve(&mut quiet, &mut rng_from_seed(seed)).unwrap();
            let mut watched = Grid::new(w, h).unwrap();
            let mut events: Vec<Event> = Vec::new();
            generator.carve_observed(&mut watched, &mut rng_from_seed(seed), &mut events).unwrap();
            prop_assert_eq!(&watched, &quiet, "{} changed under observation", label(generator));
            prop_assert_eq!(&replay(w, h, events.iter().copied()).unwrap(), &quiet, "{}", label(generator));
            // Walkers enter and leave each cell as often.
            let entered = events.iter().filter(|e| matches!(e, Event::Enter { .. })).count();
            let left = events.iter().filter(|e| matches!(e, Event::Leave { .. })).count();
            prop_assert_eq!(entered, left, "{}", label(generator));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// With several seeds every cell is also claimed once, by one of the walkers.
    #[test]
    fn parallel_seeds_claim_every_cell_once(w in 1u32..20, h in 1u32..20, seeds: u32, seed: u64) {
        // At least two seeds, unless the maze has a single cell.
        let seeds = (1 + seeds % (w * h)).max(2.min(w * h));
        let backtrack = Backtrack {
            seeds: NonZeroU32::new(seeds).unwrap(),
            ..Backtrack::default()
        };
        let mut quiet = Grid::new(w, h).unwrap();
        backtrack.carve(&mut quiet, &mut rng_from_seed(seed)).unwrap();
        let mut events: Vec<Event> = Vec::new();
        let mut watched = Grid::new(w, h).unwrap();
        backtrack.carve_observed(&mut watched, &mut rng_from_seed(seed), &mut events).unwrap();
        prop_assert_eq!(&watched, &quiet);
        prop_assert_eq!(replay(w, h, events.iter().copied()).unwrap(), quiet);
        let mut claims = vec![0; (w * h) as usize];
        for event in &events {
            if let Event::Claim { cell, region } = *event {
                prop_assert!(region < seeds);
                claims[(cell.y * w + cell.x) as usize] += 1;
            }
        }
        let expected = usize::from(seeds > 1);
        prop_assert!(claims.iter().all(|&count| count == expected), "{:?}", claims);
    }
}

#[test]
fn events_serialize_as_tagged_objects() {
    let event = Event::Carve {
        cell: Pos::new(2, 3),
        dir: mazegen::grid::Dir::West,
    };
    let line = serde_json::to_string(&event).unwrap();
    assert_eq!(
        line,
        r#"{"event":"carve","cell":{"x":2,"y":3},"dir":"west"}"#
    );
    assert_eq!(serde_json::from_str::<Event>(&line).unwrap(), event);
    assert_eq!(
        serde_json::to_string(&<Event>::OpenField).unwrap(),
        r#"{"event":"open-field"}"#
    );
}
