"""Blocked crossword fill: ours against blacksquare on the bundled 15x15 templates.

Both fill the same templates from the same list (wordlists/en/fill.txt, every word; never
blacksquare's bundled list, which is for non-commercial use only). Prints, per template
and engine: filled or not, seconds, mean and minimum word score (from our list), then
medians and success rates.

    python benchmarks/blocked.py [--templates 10] [--steps 20000] [--timeout 10] [--min-score 0] [--fresh]

blacksquare (MIT, a Rust filler) is optional: pip install blacksquare. Our engine's budget
is in steps; blacksquare's is in seconds (its only knob), so a timeout is given to both.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.kinds.crossword.blocked.fill import FillFailed, fill_grid  # noqa: E402
from publisher.kinds.crossword.blocked.grid import Grid, bundled_templates, load_template, slots  # noqa: E402
from publisher.kinds.crossword.blocked.gridgen import generate_grid  # noqa: E402
from publisher.kinds.crossword.blocked.words import WordIndex, read_fill_list  # noqa: E402


def entry_scores(filled: list[str], scores: dict[str, int]) -> list[int]:
    words = ["".join(filled[r][c] for r, c in s.cells) for s in slots(tuple(filled))]
    return [scores.get(w, 0) for w in words]


def ours(grid: Grid, index: WordIndex, steps: int) -> tuple[list[str] | None, float]:
    start = time.perf_counter()
    try:
        fill = fill_grid(grid, index, seed=0, max_steps=steps)
    except FillFailed:
        return None, time.perf_counter() - start
    return list(fill.grid), time.perf_counter() - start


def theirs(grid: Grid, word_list, timeout: float) -> tuple[list[str] | None, float]:
    import blacksquare as bs

    xw = bs.Crossword(grid=[["#" if ch == "#" else " " for ch in row] for row in grid])
    start = time.perf_counter()
    result = xw.fill(word_list=word_list, timeout=timeout, show_progress=False)
    elapsed = time.perf_counter() - start
    if result is None:
        return None, elapsed
    rows = ["".join("#" if ch == "#" else result[r, c].str for c, ch in enumerate(row))
            for r, row in enumerate(grid)]
    return rows, elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--templates", type=int, default=10)
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--min-score", type=int, default=0)
    ap.add_argument("--fresh", action="store_true",
                    help="fresh generated 15x15 grids (seeds 0..n-1) instead of the bundled "
                    "templates, which were kept because our engine filled them")
    args = ap.parse_args()
    scores = read_fill_list(ROOT / "wordlists" / "en" / "fill.txt")
    scores = {w: s for w, s in scores.items() if s >= args.min_score}
    started = time.perf_counter()
    index = WordIndex(scores)
    print(f"list: {len(scores)} words (score >= {args.min_score}); our index built in "
          f"{time.perf_counter() - started:.2f} s")
    engines = {"ours": lambda g: ours(g, index, args.steps)}
    try:
        import blacksquare as bs
        word_list = bs.WordList(dict(scores))
        engines["blacksquare"] = lambda g: theirs(g, word_list, args.timeout)
    except ImportError:
        print("blacksquare is not installed (pip install blacksquare): ours only")
    results: dict[str, list[tuple[bool, float, float, int]]] = {name: [] for name in engines}
    print(f"{'template':<14}" + "".join(f"{name:>34}" for name in engines))
    if args.fresh:
        grids = [(f"fresh-{seed}", generate_grid(15, seed=seed)) for seed in range(args.templates)]
    else:
        grids = [(p.stem, load_template(p)) for p in bundled_templates(15)[:args.templates]]
    for name_of_grid, grid in grids:
        cells = []
        for name, run in engines.items():
            filled, seconds = run(grid)
            if filled is None:
                results[name].append((False, seconds, 0.0, 0))
                cells.append(f"{'FAILED':>10} {seconds:7.2f} s {'':>13}")
                continue
            got = entry_scores(filled, scores)
            mean, low = sum(got) / len(got), min(got)
            results[name].append((True, seconds, mean, low))
            cells.append(f"{'filled':>10} {seconds:7.2f} s  mean {mean:4.1f} min {low:3d}")
        print(f"{name_of_grid:<14}" + "".join(f"{c:>34}" for c in cells), flush=True)
    print()
    for name, rows in results.items():
        ok = [r for r in rows if r[0]]
        times = [r[1] for r in rows]
        means = [r[2] for r in ok]
        mins = [r[3] for r in ok]
        print(f"{name:<12} filled {len(ok)}/{len(rows)}  median time {statistics.median(times):.2f} s"
              + (f"  mean word score {statistics.mean(means):.1f}  mean minimum {statistics.mean(mins):.1f}"
                 if ok else ""))


if __name__ == "__main__":
    main()
