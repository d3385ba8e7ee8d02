"""Documented ceilings on what one build may ask for (docs/spec.md, "Limits").

A spec within them builds in minutes, not hours; past them the build is refused up
front with the figure and the ceiling, before any work starts."""
from __future__ import annotations

from typing import Any, Iterable

from ..errors import PublisherError

# One work unit is about one 15x15 word-search candidate. Weights from
# benchmarks-style timing of one candidate per kind at its usual size.
KIND_WORK = {"wordsearch": 1, "queens": 2, "crossword": 8, "numberlink": 12, "sudoku": 50,
             "fillin": 6, "maze": 4, "scramble": 1, "cryptogram": 1}
OTHER_KIND_WORK = 10
MAX_WORK = 500_000          # about an hour on one core; raise with --max-work
MAX_TITLE = 200             # characters of a title, subtitle, author, copyright
MAX_WORD = 60               # characters of a word or phrase
MAX_CLUE = 250              # characters of a clue


def too_long(text: str, limit: int, what: str) -> str | None:
    """The error message if `text` is longer than `limit` characters, else None."""
    if len(text) <= limit:
        return None
    return (f"{what} is {len(text):,} characters long, more than the {limit} allowed "
            f"(docs/spec.md, Limits): {text[:30]!r}...; shorten it")


def work_of(jobs: Iterable) -> int:
    """Total weighted work of the jobs: candidates x the kind's weight, summed."""
    return sum(job.candidates * KIND_WORK.get(job.kind, OTHER_KIND_WORK) for job in jobs)


def check_work(jobs: list, ceiling: int | None, where: str) -> None:
    """Refuse a book whose total work is past `ceiling` (default MAX_WORK)."""
    ceiling = MAX_WORK if ceiling is None else ceiling
    work = work_of(jobs)
    if work > ceiling:
        raise PublisherError(
            f"{where}the book asks for {work:,} units of work ({len(jobs):,} puzzles x their "
            f"candidates, weighted by kind), past the ceiling of {ceiling:,}; lower `count` "
            f"or `candidates`, or raise the ceiling with --max-work {work}")


def grid_size(value: Any, smallest: int, largest: int, what: str = "grid") -> tuple[int, int]:
    """A spec's `size`: one number (a square) or [rows, cols] -> (rows, cols).
    Raises ValueError with a message that says what to write instead."""
    sides = [value, value] if isinstance(value, int) and not isinstance(value, bool) else value
    if (not isinstance(sides, (list, tuple)) or len(sides) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in sides)):
        raise ValueError(f"{value!r}: write one number (a square) or [rows, cols]")
    for side in sides:
        if side > largest:
            raise ValueError(f"{side} is larger than the largest {what} ({largest})")
        if side < smallest:
            raise ValueError(f"{side} is smaller than the smallest {what} ({smallest})")
    return sides[0], sides[1]
