"""mazegen.score: answers scored against a dataset or a list of mazes, as numpy arrays."""

import numpy as np
import pytest

import mazegen


def moves_of(cells):
    """The UDLR moves along ``cells``, (row, column) rows."""
    names = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}
    return "".join(names[(int(b[0] - a[0]), int(b[1] - a[1]))] for a, b in zip(cells, cells[1:]))


def test_solutions_score_optimal_in_every_form():
    data = mazegen.dataset(50, "kruskal", 9, 7, seed=3, braid=0.5)
    moves = [moves_of(data.solution(i)) for i in range(len(data))]
    for answers in (moves, [data.solution(i).tolist() for i in range(len(data))]):
        for mode in mazegen.SCORE_MODES:
            scores = mazegen.score(data, answers, mode=mode)
            assert scores["optimal"].all() and scores["valid"].all() and scores["reached"].all()
            assert scores["progress"].dtype == np.float64 and (scores["progress"] == 1).all()
            assert scores["first_illegal"].dtype == np.int64
            assert (scores["first_illegal"] == -1).all()


def test_walls_progress_and_first_illegal():
    data = mazegen.dataset(20, "backtrack", 5, 5, seed=1)
    # Up from the top-left cell: a wall, at once.
    scores = mazegen.score(data, ["U"] * 20)
    assert not scores["valid"].any() and not scores["reached"].any()
    assert (scores["first_illegal"] == 0).all() and (scores["progress"] == 0).all()
    # The solution, then a step back: valid, no longer on the goal.
    maze = mazegen.maze("backtrack", 5, 5, seed=2)
    solution = maze.solution
    moves = moves_of(solution)
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[moves[-1]]
    scores = mazegen.score([maze, maze], [moves + back, moves + "UUUUUUUUUU"])
    assert scores["valid"][0] and not scores["reached"][0]
    assert scores["progress"][0] == pytest.approx((len(moves) - 1) / len(moves))
    assert scores["first_illegal"][1] >= len(moves)


def test_alphamaze_moves_and_the_final_cell_rule():
    maze = mazegen.maze("backtrack", 4, 4, seed=5)
    moves = moves_of(maze.solution)
    tokens = {"U": "<|up|>", "D": "<|down|>", "L": "<|left|>", "R": "<|right|>"}
    alphamaze = "".join(tokens[m] for m in moves)
    # A bump into the top-left cell's north wall first.
    bumped = "<|up|>" + alphamaze
    strict = mazegen.score([maze, maze], [alphamaze, bumped])
    assert list(strict["optimal"]) == [True, False]
    assert not strict["reached"][1] and strict["first_illegal"][1] == 0
    final = mazegen.score([maze, maze], [alphamaze, bumped], mode="final-cell")
    assert list(final["reached"]) == [True, True]
    assert list(final["valid"]) == [True, False]


def test_bad_answers_and_mazes_are_refused():
    data = mazegen.dataset(2, "backtrack", 3, 3, seed=1)
    with pytest.raises(ValueError, match=r"answer 1: column 2: found 'X', expected a move"):
        mazegen.score(data, ["R", "RX"])
    with pytest.raises(ValueError, match="1 answers for 2 mazes"):
        mazegen.score(data, ["R"])
    with pytest.raises(ValueError, match="answer 0: a line break inside"):
        mazegen.score(data, ["R\nD", "D"])
    with pytest.raises(ValueError, match="mode 'loose'"):
        mazegen.score(data, ["R", "D"], mode="loose")
    bare = mazegen.dataset(2, "backtrack", 3, 3, seed=1, connections=False)
    with pytest.raises(ValueError, match="connections=True"):
        mazegen.score(bare, ["R", "D"])
    hex_maze = mazegen.maze("wilson", 3, 3, shape="hex", seed=1)
    with pytest.raises(ValueError, match="only rectangles and masks"):
        mazegen.score([hex_maze], ["R"])


def reference_score(connections, start, goal, moves, mode):
    """A straightforward scorer: breadth-first distances to the goal, then the moves replayed."""
    down, right = connections
    rows, columns = down.shape
    steps = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}

    def open_(cell, move):
        (r, c), (dr, dc) = cell, steps[move]
        r2, c2 = r + dr, c + dc
        if not (0 <= r2 < rows and 0 <= c2 < columns):
            return None
        if dr:
            passage = down[min(r, r2), c]
        else:
            passage = right[r, min(c, c2)]
        return (r2, c2) if passage else None

    far = None
    distance = {goal: 0}
    queue = [goal]
    for cell in queue:
        for move in "UDLR":
            other = open_(cell, move)
            if other is not None and other not in distance:
                distance[other] = distance[cell] + 1
                queue.append(other)
    here, first_illegal = start, -1
    for k, move in enumerate(moves):
        if first_illegal >= 0 and mode != "final-cell":
            break
        other = open_(here, move)
        if other is None:
            if first_illegal < 0:
                first_illegal = k
        else:
            here = other
    valid = first_illegal < 0
    shortest, left = distance.get(start, far), distance.get(here, far)
    on_goal = here == goal
    if shortest is None:
        progress = 0.0
    elif shortest == 0:
        progress = 1.0
    elif left is None:
        progress = 0.0
    else:
        progress = min(max((shortest - left) / shortest, 0.0), 1.0)
    return {
        "valid": valid,
        "reached": on_goal and (valid or mode == "final-cell"),
        "optimal": valid and on_goal and len(moves) == shortest,
        "progress": progress,
        "first_illegal": first_illegal,
    }


def test_a_big_random_batch_scores_as_a_straightforward_scorer():
    rng = np.random.default_rng(41)
    for columns, rows, braid in ((10, 10, None), (5, 3, 0.6), (13, 11, 0.3), (1, 7, None)):
        data = mazegen.dataset(600, "kruskal", columns, rows, seed=columns, braid=braid)
        # Some passages closed at random: goals that cannot be reached, loops cut.
        connections = data.connections & (rng.random(data.connections.shape) < 0.9)
        starts = data.starts.copy()
        starts[::5] = rng.integers(0, (rows, columns), size=starts[::5].shape)
        answers = []
        for i in range(len(data)):
            moves = moves_of(data.solution(i))
            kind = i % 4
            if kind == 1:
                moves = "".join(rng.choice(list("UDLR"), size=rng.integers(0, 30)))
            elif kind == 2 and moves:
                cut = rng.integers(0, len(moves))
                moves = moves[:cut] + rng.choice(list("UDLR")) + moves[cut:]
            elif kind == 3:
                moves = moves + "".join(rng.choice(list("UDLR"), size=rng.integers(0, 4)))
            answers.append(moves)
        batch = data
        batch.connections, batch.starts = connections, starts
        for mode in ("strict", "final-cell"):
            scores = mazegen.score(batch, answers, mode=mode)
            for jobs in (1, 2, 3):
                again = mazegen.score(batch, answers, mode=mode, jobs=jobs)
                for name in scores:
                    assert (again[name] == scores[name]).all(), (name, jobs)
            for i, answer in enumerate(answers):
                expected = reference_score(
                    connections[i], tuple(starts[i]), tuple(batch.goals[i]), answer, mode
                )
                got = {name: scores[name][i].item() for name in scores}
                assert got["progress"] == pytest.approx(expected.pop("progress")), (i, answer)
                del got["progress"]
                assert got == expected, (i, answer, mode)
