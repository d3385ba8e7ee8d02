"""Nonogram (griddler): clues give the runs of shaded cells in every row and column; the
shaded cells draw a picture (bundled, a file beside the spec, or a random grid). Every
puzzle is unique, proved by the solver, and graded by the solver stage it needs; a
picture the stage asked cannot solve gets the fewest given cells it needs."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable, Literal, Sequence

from pydantic import Field, field_validator

from ...errors import GenerationFailed
from ...ground.catalogue import KindText, available
from ...ground.printrules import short_of
from ...words import Word
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, Params, PlanContext,
                    PuzzleRequest, SectionBase, WebPart, grid_size, web_asset)
from ...grids.difficulty import difficulty_size
from .draw import DIGITS, below_height, draw_nonogram, geometry, inner
from .generator import NonogramError, Puzzle, clues, from_picture, random_grid
from .solver import STAGES
from .pictures import (LARGEST, SMALLEST, PictureError, bundled, bundled_picture, crop_mask,
                       in_shape, mask_darkness, read_picture_file, resample)

RANDOM_SIZE = (20, 20)


def _grid_key(mask: tuple[str, ...]) -> str:
    """A grid's cells as letters, its key in the book's no-repeat set of answers (no word
    is written so)."""
    return "NONOGRAM" + "Z".join(row.replace("#", "X").replace(".", "O") for row in mask)


class NonogramSection(SectionBase):
    kind: Literal["nonogram"]
    size: Any = Field(default=None, description="[rows, cols] or one number, 5 to 40 (a "
                      "picture: its longer side, its shape kept); default the picture's own "
                      "(a PNG: 20 its longer side; random: 20x20)")
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
    def _size(cls, value: Any) -> int | tuple[int, int] | None:
        """One number stays one (a picture keeps its shape); [rows, cols] is exact."""
        if value is None:
            return None
        rows, cols = grid_size(value, SMALLEST, LARGEST, "nonogram")
        return rows if isinstance(value, int) else (rows, cols)

    def grid(self) -> tuple[int, int]:
        """A random grid's size."""
        size = self.size or RANDOM_SIZE
        return (size, size) if isinstance(size, int) else size


class NonogramParams(Params):
    rows: int
    cols: int
    mask: tuple[str, ...] | None       # the picture at the grid size; None: random
    picture: str | None                # its name ("en/cat" or the file's), None: random
    difficulty: str
    # the section set `difficulty`; else a picture prints at the grade it solves at, unsaid
    asked: bool = True
    # a random grid: the most numbers a line (its clues print at the floor on the page)
    deepest: int | None = None


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
            rows, cols = section.grid()
            room = ctx.room()
            deepest = self._deepest(rows, cols, section.difficulty, *room) if room else None
            if room and not self._prints(rows, cols, deepest):
                raise ctx.error("size", self._too_deep(rows, cols, section.difficulty, *room))
            params = NonogramParams(rows=rows, cols=cols, mask=None, picture=None,
                                    difficulty=section.difficulty, deepest=deepest)
            return [PuzzleRequest(t, params, ctx.language)
                    for t in ctx.titles(section.title, section.count or 1)]
        requests = []
        scaled: list[str] = []
        drawn = self._drawn(names, section, ctx, scaled)
        for title, (name, mask) in zip(ctx.titles(section.title, len(drawn)), drawn):
            requests.append(PuzzleRequest(title, NonogramParams(
                rows=len(mask), cols=len(mask[0]), mask=mask, picture=name,
                difficulty=section.difficulty,
                asked="difficulty" in section.model_fields_set), ctx.language))
        if scaled:
            room = ctx.room()
            floor = room[1].theme.min_font_size if room else 0
            more = f" and {len(scaled) - 5} more" if len(scaled) > 5 else ""
            ctx.note(f"{len(scaled)} picture(s) too large for the page scaled down, keeping "
                     f"their shape, so that their clue numbers print at {floor:g} pt or "
                     f"larger: {', '.join(scaled[:5])}{more} (`size: [rows, cols]` "
                     "chooses a size)")
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
                there = (f"there are {len(names)} bundled pictures" + (
                    f" tagged {section.tag!r}" if section.tag else "") if chosen == "all"
                    else f"`picture` lists {len(names)}")
                raise ctx.error("count", f"{section.count} pictures asked, but {there}; "
                                "lower `count`")
            # `all` draws in a seeded order; _drawn takes `count` not in the book already
            names = ctx.shuffled(names) if chosen == "all" else names[:section.count]
        return names

    def _drawn(self, names: list[str], section: NonogramSection, ctx: PlanContext,
               scaled: list[str]) -> list[tuple[str, tuple[str, ...]]]:
        """Each picture with its grid: a grid an earlier section printed is left out of
        `picture: all` and refused when named. A picture at one size is one puzzle,
        whatever its difficulty, and a book prints each puzzle once."""
        drawing = section.picture == "all"
        wanted = section.count or len(names)
        drawn: list[tuple[str, tuple[str, ...]]] = []
        for name in names:
            if len(drawn) == wanted:
                break
            own: list[str] = []             # told only if the picture is drawn
            mask = self._mask(name, section, ctx, own)
            if not ctx.mark_used([Word(text=name, answer=_grid_key(mask))]):
                if drawing:
                    continue
                raise ctx.error("picture", f"{name} at {len(mask)}x{len(mask[0])} is in the "
                                "book already, and a picture at one size is one puzzle "
                                "whatever its difficulty (a book prints each puzzle once); "
                                "leave it out of one section, or give this one another "
                                "`size`")
            drawn.append((name, mask))
            scaled += own
        if drawing and len(drawn) < (section.count or 1):
            pictures = "bundled pictures" + (f" tagged {section.tag!r}" if section.tag else "")
            raise ctx.error("count" if section.count else "picture", (
                f"{wanted} pictures asked, but " if section.count else "")
                + f"earlier sections printed {len(names) - len(drawn)} of the {len(names)} "
                f"{pictures} at this size, so {len(drawn)} are left; "
                + ("lower `count`, " if drawn else "")
                + "give this section another `size`, or leave it out")
        return drawn

    def _mask(self, name: str, section: NonogramSection, ctx: PlanContext,
              scaled: list[str]) -> tuple[str, ...]:
        """The picture at its grid size: `size: [rows, cols]` exactly; else its own size
        (a PNG: RANDOM_SIZE's side), or one number its longer side, its shape kept, and
        smaller still while the page cannot print its clues (named in `scaled`)."""
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
        source = darkness if darkness is not None else mask_darkness(mask or ())
        height, width = len(source), len(source[0])
        if isinstance(section.size, tuple):
            picture = resample(source, *section.size)
        elif section.size is None and mask is not None:
            picture = mask
        else:
            picture = crop_mask(resample(source, *in_shape(
                height, width, section.size or max(RANDOM_SIZE))))
        rows, cols = len(picture), len(picture[0])
        if not SMALLEST <= rows <= LARGEST or not SMALLEST <= cols <= LARGEST:
            raise ctx.error("size", f"{name} is {rows}x{cols}; a nonogram "
                            f"has {SMALLEST} to {LARGEST} cells a side: give `size`")
        if not any("#" in row for row in picture):
            raise ctx.error(where, f"{name} has no shaded cell at {rows}x{cols}; use a "
                            "darker picture or a larger size")
        if not any("." in row for row in picture):
            raise ctx.error(where, f"{name} is shaded in every cell at {rows}x{cols}, so every "
                            "clue is a whole line; use a dark shape on a light ground")
        room = ctx.room()
        if room is not None and not isinstance(section.size, tuple):
            fitted = self._fitted(picture, source, *room)
            if fitted != picture:
                scaled.append(f"{name} {rows}x{cols} to {len(fitted)}x{len(fitted[0])}")
                picture = fitted
        return picture

    def _fitted(self, picture: tuple[str, ...], source: list[list[float]], box: Box,
                ctx: DrawContext) -> tuple[str, ...]:
        """The largest picture (its shape kept, at most `picture`'s size) whose clue
        numbers reach the floor in `box`; `picture` itself when none does."""
        floor = ctx.theme.min_font_size - 0.05
        height, width = len(source), len(source[0])
        at = {}                               # longer side -> the picture, how large its clues

        def clue_points(longest: int) -> float:
            if longest not in at:
                grid = crop_mask(resample(source, *in_shape(height, width, longest)))
                at[longest] = grid, self._clue_points(grid, box, ctx)
            return at[longest][1]

        longest = max(len(picture), len(picture[0]))
        at[longest] = picture, self._clue_points(picture, box, ctx)
        if at[longest][1] >= floor:
            return picture
        # cells grow about as the grid shrinks: a guess, then a step at a time
        side = max(SMALLEST, min(longest - 1, int(longest * at[longest][1] / floor)))
        while side > SMALLEST and clue_points(side) < floor:
            side -= 1
        while side + 1 < longest and clue_points(side + 1) >= floor:
            side += 1
        return at[side][0] if clue_points(side) >= floor else picture

    def _clue_points(self, picture: tuple[str, ...], box: Box, ctx: DrawContext) -> float:
        """How large a picture's clue numbers print in `box` before it has givens (the
        rule counted with as many as it has shaded cells: the longest it can be)."""
        row_clues, col_clues = clues(picture)
        shaded = sum(row.count("#") for row in picture)
        return self._clue_size(row_clues, col_clues, self._rule(shaded, ctx.text), "medium",
                               box, ctx)

    def generate(self, params: NonogramParams, seed: int) -> NonogramBoard:
        try:
            if params.mask is not None:
                puzzle = from_picture(params.mask, params.difficulty)
            else:
                puzzle = random_grid(params.rows, params.cols, params.difficulty,
                                     random.Random(seed), params.deepest)
        except NonogramError as exc:
            raise GenerationFailed(str(exc)) from None
        return self._board(puzzle, params)

    @staticmethod
    def _told(puzzle: Puzzle, params: NonogramParams) -> list[str]:
        """One message for a picture with givens or another grade than the one asked:
        the grade printed and the givens printed; none when the section asked no grade."""
        givens = len(puzzle.givens)
        if not params.asked or (puzzle.grade == params.difficulty and not givens):
            return []
        told = (f"{params.picture}: solves at {puzzle.grade} with {givens} given cell(s)"
                if givens else f"{params.picture}: solves at {puzzle.grade} with no given cell")
        if givens and puzzle.needed == givens:
            told += " (the fewest that make the picture unique)"
        elif puzzle.needed:
            told += f" ({puzzle.needed} of them make the picture unique)"
        if puzzle.grade != params.difficulty:
            easier = STAGES.index(puzzle.grade) < STAGES.index(params.difficulty)
            told += (f", not at {params.difficulty} as asked: "
                     + ("the picture is easier" if easier else
                        f"no givens found let the {params.difficulty} stage solve it"))
        return [told]

    def _board(self, puzzle: Puzzle, params: NonogramParams) -> NonogramBoard:
        return NonogramBoard(
            score=-float(len(puzzle.givens)), warnings=self._told(puzzle, params),
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
        return "" if ctx.bare else self._rule(len(board.givens), ctx.text)

    @staticmethod
    def _rule(givens: int, text: KindText) -> str:
        rule = text.text("rule")
        return (rule + " " + text.plural("givens", givens)) if givens else rule

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
        digits = self._clue_size(board.row_clues, board.col_clues, self._text(board, ctx),
                                 board.grade, box, ctx)
        if digits < theme.min_font_size - 0.05:
            size = difficulty_size(ctx)
            box = inner(box)
            below = below_height(self._text(board, ctx), theme, box.width, board.grade, size)
            side = self._side_that_fits(max(board.rows, board.cols), box, theme, below)
            # the box the book asks last is alone on its page: only a smaller grid helps
            advice = (f"use a smaller size (any grid up to {side}x{side} fits here)"
                      if side else "no size reads here: use a layout with a larger page or "
                      "a lower min_font_size")
            return (f"the clue numbers would be {short_of(digits)} pt (at least "
                    f"{theme.min_font_size:g} pt reads well); {advice}")
        return None

    @staticmethod
    def _clue_size(row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
                   text: str, grade: str, box: Box, ctx: DrawContext) -> float:
        """The clue numbers' size (points) when the puzzle is drawn in `box`."""
        size = difficulty_size(ctx)
        box = inner(box)
        below = below_height(text, ctx.theme, box.width, grade, size)
        return geometry(row_clues, col_clues, box, ctx.theme, below).cell * DIGITS

    def _deepest(self, rows: int, cols: int, difficulty: str, box: Box,
                 ctx: DrawContext) -> int | None:
        """The most numbers a line of a random grid may have for its clues to print at the
        floor in `box` (None: any line's; the stand-in refuses a grid not even one fits)."""
        most = (max(rows, cols) + 1) // 2
        for depth in range(most, 1, -1):
            row_clues = [(1,) * min(depth, (cols + 1) // 2)] * rows
            col_clues = [(1,) * min(depth, (rows + 1) // 2)] * cols
            if self._clue_size(row_clues, col_clues, self._rule(0, ctx.text), difficulty, box,
                               ctx) >= ctx.theme.min_font_size - 0.05:
                return None if depth == most else depth
        return 1

    @staticmethod
    def _prints(rows: int, cols: int, deepest: int | None) -> bool:
        """Whether random grids of a size print when their lines hold at most `deepest`
        numbers: they need a sixth of their side (measured: 3 at 15x15, 7 at 40x40), and
        a page that prints fewer is refused before generating."""
        return deepest is None or deepest > max(rows, cols) // 6

    def _too_deep(self, rows: int, cols: int, difficulty: str, box: Box,
                  ctx: DrawContext) -> str:
        """Why random grids of a size cannot print in `box`, and the largest size the plan
        takes there, its longer side shortened (the same test, so that size builds)."""
        need = max(rows, cols) // 6 + 1
        digits = self._clue_size([[1] * min(need, (cols + 1) // 2)] * rows,
                                 [[1] * min(need, (rows + 1) // 2)] * cols,
                                 self._rule(0, ctx.text), difficulty, box, ctx)
        smaller = ((min(rows, side), min(cols, side))
                   for side in range(max(rows, cols) - 1, SMALLEST - 1, -1))
        largest = next((size for size in smaller if self._prints(
            *size, self._deepest(*size, difficulty, box, ctx))), None)
        advice = (f"use a smaller size (a random grid up to {largest[0]}x{largest[1]} fits "
                  "here)" if largest else "no size reads here: use a layout with a larger "
                  "page or a lower min_font_size")
        return (f"a random {rows}x{cols} grid has lines of {need} numbers or more, and with "
                f"{need} the clue numbers would be {short_of(digits)} pt (at least "
                f"{ctx.theme.min_font_size:g} pt reads well); {advice}")

    @staticmethod
    def _side_that_fits(side: int, box: Box, theme: Any, below: float) -> int | None:
        """The largest square side below `side` whose clues fit the floor at their longest
        (every other cell shaded): one suggestion for every puzzle of a size, whatever
        its own clues; None when not even the smallest does."""
        for smaller in range(side - 1, SMALLEST - 1, -1):
            longest = [(1,) * ((smaller + 1) // 2)] * smaller
            if geometry(longest, longest, box, theme, below).cell * DIGITS \
                    >= theme.min_font_size - 0.05:
                return smaller
        return None

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
        tags = sorted({t for p in bundled() for t in p.tags})
        if tag is not None and tag not in tags:
            raise ValueError(f"no bundled picture has this tag; use one of: {', '.join(tags)}")
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
            rule=self._rule(len(board.givens), text), script=web_asset(__file__, "web.js"),
            style=web_asset(__file__, "web.css"))

    def text_for_search(self, board: NonogramBoard) -> list[str]:
        return [str(n) for clue in board.row_clues for n in clue]


KIND = NonogramKind()
