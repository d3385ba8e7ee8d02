"""Word-search placement, filler and the exactly-once rule.

Placement: longest words first; each word takes the legal position with the most
crossings (or, on a sparse board, often a random one so words spread out).
Words that fail are moved to the front and the board is rebuilt ("squeaky
wheel" restarts), a counted number of times. Then the filler is drawn from the
puzzle's alphabet and redrawn wherever a word (or a forbidden word) would appear
a second time."""
from __future__ import annotations

import math
import random
from bisect import bisect
from collections import defaultdict
from dataclasses import dataclass
from itertools import accumulate

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


class Grid:
    """The board under construction: letters, and which axes cross each cell."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.cells: list[str | None] = [None] * (rows * cols)
        self.axes = [0] * (rows * cols)
        self.by_letter: dict[str, list[int]] = defaultdict(list)

    def path(self, row: int, col: int, direction: int, length: int) -> list[int] | None:
        _, dr, dc = DIRECTIONS[direction]
        end_r, end_c = row + dr * (length - 1), col + dc * (length - 1)
        if not (0 <= row < self.rows and 0 <= col < self.cols
                and 0 <= end_r < self.rows and 0 <= end_c < self.cols):
            return None
        step = dr * self.cols + dc
        start = row * self.cols + col
        return [start + k * step for k in range(length)]

    def crossings(self, word: str, cells: list[int], direction: int) -> int:
        """Shared cells if `word` fits on `cells`, else -1. Words never share a
        cell along the same axis (no overlaid or run-on words)."""
        axis_bit = 1 << (direction % 4)
        shared = 0
        grid, axes = self.cells, self.axes
        for letter, cell in zip(word, cells):
            current = grid[cell]
            if current is None:
                continue
            if current != letter or axes[cell] & axis_bit:
                return -1
            shared += 1
        return shared

    def put(self, word: str, cells: list[int], direction: int) -> None:
        axis_bit = 1 << (direction % 4)
        for letter, cell in zip(word, cells):
            if self.cells[cell] is None:
                self.cells[cell] = letter
                self.by_letter[letter].append(cell)
            self.axes[cell] |= axis_bit


def place_words(answers: list[str], rows: int, cols: int, directions: list[int],
                rng: random.Random, restarts: int) -> tuple[list[Placement], Grid]:
    """The best board over `restarts` rebuilds: most words placed, then most crossings."""
    letters = sum(map(len, answers))
    dense = letters > 0.7 * rows * cols
    order = sorted(range(len(answers)), key=lambda i: (-len(answers[i]), rng.random()))
    best: tuple[tuple[int, int], list[Placement], Grid] | None = None
    for _ in range(max(1, restarts)):
        grid, placed, failed, crossings = Grid(rows, cols), [], [], 0
        for index in order:
            found = _place_one(grid, answers[index], directions, rng, dense)
            if found is None:
                failed.append(index)
                continue
            row, col, direction, shared = found
            grid.put(answers[index], grid.path(row, col, direction, len(answers[index])),
                     direction)
            placed.append(Placement(index, row, col, direction))
            crossings += shared
        key = (len(placed), crossings)
        if best is None or key > best[0]:
            best = (key, placed, grid)
        if not failed:
            break
        # Squeaky wheel: the words that failed go first next time.
        order = failed + [i for i in order if i not in failed]
    return best[1], best[2]


def _place_one(grid: Grid, word: str, directions: list[int], rng: random.Random,
               dense: bool) -> tuple[int, int, int, int] | None:
    length = len(word)
    spread_out = not dense and rng.random() < 0.5
    if not spread_out:
        best, best_key = None, -1.0
        for i, letter in enumerate(word):
            for cell in grid.by_letter.get(letter, ()):
                r, c = divmod(cell, grid.cols)
                for d in directions:
                    _, dr, dc = DIRECTIONS[d]
                    row, col = r - i * dr, c - i * dc
                    cells = grid.path(row, col, d, length)
                    if cells is None:
                        continue
                    shared = grid.crossings(word, cells, d)
                    if shared > 0:
                        key = shared + rng.random() * 0.9
                        if key > best_key:
                            best, best_key = (row, col, d, shared), key
        if best is not None:
            return best
    for _ in range(60):   # a few random tries are cheap and usually enough
        d = rng.choice(directions)
        row, col = rng.randrange(grid.rows), rng.randrange(grid.cols)
        cells = grid.path(row, col, d, length)
        if cells is not None:
            shared = grid.crossings(word, cells, d)
            if shared >= 0:
                return row, col, d, shared
    options = [(row, col, d) for d in directions
               for row in range(grid.rows) for col in range(grid.cols)]
    rng.shuffle(options)
    for row, col, d in options:
        cells = grid.path(row, col, d, length)
        if cells is not None:
            shared = grid.crossings(word, cells, d)
            if shared >= 0:
                return row, col, d, shared
    return None


# --- the exactly-once rule and filler ----------------------------------------------

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
        self.position_cell: list[int] = []
        for line in lines:
            self.position_cell.extend(line)
            self.position_cell.append(-1)

    def text(self, cells: list[str]) -> str:
        return "".join(cells[i] if i >= 0 else "|" for i in self.position_cell)

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


def fill_and_verify(grid: Grid, answers: list[str], placements: list[Placement],
                    forbidden: list[str], alphabet: str, weights: list[float],
                    rng: random.Random, rounds: int = 400) -> list[str] | None:
    """Fill the empty cells so every placed word appears exactly once and no
    forbidden word appears. Returns the letters, or None if that is impossible
    for this placement (an extra occurrence made of word letters only)."""
    cumulative = list(accumulate(weights))
    total = cumulative[-1]

    def draw(exclude: str | None = None) -> str:
        while True:
            letter = alphabet[bisect(cumulative, rng.random() * total)]
            if letter != exclude or len(alphabet) == 1:
                return letter

    is_filler = [letter is None for letter in grid.cells]
    cells = [letter if letter is not None else draw() for letter in grid.cells]
    index = LineIndex(grid.rows, grid.cols)
    own = {tuple(grid.path(p.row, p.col, p.direction, len(answers[p.word]))): p.word
           for p in placements}
    targets = [(answers[p.word], p.word) for p in placements] + [(w, -1) for w in forbidden]
    for _ in range(rounds):
        text = index.text(cells)
        bad_paths = []
        for word, word_index in targets:
            for path in index.occurrences(text, word):
                if own.get(path) != word_index or word_index < 0:
                    bad_paths.append(path)
        if not bad_paths:
            return cells
        for path in bad_paths:
            free = [cell for cell in path if is_filler[cell]]
            if not free:
                return None
            cell = rng.choice(free)
            cells[cell] = draw(exclude=cells[cell])
    return None


def direction_entropy(used: list[int], allowed: int) -> float:
    """Evenness of the directions used, 0..1 (1: all allowed directions equally)."""
    if allowed <= 1 or not used:
        return 0.0
    counts = defaultdict(int)
    for d in used:
        counts[d] += 1
    n = len(used)
    entropy = -sum(k / n * math.log(k / n) for k in counts.values())
    return entropy / math.log(allowed)


def balance(grid: Grid) -> float:
    """How evenly word letters cover the board's nine regions, 0..1."""
    counts = [0] * 9
    for i, letter in enumerate(grid.cells):
        if letter is not None:
            r, c = divmod(i, grid.cols)
            counts[(r * 3 // grid.rows) * 3 + c * 3 // grid.cols] += 1
    return min(counts) / max(counts) if max(counts) else 0.0
