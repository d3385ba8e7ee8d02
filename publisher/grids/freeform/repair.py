"""The repair phase of the crossword search (see generator.py): while words
are left over, ruin part of the best board and recreate it with a small beam."""
from __future__ import annotations

import random
from typing import Any

from .board import ACROSS, DOWN, _Canvas

REPAIR_STEPS = 64         # budget per word, in search steps
REPAIR_BEAM = 1           # beam of each recreate
REPAIR_GROW_WEIGHT = -1.0  # GROW_WEIGHT of each recreate: there, spreading out pays
REPAIR_POOL_FACTOR = 2    # its children looked ahead per kept state (2: pick 1 of 2)
REPAIR_TARGETED = 0.2     # share of ruins that free a slot for a left-over word
REPAIR_BLOCKERS = 3       # most words taken out to free that slot
REPAIR_RUIN = (2, 6)      # how many random words the other ruins take out


class RepairPhase:
    """Methods of the search (generator._Search) used by the repair phase."""

    answers: list[str]
    words: list[Any]
    rows: int
    cols: int
    rng: random.Random
    steps: int

    def canvas(self) -> _Canvas:
        raise NotImplementedError

    def run_beam(self, cv: _Canvas, placed: list, remaining: list[int], beam: int,
                 grow_weight: float, pool_factor: float, shared: bool = False) -> Any:
        raise NotImplementedError

    def canvas_of(self, placed: list) -> tuple[_Canvas, list]:
        """A fresh canvas holding `placed` (legal and connected), re-centred."""
        cv = self.canvas()
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
            cv.place(self.words[i], s, d, box)
        return cv, moved

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
        pieces = _pieces(own, alive)
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
        word, w = self.words[u], cv.w
        n = len(word)
        own: dict[int, list[int]] = {}
        for j, (i, s, d) in enumerate(placed):
            st = 1 if d == ACROSS else w
            for k in range(len(self.answers[i])):
                own.setdefault(s + k * st, []).append(j)
        rlo, rmax, clo, cmax = cv.window(n)
        cell, used = cv.cell, cv.used
        if cv.filled is None:             # a search state's canvas: the order place() keeps
            cv.filled_from(self.words, placed)
        by_letter = cv.by_letter()
        out, seen = [], set()
        for k, ch in enumerate(word):
            for p in by_letter.get(ch, ()):
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
                                REPAIR_GROW_WEIGHT, REPAIR_POOL_FACTOR)
            if res[0][0] >= key[0]:
                key, cv, placed = res
                if key > best[0]:
                    best = res
        return best


def _pieces(own: dict[int, list[int]], alive: list[bool]) -> dict[int, list[int]]:
    """Connected pieces of the live words (words sharing a cell), by root."""
    parent = list(range(len(alive)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for js in own.values():
        for j in js[1:]:
            parent[find(j)] = find(js[0])
    pieces: dict[int, list[int]] = {}
    for j in range(len(alive)):
        if alive[j]:
            pieces.setdefault(find(j), []).append(j)
    return pieces
