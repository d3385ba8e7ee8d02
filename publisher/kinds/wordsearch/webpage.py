"""The word search's web part (see Kind.web): its grid, its words and where they lie;
the player is web.js beside this file."""
from __future__ import annotations

from typing import Any

from ...ground.catalogue import KindText
from ...ground.fonts import printed_letters
from ..base import WebPart, web_asset
from .generator import DIRECTIONS

STRINGS = ("web_words", "web_found", "web_miss", "web_first", "web_found_cell",
           "web_first_cell")


def rule(board: Any, text: KindText) -> str:
    """The rule over the grid (`board`: a WordSearchBoard), in print and on the web."""
    easy = "_easy" if board.grade == "easy" else ""
    return text.text(("rule_clues" if board.clues else "rule") + easy)


def web_part(board: Any, text: KindText) -> WebPart:
    words = []
    for w, r, c, d in sorted(board.placements):
        _, dr, dc = DIRECTIONS[d]
        cells = [[r + k * dr, c + k * dc] for k in range(len(board.words[w][1]))]
        words.append({"text": board.words[w][0], "cells": cells}
                     | ({"clue": board.clues[w]} if board.clues else {}))
    return WebPart(
        data={"rows": board.rows, "cols": board.cols, "words": words,
              "text": {key: text.text(key) for key in STRINGS},
              # A one-cell IJ (`ij: one`) shows as IJ, as in print.
              "grid": [[printed_letters(board.cell(r, c)) or None for c in range(board.cols)]
                       for r in range(board.rows)]},
        rule=rule(board, text), script=web_asset(__file__, "web.js"),
        style=web_asset(__file__, "web.css"))
