"""Grid shapes: sizes, box shapes, symbols, and the houses (units) of a board.

A cell is an index r * n + c. A value is 1..n (0 = empty). Candidate sets are
bitmasks with bit v - 1 for value v.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# size -> (box rows, box columns)
BOX_SHAPES: dict[int, tuple[int, int]] = {
    4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SIZES = tuple(BOX_SHAPES)
VARIANTS = ("classic", "x", "jigsaw", "killer")
SYMMETRIES = ("rotational", "mirror", "diagonal", "none")
SYMBOL_SETS = ("digits", "hex")

_LETTERS = "123456789ABCDEFG"
_HEX = "0123456789ABCDEF"


def symbol(value: int, symbols: str = "digits") -> str:
    """The printed symbol of a value 1..16: 1-9 then A-G, or 0-F with hex."""
    return (_HEX if symbols == "hex" else _LETTERS)[value - 1]


def value_of(text: str, symbols: str = "digits") -> int:
    """Inverse of symbol()."""
    return (_HEX if symbols == "hex" else _LETTERS).index(text.upper()) + 1


def box_regions(n: int) -> list[list[int]]:
    """Region id per cell for the standard boxes of size n."""
    br, bc = BOX_SHAPES[n]
    per_row = n // bc
    return [[(r // br) * per_row + c // bc for c in range(n)] for r in range(n)]


@dataclass
class Geometry:
    """The houses of one board: rows, columns, regions (boxes or jigsaw
    pieces) and, for the X variant, the two long diagonals. Killer cages are
    not houses (they need not hold every value) but their cells are peers."""

    n: int
    regions: list[list[int]]
    diagonals: bool = False
    cages: list[list[int]] = field(default_factory=list)      # cell lists
    units: list[list[int]] = field(init=False)
    unit_kinds: list[str] = field(init=False)                 # row / col / region / diag
    cell_units: list[list[int]] = field(init=False)           # unit ids per cell
    groups: list[list[int]] = field(init=False)               # units + cages: no repeats
    cell_groups: list[list[int]] = field(init=False)
    peers: list[list[int]] = field(init=False)
    peer_bits: list[int] = field(init=False)                  # peers as a cell bitset

    def __post_init__(self) -> None:
        n = self.n
        units: list[list[int]] = [[r * n + c for c in range(n)] for r in range(n)]
        kinds = ["row"] * n
        units += [[r * n + c for r in range(n)] for c in range(n)]
        kinds += ["col"] * n
        by_region: dict[int, list[int]] = {}
        for r in range(n):
            for c in range(n):
                by_region.setdefault(self.regions[r][c], []).append(r * n + c)
        units += [by_region[g] for g in sorted(by_region)]
        kinds += ["region"] * len(by_region)
        if self.diagonals:
            units.append([i * n + i for i in range(n)])
            units.append([i * n + n - 1 - i for i in range(n)])
            kinds += ["diag", "diag"]
        self.units, self.unit_kinds = units, kinds
        self.groups = units + [list(c) for c in self.cages]
        self.cell_units = [[] for _ in range(n * n)]
        for u, cells in enumerate(units):
            for cell in cells:
                self.cell_units[cell].append(u)
        self.cell_groups = [[] for _ in range(n * n)]
        for g, cells in enumerate(self.groups):
            for cell in cells:
                self.cell_groups[cell].append(g)
        self.peers = []
        self.peer_bits = []
        for cell in range(n * n):
            ps = {p for g in self.cell_groups[cell] for p in self.groups[g]}
            ps.discard(cell)
            self.peers.append(sorted(ps))
            bits = 0
            for p in ps:
                bits |= 1 << p
            self.peer_bits.append(bits)

    @property
    def full(self) -> int:
        return (1 << self.n) - 1


def symmetry_orbits(n: int, symmetry: str) -> list[list[int]]:
    """Cells grouped so that removing a whole group keeps the givens' pattern
    symmetric: rotational = 180-degree turn, mirror = left-right,
    diagonal = reflection in the main diagonal, none = single cells."""
    def image(r: int, c: int) -> tuple[int, int]:
        if symmetry == "rotational":
            return n - 1 - r, n - 1 - c
        if symmetry == "mirror":
            return r, n - 1 - c
        if symmetry == "diagonal":
            return c, r
        return r, c

    seen: set[int] = set()
    orbits: list[list[int]] = []
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            if cell in seen:
                continue
            rr, cc = image(r, c)
            orbit = sorted({cell, rr * n + cc})
            seen.update(orbit)
            orbits.append(orbit)
    return orbits
