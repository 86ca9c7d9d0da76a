"""mazegen.gym: Gymnasium's checks, the rules of the maze (walls, rewards, autoreset), levels
from the dataset engine, replays from seeds, and mutations that keep every goal reachable."""

import subprocess
import sys
import warnings
from collections import deque

import numpy as np
import pytest

import mazegen

gymnasium = pytest.importorskip(
    "gymnasium", reason="gymnasium is not installed: the environments are not tested"
)
import mazegen.gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

MOVES = {(0, 1): 0, (1, 0): 1, (0, -1): 2, (-1, 0): 3}  # (row, column) steps: east, south, west, north


def reachable(tiles, start):
    """The floor tiles reached from `start` ((row, column)), by breadth-first search."""
    seen = {tuple(start)}
    queue = deque([tuple(start)])
    while queue:
        r, c = queue.popleft()
        for dr, dc in MOVES:
            n = (r + dr, c + dc)
            if 0 <= n[0] < tiles.shape[0] and 0 <= n[1] < tiles.shape[1] and tiles[n] == 0 and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


@pytest.mark.parametrize("observation", ["channels", "tiles", "view"])
def test_gymnasium_s_checks_pass(observation):
    env = gymnasium.make("mazegen/Maze-v0", width=4, height=3, observation=observation, view=5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    shapes = {"channels": (7, 9, 3), "tiles": (7, 9), "view": (5, 5, 3)}
    assert env.observation_space.shape == shapes[observation]


def test_make_vec_steps_a_batch_in_place():
    envs = gymnasium.make_vec("mazegen/Maze-v0", num_envs=4096, copy=False)
    assert isinstance(envs.unwrapped, mazegen.gym.MazeVectorEnv)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert envs.single_observation_space.shape == (21, 21, 3)
    observations, _ = envs.reset(seed=3)
    assert observations.shape == (4096, 21, 21, 3) and observations.dtype == np.uint8
    again, rewards, terminations, truncations, _ = envs.step(envs.action_space.sample())
    assert again is observations  # written in place
    assert rewards.shape == terminations.shape == truncations.shape == (4096,)
    # Every observation has one agent and one goal.
    assert (observations[..., 2].sum(axis=(1, 2)) == 1).all()
    assert (observations[..., 1].sum(axis=(1, 2)) == 1).all()


def test_registered_for_make_without_importing_first():
    code = (
        "import gymnasium, sys\n"
        "env = gymnasium.make('mazegen.gym:mazegen/Maze-v0', width=3, height=3)\n"
        "print(env.reset(seed=1)[0].shape)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "(7, 7, 3)"


def test_importing_mazegen_needs_no_gymnasium():
    code = "import sys, mazegen\nassert 'gymnasium' not in sys.modules\n"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_first_levels_are_the_dataset_s_mazes():
    envs = mazegen.gym.MazeVectorEnv(6, "wilson", 5, 4, braid=0.3)
    envs.reset(seed=21)
    levels = envs.levels()
    dataset = mazegen.dataset(6, "wilson", 5, 4, seed=21, braid=0.3)
    assert (levels["seeds"] == dataset.seeds).all()
    assert ((levels["tiles"] == 1) == (dataset.tiles == 1)).all()
    assert (levels["agents"] == 2 * dataset.starts + 1).all()
    assert (levels["goals"] == 2 * dataset.goals + 1).all()


def test_a_shortest_path_policy_reaches_every_goal_in_the_fewest_steps():
    seeds = list(range(100, 130))
    env = mazegen.gym.MazeEnv(
        algorithm="kruskal", width=6, height=5, braid=0.5, endpoints="farthest", levels=seeds
    )
    for k, seed in enumerate(seeds):
        if k == 0:
            env.reset(seed=0)
        else:
            env.reset()
        assert env.levels()["seeds"] == seed
        # Our own solver's shortest path, cell by cell, walked a tile at a time.
        cells = mazegen.maze("kruskal", 6, 5, seed=seed, braid=0.5, endpoints="farthest").solution
        steps = 0
        for a, b in zip(cells[:-1], cells[1:]):
            action = MOVES[tuple(int(x) for x in b - a)]
            for _ in range(2):
                assert env.levels()["steps"] == steps
                observation, reward, terminated, truncated, _ = env.step(action)
                steps += 1
        assert terminated and not truncated, f"seed {seed}"
        assert steps == 2 * (len(cells) - 1)
        assert reward == pytest.approx(1 - 0.9 * steps / env.max_steps)
        assert observation[tuple(2 * cells[-1] + 1)].tolist() == [0, 1, 1]


def test_walls_are_never_crossed_and_episodes_end_by_the_rules():
    envs = mazegen.gym.MazeVectorEnv(64, width=3, height=3, max_steps=30, observation="tiles")
    envs.reset(seed=8)
    rng = np.random.default_rng(1)
    ended = np.zeros(64, bool)
    goals = truncated_total = 0
    for _ in range(200):
        before = envs.levels()
        actions = rng.integers(0, 4, 64)
        observations, rewards, terminations, truncations, _ = envs.step(actions)
        after = envs.levels()
        for e in range(64):
            if ended[e]:
                assert after["steps"][e] == 0 and rewards[e] == 0
                assert not terminations[e] and not truncations[e]
                continue
            tiles = before["tiles"][e]
            dr, dc = [(0, 1), (1, 0), (0, -1), (-1, 0)][actions[e]]
            target = before["agents"][e] + (dr, dc)
            expected = target if tiles[tuple(target)] == 0 else before["agents"][e]
            assert (after["agents"][e] == expected).all()
            assert observations[e][tuple(expected)] == 3
            assert terminations[e] == (after["agents"][e] == after["goals"][e]).all()
            assert truncations[e] == (not terminations[e] and after["steps"][e] == 30)
            if terminations[e]:
                assert rewards[e] == pytest.approx(1 - 0.9 * after["steps"][e] / 30)
            else:
                assert rewards[e] == 0
        goals += terminations.sum()
        truncated_total += truncations.sum()
        ended = terminations | truncations
    assert goals > 0 and truncated_total > 0


def run(seed, actions, **options):
    envs = mazegen.gym.MazeVectorEnv(16, width=4, height=4, **options)
    record = [envs.reset(seed=seed)[0]]
    for a in actions:
        record.extend(envs.step(a)[:4])
    return record


def test_episodes_replay_from_seeds():
    actions = np.random.default_rng(2).integers(0, 4, (150, 16))
    first = run(5, actions)
    for again in (run(5, actions), run(5, actions, threads=2)):
        assert all(np.array_equal(a, b) for a, b in zip(first, again))
    other = run(6, actions)
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))


def test_levels_from_seeds_a_dataset_or_a_callable():
    dataset = mazegen.dataset(3, width=4, height=4, seed=9)
    for levels in (dataset.seeds, dataset, list(dataset.seeds)):
        envs = mazegen.gym.MazeVectorEnv(5, width=4, height=4, levels=levels)
        envs.reset(seed=0)
        assert envs.levels()["seeds"].tolist() == [*dataset.seeds.tolist(), *dataset.seeds[:2].tolist()]
    picked = []

    def sampler(rng):
        picked.append(int(rng.integers(0, 1000)))
        return picked[-1]

    envs = mazegen.gym.MazeVectorEnv(4, width=4, height=4, levels=sampler, max_steps=20)
    envs.reset(seed=1)
    assert envs.levels()["seeds"].tolist() == picked
    # A level the callable picks for every environment that resets.
    for _ in range(50):
        envs.step(np.zeros(4, int))
    assert set(envs.levels()["seeds"].tolist()) <= set(picked)
    assert len(picked) > 4


def test_masks_are_levels_whose_outside_is_never_entered():
    ring = "XX.XX\nX...X\n.....\nX...X\nXX.XX\n"
    envs = mazegen.gym.MazeVectorEnv(32, "backtrack", mask=ring, observation="tiles", max_steps=50)
    observations, _ = envs.reset(seed=5)
    levels = envs.levels()
    dataset = mazegen.dataset(32, "backtrack", mask=ring, seed=5)
    # The dataset's tiles draw outside the mask as wall; a level marks it apart.
    assert ((levels["tiles"] != 0) == (dataset.tiles == 1)).all()
    outside = levels["tiles"] == 4
    assert outside[:, 0, 0].all() and not outside[:, 5, 5].any()
    rng = np.random.default_rng(0)
    for _ in range(100):
        observations, _, _, _, _ = envs.step(rng.integers(0, 4, 32))
        now = envs.levels()
        assert ((now["tiles"] == 4) == outside).all()
        for e in range(32):
            assert now["tiles"][e][tuple(now["agents"][e])] == 0, "the agent stands on floor"
            assert tuple(now["goals"][e]) in reachable(now["tiles"][e], now["agents"][e])


def test_mutations_keep_every_goal_reachable():
    envs = mazegen.gym.MazeVectorEnv(300, width=5, height=5, braid=0.5, observation="tiles", copy=False)
    envs.reset(seed=4)
    before = envs.levels()
    for round_ in range(5):
        observations = envs.mutate(12, round_)
        levels = envs.levels()
        for e in range(300):
            tiles = levels["tiles"][e]
            assert tuple(levels["goals"][e]) in reachable(tiles, levels["agents"][e])
            assert observations[e][tuple(levels["agents"][e])] == 3
        assert (levels["steps"] == 0).all()
    after = envs.levels()
    assert (after["tiles"] != before["tiles"]).any()
    assert (after["goals"] != before["goals"]).any() and (after["agents"] != before["agents"]).any()


def test_a_replay_buffer_s_levels_mutate_solvably_and_play_again():
    # ACCEL: levels kept aside, edited by mutate(), played again by set_levels().
    envs = mazegen.gym.MazeVectorEnv(64, width=6, height=6, observation="tiles", copy=False)
    envs.reset(seed=9)
    buffer = envs.levels()
    del buffer["steps"]
    edited = mazegen.gym.mutate(buffer, 10, seed=3)
    assert edited["tiles"].shape == buffer["tiles"].shape
    assert (edited["tiles"] != buffer["tiles"]).any()
    for e in range(64):
        assert tuple(edited["goals"][e]) in reachable(edited["tiles"][e], edited["agents"][e])
    again = mazegen.gym.mutate(buffer, 10, seed=3)
    assert all((again[name] == edited[name]).all() for name in edited)
    assert (buffer["tiles"] == envs.levels()["tiles"]).all(), "the buffer is left as it was"
    # Played from the next seeded reset, in turn.
    envs.set_levels(edited)
    observations, _ = envs.reset(seed=1)
    played = envs.levels()
    for name in ("tiles", "agents", "goals", "seeds"):
        assert (played[name] == edited[name]).all(), name
    assert (observations[np.arange(64), edited["agents"][:, 0], edited["agents"][:, 1]] == 3).all()
    # Levels that are none are refused with the reason.
    cut = {name: value.copy() for name, value in buffer.items()}
    cut["tiles"][5][tuple(cut["goals"][5])] = 1
    with pytest.raises(ValueError, match="level 5: its goal cannot be reached"):
        mazegen.gym.mutate(cut, 1, seed=0)
    with pytest.raises(ValueError, match="levels need 'agents'"):
        mazegen.gym.mutate({"tiles": buffer["tiles"]}, 1, seed=0)
    wider = dict(buffer, tiles=np.pad(buffer["tiles"], ((0, 0), (0, 2), (0, 2)), constant_values=1))
    with pytest.raises(ValueError, match="levels of 15x15 tiles: expected the environments' 13x13"):
        envs.set_levels(wider)
    off = dict(buffer, agents=buffer["agents"] + 20)
    with pytest.raises(ValueError, match=r"level 0: its agent \(\d+, \d+\) is off its 13x13 tiles"):
        mazegen.gym.mutate(off, 1, seed=0)


def test_bad_options_are_refused_with_what_would_be_accepted():
    with pytest.raises(ValueError, match="observation 'pixels': expected one of channels, tiles, view"):
        mazegen.gym.MazeVectorEnv(2, observation="pixels")
    with pytest.raises(ValueError, match="view 4: expected an odd number of tiles"):
        mazegen.gym.MazeVectorEnv(2, observation="view", view=4)
    with pytest.raises(ValueError, match="max_steps 0"):
        mazegen.gym.MazeVectorEnv(2, max_steps=0)
    with pytest.raises(ValueError, match="num_envs 0"):
        mazegen.gym.MazeVectorEnv(0)
    # Refused before anything is made (these aborted the interpreter, or ran for hours).
    with pytest.raises(ValueError, match="not enough memory for 2147483647 environments"):
        mazegen.gym.MazeVectorEnv(2**31 - 1)
    envs = mazegen.gym.MazeVectorEnv(2)
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="actions"):
        envs.step(np.array([0, 4]))
    with pytest.raises(ValueError, match="edits 65537: expected at most 65536 a level"):
        envs.mutate(2**16 + 1, seed=1)
    with pytest.raises(ValueError, match="edits 65537"):
        mazegen.gym.mutate(envs.levels(), 2**16 + 1, seed=1)
    walled = envs.levels()
    walled["agents"][0] = (0, 0)
    with pytest.raises(ValueError, match="level 0: its agent or goal is not on a floor tile"):
        envs.set_levels(walled)
