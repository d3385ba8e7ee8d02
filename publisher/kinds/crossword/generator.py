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
  (see `layout_key`);
* a child's places are its parent's, re-checked only near the new word, plus
  the places crossing the new word's letters (`placements_after`).

If words are left over, a repair phase (a large-neighbourhood search) follows:
take a few random words out of the best board, or the words that block a slot
of a left-over word and put that word there; drop what that leaves illegal or
cut off (`prune`); re-place the rest with a narrow beam that spreads out
rather than packs; keep the new board if it holds as many words. The beam
finds 14 or 15 of 16 words on 13x13; this finds 15 on most boards and,
rarely, all 16.

The work is bounded in search steps (states evaluated: beam x branch x words,
then REPAIR_STEPS per word while words are left over), never by the clock.

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
from operator import itemgetter

from .board import ACROSS, DOWN, Layout, Placed, _Canvas  # noqa: F401 (re-exported)

DEFAULT_BEAM = 32         # states kept per depth; bounds the work, not the clock
DEFAULT_BRANCH = 4        # moves expanded per state
POOL_FACTOR = 2           # children looked ahead per kept state
FREEDOM_WEIGHT = 1.0      # weight of log(1 + places left) per word left
GROW_WEIGHT = 0.5         # per cell the bounding box grows
JITTER = 2.0              # seeded noise in move scores: candidates differ
# the repair phase (only while words are left over)
REPAIR_STEPS = 64         # budget per word, in search steps
REPAIR_BEAM = 1           # beam of each recreate
REPAIR_GROW_WEIGHT = -1.0  # GROW_WEIGHT of each recreate: there, spreading out pays
REPAIR_TARGETED = 0.2     # share of ruins that free a slot for a left-over word
REPAIR_BLOCKERS = 3       # most words taken out to free that slot
REPAIR_RUIN = (2, 6)      # how many random words the other ruins take out


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


_first = itemgetter(0)


def _bbox_area(b) -> int:
    return (b[1] - b[0] + 1) * (b[3] - b[2] + 1)


class _Search:
    """The beam search (and the repair phase) for one candidate."""

    def __init__(self, answers: list[str], rows: int, cols: int, rng: random.Random,
                 branch: int):
        self.answers, self.rows, self.cols, self.rng = answers, rows, cols, rng
        self.branch = branch
        self.maxlen = max(len(a) for a in answers)
        self.where: list[dict[str, list[int]]] = [{} for _ in answers]
        for i, a in enumerate(answers):
            for k, ch in enumerate(a):
                self.where[i].setdefault(ch, []).append(k)
        self.steps = 0

    def key(self, cv: _Canvas, placed: list) -> tuple:
        b = cv.bbox
        h, w = b[1] - b[0] + 1, b[3] - b[2] + 1
        return layout_key(len(placed), cv.crossings, h * w, balance(h, w, self.rows, self.cols))

    def make_state(self, cv, placed, remaining, value, before=None, last=None):
        """Score a state with one step of lookahead: words left with no place
        (fewer is better), then the heuristic value plus the freedom left.
        `before`: the parent's placements, `last`: the word laid since."""
        self.steps += 1
        answers = self.answers
        if before is None:
            opts = {i: cv.placements(answers[i]) for i in remaining}
        else:
            where, windows = self.where, {}
            opts = {}
            for i in remaining:
                n = len(answers[i])
                win = windows.get(n)
                if win is None:
                    win = windows[n] = cv.window(n)
                opts[i] = cv.placements_after(answers[i], where[i], before[i], last, win)
        dead = sum(1 for i in remaining if not opts[i])
        freedom = sum(math.log1p(len(o)) for o in opts.values())
        rank = (-dead, value + FREEDOM_WEIGHT * freedom)
        return (rank, value, cv, placed, remaining, opts)

    def run_beam(self, cv: _Canvas, placed: list, remaining: list[int], beam: int,
                 grow_weight: float):
        """Beam search from one state; the best state met: (key, canvas, placed)."""
        answers, rng, branch = self.answers, self.rng, self.branch
        best = None
        states = [self.make_state(cv, placed, remaining, 0.0)]
        while states:
            children = []
            for _, value, cv, placed, remaining, opts in states:
                b = cv.bbox
                cur = _bbox_area(b)
                key = self.key(cv, placed)
                if best is None or key > best[0]:
                    best = (key, cv, placed)
                moves = []
                b0, b1, b2, b3 = b
                h, w = b1 - b0 + 1, b3 - b2 + 1
                for i in remaining:
                    o = opts[i]
                    n1 = len(answers[i]) - 1
                    # a word with few places left is urgent: place it while it still fits
                    urgency = 4.0 if len(o) == 1 else 2.0 if len(o) == 2 else 0.0
                    for s, dd, cross, r, c in o:
                        if dd == ACROSS:
                            grow = h * (max(b3, c + n1) - min(b2, c) + 1) - cur
                        else:
                            grow = (max(b1, r + n1) - min(b0, r) + 1) * w - cur
                        moves.append((cross * 6.0 - grow * grow_weight + urgency
                                      + rng.random() * JITTER, i, s, dd, r, c))
                # words with no place now stay in `remaining`: a later word may open one
                moves.sort(key=_first, reverse=True)
                for m in moves[:branch]:
                    children.append((value + m[0], cv, placed, remaining, opts, m))
            children.sort(key=_first, reverse=True)
            pool, seen = [], set()
            for value, cv, placed, remaining, opts, (_, i, s, dd, r, c) in children:
                sig = frozenset(placed + [(i, s, dd)])
                if sig in seen:
                    continue
                seen.add(sig)
                child = cv.copy()
                n1 = len(answers[i]) - 1
                b0, b1, b2, b3 = cv.bbox
                box = (b0, b1, min(b2, c), max(b3, c + n1)) if dd == ACROSS else \
                    (min(b0, r), max(b1, r + n1), b2, b3)
                new = child.place(answers[i], s, dd, box)
                pool.append(self.make_state(child, placed + [(i, s, dd)],
                                            [j for j in remaining if j != i], value,
                                            opts, (s, dd, n1 + 1, new, cv.bbox)))
                if len(pool) >= beam * POOL_FACTOR:
                    break
            pool.sort(key=_first, reverse=True)
            states = pool[:beam]
        return best

    # --- repair: ruin part of the board and recreate it with a small beam ---------

    def canvas_of(self, placed: list) -> tuple[_Canvas, list]:
        """A fresh canvas holding `placed` (legal and connected), re-centred."""
        cv = _Canvas(self.rows, self.cols, self.maxlen)
        w, answers = cv.w, self.answers
        r0 = c0 = 1 << 30
        r1 = c1 = -1
        for i, s, d in placed:
            r, c = divmod(s, w)
            n = len(answers[i]) - 1
            r0, c0 = min(r0, r), min(c0, c)
            r1, c1 = max(r1, r + n if d == DOWN else r), max(c1, c + n if d == ACROSS else c)
        dr, dc = cv.h // 2 - (r0 + r1) // 2, cv.w // 2 - (c0 + c1) // 2
        moved = [(i, s + dr * w + dc, d) for i, s, d in placed]
        box = (r0 + dr, r1 + dr, c0 + dc, c1 + dc)
        for i, s, d in moved:
            cv.place(answers[i], s, d, box)
        return cv, moved

    # long: one pass of the beam search over its states; see the docstring
    def prune(self, keep: list, gone: list, w: int, must: int | None):
        """Drop words from `keep` until it is legal and connected once the words
        `gone` are taken out; what that can break: two letters of a gone word
        left side by side (both crossed by other words), or a split board (the
        piece with `must`, else the largest, stays). Returns (kept, dropped word
        indexes), or (None, None) if `must` would have to go."""
        answers = self.answers
        own: dict[int, list[int]] = {}
        for j, (i, s, d) in enumerate(keep):
            st = 1 if d == ACROSS else w
            for k in range(len(answers[i])):
                own.setdefault(s + k * st, []).append(j)
        alive = [True] * len(keep)
        dropped = []
        todo = list(gone)
        while todo:
            i, s, d = todo.pop()
            st = 1 if d == ACROSS else w
            p = s
            for _ in range(len(answers[i]) - 1):
                a, b = own.get(p), own.get(p + st)
                if a and b and not any(keep[j][2] == d and j in b for j in a):
                    cands = [j for j in a + b if keep[j][2] != d and keep[j][0] != must]
                    if not cands:
                        return None, None
                    x = min(cands, key=lambda j: (len(answers[keep[j][0]]), j))
                    xi, xs, xd = keep[x]
                    xst = 1 if xd == ACROSS else w
                    for k in range(len(answers[xi])):
                        q = xs + k * xst
                        own[q].remove(x)
                        if not own[q]:
                            del own[q]
                    alive[x] = False
                    dropped.append(xi)
                    todo += [(i, s, d), keep[x]]     # look at this word again, and at x
                    break
                p += st
        # connected pieces (words sharing a cell)
        parent = list(range(len(keep)))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        for js in own.values():
            for j in js[1:]:
                parent[find(j)] = find(js[0])
        pieces: dict[int, list[int]] = {}
        for j in range(len(keep)):
            if alive[j]:
                pieces.setdefault(find(j), []).append(j)
        if not pieces:
            return None, None
        if must is not None:
            piece = next(p for p in pieces.values() if any(keep[j][0] == must for j in p))
        else:
            piece = max(pieces.values(),
                        key=lambda p: (sum(len(answers[keep[j][0]]) for j in p), -p[0]))
        if len(pieces) > 1:
            ks = set(piece)
            dropped += [keep[j][0] for j in range(len(keep)) if alive[j] and j not in ks]
        return [keep[j] for j in piece], dropped

    def blocked_slots(self, cv: _Canvas, placed: list, u: int, limit: int) -> list:
        """Slots for word u that cross a letter of the board but are blocked by 1..limit
        placed words: (blockers as slot indexes into `placed`, start, direction)."""
        word, w = self.answers[u], cv.w
        n = len(word)
        own: dict[int, list[int]] = {}
        for j, (i, s, d) in enumerate(placed):
            st = 1 if d == ACROSS else w
            for k in range(len(self.answers[i])):
                own.setdefault(s + k * st, []).append(j)
        rlo, rmax, clo, cmax = cv.window(n)
        cell, used = cv.cell, cv.used
        out, seen = [], set()
        for k, ch in enumerate(word):
            for p in cv.by_letter.get(ch, ()):
                for d in (ACROSS, DOWN):
                    if used[p] & d:
                        continue
                    st, pt = (1, w) if d == ACROSS else (w, 1)
                    start = p - k * st
                    if start * 4 + d in seen:
                        continue
                    seen.add(start * 4 + d)
                    r, c = divmod(start, w)
                    if not ((clo <= c <= cmax) if d == ACROSS else (rlo <= r <= rmax)):
                        continue
                    block: set[int] = set()
                    for q in (start - st, start + n * st):
                        if cell[q]:
                            block.update(own[q])
                    q = start
                    for x in word:
                        g = cell[q]
                        if g:
                            if g != x:
                                block.update(own[q])
                            elif used[q] & d:
                                block.update(j for j in own[q] if placed[j][2] == d)
                        else:
                            for y in (q - pt, q + pt):
                                if cell[y]:
                                    block.update(own[y])
                        if len(block) > limit:
                            break
                        q += st
                    if 0 < len(block) <= limit:
                        out.append((block, start, d))
        return out

    def repair(self, best, budget: int):
        """Large-neighbourhood search from the best state while words are left over:
        take out the words blocking a slot of a left-over word (or a few random
        words), put the left-over word there, recreate the rest with a small beam;
        keep the result if it places as many words. Bounded by `budget` steps."""
        answers, rng = self.answers, self.rng
        n = len(answers)
        key, cv, placed = best
        stop = self.steps + budget
        while self.steps < stop:
            got = {i for i, _, _ in placed}
            left = [i for i in range(n) if i not in got]
            if not left:
                break
            self.steps += 1                     # every attempt costs at least a step
            u = None
            if rng.random() < REPAIR_TARGETED:
                u = rng.choice(left)
                slots = self.blocked_slots(cv, placed, u, REPAIR_BLOCKERS)
                if not slots:
                    continue
                block, s, d = slots[rng.randrange(len(slots))]
                keep = [p for j, p in enumerate(placed) if j not in block] + [(u, s, d)]
                gone = [placed[j] for j in block]
            else:
                k = min(rng.randint(*REPAIR_RUIN), len(placed) - 1)
                if k < 1:
                    break
                drop = set(rng.sample(range(len(placed)), k))
                keep = [p for j, p in enumerate(placed) if j not in drop]
                gone = [placed[j] for j in drop]
            keep, _ = self.prune(keep, gone, cv.w, u)
            if keep is None:
                continue
            cv2, keep = self.canvas_of(keep)
            b = cv2.bbox
            if b[1] - b[0] >= self.rows or b[3] - b[2] >= self.cols:
                continue
            got = {i for i, _, _ in keep}
            res = self.run_beam(cv2, keep, [i for i in range(n) if i not in got], REPAIR_BEAM,
                                 REPAIR_GROW_WEIGHT)
            if res[0][0] >= key[0]:
                key, cv, placed = res
                if key > best[0]:
                    best = res
        return best


def make_layout(answers: list[str], rows: int, cols: int, seed: int,
                beam: int = DEFAULT_BEAM, branch: int = DEFAULT_BRANCH,
                repair: int | None = None) -> Layout:
    """One candidate layout of `answers` within rows x cols, from `seed`.
    `repair`: steps for the repair phase (default REPAIR_STEPS per word)."""
    rng = random.Random(seed)
    n = len(answers)
    if n == 0:
        raise ValueError("no words")
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
    search = _Search(answers, rows, cols, rng, branch)
    canvas = _Canvas(rows, cols, search.maxlen)
    d = rng.choice([d for d, limit in ((ACROSS, cols), (DOWN, rows)) if len(word) <= limit])
    r0, c0 = canvas.h // 2, canvas.w // 2
    start = (r0 * canvas.w + c0 - len(word) // 2) if d == ACROSS else \
        ((r0 - len(word) // 2) * canvas.w + c0)
    canvas.place(word, start, d, canvas.fits(start, d, len(word)))
    best = search.run_beam(canvas, [(first, start, d)], [i for i in range(n) if i != first], beam,
                           GROW_WEIGHT)
    if repair is None:
        repair = REPAIR_STEPS * n
    # words that could cross another word at all (a word sharing no letter with
    # any other never can): no repair once these are all placed
    linked = sum(1 for i in fits_any if any(letters[i] & letters[j] for j in fits_any if j != i))
    if repair > 0 and best[0][0] < max(1, linked):
        best = search.repair(best, repair)
    return _rebuild(answers, best[2], rows, cols, canvas.w, search.steps)


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
