"""The bundled clue databases (wordlists/<lang>/clues.yaml) stay loadable and usable.

Checked independently of the publisher's loader: raw YAML composition for duplicate keys,
plain Unicode handling for lengths and accent folding.
"""
import functools
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import YAML_LOADER

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
MINIMUM = {"en": 4000, "es": 2000, "ru": 3000, "de": 3000, "fr": 3000, "it": 3000, "pt": 3000,
           "nl": 3000}
OWN_LETTERS = {"es": "Ñ", "ru": "ЁЙ"}
# Letters a grid writes as two: German ß, French Œ/Æ, German umlauts (expanded by default).
SPELLED_OUT = {"ß": "SS", "Œ": "OE", "Æ": "AE"}
SPELLED_OUT_DE = {"Ä": "AE", "Ö": "OE", "Ü": "UE"}


@functools.cache
def _load(lang: str) -> tuple[str, dict]:
    text = (WORDLISTS / lang / "clues.yaml").read_text(encoding="utf-8")
    return text, yaml.load(text, Loader=YAML_LOADER)


def _letters(word: str) -> str:
    return re.sub(r"[ \-]", "", str(word))


def _folded(word: str, lang: str) -> str:
    out = []
    for ch in _letters(word).upper():
        if ch in SPELLED_OUT or (lang == "de" and ch in SPELLED_OUT_DE):
            out.append(SPELLED_OUT.get(ch) or SPELLED_OUT_DE[ch])
            continue
        if ch not in OWN_LETTERS.get(lang, ""):
            ch = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


@pytest.mark.parametrize("lang", sorted(MINIMUM))
def test_clue_list_is_a_big_enough_str_to_str_mapping_without_duplicate_keys(lang):
    text, data = _load(lang)
    keys = [key.value for key, _ in yaml.compose(text, Loader=YAML_LOADER).value]
    assert [k for k, n in Counter(keys).items() if n > 1] == []
    assert len(data) >= MINIMUM[lang]
    odd = [(w, c) for w, c in data.items() if not (isinstance(w, str) and isinstance(c, str) and c)]
    assert odd == []  # e.g. an unquoted `yes:` key or `No` clue turns into a bool


@pytest.mark.parametrize("lang", sorted(MINIMUM))
def test_answers_are_lower_case_words_of_three_to_eight_letters(lang):
    _, data = _load(lang)
    bad = [w for w in data if str(w) != str(w).lower() or not _letters(w).isalpha()
           or not 3 <= len(_letters(w)) <= 8]
    assert bad == []


@pytest.mark.parametrize("lang", sorted(MINIMUM))
def test_no_clue_contains_its_own_answer(lang):
    _, data = _load(lang)
    bad = [(w, c) for w, c in data.items()
           if re.search(rf"(?<!\w){re.escape(str(w))}(?!\w)", str(c), flags=re.IGNORECASE)]
    assert bad == []


@pytest.mark.parametrize("lang", sorted(MINIMUM))
def test_no_two_answers_fold_to_the_same_grid_word(lang):
    # Accents are stripped in grids by default, so más/mas would be one grid word twice.
    _, data = _load(lang)
    folded = Counter(_folded(w, lang) for w in data)
    assert [w for w, n in folded.items() if n > 1] == []


def test_header_counts_match_the_entries():
    for lang in MINIMUM:
        text, data = _load(lang)
        header = next(line for line in text.splitlines() if line.startswith("# Answers:"))
        lengths = Counter(len(_letters(w)) for w in data)
        expected = f"# Answers: {len(data)}; by length (letters): " + ", ".join(
            f"{n}: {lengths[n]}" for n in range(3, 9))
        assert header == expected


# Issue 30: a clue database covers most of the fill its crosswords use: at least 80% of
# the 2,000 best-scored fill words of 3-8 letters (Russian: its crossword list).
COVERED_FILL = {"de": "de/fill", "fr": "fr/fill", "it": "it/fill", "pt": "pt/fill",
                "nl": "nl/fill", "ru": "ru/crossword-fill"}


@pytest.mark.parametrize("lang", sorted(COVERED_FILL))
def test_clues_cover_the_most_used_fill_words(lang):
    _, data = _load(lang)
    clued = {_folded(w, lang) for w in data}
    top: list[str] = []
    lines = (WORDLISTS / f"{COVERED_FILL[lang]}.txt").read_text(encoding="utf-8").splitlines()
    ranked = sorted((line.split(";") for line in lines if line and not line.startswith("#")),
                    key=lambda pair: -int(pair[1]))      # best first (a stable sort keeps ties)
    top = [word for word, _ in ranked if 3 <= len(word) <= 8][:2000]
    covered = sum(word in clued for word in top)
    assert covered >= 0.8 * len(top), f"{lang}: {covered} of {len(top)} clued"


@pytest.mark.parametrize("lang", sorted(MINIMUM))
def test_no_clue_holds_its_answers_root(lang):
    from test_content import gives_the_answer_away, letters_only

    _, data = _load(lang)
    bad = [(w, c) for w, clues in data.items()
           for c in (clues if isinstance(clues, list) else [clues])
           if gives_the_answer_away(letters_only(str(w), lang), str(c), lang)]
    assert bad == []
