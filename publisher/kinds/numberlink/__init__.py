"""Numberlink ("Flow"): join each pair of equal labels by a path through
neighbouring cells; paths never cross or branch and together fill the grid.

Every board has exactly one solution, proved with a SAT solver (Glucose 3 via
python-sat, deterministic conflict budgets). See generator.py for the repair
loop and sat.py for the model.

Difficulty (spec `difficulty`): the generator aims at a mean path length of
0.8 / 1.0 / 1.6 times the grid side (easy / medium / hard; easy is 0.85 side
up to 8x8, and at most 3 + 0.3 side above; past 10x10 medium falls from 10 cells
to 7 at 15x15 and easy stays near 0.7 of medium, since the same relative length
grades harder on a bigger grid): fewer, longer paths are harder. Each unique board is then measured: f0 = share of edge decisions
made by unit propagation alone, f1 = after failed-literal probing (trying one
edge each way and seeing a contradiction at once), hardness = 0.5 (1 - f0) +
0.5 (1 - f1). An easy or hard candidate makes up to three unique boards until one
grades at its level (easy: within 0.1 of the target too) and keeps it. The score (higher is better) is 100 (1 - |hardness - target|)
with targets 0.15 / 0.45 / 0.8, plus up to 5 for a mix of path lengths, minus 10
for a board graded at another difficulty, so the best of the candidates is the one
closest to the requested difficulty. f1 < 1
means the board needs search (trial and error) somewhere.
"""
from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import Field, field_validator

from ...grids.difficulty import reachable_level
from ...ground.catalogue import KindText
from ..base import (Box, DrawContext, Kind, Params, PlanContext, PuzzleRequest, SectionBase,
                    WebPart, grid_size, web_asset)
from . import draw
from .generator import CONF_BUDGET, DIFFICULTY, NumberlinkBoard, generate, grade

MIN_SIDE, MAX_SIDE, MAX_WARN = 5, 15, 20
SMALL_SIDE = 5           # 5x5 boards all grade easy (30 seeds of 30; 5x6 and 6x6: 1 in 6-10 medium)
Difficulty = Literal["easy", "medium", "hard"]


class NumberlinkSection(SectionBase):
    kind: Literal["numberlink"]
    size: tuple[int, int] = Field(default=(7, 7), description="side, or [rows, cols]")
    count: int = Field(default=1, ge=1, le=1000)
    difficulty: Difficulty = "medium"
    labels: Literal["numbers", "letters"] = Field(
        default="numbers", description="endpoint labels: 1..N, or A..Z then AA, AB..")

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int]:
        try:
            return grid_size(value, MIN_SIDE, MAX_WARN, "Numberlink board")
        except ValueError as exc:
            raise ValueError(f"{exc}; {MAX_SIDE}x{MAX_SIDE} or less is quick") from None


class NumberlinkParams(Params):
    rows: int = 7
    cols: int = 7
    difficulty: Difficulty = "medium"
    conf_budget: int = CONF_BUDGET
    labels: Literal["numbers", "letters"] = "numbers"


# A board is graded by the nearest of the targets 0.15 / 0.45 / 0.8 (generator.grade).
OFF_GRADE_PENALTY = 10.0
STOP_WITHIN = 0.1        # hardness from the target at which best-of-N may stop


def labels_for(count: int, style: str) -> list[str]:
    """1..N, or A..Z, AA, AB, .. (two characters fit the circle)."""
    if style == "numbers":
        return [str(i + 1) for i in range(count)]
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    names = list(letters) + [a + b for a in letters for b in letters]
    return names[:count]


def relabel(board: NumberlinkBoard, style: str) -> None:
    """Number the pairs in reading order of their first endpoint, in the chosen style."""
    for path in board.paths:
        if path[-1] < path[0]:
            path.reverse()
    board.paths.sort(key=lambda path: path[0])
    board.labels = labels_for(len(board.paths), style)


class NumberlinkKind(Kind[NumberlinkSection, NumberlinkParams, NumberlinkBoard]):
    easier = "a lower difficulty"
    name = "numberlink"
    section_model = NumberlinkSection
    params_model = NumberlinkParams
    default_candidates = 8
    default_answers_per_page = 6
    example = {"size": 5, "count": 1, "candidates": 2, "difficulty": "easy"}

    def plan(self, section: NumberlinkSection,
             ctx: PlanContext) -> list[PuzzleRequest[NumberlinkParams]]:
        rows, cols = section.size
        levels = ("easy",) if max(rows, cols) <= SMALL_SIDE else ("easy", "medium", "hard")
        level = reachable_level(section, levels, f"a {rows}x{cols} Flow board", ctx)
        params = NumberlinkParams(rows=rows, cols=cols, difficulty=cast(Difficulty, level),
                                  labels=section.labels)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: NumberlinkParams, seed: int) -> NumberlinkBoard:
        rows, cols = params.rows, params.cols
        board = generate(rows, cols, params.difficulty, seed, params.conf_budget)
        relabel(board, params.labels)
        achieved = grade(board.hardness)
        if achieved != params.difficulty:
            # Below every board of the requested grade (those score 80 and up, others
            # under 90): best-of-N keeps a board at the grade whenever one was made,
            # also from a round that stopped early.
            board.score = round(board.score - OFF_GRADE_PENALTY, 4)
            board.warnings.append(f"numberlink {rows}x{cols}: asked for {params.difficulty}, "
                                  f"this board grades {achieved} (hardness "
                                  f"{board.hardness:.2f})")
        if max(rows, cols) > MAX_SIDE:
            board.warnings.append(f"numberlink {rows}x{cols}: boards above {MAX_SIDE}x{MAX_SIDE} "
                                  f"take much longer to prove unique (seconds to minutes each)")
        return board

    def unbeatable(self, board: NumberlinkBoard, params: NumberlinkParams) -> bool:
        """Good enough to stop: proved unique (every board is), graded at the requested
        difficulty and within STOP_WITHIN of its target hardness (a rival could only
        come a little closer). Measured on 9x9 (benchmarks/early_stop.py): medium keeps
        100.3 of 101.7 mean score with 3.4 candidates of 8; the grade alone would stop
        every easy board after 2 candidates, 5 points further from the target."""
        return (grade(board.hardness) == params.difficulty
                and abs(board.hardness - DIFFICULTY[params.difficulty][1]) <= STOP_WITHIN)

    def draw_puzzle(self, canvas: Any, board: NumberlinkBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw.draw_puzzle(canvas, board, box, ctx, grade(board.hardness))

    def draw_solution(self, canvas: Any, board: NumberlinkBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw.draw_solution(canvas, board, box, ctx.theme)

    def manifest(self, board: NumberlinkBoard) -> dict[str, Any]:
        return {
            "width": board.cols,
            "height": board.rows,
            "endpoints": [{"label": lab, "cells": [list(a), list(b)]}
                          for lab, a, b in board.endpoints()],
            "solution": board.solution_grid(),
            "paths": [[list(cell) for cell in path] for path in board.paths],
            "difficulty": board.difficulty,
            "grade": grade(board.hardness),
            "hardness": board.hardness,
            "deduction": {"propagation": board.f0, "probing": board.f1},
        }

    def from_manifest(self, entry: dict[str, Any]) -> NumberlinkBoard:
        return NumberlinkBoard(
            rows=entry["height"], cols=entry["width"],
            paths=[[list(cell) for cell in path] for path in entry["paths"]],
            labels=[e["label"] for e in entry["endpoints"]], difficulty=entry["difficulty"],
            hardness=entry["hardness"], f0=entry["deduction"]["propagation"],
            f1=entry["deduction"]["probing"])

    def web(self, board: NumberlinkBoard, text: KindText) -> WebPart:
        strings = {key: text.text(key) for key in ("web_end", "web_line", "web_keys")}
        return WebPart(
            data={"rows": board.rows, "cols": board.cols, "text": strings,
                  "reveal_entry": text.text("web_reveal"),
                  "labels": list(board.labels),
                  "paths": [[list(cell) for cell in path] for path in board.paths]},
            rule=draw.rules_text(board, text), script=web_asset(__file__, "web.js"),
            style=web_asset(__file__, "web.css"))

    def text_for_search(self, board: NumberlinkBoard) -> list[str]:
        return list(board.labels)


KIND = NumberlinkKind()
