"""Codeword grids: the newspaper lattice. Words run along the even rows and columns
(0-based); the cells where odd rows meet odd columns are blocks, so every other letter of
a word is checked by a crossing word and every other one is not, which lets the fill use
common words only. Blocks on the odd cells of a line cut it into words of 3 to `longest`
letters. Symmetric under a half turn, connected, no entry of two letters."""
from __future__ import annotations

import random
from functools import lru_cache

from ...grids.blocked.grid import BLOCK, EMPTY, Grid

PARTS = (3, 5, 7, 9)               # word lengths a line is cut into (odd: cuts fall on odd cells)
TRIES = 200


@lru_cache(maxsize=32)
def _cuts(length: int) -> tuple[tuple[int, ...], ...]:
    """Every way to cut a line of `length` cells into words of PARTS letters, as the cut
    positions; a line of one word is its own way when it is short enough."""
    out: list[tuple[int, ...]] = []

    def walk(start: int, cuts: tuple[int, ...]) -> None:
        for part in PARTS:
            end = start + part
            if end == length:
                out.append(cuts)
            elif end < length - 1:
                walk(end + 1, cuts + (end,))
    walk(0, ())
    return tuple(out)


def lattice(size: int, rng: random.Random) -> Grid:
    """A size x size codeword grid (size odd)."""
    for _ in range(TRIES):
        cells = [[BLOCK if r % 2 and c % 2 else EMPTY for c in range(size)] for r in range(size)]
        across: list[int] = [0] * size        # cuts made so far at each column (rows: down)
        down: list[int] = [0] * size
        for line in range(0, size // 2 + 1, 2):
            mirror = size - 1 - line
            for cut in _choose(size, line == mirror, across, rng):
                cells[line][cut] = cells[mirror][size - 1 - cut] = BLOCK
            for cut in _choose(size, line == mirror, down, rng):
                cells[cut][line] = cells[size - 1 - cut][mirror] = BLOCK
        grid = tuple("".join(row) for row in cells)
        if _connected(grid):
            return grid
    raise RuntimeError(f"no connected {size}x{size} codeword grid in {TRIES} tries")


def _choose(size: int, middle: bool, made: list[int], rng: random.Random) -> tuple[int, ...]:
    """A way to cut a line, spreading cuts over positions (`made`: cuts so far at each):
    cuts stacked at one position would make a wall of blocks."""
    ways = _cuts(size)
    if middle:       # the middle line is its own mirror image
        ways = tuple(w for w in ways if all(size - 1 - c in w for c in w))
    way = min(ways, key=lambda w: (sum(made[c] + made[size - 1 - c] for c in w)
                                   + max(0, max(_parts(w, size)) - 7) + rng.random()))
    for c in way:
        made[c] += 1
        made[size - 1 - c] += 1
    return way


def _parts(cuts: tuple[int, ...], size: int) -> list[int]:
    ends = (-1, *cuts, size)
    return [b - a - 1 for a, b in zip(ends, ends[1:])]


def _connected(grid: Grid) -> bool:
    white = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != BLOCK}
    start = next(iter(sorted(white)))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in white and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(white)
