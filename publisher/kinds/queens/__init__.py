"""The `queens` kind: classic n-queens completion and the one-queen-per-region
variant, each with exactly one solution proved by the bitmask solver."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field

from ..base import (Board, Box, Kind, PlanContext, PuzzleRequest, SectionBase, Theme,
                    numbered_titles)
from .classic import generate_classic
from .draw import draw_board
from .regions import generate_regions

SIZES = {"classic": (6, 16), "regions": (5, 12)}


class QueensSection(SectionBase):
    kind: Literal["queens"]
    variant: Literal["classic", "regions"] = "classic"
    size: int = 8            # bounds depend on the variant: checked in plan()
    count: int = Field(default=1, ge=1, le=1000)
    difficulty: Literal["easy", "medium", "hard"] = "medium"


@dataclass
class QueensBoard(Board):
    size: int = 8
    variant: str = "classic"
    difficulty: str = "medium"
    solution: list[int] = field(default_factory=list)        # column of each row's queen
    givens: list[list[int]] = field(default_factory=list)    # [[r, c]]
    regions: list[list[int]] | None = None                   # region id per cell
    stats: dict[str, Any] = field(default_factory=dict)


class QueensKind(Kind):
    name = "queens"
    section_model = QueensSection
    default_candidates = 8
    default_answers_per_page = 6

    def plan(self, section: QueensSection, ctx: PlanContext) -> list[PuzzleRequest]:
        lo, hi = SIZES[section.variant]
        if not lo <= section.size <= hi:
            raise ctx.error("size", f"{section.variant} queens boards are {lo} to {hi} cells "
                                    f"wide; got {section.size}. Choose a size from {lo} to {hi}.")
        base = section.title or ("Queens" if section.variant == "classic" else "Queens: regions")
        params = {"variant": section.variant, "size": section.size,
                  "difficulty": section.difficulty}
        return [PuzzleRequest(title=title, params=dict(params), language=ctx.language)
                for title in numbered_titles(base, section.count)]

    def generate(self, params: dict[str, Any], seed: int) -> QueensBoard:
        rng = random.Random(seed)
        n, variant, difficulty = params["size"], params["variant"], params["difficulty"]
        if variant == "classic":
            d = generate_classic(n, difficulty, rng)
            stats = {"min_givens": d["min_givens"], "nodes": d["nodes"]}
        else:
            d = generate_regions(n, difficulty, rng)
            stats = {"grade": d["grade"], "one_cell_regions": d["one_cell_regions"],
                     "repair_moves": d["repair_moves"]}
        return QueensBoard(score=d["score"], size=n, variant=variant, difficulty=difficulty,
                           solution=d["solution"], givens=d["givens"],
                           regions=d.get("regions"),
                           stats=stats)

    def draw_puzzle(self, canvas: Any, board: QueensBoard, box: Box, theme: Theme) -> None:
        draw_board(canvas, board, box, theme, solved=False)

    def draw_solution(self, canvas: Any, board: QueensBoard, box: Box, theme: Theme) -> None:
        draw_board(canvas, board, box, theme, solved=True)

    def manifest(self, board: QueensBoard) -> dict[str, Any]:
        return {
            "size": board.size,
            "variant": board.variant,
            "difficulty": board.difficulty,
            # region ids as one-character strings ("A".."L"), like other grids
            "regions": None if board.regions is None
            else [[chr(65 + g) for g in row] for row in board.regions],
            "givens": [list(g) for g in board.givens],
            "solution": [[r, c] for r, c in enumerate(board.solution)],
            "stats": board.stats,
        }

    def text_for_search(self, board: QueensBoard) -> list[str]:
        return [f"Place {board.size} queens"]   # the caption's opening; lines wrap after it


KIND = QueensKind()
