"""Word scrambles: each answer's letters shuffled so that the scramble

* is not the answer itself,
* is no other word of the puzzle's list nor of the language's dictionary
  (DRAWS must not become WARDS: the reader would be right and marked wrong),
* keeps no three consecutive letters of the answer side by side in the same
  order (SDRAW keeps DRA, too easy to see).

Among the scrambles that pass, the one keeping the fewest letter pairs of the
answer, then not starting or ending with the answer's letter, is taken.

Newspaper bonus: some letters of the answers are marked; together they are
exactly the letters of a final answer, itself given scrambled.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import AbstractSet, Container

from ...words import read_fill_list

RUN = 3                 # this many consecutive letters of the answer may not stay together
SAMPLES = 24            # passing draws compared before choosing
SHUFFLES = 2000         # random shuffles tried before searching every arrangement
EXHAUSTIVE_UP_TO = 8    # letters; 8! = 40320 arrangements at most
MARK_STEPS = 20000      # search budget for the bonus marks


class ScrambleError(ValueError):
    """A word (or bonus) that cannot be scrambled under the rules; names it."""


def keeps_run(answer: str, scramble: str, run: int = RUN) -> bool:
    """True if some `run` consecutive letters of answer appear together in scramble."""
    return any(answer[i:i + run] in scramble for i in range(len(answer) - run + 1))


def kept_pairs(answer: str, scramble: str) -> int:
    pairs = Counter(answer[i:i + 2] for i in range(len(answer) - 1))
    return sum(min(n, scramble.count(p)) for p, n in pairs.items())


def _passes(answer: str, cand: str, forbidden: Container[str]) -> bool:
    return cand != answer and cand not in forbidden and not keeps_run(answer, cand)


def _merit(answer: str, cand: str) -> tuple[int, bool, bool, str]:
    """Lower is better; the scramble itself last makes the order total (sorted ties
    are then drawn at random)."""
    return (kept_pairs(answer, cand), cand[0] == answer[0], cand[-1] == answer[-1], cand)


def scramble_word(answer: str, forbidden: Container[str], rng: random.Random) -> str:
    """A scramble of `answer` (upper-case letters) that passes the rules against
    the words in `forbidden`. Raises ScrambleError naming the word if none exists
    (or none is found within the budget, for words over 8 letters)."""
    letters = list(answer)
    found: set[str] = set()
    hits = 0
    for _ in range(SHUFFLES):
        rng.shuffle(letters)
        cand = "".join(letters)
        if _passes(answer, cand, forbidden):
            found.add(cand)
            hits += 1
            if hits >= SAMPLES:       # passing draws, repeats included: short words stop too
                break
    if not found and len(answer) <= EXHAUSTIVE_UP_TO:
        found = {"".join(p) for p in set(itertools.permutations(answer))
                 if _passes(answer, "".join(p), forbidden)}
    if not found:
        raise ScrambleError(f"{answer} cannot be scrambled: every order of its letters is "
                            "the word itself, another word, or keeps three letters in order")
    merits = sorted(_merit(answer, c) for c in found)
    best = [m[3] for m in merits if m[:3] == merits[0][:3]]
    return best[rng.randrange(len(best))]


def scramble_all(answers: list[str], dictionary: frozenset[str], rng: random.Random) -> list[str]:
    """One scramble per answer; none is an answer of the list or a dictionary word."""
    forbidden = _Either(dictionary, frozenset(answers))
    return [scramble_word(a, forbidden, rng) for a in answers]


class _Either:
    """Membership in either of two sets, without copying a large dictionary."""

    def __init__(self, first: AbstractSet[str], second: AbstractSet[str]):
        self.first, self.second = first, second

    def __contains__(self, word: object) -> bool:
        return word in self.first or word in self.second


def mark_letters(answers: list[str], bonus: str, rng: random.Random) -> list[list[int]]:
    """Indexes to mark in each answer so that the marked letters are exactly the
    letters of `bonus` (a multiset). Every answer gets about len(bonus)/len(answers)
    marks (at least one when the bonus is long enough), never all its letters.
    Raises ScrambleError if the letters cannot be drawn from the answers."""
    need = Counter(bonus)
    n = len(answers)
    lo = 1 if len(bonus) >= n else 0
    hi = max(1, math.ceil(len(bonus) / n) + 1)
    order = list(range(n))
    rng.shuffle(order)
    # letters of the answers still to visit, from each step on
    have_after: list[Counter[str]] = [Counter() for _ in range(n + 1)]
    for k in range(n - 1, -1, -1):
        have_after[k] = have_after[k + 1] + Counter(answers[order[k]])
    marks: dict[int, list[int]] = {}
    steps = [0]

    def search(k: int, left: Counter) -> bool:
        steps[0] += 1
        if steps[0] > MARK_STEPS:
            return False
        total = sum(left.values())
        if k == n:
            return total == 0
        rest = n - k - 1
        if any(have_after[k][ch] < c for ch, c in left.items() if c):
            return False
        word = answers[order[k]]
        top = min(hi, len(word) - 1, total - lo * rest)
        low = max(lo, total - hi * rest)
        sizes = list(range(max(0, low), top + 1))
        rng.shuffle(sizes)
        for size in sizes:
            usable = [i for i, ch in enumerate(word) if left[ch]]
            combos = list(itertools.combinations(usable, size))
            rng.shuffle(combos)
            for combo in combos[:40]:
                take = Counter(word[i] for i in combo)
                if any(left[ch] < c for ch, c in take.items()):
                    continue
                marks[order[k]] = list(combo)
                if search(k + 1, left - take):
                    return True
        return False
    if not search(0, need):
        raise ScrambleError(f"the letters of the bonus answer {bonus} cannot all be marked in "
                            "the words (each word gives a few letters); change the bonus "
                            "answer or the words")
    return [sorted(marks[i]) for i in range(n)]


@lru_cache(maxsize=8)
def read_dictionary(path: Path) -> frozenset[str]:
    """A fill list (`WORD;SCORE` per line, the crossword's too) as a set of words."""
    return frozenset(read_fill_list(Path(path)))


def dictionary_for(language: str, root: Path) -> tuple[frozenset[str], str | None]:
    """The language's dictionary (root/<lang>/fill.txt) and a warning if it is missing."""
    path = Path(root) / language / "fill.txt"
    if not path.exists():
        return frozenset(), (f"no dictionary {path}: scrambles are checked against the "
                             "puzzle's own words only")
    return read_dictionary(path), None
