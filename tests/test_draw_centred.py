"""The grid-letter writer (ground/fonts.draw_centred) puts every letter where drawCentredString
would, with the same text, in one text object, including past ReportLab's 256-glyph font subsets."""
from __future__ import annotations

import io

import pypdf
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pdfmarks import page_marks
from publisher.ground.fonts import BOLD, draw_centred, register_fonts


def _letters() -> list[str]:
    """Over 300 distinct letters the font has (Latin, accented, Cyrillic, Greek), so the
    drawing needs a second font subset, each used several times."""
    register_fonts()
    known = pdfmetrics.getFont(BOLD).face.charToGlyph
    chars = [chr(c) for c in range(0x41, 0x500) if chr(c).isalpha() and c in known][:320]
    assert len(chars) == 320
    return [chars[(k * 7) % len(chars)] for k in range(3 * len(chars))]


def _pdf(paint) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=0)
    paint(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _text_objects(pdf: bytes) -> int:
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    return sum(1 for _, op in page.get_contents().operations if op == b"BT")


def _cells(letters: list[str]) -> list[tuple[float, float, str]]:
    return [(20 + (k % 30) * 18.5, 760 - (k // 30) * 22.25, ch) for k, ch in enumerate(letters)]


def test_letters_land_where_drawcentredstring_puts_them():
    cells = _cells(_letters())

    def one_by_one(canvas):
        canvas.setFont(BOLD, 13.3)
        for x, y, ch in cells:
            canvas.drawCentredString(x, y, ch)

    old, new = _pdf(one_by_one), _pdf(lambda canvas: draw_centred(canvas, BOLD, 13.3, cells))
    expected = sorted((m.bbox, m.size) for m in page_marks(old, 0) if m.kind == "text")
    got = sorted((m.bbox, m.size) for m in page_marks(new, 0) if m.kind == "text")
    assert len(got) == len(cells)
    for (box_got, size_got), (box_want, size_want) in zip(got, expected):
        assert size_got == size_want
        assert all(abs(a - b) < 0.01 for a, b in zip(box_got, box_want)), (box_got, box_want)
    # The same letters read back (the encoding per font subset is right).
    text = pypdf.PdfReader(io.BytesIO(new)).pages[0].extract_text()
    assert sorted(ch for ch in text if not ch.isspace()) == sorted(ch for _, _, ch in cells)
    # One text object, not one per letter.
    assert _text_objects(old) - _text_objects(new) == len(cells) - 1   # (+ the page's own)


def test_empty_strings_draw_nothing():
    pdf = _pdf(lambda canvas: draw_centred(canvas, BOLD, 12, [(50, 50, ""), (80, 50, "A")]))
    assert [m.text for m in page_marks(pdf, 0) if m.kind == "text"] == ["A"]
