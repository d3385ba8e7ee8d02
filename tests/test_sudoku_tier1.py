"""The generator's fast tests against slower plain ones: the tier-1 test (tier1.py)
answers as the grader's own ladder does, and every two-value unavoidable set
really is one (swapping its two values gives another valid grid)."""
from __future__ import annotations

import random

from publisher.kinds.sudoku.generator import _fill, _standard, generate_puzzle
from publisher.kinds.sudoku.grader import HumanSolver, solvable
from publisher.kinds.sudoku.shapes import Geometry
from publisher.kinds.sudoku.unavoidable import two_value_sets


def test_tier_one_test_answers_as_the_ladder_does() -> None:
    # random holes (mostly singles or stuck) and medium puzzles with a few
    # givens taken out or put in (the cases near the line the dig walks)
    rng = random.Random(5)
    outcomes = set()
    for variant, grids in (("classic", 8), ("x", 3), ("jigsaw", 3)):
        for seed in range(grids):
            p = generate_puzzle(9, variant, "medium", "rotational", random.Random(f"t1{seed}"))
            geom = _standard(9, variant == "x") if variant != "jigsaw" else Geometry(9, p.regions)
            trials = [p.givens]
            for _ in range(20):
                holes = set(rng.sample(range(81), rng.randint(48, 60)))
                trials.append([0 if c in holes else v for c, v in enumerate(p.solution)])
                shaken = list(p.givens)
                for c in rng.sample(range(81), rng.randint(1, 3)):
                    shaken[c] = 0 if shaken[c] else p.solution[c]
                trials.append(shaken)
            for givens in trials:
                ladder = HumanSolver(geom, givens).run(1)
                assert solvable(geom, givens, 1) == ladder, (variant, givens)
                singles = HumanSolver(geom, givens).run(0)
                outcomes.add("needs tier 1" if ladder and not singles else
                             "singles" if ladder else "stuck")
    assert outcomes == {"singles", "stuck", "needs tier 1"}


def _valid(grid: list[int]) -> bool:
    rows = [grid[r * 9:(r + 1) * 9] for r in range(9)]
    cols = [grid[c::9] for c in range(9)]
    boxes = [[grid[(br * 3 + i) * 9 + bc * 3 + j] for i in range(3) for j in range(3)]
             for br in range(3) for bc in range(3)]
    return all(sorted(h) == list(range(1, 10)) for h in rows + cols + boxes)


def test_two_value_sets_are_unavoidable_and_cover_every_pair() -> None:
    rng = random.Random(8)
    for _ in range(5):
        geom, solution = _fill(9, "classic", rng)
        sets = two_value_sets(geom, solution)
        covered: dict[tuple[int, int], int] = {}
        for bits in sets:
            cells = [c for c in range(81) if bits >> c & 1]
            a, b = sorted({solution[c] for c in cells})
            swapped = list(solution)
            for c in cells:
                swapped[c] = a + b - solution[c]
            assert swapped != solution and _valid(swapped)
            assert not covered.get((a, b), 0) & bits       # pieces do not overlap
            covered[(a, b)] = covered.get((a, b), 0) | bits
        for a in range(1, 10):
            for b in range(a + 1, 10):
                both = sum(1 << c for c, v in enumerate(solution) if v in (a, b))
                assert covered[(a, b)] == both
