"""Numberlink ("Flow"): join each pair of equal labels by a path through
neighbouring cells; paths never cross or branch and together fill the grid.

Every board has exactly one solution, proved with a SAT solver (Glucose 3 via
python-sat, deterministic conflict budgets). See generator.py for the repair
loop and sat.py for the model.

Difficulty (spec `difficulty`): the generator aims at a mean path length of
0.8 / 1.0 / 1.6 times the grid side (easy / medium / hard; easy at most
3 + 0.3 side): fewer, longer paths are harder. Each unique board is then measured: f0 = share of edge decisions
made by unit propagation alone, f1 = after failed-literal probing (trying one
edge each way and seeing a contradiction at once), hardness = 0.5 (1 - f0) +
0.5 (1 - f1). The score (higher is better) is 100 (1 - |hardness - target|)
with targets 0.15 / 0.45 / 0.8, plus up to 5 for a mix of path lengths, so the
best of the candidates is the one closest to the requested difficulty. f1 < 1
means the board needs search (trial and error) somewhere.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..base import (Board, Box, Kind, PlanContext, PuzzleRequest, SectionBase, Theme,
                    grid_size, numbered_titles)
from . import draw
from .generator import CONF_BUDGET, NumberlinkBoard, generate

MIN_SIDE, MAX_SIDE, MAX_WARN = 5, 15, 20


class NumberlinkSection(SectionBase):
    kind: Literal["numberlink"]
    size: int | tuple[int, int] = Field(default=7, description="side, or [rows, cols]")
    count: int = Field(default=1, ge=1, le=1000)
    difficulty: Literal["easy", "medium", "hard"] = "medium"


class NumberlinkKind(Kind):
    name = "numberlink"
    display_name = "Flow"
    section_model = NumberlinkSection
    default_candidates = 8
    default_answers_per_page = 6

    def plan(self, section: NumberlinkSection, ctx: PlanContext) -> list[PuzzleRequest]:
        try:
            rows, cols = grid_size(section.size, MIN_SIDE, MAX_WARN, "Numberlink board")
        except ValueError as exc:
            raise ctx.error("size", f"{exc}; {MAX_SIDE}x{MAX_SIDE} or less is quick") from None
        params = {"rows": rows, "cols": cols, "difficulty": section.difficulty,
                  "conf_budget": CONF_BUDGET}
        return [PuzzleRequest(title=title, params=dict(params))
                for title in numbered_titles(section.title or "Flow", section.count)]

    def generate(self, params: dict[str, Any], seed: int) -> NumberlinkBoard:
        rows, cols = params["rows"], params["cols"]
        board = generate(rows, cols, params.get("difficulty", "medium"), seed,
                         params.get("conf_budget", CONF_BUDGET))
        if max(rows, cols) > MAX_SIDE:
            board.warnings.append(f"numberlink {rows}x{cols}: boards above {MAX_SIDE}x{MAX_SIDE} "
                                  f"take much longer to prove unique (seconds to minutes each)")
        return board

    def draw_puzzle(self, canvas: Any, board: Board, box: Box, theme: Theme) -> None:
        draw.draw_puzzle(canvas, board, box, theme)

    def draw_solution(self, canvas: Any, board: Board, box: Box, theme: Theme) -> None:
        draw.draw_solution(canvas, board, box, theme)

    def manifest(self, board: Board) -> dict[str, Any]:
        assert isinstance(board, NumberlinkBoard)
        return {
            "width": board.cols,
            "height": board.rows,
            "endpoints": [{"label": lab, "cells": [list(a), list(b)]}
                          for lab, a, b in board.endpoints()],
            "solution": board.solution_grid(),
            "difficulty": board.difficulty,
            "hardness": board.hardness,
            "deduction": {"propagation": board.f0, "probing": board.f1},
        }

    def text_for_search(self, board: Board) -> list[str]:
        return list(board.labels)


KIND = NumberlinkKind()
