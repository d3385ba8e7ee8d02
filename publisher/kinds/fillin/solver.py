"""The fill-in solver: how many ways the listed words fill the slots.

Slots are runs of cells (row, col, direction, length); each word of the list
(a multiset) goes in exactly one slot of its length, and crossing slots agree
on their shared letter. The search fills the slot with the fewest fitting
words first and stops at `limit` solutions or after `budget` steps.
"""
from __future__ import annotations

from collections import Counter

Slot = tuple[int, int, str, int]       # row, col, "across"|"down", length


class SolverBudget(Exception):
    """The search ran out of steps before it could decide."""


def slot_cells(slot: Slot) -> list[tuple[int, int]]:
    r, c, d, n = slot
    return [(r, c + k) if d == "across" else (r + k, c) for k in range(n)]


def count_fills(slots: list[Slot], words: list[str], given: dict[int, str] | None = None,
                limit: int = 2, budget: int = 200_000) -> int:
    """Number of fills (up to `limit`) of `slots` by `words`, with `given`
    (slot index -> word) already written in. Raises SolverBudget past `budget` steps."""
    given = given or {}
    cells = [slot_cells(s) for s in slots]
    stock = Counter(words)
    if sorted(len(w) for w in words) != sorted(s[3] for s in slots):
        return 0
    letters: dict[tuple[int, int], str] = {}
    for i, word in given.items():
        if stock[word] == 0 or len(word) != slots[i][3]:
            return 0
        stock[word] -= 1
        for cell, ch in zip(cells[i], word):
            if letters.get(cell, ch) != ch:
                return 0
            letters[cell] = ch
    by_length: dict[int, list[str]] = {}
    for w in stock:
        by_length.setdefault(len(w), []).append(w)
    open_slots = [i for i in range(len(slots)) if i not in given]
    found = [0]
    steps = [0]

    def fits(i: int) -> list[str]:
        return [w for w in by_length.get(slots[i][3], ()) if stock[w] > 0 and all(
            letters.get(cell, ch) == ch for cell, ch in zip(cells[i], w))]

    def search(left: list[int]) -> None:
        steps[0] += 1
        if steps[0] > budget:
            raise SolverBudget(f"no answer within {budget} steps")
        if not left:
            found[0] += 1
            return
        best, options = -1, None
        for i in left:
            o = fits(i)
            if options is None or len(o) < len(options):
                best, options = i, o
                if not o:
                    return
        rest = [i for i in left if i != best]
        for w in options:                      # type: ignore[union-attr]
            stock[w] -= 1
            new = [cell for cell in cells[best] if cell not in letters]
            for cell, ch in zip(cells[best], w):
                letters.setdefault(cell, ch)
            search(rest)
            for cell in new:
                del letters[cell]
            stock[w] += 1
            if found[0] >= limit:
                return
    search(open_slots)
    return found[0]
