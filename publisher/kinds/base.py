"""The one interface every puzzle kind implements.

The book engine (spec -> plan -> batch -> render -> export) only talks to a kind
through `Kind`. A new kind is one module in `publisher/kinds/` that defines a
`Kind` subclass and registers it in `publisher/kinds/__init__.py`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Literal, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field


class SectionBase(BaseModel):
    """Keys every section has. A kind subclasses this with `kind: Literal["<name>"]`
    and its own keys; unknown keys are an error (extra="forbid")."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    kind: str
    title: str | None = Field(default=None, min_length=1)
    language: str | None = Field(default=None, pattern=r"^[a-z]{2,3}$")
    colour: bool | None = Field(default=None, description="print in colour (default: the layout's)")
    accents: Literal["keep", "strip"] | None = Field(
        default=None, description="grid letters keep or drop accents (language default)")
    candidates: int | None = Field(default=None, ge=1, le=100_000,
                                   description="boards generated per puzzle; the best is kept")
    per_page: Literal[1, 2, 4, 6] = Field(default=1, description="puzzles on one puzzle page")
    answers_per_page: Literal[1, 2, 4, 6] | None = Field(
        default=None, description="solutions on one answer-key page (kind default if unset)")


def grid_size(value: Any, smallest: int, largest: int, what: str = "grid") -> tuple[int, int]:
    """A spec's `size`: one number (a square) or [rows, cols] -> (rows, cols).
    Raises ValueError with a message that says what to write instead."""
    sides = [value, value] if isinstance(value, int) else value
    if (not isinstance(sides, (list, tuple)) or len(sides) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in sides)):
        raise ValueError(f"{value!r}: write one number (a square) or [rows, cols]")
    for side in sides:
        if side > largest:
            raise ValueError(f"{side} is larger than the largest {what} ({largest})")
        if side < smallest:
            raise ValueError(f"{side} is smaller than the smallest {what} ({smallest})")
    return sides[0], sides[1]


def numbered_titles(base: str, count: int) -> list[str]:
    """Titles for `count` puzzles drawn in one section: "Flow 1", "Flow 2"... ("Flow" alone)."""
    return [f"{base} {i + 1}" for i in range(count)] if count > 1 else [base]


@dataclass(frozen=True)
class Word:
    """A word as printed (`text`, NFC) and as written in the grid (`answer`)."""

    text: str
    answer: str
    clue: str | None = None


@dataclass(frozen=True)
class PuzzleRequest:
    """One puzzle to make, from a section. `params` must be picklable (it crosses
    the process pool) and is passed unchanged to `Kind.generate`."""

    title: str
    params: dict[str, Any]
    language: str = "en"


class PlanContext(Protocol):
    """What a kind may ask of the book while planning a section (implemented in
    `publisher.plan`)."""

    spec_dir: Path
    language: str          # the section's language (section, else book default)

    def error(self, field: str, message: str) -> Exception:
        """A SpecError located at `field` (relative to the section, e.g.
        "puzzles[2].words" or "size"); `raise ctx.error(...)`."""

    def words(self, ref: Any, field: str, language: str) -> list[Word]:
        """Resolve a word reference: an inline list, a file beside the spec
        (.txt one per line, .yaml word: clue) or a bundled list ("en/animals")."""

    def clues(self, ref: Any, field: str, language: str) -> list[Word]:
        """Like `words`, but every Word must have a clue (inline mapping
        {word: clue}, list of {word, clue}, a .yaml file or a bundled list)."""

    def take_unused(self, pool: Sequence[Word], n: int, field: str,
                    accept: Callable[[list[Word], Word], bool] | None = None) -> list[Word]:
        """Draw `n` words from `pool` that no earlier puzzle in the book used
        (by answer), deterministically from the book seed; marks them used.
        `accept(chosen, word)` may refuse a word that clashes with those chosen."""

    def mark_used(self, words: Sequence[Word]) -> None:
        """Record words as used by this book (explicit puzzles call this)."""


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, in points, origin at the bottom-left (ReportLab)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Theme:
    """Fonts and sizes from the layout. Fonts are registered TrueType names."""

    font: str = "PTSans"
    font_bold: str = "PTSans-Bold"
    font_size: float = 11.0           # body text (word lists, clues)
    title_size: float = 16.0
    line_width: float = 0.6
    colour: bool = False              # kinds may use colour when true
    large_print: bool = False
    min_font_size: float = 7.0        # never shrink text below this


@dataclass
class Board:
    """Base for a kind's generated board. Subclass it as a dataclass with the
    puzzle and its solution. Must be picklable. Higher `score` is better."""

    score: float = 0.0
    warnings: list[str] = field(default_factory=list)   # shown in the terminal


class Kind:
    """One puzzle kind. Subclasses set the class attributes and override methods."""

    name: ClassVar[str]                         # the spec's `kind:` value
    display_name: ClassVar[str] = ""            # for readers ("Word search"); default: name
    section_model: ClassVar[type[SectionBase]]
    default_candidates: ClassVar[int] = 10
    default_answers_per_page: ClassVar[int] = 4

    def plan(self, section: SectionBase, ctx: PlanContext) -> list[PuzzleRequest]:
        """Turn a validated section into puzzle requests. Raise ctx.error(...) for
        requests that cannot be met (word longer than the grid, zero words...)."""
        raise NotImplementedError

    def generate(self, params: dict[str, Any], seed: int) -> Board:
        """Build ONE candidate board from `params`, deterministically from `seed`
        (use random.Random(seed); never the wall clock or global random state:
        budgets are counted in steps, not seconds). Raise GenerationFailed when
        this candidate cannot be made; the batch keeps the best of the others."""
        raise NotImplementedError

    def draw_puzzle(self, canvas: Any, board: Board, box: Box, theme: Theme) -> None:
        """Draw the unsolved puzzle (grid, word list or clues) inside `box`."""
        raise NotImplementedError

    def draw_solution(self, canvas: Any, board: Board, box: Box, theme: Theme) -> None:
        """Draw the solved puzzle inside `box` (answer key; boxes are small)."""
        raise NotImplementedError

    def fits(self, board: Board, box: Box, theme: Theme, solution: bool = False) -> str | None:
        """Why the puzzle (or, with `solution`, its answer) would be unreadable in
        `box` (e.g. letters below the theme's minimum size), or None. The book
        reports it as a warning."""
        return None

    def manifest(self, board: Board) -> dict[str, Any]:
        """The kind's fields of the JSON manifest entry (see ARCHITECTURE.md).
        Only JSON types; cells as lists of one-character strings or None."""
        raise NotImplementedError

    def text_for_search(self, board: Board) -> list[str]:
        """Strings a reader will find printed on the puzzle page (tests use it)."""
        return []

    def export(self, board: Board, puzzle_id: str, title: str, meta: dict[str, Any],
               out_dir: Path) -> list[Path]:
        """Write side files (e.g. .puz, .ipuz) into out_dir, atomically; return
        their paths. `meta` has the book's title/author/copyright."""
        return []
