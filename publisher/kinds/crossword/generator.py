"""Freeform ("criss-cross") crossword layout: a beam search with lookahead.

The reference method (greedy, one word at a time, best position, random orders)
stalls at 14 of 16 words on 13x13 because an early bad placement is never undone.
Here one candidate is a beam search over partial boards:

* a move is (word, legal placement) for ANY unplaced word, scored by crossings,
  growth of the bounding box, urgency (a word with one or two places left) and a
  seeded jitter; each kept state expands its best `branch` moves;
* children are ranked with one step of lookahead: fewest unplaced words left
  with no legal place, then the summed move scores plus the freedom left
  (sum of log(1 + places) over the words still to place); `beam` are kept;
* a word with no place now is simply retried at the next depth, where new
  letters may give it a crossing; the best state at any depth is the result
  (see `layout_key`).

The work is bounded by beam x branch x words, never by the clock.

The board lives on a canvas larger than the target; the only size rule is that
the bounding box of the letters fits rows x cols; the result is cropped.

Legality (what keeps every maximal run a single word): a placement agrees with
every letter it crosses, never runs through a cell already used in the same
direction (so PELO can lie neither inside nor over PELOTA), leaves the cells just
before and after it empty, crosses at least one word, and each of its new
letters has empty neighbours on both sides across the word.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

ACROSS, DOWN = 1, 2

DEFAULT_BEAM = 32         # states kept per depth; bounds the work, not the clock
DEFAULT_BRANCH = 4        # moves expanded per state
POOL_FACTOR = 2           # children looked ahead per kept state
FREEDOM_WEIGHT = 1.0      # weight of log(1 + places left) per word left
GROW_WEIGHT = 0.5         # per cell the bounding box grows
JITTER = 2.0              # seeded noise in move scores: candidates differ


@dataclass(frozen=True)
class Placed:
    """A word in the cropped grid."""

    index: int            # index into the input word list
    row: int
    col: int
    direction: int        # ACROSS or DOWN
    answer: str


@dataclass
class Layout:
    rows: int
    cols: int
    grid: list[list[str | None]]
    placed: list[Placed]
    unplaced: list[int]   # indexes into the input word list
    crossings: int
    steps: int            # search states evaluated

    @property
    def density(self) -> float:
        filled = sum(1 for row in self.grid for ch in row if ch)
        return filled / (self.rows * self.cols) if self.rows * self.cols else 0.0


class _Canvas:
    """Mutable search state with undo; cells are a flat list ('' = empty)."""

    def __init__(self, rows: int, cols: int, maxlen: int):
        self.max_rows, self.max_cols = rows, cols
        # room on every side for a box of rows x cols around any first word
        self.h = 2 * max(rows, maxlen) + 4
        self.w = 2 * max(cols, maxlen) + 4
        n = self.h * self.w
        self.cell = [""] * n
        self.used = [0] * n
        self.by_letter: dict[str, list[int]] = {}
        self.bbox: tuple[int, int, int, int] | None = None   # r0, r1, c0, c1 inclusive
        self.crossings = 0

    def step(self, direction: int) -> int:
        return 1 if direction == ACROSS else self.w

    def fits(self, start: int, direction: int, length: int) -> tuple[int, int, int, int] | None:
        """The new bounding box if the word fits the size limit, else None."""
        r, c = divmod(start, self.w)
        r1, c1 = (r, c + length - 1) if direction == ACROSS else (r + length - 1, c)
        if r < 1 or c < 1 or r1 > self.h - 2 or c1 > self.w - 2:
            return None
        if self.bbox is None:
            box = (r, r1, c, c1)
        else:
            b0, b1, b2, b3 = self.bbox
            box = (min(b0, r), max(b1, r1), min(b2, c), max(b3, c1))
        if box[1] - box[0] >= self.max_rows or box[3] - box[2] >= self.max_cols:
            return None
        return box

    def check(self, word: str, start: int, direction: int) -> int:
        """Crossings if legal (>= 1), else -1. The first word needs none."""
        st = 1 if direction == ACROSS else self.w
        pt = self.w if direction == ACROSS else 1
        cell, used = self.cell, self.used
        if cell[start - st] or cell[start + len(word) * st]:
            return -1
        cross = 0
        p = start
        for ch in word:
            g = cell[p]
            if g:
                if g != ch or used[p] & direction:
                    return -1
                cross += 1
            elif cell[p - pt] or cell[p + pt]:
                return -1
            p += st
        if cross == 0 and self.bbox is not None:
            return -1
        return cross

    def placements(self, word: str) -> list[tuple[int, int, int, tuple]]:
        """Legal (start, direction, crossings, bbox) for `word`, in a fixed order."""
        out = []
        seen = set()
        by_letter, used, w, n = self.by_letter, self.used, self.w, len(word)
        b0, b1, b2, b3 = self.bbox
        # the region a box of max_rows x max_cols around the current box allows;
        # the canvas margins keep it (and one cell around it) on the canvas
        rlo, rhi = b1 - self.max_rows + 1, b0 + self.max_rows - 1
        clo, chi = b3 - self.max_cols + 1, b2 + self.max_cols - 1
        check = self.check
        for i, ch in enumerate(word):
            for p in by_letter.get(ch, ()):
                u = used[p]
                if u == ACROSS:
                    d, start = DOWN, p - i * w
                elif u == DOWN:
                    d, start = ACROSS, p - i
                else:
                    continue
                key = start * 4 + d
                if key in seen:
                    continue
                seen.add(key)
                r, c = divmod(start, w)
                if d == ACROSS:
                    if c < clo or c + n - 1 > chi:
                        continue
                    cross = check(word, start, d)
                    if cross > 0:
                        out.append((start, d, cross, (b0, b1, min(b2, c), max(b3, c + n - 1))))
                else:
                    if r < rlo or r + n - 1 > rhi:
                        continue
                    cross = check(word, start, d)
                    if cross > 0:
                        out.append((start, d, cross, (min(b0, r), max(b1, r + n - 1), b2, b3)))
        return out

    def place(self, word: str, start: int, direction: int, box) -> None:
        st = self.step(direction)
        p = start
        for ch in word:
            if self.cell[p]:
                self.crossings += 1
            else:
                self.cell[p] = ch
                self.by_letter.setdefault(ch, []).append(p)
            self.used[p] |= direction
            p += st
        self.bbox = box

    def copy(self) -> "_Canvas":
        other = object.__new__(_Canvas)
        other.__dict__.update(self.__dict__)
        other.cell, other.used = self.cell[:], self.used[:]
        other.by_letter = {k: v[:] for k, v in self.by_letter.items()}
        return other


def layout_key(n_placed: int, crossings: int, area: int, bal: float) -> tuple:
    """Order of merit, used both inside the search and for Board.score."""
    return (n_placed, crossings, -area, bal)


def board_score(n_placed: int, crossings: int, density: float, bal: float) -> float:
    """Board.score (documented in the kind): words placed dominate, then
    crossings, then density of the bounding box (0..1, weight 50), then balance
    (0..1, how close the box is to the requested aspect ratio, weight 10)."""
    return n_placed * 10_000 + crossings * 100 + round(density * 50, 3) + round(bal * 10, 3)


def balance(h: int, w: int, rows: int, cols: int) -> float:
    a, b = h / rows, w / cols
    return min(a, b) / max(a, b) if a and b else 0.0


def make_layout(answers: list[str], rows: int, cols: int, seed: int,
                beam: int = DEFAULT_BEAM, branch: int = DEFAULT_BRANCH) -> Layout:
    """One candidate layout of `answers` within rows x cols, from `seed`."""
    rng = random.Random(seed)
    n = len(answers)
    if n == 0:
        raise ValueError("no words")
    maxlen = max(len(a) for a in answers)
    fits_any = [i for i in range(n) if len(answers[i]) <= max(rows, cols)]
    if not fits_any:
        return _rebuild(answers, [], rows, cols, 1, 0)
    # First word: a long one that shares letters with many others (a word that
    # crosses nothing would strand the rest), with a seeded bias; random direction.
    letters = [set(a) for a in answers]
    links = [sum(1 for j in range(n) if j != i and letters[i] & letters[j]) for i in range(n)]
    fits_any.sort(key=lambda i: (links[i] == 0, -len(answers[i]) - 0.5 * links[i]
                                 - 2.5 * rng.random(), i))
    first = fits_any[0]
    word = answers[first]
    canvas = _Canvas(rows, cols, maxlen)
    d = rng.choice([d for d, limit in ((ACROSS, cols), (DOWN, rows)) if len(word) <= limit])
    r0, c0 = canvas.h // 2, canvas.w // 2
    start = (r0 * canvas.w + c0 - len(word) // 2) if d == ACROSS else \
        ((r0 - len(word) // 2) * canvas.w + c0)
    canvas.place(word, start, d, canvas.fits(start, d, len(word)))

    best_key, best_placed = None, []
    steps = 0

    def make_state(cv, placed, remaining, value):
        """Score a state with one step of lookahead: words left with no place
        (fewer is better), then the heuristic value plus the freedom left."""
        nonlocal steps
        steps += 1
        opts = {i: cv.placements(answers[i]) for i in remaining}
        dead = sum(1 for i in remaining if not opts[i])
        freedom = sum(math.log1p(len(o)) for o in opts.values())
        rank = (-dead, value + FREEDOM_WEIGHT * freedom)
        return (rank, value, cv, placed, remaining, opts)

    states = [make_state(canvas, [(first, start, d)], [i for i in range(n) if i != first], 0.0)]
    while states:
        children = []
        for _, value, cv, placed, remaining, opts in states:
            b = cv.bbox
            h, w = b[1] - b[0] + 1, b[3] - b[2] + 1
            key = layout_key(len(placed), cv.crossings, h * w, balance(h, w, rows, cols))
            if best_key is None or key > best_key:
                best_key, best_placed = key, placed
            moves = []
            cur = h * w
            for i in remaining:
                o = opts[i]
                # a word with few places left is urgent: place it while it still fits
                urgency = 4.0 if len(o) == 1 else 2.0 if len(o) == 2 else 0.0
                for s, dd, cross, box in o:
                    grow = (box[1] - box[0] + 1) * (box[3] - box[2] + 1) - cur
                    moves.append((cross * 6.0 - grow * GROW_WEIGHT + urgency + rng.random() * JITTER,
                                  i, s, dd, box))
            # words with no place now stay in `remaining`: a later word may open one
            moves.sort(key=lambda m: m[0], reverse=True)
            for m in moves[:branch]:
                children.append((value + m[0], cv, placed, remaining, m))
        children.sort(key=lambda c: c[0], reverse=True)
        pool, seen = [], set()
        for value, cv, placed, remaining, (_, i, s, dd, box) in children:
            sig = frozenset(placed + [(i, s, dd)])
            if sig in seen:
                continue
            seen.add(sig)
            child = cv.copy()
            child.place(answers[i], s, dd, box)
            pool.append(make_state(child, placed + [(i, s, dd)],
                                   [j for j in remaining if j != i], value))
            if len(pool) >= beam * POOL_FACTOR:
                break
        pool.sort(key=lambda st: st[0], reverse=True)
        states = pool[:beam]
    return _rebuild(answers, best_placed, rows, cols, canvas.w, steps)


def _rebuild(answers: list[str], placed: list[tuple[int, int, int]], rows: int, cols: int,
             width: int, used: int) -> Layout:
    """Crop the best state to its bounding box and list its words."""
    if not placed:
        return Layout(0, 0, [], [], list(range(len(answers))), 0, used)
    cells: dict[tuple[int, int], str] = {}
    crossings = 0
    spans = []
    for i, start, d in placed:
        r, c = divmod(start, width)
        spans.append((i, r, c, d))
        for k, ch in enumerate(answers[i]):
            rc = (r, c + k) if d == ACROSS else (r + k, c)
            if rc in cells:
                crossings += 1
            cells[rc] = ch
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    grid: list[list[str | None]] = [[None] * w for _ in range(h)]
    for (r, c), ch in cells.items():
        grid[r - r0][c - c0] = ch
    words = sorted((Placed(i, r - r0, c - c0, d, answers[i]) for i, r, c, d in spans),
                   key=lambda p: (p.row, p.col, p.direction))
    got = {p.index for p in words}
    unplaced = [i for i in range(len(answers)) if i not in got]
    return Layout(h, w, grid, words, unplaced, crossings, used)


def number_grid(grid: list[list[str | None]]) -> list[tuple[int, str, int, int, int]]:
    """Standard numbering: (number, "across"|"down", row, col, length) in clue
    order (by number, across before down at the same number)."""
    h = len(grid)
    w = len(grid[0]) if h else 0
    out = []
    num = 0
    for r in range(h):
        for c in range(w):
            if not grid[r][c]:
                continue
            starts = []
            if (c == 0 or not grid[r][c - 1]) and c + 1 < w and grid[r][c + 1]:
                n = 0
                while c + n < w and grid[r][c + n]:
                    n += 1
                starts.append(("across", n))
            if (r == 0 or not grid[r - 1][c]) and r + 1 < h and grid[r + 1][c]:
                n = 0
                while r + n < h and grid[r + n][c]:
                    n += 1
                starts.append(("down", n))
            if starts:
                num += 1
                for direction, n in starts:
                    out.append((num, direction, r, c, n))
    return out
