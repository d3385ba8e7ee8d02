"""Blocked crossword fill: ours against blacksquare on the bundled 15x15 templates.

`--lang ru` (repeatable; any language with a fill list: wordlists/<code>/fill.txt) runs
each language in its own grid style (grid.GRID_STYLES: Russian templates and fresh grids
with more blocks and shorter runs) from its default list (Russian: ru/crossword-fill),
one after the other in the same run: `--lang en --lang ru --fresh` sets them side by side.

Both fill the same templates from the same list (wordlists/en/fill.txt, every word; never
blacksquare's bundled list, which is for non-commercial use only). Prints, per template
and engine: filled or not, seconds (wall and CPU), mean and minimum word score (from our
list), then medians and success rates, and the mean word score on the grids every engine
filled. "ours-unpolished" is our first fill as found (polish_steps=0), the engine before
the polishing pass (polish.py).

    python benchmarks/blocked.py [--templates 10] [--steps 20000] [--timeout 10] [--min-score 0] [--fresh]
                                 [--list wordlists/en/fill.txt] [--lang en --lang ru ...]

The kind's own budget is 40 steps a cell (kinds/crossword/blocked/kind.py): --steps 9000 at 15x15.

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

from publisher.grids.blocked.fill import FillFailed, fill_grid  # noqa: E402
from publisher.grids.blocked.grid import (Grid, bundled_templates, grid_style, load_template,  # noqa: E402
                                          slots)
from publisher.grids.blocked.gridgen import generate_grid  # noqa: E402
from publisher.grids.blocked.words import WordIndex, read_fill_list  # noqa: E402


def entry_scores(filled: list[str], scores: dict[str, int]) -> list[int]:
    words = ["".join(filled[r][c] for r, c in s.cells) for s in slots(tuple(filled))]
    return [scores.get(w, 0) for w in words]


def ours(grid: Grid, index: WordIndex, steps: int,
         polish_steps: int | None) -> tuple[list[str] | None, float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    try:
        fill = fill_grid(grid, index, seed=0, max_steps=steps, polish_steps=polish_steps)
    except FillFailed:
        return None, time.perf_counter() - start, time.process_time() - cpu
    return list(fill.grid), time.perf_counter() - start, time.process_time() - cpu


def theirs(grid: Grid, word_list, timeout: float) -> tuple[list[str] | None, float, float]:
    import blacksquare as bs

    xw = bs.Crossword(grid=[["#" if ch == "#" else " " for ch in row] for row in grid])
    start, cpu = time.perf_counter(), time.process_time()
    result = xw.fill(word_list=word_list, timeout=timeout, show_progress=False)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    if result is None:
        return None, elapsed, cpu
    rows = ["".join("#" if ch == "#" else result[r, c].str for c, ch in enumerate(row))
            for r, row in enumerate(grid)]
    return rows, elapsed, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--templates", type=int, default=10)
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--min-score", type=int, default=0)
    ap.add_argument("--list", type=Path, default=None,
                    help="the fill list both engines use (default: the language's, en/fill)")
    ap.add_argument("--lang", action="append", default=None,
                    help="a language code (repeatable): its grid style and fill list")
    ap.add_argument("--fresh", action="store_true",
                    help="fresh generated 15x15 grids (seeds 0..n-1) instead of the bundled "
                    "templates, which were kept because our engine filled them")
    args = ap.parse_args()
    langs = args.lang or ["en"]
    summary: list[str] = []
    for lang in langs:
        style = grid_style(lang)
        listed = args.list or ROOT / "wordlists" / f"{style.wordlist or lang + '/fill'}.txt"
        if not listed.is_file():
            print(f"{lang}: no fill list {listed.relative_to(ROOT)}: skipped")
            continue
        print(f"== {lang}: {listed.relative_to(ROOT) if listed.is_relative_to(ROOT) else listed}")
        if args.fresh:
            grids = [(f"fresh-{seed}", generate_grid(15, seed=seed, style=style))
                     for seed in range(args.templates)]
        else:
            paths = bundled_templates(15, style=style)[:args.templates]
            grids = [(p.stem, load_template(p, style)) for p in paths]
        summary += [f"{lang:<4}{line}" for line in run(args, listed, grids)]
    if len(langs) > 1:
        print("\nside by side:")
        print("\n".join(summary))


def run(args: argparse.Namespace, listed: Path, grids: list[tuple[str, Grid]]) -> list[str]:
    """Fill `grids` with every engine; print a line per grid and return the summary lines."""
    scores = read_fill_list(listed)
    scores = {w: s for w, s in scores.items() if s >= args.min_score}
    started = time.perf_counter()
    index = WordIndex(scores)
    print(f"list: {len(scores)} words (score >= {args.min_score}); our index built in "
          f"{time.perf_counter() - started:.2f} s")
    engines = {"ours": lambda g: ours(g, index, args.steps, None),
               "ours-unpolished": lambda g: ours(g, index, args.steps, 0)}
    try:
        import blacksquare as bs
        word_list = bs.WordList(dict(scores))
        engines["blacksquare"] = lambda g: theirs(g, word_list, args.timeout)
    except ImportError:
        print("blacksquare is not installed (pip install blacksquare): ours only")
    results: dict[str, list[tuple[bool, float, float, float, int, str]]] = {name: [] for name in engines}
    print(f"{'template':<10}" + "".join(f"{name:>36}" for name in engines))
    for name_of_grid, grid in grids:
        cells = []
        for name, engine in engines.items():
            filled, seconds, cpu = engine(grid)
            if filled is None:
                results[name].append((False, seconds, cpu, 0.0, 0, name_of_grid))
                cells.append(f"  FAILED {seconds:5.2f} s {cpu:5.2f} cpu {'':>13}")
                continue
            got = entry_scores(filled, scores)
            mean, low = sum(got) / len(got), min(got)
            results[name].append((True, seconds, cpu, mean, low, name_of_grid))
            cells.append(f"  ok {seconds:5.2f} s {cpu:5.2f} cpu mean {mean:4.1f} min {low:3d}")
        print(f"{name_of_grid:<10}" + "".join(f"{c:>36}" for c in cells), flush=True)
    print()
    filled_by_all = {r[5] for r in next(iter(results.values()))}
    for rows in results.values():
        filled_by_all &= {r[5] for r in rows if r[0]}
    lines = []
    for name, rows in results.items():
        ok = [r for r in rows if r[0]]
        both = [r for r in ok if r[5] in filled_by_all]
        lines.append(f"{name:<16} filled {len(ok)}/{len(rows)}  median {statistics.median(r[1] for r in rows):.2f} s "
                     f"({statistics.median(r[2] for r in rows):.2f} s cpu)"
                     + (f"  mean word score {statistics.mean(r[3] for r in ok):.1f}"
                        f"  mean minimum {statistics.mean(r[4] for r in ok):.1f}" if ok else "")
                     + (f"  on the {len(both)} grids all filled: mean {statistics.mean(r[3] for r in both):.1f}"
                        if both else ""))
    print("\n".join(lines))
    return lines


if __name__ == "__main__":
    main()
