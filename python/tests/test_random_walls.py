"""random-walls, Searchformer's mazes, through mazegen.maze and mazegen.dataset."""

import numpy as np
import pytest

import mazegen


def test_random_walls_is_an_algorithm():
    assert "random-walls" in mazegen.ALGORITHMS


def test_a_dataset_of_random_walls_has_long_plans():
    data = mazegen.dataset(60, "random_walls", 10, 10, seed=3)
    again = mazegen.dataset(60, "random-walls", 10, 10, seed=3)
    assert np.array_equal(data.tiles, again.tiles)
    assert np.array_equal(data.starts, again.starts)
    for i in range(len(data)):
        # A plan of at least max(width, height) cells, start and goal included.
        assert len(data.solution(i)) >= 10
        # Free cells are open rooms: no wall tile (1) between two free cells (0) of a row.
        tiles = data.tiles[i]
        for y in range(1, 21, 2):
            for x in range(1, 19, 2):
                if tiles[y, x] == 0 and tiles[y, x + 2] == 0:
                    assert tiles[y, x + 1] == 0


def test_a_fixed_share_of_walls():
    maze = mazegen.maze("random-walls", 20, 10, seed=1, walls=0.3)
    # 60 walls at least (1 in the tiles): the cells left out are the walls and the pockets
    # the start cannot reach.
    cells = maze.tiles[1::2, 1::2]
    assert cells.shape == (10, 20)
    assert 60 <= int(cells.sum()) < 200


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"start": (1, 1)}, "draws the start and goal"),
        ({"endpoints": "farthest"}, "endpoints='farthest'"),
        ({"braid": 0.5}, "braid"),
        ({"walls": 1.0}, "fewer than two free cells"),
        ({"attempts": 0}, "attempts"),
    ],
)
def test_options_that_cannot_apply_are_refused(arguments, message):
    with pytest.raises(ValueError, match=message):
        mazegen.maze("random-walls", 10, 10, seed=1, **arguments)


def test_options_of_random_walls_belong_to_it():
    with pytest.raises(ValueError, match="walls applies to random-walls"):
        mazegen.maze("backtrack", 10, 10, seed=1, walls=0.4)
