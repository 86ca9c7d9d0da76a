"""Steps and fresh levels a second: mazegen.gym's vector environment beside Minigrid's maze-like
environments, measured in the same run.

    python3 bench/gym_speed.py [--envs 4096] [--runs 5] [--steps 200]

mazegen: ``gymnasium.make_vec("mazegen/Maze-v0", num_envs=4096)``, 10x10-cell mazes (21x21
tiles) of each of ``--algorithms``, the whole map observed as ``(21, 21, 3)`` channels written
in place, random actions, autoreset included; fresh levels a second are ``reset()`` calls
(every environment on a newly generated maze) times the environments. Minigrid:
``gymnasium.make_vec(id, num_envs, vectorization_mode="sync")`` with ``FullyObsWrapper`` (the
whole grid observed), fewer environments (its rate hardly depends on how many: each is stepped
in Python). Each figure is the median of ``--runs`` runs; the machine's noise moves them, so
compare ratios.

Needs the package built in release mode (``pip install ./python``), gymnasium and, for its
columns, minigrid (``pip install minigrid``).
"""

from __future__ import annotations

import argparse
import statistics
import time

import gymnasium
import numpy as np

import mazegen.gym  # noqa: F401  (registers mazegen/Maze-v0)


def rate(work, count: int, runs: int) -> float:
    """The median over ``runs`` of ``count`` items of ``work()`` a second."""
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def measure(envs, steps: int, resets: int, runs: int) -> tuple:
    """(steps a second, fresh levels a second) of the vector environment ``envs``."""
    n = envs.num_envs
    envs.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, (16, n))

    def step():
        for k in range(steps):
            envs.step(actions[k % 16])

    def reset():
        for _ in range(resets):
            envs.reset()

    step()  # warm up
    return rate(step, steps * n, runs), rate(reset, resets * n, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--minigrid-envs", type=int, default=32)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument(
        "--algorithms", default="backtrack,kruskal,sidewinder",
        help="mazegen's generators to measure, by comma (the first is the one compared)",
    )
    args = parser.parse_args()

    rows = []
    for algorithm in args.algorithms.split(","):
        envs = gymnasium.make_vec(
            "mazegen/Maze-v0", num_envs=args.envs, algorithm=algorithm, width=10, height=10,
            copy=False,
        )
        steps, resets = measure(envs, args.steps, 20, args.runs)
        rows.append((f"mazegen/Maze-v0, {algorithm}, 10x10 cells ({args.envs} envs)", steps, resets))
        envs.close()
    try:
        import minigrid  # noqa: F401
        from minigrid.wrappers import FullyObsWrapper
    except ImportError:
        print("note: minigrid is not installed (pip install minigrid): its rows are left out")
    else:
        for env_id in ("MiniGrid-FourRooms-v0", "MiniGrid-MultiRoom-N6-v0", "MiniGrid-SimpleCrossingS11N5-v0"):
            envs = gymnasium.make_vec(
                env_id, num_envs=args.minigrid_envs, vectorization_mode="sync",
                wrappers=[FullyObsWrapper],
            )
            steps, resets = measure(envs, max(args.steps // 10, 10), 5, args.runs)
            rows.append((f"{env_id} ({args.minigrid_envs} envs, sync)", steps, resets))
            envs.close()

    ours_steps, ours_resets = rows[0][1], rows[0][2]
    print("| environment | steps/s | fresh levels/s | steps, share of the first | levels, share of the first |")
    print("|---|---:|---:|---:|---:|")
    for name, steps, resets in rows:
        print(
            f"| {name} | {steps:,.0f} | {resets:,.0f} | "
            f"{steps / ours_steps:.2g} | {resets / ours_resets:.2g} |"
        )


if __name__ == "__main__":
    main()
