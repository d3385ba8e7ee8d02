"""Draw the pages `pagination` decided: front matter, puzzles, answer key, padding,
page numbers; the trim and bleed boxes of a printed book; its PDF metadata.

Kind-agnostic: a kind draws its puzzle or solution into the Box it is given."""
from __future__ import annotations

import io
from dataclasses import replace
from typing import Callable

from reportlab import rl_config
from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..batch import Outcome
from ..ground import printrules
from ..ground.catalogue import catalogue
from ..ground.fonts import fitting_prefix, register_fonts, unique_subset_tags
from ..kinds import get_kind
from ..kinds.base import Box, DrawContext, Theme
from . import frontmatter, measure
from .layout import Layout
from .pagination import (LATER, FrontMatter, Page, Pagination, Placement, answer_cells,
                         body_box, cell_boxes, notes_below, paginate, puzzle_cells)

__all__ = ["BookRenderer", "FrontMatter", "Page", "Pagination", "Placement", "cell_boxes",
           "paginate", "shorten"]

GREY = Color(0.35, 0.35, 0.35)


def shorten(text: str, font: str, size: float, width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than `width` even at `size`
    (a binary search: O(log n) measurements, whatever the length)."""
    if stringWidth(text, font, size) <= width:
        return text
    return text[:fitting_prefix(text, font, size, width, "…")].rstrip() + "…"


class BookRenderer:
    def __init__(self, book, layout: Layout, outcomes: list[Outcome], bleed: bool = False,
                 examples: dict[str, Outcome] | None = None):
        register_fonts()       # pagination measures text before anything is drawn
        self.book, self.layout, self.outcomes, self.bleed = book, layout, outcomes, bleed
        self.words = catalogue(book.language)
        self.warnings: list[str] = []     # puzzles too cramped to read, found while drawing
        self.theme: Theme = layout.theme()
        self.width, self.height = layout.page
        self.contents: list[tuple[str, int]] = []
        self.examples = examples or {}   # kind -> a solved board for its How to play page
        self.fits_checked = False        # set once pagination has checked every box
        # (section, box width, height) -> the size its puzzles' text grows to at most
        self.text_caps: dict[tuple[int, float, float], float | None] = {}

    def render(self, pages: list[Page], placements: list[Placement],
               progress: Callable[[int], None] | None = None,
               contents: list[tuple[str, int]] | None = None,
               shown: Callable[[Canvas], None] | None = None) -> bytes:
        """The pages as PDF bytes; `shown(canvas)` after each page is finished (the print
        check that reads pages while the next are drawn: preflight/streamed.py)."""
        # Binary (Flate only) streams, not ASCII85 over Flate: the file is a sixth smaller
        # and the print check has no ASCII85 to undo. ReportLab reads this when saving.
        ascii85, rl_config.useA85 = rl_config.useA85, 0
        try:
            return self._render(pages, placements, progress, contents, shown)
        finally:
            rl_config.useA85 = ascii85

    def _render(self, pages: list[Page], placements: list[Placement],
                progress: Callable[[int], None] | None,
                contents: list[tuple[str, int]] | None,
                shown: Callable[[Canvas], None] | None = None) -> bytes:
        register_fonts()
        self.contents = contents or []
        buffer = io.BytesIO()
        size = printrules.interior_size(self.layout.page, self.bleed)
        # invariant: the creation date is SOURCE_DATE_EPOCH (else 2000-01-01), no random id
        canvas = Canvas(buffer, pagesize=size, invariant=1, initialFontName=self.theme.font,
                        pageCompression=1, lang=self.book.language)
        self._metadata(canvas)
        for number, page in enumerate(pages, start=1):
            x, y = printrules.trim_origin(number, self.bleed)
            canvas.setTrimBox((x, y, x + self.width, y + self.height))
            canvas.setBleedBox((0, 0, size[0], size[1]))
            canvas.saveState()
            canvas.translate(x, y)
            self._page(canvas, number, page, placements)
            canvas.restoreState()
            canvas.showPage()
            if shown:
                shown(canvas)
            if progress:
                progress(1)
        canvas.save()
        return unique_subset_tags(buffer.getvalue())

    def _metadata(self, canvas: Canvas) -> None:
        book = self.book
        canvas.setTitle(book.title)
        canvas.setAuthor(book.author or "")
        canvas.setSubject(book.subtitle or "")
        keywords = book.keywords
        canvas.setKeywords(", ".join(keywords) if isinstance(keywords, list) else keywords or "")
        canvas.setCreator("make-book (publisher)")

    def _page(self, canvas: Canvas, number: int, page: Page, placements) -> None:
        body = body_box(self.layout, number)
        draw = {"title": frontmatter.title_page, "copyright": frontmatter.copyright_page,
                "contents": frontmatter.contents_page,
                "introduction": frontmatter.introduction_page,
                "howto": frontmatter.how_to_play_page, "notes": frontmatter.notes_page,
                "more": frontmatter.more_page,
                "opener": lambda r, c, b, p: frontmatter.opener_page(r, c, b, p, number)}
        if page.role in draw:
            draw[page.role](self, canvas, body, page)
        elif page.role == "puzzles":
            self._puzzle_page(canvas, body, page, placements, number)
        elif page.role == "clues":
            self._clue_page(canvas, body, page, number)
        elif page.role == "answers":
            self._answer_page(canvas, body, page, placements)
        if page.role not in ("title", "blank"):
            self._page_number(canvas, number)

    def context(self, outcome: Outcome) -> DrawContext:
        kind = get_kind(outcome.job.kind)
        return DrawContext(self._theme_for(outcome),
                           catalogue(outcome.job.language).kind(kind.name))

    def section_context(self, outcome: Outcome, box: Box) -> DrawContext:
        """The puzzle's context with the size its section's text agrees on: the least its
        puzzles grow to in a box of this size, so clues print at one size through it."""
        kind, ctx = get_kind(outcome.job.kind), self.context(outcome)
        key = (outcome.job.section_index, box.width, box.height)
        if key not in self.text_caps:
            sizes = [kind.grown_text(o.kept, box, ctx) for o in self.outcomes
                     if o.job.section_index == key[0]]
            known = [size for size in sizes if size is not None]
            self.text_caps[key] = min(known) if len(known) == len(sizes) else None
        return replace(ctx, text_cap=self.text_caps[key])

    def problem(self, index: int, what: str, per_page: int) -> str | None:
        """Why outcome `index` cannot be read at the floor with `per_page` on a page
        (pagination's fit check; the boxes are the ones drawn into)."""
        body = body_box(self.layout, 1)
        box = (puzzle_cells(self.layout, body, per_page)[0][1] if what == "puzzle"
               else answer_cells(self.layout, body, per_page, heading=what != LATER)[0][1])
        return self.box_problem(self.outcomes[index], box, what != "puzzle")

    def continued_boxes(self, number: int) -> tuple[Box, Box]:
        """The boxes of a continued puzzle whose own page is `number`: its page's, and
        that of each page its text runs on to (the same size on either hand)."""
        first = puzzle_cells(self.layout, body_box(self.layout, number), 1)[0][1]
        then = puzzle_cells(self.layout, body_box(self.layout, number + 1), 1)[0][1]
        return first, then

    def continues(self, index: int) -> int:
        """How many pages puzzle `index` runs on to so that all of it reads at the floor
        (pagination asks when it does not fit one page); 0 when it cannot."""
        outcome = self.outcomes[index]
        kind, ctx = get_kind(outcome.job.kind), self.context(outcome)
        box, then = self.continued_boxes(1)
        pages = kind.continuation_pages(outcome.kept, box, then, ctx)
        if not pages:
            return 0
        for part in range(pages + 1):
            smallest = measure.smallest_drawn(lambda canvas: kind.draw_continued(
                canvas, outcome.kept, box, then, ctx, part))
            if smallest < self.theme.min_font_size - 0.05:
                return 0
        return pages

    def box_problem(self, outcome: Outcome, box: Box, solution: bool,
                    pencil: bool = True) -> str | None:
        """The kind's own verdict, then the text it really draws against the floor, and
        with `pencil` (book pages; a desk's newspaper column sets its own width) the cells
        a solver writes in against the layout's `min_writing_cell`."""
        kind, ctx = get_kind(outcome.job.kind), self.context(outcome)
        problem = kind.fits(outcome.kept, box, ctx, solution=solution)
        if problem:
            return problem
        floor_cell = self.theme.min_writing_cell
        cell = None if solution or not pencil else kind.writing_cell(outcome.kept, box, ctx)
        if cell is not None and cell < floor_cell - 0.05:
            return (f"cells would be {cell / 72:.3f} in (at least {floor_cell / 72:.2f} in "
                    "takes a pencil's letter or digit); put fewer puzzles on a page or use a "
                    "smaller grid")
        floor = self.theme.min_answer_font_size if solution else self.theme.min_font_size
        smallest = measure.smallest_text(kind, outcome.kept, box, ctx, solution)
        if smallest < floor - 0.05:
            return (f"text would be {smallest:.1f} pt (at least {floor:g} pt reads well); "
                    "put fewer on a page or make the puzzle smaller")
        return None

    def draw(self, canvas, outcome: Outcome, box: Box, what: str) -> None:
        self.draw_page_items(canvas, [(outcome, box)], what)

    def draw_page_items(self, canvas, items: list[tuple[Outcome, Box]], what: str) -> None:
        """Puzzles (or solutions) of one page; those of one kind and context are drawn
        together, so the kind can make them agree (one cell size for one grid size)."""
        for outcome, box in items:
            # Pagination has already asked (printed books); otherwise ask now, to warn.
            problem = None if self.fits_checked else get_kind(outcome.job.kind).fits(
                outcome.kept, box, self.context(outcome), solution=what == "solution")
            if problem:
                self.warnings.append(f"{outcome.job.title} ({outcome.job.section_title}), "
                                     f"{what}: {problem}")
        groups: list[tuple[str, DrawContext, list[tuple[Outcome, Box]]]] = []
        for outcome, box in items:
            ctx = (self.section_context(outcome, box) if what == "puzzle"
                   else self.context(outcome))
            if groups and groups[-1][0] == outcome.job.kind and groups[-1][1] == ctx:
                groups[-1][2].append((outcome, box))
            else:
                groups.append((outcome.job.kind, ctx, [(outcome, box)]))
        for kind, ctx, group in groups:
            get_kind(kind).draw_together(canvas, [o.kept for o, _ in group],
                                         [b for _, b in group], ctx, what == "solution")

    def _theme_for(self, outcome: Outcome) -> Theme:
        """The layout's theme, with the section's own colour choice when it made one."""
        if outcome.job.colour is None:
            return self.theme
        return replace(self.theme, colour=outcome.job.colour)

    # --- page furniture -----------------------------------------------------------------

    def _page_number(self, canvas: Canvas, number: int) -> None:
        canvas.setFont(self.theme.font, self.theme.font_size)
        canvas.setFillColor(black)
        canvas.drawCentredString(self.width / 2, self.layout.margins.bottom, str(number))

    def _fit(self, text: str, font: str, size: float, width: float) -> float:
        """The largest size <= `size` at which `text` fits `width` (not below the floor)."""
        actual = stringWidth(text, font, size)
        if actual <= width:
            return size
        return max(self.theme.min_font_size, size * width / actual)

    def text(self, canvas, x, y, text, font, size, width, align="left"):
        size = max(self.theme.min_font_size, self._fit(text, font, size, width))
        text = shorten(text, font, size, width)
        canvas.setFont(font, size)
        if align == "centre":
            canvas.drawCentredString(x + width / 2, y, text)
        elif align == "right":
            canvas.drawRightString(x + width, y, text)
        else:
            canvas.drawString(x, y, text)

    # --- pages ----------------------------------------------------------------------------

    def _clue_page(self, canvas, body: Box, page: Page, number: int) -> None:
        """A continued puzzle's next page: "<title> (clues continued)" and its text."""
        t = self.theme
        canvas.setFillColor(GREY)
        self.text(canvas, body.x, body.top - t.font_size, page.heading, t.font,
                  t.font_size, body.width)
        canvas.setFillColor(black)
        outcome = self.outcomes[page.items[0]]
        cell, inner, title_size = puzzle_cells(self.layout, body, 1)[0]
        self.text(canvas, cell.x, cell.top - title_size,
                  catalogue(outcome.job.language).text("book.clues_continued",
                                                       title=outcome.job.title),
                  t.font_bold, title_size, cell.width)
        first, then = self.continued_boxes(number - page.part)
        canvas.saveState()
        get_kind(outcome.job.kind).draw_continued(canvas, outcome.kept, first, inner,
                                                  self.context(outcome), page.part)
        canvas.restoreState()

    def _puzzle_page(self, canvas, body: Box, page: Page, placements, number: int) -> None:
        t = self.theme
        canvas.setFillColor(GREY)
        self.text(canvas, body.x, body.top - t.font_size, page.heading, t.font,
                  t.font_size, body.width)
        canvas.setFillColor(black)
        note_size = max(t.min_font_size, t.font_size * 0.8)
        drawn = []
        for index, (cell, inner, title_size) in zip(
                page.items, puzzle_cells(self.layout, body, page.per_page)):
            outcome = self.outcomes[index]
            self.text(canvas, cell.x, cell.top - title_size, outcome.job.title, t.font_bold,
                      title_size, cell.width)
            answer = placements[index].answer_page
            if answer:
                canvas.setFillColor(GREY)
                # In the puzzle's language, as the puzzle (a Russian section of an English book)
                note = catalogue(outcome.job.language).text(
                    "book.answer_on_sheet" if placements[index].answer_sheet else "book.answer_on",
                    page=answer)
                self.text(canvas, cell.x, cell.y, note, t.font_italic, note_size, cell.width,
                          "right")
                canvas.setFillColor(black)
            if page.continued:
                first, then = self.continued_boxes(number)
                canvas.saveState()
                get_kind(outcome.job.kind).draw_continued(canvas, outcome.kept, inner, then,
                                                          self.context(outcome), 0)
                canvas.restoreState()
            else:
                drawn.append((outcome, inner))
        self.draw_page_items(canvas, drawn, "puzzle")
        room = notes_below(self.layout, body, page.per_page, len(page.items))
        if room is not None:
            language = self.outcomes[page.items[0]].job.language
            frontmatter.notes_area(self, canvas, room, catalogue(language).text("book.notes"),
                                   puzzle_cells(self.layout, body, page.per_page)[0][2])

    def _answer_page(self, canvas, body: Box, page: Page, placements) -> None:
        t = self.theme
        if page.heading:
            self.text(canvas, body.x, body.top - t.title_size, page.heading, t.font_bold,
                      t.title_size, body.width, "centre")
        label = max(t.min_answer_font_size, t.font_size * 0.9)
        drawn = []
        for index, (cell, inner) in zip(page.items, answer_cells(
                self.layout, body, page.per_page, heading=bool(page.heading))):
            outcome, placement = self.outcomes[index], placements[index]
            # A long title is cut at the label's size, never the page it points to (the
            # title's width adds to the rest's: stringWidth has no kerning)
            rest = stringWidth(self.answer_label(outcome, placement, ""), t.font_bold, label)
            title = shorten(outcome.job.title, t.font_bold, label, cell.width - rest)
            canvas.setFillColor(black)
            self.text(canvas, cell.x, cell.top - label,
                      self.answer_label(outcome, placement, title), t.font_bold,
                      label, cell.width)
            drawn.append((outcome, inner))
        self.draw_page_items(canvas, drawn, "solution")

    def answer_label(self, outcome: Outcome, placement: Placement, title: str) -> str:
        """What heads a solution: its puzzle's `title` (maybe shortened) and page."""
        return self.words.text("book.on_page", title=title, page=placement.page)
