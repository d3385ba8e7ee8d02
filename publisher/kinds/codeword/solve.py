"""Decoding a codeword: which letter each number stands for, given a few letters.

Each entry is a run of numbers; a word fits it when its letters repeat exactly where the
numbers do. Propagation alone (no guessing): a number keeps the letters some fitting word
of every entry through it still allows, a decided letter leaves every other number. When
every number is down to one letter the decoding is proved unique, and needed no guess.
"""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from pathlib import Path

from ...words import read_fill_list

Entry = tuple[int, ...]          # the numbers of an entry's cells, in reading order


def shape(word: str | Entry) -> tuple[int, ...]:
    """Where the word repeats itself: ABBA and 5,9,9,5 both give (0, 1, 1, 0)."""
    first: dict[object, int] = {}
    return tuple(first.setdefault(ch, len(first)) for ch in word)


@lru_cache(maxsize=4)
def words_by_shape(path: str, stamp: float,
                   language: str = "en") -> dict[tuple[int, ...], tuple[str, ...]]:
    """Every word of the fill list (any score: a reader may know it) by its shape."""
    out: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for word in read_fill_list(Path(path), cells_of=language):
        out[shape(word)].append(word)
    return {key: tuple(words) for key, words in out.items()}


def decode(entries: list[Entry], given: dict[int, str], letters: str,
           words: dict[tuple[int, ...], tuple[str, ...]]) -> dict[int, set[str]]:
    """The letters each number may still be once propagation stops (`given`: number ->
    letter). Empty sets mean the givens contradict the list."""
    numbers = sorted({n for e in entries for n in e})
    domain = {n: {given[n]} if n in given else set(letters) for n in numbers}
    through: dict[int, list[int]] = defaultdict(list)
    for i, entry in enumerate(entries):
        for n in set(entry):
            through[n].append(i)
    fits = [list(words.get(shape(e), ())) for e in entries]
    queue = list(range(len(entries)))
    queued = set(queue)
    while queue:
        i = queue.pop()
        queued.discard(i)
        entry = entries[i]
        fits[i] = [w for w in fits[i] if all(ch in domain[n] for ch, n in zip(w, entry))]
        changed = []
        for pos, n in enumerate(entry):
            allowed = {w[pos] for w in fits[i]}
            if not domain[n] <= allowed:
                domain[n] &= allowed
                changed.append(n)
        changed += _all_different(domain, changed)
        for n in changed:
            if not domain[n]:
                return domain
            for j in through[n]:
                if j not in queued:
                    queue.append(j)
                    queued.add(j)
    return domain


def _all_different(domain: dict[int, set[str]], changed: list[int]) -> list[int]:
    """A number down to one letter takes it from every other number."""
    out: list[int] = []
    todo = [n for n in changed if len(domain[n]) == 1]
    while todo:
        n = todo.pop()
        letter = next(iter(domain[n]), None)
        for m, letters in domain.items():
            if m != n and letter in letters:
                letters.discard(letter)
                out.append(m)
                if len(letters) == 1:
                    todo.append(m)
    return out


def solved(domain: dict[int, set[str]]) -> dict[int, str] | None:
    """The decoding when propagation decided every number, else None."""
    if all(len(letters) == 1 for letters in domain.values()):
        return {n: next(iter(letters)) for n, letters in domain.items()}
    return None
