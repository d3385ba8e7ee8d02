"""Drawing a queens board into a box: square cells, centred, vector queens."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit

from ...grids.difficulty import draw_difficulty

# Light greys for regions: adjacent regions never share one (thick borders do
# the rest), and all stay light enough for a pencilled queen or cross.
GREYS = [1.0, 0.80, 0.90, 0.72, 0.85, 0.95]
# Pastels for colour printing, one per region id (up to 12 regions).
PASTELS = ["#f4a6a6", "#a8d5f2", "#b8e0a8", "#f9d89c", "#d3b8ec", "#9fe0d8",
           "#f7c2de", "#d9d9a3", "#c6cbd6", "#f2b98f", "#a9bff5", "#e3e8b0"]
CHESS_DARK = 0.86        # shade of the dark squares of a classic board


def grade(board) -> str:
    """The board's own difficulty: classic by givens beyond the proven minimum (0 hard,
    1 medium, 2+ easy); regions by the strongest deduction it needs (a guess is hard,
    a group argument medium, simpler steps easy)."""
    if board.variant == "classic":
        extra = len(board.givens) - int(board.stats.get("min_givens", len(board.givens)))
        return "hard" if extra <= 0 else "medium" if extra == 1 else "easy"
    level = int(board.stats.get("grade", {}).get("level", 0))
    return "hard" if level >= 5 else "medium" if level == 4 else "easy"


def rules_text(board, text) -> str:
    """The rule in the puzzle's language (`text`: the kind's catalogue strings)."""
    n = board.size
    if board.variant == "classic":
        return text.text("rule", n=n, given=text.plural("given", len(board.givens)))
    return text.text("rule_regions", n=n)


def queen(canvas, x: float, y: float, size: float) -> None:
    """A crown-shaped queen in the square (x, y, size), drawn with paths only."""
    def p(u: float, v: float) -> tuple[float, float]:
        return x + u * size, y + v * size

    tips = [(0.13, 0.70), (0.315, 0.78), (0.50, 0.84), (0.685, 0.78), (0.87, 0.70)]
    valleys = [(0.25, 0.47), (0.41, 0.52), (0.59, 0.52), (0.75, 0.47)]
    canvas.saveState()
    canvas.setFillGray(0)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(max(0.5, size * 0.025))  # at least the print floor (0.5 pt)
    canvas.setLineJoin(1)
    path = canvas.beginPath()
    path.moveTo(*p(0.22, 0.30))
    for i, tip in enumerate(tips):
        path.lineTo(*p(*tip))
        if i < len(valleys):
            path.lineTo(*p(*valleys[i]))
    path.lineTo(*p(0.78, 0.30))
    path.close()
    canvas.drawPath(path, fill=1, stroke=1)
    canvas.roundRect(*p(0.19, 0.15), 0.62 * size, 0.11 * size, 0.03 * size, fill=1, stroke=1)
    for u, v in tips:
        canvas.circle(*p(u, v + 0.035), 0.055 * size, fill=1, stroke=1)
    canvas.restoreState()


def _region_shades(regions: list[list[int]]) -> dict[int, int]:
    """Colour the region adjacency graph (smallest-last greedy: at most 6 shades
    on a planar map) so neighbouring regions get different greys."""
    n = len(regions)
    adj: dict[int, set[int]] = {g: set() for row in regions for g in row}
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and regions[rr][cc] != regions[r][c]:
                    adj[regions[r][c]].add(regions[rr][cc])
                    adj[regions[rr][cc]].add(regions[r][c])
    left = {g: set(a) for g, a in adj.items()}
    order = []
    while left:
        g = min(sorted(left), key=lambda k: len(left[k]))
        order.append(g)
        for h in left.pop(g):
            left[h].discard(g)
    shade: dict[int, int] = {}
    for g in reversed(order):
        used = {shade[h] for h in adj[g] if h in shade}
        shade[g] = next(k for k in range(len(GREYS)) if k not in used)
    return shade


@dataclass(frozen=True)
class _Grid:
    """Where the board lands in its box."""
    n: int
    x0: float
    y0: float
    cell: float
    thin: float
    thick: float

    @property
    def side(self) -> float:
        return self.cell * self.n

    @property
    def top(self) -> float:
        return self.y0 + self.side

    def cell_rect(self, r: int, c: int) -> tuple[float, float, float, float]:
        return self.x0 + c * self.cell, self.top - (r + 1) * self.cell, self.cell, self.cell


def draw_board(canvas, board, box, ctx, solved: bool) -> None:
    theme = ctx.theme
    n = board.size
    caption = not solved and box.height >= 120 and box.width >= 100 and not ctx.bare
    font_size = (max(theme.min_answer_font_size, min(theme.font_size, box.height * 0.05))
                 if solved else max(theme.min_font_size, theme.font_size))
    lines: list[str] = []
    text_h = 0.0
    if caption:
        lines = simpleSplit(rules_text(board, ctx.text), theme.font, font_size, box.width)
        text_h = (len(lines) + caption) * font_size * 1.25 + font_size * 0.8
    thin = max(0.5, theme.line_width)
    # The frame's line is centred on the edge: keep its outer half inside the box too.
    thick = max(1.5, thin * 2.5, min(3.5, min(box.width, box.height - text_h) / n * 0.07))
    cell = (min(box.width, box.height - text_h) - thick) / n
    grid = _Grid(n, box.x + (box.width - cell * n) / 2,
                 box.y + text_h + (box.height - text_h - cell * n) / 2, cell, thin, thick)
    canvas.saveState()
    _fills(canvas, board, grid, theme.colour)
    _lines(canvas, board, grid)
    _queens(canvas, board, grid, solved)
    if lines:                         # the rule under the grid
        canvas.setFillGray(0)
        canvas.setFont(theme.font, font_size)
        y = grid.y0 - font_size * 0.8 - font_size
        for line in lines:
            canvas.drawCentredString(box.x + box.width / 2, y, line)
            y -= font_size * 1.25
        draw_difficulty(canvas, ctx, grade(board), box.x + box.width / 2, y, font_size)
    canvas.restoreState()


def _fills(canvas, board, grid: _Grid, colour: bool) -> None:
    n = grid.n
    if board.variant == "regions":
        shades = _region_shades(board.regions)
        for r in range(n):
            for c in range(n):
                g = board.regions[r][c]
                if colour:
                    canvas.setFillColor(Color(*_hex(PASTELS[g % len(PASTELS)])))
                else:
                    canvas.setFillGray(GREYS[shades[g]])
                canvas.rect(*grid.cell_rect(r, c), fill=1, stroke=0)
    else:
        canvas.setFillGray(CHESS_DARK)
        for r in range(n):
            for c in range(n):
                if (r + c) % 2:
                    canvas.rect(*grid.cell_rect(r, c), fill=1, stroke=0)


def _lines(canvas, board, grid: _Grid) -> None:
    """Thin cell lines, thick region borders, then the frame."""
    n, x0, y0, top, cell = grid.n, grid.x0, grid.y0, grid.top, grid.cell
    canvas.setStrokeGray(0.45 if board.variant == "regions" else 0)
    canvas.setLineWidth(grid.thin)
    for k in range(1, n):
        canvas.line(x0 + k * cell, y0, x0 + k * cell, top)
        canvas.line(x0, y0 + k * cell, x0 + grid.side, y0 + k * cell)
    canvas.setStrokeGray(0)
    canvas.setLineCap(2)
    canvas.setLineWidth(grid.thick)
    if board.variant == "regions":
        reg = board.regions
        for r in range(n):
            for c in range(n):
                if c + 1 < n and reg[r][c] != reg[r][c + 1]:
                    x = x0 + (c + 1) * cell
                    canvas.line(x, top - r * cell, x, top - (r + 1) * cell)
                if r + 1 < n and reg[r][c] != reg[r + 1][c]:
                    y = top - (r + 1) * cell
                    canvas.line(x0 + c * cell, y, x0 + (c + 1) * cell, y)
    canvas.rect(x0, y0, grid.side, grid.side, fill=0, stroke=1)


def _queens(canvas, board, grid: _Grid, solved: bool) -> None:
    """Black queens, given and (in the answer key) placed alike: grey ones on the grey
    cells did not read."""
    pad = grid.cell * 0.1
    given = {tuple(g) for g in board.givens}
    for r, c in sorted(given):
        x, y, _, _ = grid.cell_rect(r, c)
        queen(canvas, x + pad, y + pad, grid.cell - 2 * pad)
    if solved:
        for r, c in enumerate(board.solution):
            if (r, c) not in given:
                x, y, _, _ = grid.cell_rect(r, c)
                queen(canvas, x + pad, y + pad, grid.cell - 2 * pad)


def _hex(code: str) -> tuple[float, float, float]:
    red, green, blue = (int(code[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue
