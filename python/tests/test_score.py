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
