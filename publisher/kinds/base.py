"""The one contract every puzzle kind implements (see docs/developing-kinds.md).

The book engine (spec -> plan -> batch -> render -> export) talks to a kind only
through `Kind[S, P, B]`: S is the kind's section model (the spec keys, validated in one
place), P its generation params (a frozen pydantic model that crosses the process
pool), B its board (a picklable dataclass). A kind is one package in
`publisher/kinds/` (or a distribution registering the entry point `publisher.kinds`)
that defines `KIND`; its reader-facing words live in the language catalogue."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import (Annotated, Any, Callable, ClassVar, Generic, Hashable, Iterable, Literal,
                    Protocol, Sequence, TypedDict, TypeVar)

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ..ground.catalogue import KindText, available
from ..ground.limits import grid_size
from ..ground.reasons import said_once
from ..ground.schedule import Schedule
from ..words import ThemeList, Word, make_word

__all__ = ["Board", "BookMeta", "Box", "DrawContext", "ExampleWords", "Kind", "Language",
           "Params", "PlanContext", "PuzzleRequest", "SectionBase", "Theme", "WebPart", "Word",
           "grid_size", "web_asset"]


def _known_language(code: str) -> str:
    if code not in available():
        raise ValueError(f"unknown language {code!r}; use one of: {', '.join(available())} "
                         "(each language needs a catalogue in publisher/languages/)")
    return code


Language = Annotated[str, AfterValidator(_known_language)]


class SectionBase(BaseModel):
    """Keys every section has. A kind subclasses this with `kind: Literal["<name>"]`
    and its own keys, validated here (never again in `plan`); unknown keys are an error."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    kind: str
    title: str | None = Field(default=None, min_length=1)
    language: Language | None = None
    colour: bool | None = Field(default=None, description="print in colour (default: the layout's)")
    accents: Literal["keep", "strip"] | None = Field(
        default=None, description="grid letters keep or drop accents (language default)")
    umlauts: Literal["expand", "keep"] | None = Field(
        default=None, description="German Ä Ö Ü in grids: expand (AE OE UE, the default) "
        "or keep (one cell)")
    ij: Literal["one", "two"] | None = Field(
        default=None, description="word searches: Dutch IJ in one cell or two (the default)")
    candidates: int | None = Field(default=None, ge=1, le=100_000,
                                   description="boards generated per puzzle; the best is kept")
    # Checked against the layout's page grids when the book is planned.
    per_page: int | None = Field(default=None, ge=1, le=12,
                                 description="puzzles on one puzzle page (kind default if unset)")
    answers_per_page: int | None = Field(
        default=None, ge=1, le=12,
        description="solutions on one answer-key page (kind default if unset)")
    copies: int | None = Field(default=None, ge=1, le=100,
                               description="versions of each puzzle from the same words")
    repeat: Literal["allow", "never"] = Field(
        default="never", description="allow: words may recur across the book's puzzles")
    schedule: Schedule | None = Field(
        default=None, description="dated puzzles: {start: YYYY-MM-DD, days: N, per_day: 1}")


class Params(BaseModel):
    """Everything `Kind.generate` needs for one puzzle. Frozen and picklable: it crosses
    the process pool unchanged, and its defaults live here, not in `.get()` calls."""

    model_config = ConfigDict(frozen=True, extra="forbid")


P = TypeVar("P", bound=Params)
B = TypeVar("B", bound="Board")
S = TypeVar("S", bound=SectionBase)


@dataclass(frozen=True)
class PuzzleRequest(Generic[P]):
    """One puzzle to make, from a section."""

    title: str
    params: P
    language: str = "en"


class PlanContext(Protocol):
    """What a kind may ask of the book while planning a section (see `publisher.plan`)."""

    spec_dir: Path
    language: str          # the section's language (section, else book default)
    text: KindText         # the kind's catalogue strings in the section's language
    dates: list[date] | None   # with a schedule, the date of each puzzle of the section
    numbered_before: int   # with a schedule, the puzzles earlier runs numbered ({n} goes on)

    def error(self, field: str, message: str) -> Exception:
        """A SpecError at `field` of the section ("puzzles[2].words"): `raise ctx.error(...)`."""

    def titles(self, title: str | None, count: int) -> list[str]:
        """Titles for `count` puzzles of the section: its `title` (else the kind's
        catalogue `title`), numbered when there is more than one."""

    def words(self, ref: Any, field: str, language: str) -> list[Word]:
        """Resolve a word reference: an inline list, a file beside the spec or a bundled list."""

    def clues(self, ref: Any, field: str, language: str) -> list[Word]:
        """Like `words`, but every Word must have a clue."""

    def choose_clue(self, word: Word) -> str:
        """The word's clue to print: the least recently printed of its clues by the history
        (`word: [clue, clue]`), else the first."""

    def take_unused(self, pool: Sequence[Word], n: int, field: str,
                    accept: Callable[[list[Word], Word], bool] | None = None) -> list[Word]:
        """Draw `n` words from `pool` that no earlier puzzle in the book used (by
        answer), deterministically from the book seed; marks them used.
        `accept(chosen, word)` may refuse a word that clashes with those chosen."""

    def mark_used(self, words: Sequence[Word]) -> list[Word]:
        """Record words as used by this book; returns those no earlier puzzle used."""

    def themes(self, selection: str | list[str], tag: str | None,
               field: str) -> list[ThemeList]:
        """Bundled themes of the section's language: "all" (with `tag`, those tagged) or
        the names listed; an unknown name is a spec error at `field`."""

    def theme_words(self, theme: ThemeList, field: str) -> list[Word]:
        """The words of a bundled theme, normalised like any list."""

    def shuffled(self, items: list[Any]) -> list[Any]:
        """`items` in an order drawn from the book seed."""

    def note(self, message: str) -> None:
        """Tell the build summary what the plan chose on its own (a default it cannot reach)."""

    def room(self) -> tuple[Box, DrawContext] | None:
        """The box a puzzle of the section is drawn into alone on a page, and how (the
        layout's theme, the kind's words): a size the layout cannot print is known before
        generating. None when planned without a layout (a kind's own tests)."""


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
    """Fonts, sizes and floors, always built from the layout (render/layout.py holds the
    one set of defaults). Fonts are registered TrueType names."""

    font: str
    font_bold: str
    font_italic: str
    font_size: float             # body text (word lists, clues)
    title_size: float
    line_width: float
    colour: bool                 # kinds may use colour when true
    large_print: bool
    scale: float                 # how much larger than usual grids and marks may grow
    min_font_size: float         # the legibility floor: never shrink text below this
    min_answer_font_size: float  # the floor in answer keys
    min_line_width: float        # thinner lines vanish in print
    min_writing_cell: float = 0.0   # the smallest cell a solver writes in (a pencil's)
    min_digit_size: float = 0.0     # a given digit (or edge clue) on a puzzle page
    # Letters and digits inside grid cells (the spec's `fonts: {grid:}`; else the text's).
    grid_font: str = ""
    grid_font_bold: str = ""

    def __post_init__(self) -> None:
        if not self.grid_font:
            object.__setattr__(self, "grid_font", self.font)
        if not self.grid_font_bold:
            object.__setattr__(self, "grid_font_bold", self.font_bold)


def _plain(text: str) -> str:
    """Letters only, upper case, accents dropped: how two words are compared when an
    example must not show an answer (conservative: VIOLÍN matches VIOLIN)."""
    decomposed = unicodedata.normalize("NFD", text.upper())
    return "".join(ch for ch in decomposed if ch.isalpha() and not unicodedata.combining(ch))


@dataclass(frozen=True)
class ExampleWords:
    """What the worked example on a How to play page may be made of: the kind's example
    entries in the catalogue (`kinds.<kind>.<key>`, in the puzzle's language), less every
    answer of the book, so that the example gives no puzzle away."""

    language: str
    text: KindText
    answers: frozenset[str]          # the book's answers, letters only (see `_plain`)

    @staticmethod
    def answer_set(answers: Iterable[str]) -> frozenset[str]:
        return frozenset(_plain(a) for a in answers if _plain(a))

    def gives_away(self, text: str, shortest: int = 1) -> bool:
        """Whether `text` (a word, or a sentence: each of its words of `shortest` letters
        or more) is an answer of the book."""
        words = [_plain(w) for w in text.split()] + [_plain(text)]
        return any(len(w) >= shortest and w in self.answers for w in words)

    def words(self, key: str) -> list[Word]:
        """The catalogue's list `key` (words, or [word, clue] pairs) as Words, those that
        are answers of the book left out; [] when the catalogue has none."""
        if not self.text.has(key):
            return []
        out = []
        for entry in self.text.catalogue.lookup(f"kinds.{self.text.kind}.{key}"):
            text, clue = (entry, None) if isinstance(entry, str) else (entry[0], entry[1])
            if not self.gives_away(text):
                out.append(make_word(text, self.language, clue=clue))
        return out


@dataclass(frozen=True)
class DrawContext:
    """What a kind draws with: the layout's theme and its words (`ctx.text("rule", n=8)`)."""

    theme: Theme
    text: KindText
    # The grid alone (a cover's design): no word list, clues, rule or difficulty line.
    bare: bool = False
    # The page prints the kind's `instruction` above the puzzle (a worksheet's header):
    # a kind whose rule is that instruction does not print it again.
    instructed: bool = False
    # The size a section's text (clues) grows to at most, the least of its puzzles'
    # `Kind.grown_text`, so one section prints one size (None: each grows on its own).
    text_cap: float | None = None

    @property
    def language(self) -> str:
        return self.text.language


@dataclass(frozen=True)
class WebPart:
    """A kind's part of its web page (the web edition, publisher/render/web/): what the
    page shell cannot know. The shell brings the toolbar (check, reveal, reset), the
    timer, saving and the solved contract; the kind brings its puzzle and its player."""

    data: dict[str, Any]           # JSON types only: the puzzle and its solution
    rule: str                      # the one-line rule above the puzzle
    # The player: JavaScript that calls `Shell.play(make)` (see docs/web.md), e.g. a
    # file beside the kind read with `web_asset`, or one line using a shared player.
    script: str
    # Shared players the page must include ("cells": the typing grid of crosswords,
    # Sudoku, cryptograms...; publisher/render/web/cells.js).
    uses: tuple[str, ...] = ()
    style: str = ""                # the kind's own CSS


@cache
def web_asset(module_file: str, name: str) -> str:
    """The text of `name` beside a kind's module `module_file` (its player), read once."""
    return (Path(module_file).parent / name).read_text(encoding="utf-8")


class BookMeta(TypedDict):
    title: str
    author: str
    copyright: str


@dataclass
class Board:
    """Base for a kind's generated board: a picklable dataclass with the puzzle and its
    solution. Higher `score` is better."""

    score: float = 0.0
    warnings: list[str] = field(default_factory=list)   # shown in the terminal


class Kind(Generic[S, P, B]):
    """One puzzle kind. Subclasses set the class attributes and override the methods."""

    name: ClassVar[str]                           # the spec's `kind:` value
    section_model: ClassVar[type[SectionBase]]    # the kind's S
    params_model: ClassVar[type[Params]]          # the kind's P
    default_candidates: ClassVar[int] = 10
    default_answers_per_page: ClassVar[int] = 4
    # Puzzles on a puzzle page unless the section says: a kind whose puzzle is small sets
    # several to a page so the page is full (pagination still lowers it to what reads).
    default_per_page: ClassVar[int] = 1
    # A small section (spec keys, no `kind`) building in well under a second (contract test, CI).
    example: ClassVar[dict[str, Any]] = {}
    # Letter groups the catalogue's `cell_units` gives one cell (Dutch IJ): True when the
    # kind's grid does so (crosswords, fill-ins, codewords), None when the spec's `ij`
    # chooses (word searches), False when the kind keeps the letters apart.
    cell_units: ClassVar[bool | None] = False
    # An installed kind's catalogue folder (`<folder>/<code>.yaml`); ours use publisher/languages/.
    strings_dir: ClassVar[Path | None] = None
    # The answers are the words of a quotation (cryptogram): a ladder through WARM gives
    # nothing of a quote ending "get warm." away, so only the kind's own example avoids them.
    quoted_answers: ClassVar[bool] = False

    def plan(self, section: S, ctx: PlanContext) -> list[PuzzleRequest[P]]:
        """Turn a validated section into puzzle requests. Raise ctx.error(...) only for
        what the section model cannot know alone (a word longer than the grid...)."""
        raise NotImplementedError

    def section_title(self, section: S, text: KindText) -> str:
        """The heading and contents line of a section without a `title` (the catalogue's
        `title`; a kind with variants may name the variant)."""
        return text.text("title")

    def generate(self, params: P, seed: int) -> B:
        """Build ONE candidate board, deterministically from `seed` (budgets in steps, never
        seconds); GenerationFailed when it cannot be made (the batch keeps the others)."""
        raise NotImplementedError

    def version_params(self, params: P, copy: int) -> P:
        """The request of version `copy` (2, 3 ...) of a puzzle made `copies:` times (its
        own seed anyway): a kind whose order the params fix (a scramble's) varies it here."""
        return params

    def placed_only(self, params: P, board: B | None = None) -> P | None:
        """For a kind that may leave words out: `params` keeping only the words `board`
        placed (those left out are named as left out), so that every version of a `copies:`
        puzzle holds the same words (chains.py); without a board, `params`. None (the
        default): the kind places every word it is given."""
        return None

    def unbeatable(self, board: B, params: P) -> bool:
        """True when no rival could score higher, or it is all the request asks (its round ends)."""
        return False

    def few_puzzles(self, params: P) -> tuple[int, str] | None:
        """Few different puzzles: how many more candidates may replace a repeat (not
        batch.EXTRA) and what would vary them."""
        return None

    def may_stop_early(self, params: P) -> bool:
        """False when `unbeatable` can never hold: the batch runs all candidates in one
        round, sharing work in one process (the crossword's search states)."""
        return True

    # What a book may lack from its user (clues for some fill words): the book stops,
    # naming them, and writes them to `<name>-<missing_file>` to be completed.
    missing_file: ClassVar[str] = "missing.yaml"

    easier: ClassVar[str] = "a larger grid, fewer or shorter words"     # see easier_for

    # What gives more different puzzles, for a section that cannot make as many as asked.
    varied: ClassVar[str] = "a larger size"

    def easier_for(self, params: P) -> str:
        """What makes a request easier, for a puzzle whose every candidate failed."""
        return self.easier

    def why_failed(self, failures: list[str]) -> str:
        """Why every candidate failed, from their GenerationFailed messages (said once)."""
        return said_once(failures)

    def missing_input(self, board: B) -> list[str]:
        """Entries the user must supply before this board can be printed (none by default)."""
        return []

    def missing_report(self, entries: list[str]) -> tuple[bytes, str, str]:
        """(the file listing `entries`, what they lack, what the user should do)."""
        text = "".join(f"- {entry}\n" for entry in entries)
        return text.encode("utf-8"), "lack input", "complete the entries and build again"

    def example_params(self, params: P, words: ExampleWords) -> P | None:
        """Params for the small worked example of a "How to play" page, made from another
        seed than the book's puzzles: by default the first puzzle's own. A kind whose
        puzzles are their words (word search, crossword...) makes a tiny one from its
        catalogue example words (`words.words("example_words")`, the book's answers
        already left out), or returns None (no worked example)."""
        return params

    def answers(self, board: B) -> list[str]:
        """The words a solver finds in this board (word kinds), so that no worked example
        shows one of them; [] for kinds whose answers are not words."""
        return []

    def avoiding(self, params: P, answers: frozenset[str], strict: bool = True) -> P | None:
        """`params` for a puzzle using none of `answers` (of the book's puzzles before it
        that draw words while generating, made in book order; not `strict`: as few as it
        can), or None (the default: words drawn when planned, or none)."""
        return None

    def stand_in(self, params: P) -> B | None:
        """Before generating: a board of the request's size reading at least as well as
        any generated for it, so a size no page prints is refused at once (or None)."""
        return None

    def identity(self, board: B) -> Hashable | None:
        """A key equal for two boards that a reader would call the same puzzle (turned,
        mirrored, relabelled...), or None. The book never prints two puzzles of one
        kind with the same key: a repeat is replaced by a later candidate."""
        return None

    def instruction(self, board: B, ctx: DrawContext) -> str:
        """The one-line instruction a worksheet prints above the puzzle: the catalogue's
        `instruction` for this kind, else its `rule` (a rule without placeholders)."""
        return ctx.text.text("instruction" if ctx.text.has("instruction") else "rule")

    def draw_puzzle(self, canvas: Any, board: B, box: Box, ctx: DrawContext) -> None:
        """Draw the unsolved puzzle (grid, word list or clues) inside `box`."""
        raise NotImplementedError

    def draw_solution(self, canvas: Any, board: B, box: Box, ctx: DrawContext) -> None:
        """Draw the solved puzzle inside `box` (answer key; boxes are small)."""
        raise NotImplementedError

    def draw_example(self, canvas: Any, board: B, box: Box, ctx: DrawContext) -> None:
        """Draw the solved example of a How to play page inside `box`: by default the
        solution; a kind whose solution leaves out what the rules talk about (a
        crossword's numbers and clues) draws more."""
        self.draw_together(canvas, [board], [box], ctx, solution=True)

    def draw_together(self, canvas: Any, boards: Sequence[B], boxes: Sequence[Box],
                      ctx: DrawContext, solution: bool = False) -> None:
        """Draw puzzles (or with `solution`, answers) that share a page, each in its box
        (a kind may make them agree, never drawing smaller than each one's `fits` allowed)."""
        for board, box in zip(boards, boxes):
            canvas.saveState()
            (self.draw_solution if solution else self.draw_puzzle)(canvas, board, box, ctx)
            canvas.restoreState()

    def continuation_pages(self, board: B, box: Box, next_box: Box, ctx: DrawContext) -> int:
        """For a puzzle that cannot be read at the floor in `box`: how many following
        pages (each `next_box`) its text can run on to so that everything reads at the
        floor (a crossword's clues continued), or 0 when it cannot continue."""
        return 0

    def draw_continued(self, canvas: Any, board: B, box: Box, next_box: Box,
                       ctx: DrawContext, part: int) -> None:
        """Part `part` of a continued puzzle: 0 is its own page (in `box`), 1, 2... the
        pages its text runs on to (in `next_box`)."""
        raise NotImplementedError

    def fits(self, board: B, box: Box, ctx: DrawContext, solution: bool = False) -> str | None:
        """Why the puzzle (or, with `solution`, its answer) would be unreadable in `box`
        (e.g. letters below the theme's floor), or None. The book reports it."""
        return None

    def grown_text(self, board: B, box: Box, ctx: DrawContext) -> float | None:
        """The size the puzzle's text (clues) grows to in `box` past the theme's body size
        (the body size when it does not grow), or None for a kind whose text never grows."""
        return None

    def writing_cell(self, board: B, box: Box, ctx: DrawContext) -> float | None:
        """The side (points) of the cells a solver writes in when drawn in `box`, or None:
        held to the layout's `min_writing_cell` (render/book.py)."""
        return None

    def manifest(self, board: B) -> dict[str, Any]:
        """The kind's fields of the JSON manifest entry (docs/manifest.md). JSON types
        only; cells as rows of one-character strings or None."""
        raise NotImplementedError

    def from_manifest(self, entry: dict[str, Any]) -> B:
        """The board back from its manifest fields (`manifest`'s inverse)."""
        raise NotImplementedError

    def side_files(self, board: B, title: str, meta: BookMeta) -> dict[str, bytes]:
        """Files beside the book, by extension ({"puz": ...}), written as `<id>.<ext>`."""
        return {}

    def listing(self, language: str, tag: str | None = None) -> list[str] | None:
        """`make-book lists --kind <kind>`: a line per bundled item in `language` (`tag`: those
        tagged; a tag none has: ValueError naming theirs), None: the word themes."""
        return None if "themes" in self.section_model.model_fields else []

    def text_for_search(self, board: B) -> list[str]:
        """Strings a reader will find printed on the puzzle page (tests use it)."""
        return []

    def web(self, board: B, text: KindText) -> WebPart | None:
        """The puzzle's part of its web page (`web: true`), its words from `text` (the
        kind's catalogue strings in the puzzle's language). None: the kind has no web
        part yet (tests/test_web.py lists such kinds in one place)."""
        return None
