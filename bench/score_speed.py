"""How many answers a second mazegen.score scores on 10x10 mazes.

    python3 bench/score_speed.py [COUNT] [REPEATS]

Makes COUNT mazes (1,000,000 by default) of 10x10 cells and an answer for each, as UDLR moves:
nine in ten the maze's solution, the rest wrong (the solution with one move turned, a wall
bumped into at once, the solution and a step back). Times ``mazegen.score(..., mode="moves")``
REPEATS times (5 by default) and prints the median rate, with the load average beside it (the
machine may be shared). Needs the package (pip install ./python, or PYTHONPATH at a directory
holding the package with a release build of the extension).
"""

import os
import statistics
import sys
import time

import mazegen

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def answers_of(data):
    """An answer a maze: its solution's moves, or a wrong one for every tenth maze."""
    names = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}
    turn = {"U": "R", "R": "D", "D": "L", "L": "U"}
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    answers = []
    for i in range(len(data)):
        cells = data.solution(i).tolist()
        moves = "".join(names[(b[0] - a[0], b[1] - a[1])] for a, b in zip(cells, cells[1:]))
        kind = i % 30
        if kind == 7 and moves:
            middle = len(moves) // 2
            moves = moves[:middle] + turn[moves[middle]] + moves[middle + 1:]
        elif kind == 17:
            moves = "U" + moves
        elif kind == 27 and moves:
            moves = moves + back[moves[-1]]
        answers.append(moves)
    return answers


def main() -> None:
    data = mazegen.dataset(COUNT, "backtrack", 10, 10, seed=1)
    answers = answers_of(data)
    rates = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        scores = mazegen.score(data, answers, mode="moves")
        rates.append(COUNT / (time.perf_counter() - start))
    optimal = int(scores["optimal"].sum())
    print(
        f"mazegen.score: {statistics.median(rates):,.0f} answers/s on 10x10 mazes "
        f"(median of {REPEATS}, {COUNT:,} answers, {optimal:,} optimal; "
        f"load average {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
