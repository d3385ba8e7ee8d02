"""Sudoku pages as a reader sees them (issue 17, Print): the rule on one line under the
grid at the page's small-print size, never under the floor; killer sums at least at the
floor, in the top-left cell of their cage. Read back from the PDF with tests/pdfmarks.py,
which shares no code with the renderer."""
from __future__ import annotations

import io

import pytest
from conftest import draw_context
from pdfmarks import page_marks

from publisher.kinds.sudoku import KIND, SudokuParams



def puzzle_box(layout: str, per_page: int) -> tuple[float, float]:
    """The box a book gives each puzzle, `per_page` to a page (width, height in points)."""
    from publisher.render.layout import find_layout, load_layout_file
    from publisher.render.pagination import body_box, puzzle_cells

    from conftest import ROOT
    lay = load_layout_file(find_layout(layout, ROOT))
    box = puzzle_cells(lay, body_box(lay, 5), per_page)[0][1]
    return box.width, box.height


def draw(board, layout: str, size: tuple[float, float], language: str = "en",
         colour: bool = False) -> tuple[list, object]:
    from reportlab.pdfgen.canvas import Canvas

    from publisher.ground.fonts import register_fonts
    from publisher.kinds.base import Box

    register_fonts()
    ctx = draw_context(KIND, colour, language, layout)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName="PTSans")
    KIND.draw_puzzle(canvas, board, Box(40, 40, *size), ctx)
    canvas.save()
    return page_marks(buffer.getvalue(), 0), ctx.theme


def lines_under_grid(marks) -> dict[float, list[float]]:
    """The text below the grid's frame, by baseline: {baseline: [font sizes]}."""
    frame_bottom = min(m.bbox[1] for m in marks if m.kind == "stroke" and m.bbox[2] - m.bbox[0] > 50)
    lines: dict[float, list[float]] = {}
    for m in marks:
        if m.kind == "text" and m.bbox[3] <= frame_bottom + 0.5:
            base = round(m.bbox[1] + 0.25 * m.size, 1)      # pdfmarks: text box from -0.25 em
            lines.setdefault(base, []).append(m.size)
    return lines


@pytest.mark.parametrize("language", ["en", "es", "ru"])
@pytest.mark.parametrize("layout", ["letter", "a4"])
@pytest.mark.parametrize("variant", ["classic", "x", "jigsaw"])
def test_the_rule_is_one_line_at_the_small_print_size_six_to_a_page(variant, layout, language):
    board = KIND.generate(SudokuParams(size=9, variant=variant, difficulty="easy"), 3)
    marks, theme = draw(board, layout, puzzle_box(layout, 6), language)
    lines = lines_under_grid(marks)
    small_print = max(theme.min_font_size, theme.font_size * 0.8)    # "Answer on page"
    assert len(lines) == 2, lines               # the rule, then the level
    sizes = [s for run in lines.values() for s in run]
    assert min(sizes) >= small_print - 0.01, sizes


@pytest.mark.parametrize("language", ["en", "es", "ru"])
def test_killer_rule_and_sums_never_under_the_floor(language):
    """Where the kind says a killer fits (else the book puts fewer on a page), every
    text is at the floor or above and the rule at the small-print size; two to a page
    the rule is one line."""
    from publisher.ground.fonts import register_fonts
    from publisher.kinds.base import Box

    register_fonts()                                # fits() measures the rule
    board = KIND.generate(SudokuParams(size=9, variant="killer", difficulty="easy"), 3)
    ctx = draw_context(KIND, False, language, "letter")
    small_print = max(ctx.theme.min_font_size, ctx.theme.font_size * 0.8)
    drawn = 0
    for per_page in (6, 4, 2):
        box = puzzle_box("letter", per_page)
        if KIND.fits(board, Box(40, 40, *box), ctx) is not None:
            continue
        drawn += 1
        marks, theme = draw(board, "letter", box, language)
        lines = lines_under_grid(marks)
        assert 2 <= len(lines) <= 3 if per_page > 2 else len(lines) == 2, lines
        assert min(s for run in lines.values() for s in run) >= small_print - 0.01
        assert min(m.size for m in marks if m.kind == "text") >= theme.min_font_size - 0.01
    assert drawn >= 2                               # four and two to a page fit


def test_killer_sums_sit_in_the_top_left_cell_of_their_cage():
    board = KIND.generate(SudokuParams(size=9, variant="killer", difficulty="easy"), 4)
    marks, theme = draw(board, "letter", puzzle_box("letter", 2), "en")
    frame = [m for m in marks if m.kind == "stroke" and m.bbox[2] - m.bbox[0] > 100
             and m.bbox[3] - m.bbox[1] > 100]
    x0, y0, x1, y1 = frame[-1].bbox                 # the outer frame (drawn last of the lines)
    cell = (x1 - x0) / 9
    sums = sorted(((m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2, m.size) for m in marks
                  if m.kind == "text" and m.size < cell * 0.5 and y0 <= m.bbox[1] and m.bbox[3] <= y1 + 0.5)
    assert len(sums) >= len(board.cages)            # one run per sum (two-digit sums: one run)
    corners = set()
    for cells in board.cages:
        r, c = divmod(min(cells), 9)                # the cage's top row, then its leftmost
        corners.add((r, c))
    found = set()
    for x, y, _size in sums:
        c, r = int((x - x0) // cell), int((y1 - y) // cell)
        found.add((r, c))
    assert found == corners
