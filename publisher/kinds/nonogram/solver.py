"""The nonogram solver, in the stages a grade names:

* easy: each clue number on its own, with the cells already known: the span each run can
  still take; the cells every placement of a run covers are shaded, the cells no run can
  reach are empty; and counting: a line with all its shaded cells is done, a line with
  just enough open cells fills them; each line again on what it found, until it finds
  nothing more (so where the stage stops is the same in whatever order lines are solved);
* medium: the whole line at once, every clue number together with the known cells
  (a dynamic programme over all placements): what every arrangement agrees on;
* hard: probing: a cell is assumed shaded (then empty) and the medium stage run; an
  assumption that ends in a contradiction gives the other value.

Every deduction is sound, so a grid the solver fills completely is the only solution."""
from __future__ import annotations

from typing import Callable, Sequence

# the line's names are the solver's too (EMPTY, FILLED, clue_of, ...: callers import them here)
from .lines import (EMPTY, FILLED, FULL, SIMPLE, UNKNOWN, Clue, Contradiction,  # noqa: F401
                    Line, _runs_of, answer, clue_of, line_full, line_simple, pack, table_of,
                    unpack)

try:
    from . import _native as native     # settle_random and the draw in C, answer for answer
except ImportError:                     # built without a C compiler: the same in Python
    native = None  # type: ignore[assignment]

STAGES = ("easy", "medium", "hard")

LINE_STAGE: dict[str, Callable[[Clue, Line], Line]] = {"easy": line_simple,
                                                       "medium": line_full}
_STAGE_OF: dict[Callable[[Clue, Line], Line], int] = {line_simple: SIMPLE, line_full: FULL}


class Board:
    """A grid being solved: each row's and each column's state (see pack), kept in step."""

    def __init__(self, rows: Sequence[Clue], cols: Sequence[Clue],
                 givens: Sequence[tuple[int, int]] = ()) -> None:
        self.clues = (tuple(rows), tuple(cols))
        self.height, self.width = len(rows), len(cols)
        self.rows, self.cols = [0] * self.height, [0] * self.width
        self.other: list[int] | None = None      # a second solution (row states) found
        for r, c in givens:
            self.rows[r] |= 1 << c
            self.cols[c] |= 1 << r

    @classmethod
    def of(cls, grid: list[Line], rows: Sequence[Clue], cols: Sequence[Clue]) -> "Board":
        board = cls(rows, cols)
        board.rows = [pack(line) for line in grid]
        board.cols = [pack([line[c] for line in grid]) for c in range(board.width)]
        return board

    def grid(self) -> list[Line]:
        return [unpack(state, self.width) for state in self.rows]

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
        return ([table_of(stage, clue, self.width) for clue in self.clues[0]],
                [table_of(stage, clue, self.height) for clue in self.clues[1]])

    def _probe_order(self) -> list[tuple[int, int]]:
        """The open cells, those whose row and column have the fewest open cells first
        (the likeliest to end in a contradiction, or in a second solution, soon)."""
        width, height = self.width, self.height
        row_cells, col_cells = (1 << width) - 1, (1 << height) - 1
        open_rows = [width - ((state | state >> width) & row_cells).bit_count()
                     for state in self.rows]
        open_cols = [height - ((state | state >> height) & col_cells).bit_count()
                     for state in self.cols]
        cells = self.open_cells()
        cells.sort(key=lambda cell: open_rows[cell[0]] + open_cols[cell[1]])
        return cells

    def probe(self, solution: Sequence[int] | None = None) -> bool:
        """The hard stage (in place): assume an open cell shaded, then empty, and run the
        medium stage; a contradiction fixes the cell the other way. Repeats until no probe
        helps. With the `solution` known (each row's shaded cells as a mask), only the
        value it does not have is assumed (the other cannot fail), and an assumption that
        holds and whose grid, its open cells taken from the solution, fits every clue is
        a second solution (`other`): False at once. Raises Contradiction."""
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
                    if solution is not None:
                        second = _completed(trial_rows, solution, clues, width)
                        if second is not None:
                            self.other = second
                            return False
                    for r2 in range(height):
                        implied[r2] |= trial_rows[r2]
        return True


def _completed(trial: list[int], solution: Sequence[int],
               clues: tuple[tuple[Clue, ...], tuple[Clue, ...]], width: int) -> list[int] | None:
    """The grid an assumption that held reached, its open cells filled as in `solution`,
    as row states, when every clue fits it: a second solution (a wrong assumption mostly
    moves a few cells and leaves the rest be: found long before an assumption fills the
    grid, if ever). None when a clue does not fit."""
    cells = (1 << width) - 1
    rows = list(solution)
    moved = []
    for r, state in enumerate(trial):
        wrong = (state & cells & ~rows[r]) | (state >> width & rows[r])
        if wrong:
            rows[r] ^= wrong
            moved.append((r, wrong))
    return _fits(rows, moved, clues, width)


def _fits(rows: list[int], moved: list[tuple[int, int]],
          clues: tuple[tuple[Clue, ...], tuple[Clue, ...]], width: int) -> list[int] | None:
    """`rows` (the solution with the cells `moved` flipped: (row, mask) pairs) as row
    states when the clues of the lines that changed fit it (the others are the
    solution's), else None."""
    if not moved:
        return None
    changed_cols = 0
    for r, wrong in moved:
        if _runs_of(rows[r]) != clues[0][r]:
            return None
        changed_cols |= wrong
    while changed_cols:
        bit = changed_cols & -changed_cols
        changed_cols ^= bit
        column = sum(1 << r for r, row in enumerate(rows) if row & bit)
        if _runs_of(column) != clues[1][bit.bit_length() - 1]:
            return None
    cells = (1 << width) - 1
    return [row | (cells & ~row) << width for row in rows]


# stuck grids with at most this many open cells are searched for a swap before probing
SWAP_SEARCH = 60


def _swapped(board: Board, solution: Sequence[int]) -> list[int] | None:
    """A second solution made by swapping the open corners of a rectangle (two rows, two
    columns; each row and column has one of its two corners shaded), as row states, or
    None: the simplest ambiguity, cheaper to look for than to probe."""
    width, cells = board.width, (1 << board.width) - 1
    open_rows = [(r, cells & ~(state | state >> width)) for r, state in enumerate(board.rows)]
    open_rows = [(r, found) for r, found in open_rows if found]
    if sum(found.bit_count() for _, found in open_rows) > SWAP_SEARCH:
        return None
    for k, (r1, open1) in enumerate(open_rows):
        for r2, open2 in open_rows[k + 1:]:
            # columns open in both rows where exactly one of the two is shaded
            corners = open1 & open2 & (solution[r1] ^ solution[r2])
            bits = []
            while corners:
                bits.append(corners & -corners)
                corners ^= bits[-1]
            for i, one in enumerate(bits):
                for two in bits[i + 1:]:
                    pair = one | two
                    if (solution[r1] & pair).bit_count() != 1:
                        continue             # r1 has both or neither: no swap
                    rows = list(solution)
                    rows[r1] ^= pair
                    rows[r2] ^= pair
                    found = _fits(rows, [(r1, pair), (r2, pair)], board.clues, width)
                    if found is not None:
                        return found
    return None


# long: the hot loop of every stage, rows and columns written out alike
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
                new = answer(row_tables[r], stage, clues[0][r], width, state)
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
                new = answer(col_tables[c], stage, clues[1][c], height, state)
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
    grid is too easy) and probing assumes only what the solution does not have; instead
    of the open cells, the cells where a second solution differs (a swap of open cells,
    else one probing comes across), or none when probing stalls without one (a walk from
    there seldom reaches hard: measured)."""
    if native is not None and max(len(rows), len(cols)) <= native.LARGEST:
        stage, found = native.settle(solution, len(cols), STAGES.index(asked))
        return (None if stage is None else STAGES[stage]), found
    board = Board(rows, cols)
    if asked == "hard":
        board.spread(FULL)
        if board.solved():
            return "medium", []
        other = _swapped(board, solution)
        if other is None and board.probe(solution):
            return ("hard" if board.solved() else None), []
        other = other or board.other
        assert other is not None
        cells = (1 << board.width) - 1
        return None, [(r, c) for r, state in enumerate(other)
                      for c in range(board.width) if ((state & cells) ^ solution[r]) >> c & 1]
    board.spread(SIMPLE)
    if board.solved():
        return "easy", []
    if asked == "medium":
        board.spread(FULL)
        if board.solved():
            return "medium", []
    return None, board.open_cells()
