"""A nonogram line: its cells, its state as one int, and the two line stages of the
solver (easy: each run on its own, and counting; medium: the whole line at once), each
answer kept per clue and state."""
from __future__ import annotations

from functools import reduce
from math import comb
from operator import and_, or_
from typing import Sequence

UNKNOWN, FILLED, EMPTY = 0, 1, 2

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


def pack(line: Sequence[int]) -> int:
    filled, empty = _masks(tuple(line))
    return filled | empty << len(line)


def unpack(state: int, n: int) -> list[int]:
    return list(_line_of(state & ((1 << n) - 1), state >> n, n))


def table_of(stage: int, clue: Clue, n: int) -> dict[int, int]:
    table = _TABLES.get((stage, clue, n))
    if table is None:
        table = _TABLES[(stage, clue, n)] = {}
    return table


def answer(table: dict[int, int], stage: int, clue: Clue, n: int, state: int) -> int:
    """The stage's answer for a line state not in `table` yet, kept there."""
    if _KEPT[0] >= _KEEP:
        for kept in _TABLES.values():
            kept.clear()
        _TABLES.clear()
        _ARRANGEMENTS.clear()
        _KEPT[0] = 0
    _KEPT[0] += 1
    found = table[state] = (_simple if stage == SIMPLE else _full)(clue, n, state)
    return found


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
    n, state = len(line), pack(line)
    table = table_of(stage, tuple(clue), n)
    found = table.get(state)
    if found is None:
        found = answer(table, stage, tuple(clue), n, state)
    if found < 0:
        raise Contradiction
    return unpack(found, n)


def _simple(clue: Clue, n: int, state: int) -> int:
    """_simple_once until it changes nothing: what it finds can make it find more
    (spans narrowed to a line's every run: counting empties the rest), and a line is
    never queued again for its own change, so without this a stage's end would hang on
    the order the lines were solved in (an easy picture with givens graded medium)."""
    while True:
        found = _simple_once(clue, n, state)
        if found == state or found < 0:
            return found
        state = found


def _simple_once(clue: Clue, n: int, state: int) -> int:
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


# long: one dynamic programme over a line, kept whole (every line solve runs it)
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
