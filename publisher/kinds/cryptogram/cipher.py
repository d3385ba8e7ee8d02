"""Cryptograms: a text enciphered by a one-to-one substitution of the language's
alphabet in which no letter stands for itself (a derangement).

Letters are upper-cased; accents the language does not treat as letters of
their own are dropped as in grids (Spanish Á -> A but Ñ stays, Russian keeps Ё
and Й); spaces, punctuation and digits stay as written.
"""
from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from pathlib import Path


from ...ground.files import MAX_LIST_BYTES
from ...ground.yamlfile import load_yaml
from ...ground.catalogue import CatalogueError, available, catalogue

MIN_LETTERS = 8
DIFFICULTIES = ("easy", "medium", "hard")
BASE_HINTS = {"easy": 4, "medium": 2, "hard": 0}


class TextRefused(ValueError):
    """A text that cannot be made into a cryptogram; the message names the text."""


@dataclass(frozen=True)
class Cipher:
    plaintext: str                 # normalised: upper case, letters of the alphabet
    ciphertext: str
    key: dict[str, str]            # plain letter -> cipher letter, the whole alphabet
    hints: list[str]               # plain letters revealed


def alphabet(language: str) -> str:
    """The language's alphabet, from its catalogue."""
    try:
        return catalogue(language).alphabet
    except CatalogueError:
        raise TextRefused(f"no alphabet for language {language!r}; cryptograms exist in "
                          f"{', '.join(available())}") from None


def language_of(key: dict[str, str]) -> str:
    """The language whose alphabet the key permutes (a manifest entry keeps no other)."""
    for language in available():
        if set(catalogue(language).alphabet) == set(key):
            return language
    raise ValueError("the key is not a permutation of a known alphabet")


def normalise(text: str, language: str) -> str:
    """Upper case, one space between words, accents dropped where the language
    drops them. Raises TextRefused naming the text if a letter is not of the
    alphabet or there are fewer than MIN_LETTERS letters."""
    letters = alphabet(language)
    keep = catalogue(language).keep_when_stripping
    out, strange = [], []
    facts = catalogue(language)
    # Letters a grid spells out (ß -> SS, Œ -> OE, and umlauts: the key permutes A-Z).
    spelled = {**facts.umlauts, **facts.spelled_out}
    flat = unicodedata.normalize("NFC", " ".join(str(text).split()))
    for ch in facts.upper(flat.replace("ĳ", "ij").replace("Ĳ", "IJ")):
        if unicodedata.category(ch).startswith("M"):      # a stress mark left over
            continue
        if ch in spelled and ch not in letters:
            out.append(spelled[ch])
            continue
        if unicodedata.category(ch).startswith("L"):
            if ch not in letters and ch not in keep:
                base = "".join(c for c in unicodedata.normalize("NFD", ch)
                               if not unicodedata.combining(c))
                ch = unicodedata.normalize("NFC", base)
            if ch not in letters:
                strange.append(ch)
        out.append(ch)
    plain = "".join(out)
    short = _short(text)
    if strange:
        odd = "".join(dict.fromkeys(strange))
        raise TextRefused(f"the text {short!r} has letters outside the {language} alphabet "
                          f"({odd}); write it with the letters {letters[0]}..{letters[-1]}")
    count = sum(1 for ch in plain if ch in letters)
    if count < MIN_LETTERS:
        raise TextRefused(f"the text {short!r} has {count} letters; a cryptogram needs at "
                          f"least {MIN_LETTERS}")
    return plain


def _short(text: str, most: int = 60) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= most else flat[:most - 1] + "…"


def derangement(letters: str, rng: random.Random) -> dict[str, str]:
    """A uniformly random permutation of `letters` with no fixed point (rejection:
    about e tries on average)."""
    source = list(letters)
    while True:
        target = source[:]
        rng.shuffle(target)
        if all(a != b for a, b in zip(source, target)):
            return dict(zip(source, target))


def default_hints(plaintext: str, language: str, difficulty: str) -> int:
    """Hints by difficulty (easy 4, medium 2, hard 0), one more for a short text
    (under 40 letters) and another for a very short one (under 25), one fewer for
    a long one (over 100); never all the text's distinct letters."""
    letters = alphabet(language)
    count = sum(1 for ch in plaintext if ch in letters)
    distinct = len({ch for ch in plaintext if ch in letters})
    n = BASE_HINTS[difficulty] + (count < 40) + (count < 25) - (count > 100)
    return max(0, min(n, distinct - 1))


def encipher(text: str, language: str, seed: int, hints: int | None = None,
             difficulty: str = "medium") -> Cipher:
    """One cryptogram of `text` from `seed`. `hints`: number of plain letters to
    reveal (None: default_hints). The revealed letters are drawn from the text's
    letters, the more frequent ones first for easy puzzles."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty {difficulty!r}: use one of {', '.join(DIFFICULTIES)}")
    letters = alphabet(language)
    plain = normalise(text, language)
    rng = random.Random(seed)
    key = derangement(letters, rng)
    cipher = "".join(key.get(ch, ch) for ch in plain)
    used = sorted({ch for ch in plain if ch in letters}, key=letters.index)
    n = default_hints(plain, language, difficulty) if hints is None else hints
    if not 0 <= n < len(used):
        raise TextRefused(f"{n} hints for the text {_short(text)!r}, which has {len(used)} "
                          f"different letters; give 0 to {len(used) - 1}")
    if difficulty == "easy":
        counts = {ch: plain.count(ch) for ch in used}
        order = sorted(used, key=lambda ch: (-counts[ch], rng.random()))
    else:
        order = used[:]
        rng.shuffle(order)
    revealed = sorted(order[:n], key=letters.index)
    return Cipher(plain, cipher, key, revealed)


def decipher(ciphertext: str, key: dict[str, str]) -> str:
    back = {v: k for k, v in key.items()}
    return "".join(back.get(ch, ch) for ch in ciphertext)


def read_texts(path: Path) -> list[dict]:
    """A YAML list of {text, author?, source?} (or plain strings): the entries as
    dicts with `text` and `author` (None if not given)."""
    data, _ = load_yaml(Path(path), MAX_LIST_BYTES)   # bounded, located errors
    if not isinstance(data, list):
        raise TextRefused(f"{path}: expected a YAML list of texts ({{text, author}} items)")
    out = []
    for i, item in enumerate(data, start=1):
        if isinstance(item, str):
            out.append({"text": item, "author": None})
        elif isinstance(item, dict) and isinstance(item.get("text"), str):
            author = item.get("author")
            out.append({"text": item["text"], "author": str(author) if author else None})
        else:
            raise TextRefused(f"{path}: item {i} is not a text or a {{text, author}} mapping")
    return out
