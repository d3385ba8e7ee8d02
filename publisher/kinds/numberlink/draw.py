"""Drawing a Numberlink board into a box: endpoints as bold labels in circles on
a light grid; the answer key adds each path as a thick rounded line."""
from __future__ import annotations

from reportlab.lib.colors import Color

from ..base import Box, Theme
from .generator import NumberlinkBoard

# Light fills that keep black labels readable; cycled when there are more paths.
PALETTE = [Color(*c) for c in (
    (0.98, 0.55, 0.55), (0.55, 0.75, 0.98), (0.60, 0.90, 0.55), (1.00, 0.85, 0.40),
    (0.85, 0.62, 0.95), (0.50, 0.90, 0.90), (1.00, 0.70, 0.45), (0.80, 0.80, 0.55),
    (0.95, 0.65, 0.85), (0.65, 0.70, 0.95), (0.75, 0.95, 0.75), (0.90, 0.75, 0.60),
)]
GRID_GREY = Color(0.72, 0.72, 0.72)
LINE_GREY = Color(0.45, 0.45, 0.45)


def _colours(board: NumberlinkBoard, colour: bool) -> list[Color]:
    """A fill per path; neighbouring paths get different colours where the
    palette allows (greedy, in label order, so it is deterministic)."""
    if not colour:
        return [LINE_GREY] * len(board.paths)
    owner = {}
    for i, p in enumerate(board.paths):
        for r, c in p:
            owner[(r, c)] = i
    picks: list[int] = []
    for i, p in enumerate(board.paths):
        near = {picks[owner[(r + dr, c + dc)]] for r, c in p
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if owner.get((r + dr, c + dc), i) < i}
        free = [k for k in range(len(PALETTE)) if k not in near]
        picks.append(min(free, key=lambda k: (k - i) % len(PALETTE)) if free
                     else i % len(PALETTE))
    return [PALETTE[k] for k in picks]


def _geometry(board: NumberlinkBoard, box: Box):
    cell = min(box.width / board.cols, box.height / board.rows)
    x0 = box.x + (box.width - cell * board.cols) / 2
    top = box.y + (box.height + cell * board.rows) / 2
    return cell, x0, top


def _centre(r: int, c: int, cell: float, x0: float, top: float) -> tuple[float, float]:
    return x0 + (c + 0.5) * cell, top - (r + 0.5) * cell


def _grid(canvas, board: NumberlinkBoard, cell: float, x0: float, top: float, theme: Theme):
    w, h = cell * board.cols, cell * board.rows
    canvas.setStrokeColor(GRID_GREY)
    canvas.setLineWidth(max(0.3, theme.line_width * 0.7))
    for i in range(1, board.cols):
        canvas.line(x0 + i * cell, top, x0 + i * cell, top - h)
    for i in range(1, board.rows):
        canvas.line(x0, top - i * cell, x0 + w, top - i * cell)
    canvas.setStrokeColor(Color(0, 0, 0))
    canvas.setLineWidth(max(0.8, theme.line_width * 2))
    canvas.rect(x0, top - h, w, h, stroke=1, fill=0)


def _endpoints(canvas, board: NumberlinkBoard, cell: float, x0: float, top: float,
               theme: Theme, radius: float):
    size = cell * 0.5          # the circle bounds the label; no room to grow it
    canvas.setLineWidth(max(0.5, cell * 0.05))
    fills = _colours(board, theme.colour) if theme.colour else None
    for i, (label, a, b) in enumerate(board.endpoints()):
        fill = fills[i] if fills else Color(1, 1, 1)
        for r, c in (a, b):
            cx, cy = _centre(r, c, cell, x0, top)
            canvas.setFillColor(fill)
            canvas.setStrokeColor(Color(0, 0, 0))
            canvas.circle(cx, cy, radius, stroke=1, fill=1)
            canvas.setFillColor(Color(0, 0, 0))
            canvas.setFont(theme.font_bold, size)
            canvas.drawCentredString(cx, cy - size * 0.35, label)


def draw_puzzle(canvas, board: NumberlinkBoard, box: Box, theme: Theme) -> None:
    cell, x0, top = _geometry(board, box)
    canvas.saveState()
    _grid(canvas, board, cell, x0, top, theme)
    _endpoints(canvas, board, cell, x0, top, theme, cell * 0.38)
    canvas.restoreState()


def draw_solution(canvas, board: NumberlinkBoard, box: Box, theme: Theme) -> None:
    cell, x0, top = _geometry(board, box)
    canvas.saveState()
    _grid(canvas, board, cell, x0, top, theme)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    canvas.setLineWidth(cell * 0.34)
    for p, ink in zip(board.paths, _colours(board, theme.colour)):
        canvas.setStrokeColor(ink)
        path = canvas.beginPath()
        path.moveTo(*_centre(p[0][0], p[0][1], cell, x0, top))
        for r, c in p[1:]:
            path.lineTo(*_centre(r, c, cell, x0, top))
        canvas.drawPath(path, stroke=1, fill=0)
    _endpoints(canvas, board, cell, x0, top, theme, cell * 0.36)
    canvas.restoreState()
