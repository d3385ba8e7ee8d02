"""Issue 27, goal 3: cells a pencil fits, for every kind with cells a solver writes in.
Measured on the PDF (tests/pdfmarks.py), never the drawing code's numbers: at each kind's
default `per_page` the cells print at least 0.30 in on Letter and 0.26 in on 6x9; a spec's
`per_page` that would print them smaller gives way to fewer a page, and the build says so.
The digits a solver reads in those cells (givens, Skyscrapers' edge clues) print at least
12 pt wherever the cells may go, and grids sharing a page stand at least 0.25 in apart."""
import io
import json
import math
import re
from collections import defaultdict
from pathlib import Path

import pypdf
import pytest

from publisher.pipeline import build_book
from pdfmarks import above_notes, page_marks, smallest_cell

FLOORS = {"letter": 0.30, "6x9": 0.26}

# One puzzle of each writing kind at a book's usual size, at the kind's default per_page.
DEFAULTS = """\
title: Writing cells
layout: {layout}
seed: 3
sections:
  - {{kind: sudoku, size: 9, count: 1, difficulty: easy}}
  - {{kind: futoshiki, size: 7, count: 1, difficulty: easy}}
  - {{kind: skyscrapers, size: 6, count: 1, difficulty: easy}}
  - {{kind: calcudoku, size: 6, count: 1, difficulty: easy}}
  - {{kind: kakuro, size: 8, count: 1, difficulty: medium}}
  - {{kind: codeword, size: 11, count: 1}}
  - kind: crossword
    size: 9
    candidates: 2
    puzzles:
      - title: Mini
        clues:
          piano: Instrument with keys
          tiger: Striped big cat
          river: Flowing water
          apple: Red or green fruit
  - {{kind: fillin, size: 9, words: [planet, garden, orange, winter, pencil, tiger]}}
  - {{kind: scramble, words: [planet, garden, orange, winter, pencil, tiger, ocean, bread]}}
  - {{kind: wordladder, length: 4, steps: 4, count: 1}}
"""
WRITING_KINDS = {"sudoku", "futoshiki", "skyscrapers", "calcudoku", "kakuro", "codeword",
                 "crossword", "fillin", "scramble", "wordladder"}


def _build(folder, name: str, spec: str):
    path = folder / f"{name}.yaml"
    path.write_text(spec, encoding="utf-8")
    result = build_book(path, folder / "out", workers=1)
    pdf = (folder / "out" / f"{name}.pdf").read_bytes()
    manifest = json.loads((folder / "out" / f"{name}.json").read_text(encoding="utf-8"))
    return result, pdf, manifest


@pytest.fixture(scope="module", params=sorted(FLOORS))
def defaults_book(request, tmp_path_factory):
    layout = request.param
    folder = tmp_path_factory.mktemp(f"cells-{layout}")
    return (layout, *_build(folder, "cells", DEFAULTS.format(layout=layout)))


def test_every_writing_kind_prints_pencil_cells_at_its_default(defaults_book):
    layout, _, pdf, manifest = defaults_book
    seen = set()
    for puzzle in manifest["puzzles"]:
        cell = smallest_cell(page_marks(pdf, puzzle["page"] - 1))
        assert cell is not None, puzzle["kind"]
        assert cell / 72 >= FLOORS[layout] - 0.005, (puzzle["kind"], cell / 72)
        seen.add(puzzle["kind"])
    assert seen == WRITING_KINDS


# per_page 6 on 6x9 would print these 7x7 Futoshiki and scrambles under the floor.
CROWDED = """\
title: Crowded
layout: {layout}
seed: 4
sections:
  - {{kind: futoshiki, title: Futoshiki, size: 7, count: 4, difficulty: easy, per_page: 6}}
  - kind: scramble
    title: Scramble
    per_page: 6
    puzzles:
      - title: S1
        words: [planet, garden, orange, winter, pencil, tiger]
      - title: S2
        words: [rocket, basket, candle, butter, silver, forest]
      - title: S3
        words: [monkey, carpet, window, pepper, jacket, bottle]
      - title: S4
        words: [ladder, turtle, pillow, anchor, violin, meadow]
"""


@pytest.fixture(scope="module")
def crowded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("crowded")
    floorless = folder / "no-pencil-floor.yaml"
    bundled = (Path(__file__).parent.parent / "layouts" / "6x9.yaml").read_text(encoding="utf-8")
    floorless.write_text(re.sub(r"(?m)^min_writing_cell:.*$", "min_writing_cell: 0in", bundled),
                         encoding="utf-8")
    return (_build(folder, "crowded", CROWDED.format(layout="6x9")),
            _build(folder, "floorless", CROWDED.format(layout=floorless.name)))


def _cells(pdf, manifest, kind: str) -> list[float]:
    pages = sorted({p["page"] for p in manifest["puzzles"] if p["kind"] == kind})
    return [smallest_cell(above_notes(page_marks(pdf, page - 1))) or 0.0 for page in pages]


@pytest.mark.parametrize("kind, title", [("futoshiki", "Futoshiki"), ("scramble", "Scramble")])
def test_a_crowded_per_page_gives_way_to_pencil_cells(crowded, kind, title):
    (result, pdf, manifest), (_, pdf0, manifest0) = crowded
    # without the floor the spec's per_page prints cells too small for a pencil...
    assert min(_cells(pdf0, manifest0, kind)) / 72 < 0.26
    # ...with it the section gets fewer a page, says so, and every cell takes a pencil
    assert any(note.startswith(f"{title}: puzzles per page") and "instead of 6" in note
               for note in result.notes + result.warnings)
    assert min(_cells(pdf, manifest, kind)) / 72 >= 0.26 - 0.005


# --- digits a solver reads in a cell, and the room between grids -------------------------

DIGIT_FLOOR = 12.0      # points: issue 27, "digits at least 12 pt"
GUTTER = 18.0           # points: grids on one page at least 0.25 in apart

# Sections crowded on purpose: the pencil floor gives way to fewer a page, so on 6x9 the
# cells (and the digits in them) print at the floor, the tightest the book allows.
DIGITS = """\
title: Digits
layout: {layout}
seed: 5
sections:
  - {{kind: sudoku, title: Sudoku, size: 9, count: 4, per_page: 6, difficulty: easy}}
  - {{kind: sudoku, title: Jigsaw, variant: jigsaw, count: 2, per_page: 6, difficulty: easy}}
  - {{kind: futoshiki, title: Futoshiki, size: 7, count: 2, per_page: 6, difficulty: easy}}
  - {{kind: skyscrapers, title: Skyscrapers, size: 6, count: 4, per_page: 4, difficulty: easy}}
  - {{kind: calcudoku, title: Calcudoku, size: 6, count: 4, per_page: 4, difficulty: easy,
      givens: true}}
  - {{kind: kakuro, title: Kakuro, size: 8, count: 2, per_page: 4, difficulty: medium}}
"""


@pytest.fixture(scope="module")
def digits_book(defaults_book, tmp_path_factory):
    layout = defaults_book[0]           # the same trims, each book built once
    folder = tmp_path_factory.mktemp(f"digits-{layout}")
    return (layout, *_build(folder, "digits", DIGITS.format(layout=layout)))


def _bold_digits(pdf: bytes, index: int) -> list[float]:
    """The size (points, on the page) of every run of digits set in a bold font on page
    `index`: the givens and edge clues (corner labels, answers and folios are regular)."""
    sizes: list[float] = []

    def visit(text, cm, tm, font, size):
        if text.strip().isdigit() and font and "Bold" in str(font.get("/BaseFont", "")):
            # the text matrix then the CTM: the em's height on the page
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            sizes.append(size * math.hypot(c, d))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[index].extract_text(visitor_text=visit)
    return sizes


def _printed_digits(puzzle: dict) -> int:
    """How many given digits (and edge clues) the manifest says the puzzle shows."""
    shown = sum(v is not None for row in puzzle.get("givens") or [] for v in row)
    return shown + sum(v is not None for side in (puzzle.get("clues") or {}).values()
                       for v in side)


def test_given_digits_print_at_least_12_pt(digits_book, defaults_book):
    for layout, _, pdf, manifest in (digits_book, defaults_book):
        pages: dict[int, int] = defaultdict(int)
        for puzzle in manifest["puzzles"]:
            if puzzle["kind"] in ("sudoku", "futoshiki", "skyscrapers", "calcudoku"):
                pages[puzzle["page"]] += _printed_digits(puzzle)
        assert sum(pages.values()) > 0, layout
        for page, count in pages.items():
            sizes = _bold_digits(pdf, page - 1)
            assert len(sizes) == count, (layout, page)      # every given found, nothing else
            assert min(sizes, default=DIGIT_FLOOR) >= DIGIT_FLOOR - 0.01, (layout, page, sizes)


def _grids(marks: list) -> list[tuple[float, float, float, float]]:
    """The page's painted shapes (text left out) grouped while closer than a gutter: the
    boxes of the groups at least an inch on a side (a grid, not a difficulty star)."""
    boxes = [m.bbox for m in marks if m.kind in ("stroke", "fill", "image")]
    group = list(range(len(boxes)))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    reach = GUTTER - 0.1
    for i, a in enumerate(boxes):
        for j in range(i):
            b = boxes[j]
            if (a[0] - reach < b[2] and b[0] - reach < a[2]
                    and a[1] - reach < b[3] and b[1] - reach < a[3]):
                group[root(i)] = root(j)
    members: dict[int, list] = defaultdict(list)
    for i, box in enumerate(boxes):
        members[root(i)].append(box)
    grids = [(min(b[0] for b in g), min(b[1] for b in g), max(b[2] for b in g),
              max(b[3] for b in g)) for g in members.values()]
    return [g for g in grids if g[2] - g[0] >= 72 and g[3] - g[1] >= 72]


def test_grids_on_one_page_keep_a_quarter_inch_gutter(digits_book, defaults_book):
    """Puzzle and answer pages holding several grids: grouping what is painted within
    0.25 in leaves each puzzle's grid on its own (so no two grids come closer)."""
    shared_pages = 0
    for layout, _, pdf, manifest in (digits_book, defaults_book):
        pages: dict[int, int] = defaultdict(int)
        for puzzle in manifest["puzzles"]:
            pages[puzzle["page"]] += 1
            pages[puzzle["answer_page"]] += 1
        for page, count in pages.items():
            if count > 1:
                shared_pages += 1
                assert len(_grids(page_marks(pdf, page - 1))) >= count, (layout, page)
    assert shared_pages >= 8
