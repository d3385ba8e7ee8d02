"""Difficulty on the page: "Difficulty: Medium" from the catalogue, with one to three
stars drawn as shapes (no font needs a star glyph). Every kind's page uses it."""
from __future__ import annotations

import math
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..kinds.base import DrawContext

LEVELS = ("easy", "medium", "hard")


def difficulty_text(ctx: DrawContext, level: str) -> str:
    """"Difficulty: Medium" in the puzzle's language."""
    catalogue = ctx.text.catalogue
    return catalogue.text("book.difficulty", level=catalogue.text(f"book.levels.{level}"))


def stars(level: str) -> int:
    return LEVELS.index(level) + 1 if level in LEVELS else 0


def _star(canvas: Any, cx: float, cy: float, radius: float, filled: bool) -> None:
    path = canvas.beginPath()
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + math.pi * k / 5
        x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
        path.moveTo(x, y) if k == 0 else path.lineTo(x, y)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1 if filled else 0)


def difficulty_width(ctx: DrawContext, level: str, size: float) -> float:
    return stringWidth(difficulty_text(ctx, level), ctx.theme.font, size) + size * 4.2


def draw_difficulty(canvas: Any, ctx: DrawContext, level: str, x_centre: float,
                    baseline: float, size: float) -> None:
    """The difficulty line centred on `x_centre`: the word, then three stars (as many
    filled as the level)."""
    label = difficulty_text(ctx, level)
    width = difficulty_width(ctx, level, size)
    x = x_centre - width / 2
    canvas.saveState()
    canvas.setFillGray(0)
    canvas.setStrokeGray(0)
    canvas.setFont(ctx.theme.font, size)
    canvas.drawString(x, baseline, label)
    canvas.setLineWidth(max(0.4, size * 0.05))
    left = x + stringWidth(label, ctx.theme.font, size) + size * 0.9
    for k in range(3):
        _star(canvas, left + k * size * 1.1, baseline + size * 0.35, size * 0.5,
              k < stars(level))
    canvas.restoreState()
