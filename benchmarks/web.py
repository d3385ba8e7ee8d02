"""The web edition (`web: true`): what its pages cost against the book, and how much
they weigh per kind.

1. Generates examples/print-6x9.yaml's 108 puzzles once (word searches, crosswords,
   Flow, Queens), then times in this one process rendering the book PDF and writing
   every puzzle's web page and the index (medians of CPU and wall time over --repeat).
2. Builds a book of every kind's example with `web: true` and prints each kind's page
   size (the limit is 300 KB), and the largest page of print-6x9.
3. With --builds: the whole build of print-6x9 with and without --web (2 workers).

    python benchmarks/web.py [--repeat 5] [--builds]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.batch import generate_all, make_executor  # noqa: E402
from publisher.desk import Desk  # noqa: E402
from publisher.kinds import all_kinds  # noqa: E402
from publisher.pipeline import build_book, lay_out  # noqa: E402
from publisher.plan import plan_book  # noqa: E402
from publisher.render.layout import load_layout  # noqa: E402
from publisher.render.web import WebBook, has_web, web_files  # noqa: E402
from publisher.spec import load_spec  # noqa: E402


def timed(step, repeat: int) -> tuple[float, float]:
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        step()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def book_against_pages(repeat: int) -> None:
    spec = load_spec(ROOT / "examples" / "print-6x9.yaml")
    with tempfile.TemporaryDirectory():
        desk = Desk.open(spec)
    layout = load_layout(spec.book.layout, spec.path.parent, spec.error)
    outcomes = generate_all(plan_book(spec, set(layout.page_grids)), spec.book.seed,
                            make_executor(1, "local", None))
    renderer, pages = lay_out(spec.book, layout, outcomes, False)
    page_of = {o.job.id: p.page for o, p in zip(outcomes, pages.placements)}
    book = WebBook(spec.name, spec.book.title, f"{spec.name}.pdf")
    made: dict[str, bytes] = {}

    def web() -> None:
        made.update(web_files(book, "en", outcomes, desk.stem,
                              lambda o: f"../../{spec.name}.pdf#page={page_of[o.job.id]}")[0])
    n = len(outcomes)
    print(f"print-6x9: {n} puzzles, {len(pages.book)} book pages, median of {repeat} runs")
    base = None
    steps = (("book PDF (all pages)", lambda: renderer.render(pages.book, pages.placements)),
             ("web pages + index", web))
    for label, step in steps:
        cpu, wall = timed(step, repeat)
        base = base or cpu
        print(f"  {label:22} cpu {cpu:6.2f} s  wall {wall:6.2f} s  "
              f"{1000 * cpu / n:6.2f} ms cpu/puzzle  x{cpu / base:5.3f} of the book")
    sizes = sorted(len(data) for data in made.values())
    print(f"  pages: {len(sizes)}, {sum(sizes) / 1e6:.2f} MB in all, "
          f"largest {sizes[-1] / 1000:.1f} KB")


def sizes_per_kind() -> None:
    kinds = sorted(name for name, kind in all_kinds().items() if has_web(kind))
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "kinds.yaml"
        spec.write_text(yaml.safe_dump({"title": "Kinds", "seed": 5, "print": False, "web": True,
                                        "sections": [{"kind": k, **all_kinds()[k].example}
                                                     for k in kinds]}), encoding="utf-8")
        result = build_book(spec, Path(folder) / "out", workers=1)
        manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
        print("page size per kind (each kind's example section):")
        seen = set()
        for puzzle in manifest["puzzles"]:
            if puzzle["kind"] in seen:
                continue
            seen.add(puzzle["kind"])
            page = Path(folder) / "out" / next(f for f in puzzle["files"] if f.endswith(".html"))
            print(f"  {puzzle['kind']:12} {page.stat().st_size / 1000:6.1f} KB")
        index = Path(folder) / "out" / manifest["web"]
        print(f"  {'index.html':12} {index.stat().st_size / 1000:6.1f} KB")


def whole_builds() -> None:
    spec = ROOT / "examples" / "print-6x9.yaml"
    print("whole build of print-6x9, 2 workers:")
    for web in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            result = build_book(spec, folder, workers=2, web=web)
            wall = time.perf_counter() - start
            phase = result.timings.get("write", (0.0, 0.0))
            print(f"  web={str(web):5}  wall {wall:6.2f} s  (write phase {phase[0]:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--builds", action="store_true")
    args = parser.parse_args()
    book_against_pages(args.repeat)
    sizes_per_kind()
    if args.builds:
        whole_builds()


if __name__ == "__main__":
    main()
