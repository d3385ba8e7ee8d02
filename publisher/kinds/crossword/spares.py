"""Spare words of a crossword drawn from a pool (`count` + `words_per_puzzle`): a drawn
word the layout leaves out gives way to a spare, so the puzzle holds the words asked
(review 7, item 15: five words drawn for an 11x11 daily left 3 or 4 of them, as two
of them shared no letter with the rest). The spares are drawn with the puzzle, used
nowhere else in the book; words a reader listed are never swapped."""
from __future__ import annotations

from typing import Callable, TypeVar

from ...errors import SpecError
from ...grids.freeform.board import Layout
from ...words import Word

SPARES = 4       # spares a drawn puzzle gets (a 5-word daily left out one or two)

Entry = tuple[str, str, str]        # (text, answer, clue)
W = TypeVar("W")


def draw(take: Callable[[int], list[W]]) -> list[W]:
    """Up to SPARES words of `take(n)`, a draw of n unused words (a SpecError when
    fewer are left: then fewer spares, never an error)."""
    for n in range(SPARES, 0, -1):
        try:
            return take(n)
        except SpecError:
            continue
    return []


def apart(answers: list[str], answer: str) -> bool:
    """No answer inside another (BUTTER with BUTTERFLY): one would give the other away."""
    return not any(answer in other or other in answer for other in answers)


def apart_from(words: list[Word]) -> Callable[[list[Word], Word], bool]:
    """`accept` of a spare: apart from the puzzle's words and the spares before it."""
    return lambda chosen, word: apart([w.answer for w in words + chosen], word.answer)


def with_spares(words: tuple[Entry, ...], spares: tuple[Entry, ...],
                lay_out: Callable[[tuple[Entry, ...]], Layout]) -> tuple[tuple[Entry, ...], Layout]:
    """The words and their layout, the words it leaves out replaced by spares (in draw
    order, each apart from the words kept) while a layout of them places more."""
    layout = lay_out(words)
    queue = list(spares)
    while queue and layout.unplaced:
        left_out = set(layout.unplaced)
        kept = [word for i, word in enumerate(words) if i not in left_out]
        fresh: list[Entry] = []
        while queue and len(kept) + len(fresh) < len(words):
            spare = queue.pop(0)
            if apart([w[1] for w in kept + fresh], spare[1]):
                fresh.append(spare)
        trial = lay_out(tuple(kept + fresh))
        if len(trial.placed) > len(layout.placed):
            words, layout = tuple(kept + fresh), trial
    return words, layout
