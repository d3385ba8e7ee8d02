"""The `skyscrapers` kind: a Latin square of building heights with clues on the four
edges (how many buildings are seen from there) and givens only where the clues
need them; one solution, graded by the techniques a person needs (techniques.py),
made by the ladder-driven dig of grids/latin."""
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

SIDES = ("top", "bottom", "left", "right")
# What a dig of the size reaches often enough (measured over 12 to 40 digs per
# level: a 4x4 needs pairs without the long lines in 1 of 40).
LEVELS_BY_SIZE: dict[int, tuple[str, ...]] = {
    4: ("easy", "medium", "expert", "extreme")}


class SkyscrapersSection(LatinSection):
    kind: Literal["skyscrapers"]
    symmetry: Symmetry = "none"
    levels_by_size = LEVELS_BY_SIZE


class SkyscrapersParams(Params):
    size: int = 6
    difficulty: Level = "medium"
    symmetry: Symmetry = "none"


@dataclass
class SkyscrapersBoard(Board):
    size: int = 6
    clues: list[list[int]] = field(default_factory=list)   # top, bottom, left, right; 0 none
    givens: list[int] = field(default_factory=list)         # row-major, 0 = empty
    solution: list[int] = field(default_factory=list)
    grade: str = "easy"
    hardest: str | None = None
    techniques: dict[str, int] = field(default_factory=dict)


class SkyscrapersKind(Kind[SkyscrapersSection, SkyscrapersParams, SkyscrapersBoard]):
    easier = "a lower difficulty or another size"
    name = "skyscrapers"
    section_model = SkyscrapersSection
    params_model = SkyscrapersParams
    default_candidates = 1          # each candidate is already graded exactly
    default_answers_per_page = 9
    example = {"size": 4, "count": 2, "difficulty": "easy"}

    def plan(self, section: SkyscrapersSection,
             ctx: PlanContext) -> list[PuzzleRequest[SkyscrapersParams]]:
        params = SkyscrapersParams(size=section.size, difficulty=section.difficulty,
                                   symmetry=section.symmetry)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: SkyscrapersParams, seed: int) -> SkyscrapersBoard:
        p = generate(params.size, params.difficulty, params.symmetry, random.Random(seed))
        g, n = p.grade, p.size
        clues = [[0] * n for _ in SIDES]
        for side, k, seen in p.clues:
            clues[side][k] = seen
        score = -float(sum(1 for v in p.givens if v) * 2 + len(p.clues))
        return SkyscrapersBoard(score=score, size=n, clues=clues, givens=p.givens,
                                solution=p.solution, grade=g.level,
                                hardest=g.hardest if g.solved else "beyond_ladder",
                                techniques=dict(g.techniques))

    def draw_puzzle(self, canvas: Any, board: SkyscrapersBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=False, caption=caption(board, ctx))

    def draw_solution(self, canvas: Any, board: SkyscrapersBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=True)

    def fits(self, board: SkyscrapersBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        cell = unit_size(board, box, ctx, [] if solution else caption(board, ctx))
        return digits_fit(cell, ctx.theme, solution)

    def writing_cell(self, board: SkyscrapersBoard, box: Box, ctx: DrawContext) -> float:
        return unit_size(board, box, ctx, caption(board, ctx))

    def manifest(self, board: SkyscrapersBoard) -> dict[str, Any]:
        n = board.size
        return {"size": n,
                "clues": {name: [v or None for v in board.clues[s]]
                          for s, name in enumerate(SIDES)},
                "givens": rows(board.givens, n), "solution": rows(board.solution, n),
                "grade": board.grade, "hardest": board.hardest,
                "techniques": dict(board.techniques)}

    def from_manifest(self, entry: dict[str, Any]) -> SkyscrapersBoard:
        return SkyscrapersBoard(
            size=entry["size"], clues=[[v or 0 for v in entry["clues"][name]] for name in SIDES],
            givens=flat(entry["givens"]), solution=flat(entry["solution"]),
            grade=entry["grade"], hardest=entry["hardest"],
            techniques=dict(entry["techniques"]))

    def web(self, board: SkyscrapersBoard, text: KindText) -> WebPart:
        """The typing grid framed by the clues (drawn outside it); each clue is also said
        in the label of the square at its end of the row or column."""
        n = board.size
        cells = digit_cells(n, board.solution, board.givens)
        for s, side in enumerate(SIDES):
            for k, seen in enumerate(board.clues[s]):
                if seen:
                    r, c = {"top": (0, k), "bottom": (n - 1, k), "left": (k, 0),
                            "right": (k, n - 1)}[side]
                    cells[r][c].setdefault("say", []).append(
                        text.text(f"web_clue_{side}", n=seen))
        outside = {side: [v or None for v in board.clues[s]] for s, side in enumerate(SIDES)}
        return web_part(n, board.grade, cells, text, outside=outside)

    def identity(self, board: SkyscrapersBoard) -> tuple:
        """Equal for two boards when one is the other turned or mirrored: compared as
        the (n + 2)-square of givens framed by the clues."""
        n = board.size
        framed = {}
        for cell, v in enumerate(board.givens):
            framed[(cell // n + 1, cell % n + 1)] = v
        for k in range(n):
            framed[(0, k + 1)], framed[(n + 1, k + 1)] = board.clues[0][k], board.clues[1][k]
            framed[(k + 1, 0)], framed[(k + 1, n + 1)] = board.clues[2][k], board.clues[3][k]
        keys = []
        for turn in turns(n + 2):
            image = {turn(r, c): v for (r, c), v in framed.items()}
            keys.append(tuple(sorted(image.items())))
        return (n,) + min(keys)

    def text_for_search(self, board: SkyscrapersBoard) -> list[str]:
        return [str(next(v for side in board.clues for v in side if v))]


KIND = SkyscrapersKind()
