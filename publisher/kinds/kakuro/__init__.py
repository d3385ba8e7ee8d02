"""The `kakuro` kind (cross sums): white runs of 2 to 9 cells, each with its sum in the
block before it, no digit repeated in a run. Every puzzle has exactly one solution,
proved by the technique ladder filling it (logic.py; extreme: by the search counter)
and graded by the hardest technique it needs."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field, field_validator

from ...grids.web import TYPING, entry_cells, letter_cells
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, KindText, Params, PlanContext,
                    PuzzleRequest, SectionBase, WebPart, grid_size)
from .draw import draw, layout, unreadable
from .generator import generate

MIN_SIDE, MAX_SIDE = 6, 25
Level = Literal["easy", "medium", "hard", "expert", "extreme"]
Symmetry = Literal["rotational", "mirror", "none"]


class KakuroSection(SectionBase):
    kind: Literal["kakuro"]
    size: Any = (15, 15)
    difficulty: Level = "medium"
    symmetry: Symmetry = "rotational"
    count: int = Field(default=1, ge=1, le=1000)

    @field_validator("size")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int]:
        return grid_size(value, MIN_SIDE, MAX_SIDE)


class KakuroParams(Params):
    rows: int = 15
    cols: int = 15
    difficulty: Level = "medium"
    symmetry: Symmetry = "rotational"


@dataclass
class KakuroBoard(Board):
    rows: int = 0
    cols: int = 0
    blocks: list[str] = field(default_factory=list)            # rows of "#" and "."
    clues: list[dict[str, Any]] = field(default_factory=list)  # {row, col, across, down}
    solution: list[list[str | None]] = field(default_factory=list)
    grade: str = "medium"
    hardest: str | None = None
    techniques: dict[str, int] = field(default_factory=dict)


def _caption(board: KakuroBoard, ctx: DrawContext) -> list[str]:
    """The rule (unless the page prints it above: a worksheet's header), and the warning
    that an extreme puzzle may need a guess."""
    rule = [] if ctx.instructed else [ctx.text.text("rule")]
    return rule + [ctx.text.text("guess")] if board.grade == "extreme" else rule


class KakuroKind(Kind[KakuroSection, KakuroParams, KakuroBoard]):
    name = "kakuro"
    easier = "a lower difficulty or a smaller size"
    section_model = KakuroSection
    params_model = KakuroParams
    # each candidate is already graded exactly the level asked
    default_candidates = 1
    default_answers_per_page = 6
    example = {"size": 8, "count": 2, "difficulty": "medium"}

    def plan(self, section: KakuroSection, ctx: PlanContext) -> list[PuzzleRequest[KakuroParams]]:
        rows, cols = section.size
        params = KakuroParams(rows=rows, cols=cols, difficulty=section.difficulty,
                              symmetry=section.symmetry)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: KakuroParams, seed: int) -> KakuroBoard:
        p = generate(params.rows, params.cols, params.difficulty, params.symmetry,
                     random.Random(seed))
        lay = p.layout
        blocks = ["".join("." if w else "#" for w in row) for row in lay.white]
        clues: dict[tuple[int, int], dict[str, Any]] = {}
        for k in range(len(lay.runs)):
            r, c = lay.clue_cell(k)
            clue = clues.setdefault((r, c), {"row": r, "col": c, "across": None, "down": None})
            clue["across" if lay.across[k] else "down"] = p.sums[k]
        solution: list[list[str | None]] = [[None] * lay.cols for _ in range(lay.rows)]
        for (r, c), d in zip(lay.cells, p.digits):
            solution[r][c] = str(d)
        return KakuroBoard(score=1.0, rows=lay.rows, cols=lay.cols, blocks=blocks,
                           clues=[clues[key] for key in sorted(clues)], solution=solution,
                           grade=p.grade, hardest=p.hardest, techniques=p.techniques)

    def example_params(self, params: KakuroParams, words: ExampleWords) -> KakuroParams:
        """The How to play page's solved example: a small easy grid, whatever the book's."""
        return params.model_copy(update={"rows": 7, "cols": 8, "difficulty": "easy"})

    def unbeatable(self, board: KakuroBoard, params: KakuroParams) -> bool:
        return board.grade == params.difficulty

    def draw_puzzle(self, canvas: Any, board: KakuroBoard, box: Box, ctx: DrawContext) -> None:
        if ctx.bare:
            draw(canvas, board, box, ctx, solved=False)
        else:
            draw(canvas, board, box, ctx, solved=False, caption=_caption(board, ctx),
                 level=board.grade)

    def draw_solution(self, canvas: Any, board: KakuroBoard, box: Box, ctx: DrawContext) -> None:
        draw(canvas, board, box, ctx, solved=True)

    def fits(self, board: KakuroBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        caption = [] if solution else _caption(board, ctx)
        pencil = 0.0 if solution else ctx.theme.min_writing_cell

        def problem(grid: KakuroBoard) -> str | None:
            cell = layout(grid, box, ctx, caption, notes=1).cell
            return unreadable(grid, box, ctx, caption, solution) or (
                f"cells would be {cell / 72:.3f} in (at least {pencil / 72:.2f} in takes a "
                "pencil's digit)" if cell < pencil - 0.05 else None)
        found = problem(board)
        if found is None:
            return None
        # The advice for the box the book asks last (alone on its page): what fits it.
        fitting = [n for n in range(MIN_SIDE, min(board.rows, board.cols))
                   if problem(KakuroBoard(rows=n, cols=n)) is None]
        return found + (f"; use size {fitting[-1]}, the largest that prints here" if fitting
                        else "; no size prints here: use a layout with a larger page or a "
                        "lower min_font_size")

    def writing_cell(self, board: KakuroBoard, box: Box, ctx: DrawContext) -> float:
        return layout(board, box, ctx, _caption(board, ctx), notes=1).cell

    def manifest(self, board: KakuroBoard) -> dict[str, Any]:
        return {"rows": board.rows, "cols": board.cols, "blocks": list(board.blocks),
                "clues": [dict(k) for k in board.clues],
                "solution": [list(row) for row in board.solution], "grade": board.grade,
                "hardest": board.hardest, "techniques": dict(board.techniques)}

    def from_manifest(self, entry: dict[str, Any]) -> KakuroBoard:
        return KakuroBoard(rows=entry["rows"], cols=entry["cols"], blocks=list(entry["blocks"]),
                           clues=[dict(k) for k in entry["clues"]],
                           solution=[list(row) for row in entry["solution"]],
                           grade=entry["grade"], hardest=entry["hardest"],
                           techniques=dict(entry["techniques"]))

    def stand_in(self, params: KakuroParams) -> KakuroBoard:
        """White cells under a clue row and column, no sums: the cells and the caption
        are those of any board of the size (`fits` checks the cells, not the sums)."""
        white = "#" + "." * (params.cols - 1)
        return KakuroBoard(score=0.0, rows=params.rows, cols=params.cols,
                           blocks=["#" * params.cols] + [white] * (params.rows - 1),
                           solution=[[None] * params.cols for _ in range(params.rows)],
                           grade=params.difficulty)

    def identity(self, board: KakuroBoard) -> tuple:
        """Equal for a grid and its transpose (across and down swapped): the only turn
        that keeps the clues at the top and left."""
        key = (tuple(board.blocks), tuple(map(tuple, board.solution)))
        if board.rows != board.cols:
            return key
        turned = (tuple("".join(row[c] for row in board.blocks) for c in range(board.cols)),
                  tuple(tuple(row[c] for row in board.solution) for c in range(board.cols)))
        return min(key, turned, key=repr)

    def web(self, board: KakuroBoard, text: KindText) -> WebPart:
        """A typing grid whose runs are its entries, each labelled by its sum (the clue
        bar and each square's label say them; Tab goes run to run); the blocks grey, the
        clue squares with their sums either side of a diagonal, as in print."""
        entries, sums = [], []
        for clue in board.clues:
            said = []
            for direction, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                if clue[direction] is None:
                    continue
                said.append(text.text(f"web_{direction}", sum=clue[direction]))
                r, c, length = clue["row"] + dr, clue["col"] + dc, 0
                while (r + length * dr < board.rows and c + length * dc < board.cols
                       and board.blocks[r + length * dr][c + length * dc] == "."):
                    length += 1
                entries.append({"label": said[-1], "cells": entry_cells(r, c, direction, length)})
            sums.append({"r": clue["row"], "c": clue["col"], "a": clue["across"],
                         "d": clue["down"], "say": ", ".join(said)})
        rule = text.text("rule") + (" " + text.text("guess") if board.grade == "extreme" else "")
        return WebPart(data={"rows": board.rows, "cols": board.cols,
                             "cells": letter_cells(board.solution), "entries": entries,
                             "sums": sums, "gaps": "grey", "block": text.text("web_block"),
                             "keys": "123456789",
                             "pencil": True, "reveal_entry": text.text("web_reveal")},
                       rule=rule, script=TYPING, uses=("cells",))

    def text_for_search(self, board: KakuroBoard) -> list[str]:
        first = board.clues[0]
        return [str(first["across"] if first["across"] is not None else first["down"])]


KIND = KakuroKind()
