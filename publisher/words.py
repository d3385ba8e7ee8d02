"""Word lists: reading, normalising, alphabets and letter frequencies per language."""
from __future__ import annotations

import unicodedata
from collections import Counter
from pathlib import Path
from typing import Iterable, Literal

import yaml

from .errors import SpecError
from .kinds.base import Word

AccentPolicy = Literal["keep", "strip"]

# Base alphabets: filler letters always come from the puzzle's own language.
ALPHABETS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "es": "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
}
# Common practice: Spanish puzzles print CAMION for camión but keep Ñ; English
# drops the odd accent (café -> CAFE); Russian keeps Ё and Й (never decomposed).
DEFAULT_ACCENTS: dict[str, AccentPolicy] = {"en": "strip", "es": "strip", "ru": "keep"}
# Letters that are letters of their own, not accented variants, in each language.
KEEP_WHEN_STRIPPING = {"es": "Ñ", "ru": "ЁЙ"}


def display_form(text: str) -> str:
    """NFC, trimmed, inner white space collapsed: how the word is printed."""
    return " ".join(unicodedata.normalize("NFC", str(text)).split())


def grid_form(text: str, language: str, accents: AccentPolicy | None = None) -> str:
    """Upper-case letters only, as written in a grid ("ice cream" -> ICECREAM).

    Spaces, hyphens, apostrophes and other non-letters are dropped. With the
    "strip" policy, diacritics go except on letters the language treats as
    letters of their own (Spanish Ñ, Russian Ё/Й)."""
    policy = accents or DEFAULT_ACCENTS.get(language, "keep")
    keep = KEEP_WHEN_STRIPPING.get(language, "")
    out = []
    for ch in unicodedata.normalize("NFC", str(text)).upper():
        if not unicodedata.category(ch).startswith("L"):
            continue
        if policy == "strip" and ch not in keep:
            base = "".join(c for c in unicodedata.normalize("NFD", ch)
                           if not unicodedata.combining(c))
            ch = unicodedata.normalize("NFC", base)
        out.append(ch)
    return "".join(out)


def alphabet_for(language: str, answers: Iterable[str] = ()) -> str:
    """The language's letters in its own order, then any other letters the answers use."""
    base = ALPHABETS.get(language, "")
    extra = set("".join(answers)) - set(base)
    return base + "".join(sorted(extra))


def letter_weights(alphabet: str, answers: Iterable[str]) -> list[float]:
    """Filler weights: the words' own letter frequencies, smoothed so that every
    letter of the alphabet can appear (a Spanish grid may show Ñ)."""
    counts = Counter("".join(answers))
    total = sum(counts.values()) or 1
    floor = total / (4 * len(alphabet))
    return [counts.get(ch, 0) + floor for ch in alphabet]


def make_word(text: str, language: str, accents: AccentPolicy | None = None,
              clue: str | None = None) -> Word:
    return Word(text=display_form(text), answer=grid_form(text, language, accents),
                clue=display_form(clue) if clue is not None else None)


# --- reading word lists ------------------------------------------------------------

def read_text_list(path: Path) -> list[tuple[str, None, int]]:
    """One word or phrase per line; blank lines and `#` comments skipped."""
    entries = []
    for number, line in enumerate(_read(path).splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if text:
            entries.append((text, None, number))
    return entries


def read_yaml_list(path: Path) -> list[tuple[str, str | None, int]]:
    """`word: clue` mapping, or a list of words / {word, clue} items."""
    text = _read(path)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SpecError(f"is not valid YAML ({getattr(exc, 'problem', exc)}); "
                        "write one `word: clue` pair per line",
                        file=str(path), line=mark.line + 1 if mark else None) from None
    if node is None:
        return []
    return entries_from_data(data, node, str(path))


def entries_from_data(data, node, file: str) -> list[tuple[str, str | None, int | None]]:
    """Accept a mapping {word: clue}, or a list of strings or {word, clue} items."""
    entries = []
    if isinstance(data, dict):
        for (key_node, value_node), (word, clue) in zip(node.value, data.items()):
            entries.append((_scalar(word, file, key_node), _clue(clue, file, value_node),
                            key_node.start_mark.line + 1))
    elif isinstance(data, list):
        for item_node, item in zip(node.value, data):
            line = item_node.start_mark.line + 1
            if isinstance(item, dict):
                if "word" not in item:
                    raise SpecError("an item of the list has no `word` key; write "
                                    "`- {word: ..., clue: ...}`", file=file, line=line)
                entries.append((_scalar(item["word"], file, item_node),
                                _clue(item.get("clue"), file, item_node), line))
            else:
                entries.append((_scalar(item, file, item_node), None, line))
    else:
        raise SpecError("a word list must be a list of words or a `word: clue` mapping",
                        file=file, line=node.start_mark.line + 1)
    return entries


def _scalar(value, file, node) -> str:
    if isinstance(value, (dict, list)) or value is None:
        raise SpecError(f"expected a word, found {type(value).__name__}",
                        file=file, line=node.start_mark.line + 1)
    return str(value)


def _clue(value, file, node) -> str | None:
    if value is None:
        return None
    return _scalar(value, file, node)


def _read(path: Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(f"is not UTF-8 text (byte {exc.start}); save it as UTF-8",
                        file=str(path)) from None
    except OSError as exc:
        raise SpecError(f"cannot be read ({exc.strerror})", file=str(path)) from None


def read_list_file(path: Path) -> list[tuple[str, str | None, int | None]]:
    if path.suffix.lower() in (".yaml", ".yml"):
        return read_yaml_list(path)
    return read_text_list(path)
