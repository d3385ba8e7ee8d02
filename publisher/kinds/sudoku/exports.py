"""The .ipuz file of a Sudoku (ipuz v2, kind sudoku#1). Cells in `zones` and
`cages` are [column, row] counted from 1, as the ipuz format writes them."""
from __future__ import annotations

import json
from typing import Any

from .shapes import symbol


def ipuz_dict(board: Any, title: str, meta: dict[str, Any]) -> dict[str, Any]:
    n = board.size
    charset = "".join(symbol(v, board.symbols) for v in range(1, n + 1))

    def rows(values: list[int]) -> list[list[Any]]:
        return [[symbol(v, board.symbols) if v else 0 for v in values[r * n:(r + 1) * n]]
                for r in range(n)]

    def spot(cell: int) -> list[int]:
        r, c = divmod(cell, n)
        return [c + 1, r + 1]

    data: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/sudoku#1"],
        "title": title or meta.get("title") or "",
        "author": meta.get("author") or "",
        "copyright": meta.get("copyright") or "",
        "origin": "puzzle-book",
        "difficulty": board.grade,
        "dimensions": {"width": n, "height": n},
        "charset": charset,
        "displaycharset": True,
        "boxes": board.variant != "jigsaw",
        "puzzle": rows(board.givens),
        "solution": rows(board.solution),
    }
    zones = []
    if board.variant == "jigsaw":
        pieces: dict[int, list[list[int]]] = {}
        for cell in range(n * n):
            pieces.setdefault(board.regions[cell // n][cell % n], []).append(spot(cell))
        zones = [{"cells": cells} for _, cells in sorted(pieces.items())]
    if board.variant == "x":
        zones = [{"cells": [spot(i * n + i) for i in range(n)]},
                 {"cells": [spot(i * n + n - 1 - i) for i in range(n)]}]
    if zones:
        data["zones"] = zones
    if board.variant == "killer":
        data["cageborder"] = "dashed"
        data["cages"] = [{"cells": [spot(c) for c in cells], "value": total, "operator": "+"}
                         for cells, total in zip(board.cages, board.sums)]
    return {k: v for k, v in data.items() if v != ""}


def ipuz_bytes(board: Any, title: str, meta: dict[str, Any]) -> bytes:
    text = json.dumps(ipuz_dict(board, title, meta), ensure_ascii=False, indent=1)
    return (text + "\n").encode("utf-8")
