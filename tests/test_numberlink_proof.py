"""The fast Flow proof (binary colour codes, shorter medium and easy paths on big
grids, probing that skips implied literals) against slower, independent checks:
every verdict along real repair chains equals a brute force (small grids) and a
SAT model written here from the rules (bigger grids), and the difficulty measure
equals the unshortened probing."""
from __future__ import annotations

import random

import pytest
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from publisher.kinds.numberlink.cover import MIN_LEN, random_cover
from publisher.kinds.numberlink.generator import _best_split, generate
from publisher.kinds.numberlink.sat import check_unique, deductions
from test_numberlink import count_solutions, sample_boards, to_pairs


def oracle_solutions(rows, cols, pairs, limit=2):
    """Solutions (up to `limit`) of a Numberlink board, from a CNF built here from the
    rules: a variable per pair of neighbouring cells and per (cell, pair); an endpoint
    uses one edge, any other cell two (sequential counters); every cell has exactly
    one pair; a used edge joins cells of one pair. A closed loop is not a path: a
    model with one is blocked and the search goes on. MiniSat, not the generator's
    Glucose."""
    n, k = rows * cols, len(pairs)
    edges = {}
    for r in range(rows):
        for c in range(cols):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < rows and cc < cols:
                    edges[(r * cols + c, rr * cols + cc)] = len(edges) + 1
    pair_var = lambda x, j: len(edges) + 1 + x * k + j  # noqa: E731
    top = len(edges) + n * k
    clauses = []
    ends = {x: j for j, pair in enumerate(pairs) for x in pair}
    for x in range(n):
        touching = [v for (a, b), v in edges.items() if x in (a, b)]
        card = CardEnc.equals(touching, bound=1 if x in ends else 2, top_id=top,
                              encoding=EncType.seqcounter)
        top = max(top, card.nv)
        clauses += card.clauses
        card = CardEnc.equals([pair_var(x, j) for j in range(k)], bound=1, top_id=top,
                              encoding=EncType.pairwise)
        clauses += card.clauses
        if x in ends:
            clauses.append([pair_var(x, ends[x])])
    for (a, b), v in edges.items():
        for j in range(k):
            clauses += [[-v, -pair_var(a, j), pair_var(b, j)], [-v, pair_var(a, j), -pair_var(b, j)]]
    found = []
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        while len(found) < limit and solver.solve():
            model = set(lit for lit in solver.get_model() if lit > 0)
            used = [e for e, v in edges.items() if v in model]
            reached, stack = set(ends), list(ends)
            while stack:
                x = stack.pop()
                for a, b in used:
                    y = b if a == x else a if b == x else None
                    if y is not None and y not in reached:
                        reached.add(y)
                        stack.append(y)
            loop = [edges[(a, b)] for a, b in used if a not in reached]
            if loop:
                solver.add_clause([-v for v in loop])
            else:
                found.append(sorted(used))
                solver.add_clause([-edges[e] for e in used])
    return found


def verdicts_along_repairs(rows, cols, paths, budget=10**6):
    """(paths, verdict) at every step of the generator's repair loop from `paths`."""
    rng = random.Random(len(paths))
    steps = []
    while True:
        check = check_unique(rows, cols, paths, budget, 3)
        steps.append(([p[:] for p in paths], check))
        if check.status != "multiple":
            return steps
        split = _best_split(paths, check.rivals, rows, cols, rng)
        if split is None:
            return steps
        pi, k = split
        paths[pi:pi + 1] = [paths[pi][:k], paths[pi][k:]]


def test_fast_proof_matches_brute_force_along_repair_chains():
    checked = repaired_to_unique = 0
    for rows, cols, paths in sample_boards()[:50]:
        steps = verdicts_along_repairs(rows, cols, [p[:] for p in paths])
        for board, check in steps:
            brute = count_solutions(rows, cols, to_pairs(board, cols))
            assert (check.status == "unique") == (brute == 1), (rows, cols, board)
            checked += 1
        repaired_to_unique += len(steps) > 1 and steps[-1][1].status == "unique"
    assert checked >= 70 and repaired_to_unique >= 3


@pytest.mark.parametrize("side", [8, 11])
def test_fast_proof_matches_an_independent_sat_model_along_repair_chains(side):
    """Bigger grids, beyond the brute force: covers of long paths, repaired."""
    multiple = unique = 0
    for seed in range(5):
        rng = random.Random(seed)
        paths = random_cover(side, side, side * 1.3, 3 * side, rng, 5 * side * side)
        for board, check in verdicts_along_repairs(side, side, paths):
            found = oracle_solutions(side, side, [(p[0], p[-1]) for p in board])
            assert len(found) == (1 if check.status == "unique" else 2), (seed, board)
            multiple += check.status == "multiple"
            unique += check.status == "unique"
    assert multiple >= 3 and unique >= 2


@pytest.mark.parametrize("side,difficulty,seeds", [(9, "medium", 4), (15, "medium", 2),
                                                   (15, "easy", 1), (13, "medium", 1),
                                                   (9, "hard", 3), (15, "hard", 1)])
def test_generated_boards_are_unique_by_an_independent_sat_model(side, difficulty, seeds):
    for seed in range(seeds):
        board = generate(side, side, difficulty, seed)
        pairs = [(a[0] * side + a[1], b[0] * side + b[1]) for a, b in
                 ((p[0], p[-1]) for p in board.paths)]
        found = oracle_solutions(side, side, pairs)
        assert len(found) == 1
        ours = sorted(tuple(sorted((a[0] * side + a[1], b[0] * side + b[1])))
                      for p in board.paths for a, b in zip(p, p[1:]))
        assert found[0] == ours
        assert all(len(p) >= MIN_LEN for p in board.paths)


def test_probing_that_skips_implied_literals_measures_the_same():
    boards = [(rows, cols, paths) for rows, cols, paths in sample_boards()[:12]]
    for seed, side in enumerate((9, 12, 15)):
        rng = random.Random(seed)
        boards.append((side, side, random_cover(side, side, 7, 3 * side, rng, 5 * side * side)))
    for side in (9, 15):
        board = generate(side, side, "medium", 3)
        boards.append((side, side, [[r * side + c for r, c in p] for p in board.paths]))
    measures = set()
    for rows, cols, paths in boards:
        fast = deductions(rows, cols, paths)
        assert fast == deductions(rows, cols, paths, skip_implied=False)
        measures.add(fast)
    assert len(measures) >= 10 and any(f1 < 1 for _, f1 in measures)
