"""Scored fill lists and the bitset index the fill engine searches.

Fill list file: one "WORD;SCORE" per line (score 0-100) or a plain word (score
PLAIN_WORD_SCORE); lines starting with '#' are comments.
"""
from __future__ import annotations

from pathlib import Path

PLAIN_WORD_SCORE = 50


def parse_fill_list(text: str) -> dict[str, int]:
    """{WORD: score}; words are upper-cased; a word listed twice keeps its best score."""
    out: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, score_text = line.partition(";")
        word = "".join(word.split()).upper()
        try:
            score = int(score_text) if score_text.strip() else PLAIN_WORD_SCORE
        except ValueError:
            raise ValueError(f"line {number}: score '{score_text.strip()}' is not a whole number") from None
        if not 0 <= score <= 100:
            raise ValueError(f"line {number}: score {score} is outside 0-100")
        if not word.isalpha():
            raise ValueError(f"line {number}: '{word}' is not letters only")
        out[word] = max(score, out.get(word, score))
    return out


def read_fill_list(path: Path) -> dict[str, int]:
    return parse_fill_list(path.read_text(encoding="utf-8"))


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
