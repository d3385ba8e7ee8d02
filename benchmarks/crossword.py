"""Crossword layout benchmark: our beam search vs the 2011 reference method.

    python benchmarks/crossword.py [--ours N] [--ref N] [--runs R]

For a 16-word list on 13x13 and a 30-word list on 17x17 it prints ms per
candidate board and the words placed / crossings / density of the best of 1, 10,
100 and 1000 candidates (medians over disjoint groups of candidates, then over
runs). The reference is re-implemented here: words in a random order, alternating
across and down, every legal position scored (+1 per crossing, +1 off the edges),
the best taken. genxword is measured only if /tmp/genxword-venv exists.
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.kinds.crossword.generator import make_layout  # noqa: E402

W16 = ["ELEPHANT", "GIRAFFE", "KANGAROO", "PENGUIN", "DOLPHIN", "TIGER", "ZEBRA", "LION",
       "MONKEY", "RABBIT", "SQUIRREL", "OCTOPUS", "CROCODILE", "HIPPO", "BEAR", "WOLF"]
W30 = W16 + ["VOLCANO", "ISLAND", "DESERT", "FOREST", "RIVER", "OCEAN", "MOUNTAIN", "GLACIER",
             "CANYON", "LAKE", "THUNDER", "RAINBOW", "CLOUD", "WINTER"]


def reference(words: list[str], size: int, seed: int):
    """The 2011 greedy: (placed, crossings, density of the bounding box)."""
    rng = random.Random(seed)
    order = words[:]
    rng.shuffle(order)
    grid: dict[tuple[int, int], str] = {}
    dirs: dict[tuple[int, int], set] = {}
    placed = crossings = 0

    def legal(word, r, c, dr, dc):
        cross = 0
        if (r - dr, c - dc) in grid or (r + len(word) * dr, c + len(word) * dc) in grid:
            return -1
        for k, ch in enumerate(word):
            rr, cc = r + k * dr, c + k * dc
            if not (0 <= rr < size and 0 <= cc < size):
                return -1
            g = grid.get((rr, cc))
            if g:
                if g != ch or (dr, dc) in dirs[(rr, cc)]:
                    return -1
                cross += 1
            elif (rr + dc, cc + dr) in grid or (rr - dc, cc - dr) in grid:
                return -1
        return cross

    for n, word in enumerate(order):
        dr, dc = (0, 1) if n % 2 == 0 else (1, 0)
        best = None
        for r in range(size):
            for c in range(size):
                cross = legal(word, r, c, dr, dc)
                if cross < 0 or (grid and cross == 0):
                    continue
                r1, c1 = r + (len(word) - 1) * dr, c + (len(word) - 1) * dc
                off_edge = int(min(r, c) > 0 and r1 < size - 1 and c1 < size - 1)
                score = cross + off_edge
                if best is None or score > best[0]:
                    best = (score, r, c)
        if best is None:
            continue
        _, r, c = best
        for k, ch in enumerate(word):
            p = (r + k * dr, c + k * dc)
            if p in grid:
                crossings += 1
            grid[p] = ch
            dirs.setdefault(p, set()).add((dr, dc))
        placed += 1
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    area = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
    return placed, crossings, len(grid) / area


def ours(words, size, seed):
    lay = make_layout(words, size, size, seed)
    return len(lay.placed), lay.crossings, lay.density


def measure(fn, words, size, n, seed0):
    results, t = [], time.perf_counter()
    for s in range(n):
        results.append(fn(words, size, seed0 + s))
    ms = (time.perf_counter() - t) / n * 1000
    return ms, results


def best_of(results, k):
    """Median over disjoint groups of k of the best (placed, crossings, density)."""
    groups = [results[i:i + k] for i in range(0, len(results) - k + 1, k)]
    if not groups:
        return None
    bests = [max(g) for g in groups]
    return (statistics.median(b[0] for b in bests), statistics.median(b[1] for b in bests),
            statistics.median(b[2] for b in bests))


def genxword_note() -> str:
    venv = Path("/tmp/genxword-venv/bin/python")
    if not venv.exists():
        return ("genxword: unavailable (no /tmp/genxword-venv; it needs libcairo2-dev, "
                "libgirepository1.0-dev, gir1.2-pango-1.0 and PyGObject<3.51 to install)")
    out = subprocess.run([str(venv), "-c", "import genxword; print(genxword.__file__)"],
                         capture_output=True, text=True)
    return f"genxword: venv present ({out.stdout.strip() or out.stderr.strip()[:200]}); " \
           "not driven by this script yet"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", type=int, default=200, help="our candidates per run")
    ap.add_argument("--ref", type=int, default=1000, help="reference candidates per run")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    for name, words, size in (("16 words", W16, 13), ("16 words", W16, 14),
                              ("30 words", W30, 17)):
        print(f"\n{name} ({min(map(len, words))}-{max(map(len, words))} letters, "
              f"{sum(map(len, words))} letters in all) on {size}x{size}")
        for label, fn, n in (("reference", reference, args.ref), ("ours", ours, args.ours)):
            runs = [measure(fn, words, size, n, 1000 * r) for r in range(args.runs)]
            ms = statistics.median(r[0] for r in runs)
            line = f"  {label:9} {ms:7.1f} ms/board |"
            for k in (1, 10, 100, 1000):
                per_run = [best_of(r[1], k) for r in runs]
                per_run = [p for p in per_run if p]
                if not per_run:
                    line += f" best of {k}: n/a (fewer candidates) |"
                    continue
                placed = statistics.median(p[0] for p in per_run)
                cross = statistics.median(p[1] for p in per_run)
                dens = statistics.median(p[2] for p in per_run)
                line += f" best of {k}: {placed:g} words, {cross:g} crossings, {dens:.2f} dense |"
            print(line)
    print("\n" + genxword_note())


if __name__ == "__main__":
    main()
