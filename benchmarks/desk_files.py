"""Desk files (`split`, `svg`): what they cost per puzzle, against the book itself.

Builds examples/daily.yaml's puzzles once (56: 28 crosswords, 28 word searches), then
times, in this one process, rendering the book PDF and drawing the desk files (PDF
only, PDF + SVG) for the same puzzles. Medians of CPU time (time.process_time, steadier
on a loaded machine) and wall time over --repeat runs.

    python benchmarks/desk_files.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.batch import generate_all, make_executor  # noqa: E402
from publisher.desk import Desk  # noqa: E402
from publisher.pipeline import lay_out  # noqa: E402
from publisher.plan import plan_book  # noqa: E402
from publisher.render.layout import load_layout  # noqa: E402
from publisher.render.split import DeskOptions, desk_files  # noqa: E402
from publisher.spec import load_spec  # noqa: E402


def timed(step, repeat: int) -> tuple[float, float]:
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        step()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    spec = load_spec(ROOT / "examples" / "daily.yaml")
    spec.book.history = None                 # measure drawing, not the database
    with tempfile.TemporaryDirectory():
        desk = Desk.open(spec)
    layout = load_layout(spec.book.layout, spec.path.parent, spec.error)
    jobs = plan_book(spec, set(layout.page_grids))
    outcomes = generate_all(jobs, spec.book.seed, make_executor(1, "local", None))
    renderer, pages = lay_out(spec.book, layout, outcomes, False)
    n = len(outcomes)
    rows = [("book PDF (all pages)", lambda: renderer.render(pages.book, pages.placements))]
    for label, svg in (("desk files, PDF", False), ("desk files, PDF + SVG", True)):
        options = DeskOptions(layout.column_width, svg=svg)
        rows.append((label, lambda o=options: desk_files(renderer, outcomes, desk.stem, o)))
    print(f"{n} puzzles, {len(pages.book)} book pages, median of {args.repeat} runs")
    base = None
    for label, step in rows:
        cpu, wall = timed(step, args.repeat)
        base = base or cpu
        print(f"{label:24} cpu {cpu:6.2f} s  wall {wall:6.2f} s  "
              f"{1000 * cpu / n:6.1f} ms cpu/puzzle  x{cpu / base:4.2f} of the book")


if __name__ == "__main__":
    main()
