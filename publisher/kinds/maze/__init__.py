"""Maze: a perfect maze (one path between any two cells) on a grid or a mask;
the answer key draws the path from the entrance to the exit."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from ...ground.files import MAX_LIST_BYTES, read_text
from ...errors import GenerationFailed
from ...grids.difficulty import above_difficulty, difficulty_size, draw_difficulty
from ...ground.catalogue import KindText
from ...ground.printrules import short_of
from ..base import (Board, Box, DrawContext, Kind, Params, PlanContext, PuzzleRequest,
                    SectionBase, WebPart, grid_size, web_asset)
from .draw import draw_maze, geometry, margin
from .generator import DIFFICULTY, Maze, MazeError, make_maze, measure, parse_mask

MIN_CELL = 5.0            # points: narrower corridors are hard to draw a pencil through


class MazeSection(SectionBase):
    kind: Literal["maze"]
    size: Any = (20, 20)
    mask: list[str] | str | None = Field(
        default=None, description="rows of # (cell) and . (no cell), or a file of them")
    algorithm: Literal["backtracker", "wilson"] | None = None
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    count: int = Field(default=1, ge=1, le=1000)

    @field_validator("size")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int]:
        return grid_size(value, 2, 60, "maze")

    @field_validator("mask")
    @classmethod
    def _mask(cls, value: Any) -> Any:
        if isinstance(value, list):
            try:
                return parse_mask(value)
            except MazeError as exc:
                raise ValueError(str(exc)) from None
        return value


class MazeParams(Params):
    rows: int
    cols: int
    mask: tuple[str, ...] | None
    algorithm: str
    reach: float
    difficulty: str


@dataclass
class MazeBoard(Board):
    rows: int = 0
    cols: int = 0
    mask: list[str] | None = None
    passages: list[tuple[int, int]] = field(default_factory=list)
    entrance: int = 0
    exit: int = 0
    solution: list[int] = field(default_factory=list)
    difficulty: str = ""          # as asked (its algorithm and exit reach follow from it)

    def maze(self) -> Maze:
        return Maze(self.rows, self.cols, self.mask, self.passages, self.entrance, self.exit,
                    self.solution)


class MazeKind(Kind[MazeSection, MazeParams, MazeBoard]):
    easier = "a smaller maze"
    name = "maze"
    section_model = MazeSection
    params_model = MazeParams
    default_candidates = 6
    default_answers_per_page = 4
    example = {"size": [8, 10], "count": 1}

    def plan(self, section: MazeSection, ctx: PlanContext) -> list[PuzzleRequest[MazeParams]]:
        mask = section.mask
        if isinstance(mask, str):
            mask = self._read_mask(mask, ctx)
        rows, cols = (len(mask), len(mask[0])) if mask else section.size
        default_algorithm, reach = DIFFICULTY[section.difficulty]
        params = MazeParams(rows=rows, cols=cols, mask=tuple(mask) if mask else None,
                            algorithm=section.algorithm or default_algorithm, reach=reach,
                            difficulty=section.difficulty)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    @staticmethod
    def _read_mask(name: str, ctx: Any) -> list[str]:
        path = Path(ctx.spec_dir) / name
        lines = read_text(path, MAX_LIST_BYTES).splitlines()     # a located error if bad
        try:
            return parse_mask(lines)
        except MazeError as exc:
            raise ctx.error("mask", f"{path}: {exc}") from None

    def generate(self, params: MazeParams, seed: int) -> MazeBoard:
        try:
            maze = make_maze(params.rows, params.cols, seed, params.algorithm,
                             list(params.mask) if params.mask else None, params.reach)
        except MazeError as exc:
            raise GenerationFailed(str(exc)) from None
        m = measure(maze)
        # best-of-N: hard and medium keep the most winding candidate, easy the least
        score = -m.complexity if params.difficulty == "easy" else m.complexity
        return MazeBoard(score=score, rows=maze.rows, cols=maze.cols, mask=maze.mask,
                         passages=maze.passages, entrance=maze.entrance, exit=maze.exit,
                         solution=maze.solution, difficulty=params.difficulty)

    def draw_puzzle(self, canvas: Any, board: MazeBoard, box: Box, ctx: DrawContext) -> None:
        maze = board.maze()
        inner = None if ctx.bare else above_difficulty(box, ctx, board.difficulty)
        draw_maze(canvas, maze, inner or box, ctx.theme, solution=False)
        if inner:                       # the difficulty under the maze and its arrows
            cell, _, top = geometry(maze, inner)
            size = difficulty_size(ctx)
            baseline = top - cell * maze.rows - margin(cell) - size * 1.1
            draw_difficulty(canvas, ctx, board.difficulty, box.x + box.width / 2, baseline, size)

    def draw_solution(self, canvas: Any, board: MazeBoard, box: Box, ctx: DrawContext) -> None:
        draw_maze(canvas, board.maze(), box, ctx.theme, solution=True)

    def fits(self, board: MazeBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        inner = None if solution else above_difficulty(box, ctx, board.difficulty)
        cell = geometry(board.maze(), inner or box)[0]
        smallest = MIN_CELL * (0.5 if solution else 1.0)
        if cell < smallest:
            return (f"corridors would be {short_of(cell)} pt wide (at least {smallest:g} pt); put "
                    "fewer mazes on a page or use a smaller maze")
        return None

    def manifest(self, board: MazeBoard) -> dict[str, Any]:
        rc = lambda x: list(divmod(x, board.cols))  # noqa: E731
        return {"rows": board.rows, "cols": board.cols,
                "passages": [[rc(a), rc(b)] for a, b in board.passages],
                "entrance": rc(board.entrance), "exit": rc(board.exit),
                "solution": [rc(x) for x in board.solution],
                "mask": list(board.mask) if board.mask else None,
                # the level printed: the algorithm and the exit's reach follow it
                "difficulty": board.difficulty or None, "grade": board.difficulty or None}

    def web(self, board: MazeBoard, text: KindText) -> WebPart:
        cols = board.cols
        sides = {1: "r", -1: "l", cols: "b", -cols: "t"}
        open_sides = [""] * (board.rows * cols)
        for a, b in board.passages:
            open_sides[a] += sides[b - a]
            open_sides[b] += sides[a - b]
        rc = lambda x: list(divmod(x, cols))  # noqa: E731
        strings = {key: text.text(key) for key in ("web_entrance", "web_exit", "web_path",
                                                    "web_keys")}
        return WebPart(
            data={"rows": board.rows, "cols": cols, "text": strings,
                  "open": [open_sides[r * cols:(r + 1) * cols] for r in range(board.rows)],
                  "inside": board.mask, "entrance": rc(board.entrance),
                  "exit": rc(board.exit), "solution": [rc(x) for x in board.solution]},
            rule=text.text("rule"), script=web_asset(__file__, "web.js"),
            style=web_asset(__file__, "web.css"))

    def from_manifest(self, entry: dict[str, Any]) -> MazeBoard:
        cols = entry["cols"]
        cell = lambda p: p[0] * cols + p[1]  # noqa: E731
        return MazeBoard(rows=entry["rows"], cols=cols,
                         mask=list(entry["mask"]) if entry.get("mask") else None,
                         passages=[(cell(a), cell(b)) for a, b in entry["passages"]],
                         entrance=cell(entry["entrance"]), exit=cell(entry["exit"]),
                         solution=[cell(p) for p in entry["solution"]],
                         difficulty=entry.get("difficulty") or "")

    def text_for_search(self, board: MazeBoard) -> list[str]:
        return []



KIND = MazeKind()
