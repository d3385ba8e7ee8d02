"""Freeform ("criss-cross") crossword layout: a beam search with lookahead.

The reference method (greedy, one word at a time, best position, random orders)
stalls at 14 of 16 words on 13x13 because an early bad placement is never undone.
Here one candidate is a beam search over partial boards:

* a move is (word, legal placement) for ANY unplaced word, scored by crossings,
  growth of the bounding box, urgency (a word with one or two places left) and a
  seeded jitter; each kept state expands its best `branch` moves;
* children are taken best move score first, `beam` x `pool` of them are
  evaluated and ranked with one step of lookahead: fewest unplaced words left
  with no legal place, then the summed move scores plus the freedom left
  (sum of log(1 + places) over the words still to place); `beam` are kept.
  On a roomy grid (letters under ROOMY of the cells: 12 words on 15x15) the
  default pool factor is 1 (every evaluated child is kept): choosing among
  twice as many children placed no more words and crossed no more, at twice
  the cost; if that beam leaves words out, a second beam with the pool
  factor 2 runs from the same first word and the better result goes on. On a
  crowded grid (16 words on 13x13, 30 on 17x17) the lookahead pays: 2;
* a word with no place now is simply retried at the next depth, where new
  letters may give it a crossing; the best state at any depth is the result
  (see `layout_key`);
* a child's places are its parent's, re-checked only near the new word, plus
  the places crossing the new word's letters (`_Canvas.places_after`, one call
  per state for all its words; letters are small integer codes, the grid two
  bytearrays, so a child is a cheap copy);
* candidates of one puzzle, made in one process, share evaluated states (see
  _Node and _ROOTS): a state is a function of its moves in order, so a cache
  hit is exactly the state the search would build again; the batch runs all
  the candidates of a puzzle in one round (`may_stop_early` of the kind), so
  they meet in one worker.

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

import gc
import math
import random
from operator import itemgetter
from typing import Any

from .board import (ACROSS, DOWN, _LOG1P, _LOG1P_N, Alphabet, Layout, Placed,  # noqa: F401
                    _Canvas)                                       # (re-exported)
from .repair import REPAIR_STEPS, RepairPhase

DEFAULT_BEAM = 32         # states kept per depth; bounds the work, not the clock
DEFAULT_BRANCH = 4        # moves expanded per state
POOL_FACTOR = 1           # children looked ahead per kept state, on a roomy grid
LOOKAHEAD_POOL_FACTOR = 2  # the same on a crowded grid, or in a second beam on a roomy
                           # one when the first leaves words out
ROOMY = 0.45              # roomy: the words' letters fill less than this share of the grid
FREEDOM_WEIGHT = 1.0      # weight of log(1 + places left) per word left
GROW_WEIGHT = 0.5         # per cell the bounding box grows
JITTER = 2.0              # seeded noise in move scores: candidates differ


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


_TABLES: dict[tuple[str, ...], tuple[Alphabet, list, list]] = {}


def _tables(answers: tuple[str, ...]) -> tuple[Alphabet, list, list]:
    """The alphabet, coded words and letter pairs of a word list (cached: a
    process builds many candidates of one puzzle; callers only read them)."""
    got = _TABLES.get(answers)
    if got is None:
        alphabet = Alphabet(answers)
        words = [alphabet.encode(a) for a in answers]
        where: list[dict[int, list[int]]] = [{} for _ in words]
        for j, wj in enumerate(words):
            for k, ch in enumerate(wj):
                where[j].setdefault(ch, []).append(k)
        pairs = [[tuple((t, k) for t, ch in enumerate(wi) for k in where[j].get(ch, ()))
                  if i != j else () for j in range(len(words))]
                 for i, wi in enumerate(words)]
        if len(_TABLES) >= 64:
            _TABLES.clear()
        got = _TABLES[answers] = (alphabet, words, pairs)
    return got


class _Node:
    """A search state, a function of its moves in order (so candidates may share
    it): its canvas, moves (placed), words left (remaining), their places
    (opts[k]: the places of word remaining[k]), the lookahead (dead, freedom),
    its layout key and the sum of its moves (to tell move sets apart). A move
    (word i, start s, direction d) is one int, (s * words + i) * 4 + d.
    Once expanded: its legal moves, in the order of opts, as (k, start,
    direction, row, col, move); their scores without the jitter for one grow
    weight (bases); and, in a node of the state cache, its children built so
    far, by move (kids). Read-only once made but for these memos, which are
    functions of the node."""

    __slots__ = ("canvas", "placed", "remaining", "opts", "dead", "freedom", "layout",
                 "hash_sum", "shared", "moves", "weight", "bases", "kids")

    def __init__(self, canvas: _Canvas, placed: list, remaining: list[int], opts: list,
                 dead: int, freedom: float, layout: tuple, hash_sum: int, shared: bool):
        self.canvas, self.placed, self.remaining, self.opts = canvas, placed, remaining, opts
        self.dead, self.freedom, self.layout, self.hash_sum = dead, freedom, layout, hash_sum
        self.shared = shared
        self.moves: list[tuple] | None = None
        self.weight: float | None = None
        self.bases: list[float] = []
        self.kids: list[_Node | None] = []


# Search states already met for the puzzle last laid out in this process, as
# trees of _Node (a node keeps the children built from it): candidates of one
# puzzle share ~60 % of their states (the same moves in the same order from the
# same root), and a hit is exactly the state that would be rebuilt. _ROOTS: the
# roots, by their moves. Bounded: cleared at STATES_CAP word lists (a state
# holds one per word left: ~3,300 states for 30 candidates of 12 words, ~15 MB).
STATES_CAP = 120_000
_ROOTS: dict[tuple, _Node] = {}
_STATES_OF: list = [None]
_COUNT = [0]                      # nodes in the cache


def _lookahead(opts: list) -> tuple[int, float]:
    """(words with no place, freedom: sum of log(1 + places))."""
    dead = 0
    for o in opts:
        if not o:
            dead += 1
    return dead, sum([_LOG1P[len(o)] if len(o) < _LOG1P_N else math.log1p(len(o))
                      for o in opts])


def _start_cache(puzzle: tuple) -> None:
    """The state cache of `puzzle` (answers, rows, cols); a new puzzle starts afresh."""
    if _STATES_OF[0] != puzzle or _COUNT[0] * len(puzzle[0]) >= STATES_CAP:
        _ROOTS.clear()
        _COUNT[0] = 0
        _STATES_OF[0] = puzzle


class _Search(RepairPhase):
    """The beam search (and, from RepairPhase, the repair phase) for one candidate."""

    def __init__(self, answers: list[str], rows: int, cols: int, rng: random.Random,
                 branch: int):
        self.answers, self.rows, self.cols, self.rng = answers, rows, cols, rng
        self.branch = branch
        self.maxlen = max(len(a) for a in answers)
        # words as letter codes; pairs[i][j]: (t, k) for each letter t of word i
        # equal to letter k of word j
        self.alphabet, self.words, self.pairs = _tables(tuple(answers))
        self.lens = [len(a) for a in answers]
        self.steps = 0
        _start_cache((tuple(answers), rows, cols))

    def canvas(self) -> _Canvas:
        return _Canvas(self.rows, self.cols, self.maxlen, self.alphabet.wide)

    def key(self, cv: _Canvas, placed: list) -> tuple:
        b = cv.bbox
        h, w = b[1] - b[0] + 1, b[3] - b[2] + 1
        return layout_key(len(placed), cv.crossings, h * w, balance(h, w, self.rows, self.cols))

    def root_state(self, cv: _Canvas, placed: list, remaining: list[int], shared: bool
                   ) -> tuple:
        """A state scored with one step of lookahead: (rank, value, node); rank:
        words left with no place (fewer is better), then the heuristic value
        plus the freedom left. `shared`: the node and its descendants go in the
        state cache."""
        self.steps += 1
        node = _ROOTS.get(tuple(placed)) if shared else None
        if node is None:
            words = self.words
            by_letter = cv.by_letter()
            opts = [cv.placements(words[i], by_letter) for i in remaining]
            n = len(words)
            codes = [(s * n + i) * 4 + d for i, s, d in placed]
            node = _Node(cv, codes, remaining, opts, *_lookahead(opts), self.key(cv, placed),
                         sum(codes), shared)
            if shared:
                _ROOTS[tuple(placed)] = node
                _COUNT[0] += 1
        return ((-node.dead, FREEDOM_WEIGHT * node.freedom), 0.0, node)

    def child(self, parent: _Node, j: int, hash_sum: int) -> _Node:
        """The state of `parent` + its move j; `hash_sum`: the sum of its moves."""
        k, s, dd, r, c, move = parent.moves[j]   # type: ignore[index]
        remaining = parent.remaining
        i = remaining[k]
        cv = parent.canvas
        n1 = self.lens[i] - 1
        b0, b1, b2, b3 = before = cv.bbox
        if dd == ACROSS:
            box = (b0, b1, c if c < b2 else b2, c + n1 if c + n1 > b3 else b3)
        else:
            box = (r if r < b0 else b0, r + n1 if r + n1 > b1 else b1, b2, b3)
        child, new = cv.child(self.words[i], s, dd, box)
        opts, dead, freedom = child.places_after(self.words, self.pairs[i], remaining,
                                                 parent.opts, k, (s, dd, n1 + 1, new, before))
        now = parent.placed + [move]
        h, w = box[1] - box[0] + 1, box[3] - box[2] + 1
        # layout_key and balance(), written out
        a, b = h / self.rows, w / self.cols
        node = _Node(child, now, remaining[:k] + remaining[k + 1:], opts, dead, freedom,
                     (len(now), child.crossings, -(h * w), a / b if a < b else b / a),
                     hash_sum, parent.shared)
        if parent.shared:
            parent.kids[j] = node
            _COUNT[0] += 1
        return node

    def score_moves(self, node: _Node, grow_weight: float) -> None:
        """node.moves (once) and node.bases for `grow_weight`: a move's score is
        its crossings, the growth of the bounding box and the urgency of its
        word (a word with few places left: place it while it still fits)."""
        lens, remaining, n = self.lens, node.remaining, len(self.words)
        b0, b1, b2, b3 = node.canvas.bbox
        h, w = b1 - b0 + 1, b3 - b2 + 1
        cur = h * w
        bases: list[float] = []
        moves: list[tuple] | None = [] if node.moves is None else None
        for k, o in enumerate(node.opts):
            if not o:
                continue
            i = remaining[k]
            n1 = lens[i] - 1
            size = len(o)
            urgency = 4.0 if size == 1 else 2.0 if size == 2 else 0.0
            for s, dd, cross, r, c in o:
                if dd == ACROSS:
                    hi, lo = c + n1, c
                    grow = h * ((hi if hi > b3 else b3) - (lo if lo < b2 else b2) + 1) - cur
                else:
                    hi, lo = r + n1, r
                    grow = (((hi if hi > b1 else b1) - (lo if lo < b0 else b0) + 1) * w) - cur
                bases.append(cross * 6.0 - grow * grow_weight + urgency)
                if moves is not None:
                    moves.append((k, s, dd, r, c, (s * n + i) * 4 + dd))
        if moves is not None:
            node.moves = moves
            if node.shared:
                node.kids = [None] * len(moves)
        node.weight, node.bases = grow_weight, bases

    # long: the beam's loop, with the move choice of each state written out inline
    def run_beam(self, cv: _Canvas, placed: list, remaining: list[int], beam: int,
                 grow_weight: float, pool_factor: float, shared: bool = False):
        """Beam search from one state; the best state met: (key, canvas, placed).
        Each kept state expands its `branch` best moves (move score plus a
        jitter: one draw per legal move, in order; earlier first on a tie).
        `shared`: use the state cache (the repair phase's beams, each from a
        board of its own, would seldom meet a state again)."""
        best: _Node | None = None
        rand, jitter, branch, freedom_weight = self.rng.random, JITTER, self.branch, FREEDOM_WEIGHT
        states = [self.root_state(cv, placed, remaining, shared)]
        limit = beam * pool_factor
        while states:
            children = []
            for _, value, node in states:
                if best is None or node.layout > best.layout:
                    best = node
                # words with no place now stay in `remaining`: a later word may open one
                if node.weight != grow_weight:
                    self.score_moves(node, grow_weight)
                scores = [b + rand() * jitter for b in node.bases]
                if len(scores) > 1:
                    # a stable sort: equal scores keep the order of the moves
                    for j in sorted(range(len(scores)), key=scores.__getitem__,
                                    reverse=True)[:branch]:
                        children.append((value + scores[j], node, j))
                elif scores and branch > 0:
                    children.append((value + scores[0], node, 0))
            children.sort(key=_first, reverse=True)
            pool: list[tuple] = []
            # a child is new unless the same set of moves came before: sets are
            # told apart by a sum of move hashes first (exact on a match)
            seen: dict[int, Any] = {}      # sum -> (moves, move), or a list of them
            for value, node, j in children:
                move = node.moves[j][5]
                sig_sum = node.hash_sum + move
                same = seen.get(sig_sum)
                if same is None:
                    seen[sig_sum] = (node.placed, move)
                else:
                    sig = frozenset(node.placed + [move])
                    if type(same) is tuple:
                        if sig == frozenset(same[0] + [same[1]]):
                            continue
                        same = seen[sig_sum] = [same]
                    elif any(sig == frozenset(p + [m]) for p, m in same):
                        continue
                    same.append((node.placed, move))
                kid = node.kids[j] if node.shared else None
                if kid is None:
                    kid = self.child(node, j, sig_sum)
                pool.append(((-kid.dead, value + freedom_weight * kid.freedom), value, kid))
                if len(pool) >= limit:
                    break
            self.steps += len(pool)
            pool.sort(key=_first, reverse=True)
            states = pool[:beam]
        assert best is not None
        n = len(self.words)
        moves = [((code >> 2) % n, (code >> 2) // n, code & 3) for code in best.placed]
        return best.layout, best.canvas, moves


def make_layout(answers: list[str], rows: int, cols: int, seed: int,
                beam: int = DEFAULT_BEAM, branch: int = DEFAULT_BRANCH,
                repair: int | None = None, pool: float | None = None) -> Layout:
    """One candidate layout of `answers` within rows x cols, from `seed`.
    `repair`: steps for the repair phase (default REPAIR_STEPS per word);
    `pool`: children looked ahead per kept state of the beam (default: by how
    crowded the grid is, see the module's docstring).

    The search makes many small lists and no reference cycles, and the state
    cache keeps thousands alive: the cyclic garbage collector, left on, would
    walk them again and again (about 13 % of the time), so it is paused while
    a layout is made; and the objects young when it ends (the states it added)
    are moved to the oldest generation at once (gc.freeze then gc.unfreeze,
    O(1)), which only a full collection walks: else the next young collections
    walk each new state once or twice (another ~20 % of the time, in the
    caller). Nothing is kept from the collector: a full collection still sees
    everything. Skipped if the process froze objects itself (unfreeze would
    thaw them)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _make_layout(answers, rows, cols, seed, beam, branch, repair, pool)
    finally:
        if paused:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


_LINKS: dict[tuple, tuple[tuple[int, ...], list[int], int]] = {}


def _links(answers: tuple[str, ...], rows: int, cols: int
           ) -> tuple[tuple[int, ...], list[int], int]:
    """(the words that fit the grid, for each word how many others it can cross
    there: a shared letter and a fit one across, one down; how many words that fit
    share a letter with another that fits: those that could cross another word at
    all). Cached: the candidates of a puzzle ask the same; callers only read it."""
    got = _LINKS.get((answers, rows, cols))
    if got is None:
        n = len(answers)
        fits_any = tuple(i for i in range(n) if len(answers[i]) <= max(rows, cols))
        letters = [set(a) for a in answers]
        lens = [len(a) for a in answers]

        def crossable(i: int, j: int) -> bool:
            return bool(letters[i] & letters[j]) and (
                (lens[i] <= cols and lens[j] <= rows) or (lens[i] <= rows and lens[j] <= cols))
        links = [sum(1 for j in range(n) if j != i and crossable(i, j)) for i in range(n)]
        linked = sum(1 for i in fits_any
                     if any(letters[i] & letters[j] for j in fits_any if j != i))
        if len(_LINKS) >= 64:
            _LINKS.clear()
        got = _LINKS[answers, rows, cols] = (fits_any, links, linked)
    return got


def _make_layout(answers: list[str], rows: int, cols: int, seed: int, beam: int, branch: int,
                 repair: int | None, pool: float | None) -> Layout:
    rng = random.Random(seed)
    n = len(answers)
    if n == 0:
        raise ValueError("no words")
    fitting, links, linked = _links(tuple(answers), rows, cols)
    if not fitting:
        return _rebuild(answers, [], rows, cols, 1, 0)
    # First word: a long one that shares letters with many others (a word that
    # crosses nothing would strand the rest), with a seeded bias; a random direction
    # among those another word can cross (MONKEY across 6x7 would strand DOLPHIN).
    fits_any = sorted(fitting, key=lambda i: (links[i] == 0, -len(answers[i]) - 0.5 * links[i]
                                              - 2.5 * rng.random(), i))
    first = fits_any[0]
    word = answers[first]
    search = _Search(answers, rows, cols, rng, branch)
    canvas = search.canvas()
    fits = [d for d, limit in ((ACROSS, cols), (DOWN, rows)) if len(word) <= limit]
    d = rng.choice([d for d in fits if any(set(word) & set(answers[j]) and len(answers[j]) <= (
        rows if d == ACROSS else cols) for j in fitting if j != first)] or fits)
    r0, c0 = canvas.h // 2, canvas.w // 2
    start = (r0 * canvas.w + c0 - len(word) // 2) if d == ACROSS else \
        ((r0 - len(word) // 2) * canvas.w + c0)
    canvas.place(search.words[first], start, d, canvas.fits(start, d, len(word)))
    root = ([(first, start, d)], [i for i in range(n) if i != first])
    if pool is None:
        roomy = sum(map(len, answers)) < ROOMY * rows * cols
        pool = POOL_FACTOR if roomy else LOOKAHEAD_POOL_FACTOR
    best = search.run_beam(canvas, *root, beam, GROW_WEIGHT, pool, True)
    # no second beam nor repair once the words that could cross another are all placed
    if best[0][0] < max(1, linked) and pool < LOOKAHEAD_POOL_FACTOR:
        # words left over: the lookahead (children ranked by the words they
        # leave without a place) pays on crowded grids; the root is unchanged
        again = search.run_beam(canvas, *root, beam, GROW_WEIGHT, LOOKAHEAD_POOL_FACTOR, True)
        if again[0] > best[0]:
            best = again
    if repair is None:
        repair = REPAIR_STEPS * n
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
