"""Issue 27, goal 3: cells a pencil fits, for every kind with cells a solver writes in.
Measured on the PDF (tests/pdfmarks.py), never the drawing code's numbers: at each kind's
default `per_page` the cells print at least 0.30 in on Letter and 0.26 in on 6x9; a spec's
`per_page` that would print them smaller gives way to fewer a page, and the build says so."""
import json
import re
from pathlib import Path

import pytest

from publisher.pipeline import build_book
from pdfmarks import page_marks, smallest_cell

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
    return [smallest_cell(page_marks(pdf, page - 1)) or 0.0 for page in pages]


@pytest.mark.parametrize("kind, title", [("futoshiki", "Futoshiki"), ("scramble", "Scramble")])
def test_a_crowded_per_page_gives_way_to_pencil_cells(crowded, kind, title):
    (result, pdf, manifest), (_, pdf0, manifest0) = crowded
    # without the floor the spec's per_page prints cells too small for a pencil...
    assert min(_cells(pdf0, manifest0, kind)) / 72 < 0.26
    # ...with it the section gets fewer a page, says so, and every cell takes a pencil
    assert any(note.startswith(f"{title}: puzzles per page") and "instead of 6" in note
               for note in result.notes + result.warnings)
    assert min(_cells(pdf, manifest, kind)) / 72 >= 0.26 - 0.005
