"""The answer key as printed, measured in the PDF (tests/pdfmarks.py, pypdf), never from
the drawing code's numbers: solutions packed on as few pages as they can share, no page
but the last under half full; solution marks that stand out from their cells; killer
cage outlines that stop short of the sums."""
import io
import json
import math

import pypdf
import pytest

from conftest import ROOT, draw_kind
from pdfmarks import Mark, contrast, page_marks
from publisher.kinds import get_kind
from publisher.kinds.queens import KIND as QUEENS, QueensParams
from publisher.kinds.sudoku import KIND as SUDOKU, SudokuParams
from publisher.pipeline import build_book

WHITE = (1.0, 1.0, 1.0)


@pytest.fixture(scope="module")
def sampler(tmp_path_factory):
    out = tmp_path_factory.mktemp("sampler")
    result = build_book(ROOT / "examples" / "sampler.yaml", out, workers=2)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return result.pdf.read_bytes(), manifest


def answer_labels(pdf: bytes, manifest: dict) -> dict[int, list[str]]:
    """Answer page (0-based) -> the solutions' labels it prints ("Title (page N)"), found
    in the PDF's text, not taken from the manifest's answer_page."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    found: dict[int, list[str]] = {}
    for puzzle in manifest["puzzles"]:
        label = f"{puzzle['title']} (page {puzzle['page']})"
        pages = [n for n, text in enumerate(texts) if label in text]
        assert len(pages) == 1, (label, pages)
        found.setdefault(pages[0], []).append(label)
    return dict(sorted(found.items()))


def solution_blocks(marks: list[Mark], labels: int, folio: int) -> list[tuple]:
    """Each solution's box on an answer page: its label (the bold text at a cell's top
    left) and every mark below it and right of it nearer to it than to another label."""
    heads = [m for m in marks if m.kind == "text" and "(" in m.text][:labels]
    assert len(heads) == labels
    blocks = [list(h.bbox) for h in heads]
    for mark in marks:
        if mark in heads or mark.text.strip() == str(folio):
            continue
        cx, cy = (mark.bbox[0] + mark.bbox[2]) / 2, (mark.bbox[1] + mark.bbox[3]) / 2
        above_left = [k for k, h in enumerate(heads) if h.bbox[0] - 1 <= cx and h.bbox[3] >= cy]
        if not above_left:
            continue                               # the "Answers" heading
        k = max(above_left, key=lambda k: (heads[k].bbox[0], -heads[k].bbox[3]))
        b = blocks[k]
        b[0], b[1] = min(b[0], mark.bbox[0]), min(b[1], mark.bbox[1])
        b[2], b[3] = max(b[2], mark.bbox[2]), max(b[3], mark.bbox[3])
    return [tuple(b) for b in blocks]


def test_the_samplers_answers_take_the_fewest_pages_each_at_least_half_full(sampler):
    pdf, manifest = sampler
    pages = answer_labels(pdf, manifest)
    # No page holds more solutions than its kind's answers_per_page (word search: 6), so
    # no packing can use fewer pages than this; the sampler reaches it.
    most = get_kind("wordsearch").default_answers_per_page
    least = math.ceil(sum(1 / most for _ in manifest["puzzles"]))
    assert len(pages) == least
    numbers = list(pages)
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))   # consecutive
    in_book_order = [label for labels in pages.values() for label in labels]
    assert in_book_order == [f"{p['title']} (page {p['page']})" for p in manifest["puzzles"]]

    blocks = {n: solution_blocks(page_marks(pdf, n), len(labels), n + 1)
              for n, labels in pages.items()}
    # The room the answer pages have: the span their solutions reach on any of them.
    every = [b for page in blocks.values() for b in page]
    width = max(b[2] for b in every) - min(b[0] for b in every)
    height = max(b[3] for b in every) - min(b[1] for b in every)
    for n in numbers[:-1]:
        # how many solutions of the size drawn the page could hold side by side
        room = max(math.floor(width / (b[2] - b[0]) + 1e-6) *
                   math.floor(height / (b[3] - b[1]) + 1e-6) for b in blocks[n])
        assert len(pages[n]) * 2 >= room, (n + 1, len(pages[n]), room)


def queen_marks(marks: list[Mark]) -> list[tuple[Mark, tuple[float, float, float]]]:
    """Each queen's filled shapes, with the fill of the cell painted under it (white where
    no cell fill was painted): cells are the largest filled squares painted four times or
    more (a queen's round dots are squares too, but smaller)."""
    squares = [m for m in marks if m.kind == "fill"
               and abs((m.bbox[2] - m.bbox[0]) - (m.bbox[3] - m.bbox[1])) < 0.01]
    sizes = [round(m.bbox[2] - m.bbox[0], 2) for m in squares]
    cell = max(size for size in sizes if sizes.count(size) >= 4)
    cells = [m for m in squares if abs(m.bbox[2] - m.bbox[0] - cell) < 0.02]
    found = []
    for index, mark in enumerate(marks):
        w = mark.bbox[2] - mark.bbox[0]
        if mark.kind != "fill" or mark in cells or w >= cell * 0.9:
            continue
        under = [c for c in cells[::-1] if marks.index(c) < index
                 and c.bbox[0] <= mark.bbox[0] and c.bbox[2] >= mark.bbox[2]
                 and c.bbox[1] <= mark.bbox[1] and c.bbox[3] >= mark.bbox[3]]
        found.append((mark, under[0].colour if under else WHITE))
    return found


@pytest.mark.parametrize("variant, colour", [("classic", False), ("classic", True),
                                             ("regions", False), ("regions", True)])
def test_queens_answers_stand_out_from_their_cells(variant, colour):
    params = QueensParams(variant=variant, size=8, difficulty="medium") \
        if variant == "classic" else QueensParams(variant=variant, size=7)
    board = QUEENS.generate(params, 1)
    reader, _ = draw_kind(QUEENS, board, colour=colour)
    buffer = io.BytesIO()
    writer = pypdf.PdfWriter(clone_from=reader)
    writer.write(buffer)
    marks = page_marks(buffer.getvalue(), 1)              # the solution
    queens = queen_marks(marks)
    on_grey = [(m, under) for m, under in queens if under != WHITE]
    assert len({m.bbox[:2] for m, _ in queens}) >= board.size and on_grey
    for mark, under in queens:
        assert contrast(mark.colour, under) >= 4.5, (mark.colour, under)
    text = " ".join(reader.pages[1].extract_text().split()).lower()
    assert "grey" not in text and "black" not in text


def test_killer_cage_dashes_stop_short_of_the_sums():
    board = SUDOKU.generate(SudokuParams(size=9, variant="killer", difficulty="easy"), 3)
    reader, _ = draw_kind(SUDOKU, board)
    buffer = io.BytesIO()
    pypdf.PdfWriter(clone_from=reader).write(buffer)
    marks = page_marks(buffer.getvalue(), 0)
    numbers = [m for m in marks if m.kind == "text" and m.text.strip().isdigit()]
    smallest = min(m.size for m in numbers)
    sums = [m for m in numbers if m.size < smallest + 0.01]      # the givens are larger
    dashes = [m for m in marks if m.kind == "stroke" and m.dash]
    assert sorted(int(m.text) for m in sums) == sorted(board.sums) and dashes
    for label in sums:
        for dash in dashes:
            overlap_x = min(label.bbox[2], dash.bbox[2]) - max(label.bbox[0], dash.bbox[0])
            overlap_y = min(label.bbox[3], dash.bbox[3]) - max(label.bbox[1], dash.bbox[1])
            assert overlap_x <= 0 or overlap_y <= 0, (label.text, label.bbox, dash.bbox)


@pytest.mark.parametrize("largest, pages", [
    # one size: full pages, the short one last
    ([6] * 13, [(0, 6, 6), (6, 12, 6), (12, 13, 6)]),
    # a large solution first (the sampler): it shares a full 4-grid with three of the next
    # (not two, leaving a quarter of the page blank), the short page last
    ([6, 4] + [6] * 7, [(0, 4, 4), (4, 9, 6)]),
    # sizes that cannot share a page stay apart; none but the last under half full
    ([6] * 5 + [4] * 3, [(0, 5, 6), (5, 8, 4)]),
    # answers_per_page: 1 is never packed with another; 9s fill a 9-grid after them
    ([1, 1] + [9] * 10, [(0, 1, 1), (1, 2, 1), (2, 11, 9), (11, 12, 9)]),
    # a section's last answer alone mid-key keeps the section's size (large print's third
    # crossword was drawn larger than the two before, on a page of its own)
    ([2, 2, 2, 1, 1], [(0, 2, 2), (2, 3, 2), (3, 4, 1), (4, 5, 1)]),
])
def test_packing_rules(largest, pages):
    from publisher.render.layout import load_layout
    from publisher.render.pagination import pack_answers

    layout = load_layout("letter", ROOT, lambda message: pytest.fail(message))
    assert pack_answers(largest, layout) == pages


def test_a_sections_answers_keep_one_size_on_the_first_answer_page(write_spec, tmp_path):
    """5x8: two 4x4 Calcudoku answers, then a codeword's that reads only two a page, then
    four Sudoku: the Calcudoku answers share the key's first page at one size (the first
    was drawn alone across the page, the second half its size beside the codeword), on
    as few pages as before."""
    result = build_book(write_spec("""\
title: Answers
layout: 5x8
seed: 1
sections:
  - {kind: calcudoku, size: 4, count: 2, difficulty: easy}
  - {kind: codeword, size: 11, count: 1}
  - {kind: sudoku, size: 4, count: 4, difficulty: easy}
"""), tmp_path / "out", workers=1)
    pdf = result.pdf.read_bytes()
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    found = answer_labels(pdf, {"puzzles": puzzles})
    assert len(found) == 3
    first = min(found)
    assert [f"{p['title']} (page {p['page']})" for p in puzzles[:2]] == found[first], found
    digits = {round(m.size, 1) for m in page_marks(pdf, first)
              if m.kind == "text" and m.text.strip() in ("1", "2", "3", "4")}
    assert len(digits) == 1, digits


def test_answer_pages_after_the_first_hold_what_reads_without_the_heading(write_spec, tmp_path):
    """Large print: six sudoku answers read at 16 pt on a page, but not under the key's
    heading, which holds four: ten answers take two pages (three, when every page was
    asked as if it had the heading; five at two a page), every digit at 16 pt or more."""
    from pdfmarks import page_marks, smallest_text
    from publisher.pipeline import build_book

    result = build_book(write_spec("title: Sudoku\nlayout: large-print\nseed: 2\nsections:\n"
                                   "  - {kind: sudoku, difficulty: easy, count: 10}\n"),
                        tmp_path / "out", workers=1)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    pages = [p["answer_page"] for p in puzzles]
    assert [pages.count(page) for page in sorted(set(pages))] == [4, 6]
    pdf = result.pdf.read_bytes()
    assert min(smallest_text(page_marks(pdf, page - 1)) for page in set(pages)) >= 16 - 0.05


def test_a_long_title_is_cut_in_the_answer_key_but_never_the_page_it_points_to(tmp_path):
    long = "Animals from Every Continent of the World Including the Antarctic Region"
    spec = tmp_path / "long.yaml"
    spec.write_text(f"""title: Long titles
layout: 6x9
seed: 4
sections:
  - kind: wordsearch
    title: "{long}"
    size: 9
    count: 3
    words_per_puzzle: 6
    words: en/animals
  - kind: wordsearch
    size: 9
    puzzles:
      - title: Farm
        words: [cow, horse, pig, goat, sheep]
""", encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    pdf = result.pdf.read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    sizes, key = [], set()
    for puzzle in manifest["puzzles"]:
        # the puzzle's page sends the reader to a page whose labels name the puzzle's page
        answer = int(texts[puzzle["page"] - 1].split("Answer on page ")[1].split()[0])
        assert f"(page {puzzle['page']})" in texts[answer - 1], (puzzle["title"], answer)
        label = [m for m in page_marks(pdf, answer - 1)
                 if m.kind == "text" and m.text.endswith(f"(page {puzzle['page']})")]
        assert len(label) == 1, (puzzle["title"], answer)
        sizes.append(label[0].size)
        key.add(texts[answer - 1])
    # the long titles are cut at the size the short one ("Farm") is set at, not shrunk
    assert long[:20] in " ".join(key) and long not in " ".join(key)
    assert max(sizes) - min(sizes) < 0.01, sizes
