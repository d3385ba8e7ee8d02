"""Fill a blocked grid from a scored word list.

Search: depth first, most-constrained slot first (fewest candidate words per failure
seen at the slot, "dom/wdeg", which learns across restarts), forward
checking on crossing slots through (length, position, letter) bitsets, candidates
ordered by how many words they leave the crossings (least constraining first) among
the best-scored words, and seeded restarts with a growing step limit. Every entry is a
list word, no entry twice, no entry inside another. Deterministic from the seed; the
budget counts candidate words tried. The fill found is then polished (polish.py): windows
around its lowest-scored entries are refilled with better-scored words.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .grid import EMPTY, Grid, Slot, slots
from .polish import polish
from .words import WordIndex

CANDIDATES_PER_BATCH = 30     # best-scored words weighed against each other at a time
PROPAGATE_BELOW = 48          # slots with more words left than this are not propagated from
FIRST_RESTART_STEPS = 150     # step limit of the first run
GROWTH = 1.3                  # each restart gets this many times more steps
GOOD_FRACTION = 0.25          # the best-scored share of each length counted as "good"
GOOD_WEIGHT = 1.5             # room counted in well-scored words, beside all words
POLISH_STEPS_PER_CELL = 60   # steps spent raising the scores of a found fill (13,500 at 15x15)
RANK_WEIGHT = 0.6             # how much a better-scored word outweighs room left in crossings


class FillFailed(RuntimeError):
    """The grid could not be filled within the budget (or not at all)."""


@dataclass(frozen=True)
class Fill:
    grid: Grid                          # letters in every white cell, '#' blocks
    entries: tuple[tuple[Slot, str], ...]
    scores: tuple[int, ...]             # word score of each entry (pinned words not in the list: none)
    steps: int

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def min_score(self) -> int:
        return min(self.scores) if self.scores else 0


class _OutOfSteps(Exception):
    pass


def _members(domain: int) -> list[int]:
    """The set bits of a domain, lowest first. Domains are long and sparse (a few words of
    thousands): one pass over its binary digits beats peeling bits off the big integer."""
    digits = bin(domain)[:1:-1]
    found, at = [], digits.find("1")
    while at >= 0:
        found.append(at)
        at = digits.find("1", at + 1)
    return found


def fill_grid(grid: Grid, index: WordIndex, seed: int = 0, max_steps: int = 100_000,
              polish_steps: int | None = None) -> Fill:
    """Fill every entry of `grid` (pinned letters kept) or raise FillFailed; then spend up to
    `polish_steps` more (default POLISH_STEPS_PER_CELL per cell) raising the word scores
    (polish.py; 0 = the first fill as found)."""
    filler = _Filler(grid, index, seed, max_steps)
    fill = filler.run()
    if polish_steps is None:
        polish_steps = POLISH_STEPS_PER_CELL * len(grid) * len(grid[0])
    if polish_steps <= 0:
        return fill
    words, steps = polish(grid, filler.slots, [w for w in filler.assigned if w], index, filler.rng,
                          polish_steps)
    filler.assigned = list(words)
    filler.steps += steps
    return filler._result()


class _Filler:
    def __init__(self, grid: Grid, index: WordIndex, seed: int, max_steps: int):
        self.grid, self.index, self.max_steps = grid, index, max_steps
        self.rng = random.Random(seed)
        self.slots = slots(grid)
        self.patterns = ["".join(grid[r][c] for r, c in s.cells) for s in self.slots]
        at: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for i, s in enumerate(self.slots):
            for p, cell in enumerate(s.cells):
                at.setdefault(cell, []).append((i, p))
        # crossings[i] = [(position in i, other slot, position in other)]
        self.crossings: list[list[tuple[int, int, int]]] = [[] for _ in self.slots]
        for pairs in at.values():
            for i, p in pairs:
                self.crossings[i] += [(p, j, q) for j, q in pairs if j != i]
        self.lengths = [s.length for s in self.slots]
        # per length: the best-scored words (crossings should keep good options)
        self.good = {n: (1 << int(len(w) * GOOD_FRACTION) + 1) - 1 for n, w in index.words.items()}
        # failures seen at each slot (kept across restarts: dom/wdeg slot choice)
        self.weights = [1.0] * len(self.slots)
        self.steps = 0
        self.letters_cache: dict[tuple[int, int], list[frozenset[str]]] = {}
        self.allowed_cache: dict[tuple[int, int, frozenset[str]], int] = {}

    def run(self) -> Fill:
        limit = FIRST_RESTART_STEPS
        while True:
            self._start()
            self.limit = min(self.steps + limit, self.max_steps)
            try:
                if self._search() is None:
                    return self._result()
                raise FillFailed("no fill of this grid exists with this word list (the "
                                 "search ruled out every way)")
            except _OutOfSteps:
                if self.steps >= self.max_steps:
                    raise FillFailed(f"no fill found within the budget of {self.max_steps} steps") from None
            limit = int(limit * GROWTH)

    def _start(self) -> None:
        """Fresh domains; fully pinned entries are taken as given (theme entries)."""
        self.assigned: list[str | None] = [None] * len(self.slots)
        self.domains = [0] * len(self.slots)
        # reasons[j]: bitmask of the assigned slots whose words narrowed slot j's domain
        self.reasons = [0] * len(self.slots)
        for i, pattern in enumerate(self.patterns):
            if EMPTY not in pattern:
                self.assigned[i] = pattern
                continue
            self.domains[i] = self.index.domain(pattern)
            if not self.domains[i]:
                s = self.slots[i]
                if not self.index.words.get(s.length):     # whichever entry: said once
                    raise FillFailed(f"the word list has no {s.length}-letter word for the "
                                     f"grid's entries of {s.length} letters")
                raise FillFailed(f"no word of the list fits {s.number} {s.direction} "
                                 f"({pattern}, row {s.row + 1}, column {s.col + 1})")
        self.used = {w: i for i, w in enumerate(self.assigned) if w}

    def _pick_slot(self) -> int | None:
        """The unassigned slot with the fewest words per failure seen there (dom/wdeg)."""
        best, best_key = None, None
        for i, word in enumerate(self.assigned):
            if word is None:
                key = (self.domains[i].bit_count() / self.weights[i], -self.lengths[i])
                if best_key is None or key < best_key:
                    best, best_key = i, key
        return best

    def _search(self) -> int | None:
        """None when the grid is full; else the conflict set (bitmask of assigned slots to
        blame): a caller not in it has no better choice to make and passes it up (backjump)."""
        slot = self._pick_slot()
        if slot is None:
            return None
        bit = 1 << slot
        conflict = self.reasons[slot]
        words = self.index.words[self.lengths[slot]]
        remaining = self.domains[slot]
        while remaining:
            batch: list[str] = []
            while remaining and len(batch) < CANDIDATES_PER_BATCH:
                low = remaining & -remaining
                remaining ^= low
                batch.append(words[low.bit_length() - 1])
            ranked, blame = self._order(slot, batch)
            conflict |= blame
            for word, narrowed in ranked:
                self.steps += 1
                if self.steps > self.limit:
                    raise _OutOfSteps
                saved = [(j, self.domains[j], self.reasons[j]) for j, _ in narrowed]
                for j, domain in narrowed:
                    self.domains[j] = domain
                    self.reasons[j] |= bit
                self.assigned[slot] = word
                self.used[word] = slot
                wiped = self._propagate([j for j, _ in narrowed], saved, bit)
                result = self._search() if wiped is None else wiped
                if result is None:
                    return None
                del self.used[word]
                self.assigned[slot] = None
                for j, domain, reasons in reversed(saved):
                    self.domains[j], self.reasons[j] = domain, reasons
                if not result & bit:
                    return result
                conflict |= result
        return conflict & ~bit

    def _propagate(self, queue: list[int], saved: list[tuple[int, int, int]], bit: int) -> int | None:
        """Arc consistency from slots with few words left: a crossing keeps only words whose
        letter there one of those words allows. Returns None, or the conflict set when a
        slot runs out of words; changed domains go to `saved` for the caller to restore."""
        while queue:
            j = queue.pop()
            domain = self.domains[j]
            if domain.bit_count() > PROPAGATE_BELOW:
                continue
            letters = self._letters(self.lengths[j], domain)
            for q, k, r in self.crossings[j]:
                if self.assigned[k] is not None:
                    continue
                narrowed = self.domains[k] & self._allowed(self.lengths[k], r, letters[q])
                if narrowed != self.domains[k]:
                    saved.append((k, self.domains[k], self.reasons[k]))
                    self.domains[k] = narrowed
                    self.reasons[k] |= self.reasons[j] | bit
                    if not narrowed:
                        self.weights[k] += 1
                        return self.reasons[k]
                    queue.append(k)
        return None

    def _letters(self, length: int, domain: int) -> list[frozenset[str]]:
        """The letters the words of a domain put at each position (cached: domains recur)."""
        key = (length, domain)
        found = self.letters_cache.get(key)
        if found is None:
            words = self.index.words[length]
            options = [words[i] for i in _members(domain)]
            found = [frozenset(column) for column in zip(*options)] or [frozenset()] * length
            self.letters_cache[key] = found
        return found

    def _allowed(self, length: int, position: int, letters: frozenset[str]) -> int:
        """The words of a length with one of `letters` at `position` (cached)."""
        key = (length, position, letters)
        found = self.allowed_cache.get(key)
        if found is None:
            found = 0
            for letter in letters:
                found |= self.index.letter_mask(length, position, letter)
            self.allowed_cache[key] = found
        return found

    def _order(self, slot: int, batch: list[str]) -> tuple[list[tuple[str, list[tuple[int, int]]]], int]:
        """Candidates that keep every crossing fillable, least constraining first, and the
        conflict set of those rejected (the slots holding clashing words or narrowing crossings)."""
        ranked, blame = [], 0
        for rank, word in enumerate(batch):
            clash = self.used.get(word)
            if clash is None:
                clash = next((i for u, i in self.used.items() if word in u or u in word), None)
            if clash is not None:
                blame |= 1 << clash
                continue
            narrowed, room = [], 0.0
            for p, j, q in self.crossings[slot]:
                if self.assigned[j] is not None:
                    continue
                domain = self.domains[j] & self.index.letter_mask(self.lengths[j], q, word[p])
                if not domain:
                    blame |= self.reasons[j]
                    self.weights[j] += 1
                    break
                narrowed.append((j, domain))
                good = (domain & self.good[self.lengths[j]]).bit_count()
                room += GOOD_WEIGHT * math.log1p(good) + math.log(domain.bit_count())
            else:
                # earlier in the batch = better score; a little seeded noise varies the fill
                ranked.append((room - RANK_WEIGHT * rank + self.rng.random(), word, narrowed))
        ranked.sort(key=lambda t: -t[0])
        return [(word, narrowed) for _, word, narrowed in ranked], blame

    def _result(self) -> Fill:
        cells = [list(row) for row in self.grid]
        entries, scores = [], []
        for s, word in zip(self.slots, self.assigned):
            assert word is not None
            for (r, c), letter in zip(s.cells, word):
                cells[r][c] = letter
            entries.append((s, word))
            if word in self.index.scores:
                scores.append(self.index.scores[word])
        return Fill(tuple("".join(row) for row in cells), tuple(entries), tuple(scores), self.steps)
