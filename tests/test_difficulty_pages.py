"""Difficulty on the page (from the catalogue) and in the manifest for every graded
kind, a warning when the grade missed the request, and the Queens key's legend."""
import pytest

from conftest import draw_kind
from publisher.kinds.numberlink import KIND as FLOW, NumberlinkParams
from publisher.kinds.queens import KIND as QUEENS, QueensParams
from publisher.kinds.wordsearch import KIND as SEARCH
from publisher.words import make_word

LEVEL_WORDS = {"en": {"easy": "Easy", "medium": "Medium", "hard": "Hard"},
               "es": {"easy": "Fácil", "medium": "Media", "hard": "Difícil"},
               "ru": {"easy": "лёгкая", "medium": "средняя", "hard": "трудная"}}
LABEL = {"en": "Difficulty:", "es": "Dificultad:", "ru": "Сложность:"}


def page_text(kind, board, language="en", page=0):
    reader, _ = draw_kind(kind, board, language=language)
    return " ".join(reader.pages[page].extract_text().split())


def search_board(directions, difficulty):
    words = [make_word(w, "en") for w in ("horse", "sheep", "goat", "chicken", "donkey")]
    params = SEARCH.request("t", words, (9, 9), directions, "en").params
    return SEARCH.generate(params.model_copy(update={"difficulty": difficulty}), 1)


def queens_grade(entry):
    """Independent reading of the Queens grade from the manifest."""
    if entry["variant"] == "classic":
        extra = len(entry["givens"]) - entry["stats"]["min_givens"]
        return ["hard", "medium"][extra] if extra < 2 else "easy"
    level = entry["stats"]["grade"]["level"]
    return {5: "hard", 4: "medium"}.get(level, "easy")


@pytest.mark.parametrize("language", ["en", "es", "ru"])
def test_every_kind_prints_its_grade_in_the_language(language):
    boards = [(SEARCH, search_board(["E", "S"], "easy"), "easy"),
              (FLOW, FLOW.generate(NumberlinkParams(rows=6, cols=6), 3), None),
              (QUEENS, QUEENS.generate(QueensParams(size=8), 2), None)]
    for kind, board, level in boards:
        entry = kind.manifest(board)
        level = level or entry["grade"]
        if kind is QUEENS:
            assert entry["grade"] == queens_grade(entry)
        text = page_text(kind, board, language)
        assert f"{LABEL[language]} {LEVEL_WORDS[language][level]}" in text, (kind.name, text)


def test_word_search_grade_follows_its_directions_and_warns_when_it_misses():
    easy = search_board(["E", "S"], "easy")
    assert SEARCH.manifest(easy)["grade"] == "easy" and not easy.warnings
    backwards = search_board(["E", "S", "W"], "easy")
    assert SEARCH.manifest(backwards)["grade"] == "hard"
    assert SEARCH.manifest(backwards)["difficulty"] == "easy"
    assert any("not easy" in w for w in backwards.warnings)


def test_queens_warns_when_the_grade_missed_and_not_otherwise():
    for seed in range(6):
        board = QUEENS.generate(QueensParams(size=8, difficulty="easy"), seed)
        missed = queens_grade(QUEENS.manifest(board)) != "easy"
        assert missed == any("asked for easy" in w for w in board.warnings)


def test_queens_answer_key_says_black_was_given_and_grey_is_the_answer():
    board = QUEENS.generate(QueensParams(size=8, difficulty="medium"), 1)
    assert board.givens
    assert "Black queens were given; grey queens are the answer." in page_text(
        QUEENS, board, page=1)
    regions = QUEENS.generate(QueensParams(variant="regions", size=6), 1)
    assert "grey queens" not in page_text(QUEENS, regions, page=1)    # nothing was given
