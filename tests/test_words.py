import pytest

from publisher.words import alphabet_for, display_form, grid_form, letter_weights, stray_symbol


@pytest.mark.parametrize("text, language, expected", [
    ("ice cream", "en", "ICECREAM"),
    ("sea-horse", "en", "SEAHORSE"),
    ("o'clock", "en", "OCLOCK"),
    ("café", "en", "CAFE"),
    ("camión", "es", "CAMION"),
    ("niño", "es", "NIÑO"),
    ("pingüino", "es", "PINGUINO"),
    ("ёжик", "ru", "ЁЖИК"),
    ("чайка", "ru", "ЧАЙКА"),
    ("Ёлка", "ru", "ЁЛКА"),
])
def test_grid_form_by_language(text, language, expected):
    assert grid_form(text, language) == expected


@pytest.mark.parametrize("text", ["ice cream", "sea-horse", "o'clock", "l’eau", "Mr. Ed",
                                  "¡hola!", "«ёлка»", "l·lamp", "B-52", "peut-être"])
def test_what_a_grid_drops_on_purpose_is_no_stray_symbol(text):
    assert stray_symbol(text) is None


@pytest.mark.parametrize("text, symbol", [("c@t", "@"), ("a+b", "+"), ("x_y", "_"),
                                          ("rock & roll", "&"), ("50%off", "%")])
def test_a_symbol_inside_a_word_is_found(text, symbol):
    assert stray_symbol(text) == symbol


def test_decomposed_input_is_normalised_first():
    decomposed = "nin\u0303o"          # n + combining tilde, as some editors save it
    assert grid_form(decomposed, "es") == "NIÑO"
    assert display_form(decomposed) == "niño"


def test_accent_policy_can_be_overridden():
    assert grid_form("camión", "es", "keep") == "CAMIÓN"
    assert grid_form("ёжик", "ru", "strip") == "ЁЖИК"   # Ё is a letter of its own


def test_display_form_keeps_the_phrase():
    assert display_form("  ice   cream ") == "ice cream"


def test_alphabet_is_the_languages_own():
    assert "Ñ" in alphabet_for("es")
    assert set(alphabet_for("ru")) >= set("ЁЙЖ") and not set(alphabet_for("ru")) & set("ABC")
    assert alphabet_for("en", ["ÆRØ"]).count("Æ") == 1   # letters of the words join it


def test_letter_weights_follow_the_words_but_allow_every_letter():
    alphabet = alphabet_for("es")
    weights = dict(zip(alphabet, letter_weights(alphabet, ["AAAA", "NIÑO"])))
    assert weights["A"] > weights["N"] > weights["Z"] > 0


def test_a_clue_database_may_give_a_word_several_clues(tmp_path):
    from publisher.words import read_list_file

    path = tmp_path / "desk.yaml"
    path.write_text("cat: [Purring pet, Lion's cousin]\ndog: Barking pet\nowl: ['', Night bird]\n",
                    encoding="utf-8")
    assert [(w, c) for w, c, _ in read_list_file(path)] == [
        ("cat", "Purring pet"), ("dog", "Barking pet"), ("owl", "Night bird")]
