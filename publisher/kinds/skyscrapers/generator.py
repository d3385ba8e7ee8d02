"""Making one Skyscrapers: a random Latin square, every edge clue and every digit
given, then the dig (grids/latin/dig.py): givens first, so a given stays only where
the clues cannot do without it, then clues, while the ladder up to the level's tier
still solves the puzzle (extreme: while a search proves one solution, `extreme_dig`).
Kept only when the full ladder grades it exactly the level asked. Budgets are digs, never time."""
from __future__ import annotations

import random
from dataclasses import dataclass

from publisher.errors import GenerationFailed

from ...grids.latin.closure import DigTest, extreme_dig
from ...grids.latin.dig import first_at_level
from ...grids.latin.grid import Grid
from ...grids.latin.ladder import LEVELS, Grade, run_ladder
from ...grids.latin.square import random_square
from ...grids.latin.symmetry import cell_orbits
from .techniques import Clue, closure, ladder, line_cells, seen

DIGS_PER_SQUARE = 4
SEARCH = 300                 # branches the extreme dig's test may take
WHOLE_SEARCH = 6             # up to this size extreme's whole dig is by search


@dataclass
class Puzzle:
    size: int
    givens: list[int]                    # row-major, 0 = empty
    clues: list[Clue]                    # (side, index, seen): the clues printed
    solution: list[int]
    grade: Grade
    digs: int = 0


def all_clues(n: int, solution: list[int]) -> list[Clue]:
    return [(side, k, seen([solution[c] for c in line_cells(n, side, k)]))
            for side in range(4) for k in range(n)]


def clue_orbits(n: int, symmetry: str) -> list[list[int]]:
    """Clue indices (side * n + k) grouped by the symmetry of the square."""
    def image(side: int, k: int) -> tuple[int, int]:
        m = n - 1
        if symmetry == "rotational":
            return (side ^ 1, m - k)
        if symmetry == "mirror":          # left-right
            return (side, m - k) if side < 2 else (side ^ 1, k)
        if symmetry == "diagonal":        # rows and columns swap
            return (side + 2 if side < 2 else side - 2, k)
        return (side, k)

    seen_keys: dict[tuple[int, int], int] = {}
    out: list[list[int]] = []
    for side in range(4):
        for k in range(n):
            key = min((side, k), image(side, k))
            if key in seen_keys:
                out[seen_keys[key]].append(side * n + k)
            else:
                seen_keys[key] = len(out)
                out.append([side * n + k])
    return out


def grade(n: int, givens: list[int], clues: list[Clue], max_tier: int = 3) -> Grade:
    return run_ladder(Grid(n, givens), ladder(n, clues), max_tier)


def dig_budget(n: int) -> int:
    """Digs one request may try before it fails."""
    return {4: 200, 5: 120, 6: 60, 7: 40, 8: 30, 9: 20}[n]


def generate(n: int, level: str, symmetry: str, rng: random.Random) -> Puzzle:
    tier, budget = LEVELS.index(level), dig_budget(n)
    cells, clue_groups = cell_orbits(n, symmetry), clue_orbits(n, symmetry)
    got = first_at_level(level, budget, DIGS_PER_SQUARE,
                         lambda: _Square(n, random_square(n, rng), tier),
                         lambda square: _dig_once(n, square, cells, clue_groups, tier, rng),
                         lambda p: p.grade.level)
    if got is None:
        raise GenerationFailed(f"no {n}x{n} skyscrapers graded {level} in {budget} digs; "
                               "choose another difficulty or size")
    got[0].digs = got[1]
    return got[0]


class _Square:
    """What every dig of one solution shares: its clues and the dig's test (whose
    fixpoint of every clue is found once)."""

    def __init__(self, n: int, solution: list[int], tier: int):
        total = n * n
        self.solution, self.clues = solution, all_clues(n, solution)
        ladder_closure, needs = closure(n, self.clues, min(tier, 3))
        search = closure(n, self.clues, 3, heavy=False)[0] if tier == 4 else None
        self.test = DigTest(ladder_closure, solution,
                            [(total + a, total + b) for a, b in needs], search)


def _dig_once(n: int, square: _Square, cells: list[list[int]],
              clue_groups: list[list[int]], tier: int, rng: random.Random) -> Puzzle:
    cells, clue_groups = cells[:], clue_groups[:]
    rng.shuffle(cells)
    rng.shuffle(clue_groups)
    solution, clues, test = square.solution, square.clues, square.test
    total = n * n
    orbits = cells + [[total + k for k in orbit] for orbit in clue_groups]

    def split(present: list[bool]) -> tuple[list[int], list[Clue]]:
        givens = [v if present[i] else 0 for i, v in enumerate(solution)]
        return givens, [clue for k, clue in enumerate(clues) if present[total + k]]

    # givens first, in growing runs (nearly all go), the ladder's test starting from
    # what every clue proves; then clues one by one (most stay), the tests sharing
    # fixpoints (DigTest.prune)
    present, edges = [True] * (total + len(clues)), orbits[len(cells):]
    if tier < 4:
        present = test.dig(present, cells, edges)
    else:
        present = extreme_dig(test, present, cells, edges, SEARCH, n <= WHOLE_SEARCH)
    givens, kept = split(present)
    return Puzzle(n, givens, kept, solution, grade(n, givens, kept))
