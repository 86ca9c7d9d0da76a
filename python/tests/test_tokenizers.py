"""Every maze-dataset tokenizer: `Maze.tokens(tokenizer)` against maze-dataset's own
`MazeTokenizerModular.to_tokens` on the same solved maze, over a seeded sample of the whole
space of modular tokenizers (its components' every option, the ones maze-dataset 1.4.2 marks
as unsupported included), on mazes of several generators and sizes. A tokenizer without
random orders gives maze-dataset's tokens exactly; one with them gives the same edges (and,
unless groups lead with a random cell of each edge, the same tokens as a multiset) in its
adjacency list, the rest exactly, and the same line for the same maze."""

import random
import warnings
from collections import Counter

import pytest

import mazegen

# Enough draws for 1,000 tokenizers maze-dataset can tokenize each maze with.
DRAWS = 1200


def maze_dataset_modules():
    pytest.importorskip("maze_dataset")
    with warnings.catch_warnings():
        # maze-dataset warns about its optional parts on import.
        warnings.simplefilter("ignore")
        from maze_dataset.tokenization import MazeTokenizerModular
        from maze_dataset.tokenization.modular import elements
    return MazeTokenizerModular, elements


def draw_tokenizer(rng, MazeTokenizerModular, e):
    """A tokenizer drawn uniformly from each component's options in turn."""
    flag = lambda: rng.random() < 0.5  # noqa: E731
    if flag():
        coord = e.CoordTokenizers.UT()
    else:
        coord = e.CoordTokenizers.CTT(pre=flag(), intra=flag(), post=flag())
    if flag():
        grouping = e.EdgeGroupings.Ungrouped(connection_token_ordinal=rng.choice([0, 1, 2]))
    else:
        grouping = e.EdgeGroupings.ByLeadingCoord(
            intra=flag(), shuffle_group=flag(), connection_token_ordinal=rng.choice([0, 1])
        )
    if flag():
        subset = e.EdgeSubsets.AllLatticeEdges()
    else:
        subset = e.EdgeSubsets.ConnectionEdges(walls=flag())
    permuter = rng.choice(
        [e.EdgePermuters.SortedCoords, e.EdgePermuters.RandomCoords, e.EdgePermuters.BothCoords]
    )()
    adj_list = rng.choice([e.AdjListTokenizers.AdjListCoord, e.AdjListTokenizers.AdjListCardinal])(
        pre=flag(),
        post=flag(),
        shuffle_d0=flag(),
        edge_grouping=grouping,
        edge_subset=subset,
        edge_permuter=permuter,
    )
    steps = [e.StepTokenizers.Coord, e.StepTokenizers.Cardinal, e.StepTokenizers.Relative,
             e.StepTokenizers.Distance]
    while True:
        chosen = rng.sample(steps, rng.randint(1, 4))
        if chosen != [e.StepTokenizers.Distance]:
            break
    step_size = rng.choice(
        [e.StepSizes.Singles, e.StepSizes.Straightaways, e.StepSizes.Forks,
         e.StepSizes.ForksAndStraightaways]
    )()
    path = e.PathTokenizers.StepSequence(
        step_size=step_size,
        step_tokenizers=tuple(step() for step in chosen),
        pre=flag(),
        intra=flag(),
        post=flag(),
    )
    if flag():
        prompt = e.PromptSequencers.AOTP(
            coord_tokenizer=coord,
            adj_list_tokenizer=adj_list,
            target_tokenizer=e.TargetTokenizers.Unlabeled(post=flag()),
            path_tokenizer=path,
        )
    else:
        prompt = e.PromptSequencers.AOP(
            coord_tokenizer=coord, adj_list_tokenizer=adj_list, path_tokenizer=path
        )
    return MazeTokenizerModular(prompt_sequencer=prompt)


def is_random(tokenizer, e):
    adj = tokenizer.prompt_sequencer.adj_list_tokenizer
    grouping = adj.edge_grouping
    return (
        adj.shuffle_d0
        or isinstance(adj.edge_permuter, e.EdgePermuters.RandomCoords)
        or (isinstance(grouping, e.EdgeGroupings.ByLeadingCoord) and grouping.shuffle_group)
    )


def mazes():
    """Solved mazes of several generators, sizes and shapes of path: square ones (which every
    tokenizer takes) and wide and tall ones (which maze-dataset's AllLatticeEdges does not)."""
    made = []
    for i, (algorithm, width, height, extra) in enumerate([
        ("backtrack", 5, 5, {}),
        ("kruskal", 6, 6, {"braid": 0.5}),
        ("wilson", 4, 4, {"endpoints": "farthest"}),
        ("binary-tree", 7, 7, {}),
        ("prim", 3, 3, {"braid": 1.0}),
        ("eller", 8, 8, {"braid": 0.2, "endpoints": "farthest"}),
        ("hunt-and-kill", 2, 2, {}),
        ("sidewinder", 6, 3, {}),
        ("growing-tree", 3, 7, {"braid": 0.4}),
        ("aldous-broder", 1, 5, {}),
        ("kruskal", 6, 6, {"braid": 0.3, "start": (3, 2), "goal": (0, 5)}),
        ("backtrack", 7, 4, {"start": (2, 6), "goal": (1, 0)}),
    ]):
        args = dict(algorithm=algorithm, width=width, height=height, seed=100 + i, **extra)
        maze = mazegen.maze(**args)
        made.append((args, maze, maze.to_maze_dataset(), width == height))
    return made


CONNECTORS = ("<-->", "<XX>")
MOVES = {"NORTH": (-1, 0), "SOUTH": (1, 0), "WEST": (0, -1), "EAST": (0, 1)}


def edges_of(tokens, tokenizer, e):
    """The adjacency list's edges (unordered pairs of cells with their connector), as a
    multiset, read from the tokens between ``<ADJLIST_START>`` and ``<ADJLIST_END>``."""
    sequencer = tokenizer.prompt_sequencer
    coord, adj = sequencer.coord_tokenizer, sequencer.adj_list_tokenizer
    grouping = adj.edge_grouping
    grouped = isinstance(grouping, e.EdgeGroupings.ByLeadingCoord)
    cardinal = isinstance(adj, e.AdjListTokenizers.AdjListCardinal)
    ordinal = grouping.connection_token_ordinal
    at = 0

    def take(expected=None):
        nonlocal at
        token = tokens[at]
        assert expected is None or token == expected, (at, token, expected)
        at += 1
        return token

    def cell():
        if isinstance(coord, e.CoordTokenizers.UT):
            row, column = take()[1:-1].split(",")
            return int(row), int(column)
        if coord.pre:
            take("(")
        row = int(take())
        if coord.intra:
            take(",")
        column = int(take())
        if coord.post:
            take(")")
        return row, column

    def trail(lead):
        if not cardinal:
            return cell()
        move = MOVES[take()]
        return lead[0] + move[0], lead[1] + move[1]

    def trail_next():
        """Whether the next tokens are a trailing cell and its connector (ordinal 1)."""
        nonlocal at
        if cardinal:
            return at < len(tokens) and tokens[at] in MOVES
        start = at
        try:
            cell()
            return at < len(tokens) and tokens[at] in CONNECTORS
        except (ValueError, AssertionError, IndexError):
            return False
        finally:
            at = start

    edges = Counter()
    while at < len(tokens):
        if adj.pre:
            take("ADJ_GROUP")
        if not grouped:
            if ordinal == 0:
                connector = take()
            lead = cell()
            if ordinal == 1:
                connector = take()
            other = trail(lead)
            if ordinal == 2:
                connector = take()
            edges[(frozenset([lead, other]), connector)] += 1
        else:
            lead = cell()
            while True:
                if ordinal == 0:
                    connector = take()
                    other = trail(lead)
                else:
                    other = trail(lead)
                    connector = take()
                edges[(frozenset([lead, other]), connector)] += 1
                if grouping.intra:
                    take("&")
                if adj.post:
                    if tokens[at] == ";":
                        break
                elif adj.pre:
                    if at == len(tokens) or tokens[at] == "ADJ_GROUP":
                        break
                elif ordinal == 0:
                    if at == len(tokens) or tokens[at] not in CONNECTORS:
                        break
                elif not trail_next():
                    break
        if adj.post:
            take(";")
    return edges


def test_every_tokenizer_gives_maze_datasets_tokens():
    MazeTokenizerModular, e = maze_dataset_modules()
    rng = random.Random(41)
    pool = mazes()
    squares = [made for made in pool if made[3]]
    compared = deterministic = 0
    for draw in range(DRAWS):
        tokenizer = draw_tokenizer(rng, MazeTokenizerModular, e)
        adj = tokenizer.prompt_sequencer.adj_list_tokenizer
        if isinstance(adj.edge_subset, e.EdgeSubsets.AllLatticeEdges):
            # maze-dataset's lattice of all edges is a square one.
            args, maze, solved, _ = squares[draw % len(squares)]
        else:
            args, maze, solved, _ = pool[draw % len(pool)]
        line = maze.tokens(tokenizer)
        ours = line.split(" ")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                theirs = tokenizer.to_tokens(solved)
            except IndexError:
                # maze-dataset groups no edges (the walls of a maze without inner walls) as
                # one empty group, which it cannot write: here the list is empty.
                assert isinstance(adj.edge_grouping, e.EdgeGroupings.ByLeadingCoord)
                assert ours[:2] == ["<ADJLIST_START>", "<ADJLIST_END>"]
                continue
        if not is_random(tokenizer, e):
            assert ours == theirs, tokenizer.name
            # The reading of edges below reads these too.
            end = theirs.index("<ADJLIST_END>")
            connectors = sum(token in CONNECTORS for token in theirs[1:end])
            assert sum(edges_of(theirs[1:end], tokenizer, e).values()) == connectors
            deterministic += 1
        else:
            end = theirs.index("<ADJLIST_END>")
            ours_end = ours.index("<ADJLIST_END>")
            assert edges_of(ours[1:ours_end], tokenizer, e) == edges_of(
                theirs[1:end], tokenizer, e
            ), tokenizer.name
            random_lead = isinstance(adj.edge_permuter, e.EdgePermuters.RandomCoords)
            if not random_lead or (
                isinstance(adj, e.AdjListTokenizers.AdjListCoord)
                and isinstance(adj.edge_grouping, e.EdgeGroupings.Ungrouped)
            ):
                # A random leading cell varies the groups and the directions, not the cells
                # of ungrouped coordinates.
                assert Counter(ours[:ours_end]) == Counter(theirs[:end]), tokenizer.name
            assert ours[ours_end:] == theirs[end:], tokenizer.name
            if draw % 10 == 0:
                # The maze's own stream: the same maze gives the same line, by name too.
                assert mazegen.maze(**args).tokens(tokenizer.name) == line
        compared += 1
    assert compared >= 1000
    assert deterministic >= 100


def test_the_default_tokenizer_by_name_is_the_default_line():
    MazeTokenizerModular, _ = maze_dataset_modules()
    maze = mazegen.maze("kruskal", 6, 6, seed=8)
    assert maze.tokens(MazeTokenizerModular()) == maze.tokens()
    assert maze.tokens(MazeTokenizerModular().name) == maze.tokens()


def test_random_orders_follow_the_maze_seed():
    name = (
        "MazeTokenizerModular-AOP(UT(), AdjListCardinal(pre=F, post=T, shuffle_d0=T, "
        "ByLeadingCoord(intra=T, shuffle_group=T, connection_token_ordinal=0), "
        "ConnectionEdges(walls=F), RandomCoords()), StepSequence(Forks(), "
        "step_tokenizers=(Cardinal(), Distance(), ), pre=F, intra=F, post=T))"
    )
    a = mazegen.maze("wilson", 7, 7, seed=5)
    assert a.tokens(name) == mazegen.maze("wilson", 7, 7, seed=5).tokens(name)
    assert a.tokens(name) != mazegen.maze("wilson", 7, 7, seed=6).tokens(name)


def test_bad_names_and_mazes_without_tokens_are_refused():
    maze = mazegen.maze("kruskal", 4, 4, seed=1)
    with pytest.raises(ValueError, match=r"AOTP\(UT\(\)|expected a prompt sequencer"):
        maze.tokens("MazeTokenizerModular-XYZ()")
    with pytest.raises(ValueError, match="expected T or F for walls"):
        maze.tokens(
            "AOP(UT(), AdjListCoord(pre=F, post=T, shuffle_d0=T, Ungrouped("
            "connection_token_ordinal=1), ConnectionEdges(walls=yes)"
        )
    with pytest.raises(TypeError, match="MazeTokenizerModular or its name"):
        maze.tokens(3)
    with pytest.raises(ValueError, match="one cell"):
        mazegen.maze("kruskal", 1, 1, seed=1).tokens()


def test_datasets_take_a_tokenizer_too():
    MazeTokenizerModular, e = maze_dataset_modules()
    tokenizer = MazeTokenizerModular(
        prompt_sequencer=e.PromptSequencers.AOP(
            coord_tokenizer=e.CoordTokenizers.CTT(pre=False, post=False),
            adj_list_tokenizer=e.AdjListTokenizers.AdjListCoord(
                shuffle_d0=False,
                edge_grouping=e.EdgeGroupings.Ungrouped(connection_token_ordinal=0),
                edge_subset=e.EdgeSubsets.AllLatticeEdges(),
                edge_permuter=e.EdgePermuters.SortedCoords(),
            ),
            path_tokenizer=e.PathTokenizers.StepSequence(
                step_size=e.StepSizes.Straightaways(),
                step_tokenizers=(e.StepTokenizers.Coord(), e.StepTokenizers.Relative()),
                pre=True,
            ),
        )
    )
    ds = mazegen.dataset(6, "wilson", 5, 5, seed=2, tokenizer=tokenizer, jobs=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = [tokenizer.to_tokens(solved) for solved in ds.to_maze_dataset()]
    assert [line.split(" ") for line in ds.tokens] == theirs
    assert ds.tokens[0] == mazegen.maze("wilson", 5, 5, seed=int(ds.seeds[0])).tokens(tokenizer)
