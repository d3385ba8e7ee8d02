"""PT Sans, registered once with ReportLab so every font in the PDF is embedded."""
from __future__ import annotations

from functools import cache
from typing import Any, Callable, Iterable, Iterator

import fontpkg_pt_sans
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.textobject import PDFTextObject

REGULAR, BOLD, ITALIC = "PTSans", "PTSans-Bold", "PTSans-Italic"


@cache
def register_fonts() -> tuple[str, str]:
    files = fontpkg_pt_sans.ROOT / "files"
    for name, file in ((REGULAR, "PT_Sans-Web-Regular.ttf"), (BOLD, "PT_Sans-Web-Bold.ttf"),
                       (ITALIC, "PT_Sans-Web-Italic.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(files / file)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD)
    return REGULAR, BOLD


def missing_glyphs(text: str) -> str:
    """The characters of `text` the book's fonts cannot print (each once, in order)."""
    register_fonts()
    known = pdfmetrics.getFont(REGULAR).face.charToGlyph
    missing = dict.fromkeys(ch for ch in text if not ch.isspace() and ord(ch) not in known)
    return "".join(missing)


def text_sizes(largest: float, floor: float, step: float = 0.5) -> Iterator[float]:
    """The sizes a shrinking text tries, largest first: `largest`, then `step` less each
    time, never below `floor`. Every kind's fitting loop walks these, so a clue list, a
    word list and a cryptogram shrink by the same steps to the same floor."""
    size = largest
    while size >= floor - 1e-9:
        yield size
        size -= step


def wrap_to_fit(text: str, font: str, largest: float, floor: float, width: float,
                fits: Callable[[float, list[str]], bool]) -> tuple[float, list[str]]:
    """`text` wrapped to `width` at the largest of `text_sizes(largest, floor)` for which
    `fits(size, lines)` holds; at `floor` when none does (the caller makes room then).
    Every word is kept: wrapping never cuts."""
    for size in text_sizes(largest, floor):
        lines = simpleSplit(text, font, size, width)
        if fits(size, lines):
            return size, lines
    return floor, simpleSplit(text, font, floor, width)


def fitting_prefix(text: str, font: str, size: float, width: float, mark: str,
                   shortest: int = 0) -> int:
    """The length of the longest start of `text` that, with `mark` ("…", "-") after it,
    is at most `width` wide (not below `shortest`): a binary search, so O(log n)
    measurements whatever the length."""
    fits, too_long = shortest, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if pdfmetrics.stringWidth(text[:middle] + mark, font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return fits


def draw_centred(canvas: Any, font: str, size: float,
                 items: Iterable[tuple[float, float, str]]) -> None:
    """Many short strings (a grid's letters), each centred on x with its baseline at y, in
    ONE PDF text object: the font is selected once for the lot, where drawCentredString
    opens a text object and selects the font for every letter. Each distinct string is
    measured and encoded once (a grid repeats its 26 or 33 letters hundreds of times)."""
    if not hasattr(canvas, "beginText"):  # the SVG canvas and other non-PDF canvases
        canvas.setFont(font, size)
        for x, y, string in items:
            if string:
                canvas.drawCentredString(x, y, string)
        return
    text = canvas.beginText()
    text.setFont(font, size)
    fast = isinstance(text, PDFTextObject) and hasattr(text, "_curSubset")
    widths: dict[str, float] = {}
    # ReportLab's encoding of a string depends on the font subset already selected in
    # the text object (it selects another when the string needs it): key on both.
    encoded: dict[tuple[str, int], tuple[str, int]] = {}
    for x, y, string in items:
        if not string:
            continue
        width = widths.get(string)
        if width is None:
            width = widths[string] = pdfmetrics.stringWidth(string, font, size)
        text.setTextOrigin(x - width / 2, y)
        if not fast:
            text.textOut(string)
            continue
        key = (string, text._curSubset)
        done = encoded.get(key)
        if done is None:
            done = encoded[key] = (text._formatText(string), text._curSubset)
        text._code.append(done[0])
        text._curSubset = done[1]
    canvas.drawText(text)
