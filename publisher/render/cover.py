"""`<name>-cover.pdf`: back cover, spine and front cover on one sheet with bleed all round.

Sizes come from the print rules (trim, page count, paper); the front's design is one of
the book's own puzzles, drawn by its kind and faded behind the title."""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFInfo, PDFString
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import PublisherError
from ..ground import printrules
from ..ground.fonts import wrap_to_fit
from ..ground.printrules import BLEED, COVER_INFO, INCH
from ..kinds import get_kind
from ..kinds.base import Box

if TYPE_CHECKING:
    from ..spec import CoverSpec
    from .book import BookRenderer

# (background, band, accent) in colour and in black and white; every tint >= 10 % ink.
PALETTES = {True: (Color(0.86, 0.92, 0.98), Color(0.09, 0.23, 0.45), Color(0.95, 0.62, 0.15)),
            False: (Color(0.88, 0.88, 0.88), Color(0.12, 0.12, 0.12), Color(0.45, 0.45, 0.45))}
DESIGN_KINDS = ("wordsearch", "numberlink", "crossword", "queens")   # the best-looking first


def cover_pdf(renderer: BookRenderer, pages: int, spec: CoverSpec,
              spec_dir: Path | None = None) -> bytes:
    """The cover sheet of a book of `pages` interior pages."""
    layout, book, t = renderer.layout, renderer.book, renderer.theme
    trim_w, trim_h = layout.page
    spine = printrules.spine_width(pages, spec.paper)
    width, height = printrules.cover_size(layout.page, pages, spec.paper)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1,
                    initialFontName=t.font,
                    lang=book.language)
    canvas.setTitle(f"{book.title} (cover)")
    canvas.setAuthor(book.author or "")
    made_for = {"paper": spec.paper, "pages": str(pages), "bleed": f"{BLEED / INCH:g}",
                "trim": f"{trim_w / INCH:g}x{trim_h / INCH:g}"}
    canvas._doc.info = InfoWithKeys(canvas._doc.info,
                                    {COVER_INFO[key]: value for key, value in made_for.items()})
    canvas.setTrimBox((BLEED, BLEED, width - BLEED, height - BLEED))
    canvas.setBleedBox((0, 0, width, height))
    background, band, accent = PALETTES[spec.colour]
    canvas.setFillColor(background)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)     # runs into the bleed
    if spec.image and spec_dir is not None:
        image = spec_dir / spec.image
        if not image.is_file():
            raise PublisherError(f"cover.image: {image} is not a file (give a path beside "
                                 "the spec)")
        canvas.drawImage(str(image), 0, 0, width, height, preserveAspectRatio=False)
    margin = printrules.OUTSIDE_MARGIN[True]
    back = Box(BLEED + margin, BLEED + margin, trim_w - 2 * margin, trim_h - 2 * margin)
    front_x = BLEED + trim_w + spine
    front = Box(front_x + margin, BLEED + margin, trim_w - 2 * margin, trim_h - 2 * margin)
    _front(renderer, canvas, front, front_x, band, accent, spec.colour)
    _spine(renderer, canvas, BLEED + trim_w, spine, pages, height)
    _back(renderer, canvas, back, spec.back_text or "", t.font_size)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class InfoWithKeys(PDFInfo):
    """ReportLab's document info dictionary with keys of our own beside its standard ones
    (its canvas sets only those)."""

    def __init__(self, info: PDFInfo, keys: dict[str, str]):
        self.__dict__.update(info.__dict__)       # what setTitle and setAuthor set
        self.keys = keys

    def format(self, document):  # type: ignore[no-untyped-def]  # ReportLab's signature
        standard = super().format(document)                 # b"<<\n/Author (...) ...\n>>"
        own = PDFDictionary({key: PDFString(value) for key, value in self.keys.items()})
        return standard.removesuffix(b">>") + own.format(document).removeprefix(b"<<")


def _front(r: BookRenderer, canvas, front: Box, trim_x: float, band, accent,
           colour: bool) -> None:
    t, book = r.theme, r.book
    design = next((o for kind in DESIGN_KINDS for o in r.outcomes if o.job.kind == kind), None)
    if design is not None:
        side = min(front.width, front.height * 0.55)
        box = Box(front.x + (front.width - side) / 2, front.y + front.height * 0.12, side, side)
        ctx = r.context(design)
        ctx = replace(ctx, theme=replace(ctx.theme, colour=colour), bare=True)
        canvas.saveState()
        get_kind(design.job.kind).draw_puzzle(canvas, design.kept, box, ctx)
        canvas.restoreState()
        canvas.saveState()            # fade the design so the title reads over it
        canvas.setFillColor(white)
        canvas.setFillAlpha(0.45)
        canvas.rect(box.x - 4, box.y - 4, box.width + 8, box.height + 8, stroke=0, fill=1)
        canvas.restoreState()
    band_height, size, lines, sub_lines = _title_block(r, front)
    band_y = front.top - band_height
    canvas.setFillColor(band)
    # The band runs into the bleed at the top and the outside edge, from the spine fold.
    canvas.rect(trim_x, band_y, canvas._pagesize[0] - trim_x, canvas._pagesize[1] - band_y,
                stroke=0, fill=1)
    canvas.setFillColor(white)
    y = front.top - band_height * TITLE_TOP_PAD - size
    for line in lines:
        r.text(canvas, front.x, y, line, t.font_bold, size, front.width, "centre")
        y -= size * TITLE_LEADING
    if sub_lines:
        canvas.setFillColor(accent if colour else white)
        y += size * TITLE_LEADING - size * DESCENT - t.title_size * (SUBTITLE_GAP + 1)
        for line in sub_lines:
            r.text(canvas, front.x, y, line, t.font, t.title_size, front.width, "centre")
            y -= t.title_size * TITLE_LEADING
    if book.author:
        canvas.setFillColor(band)
        r.text(canvas, front.x, front.y + t.title_size * 0.3, book.author, t.font_bold,
               t.title_size * 1.2, front.width, "centre")


# The title block in the band: the first line's top sits TITLE_TOP_PAD of the band below its
# top; lines are TITLE_LEADING sizes apart (ascent 1, descent DESCENT: they never touch);
# the subtitle follows SUBTITLE_GAP of its size lower; the block ends BOTTOM_PAD subtitle
# sizes above the band's foot.
TITLE_TOP_PAD, TITLE_LEADING, DESCENT, SUBTITLE_GAP, BOTTOM_PAD = 0.12, 1.25, 0.25, 0.3, 0.4


def _title_block(r: BookRenderer, front: Box) -> tuple[float, float, list[str], list[str]]:
    """(band height, title size, title lines, subtitle lines): the title wrapped whole at the
    largest size (from twice the title size down to the title size, never under the text
    floor) at which title and subtitle fit the band; the band grows when even that is too
    tall, so a long title is never cut nor printed over the subtitle."""
    t, book = r.theme, r.book
    sub = t.title_size
    sub_lines = simpleSplit(book.subtitle, t.font, sub, front.width) if book.subtitle else []
    sub_height = (sub * (SUBTITLE_GAP + 1 + DESCENT) + sub * TITLE_LEADING * (len(sub_lines) - 1)
                  if sub_lines else 0.0)
    band_height = front.height * 0.26
    room = band_height * (1 - TITLE_TOP_PAD) - sub * BOTTOM_PAD

    def height(size: float, lines: list[str]) -> float:
        return size * (1 + DESCENT) + size * TITLE_LEADING * (len(lines) - 1) + sub_height

    size, lines = wrap_to_fit(book.title, t.font_bold, t.title_size * 2,
                              max(t.min_font_size, t.title_size), front.width,
                              lambda size, lines: height(size, lines) <= room)
    needed = height(size, lines)
    if needed > room:
        band_height = (needed + sub * BOTTOM_PAD) / (1 - TITLE_TOP_PAD)
    return band_height, size, lines, sub_lines


def _spine(r: BookRenderer, canvas, x: float, spine: float, pages: int, height: float) -> None:
    """Title and author up the spine, only from the pages the services allow and only at
    a size that reads; kept clear of both folds."""
    t, book = r.theme, r.book
    room = spine - 2 * printrules.SPINE_FOLD_CLEARANCE
    size = min(t.title_size, room / 1.3)
    if pages < printrules.SPINE_TEXT_FROM_PAGES or size < t.min_font_size:
        return
    text = " · ".join(part for part in (book.title, book.author) if part)
    canvas.saveState()
    canvas.translate(x + spine / 2, height / 2)
    canvas.rotate(-90)                       # reads top to bottom, as on English spines
    length = height - 2 * BLEED - 2 * printrules.OUTSIDE_MARGIN[True]
    canvas.setFillColor(Color(0.1, 0.1, 0.1))
    font = t.font_bold
    while size > t.min_font_size and stringWidth(text, font, size) > length:
        size -= 0.5
    r.text(canvas, -length / 2, -size * 0.35, text, font, size, length, "centre")
    canvas.restoreState()


def _back(r: BookRenderer, canvas, back: Box, text: str, size: float) -> None:
    """The blurb above the barcode area, which stays clear (a white panel) at the lower
    right of the back cover."""
    t = r.theme
    bar_w, bar_h = printrules.BARCODE_AREA
    canvas.setFillColor(white)
    canvas.rect(back.x + back.width - bar_w, back.y, bar_w, bar_h, stroke=0, fill=1)
    size = max(t.min_font_size, size * 1.1)
    y = back.top - size * 2
    canvas.setFillColor(Color(0.1, 0.1, 0.1))
    canvas.setFont(t.font, size)
    bottom = back.y + bar_h + size
    for paragraph in text.split("\n\n"):
        for line in simpleSplit(" ".join(paragraph.split()), t.font, size, back.width):
            if y < bottom:
                return
            canvas.drawString(back.x, y, line)
            y -= size * 1.45
        y -= size * 0.7
