"""How many answers a second mazegen.score scores on 10x10 mazes: 1,000,000 answers (each
maze's solution as UDLR moves), timed five times; prints the median rate."""

import statistics
import time

import mazegen

COUNT = 1_000_000


def main() -> None:
    data = mazegen.dataset(COUNT, "backtrack", 10, 10, seed=1)
    names = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}
    answers = []
    for i in range(COUNT):
        cells = data.solution(i).tolist()
        answers.append("".join(
            names[(b[0] - a[0], b[1] - a[1])] for a, b in zip(cells, cells[1:])
        ))
    rates = []
    for _ in range(5):
        start = time.perf_counter()
        scores = mazegen.score(data, answers)
        rates.append(COUNT / (time.perf_counter() - start))
        assert scores["optimal"].all()
    print(f"mazegen.score: {statistics.median(rates):,.0f} answers/s on 10x10 mazes (median of 5)")


if __name__ == "__main__":
    main()
