"""What the Latin-square kinds' web pages share: a typing grid of the digits 1 to n
with pencil marks (render/web/cells.js), givens locked; each kind adds its clues to
the cells (signs, cages) or around them (edge clues)."""
from __future__ import annotations

from typing import Any

from ...kinds.base import KindText, WebPart
from ..web import TYPING


def digit_cells(n: int, solution: list[int], givens: list[int] | None = None
                ) -> list[list[dict[str, Any]]]:
    """Row-major values as the typing grid's cells, the given ones locked."""
    givens = givens or [0] * (n * n)
    return [[{"s": str(solution[r * n + c])} | ({"g": True} if givens[r * n + c] else {})
             for c in range(n)] for r in range(n)]


def web_part(n: int, grade: str, cells: list[list[dict[str, Any]]], text: KindText,
             **extra: Any) -> WebPart:
    """The page: digits 1 to n typed, pencil marks, the rule (and at extreme the line
    saying a guess may be needed, as in print)."""
    rule = text.text("rule", n=n) + (" " + text.text("guess") if grade == "extreme" else "")
    keys = "".join(str(v) for v in range(1, n + 1))
    return WebPart(data={"rows": n, "cols": n, "cells": cells, "keys": keys, "pencil": True,
                         **extra},
                   rule=rule, script=TYPING, uses=("cells",))
