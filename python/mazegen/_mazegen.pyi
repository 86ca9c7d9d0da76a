"""Type stubs of the native module: see ``mazegen`` for the documented API.

``python -m mypy.stubtest mazegen._mazegen`` checks them against the built module
(``python/tests/test_stubs.py``)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, final

__all__ = [
    "draw_seed",
    "mutate_levels",
    "score",
    "suite",
    "ALGORITHMS",
    "MAX_SCALE",
    "MAX_JOBS",
    "MAX_CELLS",
    "CELL_DTYPE",
    "Spec",
    "Maze",
    "Env",
    "__version__",
]

__version__: str
ALGORITHMS: List[str]
MAX_SCALE: int
MAX_JOBS: int
MAX_CELLS: int
CELL_DTYPE: str

def draw_seed() -> int: ...
def mutate_levels(
    width: int,
    height: int,
    tiles: bytes,
    agents: List[int],
    goals: List[int],
    seeds: List[int],
    edits: int,
    seed: int,
) -> Tuple[bytearray, List[int], List[int], List[int]]: ...
def score(
    count: int,
    rows: int,
    columns: int,
    connections: Any,
    starts: Any,
    goals: Any,
    answers: bytes,
    rule: str,
    jobs: int,
) -> Tuple[bytearray, bytearray, bytearray, bytearray, bytearray]: ...

def suite(
    spec: str,
    toml: bool,
    jobs: int,
    shard: Optional[Tuple[int, int]] = None,
    output: Optional[str] = None,
) -> Any: ...

@final
class Spec:
    def __new__(
        cls,
        algorithm: str,
        *,
        width: Optional[int] = None,
        height: Optional[int] = None,
        shape: str = "rect",
        rings: Optional[int] = None,
        mask: Any = None,
        braid: Optional[float] = None,
        start: Optional[Tuple[int, int]] = None,
        goal: Optional[Tuple[int, int]] = None,
        endpoints: Optional[str] = None,
        openings: bool = False,
        solve: bool = True,
        options: Optional[Dict[str, Any]] = None,
        wrap: Optional[str] = None,
        weave: Optional[float] = None,
        min_distance: Optional[int] = None,
    ) -> Spec: ...
    def make(self, seed: int) -> Maze: ...
    def window(
        self,
        seed: int,
        maze_width: int,
        maze_height: int,
        x: int,
        y: int,
        chunk: Optional[int] = None,
        jobs: int = 1,
    ) -> Maze: ...
    def dataset(
        self,
        count: int,
        seed: int,
        *,
        jobs: Optional[int] = None,
        shard: Optional[Tuple[int, int]] = None,
        unique: bool = False,
        bounds: Sequence[Tuple[str, Optional[float], Optional[float]]] = (),
        tiles: bool = True,
        connections: bool = True,
        tokens: bool = False,
        tokenizer: Optional[str] = None,
        figures: bool = False,
        hashes: bool = False,
        exclude: Optional[bytes] = None,
    ) -> Dict[str, Any]: ...

@final
class Maze:
    @staticmethod
    def from_document(document: bytes) -> Maze: ...
    @property
    def seed(self) -> int: ...
    @property
    def hash(self) -> int: ...
    @property
    def window(self) -> Optional[Tuple[int, int, int, int, Optional[int]]]: ...
    @property
    def exits(self) -> List[Tuple[Tuple[int, int], str]]: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def shape(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def wrap(self) -> Optional[str]: ...
    @property
    def weave(self) -> Optional[float]: ...
    @property
    def cell_count(self) -> int: ...
    @property
    def perfect(self) -> bool: ...
    @property
    def start(self) -> Tuple[int, int]: ...
    @property
    def goal(self) -> Tuple[int, int]: ...
    def solution_bytes(self) -> Optional[bytearray]: ...
    def array(self, name: str) -> Optional[Tuple[bytearray, List[int]]]: ...
    def to_json(self, stats: bool = False) -> str: ...
    def graph_json(self, stats: bool = False) -> str: ...
    def text(self) -> str: ...
    def svg(self, scale: Optional[int] = None, lines: Optional[bool] = None) -> str: ...
    def png(self, scale: Optional[int] = None, lines: Optional[bool] = None) -> bytes: ...
    def tokens(self, tokenizer: Optional[str] = None) -> str: ...
    def shortest_paths_json(self, cap: int) -> str: ...
    def stats_json(self) -> str: ...

@final
class Env:
    def __new__(
        cls,
        spec: Spec,
        num_envs: int,
        *,
        observation: str = "channels",
        view: int = 7,
        max_steps: Optional[int] = None,
        levels: Optional[Sequence[int]] = None,
        threads: Optional[int] = None,
    ) -> Env: ...
    @property
    def observation_shape(self) -> List[int]: ...
    @property
    def map_shape(self) -> Tuple[int, int]: ...
    @property
    def max_steps(self) -> int: ...
    def __len__(self) -> int: ...
    def reset(self, seed: Optional[int], observations: bytearray) -> None: ...
    def step(
        self,
        actions: bytearray,
        observations: bytearray,
        rewards: bytearray,
        terminations: bytearray,
        truncations: bytearray,
    ) -> None: ...
    def ended(self) -> List[bool]: ...
    def set_level_seeds(self, seeds: Sequence[int]) -> None: ...
    def levels(self) -> Tuple[bytearray, List[int], List[int], List[int]]: ...
    def set_levels(
        self, tiles: bytes, agents: List[int], goals: List[int], seeds: List[int]
    ) -> None: ...
    def steps(self) -> List[int]: ...
    def mutate(self, edits: int, seed: int, observations: bytearray) -> None: ...
