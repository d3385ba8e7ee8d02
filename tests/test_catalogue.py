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
