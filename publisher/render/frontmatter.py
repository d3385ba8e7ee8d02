"""The pages around the puzzles: title, copyright, contents, introduction, how to play, notes.

Each function draws one page into `body` (trim coordinates) with the renderer's theme and
words; every size stays at or above the layout's floor."""
from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, black
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..ground import printrules
from ..ground.fonts import balanced_lines, hyphenated, wrap_to_fit
from ..kinds import get_kind
from ..kinds.base import Box
from . import flow, measure
from .pagination import Page

if TYPE_CHECKING:
    from .book import BookRenderer

RULE_GREY = Color(0.55, 0.55, 0.55)      # 45 % ink: visible in print, quiet on the page
TITLE_LINES = 4                          # a title page's title: a few lines, then smaller


def title_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    t, book = r.theme, r.book
    y = body.top - body.height * 0.25
    canvas.setFillColor(black)
    # The title wraps whole: the largest size giving at most TITLE_LINES lines, never under
    # the title size or the text floor (more lines then, still complete). Title and
    # subtitle are set in balanced lines, as on the cover: no word left alone on a line.
    size, lines = wrap_to_fit(book.title, t.font_bold, t.title_size * 1.8,
                              max(t.min_font_size, t.title_size), body.width,
                              lambda size, lines: len(lines) <= TITLE_LINES,
                              wrap=hyphenated(balanced_lines))
    for line in lines:
        r.text(canvas, body.x, y, line, t.font_bold, size, body.width, "centre")
        y -= size * 1.25
    y -= size * 0.35
    for text, font, size, wrap in (
            (book.subtitle, t.font, t.title_size, hyphenated(balanced_lines)),
            (book.author, t.font_italic, t.font_size * 1.3, simpleSplit)):
        wrapped = wrap(text, font, size, body.width) if text else []
        for number, line in enumerate(wrapped, start=1):
            r.text(canvas, body.x, y, line, font, size, body.width, "centre")
            y -= max(size, t.title_size) * (1.5 if number == len(wrapped) else 1.25)
    if book.publisher:
        r.text(canvas, body.x, body.y, book.publisher, t.font, t.font_size, body.width,
               "centre")
    elif book.copyright and not book.print:   # a short PDF has no copyright page
        r.text(canvas, body.x, body.y, book.copyright, t.font,
               max(t.min_font_size, t.font_size * 0.8), body.width, "centre")


def copyright_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    """The title page's back: the legal lines, set small at the foot of the page."""
    t, book, words = r.theme, r.book, r.words
    lines = [book.copyright or "",
             words.text("book.edition", edition=book.edition) if book.edition else "",
             words.text("book.published_by", publisher=book.publisher) if book.publisher
             else "",
             words.text("book.isbn", isbn=book.isbn) if book.isbn else ""]
    size = max(t.min_font_size, t.font_size * 0.85)
    y = body.y + size * 1.5 * len([line for line in lines if line])
    canvas.setFillColor(black)
    for line in lines:
        if line:
            r.text(canvas, body.x, y, line, t.font, size, body.width)
            y -= size * 1.5


def contents_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    """Contents lines with dot leaders to their page numbers."""
    t = r.theme
    y = body.top - t.title_size
    if page.heading:
        r.text(canvas, body.x, y, page.heading, t.font_bold, t.title_size, body.width, "centre")
    y = body.top - t.title_size * 2.5
    inset = body.width * 0.08
    left, right = body.x + inset, body.x + body.width - inset
    dot = stringWidth(". ", t.font, t.font_size)
    for row in page.items:
        if row >= len(r.contents):
            break
        text, number = r.contents[row]
        folio = str(number)
        folio_width = stringWidth(folio, t.font, t.font_size)
        room = right - left - folio_width - 3 * dot
        r.text(canvas, left, y, text, t.font, t.font_size, room)
        used = stringWidth(text, t.font, t.font_size) if stringWidth(
            text, t.font, t.font_size) <= room else room
        canvas.setFont(t.font, t.font_size)
        dots = int((right - folio_width - dot - (left + used + dot)) // dot)
        if dots > 0:
            canvas.drawRightString(right - folio_width - dot * 0.5, y, ". " * dots)
        canvas.drawRightString(right, y, folio)
        y -= t.font_size * 1.6


def _paragraphs(r: BookRenderer, canvas, text: str, x: float, y: float, width: float,
                size: float) -> float:
    """Wrapped paragraphs from `y` down; returns the y below the last line."""
    return _lines(r, canvas, flow.lines(text, r.theme.font, size, width), x, y, size)


def _lines(r: BookRenderer, canvas, lines: list[str], x: float, y: float,
           size: float) -> float:
    canvas.setFont(r.theme.font, size)
    canvas.setFillColor(black)
    for line in lines:
        if line:
            canvas.drawString(x, y, line)
        y -= flow.advance(line, size)
    return y


def introduction_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    """One of the introduction's pages (`page.part` from 0): the heading on the first,
    the text running on over the next."""
    t = r.theme
    first_top = body.top - t.title_size * 2.5
    if page.part == 0:
        r.text(canvas, body.x, body.top - t.title_size, page.heading, t.font_bold,
               t.title_size, body.width, "centre")
    parts = flow.pages(r.book.introduction or "", t.font, t.font_size, body, first_top)
    _lines(r, canvas, parts[page.part], body.x,
           first_top if page.part == 0 else body.top - t.font_size, t.font_size)


def how_to_play_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    """The kind's rules in the book's language, then a solved example (a board made for
    it, not one of the book's puzzles), drawn small by the kind itself when it reads at
    the answer key's floor."""
    t = r.theme
    title = r.words.kind(page.kind).text("title")
    r.text(canvas, body.x, body.top - t.title_size,
           r.words.text("book.how_to_play_title", heading=page.heading, kind=title),
           t.font_bold, t.title_size, body.width, "centre")
    y = _paragraphs(r, canvas, r.words.kind(page.kind).text("how_to_play"), body.x,
                    body.top - t.title_size * 2.5, body.width, t.font_size)
    example = r.examples.get(page.kind)
    room = y - body.y - t.font_size * 2
    if example is None or room < body.height * 0.25:
        return
    # The example has the page under the rules: a grid as wide as it reads well, a list
    # (a scramble's, a cryptogram's lines) spread down to the foot of the page.
    side = min(body.width * 0.85, room)
    box = Box(body.x + (body.width - side) / 2, y - t.font_size * 2 - room, side, room)
    # The kind's verdict on the answer's size, then the text the example really draws
    # (box_problem would measure the plain solution: a second drawing, not this one).
    kind, ctx = get_kind(page.kind), r.context(example)
    if kind.fits(example.kept, box, ctx, solution=True) is not None:
        return
    drawn = measure.smallest_drawn(lambda c: kind.draw_example(c, example.kept, box, ctx))
    if drawn < t.min_answer_font_size - 0.05:
        return
    canvas.setFillColor(black)
    r.text(canvas, body.x, y - t.font_size * 0.5, r.words.text("book.example"),
           t.font_italic, t.font_size, body.width, "centre")
    kind.draw_example(canvas, example.kept, box, ctx)


def notes_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    """An intentional page to reach the print minimum: a heading and ruled lines."""
    t = r.theme
    canvas.setFillColor(black)
    r.text(canvas, body.x, body.top - t.title_size, r.words.text("book.notes"), t.font_bold,
           t.title_size, body.width, "centre")
    ruled_lines(r, canvas, Box(body.x, body.y, body.width, body.height - t.title_size * 2.5))


def notes_area(r: BookRenderer, canvas, box: Box, heading: str, size: float) -> None:
    """A puzzle page's empty rows: a heading the size of the puzzles' titles, ruled lines."""
    canvas.setFillColor(black)
    r.text(canvas, box.x, box.top - size, heading, r.theme.font_bold, size, box.width)
    ruled_lines(r, canvas, Box(box.x, box.y, box.width, box.height - size * 1.6))


def ruled_lines(r: BookRenderer, canvas, box: Box) -> None:
    """Grey lines a handwriting step apart, from the box's top down."""
    t = r.theme
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(max(printrules.MIN_LINE_WIDTH, t.line_width))
    step = max(t.font_size * 2.2, 20)
    y = box.top
    while y > box.y + step * 0.5:
        canvas.line(box.x, y, box.x + box.width, y)
        y -= step


BAND_GREY = Color(0.86, 0.86, 0.86)       # 14 % ink: prints, stays quiet behind the title
BAND_COLOUR = Color(0.80, 0.88, 0.96)     # a light blue for colour books
BAND_SHARE = 0.36                         # of the page's height, from the top


def opener_page(r: BookRenderer, canvas, body: Box, page: Page, number: int) -> None:
    """A section's first page: a band across the top (into the bleed at the top and the
    outside edge when the book bleeds, else inside the margins) with the section's title,
    then how many puzzles it holds and the kind's rule."""
    t = r.theme
    bottom = r.height * (1 - BAND_SHARE)
    if r.bleed:
        outside_right = number % 2 == 1                  # right-hand pages: outside = right
        left = 0.0 if outside_right else -printrules.BLEED
        band = (left, bottom, r.width + printrules.BLEED, r.height + printrules.BLEED - bottom)
    else:
        band = (body.x, bottom, body.width, body.top - bottom)
    canvas.setFillColor(BAND_COLOUR if t.colour else BAND_GREY)
    canvas.rect(*band, stroke=0, fill=1)
    canvas.setFillColor(black)
    middle = bottom + (min(body.top, r.height) - bottom) / 2
    r.text(canvas, body.x, middle - t.title_size * 0.6, page.heading, t.font_bold,
           t.title_size * 1.6, body.width, "centre")
    outcome = r.outcomes[page.items[0]]
    kind = get_kind(outcome.job.kind)
    y = bottom - t.title_size * 2
    r.text(canvas, body.x, y, r.words.plural("book.puzzles", len(page.items)), t.font_italic,
           t.font_size * 1.2, body.width, "centre")
    rule = kind.instruction(outcome.kept, r.context(outcome))
    _paragraphs(r, canvas, rule, body.x + body.width * 0.1, y - t.font_size * 3,
                body.width * 0.8, t.font_size)


def more_page(r: BookRenderer, canvas, body: Box, page: Page) -> None:
    """An intentional page to reach the print minimum: "More puzzles", a line about the
    series and the kinds this book holds."""
    t = r.theme
    canvas.setFillColor(black)
    r.text(canvas, body.x, body.top - t.title_size, r.words.text("book.more_puzzles"),
           t.font_bold, t.title_size, body.width, "centre")
    y = _paragraphs(r, canvas, r.words.text("book.more_puzzles_text"), body.x,
                    body.top - t.title_size * 2.5, body.width, t.font_size)
    kinds = dict.fromkeys(o.job.kind for o in r.outcomes)
    for kind in kinds:
        y -= t.font_size * 0.6
        r.text(canvas, body.x, y, "• " + r.words.kind(kind).text("title"), t.font,
               t.font_size * 1.1, body.width, "centre")
        y -= t.font_size * 1.2
