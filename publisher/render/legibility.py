"""Puzzles that cannot be read at the legibility floor, reported section by section: the
spec line of each section, its first few puzzles and how many more, the advice once."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..errors import PublisherError

SHOWN = 3            # puzzles named per section; the rest are counted


@dataclass(frozen=True)
class Illegible:
    section: int          # the section's index in the spec
    section_title: str
    puzzle: str           # the puzzle's title
    what: str             # "puzzle" or "solution"
    detail: str           # the measurement, then "; " and the advice


class LegibilityError(PublisherError):
    def __init__(self, problems: list[Illegible], floor: float, document: str = "book",
                 where: Callable[[int], str] = lambda section: ""):
        self.problems, self.floor, self.document = problems, floor, document
        super().__init__(legibility_message(problems, floor, document, where))

    def located(self, where: Callable[[int], str]) -> LegibilityError:
        """The same error, each section prefixed by `where(section index)` ("file:line: ")."""
        return LegibilityError(self.problems, self.floor, self.document, where)


def legibility_message(problems: list[Illegible], floor: float, document: str,
                       where: Callable[[int], str]) -> str:
    sections: dict[int, dict[str, list[Illegible]]] = {}
    for problem in problems:
        sections.setdefault(problem.section, {}).setdefault(problem.puzzle, []).append(problem)
    lines = [f"cannot print the {document} at the legibility floor ({floor:g} pt):"]
    for section, puzzles in sections.items():
        first = next(iter(puzzles.values()))[0]
        named = []
        advice: dict[str, None] = {}
        for title, found in puzzles.items():
            fact, _, tip = found[0].detail.partition("; ")
            tip = _alone(tip)
            advice.update({tip: None} if tip else {})
            named.append(f"{_which(title, {p.what for p in found})}: {fact}")
        more = len(named) - SHOWN
        shown = "; ".join(named[:SHOWN]) + (f"; and {more} more" if more > 0 else "")
        tips = "; ".join(advice)
        tips = tips or "use a layout with a larger page or a lower min_font_size"
        lines.append(f"  {where(section)}section {section + 1} ({first.section_title}), "
                     f"{len(named)} puzzle{'s' if len(named) > 1 else ''}: {shown}"
                     f". To fix: {tips}")
    return "\n".join(lines)


def _which(title: str, whats: set[str]) -> str:
    """"Kakuro 1", "the solution of Kakuro 1" or "Kakuro 1 and its solution"."""
    if whats == {"puzzle"}:
        return title
    return f"{title} and its solution" if "puzzle" in whats else f"the solution of {title}"


# A kind's advice for a crowded page; this error comes only when a puzzle does not read
# even alone on one, so "fewer puzzles on a page" cannot help
_FEWER = re.compile(r"^(put )?fewer puzzles on a page(, or | or |, |$)")


def _alone(tip: str) -> str:
    """The advice that can help a puzzle alone on its page: "put fewer puzzles on a page
    or use a smaller grid" -> "use a smaller grid"; "put fewer puzzles on a page, fewer
    words ..." -> "use fewer words ..."; "put fewer puzzles on a page" -> ""."""
    rest = _FEWER.sub("", tip)
    if rest != tip and rest.startswith("fewer"):
        rest = "use " + rest
    return rest
