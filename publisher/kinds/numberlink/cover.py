"""Random covers of a grid by paths (the raw material of a Flow puzzle).

Cells are indices `r * cols + c`. A cover is a list of paths (lists of cells)
that together visit every cell once. We start from short straight pieces along
the rows and mix them with moves that keep a cover a cover:

- backbite: an endpoint joins a cell of its own path, the loop it closes is
  cut open again (the path keeps its cells, its shape and ends change);
- steal: an endpoint joins a cell of another path and takes one side of it;
- merge / split: to steer the number of paths towards a target.

Moves that would put a 2x2 block into one path, or leave a path shorter than
MIN_LEN, are refused, so the invariants hold at every step.
"""
from __future__ import annotations

import random
from functools import lru_cache

MIN_LEN = 3


@lru_cache(maxsize=16)
def neighbours_table(rows: int, cols: int) -> list[list[int]]:
    """Each cell's neighbours (cached: callers only read it)."""
    table = []
    for r in range(rows):
        for c in range(cols):
            nb = []
            if r > 0:
                nb.append((r - 1) * cols + c)
            if c > 0:
                nb.append(r * cols + c - 1)
            if c < cols - 1:
                nb.append(r * cols + c + 1)
            if r < rows - 1:
                nb.append((r + 1) * cols + c)
            table.append(nb)
    return table


@lru_cache(maxsize=16)
def _blocks_at(rows: int, cols: int) -> list[list[int]]:
    """Per cell, the top-left cells of the 2x2 blocks holding it (cached: read only)."""
    table = []
    for r in range(rows):
        for c in range(cols):
            table.append([r0 * cols + c0 for r0 in (r - 1, r) if 0 <= r0 < rows - 1
                          for c0 in (c - 1, c) if 0 <= c0 < cols - 1])
    return table


def _blocks_ok(owner: list[int], cells, rows: int, cols: int) -> bool:
    """No 2x2 block touching `cells` lies in a single path."""
    blocks = _blocks_at(rows, cols)
    for x in cells:
        for a in blocks[x]:
            o = owner[a]
            if owner[a + 1] == o and owner[a + cols] == o and owner[a + cols + 1] == o:
                return False
    return True


def has_block(paths: list[list[int]], rows: int, cols: int) -> bool:
    owner = owners(paths, rows * cols)
    return not _blocks_ok(owner, range(rows * cols), rows, cols)


def owners(paths: list[list[int]], n: int) -> list[int]:
    owner = [-1] * n
    for i, p in enumerate(paths):
        for x in p:
            owner[x] = i
    return owner


_BORDERS: dict[tuple[int, int], tuple[bytes, bytes, bytes]] = {}


def _border(rows: int, cols: int) -> tuple[bytes, bytes, bytes]:
    """Per cell, 1 where it lies on the border; on the top or bottom row; in the
    first or last column (cached per size)."""
    table = _BORDERS.get((rows, cols))
    if table is None:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        on_row = bytes(int(r in (0, rows - 1)) for r, c in cells)
        on_col = bytes(int(c in (0, cols - 1)) for r, c in cells)
        table = _BORDERS[(rows, cols)] = (bytes(a | b for a, b in zip(on_row, on_col)),
                                          on_row, on_col)
    return table


def hugs_edge(path: list[int], rows: int, cols: int) -> bool:
    """True when most of the path is one straight run along the border: such
    paths are dull and give themselves away."""
    border, on_row, on_col = _border(rows, cols)
    # the run's cells all lie on the border: most paths have too few there
    if 2 * sum(map(border.__getitem__, path)) <= len(path):
        return False
    best = run = 1
    prev = 0
    for i in range(1, len(path)):
        a = path[i - 1]
        step = path[i] - a
        # a step along a border row (within a row) or a border column
        if on_row[a] if (step == 1 or step == -1) and cols > 1 else on_col[a]:
            run = run + 1 if i < 2 or step == prev else 2
            if run > best:
                best = run
        else:
            run = 1
        prev = step
    return best >= 3 and best * 2 > len(path)


def _collinear(a: int, b: int, c: int, cols: int) -> bool:
    return (b - a) == (c - b)


def hamiltonian_path(rows: int, cols: int, rng: random.Random, steps: int) -> list[int]:
    """A random path through every cell: a serpentine mixed by backbite moves
    (an endpoint steps to a neighbour of its own path and the loop this closes
    is opened again next to it)."""
    nbrs = neighbours_table(rows, cols)
    path = []
    for r in range(rows):
        row = [r * cols + c for c in range(cols)]
        path.extend(row if r % 2 == 0 else row[::-1])
    # The path is kept in one orientation; `back` says whether its logical order
    # (the one the moves see) is reversed, which spares a reversal per step.
    # (list.index runs in C: cheaper than keeping a position table up to date.)
    last = len(path) - 1
    back = False
    for _ in range(steps):
        if rng.random() < 0.5:
            back = not back
        e = path[0] if back else path[-1]
        x = rng.choice(nbrs[e])
        i = last - path.index(x) if back else path.index(x)
        if i == last - 1:
            continue
        # reverse the logical tail after position i
        lo, hi = (0, last - i - 1) if back else (i + 1, last)
        path[lo:hi + 1] = path[lo:hi + 1][::-1]
    return path[::-1] if back else path


def cut(path: list[int], rows: int, cols: int, mean_len: float, max_len: int,
        rng: random.Random) -> list[list[int]] | None:
    """Cut a Hamiltonian path into pieces of random length (a mix of short and
    long), ending a piece early where the next cell would close a 2x2 block."""
    cells = rows * cols
    owner = [-1] * cells
    pieces: list[list[int]] = []
    i = 0
    while i < len(path):
        want = min(max_len, MIN_LEN + int(rng.expovariate(1.0 / max(1.0, mean_len - MIN_LEN))))
        pid = len(pieces)
        piece: list[int] = []
        while i < len(path) and len(piece) < want:
            x = path[i]
            owner[x] = pid
            if len(piece) >= MIN_LEN and not _blocks_ok(owner, (x,), rows, cols):
                owner[x] = -1
                break
            piece.append(x)
            i += 1
        pieces.append(piece)
    if len(pieces[-1]) < MIN_LEN:
        last = pieces.pop()
        for x in last:
            owner[x] = len(pieces) - 1
        if not _blocks_ok(owner, last, rows, cols) or len(pieces[-1]) + len(last) > max_len:
            return None
        pieces[-1].extend(last)
    return pieces


# long: one random-walk cover with its reshaping moves; the steps share local state
def random_cover(rows: int, cols: int, mean_len: float, max_len: int, rng: random.Random,
                 steps: int, unhug_rounds: int = 1) -> list[list[int]]:
    """A cover of the grid by paths of MIN_LEN..max_len cells (about `mean_len`
    on average), with no 2x2 block in one path. Deterministic for a given rng.
    While a path still hugs the border after a round of `unhug`, up to
    `unhug_rounds - 1` more rounds of mixing (moves that never make a path hug)
    and unhugging follow: cheaper than a fresh cover."""
    n = rows * cols
    while True:
        paths = cut(hamiltonian_path(rows, cols, rng, 4 * n), rows, cols, mean_len, max_len, rng)
        if paths is not None:
            break
    cover = _Cover(rows, cols, paths, max_len, max(1, round(n / mean_len)), rng)
    # Backbites and steals move the endpoints off the cut points (which sit in
    # adjacent pairs); merges bring the count down to the target.
    for _ in range(steps):
        cover.mix_step()
    cover.merge()
    cover.unhug()
    for _ in range(unhug_rounds - 1):
        if not any(cover.hug):
            break
        for _ in range(n):
            cover.mix_step()
        cover.unhug()
    return [p for p in cover.paths if p]


class _Cover:
    """A cover being mixed: paths (an emptied one stays as []), each cell's path, and
    whether each path hugs the border (kept up to date: most moves leave most paths
    alone, and a reversed path hugs as much as before)."""

    def __init__(self, rows: int, cols: int, paths: list[list[int]], max_len: int,
                 target: int, rng: random.Random):
        self.rows, self.cols, self.paths, self.max_len, self.rng = rows, cols, paths, max_len, rng
        self.n = rows * cols
        self.nbrs = neighbours_table(rows, cols)
        self.owner = owners(paths, self.n)
        self.alive, self.target = len(paths), target
        self.hug = [hugs_edge(p, rows, cols) for p in paths]

    def try_move(self, pid: int, qid: int, moved: list[int], rest: list[int],
                 gain: int = 0) -> bool:
        """Give `moved` (cells of q, starting next to p's last cell) to p."""
        paths, owner = self.paths, self.owner
        p = paths[pid]
        for y in moved:
            owner[y] = pid
        # (the border test only when the blocks test passes: it is the dearer)
        if _blocks_ok(owner, moved, self.rows, self.cols):
            hug_p = hugs_edge(p + moved, self.rows, self.cols)
            hug_rest = hugs_edge(rest, self.rows, self.cols)
            if hug_p + hug_rest <= self.hug[pid] + self.hug[qid] - gain:
                p.extend(moved)
                paths[qid] = rest
                self.hug[pid], self.hug[qid] = hug_p, hug_rest
                if not rest:
                    self.alive -= 1
                return True
        for y in moved:
            owner[y] = qid
        return False

    def mix_step(self) -> None:
        """One random backbite, steal or merge at a random path's end."""
        rng, paths, owner, max_len = self.rng, self.paths, self.owner, self.max_len
        pid = owner[rng.randrange(self.n)]
        p = paths[pid]
        if rng.random() < 0.5:
            p.reverse()
        e = p[-1]
        x = rng.choice(self.nbrs[e])
        qid = owner[x]
        if qid == pid:
            i = p.index(x)
            if i < len(p) - 2:
                new = p[:i + 1] + p[i + 1:][::-1]
                hug = hugs_edge(new, self.rows, self.cols)
                if hug <= self.hug[pid]:
                    paths[pid] = new
                    self.hug[pid] = hug
            return
        q = paths[qid]
        j = q.index(x)
        if self.alive > self.target and (j == 0 or j == len(q) - 1) and \
                len(p) + len(q) <= max_len:
            self.try_move(pid, qid, q if j == 0 else q[::-1], [])
            return
        if rng.random() < 0.5:
            moved, rest = q[j:], q[:j]
        else:
            moved, rest = q[j::-1], q[j + 1:]
        if len(rest) >= MIN_LEN and len(p) + len(moved) <= max_len:
            self.try_move(pid, qid, moved, rest)

    def merge(self) -> None:
        """Greedy merges, shortest paths first, until the target count is reached."""
        merged = True
        while merged and self.alive > self.target:
            merged = False
            order = sorted((len(p), i) for i, p in enumerate(self.paths) if p)
            for _, pid in order:
                if self.paths[pid] and self._merge_one(pid):
                    merged = True
                    break

    def _merge_one(self, pid: int) -> bool:
        """Join path pid end to end with a neighbouring path, if one fits."""
        paths, owner = self.paths, self.owner
        p = paths[pid]
        for end in (0, 1):
            if end:
                p.reverse()
            for x in self.nbrs[p[-1]]:
                qid = owner[x]
                q = paths[qid]
                if qid == pid or len(p) + len(q) > self.max_len or x not in (q[0], q[-1]):
                    continue
                if self.try_move(pid, qid, q if x == q[0] else q[::-1], []):
                    return True
            if self.alive <= self.target:
                break
        return False

    def unhug(self) -> None:
        """Paths lying straight along the border: let them grow into (or give
        way to) a neighbour until they no longer do."""
        rng, paths, owner = self.rng, self.paths, self.owner
        # Paths whose every move failed, with no move made since: trying them again
        # would fail again, so only the random draws and the turns of the path are
        # repeated (the same covers, without the dear attempts).
        stuck: set[int] = set()
        for _ in range(self.n):
            bad = [i for i, hug in enumerate(self.hug) if hug]
            if not bad:
                break
            pid = rng.choice(bad)
            p = paths[pid]
            options = []
            for end in (0, 1):
                tip = p[0] if end == 0 else p[-1]
                for x in self.nbrs[tip]:
                    qid = owner[x]
                    if qid != pid:
                        options.append((tip, x, qid))
            rng.shuffle(options)
            if pid in stuck:
                for tip, _, _ in options:
                    if p[-1] != tip:
                        p.reverse()
                continue
            for tip, x, qid in options:
                if p[-1] != tip:
                    p.reverse()
                q = paths[qid]
                j = q.index(x)
                for moved, rest in ((q[j:], q[:j]), (q[j::-1], q[j + 1:])):
                    if (not rest or len(rest) >= MIN_LEN) and len(p) + len(moved) <= \
                            self.max_len and self.try_move(pid, qid, moved, rest, gain=1):
                        break
                else:
                    continue
                stuck.clear()
                break
            else:
                stuck.add(pid)
