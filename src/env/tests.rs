use super::*;
use crate::algorithms::{Backtrack, Kruskal};
use crate::maze::Maze;
use crate::rng::{rng_from_seed, uniform};
use proptest::prelude::*;

fn spec(width: u32, height: u32) -> MazeSpec {
    Maze::builder()
        .algorithm(Backtrack::default())
        .cells(width, height)
        .spec()
        .unwrap()
}

fn batch(envs: usize, observation: Observation, threads: usize) -> Batch {
    let config = EnvConfig {
        observation,
        threads: Some(threads),
        ..EnvConfig::new(spec(5, 4))
    };
    Batch::new(config, envs).unwrap()
}

/// Everything a run of `steps` random steps writes, from `seed`.
struct Record {
    observations: Vec<u8>,
    rewards: Vec<f32>,
    terminations: Vec<bool>,
    truncations: Vec<bool>,
}

fn run(batch: &mut Batch, seed: u64, steps: usize) -> Record {
    let envs = batch.len();
    let len = batch.observation_len();
    let mut record = Record {
        observations: vec![0; envs * len],
        rewards: Vec::new(),
        terminations: Vec::new(),
        truncations: Vec::new(),
    };
    batch.reset(Some(seed), &mut record.observations).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut observations = vec![0; envs * len];
    let (mut rewards, mut terminations, mut truncations) =
        (vec![0.0; envs], vec![false; envs], vec![false; envs]);
    for _ in 0..steps {
        let actions: Vec<u8> = (0..envs)
            .map(|_| uniform(&mut rng, 0..4u32) as u8)
            .collect();
        batch
            .step(
                &actions,
                Outputs {
                    observations: &mut observations,
                    rewards: &mut rewards,
                    terminations: &mut terminations,
                    truncations: &mut truncations,
                },
            )
            .unwrap();
        record.observations.extend_from_slice(&observations);
        record.rewards.extend_from_slice(&rewards);
        record.terminations.extend_from_slice(&terminations);
        record.truncations.extend_from_slice(&truncations);
    }
    record
}

#[test]
fn the_first_levels_are_the_dataset_s_mazes() {
    let mut batch = batch(3, Observation::Channels, 1);
    let mut observations = vec![0; 3 * batch.observation_len()];
    batch.reset(Some(11), &mut observations).unwrap();
    let maze_spec = spec(5, 4);
    for (k, level) in batch.levels().enumerate() {
        let maze = maze_spec.make(candidate_seed(11, k as u64, 0)).unwrap();
        assert_eq!(*level, Level::of_maze(&maze).unwrap());
    }
    // Channels: walls, the goal, the agent.
    let level = batch.levels().next().unwrap().clone();
    let first = &observations[..batch.observation_len()];
    for (t, &tile) in level.tiles.iter().enumerate() {
        let expected = [
            u8::from(tile != FLOOR),
            u8::from(t as u32 == level.goal),
            u8::from(t as u32 == level.agent),
        ];
        assert_eq!(first[3 * t..3 * t + 3], expected, "tile {t}");
    }
}

#[test]
fn the_same_seed_gives_the_same_episodes_on_any_number_of_threads() {
    for observation in [
        Observation::Channels,
        Observation::Tiles,
        Observation::View(5),
    ] {
        let one = run(&mut batch(600, observation, 1), 3, 60);
        let two = run(&mut batch(600, observation, 2), 3, 60);
        let again = run(&mut batch(600, observation, 2), 3, 60);
        assert!(one.observations == two.observations && two.observations == again.observations);
        assert_eq!(one.rewards, two.rewards);
        assert_eq!(one.terminations, two.terminations);
        assert_eq!(one.truncations, again.truncations);
        let other = run(&mut batch(600, observation, 2), 4, 60);
        assert_ne!(one.observations, other.observations);
    }
}

#[test]
fn agents_never_cross_walls_and_episodes_end_by_the_rules() {
    let envs = 64;
    let mut batch = batch(envs, Observation::Tiles, 2);
    let len = batch.observation_len();
    let max = batch.max_steps();
    let mut observations = vec![0; envs * len];
    batch.reset(Some(5), &mut observations).unwrap();
    let mut rng = rng_from_seed(9);
    let (mut rewards, mut terminations, mut truncations) =
        (vec![0.0; envs], vec![false; envs], vec![false; envs]);
    let mut ended = vec![false; envs];
    let (mut goals, mut cut) = (0, 0);
    for _ in 0..3 * max {
        let before: Vec<(Level, u32)> = batch.levels().cloned().zip(batch.steps()).collect();
        let actions: Vec<u8> = (0..envs)
            .map(|_| uniform(&mut rng, 0..4u32) as u8)
            .collect();
        let outputs = Outputs {
            observations: &mut observations,
            rewards: &mut rewards,
            terminations: &mut terminations,
            truncations: &mut truncations,
        };
        batch.step(&actions, outputs).unwrap();
        for (e, (level, steps)) in batch.levels().zip(batch.steps()).enumerate() {
            let (was, was_steps) = &before[e];
            if ended[e] {
                // Next-step autoreset: a new episode, reward 0, neither ending.
                assert_eq!(steps, 0);
                assert_eq!(
                    (rewards[e], terminations[e], truncations[e]),
                    (0.0, false, false)
                );
            } else {
                assert_eq!(steps, was_steps + 1);
                assert_eq!(level.tiles[level.agent as usize], FLOOR);
                let moved = was.beside(was.agent, actions[e]);
                match moved.filter(|&to| was.tiles[to as usize] == FLOOR) {
                    Some(to) => assert_eq!(level.agent, to),
                    None => assert_eq!(level.agent, was.agent, "walked into a wall"),
                }
                assert_eq!(terminations[e], level.agent == level.goal);
                assert_eq!(truncations[e], !terminations[e] && steps == max);
                let reward = match terminations[e] {
                    true => (1.0 - 0.9 * (f64::from(steps) / f64::from(max))) as f32,
                    false => 0.0,
                };
                assert_eq!(rewards[e], reward);
                goals += usize::from(terminations[e]);
                cut += usize::from(truncations[e]);
            }
            ended[e] = terminations[e] || truncations[e];
            let observation = &observations[e * len..(e + 1) * len];
            assert_eq!(observation[level.agent as usize], AGENT);
        }
    }
    assert!(goals > 0 && cut > 0, "{goals} goals, {cut} truncations");
}

#[test]
fn the_solver_s_path_reaches_the_goal_in_the_fewest_steps() {
    let maze_spec = || {
        Maze::builder()
            .algorithm(Kruskal)
            .cells(6, 5)
            .braid(0.5)
            .farthest()
            .solve()
            .spec()
            .unwrap()
    };
    let seeds: Vec<u64> = (0..40).collect();
    let config = EnvConfig {
        levels: Levels::Seeds(seeds.clone()),
        ..EnvConfig::new(maze_spec())
    };
    let mut batch = Batch::new(config, 1).unwrap();
    let len = batch.observation_len();
    let mut observations = vec![0; len];
    let (mut reward, mut terminated, mut truncated) = ([0.0], [false], [false]);
    let maze_spec = maze_spec();
    batch.reset(Some(0), &mut observations).unwrap();
    for &seed in &seeds {
        let maze = maze_spec.make(seed).unwrap();
        let tiles: Vec<(u64, u64)> = maze.solution_tiles().unwrap().collect();
        let level = batch.levels().next().unwrap().clone();
        assert_eq!(level.seed, seed);
        let shortest = level.shortest().unwrap();
        assert_eq!(tiles.len() as u32 - 1, shortest);
        for (k, pair) in tiles.windows(2).enumerate() {
            let action = match (
                pair[1].0 as i64 - pair[0].0 as i64,
                pair[1].1 as i64 - pair[0].1 as i64,
            ) {
                (1, 0) => 0,
                (0, 1) => 1,
                (-1, 0) => 2,
                _ => 3,
            };
            let outputs = Outputs {
                observations: &mut observations,
                rewards: &mut reward,
                terminations: &mut terminated,
                truncations: &mut truncated,
            };
            batch.step(&[action], outputs).unwrap();
            assert_eq!(
                terminated[0],
                k + 1 == tiles.len() - 1,
                "seed {seed} step {k}"
            );
        }
        let max = f64::from(batch.max_steps());
        assert_eq!(reward[0], (1.0 - 0.9 * (f64::from(shortest) / max)) as f32);
        // The next step starts the next level.
        let outputs = Outputs {
            observations: &mut observations,
            rewards: &mut reward,
            terminations: &mut terminated,
            truncations: &mut truncated,
        };
        batch.step(&[0], outputs).unwrap();
    }
}

#[test]
fn views_show_the_tiles_around_the_agent() {
    let mut batch = batch(1, Observation::View(3), 1);
    let mut observation = vec![0; 27];
    batch.reset(Some(2), &mut observation).unwrap();
    let level = batch.levels().next().unwrap().clone();
    let (x, y) = (level.agent % level.width, level.agent / level.width);
    assert_eq!((x, y), (1, 1));
    // Row 0 and column 0 are the outer wall; the middle is the agent.
    for i in 0..3 {
        assert_eq!(observation[3 * i], 1);
        assert_eq!(observation[9 * i], 1);
    }
    assert_eq!(observation[13..15], [0, 1]);
    assert_eq!(observation[12], 0);
}

#[test]
fn refusals_name_the_setting() {
    let refused = |config: EnvConfig, envs| Batch::new(config, envs).err().unwrap().to_string();
    assert_eq!(
        refused(EnvConfig::new(spec(3, 3)), 0),
        "environments 0: expected at least 1"
    );
    let even = EnvConfig {
        observation: Observation::View(4),
        ..EnvConfig::new(spec(3, 3))
    };
    assert_eq!(refused(even, 1), "view 4: expected an odd number of tiles");
    let hex = Maze::builder()
        .algorithm(Backtrack::default())
        .shape(Shape::Hex(crate::topology::Hex::new(3, 3).unwrap()))
        .spec()
        .unwrap();
    assert!(refused(EnvConfig::new(hex), 1).contains("a rectangle or a mask"));
    let mut batch = batch(2, Observation::Tiles, 1);
    let mut observations = vec![0; 2 * batch.observation_len()];
    batch.reset(None, &mut observations).unwrap();
    let (mut rewards, mut terminations, mut truncations) = ([0.0; 2], [false; 2], [false; 2]);
    let outputs = Outputs {
        observations: &mut observations,
        rewards: &mut rewards,
        terminations: &mut terminations,
        truncations: &mut truncations,
    };
    assert_eq!(
        batch.step(&[0, 4], outputs).err().unwrap().to_string(),
        "action 4 of environment 1: expected 0 (east), 1 (south), 2 (west) or 3 (north)"
    );
    // Before: the slots were made, and the process aborted when memory ran out.
    let many = refused(EnvConfig::new(spec(3, 3)), usize::MAX / 2);
    assert!(
        many.starts_with("not enough memory for 9223372036854775807 environments"),
        "{many}"
    );
    // Before: four billion edits were made, for hours.
    let maze = Maze::builder().cells(5, 4).seed(1).build().unwrap();
    let mut levels = vec![Level::of_maze(&maze).unwrap()];
    let before = levels.clone();
    assert_eq!(
        mutate(&mut levels, MAX_EDITS + 1, 1)
            .err()
            .unwrap()
            .to_string(),
        "edits 65537: expected at most 65536 a level"
    );
    assert_eq!(levels, before);
    assert!(mutate(&mut levels, MAX_EDITS, 1).is_ok());
    // Before: an agent in a wall was played.
    let mut walled = before[0].clone();
    walled.agent = 0;
    assert_eq!(
        batch
            .set_levels(Levels::Given(vec![walled]))
            .err()
            .unwrap()
            .to_string(),
        "level 0: its agent or goal is not on a floor tile"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mutations_keep_every_goal_reachable(
        seed in 0u64..1 << 40,
        edits in 1u32..40,
        cells in 2u32..8,
        braid in prop::bool::ANY,
    ) {
        let mut builder = Maze::builder().algorithm(Backtrack::default()).cells(cells, cells + 1);
        if braid {
            builder = builder.braid(1.0);
        }
        let maze_spec = builder.spec().unwrap();
        let mut levels: Vec<Level> = (0..16)
            .map(|k| Level::of_maze(&maze_spec.make(candidate_seed(seed, k, 0)).unwrap()).unwrap())
            .collect();
        let before = levels.clone();
        mutate(&mut levels, edits, seed).unwrap();
        for (level, was) in levels.iter().zip(&before) {
            prop_assert!(level.shortest().is_some());
            prop_assert!(level.agent != level.goal);
            // The outer wall stands.
            let (w, h) = (level.width as usize, level.height as usize);
            for (t, &tile) in level.tiles.iter().enumerate() {
                if t % w == 0 || t % w == w - 1 || t / w == 0 || t / w == h - 1 {
                    prop_assert_eq!(tile, WALL);
                }
            }
            prop_assert_eq!(level.tiles[level.agent as usize], FLOOR);
            prop_assert_eq!(level.tiles[level.goal as usize], FLOOR);
            prop_assert_eq!(level.seed, was.seed);
        }
        prop_assert!(levels != before);
        let mut again = before.clone();
        mutate(&mut again, edits, seed).unwrap();
        prop_assert_eq!(again, levels);
    }
}

#[test]
fn mutation_flips_walls_both_ways_and_moves_both_ends() {
    let maze_spec = spec(8, 8);
    let mut levels: Vec<Level> = (0..200)
        .map(|k| Level::of_maze(&maze_spec.make(k).unwrap()).unwrap())
        .collect();
    let before = levels.clone();
    mutate(&mut levels, 6, 1).unwrap();
    let (mut opened, mut closed, mut goals, mut agents) = (0, 0, 0, 0);
    for (level, was) in levels.iter().zip(&before) {
        for (a, b) in level.tiles.iter().zip(&was.tiles) {
            opened += usize::from(*a == FLOOR && *b == WALL);
            closed += usize::from(*a == WALL && *b == FLOOR);
        }
        goals += usize::from(level.goal != was.goal);
        agents += usize::from(level.agent != was.agent);
    }
    assert!(opened > 0 && closed > 0 && goals > 0 && agents > 0);
}
