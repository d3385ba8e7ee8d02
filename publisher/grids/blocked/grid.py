"""Blocked (newspaper-style) crossword grids: rules, templates and a generator.

A grid is a tuple of equal-length strings: '#' a block, '.' an empty white cell, a
letter a white cell pinned to that letter (a theme entry). Rows and columns in
messages are 1-based, as a reader counts them.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

BLOCK, EMPTY = "#", "."
MIN_ENTRY = 3
SIZES = (5, 7, 9, 11, 13, 15, 17, 21)
TEMPLATE_DIR = Path(__file__).with_name("templates")

Grid = tuple[str, ...]


@dataclass(frozen=True)
class GridStyle:
    """A language's grid conventions, as data: how many blocks and entries a grid may have,
    the longest run a fresh grid keeps, where its bundled templates live and its fill list."""

    block_share: float = 1 / 6          # most blocks, as a share of the cells
    entries_at_15: int = 78             # most entries at 15x15 (scaled by area)
    longest: int | None = None          # fresh 15x15 grids: no longer run (None: longest_entry, loose)
    templates: str = ""                 # folder under templates/ ("": the shared ones)
    wordlist: str = ""                  # default fill list ("": <language>/fill)
    from_size: int = 0                  # smaller grids (minis) keep the default style
    mini_block_share: float = 0.0       # grids under 9x9: most blocks, when more than block_share
    mini_template_share: float = 0.0    # templates (clumps allowed) under 9x9: the same


# English 7x7 minis from the clued words alone: of the 64 shapes of up to 8 blocks only
# 7x7-02 fills, and its 18 three-letter entries use up the 387 clued ones in a few weeks of
# minis; with 13 to 16 blocks clumped at the corners (as newspapers' minis) dozens fill.
DEFAULT_STYLE = GridStyle(mini_template_share=0.33)
# Russian words are long in letters and its common short words are few: from the Russian
# dictionary forms, fresh 15x15 grids of one block in six (runs up to 8) filled 0 of 10; with
# up to 28% blocks and runs of 3-6 letters 10 of 10 fill within the default budget (FILL-LISTS.md).
GRID_STYLES = {
    "ru": GridStyle(block_share=0.28, entries_at_15=96, longest=6, templates="ru",
                    wordlist="ru/crossword-fill", mini_block_share=0.35),
    # German, Italian and Dutch have few common short words in their lists too (German
    # compounds; Italian words end in vowels): in the default style fresh 15x15 grids filled
    # 0, 2 and 5 of 10; in the Russian one, 10 of 10 each (benchmarks/blocked.py --fresh).
    # (French crosswords have many blocks too.)
    # Their 5x5 minis, often filled from clued words alone, keep the shared templates the
    # clue databases were written to fill. At 7x7 the rules leave few shapes: of 137 without
    # clumps of blocks only the shared 7x7-02 fills from the German or Italian clued words
    # (one fill, so one puzzle a book); with up to 17 blocks, clumped at the corners, a few
    # dozen do (tools/make_blocked_templates.py keeps six of each language).
    "de": GridStyle(block_share=0.28, entries_at_15=96, longest=6, templates="de", from_size=7,
                    mini_block_share=0.35),
    "it": GridStyle(block_share=0.28, entries_at_15=96, longest=6, templates="it", from_size=7,
                    mini_block_share=0.35),
    "nl": GridStyle(block_share=0.28, entries_at_15=96, longest=6, templates="nl", from_size=9),
    # French and Portuguese fill fresh grids of the default style (7 and 10 of 10) but with
    # rare words (mean word score 70 and 72); in this style 10 of 10 with common ones (89).
    "fr": GridStyle(block_share=0.28, entries_at_15=96, longest=6, templates="fr", from_size=9),
    "pt": GridStyle(block_share=0.28, entries_at_15=96, longest=6, templates="pt", from_size=9),
}


def grid_style(language: str, rows: int | None = None) -> GridStyle:
    """The language's grid style; for a grid of `rows` rows below its `from_size`, the default."""
    style = GRID_STYLES.get(language, DEFAULT_STYLE)
    return DEFAULT_STYLE if rows is not None and rows < style.from_size else style


class GridError(ValueError):
    """A grid breaks a rule; `rule` names it, `row`/`col` (1-based) locate it."""

    def __init__(self, rule: str, message: str, row: int | None = None, col: int | None = None):
        where = f" (row {row}, column {col})" if row is not None and col is not None else ""
        super().__init__(f"{rule}: {message}{where}")
        self.rule, self.row, self.col = rule, row, col


@dataclass(frozen=True)
class Slot:
    """One entry of the grid: its standard number, direction and cells."""

    number: int
    direction: str                       # "across" | "down"
    row: int                             # 0-based start
    col: int
    cells: tuple[tuple[int, int], ...]   # 0-based (row, col) of each letter

    @property
    def length(self) -> int:
        return len(self.cells)


def max_entries(rows: int, cols: int, style: GridStyle = DEFAULT_STYLE) -> int:
    """78 entries at 15x15 (by default) scaled by area; small grids may have two per row and column."""
    return max(round(style.entries_at_15 * rows * cols / 225), 2 * (rows + cols))


def max_blocks(rows: int, cols: int, style: GridStyle = DEFAULT_STYLE,
               template: bool = False) -> int:
    """About one block in six (38 at 15x15) by default; a style may allow minis more, and
    mini templates (16 blocks at 7x7 by default)."""
    share = style.block_share
    if max(rows, cols) < 9:
        share = max(share, style.mini_block_share, style.mini_template_share if template else 0)
    return round(rows * cols * share)


def parse_grid(text: str) -> Grid:
    """Rows of '.', '#' and letters (pinned, upper-cased); blank lines and spaces ignored."""
    rows = tuple("".join(line.split()).upper() for line in text.splitlines() if line.strip())
    if not rows:
        raise GridError("shape", "the grid is empty")
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise GridError("shape", f"row {r + 1} has {len(row)} cells, row 1 has {len(rows[0])}")
        for c, ch in enumerate(row):
            if ch not in (BLOCK, EMPTY) and not ch.isalpha():
                raise GridError("shape", f"'{ch}' is not '.', '#' or a letter", r + 1, c + 1)
    return rows


def is_white(grid: Grid, r: int, c: int) -> bool:
    return 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] != BLOCK


def slots(grid: Grid) -> list[Slot]:
    """Every run of two or more white cells, in clue order (standard numbering)."""
    out: list[Slot] = []
    number = 0
    for r, row in enumerate(grid):
        for c in range(len(row)):
            if not is_white(grid, r, c):
                continue
            found = []
            for direction, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                if is_white(grid, r - dr, c - dc) or not is_white(grid, r + dr, c + dc):
                    continue
                cells = []
                rr, cc = r, c
                while is_white(grid, rr, cc):
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                found.append((direction, tuple(cells)))
            if found:
                number += 1
                out.extend(Slot(number, d, r, c, cells) for d, cells in found)
    return out


def check_grid(grid: Grid, allow_block_clumps: bool = False, style: GridStyle = DEFAULT_STYLE) -> None:
    """Raise GridError naming the first rule the grid breaks (and where); the block and
    entry limits are the style's (its language's), a template's (`allow_block_clumps`)
    block limit its own."""
    rows, cols = len(grid), len(grid[0])
    for r in range(rows):
        for c in range(cols):
            if (grid[r][c] == BLOCK) != (grid[rows - 1 - r][cols - 1 - c] == BLOCK):
                raise GridError("symmetry", "the grid is not the same turned 180 degrees: this cell "
                                f"and row {rows - r}, column {cols - c} differ", r + 1, c + 1)
    _check_runs(grid)
    _check_connected(grid)
    if not allow_block_clumps:
        for r in range(rows - 1):
            for c in range(cols - 1):
                if all(grid[r + dr][c + dc] == BLOCK for dr in (0, 1) for dc in (0, 1)):
                    raise GridError("block clump", "a 2x2 square of blocks starts here", r + 1, c + 1)
    entries, most = len(slots(grid)), max_entries(rows, cols, style)
    if entries > most:
        raise GridError("too many entries", f"{entries} entries; a {rows}x{cols} grid may have at "
                        f"most {most}")
    blocks = sum(row.count(BLOCK) for row in grid)
    most = max_blocks(rows, cols, style, template=allow_block_clumps)
    if blocks > most:
        raise GridError("too many blocks", f"{blocks} blocks; a {rows}x{cols} grid may have at most "
                        f"{most} (about one cell in {round(rows * cols / most)})")


def _check_runs(grid: Grid) -> None:
    """Every white cell lies in an across and a down entry of at least MIN_ENTRY letters."""
    for r, row in enumerate(grid):
        for c in range(len(row)):
            if grid[r][c] == BLOCK:
                continue
            for name, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                length = 1
                for sign in (1, -1):
                    rr, cc = r + sign * dr, c + sign * dc
                    while is_white(grid, rr, cc):
                        length, rr, cc = length + 1, rr + sign * dr, cc + sign * dc
                if length == 1:
                    raise GridError("unchecked cell", f"this white cell is in no {name} entry", r + 1, c + 1)
                if length < MIN_ENTRY:
                    raise GridError("short entry", f"a {length}-letter {name} entry runs through this "
                                    f"cell; entries need at least {MIN_ENTRY} letters", r + 1, c + 1)


def _check_connected(grid: Grid) -> None:
    whites = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != BLOCK]
    if not whites:
        raise GridError("connected", "the grid has no white cell")
    seen = {whites[0]}
    todo = [whites[0]]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb not in seen and is_white(grid, *nb):
                seen.add(nb)
                todo.append(nb)
    for r, c in whites:
        if (r, c) not in seen:
            raise GridError("connected", "this white cell is cut off from the rest of the grid", r + 1, c + 1)


def bundled_templates(rows: int, cols: int | None = None, style: GridStyle = DEFAULT_STYLE) -> list[Path]:
    """The bundled template files for a size (the style's own folder), in name order."""
    cols = rows if cols is None else cols
    return sorted((TEMPLATE_DIR / style.templates).glob(f"{rows}x{cols}-*.txt"))


def load_template(path: Path, style: GridStyle = DEFAULT_STYLE) -> Grid:
    """A template file, parsed and checked (templates may keep 2x2 block clumps)."""
    grid = parse_grid(path.read_text(encoding="utf-8"))
    check_grid(grid, allow_block_clumps=True, style=style)
    return grid
