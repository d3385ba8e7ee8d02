"""Newspaper column widths for desk files (`column_width`): a named width or a length.

One column is 1.867 in (134.4 pt) and the gutter between columns one pica (12 pt), so
that two columns make the 3.9 in a desk asks for: `Ncol` = N columns + (N-1) gutters."""
from __future__ import annotations

import re

COLUMN = 134.4       # points: one column
GUTTER = 12.0        # points: one pica between columns
NAMED = {f"{n}col": n * COLUMN + (n - 1) * GUTTER for n in (1, 2, 3, 4)}
UNITS = {"pt": 1.0, "in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54}
NARROWEST, WIDEST = 72.0, 14400.0     # 1 in; 200 in is the largest PDF page


def column_points(value: object) -> float:
    """"2col" -> 280.8; "3.9in", "10cm", "99mm", "280pt", 280 -> points. ValueError
    saying what to write otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a column width; {_advice()}")
    if isinstance(value, (int, float)):
        points = float(value)
    else:
        text = str(value).strip().lower()
        match = re.fullmatch(r"([0-9]*\.?[0-9]+)\s*(pt|in|mm|cm)?", text)
        if text in NAMED:
            points = NAMED[text]
        elif match:
            points = float(match.group(1)) * UNITS[match.group(2) or "pt"]
        else:
            raise ValueError(f"{value!r} is not a column width; {_advice()}")
    if not NARROWEST <= points <= WIDEST:
        raise ValueError(f"{value!r} is {points / 72:.2f} in; a column is between 1 in and "
                         f"200 in wide ({_advice()})")
    return points


def _advice() -> str:
    named = ", ".join(f"{name} = {points / 72:.2f} in" for name, points in NAMED.items())
    return f"write {named}, or a length such as 3.9in, 10cm or 280pt"
