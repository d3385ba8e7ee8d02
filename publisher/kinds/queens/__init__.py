"""The `queens` kind: classic n-queens completion and the one-queen-per-region
variant, each with exactly one solution proved by the bitmask solver."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from ...grids.web import region_edges
from ...ground.catalogue import KindText
from ..base import (Board, Box, DrawContext, Kind, Params, PlanContext, PuzzleRequest,
                    SectionBase, WebPart, web_asset)
from .classic import generate_classic
from .draw import draw_board, grade, rules_text
from .regions import generate_regions

SIZES = {"classic": (6, 16), "regions": (5, 12)}
Variant = Literal["classic", "regions"]
Difficulty = Literal["easy", "medium", "hard"]


REGIONS_CANDIDATES = 32


class QueensSection(SectionBase):
    kind: Literal["queens"]
    variant: Variant = "classic"
    size: int = 8
    count: int = Field(default=1, ge=1, le=1000)
    difficulty: Difficulty = "medium"

    @field_validator("size")
    @classmethod
    def _size_for_variant(cls, size: int, info: ValidationInfo) -> int:
        variant = info.data.get("variant", "classic")      # validated before `size`
        lo, hi = SIZES[variant]
        if not lo <= size <= hi:
            raise ValueError(f"{variant} queens boards are {lo} to {hi} cells wide; got "
                             f"{size}. Choose a size from {lo} to {hi}.")
        return size

    @model_validator(mode="after")
    def _regions_try_until_their_level(self) -> "QueensSection":
        # A regions board stops at the first candidate of the level asked (unbeatable): more
        # cost only the puzzles that need them (with 8, 3 in 10 hard 8x8 ones were medium)
        if self.candidates is None and self.variant == "regions":
            self.candidates = REGIONS_CANDIDATES
        return self


class QueensParams(Params):
    variant: Variant = "classic"
    size: int = 8
    difficulty: Difficulty = "medium"


@dataclass
class QueensBoard(Board):
    size: int = 8
    variant: str = "classic"
    difficulty: str = "medium"
    solution: list[int] = field(default_factory=list)        # column of each row's queen
    givens: list[list[int]] = field(default_factory=list)    # [[r, c]]
    regions: list[list[int]] | None = None                   # region id per cell
    stats: dict[str, Any] = field(default_factory=dict)


class QueensKind(Kind[QueensSection, QueensParams, QueensBoard]):
    easier = "a lower difficulty or a smaller board"
    name = "queens"
    section_model = QueensSection
    params_model = QueensParams
    default_candidates = 8
    default_answers_per_page = 6
    example = {"variant": "regions", "size": 6, "count": 1, "candidates": 2}

    def plan(self, section: QueensSection, ctx: PlanContext) -> list[PuzzleRequest[QueensParams]]:
        title = section.title or (None if section.variant == "classic"
                                  else ctx.text.text("title_regions"))
        params = QueensParams(variant=section.variant, size=section.size,
                              difficulty=section.difficulty)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(title, section.count)]

    def generate(self, params: QueensParams, seed: int) -> QueensBoard:
        rng = random.Random(seed)
        n = params.size
        if params.variant == "classic":
            d = generate_classic(n, params.difficulty, rng)
            stats = {"min_givens": d["min_givens"], "nodes": d["nodes"]}
        else:
            d = generate_regions(n, params.difficulty, rng)
            stats = {"grade": d["grade"], "one_cell_regions": d["one_cell_regions"],
                     "repair_moves": d["repair_moves"]}
        board = QueensBoard(score=d["score"], size=n, variant=params.variant,
                            difficulty=params.difficulty, solution=d["solution"],
                            givens=d["givens"], regions=d.get("regions"), stats=stats)
        if grade(board) != params.difficulty:
            board.warnings.append(f"queens {params.variant} {n}x{n}: asked for "
                                  f"{params.difficulty}, this board grades {grade(board)}")
        return board

    def unbeatable(self, board: QueensBoard, params: QueensParams) -> bool:
        """Regions: good enough to stop once graded at the requested level with no
        one-cell region (a rival would only add a few points of finer shading within
        that level); every board at the best score is one. Classic: never (its scores
        have no reachable bound)."""
        return (board.variant == "regions" and grade(board) == params.difficulty
                and not board.stats.get("one_cell_regions", 0))

    def draw_puzzle(self, canvas: Any, board: QueensBoard, box: Box, ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=False)

    def draw_solution(self, canvas: Any, board: QueensBoard, box: Box, ctx: DrawContext) -> None:
        draw_board(canvas, board, box, ctx, solved=True)

    def manifest(self, board: QueensBoard) -> dict[str, Any]:
        return {
            "size": board.size,
            "variant": board.variant,
            "difficulty": board.difficulty,
            "grade": grade(board),
            # region ids as one-character strings ("A".."L"), like other grids
            "regions": None if board.regions is None
            else [[chr(65 + g) for g in row] for row in board.regions],
            "givens": [list(g) for g in board.givens],
            "solution": [[r, c] for r, c in enumerate(board.solution)],
            "stats": board.stats,
        }

    def from_manifest(self, entry: dict[str, Any]) -> QueensBoard:
        regions = entry["regions"]
        return QueensBoard(
            size=entry["size"], variant=entry["variant"], difficulty=entry["difficulty"],
            solution=[c for _, c in sorted(entry["solution"])],
            givens=[list(g) for g in entry["givens"]],
            regions=None if regions is None else [[ord(g) - 65 for g in row] for row in regions],
            stats=dict(entry["stats"]))

    def web(self, board: QueensBoard, text: KindText) -> WebPart:
        regions = board.regions
        strings = {key: text.text(key) for key in ("web_queen", "web_mark", "web_region",
                                                    "web_keys")}
        return WebPart(
            data={"size": board.size, "text": strings,
                  "regions": None if regions is None
                  else [[chr(65 + g) for g in row] for row in regions],
                  "edges": None if regions is None else region_edges(regions),
                  "givens": [list(g) for g in board.givens],
                  "solution": [[r, c] for r, c in enumerate(board.solution)]},
            rule=rules_text(board, text), script=web_asset(__file__, "web.js"),
            style=web_asset(__file__, "web.css"))

    def text_for_search(self, board: QueensBoard) -> list[str]:
        return [str(board.size)]


KIND = QueensKind()
