"""The `calcudoku` kind: a Latin square cut into cages, each with a target and an
operation (never called by a trademarked name); one solution, graded by the
techniques a person needs (techniques.py), made by merging cages under the ladder
(generator.py) on the engine of grids/latin."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal


from ...grids.latin.common import (LatinSection, Level, caption, digits_fit,
                                     flat, rows)
from ...grids.latin.symmetry import turns
from ...grids.latin.web import digit_cells, web_part
from ...grids.web import region_edges
from ..base import (Board, Box, DrawContext, Kind, KindText, Params, PlanContext, PuzzleRequest,
                    WebPart)
from .draw import LABEL_MAX, draw_board, label, unit_size
from .generator import generate

Operations = Literal["all", "add", "add_multiply"]
# A cage's operation in the words of its label on the web page.
SPOKEN = {"+": "web_cage_add", "-": "web_cage_subtract", "x": "web_cage_multiply",
          "/": "web_cage_divide", "=": "web_cage_single"}
# What merging reaches often enough at the size (measured over 6 to 20 digs per level).
LEVELS_BY_SIZE: dict[int, tuple[str, ...]] = {
    4: ("easy", "medium", "hard", "extreme"), 5: ("easy", "medium", "hard", "extreme")}


class CalcudokuSection(LatinSection):
    kind: Literal["calcudoku"]
    operations: Operations = "all"
    givens: bool = False
    levels_by_size = LEVELS_BY_SIZE


class CalcudokuParams(Params):
    size: int = 6
    operations: Operations = "all"
    difficulty: Level = "medium"
    givens: bool = False


@dataclass
class CalcudokuBoard(Board):
    size: int = 6
    cages: list[tuple[str, int, tuple[int, ...]]] = field(default_factory=list)
    solution: list[int] = field(default_factory=list)
    givens: list[int] = field(default_factory=list)           # row-major, 0 = empty; [] = none
    grade: str = "easy"
    hardest: str | None = None
    techniques: dict[str, int] = field(default_factory=dict)


class CalcudokuKind(Kind[CalcudokuSection, CalcudokuParams, CalcudokuBoard]):
    easier = "a lower difficulty, another size or more operations"
    name = "calcudoku"
    section_model = CalcudokuSection
    params_model = CalcudokuParams
    default_candidates = 1          # each candidate is already graded exactly
    default_answers_per_page = 9
    example = {"size": 4, "count": 2, "difficulty": "easy"}

    def plan(self, section: CalcudokuSection,
             ctx: PlanContext) -> list[PuzzleRequest[CalcudokuParams]]:
        params = CalcudokuParams(size=section.size, operations=section.operations,
                                 difficulty=section.difficulty, givens=section.givens)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: CalcudokuParams, seed: int) -> CalcudokuBoard:
        p = generate(params.size, params.difficulty, params.operations, random.Random(seed),
                     params.givens)
        g = p.grade
        shown = sum(1 for v in p.givens if v)
        return CalcudokuBoard(score=float(-len(p.cages) - shown), size=p.size, cages=p.cages,
                              solution=p.solution, givens=p.givens, grade=g.level,
                              hardest=g.hardest if g.solved else "beyond_ladder",
                              techniques=dict(g.techniques))

    def draw_puzzle(self, canvas: Any, board: CalcudokuBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=False, caption=caption(board, ctx))

    def draw_solution(self, canvas: Any, board: CalcudokuBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=True, labels=False)

    def draw_example(self, canvas: Any, board: CalcudokuBoard, box: Box,
                     ctx: DrawContext) -> None:
        """The How to play example: solved, with the targets and signs it explains."""
        draw_board(canvas, board, box, ctx, solved=True)

    def fits(self, board: CalcudokuBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        cell = unit_size(board, box, ctx, [] if solution else caption(board, ctx))
        if not solution and cell * LABEL_MAX < ctx.theme.min_font_size:
            return (f"cage targets need {ctx.theme.min_font_size:g} pt and {cell:.0f} pt "
                    "cells are too small for that; put fewer puzzles on a page")
        return digits_fit(cell, ctx.theme, solution)

    def writing_cell(self, board: CalcudokuBoard, box: Box, ctx: DrawContext) -> float:
        return unit_size(board, box, ctx, caption(board, ctx))

    def manifest(self, board: CalcudokuBoard) -> dict[str, Any]:
        n = board.size
        # givens only when shown: a puzzle without stays as it always was
        shown = {"givens": rows(board.givens, n)} if any(board.givens) else {}
        return {"size": n,
                "cages": [{"op": op, "target": target,
                           "cells": [list(divmod(c, n)) for c in cells]}
                          for op, target, cells in board.cages],
                **shown, "solution": rows(board.solution, n), "grade": board.grade,
                "hardest": board.hardest, "techniques": dict(board.techniques)}

    def from_manifest(self, entry: dict[str, Any]) -> CalcudokuBoard:
        n = entry["size"]
        return CalcudokuBoard(
            size=n, cages=[(k["op"], k["target"], tuple(r * n + c for r, c in k["cells"]))
                           for k in entry["cages"]],
            solution=[int(ch) for row in entry["solution"] for ch in row],
            givens=flat(entry["givens"]) if "givens" in entry else [],
            grade=entry["grade"], hardest=entry["hardest"],
            techniques=dict(entry["techniques"]))

    def web(self, board: CalcudokuBoard, text: KindText) -> WebPart:
        """The typing grid with thick cage borders and each cage's target and sign in
        its first square (as in print), said in that square's label; the other squares
        of a cage say which square that is."""
        n = board.size
        cells = digit_cells(n, board.solution, board.givens)
        cage_of = [[0] * n for _ in range(n)]
        for number, (_, _, members) in enumerate(board.cages):
            for i in members:
                cage_of[i // n][i % n] = number
        edges = region_edges(cage_of)
        for r in range(n):
            for c in range(n):
                cells[r][c]["b"] = edges[r][c]
        for op, target, members in board.cages:
            r, c = divmod(min(members), n)
            cells[r][c] |= {"ks": label(op, target),
                            "kl": text.text(SPOKEN[op], target=target)}
            # the borders are not heard: every other square names its cage's first
            part = text.text("web_cage_part", row=r + 1, col=c + 1)
            for i in members:
                if i != min(members):
                    cells[i // n][i % n]["say"] = [part]
        return web_part(n, board.grade, cells, text)

    def identity(self, board: CalcudokuBoard) -> tuple:
        """Equal for two boards when one is the other turned or mirrored."""
        n, keys = board.size, []
        for turn in turns(n):
            cages = tuple(sorted((tuple(sorted(turn(*divmod(c, n)) for c in cells)), op, t)
                                 for op, t, cells in board.cages))
            shown = tuple(sorted((turn(*divmod(c, n)), v) for c, v in enumerate(board.givens)
                                 if v))
            keys.append((cages, shown) if shown else cages)
        return (n,) + min(keys)

    def text_for_search(self, board: CalcudokuBoard) -> list[str]:
        return [str(board.cages[0][1])]


KIND = CalcudokuKind()
