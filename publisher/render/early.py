"""Before any puzzle is generated: a puzzle that could not be read at the floor even
alone on a page stops the build at once, judged on its kind's stand-in board
(`Kind.stand_in`: a board of the request's size that reads at least as well as any
generated for it), in the words of the same check after generating (`lay_out`); so
does a book sure to pass the print services' most pages (`fewest_pages`)."""
from __future__ import annotations

from collections import Counter
from math import ceil
from typing import Callable

from ..batch import Outcome
from ..errors import SpecError
from ..ground import printrules
from ..kinds import get_kind
from ..plan import Job
from ..spec import BookBase, Spec
from .book import BookRenderer
from .layout import Layout
from .legibility import Illegible, LegibilityError
from .worksheet import WorksheetRenderer, even_margins


def check_sizes(book: BookBase, layout: Layout, jobs: list[Job],
                where: Callable[[int], str]) -> None:
    """LegibilityError (each section prefixed by `where(section index)`) when a puzzle of
    a printed book's or a worksheet's `jobs` would not read at the floor alone on a page."""
    outcomes = [outcome for outcome in (Outcome(job, get_kind(job.kind).stand_in(job.params))
                                        for job in jobs) if outcome.board is not None]
    if not outcomes:
        return
    printed = layout.for_print(printrules.MIN_PAGES, False)     # the narrowest gutter
    renderer = (WorksheetRenderer(book, even_margins(layout), outcomes) if book.worksheet
                else BookRenderer(book, printed, outcomes))
    sides = ("puzzle", "solution") if book.answers_where != "none" else ("puzzle",)
    found: dict[tuple[int, str], str | None] = {}    # a section's puzzles share params
    problems = []
    for index, outcome in enumerate(outcomes):
        job = outcome.job
        for what in sides:
            key = (id(job.params), what)
            if key not in found:
                found[key] = renderer.problem(index, what, 1)
            problem = found[key]
            if problem:
                problems.append(Illegible(job.section_index, job.section_title, job.title,
                                          what, problem))
    if problems:
        raise LegibilityError(problems, printed.min_font_size, where=where)


def fewest_pages(book: BookBase, layout: Layout, jobs: list[Job]) -> int:
    """The fewest pages a printed book of `jobs` can have: a title, a copyright (or
    blank) and a contents page, each section's puzzles at the most a page of it may
    hold (pagination may put fewer on a page, never more), and answers at the back at
    the most any page of them holds."""
    counts = Counter(job.section_index for job in jobs)
    per_page = {job.section_index: job.per_page for job in jobs}
    pages = 3 + sum(ceil(count / per_page[index]) for index, count in counts.items())
    if jobs and book.answers_where == "back":
        wanted = max(job.answers_per_page or layout.answers_per_page
                     or get_kind(job.kind).default_answers_per_page for job in jobs)
        pages += ceil(len(jobs) / min(wanted, max(layout.page_grids, default=wanted)))
    return pages


def check_page_count(spec: Spec, layout: Layout, jobs: list[Job]) -> None:
    """A SpecError when a printed book of `jobs` is sure to have too many pages."""
    least = fewest_pages(spec.book, layout, jobs)
    if least > printrules.MAX_PAGES:
        raise too_many_pages(spec, jobs, f"at least {printrules.page_count_problem(least)}")


def too_many_pages(spec: Spec, jobs: list[Job], problem: str) -> SpecError:
    """The page-count error at the count of the section with the most puzzles (the first
    of them on a tie): that count is the likeliest to change."""
    counts = Counter(job.section_index for job in jobs)
    largest = max(counts, key=lambda index: (counts[index], -index))
    return spec.error(("sections", largest, "count"), f"the book has {problem}")
