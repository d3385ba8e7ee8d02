"""Issue 27, goal 1: puzzle pages are full. Measured on the PDF (tests/pdfmarks.py): what a
puzzle page prints between its running head and its folio spans at least 60% of that room,
the book's median at least 80%, for kinds whose puzzles are naturally small (cryptogram,
scramble, a small fill-in, a short cryptogram alone, word ladders)."""
import json
import statistics

import pytest

from publisher.pipeline import build_book
from pdfmarks import page_fill, page_marks, smallest_cell

SPEC = """\
title: Small puzzles
layout: {layout}
seed: 5
sections:
  - kind: cryptogram
    texts:
      - text: Octopuses have three hearts, and their blood is blue.
      - text: A kettle that is watched still boils; it only seems to take longer.
      - text: Honey found in ancient tombs was still good to eat after thousands of years.
  - kind: scramble
    words: [planet, garden, orange, winter, pencil, tiger, rocket, basket]
  - kind: scramble
    title: Animal scramble
    show: clues
    words:
      rabbit: Long ears, short tail
      dolphin: A clever swimmer that breathes air
      penguin: A bird that cannot fly but swims well
      giraffe: The tallest animal
      squirrel: It hides nuts for the winter
      elephant: It has a trunk
  - kind: fillin
    size: 9
    words: [planet, garden, orange, winter, pencil, tiger]
  - kind: cryptogram
    title: A short one
    texts:
      - A watched pot never boils, but it does get warm.
  - kind: wordladder
    length: 4
    steps: 4
    count: 3
"""


def _fills(tmp_path, layout: str) -> list[float]:
    spec = tmp_path / "small.yaml"
    spec.write_text(SPEC.format(layout=layout), encoding="utf-8")
    build_book(spec, tmp_path / "out", workers=1)
    pdf = (tmp_path / "out" / "small.pdf").read_bytes()
    manifest = json.loads((tmp_path / "out" / "small.json").read_text(encoding="utf-8"))
    pages = sorted({p["page"] for p in manifest["puzzles"]})
    fills = [page_fill(page_marks(pdf, page - 1)) for page in pages]
    assert None not in fills, "every puzzle page has a running head and a folio"
    return fills  # type: ignore[return-value]


@pytest.mark.parametrize("layout", ["letter", "6x9"])
def test_small_puzzles_fill_their_pages(tmp_path, layout):
    fills = _fills(tmp_path, layout)
    assert min(fills) >= 0.6, fills
    assert statistics.median(fills) >= 0.8, fills


def test_cryptograms_share_a_page_by_default(tmp_path):
    """Two cryptograms a page (the kind's default), the odd one alone on the last page."""
    spec = tmp_path / "small.yaml"
    spec.write_text(SPEC.format(layout="letter"), encoding="utf-8")
    build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads((tmp_path / "out" / "small.json").read_text(encoding="utf-8"))
    pages = [p["page"] for p in manifest["puzzles"] if p["kind"] == "cryptogram"]
    assert pages[0] == pages[1] != pages[2]


PENCIL_SPEC = """\
title: Pencil cells
layout: {layout}
seed: 2
sections:
  - kind: sudoku
    title: Easy
    difficulty: easy
    count: 4
    per_page: 6
  - kind: sudoku
    title: Jigsaw
    variant: jigsaw
    difficulty: easy
    count: 4
    per_page: 4
"""


@pytest.mark.parametrize("layout, floor", [("letter", 0.30), ("6x9", 0.26)])
def test_cells_a_pencil_fits_and_gutters_between_grids(tmp_path, layout, floor):
    """Issue 27, goal 3: a spec's per_page that would print cells under the floor gives way
    (fewer a page, and the build says so); grids on one page keep 0.25 in apart."""
    spec = tmp_path / "pencil.yaml"
    spec.write_text(PENCIL_SPEC.format(layout=layout), encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    assert any("Easy: puzzles per page" in note and "instead of 6" in note
               for note in result.notes + result.warnings)
    pdf = (tmp_path / "out" / "pencil.pdf").read_bytes()
    manifest = json.loads((tmp_path / "out" / "pencil.json").read_text(encoding="utf-8"))
    pages: dict[int, int] = {}
    for puzzle in manifest["puzzles"]:
        pages[puzzle["page"]] = pages.get(puzzle["page"], 0) + 1
    for page, held in pages.items():
        marks = page_marks(pdf, page - 1)
        cell = smallest_cell(marks)
        assert cell is not None and cell / 72 >= floor - 0.005, (page, cell)
        if held > 1:
            assert _gutter(marks) >= 18 - 0.5, page


def _gutter(marks) -> float:
    """The least room between the grids (strokes) of a page's halves, across or down."""
    strokes = [m.bbox for m in marks if m.kind == "stroke"]
    gaps = []
    for axis in (0, 1):
        low, high = min(b[axis] for b in strokes), max(b[axis + 2] for b in strokes)
        middle = (low + high) / 2
        before = [b for b in strokes if b[axis + 2] <= middle + 1]
        after = [b for b in strokes if b[axis] >= middle - 1]
        if before and after and len(before) + len(after) == len(strokes):
            gaps.append(min(b[axis] for b in after) - max(b[axis + 2] for b in before))
    assert gaps, "the page's grids split in halves across or down"
    return min(gaps)
