"""The board under construction: placed words, the grid, and the legal places
left for each word (kept up to date as words go in). Used by the search in
generator.py."""
from __future__ import annotations

from dataclasses import dataclass

ACROSS, DOWN = 1, 2


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
    steps: int            # search steps: states evaluated and repair attempts

    @property
    def density(self) -> float:
        filled = sum(1 for row in self.grid for ch in row if ch)
        return filled / (self.rows * self.cols) if self.rows * self.cols else 0.0


class _Canvas:
    """Mutable search state; cells are a flat list ('' = empty)."""

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

    def window(self, n: int) -> tuple[int, int, int, int]:
        """Rows and columns a word of length n may use: a box of max_rows x max_cols
        around the current box (the canvas margins keep it, and one cell around
        it, on the canvas); a word longer than the grid is high (wide) may only
        lie across (down)."""
        b0, b1, b2, b3 = self.bbox
        rlo, rhi = b1 - self.max_rows + 1, b0 + self.max_rows - 1
        clo, chi = b3 - self.max_cols + 1, b2 + self.max_cols - 1
        if n > self.max_cols:
            clo, chi = 0, -1
        if n > self.max_rows:
            rlo, rhi = 0, -1
        return rlo, rhi - n + 1, clo, chi - n + 1

    def placements(self, word: str) -> list[tuple[int, int, int, int, int]]:
        """Legal (start, direction, crossings, row, col) for `word`, in a fixed order."""
        out = []
        seen = set()
        by_letter, used, w, n = self.by_letter, self.used, self.w, len(word)
        # first rows/cols a down/across placement may start at
        rlo, rmax, clo, cmax = self.window(n)
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
                if (clo <= c <= cmax) if d == ACROSS else (rlo <= r <= rmax):
                    cross = check(word, start, d)
                    if cross > 0:
                        out.append((start, d, cross, r, c))
        return out

    def place(self, word: str, start: int, direction: int, box) -> list[tuple[int, str]]:
        """Lay `word` down; returns its new letters as (cell, letter)."""
        st = self.step(direction)
        p = start
        new = []
        for ch in word:
            if self.cell[p]:
                self.crossings += 1
            else:
                self.cell[p] = ch
                self.by_letter.setdefault(ch, []).append(p)
                new.append((p, ch))
            self.used[p] |= direction
            p += st
        self.bbox = box
        return new

    # long: the hot loop of the search; one pass over the board, split it and it is slower
    def placements_after(self, word: str, where: dict[str, list[int]], old: list,
                         last: tuple, window: tuple[int, int, int, int]
                         ) -> list[tuple[int, int, int, int, int]]:
        """placements(word) right after one more word was laid down, from `old`
        (its placements just before) and `last` = (start, direction, length, new
        letters, box before) of that word: the same set as placements(word), but
        only the placements near the new word are checked again. `where` maps
        each letter to its indexes in `word`; `window` is self.window(len(word))."""
        w, n = self.w, len(word)
        check = self.check
        ls, ld, ln, new, box = last
        lr, lc = divmod(ls, w)
        # a placement whose cells and ends all lie outside this rectangle (the
        # new word and one cell around it) is exactly as legal as before
        if ld == ACROSS:
            tr0, tr1, tc0, tc1 = lr - 1, lr + 1, lc - 1, lc + ln
        else:
            tr0, tr1, tc0, tc1 = lr - 1, lr + ln, lc - 1, lc + 1
        rlo, rmax, clo, cmax = window
        same = box == self.bbox          # then the window is the same too
        out = []
        seen = set()
        for e in old:
            s, d, cross, r, c = e
            if d == ACROSS:
                if not same and not clo <= c <= cmax:
                    continue
                if tr0 <= r <= tr1 and c - 1 <= tc1 and c + n >= tc0:
                    cross = check(word, s, d)
                    if cross <= 0:
                        continue
                    e = (s, d, cross, r, c)
                    seen.add(s * 4 + d)
            else:
                if not same and not rlo <= r <= rmax:
                    continue
                if tc0 <= c <= tc1 and r - 1 <= tr1 and r + n >= tr0:
                    cross = check(word, s, d)
                    if cross <= 0:
                        continue
                    e = (s, d, cross, r, c)
                    seen.add(s * 4 + d)
            out.append(e)
        # new placements cross one of the new letters, perpendicular to the new
        # word; one near it that was already legal is in `seen`
        if ld == ACROSS:
            d, st = DOWN, w
        else:
            d, st = ACROSS, 1
        for p, ch in new:
            for i in where.get(ch, ()):
                start = p - i * st
                key = start * 4 + d
                if key in seen:
                    continue
                seen.add(key)
                r, c = divmod(start, w)
                if (clo <= c <= cmax) if d == ACROSS else (rlo <= r <= rmax):
                    cross = check(word, start, d)
                    if cross > 0:
                        out.append((start, d, cross, r, c))
        return out

    def copy(self) -> "_Canvas":
        other = object.__new__(_Canvas)
        other.__dict__.update(self.__dict__)
        other.cell, other.used = self.cell[:], self.used[:]
        other.by_letter = {k: v[:] for k, v in self.by_letter.items()}
        return other
