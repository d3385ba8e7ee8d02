"""Glyph outlines of a TrueType font ReportLab has loaded, as SVG path data.

The SVG desk files draw their text as these outlines (render/svg.py), so a machine
without the font shows the same letters at the same widths as the PDF. PT Sans carries
Reserved Font Names, and a subset of it embedded as a web font would be a Modified
Version that may not use them (OFL section 3); drawn shapes are a document made with the
font, which the licence leaves free. Read from the font's own `glyf` table (no font
library needed): quadratic contours become SVG `Q` curves, in font units, y up."""
from __future__ import annotations

import struct
from functools import cache
from typing import Any

ON_CURVE, X_SHORT, Y_SHORT, REPEAT, X_SAME, Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
WORDS, XY_VALUES, SCALE, MORE, XY_SCALE, TWO_BY_TWO = 0x01, 0x02, 0x08, 0x20, 0x40, 0x80

Point = tuple[float, float, bool]     # x, y, on the curve


def _contours(face: Any, glyph: int, depth: int = 0) -> list[list[Point]]:
    """The glyph's contours in font units; a composite's parts placed and scaled."""
    data = _glyf(face)[face.glyphPos[glyph]:face.glyphPos[glyph + 1]]
    if not data or depth > 8:
        return []
    count = struct.unpack_from(">h", data)[0]
    if count < 0:
        return _composite(face, data, depth)
    ends = struct.unpack_from(f">{count}H", data, 10)
    at = 10 + 2 * count
    at += 2 + struct.unpack_from(">H", data, at)[0]        # skip the instructions
    total = ends[-1] + 1 if ends else 0
    flags: list[int] = []
    while len(flags) < total:
        flag = data[at]
        at += 1
        flags.append(flag)
        if flag & REPEAT:
            flags += [flag] * data[at]
            at += 1
    xs, at = _coordinates(data, at, flags, X_SHORT, X_SAME)
    ys, at = _coordinates(data, at, flags, Y_SHORT, Y_SAME)
    points = [(x, y, bool(f & ON_CURVE)) for x, y, f in zip(xs, ys, flags)]
    first = 0
    contours = []
    for end in ends:
        contours.append(points[first:end + 1])
        first = end + 1
    return contours


@cache
def _glyf(face: Any) -> bytes:
    return face.get_table("glyf")


def _coordinates(data: bytes, at: int, flags: list[int], short: int,
                 same: int) -> tuple[list[float], int]:
    """One axis of a simple glyph: deltas, a byte (its sign in `same`) or a short each."""
    value, values = 0, []
    for flag in flags:
        if flag & short:
            value += data[at] if flag & same else -data[at]
            at += 1
        elif not flag & same:
            value += struct.unpack_from(">h", data, at)[0]
            at += 2
        values.append(float(value))
    return values, at


def _composite(face: Any, data: bytes, depth: int) -> list[list[Point]]:
    contours: list[list[Point]] = []
    at, flags = 10, MORE
    while flags & MORE:
        flags, part = struct.unpack_from(">HH", data, at)
        at += 4
        if flags & WORDS:
            dx, dy = struct.unpack_from(">hh" if flags & XY_VALUES else ">HH", data, at)
            at += 4
        else:
            dx, dy = struct.unpack_from(">bb" if flags & XY_VALUES else ">BB", data, at)
            at += 2
        if not flags & XY_VALUES:       # placed by matching points: PT Sans has none
            dx = dy = 0
        a, b, c, d = 1.0, 0.0, 0.0, 1.0
        if flags & SCALE:
            a = d = struct.unpack_from(">h", data, at)[0] / 16384
            at += 2
        elif flags & XY_SCALE:
            a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
            at += 4
        elif flags & TWO_BY_TWO:
            a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
            at += 8
        for contour in _contours(face, part, depth + 1):
            contours.append([(a * x + c * y + dx, b * x + d * y + dy, on)
                             for x, y, on in contour])
    return contours


def _path(contours: list[list[Point]]) -> str:
    """Compact SVG path data of quadratic contours, in whole font units, each command
    relative to the last point. Two off-curve points in a row have an on-curve point
    halfway between them (TrueType's rule); the curve after such a point is a `t`, whose
    control point SVG takes as the last one's mirror image: exactly the next one."""
    parts: list[str] = []
    at = (0, 0)

    def emit(command: str, *points: tuple[float, float]) -> None:
        nonlocal at
        numbers = []
        for x, y in points:
            numbers += [round(x) - at[0], round(y) - at[1]]
        at = (round(points[-1][0]), round(points[-1][1]))
        text = command
        for i, n in enumerate(numbers):
            text += ("" if i == 0 or n < 0 else " ") + str(n)
        parts.append(text)

    for contour in contours:
        if not contour:
            continue
        start = next((i for i, p in enumerate(contour) if p[2]), None)
        if start is None:               # all off the curve: begin between the first two
            (x0, y0, _), (x1, y1, _) = contour[0], contour[1 % len(contour)]
            contour = [((x0 + x1) / 2, (y0 + y1) / 2, True)] + contour
            start = 0
        ring = contour[start:] + contour[:start] + [contour[start]]
        emit("m" if parts else "M", ring[0][:2])
        begin = at
        control: tuple[float, float] | None = None
        implied = False                 # the last point was a halfway point
        for x, y, on in ring[1:-1] + ([] if ring[-2][2] else ring[-1:]):
            if on:
                if control is None:
                    emit("l", (x, y))
                elif implied:
                    emit("t", (x, y))
                else:
                    emit("q", control, (x, y))
                control, implied = None, False
                continue
            if control is not None:
                middle = ((control[0] + x) / 2, (control[1] + y) / 2)
                emit("t" if implied else "q", *([middle] if implied else [control, middle]))
                implied = True
            control = (x, y)
        parts.append("z")
        at = begin                      # where SVG's z leaves the current point
    return "".join(parts)


@cache
def glyph_path(face: Any, glyph: int) -> str:
    """SVG path data of glyph number `glyph` of a ReportLab TrueType face (font units,
    y up); "" for a glyph that draws nothing (a space)."""
    return _path(_contours(face, glyph))
