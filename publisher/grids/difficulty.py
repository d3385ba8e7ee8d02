"""Difficulty on the page, the one form every kind prints: "Difficulty: Medium" from
the catalogue (`book.difficulty` and `book.levels`), then a row of stars drawn as shapes
(no font needs a star glyph): three, one to three filled; Sudoku's two levels beyond
hard fill four and five."""
from __future__ import annotations

import math
from typing import Any, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..kinds.base import Box, DrawContext, PlanContext, SectionBase

LEVELS = ("easy", "medium", "hard", "expert", "extreme")


def reachable_level(section: SectionBase, reachable: Sequence[str], board: str,
                    ctx: PlanContext) -> str:
    """The section's `difficulty`; when the spec gave none and the default is harder than
    this size can be (`reachable`, easiest first), the hardest it can be, with a note in
    the build summary. A level the spec names is kept: out of reach, it is the spec's error."""
    level: str = getattr(section, "difficulty")
    if "difficulty" in section.model_fields_set or LEVELS.index(level) <= max(
            LEVELS.index(r) for r in reachable):
        return level
    made = reachable[-1]
    ctx.note(f"{board} cannot be {level}, the default difficulty: made {made}, the hardest "
             f"it can be (set `difficulty` to choose)")
    return made


def difficulty_text(ctx: DrawContext, level: str) -> str:
    """"Difficulty: Medium" in the puzzle's language."""
    catalogue = ctx.text.catalogue
    return catalogue.text("book.difficulty", level=catalogue.text(f"book.levels.{level}"))


def stars(level: str) -> int:
    """How many stars are filled."""
    return LEVELS.index(level) + 1 if level in LEVELS else 0


def _star_count(level: str) -> int:
    return max(3, stars(level))


def _star(canvas: Any, cx: float, cy: float, radius: float, filled: bool) -> None:
    path = canvas.beginPath()
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + math.pi * k / 5
        x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
        path.moveTo(x, y) if k == 0 else path.lineTo(x, y)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1 if filled else 0)


def difficulty_size(ctx: DrawContext) -> float:
    """The difficulty line's font size for a kind with no caption of its own."""
    theme = ctx.theme
    return max(theme.min_font_size, min(theme.font_size * 0.85, 10.0 * theme.scale))


def above_difficulty(box: Box, ctx: DrawContext, level: str) -> Box | None:
    """The part of `box` left for the puzzle above a difficulty line at its foot, or
    None when the box is too small to spare one (the line is left out)."""
    size = difficulty_size(ctx)
    band = size * 1.6
    if not level or box.height < 8 * band or box.width < difficulty_width(ctx, level, size):
        return None
    return Box(box.x, box.y + band, box.width, box.height - band)


def difficulty_width(ctx: DrawContext, level: str, size: float) -> float:
    return (stringWidth(difficulty_text(ctx, level), ctx.theme.font, size)
            + size * (0.9 + 1.1 * _star_count(level)))


def draw_difficulty(canvas: Any, ctx: DrawContext, level: str, x_centre: float,
                    baseline: float, size: float) -> None:
    """The difficulty line centred on `x_centre`: the word, then the stars (as many
    filled as the level)."""
    label = difficulty_text(ctx, level)
    width = difficulty_width(ctx, level, size)
    x = x_centre - width / 2
    canvas.saveState()
    canvas.setFillGray(0)
    canvas.setStrokeGray(0)
    canvas.setFont(ctx.theme.font, size)
    canvas.drawString(x, baseline, label)
    canvas.setLineWidth(max(ctx.theme.min_line_width, size * 0.05))
    left = x + stringWidth(label, ctx.theme.font, size) + size * 0.9
    for k in range(_star_count(level)):
        _star(canvas, left + k * size * 1.1, baseline + size * 0.35, size * 0.5,
              k < stars(level))
    canvas.restoreState()
