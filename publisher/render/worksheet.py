"""The worksheet document (issue 11): a recipe over the book engine (pagination's pages,
the renderer's boxes and kinds), not a copy of it. No title page or front matter; each
puzzle page carries the worksheet's header (title, Name/Date/Class line, the kinds'
instructions); the same margins on every page; "1/3" page numbers when there is more
than one page; version codes (`copies:`) in the footer; the answers in their own file."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from reportlab.lib.colors import black
from reportlab.lib.utils import simpleSplit

from ..batch import Outcome
from ..kinds import get_kind
from ..kinds.base import Box, DrawContext
from ..ground.printrules import DOCUMENT_INFO
from .book import GREY, BookRenderer, shorten
from .cover import InfoWithKeys
from .legibility import LegibilityError
from .layout import Layout, Margins
from .pagination import (LATER, Page, Pagination, Placement, answer_cells, body_box,
                         paginate, puzzle_cells)

INSTRUCTION_LINES = 2      # an instruction longer than this is shortened


def even_margins(layout: Layout) -> Layout:
    """The layout with equal left and right margins (the wider of inner and outer):
    single-sided copies do not shift from page to page."""
    m = layout.margins
    side = max(m.inner, m.outer)
    return layout.model_copy(update={"margins": Margins(top=m.top, bottom=m.bottom,
                                                        inner=side, outer=side)})


def lay_out_worksheet(book, layout: Layout,
                      outcomes: list[Outcome]) -> tuple["WorksheetRenderer", Pagination]:
    """Every page of a worksheet; the legibility floor applies (a puzzle that cannot be
    read at it moves to a page of its own, or the build stops)."""
    layout = even_margins(layout)
    renderer = WorksheetRenderer(book, layout, outcomes)
    heading = renderer.words.text("worksheet.answers", title=book.title)
    pages = paginate(outcomes, layout, book.answers_where, book.language,
                     fits=renderer.problem, title_page=False, answers_heading=heading,
                     packets=True)
    renderer.fits_checked = True
    if pages.problems:
        raise LegibilityError(pages.problems, layout.min_font_size, "worksheet")
    return renderer, pages


def packet_numbers(pages: list[Page], outcomes: list[Outcome]) -> dict[int, tuple[int, int]]:
    """Page number -> (number in its packet, the packet's pages): with `copies:` each
    student's puzzle pages count on their own (1/4 .. 4/4 for each copy); answer pages, the
    teacher's, count through their file."""
    packets: list[int] = []
    for page in pages:      # a page of clues continued, or a notes page, is its puzzle's
        packets.append(0 if page.role == "answers" else outcomes[page.items[0]].job.copy
                       if page.items else packets[-1] if packets else 1)
    numbering, at = {}, 0
    for number, packet in enumerate(packets, start=1):
        at = at + 1 if number > 1 and packet == packets[number - 2] else 1
        numbering[number] = (at, packets.count(packet))
    return numbering


class WorksheetRenderer(BookRenderer):
    """The book renderer with a worksheet's page furniture."""

    def context(self, outcome: Outcome) -> DrawContext:
        """The header prints each kind's instruction: the puzzle does not repeat it."""
        return replace(super().context(outcome), instructed=True)

    def _metadata(self, canvas: Any) -> None:
        super()._metadata(canvas)
        canvas._doc.info = InfoWithKeys(canvas._doc.info, {DOCUMENT_INFO: "worksheet"})

    # page number -> (its number in its packet, the packet's pages), for "1/3"
    numbering: dict[int, tuple[int, int]] = {}

    def render(self, pages: list[Page], placements, progress: Callable[[int], None] | None = None,
               contents: list[tuple[str, int]] | None = None,
               shown: Callable[[Any], None] | None = None) -> bytes:
        self.numbering = packet_numbers(pages, self.outcomes)
        return super().render(pages, placements, progress, contents, shown)

    # --- geometry shared by the fit check and the drawing -------------------------------

    def header_height(self) -> float:
        t = self.theme
        return (t.title_size * 1.3 + t.font_size * 2.2
                + t.font_size * 1.3 * INSTRUCTION_LINES + t.font_size * 0.8)

    def puzzle_body(self) -> Box:
        body = body_box(self.layout, 1)
        return Box(body.x, body.y, body.width, body.height - self.header_height())

    def problem(self, index: int, what: str, per_page: int) -> str | None:
        body = self.puzzle_body() if what == "puzzle" else body_box(self.layout, 1)
        box = (puzzle_cells(self.layout, body, per_page)[0][1] if what == "puzzle"
               else answer_cells(self.layout, body, per_page, heading=what != LATER)[0][1])
        return self.box_problem(self.outcomes[index], box, what != "puzzle")

    # --- pages ----------------------------------------------------------------------------

    def _page(self, canvas, number: int, page: Page, placements) -> None:
        if page.role == "puzzles":
            self._header(canvas, page)
            self._puzzles(canvas, page)
        elif page.role == "answers":
            self._answer_page(canvas, body_box(self.layout, 1), page, placements)
        self._footer(canvas, number, page)

    def instruction(self, outcome: Outcome) -> str:
        """The kind's one-line instruction in the puzzle's language."""
        return get_kind(outcome.job.kind).instruction(outcome.kept, self.context(outcome))

    def _header(self, canvas, page: Page) -> None:
        t, body = self.theme, body_box(self.layout, 1)
        y = body.top - t.title_size
        canvas.setFillColor(black)
        self.text(canvas, body.x, y, self.book.title, t.font_bold, t.title_size, body.width)
        y -= t.font_size * 2.2
        blank = "_" * 12
        fields = "    ".join(f"{self.words.text(f'worksheet.{key}')}: {blank}"
                             for key in ("name", "date", "class"))
        self.text(canvas, body.x, y, fields, t.font, t.font_size, body.width)
        rules = list(dict.fromkeys(self.instruction(self.outcomes[i]) for i in page.items))
        lines = simpleSplit(" ".join(rules), t.font_italic, t.font_size, body.width)
        if len(lines) > INSTRUCTION_LINES:
            lines = lines[:INSTRUCTION_LINES - 1] + [
                shorten(" ".join(lines[INSTRUCTION_LINES - 1:]), t.font_italic, t.font_size,
                        body.width)]
        for line in lines:
            y -= t.font_size * 1.3
            canvas.setFont(t.font_italic, t.font_size)
            canvas.drawString(body.x, y, line)
        # A full-width rule under the header: the page's ink spans the same margins.
        rule_y = body.top - self.header_height() + t.font_size * 0.4
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(max(t.min_line_width, t.line_width * 0.5))
        canvas.line(body.x, rule_y, body.x + body.width, rule_y)
        canvas.setStrokeColor(black)

    def _puzzles(self, canvas, page: Page) -> None:
        t = self.theme
        for index, (cell, inner, title_size) in zip(
                page.items, puzzle_cells(self.layout, self.puzzle_body(), page.per_page)):
            outcome = self.outcomes[index]
            canvas.setFillColor(black)
            self.text(canvas, cell.x, cell.top - title_size, outcome.job.title, t.font_bold,
                      title_size, cell.width)
            self.draw(canvas, outcome, inner, "puzzle")

    def answer_label(self, outcome: Outcome, placement: Placement, title: str) -> str:
        """The worksheet's and the puzzle's titles (and the version), not a page."""
        label = self.words.text("worksheet.answer_label", worksheet=self.book.title,
                                title=title)
        return f"{label} ({outcome.job.version})" if outcome.job.version else label

    def _footer(self, canvas, number: int, page: Page) -> None:
        t, body = self.theme, body_box(self.layout, 1)
        y = self.layout.margins.bottom
        canvas.setFillColor(black)
        canvas.setFont(t.font, t.font_size)
        at, total = self.numbering[number]
        if total > 1:
            canvas.drawCentredString(self.width / 2, y, f"{at}/{total}")
        if page.role == "puzzles":
            codes = " ".join(self.outcomes[i].job.version for i in page.items
                             if self.outcomes[i].job.version)
            if codes:
                size = max(t.min_font_size, t.font_size * 0.8)
                canvas.setFillColor(GREY)
                canvas.setFont(t.font, size)
                canvas.drawRightString(body.x + body.width, y, codes)
                canvas.setFillColor(black)
