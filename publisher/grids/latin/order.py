"""Two cells in order, cell a's value below cell b's (a Futoshiki sign), as a
constraint of the closure (closure.py), which works these out inline: `_sign`
and `_range` say what it does."""
from __future__ import annotations

from functools import partial

from .closure import HIGHEST, LOWEST, PLACED, RANGE, SIGN, Local


def order(a: int, b: int, n: int, ranges: bool) -> Local:
    """Cell a's value below cell b's. Without `ranges` (SIGN): the lesser is never
    n nor the greater 1, and next to a placed digit the other side is below or
    above it; it reads only placed digits once applied. With (RANGE): the lesser
    stays below the greater's largest candidate and the greater above the lesser's
    smallest, all a sign does and more; it reads only those two bounds."""
    if ranges:
        return Local((a, b), _range, wake=(LOWEST, HIGHEST), order=RANGE)
    return Local((a, b), partial(_sign, 1 << (n - 1)), wake=(PLACED, PLACED), order=SIGN)


def _sign(top_bit: int, masks: tuple[int, ...]) -> tuple[int, int] | None:
    ma, mb = masks
    na, nb = ma & ~top_bit, mb & ~1
    if not mb & (mb - 1):
        na &= (1 << (mb.bit_length() - 1)) - 1
    if not ma & (ma - 1):
        nb &= ~((1 << ma.bit_length()) - 1)
    return None if na == ma and nb == mb else (na, nb)


def _range(masks: tuple[int, ...]) -> tuple[int, int] | None:
    ma, mb = masks
    na = ma & ((1 << (mb.bit_length() - 1)) - 1) if mb else 0
    nb = mb & ~((1 << (na & -na).bit_length()) - 1) if na else 0
    return None if na == ma and nb == mb else (na, nb)
