"""Fresh blocked grids, deterministic from a seed, that obey every rule of grid.py."""
from __future__ import annotations

import random

from .grid import (BLOCK, DEFAULT_STYLE, EMPTY, MIN_ENTRY, Grid, GridError, GridStyle, check_grid,
                   max_blocks, slots)


class GridGenerationFailed(RuntimeError):
    """No grid obeying the rules was found within the step budget."""


def longest_entry(size: int) -> int:
    """Runs longer than this are broken: long slots are the hardest to fill."""
    if size <= 5:
        return size
    return 6 if size == 7 else size // 2 + 1   # 7x7: edge blocks, no stacks of sevens


def generate_grid(rows: int, cols: int | None = None, seed: int = 0, max_steps: int = 200_000,
                  style: GridStyle = DEFAULT_STYLE, longest: int | None = None) -> Grid:
    """A symmetric, connected grid with entries of 3+ letters, no 2x2 block clumps, at most
    max_entries() entries and max_blocks() blocks (the style's limits; a style with its
    own `longest`, or a `longest` given (a word list's longest word), also has no longer
    entry). `max_steps` counts block placements tried."""
    cols = rows if cols is None else cols
    if min(rows, cols) < MIN_ENTRY:
        raise GridGenerationFailed(f"a blocked grid needs at least {MIN_ENTRY} rows and columns")
    rng = random.Random(seed)
    steps = 0
    while steps < max_steps:
        maker = _Attempt(rows, cols, rng, style, longest)
        grid = maker.run()
        steps += maker.steps
        try:
            check_grid(grid, style=style)
        except GridError:
            continue
        if style.longest and any(s.length > maker.longest for s in slots(grid)):
            continue
        if longest and any(s.length > longest for s in slots(grid)):
            continue
        return grid
    raise GridGenerationFailed(f"no {rows}x{cols} grid found in {max_steps} steps")


class _Attempt:
    """One try: break over-long runs, then add blocks up to a target count."""

    def __init__(self, rows: int, cols: int, rng: random.Random, style: GridStyle,
                 longest: int | None = None):
        self.rows, self.cols, self.rng = rows, cols, rng
        self.cells = [[EMPTY] * cols for _ in range(rows)]
        self.blocks = 0
        self.steps = 0
        top = max_blocks(rows, cols, style)
        self.target = rng.randint(round(top * 0.7), top)
        size = max(rows, cols)
        # a style's longest run is for 15x15; 21x21 needs runs of 8 to be made at all
        self.longest = (min(max(style.longest, size // 3 + 1), longest_entry(size)) if style.longest
                        else longest_entry(size))
        self.cap = longest          # no longer run, however its blocks must be placed

    def run(self) -> Grid:
        unbreakable: set[tuple[tuple[int, int], ...]] = set()   # long runs left as they are
        while True:
            long_runs = [run for run in self._runs()
                         if len(run) > self.longest and tuple(run) not in unbreakable]
            if not long_runs:
                break
            run = self.rng.choice(long_runs)
            spots = list(range(len(run)))
            self.rng.shuffle(spots)
            if not any(self._place(*run[i]) for i in spots) and not (
                    self.cap and len(run) > self.cap
                    and any(self._place_to_edge(*run[i]) for i in spots)):
                unbreakable.add(tuple(run))
        tries = 0
        while self.blocks < self.target and tries < 20 * self.rows * self.cols:
            tries += 1
            self._place(self.rng.randrange(self.rows), self.rng.randrange(self.cols))
        return tuple("".join(row) for row in self.cells)

    def _runs(self) -> list[list[tuple[int, int]]]:
        runs = []
        for r in range(self.rows):
            runs += _segments([(r, c) for c in range(self.cols)], self.cells)
        for c in range(self.cols):
            runs += _segments([(r, c) for r in range(self.rows)], self.cells)
        return runs

    def _place(self, r: int, c: int) -> bool:
        """Block (r, c) and its 180-degree partner if every run stays 0 or 3+ and no 2x2 clump."""
        self.steps += 1
        partner = (self.rows - 1 - r, self.cols - 1 - c)
        if self.cells[r][c] == BLOCK or self.cells[partner[0]][partner[1]] == BLOCK:
            return False
        placed = {(r, c), partner}
        for pr, pc in placed:
            self.cells[pr][pc] = BLOCK
        if all(self._fine_around(pr, pc) for pr, pc in placed):
            self.blocks += len(placed)
            return True
        for pr, pc in placed:
            self.cells[pr][pc] = EMPTY
        return False

    def _place_to_edge(self, r: int, c: int) -> bool:
        """Block (r, c) with the cells between it and an edge it is too near to leave an
        entry there (a run beside the edge breaks no other way), and their partners."""
        near = {(r, cc) for cc in range(c + 1)} if c < MIN_ENTRY else set()
        near |= {(r, cc) for cc in range(c, self.cols)} if c >= self.cols - MIN_ENTRY else set()
        near |= {(rr, c) for rr in range(r + 1)} if r < MIN_ENTRY else set()
        near |= {(rr, c) for rr in range(r, self.rows)} if r >= self.rows - MIN_ENTRY else set()
        if len(near) < 2:
            return False                    # one cell: `_place` has tried it
        placed = near | {(self.rows - 1 - a, self.cols - 1 - b) for a, b in near}
        if any(self.cells[a][b] == BLOCK for a, b in placed):
            return False
        for a, b in placed:
            self.cells[a][b] = BLOCK
        self.steps += 1
        if all(self._fine_around(a, b) for a, b in placed):
            self.blocks += len(placed)
            return True
        for a, b in placed:
            self.cells[a][b] = EMPTY
        return False

    def _fine_around(self, r: int, c: int) -> bool:
        row = _segments([(r, cc) for cc in range(self.cols)], self.cells)
        col = _segments([(rr, c) for rr in range(self.rows)], self.cells)
        if any(len(s) < MIN_ENTRY for s in row + col):
            return False
        for r0 in (r - 1, r):
            for c0 in (c - 1, c):
                if (0 <= r0 < self.rows - 1 and 0 <= c0 < self.cols - 1 and all(
                        self.cells[r0 + dr][c0 + dc] == BLOCK for dr in (0, 1) for dc in (0, 1))):
                    return False
        return True


def _segments(line: list[tuple[int, int]], cells: list[list[str]]) -> list[list[tuple[int, int]]]:
    """The runs of white cells along a row or column."""
    out: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    for r, c in line:
        if cells[r][c] == BLOCK:
            if current:
                out.append(current)
            current = []
        else:
            current.append((r, c))
    if current:
        out.append(current)
    return out
