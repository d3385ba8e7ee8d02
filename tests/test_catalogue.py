"""The language catalogue: complete in every language, plural rules right, no English
fallback, and books in Spanish and Russian that show no English."""
import pytest

from publisher.ground.catalogue import CatalogueError, PLURAL_RULES, available, catalogue
from publisher.kinds import all_kinds

LANGUAGES = available()
CATEGORIES = {"one_other": {"one", "other"}, "one_upto_two": {"one", "other"},
              "east_slavic": {"one", "few", "many"}, "none": {"other"}}


def test_the_three_languages_are_there():
    assert {"en", "es", "ru"} <= set(LANGUAGES)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_language_has_every_english_key(code):
    missing = catalogue("en").keys() - catalogue(code).keys()
    assert not missing, f"{code}.yaml lacks {sorted(missing)}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_entries_have_the_forms_of_their_language(code):
    cat = catalogue(code)
    need = CATEGORIES[cat.data["language"]["plural"]]

    def walk(node):
        if isinstance(node, dict):
            if node and set(node) <= {"zero", "one", "two", "few", "many", "other"}:
                assert set(node) >= need, f"{code}: {node} lacks {need - set(node)}"
            else:
                for value in node.values():
                    walk(value)
    walk(cat.data)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(all_kinds()))
def test_every_kind_has_its_words_in_every_language(code, kind):
    text = catalogue(code).kind(kind)
    for key in ("title", "rule", "how_to_play"):
        assert text.text(key).strip()


@pytest.mark.parametrize("count,form", [(1, "головоломка"), (21, "головоломка"),
                                        (2, "головоломки"), (4, "головоломки"),
                                        (22, "головоломки"), (5, "головоломок"),
                                        (11, "головоломок"), (12, "головоломок"),
                                        (14, "головоломок"), (111, "головоломок"),
                                        (0, "головоломок")])
def test_russian_has_three_plural_forms(count, form):
    assert catalogue("ru").plural("book.puzzles", count) == f"{count} {form}"


def test_english_and_spanish_plurals():
    assert catalogue("en").plural("kinds.queens.given", 1) == "1 is given."
    assert catalogue("en").plural("kinds.queens.given", 3) == "3 are given."
    assert catalogue("es").plural("book.puzzles", 1) == "1 pasatiempo"
    assert catalogue("es").plural("book.puzzles", 0) == "0 pasatiempos"


def test_a_missing_key_or_language_is_an_error_not_english():
    with pytest.raises(CatalogueError):
        catalogue("es").text("book.no_such_key")
    with pytest.raises(CatalogueError):
        catalogue("de")


def test_upper_casing_follows_the_language():
    assert PLURAL_RULES["east_slavic"](3) == "few"
    assert catalogue("en").upper("ijs") == "IJS"
    from publisher.ground import catalogue as module
    assert module.CASINGS["turkic"]("istanbul ılık") == "İSTANBUL ILIK"


BOOKS = {
    "es": """\
title: Pasatiempos
author: Ana
seed: 4
language: es
sections:
  - kind: wordsearch
    size: 12
    candidates: 2
    count: 2
    words_per_puzzle: 8
    words: es/animales
  - kind: crossword
    size: 11
    candidates: 2
    count: 1
    words_per_puzzle: 8
    clues: es/general-clues
  - kind: numberlink
    size: 6
    candidates: 2
  - kind: queens
    size: 8
    candidates: 2
  - kind: queens
    variant: regions
    size: 6
    candidates: 2
""",
    "ru": """\
title: Головоломки
seed: 4
language: ru
sections:
  - kind: wordsearch
    size: 12
    candidates: 2
    count: 2
    words_per_puzzle: 8
    words: ru/animals
  - kind: crossword
    size: 9
    candidates: 2
    puzzles:
      - title: Кроссворд дня
        clues: {кот: Домашнее животное, река: Течёт к морю, лес: Много деревьев,
                сок: Напиток из фруктов, рыба: Живёт в воде, окно: Смотрит на улицу}
  - kind: crossword
    size: 11
    candidates: 2
    count: 1
    words_per_puzzle: 8
    clues: ru/general-clues
  - kind: numberlink
    size: 6
    candidates: 2
  - kind: queens
    size: 8
    candidates: 2
  - kind: queens
    variant: regions
    size: 6
    candidates: 2
""",
}


# English catalogue words that are also words of the other language.
SHARED = {"es": {"diagonal", "par"}, "ru": set()}     # Spanish words too ("par": a pair)


def english_words_only(code: str) -> set[str]:
    """The words of the English catalogue's texts (placeholders and the language's own
    settings left out) that are not also words of `code`."""
    import re

    cat = catalogue("en")
    found = set()
    for key in cat.keys():
        if key.startswith("language."):
            continue
        value = cat.lookup(key)
        texts = value.values() if isinstance(value, dict) else (
            value if isinstance(value, list) else [value])
        for text in texts:
            text = re.sub(r"\{[^}]*\}", " ", str(text))
            found.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", text))
    return found - SHARED[code]


@pytest.mark.parametrize("code", ["es", "ru"])
def test_a_book_in_spanish_or_russian_shows_no_english(code, tmp_path):
    import re

    from pypdf import PdfReader

    from publisher.pipeline import build_book

    spec = tmp_path / f"{code}.yaml"
    spec.write_text(BOOKS[code], encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    text = " ".join(page.extract_text() for page in PdfReader(result.pdf).pages)
    found = {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)} & english_words_only(code)
    assert not found, f"English in the {code} book: {sorted(found)}"
    assert catalogue(code).text("book.answers") in text
