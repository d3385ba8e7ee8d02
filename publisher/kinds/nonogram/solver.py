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

from functools import reduce
from math import comb
from operator import and_, or_
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


# A line's state as one int: bit i set, cell i shaded; bit n + i set, cell i empty. Each
# stage's answers are kept per (stage, clue, length) in a dict from state to state (-1: a
# contradiction): probing meets the same line states again and again.
SIMPLE, FULL = 0, 1
_TABLES: dict[tuple[int, Clue, int], dict[int, int]] = {}
_KEPT = [0]                   # answers kept in all the tables
_KEEP = 1 << 18               # then they are dropped (memory; answers never change)


def _pack(line: Sequence[int]) -> int:
    filled, empty = _masks(tuple(line))
    return filled | empty << len(line)


def _unpack(state: int, n: int) -> list[int]:
    return list(_line_of(state & ((1 << n) - 1), state >> n, n))


def _table(stage: int, clue: Clue, n: int) -> dict[int, int]:
    table = _TABLES.get((stage, clue, n))
    if table is None:
        table = _TABLES[(stage, clue, n)] = {}
    return table


def _answer(table: dict[int, int], stage: int, clue: Clue, n: int, state: int) -> int:
    """The stage's answer for a line state not in `table` yet, kept there."""
    if _KEPT[0] >= _KEEP:
        for kept in _TABLES.values():
            kept.clear()
        _TABLES.clear()
        _ARRANGEMENTS.clear()
        _KEPT[0] = 0
    _KEPT[0] += 1
    answer = table[state] = (_simple if stage == SIMPLE else _full)(clue, n, state)
    return answer


def _runs_of(filled: int) -> Clue:
    runs = []
    while filled:
        filled >>= (filled & -filled).bit_length() - 1       # to the run's first cell
        run = (~filled & (filled + 1)).bit_length() - 1     # its length
        runs.append(run)
        filled >>= run
    return tuple(runs)


def line_simple(clue: Clue, line: Line) -> Line:
    """The easy stage on one line: each run's possible starts on its own (bounded by the
    runs before and after it), and counting; raises Contradiction."""
    return _line_api(SIMPLE, clue, line)


def line_full(clue: Clue, line: Line) -> Line:
    """The medium stage on one line: the cells every arrangement of the clue consistent
    with the known cells agrees on; raises Contradiction when there is none."""
    return _line_api(FULL, clue, line)


def _line_api(stage: int, clue: Clue, line: Line) -> Line:
    n, state = len(line), _pack(line)
    table = _table(stage, tuple(clue), n)
    answer = table.get(state)
    if answer is None:
        answer = _answer(table, stage, tuple(clue), n, state)
    if answer < 0:
        raise Contradiction
    return _unpack(answer, n)


def _simple(clue: Clue, n: int, state: int) -> int:
    cells = (1 << n) - 1
    filled, empty = state & cells, state >> n
    total = sum(clue)
    shaded, unknown = filled.bit_count(), n - (filled | empty).bit_count()
    if not unknown:
        return state if _runs_of(filled) == clue else -1
    if shaded > total or shaded + unknown < total:
        return -1
    if shaded == total:        # every run is there: the rest is empty
        return _checked(clue, n, filled, cells & ~filled)
    if shaded + unknown == total:      # every open cell is needed
        return _checked(clue, n, cells & ~empty, empty)

    k = len(clue)
    open_cells = cells & ~empty
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
            return -1
        starts = fit[j] & ((1 << (hi[j] + 1)) - 1) & ~((1 << lo[j]) - 1)
        if not starts:
            return -1
        first, last = (starts & -starts).bit_length() - 1, starts.bit_length() - 1
        if last < first + size:            # covered by every placement
            shade |= ((1 << (first + size)) - 1) & ~((1 << last) - 1)
        for t in range(size):
            reach |= starts << t
    if shade & empty or filled & ~reach:
        return -1
    return _checked(clue, n, filled | shade, cells & (empty | ~reach))


def _checked(clue: Clue, n: int, filled: int, empty: int) -> int:
    """The state, or -1 when it leaves no cell open and its runs are not the clue's."""
    if filled | empty == (1 << n) - 1 and _runs_of(filled) != clue:
        return -1
    return filled | empty << n


def _full(clue: Clue, n: int, state: int) -> int:
    if comb(n - sum(clue) + 1, len(clue)) <= LISTED:
        return _full_listed(clue, n, state)
    # Each run's possible starts, narrowed from both ends at once by shifts and ands (a
    # dynamic programme over positions, a line per operation).
    cells = (1 << n) - 1
    full = (1 << (n + 1)) - 1            # cells 0..n; cell n: a sentinel empty cell
    filled, empty = state & cells, (state >> n) | 1 << n
    can_be_empty = full & ~filled        # a cell may be skipped (left empty)
    can_be_filled = full & ~empty
    # ok[j]: the starts s where run j fits (its cells fillable, the cell after it
    # emptiable); the windows of 2^i fillable cells first, by doubling
    windows, span, longest = [can_be_filled], 1, max(clue, default=1)
    while span * 2 <= longest:
        windows.append(windows[-1] & (windows[-1] >> span))
        span *= 2
    ok = []
    for size in clue:
        power = size.bit_length() - 1
        window = windows[power]
        ok.append(window & (window >> (size - (1 << power))) & (can_be_empty >> size)
                  & ((1 << (n + 1 - size)) - 1))
    # back[j]: positions p (0..n+1) from which runs j.. fit into cells p..n: the starts
    # of run j that leave room for the rest, and every position emptiable cells lead
    # from to one (p -> p+1, until nothing changes)
    k = len(clue)
    back = [0] * (k + 1)
    fit = 1 << (n + 1)
    for j in range(k, -1, -1):
        if j < k:
            fit = ok[j] & (fit >> (clue[j] + 1))
        while True:
            wider = fit | ((fit >> 1) & can_be_empty)
            if wider == fit:
                break
            fit = wider
        back[j] = fit
    if not back[0] & 1:
        return -1
    could_fill = could_empty = 0
    at = 1                                # positions the runs before j can end at (+ gap)
    for j in range(k + 1):
        # at, and every position reached from it over emptiable cells: a carry runs
        # through each stretch of them
        step = at & can_be_empty
        reach = (at | ((can_be_empty + step) ^ can_be_empty)) & back[j]
        could_empty |= reach & can_be_empty & (back[j] >> 1)    # a skipped cell
        if j == k:
            break
        size = clue[j]
        starts = reach & ok[j] & (back[j + 1] >> (size + 1))
        cover, span = starts, 1          # the cells of every start: doubling too
        while span * 2 <= size:
            cover |= cover << span
            span *= 2
        could_fill |= cover | cover << (size - span)
        could_empty |= starts << size                           # the gap after the run
        at = starts << (size + 1)
    if cells & ~(could_fill | could_empty):
        return -1
    return (cells & could_fill & ~could_empty) | (cells & could_empty & ~could_fill) << n


# A line with at most this many arrangements is solved by listing them (faster, measured)
LISTED = 128
_ARRANGEMENTS: dict[tuple[Clue, int], tuple[int, ...]] = {}


def _full_listed(clue: Clue, n: int, state: int) -> int:
    """_full by the arrangements that agree with the known cells: what all of them shade,
    and what none of them does."""
    filled, empty = state & ((1 << n) - 1), state >> n
    listed = _arrangements(clue, n)
    fits = [a for a in listed if not a & empty and a & filled == filled]
    if not fits:
        return -1
    return reduce(and_, fits) | (((1 << n) - 1) & ~reduce(or_, fits)) << n


def _arrangements(clue: Clue, n: int) -> tuple[int, ...]:
    """Every line of n cells (bit i: cell i shaded) whose runs are `clue` (kept)."""
    listed = _ARRANGEMENTS.get((clue, n))
    if listed is not None:
        return listed
    if not clue:
        return (0,)
    size, rest = clue[0], clue[1:]
    room = n - (sum(rest) + len(rest))
    out: list[int] = []
    for start in range(room - size + 1):
        head = ((1 << size) - 1) << start
        after = start + size + 1
        if rest:
            out.extend(head | tail << after for tail in _arrangements(rest, n - after))
        else:
            out.append(head)
    listed = _ARRANGEMENTS[(clue, n)] = tuple(out)
    return listed


LINE_STAGE: dict[str, Callable[[Clue, Line], Line]] = {"easy": line_simple,
                                                       "medium": line_full}
_STAGE_OF: dict[Callable[[Clue, Line], Line], int] = {line_simple: SIMPLE, line_full: FULL}


class Board:
    """A grid being solved: each row's and each column's state (see _pack), kept in step."""

    def __init__(self, rows: Sequence[Clue], cols: Sequence[Clue],
                 givens: Sequence[tuple[int, int]] = ()) -> None:
        self.clues = (tuple(rows), tuple(cols))
        self.height, self.width = len(rows), len(cols)
        self.rows, self.cols = [0] * self.height, [0] * self.width
        self.other: list[int] | None = None      # a second solution probing came across
        for r, c in givens:
            self.rows[r] |= 1 << c
            self.cols[c] |= 1 << r

    @classmethod
    def of(cls, grid: list[Line], rows: Sequence[Clue], cols: Sequence[Clue]) -> "Board":
        board = cls(rows, cols)
        board.rows = [_pack(line) for line in grid]
        board.cols = [_pack([line[c] for line in grid]) for c in range(board.width)]
        return board

    def grid(self) -> list[Line]:
        return [_unpack(state, self.width) for state in self.rows]

    def copy_to(self, grid: list[Line]) -> None:
        grid[:] = self.grid()

    def solved(self) -> bool:
        cells = (1 << self.width) - 1
        return all((state | state >> self.width) & cells == cells for state in self.rows)

    def open_cells(self) -> list[tuple[int, int]]:
        width, cells = self.width, (1 << self.width) - 1
        found = []
        for r, state in enumerate(self.rows):
            unknown = cells & ~(state | state >> width)
            while unknown:
                bit = unknown & -unknown
                unknown ^= bit
                found.append((r, bit.bit_length() - 1))
        return found

    def spread(self, stage: int, rows: int | None = None, cols: int | None = None) -> bool:
        """Solve lines with `stage` until nothing changes (in place), starting from the
        `rows` and `cols` (bit masks; default all); False on a contradiction."""
        every = (1 << self.height) - 1, (1 << self.width) - 1
        return _spread(self.rows, self.cols, self._tables(stage), stage, self.clues,
                       every[0] if rows is None else rows, every[1] if cols is None else cols)

    def _tables(self, stage: int) -> tuple[list[dict[int, int]], list[dict[int, int]]]:
        return ([_table(stage, clue, self.width) for clue in self.clues[0]],
                [_table(stage, clue, self.height) for clue in self.clues[1]])

    def _probe_order(self) -> list[tuple[int, int]]:
        """The open cells, those whose row and column have the fewest open cells first
        (the likeliest to end in a contradiction, or in a second solution, soon)."""
        width, height = self.width, self.height
        open_rows = [width - (state | state >> width).bit_count() for state in self.rows]
        open_cols = [height - (state | state >> height).bit_count() for state in self.cols]
        cells = self.open_cells()
        cells.sort(key=lambda cell: open_rows[cell[0]] + open_cols[cell[1]])
        return cells

    def probe(self, solution: Sequence[int] | None = None) -> bool:
        """The hard stage (in place): assume an open cell shaded, then empty, and run the
        medium stage; a contradiction fixes the cell the other way. Repeats until no probe
        helps. With the `solution` known (each row's shaded cells as a mask), only the
        value it does not have is assumed (the other cannot fail), and an assumption that
        fills the grid without a contradiction is a second solution: False at once.
        Raises Contradiction."""
        height, width = self.height, self.width
        rows, cols, clues = self.rows, self.cols, self.clues
        tables = self._tables(FULL)
        cells = (1 << width) - 1
        progress = True
        while progress and not self.solved():
            progress = False
            # the assumptions a probe that held has implied since the grid last changed
            # (bits as in a row's state): they hold too (they start from less)
            implied = [0] * height
            for r, c in self._probe_order():
                state = rows[r]
                if (state >> c | state >> (c + width)) & 1:
                    continue
                tries: tuple[int, ...] = (1 << c, 1 << (c + width))
                if solution is not None:
                    tries = (tries[solution[r] >> c & 1],)
                for bit in tries:
                    if implied[r] & bit:
                        continue
                    trial_rows, trial_cols = rows[:], cols[:]
                    trial_rows[r] |= bit
                    trial_cols[c] |= 1 << r if bit == 1 << c else 1 << (r + height)
                    if not _spread(trial_rows, trial_cols, tables, FULL, clues,
                                   1 << r, 1 << c):
                        other = (1 << (c + width)) if bit == 1 << c else 1 << c
                        rows[r] |= other
                        cols[c] |= 1 << (r + height) if other > cells else 1 << r
                        if not _spread(rows, cols, tables, FULL, clues, 1 << r, 1 << c):
                            raise Contradiction
                        progress = True
                        implied = [0] * height
                        break
                    if solution is not None and all(
                            (state | state >> width) & cells == cells
                            for state in trial_rows):
                        self.other = trial_rows
                        return False
                    for r2 in range(height):
                        implied[r2] |= trial_rows[r2]
        return True


def _spread(rows: list[int], cols: list[int],
            tables: tuple[list[dict[int, int]], list[dict[int, int]]], stage: int,
            clues: tuple[tuple[Clue, ...], tuple[Clue, ...]], todo_rows: int,
            todo_cols: int) -> bool:
    """Board.spread on the states `rows` and `cols` (in place)."""
    height, width = len(rows), len(cols)
    row_tables, col_tables = tables
    row_cells, col_cells = (1 << width) - 1, (1 << height) - 1
    while todo_rows or todo_cols:
        while todo_rows:
            low = todo_rows & -todo_rows
            todo_rows ^= low
            r = low.bit_length() - 1
            state = rows[r]
            new = row_tables[r].get(state)
            if new is None:
                new = _answer(row_tables[r], stage, clues[0][r], width, state)
            if new == state:
                continue
            if new < 0:
                return False
            rows[r] = new
            changed = new ^ state
            shaded, empty = changed & row_cells, changed >> width
            todo_cols |= shaded | empty
            while shaded:
                bit = shaded & -shaded
                shaded ^= bit
                c = bit.bit_length() - 1
                cols[c] |= low
            low <<= height
            while empty:
                bit = empty & -empty
                empty ^= bit
                c = bit.bit_length() - 1
                cols[c] |= low
        while todo_cols:
            low = todo_cols & -todo_cols
            todo_cols ^= low
            c = low.bit_length() - 1
            state = cols[c]
            new = col_tables[c].get(state)
            if new is None:
                new = _answer(col_tables[c], stage, clues[1][c], height, state)
            if new == state:
                continue
            if new < 0:
                return False
            cols[c] = new
            changed = new ^ state
            shaded, empty = changed & col_cells, changed >> height
            todo_rows |= shaded | empty
            while shaded:
                bit = shaded & -shaded
                shaded ^= bit
                r = bit.bit_length() - 1
                rows[r] |= low
            low <<= width
            while empty:
                bit = empty & -empty
                empty ^= bit
                r = bit.bit_length() - 1
                rows[r] |= low
    return True


def propagate(grid: list[Line], rows: Sequence[Clue], cols: Sequence[Clue],
              solve: Callable[[Clue, Line], Line],
              dirty: Sequence[tuple[int, int]] | None = None) -> None:
    """Solve lines until nothing changes (in place); `dirty`: the lines to start from
    ((0, r) rows, (1, c) columns; default all). Raises Contradiction."""
    board = Board.of(grid, rows, cols)
    if dirty is None:
        ok = board.spread(_STAGE_OF[solve])
    else:
        ok = board.spread(_STAGE_OF[solve], sum(1 << x for axis, x in set(dirty) if axis == 0),
                          sum(1 << x for axis, x in set(dirty) if axis == 1))
    if not ok:
        raise Contradiction
    board.copy_to(grid)


def probe(grid: list[Line], rows: Sequence[Clue], cols: Sequence[Clue]) -> None:
    """Board.probe on a grid of cells (in place)."""
    board = Board.of(grid, rows, cols)
    board.probe()
    board.copy_to(grid)


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
    board = Board(rows, cols, givens)
    try:
        for stage in STAGES[:STAGES.index(upto) + 1]:
            if stage == "hard":
                board.probe()
            elif not board.spread(SIMPLE if stage == "easy" else FULL):
                raise Contradiction
            if board.solved():
                return stage, board.grid()
    except Contradiction:
        raise ValueError("the clues contradict themselves") from None
    return None, board.grid()


def settle_random(rows: Sequence[Clue], cols: Sequence[Clue], asked: str,
                  solution: Sequence[int]) -> tuple[str | None, list[tuple[int, int]]]:
    """A random grid's grade, decided as soon as it is known (the clues are those of
    `solution`, each row's shaded cells as a mask): `asked`, an easier stage (the first
    that solves it), or None (it needs more than `asked`, or has a second solution); and
    the cells left open. For hard the line stages run as one (whichever solves it, the
    grid is too easy) and probing assumes only what the solution does not have."""
    board = Board(rows, cols)
    if asked == "hard":
        board.spread(FULL)
        if board.solved():
            return "medium", []
        return ("hard" if board.probe(solution) and board.solved() else None), \
            board.open_cells()
    board.spread(SIMPLE)
    if board.solved():
        return "easy", []
    if asked == "medium":
        board.spread(FULL)
        if board.solved():
            return "medium", []
    return None, board.open_cells()
