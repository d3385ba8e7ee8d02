"""Drawing a crossword into a Box: numbered grid plus across/down clue columns.

Layouts tried: clues under the grid in 2 or 3 columns, or beside it in 1 or 2
columns; each at font sizes from the theme's down to its minimum. The one with
the largest cells (cells above ~26 pt gain nothing) and then the largest font
wins. Freeform crosswords draw only word cells; blocked (newspaper) grids draw their
empty cells as black squares.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...ground.fonts import fitting_prefix, grown_sizes, printed_letters, text_sizes

GAP = 12.0             # between grid and clues, and between clue columns
ENOUGH_CELL = 26.0     # bigger cells do not help a reader
MIN_CELL = 11.0


@lru_cache(maxsize=16384)
def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """Lines of at most `width` (ReportLab's splitter; words wider than a line are cut).
    Cached: a page's layout search wraps the same clue at the same sizes many times."""
    return tuple(simpleSplit(" ".join(_breakable(text.split(), font, size, width)),
                             font, size, width) or [""])


def _breakable(words: list[str], font: str, size: float, width: float) -> list[str]:
    """Words, with any wider than the column cut into hyphenated pieces that fit (the
    longest piece found by binary search: O(log n) measurements per piece)."""
    out = []
    for word in words:
        while len(word) > 1 and stringWidth(word, font, size) > width:
            fits = fitting_prefix(word, font, size, width, "-", shortest=1)
            out.append(word[:fits] + "-")
            word = word[fits:]
        out.append(word)
    return out


# (direction, number, clue text as printed) for each entry, in the board's order
Clues = tuple[tuple[str, str, str], ...]


def _clues(board, enumeration) -> Clues:
    return tuple((e["direction"], str(e["number"]), f"{e['clue']} {enumeration(e['text'], e['answer'])}")
                 for e in board.entries)


def _clue_lines(clues: Clues, theme, size: float, width: float, headings):
    """Flowable lines: (kind, number, text). kind: 'head', 'first', 'more', 'gap'. A
    heading carries in place of a number the heading that repeats it at the top of a
    column its direction runs on to ("DOWN (continued)"; the heading alone when that is
    wider than the column). `headings`: across, down, and their continued forms."""
    out: list[tuple[str, str, str]] = []
    indent = stringWidth("00 ", theme.font_bold, size)
    for direction in ("across", "down"):
        items = [c for c in clues if c[0] == direction]
        if not items:
            continue
        if out:
            out.append(("gap", "", ""))
        head, again = headings[0::2] if direction == "across" else headings[1::2]
        fits = stringWidth(again, theme.font_bold, size) <= width
        out.append(("head", again if fits else head, head))
        for _, number, text in items:
            for k, line in enumerate(_wrap(text, theme.font, size, width - indent)):
                out.append(("first" if k == 0 else "more", number if k == 0 else "", line))
    return out


def _blocks(lines):
    """Groups never split over columns: one clue's lines; a heading sticks to
    the clue after it; a gap is dropped at the top of a column."""
    blocks, pending = [], []
    for line in lines:
        if line[0] in ("head", "gap"):
            pending.append(line)
        elif line[0] == "first":
            blocks.append(pending + [line])
            pending = []
        else:
            blocks[-1].append(line)
    return blocks


def _direction_lengths(blocks) -> list[int]:
    """For a block opening a direction (its heading), the lines of the whole direction
    (gap and heading included); 0 for the others."""
    lengths = [0] * len(blocks)
    start = None
    for k, block in enumerate(blocks):
        if any(line[0] == "head" for line in block):
            start = k
        if start is not None:
            lengths[start] += len(block)
    return lengths


def _continue(block, heading):
    """The block as it starts a new column: without its gap, and a direction running on
    from the column before headed again (`heading`, the last heading line)."""
    if block[0][0] == "gap":
        return block[1:]
    if block[0][0] == "first" and heading is not None:
        return [("head", "", heading[1])] + block
    return block


def _flow(lines, n_cols: int, per: int):
    """Columns of at most `per` lines, or None if more than n_cols are needed. A direction
    that would run on into the next column while one column could hold it all starts at
    that column's top; one that runs on is headed again there."""
    columns: list[list[tuple[str, str, str]]] = [[]]
    blocks = _blocks(lines)
    heading = None
    for block, whole in zip(blocks, _direction_lengths(blocks)):
        own = next((line for line in block if line[0] == "head"), None)
        if columns[-1] and (len(columns[-1]) + len(block) > per
                            or len(columns[-1]) + whole > per >= whole - 1):
            columns.append([])
        if not columns[-1]:
            block = _continue(block, heading)
        heading = own or heading
        columns[-1].extend(block)
    if any(len(column) > per for column in columns):
        return None
    return columns if len(columns) <= n_cols else None


def _columns(lines, n_cols: int, line_h: float) -> float:
    """Height needed to flow `lines` into n_cols columns."""
    per = max(1, -(-len(lines) // n_cols))
    while _flow(lines, n_cols, per) is None:
        per += 1
    return per * line_h


def _plan(board, box, theme, enumeration, headings, cap: float | None = None):
    """The chosen arrangement, searched once per board, box and theme: pagination's fit
    check, the floor measurement and the drawing all ask for the same one. The clues grow
    to `cap` at most (the size their section agrees on)."""
    return _search(_clues(board, enumeration), board.rows, board.cols, box, theme, headings,
                   cap)


@lru_cache(maxsize=512)
def _search(clues: Clues, rows: int, cols: int, box, theme, headings, cap: float | None):
    """The largest cells (up to ENOUGH_CELL), then the largest clue text down to the floor;
    of equals, clues under the grid in the fewest columns (wide columns, the page filled
    from the top), then the largest cells. Then the clues grow past the body size
    (GROWN_TEXT, up to `cap`) into what room the grid leaves, in the same arrangement,
    never making the grid smaller."""
    best = _best(clues, rows, cols, box, theme, headings,
                 text_sizes(theme.font_size, theme.min_font_size))
    if best is None:   # the clues cannot fit at the floor: the grid alone (`clues_fit` says so)
        cell = min(box.width / cols, box.height / rows)
        return ("none", 0, theme.min_font_size, 0.0, cell, [], 1.0, 0.0)
    sizes = [s for s in grown_sizes(theme.font_size) if cap is None or s <= cap + 1e-9]
    grown = _best(clues, rows, cols, box, theme, headings, sizes,
                  ((best[1], best[2]),), least_cell=best[5])
    return (grown or best)[1:]


ARRANGEMENTS = (("under", 2), ("under", 3), ("beside", 1), ("beside", 2))


def _best(clues: Clues, rows: int, cols: int, box, theme, headings, sizes: Iterable[float],
          arrangements: Iterable[tuple[str, int]] = ARRANGEMENTS, least_cell: float = MIN_CELL):
    """The best of `arrangements` (clues under or beside the grid, in so many columns) at
    one of `sizes` whose cells are at least `least_cell`, as (key, where, columns, size,
    column width, cell, lines, line height, height), or None."""
    best: Any = None
    for size in sizes:
        line_h = size * 1.22
        for where, n_cols in arrangements:
            order = (where == "under", -n_cols)
            if where == "under":
                col_w = (box.width - GAP * (n_cols - 1)) / n_cols
                bound = min(box.width / cols, (box.height - GAP) / rows)
            else:
                col_w = max(140.0, size * 14)
                grid_w = box.width - n_cols * (col_w + GAP)
                if grid_w <= 0:
                    continue
                bound = min(grid_w / cols, box.height / rows)
            # The cell can only shrink once the clues are wrapped: skip an arrangement
            # that could not beat the best one even with no clues at all.
            if bound < least_cell or (best is not None
                                      and (min(bound, ENOUGH_CELL), size, order, bound)
                                      <= best[0]):
                continue
            lines = _clue_lines(clues, theme, size, col_w, headings)
            need = _columns(lines, n_cols, line_h)
            if where == "under":
                cell = min(box.width / cols, (box.height - need - GAP) / rows)
            else:
                if need > box.height:
                    continue
                cell = min(grid_w / cols, box.height / rows)
            if cell < least_cell:
                continue
            key = (min(cell, ENOUGH_CELL), size, order, cell)
            if best is None or key > best[0]:
                best = (key, where, n_cols, size, col_w, cell, lines, line_h, need)
    return best


def clue_size(board, box, theme, enumeration, headings) -> float:
    """The size the clues print at when they may grow as far as the room allows."""
    return _plan(board, box, theme, enumeration, headings)[2]


def grid_cell(board, box, theme, enumeration, headings) -> float:
    """The side of the grid's cells in the chosen arrangement."""
    return _plan(board, box, theme, enumeration, headings)[4]


def clues_fit(board, box, theme, enumeration, headings) -> bool:
    """Whether the clues fit beside or under the grid at the theme's floor or larger."""
    return _plan(board, box, theme, enumeration, headings)[0] != "none"


def _grid(canvas, board, x0: float, top: float, cell: float, theme, solution: bool,
          filled: bool = False) -> None:
    """The grid: numbered (a puzzle), lettered (`solution`), or with `filled` both (a
    How to play page's worked example, its letters set lower to clear the numbers)."""
    canvas.setLineWidth(max(theme.min_line_width, theme.line_width))
    canvas.setStrokeGray(0)
    numbers = {(e["row"], e["col"]): e["number"] for e in board.entries}
    blocked = getattr(board, "style", "freeform") == "blocked"
    for r, row in enumerate(board.grid):
        for c, ch in enumerate(row):
            x, y = x0 + c * cell, top - (r + 1) * cell
            if not ch:
                if blocked:   # a newspaper grid: empty cells are black squares
                    canvas.setFillGray(0)
                    canvas.rect(x, y, cell, cell, stroke=1, fill=1)
                continue
            canvas.rect(x, y, cell, cell, stroke=1, fill=0)
            if filled:
                fs = cell * FILLED_LETTER
                canvas.setFont(theme.grid_font_bold, fs)
                canvas.drawCentredString(x + cell / 2, y + cell * 0.4 - fs * 0.35, printed_letters(ch))
            if solution:
                fs = cell * SOLUTION_LETTER
                canvas.setFont(theme.grid_font_bold, fs)
                canvas.drawCentredString(x + cell / 2, y + cell * 0.5 - fs * 0.35, printed_letters(ch))
            elif (r, c) in numbers:
                fs = max(theme.min_answer_font_size, cell * 0.3)
                canvas.setFont(theme.grid_font, fs)
                canvas.drawString(x + cell * 0.08, y + cell - fs * 0.95, str(numbers[(r, c)]))


def draw_grid_alone(canvas, board, box, theme) -> None:
    cell = min(box.width / board.cols, box.height / board.rows)
    gw, gh = cell * board.cols, cell * board.rows
    _grid(canvas, board, box.x + (box.width - gw) / 2, box.top - (box.height - gh) / 2,
          cell, theme, False)


def draw_puzzle(canvas, board, box, theme, enumeration, headings, filled: bool = False,
                cap: float | None = None) -> None:
    """The grid with its clues, as _plan arranged them (clues grown to `cap` at most);
    `filled`: with the answers."""
    where, n_cols, size, col_w, cell, lines, line_h, need = _plan(board, box, theme, enumeration,
                                                                  headings, cap)
    per = max(1, round(need / line_h))
    columns = _flow(lines, n_cols, per)
    gw, gh = cell * board.cols, cell * board.rows
    if where == "none":
        _grid(canvas, board, box.x + (box.width - gw) / 2, box.top - (box.height - gh) / 2,
              cell, theme, False, filled)
        return
    if where == "under":
        gx = box.x + (box.width - gw) / 2
        free = box.height - need - GAP
        gtop = box.top - max(0.0, (free - gh) / 2) if free > gh else box.top
        _grid(canvas, board, gx, gtop, cell, theme, False, filled)
        ctop = gtop - gh - GAP
        cx = [box.x + k * (col_w + GAP) for k in range(n_cols)]
    else:
        clues_w = n_cols * (col_w + GAP)
        gx = box.x + (box.width - clues_w - gw) / 2
        gtop = box.top - (box.height - gh) / 2 if gh < box.height else box.top
        _grid(canvas, board, gx, gtop, cell, theme, False, filled)
        ctop = box.top
        cx = [gx + gw + GAP + k * (col_w + GAP) for k in range(n_cols)]
    _clue_columns(canvas, columns, cx, ctop, size, line_h, theme)


# --- clues continued on the following pages ------------------------------------------------

CONTINUED_PAGES = 4      # at most this many clue pages follow the grid's page
GRID_SHARE = 0.8         # of the first page's height, at most, for the grid


def _flow_pages(lines, n_cols: int, capacities: list[int]):
    """Columns filled in order, each holding at most its capacity in lines (a clue never
    split, a direction moved to the next column's top or headed again there as in _flow);
    None if the lines need more columns than `capacities` lists."""
    columns: list[list[tuple[str, str, str]]] = [[]]
    blocks = _blocks(lines)
    heading = None
    for raw, whole in zip(blocks, _direction_lengths(blocks)):
        while True:
            room = capacities[len(columns) - 1] - len(columns[-1])
            block = raw if columns[-1] else _continue(raw, heading)
            if (columns[-1] and whole > room and len(columns) < len(capacities)
                    and whole - 1 <= capacities[len(columns)]):
                columns.append([])
                continue
            if len(block) <= room:
                columns[-1].extend(block)
                break
            if len(columns) == len(capacities):
                return None
            columns.append([])
        heading = next((line for line in raw if line[0] == "head"), heading)
    return columns


@lru_cache(maxsize=256)
def _search_continued(clues: Clues, rows: int, cols: int, first: tuple[float, float],
                      then: tuple[float, float], theme, headings):
    """The grid at the top of the first page (width and height `first`) with clue columns
    under it, the rest on up to CONTINUED_PAGES pages (`then` each): the largest clue size
    (the theme's, down to its floor) at which every clue fits; None if none does."""
    width, height = first
    cell = min(width / cols, height * GRID_SHARE / rows, ENOUGH_CELL * theme.scale)
    if cell < MIN_CELL:
        return None
    for size in text_sizes(theme.font_size, theme.min_font_size):
        line_h = size * 1.22
        n_cols = max(1, min(3, int((then[0] + GAP) // (size * 11 + GAP))))
        col_w = (then[0] - GAP * (n_cols - 1)) / n_cols
        below = max(0, int((height - cell * rows - GAP) // line_h))
        per_page = int(then[1] // line_h)
        lines = _clue_lines(clues, theme, size, col_w, headings)
        columns = _flow_pages(lines, n_cols, [below] * n_cols
                              + [per_page] * (n_cols * CONTINUED_PAGES))
        if columns is not None:
            pages = [columns[k:k + n_cols] for k in range(0, len(columns), n_cols)]
            if len(pages) > 1:
                return size, cell, n_cols, col_w, line_h, pages
    return None


def continued_plan(board, box, next_box, theme, enumeration, headings):
    """(size, cell, columns, column width, line height, [page's columns...]) or None."""
    return _search_continued(_clues(board, enumeration), board.rows, board.cols,
                             (box.width, box.height), (next_box.width, next_box.height),
                             theme, headings)


def _clue_columns(canvas, columns, xs: list[float], top: float, size: float, line_h: float,
                  theme) -> None:
    num_w = stringWidth("00 ", theme.font_bold, size)
    for x, column in zip(xs, columns):
        y = top - size
        for kind, num, text in column:
            if kind == "head":
                canvas.setFont(theme.font_bold, size)
                canvas.drawString(x, y, text)
            elif kind in ("first", "more"):
                if num:
                    canvas.setFont(theme.font_bold, size)
                    canvas.drawRightString(x + num_w - stringWidth(" ", theme.font_bold, size),
                                           y, num)
                canvas.setFont(theme.font, size)
                canvas.drawString(x + num_w, y, text)
            y -= line_h


def draw_continued(canvas, board, box, next_box, theme, enumeration, headings,
                   part: int) -> None:
    """Part 0: the grid and the first clues in `box`; part k: the k-th clue page."""
    plan = continued_plan(board, box, next_box, theme, enumeration, headings)
    if plan is None:
        raise ValueError("this crossword does not continue onto further pages")
    size, cell, n_cols, col_w, line_h, pages = plan
    if part >= len(pages):
        return
    here = box if part == 0 else next_box
    top = here.top
    if part == 0:
        gx = box.x + (box.width - cell * board.cols) / 2
        _grid(canvas, board, gx, box.top, cell, theme, False)
        top = box.top - cell * board.rows - GAP
    xs = [here.x + k * (col_w + GAP) for k in range(n_cols)]
    _clue_columns(canvas, pages[part], xs, top, size, line_h, theme)


SOLUTION_LETTER = 0.62      # answer letters' size, as a share of the cell
FILLED_LETTER = 0.5         # beside a clue number, in a worked example


def solution_letter_size(board, box) -> float:
    """The answer letters' size when the solution is drawn into `box`."""
    return min(box.width / board.cols, box.height / board.rows) * SOLUTION_LETTER


def draw_solution(canvas, board, box, theme) -> None:
    cell = min(box.width / board.cols, box.height / board.rows)
    gx = box.x + (box.width - cell * board.cols) / 2
    gtop = box.top - (box.height - cell * board.rows) / 2
    _grid(canvas, board, gx, gtop, cell, theme, True)
