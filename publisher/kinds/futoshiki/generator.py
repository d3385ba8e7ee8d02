"""Making one Futoshiki: a random Latin square, every sign between neighbours and
every digit given, then the dig (grids/latin/dig.py): givens first (so few stay),
then signs, while the ladder up to the level's tier still solves the puzzle
(extreme: while a search proves one solution, `extreme_dig`). Kept only when the
full ladder grades it exactly the level asked; otherwise the next dig. Budgets are
digs, never time."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

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


def all_relations(n: int, solution: list[int]) -> list[Relation]:
    """Every pair of neighbours, smaller cell first: right neighbours, then below."""
    out = []
    for r in range(n):
        for c in range(n):
            a = r * n + c
            for b in ([a + 1] if c + 1 < n else []) + ([a + n] if r + 1 < n else []):
                out.append((a, b) if solution[a] < solution[b] else (b, a))
    return out


def grade(n: int, givens: list[int], relations: list[Relation], max_tier: int = 3) -> Grade:
    return run_ladder(Grid(n, givens), ladder(relations), max_tier)


def dig_budget(n: int, level: str) -> int:
    """Digs one request may try before it fails (small digs are cheap and reach the
    upper levels less often)."""
    return {4: 200, 5: 120, 6: 60, 7: 40, 8: 30, 9: 20}[n]


def generate(n: int, level: str, symmetry: str, rng: random.Random) -> Puzzle:
    tier = LEVELS.index(level)
    budget = dig_budget(n, level)
    cells = cell_orbits(n, symmetry)

    def square() -> tuple[list[int], list[Relation], list[list[int]]]:
        solution = random_square(n, rng)
        relations = all_relations(n, solution)
        return solution, relations, edge_orbits(n, relations, symmetry)

    got = first_at_level(level, budget, DIGS_PER_SQUARE, square,
                         lambda made: _dig_once(n, *made[:2], cells, made[2], tier, rng),
                         lambda p: p.grade.level)
    if got is None:
        raise GenerationFailed(f"no {n}x{n} futoshiki graded {level} in {budget} digs; "
                               "choose another difficulty or size")
    got[0].digs = got[1]
    return got[0]


def _dig_once(n: int, solution: list[int], relations: list[Relation],
              cells: list[list[int]], edges: list[list[int]], tier: int,
              rng: random.Random) -> Puzzle:
    cells, edges = cells[:], edges[:]
    rng.shuffle(cells)
    rng.shuffle(edges)
    total = n * n
    orbits = cells + [[total + k for k in orbit] for orbit in edges]

    def split(present: list[bool]) -> tuple[list[int], list[Relation]]:
        givens = [v if present[i] else 0 for i, v in enumerate(solution)]
        return givens, [rel for k, rel in enumerate(relations) if present[total + k]]

    # givens first, in growing runs (nearly all go), the ladder's test starting from
    # what every sign proves; then signs: switched on in the dig's order, each from
    # the last fixpoint, until they solve, and only those taken away one by one
    # (about a third of all signs stay, so most removals from all of them fail)
    search = closure(n, relations, 1) if tier == 4 else None
    test = DigTest(closure(n, relations, min(tier, 3)), solution, searcher=search)
    present, sign_orbits = [True] * (total + len(relations)), orbits[len(cells):]
    if tier < 4:
        present = test.dig(present, cells, sign_orbits)
    else:
        present = extreme_dig(test, present, cells, sign_orbits, SEARCH, n <= WHOLE_SEARCH)
    givens, rels = split(present)
    return Puzzle(n, givens, rels, solution, grade(n, givens, rels))
