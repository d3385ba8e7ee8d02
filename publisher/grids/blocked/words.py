"""Scored fill lists and the bitset index the fill engine searches.

Fill list file: one "WORD;SCORE" per line (score 0-100) or a plain word (score
PLAIN_WORD_SCORE); lines starting with '#' are comments.
"""
from __future__ import annotations

from ...words import PLAIN_WORD_SCORE, parse_fill_list, read_fill_list

__all__ = ["PLAIN_WORD_SCORE", "WordIndex", "parse_fill_list", "read_fill_list"]


def _bits(indexes: list[int], size: int) -> int:
    """An int with the given bit positions set (built through bytes: fast for big lists)."""
    buf = bytearray((size + 7) // 8)
    for i in indexes:
        buf[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(buf, "little")


class WordIndex:
    """Words of each length ordered best score first; bit i of a mask stands for words[length][i].

    masks[length][position][letter] = the words with that letter at that position.
    """

    def __init__(self, scores: dict[str, int], min_score: int = 0):
        self.scores = {w: s for w, s in scores.items() if s >= min_score}
        self.min_score = min_score
        self.words: dict[int, list[str]] = {}
        for word in sorted(self.scores, key=lambda w: (-self.scores[w], w)):
            self.words.setdefault(len(word), []).append(word)
        self.masks: dict[int, list[dict[str, int]]] = {}
        self.full: dict[int, int] = {}
        for length, words in self.words.items():
            positions: list[dict[str, list[int]]] = [{} for _ in range(length)]
            for i, word in enumerate(words):
                for pos, letter in enumerate(word):
                    positions[pos].setdefault(letter, []).append(i)
            self.masks[length] = [{letter: _bits(ix, len(words)) for letter, ix in p.items()}
                                  for p in positions]
            self.full[length] = (1 << len(words)) - 1

    def without(self, words: frozenset[str]) -> WordIndex:
        """This index with `words` never matching (the masks shared: cheap for big lists)."""
        out = object.__new__(WordIndex)
        out.__dict__.update(self.__dict__)
        out.full = dict(self.full)
        for length, listed in self.words.items():
            gone = [i for i, word in enumerate(listed) if word in words]
            if gone:
                out.full[length] &= ~_bits(gone, len(listed))
        return out

    def domain(self, pattern: str) -> int:
        """Bitmask of the words matching a pattern ('.' = any letter)."""
        length = len(pattern)
        mask = self.full.get(length, 0)
        for pos, letter in enumerate(pattern):
            if letter != "." and mask:
                mask &= self.masks[length][pos].get(letter, 0)
        return mask

    def letter_mask(self, length: int, position: int, letter: str) -> int:
        masks = self.masks.get(length)
        return masks[position].get(letter, 0) if masks else 0
