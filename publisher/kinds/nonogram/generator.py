"""Nonogram boards: a picture with the fewest givens the solver needs, or a random grid
kept only when its grade is the one asked."""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from .solver import (FILLED, STAGES, UNKNOWN, Clue, Contradiction, LINE_STAGE, Line,
                     clue_of, grade, line_full, line_simple, native, probe, propagate,
                     settle_random, solved)

# Random grids: how dark, by grade (darker grids have longer runs: easier lines), at 10
# and at 20 or more cells a side (between: in proportion). Large grids drawn lighter are
# mostly ambiguous; small ones drawn darker mostly too easy (measured: benchmarks/nonogram.py).
DENSITY = {"easy": (0.58, 0.58), "medium": (0.44, 0.53), "hard": (0.42, 0.5)}
# The share of shaded cells a kept grid has, by grade: grading alone keeps easy grids
# near black (three quarters shaded, up to 98%) and small hard ones near white (a tenth);
# a reader expects a balanced picture. Outside it a grid is drawn afresh unsolved.
SHADED = {"easy": (0.4, 0.7), "medium": (0.35, 0.65), "hard": (0.3, 0.6)}
# Medium and hard, 10 or more cells a side: a grid whose clues give away more than this
# share of its cells on their own (see _given_away; at 10 and at 20 or more cells a side)
# is mostly easier than asked (hard: a fiftieth is hard, against one in four of the
# plainest tenth, at 20x20; at 10x10 three quarters of the easy draws give away over a
# quarter, a fourth of the medium ones): drawn afresh without solving it (measured:
# benchmarks/nonogram.py; shorter lines give more away)
GIVEN_AWAY = {"medium": (0.25, 0.35), "hard": (0.2, 0.08)}
WALKS, WALK_STEPS = 4, 300   # at most WALKS x WALK_STEPS grids tried per random puzzle
SCORED_GIVENS = 24         # candidate givens weighed per step (spread over the unknown cells)


class NonogramError(ValueError):
    pass


@dataclass(frozen=True)
class Puzzle:
    solution: tuple[str, ...]         # rows of '#' and '.'
    row_clues: tuple[Clue, ...]
    col_clues: tuple[Clue, ...]
    givens: tuple[tuple[int, int], ...]
    grade: str
    needed: int                       # givens the picture needs to be unique at all (hard)


def clues(solution: tuple[str, ...]) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    rows = tuple(clue_of([ch == "#" for ch in row]) for row in solution)
    cols = tuple(clue_of([row[c] == "#" for row in solution]) for c in range(len(solution[0])))
    return rows, cols


def _known(grid: list[Line]) -> int:
    return sum(cell != UNKNOWN for row in grid for cell in row)


def add_givens(solution: tuple[str, ...], stage: str,
               start: tuple[tuple[int, int], ...] = ()) -> tuple[tuple[int, int], ...]:
    """Shaded cells to print so that `stage` solves the puzzle: greedily the cell that lets
    the most cells follow (the solver going on from where it stopped: a given only adds
    to what it knew), then every given that is not needed removed again."""
    rows, cols = clues(solution)
    givens = list(start)
    grid = [[UNKNOWN] * len(cols) for _ in rows]
    for r, c in givens:
        grid[r][c] = FILLED
    line = LINE_STAGE.get(stage, line_full)
    _go_on(grid, rows, cols, stage)
    while not solved(grid):
        open_cells = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row)
                      if v == UNKNOWN and solution[r][c] == "#"]
        if not open_cells:       # never: counting ends a line whose shaded cells are known
            return tuple(sorted(givens))
        step = max(1, len(open_cells) // SCORED_GIVENS)
        best, best_known = open_cells[0], -1
        for r, c in open_cells[::step]:
            trial = [list(row) for row in grid]
            trial[r][c] = FILLED
            propagate(trial, rows, cols, line, [(0, r), (1, c)])
            if _known(trial) > best_known:
                best, best_known = (r, c), _known(trial)
        givens.append(best)
        grid[best[0]][best[1]] = FILLED
        _go_on(grid, rows, cols, stage)
    return prune(rows, cols, stage, givens)


def _go_on(grid: list[Line], rows: tuple[Clue, ...], cols: tuple[Clue, ...], stage: str) -> None:
    """The stages up to `stage` from what `grid` already knows (in place)."""
    propagate(grid, rows, cols, line_simple)
    if stage != "easy":
        propagate(grid, rows, cols, line_full)
    if stage == "hard":
        probe(grid, rows, cols)


def prune(rows: tuple[Clue, ...], cols: tuple[Clue, ...], stage: str,
          givens: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """`givens` less every one the stages up to `stage` can do without (the last added,
    the likeliest spare, tried first)."""
    kept = list(givens)
    for cell in sorted(givens, reverse=True):
        fewer = [g for g in kept if g != cell]
        if grade(rows, cols, fewer, upto=stage) is not None:
            kept = fewer
    return tuple(sorted(kept))


def from_picture(solution: tuple[str, ...], difficulty: str) -> Puzzle:
    """The picture as a puzzle the asked stage solves. The medium stage's givens come
    first (no probing: cheap); those that probing can do without are dropped: what is
    left makes the picture unique (`needed`). Easy adds what it needs to those."""
    rows, cols = clues(solution)
    line_givens = add_givens(solution, "medium")
    needed = prune(rows, cols, "hard", line_givens)
    givens = {"hard": needed, "medium": line_givens}.get(difficulty)
    if givens is None:
        givens = add_givens(solution, "easy", line_givens)
        if grade(rows, cols, givens, upto="easy") is None:
            givens = line_givens       # easy is out of reach: the line stages' givens
    level = grade(rows, cols, givens) or "hard"
    return Puzzle(solution, rows, cols, givens, level, len(needed))


def random_grid(height: int, width: int, difficulty: str, rng: random.Random,
                deepest: int | None = None) -> Puzzle:
    """A random grid whose grade is `difficulty`. Few random grids have the grade asked
    (a twentieth need probing). A grid an easier stage solves is drawn afresh (a flipped
    cell seldom makes it harder); one the stage asked leaves cells open is walked: two of
    those cells flipped (fewer grids tried than one at a time, measured; one when only two
    are open: flipping all could swing between two solutions), until the stage asked, and
    no easier one, solves it. Hard: a grid with a second solution is walked by two of the
    cells where the two differ; one whose clues give much away is drawn afresh unsolved,
    and so is one probing leaves stuck without a second solution (settle_random). No
    line has more than `deepest` numbers (those the page prints at the floor)."""
    level = STAGES.index(difficulty)
    plain = _share(GIVEN_AWAY[difficulty], height, width) * height * width \
        if difficulty in GIVEN_AWAY and min(height, width) >= 10 else None
    fewest, most = (share * height * width for share in SHADED[difficulty])
    for _ in range(WALKS):
        grid: _Grid | None = None
        for _ in range(WALK_STEPS):
            if grid is None:
                grid = _new_grid(height, width, difficulty, rng, fewest, most, plain, deepest)
                if grid is None:
                    continue
            rows, cols, row_clues, col_clues = grid
            stage, open_cells = settle_random(row_clues, col_clues, difficulty, rows)
            if stage == difficulty and any(rows):
                solution = tuple("".join(".#"[mask >> c & 1] for c in range(width))
                                 for mask in rows)
                return Puzzle(solution, tuple(row_clues), tuple(col_clues), (), difficulty, 0)
            if stage is not None and STAGES.index(stage) < level or not open_cells:
                grid = None
                continue
            for r, c in rng.sample(open_cells, 2 if len(open_cells) > 2 else 1):
                rows[r] ^= 1 << c
                cols[c] ^= 1 << r
                row_clues[r], col_clues[c] = _clue(rows[r], width), _clue(cols[c], height)
            if not _plain_enough(rows, row_clues, col_clues, width, fewest, most, plain,
                                 deepest):
                grid = None
    raise NonogramError(f"no {height}x{width} grid graded {difficulty} in {WALKS} walks "
                        f"of {WALK_STEPS} steps")


# a grid being walked: its rows and columns as masks, and their clues
_Grid = tuple[list[int], list[int], list[Clue], list[Clue]]


def _new_grid(height: int, width: int, difficulty: str, rng: random.Random, fewest: float,
              most: float, plain: float | None, deepest: int | None) -> _Grid | None:
    """A random grid (_draw) that passes _drawn's tests, or None."""
    data = rng.randbytes(9 * _plane_bytes(height, width))
    if native is None or max(height, width) > native.LARGEST:
        return _drawn(_draw(height, width, difficulty, data), width, fewest, most, plain,
                      deepest)
    rows = native.draw(data, height, width, _threshold(difficulty, height, width), fewest,
                       most, -1.0 if plain is None else plain, deepest or 0)
    if rows is None:
        return None
    cols = _columns(rows, width)
    return rows, cols, [_clue(mask, width) for mask in rows], [_clue(mask, height) for mask in cols]


def _drawn(rows: list[int], width: int, fewest: float, most: float,
           plain: float | None, deepest: int | None = None) -> _Grid | None:
    """A drawn grid with its columns and clues, or None when it is out of the shaded band,
    an edge line is empty (the grid would be a size smaller), its clues give more than
    `plain` cells away or a line has more than `deepest` numbers (the cheap tests first)."""
    if not rows[0] or not rows[-1] or not fewest <= sum(mask.bit_count() for mask in rows) <= most:
        return None
    height = len(rows)
    row_clues = [_clue(mask, width) for mask in rows]
    if deepest and max(map(len, row_clues)) > deepest:
        return None
    away = _given_away(row_clues, width) if plain is not None else 0
    if plain is not None and away > plain:
        return None
    cols = _columns(rows, width)
    if not cols[0] or not cols[-1]:
        return None
    col_clues = [_clue(mask, height) for mask in cols]
    if plain is not None and away + _given_away(col_clues, height) > plain:
        return None
    if deepest and max(map(len, col_clues)) > deepest:
        return None
    return rows, cols, row_clues, col_clues


def _plain_enough(rows: list[int], row_clues: list[Clue], col_clues: list[Clue], width: int,
                  fewest: float, most: float, plain: float | None,
                  deepest: int | None = None) -> bool:
    """In the shaded band, no edge line empty, no line with more than `deepest` numbers,
    and the clues give at most `plain` cells away on their own."""
    if not (row_clues[0] and row_clues[-1] and col_clues[0] and col_clues[-1]):
        return False
    if deepest and max(map(len, row_clues + col_clues)) > deepest:
        return False
    return fewest <= sum(mask.bit_count() for mask in rows) <= most and (
        plain is None or
        _given_away(row_clues, width) + _given_away(col_clues, len(rows)) <= plain)


def _share(shares: tuple[float, float], height: int, width: int) -> float:
    """A share given at 10 and at 20 or more cells a side, in proportion between."""
    small, large = shares
    return small + (large - small) * min(1.0, max(0, max(height, width) - 10) / 10)


def _given_away(clues: list[Clue], n: int) -> int:
    """The cells lines of n cells with these clues give away on their own."""
    return sum(_line_gives_away(clue, n) for clue in clues)


@lru_cache(maxsize=1 << 16)
def _line_gives_away(clue: Clue, n: int) -> int:
    """A line the clue fills (no room to spare, or no run): all of its cells, else the
    cells each run covers wherever it goes (its length less the room to spare)."""
    spare = n - sum(clue) - len(clue) + 1
    if not clue or not spare:
        return n
    return sum(size - spare for size in clue if size > spare)


@lru_cache(maxsize=1 << 16)
def _clue(mask: int, n: int) -> Clue:
    """The runs of a line given as a mask (bit i: cell i shaded)."""
    return tuple(len(run) for run in f"{mask:b}".split("0") if run)[::-1]


def _columns(rows: list[int], width: int) -> list[int]:
    """The grid's columns as masks (bit r: row r), from its rows."""
    cells = [f"{mask:0{width}b}" for mask in reversed(rows)]    # row 0 last: bit 0
    return [int("".join(column), 2) for column in zip(*cells)][::-1]


def _plane_bytes(height: int, width: int) -> int:
    """The bytes of one random bit per cell in _draw's layout."""
    return ((width + 1) * height + 7) // 8


def _threshold(difficulty: str, height: int, width: int) -> int:
    """A cell is shaded when its random byte is below this (the grade's density)."""
    return round(_share(DENSITY[difficulty], height, width) * 256)


def _draw(height: int, width: int, difficulty: str, data: bytes) -> list[int]:
    """A random grid's rows as masks (bit c: column c shaded) from 9 * _plane_bytes random
    bytes: each cell shaded with the grade's density (in 256ths), then one pass of a
    majority vote over each cell's 3x3 neighbourhood (ties at random): shapes instead of
    salt and pepper. The grid is one int, row r at bit r * (width + 1), a clear bit between
    rows; the cells are worked on all at once, in bit slices (bit i of a count in its own
    int). Plane k of the data gives bit 7 - k of each cell's byte, the ninth the ties."""
    stride = width + 1
    cells = int(("0" + "1" * width) * height, 2)      # the grid's cells, not the gaps
    size = _plane_bytes(height, width)
    planes = [int.from_bytes(data[k * size:(k + 1) * size], "little") for k in range(9)]
    threshold = _threshold(difficulty, height, width)
    below, equal = 0, cells
    for place in range(7, -1, -1):
        plane = planes[7 - place]
        if threshold >> place & 1:
            below |= equal & ~plane
            equal &= plane
        else:
            equal &= ~plane
    # a majority of the cell's neighbourhood (itself too, cells outside the grid not
    # counted): 5 of 9 inside, 4 of 6 on an edge, 3 of 4 in a corner; ties at random
    p0, p1, p2, p3 = _count(below & cells, stride)
    inside, edge, corner = _neighbourhoods(height, width)
    at_least_3 = p3 | p2 | p1 & p0
    more = inside & (p3 | p2 & (p1 | p0)) | edge & (p3 | p2) | corner & at_least_3
    tie = ~(p3 | p2) & p1 & (edge & p0 | corner & ~p0)
    smooth = (more | tie & planes[8]) & cells
    mask = (1 << width) - 1
    return [smooth >> (r * stride) & mask for r in range(height)]


@lru_cache(maxsize=64)
def _neighbourhoods(height: int, width: int) -> tuple[int, int, int]:
    """The cells (in _draw's layout) whose 3x3 neighbourhood holds 9, 6 and 4 cells of
    the grid: inside, on an edge, in a corner (a grid one cell wide has others: none
    of these, never shaded; sizes start at 5)."""
    stride = width + 1
    found = [0, 0, 0]
    for r in range(height):
        for c in range(width):
            size = (min(r + 1, height - 1) - max(r - 1, 0) + 1) * \
                (min(c + 1, width - 1) - max(c - 1, 0) + 1)
            if size in (9, 6, 4):
                found[(9, 6, 4).index(size)] |= 1 << (r * stride + c)
    return found[0], found[1], found[2]


def _count(grid: int, stride: int) -> list[int]:
    """Per cell, how many of its 3x3 neighbourhood (itself too) are set in `grid`: four
    bit slices (cells outside the grid count nothing: the gap bits are clear)."""
    planes = [0, 0, 0, 0]
    for shift in (0, 1, -1, stride, -stride, stride - 1, 1 - stride, stride + 1, -stride - 1):
        carry = grid << shift if shift >= 0 else grid >> -shift
        for place in range(4):
            planes[place], carry = planes[place] ^ carry, planes[place] & carry
    return planes
