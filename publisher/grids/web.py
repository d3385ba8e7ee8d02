"""What the kinds' web parts share (see Kind.web and publisher/render/web/): grids of
cells for the page's typing grid (render/web/cells.js) and the edges between regions."""
from __future__ import annotations

from typing import Any, Sequence

TYPING = "Shell.play(Shell.cells);"     # the player of a kind that is a typing grid

Cell = dict[str, Any] | None


def entry_cells(row: int, col: int, direction: str, length: int) -> list[list[int]]:
    """The cells of an entry ("across" or "down") from its first cell."""
    down = direction == "down"
    return [[row + i * down, col + i * (not down)] for i in range(length)]


def letter_cells(solution: Sequence[Sequence[str | None]],
                 numbers: dict[tuple[int, int], int] | None = None) -> list[list[Cell]]:
    """A typing grid's cells: a letter to find where the solution has one, else a block;
    `numbers` puts the clue numbers in their cells."""
    numbers = numbers or {}
    grid: list[list[Cell]] = []
    for r, line in enumerate(solution):
        grid.append([])
        for c, letter in enumerate(line):
            if not letter:
                grid[-1].append(None)
                continue
            cell: dict[str, Any] = {"s": letter}
            if (r, c) in numbers:
                cell["n"] = numbers[(r, c)]
            grid[-1].append(cell)
    return grid


def region_edges(regions: Sequence[Sequence[Any]]) -> list[list[str]]:
    """Per cell, its sides ("t", "r", "b", "l") that bound its region (or the grid): the
    thick lines of a Sudoku's boxes or a Queens grid's regions."""
    rows, cols = len(regions), len(regions[0])
    same = lambda r, c, v: 0 <= r < rows and 0 <= c < cols and regions[r][c] == v  # noqa: E731
    return [["".join(side for side, (dr, dc) in (("t", (-1, 0)), ("r", (0, 1)),
                                                  ("b", (1, 0)), ("l", (0, -1)))
                     if not same(r + dr, c + dc, regions[r][c]))
             for c in range(cols)] for r in range(rows)]

