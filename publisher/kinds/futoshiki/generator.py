"""Making one Futoshiki: a random Latin square, every sign between neighbours and
every digit given, then the dig (grids/latin/dig.py): givens first (so few stay),
then signs, while the ladder up to the level's tier still solves the puzzle
(extreme: while a search proves one solution, `extreme_dig`). Kept only when the
full ladder grades it exactly the level asked; otherwise the next dig. Budgets are
digs, never time."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from publisher.errors import GenerationFailed

from ...grids.latin.closure import DigTest, extreme_dig
from ...grids.latin.dig import first_at_level
from ...grids.latin.grid import Grid
from ...grids.latin.ladder import LEVELS, Grade, run_ladder
from ...grids.latin.square import random_square
from ...grids.latin.symmetry import cell_orbits, edge_orbits
from .techniques import Relation, closure, ladder

DIGS_PER_SQUARE = 4
SEARCH = 300                 # branches the extreme dig's test may take
WHOLE_SEARCH = 6             # up to this size extreme's whole dig is by search


@dataclass
class Puzzle:
    size: int
    givens: list[int]                    # row-major, 0 = empty
    relations: list[Relation]            # (lesser cell, greater cell)
    solution: list[int]
    grade: Grade
    digs: int = 0
    notes: dict[str, int] = field(default_factory=dict)


@lru_cache(maxsize=None)
def neighbours(n: int) -> tuple[tuple[int, int], ...]:
    """Every pair of neighbouring cells: right neighbours, then below."""
    return tuple((r * n + c, b) for r in range(n) for c in range(n)
                 for b in ([r * n + c + 1] if c + 1 < n else []) +
                 ([r * n + c + n] if r + 1 < n else []))


def all_relations(n: int, solution: list[int]) -> list[Relation]:
    """Every pair of neighbours (`neighbours`), smaller cell first."""
    return [(a, b) if solution[a] < solution[b] else (b, a) for a, b in neighbours(n)]


@lru_cache(maxsize=None)
def orbits(n: int, symmetry: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Orbits of cells, and of signs (indices into `neighbours`), by the symmetry
    (the same for every square of the size)."""
    return (tuple(map(tuple, cell_orbits(n, symmetry))),
            tuple(map(tuple, edge_orbits(n, neighbours(n), symmetry))))


def grade(n: int, givens: list[int], relations: list[Relation], max_tier: int = 3) -> Grade:
    return run_ladder(Grid(n, givens), ladder(relations), max_tier)


def dig_budget(n: int, level: str) -> int:
    """Digs one request may try before it fails (small digs are cheap and reach the
    upper levels less often)."""
    return {4: 200, 5: 120, 6: 60, 7: 40, 8: 30, 9: 20}[n]


def generate(n: int, level: str, symmetry: str, rng: random.Random) -> Puzzle:
    tier = LEVELS.index(level)
    budget = dig_budget(n, level)
    cells, edges = orbits(n, symmetry)

    def square() -> tuple[list[int], list[Relation]]:
        solution = random_square(n, rng)
        return solution, all_relations(n, solution)

    got = first_at_level(level, budget, DIGS_PER_SQUARE, square,
                         lambda made: _dig_once(n, *made, cells, edges, tier, rng),
                         lambda p: p.grade.level)
    if got is None:
        raise GenerationFailed(f"no {n}x{n} futoshiki graded {level} in {budget} digs; "
                               "choose another difficulty or size")
    got[0].digs = got[1]
    return got[0]


def _dig_once(n: int, solution: list[int], relations: list[Relation],
              cell_groups: Sequence[Sequence[int]], sign_groups: Sequence[Sequence[int]],
              tier: int, rng: random.Random) -> Puzzle:
    cells, edges = list(cell_groups), list(sign_groups)
    rng.shuffle(cells)
    rng.shuffle(edges)
    total = n * n
    sign_orbits = [[total + k for k in orbit] for orbit in edges]

    def split(present: list[bool]) -> tuple[list[int], list[Relation]]:
        givens = [v if present[i] else 0 for i, v in enumerate(solution)]
        return givens, [rel for k, rel in enumerate(relations) if present[total + k]]

    # givens first, in growing runs (nearly all go), the ladder's test starting from
    # what every sign proves; then signs: switched on in the dig's order, each from
    # the last fixpoint, until they solve, and only those taken away one by one
    # (about a third of all signs stay, so most removals from all of them fail)
    search = closure(n, relations, 1) if tier == 4 else None
    test = DigTest(closure(n, relations, min(tier, 3)), solution, searcher=search)
    present = [True] * (total + len(relations))
    if tier < 4:
        present = test.dig(present, cells, sign_orbits)
    else:
        present = extreme_dig(test, present, cells, sign_orbits, SEARCH, n <= WHOLE_SEARCH)
    givens, rels = split(present)
    return Puzzle(n, givens, rels, solution, grade(n, givens, rels))
