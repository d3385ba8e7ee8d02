"""Small pieces the Latin-square kinds' packages share: the level check of a
section, the caption, the legibility verdict, digit rows for the manifest."""
from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator

from ...ground.catalogue import catalogue
from ...ground.reasons import listed
from ...kinds.base import DrawContext, SectionBase
from .draw import DIGIT_MAX

ALL = ("easy", "medium", "hard", "expert", "extreme")
Level = Literal["easy", "medium", "hard", "expert", "extreme"]
Symmetry = Literal["none", "rotational", "mirror", "diagonal"]


class LatinSection(SectionBase):
    """The keys every Latin-square kind's section has; `levels_by_size` names the
    levels a size reaches where not every one does."""

    levels_by_size: ClassVar[dict[int, tuple[str, ...]]] = {}
    size: int = Field(default=6, ge=4, le=9)
    difficulty: Level = "medium"
    count: int = Field(default=1, ge=1, le=1000)

    @field_validator("difficulty")
    @classmethod
    def _level_for_size(cls, level: str, info: ValidationInfo) -> str:
        # kind and size are validated before difficulty
        return check_level(str(info.data.get("kind")), info.data.get("size", 6), level,
                           cls.levels_by_size)


def check_level(name: str, size: int, level: str, by_size: dict[int, tuple[str, ...]]) -> str:
    """`level` if a `size` grid of the kind can be it, else a ValueError saying which."""
    allowed = list(by_size.get(size, ALL))
    if level not in allowed:
        everything = [str(s) for s in range(4, 10) if s not in by_size]
        whole = (f" ({listed(everything)} {'has' if len(everything) == 1 else 'have'} every "
                 "level)" if everything else "")
        title = catalogue("en").kind(name).text("title")
        raise ValueError(f"a {size}x{size} {title} puzzle can be {listed(allowed, 'or')}; "
                         f"{level} is out of reach at this size. Choose "
                         f"{'one of those' if len(allowed) > 1 else allowed[0]} or another "
                         f"size{whole}.")
    return level


def caption(board: Any, ctx: DrawContext) -> list[str]:
    """The rule, and at extreme the line saying a guess may be needed."""
    if ctx.bare:
        return []
    rule = ctx.text.text("rule", n=board.size)
    return [rule, ctx.text.text("guess")] if board.grade == "extreme" else [rule]


def digits_fit(cell: float, theme: Any, solution: bool) -> str | None:
    floor = theme.min_answer_font_size if solution else theme.min_font_size
    if cell * DIGIT_MAX < floor:
        return (f"digits would be {cell * DIGIT_MAX:.1f} pt (at least {floor:g} pt reads "
                "well); put fewer puzzles on a page or use a smaller grid")
    return None


def rows(values: list[int], n: int) -> list[list[str | None]]:
    """Row-major values as rows of digit strings, None where 0."""
    return [[str(v) if v else None for v in values[r * n:(r + 1) * n]] for r in range(n)]


def flat(grid: list[list[str | None]]) -> list[int]:
    return [int(ch) if ch else 0 for row in grid for ch in row]
