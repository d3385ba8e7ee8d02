"""The one door from fill-in to the crossword engine's freeform layout (the
shared grid engine will move to publisher/grids/; only this module changes)."""
from __future__ import annotations

from dataclasses import dataclass

from ...grids.freeform.generator import REPAIR_STEPS, make_layout, number_grid

# A fill-in must hold every word: the crossword's repair phase (which runs only
# while words are left over) gets 8 times its budget. 20 words on 15x15: 55% of
# candidates hold all words at 1x, about 100% at 8x-12x, for under twice the time.
REPAIR_FACTOR = 8


@dataclass(frozen=True)
class Entry:
    row: int
    col: int
    direction: str          # "across" | "down"
    answer: str

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + k * dr, self.col + k * dc) for k in range(len(self.answer))]


@dataclass(frozen=True)
class FreeformLayout:
    grid: list[list[str | None]]     # letters, None = no cell
    entries: list[Entry]             # in reading order (numbering order)
    unplaced: list[str]
    crossings: int
    density: float


def freeform(words: list[str], rows: int, cols: int, seed: int) -> FreeformLayout:
    """Lay `words` out as a freeform crossword within rows x cols, from seed."""
    lay = make_layout(words, rows, cols, seed, repair=REPAIR_STEPS * REPAIR_FACTOR * len(words))
    by_start = {(p.row, p.col, "across" if p.direction == 1 else "down"): p.answer
                for p in lay.placed}
    entries = [Entry(r, c, d, by_start[(r, c, d)]) for _, d, r, c, _n in number_grid(lay.grid)]
    return FreeformLayout(lay.grid, entries, [words[i] for i in lay.unplaced], lay.crossings,
                          lay.density)


def slots_of(grid: list[list[str | None]]) -> list[tuple[int, int, str, int]]:
    """(row, col, direction, length) of every run of 2+ cells, in reading order."""
    return [(r, c, d, n) for _, d, r, c, n in number_grid(grid)]
