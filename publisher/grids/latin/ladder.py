"""The technique ladder (the search that proves extreme's one solution is
closure.py's `another`).

A ladder is a list of steps (name, tier, technique), easiest first; the runner
always applies the easiest technique that makes progress, counts each use, and
the grade is the tier of the hardest one used (LEVELS). Every technique is sound,
so a puzzle the ladder solves from givens that have a solution has exactly that
one. A puzzle the whole ladder cannot finish but a search proves unique is
"extreme"."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .grid import Grid

LEVELS = ("easy", "medium", "hard", "expert", "extreme")
Technique = Callable[[Grid], bool]
Step = tuple[str, int, Technique]


class BudgetExceeded(Exception):
    """The exact counter used more branches than it was allowed."""


@dataclass
class Grade:
    level: str                      # one of LEVELS
    solved: bool                    # False only for extreme (or a broken puzzle)
    hardest: str | None             # the hardest technique used (None if none)
    techniques: dict[str, int] = field(default_factory=dict)


def run_ladder(g: Grid, ladder: Sequence[Step], max_tier: int = 3) -> Grade:
    """Solve `g` in place with the steps up to `max_tier`."""
    counts: dict[str, int] = {}
    top, hardest = (0, -1), None          # (tier, place in the ladder) of the hardest
    steps = [s for s in ladder if s[1] <= max_tier]
    while not g.broken and not g.solved():
        for place, (name, tier, technique) in enumerate(steps):
            if technique(g):
                counts[name] = counts.get(name, 0) + 1
                if (tier, place) > top:
                    top, hardest = (tier, place), name
                break
        else:
            break
    solved = g.solved()
    return Grade(LEVELS[top[0]] if solved else "extreme", solved, hardest, counts)


def heavy_steps(ladder: Sequence[Step], low: int, max_tier: int) -> list[Technique]:
    """The techniques of tiers `low` to `max_tier`, in the ladder's order."""
    return [technique for _, tier, technique in ladder if low <= tier <= max_tier]
