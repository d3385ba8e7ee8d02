"""Polish a complete fill: raise its word scores without losing any rule.

Large-neighbourhood search: clear a window of cells around a poorly scored entry (the
entry alone, then with its parallel neighbours, then with every entry crossing it), and refill the window with the
best-scoring words that fit the letters left around it (branch and bound: words in
score order, bounded by the best word each open entry could still take). A refill is
kept only when the entries through the window score more in total, so the fill only
gets better; every entry stays a list word, none twice, none inside another. Windows
are tried lowest-scored entry first (seeded tie-breaks); the budget counts candidate
words tried, like the fill's.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from .grid import EMPTY, Grid, Slot
from .words import WordIndex

WINDOW_STEPS = 300      # steps one window's refill may take
CROSS = -1
WIDTHS = (0, 1, CROSS)  # window = the entry, then the entry with its neighbours this far either side

Cell = tuple[int, int]


class _WindowSpent(Exception):
    pass


class Polisher:
    def __init__(self, template: Grid, slots: list[Slot], words: list[str], index: WordIndex,
                 rng: random.Random):
        self.template, self.slots, self.index, self.rng = template, slots, index, rng
        self.words = list(words)
        self.cover: dict[Cell, list[tuple[int, int]]] = {}
        for i, s in enumerate(slots):
            for p, cell in enumerate(s.cells):
                self.cover.setdefault(cell, []).append((i, p))
        self.steps = 0

    def score(self, word: str) -> int:
        return self.index.scores.get(word, 0)

    def run(self, budget: int) -> list[str]:
        """Improve until no window improves or the budget is spent; returns the words."""
        # windows tried in vain, with the entries through them: tried again only once one of
        # those entries changed (a window's best refill depends on nothing else but the
        # words in use elsewhere)
        tried: dict[tuple[int, int], set[int]] = {}
        # entries with an open cell (letters in the template are pinned: theme entries)
        movable = [i for i, s in enumerate(self.slots)
                   if any(self.template[r][c] == EMPTY for r, c in s.cells)]
        while self.steps < budget:
            order = sorted(movable, key=lambda i: (self.score(self.words[i]), self.rng.random()))
            for width in WIDTHS:
                target = next((i for i in order if (i, width) not in tried), None)
                if target is not None:
                    break
            else:
                break
            window = self._window(target, width)
            tried[(target, width)] = {i for cell in window for i, _ in self.cover[cell]}
            changed = self._refill(window, min(WINDOW_STEPS, budget - self.steps))
            if changed:
                tried = {key: through for key, through in tried.items() if not through & changed}
        return self.words

    def _window(self, target: int, width: int) -> set[Cell]:
        """The entry's open cells and those `width` rows (or columns) either side of them;
        width CROSS: the entry and every entry crossing it."""
        s = self.slots[target]
        across = s.direction == "across"
        cells: set[Cell] = set()
        for r, c in s.cells:
            if width == CROSS:
                around = [cell for j, _ in self.cover[(r, c)] for cell in self.slots[j].cells]
            else:
                around = [(r + d, c) if across else (r, c + d) for d in range(-width, width + 1)]
            cells.update(cell for cell in around
                         if cell in self.cover and self.template[cell[0]][cell[1]] == EMPTY)
        return cells

    def _refill(self, window: set[Cell], limit: int) -> set[int]:
        """Refill the window with a better total score; the entries changed (applied)."""
        index = self.index
        through = sorted({i for cell in window for i, _ in self.cover[cell]})
        inside = set(through)
        others = [w for i, w in enumerate(self.words) if i not in inside]
        domains, links = {}, {}
        for i in through:
            s = self.slots[i]
            pattern = "".join("." if cell in window else self.words[i][p] for p, cell in enumerate(s.cells))
            domains[i] = index.domain(pattern)
            links[i] = [(p, j, q) for p, cell in enumerate(s.cells) if cell in window
                        for j, q in self.cover[cell] if j != i]
        self.best = sum(self.score(self.words[i]) for i in through)
        self.found: dict[int, str] | None = None
        self.limit = self.steps + limit
        try:
            self._search({}, 0, domains, links, others)
        except _WindowSpent:
            pass
        if self.found is None:
            return set()
        changed = {i for i, word in self.found.items() if self.words[i] != word}
        for i in changed:
            self.words[i] = self.found[i]
        return changed

    def _top(self, i: int, domain: int) -> int:
        """The best score a domain offers (bit 0 is the best-scored word of its length)."""
        return self.score(self.index.words[self.slots[i].length][(domain & -domain).bit_length() - 1])

    def _search(self, assigned: dict[int, str], total: int, domains: dict[int, int],
                links: dict[int, list[tuple[int, int, int]]], others: list[str]) -> None:
        open_ = [i for i in domains if i not in assigned]
        if not open_:
            if total > self.best:
                self.best, self.found = total, dict(assigned)
            return
        slot = min(open_, key=lambda i: (domains[i].bit_count(), i))
        rest = [i for i in open_ if i != slot]
        rest_top = sum(self._top(i, domains[i]) for i in rest)
        words = self.index.words[self.slots[slot].length]
        taken = others + list(assigned.values())
        remaining = domains[slot]
        while remaining:
            low = remaining & -remaining
            remaining ^= low
            word = words[low.bit_length() - 1]
            value = self.score(word)
            if total + value + rest_top <= self.best:
                break      # later words score no more: nothing better down this branch
            self.steps += 1
            if self.steps > self.limit:
                raise _WindowSpent
            if any(word in u or u in word for u in taken):
                continue
            narrowed = dict(domains)
            for p, j, q in links[slot]:
                if j not in assigned:
                    narrowed[j] &= self.index.letter_mask(self.slots[j].length, q, word[p])
            if any(not narrowed[j] for j in rest):
                continue
            if total + value + sum(self._top(j, narrowed[j]) for j in rest) <= self.best:
                continue
            assigned[slot] = word
            self._search(assigned, total + value, narrowed, links, others)
            del assigned[slot]


def polish(template: Grid, slots: list[Slot], words: Iterable[str], index: WordIndex,
           rng: random.Random, budget: int) -> tuple[list[str], int]:
    """Better-scored words for the slots of a complete fill, and the steps taken."""
    polisher = Polisher(template, slots, list(words), index, rng)
    return polisher.run(budget), polisher.steps
