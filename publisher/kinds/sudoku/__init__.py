"""The `sudoku` kind: classic, X, jigsaw and killer Sudoku in sizes 4 to 16,
always with one solution (exact counter or the sound technique ladder) and
graded by the techniques a person needs (grader.py)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from pydantic import Field, ValidationInfo, field_validator

from ...grids.difficulty import draw_difficulty, reachable_level
from ...ground.printrules import short_of
from ...ground.reasons import listed
from ...grids.web import TYPING, region_edges
from ..base import (Board, BookMeta, Box, DrawContext, Kind, KindText, Params, PlanContext,
                    PuzzleRequest, SectionBase, WebPart)
from ...grids.latin.draw import DIGIT_MAX
from .draw import SUM_MAX, Note, draw_grid, grid_layout
from .exports import ipuz_bytes
from .generator import generate_puzzle
from .grader import LEVELS
from .identity import canonical_key
from .shapes import box_regions, symbol, value_of

Size = Literal[4, 6, 8, 9, 12, 16]
Variant = Literal["classic", "x", "jigsaw", "killer"]
Level = Literal["easy", "medium", "hard", "expert", "extreme"]
Symmetry = Literal["rotational", "mirror", "diagonal", "none"]
# Small grids give way to singles. Measured over 1500 dug 6x6 grids: medium
# (pairs, pointing) is the bottleneck in about 1 of 500, hard and expert in
# 1 to 4 of 100; 4x4 grids were all easy.
LEVELS_BY_SIZE = {4: ("easy",), 6: ("easy", "hard", "expert")}
VARIANT_SIZES = {"x": (4, 6, 8, 9), "jigsaw": (4, 6, 8, 9), "killer": (4, 6, 8, 9)}
RAMP = ("easy", "medium", "hard", "expert")


class SudokuSection(SectionBase):
    kind: Literal["sudoku"]
    size: Size = 9
    variant: Variant = "classic"
    difficulty: Literal["easy", "medium", "hard", "expert", "extreme", "ramp"] = "medium"
    symmetry: Symmetry = "rotational"
    count: int = Field(default=1, ge=1, le=1000)
    symbols: Literal["digits", "hex"] = "digits"

    @field_validator("difficulty")
    @classmethod
    def _level_for_size(cls, level: str, info: ValidationInfo) -> str:
        size = info.data.get("size", 9)                   # validated before difficulty
        allowed = LEVELS_BY_SIZE.get(size)
        if allowed and level != "ramp" and level not in allowed:
            can, choose = ((f"can be {listed(list(allowed), 'or')}", "one of those")
                           if len(allowed) > 1 else (f"can only be {allowed[0]}", allowed[0]))
            raise ValueError(f"a {size}x{size} Sudoku {can}: a grid this small almost never "
                             f"needs {level} techniques and no others. Choose {choose} or a "
                             f"larger size for {level!r}.")
        return level

    @field_validator("variant")
    @classmethod
    def _variant_for_size(cls, variant: str, info: ValidationInfo) -> str:
        size = info.data.get("size", 9)
        sizes = VARIANT_SIZES.get(variant)
        if sizes and size not in sizes:
            raise ValueError(f"{variant} Sudoku comes in sizes {listed(list(map(str, sizes)))}; "
                             f"got {size}. Choose one of those sizes or variant: classic.")
        return variant

    @field_validator("symbols")
    @classmethod
    def _hex_needs_letters(cls, symbols: str, info: ValidationInfo) -> str:
        if symbols == "hex" and info.data.get("size", 9) < 12:
            raise ValueError("symbols: hex (0-F) is for sizes 12 and 16; smaller grids use "
                             "digits")
        return symbols


class SudokuParams(Params):
    size: int = 9
    variant: Variant = "classic"
    difficulty: Level = "medium"
    symmetry: Symmetry = "rotational"
    symbols: Literal["digits", "hex"] = "digits"


@dataclass
class SudokuBoard(Board):
    size: int = 9
    variant: str = "classic"
    symbols: str = "digits"
    givens: list[int] = field(default_factory=list)        # row-major, 0 = empty
    solution: list[int] = field(default_factory=list)
    regions: list[list[int]] = field(default_factory=list)  # region id per cell
    cages: list[list[int]] = field(default_factory=list)   # cell indices per cage
    sums: list[int] = field(default_factory=list)
    grade: str = "easy"
    difficulty: str = ""             # what the spec asked for ("" in older manifests)
    hardest: str | None = None
    techniques: dict[str, int] = field(default_factory=dict)


def _caption(board: SudokuBoard, t: KindText) -> list[str]:
    last = symbol(board.size, board.symbols)
    if board.size > 9 and board.symbols == "digits":
        symbols = t.text("symbols_letters", last=last)
    else:
        symbols = t.text("symbols", first=symbol(1, board.symbols), last=last)
    rule = t.text("rule" if board.variant == "classic" else f"rule_{board.variant}",
                  symbols=symbols)
    return [rule, t.text("guess")] if board.grade == "extreme" else [rule]


def _difficulty(board: SudokuBoard, ctx: DrawContext) -> Note:
    """The difficulty line every kind prints, under the caption."""
    return lambda canvas, x, y, size: draw_difficulty(canvas, ctx, board.grade, x, y, size)


class SudokuKind(Kind[SudokuSection, SudokuParams, SudokuBoard]):
    easier = "a lower difficulty or a smaller size"
    name = "sudoku"
    section_model = SudokuSection
    params_model = SudokuParams
    # One candidate: each is already graded exactly and dug to few givens, and a
    # 100-puzzle book then builds in under 5 s; `candidates: 3` in a section picks
    # the best of three (about 1.5 fewer givens at hard and expert, 2.3x the time).
    default_candidates = 1
    default_answers_per_page = 6
    example = {"size": 4, "count": 2, "difficulty": "easy"}

    def section_title(self, section: SudokuSection, text: KindText) -> str:
        return text.text("title" if section.variant == "classic" else f"title_{section.variant}")

    def plan(self, section: SudokuSection, ctx: PlanContext) -> list[PuzzleRequest[SudokuParams]]:
        title = section.title or (None if section.variant == "classic"
                                  else ctx.text.text(f"title_{section.variant}"))
        titles = ctx.titles(title, section.count)
        ramp = RAMP if section.size not in LEVELS_BY_SIZE else LEVELS_BY_SIZE[section.size]
        size = section.size
        chosen = reachable_level(section, ramp, f"a {size}x{size} Sudoku", ctx)
        out = []
        for i, name in enumerate(titles):
            level = cast(Level, self._ramp(ramp, i, len(titles), ctx.dates)
                         if chosen == "ramp" else chosen)
            params = SudokuParams(size=section.size, variant=section.variant, difficulty=level,
                                  symmetry=section.symmetry, symbols=section.symbols)
            out.append(PuzzleRequest(name, params, ctx.language))
        return out

    @staticmethod
    def _ramp(levels: tuple[str, ...], i: int, count: int, dates: list[Any] | None) -> str:
        """`ramp`: easiest to hardest across the section; with a schedule, by the weekday
        (a newspaper week: easy on Monday, the hardest from Saturday)."""
        if dates is not None and i < len(dates):
            return levels[min(len(levels) - 1, dates[i].weekday() * len(levels) // 6)]
        return levels[i * len(levels) // count]

    def generate(self, params: SudokuParams, seed: int) -> SudokuBoard:
        p = generate_puzzle(params.size, params.variant, params.difficulty, params.symmetry,
                            random.Random(seed))
        g = p.grade
        assert g is not None
        return SudokuBoard(score=p.score, size=p.size, variant=p.variant,
                           symbols=params.symbols, givens=p.givens, solution=p.solution,
                           regions=p.regions, cages=p.cages, sums=p.sums, grade=g.level,
                           difficulty=params.difficulty, hardest=g.hardest, techniques=dict(g.techniques))

    def draw_puzzle(self, canvas: Any, board: SudokuBoard, box: Box, ctx: DrawContext) -> None:
        if ctx.bare:
            draw_grid(canvas, board, box, ctx.theme, solved=False)
        else:
            draw_grid(canvas, board, box, ctx.theme, solved=False,
                      caption=_caption(board, ctx.text), note=_difficulty(board, ctx))

    def draw_solution(self, canvas: Any, board: SudokuBoard, box: Box, ctx: DrawContext) -> None:
        draw_grid(canvas, board, box, ctx.theme, solved=True)

    def fits(self, board: SudokuBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        theme = ctx.theme
        caption = [] if solution else _caption(board, ctx.text)
        cell = grid_layout(board, box, theme, caption, notes=0 if solution else 1).cell
        floor = theme.min_answer_font_size if solution else theme.min_font_size
        if cell * DIGIT_MAX < floor:
            return (f"digits would be {short_of(cell * DIGIT_MAX)} pt (at least {floor:g} pt reads "
                    "well); put fewer puzzles on a page or use a smaller grid")
        if board.variant == "killer" and not solution and cell * SUM_MAX < theme.min_font_size:
            return (f"cage sums need {theme.min_font_size:g} pt and {cell:.0f} pt cells are too "
                    "small for that; put fewer puzzles on a page")
        return None

    def stand_in(self, params: SudokuParams) -> SudokuBoard:
        """An empty grid of the size and variant, one region, the shortest caption: its
        cells are those of any board of the request (`fits` checks the cells)."""
        cells = params.size * params.size
        return SudokuBoard(score=0.0, size=params.size, variant=params.variant,
                           symbols=params.symbols, givens=[0] * cells, solution=[0] * cells,
                           regions=[[0] * params.size for _ in range(params.size)],
                           grade="easy", difficulty=params.difficulty)

    def writing_cell(self, board: SudokuBoard, box: Box, ctx: DrawContext) -> float:
        return grid_layout(board, box, ctx.theme, _caption(board, ctx.text), notes=1).cell

    def manifest(self, board: SudokuBoard) -> dict[str, Any]:
        n = board.size

        def rows(values: list[int]) -> list[list[str | None]]:
            return [[symbol(v, board.symbols) if v else None for v in values[r * n:(r + 1) * n]]
                    for r in range(n)]

        entry: dict[str, Any] = {"size": n, "variant": board.variant,
                                 "givens": rows(board.givens), "solution": rows(board.solution)}
        if board.variant == "jigsaw":
            entry["regions"] = [[chr(65 + g) for g in row] for row in board.regions]
        if board.variant == "killer":
            entry["cages"] = [{"sum": s, "cells": [list(divmod(c, n)) for c in cells]}
                              for cells, s in zip(board.cages, board.sums)]
        entry.update(difficulty=board.difficulty or board.grade, grade=board.grade,
                     hardest=board.hardest,
                     techniques=dict(board.techniques))
        return entry

    def web(self, board: SudokuBoard, text: KindText) -> WebPart:
        n = board.size
        edges = region_edges(board.regions)
        cells: list[list[dict[str, Any] | None]] = [
            [{"s": symbol(board.solution[r * n + c], board.symbols), "b": edges[r][c]}
             | ({"g": True} if board.givens[r * n + c] else {}) for c in range(n)]
            for r in range(n)]
        cage_of = [[-1] * n for _ in range(n)]            # killer: dashed cages, sums
        for number, cage in enumerate(board.cages):
            for i in cage:
                cage_of[i // n][i % n] = number
        cage_edges = region_edges(cage_of)
        for cage, total in zip(board.cages, board.sums):
            for i in cage:
                cells[i // n][i % n]["k"] = cage_edges[i // n][i % n]  # type: ignore[index]
            cells[min(cage) // n][min(cage) % n]["ks"] = str(total)   # type: ignore[index]
        keys = "".join(symbol(v, board.symbols) for v in range(1, n + 1))
        return WebPart(data={"rows": n, "cols": n, "cells": cells, "keys": keys,
                             "pencil": True},
                       rule=" ".join(_caption(board, text)), script=TYPING, uses=("cells",))

    def from_manifest(self, entry: dict[str, Any]) -> SudokuBoard:
        n = entry["size"]
        # hex grids are the only ones holding a "0"
        symbols = "hex" if any("0" in row for row in entry["solution"]) else "digits"

        def flat(rows: list[list[str | None]]) -> list[int]:
            return [value_of(ch, symbols) if ch else 0 for row in rows for ch in row]

        cages = entry.get("cages") or []
        regions = ([[ord(g) - 65 for g in row] for row in entry["regions"]]
                   if "regions" in entry else box_regions(n))
        return SudokuBoard(size=n, variant=entry["variant"], symbols=symbols,
                           givens=flat(entry["givens"]), solution=flat(entry["solution"]),
                           regions=regions, cages=[[r * n + c for r, c in k["cells"]] for k in cages],
                           sums=[k["sum"] for k in cages], grade=entry["grade"],
                           difficulty=entry.get("difficulty", ""), hardest=entry["hardest"], techniques=dict(entry["techniques"]))

    def side_files(self, board: SudokuBoard, title: str, meta: BookMeta) -> dict[str, bytes]:
        return {"ipuz": ipuz_bytes(board, title, dict(meta))}

    def identity(self, board: SudokuBoard) -> tuple:
        """Equal for two boards exactly when one is the other turned, mirrored or
        with its symbols renamed (the book keeps no two such puzzles)."""
        layout = (tuple(map(tuple, board.regions)) if board.variant == "jigsaw" else
                  tuple(map(tuple, board.cages)) if board.variant == "killer" else ())
        return (board.variant,) + canonical_key(board.size, board.givens, layout)

    def text_for_search(self, board: SudokuBoard) -> list[str]:
        if board.sums:
            return [str(board.sums[0])]
        return [symbol(next(v for v in board.givens if v), board.symbols)]


__all__ = ["KIND", "LEVELS", "SudokuBoard", "SudokuKind", "SudokuParams", "SudokuSection"]

KIND = SudokuKind()
