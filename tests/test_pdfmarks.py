"""The test-only PDF inspector (tests/pdfmarks.py) against drawings whose boxes are known."""
from __future__ import annotations

import io
import math
from typing import Any, Callable, Sequence

import fontpkg_pt_sans
import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pdfmarks import (Mark, marks_bbox, open_page_fill, outside, page_marks, smallest_text,
                      thinnest_stroke)

FONT = "PTSansMarksTest"
SAMPLE = "Ёлка, ñandú & Quiz 42"


@pytest.fixture(scope="module", autouse=True)
def pt_sans() -> None:
    path = fontpkg_pt_sans.ROOT / "files" / "PT_Sans-Web-Regular.ttf"
    pdfmetrics.registerFont(TTFont(FONT, str(path)))


def draw(paint: Callable[[Canvas], None], compress: int = 0) -> list[Mark]:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=compress)
    paint(canvas)
    canvas.showPage()
    canvas.save()
    return page_marks(buffer.getvalue(), 0)


def only(marks: list[Mark], kind: str) -> list[Mark]:
    return [m for m in marks if m.kind == kind]


def assert_box(actual: tuple, expected: tuple, tol: float = 0.01) -> None:
    assert actual == pytest.approx(expected, abs=tol), (actual, expected)


def rotated_box(points: Sequence[tuple[float, float]], degrees: float, dx: float, dy: float) -> tuple:
    a = math.radians(degrees)
    moved = [(x * math.cos(a) - y * math.sin(a) + dx, x * math.sin(a) + y * math.cos(a) + dy)
             for x, y in points]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    return (min(xs), min(ys), max(xs), max(ys))


def test_line_with_width_2_has_butt_caps_and_half_width_sides() -> None:
    def paint(c: Canvas) -> None:
        c.setLineWidth(2)
        c.line(100, 100, 200, 100)
    (mark,) = draw(paint)
    assert mark.kind == "stroke" and mark.size == pytest.approx(2)
    assert_box(mark.bbox, (100, 99, 200, 101))


def test_rect_fill_is_exact_and_its_stroke_grows_by_half_the_width() -> None:
    def paint(c: Canvas) -> None:
        c.setLineWidth(1)
        c.rect(50, 60, 100, 40, stroke=1, fill=1)
    marks = draw(paint)
    assert_box(only(marks, "fill")[0].bbox, (50, 60, 150, 100))
    assert_box(only(marks, "stroke")[0].bbox, (49.5, 59.5, 150.5, 100.5))


def test_circle_and_round_rect() -> None:
    def paint(c: Canvas) -> None:
        c.setLineWidth(3)
        c.circle(300, 300, 50)
        c.roundRect(50, 50, 200, 100, radius=10)
    circle, round_rect = draw(paint)
    assert_box(circle.bbox, (248.5, 248.5, 351.5, 351.5))
    assert_box(round_rect.bbox, (48.5, 48.5, 251.5, 151.5))


def test_translated_rotated_rect_with_mitred_corners() -> None:
    def paint(c: Canvas) -> None:
        c.saveState()
        c.translate(200, 300)
        c.rotate(30)
        c.setLineWidth(2)
        c.rect(0, 0, 100, 50, stroke=1, fill=1)
        c.restoreState()
        c.rect(10, 10, 5, 5, stroke=0, fill=1)  # after restoreState: no rotation any more
    fill, stroke, after = draw(paint)
    corners = [(0, 0), (100, 0), (100, 50), (0, 50)]
    assert_box(fill.bbox, rotated_box(corners, 30, 200, 300))
    outer = [(-1, -1), (101, -1), (101, 51), (-1, 51)]  # the miter joins reach the outer corners
    assert_box(stroke.bbox, rotated_box(outer, 30, 200, 300))
    assert_box(after.bbox, (10, 10, 15, 15))


def test_zero_width_rect_still_counts() -> None:
    (mark,) = draw(lambda c: c.rect(10, 20, 0, 50, stroke=0, fill=1))
    assert_box(mark.bbox, (10, 20, 10, 70))


def test_pt_sans_text_at_a_known_position() -> None:
    def paint(c: Canvas) -> None:
        c.setFont(FONT, 12)
        c.drawString(72, 700, SAMPLE)
    (mark,) = draw(paint)
    width = pdfmetrics.stringWidth(SAMPLE, FONT, 12)
    assert mark.kind == "text" and mark.size == pytest.approx(12)
    assert_box(mark.bbox, (72, 700 - 3, 72 + width, 712))


def test_centred_and_right_aligned_strings() -> None:
    def paint(c: Canvas) -> None:
        c.setFont(FONT, 10)
        c.drawCentredString(300, 500, SAMPLE)
        c.drawRightString(500, 400, "Right")
    centred, right = draw(paint)
    width = pdfmetrics.stringWidth(SAMPLE, FONT, 10)
    assert_box(centred.bbox, (300 - width / 2, 497.5, 300 + width / 2, 510))
    assert_box(right.bbox, (500 - pdfmetrics.stringWidth("Right", FONT, 10), 397.5, 500, 410))


def test_scaled_canvas_halves_the_effective_font_size() -> None:
    def paint(c: Canvas) -> None:
        c.scale(0.5, 0.5)
        c.setFont(FONT, 30)
        c.drawString(200, 200, "Scaled")
    (mark,) = draw(paint)
    assert mark.size == pytest.approx(15)
    width = pdfmetrics.stringWidth("Scaled", FONT, 15)
    assert_box(mark.bbox, (100, 100 - 15 / 4, 100 + width, 115))


def test_standard_helvetica_without_embedded_widths() -> None:
    def paint(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(100, 200, "Hi (x) Wj")
    (mark,) = draw(paint)
    width = pdfmetrics.stringWidth("Hi (x) Wj", "Helvetica", 10)
    assert_box(mark.bbox, (100, 197.5, 100 + width, 210))


def test_text_object_spacing_scaling_and_leading() -> None:
    def paint(c: Canvas) -> None:
        t = c.beginText(50, 600)
        t.setFont(FONT, 10, leading=20)
        t.setCharSpace(1)
        t.setWordSpace(3)
        t.setHorizScale(50)
        t.textLine("a b")
        t.textLine("cd")
        c.drawText(t)
    first, second = draw(paint)
    # advance = (glyph widths + 1 per glyph + 3 per space) x 0.5
    width = (pdfmetrics.stringWidth("a b", FONT, 10) + 3 * 1 + 3) * 0.5
    assert_box(first.bbox, (50, 597.5, 50 + width, 610))
    assert second.bbox[1] == pytest.approx(580 - 2.5)  # one leading lower


def test_form_drawn_twice_at_two_translations() -> None:
    def paint(c: Canvas) -> None:
        c.beginForm("box")
        c.rect(0, 0, 10, 20, stroke=0, fill=1)
        c.endForm()
        for dx, dy in ((100, 100), (300, 50)):
            c.saveState()
            c.translate(dx, dy)
            c.doForm("box")
            c.restoreState()
    marks = draw(paint)
    assert [m.bbox for m in marks] == [pytest.approx((100, 100, 110, 120)),
                                       pytest.approx((300, 50, 310, 70))]


def test_form_matrix_applies_inside_the_form() -> None:
    import pypdf
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.beginForm("box")
    canvas.rect(0, 0, 10, 20, stroke=0, fill=1)
    canvas.endForm()
    canvas.translate(100, 100)
    canvas.doForm("box")
    canvas.save()
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(buffer.getvalue())))
    page: Any = writer.pages[0]
    for form in page["/Resources"]["/XObject"].values():
        form.get_object()[NameObject("/Matrix")] = ArrayObject(
            FloatObject(v) for v in (2, 0, 0, 2, 5, 0))  # doubled, then 5 pt right
    edited = io.BytesIO()
    writer.write(edited)
    (mark,) = page_marks(edited.getvalue(), 0)
    assert_box(mark.bbox, (105, 100, 125, 140))


@pytest.mark.parametrize("cap", [1, 2])
def test_round_and_square_caps_reach_half_a_width_past_the_ends(cap: int) -> None:
    def paint(c: Canvas) -> None:
        c.setLineWidth(4)
        c.setLineCap(cap)
        c.line(100, 100, 200, 100)
    (mark,) = draw(paint)
    assert_box(mark.bbox, (98, 98, 202, 102))


def test_image_is_the_unit_square_through_the_ctm() -> None:
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    image = ImageReader(Image.new("RGB", (4, 3), "red"))
    (mark,) = draw(lambda c: c.drawImage(image, 40, 50, width=80, height=60))
    assert mark.kind == "image"
    assert_box(mark.bbox, (40, 50, 120, 110))


def test_hairlines_report_their_page_space_width() -> None:
    def paint(c: Canvas) -> None:
        c.setLineWidth(0.3)
        c.line(0, 10, 100, 10)
        c.scale(0.5, 0.5)
        c.setLineWidth(0.2)
        c.line(0, 100, 100, 100)
    marks = draw(paint)
    assert [m.size for m in marks] == pytest.approx([0.3, 0.1])
    assert thinnest_stroke(marks) == pytest.approx(0.1)


def test_compressed_and_plain_pages_give_the_same_marks() -> None:
    def paint(c: Canvas) -> None:
        c.setFont(FONT, 9)
        c.drawString(30, 40, SAMPLE)
        c.circle(200, 200, 20, fill=1)
    plain, compressed = draw(paint, compress=0), draw(paint, compress=1)
    assert len(plain) == 3 and plain == compressed


def test_outside_finds_exactly_the_mark_beyond_the_box() -> None:
    def paint(c: Canvas) -> None:
        c.rect(110, 110, 50, 50, fill=1, stroke=0)
        c.setFont(FONT, 10)
        c.drawString(120, 170, "inside")
        c.line(150, 150, 150, 260)  # pokes out of the top
    marks = draw(paint)
    box = (100, 100, 100, 100)
    assert outside(marks, box) == [marks[2]]
    assert outside(marks[:2], box) == []
    text_end = 120 + pdfmetrics.stringWidth("inside", FONT, 10)
    assert marks_bbox(marks) == pytest.approx((110, 110, max(160, text_end), 260))


def test_smallest_text_and_thinnest_stroke() -> None:
    def paint(c: Canvas) -> None:
        c.setFont(FONT, 12)
        c.drawString(50, 50, "twelve")
        c.setFont(FONT, 7.5)
        c.drawString(50, 80, "seven and a half")
        c.setFont(FONT, 9)
        c.drawString(50, 110, "nine")
        c.rect(10, 10, 20, 20, fill=1, stroke=0)
    marks = draw(paint)
    assert smallest_text(marks) == pytest.approx(7.5)
    assert thinnest_stroke(marks) is None
    assert smallest_text(only(marks, "fill")) is None
    assert marks_bbox([]) is None


def hand_written_page(content: bytes, fonts: dict) -> bytes:
    """A one-page PDF with the given content stream and font dictionaries (no ReportLab)."""
    import pypdf
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = pypdf.PdfWriter()
    page = writer.add_blank_page(200, 200)
    stream = DecodedStreamObject()
    stream.set_data(content)
    page[NameObject("/Contents")] = writer._add_object(stream)
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject(k): v for k, v in fonts.items()})})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_type0_widths_tj_kerning_quotes_and_rise() -> None:
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

    def pdf_object(value: object) -> object:
        if isinstance(value, dict):
            return DictionaryObject({NameObject(k): pdf_object(v) for k, v in value.items()})
        if isinstance(value, list):
            return ArrayObject(pdf_object(v) for v in value)
        if isinstance(value, str):
            return NameObject(value)
        return NumberObject(value)

    cid = pdf_object({"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/X",
                      "/Encoding": "/Identity-H", "/DescendantFonts": [
                          {"/Type": "/Font", "/Subtype": "/CIDFontType2", "/BaseFont": "/X",
                           "/DW": 1000, "/W": [1, [500, 600], 3, 3, 700]}]})
    simple = pdf_object({"/Type": "/Font", "/Subtype": "/TrueType", "/BaseFont": "/Y",
                         "/FirstChar": 97, "/Widths": [500, 600],
                         "/FontDescriptor": {"/Type": "/FontDescriptor", "/MissingWidth": 250}})
    content = (b"BT /C 10 Tf 1 0 0 1 50 50 Tm [<00010002> -500 <0003 0004>] TJ ET\n"
               b"BT /S 10 Tf 12 TL 3 Ts 0 100 Td (ab) ' 2 1 (a b) \" ET")
    marks = page_marks(hand_written_page(content, {"/C": cid, "/S": simple}), 0)
    # 5 + 6, kerned 5 to the right, 7 + the default 10 for CID 4
    assert_box(marks[0].bbox, (50, 47.5, 50 + 33, 60))
    assert_box(marks[1].bbox, (0, 88 + 3 - 2.5, 11, 88 + 3 + 10))  # ' moved one leading down
    # " sets word spacing 2 and char spacing 1: a 5+1, space 2.5+1+2, b 6+1
    assert_box(marks[2].bbox, (0, 76 + 3 - 2.5, 18.5, 76 + 3 + 10))


def test_text_using_subset_codes_beyond_ascii() -> None:
    letters = "".join(chr(c) for c in range(0x410, 0x450)) + "ÁÉÍÑÓÚÜáéíñóúüЁё" + "AZaz09"
    def paint(c: Canvas) -> None:
        c.setFont(FONT, 8)
        c.drawString(10, 10, letters)
    marks = draw(paint)  # the subset codes 0x80..0xAF are not all valid PDFDocEncoding
    box = marks_bbox(marks)
    assert box is not None
    assert_box(box, (10, 8, 10 + pdfmetrics.stringWidth(letters, FONT, 8), 18))


def test_inline_image_and_clipping_paths() -> None:
    content = (b"q 0 0 10 10 re W n 20 0 0 10 5 5 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI Q\n"
               b"q 2 w 0 J 0 0 m 50 0 l S Q")
    image, line = page_marks(hand_written_page(content, {}), 0)
    assert image.kind == "image"  # the clip (W n) paints nothing and is not applied
    assert_box(image.bbox, (5, 5, 25, 15))
    assert_box(line.bbox, (0, -1, 50, 1))


def test_open_page_fill_is_how_far_down_from_the_title_the_content_reaches() -> None:
    """A page without a running head: a title (top at 700), a square whose foot is at 300,
    and the folio (top at 110): (700 - 300) / (700 - 110) of the room."""
    def paint(c: Canvas) -> None:
        c.setFont(FONT, 20)
        c.drawString(100, 680, "Title")            # text spans y - 0.25 to y + 1.0 em
        c.rect(100, 300, 200, 200, stroke=0, fill=1)
        c.setFont(FONT, 10)
        c.drawString(300, 100, "12")
    marks = draw(paint)
    assert open_page_fill(marks) == pytest.approx(400 / 590)
    assert open_page_fill(marks[:2]) is None        # no folio: no room to measure
