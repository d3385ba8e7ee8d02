"""Drawing what the Latin-square kinds share: a square frame of `span` cell units
centred in the box above the caption (the rule, a guess line at extreme, the
difficulty), digits in cells, and signs drawn as vector chevrons (PT Sans has `<`
and `>` but no `∧` or `∨`, so all four are drawn alike)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...kinds.base import Box, DrawContext
from ..difficulty import draw_difficulty

DIGIT_SHARE = 0.62          # digit height as a share of the cell
DIGIT_MAX = 0.8             # the most of a cell the floor may push a digit to
NOTE_SHARE = 0.8            # the page's small print to body text (render/pagination.py)


def caption_size(theme: Any, rule: str, width: float) -> float:
    """A little under body text, smaller (never under the page's small print nor the
    floor) while that keeps the rule on one line."""
    size = max(theme.min_font_size, min(theme.font_size * 0.85, 10.0 * theme.scale))
    least = max(theme.min_font_size, min(size, theme.font_size * NOTE_SHARE))
    while size > least and stringWidth(rule, theme.font, size) > width:
        size = max(least, size - 0.25)
    return size


@dataclass
class Frame:
    unit: float                 # one cell unit, points
    x0: float                   # bottom-left of the square
    y0: float
    lines: list[str]            # caption lines under it
    font_size: float


def frame(box: Box, theme: Any, span: float, caption: Sequence[str] = (),
          notes: int = 0) -> Frame:
    """A square `span` units wide centred above the caption and `notes` more lines
    (all dropped when they would leave the square less than half the box)."""
    font_size = caption_size(theme, caption[0] if caption else "", box.width)
    lines: list[str] = []
    for text in caption:
        lines += simpleSplit(text, theme.font, font_size, box.width)
    text_h = (len(lines) + notes) * font_size * 1.25 + font_size * 0.6 if lines else 0.0
    if text_h > box.height / 2:
        lines, text_h = [], 0.0
    side = max(0.0, min(box.width, box.height - text_h))
    x0 = box.x + (box.width - side) / 2
    y0 = box.y + text_h + (box.height - text_h - side) / 2
    return Frame(side / span, x0, y0, lines, font_size)


def draw_caption(canvas: Any, f: Frame, box: Box, ctx: DrawContext, level: str | None) -> None:
    """The caption lines under the square, then the difficulty line."""
    if not f.lines:
        return
    canvas.setFillGray(0)
    canvas.setFont(ctx.theme.font, f.font_size)
    y = f.y0 - f.font_size * 1.4
    for line in f.lines:
        canvas.drawCentredString(box.x + box.width / 2, y, line)
        y -= f.font_size * 1.25
    if level:
        draw_difficulty(canvas, ctx, level, box.x + box.width / 2, y, f.font_size)


def digit_size(theme: Any, cell: float, solved: bool) -> float:
    """The digits of a grid of `cell` cells: DIGIT_SHARE of the cell, never under the floor
    (on a puzzle page the layout's `min_digit_size`, 12 pt: a 0.26 in pencil cell holds
    it at 64 %) nor over DIGIT_MAX of the cell."""
    floor = theme.min_font_size if solved else max(theme.min_font_size, theme.min_digit_size)
    return min(max(floor, cell * DIGIT_SHARE), cell * DIGIT_MAX)


def draw_digit(canvas: Any, theme: Any, x: float, y: float, cell: float, text: str,
               given: bool, size: float) -> None:
    """`text` at `size` centred in the cell whose bottom-left is (x, y): bold black when
    given, regular grey when it is the answer."""
    canvas.setFont(theme.grid_font_bold if given else theme.grid_font, size)
    canvas.setFillGray(0 if given else 0.3)
    canvas.drawCentredString(x + cell / 2, y + (cell - size * 0.72) / 2, text)


def chevron(canvas: Any, cx: float, cy: float, size: float, towards: tuple[int, int],
            width: float) -> None:
    """A sign centred on (cx, cy) whose point faces `towards` ((0, -1) left, (0, 1)
    right, (-1, 0) up, (1, 0) down, in rows and columns): the smaller side."""
    dr, dc = towards
    half = size / 2
    # the point, and the two arm ends behind it
    px, py = cx + dc * half * 0.6, cy - dr * half * 0.6
    bx, by = cx - dc * half * 0.6, cy + dr * half * 0.6
    ox, oy = (0.0, half) if dc else (half, 0.0)
    canvas.setLineWidth(width)
    canvas.setLineJoin(0)
    canvas.setLineCap(1)
    path = canvas.beginPath()
    path.moveTo(bx + ox, by + oy)
    path.lineTo(px, py)
    path.lineTo(bx - ox, by - oy)
    canvas.drawPath(path, stroke=1, fill=0)
