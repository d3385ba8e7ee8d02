"""Making one codeword: a blocked grid filled with common words, letters missing from it
pinned into cells where common words take them and the grid filled again, then numbers
dealt at random and the fewest-tried givens that let propagation decode the whole grid."""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...grids.blocked.fill import FillFailed, fill_grid
from ...grids.blocked.grid import BLOCK, Grid, slots
from ...grids.blocked.polish import polish
from ...grids.blocked.words import WordIndex, read_fill_list
from ...words import cell_form, not_common_words
from .lattice import lattice
from .solve import GRADES, decode, solved, words_by_shape

COMMON = 70                 # fill only with words scored this or more: common words
FILL_STEPS_PER_CELL = 40    # the fill's budget, as the blocked crossword's
POLISH_STEPS_PER_CELL = 10  # a little polish: commoner words where it is cheap
PIN_ROUNDS = 8              # rounds pinning the letters the last fill lacked
PIN_TRIES = 6               # cells drawn for one letter while its pin leaves no fill
FREQUENT = 12               # givens are drawn from the grid's commonest letters first
GIVEN_TRIES = 60            # choices of given letters tried before giving a fill up
FILLS = 3                   # fills tried for one candidate before it is refused
# A letter common words hold in fewer places than this (Spanish W: WEB, WATTS; Italian J):
# its words may come back in a book's later codewords, lest they lack the letter
RARE_LETTER = 100


class CodewordFailed(RuntimeError):
    """This candidate could not be made (no fill, or no givens decode it)."""


@dataclass(frozen=True)
class Codeword:
    solution: list[list[str | None]]
    numbers: list[list[int | None]]
    key: dict[str, int]
    givens: list[str]
    missing: list[str]           # letters of the alphabet the grid lacks


@lru_cache(maxsize=4)
def common_index(path: str, stamp: float, language: str) -> WordIndex:
    """The fill list's words scored COMMON or more, less the names, foreign and rude words."""
    barred = {cell_form(word, language) for word in not_common_words(language)}
    words = read_fill_list(Path(path), cells_of=language)
    return WordIndex({w: s for w, s in words.items() if w not in barred}, COMMON)


def _fill(grid: Grid, index: WordIndex, rng: random.Random) -> Grid:
    """A fill as found (the grid kept in the end is polished: _polished)."""
    return fill_grid(grid, index, seed=rng.randrange(2**31),
                     max_steps=FILL_STEPS_PER_CELL * len(grid) * len(grid[0]),
                     polish_steps=0).grid


def _polished(pinned: Grid, filled: Grid, alphabet: str, index: WordIndex,
              rng: random.Random) -> Grid:
    """`filled` with commoner words where it is cheap, the pinned letters kept; as it was
    when the polish would lose a letter."""
    entries = slots(pinned)
    words = ["".join(filled[r][c] for r, c in entry.cells) for entry in entries]
    better, _ = polish(pinned, entries, words, index, rng,
                       POLISH_STEPS_PER_CELL * len(filled) * len(filled[0]))
    rows = [list(row) for row in filled]
    for entry, word in zip(entries, better):
        for (r, c), letter in zip(entry.cells, word):
            rows[r][c] = letter
    out = tuple("".join(row) for row in rows)
    return out if len(_lacking(out, alphabet)) <= len(_lacking(filled, alphabet)) else filled


def _pin_cell(at: dict[tuple[int, int], list[tuple[int, int, int]]], pins: set[tuple[int, int]],
              letter: str, index: WordIndex, rng: random.Random) -> tuple[int, int] | None:
    """A cell for `letter` in an entry holding no pin (nor a refused one) yet: drawn at
    random, weighted by the share of the common words of its entries that could take the
    letter there (an unchecked cell, in one entry only, is the easiest). None when no
    common word can."""
    pinned = {i for cell in pins for i, _, _ in at[cell]}
    rooms: list[tuple[float, tuple[int, int]]] = []
    for cell, places in at.items():
        if any(i in pinned for i, _, _ in places):
            continue
        room = 1.0
        for _, length, pos in places:
            room *= index.letter_mask(length, pos, letter).bit_count() / len(
                index.words.get(length, "x"))
        if room > 0:
            rooms.append((room, cell))
    if not rooms:
        return None
    return rng.choices([cell for _, cell in rooms], weights=[room for room, _ in rooms])[0]


def _places(grid: Grid) -> dict[tuple[int, int], list[tuple[int, int, int]]]:
    """cell -> (slot index, slot length, position) of the entries through it."""
    at: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for i, slot in enumerate(slots(grid)):
        for pos, cell in enumerate(slot.cells):
            at.setdefault(cell, []).append((i, slot.length, pos))
    return at


def fill_every_letter(size: int, alphabet: str, index: WordIndex,
                      rng: random.Random) -> tuple[Grid, list[str]]:
    """A filled grid holding every letter of the alphabet the pins could place, and the
    letters it still lacks. A plain fill lacks the rare letters; each one it lacks is pinned
    into a cell of an entry (one pin an entry, the cell drawn at random where common words
    can take the letter) and the whole grid filled again around the pins so far. A refill
    may lose a letter the grid held by chance: the next round pins that one too."""
    empty = lattice(size, rng)
    at = _places(empty)
    pins: dict[tuple[int, int], str] = {}
    try:
        filled = _fill(empty, index, rng)
    except FillFailed as exc:
        raise CodewordFailed(str(exc)) from None
    best, best_pins = filled, dict(pins)
    for _ in range(PIN_ROUNDS):
        # the rarest letter first, while the grid has the most room for it
        lacking = sorted(_lacking(filled, alphabet), key=lambda ch: _words_with(index, ch))
        if not lacking:
            break
        placed = len(pins)
        for letter in lacking:
            if letter not in "".join(filled):      # a refill may have placed it
                filled = _pin(empty, pins, letter, filled, at, index, rng)
            if len(_lacking(filled, alphabet)) < len(_lacking(best, alphabet)):
                best, best_pins = filled, dict(pins)
        if len(pins) == placed:
            break                                  # no room left for any letter lacking
    best = _polished(_pinned(empty, best_pins), best, alphabet, index, rng)
    return best, _lacking(best, alphabet)


def _words_with(index: WordIndex, letter: str) -> int:
    """How often the common words hold `letter` (counting each place it can take)."""
    return sum(index.letter_mask(length, pos, letter).bit_count()
               for length in index.words for pos in range(length))


def _pin(empty: Grid, pins: dict[tuple[int, int], str], letter: str, filled: Grid,
         at: dict[tuple[int, int], list[tuple[int, int, int]]], index: WordIndex,
         rng: random.Random) -> Grid:
    """The grid filled again with `letter` pinned too (added to `pins`), or `filled` as it
    was when PIN_TRIES cells leave no fill."""
    refused: set[tuple[int, int]] = set()
    for _ in range(PIN_TRIES):
        cell = _pin_cell(at, set(pins) | refused, letter, index, rng)
        if cell is None:
            break
        try:
            refilled = _fill(_pinned(empty, pins | {cell: letter}), index, rng)
        except FillFailed:
            refused.add(cell)
            continue
        pins[cell] = letter
        return refilled
    return filled


def _pinned(grid: Grid, pins: dict[tuple[int, int], str]) -> Grid:
    rows = [list(row) for row in grid]
    for (r, c), letter in pins.items():
        rows[r][c] = letter
    return tuple("".join(row) for row in rows)


def _lacking(filled: Grid, alphabet: str) -> list[str]:
    present = set("".join(filled))
    return [ch for ch in alphabet if ch not in present]


def entries_of(numbers: list[list[int | None]]) -> list[tuple[int, ...]]:
    """Runs of two or more white cells, across then down, as their numbers."""
    out = []
    for lines in (numbers, [list(col) for col in zip(*numbers)]):
        for line in lines:
            run: list[int] = []
            for n in line + [None]:
                if n is None:
                    if len(run) >= 2:
                        out.append(tuple(run))
                    run = []
                else:
                    run.append(n)
    return out


def _given_choices(filled: Grid, used: list[str], givens: int, alphabet: str,
                   rng: random.Random) -> list[list[str]]:
    """GIVEN_TRIES sets of letters to reveal, commonest letters of the grid first: a letter in
    many cells tells most."""
    text = "".join(filled)
    common = sorted(used, key=lambda ch: (-text.count(ch), rng.random()))[:FREQUENT]
    out = [sorted(pick, key=alphabet.index)
           for pick in itertools.combinations(common, min(givens, len(common)))]
    rng.shuffle(out)
    while len(out) < GIVEN_TRIES:
        out.append(sorted(rng.sample(used, givens), key=alphabet.index))
    return out[:GIVEN_TRIES][::-1]        # popped from the end: the first choice last


def make_codeword(size: int, givens: int, alphabet: str, fill_path: str, seed: int,
                  language: str = "en", grade: str = "easy",
                  avoid: frozenset[str] = frozenset()) -> Codeword:
    """A codeword whose `givens` letters decode it by the steps of `grade` and no easier
    ones (solve.GRADES). A small grid is often ambiguous from a few letters whichever are
    given (two fill-list words differ in unchecked cells), so a fill no givens settle is
    replaced by another, FILLS in all; no entry is a word of `avoid` (the decoding still
    reads the whole list) but those that place a rare letter. Raises CodewordFailed when
    none is settled."""
    rng = random.Random(seed)
    stamp = Path(fill_path).stat().st_mtime
    index = common_index(fill_path, stamp, language)
    rare = {ch for ch in alphabet if _words_with(index, ch) < RARE_LETTER}
    avoid = frozenset(word for word in avoid if not rare & set(word))
    if avoid:
        index = index.without(avoid)
    words = words_by_shape(fill_path, stamp, language)
    for _ in range(FILLS):
        filled, missing = fill_every_letter(size, alphabet, index, rng)
        used = [ch for ch in alphabet if ch in "".join(filled)]
        dealt = rng.sample(range(1, len(used) + 1), len(used))
        key = dict(zip(used, dealt))
        numbers = [[None if ch == BLOCK else key[ch] for ch in row] for row in filled]
        chosen = _settling_givens(filled, numbers, key, givens, alphabet, words,
                                  GRADES.index(grade), rng)
        if chosen is not None:
            solution = [[None if ch == BLOCK else ch for ch in row] for row in filled]
            return Codeword(solution, numbers, key, chosen, missing)
    raise CodewordFailed(f"no {givens} given letters decode a {size}x{size} grid at {grade} "
                         f"in {FILLS} fills")


def _settling_givens(filled: Grid, numbers: list[list[int | None]], key: dict[str, int],
                     givens: int, alphabet: str, words: dict[tuple[int, ...], tuple[str, ...]],
                     level: int, rng: random.Random) -> list[str] | None:
    """Letters whose reveal decodes the grid by the steps up to GRADES[level], needing
    that level's step; None when GIVEN_TRIES choices fail."""
    entries = entries_of(numbers)
    used = list(key)
    answer = {n: ch for ch, n in key.items()}
    choices = _given_choices(filled, used, givens, alphabet, rng)
    tried: set[tuple[str, ...]] = set()
    while choices and len(tried) < GIVEN_TRIES:
        chosen = choices.pop()
        if tuple(chosen) in tried:
            continue
        tried.add(tuple(chosen))
        given = {key[ch]: ch for ch in chosen}
        if level and solved(decode(entries, given, alphabet, words, level - 1)):
            continue                       # easier than asked
        domain = decode(entries, given, alphabet, words, level)
        if solved(domain) != answer:
            # the ambiguity sits in a few letters: try next one of them in place of a given
            open_letters = [answer[n] for n, ls in sorted(domain.items()) if len(ls) > 1]
            if open_letters:
                swapped = set(chosen) - {rng.choice(chosen)} | {rng.choice(open_letters)}
                if len(swapped) == len(chosen):
                    choices.append(sorted(swapped, key=alphabet.index))
            continue
        return chosen
    return None
