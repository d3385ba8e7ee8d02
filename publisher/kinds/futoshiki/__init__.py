"""The `futoshiki` kind: a Latin square with inequality signs between some
neighbours and few givens; one solution, graded by the techniques a person needs
(techniques.py), made by the ladder-driven dig of grids/latin."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal


from ...grids.latin.common import (LatinSection, Level, Symmetry, caption,
                                     digits_fit, flat, rows)
from ...grids.latin.symmetry import turns
from ...grids.latin.web import digit_cells, web_part
from ..base import (Board, Box, DrawContext, Kind, KindText, Params, PlanContext, PuzzleRequest,
                    WebPart)
from .draw import draw_board, unit_size
from .generator import generate

# What a dig of the size can reach often enough (measured over 60 digs per level:
# 4x4 needs pairs or fish in under 1 of 20, 5x5 fish in 1 of 15).
LEVELS_BY_SIZE: dict[int, tuple[str, ...]] = {
    4: ("easy", "medium", "extreme"), 5: ("easy", "medium", "hard", "extreme")}


class FutoshikiSection(LatinSection):
    kind: Literal["futoshiki"]
    symmetry: Symmetry = "none"
    levels_by_size = LEVELS_BY_SIZE


class FutoshikiParams(Params):
    size: int = 6
    difficulty: Level = "medium"
    symmetry: Symmetry = "none"


@dataclass
class FutoshikiBoard(Board):
    size: int = 6
    givens: list[int] = field(default_factory=list)           # row-major, 0 = empty
    relations: list[list[int]] = field(default_factory=list)  # [lesser cell, greater cell]
    solution: list[int] = field(default_factory=list)
    grade: str = "easy"
    hardest: str | None = None
    techniques: dict[str, int] = field(default_factory=dict)


class FutoshikiKind(Kind[FutoshikiSection, FutoshikiParams, FutoshikiBoard]):
    easier = "a lower difficulty or another size"
    name = "futoshiki"
    section_model = FutoshikiSection
    params_model = FutoshikiParams
    default_candidates = 1          # each candidate is already graded exactly
    default_answers_per_page = 9
    example = {"size": 4, "count": 2, "difficulty": "easy"}

    def plan(self, section: FutoshikiSection,
             ctx: PlanContext) -> list[PuzzleRequest[FutoshikiParams]]:
        params = FutoshikiParams(size=section.size, difficulty=section.difficulty,
                                 symmetry=section.symmetry)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: FutoshikiParams, seed: int) -> FutoshikiBoard:
        p = generate(params.size, params.difficulty, params.symmetry, random.Random(seed))
        g = p.grade
        clues = sum(1 for v in p.givens if v) * 2 + len(p.relations)
        return FutoshikiBoard(score=-float(clues), size=p.size, givens=p.givens,
                              relations=[list(r) for r in p.relations], solution=p.solution,
                              grade=g.level, hardest=g.hardest if g.solved else "beyond_ladder",
                              techniques=dict(g.techniques))

    def draw_puzzle(self, canvas: Any, board: FutoshikiBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=False, caption=caption(board, ctx))

    def draw_solution(self, canvas: Any, board: FutoshikiBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=True)

    def fits(self, board: FutoshikiBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        cell = unit_size(board, box, ctx, [] if solution else caption(board, ctx))
        return digits_fit(cell, ctx.theme, solution)

    def writing_cell(self, board: FutoshikiBoard, box: Box, ctx: DrawContext) -> float:
        return unit_size(board, box, ctx, caption(board, ctx))

    def manifest(self, board: FutoshikiBoard) -> dict[str, Any]:
        n = board.size
        return {"size": n, "givens": rows(board.givens, n),
                "relations": [{"less": list(divmod(a, n)), "greater": list(divmod(b, n))}
                              for a, b in board.relations],
                "solution": rows(board.solution, n), "grade": board.grade,
                "hardest": board.hardest, "techniques": dict(board.techniques)}

    def from_manifest(self, entry: dict[str, Any]) -> FutoshikiBoard:
        n = entry["size"]
        return FutoshikiBoard(
            size=n, givens=flat(entry["givens"]), solution=flat(entry["solution"]),
            relations=[[r["less"][0] * n + r["less"][1], r["greater"][0] * n + r["greater"][1]]
                       for r in entry["relations"]],
            grade=entry["grade"], hardest=entry["hardest"],
            techniques=dict(entry["techniques"]))

    def web(self, board: FutoshikiBoard, text: KindText) -> WebPart:
        """The typing grid with each sign on the side between its two squares, and
        both squares' labels saying it ("less than the square to the right")."""
        n = board.size
        cells = digit_cells(n, board.solution, board.givens)
        for less, greater in board.relations:
            first, second = sorted((less, greater))         # left or top one first
            across = second - first == 1
            r, c = divmod(first, n)
            # below a square the page turns the sign a quarter: "<" shows as a caret up
            cells[r][c].setdefault("x", {})["r" if across else "b"] = "<" if first == less else ">"
            after, before = ("web_right", "web_left") if across else ("web_below", "web_above")
            for cell, where in ((first, after), (second, before)):
                relation = "web_less" if cell == less else "web_greater"
                cells[cell // n][cell % n].setdefault("say", []).append(
                    text.text(relation, where=text.text(where)))
        return web_part(n, board.grade, cells, text, spaced=True)

    def identity(self, board: FutoshikiBoard) -> tuple:
        """Equal for two boards when one is the other turned or mirrored, or with every
        digit v read as n + 1 - v (which turns every sign round)."""
        n, keys = board.size, []
        for turn in turns(n):
            def cell(k: int) -> int:
                r, c = turn(*divmod(k, n))
                return r * n + c
            for flip in (False, True):
                givens = [0] * (n * n)
                for k, v in enumerate(board.givens):
                    givens[cell(k)] = (n + 1 - v if flip and v else v)
                rels = sorted((cell(b), cell(a)) if flip else (cell(a), cell(b))
                              for a, b in board.relations)
                keys.append((tuple(givens), tuple(rels)))
        return (n,) + min(keys)

    def text_for_search(self, board: FutoshikiBoard) -> list[str]:
        return [str(v) for v in board.givens if v][:1]


KIND = FutoshikiKind()
