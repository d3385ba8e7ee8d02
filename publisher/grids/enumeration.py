"""The enumeration a clue prints after it: (6) for PELOTA, (3,5) for 'Ice cream', the
cells of each word of a multi-word answer (crosswords, their .puz and .ipuz files, the
fill-in's word list)."""
from __future__ import annotations


# Letters a grid writes in two cells (ß -> SS, Œ -> OE); German umlauts in two or one
# (the book's `umlauts`), Dutch IJ in one or two (crosswords join it): the enumeration
# counts cells, so it tries those readings and keeps the one that adds up to the answer.
_TWO_CELLS = set("ßẞŒÆœæ")
_UMLAUTS = set("ÄÖÜäöü")


def enumeration(text: str, answer: str | None = None) -> str:
    """(6) for PELOTA, (3,5) for 'Ice cream', (4-2) for hyphenated words; cells, not
    letters: (7) for Straße (STRASSE), (2) for the Dutch ijs (one IJ cell and S)."""
    parts, seps = _words(text, answer)
    out = str(parts[0]) if parts else ""
    for sep, p in zip(seps, parts[1:]):
        out += sep + str(p)
    return f"({out})"


def word_breaks(text: str, answer: str) -> str | None:
    """"5,2,5" for 'pomme de terre' (POMMEDETERRE): the enumeration of an answer of
    several words, for the .ipuz and .puz clues; None for one word."""
    inside = enumeration(text, answer)[1:-1]
    return inside if "," in inside or "-" in inside else None


def spaced(text: str, answer: str) -> str:
    """The answer with the word breaks of `text`: POMME DE TERRE, ARC-EN-CIEL (a fill-in's
    word list); the answer as it is when its cells do not add up."""
    parts, seps = _words(text, answer)
    if sum(parts) != len(answer):
        return answer
    out, at = answer[:parts[0]] if parts else answer, parts[0] if parts else 0
    for sep, n in zip(seps, parts[1:]):
        out += (" " if sep == "," else sep) + answer[at:at + n]
        at += n
    return out


def _words(text: str, answer: str | None) -> tuple[list[int], list[str]]:
    """The cells of each word of `text` and the separators between them (, or -), read
    so that they add up to `answer` where a reading does."""
    readings = [(umlaut, joined) for umlaut in (2, 1) for joined in (False, True)]
    for umlaut, joined in readings:
        parts, seps = _cells(text, umlaut, joined)
        if answer is None or sum(parts) == len(answer):
            return parts, seps
    return _cells(text, 1, False)


def _cells(text: str, umlaut: int, joined: bool) -> tuple[list[int], list[str]]:
    parts: list[int] = []
    seps: list[str] = []
    n, before = 0, ""
    for ch in text:
        if ch.isalnum():
            if joined and ch in "jJ" and before in ("i", "I"):
                before = ch
                continue           # IJ: one cell with the I before it
            n += 2 if ch in _TWO_CELLS else umlaut if ch in _UMLAUTS else 1
        elif ch in " -" and n:
            parts.append(n)
            seps.append("," if ch == " " else "-")
            n = 0
        before = ch
    if n:
        parts.append(n)
    return parts, seps
