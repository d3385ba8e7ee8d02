"""Page benchmark (issue 27): how full the puzzle pages are, how tight the answer key packs
and how large the cells you write in print, measured on the PDF itself.

    python benchmarks/pages.py [--layouts letter a4 6x9] [--examples sudoku kinds ...]
                               [--no-mixed] [--before REV]

Run from the project root. Builds every example (examples/*.yaml, its `layout:` replaced by
each trim) and a mixed book of every kind (`make-book kinds --example`), then reads the PDF
with tests/pdfmarks.py (never the drawing code's numbers) and the manifest's page numbers:

- fill: per puzzle page, the height of what the page prints between the running head (the
  page's topmost grey text) and the folio (its lowest text), the "answer on page" notes (grey
  text) left out, over the height between the running head's bottom and the folio's top;
  median and minimum over the book's puzzle pages, and the count below 60%;
- how to play: the How to play pages (one a kind, just before the first puzzle page): how
  far down the page each one's content reaches (tests/pdfmarks.py `open_page_fill`: they
  have no running head), the median and the least over the book;
- answers: answer pages against the least possible, ceil(sum of 1 / capacity), a solution's
  capacity being the most solutions of its kind and size the book sets on one answer page
  (a lower bound given the book's own densest answer page);
- cell: per kind, the smallest cell of its puzzle pages, read as the smallest spacing that
  repeats between the page's parallel thin grid lines of one length, or the smallest square
  drawn at least 4 times (in inches; "-" when it draws neither; kinds without cells you
  write in, a maze's or a word search's, show their grid's spacing all the same).

With `--before REV` (e.g. `main`) every book is also built by the code of that git
revision (its tree exported to a temporary folder) and printed on the row above the
current code's: before and after side by side in one run.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from pdfmarks import open_page_fill, page_fill, page_marks, smallest_cell  # noqa: E402

def measure(pdf: bytes, manifest: dict, spec: dict) -> dict:
    puzzles = manifest["puzzles"]
    pages: dict[int, set[str]] = defaultdict(set)
    for p in puzzles:
        pages[p["page"]].add(p["kind"])
    fills, cells = [], {}
    for number, kinds in sorted(pages.items()):
        marks = page_marks(pdf, number - 1)
        fill = page_fill(marks)
        if fill is not None:
            fills.append(fill)
        cell = smallest_cell(marks)
        for kind in kinds:
            known = cells.get(kind)
            cells[kind] = cell if known is None else known if cell is None else min(known, cell)
    answer_pages: dict[int, list[dict]] = defaultdict(list)
    for p in puzzles:
        if p.get("answer_page"):
            answer_pages[p["answer_page"]].append(p)
    capacity: dict[tuple, int] = defaultdict(int)
    for held in answer_pages.values():
        for p in held:
            key = (p["kind"], p.get("rows"), p.get("cols"))
            capacity[key] = max(capacity[key], len(held))
    least = math.ceil(sum(1 / capacity[(p["kind"], p.get("rows"), p.get("cols"))]
                          for held in answer_pages.values() for p in held) - 1e-9)
    return {"fills": fills, "cells": cells, "answers": len(answer_pages), "least": least,
            "howto": howto_fills(pdf, manifest, spec)}


def howto_fills(pdf: bytes, manifest: dict, spec: dict) -> list[float]:
    """How far down each How to play page its content reaches. A printed book has one a
    kind, in a row just before the first puzzle page (and its section opener, when the
    book has them): found by place, as the PDF's text of a subset font does not read back
    beyond ASCII."""
    puzzles = manifest["puzzles"]
    if (not puzzles or not spec.get("print", True) or not spec.get("how_to_play", True)
            or spec.get("document", "book") != "book"):
        return []
    end = min(p["page"] for p in puzzles) - 1          # the last How to play page (1-based)
    if spec.get("section_openers"):
        end -= 1                                       # the opener
        if not page_marks(pdf, end - 1):
            end -= 1                                   # the blank page before it
    count = len({p["kind"] for p in puzzles})
    fills = [open_page_fill(page_marks(pdf, number - 1))
             for number in range(end - count + 1, end + 1)]
    return [fill for fill in fills if fill is not None]


def build(spec: dict, folder: Path, layout: str, root: Path = ROOT) -> tuple[bytes, dict]:
    """Build `spec` (its relative paths read from `folder`) on `layout` with the code in
    `root`."""
    spec = dict(spec, layout=layout)
    for key in ("cover", "history"):     # no cover; a desk's history would change the next run
        spec.pop(key, None)
    with tempfile.TemporaryDirectory() as out, tempfile.NamedTemporaryFile(
            "w", suffix=".yaml", dir=folder, prefix=".pages-", delete=False) as handle:
        path = Path(handle.name)
        yaml.safe_dump(spec, handle, allow_unicode=True, sort_keys=False)
        handle.close()
        try:
            run = subprocess.run([sys.executable, "-m", "publisher.cli", str(path), "--out", out,
                                  "-q"], cwd=root, capture_output=True, text=True)
        finally:
            path.unlink()
        if run.returncode:
            raise RuntimeError((run.stderr or run.stdout).strip().splitlines()[0][:90])
        name = path.stem
        return (Path(out, f"{name}.pdf").read_bytes(),
                json.loads(Path(out, f"{name}.json").read_text(encoding="utf-8")))


def books_of(root: Path, names: list[str] | None, mixed: bool) -> list[tuple[str, dict, Path]]:
    """(name, spec, folder) of the examples in `root` and its mixed book of every kind."""
    books: list[tuple[str, dict, Path]] = []
    for path in sorted((root / "examples").glob("*.yaml")):
        if names is None or path.stem in names:
            books.append((path.stem, yaml.safe_load(path.read_text(encoding="utf-8")),
                          path.parent))
    if mixed:
        spec = subprocess.run([sys.executable, "-m", "publisher.cli", "kinds", "--example"],
                              cwd=root, capture_output=True, text=True, check=True).stdout
        books.append(("every-kind", yaml.safe_load(spec), root / "examples"))
    return [book for book in books if "sections" in book[1]]


def row(label: str, layout: str, spec: dict, folder: Path, root: Path,
        medians: list[float]) -> None:
    try:
        pdf, manifest = build(spec, folder, layout, root)
    except RuntimeError as exc:
        print(f"{label:<20} {layout:<7} fails: {exc}", flush=True)
        return
    got = measure(pdf, manifest, spec)
    fills, howto = got["fills"], got["howto"]
    cells = " ".join(f"{k}={v / 72:.2f}" if v else f"{k}=-"
                     for k, v in sorted(got["cells"].items()))
    answers = f"{got['answers']:>3}/{got['least']:<4}"
    answers += (f" {statistics.median(howto):>4.0%} {min(howto):>4.0%}" if howto
                else f" {'-':>4} {'-':>4}")
    if fills:
        medians.append(statistics.median(fills))
        print(f"{label:<20} {layout:<7} {len(fills):>5} {statistics.median(fills):>7.0%} "
              f"{min(fills):>6.0%} {sum(f < 0.6 for f in fills):>5} {answers}  {cells}", flush=True)
    else:
        print(f"{label:<20} {layout:<7} {'-':>5} {'-':>7} {'-':>6} {'-':>5} {answers}  {cells}", flush=True)


def summary(label: str, medians: list[float]) -> None:
    if medians:
        print(f"{label}books: {len(medians)}, median of the books' median fill "
              f"{statistics.median(medians):.0%}, lowest {min(medians):.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", nargs="+", default=["letter", "a4", "6x9"])
    parser.add_argument("--examples", nargs="*", help="example names (default: all)")
    parser.add_argument("--no-mixed", action="store_true", help="skip the mixed book")
    parser.add_argument("--before", metavar="REV",
                        help="also build every book with this git revision's code")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as old:
        before: dict[str, tuple[dict, Path]] = {}
        if args.before:
            tree = subprocess.run(["git", "archive", args.before], cwd=ROOT,
                                  capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", old], input=tree, check=True)
            before = {name: (spec, folder) for name, spec, folder
                      in books_of(Path(old), args.examples, not args.no_mixed)}
        print(f"{'book':<20} {'trim':<7} {'pages':>5} {'median':>7} {'min':>6} {'<60%':>5} "
              f"{'answers':>8} {'howto':>4} {'min':>4}  smallest writing cell per kind (in)")
        medians: list[float] = []
        old_medians: list[float] = []
        for name, spec, folder in books_of(ROOT, args.examples, not args.no_mixed):
            for layout in args.layouts:
                if name in before:
                    row(f"{name} (before)", layout, *before[name], Path(old), old_medians)
                row(name, layout, spec, folder, ROOT, medians)
        summary("before: ", old_medians)
        summary("after: " if args.before else "", medians)


if __name__ == "__main__":
    main()
