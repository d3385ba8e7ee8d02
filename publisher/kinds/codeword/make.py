"""Making one codeword: a blocked grid filled with common words, letters missing from it
pinned into the cells that suit them best and the grid filled again, then numbers dealt at
random and the fewest-tried givens that let propagation decode the whole grid."""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...grids.blocked.fill import FillFailed, fill_grid
from ...grids.blocked.grid import BLOCK, EMPTY, Grid, slots
from ...grids.blocked.words import WordIndex, read_fill_list
from .lattice import lattice
from .solve import GRADES, decode, solved, words_by_shape

COMMON = 70                 # fill only with words scored this or more: common words
FILL_STEPS_PER_CELL = 40    # the fill's budget, as the blocked crossword's
POLISH_STEPS_PER_CELL = 10  # a little polish: commoner words where it is cheap
PIN_CELLS = 6               # cells tried for each letter the grid lacks
PIN_PASSES = 2              # rounds over the letters the grid lacks
REPAIR_STEPS = 400          # fill budget of one repair (a few entries)
FREQUENT = 12               # givens are drawn from the grid's commonest letters first
GIVEN_TRIES = 60            # choices of given letters tried before giving a fill up
FILLS = 3                   # fills tried for one candidate before it is refused


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
    return WordIndex(read_fill_list(Path(path), cells_of=language), COMMON)


def _fill(grid: Grid, index: WordIndex, rng: random.Random) -> Grid:
    cells = len(grid) * len(grid[0])
    return fill_grid(grid, index, seed=rng.randrange(2**31),
                     max_steps=FILL_STEPS_PER_CELL * cells,
                     polish_steps=POLISH_STEPS_PER_CELL * cells).grid


def _places(grid: Grid) -> dict[tuple[int, int], list[tuple[int, int, int]]]:
    """cell -> (slot index, slot length, position) of the entries through it."""
    at: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for i, slot in enumerate(slots(grid)):
        for pos, cell in enumerate(slot.cells):
            at.setdefault(cell, []).append((i, slot.length, pos))
    return at


def _best_cells(grid: Grid, letter: str, index: WordIndex, keep: set[tuple[int, int]],
                rng: random.Random) -> list[tuple[int, int]]:
    """Free cells best first: where the largest share of words of its entries could take
    `letter` (an unchecked cell, in one entry only, is the easiest)."""
    rooms = []
    for cell, places in sorted(_places(grid).items()):
        if cell in keep:
            continue
        room = 1.0
        for _, length, pos in places:
            room *= index.letter_mask(length, pos, letter).bit_count() / len(
                index.words.get(length, "x"))
        rooms.append((room * (1 + rng.random()), cell))   # seeded variety between candidates
    return [cell for room, cell in sorted(rooms, reverse=True) if room > 0][:PIN_CELLS]


def _refill_around(filled: Grid, cell: tuple[int, int], letter: str, keep: set[tuple[int, int]],
                   index: WordIndex, rng: random.Random) -> Grid:
    """`letter` pinned at `cell`; the entries through it and those crossing them filled
    again, every other letter (and every kept one) as it was. Raises FillFailed."""
    grid = slots(filled)
    at = _places(filled)
    window: set[int] = {i for i, _, _ in at[cell]}
    for i in list(window):
        window |= {j for c in grid[i].cells for j, _, _ in at[c]}
    cleared = {c for i in window for c in grid[i].cells} - keep
    rows = [list(row) for row in filled]
    for r, c in cleared:
        rows[r][c] = EMPTY
    rows[cell[0]][cell[1]] = letter
    return fill_grid(tuple("".join(row) for row in rows), index, seed=rng.randrange(2**31),
                     max_steps=REPAIR_STEPS, polish_steps=0).grid


def fill_every_letter(size: int, alphabet: str, index: WordIndex,
                      rng: random.Random) -> tuple[Grid, list[str]]:
    """A filled grid holding every letter of the alphabet the repairs could place, and the
    letters it still lacks."""
    try:
        filled = _fill(lattice(size, rng), index, rng)
    except FillFailed as exc:
        raise CodewordFailed(str(exc)) from None
    keep: set[tuple[int, int]] = set()
    # twice over: a repair may push out a letter that was there by chance, and a letter
    # that found no room may find it once others moved
    for letter in _lacking(filled, alphabet) * PIN_PASSES:
        if letter in "".join(filled):
            continue                      # a repair placed it already
        for cell in _best_cells(filled, letter, index, keep, rng):
            try:
                refilled = _refill_around(filled, cell, letter, keep, index, rng)
            except FillFailed:
                continue
            if len(_lacking(refilled, alphabet)) < len(_lacking(filled, alphabet)):
                filled = refilled         # kept only when the grid gained a letter
                keep.add(cell)
                break
    return filled, _lacking(filled, alphabet)


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
                  language: str = "en", grade: str = "easy") -> Codeword:
    """A codeword whose `givens` letters decode it by the steps of `grade` and no easier
    ones (solve.GRADES). A small grid is often ambiguous from a few letters whichever are
    given (two fill-list words differ in unchecked cells), so a fill no givens settle is
    replaced by another, FILLS in all. Raises CodewordFailed when none is settled."""
    rng = random.Random(seed)
    stamp = Path(fill_path).stat().st_mtime
    index = common_index(fill_path, stamp, language)
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
