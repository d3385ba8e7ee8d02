"""`<name>-cover.pdf`: back cover, spine and front cover on one sheet with bleed all round.

Sizes come from the print rules (trim, page count, paper). The front is one of FRONTS
(`cover: {style: ...}`, docs/spec.md "The cover"), drawn from the book's own puzzles and
letters; the back carries the blurb, the kinds and counts, a thumbnail and the barcode
area; every word is the spec's or the language catalogue's."""
from __future__ import annotations

import io
from math import ceil
from random import Random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, white
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFInfo, PDFString
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import PublisherError
from ..ground import printrules
from ..ground.files import excerpt
from ..ground.fonts import (balanced_lines, draw_centred, hyphenated, text_sizes,
                            unique_subset_tags, wrap_to_fit)
from ..ground.printrules import BLEED, COVER_INFO, INCH
from ..kinds import get_kind
from ..kinds.base import Box

if TYPE_CHECKING:
    from ..batch import Outcome
    from ..spec import CoverSpec
    from .book import BookRenderer

# Each palette: (background, ink, accent, tint). Ink is the band, spine and panels; tint
# the letters behind the "letters" front. Every tint >= 10 % ink; greyscale only greys.
PALETTES = {True: (Color(0.86, 0.92, 0.98), Color(0.09, 0.23, 0.45), Color(0.95, 0.62, 0.15),
                   Color(0.62, 0.74, 0.88)),
            False: (Color(0.88, 0.88, 0.88), Color(0.12, 0.12, 0.12), Color(0.45, 0.45, 0.45),
                    Color(0.70, 0.70, 0.70))}
# The kinds whose bare drawing is the grid alone (no rule, no difficulty), best first.
DESIGN_KINDS = ("wordsearch", "numberlink", "crossword", "queens")
# then the other grids, in the order the front tries them (after these, any kind) and
# the back's thumbnail (another kind than the front's where one reads small)
THUMBNAIL_KINDS = DESIGN_KINDS + ("sudoku", "nonogram", "codeword", "kakuro", "calcudoku",
                                  "futoshiki", "skyscrapers", "maze")


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
    colour = any(renderer.context(o).theme.colour for o in renderer.outcomes)
    made_for = {"paper": spec.paper, "pages": str(pages), "bleed": f"{BLEED / INCH:g}",
                "trim": f"{trim_w / INCH:g}x{trim_h / INCH:g}",
                "ink": "colour" if colour else "black"}
    _warn_once(renderer, printrules.paper_problem(spec.paper, colour))
    canvas._doc.info = InfoWithKeys(canvas._doc.info,
                                    {COVER_INFO[key]: value for key, value in made_for.items()})
    canvas.setTrimBox((BLEED, BLEED, width - BLEED, height - BLEED))
    canvas.setBleedBox((0, 0, width, height))
    palette = Palette(*PALETTES[spec.colour])
    canvas.setFillColor(palette.background)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)     # runs into the bleed
    if spec.image and spec_dir is not None:
        image = spec_dir / spec.image
        if not image.is_file():
            raise PublisherError(f"cover.image: {image} is not a file (give a path beside "
                                 "the spec)")
        picture = ImageReader(str(image))
        canvas.drawImage(picture, 0, 0, width, height, preserveAspectRatio=False)
        blurry = printrules.low_resolution(f"cover.image ({spec.image})", picture.getSize(),
                                           (width, height))
        _warn_once(renderer, blurry and f"{blurry}; give a larger image")
    margin = printrules.OUTSIDE_MARGIN[True]
    back = Box(BLEED + margin, BLEED + margin, trim_w - 2 * margin, trim_h - 2 * margin)
    front_x = BLEED + trim_w + spine
    front = Box(front_x + margin, BLEED + margin, trim_w - 2 * margin, trim_h - 2 * margin)
    sheet = Sheet(canvas, palette, spec.colour, front, front_x, width, height,
                  bool(spec.image and spec_dir is not None))
    FRONTS[spec.style](renderer, sheet)
    _spine(renderer, sheet, BLEED + trim_w, spine, pages)
    _back(renderer, sheet, back, spec.back_text or "")
    canvas.showPage()
    canvas.save()
    return unique_subset_tags(buffer.getvalue())


@dataclass(frozen=True)
class Palette:
    background: Color
    ink: Color
    accent: Color
    tint: Color


@dataclass(frozen=True)
class Sheet:
    """What every part of the cover draws with: the canvas, the colours, the front's
    safe box and where its trim starts (the spine fold), and the whole sheet's size."""
    canvas: Canvas
    palette: Palette
    colour: bool
    front: Box
    front_x: float
    width: float
    height: float
    image: bool                # a background image of the user's: no ground over it


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




# A title block: lines TITLE_LEADING sizes apart (ascent 1, descent DESCENT: they never
# touch); the subtitle follows SUBTITLE_GAP of its size lower. The title starts at
# TITLE_LARGEST of the front's width (a size to the trim) and shrinks to fit its room.
TITLE_LEADING, DESCENT, SUBTITLE_GAP, TITLE_LARGEST, MAX_TITLE_LINES = 1.25, 0.25, 0.5, 0.15, 4


@dataclass(frozen=True)
class TitleBlock:
    size: float
    lines: list[str]
    sub_size: float
    sub_lines: list[str]
    height: float              # from the first line's top to the last line's descent


def _title_block(r: BookRenderer, width: float, room: float) -> TitleBlock:
    """The title and subtitle set in balanced lines (fonts.balanced_lines) at the largest
    size, from TITLE_LARGEST of the front's width down to the title size (never under the
    floor), at which they fit `room` high in at most MAX_TITLE_LINES lines; at that floor
    when nothing fits (the caller grows its room: a title is never cut)."""
    t, book = r.theme, r.book
    sub = max(t.title_size, t.min_font_size, width / 20)
    sub_lines = (hyphenated(balanced_lines)(book.subtitle, t.font, sub, width)
                 if book.subtitle else [])
    sub_height = (sub * (SUBTITLE_GAP + 1 + DESCENT) + sub * TITLE_LEADING * (len(sub_lines) - 1)
                  if sub_lines else 0.0)

    def height(size: float, lines: list[str]) -> float:
        return size * (1 + DESCENT) + size * TITLE_LEADING * (len(lines) - 1) + sub_height

    floor = max(t.min_font_size, t.title_size)
    size, lines = wrap_to_fit(book.title, t.font_bold, max(floor, width * TITLE_LARGEST), floor,
                              width, lambda size, lines: (height(size, lines) <= room
                                                          and len(lines) <= MAX_TITLE_LINES),
                              wrap=hyphenated(balanced_lines))
    return TitleBlock(size, lines, sub, sub_lines, height(size, lines))


def _draw_title(r: BookRenderer, canvas, block: TitleBlock, x: float, top: float,
                width: float, title_colour, sub_colour) -> None:
    """The block with its first line's top at `top`, each line centred on `width`."""
    t = r.theme
    canvas.setFillColor(title_colour)
    y = top - block.size
    for line in block.lines:
        r.text(canvas, x, y, line, t.font_bold, block.size, width, "centre")
        y -= block.size * TITLE_LEADING
    canvas.setFillColor(sub_colour)
    y += block.size * TITLE_LEADING - block.size * DESCENT - block.sub_size * (SUBTITLE_GAP + 1)
    for line in block.sub_lines:
        r.text(canvas, x, y, line, t.font, block.sub_size, width, "centre")
        y -= block.sub_size * TITLE_LEADING


def _design(r: BookRenderer, box: Box) -> Outcome | None:
    """The puzzle a cover shows in `box`: the first of the best-looking kinds, else of
    the other grids, else of the book's puzzles, that reads bare at the floor there."""
    ranked = [o for kind in THUMBNAIL_KINDS for o in r.outcomes if o.job.kind == kind]
    rest = [o for o in r.outcomes if o.job.kind not in THUMBNAIL_KINDS]
    return next((o for o in ranked + rest if _reads(r, o, box)), None)


def _reads(r: BookRenderer, outcome: Outcome, box: Box) -> bool:
    """Whether the grid alone reads in `box` (a cover kind's always does: it has no text)."""
    return outcome.job.kind in DESIGN_KINDS or get_kind(outcome.job.kind).fits(
        outcome.kept, box, replace(r.context(outcome), bare=True)) is None


def _thumbnail(r: BookRenderer, sheet: Sheet, box: Box) -> Outcome | None:
    """The back's puzzle: of another kind than the front's where the book has one that
    reads at the floor in `box`."""
    front = _design(r, _band_box(sheet.front))
    but = front.job.kind if front else None
    for kind in THUMBNAIL_KINDS:
        outcome = next((o for o in r.outcomes if o.job.kind == kind), None)
        if outcome is not None and kind != but and _reads(r, outcome, box):
            return outcome
    return front if front is None or _reads(r, front, box) else None


def _band_box(front: Box) -> Box:
    """Where the band style draws its puzzle on the front."""
    side = min(front.width, front.height * 0.55)
    return Box(front.x + (front.width - side) / 2, front.y + front.height * 0.13, side, side)


def _draw_design(r: BookRenderer, sheet: Sheet, design: Outcome, box: Box) -> None:
    ctx = r.context(design)
    ctx = replace(ctx, theme=replace(ctx.theme, colour=sheet.colour), bare=True)
    sheet.canvas.saveState()
    get_kind(design.job.kind).draw_puzzle(sheet.canvas, design.kept, box, ctx)
    sheet.canvas.restoreState()


def _author(r: BookRenderer, sheet: Sheet, colour) -> None:
    front = sheet.front
    if r.book.author:
        sheet.canvas.setFillColor(colour)
        _draw_author(r, sheet.canvas, front.x, front.y + r.theme.title_size * 0.3,
                     front.width, author_lines(r, front, front.width))


def author_size(r: BookRenderer, front: Box) -> float:
    return max(r.theme.title_size * 1.2, front.width / 18)


# The author's name stays on one line when it fits at this share of its size or more;
# else it takes two lines (balanced), as long as it would be smaller than that.
AUTHOR_ONE_LINE_DOWN_TO, AUTHOR_LINES = 0.8, 2


def author_lines(r: BookRenderer, front: Box, width: float) -> tuple[float, list[str]]:
    """(size, lines) of the author's name `width` wide: one line at `author_size` (a
    little smaller where that fits), else two balanced lines at the largest size they
    fit, not under the floor. A name two lines at the floor cannot hold is cut, with a
    warning naming `author:` (once)."""
    t, author, font = r.theme, r.book.author or "", r.theme.font_bold
    largest = author_size(r, front)
    if stringWidth(author, font, largest * AUTHOR_ONE_LINE_DOWN_TO) <= width:
        return largest, [author]          # r.text shrinks it the little it needs

    def fits(size: float, lines: list[str]) -> bool:
        return len(lines) <= AUTHOR_LINES and all(
            stringWidth(line, font, size) <= width + 1e-6 for line in lines)
    size, lines = wrap_to_fit(author, font, largest, t.min_font_size, width, fits,
                              wrap=balanced_lines)
    if not fits(size, lines):
        lines = lines[:AUTHOR_LINES - 1] + [" ".join(lines[AUTHOR_LINES - 1:])]
        _warn_once(r, f"the cover's author ({excerpt(author)}) does not fit the front in "
                   f"{AUTHOR_LINES} lines at {t.min_font_size:g} pt and is cut; "
                   "shorten `author:`")
    return size, lines


def author_height(size_lines: tuple[float, list[str]]) -> float:
    """The room the author's lines take above their baseline's strip."""
    size, lines = size_lines
    return size * 1.6 + size * TITLE_LEADING * (len(lines) - 1)


def _draw_author(r: BookRenderer, canvas, x: float, y: float, width: float,
                 size_lines: tuple[float, list[str]]) -> None:
    """The lines centred on `width`, the last on the baseline `y`, the others above."""
    size, lines = size_lines
    for line in reversed(lines):
        r.text(canvas, x, y, line, r.theme.font_bold, size, width, "centre")
        y += size * TITLE_LEADING


def _warn_once(r: BookRenderer, warning: str | None) -> None:
    if warning and warning not in r.warnings:
        r.warnings.append(warning)


def _band_front(r: BookRenderer, sheet: Sheet) -> None:
    """A title band over one of the book's puzzles, faded so the band reads first."""
    canvas, front, palette = sheet.canvas, sheet.front, sheet.palette
    box = _band_box(front)
    design = _design(r, box)
    if design is not None:
        _draw_design(r, sheet, design, box)
        canvas.saveState()
        canvas.setFillColor(white)
        canvas.setFillAlpha(0.45)
        canvas.rect(box.x - 4, box.y - 4, box.width + 8, box.height + 8, stroke=0, fill=1)
        canvas.restoreState()
    pad = front.height * 0.03
    block = _title_block(r, front.width, front.height * 0.26 - 2 * pad)
    band_y = front.top - block.height - 2 * pad
    canvas.setFillColor(palette.ink)
    # The band runs into the bleed at the top and the outside edge, from the spine fold.
    canvas.rect(sheet.front_x, band_y, sheet.width - sheet.front_x, sheet.height - band_y,
                stroke=0, fill=1)
    _draw_title(r, canvas, block, front.x, front.top - pad, front.width, white,
                palette.accent if sheet.colour else white)
    _author(r, sheet, palette.ink)


def _letters_front(r: BookRenderer, sheet: Sheet) -> None:
    """The book's own letters (a word search's grid, else the language's alphabet) over
    the whole front, into the bleed, with the title on a panel across its upper half."""
    canvas, front, palette, t = sheet.canvas, sheet.front, sheet.palette, r.theme
    search = next((o.kept for o in r.outcomes if o.job.kind == "wordsearch"), None)
    letters = [ch for ch in getattr(search, "letters", []) if ch]
    if not letters:                              # no grid: the alphabet, shuffled by seed
        letters = list(r.words.alphabet) * 3
        Random(r.book.seed).shuffle(letters)
    across = sheet.width - sheet.front_x
    cols = LETTER_COLUMNS
    cell = across / cols
    rows = max(1, round(sheet.height / cell))
    tall = sheet.height / rows
    pad = front.height * 0.04
    block = _title_block(r, front.width, front.height * 0.4 - 2 * pad)
    # The panel and the author's strip cover whole rows, and covered rows get no letters
    # (hidden text would still be read out of the PDF).
    panel_rows = ceil((block.height + 2 * pad) / tall)
    centre = (sheet.height - (front.y + front.height * 0.62)) / tall
    first = max(0, min(rows - panel_rows, round(centre - panel_rows / 2)))
    panel = range(first, first + panel_rows)
    strip_rows = 0
    if r.book.author:
        strip_rows = ceil((front.y + author_height(author_lines(r, front, front.width))
                           + t.title_size * 0.3) / tall)
    shown = [row for row in range(rows) if row not in panel and row < rows - strip_rows]
    size = max(t.min_font_size, cell * 0.5)
    canvas.setFillColor(palette.tint)
    draw_centred(canvas, t.font_bold, size,
                 ((sheet.front_x + (c + 0.5) * cell,
                   sheet.height - (row + 0.5) * tall - size * 0.35,
                   letters[(row * cols + c) % len(letters)])
                  for row in shown for c in range(cols)))
    panel_y, panel_h = sheet.height - panel.stop * tall, panel_rows * tall
    canvas.setFillColor(palette.ink)
    canvas.rect(sheet.front_x, panel_y, across, panel_h, stroke=0, fill=1)
    canvas.setStrokeColor(palette.accent)
    canvas.setLineWidth(3)
    for y in (panel_y, panel_y + panel_h):
        canvas.line(sheet.front_x, y, sheet.width, y)
    _draw_title(r, canvas, block, front.x, panel_y + (panel_h + block.height) / 2,
                front.width, white, palette.accent if sheet.colour else white)
    _author(r, sheet, palette.ink)


LETTER_COLUMNS = 9


def _classic_front(r: BookRenderer, sheet: Sheet) -> None:
    """The classic puzzle book: a dark ground, a double frame, the title at the top and
    a puzzle on a white card below it, whole (not faded)."""
    canvas, front, palette, t = sheet.canvas, sheet.front, sheet.palette, r.theme
    if not sheet.image:
        canvas.setFillColor(palette.ink)
        canvas.rect(sheet.front_x, 0, sheet.width - sheet.front_x, sheet.height, stroke=0,
                    fill=1)
    canvas.setStrokeColor(palette.accent if sheet.colour else white)
    for inset, line in ((0.0, 3.0), (6.0, 1.0)):
        canvas.setLineWidth(line)
        canvas.rect(front.x + inset, front.y + inset, front.width - 2 * inset,
                    front.height - 2 * inset, stroke=1, fill=0)
    pad = 6 + front.width * 0.05              # inside the frame, clear of its rules
    inner = Box(front.x + pad, front.y + pad, front.width - 2 * pad, front.height - 2 * pad)
    widest = inner.width * CARD
    design = _design(r, Box(inner.x, inner.y, widest, widest))
    block = _title_block(r, inner.width, inner.height * (0.3 if design else 0.6))
    title_top = (inner.top - inner.height * 0.02 if design else
                 inner.y + (inner.height + block.height) / 2)       # no puzzle: centred
    _draw_title(r, canvas, block, inner.x, title_top, inner.width,
                white, palette.accent if sheet.colour else Color(0.8, 0.8, 0.8))
    author = author_lines(r, front, inner.width) if r.book.author else (0.0, [])
    top = title_top - block.height - inner.height * 0.04
    room = top - (inner.y + (author_height(author) if r.book.author else 0.0) + 8)
    side = min(widest, room)
    card = Box(inner.x + (inner.width - side) / 2, top - side, side, side)
    if design is not None and room > inner.width * 0.3 and _reads(r, design, card):
        canvas.setFillColor(white)
        canvas.rect(card.x - 6, card.y - 6, card.width + 12, card.height + 12, stroke=0, fill=1)
        _draw_design(r, sheet, design, card)
    if r.book.author:
        canvas.setFillColor(white)
        _draw_author(r, canvas, inner.x, inner.y + t.title_size * 0.3, inner.width, author)


CARD = 0.85            # the classic card's largest side, of the room inside the frame

FRONTS = {"band": _band_front, "letters": _letters_front, "classic": _classic_front}


def _spine(r: BookRenderer, sheet: Sheet, x: float, spine: float, pages: int) -> None:
    """The spine in the cover's ink, into the bleed; title and author on it only from
    printrules.SPINE_TEXT_FROM_PAGES pages (the rule and its source are there) and only
    at a size that reads, kept SPINE_FOLD_CLEARANCE clear of both folds."""
    t, book, canvas = r.theme, r.book, sheet.canvas
    canvas.setFillColor(sheet.palette.ink)
    canvas.rect(x, 0, spine, sheet.height, stroke=0, fill=1)
    room = spine - 2 * printrules.SPINE_FOLD_CLEARANCE
    size = min(t.title_size, room / 1.3)
    if pages < printrules.SPINE_TEXT_FROM_PAGES or size < t.min_font_size:
        return
    length = sheet.height - 2 * BLEED - 2 * printrules.OUTSIDE_MARGIN[True]
    font = t.font_bold
    # The title and author, else the title alone where both do not fit at the floor.
    both = " · ".join(part for part in (book.title, book.author) if part)
    text = (both if stringWidth(both, font, t.min_font_size) <= length else book.title)
    if stringWidth(text, font, t.min_font_size) > length:
        _warn_once(r, f"the spine's title ({excerpt(book.title)}) does not fit it at "
                   f"{t.min_font_size:g} pt and is cut; shorten `title:`")
    canvas.saveState()
    canvas.translate(x + spine / 2, sheet.height / 2)
    canvas.rotate(-90)                       # reads top to bottom, as on English spines
    canvas.setFillColor(white)
    while size > t.min_font_size and stringWidth(text, font, size) > length:
        size -= 0.5
    r.text(canvas, -length / 2, -size * 0.35, text, font, size, length, "centre")
    canvas.restoreState()


# The back's blurb is set at the largest size, from BLURB_LARGEST times the body size or
# the back's width over BLURB_MEASURE (about 60 characters a line) down to the floor, at
# which blurb and list of kinds fit above the thumbnail (THUMBNAIL of the back's width).
BLURB_LARGEST, BLURB_MEASURE, LINE, THUMBNAIL = 1.6, 26, 1.4, 0.4


def _back(r: BookRenderer, sheet: Sheet, back: Box, text: str) -> None:
    """A heading band with the book's puzzle count, the blurb, the kinds and their counts,
    then a thumbnail of one puzzle at the lower left and the barcode area (white, clear
    of everything) at the lower right, where the print services put the barcode."""
    t, canvas, palette = r.theme, sheet.canvas, sheet.palette
    head = max(t.title_size * 1.2, t.min_font_size)
    band_y = back.top - head * 1.6
    canvas.setFillColor(palette.ink)
    canvas.rect(0, band_y, back.x + back.width + (back.x - BLEED), sheet.height - band_y,
                stroke=0, fill=1)
    canvas.setFillColor(white)
    r.text(canvas, back.x, band_y + head * 0.45,
           r.words.plural("book.puzzles", len(r.outcomes)),
           t.font_bold, head, back.width, "centre")
    bar_w, bar_h = printrules.BARCODE_AREA
    canvas.setFillColor(white)
    canvas.rect(back.x + back.width - bar_w, back.y, bar_w, bar_h, stroke=0, fill=1)
    thumb_side = min(back.width - bar_w - 0.25 * INCH, back.width * THUMBNAIL)
    box = Box(back.x + 4, back.y + 4, thumb_side - 8, thumb_side - 8)
    thumb = _thumbnail(r, sheet, box)
    bottom = back.y + (max(bar_h, thumb_side) if thumb else bar_h) + t.font_size
    if thumb is not None and thumb_side > 0.75 * INCH:
        canvas.setFillColor(white)
        canvas.rect(back.x, back.y, thumb_side, thumb_side, stroke=0, fill=1)
        _draw_design(r, sheet, thumb, box)
    counts = dict.fromkeys(o.job.kind for o in r.outcomes)
    kinds = [r.words.text("book.kind_count", kind=r.words.kind(kind).text("title"),
                          n=sum(o.job.kind == kind for o in r.outcomes)) for kind in counts]
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
    room = band_y - head * 0.8 - bottom

    def lines_at(size: float) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for paragraph in paragraphs:
            out += [(t.font, line) for line in simpleSplit(paragraph, t.font, size, back.width)]
            out.append(("", ""))
        return out + [(t.font_bold, "• " + line) for line in kinds]

    size, lines = t.min_font_size, lines_at(t.min_font_size)
    largest = max(t.min_font_size, t.font_size * BLURB_LARGEST, back.width / BLURB_MEASURE)
    for candidate in text_sizes(largest, t.min_font_size):
        lines = lines_at(candidate)
        size = candidate
        if len(lines) * size * LINE <= room:
            break
    used = len(lines) * size * LINE
    y = band_y - head * 0.8 - max(0.0, (room - used) / 2) - size
    canvas.setFillColor(palette.ink)
    for font, line in lines:
        if y < bottom:
            return
        if line:
            canvas.setFont(font, size)
            canvas.drawString(back.x, y, line)
        y -= size * LINE
