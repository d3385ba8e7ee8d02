"""Drawing a Numberlink board into a box: endpoints as bold labels in circles on
a light grid; the answer key adds each path as a thick rounded line. The puzzle
page prints the rule and the difficulty under the grid.

Colours: Kelly's 22 colours of maximum contrast without white and black (20), so
no two pairs share a colour up to 20 pairs; beyond that an outer ring around the
circle (and a white centre line on the path), then a dashed ring, tells pairs of one
colour apart, so no two pairs ever share a colour and style. Labels on dark fills
are white, so they read in colour and in grey."""
from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..base import Box, DrawContext, KindText, Theme
from ...grids.difficulty import draw_difficulty
from .generator import NumberlinkBoard

KELLY = ("F3C300", "875692", "F38400", "A1CAF1", "BE0032", "C2B280", "848482", "008856",
         "E68FAC", "0067A5", "F99379", "604E97", "F6A600", "B3446C", "DCD300", "882D17",
         "8DB600", "654522", "E25822", "2B3D26")
PALETTE = [Color(int(h[:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:], 16) / 255)
           for h in KELLY]
RINGS = 3                 # 0 plain, 1 an outer ring, 2 a dashed outer ring
GRID_GREY = Color(0.72, 0.72, 0.72)
LINE_GREY = Color(0.45, 0.45, 0.45)
WHITE, BLACK = Color(1, 1, 1), Color(0, 0, 0)


def luminance(colour: Color) -> float:
    return 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue


def label_ink(fill: Color) -> Color:
    """Black on light fills, white on dark ones (also when printed in grey)."""
    return BLACK if luminance(fill) > 0.45 else WHITE


def styles(board: NumberlinkBoard) -> list[tuple[int, int]]:
    """(palette index, ring) per path, all different; neighbouring paths get different
    colours where the palette allows (greedy, in label order, so deterministic)."""
    owner = {}
    for i, p in enumerate(board.paths):
        for r, c in p:
            owner[(r, c)] = i
    picks: list[tuple[int, int]] = []
    for i, p in enumerate(board.paths):
        near = {picks[owner[(r + dr, c + dc)]][0] for r, c in p
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if owner.get((r + dr, c + dc), i) < i}
        used = set(picks)
        free = [(ring, k in near, (k - i) % len(PALETTE), k)
                for ring in range(RINGS) for k in range(len(PALETTE)) if (k, ring) not in used]
        if free:
            ring, _, _, k = min(free)
            picks.append((k, ring))
        else:      # more pairs than colours x rings: labels still tell them apart
            picks.append((i % len(PALETTE), RINGS - 1))
    return picks


def _frame_width(theme: Theme) -> float:
    return max(0.8, theme.line_width * 2)


def _geometry(board: NumberlinkBoard, box: Box, theme: Theme):
    # Half the frame's stroke lies outside the grid: keep it inside the box (the margins).
    inset = _frame_width(theme) / 2
    cell = min((box.width - 2 * inset) / board.cols, (box.height - 2 * inset) / board.rows)
    x0 = box.x + (box.width - cell * board.cols) / 2
    top = box.y + (box.height + cell * board.rows) / 2
    return cell, x0, top


def _centre(r: int, c: int, cell: float, x0: float, top: float) -> tuple[float, float]:
    return x0 + (c + 0.5) * cell, top - (r + 0.5) * cell


def _grid(canvas, board: NumberlinkBoard, cell: float, x0: float, top: float, theme: Theme):
    w, h = cell * board.cols, cell * board.rows
    canvas.setStrokeColor(GRID_GREY)
    canvas.setLineWidth(max(theme.min_line_width, theme.line_width * 0.7))
    for i in range(1, board.cols):
        canvas.line(x0 + i * cell, top, x0 + i * cell, top - h)
    for i in range(1, board.rows):
        canvas.line(x0, top - i * cell, x0 + w, top - i * cell)
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(_frame_width(theme))
    canvas.rect(x0, top - h, w, h, stroke=1, fill=0)


def label_size(label: str, font: str, radius: float, cell: float) -> float:
    """The label's font size: half the cell, smaller when two characters must fit."""
    width = stringWidth(label, font, 1.0) or 1.0
    return min(cell * 0.5, radius * 1.45 / width)


def _endpoints(canvas, board: NumberlinkBoard, cell: float, x0: float, top: float,
               theme: Theme, radius: float):
    line = max(0.5, cell * 0.05)
    looks = styles(board)
    for (label, a, b), (k, ring) in zip(board.endpoints(), looks):
        fill = PALETTE[k] if theme.colour else WHITE
        size = label_size(label, theme.grid_font_bold, radius, cell)
        for r, c in (a, b):
            cx, cy = _centre(r, c, cell, x0, top)
            canvas.setLineWidth(line)
            canvas.setFillColor(fill)
            canvas.setStrokeColor(BLACK)
            canvas.circle(cx, cy, radius, stroke=1, fill=1)
            if theme.colour and ring:     # a second, outer ring: solid, or dashed
                canvas.setStrokeColor(BLACK)
                if ring == 2:
                    canvas.setDash(radius * 0.25, radius * 0.18)
                canvas.circle(cx, cy, radius * 1.22, stroke=1, fill=0)
                canvas.setDash()
            canvas.setFillColor(label_ink(fill))
            canvas.setFont(theme.grid_font_bold, size)
            canvas.drawCentredString(cx, cy - size * 0.35, label)


def rules_text(board: NumberlinkBoard, text: KindText) -> str:
    letters = bool(board.labels) and not board.labels[0].isdigit()
    return text.text("rule_letters" if letters else "rule")


def draw_puzzle(canvas, board: NumberlinkBoard, box: Box, ctx: DrawContext,
                grade: str) -> None:
    theme = ctx.theme
    caption = box.height >= 120 and box.width >= 100 and not ctx.bare
    font_size = max(theme.min_font_size, theme.font_size)
    lines: list[str] = []
    text_h = 0.0
    if caption:
        lines = simpleSplit(rules_text(board, ctx.text), theme.font, font_size, box.width)
        text_h = (len(lines) + 1) * font_size * 1.25 + font_size * 0.8
    grid_box = Box(box.x, box.y + text_h, box.width, box.height - text_h)
    cell, x0, top = _geometry(board, grid_box, theme)
    canvas.saveState()
    _grid(canvas, board, cell, x0, top, theme)
    _endpoints(canvas, board, cell, x0, top, theme, cell * 0.38)
    if caption:                       # the rule and the difficulty under the grid
        canvas.setFillGray(0)
        canvas.setFont(theme.font, font_size)
        y = top - cell * board.rows - font_size * 0.8 - font_size
        for line in lines:
            canvas.drawCentredString(box.x + box.width / 2, y, line)
            y -= font_size * 1.25
        draw_difficulty(canvas, ctx, grade, box.x + box.width / 2, y, font_size)
    canvas.restoreState()


def draw_solution(canvas, board: NumberlinkBoard, box: Box, theme: Theme) -> None:
    cell, x0, top = _geometry(board, box, theme)
    canvas.saveState()
    _grid(canvas, board, cell, x0, top, theme)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for p, (k, ring) in zip(board.paths, styles(board)):
        points = [_centre(r, c, cell, x0, top) for r, c in p]
        _path(canvas, points, PALETTE[k] if theme.colour else LINE_GREY, cell * 0.34)
        if theme.colour and ring:     # a white centre line: same colour, another style
            if ring == 2:
                canvas.setDash(cell * 0.12, cell * 0.12)
            _path(canvas, points, WHITE, cell * 0.07)
            canvas.setDash()
    _endpoints(canvas, board, cell, x0, top, theme, cell * 0.36)
    canvas.restoreState()


def _path(canvas: Any, points: list[tuple[float, float]], ink: Color, width: float) -> None:
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(width)
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=0)
