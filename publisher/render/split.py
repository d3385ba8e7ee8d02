"""Desk files (`split: true`): per puzzle `<stem>.pdf` and `<stem>-solution.pdf`, each one
page as wide as the layout's `column_width` and as tall as what the kind drew, for a
newspaper page to place; with `svg: true` the same two drawings as `<stem>.svg` and
`<stem>-solution.svg`.

No page furniture: no margins, no page number, no "Answer on page" note; only the
puzzle's title, small, above it (`split_title: false` leaves it out). The kinds draw
with their own draw_puzzle/draw_solution into a column-wide box that is taller than
they need; the box is then cropped to the bounds of what they drew (render/svg.py
records them), so the height follows the grid, clues and word list."""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Callable

from reportlab.lib.colors import black
from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas

from ..batch import Outcome
from ..errors import PublisherError
from ..ground.catalogue import catalogue
from ..ground.columns import NAMED, WIDEST
from ..ground.fonts import register_fonts, unique_subset_tags
from ..kinds import get_kind
from ..kinds.base import Box
from ..plan import Job
from ..spec import BookBase, Spec
from .book import BookRenderer, Pagination, Placement, shorten
from .layout import Layout
from .svg import Bounds, SvgCanvas

EDGE = 1.5           # points left free at every side: a grid's outer line is not cut off
TITLE_GAP = 0.6      # space under the title, as a share of its size
SIDES = (("", False), ("-solution", True))


@dataclass(frozen=True)
class DeskOptions:
    width: float             # the column width in points
    title: bool = True       # the puzzle's title above it
    svg: bool = False        # also <stem>.svg and <stem>-solution.svg
    solutions: bool = True   # <stem>-solution.* (not with `answer_key: false`)
    # the error of a column too narrow, at the spec's `column_width` line
    error: Callable[[str], PublisherError] = PublisherError


@dataclass(frozen=True)
class _Drawing:
    """One side of one puzzle, placed: the kind's box, the bounds of what it draws there
    (moved down to EDGE above the page's foot), and the title above."""

    box: Box
    bounds: Bounds
    title: str
    title_size: float
    title_height: float

    @property
    def height(self) -> float:
        return EDGE + self.title_height + self.bounds.height + EDGE


def desk_options(spec: Spec, layout: Layout, split: bool,
                 cover: bool | None = None) -> DeskOptions | None:
    """The desk files a build writes (None: none), from the spec, --split and --cover.
    `svg` and `book: false` need them: alone they would write nothing to place."""
    book = spec.book
    if not split:
        if book.svg:
            raise spec.error(("svg",), "`svg: true` draws the desk files as SVG too: add "
                             "`split: true` (or --split)")
        if not book.book:
            raise spec.error(("book",), "`book: false` leaves only the desk files: add "
                             "`split: true` (or --split), or remove `book: false`")
        return None
    if not book.book and (book.cover is not False or cover):
        raise spec.error(("cover",) if not cover else ("book",),
                         "`book: false` writes no book, so no cover: remove "
                         + ("--cover" if cover else "`cover`") + " or the `book: false`")
    width = book.column_width if book.column_width is not None else layout.column_width
    return DeskOptions(width, book.split_title, book.svg, book.answers_where != "none",
                       lambda message: spec.error(("column_width",), message))


def bookless(book: BookBase, layout: Layout,
             outcomes: list[Outcome]) -> tuple[BookRenderer, Pagination]:
    """`book: false`: a renderer to draw the desk files with, and no pages."""
    return (BookRenderer(book, layout, outcomes),
            Pagination([], [], [Placement(0) for _ in outcomes]))


def without_book(manifest: dict[str, Any]) -> None:
    """The manifest of a build without a book PDF: no file, no pages."""
    items = list(manifest.items())
    manifest.clear()
    for key, value in items:                 # "book": false right after "pdf": null
        manifest[key] = None if key == "pdf" else value
        if key == "pdf":
            manifest["book"] = False
    for puzzle in manifest["puzzles"]:
        puzzle["page"] = puzzle["answer_page"] = None


def desk_files(renderer: BookRenderer, outcomes: list[Outcome], stem: Callable[[Job], str],
               options: DeskOptions, advance: Callable[[int], None] | None = None
               ) -> dict[str, dict[str, bytes]]:
    """Puzzle id -> {file name: bytes} (`<stem>.pdf`, `<stem>-solution.pdf`, and the
    SVGs), or a PublisherError naming each puzzle that does not fit the column."""
    register_fonts()
    files: dict[str, dict[str, bytes]] = {}
    problems = []
    for outcome in outcomes:
        own: dict[str, bytes] = {}
        svgs: dict[str, bytes] = {}
        for suffix, solution in SIDES[:2 if options.solutions else 1]:
            try:
                drawing = _place(renderer, outcome, options, solution)
            except _TooNarrow as exc:
                problems.append(str(exc))
                break
            name = stem(outcome.job) + suffix
            own[f"{name}.pdf"] = _pdf(renderer, outcome, drawing, solution, options.width)
            if options.svg:
                svgs[f"{name}.svg"] = _svg(renderer, outcome, drawing, solution, options.width)
        files[outcome.job.id] = {**own, **svgs}
        if advance:
            advance(1)
    if problems:
        raise options.error("a puzzle does not fit the column: " + "; ".join(problems))
    return files


def check_columns(book: BookBase, layout: Layout, jobs: list[Job],
                  options: DeskOptions | None) -> None:
    """Before generating: `options.error` naming each puzzle whose kind's stand-in (a board
    that reads at least as well as any generated for it, `Kind.stand_in`) does not fit
    the column, as `desk_files` would name it after generating."""
    if options is None:
        return
    outcomes = [outcome for outcome in (Outcome(job, get_kind(job.kind).stand_in(job.params))
                                        for job in jobs) if outcome.board is not None]
    renderer, problems, seen = BookRenderer(book, layout, outcomes), [], set()
    for outcome in outcomes:
        if id(outcome.job.params) in seen:
            continue                       # a section's puzzles share params
        seen.add(id(outcome.job.params))
        for _, solution in SIDES[:2 if options.solutions else 1]:
            try:
                _place(renderer, outcome, options, solution)
            except _TooNarrow as exc:
                problems.append(str(exc))
                break
    if problems:
        raise options.error("a puzzle does not fit the column: " + "; ".join(problems))


class _TooNarrow(Exception):
    pass


def _place(renderer: BookRenderer, outcome: Outcome, options: DeskOptions,
           solution: bool) -> _Drawing:
    """The kind's box and what it draws there (`_fitted`), or _TooNarrow naming the
    reason and the narrowest named column width (else the width) it fits."""
    width, theme = options.width, renderer.theme
    job = outcome.job
    fitted = _fitted(renderer, outcome, width, solution)
    if isinstance(fitted, str):
        raise _TooNarrow(f"{job.title} ({job.section_title}), "
                         f"{'solution' if solution else 'puzzle'}: in a column "
                         f"{width / 72:.2f} in wide, {fitted}; "
                         f"{_wide_enough(renderer, outcome, width, options.solutions)}")
    box, bounds = fitted
    title, size, title_height = "", max(theme.font_size, theme.min_font_size), 0.0
    if options.title:
        words = catalogue(job.language)
        title = (words.text("book.solution_title", title=job.title) if solution
                 else job.title)
        ascent, descent = getAscentDescent(theme.font_bold, size)
        title_height = ascent - descent + size * TITLE_GAP
    return _Drawing(box, bounds, title, size, title_height)


def _fitted(renderer: BookRenderer, outcome: Outcome, width: float,
            solution: bool) -> tuple[Box, Bounds] | str:
    """The kind's box, column-wide and, from three widths tall, doubled until what the
    kind draws is readable (`box_problem`) and the height no longer limits it (it leaves
    a quarter of the box empty, or is no taller in a box twice as tall), with the bounds
    of the drawing; else the reason it is not readable at this width."""
    height = max(3 * width, 720.0)
    problem = None
    while height <= WIDEST:
        box = Box(EDGE, 0.0, width - 2 * EDGE, height)
        problem = renderer.box_problem(outcome, box, solution, pencil=False)
        if problem is None:
            bounds = _bounds(renderer, outcome, box, solution)
            if bounds.height <= 0.75 * height or _bounds(
                    renderer, outcome, Box(EDGE, 0.0, box.width, 2 * height),
                    solution).height <= bounds.height + 0.5:
                return box, bounds
        height *= 2
    # The reason without its book-page advice ("put fewer puzzles on a page").
    return (problem or "it needs a taller page").split(";", 1)[0]


def _wide_enough(renderer: BookRenderer, outcome: Outcome, width: float,
                 solutions: bool) -> str:
    """The advice for a puzzle too narrow at `width`: the first wider named column its
    puzzle (and solution) fit, else the first width they fit, doubling the widest
    named one up to the widest page."""
    def fits(points: float) -> bool:
        return all(not isinstance(_fitted(renderer, outcome, points, solution), str)
                   for _, solution in SIDES[:2 if solutions else 1])

    for name, points in NAMED.items():
        if points > width + 0.5 and fits(points):
            return f"make column_width {name} ({points / 72:.2f} in) or wider"
    points = max(width, max(NAMED.values()))
    while points < WIDEST:
        points = min(2 * points, WIDEST)
        if fits(points):
            return f"make column_width {points / 72:.2f}in or wider"
    return "it fits no column; make the puzzle smaller"


def _bounds(renderer: BookRenderer, outcome: Outcome, box: Box, solution: bool) -> Bounds:
    """What the kind draws into `box`, measured (an empty drawing: a line at the bottom)."""
    probe = SvgCanvas(box.width, box.height, bounds_only=True)
    kind = get_kind(outcome.job.kind)
    draw = kind.draw_solution if solution else kind.draw_puzzle
    draw(probe, outcome.kept, box, renderer.context(outcome))
    return probe.bounds if not probe.bounds.empty else Bounds(0.0, 0.0, box.width, 0.0)


def _paint(canvas: Any, renderer: BookRenderer, outcome: Outcome, drawing: _Drawing,
           solution: bool, width: float) -> None:
    """The title at the top, then the kind's drawing moved so that its bounds start
    right under it, each EDGE inside the page; the same calls for the PDF and the SVG."""
    theme = renderer.theme
    if drawing.title:
        ascent, _ = getAscentDescent(theme.font_bold, drawing.title_size)
        canvas.setFillColor(black)
        canvas.setFont(theme.font_bold, drawing.title_size)
        canvas.drawString(EDGE, drawing.height - EDGE - ascent,
                          shorten(drawing.title, theme.font_bold, drawing.title_size,
                                  width - 2 * EDGE))
    canvas.saveState()
    canvas.translate(0, EDGE - drawing.bounds.y0)
    kind = get_kind(outcome.job.kind)
    draw = kind.draw_solution if solution else kind.draw_puzzle
    draw(canvas, outcome.kept, drawing.box, renderer.context(outcome))
    canvas.restoreState()


def _pdf(renderer: BookRenderer, outcome: Outcome, drawing: _Drawing, solution: bool,
         width: float) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, drawing.height), invariant=1,
                    initialFontName=renderer.theme.font, pageCompression=1,
                    lang=outcome.job.language)
    canvas.setTitle(drawing.title or outcome.job.title)
    canvas.setAuthor(renderer.book.author or "")
    canvas.setCreator("make-book (publisher)")
    _paint(canvas, renderer, outcome, drawing, solution, width)
    canvas.showPage()
    canvas.save()
    return unique_subset_tags(buffer.getvalue())


def _svg(renderer: BookRenderer, outcome: Outcome, drawing: _Drawing, solution: bool,
         width: float) -> bytes:
    canvas = SvgCanvas(width, drawing.height, drawing.title or outcome.job.title)
    _paint(canvas, renderer, outcome, drawing, solution, width)
    return canvas.svg()
