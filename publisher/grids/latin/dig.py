"""The dig: start from a puzzle that tells everything (every given, every clue) and
take clues away, orbit by orbit in the order the kind chose, while a test (the
ladder up to the level's tier) still proves the one solution.

Removals are tried in runs that grow while they succeed and halve when they fail
(a run that fails is tried again in halves), so a dig of 200 clues needs far fewer
tests than 200; the test is monotone (fewer clues never prove more), so the clues
kept are the same kind of minimal set a one-by-one dig leaves."""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

Test = Callable[[list[bool]], bool]
S = TypeVar("S")
P = TypeVar("P")


def dig(present: list[bool], orbits: Sequence[Sequence[int]], test: Test,
        first_run: int = 4) -> list[bool]:
    """Remove orbits of clues (indices into `present`) in order while `test(present)`
    holds; returns `present` (changed in place). `first_run=1` takes them one by one,
    cheaper where most removals fail (a run that fails costs more than it saves)."""
    i, run = 0, first_run
    grow = 2 if first_run > 1 else 1
    while i < len(orbits):
        batch = [k for orbit in orbits[i:i + run] for k in orbit if present[k]]
        for k in batch:
            present[k] = False
        if not batch or test(present):
            i += run
            run *= grow
            continue
        for k in batch:
            present[k] = True
        if run == 1:
            i += 1              # this orbit stays
        else:
            run //= 2
    return present


def first_at_level(level: str, budget: int, per_square: int, square: Callable[[], S],
                   attempt: Callable[[S], P], level_of: Callable[[P], str]
                   ) -> tuple[P, int] | None:
    """Dig (`attempt`) up to `budget` times, `per_square` digs of each new square, until
    one is graded exactly `level`; (the puzzle, digs used), or None."""
    digs = 0
    while digs < budget:
        made = square()
        for _ in range(per_square):
            digs += 1
            puzzle = attempt(made)
            if level_of(puzzle) == level:
                return puzzle, digs
    return None
