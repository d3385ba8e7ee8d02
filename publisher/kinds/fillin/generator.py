"""Fill-in boards: a freeform crossword of the listed words whose fill is unique.

The layout comes from the crossword engine (layout.py). Uniqueness is proved
with the solver: with `starter`, one entry is printed in the grid, chosen among
those that leave exactly one fill (at random); without it, the bare board must
have one fill. A board that cannot be made unique is not kept.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ...errors import GenerationFailed
from .layout import Entry, freeform, slots_of
from .solver import SolverBudget, count_fills


@dataclass
class FillIn:
    grid: list[list[str | None]]
    entries: list[Entry]
    starter: int | None          # index into entries, or None
    crossings: int
    density: float


def make_fillin(words: list[str], rows: int, cols: int, seed: int, starter: bool = True) -> FillIn:
    """One fill-in board from seed; raises GenerationFailed (with the reason) if
    the words do not all fit or the fill cannot be made unique."""
    lay = freeform(words, rows, cols, seed)
    if lay.unplaced:
        raise GenerationFailed(did_not_fit(lay.unplaced, len(words), rows, cols))
    slots = slots_of(lay.grid)
    try:
        bare = count_fills(slots, words)
        choice: int | None = None
        if bare != 1 or starter:
            if not starter:
                raise GenerationFailed("the words fill the board in more than one way")
            order = list(range(len(lay.entries)))
            random.Random(seed).shuffle(order)
            choice = next((i for i in order if bare == 1 or count_fills(
                slots, words, {i: lay.entries[i].answer}) == 1), None)
            if choice is None:
                raise GenerationFailed("no starter word makes the fill unique")
    except SolverBudget as exc:
        raise GenerationFailed(f"uniqueness undecided: {exc}") from None
    return FillIn(lay.grid, lay.entries, choice, lay.crossings, lay.density)


def did_not_fit(unplaced: list[str], total: int, rows: int, cols: int) -> str:
    """A candidate's failure: the words it left out, each once (read back by unfit)."""
    return (f"{len(unplaced)} of the {total} words did not fit in {rows}x{cols}: "
            + ", ".join(unplaced))


UNFIT = re.compile(r"(\d+) of the \d+ words did not fit in \d+x\d+: ")


def unfit(failure: str) -> int | None:
    """How many words a did_not_fit failure left out; None for another failure."""
    found = UNFIT.match(failure)
    return int(found.group(1)) if found else None
