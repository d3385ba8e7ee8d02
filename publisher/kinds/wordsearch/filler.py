"""Filling a word search's free cells: natural-looking filler (no run of three equal
letters that no word put there, letters in the words' own proportions), the
exactly-once rule, and words that must not appear (the spec's `forbidden`, and the
bundled rude-word blocklist, forwards or backwards in every direction).

A blocklisted word may still read inside a puzzle word (PEACOCK holds COCK): the
list only constrains what filler letters and the crossings of different words spell."""
from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from functools import cache
from itertools import accumulate
from typing import Iterable

from ...data import data_dir
from ...words import grid_form, read_list_file
from .generator import BLOCK, Grid, line_index, place_elsewhere

AXES = ((0, 1), (1, 0), (1, 1), (1, -1))
RUN = 3               # filler never completes a run of this many equal letters


@cache
def blocklist(language: str) -> tuple[str, ...]:
    """The bundled rude words of `language` in grid form (accents kept and stripped),
    longest first; () when the language has no list."""
    path = data_dir("wordlists") / "blocklist" / f"{language}.txt"
    if not path.is_file():
        return ()
    forms = set()
    for text, _, _ in read_list_file(path):
        for policy in ("strip", "keep"):
            form = grid_form(text, language, policy)     # type: ignore[arg-type]
            if len(form) >= 2:
                forms.add(form)
    return tuple(sorted(forms, key=lambda w: (-len(w), w)))


def filler_weights(alphabet: str, answers: Iterable[str]) -> list[float]:
    """The words' own letter frequencies, with a small floor so that every letter of the
    alphabet can appear (a Spanish grid may show Ñ) without diluting the mix."""
    counts = Counter("".join(answers))
    total = sum(counts.values()) or 1
    floor = total / (20 * len(alphabet))
    return [counts.get(ch, 0) + floor for ch in alphabet]


def makes_run(cells: list, rows: int, cols: int, cell: int, letter: str) -> bool:
    """Would `letter` at `cell` complete a run of RUN equal letters in some line?"""
    r, c = divmod(cell, cols)
    for dr, dc in AXES:
        length = 1
        for sign in (1, -1):
            rr, cc = r + sign * dr, c + sign * dc
            while 0 <= rr < rows and 0 <= cc < cols and cells[rr * cols + cc] == letter:
                length += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        if length >= RUN:
            return True
    return False


class Filler:
    """Draws filler letters in the words' proportions, avoiding runs."""

    def __init__(self, alphabet: str, weights: list[float], rng: random.Random):
        self.alphabet, self.rng = alphabet, rng
        self.cumulative = list(accumulate(weights))

    def draw(self, cells: list, rows: int, cols: int, cell: int, exclude: str | None) -> str:
        letter = ""
        for _ in range(30):      # a few tries; a run-free letter almost always comes first
            letter = self.alphabet[bisect(self.cumulative,
                                          self.rng.random() * self.cumulative[-1])]
            if letter != exclude and not makes_run(cells, rows, cols, cell, letter):
                return letter
        return letter


def fill_and_verify(grid: Grid, forbidden: list[str], blocked: Iterable[str], alphabet: str,
                    weights: list[float], rng: random.Random, message: str = "",
                    rounds: int = 400, stuck: list | None = None) -> list[str] | None:
    """Fill the free cells so every placed word appears exactly once and no forbidden
    or blocked word appears (blocked words may read inside one puzzle word). With a
    `message`, its letters take the free cells in reading order and nothing is drawn.
    Returns the letters ("" outside a shape), or None when this placement cannot work;
    then `stuck` (if given) receives the cells of an occurrence no filler can change."""
    rows, cols = grid.rows, grid.cols
    free = [i for i, letter in enumerate(grid.cells) if letter is None]
    cells: list = list(grid.cells)
    redraw = set() if message else set(free)
    filler = Filler(alphabet, weights, rng)
    if message:
        if len(message) != len(free):
            return None
        for cell, letter in zip(free, message):
            cells[cell] = letter
    else:
        for cell in rng.sample(free, len(free)):
            cells[cell] = filler.draw(cells, rows, cols, cell, None)
    index = line_index(rows, cols)
    own = {grid.path(word, start, d): word for word, (start, d) in grid.placed.items()}
    targets = [(grid.answers[w], w) for w in sorted(grid.placed)] + [(w, -1) for w in forbidden]
    owners = grid.owners
    blocked = [w for w in blocked if w not in forbidden]
    for _ in range(rounds):
        text = index.text(cells)
        bad_paths = []
        for word, word_index in targets:
            for path in index.occurrences(text, word):
                if own.get(path) != word_index or word_index < 0:
                    bad_paths.append(path)
        for word in blocked:
            if word not in text and word[::-1] not in text:
                continue
            for path in index.occurrences(text, word):
                # Inside one puzzle word: the word's own letters, allowed.
                if not set(owners[path[0]]).intersection(*(owners[c] for c in path[1:])):
                    bad_paths.append(path)
        if not bad_paths:
            return ["" if letter == BLOCK else letter for letter in cells]
        for path in bad_paths:
            choices = [cell for cell in path if cell in redraw]
            if not choices:
                if stuck is not None:
                    stuck.append(path)
                return None
            cell = rng.choice(choices)
            cells[cell] = filler.draw(cells, rows, cols, cell, exclude=cells[cell])
    return None


def fill_with_repairs(grid: Grid, forbidden: list[str], blocked: Iterable[str], alphabet: str,
                      weights: list[float], rng: random.Random, directions: list[int],
                      message: str = "", repairs: int = 20) -> list[str] | None:
    """fill_and_verify; when words' own letters spell something no filler can change (a
    rude word across two words, a word twice), move one of those words elsewhere and
    fill again, at most `repairs` times; the last repairs only take the word out (it is
    reported unplaced), which always ends. With a message nothing moves (the free cells
    must stay as they are)."""
    for attempt in range(repairs):
        stuck: list = []
        letters = fill_and_verify(grid, forbidden, blocked, alphabet, weights, rng, message,
                                  stuck=stuck)
        if letters is not None or not stuck or message:
            return letters
        culprits = sorted({word for cell in stuck[0] for word in grid.owners[cell]})
        if not culprits:
            return None
        word = rng.choice(culprits)
        before = grid.placed[word]
        grid.remove(word)
        if attempt < repairs // 2:            # may stay unplaced
            place_elsewhere(grid, word, directions, rng, before,
                            min(200, 5 * len(grid.answers)))
    return None
