# The nonogram solver's C module (_native.c); solver.py falls back to Python without it.
from typing import Sequence

LARGEST: int

def settle(rows: Sequence[int], width: int,
           asked: int) -> tuple[int | None, list[tuple[int, int]]]: ...
def draw(data: bytes, height: int, width: int, threshold: int, fewest: float, most: float,
         plain: float, deepest: int) -> list[int] | None: ...
def line(clue: Sequence[int], n: int, shaded: int, empty: int,
         stage: int) -> tuple[int, int] | None: ...
