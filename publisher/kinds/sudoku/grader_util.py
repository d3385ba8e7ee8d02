"""Bit helpers shared by the grader's techniques."""
from __future__ import annotations


def bits_of(mask: int) -> list[int]:
    """The set bits of a mask, lowest first, each as its own mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def cells_of(bitset: int) -> list[int]:
    """The cell indices of a cell bitset."""
    out = []
    while bitset:
        low = bitset & -bitset
        out.append(low.bit_length() - 1)
        bitset ^= low
    return out
