"""Classic variant: an n-queens solution with as few givens as possible.

The hard grade keeps an exact minimum set of givens (an implicit hitting set:
every rival solution T found so far must lose at least one given, so we try
given sets of growing size that hit every "rows where T differs" mask, and ask
the solver for a new rival only when a set passes). Easier grades keep a
minimal set (no given can be removed) that is one or two givens larger.
"""
from __future__ import annotations

import math
import random
from itertools import combinations

from publisher.errors import GenerationFailed

from .solver import solve_classic

RIVALS_PER_CALL = 6          # rivals collected per solver call: more masks per call
SOLVER_BUDGET = 2_000_000    # nodes per solver call; far above what n <= 16 needs
PRUNE_TRIES = {"easy": 8, "medium": 6, "hard": 0}


def random_solution(n: int, rng: random.Random) -> list[int]:
    """A uniformly seeded random n-queens solution (row order, shuffled columns)."""
    full = (1 << n) - 1
    sol = [0] * n
    steps = [0]

    def rec(r: int, cols: int, d1: int, d2: int) -> bool:
        steps[0] += 1
        if steps[0] > 200_000:
            raise GenerationFailed("no n-queens solution found within the step budget")
        if r == n:
            return True
        avail = full & ~(cols | d1 | d2)
        choices = [c for c in range(n) if avail >> c & 1]
        rng.shuffle(choices)
        for c in choices:
            bit = 1 << c
            sol[r] = c
            if rec(r + 1, cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1):
                return True
        return False

    if not rec(0, 0, 0, 0):
        raise GenerationFailed(f"no {n}-queens solution exists")
    return sol


def _rivals(n: int, sol: list[int], rows, limit: int) -> tuple[list[list[int]], int]:
    res = solve_classic(n, [(r, sol[r]) for r in rows], limit=limit, budget=SOLVER_BUDGET)
    if not res.complete:
        raise GenerationFailed("classic: solver node budget spent")
    return [t for t in res.solutions if t != sol], res.nodes


def _diff_mask(sol: list[int], other: list[int]) -> int:
    m = 0
    for r, (a, b) in enumerate(zip(sol, other)):
        if a != b:
            m |= 1 << r
    return m


def minimum_givens(n: int, sol: list[int], rng: random.Random) -> tuple[list[int], int]:
    """An exact minimum set of rows whose queens make `sol` the only solution.
    Returns (rows, solver calls)."""
    order = list(range(n))
    rng.shuffle(order)               # which minimum set we keep is random
    masks: list[int] = []
    seen: set[int] = set()
    calls = 0
    for k in range(n + 1):
        for combo in combinations(order, k):
            m = 0
            for r in combo:
                m |= 1 << r
            for c in masks:          # fails fast: newest masks first
                if not m & c:
                    break
            else:
                rivals, _ = _rivals(n, sol, combo, RIVALS_PER_CALL + 1)
                calls += 1
                if not rivals:
                    return sorted(combo), calls
                for t in rivals:
                    d = _diff_mask(sol, t)
                    if d not in seen:
                        seen.add(d)
                        masks.insert(0, d)
    raise GenerationFailed("classic: no unique set of givens")   # unreachable: all n givens


def prune_givens(n: int, sol: list[int], rng: random.Random) -> list[int]:
    """A minimal set: start from every queen, drop them in random order while the
    solution stays unique. Each kept given was needed when tried, and removing
    more never helps, so none can be removed afterwards."""
    keep = list(range(n))
    order = list(range(n))
    rng.shuffle(order)
    for r in order:
        trial = [x for x in keep if x != r]
        if not _rivals(n, sol, trial, 2)[0]:
            keep = trial
    return keep


def generate_classic(n: int, difficulty: str, rng: random.Random) -> dict:
    sol = random_solution(n, rng)
    rows, calls = minimum_givens(n, sol, rng)
    m = len(rows)
    if difficulty != "hard":
        target = m + (2 if difficulty == "easy" else 1)
        best = rows
        for _ in range(PRUNE_TRIES[difficulty]):
            cand = prune_givens(n, sol, rng)
            if abs(len(cand) - target) < abs(len(best) - target):
                best = cand
            if len(best) == target:
                break
        rows = best
    nodes = solve_classic(n, [(r, sol[r]) for r in rows], limit=2).nodes
    effort = math.log2(max(nodes, 1))
    if difficulty == "hard":
        score = 100 - 10 * m + effort            # fewest givens, then most search
    else:
        target = m + (2 if difficulty == "easy" else 1)
        score = 100 - 10 * abs(len(rows) - target) - (effort if difficulty == "easy" else 0)
    return {
        "solution": sol,
        "givens": [[r, sol[r]] for r in sorted(rows)],
        "min_givens": m,
        "nodes": nodes,
        "solver_calls": calls,
        "score": round(score, 3),
    }
