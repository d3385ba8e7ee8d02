""".puz (via puzpy) and .ipuz (v2, crossword#1) files for a crossword board.

.puz grids are one byte per cell in every version, so:
* all text fits ISO-8859-1 -> version 1.3 (Latin-1), Ñ and accents included;
* the grid is ASCII but some text is not Latin-1 -> version 2.0 (UTF-8 strings);
* the grid holds a letter outside Latin-1 (Cyrillic) -> no .puz, with a warning;
* the grid holds a Latin-1 non-ASCII letter (Ñ) AND text needs UTF-8 -> 1.3 with
  typographic dashes, quotes and ellipses written the plain way (— as -, “ ” as ")
  and any other unwritable text character replaced by '?', with a warning.
A cell unit (Dutch Ĳ, one cell) is a rebus cell "IJ" in the .puz (its one-byte solution
is its first letter, as rebus squares are written) and the cell value "IJ" in the .ipuz.
"""
from __future__ import annotations

import json
from typing import Any

import puz

from ...grids.enumeration import word_breaks
from ...ground.fonts import printed_letters


def _latin1(s: str) -> bool:
    try:
        s.encode("iso-8859-1")
        return True
    except UnicodeEncodeError:
        return False


# Typographic marks outside Latin-1, written the plain way in a Latin-1 .puz.
PLAIN = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
                       "\u2014": "-", "\u2015": "-", "\u2212": "-", "\u2018": "'",
                       "\u2019": "'", "\u201a": "'", "\u2032": "'", "\u201c": '"',
                       "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u2026": "...",
                       "\u2022": "*", "\u20ac": "EUR"})


def plain(text: str) -> str:
    return text.translate(PLAIN)


def _letters(board) -> str:
    """The grid's letters as written in the files (a cell unit as its letters)."""
    return printed_letters("".join(ch for row in board.grid for ch in row if ch))


def puz_plan(board, extra_text: str = "") -> tuple[str | None, str | None]:
    """(.puz version or None, a warning or None) for this board's grid and clues. A grid
    in another script (Cyrillic) gets no .puz, without a warning: nobody asks for .puz
    files (every crossword gets them where they can hold it), and the .ipuz has it."""
    letters = _letters(board)
    text = "".join(e["clue"] for e in board.entries) + extra_text
    if not _latin1(letters):
        return None, None
    if _latin1(text):
        return "1.3", None
    if letters.isascii():
        return "2.0", None
    bad = "".join(sorted({ch for ch in plain(text) if not _latin1(ch)}))[:10]
    if not bad:             # only dashes and quotes, written the plain way
        return "1.3", None
    return "1.3", (f"{PUZ_NOTE}; characters {bad} of the clues or titles are replaced by '?' "
                   "there (the .ipuz keeps them)")


PUZ_NOTE = "crossword: .puz written as version 1.3 because the grid has letters outside ASCII"


def clue_order(board) -> list[dict[str, Any]]:
    """Entries in .puz order: by number, across before down."""
    return sorted(board.entries, key=lambda e: (e["number"], e["direction"] != "across"))


def _header(title: str, meta: dict[str, Any]) -> list[str]:
    return [title or meta.get("title") or "", meta.get("author") or "",
            meta.get("copyright") or ""]


def puz_bytes(board, title: str, meta: dict[str, Any]) -> bytes | None:
    header = _header(title, meta)
    version, _ = puz_plan(board, "".join(header))
    if version is None:
        return None
    p = puz.Puzzle(version)
    p.width, p.height = board.cols, board.rows

    def fix(s: str) -> str:
        return (plain(s).encode(p.encoding, "replace").decode(p.encoding) if version == "1.3"
                else s)

    cells = [printed_letters(ch) if ch else "" for row in board.grid for ch in row]
    p.solution = "".join(ch[:1] or "." for ch in cells)
    p.fill = "".join("-" if ch else "." for ch in cells)
    for text in sorted({ch for ch in cells if len(ch) > 1}):      # Dutch IJ: a rebus
        p.rebus().add_rebus_squares([i for i, ch in enumerate(cells) if ch == text], text)
    p.title, p.author, p.copyright = (fix(s) for s in header)
    p.clues = [fix(_with_breaks(e)) for e in clue_order(board)]
    return p.tobytes()


def _breaks(entry: dict[str, Any]) -> str | None:
    """"5,2,5" for an answer of several words (POMMEDETERRE), as the page prints it."""
    return word_breaks(entry.get("text") or "", entry["answer"])


def _with_breaks(entry: dict[str, Any]) -> str:
    """The clue with its answer's word breaks: .puz has no enumeration field, so they
    follow the clue as on the page ("potato (5,2,5)")."""
    breaks = _breaks(entry)
    return f"{entry['clue']} ({breaks})" if breaks else entry["clue"]


def ipuz_dict(board, title: str, meta: dict[str, Any]) -> dict[str, Any]:
    numbers = {(e["row"], e["col"]): e["number"] for e in board.entries}
    puzzle = [[numbers.get((r, c), 0) if ch else "#" for c, ch in enumerate(row)]
              for r, row in enumerate(board.grid)]
    solution = [[printed_letters(ch) if ch else "#" for ch in row] for row in board.grid]
    clues: dict[str, list] = {"Across": [], "Down": []}
    for e in clue_order(board):
        breaks = _breaks(e)
        clues["Across" if e["direction"] == "across" else "Down"].append(
            {"number": e["number"], "clue": e["clue"], "answer": printed_letters(e["answer"])}
            | ({"enumeration": breaks} if breaks else {}))
    data = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "title": title or meta.get("title") or "",
        "author": meta.get("author") or "",
        "copyright": meta.get("copyright") or "",
        "origin": "puzzle-book",
        "dimensions": {"width": board.cols, "height": board.rows},
        "block": "#",
        "empty": 0,
        "puzzle": puzzle,
        "solution": solution,
        "clues": clues,
    }
    return {k: v for k, v in data.items() if v != ""}


def side_files(board, title: str, meta: Any) -> dict[str, bytes]:
    """{"puz": ..., "ipuz": ...}; no .puz when the grid cannot be written in it."""
    files = {}
    # The titles are known only now: say so if they lose characters in the .puz.
    _, note = puz_plan(board, "".join(_header(title, meta)))
    if note and note not in board.warnings:     # it replaces the note on the clues alone
        board.warnings[:] = [w for w in board.warnings if not w.startswith(PUZ_NOTE)] + [note]
    data = puz_bytes(board, title, meta)
    if data is not None:
        files["puz"] = data
    text = json.dumps(ipuz_dict(board, title, meta), ensure_ascii=False, indent=1)
    files["ipuz"] = (text + "\n").encode("utf-8")
    return files
