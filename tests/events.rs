//! Generators report their steps faithfully: replaying the events rebuilds exactly the maze,
//! and observing changes nothing.

mod common;

use common::{generators, label};
use mazegen::events::{Event, replay};
use mazegen::grid::{Grid, Pos};
use mazegen::rng::rng_from_seed;
use proptest::prelude::*;

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
        serde_json::to_string(&Event::OpenField).unwrap(),
        r#"{"event":"open-field"}"#
    );
}
