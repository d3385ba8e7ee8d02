"""Drawing a fill-in inside a box: the grid's word cells (empty, the starter's
letters written in; all letters in the answer key) and the word list grouped by
length, alphabetically, in columns under or beside the grid.

Arrangements tried: list under the grid in 2 to 6 columns, or beside it in 1
to 3, at list font sizes from the theme's down to its floor; the one with the
largest grid cells wins, then the largest font.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from reportlab.pdfbase.pdfmetrics import stringWidth

from ...ground.fonts import printed_letters, text_sizes

GAP = 12.0            # between grid and list, and between list columns
ENOUGH_CELL = 36.0    # a small grid grows to fill its page up to this (times the theme's scale)
LIST_GROWS = 1.3      # a short word list grows up to this many body sizes
MIN_CELL = 9.0


@dataclass(frozen=True)
class Plan:
    cell: float
    size: float              # list font size
    beside: bool
    columns: int
    list_width: float
    list_height: float


def word_groups(words: list[str]) -> list[tuple[int, list[str]]]:
    """(length in cells, words sorted) by increasing length; the breaks a word of several
    shows (POMME DE TERRE) take no cell."""
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w) - w.count(" ") - w.count("-"), []).append(w)
    return [(n, sorted(groups[n])) for n in sorted(groups)]


def _lines(words: list[str], heading: Callable[[int], str]) -> list[list[tuple[str, bool]]]:
    """One block per length (its heading and its words), never split over columns: a
    word at the top of a column under no heading reads as the wrong length."""
    # Grouped by cells (Dutch Ĳ is one), printed in letters (PT Sans has no Ĳ).
    return [[(heading(n), True)] + [(printed_letters(w), False) for w in group]
            for n, group in word_groups(words)]


def _block_height(block: list) -> float:
    """In lines; a heading has a little gap above it."""
    return len(block) + (0.6 if block[0][1] else 0)


def _columns(blocks: list, columns: int) -> list[list]:
    """The blocks poured into at most `columns` columns of about equal height."""
    target = sum(_block_height(b) for b in blocks) / columns
    out: list[list] = [[]]
    cur = 0.0
    for b in blocks:
        h = _block_height(b)
        if cur and cur + h > target + 0.5 and len(out) < columns:
            out.append([])
            cur = 0.0
        out[-1].append(b)
        cur += h
    return out


def _flow(blocks: list, columns: int, line_h: float) -> float:
    """Height of the tallest column."""
    return max(sum(_block_height(b) for b in col) for col in _columns(blocks, columns)) * line_h


def plan(grid: list[list[str | None]], words: list[str], box: Any, theme: Any,
         heading: Callable[[int], str], floor: float | None = None) -> Plan | None:
    """The arrangement with the largest cells, list text down to `floor` (default
    the theme's legibility floor); None if the list does not fit."""
    rows, cols = len(grid), len(grid[0])
    blocks = _lines(words, heading)
    best = None
    floor = theme.min_font_size if floor is None else floor
    enough = ENOUGH_CELL * getattr(theme, "scale", 1.0)
    for size in text_sizes(max(theme.font_size * LIST_GROWS, floor), floor):
        col_w = max(stringWidth(t, theme.font_bold if b else theme.font, size)
                    for blk in blocks for t, b in blk) + GAP
        for beside, columns in [(False, k) for k in range(2, 7)] + [(True, k) for k in (1, 2, 3)]:
            lw, lh = columns * col_w - GAP, _flow(blocks, columns, size * 1.25)
            if beside:
                cell = min((box.width - lw - GAP) / cols, box.height / rows)
                ok = lh <= box.height
            else:
                cell = min(box.width / cols, (box.height - lh - GAP) / rows)
                ok = lw <= box.width
            cell = min(cell, enough)
            if ok and cell >= MIN_CELL:
                cand = Plan(cell, size, beside, columns, lw, lh)
                if best is None or (cand.cell, cand.size) > (best.cell, best.size):
                    best = cand
        if best is not None and best.cell >= enough:
            break
    return best


def draw_fillin(canvas: Any, grid: list[list[str | None]], words: list[str], shown: set,
                box: Any, theme: Any, heading: Callable[[int], str],
                floor: float | None = None, with_list: bool = True) -> None:
    """Draw inside box; `shown`: the (row, col) cells whose letters are printed
    (the starter's, or all for the answer key); `with_list`: print the word list
    (the answer key needs none). If the list cannot fit, the grid alone is drawn
    (the kind's `fits` says why)."""
    rows, cols = len(grid), len(grid[0])
    p = plan(grid, words, box, theme, heading, floor) if with_list else None
    if p is None:
        cell = min(box.width / cols, box.height / rows, ENOUGH_CELL * getattr(theme, "scale", 1.0))
        p = Plan(cell, theme.font_size, False, 1, 0.0, 0.0)
        words = []
    gw, gh = cols * p.cell, rows * p.cell
    # The grid and its list are one block, centred in the box (a small grid at its
    # largest leaves room above and below, not a blank foot of the page).
    if p.beside:
        gx = box.x + (box.width - gw - GAP - p.list_width) / 2
        gtop = ltop = box.y + box.height - max(0.0, (box.height - max(gh, p.list_height)) / 2)
        lx = gx + gw + GAP
    else:
        block = gh + (GAP + p.list_height if words else 0.0)
        gx = box.x + (box.width - gw) / 2
        gtop = box.y + box.height - max(0.0, (box.height - block) / 2)
        lx, ltop = box.x + (box.width - p.list_width) / 2, gtop - gh - GAP
    canvas.saveState()
    canvas.setLineWidth(max(theme.min_line_width, theme.line_width))
    for r in range(rows):
        for c in range(cols):
            ch = grid[r][c]
            if not ch:
                continue
            x, y = gx + c * p.cell, gtop - (r + 1) * p.cell
            canvas.rect(x, y, p.cell, p.cell, stroke=1, fill=0)
            if (r, c) in shown:
                canvas.setFont(theme.grid_font_bold, p.cell * 0.62)
                canvas.drawCentredString(x + p.cell / 2, y + p.cell * 0.27, printed_letters(ch))
    if words:
        _draw_list(canvas, _lines(words, heading), p, lx, ltop, theme)
    canvas.restoreState()


def _draw_list(canvas: Any, blocks: list, p: Plan, x0: float, top: float, theme: Any) -> None:
    line_h = p.size * 1.25
    col_w = (p.list_width + GAP) / p.columns
    for k, column in enumerate(_columns(blocks, p.columns)):
        y = top
        for b in column:
            if b[0][1]:
                y -= 0.6 * line_h
            for text, bold in b:
                y -= line_h
                canvas.setFont(theme.font_bold if bold else theme.font, p.size)
                canvas.drawString(x0 + k * col_w, y + line_h * 0.25, text)
