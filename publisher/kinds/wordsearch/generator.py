"""Word-search placement, filler and the exactly-once rule.

Placement: longest words first; each word takes the legal position with the most
crossings (or, on a sparse board, often a random one so words spread out).
Words left over start a large-neighbourhood search: clear a small patch of the
board and put the words back, a counted number of times. A shaped grid marks the
cells outside its shape BLOCK, which no letter matches. The filler (filler.py)
then fills what is left; message.py steers placement for a hidden message."""
from __future__ import annotations

import math
import operator
import random
import re
from typing import Sequence
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

# Reverse of direction d is (d + 4) % 8; the axis of d is d % 4.
DIRECTIONS = (("E", 0, 1), ("S", 1, 0), ("SE", 1, 1), ("SW", 1, -1),
              ("W", 0, -1), ("N", -1, 0), ("NW", -1, -1), ("NE", -1, 1))
DIRECTION_INDEX = {name: i for i, (name, _, _) in enumerate(DIRECTIONS)}
DIFFICULTY_DIRECTIONS = {
    "easy": ("E", "S"),
    "medium": ("E", "S", "SE", "SW"),
    "hard": tuple(name for name, _, _ in DIRECTIONS),
}


@dataclass(frozen=True)
class Placement:
    word: int            # index into the puzzle's word list
    row: int
    col: int
    direction: int       # index into DIRECTIONS


@cache
def path_table(rows: int, cols: int, length: int, direction: int) -> tuple:
    """start cell -> the cells of a word of `length` from there, or None if it leaves."""
    _, dr, dc = DIRECTIONS[direction]
    step = dr * cols + dc
    table = []
    for row in range(rows):
        for col in range(cols):
            end_r, end_c = row + dr * (length - 1), col + dc * (length - 1)
            inside = 0 <= end_r < rows and 0 <= end_c < cols
            start = row * cols + col
            table.append(tuple(start + k * step for k in range(length)) if inside else None)
    return tuple(table)


BLOCK = "#"


class Grid:
    """The board under construction. Words may share a cell only on equal letters
    and on different axes (no overlaid or run-on words)."""

    def __init__(self, rows: int, cols: int, answers: list[str], mask: Sequence[str] = (),
                 banned: Sequence[str] = ()):
        self.rows, self.cols, self.answers = rows, cols, answers
        self.banned = tuple(banned)    # words the words' own letters should not spell
        self.mask = tuple(mask)
        # BLOCK marks a cell outside the shape: no letter matches it, so no word goes there.
        self.cells: list[str | None] = ([None] * (rows * cols) if not mask else
                                        [None if ch == "#" else BLOCK for row in mask
                                         for ch in row])
        self.axes = [0] * (rows * cols)
        self.owners: list[list[int]] = [[] for _ in range(rows * cols)]
        # The board's lines as text (see LineIndex), kept up to date cell by cell.
        self.index = line_index(rows, cols)
        self.chars = list(self.index.text(self.cells))
        self.placed: dict[int, tuple[int, int]] = {}        # word -> (start, direction)

    def path(self, word: int, start: int, direction: int) -> tuple:
        return path_table(self.rows, self.cols, len(self.answers[word]), direction)[start]

    def crossings(self, word: int, cells: tuple, direction: int) -> int:
        """Shared cells if the word fits on `cells`, else -1."""
        axis_bit = 1 << (direction % 4)
        shared = 0
        grid, axes = self.cells, self.axes
        for letter, cell in zip(self.answers[word], cells):
            current = grid[cell]
            if current is None:
                continue
            if current != letter or axes[cell] & axis_bit:
                return -1
            shared += 1
        return shared

    def put(self, word: int, start: int, direction: int) -> None:
        axis_bit = 1 << (direction % 4)
        for letter, cell in zip(self.answers[word], self.path(word, start, direction)):
            if self.cells[cell] is None:
                self.cells[cell] = letter
                for position in self.index.cell_positions[cell]:
                    self.chars[position] = letter
            self.axes[cell] |= axis_bit
            self.owners[cell].append(word)
        self.placed[word] = (start, direction)

    def remove(self, word: int) -> None:
        start, direction = self.placed.pop(word)
        axis_bit = 1 << (direction % 4)
        for cell in self.path(word, start, direction):
            self.owners[cell].remove(word)
            self.axes[cell] &= ~axis_bit
            if not self.owners[cell]:
                self.cells[cell] = None
                for position in self.index.cell_positions[cell]:
                    self.chars[position] = "."

    def text(self) -> str:
        """LineIndex.text of the board as it stands."""
        return "".join(self.chars)

    def placements(self) -> list[Placement]:
        return [Placement(w, *divmod(start, self.cols), d)
                for w, (start, d) in sorted(self.placed.items())]

    def crossing_count(self) -> int:
        return sum(len(o) - 1 for o in self.owners if len(o) > 1)

    def banned_path(self) -> tuple[int, ...] | None:
        """The cells where the placed letters spell a banned word (forwards or
        backwards) other than inside one placed word; no filler can change that."""
        text = self.text()
        owners = self.owners
        for word in self.banned:
            if word not in text and word[::-1] not in text:
                continue
            for path in self.index.occurrences(text, word):
                if not set(owners[path[0]]).intersection(*(owners[c] for c in path[1:])):
                    return path
        return None

    def quality(self, banned_path: tuple[int, ...] | None) -> tuple[int, int]:
        """(words placed, crossings), one word fewer if the letters spell a banned word."""
        return len(self.placed) - (banned_path is not None), self.crossing_count()


STALL_SHARE = 2   # stop after steps // STALL_SHARE steps without one more placed word
DRIFT = 0.1       # chance to keep a rebuild that places as many words with fewer crossings
TRIED = 8         # left-over words a step tries to put back (beside the ones it cleared)
ORDER_JITTER = 3  # put-back order: longest first, loosely (letters of length per unit)


def place_words(answers: list[str], rows: int, cols: int, directions: list[int],
                rng: random.Random, effort: int, mask: Sequence[str] = (),
                banned: Sequence[str] = ()) -> Grid:
    """Place as many words as possible, then as many crossings.

    Greedy first (longest words first, each where it crosses most); then, while
    words are left over, a large-neighbourhood search (_rebuild_patches) for at
    most `effort` steps (counted, so the result is reproducible). `banned`: words
    (grid form) the filler must keep out, which the words' crossings should not spell."""
    grid = Grid(rows, cols, answers, mask, banned)
    letters = sum(map(len, answers))
    dense = letters > 0.6 * grid.cells.count(None)
    order = sorted(range(len(answers)), key=lambda i: (-len(answers[i]), rng.random()))
    waiting = [word for word in order if not _place_one(grid, word, directions, rng, dense)]
    if (waiting or grid.banned_path()) and effort > 0:
        _rebuild_patches(grid, directions, rng, effort)
    return grid


def _rebuild_patches(grid: Grid, directions: list[int], rng: random.Random, steps: int) -> None:
    """Each step clears the words through a small square patch of the board and puts
    them back with the left-over words (at most TRIED of those), loosely longest
    first, each where it crosses most.
    A step is kept when it places more words, or as many with at least as many
    crossings (now and then fewer, so the search can walk); otherwise undone. The
    best board seen (Grid.quality) is left on `grid`. Crossings matter: each one
    frees a cell."""
    count = len(grid.answers)
    cells = [i for i, letter in enumerate(grid.cells) if letter != BLOCK]
    current = (len(grid.placed), grid.crossing_count())
    trouble = grid.banned_path()          # clear around it first
    best, best_placed = grid.quality(trouble), dict(grid.placed)
    since_gain = 0
    for _ in range(steps):
        if best[0] == count or since_gain >= steps // STALL_SHARE:     # done, or stalled
            break
        since_gain += 1
        centre = rng.choice(trouble or cells)
        removed = {word: grid.placed[word] for word in _patch_words(grid, centre, rng)}
        waiting = [w for w in range(count) if w not in grid.placed]
        if len(waiting) > TRIED:            # a hopeless list: a step tries a few of them
            waiting = rng.sample(waiting, TRIED)
        for word in removed:
            grid.remove(word)
        left = [w for w in range(count) if w in removed or w in waiting]
        left.sort(key=lambda w: -len(grid.answers[w]) + rng.random() * ORDER_JITTER)
        added = [w for w in left if _put_best(grid, w, fitting_positions(grid, w, directions),
                                                 rng)]
        after = (len(grid.placed), grid.crossing_count())
        if after >= current or (after[0] == current[0] and rng.random() < DRIFT):
            current = after
            # The walk counts raw words; the best board also pays for a banned word.
            if after > best:
                trouble = grid.banned_path()
                if (quality := grid.quality(trouble)) > best:
                    if quality[0] > best[0]:
                        since_gain = 0
                    best, best_placed = quality, dict(grid.placed)
            continue
        for word in added:
            grid.remove(word)
        for word, (start, direction) in removed.items():
            grid.put(word, start, direction)
    if grid.placed != best_placed:
        for word in list(grid.placed):
            grid.remove(word)
        for word, (start, direction) in best_placed.items():
            grid.put(word, start, direction)


def _patch_words(grid: Grid, centre: int, rng: random.Random) -> set[int]:
    """The placed words through the square around `centre` (radius 1, sometimes 2)."""
    radius = rng.choice((1, 1, 2))
    row, col = divmod(centre, grid.cols)
    words: set[int] = set()
    for r in range(max(0, row - radius), min(grid.rows, row + radius + 1)):
        for c in range(max(0, col - radius), min(grid.cols, col + radius + 1)):
            words.update(grid.owners[r * grid.cols + c])
    return words


def _place_one(grid: Grid, word: int, directions: list[int], rng: random.Random,
               dense: bool) -> bool:
    """Put `word` where it crosses most (on a sparse board, half the time anywhere
    it fits, so words spread out). False if it fits nowhere."""
    if dense or rng.random() < 0.5:
        if _put_best(grid, word, fitting_positions(grid, word, directions, crossing=True), rng):
            return True
    size = grid.rows * grid.cols
    for _ in range(40):   # a few random tries are cheap and usually enough
        d = rng.choice(directions)
        start = rng.randrange(size)
        cells = grid.path(word, start, d)
        if cells is not None and grid.crossings(word, cells, d) >= 0:
            grid.put(word, start, d)
            return True
    return _put_best(grid, word, fitting_positions(grid, word, directions), rng)


def _put_best(grid: Grid, word: int, options: list[tuple[int, int, int]],
              rng: random.Random) -> bool:
    if not options:
        return False
    _, start, d = max((shared + rng.random() * 0.9, start, d) for shared, start, d in options)
    grid.put(word, start, d)
    return True


@cache
def _fit_pattern(answer: str, crossing: bool) -> re.Pattern:
    # A lookahead, so overlapping positions are all found; "." is an empty cell.
    # With `crossing`, all-empty stretches are skipped in C, not in Python.
    cells = "".join(f"[{re.escape(ch)}.]" for ch in answer)
    skip_empty = f"(?!\\.{{{len(answer)}}})" if crossing else ""
    return re.compile(f"(?={skip_empty}({cells}))")


def fitting_positions(grid: Grid, word: int, directions: list[int], crossing: bool = False
                      ) -> list[tuple[int, int, int]]:
    """(crossings, start, direction) of every legal position of `word` (with
    `crossing`, only those that share a letter with a placed word)."""
    index = grid.index
    text = grid.text()
    answer = grid.answers[word]
    allowed = set(directions)
    found = []
    for probe, backwards in ((answer, False), (answer[::-1], True)):
        for match in _fit_pattern(probe, crossing).finditer(text):
            position = match.start()
            d = index.axis[position] + (4 if backwards else 0)
            if d not in allowed:
                continue
            start = index.position_cell[position + (len(answer) - 1 if backwards else 0)]
            shared = len(answer) - match.group(1).count(".")
            # Letters already match; only a shared cell can clash on its axis.
            if shared and grid.crossings(word, grid.path(word, start, d), d) < 0:
                continue
            found.append((shared, start, d))
    return found


def place_elsewhere(grid: Grid, word: int, directions: list[int], rng: random.Random,
                    avoid: tuple[int, int], steps: int) -> None:
    """Put `word` back where it crosses most but not at `avoid` (start, direction),
    where its letters made trouble; if it fits nowhere else, rebuild patches for
    `steps` steps (moving other words), which may leave it out."""
    options = [o for o in fitting_positions(grid, word, directions) if o[1:] != avoid]
    if not _put_best(grid, word, options, rng) and steps > 0:
        _rebuild_patches(grid, directions, rng, steps)


# --- the exactly-once rule and filler ----------------------------------------------

@cache
def line_index(rows: int, cols: int) -> "LineIndex":
    return LineIndex(rows, cols)


class LineIndex:
    """Every line of the grid in the four axes, joined into one string with
    separators, so a word is found everywhere with a few str.find calls."""

    def __init__(self, rows: int, cols: int):
        lines: list[list[int]] = []
        lines += [[r * cols + c for c in range(cols)] for r in range(rows)]
        lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
        for start in range(-(cols - 1), rows):           # SE diagonals
            lines.append([r * cols + (r - start) for r in range(rows) if 0 <= r - start < cols])
        for total in range(rows + cols - 1):             # SW diagonals
            lines.append([r * cols + (total - r) for r in range(rows) if 0 <= total - r < cols])
        axes = [0] * rows + [1] * cols + [2] * (rows + cols - 1) + [3] * (rows + cols - 1)
        self.position_cell: list[int] = []
        self.axis: list[int] = []
        self.cell_positions: list[list[int]] = [[] for _ in range(rows * cols)]
        for line, axis in zip(lines, axes):
            for cell in line:
                self.cell_positions[cell].append(len(self.position_cell))
                self.position_cell.append(cell)
            self.position_cell.append(-1)
            self.axis.extend([axis] * (len(line) + 1))
        # One C-level gather instead of a Python loop per cell (text() is hot).
        self._pick = operator.itemgetter(*self.position_cell)

    def text(self, cells: Sequence[str | None]) -> str:
        """The lines as one string: "|" between lines, "." for an empty cell."""
        letters = [letter or "." for letter in cells]
        letters.append("|")                 # position -1: the separator
        return "".join(self._pick(letters))

    def occurrences(self, text: str, word: str) -> list[tuple[int, ...]]:
        """Cell paths where `word` reads forwards or backwards (overlaps included)."""
        found = []
        for probe, backwards in ((word, False), (word[::-1], True)):
            if backwards and probe == word:
                # A palindrome read backwards is the same path: count it once.
                continue
            start = text.find(probe)
            while start >= 0:
                cells = tuple(self.position_cell[start:start + len(word)])
                found.append(cells[::-1] if backwards else cells)
                start = text.find(probe, start + 1)
        return found


def direction_entropy(used: list[int], allowed: int) -> float:
    """Evenness of the directions used, 0..1 (1: all allowed directions equally)."""
    if allowed <= 1 or not used:
        return 0.0
    counts: defaultdict[int, int] = defaultdict(int)
    for d in used:
        counts[d] += 1
    n = len(used)
    entropy = -sum(k / n * math.log(k / n) for k in counts.values())
    return entropy / math.log(allowed)


def balance(grid: Grid) -> float:
    """How evenly word letters cover the board's nine regions, 0..1 (as a share of
    each region's cells, so a shaped board is not penalised for its holes)."""
    covered, cells = [0] * 9, [0] * 9
    for i, letter in enumerate(grid.cells):
        if letter == BLOCK:
            continue
        r, c = divmod(i, grid.cols)
        region = (r * 3 // grid.rows) * 3 + c * 3 // grid.cols
        cells[region] += 1
        covered[region] += letter is not None
    shares = [k / n for k, n in zip(covered, cells) if n]
    highest = max(shares, default=0.0)
    return min(shares) / highest if highest else 0.0
