"""The board under construction: placed words, the grid, and the legal places
left for each word (kept up to date as words go in). Used by the search in
generator.py.

Letters are small integer codes (`Alphabet`), so the grid is two bytearrays
(letters, directions used) that a child state copies in one memcpy."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import AbstractSet as Set, Sequence

ACROSS, DOWN = 1, 2
_LOG1P_N = 256
_LOG1P = [math.log1p(k) for k in range(_LOG1P_N)]   # freedom of a word with k places
_NO_KEYS: frozenset[int] = frozenset()

Word = Sequence[int]      # a word as letter codes (bytes, or a tuple past 255 letters)


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


class Alphabet:
    """Letter codes 1..k for the letters of some words (0 = empty cell)."""

    def __init__(self, words: Sequence[str]):
        self.code: dict[str, int] = {}
        for w in words:
            for ch in w:
                self.code.setdefault(ch, len(self.code) + 1)
        self.wide = len(self.code) > 255

    def encode(self, word: str) -> Word:
        codes = [self.code[ch] for ch in word]
        return tuple(codes) if self.wide else bytes(codes)


class _Canvas:
    """Mutable search state; cells are flat arrays of letter codes (0 = empty)."""

    __slots__ = ("max_rows", "max_cols", "h", "w", "cell", "used", "filled", "bbox",
                 "crossings")

    def __init__(self, rows: int, cols: int, maxlen: int, wide: bool = False):
        self.max_rows, self.max_cols = rows, cols
        # room on every side for a box of rows x cols around any first word
        self.h = 2 * max(rows, maxlen) + 4
        self.w = 2 * max(cols, maxlen) + 4
        n = self.h * self.w
        self.cell: bytearray | list[int] = [0] * n if wide else bytearray(n)
        self.used = bytearray(n)
        # cells in the order their letters went in; None in a canvas made by
        # child() (the search's states), see filled_from()
        self.filled: list[int] | None = []
        # r0, r1, c0, c1 inclusive; None only until the first word goes in
        self.bbox: tuple[int, int, int, int] = None  # type: ignore[assignment]
        self.crossings = 0

    def step(self, direction: int) -> int:
        return 1 if direction == ACROSS else self.w

    def filled_from(self, words: Sequence[Word], placed: Sequence[tuple[int, int, int]]
                    ) -> None:
        """Set `filled` from the moves (word index, start, direction) that made
        this canvas, in order: the same list place() would have kept."""
        seen: set[int] = set()
        filled = []
        for i, s, d in placed:
            st = 1 if d == ACROSS else self.w
            for t in range(len(words[i])):
                p = s + t * st
                if p not in seen:
                    seen.add(p)
                    filled.append(p)
        self.filled = filled

    def by_letter(self) -> dict[int, list[int]]:
        """Cells holding each letter, in the order they were filled (row by
        row if that order is not kept)."""
        out: dict[int, list[int]] = {}
        cell = self.cell
        filled = self.filled
        if filled is None:
            filled = [p for p in range(len(cell)) if cell[p]]
        for p in filled:
            ch = cell[p]
            if ch in out:
                out[ch].append(p)
            else:
                out[ch] = [p]
        return out

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

    def check(self, word: Word, start: int, direction: int) -> int:
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

    def placements(self, word: Word, by_letter: dict[int, list[int]] | None = None
                   ) -> list[tuple[int, int, int, int, int]]:
        """Legal (start, direction, crossings, row, col) for `word`, in a fixed order.
        `by_letter`: self.by_letter(), when the caller has it already."""
        out = []
        seen = set()
        if by_letter is None:
            by_letter = self.by_letter()
        used, w, n = self.used, self.w, len(word)
        # first rows/cols a down/across placement may start at
        rlo, rmax, clo, cmax = self.window(n)
        legal = self.legal              # each start below crosses the letter at p
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
                    cross = legal(word, start, d)
                    if cross:
                        out.append((start, d, cross, r, c))
        return out

    def place(self, word: Word, start: int, direction: int, box) -> int:
        """Lay `word` down; returns which of its letters are new, as a bitmask
        of positions in the word."""
        st = 1 if direction == ACROSS else self.w
        cell, used, filled = self.cell, self.used, self.filled
        assert filled is not None, "place() on a canvas made by child()"
        p = start
        new = 0
        for t, ch in enumerate(word):
            if cell[p]:
                self.crossings += 1
            else:
                cell[p] = ch
                filled.append(p)
                new |= 1 << t
            used[p] |= direction
            p += st
        self.bbox = box
        return new

    def legal(self, word: Word, s: int, d: int) -> int:
        """check(word, s, d) for a placement crossing at least one letter:
        crossings if legal, else 0."""
        st, pt = (1, self.w) if d == ACROSS else (self.w, 1)
        cell, used = self.cell, self.used
        if cell[s - st] or cell[s + len(word) * st]:
            return 0
        cross = 0
        for ch in word:
            g = cell[s]
            if g:
                if g != ch or used[s] & d:
                    return 0
                cross += 1
            elif cell[s - pt] or cell[s + pt]:
                return 0
            s += st
        return cross

    # Long (about 110 lines): the hot loop of the search, once per state for all
    # of its words, so that what they share is worked out once; legal() is
    # written out inline twice (a call per check costs as much as the check).
    def places_after(self, words: list[Word], pairs: list[tuple], remaining: list[int],
                     before: list[list], skip: int, last: tuple
                     ) -> tuple[list[list[tuple[int, int, int, int, int]]], int, float]:
        """placements(words[j]) for each j of `remaining` but its entry `skip` (the
        word just laid down), right after that word went in, from `before[k]` (the
        places of remaining[k] just before) and `last` = (start, direction, length,
        new letters as a bitmask of positions, box before) of that word: the same
        lists as placements() up to order, but only the placements near the new
        word are checked again. `pairs[j]`: (t, k') for each letter t of the new
        word equal to letter k' of words[j], in order. An unchanged list is
        returned as is (lists are never modified once made). Also the lookahead
        of the result: (lists, how many are empty, sum of log(1 + length))."""
        w = self.w
        cell, used = self.cell, self.used
        ls, ld, ln, new, box = last[:5]
        lr, lc = divmod(ls, w)
        # a placement whose cells and ends all lie outside this rectangle (the
        # new word and one cell around it) is exactly as legal as before; new
        # ones cross a new letter, perpendicular to the new word (direction nd);
        # one near it that was already legal is in `seen`
        if ld == ACROSS:
            tr0, tr1, tc0, tc1 = lr - 1, lr + 1, lc - 1, lc + ln
            nd, nst, npt = DOWN, w, 1
        else:
            tr0, tr1, tc0, tc1 = lr - 1, lr + ln, lc - 1, lc + 1
            nd, nst, npt = ACROSS, 1, w
        grew = box != self.bbox           # the box grew: so may the window shrink
        # window(n), written out: the rows and columns the box allows
        b0, b1, b2, b3 = self.bbox
        max_rows, max_cols = self.max_rows, self.max_cols
        row_lo, row_hi = b1 - max_rows + 1, b0 + max_rows
        col_lo, col_hi = b3 - max_cols + 1, b2 + max_cols
        result = []
        dead = 0
        freedom = 0.0
        for idx, j in enumerate(remaining):
            if idx == skip:
                continue
            word = words[j]
            old = before[idx]
            prs = pairs[j]
            n = len(word)
            if grew or prs:
                if n > max_rows:
                    rlo, rmax = 0, -n
                else:
                    rlo, rmax = row_lo, row_hi - n
                if n > max_cols:
                    clo, cmax = 0, -n
                else:
                    clo, cmax = col_lo, col_hi - n
            out = old
            seen: Set[int] = _NO_KEYS
            if old:
                a0, a1 = tc0 - n, tc1 + 1     # across starts near the rectangle: columns
                d0, d1 = tr0 - n, tr1 + 1     # down starts near it: rows
                keys: set[int] | None = None
                kept = []
                for e in old:
                    s, d, _, r, c = e
                    if d == ACROSS:
                        if grew and not clo <= c <= cmax:
                            keys = keys if keys is not None else set()
                            continue
                        if not (tr0 <= r <= tr1 and a0 <= c <= a1):
                            kept.append(e)
                            continue
                        st, pt = 1, w
                    else:
                        if grew and not rlo <= r <= rmax:
                            keys = keys if keys is not None else set()
                            continue
                        if not (tc0 <= c <= tc1 and d0 <= r <= d1):
                            kept.append(e)
                            continue
                        st, pt = w, 1
                    if keys is None:
                        keys = set()
                    keys.add(s * 4 + d)
                    if cell[s - st] or cell[s + n * st]:
                        continue
                    cross = 0
                    p = s
                    for ch in word:
                        g = cell[p]
                        if g:
                            if g != ch or used[p] & d:
                                break
                            cross += 1
                        elif cell[p - pt] or cell[p + pt]:
                            break
                        p += st
                    else:
                        kept.append((s, d, cross, r, c))
                if keys is not None:
                    out = kept
                    if keys:
                        seen = keys
            if prs:
                extra = []
                for t, k in prs:
                    if not new >> t & 1:
                        continue
                    if nd == DOWN:
                        r, c = lr - k, lc + t
                        if not rlo <= r <= rmax:
                            continue
                        s = ls + t - k * w
                    else:
                        r, c = lr + t, lc - k
                        if not clo <= c <= cmax:
                            continue
                        s = ls + t * w - k
                    if seen and s * 4 + nd in seen:
                        continue
                    if cell[s - nst] or cell[s + n * nst]:
                        continue
                    cross = 0
                    p = s
                    for ch in word:
                        g = cell[p]
                        if g:
                            if g != ch or used[p] & nd:
                                break
                            cross += 1
                        elif cell[p - npt] or cell[p + npt]:
                            break
                        p += nst
                    else:
                        extra.append((s, nd, cross, r, c))
                if extra:
                    out = out + extra
            result.append(out)
            size = len(out)
            if not size:
                dead += 1
            freedom += _LOG1P[size] if size < _LOG1P_N else math.log1p(size)
        return result, dead, freedom

    def child(self, word: Word, start: int, direction: int, box) -> tuple["_Canvas", int]:
        """A copy with `word` laid down (as place() does, but `filled` is not
        kept: None) and the bitmask of its new letters."""
        other = _Canvas.__new__(_Canvas)
        other.max_rows, other.max_cols, other.h, other.w = \
            self.max_rows, self.max_cols, self.h, self.w
        other.cell = cell = self.cell[:]
        other.used = used = self.used[:]
        other.filled = None
        other.bbox = box
        st = 1 if direction == ACROSS else self.w
        p = start
        new = crossings = 0
        for t, ch in enumerate(word):
            if cell[p]:
                crossings += 1
            else:
                cell[p] = ch
                new |= 1 << t
            used[p] |= direction
            p += st
        other.crossings = self.crossings + crossings
        return other, new
