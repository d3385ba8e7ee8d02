"""Which words of a crossword-like grid cross which: the key by which two boards
are the same puzzle to a reader (crossword, fill-in).

Two grids whose words cross the same other words are one puzzle for a class
copying from a neighbour, even when one is the other turned, transposed, or has
a word slid along the one it crosses; so the key is the set of crossing word
pairs, not the grid."""
from __future__ import annotations

from typing import Iterable


def crossing_pairs(entries: Iterable[tuple[int, int, str, str]]) -> frozenset[frozenset[str]]:
    """The pairs of answers that share a cell; `entries`: (row, col, direction, answer)
    with direction "across" or "down"."""
    by_cell: dict[tuple[int, int], list[str]] = {}
    for row, col, direction, answer in entries:
        dr, dc = (0, 1) if direction == "across" else (1, 0)
        for k in range(len(answer)):
            by_cell.setdefault((row + k * dr, col + k * dc), []).append(answer)
    return frozenset(frozenset(words) for words in by_cell.values() if len(words) == 2)


def two_share_a_letter(answers: Iterable[str]) -> bool:
    """Whether two of the answers have a letter in common: else none can cross another."""
    seen: set[str] = set()
    for answer in answers:
        if seen & set(answer):
            return True
        seen |= set(answer)
    return False
