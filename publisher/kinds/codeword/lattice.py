"""Codeword grids: the newspaper lattice. Words run along the even rows and columns
(0-based); the cells where odd rows meet odd columns are blocks, so every other letter of
a word is checked by a crossing word and every other one is not, which lets the fill use
common words only. Blocks on the odd cells of a line cut it into words of 3 to `longest`
letters. Symmetric under a half turn, no entry of two letters, and sturdy as a newspaper's
(_sturdy): one white area that no single white cell holds together, no two white cells
holding a quarter of it to the rest, and no band of blocks across it (every row and column
but the outer ones has two white cells or more besides its end cells). Cuts are placed away
from blocks other cuts touch, so few grids are drawn again."""
from __future__ import annotations

import random
from functools import lru_cache

from ...grids.blocked.grid import BLOCK, EMPTY, Grid

PARTS = (3, 5, 7, 9)               # word lengths a line is cut into (odd: cuts fall on odd cells)
TRIES = 200
OPEN = 2                           # white cells a line has at least, its end cells apart
SHARE = 4                          # two white cells taken away cut off at most 1/SHARE of them


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
        walls: set[tuple[int, int]] = set()    # fixed blocks a cut block touches
        for line in range(0, size // 2 + 1, 2):
            across = _choose(size, line, True, walls, set(), rng)
            corners = {3, size - 4}.intersection(across) if line == 0 else set()
            down = _choose(size, line, False, walls, corners, rng)
            for r, c in _cut_cells(size, line, True, across) + _cut_cells(size, line, False, down):
                cells[r][c] = BLOCK
        grid = tuple("".join(row) for row in cells)
        if _sturdy(grid):
            return grid
    raise RuntimeError(f"no sturdy {size}x{size} codeword grid in {TRIES} tries")


def _choose(size: int, line: int, across: bool, walls: set[tuple[int, int]],
            corners: set[int], rng: random.Random) -> tuple[int, ...]:
    """A way to cut a line and its mirror image, preferring cuts whose blocks touch no
    fixed block another cut touches (added to `walls`): blocks joined in a wall end in
    bands that split the grid. `corners`: cuts that would close a corner of two 3-letter
    words, which hangs on one cell."""
    ways = _cuts(size)
    mirror = size - 1 - line
    if line == mirror:       # the middle line is its own mirror image
        ways = tuple(w for w in ways if all(size - 1 - c in w for c in w))

    def touched(way: tuple[int, ...]) -> list[tuple[int, int]]:
        return [(r, c) for cut in _cut_cells(size, line, across, way)
                for r, c in ((cut[0] - 1, cut[1]), (cut[0] + 1, cut[1]),
                             (cut[0], cut[1] - 1), (cut[0], cut[1] + 1))
                if r % 2 and c % 2 and 0 < r < size and 0 < c < size]

    def cost(way: tuple[int, ...]) -> float:
        near = touched(way)
        return (4 * len(walls.intersection(near))
                + 12 * (len(near) - len(set(near)))   # meeting its mirror: a wall of five
                + 4 * len(corners.intersection(way))
                + max(0, max(_parts(way, size)) - 7) + rng.random())
    way = min(ways, key=cost)
    walls.update(touched(way))
    return way


def _cut_cells(size: int, line: int, across: bool,
               way: tuple[int, ...]) -> list[tuple[int, int]]:
    """The blocks a way of cutting a line makes, in it and in its mirror image."""
    cells = [(line, c) for c in way] + [(size - 1 - line, size - 1 - c) for c in way]
    return cells if across else [(c, r) for r, c in cells]


def _parts(cuts: tuple[int, ...], size: int) -> list[int]:
    ends = (-1, *cuts, size)
    return [b - a - 1 for a, b in zip(ends, ends[1:])]


def _sturdy(grid: Grid) -> bool:
    """No band (_open_lines), and one white area that no white cell taken away splits and no
    two cut off more than 1/SHARE of: with each white cell taken away in turn, the rest is
    one area whose cut cells (articulation points, found by one depth-first search) each
    cut off that many cells or fewer."""
    white = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != BLOCK]
    index = {cell: i for i, cell in enumerate(white)}
    near = [[index[q] for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if q in index]
            for r, c in white]
    return (_open_lines(grid) and all(_cut_off_at_most(near, gone, len(white) // SHARE)
                                      for gone in range(len(white))))


def _open_lines(grid: Grid) -> bool:
    """Whether every row and column but the outer ones has OPEN white cells or more
    between its end cells: a line of blocks from end to end is a band."""
    inner = [row[1:-1] for row in grid[1:-1]]
    return all(line.count(BLOCK) <= len(line) - OPEN for line in (*inner, *zip(*inner)))


def _cut_off_at_most(near: list[list[int]], gone: int, small: int) -> bool:
    """Whether, with cell `gone` taken away, the rest is one area and taking away any one
    more cell cuts off `small` cells or fewer (Tarjan's low points, iteratively)."""
    total = len(near) - 1
    root = 1 if gone == 0 else 0
    order = [-1] * len(near)
    low = [0] * len(near)
    size = [1] * len(near)
    order[gone] = -2
    order[root] = low[root] = 0
    count = 1
    apart = [0] * len(near)        # cells split from the rest by taking each cell away
    biggest = [0] * len(near)      # the largest piece of those
    stack = [(root, -1, iter(near[root]))]
    while stack:
        cell, parent, todo = stack[-1]
        step = next(todo, None)
        if step is None:
            stack.pop()
            if parent >= 0:
                size[parent] += size[cell]
                low[parent] = min(low[parent], low[cell])
                if low[cell] >= order[parent]:
                    apart[parent] += size[cell]
                    biggest[parent] = max(biggest[parent], size[cell])
            continue
        if order[step] == -1:
            order[step] = low[step] = count
            count += 1
            stack.append((step, cell, iter(near[step])))
        elif order[step] >= 0 and step != parent:
            low[cell] = min(low[cell], order[step])
    if count != total:
        return False
    # all but the largest piece is cut off (the root's pieces are all below it)
    return all(total - 1 - max(big, total - 1 - off) <= small
               for off, big in zip(apart, biggest))
