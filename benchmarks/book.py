"""Print book benchmark: the 108-puzzle 6x9 example end to end, and its layout alone
against a bare ReportLab baseline.

    python benchmarks/book.py [--runs N] [--workers N] [--spec examples/print-6x9.yaml]

Run from the project root. It prints medians over runs of:
1. end to end: `build_book` (plan, generate, lay out twice for the gutter, render, the
   preflight of the interior and the cover, write), wall time and peak memory of this
   process (tracemalloc: Python allocations; generation in worker processes is not counted
   when --workers > 1);
2. layout: pagination (with the floor checks) + rendering of the generated boards to PDF
   bytes + the preflight, separately;
3. the baseline: one ReportLab canvas drawing the same pages with no engine: for each
   puzzle and each answer, its grid (a rectangle per cell) and its letters or numbers
   (drawCentredString per cell), with the same fonts embedded.
The goal is layout within 1.5x of the baseline (the baseline draws no word lists, clues,
front matter or cover, so the ratio is an upper bound on the engine's overhead).
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from publisher.batch import generate_all, make_executor  # noqa: E402
from publisher.ground.fonts import BOLD, REGULAR, register_fonts  # noqa: E402
from publisher.kinds import get_kind  # noqa: E402
from publisher.pipeline import build_book, how_to_play_examples, lay_out  # noqa: E402
from publisher.plan import plan_book  # noqa: E402
from publisher.preflight import check_bytes  # noqa: E402
from publisher.render.layout import load_layout  # noqa: E402
from publisher.spec import load_spec  # noqa: E402


def cells_of(kind: str, entry: dict) -> list[list[str | None]]:
    """The grid a bare drawing would print, from the manifest fields of any kind."""
    for key in ("grid", "solution"):
        value = entry.get(key)
        if isinstance(value, list) and value and isinstance(value[0], list):
            return [[None if c is None else str(c) for c in row] for row in value]
    size = entry.get("size") or entry.get("rows") or 8
    return [[""] * size for _ in range(size)]


def baseline(grids: list[list[list[str | None]]], page: tuple[float, float]) -> bytes:
    """Each grid twice (puzzle and answer), a page each, cells and letters only."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page, invariant=1, initialFontName=REGULAR,
                    pageCompression=1)
    width = page[0] - 72
    for grid in grids + grids:
        cell = min(width / len(grid[0]), (page[1] - 144) / len(grid))
        top = page[1] - 72
        canvas.setFont(BOLD, cell * 0.6)
        for r, row in enumerate(grid):
            for c, letter in enumerate(row):
                if letter is None:
                    continue
                x, y = 36 + c * cell, top - (r + 1) * cell
                canvas.rect(x, y, cell, cell, stroke=1, fill=0)
                if letter:
                    canvas.drawCentredString(x + cell / 2, y + cell * 0.3, letter)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def cold_caches() -> None:
    """Forget what an earlier run laid out (the crossword clue searches and wrapped clues
    are cached per process), so that every timed layout starts as a build does."""
    from publisher.kinds.crossword import draw
    for cached in (draw._search, draw._search_continued, draw._wrap):
        cached.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--spec", default=str(ROOT / "examples" / "print-6x9.yaml"))
    args = parser.parse_args()

    ends, peaks = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as out:
            tracemalloc.start()
            start = time.perf_counter()
            result = build_book(args.spec, out, workers=args.workers)
            ends.append(time.perf_counter() - start)
            peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
            tracemalloc.stop()
    print(f"end to end: {result.puzzles} puzzles, {result.pages} pages: "
          f"median {statistics.median(ends):.2f} s, peak {statistics.median(peaks):.0f} MiB "
          f"(workers={args.workers})")

    spec = load_spec(args.spec)
    layout = load_layout(spec.book.layout, spec.path.parent, ValueError)
    jobs = plan_book(spec, set(layout.page_grids))
    outcomes = generate_all(jobs, spec.book.seed, make_executor(args.workers))
    grids = [cells_of(o.job.kind, get_kind(o.job.kind).manifest(o.kept)) for o in outcomes]
    examples = how_to_play_examples(outcomes, spec.book.seed)
    ours, bare, checks = [], [], []
    for _ in range(args.runs):
        cold_caches()
        start = time.perf_counter()
        renderer, pages = lay_out(spec.book, layout, outcomes, spec.book.bleed, examples)
        pdf = renderer.render(pages.book, pages.placements, None, pages.contents)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        check_bytes(pdf, "book", layout.page)
        checks.append(time.perf_counter() - start)
        start = time.perf_counter()
        baseline(grids, layout.page)
        bare.append(time.perf_counter() - start)
    o, b = statistics.median(ours), statistics.median(bare)
    print(f"layout (paginate with floor checks + render): median {o:.2f} s")
    print(f"preflight of the interior: median {statistics.median(checks):.2f} s")
    print(f"bare ReportLab baseline (same grids and letters, puzzle + answer pages): "
          f"median {b:.2f} s; layout / baseline = {o / b:.2f}x")


if __name__ == "__main__":
    main()
