"""Flow pages: distinguishable colours, never two pairs alike, numbers that fit their
circles, the rule and the difficulty printed. Checkers read the PDF or compute colour
distances themselves."""
import io
import json

import pytest
from pypdf import PdfWriter

from conftest import draw_kind
from pdfmarks import page_marks
from publisher.kinds.numberlink import KIND, NumberlinkParams, grade
from publisher.kinds.numberlink.draw import PALETTE, label_ink, styles
from publisher.kinds.numberlink.generator import NumberlinkBoard
from publisher.pipeline import build_book


def dominoes(rows: int, cols: int) -> NumberlinkBoard:
    """A board of two-cell paths side by side (cols even): many pairs, many neighbours."""
    paths = [[[r, c], [r, c + 1]] for r in range(rows) for c in range(0, cols, 2)]
    return NumberlinkBoard(rows=rows, cols=cols, paths=paths,
                           labels=[str(i + 1) for i in range(len(paths))])


def lab(colour):
    def linear(u):
        return u / 12.92 if u <= 0.04045 else ((u + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in (colour.red, colour.green, colour.blue))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_palette_colours_are_far_apart_and_labels_contrast():
    points = [lab(c) for c in PALETTE]
    assert len(PALETTE) >= 20
    for i, a in enumerate(points):
        for b in points[i + 1:]:
            assert sum((u - v) ** 2 for u, v in zip(a, b)) ** 0.5 > 15
    for colour in PALETTE:         # printed in grey: label and fill differ in lightness
        fill_l, ink_l = lab(colour)[0], lab(label_ink(colour))[0]
        assert abs(fill_l - ink_l) > 35


@pytest.mark.parametrize("rows,cols", [(4, 8), (8, 10), (10, 12)])
def test_no_two_pairs_share_colour_and_style(rows, cols):
    board = dominoes(rows, cols)
    looks = styles(board)
    assert len(set(looks)) == len(board.paths)
    if len(board.paths) <= len(PALETTE):
        assert len({k for k, _ in looks}) == len(board.paths)     # colours alone differ
    cell_of = {tuple(cell): i for i, p in enumerate(board.paths) for cell in p}
    for (r, c), i in cell_of.items():          # touching pairs differ in colour
        for rr, cc in ((r + 1, c), (r, c + 1)):
            j = cell_of.get((rr, cc), i)
            if j != i and len(board.paths) <= len(PALETTE):
                assert looks[i][0] != looks[j][0]


def _pdf(reader) -> bytes:
    writer, out = PdfWriter(), io.BytesIO()
    for page in reader.pages:
        writer.add_page(page)
    writer.write(out)
    return out.getvalue()


def test_two_digit_numbers_fit_inside_their_circles():
    board = dominoes(6, 8)             # 24 pairs: labels 10..24 have two digits
    reader, _ = draw_kind(KIND, board, colour=True)
    marks = page_marks(_pdf(reader), 0)
    circles = [m.bbox for m in marks if m.kind in ("fill", "stroke")
               and abs((m.bbox[2] - m.bbox[0]) - (m.bbox[3] - m.bbox[1])) < 0.5
               and 5 < m.bbox[2] - m.bbox[0] < 100]
    labels = [m for m in marks if m.kind == "text" and m.text.isdigit()]
    assert {m.text for m in labels} >= {str(i) for i in range(1, 25)}
    for mark in labels:
        x0, _, x1, _ = mark.bbox
        centre = (x0 + x1) / 2
        home = [b for b in circles if b[0] <= centre <= b[2]
                and b[1] <= (mark.bbox[1] + mark.bbox[3]) / 2 <= b[3]]
        assert home, mark.text
        assert any(b[0] <= x0 and x1 <= b[2] for b in home), mark.text


@pytest.mark.parametrize("language,words", [("en", "Join each pair of equal numbers"),
                                            ("es", "Une cada par de números iguales"),
                                            ("ru", "Соедините линией каждую пару")])
def test_each_flow_page_prints_its_rule_and_difficulty(language, words):
    board = KIND.generate(NumberlinkParams(rows=6, cols=6, difficulty="easy"), 2)
    reader, _ = draw_kind(KIND, board, language=language)
    text = " ".join(reader.pages[0].extract_text().split())
    assert words in text
    level = {"en": "Difficulty", "es": "Dificultad", "ru": "Сложность"}[language]
    assert level in text


def test_labels_are_numbers_by_default_and_letters_by_choice(write_spec, tmp_path):
    spec = write_spec("""\
title: T
sections:
  - {kind: numberlink, size: 6, count: 1, candidates: 1}
  - {kind: numberlink, size: 6, count: 1, candidates: 1, labels: letters}
""")
    manifest = json.loads(build_book(spec, tmp_path, workers=1).manifest.read_text("utf-8"))
    numbers, letters = ([e["label"] for e in p["endpoints"]] for p in manifest["puzzles"])
    assert numbers == [str(i + 1) for i in range(len(numbers))]
    assert letters == [chr(65 + i) for i in range(len(letters))]
    for entry in manifest["puzzles"]:
        assert entry["grade"] == grade(entry["hardness"])
        starts = [tuple(e["cells"][0]) for e in entry["endpoints"]]
        assert starts == sorted(starts)           # numbered in reading order
