"""Classic variant: an n-queens solution with as few givens as possible.

The hard grade keeps an exact minimum set of givens: the smallest set of rows
on which no other solution agrees with ours (a hitting set of the "rows where
T differs" masks of all rival solutions T). Rivals are bits of Python ints, so
a set of rows is tested with a few ANDs. Up to TABLE_MAX_N every solution of
the size is listed once per process (`solution_table`); above it, rivals are
asked of the solver only when a set is not refuted by the ones already found.
Easier grades keep a minimal set (no given can be removed) that is one or two
givens larger; where no minimal set is large enough for easy, extra queens make up
the count (an easy puzzle may hold a given it could do without).
"""
from __future__ import annotations

import math
import random

from publisher.errors import GenerationFailed

from .solver import complete_classic, solution_table

TABLE_MAX_N = 12             # up to here all solutions are listed (14,200 at n = 12)
RIVALS_PER_CALL = 6          # rivals collected per solver call (above TABLE_MAX_N);
                             # more per call is slower: they are much alike
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

    try:
        found = rec(0, 0, 0, 0)
    finally:
        del rec      # it refers to itself: a cycle the rarely run collector would keep
    if not found:
        raise GenerationFailed(f"no {n}-queens solution exists")
    return sol


def _rivals(n: int, sol: list[int], rows, limit: int) -> tuple[list[list[int]], int]:
    res = complete_classic(n, [(r, sol[r]) for r in rows], limit=limit, budget=SOLVER_BUDGET)
    if not res.complete:
        raise GenerationFailed("classic: solver node budget spent")
    return [t for t in res.solutions if t != sol], res.nodes


def _diff_mask(sol: list[int], other: list[int]) -> int:
    m = 0
    for r, (a, b) in enumerate(zip(sol, other)):
        if a != b:
            m |= 1 << r
    return m


def _agree_sets(n: int, sol: list[int]) -> tuple[list[int], int]:
    """For n <= TABLE_MAX_N: per row r, the solutions with sol's queen of row r
    (a bitset from `solution_table`), and the bit of `sol` itself."""
    table = solution_table(n)
    sets = [table[r * n + c] for r, c in enumerate(sol)]
    only = -1
    for m in sets:
        only &= m
    return sets, only


# Long (about 90 lines): the exact search and its rival bookkeeping share state through
# nested functions; split apart they would pass that state around on every call.
def minimum_givens(n: int, sol: list[int], rng: random.Random) -> tuple[list[int], int]:
    """An exact minimum set of rows whose queens make `sol` the only solution.
    Returns (rows, solver calls). Which minimum set is kept is random: the first
    k-combination (smallest k, itertools order) of a shuffled row order that no
    other solution agrees with.

    Rivals (other solutions) are bits of Python ints: agree[i] holds those with
    sol's queen in row order[i], so a set of rows is refuted when the AND over
    it is not empty. Up to TABLE_MAX_N every solution is known from
    `solution_table`. Above, rivals come from the solver whenever a set is not
    refuted yet (an implicit hitting-set search): the set is kept once the
    solver finds none. A branch is skipped whole when one rival agrees on its
    rows and on every row after them.
    """
    order = list(range(n))
    rng.shuffle(order)
    table = n <= TABLE_MAX_N
    if table:
        sets, only = _agree_sets(n, sol)
        agree = [sets[r] & ~only for r in order]
        everyone = 0                        # every other solution
        for c in range(n):
            everyone |= solution_table(n)[c]
        everyone &= ~only
    else:
        agree = [0] * n
        everyone = 0                        # every rival found so far
    masks_seen: set[int] = set()            # rows where a rival differs, as masks
    calls = 0
    chosen: list[int] = []                  # positions in `order` of the set being built
    version = 0                             # bumped whenever rivals are added
    suffix = [0] * (n + 1)                  # suffix[i]: AND of agree[i:]

    def refresh() -> None:
        suffix[n] = everyone
        for i in range(n - 1, -1, -1):
            suffix[i] = suffix[i + 1] & agree[i]

    def add_rivals(rows: list[int]) -> bool:
        """Ask the solver for rivals agreeing on `rows`; False when there are none."""
        nonlocal calls, everyone, version
        rivals, _ = _rivals(n, sol, rows, RIVALS_PER_CALL + 1)
        calls += 1
        for t in rivals:
            d = _diff_mask(sol, t)
            if d not in masks_seen:         # the same rows differ: no new refutation
                bit = 1 << len(masks_seen)
                masks_seen.add(d)
                everyone |= bit
                for i, r in enumerate(order):
                    if not d >> r & 1:
                        agree[i] |= bit
        version += 1
        refresh()
        return bool(rivals)

    def search(k: int, start: int, prefix: int) -> bool:
        """Extend `chosen` (whose rows all rivals in `prefix` agree on) to k
        positions, from `start` on. True once a set is kept, left in `chosen`."""
        ver = version
        need = k - len(chosen) - 1          # positions still to pick after i
        for i in range(start, n - need):
            if ver != version:              # rivals were added: recompute the prefix
                prefix = everyone
                for j in chosen:
                    prefix &= agree[j]
                ver = version
            p = prefix & agree[i]
            if need:
                if p & suffix[i + 1]:       # refuted, and so is every extension
                    continue
                chosen.append(i)
                if search(k, i + 1, p):
                    return True
            else:
                if p:                       # refuted
                    continue
                chosen.append(i)
                if table or not add_rivals([order[j] for j in chosen]):
                    return True
            chosen.pop()
        return False

    refresh()
    if not everyone and (table or not add_rivals([])):
        return [], calls                    # no other solution at all
    for k in range(1, n + 1):
        if search(k, 0, everyone):
            return sorted(order[i] for i in chosen), calls
    raise GenerationFailed("classic: no unique set of givens")   # unreachable: all n givens


def prune_givens(n: int, sol: list[int], rng: random.Random) -> list[int]:
    """A minimal set: start from every queen, drop them in random order while the
    solution stays unique. Each kept given was needed when tried, and removing
    more never helps, so none can be removed afterwards."""
    keep = list(range(n))
    order = list(range(n))
    rng.shuffle(order)
    if n <= TABLE_MAX_N:
        sets, only = _agree_sets(n, sol)
    for r in order:
        trial = [x for x in keep if x != r]
        if n <= TABLE_MAX_N:
            agree = -1                # the solutions agreeing with sol on `trial`
            for x in trial:
                agree &= sets[x]
            unique = agree == only
        else:
            unique = not _rivals(n, sol, trial, 2)[0]
        if unique:
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
        # Small boards often have no minimal set that large (8x8: 3 of 4 easy
        # requests graded medium): an easy puzzle gets extra queens, which only help.
        rows = best
        if difficulty == "easy" and len(rows) < target:
            spare = [r for r in range(n) if r not in rows]
            rng.shuffle(spare)
            rows = rows + spare[:target - len(rows)]
    nodes = complete_classic(n, [(r, sol[r]) for r in rows], limit=2).nodes
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
