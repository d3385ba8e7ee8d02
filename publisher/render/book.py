"""Lay the book out: title page, puzzle pages, answer key, page numbers.

Kind-agnostic: a kind draws its puzzle or solution into the Box it is given."""
from __future__ import annotations

import io
from dataclasses import dataclass, field, replace
from typing import Callable

from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..batch import Outcome
from ..ground.catalogue import catalogue
from ..ground.fonts import register_fonts
from ..kinds import get_kind
from ..kinds.base import Box, DrawContext, Theme
from .layout import Layout

GREY = Color(0.35, 0.35, 0.35)


@dataclass
class Page:
    role: str                          # "title" | "puzzles" | "answers"
    items: list[int] = field(default_factory=list)     # outcome indices
    per_page: int = 1
    heading: str = ""


@dataclass
class Placement:
    page: int
    answer_page: int | None = None
    answer_sheet: bool = False        # the answer is in the separate answer sheet


@dataclass
class Pagination:
    book: list[Page]
    answers: list[Page]               # the separate answer sheet (empty unless asked for)
    placements: list[Placement]


def paginate(outcomes: list[Outcome], layout: Layout, answer_key: str = "back",
             language: str = "en") -> Pagination:
    """Decide every page before drawing, so puzzle pages can name their answer page.
    answer_key: "back" (after the puzzles), "separate" (its own PDF) or "none"."""
    pages = [Page("title")]
    placements = [Placement(0) for _ in outcomes]
    for items, per_page, heading in _runs(outcomes, lambda o: o.job.per_page):
        for start in range(0, len(items), per_page):
            chunk = items[start:start + per_page]
            pages.append(Page("puzzles", chunk, per_page, heading))
            for i in chunk:
                placements[i].page = len(pages)
    sheet: list[Page] = []
    if answer_key != "none":
        answers = sheet if answer_key == "separate" else pages
        first = True
        # Solutions run on across sections while the number per page stays the same.
        for items, per_page, heading in _runs(
                outcomes, lambda o: (o.job.answers_per_page or layout.answers_per_page
                                     or get_kind(o.job.kind).default_answers_per_page),
                by_section=False):
            for start in range(0, len(items), per_page):
                chunk = items[start:start + per_page]
                answers.append(Page("answers", chunk, per_page,
                                    catalogue(language).text("book.answers") if first else ""))
                first = False
                for i in chunk:
                    placements[i].answer_page = len(answers)
                    placements[i].answer_sheet = answers is sheet
    return Pagination(pages, sheet, placements)


def single_puzzle(index: int, outcome: Outcome, answer_key: str) -> Pagination:
    """One puzzle's own file: its page, then its solution (newspaper desks)."""
    pages = [Page("puzzles", [index], 1, outcome.job.section_title)]
    if answer_key != "none":
        pages.append(Page("answers", [index], 1, ""))
    placements = {index: Placement(1, 2 if answer_key != "none" else None)}
    return Pagination(pages, [], placements)  # type: ignore[arg-type]


def _runs(outcomes, per_page_of, by_section=True):
    """Consecutive puzzles of one section (or, with by_section=False, of one
    per-page count): (indices, per_page, section title)."""
    runs: list[tuple[list[int], int, str]] = []
    for i, outcome in enumerate(outcomes):
        per_page = per_page_of(outcome)
        if runs and (outcomes[runs[-1][0][0]].job.section_index == outcome.job.section_index
                     if by_section else runs[-1][1] == per_page):
            runs[-1][0].append(i)
        else:
            runs.append(([i], per_page, outcome.job.section_title))
    return runs


def cell_boxes(body: Box, grid: tuple[int, int], gap: float) -> list[Box]:
    columns, rows = grid
    width = (body.width - gap * (columns - 1)) / columns
    height = (body.height - gap * (rows - 1)) / rows
    return [Box(body.x + c * (width + gap), body.top - (r + 1) * height - r * gap, width, height)
            for r in range(rows) for c in range(columns)]


def shorten(text: str, font: str, size: float, width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than `width` even at `size`
    (a binary search: O(log n) measurements, whatever the length)."""
    if stringWidth(text, font, size) <= width:
        return text
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if stringWidth(text[:middle] + "…", font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"


class BookRenderer:
    def __init__(self, book, layout: Layout, outcomes: list[Outcome]):
        self.book, self.layout, self.outcomes = book, layout, outcomes
        self.words = catalogue(book.language)
        self.warnings: list[str] = []     # puzzles too cramped to read, found while drawing
        self.theme: Theme = layout.theme()
        self.width, self.height = layout.page

    def render(self, pages: list[Page], placements: list[Placement],
               progress: Callable[[int], None] | None = None) -> bytes:
        register_fonts()
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=self.layout.page, invariant=1,
                        initialFontName=self.theme.font, pageCompression=1)
        canvas.setTitle(self.book.title)
        canvas.setAuthor(self.book.author or "")
        canvas.setSubject(self.book.subtitle or "")
        canvas.setCreator("make-book (publisher)")
        for number, page in enumerate(pages, start=1):
            body = self._body(number)
            if page.role == "title":
                self._title_page(canvas, body, pages, placements)
            elif page.role == "puzzles":
                self._puzzle_page(canvas, body, page, placements)
            else:
                self._answer_page(canvas, body, page, placements)
            if page.role != "title":
                self._page_number(canvas, number)
            canvas.showPage()
            if progress:
                progress(1)
        canvas.save()
        return buffer.getvalue()

    def _draw(self, canvas, outcome: Outcome, box: Box, what: str) -> None:
        kind = get_kind(outcome.job.kind)
        ctx = DrawContext(self._theme_for(outcome),
                          catalogue(outcome.job.language).kind(kind.name))
        problem = kind.fits(outcome.kept, box, ctx, solution=what == "solution")
        if problem:
            self.warnings.append(f"{outcome.job.title} ({outcome.job.section_title}), "
                                 f"{what}: {problem}")
        canvas.saveState()
        draw = kind.draw_puzzle if what == "puzzle" else kind.draw_solution
        draw(canvas, outcome.kept, box, ctx)
        canvas.restoreState()

    def _theme_for(self, outcome: Outcome) -> Theme:
        """The layout's theme, with the section's own colour choice when it made one."""
        if outcome.job.colour is None:
            return self.theme
        return replace(self.theme, colour=outcome.job.colour)

    # --- page furniture -----------------------------------------------------------------

    def _body(self, number: int) -> Box:
        m = self.layout.margins
        left = m.inner if number % 2 == 1 else m.outer   # odd pages are right-hand pages
        right = m.outer if number % 2 == 1 else m.inner
        footer = self.theme.font_size * 1.8
        return Box(left, m.bottom + footer, self.width - left - right,
                   self.height - m.top - m.bottom - footer)

    def _page_number(self, canvas: Canvas, number: int) -> None:
        canvas.setFont(self.theme.font, self.theme.font_size)
        canvas.setFillColor(black)
        canvas.drawCentredString(self.width / 2, self.layout.margins.bottom, str(number))

    def _fit(self, text: str, font: str, size: float, width: float) -> float:
        """The largest size <= `size` at which `text` fits `width` (not below the minimum)."""
        actual = stringWidth(text, font, size)
        if actual <= width:
            return size
        return max(self.theme.min_font_size, size * width / actual)

    def _text(self, canvas, x, y, text, font, size, width, align="left"):
        size = self._fit(text, font, size, width)
        text = shorten(text, font, size, width)
        canvas.setFont(font, size)
        if align == "centre":
            canvas.drawCentredString(x + width / 2, y, text)
        elif align == "right":
            canvas.drawRightString(x + width, y, text)
        else:
            canvas.drawString(x, y, text)

    # --- pages ----------------------------------------------------------------------------

    def _title_page(self, canvas, body: Box, pages, placements) -> None:
        t = self.theme
        y = body.top - body.height * 0.22
        canvas.setFillColor(black)
        self._text(canvas, body.x, y, self.book.title, t.font_bold, t.title_size * 1.8,
                   body.width, "centre")
        y -= t.title_size * 1.6
        if self.book.subtitle:
            self._text(canvas, body.x, y, self.book.subtitle, t.font, t.title_size,
                       body.width, "centre")
            y -= t.title_size * 1.5
        if self.book.author:
            self._text(canvas, body.x, y, self.book.author, t.font_italic, t.font_size * 1.3,
                       body.width, "centre")
            y -= t.title_size * 1.5
        # Contents: one line per section, and the answer key.
        y -= t.title_size * 1.5
        rows = []
        for items, _, heading in _runs(self.outcomes, lambda o: 1):
            count = len(items)
            rows.append((f"{heading} ({self.words.plural('book.puzzles', count)})",
                         placements[items[0]].page))
        answers = [p.answer_page for p in placements if p.answer_page and not p.answer_sheet]
        if answers:
            rows.append((self.words.text("book.answers"), min(answers)))
        line = t.font_size * 1.6
        room = int((y - body.y) // line)
        if len(rows) > room:   # long books: keep the contents to what fits
            rows = rows[:max(0, room - 1)] + [(self.words.text("book.more"), rows[-1][1])]
        inset = body.width * 0.15
        for text, page in rows:
            self._text(canvas, body.x + inset, y, text, t.font, t.font_size,
                       body.width - 2 * inset - 40)
            canvas.setFont(t.font, t.font_size)
            canvas.drawRightString(body.x + body.width - inset, y, str(page))
            y -= line
        if self.book.copyright:
            self._text(canvas, body.x, body.y, self.book.copyright, t.font, t.font_size * 0.8,
                       body.width, "centre")

    def _puzzle_page(self, canvas, body: Box, page: Page, placements) -> None:
        t = self.theme
        canvas.setFillColor(GREY)
        self._text(canvas, body.x, body.top - t.font_size, page.heading, t.font,
                   t.font_size, body.width)
        canvas.setFillColor(black)
        top_gap = t.font_size * 1.8
        area = Box(body.x, body.y, body.width, body.height - top_gap)
        title_size = t.title_size if page.per_page == 1 else t.title_size * 0.7
        for index, cell in zip(page.items, cell_boxes(area, self.layout.page_grids[page.per_page],
                                                      t.font_size * 1.5)):
            outcome = self.outcomes[index]
            self._text(canvas, cell.x, cell.top - title_size, outcome.job.title, t.font_bold,
                       title_size, cell.width)
            note_size = t.font_size * 0.8
            answer = placements[index].answer_page
            if answer:
                canvas.setFillColor(GREY)
                note = self.words.text("book.answer_on_sheet" if placements[index].answer_sheet
                                       else "book.answer_on", page=answer)
                self._text(canvas, cell.x, cell.y, note, t.font_italic,
                           note_size, cell.width, "right")
                canvas.setFillColor(black)
            inner = Box(cell.x, cell.y + note_size * 2, cell.width,
                        cell.height - title_size * 1.6 - note_size * 2)
            self._draw(canvas, outcome, inner, "puzzle")

    def _answer_page(self, canvas, body: Box, page: Page, placements) -> None:
        t = self.theme
        top = body.top
        if page.heading:
            self._text(canvas, body.x, top - t.title_size, page.heading, t.font_bold,
                       t.title_size, body.width, "centre")
            top -= t.title_size * 2
        area = Box(body.x, body.y, body.width, top - body.y)
        label = t.font_size * 0.9
        for index, cell in zip(page.items, cell_boxes(area, self.layout.page_grids[page.per_page],
                                                      t.font_size * 1.5)):
            outcome = self.outcomes[index]
            canvas.setFillColor(black)
            self._text(canvas, cell.x, cell.top - label,
                       self.words.text("book.on_page", title=outcome.job.title,
                                       page=placements[index].page), t.font_bold,
                       label, cell.width)
            inner = Box(cell.x, cell.y, cell.width, cell.height - label * 1.8)
            self._draw(canvas, outcome, inner, "solution")
