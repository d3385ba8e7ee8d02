"""Crossword layout benchmark: our beam search vs the 2011 reference method and genxword.

    python benchmarks/crossword.py [--ours N] [--ref N] [--genxword N] [--runs R]
                                   [--genxword-python PATH] [--book N] [--tree PATH]
                                   [--compare PATH] [--speed-book 120]

First, the book case: N puzzles of 12 words (drawn from the bundled English
clue list) on 15x15, each the best of 30 candidates as a book makes it: median
ms per candidate and per kept puzzle (its 30 candidates), and the best-of-30
words placed, crossings and Board.score, with their distribution over the
puzzles (best of 30) and over all candidates. `--tree PATH` runs the code of
another checkout; `--compare PATH` first runs the book case on PATH's code in a
subprocess, then on this one (before/after figures from one command).
`--speed-book 120` adds the same figures for the 20 crosswords of the speed book
(benchmarks/book.py --mode 120: its words, sizes and seeds, through the kind's
generate(), so garbage collections after a layout count too). The
layout caches per-puzzle work across candidates, so the mean per candidate (and
per kept puzzle) is the honest figure; the median is of warm candidates.

Then, for a 16-word list on 13x13 and 14x14 and a 30-word list on 17x17 it prints
median ms per candidate board and the words placed / crossings / density of the
best of 1, 10, 100 and 1000 candidates (medians over disjoint groups of
candidates, then over runs). Times are CPU time of the process that builds the
boards (steadier than the wall clock on a shared machine). The reference is re-implemented here: words in a random order, alternating
across and down, every legal position scored (+1 per crossing, +1 off the edges),
the best taken.

genxword (the Python peer, GPL, not a dependency of this project) runs in its own
venv, default /tmp/genxword-venv, through a small driver written to /tmp at run
time: words as JSON on stdin, placements as JSON on stdout. Its word list is
built by genxword's own Genxword.wlist (longest first); one candidate is one pass
of the loop body of Crossword.compute_crossword (whose own loop repeats boards for
a 1 s time budget), seeded through `random`, so best of N is N independent boards
and its ms/board is timed inside the driver (no process start-up). Its boards
are measured like ours: density = letter cells / bounding-box area, crossings =
letters placed on an already filled cell, best = max (words, crossings, density).
Every genxword candidate is also checked against our layout rules (rule_problems).
Set up the venv with:

    apt-get install -y libcairo2-dev libgirepository1.0-dev gir1.2-pango-1.0 pkg-config
    python3 -m venv /tmp/genxword-venv
    /tmp/genxword-venv/bin/pip install "PyGObject<3.51" genxword
"""
from __future__ import annotations

import argparse
import collections
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import ROOT, use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.grids.freeform.generator import balance, board_score, make_layout  # noqa: E402

BOOK_WORDS, BOOK_SIZE, BOOK_CANDIDATES = 12, 15, 30

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
    """(median ms per candidate, results)."""
    results, times = [], []
    for s in range(n):
        t = time.process_time()
        results.append(fn(words, size, seed0 + s))
        times.append(time.process_time() - t)
    return statistics.median(times) * 1000, results


def book_words() -> list[str]:
    """Single-word answers of the bundled English clue list."""
    words = []
    for line in (ROOT / "wordlists" / "en" / "general-clues.yaml").read_text("utf-8").splitlines():
        if line.startswith("#") or ":" not in line:
            continue
        w = line.split(":", 1)[0].strip().upper()
        if w.isalpha() and 2 <= len(w) <= BOOK_SIZE:
            words.append(w)
    return words


def book(puzzles: int) -> None:
    """The book case: best of 30 candidates of 12 words on 15x15, per puzzle."""
    pool, rng = book_words(), random.Random(12)
    per_candidate, per_puzzle, best, every = [], [], [], []
    for p in range(puzzles):
        words = rng.sample(pool, BOOK_WORDS)
        scores, t0 = [], time.process_time()
        for seed in range(BOOK_CANDIDATES):
            t = time.process_time()
            lay = make_layout(words, BOOK_SIZE, BOOK_SIZE, 1000 * p + seed)
            per_candidate.append(time.process_time() - t)
            scores.append((board_score(len(lay.placed), lay.crossings, lay.density,
                                       balance(lay.rows, lay.cols, BOOK_SIZE, BOOK_SIZE)),
                           len(lay.placed), lay.crossings))
        per_puzzle.append(time.process_time() - t0)
        best.append(max(scores))
        every.extend(scores)
    print(f"book: {puzzles} puzzles of {BOOK_WORDS} words on {BOOK_SIZE}x{BOOK_SIZE}, best of "
          f"{BOOK_CANDIDATES} (code: {TREE})")
    book_figures(per_candidate, per_puzzle, best, every)


def speed_book(mode: str) -> None:
    """The crosswords of benchmarks/book.py's mixed book `mode` (its words, sizes and
    candidate seeds), each candidate made by the kind's generate() as the book's
    workers do, the candidates of a puzzle one after the other (the batch runs them
    in one round). Per kept puzzle: all the CPU of its candidates, garbage
    collections after a layout included."""
    from book import spec_file
    from publisher.kinds import get_kind
    from publisher.plan import derive_seed, plan_book
    from publisher.render.layout import load_layout
    from publisher.spec import load_spec
    with tempfile.TemporaryDirectory() as folder:
        spec = load_spec(spec_file(mode, Path(folder)))
        layout = load_layout(spec.book.layout, spec.path.parent, ValueError)
        jobs = [j for j in plan_book(spec, set(layout.page_grids)) if j.kind == "crossword"]
    kind = get_kind("crossword")
    per_candidate, per_puzzle, best, every = [], [], [], []
    for job in jobs:
        scores, t0 = [], time.process_time()
        for n in range(job.candidates):
            t = time.process_time()
            board = kind.generate(job.params, derive_seed(spec.book.seed, job.id, n))
            per_candidate.append(time.process_time() - t)
            scores.append((board.score, len(board.entries), board.crossings))
        per_puzzle.append(time.process_time() - t0)
        best.append(max(scores))
        every.extend(scores)
    print(f"speed book {mode}: its {len(jobs)} crosswords, best of "
          f"{statistics.mean(j.candidates for j in jobs):g} (code: {TREE})")
    book_figures(per_candidate, per_puzzle, best, every)


def book_figures(per_candidate: list[float], per_puzzle: list[float], best: list[tuple],
                 every: list[tuple]) -> None:
    print(f"  CPU ms per candidate: median {statistics.median(per_candidate) * 1000:.1f}, mean "
          f"{statistics.mean(per_candidate) * 1000:.1f}, all the puzzles' CPU / candidates "
          f"{sum(per_puzzle) / len(per_candidate) * 1000:.1f}; per kept puzzle: median "
          f"{statistics.median(per_puzzle) * 1000:.0f} | best of "
          f"{BOOK_CANDIDATES}: {statistics.mean(b[1] for b in best):.2f} words, "
          f"{statistics.mean(b[2] for b in best):.2f} crossings, "
          f"score mean {statistics.mean(b[0] for b in best):.1f} "
          f"median {statistics.median(b[0] for b in best):.1f}")
    for label, group in ((f"best of {BOOK_CANDIDATES}", best), ("every candidate", every)):
        dist = collections.Counter((b[1], b[2]) for b in group)
        values = [b[0] for b in group]
        cut = statistics.quantiles(values, n=10) if len(values) > 1 else values * 9
        print(f"  {label}: (words, crossings) x count: "
              + " ".join(f"{w}w{c}x:{n}" for (w, c), n in sorted(dist.items(), reverse=True))
              + f" | score deciles 10/50/90: {cut[0]:.1f} {cut[4]:.1f} {cut[8]:.1f}")


def best_of(results, k):
    """Median over disjoint groups of k of the best (placed, crossings, density)."""
    groups = [results[i:i + k] for i in range(0, len(results) - k + 1, k)]
    if not groups:
        return None
    bests = [max(g) for g in groups]
    return (statistics.median(b[0] for b in bests), statistics.median(b[1] for b in bests),
            statistics.median(b[2] for b in bests))


GENXWORD_PYTHON = "/tmp/genxword-venv/bin/python"
GENXWORD_SETUP = ('apt-get install -y libcairo2-dev libgirepository1.0-dev gir1.2-pango-1.0 '
                  'pkg-config; python3 -m venv /tmp/genxword-venv; '
                  '/tmp/genxword-venv/bin/pip install "PyGObject<3.51" genxword')

# Run by the genxword venv's python. stdin: {"words", "size", "n", "seed0"};
# stdout: {"ms": per board, "boards": [[[word, row, col, vertical], ...], ...]}.
GENXWORD_DRIVER = r"""
import json, random, sys, time
from genxword.calculate import Crossword
from genxword.control import Genxword

job = json.load(sys.stdin)
gx = Genxword(auto=True)
# genxword's own list builder: "WORD clue" lines, upper-cased, longest first
gx.wlist([w + " " + w.lower() for w in job["words"]], nwords=max(50, len(job["words"])))
size, boards = job["size"], []
t = time.process_time()
for s in range(job["n"]):
    random.seed(job["seed0"] + s)          # genxword draws only the first word's place
    calc = Crossword(size, size, "-", gx.wordlist)
    # one pass of the loop body of Crossword.compute_crossword = one candidate board
    calc.prep_grid_words()
    [calc.add_words(word) for i in range(2) for word in calc.available_words
     if word not in calc.current_wordlist]
    boards.append([[str(w[0]), w[2], w[3], w[4]] for w in calc.current_wordlist])
ms = (time.process_time() - t) / max(job["n"], 1) * 1000
json.dump({"ms": ms, "boards": boards}, sys.stdout)
"""


class GenxwordUnavailable(Exception):
    pass


def genxword_check(python: str) -> str:
    """Where genxword is imported from; raises GenxwordUnavailable with the failing step."""
    if not Path(python).exists():
        raise GenxwordUnavailable(f"no {python} (set it up with: {GENXWORD_SETUP})")
    out = subprocess.run([python, "-c", "import genxword.calculate, genxword.control, genxword; "
                          "print(genxword.__file__)"], capture_output=True, text=True)
    if out.returncode:
        last = (out.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise GenxwordUnavailable(f"`{python} -c 'import genxword.calculate'` failed: {last}")
    return out.stdout.strip()


def cells_of(board) -> dict[tuple[int, int], str | None]:
    """Letters of a board given as [word, row, col, vertical]; None marks a clash."""
    cells: dict[tuple[int, int], str | None] = {}
    for word, r, c, vertical in board:
        for k, ch in enumerate(word):
            p = (r + k, c) if vertical else (r, c + k)
            cells[p] = ch if cells.get(p, ch) == ch else None
    return cells


def board_stats(board):
    """(placed, crossings, density of the bounding box), as the other two are measured."""
    cells = cells_of(board)
    if not cells:
        return 0, 0, 0.0
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    area = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
    crossings = sum(len(w[0]) for w in board) - len(cells)
    return len(board), crossings, len(cells) / area


def rule_problems(board, size: int) -> list[str]:
    """Our layout rules, checked on the grid alone: letters agree where words cross,
    the bounding box fits size x size, every maximal run of 2+ letters (across or
    down) is exactly one placed word (no accidental words from adjacent letters, no
    word inside another), and the letters form one connected grid."""
    problems = []
    cells = cells_of(board)
    if None in cells.values():
        problems.append("letters clash where words cross")
    if not cells:
        return problems
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    if max(rows) - min(rows) >= size or max(cols) - min(cols) >= size:
        problems.append("bounding box larger than the grid")
    runs = set()
    for (r, c) in cells:
        for dr, dc, vertical in ((0, 1, 0), (1, 0, 1)):
            if (r - dr, c - dc) in cells:
                continue
            k, letters = 0, ""
            while (r + k * dr, c + k * dc) in cells:
                letters += cells[(r + k * dr, c + k * dc)] or "?"
                k += 1
            if k >= 2:
                runs.add((letters, r, c, vertical))
    words = {(w, r, c, int(v)) for w, r, c, v in board}
    extra, missing = sorted(runs - words), sorted(words - runs)
    if extra:
        problems.append("runs that are no placed word: " + ", ".join(
            f"{x[0]}@{x[1]},{x[2]}{'D' if x[3] else 'A'}" for x in extra[:3]))
    if missing:
        problems.append("placed words that are no maximal run: " + ", ".join(
            f"{x[0]}@{x[1]},{x[2]}{'D' if x[3] else 'A'}" for x in missing[:3]))
    seen, todo = set(), [min(cells)]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [p for p in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if p in cells]
    if seen != set(cells):
        problems.append("not connected")
    return problems


def measure_genxword(python: str, driver: Path, words, size, n, seed0):
    """(ms per board, [(placed, crossings, density)], [board]) from one driver call."""
    job = json.dumps({"words": words, "size": size, "n": n, "seed0": seed0})
    out = subprocess.run([python, str(driver)], input=job, capture_output=True, text=True)
    if out.returncode:
        last = (out.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise GenxwordUnavailable(f"driver {driver} failed on {size}x{size}: {last}")
    data = json.loads(out.stdout)
    return data["ms"], [board_stats(b) for b in data["boards"]], data["boards"]


def best_indexes(results, k):
    """Index of the best candidate of each disjoint group of k (as best_of picks it)."""
    return [max(range(i, i + k), key=lambda j: results[j])
            for i in range(0, len(results) - k + 1, k)]


def figures(label: str, runs) -> str:
    """One table row from [(ms, results)] per run."""
    ms = statistics.median(r[0] for r in runs)
    line = f"  {label:9} {ms:7.1f} ms/candidate |"
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
    return line


def rule_report(runs, size: int) -> str:
    """How many genxword candidates, and how many of its best-of picks, break our rules."""
    bad = [[bool(rule_problems(b, size)) for b in r[2]] for r in runs]
    total = sum(len(b) for b in bad)
    line = f"  {'':9} our rules broken by {sum(map(sum, bad))}/{total} genxword candidates"
    picks = []
    for k in (10, 100, 1000):
        idx = [(i, j) for i, r in enumerate(runs) for j in best_indexes(r[1], k)]
        if idx:
            picks.append(f"best of {k} {sum(bad[i][j] for i, j in idx)}/{len(idx)}")
    if picks:
        line += "; of the best-of picks: " + ", ".join(picks)
    example = next((rule_problems(b, size) for r in runs for b in r[2] if rule_problems(b, size)),
                   None)
    if example:
        line += f"; e.g. {example[0]}"
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", type=int, default=200, help="our candidates per run")
    ap.add_argument("--ref", type=int, default=1000, help="reference candidates per run")
    ap.add_argument("--genxword", type=int, default=1000,
                    help="genxword candidates per run (0: skip genxword)")
    ap.add_argument("--genxword-python", default=GENXWORD_PYTHON,
                    help="python of a venv with genxword installed")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--book", type=int, default=20, help="book-case puzzles (0: skip)")
    ap.add_argument("--speed-book", default=None, choices=["30", "120", "480"],
                    help="also the crosswords of benchmarks/book.py's book of this mode")
    ap.add_argument("--tree", default=str(ROOT), help="checkout whose code runs")
    ap.add_argument("--compare", default=None,
                    help="another checkout: run the book case on its code first (before/after)")
    args = ap.parse_args()
    if args.compare and (args.book > 0 or args.speed_book):
        print("before:", flush=True)
        subprocess.run([sys.executable, __file__, "--book", str(args.book), "--ours", "0",
                        "--ref", "0", "--genxword", "0", "--runs", "0", "--tree", args.compare]
                       + (["--speed-book", args.speed_book] if args.speed_book else []),
                       check=True)
        print("after:", flush=True)
    if args.book > 0:
        book(args.book)
    if args.speed_book:
        speed_book(args.speed_book)
    gx_error = gx_where = None
    driver = Path("/tmp/genxword_driver.py")
    if args.genxword > 0:
        try:
            gx_where = genxword_check(args.genxword_python)
            driver.write_text(GENXWORD_DRIVER)
        except GenxwordUnavailable as e:
            gx_error = str(e)
    sizes = (("16 words", W16, 13), ("16 words", W16, 14), ("30 words", W30, 17))
    if args.runs <= 0 or not (args.ours or args.ref or args.genxword):
        sizes = ()
    for name, words, size in sizes:
        print(f"\n{name} ({min(map(len, words))}-{max(map(len, words))} letters, "
              f"{sum(map(len, words))} letters in all) on {size}x{size}")
        for label, fn, n in (("reference", reference, args.ref), ("ours", ours, args.ours)):
            if n <= 0 or args.runs <= 0:
                continue
            runs = [measure(fn, words, size, n, 1000 * r) for r in range(args.runs)]
            print(figures(label, runs))
        if args.genxword <= 0 or args.runs <= 0:
            continue
        if gx_error is None:
            try:
                runs = [measure_genxword(args.genxword_python, driver, words, size,
                                         args.genxword, 1000 * r) for r in range(args.runs)]
            except GenxwordUnavailable as e:
                gx_error = str(e)
            else:
                print(figures("genxword", runs))
                print(rule_report(runs, size))
        if gx_error is not None:
            print(f"  {'genxword':9} unavailable: {gx_error}")
    if args.genxword <= 0:
        print("\ngenxword: skipped (--genxword 0)")
    elif gx_error is None:
        print(f"\ngenxword: {gx_where} (its ms/candidate: the mean timed inside the driver, one "
              "board per pass)")
    else:
        print(f"\ngenxword: unavailable: {gx_error}")


if __name__ == "__main__":
    main()
