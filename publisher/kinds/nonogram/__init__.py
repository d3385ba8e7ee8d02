"""Nonogram (griddler): clues give the runs of shaded cells in every row and column; the
shaded cells draw a picture (bundled, a file beside the spec, or a random grid). Every
puzzle is unique, proved by the solver, and graded by the solver stage it needs; a
picture the stage asked cannot solve gets the fewest given cells it needs."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable, Literal

from pydantic import Field, field_validator

from ...errors import GenerationFailed
from ...ground.catalogue import KindText, available
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, Params, PlanContext,
                    PuzzleRequest, SectionBase, WebPart, grid_size, web_asset)
from ...grids.difficulty import difficulty_size
from .draw import DIGITS, below_height, draw_nonogram, geometry, inner
from .generator import NonogramError, Puzzle, clues, from_picture, random_grid
from .pictures import (PictureError, bundled, bundled_picture, mask_darkness,
                       read_picture_file, resample)

SMALLEST, LARGEST = 5, 40
RANDOM_SIZE = (20, 20)


class NonogramSection(SectionBase):
    kind: Literal["nonogram"]
    size: Any = Field(default=None, description="[rows, cols] or one number, 5 to 40; "
                      "default the picture's own (random: 20)")
    picture: str | list[str] = Field(
        default="random", description="a bundled picture (en/cat), a file beside the spec "
        "(.png, or .txt rows of # and .), a list of them, all (every bundled one), or random")
    tag: str | None = Field(default=None, description="with `picture: all`: only pictures "
                            "with this tag")
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    count: int | None = Field(default=None, ge=1, le=1000, description="random: how many "
                              "grids; with a list or all: how many pictures to draw")

    @field_validator("size")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int] | None:
        return None if value is None else grid_size(value, SMALLEST, LARGEST, "nonogram")


class NonogramParams(Params):
    rows: int
    cols: int
    mask: tuple[str, ...] | None       # the picture at the grid size; None: random
    picture: str | None                # its name ("en/cat" or the file's), None: random
    difficulty: str


@dataclass
class NonogramBoard(Board):
    rows: int = 0
    cols: int = 0
    row_clues: list[list[int]] = field(default_factory=list)
    col_clues: list[list[int]] = field(default_factory=list)
    solution: list[str] = field(default_factory=list)      # rows of '#' and '.'
    givens: list[list[int]] = field(default_factory=list)  # [r, c], shaded and printed
    picture: str | None = None
    grade: str = ""


class NonogramKind(Kind[NonogramSection, NonogramParams, NonogramBoard]):
    name = "nonogram"
    section_model = NonogramSection
    params_model = NonogramParams
    default_candidates = 2
    varied = "a larger size or other pictures"
    default_answers_per_page = 6
    easier = "a smaller grid or an easier difficulty"
    example = {"size": [10, 10], "difficulty": "easy"}

    def plan(self, section: NonogramSection,
             ctx: PlanContext) -> list[PuzzleRequest[NonogramParams]]:
        names = self._pictures(section, ctx)
        if names is None:
            rows, cols = section.size or RANDOM_SIZE
            params = NonogramParams(rows=rows, cols=cols, mask=None, picture=None,
                                    difficulty=section.difficulty)
            return [PuzzleRequest(t, params, ctx.language)
                    for t in ctx.titles(section.title, section.count or 1)]
        requests = []
        titles = ctx.titles(section.title, len(names))
        for title, name in zip(titles, names):
            mask = self._mask(name, section, ctx)
            requests.append(PuzzleRequest(title, NonogramParams(
                rows=len(mask), cols=len(mask[0]), mask=mask, picture=name,
                difficulty=section.difficulty), ctx.language))
        return requests

    @staticmethod
    def _pictures(section: NonogramSection, ctx: PlanContext) -> list[str] | None:
        """The picture names of the section, or None for random grids."""
        chosen = section.picture
        if chosen == "random":
            return None
        if section.tag and chosen != "all":
            raise ctx.error("tag", "`tag` goes with `picture: all`")
        if chosen == "all":
            names = [f"{ctx.language}/{p.name}" for p in bundled()
                     if section.tag is None or section.tag in p.tags]
            if not names:
                raise ctx.error("tag", f"no bundled picture has the tag {section.tag!r}; see "
                                "`make-book lists --kind nonogram`")
        else:
            names = [chosen] if isinstance(chosen, str) else list(chosen)
            if "random" in names or "all" in names:
                raise ctx.error("picture", "`random` and `all` stand alone, not in a list")
            stems = [name.rpartition("/")[2] for name in names]
            twice = sorted({s for s in stems if stems.count(s) > 1})
            if twice:
                raise ctx.error("picture", f"{', '.join(twice)} listed twice; a book prints "
                                "each picture once")
        if section.count is not None:
            if section.count > len(names):
                raise ctx.error("count", f"{section.count} pictures asked, {len(names)} given")
            names = ctx.shuffled(names)[:section.count] if chosen == "all" else names[:section.count]
        return names

    @staticmethod
    def _mask(name: str, section: NonogramSection, ctx: PlanContext) -> tuple[str, ...]:
        where = "picture"
        try:
            if Path(name).suffix.lower() in (".png", ".txt"):
                mask, darkness = read_picture_file(Path(ctx.spec_dir) / name)
            else:
                language, _, stem = name.rpartition("/")
                found = bundled_picture(stem)
                if found is None or (language and language not in available()):
                    raise PictureError(
                        f"{name!r} is not a bundled picture; `make-book lists --kind "
                        "nonogram` lists them (or give a .png or .txt file beside the spec)")
                mask, darkness = found.rows, None
        except PictureError as exc:
            raise ctx.error(where, str(exc)) from None
        except Exception as exc:                  # unreadable file: named by read_text
            raise ctx.error(where, str(exc)) from None
        rows, cols = section.size or ((len(mask), len(mask[0])) if mask else RANDOM_SIZE)
        if mask is not None and (rows, cols) == (len(mask), len(mask[0])):
            picture = mask
        else:
            picture = resample(darkness if darkness is not None
                               else mask_darkness(mask or ()), rows, cols)
        if not SMALLEST <= len(picture) <= LARGEST or not SMALLEST <= len(picture[0]) <= LARGEST:
            raise ctx.error("size", f"{name} is {len(picture)}x{len(picture[0])}; a nonogram "
                            f"has {SMALLEST} to {LARGEST} cells a side: give `size`")
        if not any("#" in row for row in picture):
            raise ctx.error(where, f"{name} has no shaded cell at {rows}x{cols}; use a "
                            "darker picture or a larger size")
        return picture

    def generate(self, params: NonogramParams, seed: int) -> NonogramBoard:
        try:
            if params.mask is not None:
                puzzle = from_picture(params.mask, params.difficulty)
            else:
                puzzle = random_grid(params.rows, params.cols, params.difficulty,
                                     random.Random(seed))
        except NonogramError as exc:
            raise GenerationFailed(str(exc)) from None
        return self._board(puzzle, params)

    @staticmethod
    def _board(puzzle: Puzzle, params: NonogramParams) -> NonogramBoard:
        warnings = []
        extra = len(puzzle.givens) - puzzle.needed
        if puzzle.needed:
            warnings.append(f"{params.picture}: {puzzle.needed} given cell(s) make the picture "
                            "unique (the fewest found: none of them can go)")
        if extra:
            warnings.append(f"{params.picture}: {extra} given cell(s) let it solve at "
                            f"{params.difficulty}")
        if puzzle.grade != params.difficulty:
            warnings.append(f"{params.picture}: the picture solves at {puzzle.grade} "
                            f"(asked {params.difficulty})")
        return NonogramBoard(
            score=-float(len(puzzle.givens)), warnings=warnings,
            rows=len(puzzle.solution), cols=len(puzzle.solution[0]),
            row_clues=[list(c) for c in puzzle.row_clues],
            col_clues=[list(c) for c in puzzle.col_clues], solution=list(puzzle.solution),
            givens=[list(g) for g in puzzle.givens], picture=params.picture,
            grade=puzzle.grade)

    def unbeatable(self, board: NonogramBoard, params: NonogramParams) -> bool:
        return True      # a picture is the same from every seed; a random grid has its grade

    def stand_in(self, params: NonogramParams) -> NonogramBoard:
        """A picture's own clues (they are its puzzle's), a random grid's the fewest: one
        number a line; no given cells."""
        if params.mask is not None:
            rows, cols = clues(params.mask)
            solution = list(params.mask)
        else:
            rows, cols = ((1,),) * params.rows, ((1,),) * params.cols
            solution = ["." * params.cols] * params.rows
        return NonogramBoard(score=0.0, rows=params.rows, cols=params.cols,
                             row_clues=[list(c) for c in rows],
                             col_clues=[list(c) for c in cols], solution=solution,
                             picture=params.picture, grade=params.difficulty)

    def identity(self, board: NonogramBoard) -> Hashable:
        return tuple(board.solution)

    def example_params(self, params: NonogramParams,
                       words: ExampleWords) -> NonogramParams | None:
        """A small random grid (never the book's picture)."""
        return NonogramParams(rows=8, cols=8, mask=None, picture=None, difficulty="easy")

    def picture_title(self, board: NonogramBoard, ctx: DrawContext) -> str | None:
        if not board.picture:
            return None
        stem = Path(board.picture.rpartition("/")[2]).stem
        return ctx.text.text(f"pictures.{stem}") if ctx.text.has(f"pictures.{stem}") else stem

    def _text(self, board: NonogramBoard, ctx: DrawContext) -> str:
        return "" if ctx.bare else self._rule(board, ctx.text)

    @staticmethod
    def _rule(board: NonogramBoard, text: KindText) -> str:
        rule = text.text("rule")
        return (rule + " " + text.plural("givens", len(board.givens))) if board.givens \
            else rule

    def draw_puzzle(self, canvas: Any, board: NonogramBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw_nonogram(canvas, board.solution, board.row_clues, board.col_clues, board.givens,
                      box, ctx, self._text(board, ctx), None if ctx.bare else board.grade,
                      answer=False)

    def draw_solution(self, canvas: Any, board: NonogramBoard, box: Box,
                      ctx: DrawContext) -> None:
        title = self.picture_title(board, ctx)
        caption = ctx.text.text("picture", name=title) if title else ""
        draw_nonogram(canvas, board.solution, board.row_clues, board.col_clues, [], box, ctx,
                      caption, None, answer=True)

    def draw_example(self, canvas: Any, board: NonogramBoard, box: Box,
                     ctx: DrawContext) -> None:
        """The clues with every shaded cell filled in: the rule seen at work."""
        shaded = [[r, c] for r, row in enumerate(board.solution)
                  for c, ch in enumerate(row) if ch == "#"]
        draw_nonogram(canvas, board.solution, board.row_clues, board.col_clues, shaded, box,
                      ctx, "", None, answer=False)

    def fits(self, board: NonogramBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        theme = ctx.theme
        if solution:
            return None           # the picture alone: no text but its caption
        size = difficulty_size(ctx)
        box = inner(box)
        below = below_height(self._text(board, ctx), theme, box.width, board.grade, size)
        cell = geometry(board.row_clues, board.col_clues, box, theme, below).cell
        digits = cell * DIGITS
        if digits < theme.min_font_size - 0.05:
            side = self._side_that_fits(max(board.rows, board.cols), box, theme, below)
            return (f"the clue numbers would be {digits:.1f} pt (at least "
                    f"{theme.min_font_size:g} pt reads well); use a smaller size (any grid "
                    f"up to {side}x{side} fits here) or fewer puzzles on a page")
        return None

    @staticmethod
    def _side_that_fits(side: int, box: Box, theme: Any, below: float) -> int:
        """The largest square side below `side` whose clues fit the floor at their longest
        (every other cell shaded): one suggestion for every puzzle of a size, whatever
        its own clues."""
        for smaller in range(side - 1, SMALLEST, -1):
            longest = [(1,) * ((smaller + 1) // 2)] * smaller
            if geometry(longest, longest, box, theme, below).cell * DIGITS \
                    >= theme.min_font_size - 0.05:
                return smaller
        return SMALLEST

    def manifest(self, board: NonogramBoard) -> dict[str, Any]:
        return {"rows": board.rows, "cols": board.cols,
                "row_clues": [list(c) for c in board.row_clues],
                "col_clues": [list(c) for c in board.col_clues],
                "solution": list(board.solution), "givens": [list(g) for g in board.givens],
                "picture": board.picture, "grade": board.grade}

    def from_manifest(self, entry: dict[str, Any]) -> NonogramBoard:
        return NonogramBoard(rows=entry["rows"], cols=entry["cols"],
                             row_clues=[list(c) for c in entry["row_clues"]],
                             col_clues=[list(c) for c in entry["col_clues"]],
                             solution=list(entry["solution"]),
                             givens=[list(g) for g in entry["givens"]],
                             picture=entry.get("picture"), grade=entry["grade"])

    def listing(self, language: str, tag: str | None = None) -> list[str]:
        from ...ground.catalogue import catalogue
        text = catalogue(language).kind(self.name)
        return [f"{language}/{p.name:18} {len(p.rows):2}x{len(p.rows[0]):<2}  "
                f"{text.text('pictures.' + p.name)}  [{', '.join(p.tags)}]"
                for p in bundled() if tag is None or tag in p.tags]

    def web(self, board: NonogramBoard, text: KindText) -> WebPart:
        strings = {key: text.text(key) for key in (
            "web_filled", "web_marked", "web_given", "web_row_clue", "web_col_clue",
            "web_row_clues", "web_keys")}
        return WebPart(
            data={"rows": board.rows, "cols": board.cols, "text": strings,
                  "row_clues": board.row_clues, "col_clues": board.col_clues,
                  "givens": board.givens, "solution": board.solution},
            rule=self._rule(board, text), script=web_asset(__file__, "web.js"),
            style=web_asset(__file__, "web.css"))

    def text_for_search(self, board: NonogramBoard) -> list[str]:
        return [str(n) for clue in board.row_clues for n in clue]


KIND = NonogramKind()
