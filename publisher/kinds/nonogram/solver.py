"""The nonogram solver, in the stages a grade names:

* easy: each clue number on its own, with the cells already known: the span each run can
  still take; the cells every placement of a run covers are shaded, the cells no run can
  reach are empty; and counting: a line with all its shaded cells is done, a line with
  just enough open cells fills them;
* medium: the whole line at once, every clue number together with the known cells
  (a dynamic programme over all placements): what every arrangement agrees on;
* hard: probing: a cell is assumed shaded (then empty) and the medium stage run; an
  assumption that ends in a contradiction gives the other value.

Every deduction is sound, so a grid the solver fills completely is the only solution."""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Callable, Sequence

UNKNOWN, FILLED, EMPTY = 0, 1, 2
STAGES = ("easy", "medium", "hard")

Clue = tuple[int, ...]
Line = list[int]


class Contradiction(Exception):
    pass


def clue_of(cells: Sequence[bool]) -> Clue:
    """The runs of shaded cells, in order (an empty line: ())."""
    runs, run = [], 0
    for cell in cells:
        if cell:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return tuple(runs)


# A line as two masks (bit i: cell i filled / empty) and back, at C speed: the cells as
# bytes, translated to binary digits; back, the digits of filled + 2 * empty read in
# decimal (no carries: a cell is one or the other).
_FILLED_DIGITS = bytes.maketrans(bytes([UNKNOWN, FILLED, EMPTY]), b"010")
_EMPTY_DIGITS = bytes.maketrans(bytes([UNKNOWN, FILLED, EMPTY]), b"001")
_CELLS = bytes.maketrans(b"012", bytes([UNKNOWN, FILLED, EMPTY]))


def _masks(line: tuple[int, ...]) -> tuple[int, int]:
    cells = bytes(reversed(line))
    return int(cells.translate(_FILLED_DIGITS), 2), int(cells.translate(_EMPTY_DIGITS), 2)


def _line_of(filled: int, empty: int, n: int) -> tuple[int, ...]:
    digits = str(int(f"{filled:b}") + 2 * int(f"{empty:b}")).zfill(n)
    return tuple(digits[::-1].encode().translate(_CELLS))


def line_simple(clue: Clue, line: Line) -> Line:
    """The easy stage on one line: each run's possible starts on its own (bounded by the
    runs before and after it), and counting; raises Contradiction."""
    return list(_line_simple(clue, tuple(line)))


@lru_cache(maxsize=1 << 16)
def _line_simple(clue: Clue, line: tuple[int, ...]) -> tuple[int, ...]:
    n, k = len(line), len(clue)
    shaded, unknown = line.count(FILLED), line.count(UNKNOWN)
    if shaded > sum(clue) or shaded + unknown < sum(clue):
        raise Contradiction
    if shaded == sum(clue):        # every run is there: the rest is empty
        return tuple(EMPTY if v == UNKNOWN else v for v in line)
    if shaded + unknown == sum(clue):      # every open cell is needed
        return tuple(FILLED if v == UNKNOWN else v for v in line)

    # bit i of a mask is cell i
    filled, empty = _masks(line)
    open_cells = ((1 << n) - 1) & ~empty
    reach = shade = 0
    lo, hi = [0] * k, [0] * k
    fit = []             # per run: the starts where it fits on its own (no EMPTY inside,
    for size in clue:    # no FILLED just before or after)
        window = open_cells
        for t in range(1, size):
            window &= open_cells >> t
        fit.append(window & ~(filled << 1) & ~(filled >> size) & ((1 << (n - size + 1)) - 1))
    start = 0
    for j, size in enumerate(clue):        # the leftmost start of each run
        later = fit[j] >> start
        lo[j] = start + (later & -later).bit_length() - 1 if later else max(start, n - size + 1)
        start = lo[j] + size + 1
    end = n
    for j in range(k - 1, -1, -1):         # the rightmost
        s = end - clue[j]
        if s >= 0:
            s = (fit[j] & ((1 << (s + 1)) - 1)).bit_length() - 1
        hi[j] = s
        end = s - 1
    for j, size in enumerate(clue):
        if hi[j] < lo[j]:
            raise Contradiction
        starts = fit[j] & ((1 << (hi[j] + 1)) - 1) & ~((1 << lo[j]) - 1)
        if not starts:
            raise Contradiction
        first, last = (starts & -starts).bit_length() - 1, starts.bit_length() - 1
        if last < first + size:            # covered by every placement
            shade |= ((1 << (first + size)) - 1) & ~((1 << last) - 1)
        for t in range(size):
            reach |= starts << t
    if shade & empty or filled & ~reach:
        raise Contradiction
    return _line_of(filled | shade, ((1 << n) - 1) & (empty | ~reach), n)


def line_full(clue: Clue, line: Line) -> Line:
    """The medium stage on one line: the cells every arrangement of the clue consistent
    with the known cells agrees on; raises Contradiction when there is none."""
    return list(_line_full(clue, tuple(line)))


@lru_cache(maxsize=1 << 16)      # probing meets the same line states again and again
def _line_full(clue: Clue, line: tuple[int, ...]) -> tuple[int, ...]:
    # Bit i of a mask is cell i: each run's possible starts, narrowed from both ends at
    # once by shifts and ands (a dynamic programme over positions, a line per operation).
    n = len(line)
    full = (1 << (n + 1)) - 1            # cells 0..n; cell n: a sentinel empty cell
    filled, empty = _masks(line)
    empty |= 1 << n
    can_be_empty = full & ~filled        # a cell may be skipped (left empty)
    can_be_filled = full & ~empty
    # ok[j]: the starts s where run j fits (its cells fillable, the cell after it emptiable)
    ok = []
    for size in clue:
        window = can_be_filled
        for t in range(1, size):
            window &= can_be_filled >> t
        ok.append(window & (can_be_empty >> size) & ((1 << (n + 1 - size)) - 1))
    # back[j]: positions p (0..n+1) from which runs j.. fit into cells p..n
    k = len(clue)
    back = [0] * (k + 1)
    back[k] = _spread_left(1 << (n + 1), can_be_empty)
    for j in range(k - 1, -1, -1):
        back[j] = _spread_left(ok[j] & (back[j + 1] >> (clue[j] + 1)), can_be_empty)
    if not back[0] & 1:
        raise Contradiction
    could_fill = could_empty = 0
    at = 1                                # positions the runs before j can end at (+ gap)
    for j in range(k + 1):
        reach = _spread_right(at, can_be_empty) & back[j]
        could_empty |= reach & can_be_empty & (back[j] >> 1)    # a skipped cell
        if j == k:
            break
        size = clue[j]
        starts = reach & ok[j] & (back[j + 1] >> (size + 1))
        cover = starts
        for t in range(1, size):
            cover |= starts << t
        could_fill |= cover
        could_empty |= starts << size                           # the gap after the run
        at = starts << (size + 1)
    cells = (1 << n) - 1
    if cells & ~(could_fill | could_empty):
        raise Contradiction
    return _line_of(cells & could_fill & ~could_empty, cells & could_empty & ~could_fill, n)


def _spread_right(x: int, passable: int) -> int:
    """x and every position reached from it by stepping over passable cells (p -> p+1)."""
    while True:
        y = x | ((x & passable) << 1)
        if y == x:
            return x
        x = y


def _spread_left(x: int, passable: int) -> int:
    """x and every position p from which passable cells lead to it (p -> p+1)."""
    while True:
        y = x | ((x >> 1) & passable)
        if y == x:
            return x
        x = y


LINE_STAGE: dict[str, Callable[[Clue, Line], Line]] = {"easy": line_simple,
                                                       "medium": line_full}
_CACHED: dict[Callable[[Clue, Line], Line], Callable[[Clue, tuple[int, ...]], tuple[int, ...]]] = {
    line_simple: _line_simple, line_full: _line_full}


def propagate(grid: list[Line], rows: Sequence[Clue], cols: Sequence[Clue],
              solve: Callable[[Clue, Line], Line],
              dirty: Sequence[tuple[int, int]] | None = None) -> None:
    """Solve lines until nothing changes (in place); `dirty`: the lines to start from
    ((0, r) rows, (1, c) columns; default all). Raises Contradiction."""
    height, width = len(rows), len(cols)
    # the cached stage on tuples: most calls meet a line state seen before
    cached = _CACHED.get(solve) or (lambda clue, line: tuple(solve(clue, list(line))))
    queue = deque(dirty if dirty is not None else
                  [(0, r) for r in range(height)] + [(1, c) for c in range(width)])
    queued = set(queue)
    while queue:
        axis, x = queue.popleft()
        queued.discard((axis, x))
        if axis == 0:
            line = tuple(grid[x])
            if UNKNOWN not in line:
                if _runs(line) != rows[x]:      # filled in by the columns, wrongly
                    raise Contradiction
                continue
            new = cached(rows[x], line)
            if new == line:
                continue
            row = grid[x]
            for c in range(width):
                if new[c] != line[c]:
                    row[c] = new[c]
                    if (1, c) not in queued:
                        queued.add((1, c))
                        queue.append((1, c))
        else:
            line = tuple([row[x] for row in grid])
            if UNKNOWN not in line:
                if _runs(line) != cols[x]:
                    raise Contradiction
                continue
            new = cached(cols[x], line)
            if new == line:
                continue
            for r in range(height):
                if new[r] != line[r]:
                    grid[r][x] = new[r]
                    if (0, r) not in queued:
                        queued.add((0, r))
                        queue.append((0, r))


@lru_cache(maxsize=1 << 16)
def _runs(line: tuple[int, ...]) -> Clue:
    return clue_of([v == FILLED for v in line])


def _cross(r: int, c: int) -> list[tuple[int, int]]:
    return [(0, r), (1, c)]


def probe(grid: list[Line], rows: Sequence[Clue], cols: Sequence[Clue],
          budget: int = 1_000_000) -> int:
    """The hard stage (in place): assume each unknown cell shaded, then empty, and run the
    medium stage; a contradiction fixes the cell the other way. Repeats until no probe
    helps. Returns the probes made. Raises Contradiction."""
    probes = 0
    progress = True
    height, width = len(rows), len(cols)
    while progress and any(UNKNOWN in row for row in grid):
        progress = False
        # (r, c, value) a probe that held has implied since the grid last changed: that
        # probe holds too (it starts from less), so it is not made
        implied: set[tuple[int, int, int]] = set()
        for r in range(height):
            for c in range(width):
                if grid[r][c] != UNKNOWN:
                    continue
                for value, other in ((FILLED, EMPTY), (EMPTY, FILLED)):
                    if (r, c, value) in implied:
                        continue
                    probes += 1
                    if probes > budget:
                        return probes
                    trial = [list(row) for row in grid]
                    trial[r][c] = value
                    try:
                        propagate(trial, rows, cols, line_full, _cross(r, c))
                    except Contradiction:
                        grid[r][c] = other
                        propagate(grid, rows, cols, line_full, _cross(r, c))
                        progress = True
                        implied.clear()
                        break
                    for r2, (was, now) in enumerate(zip(grid, trial)):
                        if was != now:
                            implied.update((r2, c2, v) for c2, v in enumerate(now)
                                           if v != was[c2])
    return probes


def solve_stage(rows: Sequence[Clue], cols: Sequence[Clue], stage: str,
                givens: Sequence[tuple[int, int]] = ()) -> list[Line] | None:
    """The grid as far as `stage` takes it (UNKNOWN where it cannot), or None when the
    clues contradict themselves (or the givens)."""
    grid = [[UNKNOWN] * len(cols) for _ in rows]
    for r, c in givens:
        grid[r][c] = FILLED
    try:
        propagate(grid, rows, cols, line_simple)       # cheap: settles most cells
        if stage != "easy":
            propagate(grid, rows, cols, line_full)
            if stage == "hard":
                probe(grid, rows, cols)
    except Contradiction:
        return None
    return grid


def solved(grid: list[Line] | None) -> bool:
    return grid is not None and all(UNKNOWN not in row for row in grid)


def grade(rows: Sequence[Clue], cols: Sequence[Clue],
          givens: Sequence[tuple[int, int]] = (), upto: str = "hard") -> str | None:
    """The first stage that solves the puzzle (so it is unique), or None (ambiguous, or it
    needs more than `upto`)."""
    return settle(rows, cols, upto, givens)[0]


def settle(rows: Sequence[Clue], cols: Sequence[Clue], upto: str = "hard",
           givens: Sequence[tuple[int, int]] = ()) -> tuple[str | None, list[Line]]:
    """(the first stage that solves the puzzle or None, the grid as far as the stages up
    to `upto` took it). Each stage goes on from where the one before stopped (its
    deductions stand)."""
    grid = [[UNKNOWN] * len(cols) for _ in rows]
    for r, c in givens:
        grid[r][c] = FILLED
    try:
        for stage in STAGES[:STAGES.index(upto) + 1]:
            if stage == "easy":
                propagate(grid, rows, cols, line_simple)
            elif stage == "medium":
                propagate(grid, rows, cols, line_full)
            else:
                probe(grid, rows, cols)
            if solved(grid):
                return stage, grid
    except Contradiction:
        raise ValueError("the clues contradict themselves") from None
    return None, grid
