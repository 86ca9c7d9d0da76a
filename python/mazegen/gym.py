"""Gymnasium environments of mazegen's mazes, stepped in Rust.

>>> import gymnasium, mazegen.gym
>>> env = gymnasium.make("mazegen/Maze-v0", width=5, height=5)
>>> observation, info = env.reset(seed=1)
>>> observation.shape
(11, 11, 3)
>>> envs = gymnasium.make_vec("mazegen/Maze-v0", num_envs=4096)
>>> observations, infos = envs.reset(seed=1)
>>> observations.shape
(4096, 21, 21, 3)

``MazeEnv`` is one maze (a ``gymnasium.Env``), ``MazeVectorEnv`` a batch of them (a
``gymnasium.vector.VectorEnv``) that steps every environment in one call into the library,
the GIL released, writing observations, rewards, terminations and truncations in place into
numpy arrays. Both are registered as ``mazegen/Maze-v0`` when this module is imported;
``gymnasium.make("mazegen.gym:mazegen/Maze-v0")`` imports it first.

- Actions, ``Discrete(4)``: 0 east, 1 south, 2 west, 3 north (Minigrid's order); a move into
  a wall leaves the agent where it stands. The agent moves a tile at a time: a corridor
  between two cells is a tile, so a path of ``n`` cells takes ``2 (n - 1)`` steps.
- Observations (``observation=``): ``"channels"``, the whole map as ``(rows, columns, 3)``
  uint8, a channel each for walls, the goal and the agent (0 or 1; Minigrid's layout with
  mazegen's channels); ``"tiles"``, ``(rows, columns)`` tiles, 0 floor, 1 wall, 2 goal, 3 the
  agent, 4 outside a mask; ``"view"``, the ``(view, view, 3)`` channels around the agent.
- Reward: Minigrid's, ``1 - 0.9 * steps / max_steps`` on reaching the goal, else 0;
  truncated after ``max_steps`` (``4 x rows x columns`` of tiles by default).
- Autoreset: next step (``metadata["autoreset_mode"]``), Gymnasium's default: the step after
  an episode ends resets that environment, ignoring its action.
- Levels: the mazes of ``mazegen.dataset(..., seed=SEED)`` in order after ``reset(seed=SEED)``
  (every environment taking the next one when it resets, in environment order), so the same
  seed gives the same episodes; or ``levels=``: an array of maze seeds (played in turn), a
  ``mazegen.Dataset`` made with the same maze options (its seeds), or a callable that takes
  the environment's ``np_random`` and returns a maze seed, called for every level (a
  curriculum's sampler).

The maze options are ``mazegen.maze``'s: ``algorithm``, ``width`` and ``height`` in cells (10
each by default), ``mask``, ``braid``, ``start``, ``goal``, ``endpoints="farthest"`` and the
algorithm's own options. Shapes are rectangles and masks, which the observations draw.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from . import Dataset, _mazegen, _random_seed, _spec, _text, _whole

__all__ = ["MazeEnv", "MazeVectorEnv", "ENV_ID", "mutate"]

ENV_ID = "mazegen/Maze-v0"
"""The id both environments are registered under."""

_U64 = 2**64 - 1
_OBSERVATIONS = ("channels", "tiles", "view")

LevelSource = Union[None, Sequence[int], np.ndarray, Dataset, Callable[[np.random.Generator], int]]


class MazeVectorEnv(VectorEnv):
    """``num_envs`` mazes stepped together in Rust; see the module's documentation.

    ``threads`` steps the batch on that many threads (all cores by default); ``copy=False``
    hands back the same arrays at every step, written in place (faster; copy what you keep).
    ``mutate(edits, seed)`` edits every current level, keeping its goal reachable.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 1,
        algorithm: str = "backtrack",
        width: Optional[int] = None,
        height: Optional[int] = None,
        *,
        mask: Any = None,
        braid: Optional[float] = None,
        start: Optional[Tuple[int, int]] = None,
        goal: Optional[Tuple[int, int]] = None,
        endpoints: Optional[str] = None,
        max_steps: Optional[int] = None,
        observation: str = "channels",
        view: int = 7,
        levels: LevelSource = None,
        threads: Optional[int] = None,
        copy: bool = True,
        render_mode: Optional[str] = None,
        **options: Any,
    ) -> None:
        num_envs = _whole("num_envs", num_envs, 1, 2**31, optional=False)
        observation = _text("observation", observation, optional=False)
        if observation not in _OBSERVATIONS:
            raise ValueError(
                f"observation {observation!r}: expected one of {', '.join(_OBSERVATIONS)}"
            )
        view = _whole("view", view, 1, 2**31 - 1, optional=False)
        max_steps = _whole("max_steps", max_steps, 1, 2**32 - 1)
        threads = _whole("threads", threads, 1, 1024)
        if render_mode is not None:
            raise ValueError(f"render_mode {render_mode!r}: these environments do not render")
        spec = _spec(
            algorithm, width, height, "rect", None, mask, braid, start, goal, endpoints,
            False, False, options,
        )
        self._sampler: Optional[Callable[[np.random.Generator], int]] = None
        seeds = None
        if callable(levels):
            self._sampler = levels
        elif isinstance(levels, Dataset):
            seeds = [int(s) for s in levels.seeds]
        elif levels is not None:
            seeds = [_whole("a level seed", s, 0, _U64, optional=False) for s in
                     np.asarray(levels).reshape(-1).tolist()]
            if not seeds:
                raise ValueError("levels: an empty list of seeds; expected at least one")
        self._env = _mazegen.Env(
            spec, num_envs, observation=observation, view=view, max_steps=max_steps,
            levels=seeds, threads=threads,
        )
        self.num_envs = num_envs
        self.max_steps: int = self._env.max_steps
        self.copy = bool(copy)
        shape = tuple(self._env.observation_shape)
        high = 4 if observation == "tiles" else 1
        self.single_observation_space = spaces.Box(0, high, shape, np.uint8)
        self.single_action_space = spaces.Discrete(4)
        self.observation_space = spaces.Box(0, high, (num_envs, *shape), np.uint8)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, 4))
        self.render_mode = None

        # The arrays the library writes into: numpy views of bytearrays of our own.
        def buffer(dtype: Any, shape: Tuple[int, ...]) -> Tuple[bytearray, np.ndarray]:
            data = bytearray(int(np.prod(shape)) * np.dtype(dtype).itemsize)
            return data, np.frombuffer(data, dtype=dtype).reshape(shape)

        self._actions_buffer, self._actions = buffer(np.uint8, (num_envs,))
        self._observations_buffer, self._observations = buffer(np.uint8, (num_envs, *shape))
        self._rewards_buffer, self._rewards = buffer(np.float32, (num_envs,))
        self._terminations_buffer, self._terminations = buffer(np.bool_, (num_envs,))
        self._truncations_buffer, self._truncations = buffer(np.bool_, (num_envs,))
        self._seeded = False

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _sample(self, count: int) -> None:
        """Hands the callable level source's next ``count`` seeds to the library."""
        if self._sampler is None or count == 0:
            return
        seeds = [
            _whole("the level callable's seed", self._sampler(self.np_random), 0, _U64,
                   optional=False)
            for _ in range(count)
        ]
        self._env.set_level_seeds(seeds)

    def reset(
        self, *, seed: Optional[Union[int, Sequence[int]]] = None, options: Optional[dict] = None
    ) -> Tuple[np.ndarray, dict]:
        """Starts every episode on a new level: the mazes of the dataset seeded ``seed`` from
        its first (or the level seeds from their first), else the next ones."""
        first: Optional[int] = None
        if isinstance(seed, (int, np.integer)):
            first = int(seed)
        elif seed is not None:
            first = list(seed)[0]  # Gymnasium's list of seeds: the batch takes the first
        super().reset(seed=first)
        if first is None and not self._seeded:
            first = _random_seed()
        if first is not None:
            first = _whole("seed", first, 0, _U64, optional=False)
            self._seeded = True
        self._sample(self.num_envs)
        self._env.reset(first, self._observations_buffer)
        return self._out(self._observations), {}

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Moves every agent; an environment whose episode ended on the last step starts a
        new one instead."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {actions.shape}: expected ({self.num_envs},)")
        if np.any((actions < 0) | (actions > 3)):
            raise ValueError(f"actions {actions}: expected 0 (east), 1 (south), 2 (west) or 3 (north)")
        self._actions[:] = actions
        if self._sampler is not None:
            self._sample(sum(self._env.ended()))
        self._env.step(
            self._actions_buffer, self._observations_buffer, self._rewards_buffer,
            self._terminations_buffer, self._truncations_buffer,
        )
        return (
            self._out(self._observations), self._out(self._rewards),
            self._out(self._terminations), self._out(self._truncations), {},
        )

    def mutate(self, edits: int, seed: int) -> np.ndarray:
        """Up to ``edits`` edits to every current level (flip a wall, move the goal, move the
        agent: ACCEL's), at most 65,536, each goal kept reachable; every episode starts again
        on its edited level. Returns the first observations."""
        edits = _whole("edits", edits, 0, 2**32 - 1, optional=False)
        seed = _whole("seed", seed, 0, _U64, optional=False)
        self._env.mutate(edits, seed, self._observations_buffer)
        return self._out(self._observations)

    def levels(self) -> dict:
        """Every current level: ``tiles`` (environments x rows x columns: 0 floor, 1 wall, 4
        outside), ``agents`` and ``goals`` (``(row, column)`` tiles), ``seeds`` (the mazes')
        and ``steps`` taken in each episode."""
        levels = _levels_of(self._env.levels(), self._env.map_shape)
        levels["steps"] = np.array(self._env.steps(), np.int64)
        return levels

    def set_levels(self, levels: dict) -> None:
        """Plays the given levels (as ``levels()`` or ``mutate()`` give them: ``tiles``,
        ``agents``, ``goals``, and ``seeds`` if known) from the next reset on, in turn, from
        their first again at every seeded reset: a replay buffer's picks, say."""
        tiles, agents, goals, seeds, shape = _arrays_of(levels)
        if shape != tuple(self._env.map_shape):
            raise ValueError(
                f"levels of {shape[0]}x{shape[1]} tiles: expected the environments' "
                f"{self._env.map_shape[0]}x{self._env.map_shape[1]}"
            )
        self._env.set_levels(tiles, agents, goals, seeds)

    def close_extras(self, **kwargs: Any) -> None:
        pass


class MazeEnv(gymnasium.Env):
    """One maze environment (``MazeVectorEnv`` of one environment, on one thread); the same
    options."""

    metadata = {"render_modes": []}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("threads", 1)
        self._vector = MazeVectorEnv(num_envs=1, copy=True, **kwargs)
        self.observation_space = self._vector.single_observation_space
        self.action_space = self._vector.single_action_space
        self.max_steps = self._vector.max_steps
        self._ended = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        observations, _ = self._vector.reset(seed=seed)
        self._ended = False
        return observations[0], {}

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, dict]:
        if self._ended:
            raise RuntimeError("the episode has ended: call reset() first")
        observations, rewards, terminations, truncations, _ = self._vector.step(
            np.array([action])
        )
        terminated, truncated = bool(terminations[0]), bool(truncations[0])
        self._ended = terminated or truncated
        return observations[0], float(rewards[0]), terminated, truncated, {}

    def levels(self) -> dict:
        """The current level, as ``MazeVectorEnv.levels`` gives it, for the one environment."""
        return {name: value[0] for name, value in self._vector.levels().items()}


def mutate(levels: dict, edits: int, seed: int) -> dict:
    """Up to ``edits`` edits (at most 65,536) to each of ``levels`` (as
    ``MazeVectorEnv.levels()`` gives them: ``tiles``, ``agents``, ``goals``, ``seeds``),
    ACCEL's as JaxUED makes them: flip a wall, move the goal, move the agent, every goal kept
    reachable (a wall that would cut the agent off is put back). Seeded: the same levels, edits
    and seed give the same levels. Returns the edited levels, which
    ``MazeVectorEnv.set_levels`` plays."""
    edits = _whole("edits", edits, 0, 2**32 - 1, optional=False)
    seed = _whole("seed", seed, 0, _U64, optional=False)
    tiles, agents, goals, seeds, (rows, columns) = _arrays_of(levels)
    edited = _mazegen.mutate_levels(columns, rows, tiles, agents, goals, seeds, edits, seed)
    return _levels_of(edited, (rows, columns))


def _levels_of(raw: Tuple[bytearray, list, list, list], shape: Tuple[int, int]) -> dict:
    """The native half's levels as arrays: ``tiles`` (levels x rows x columns: 0 floor, 1
    wall, 4 outside), ``agents`` and ``goals`` as ``(row, column)`` tiles, ``seeds``."""
    tiles, agent_tiles, goal_tiles, seeds = raw
    rows, columns = shape
    agents, goals = np.array(agent_tiles, np.int64), np.array(goal_tiles, np.int64)
    return {
        "tiles": np.frombuffer(tiles, np.uint8).reshape(len(agent_tiles), rows, columns),
        "agents": np.stack([agents // columns, agents % columns], 1).reshape(-1, 2),
        "goals": np.stack([goals // columns, goals % columns], 1).reshape(-1, 2),
        "seeds": np.array(seeds, np.uint64),
    }


def _arrays_of(levels: dict) -> Tuple[bytes, List[int], List[int], List[int], Tuple[int, int]]:
    """``levels`` (as ``_levels_of`` gives them) as the native half takes them, with their
    rows and columns; refused with the reason where they are not levels."""
    try:
        tiles = np.ascontiguousarray(levels["tiles"], np.uint8)
        agents = np.asarray(levels["agents"], np.int64)
        goals = np.asarray(levels["goals"], np.int64)
    except KeyError as missing:
        raise ValueError(f"levels need {missing}: tiles, agents and goals") from None
    if tiles.ndim != 3 or agents.shape != (len(tiles), 2) or goals.shape != (len(tiles), 2):
        raise ValueError(
            f"levels of tiles {tiles.shape}, agents {agents.shape} and goals {goals.shape}: "
            "expected tiles (levels, rows, columns), agents and goals (levels, 2)"
        )
    count, rows, columns = tiles.shape
    for name, cells in (("agent", agents), ("goal", goals)):
        off = (cells[:, 0] < 0) | (cells[:, 0] >= rows) | (cells[:, 1] < 0) | (cells[:, 1] >= columns)
        if off.any():
            at = int(np.argmax(off))
            raise ValueError(
                f"level {at}: its {name} {tuple(int(c) for c in cells[at])} is off its {rows}x{columns} tiles"
            )
    seeds = np.asarray(levels.get("seeds", np.zeros(count, np.uint64)), np.uint64).reshape(-1)
    if len(seeds) != count:
        raise ValueError(f"levels of {count} tiles and {len(seeds)} seeds: expected one seed a level")
    agent_tiles = (agents[:, 0] * columns + agents[:, 1]).tolist()
    goal_tiles = (goals[:, 0] * columns + goals[:, 1]).tolist()
    return tiles.tobytes(), agent_tiles, goal_tiles, seeds.tolist(), (rows, columns)


gymnasium.register(
    id=ENV_ID,
    entry_point="mazegen.gym:MazeEnv",
    vector_entry_point="mazegen.gym:MazeVectorEnv",
    disable_env_checker=False,
)
