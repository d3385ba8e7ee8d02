"""Decoding a codeword: which letter each number stands for, given a few letters.

Each entry is a run of numbers; a word fits it when its letters repeat exactly where the
numbers do. Propagation alone (no guessing), by a ladder of a reader's steps (GRADES):
- easy, one word fits: an entry whose decided letters (and the letters its other numbers
  cannot be, being decided elsewhere) leave one word of the list decides its numbers;
- medium, a few words fit: an entry that at most FEW words still fit lets its numbers keep
  only those words' letters; a number down to one letter is decided;
- hard, crossing entries: any entry, however many words fit it, narrows its numbers so
  (a reader reasons about letter patterns, not a short list); one place for a letter: when
  the grid holds the whole alphabet (N numbers for N letters), a letter only one number can
  still be goes to that number; a two-way trial: a number with two letters left, one of
  which (followed by crossing entries) leaves an entry no word, is the other.
When every number is down to one letter the decoding is proved unique, and needed no guess.
A grid's grade is the easiest step set that decodes it (the hardest step it needs).
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


GRADES = ("easy", "medium", "hard")
FEW = 4                     # medium: entries this many words fit, a reader can list them
TRIALS = 40                 # two-way trials one decoding may spend (a grid that needs more
                            # is not called hard: it stalls)


def grade(entries: list[Entry], given: dict[int, str], letters: str,
          words: dict[tuple[int, ...], tuple[str, ...]]) -> str | None:
    """The easiest grade whose steps decode the whole grid, None when none does."""
    for level, name in enumerate(GRADES):
        if solved(decode(entries, given, letters, words, level)):
            return name
    return None


def decode(entries: list[Entry], given: dict[int, str], letters: str,
           words: dict[tuple[int, ...], tuple[str, ...]], level: int = 1) -> dict[int, set[str]]:
    """The letters each number may still be once propagation by the steps of GRADES[:level
    + 1] stops (`given`: number -> letter). Empty sets mean the givens contradict the list."""
    numbers = sorted({n for e in entries for n in e})
    free = set(letters) - set(given.values())         # a given letter is no other number
    domain = {n: {given[n]} if n in given else set(free) for n in numbers}
    if level == 0:
        return _one_word_fits(entries, domain, words)
    every_letter = len(numbers) == len(letters)
    masks = [_letter_masks(words.get(shape(e), ()))[1] or [{} for _ in e] for e in entries]
    fits = [_every(words.get(shape(e), ())) for e in entries]
    changed = list(numbers)
    trials = TRIALS
    while True:
        if not _crossing(entries, domain, masks, fits, changed, FEW if level == 1 else None):
            return domain
        if level < 2:
            return domain
        changed = _one_place(domain) if every_letter else []
        if not changed and trials > 0:
            changed, spent = _two_way(entries, domain, masks, fits, trials)
            trials -= spent
        if not changed:
            return domain


def _every(fitting: tuple[str, ...]) -> int:
    return (1 << len(fitting)) - 1


def _crossing(entries: list[Entry], domain: dict[int, set[str]], masks: list[list[dict[str, int]]],
              fits: list[int], changed: list[int], few: int | None = None) -> bool:
    """Crossing entries until they stall, from the numbers in `changed`: a number keeps the
    letters a fitting word of every entry through it allows (with `few`, only entries that
    that many words or fewer fit count). `fits[i]`: the words still fitting entry i, as bits
    of its shape's words; `masks[i]`: per position, letter -> the words holding it there
    (_letter_masks). False on a contradiction."""
    if any(not domain[n] for n in changed):
        return False
    through: dict[int, list[int]] = defaultdict(list)
    for i, entry in enumerate(entries):
        for n in set(entry):
            through[n].append(i)
    queue = sorted({i for n in changed for i in through[n]})
    queued = set(queue)
    while queue:
        i = queue.pop()
        queued.discard(i)
        entry, at = entries[i], masks[i]
        left = fits[i]
        for pos, n in enumerate(entry):
            if left:
                left &= _holding(at[pos], domain[n])
        fits[i] = left
        if few is not None and left.bit_count() > few:
            continue
        now = []
        for pos, n in enumerate(entry):
            allowed = {ch for ch in domain[n] if at[pos].get(ch, 0) & left}
            if len(allowed) < len(domain[n]):
                domain[n] = allowed
                now.append(n)
        now += _all_different(domain, now)
        for n in now:
            if not domain[n]:
                return False
            for j in through[n]:
                if j not in queued:
                    queue.append(j)
                    queued.add(j)
    return True


def _holding(at: dict[str, int], letters: set[str]) -> int:
    """The words with one of `letters` at a position (`at`: that position's masks)."""
    found = 0
    for ch in letters:
        found |= at.get(ch, 0)
    return found


def _two_way(entries: list[Entry], domain: dict[int, set[str]],
             masks: list[list[dict[str, int]]], fits: list[int],
             trials: int) -> tuple[list[int], int]:
    """The hard step: a number with two letters left, one of which (followed by crossing
    entries) leaves some entry no word, is the other. Returns the numbers changed and the
    trials spent (at most `trials`)."""
    spent = 0
    for n in sorted(domain):
        if len(domain[n]) != 2:
            continue
        for letter in sorted(domain[n]):
            if spent == trials:
                return [], spent
            spent += 1
            trial = {m: set(ls) for m, ls in domain.items()}
            trial[n] = {letter}
            if not _crossing(entries, trial, masks, list(fits),
                             [n] + _all_different(trial, [n])):
                domain[n].discard(letter)
                return [n] + _all_different(domain, [n]), spent
    return [], spent


def _one_word_fits(entries: list[Entry], domain: dict[int, set[str]],
                   words: dict[tuple[int, ...], tuple[str, ...]]) -> dict[int, set[str]]:
    """The easy step alone: only decided letters count; an entry one word fits decides it."""
    indexed = [_letter_masks(words.get(shape(e), ())) for e in entries]
    progress = True
    while progress:
        progress = False
        decided = {n: next(iter(ls)) for n, ls in domain.items() if len(ls) == 1}
        taken = set(decided.values())
        for entry, (fitting, masks) in zip(entries, indexed):
            if all(n in decided for n in entry):
                continue
            left = (1 << len(fitting)) - 1      # the words that still fit, as bits
            for pos, n in enumerate(entry):
                if n in decided:
                    left &= masks[pos].get(decided[n], 0)
                else:
                    for letter in taken:
                        left &= ~masks[pos].get(letter, 0)
                if not left:
                    break
            if left.bit_count() > 1:
                continue
            if not left:
                for n in entry:
                    domain[n] = set()
                return domain
            for ch, n in zip(fitting[left.bit_length() - 1], entry):
                domain[n] = {ch}
            progress = True
            break                  # the decided letters changed: filter again
    return domain


# The words of one shape with, per position, a bitmask of the words holding each letter
# there: the easy step filters thousands of words per entry at every decision, and a
# few ANDs of these masks do it at once. Keyed by the tuple's id (words_by_shape keeps
# its tuples alive); the tuple is kept beside the masks so the id cannot be reused.
_MASKS: dict[int, tuple[tuple[str, ...], list[dict[str, int]]]] = {}


def _letter_masks(fitting: tuple[str, ...]) -> tuple[tuple[str, ...], list[dict[str, int]]]:
    known = _MASKS.get(id(fitting))
    if known is not None and known[0] is fitting:
        return known
    masks: list[dict[str, int]] = [defaultdict(int) for _ in range(len(fitting[0]))] \
        if fitting else []
    for i, word in enumerate(fitting):
        for pos, ch in enumerate(word):
            masks[pos][ch] |= 1 << i
    if len(_MASKS) > 4096:
        _MASKS.clear()
    _MASKS[id(fitting)] = (fitting, [dict(m) for m in masks])
    return _MASKS[id(fitting)]


def _one_place(domain: dict[int, set[str]]) -> list[int]:
    """A letter only one undecided number can still be goes to it."""
    out: list[int] = []
    where: dict[str, list[int]] = defaultdict(list)
    for n, ls in domain.items():
        for letter in ls:
            where[letter].append(n)
    for letter, ns in where.items():
        if len(ns) == 1 and len(domain[ns[0]]) > 1:
            domain[ns[0]] = {letter}
            out.append(ns[0])
    return out + _all_different(domain, out)


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
