"""Difficulty on the page (from the catalogue) and in the manifest for every graded
kind, and a warning when the grade missed the request. (The Queens key's legend went with
its grey queens: tests/test_answer_key.py.)"""
from functools import cache

import pytest

from conftest import draw_kind
from publisher.data import data_dir
from publisher.kinds.codeword import KIND as CODEWORD, CodewordParams
from publisher.kinds.numberlink import KIND as FLOW, NumberlinkParams
from publisher.kinds.queens import KIND as QUEENS, QueensParams
from publisher.kinds.wordsearch import KIND as SEARCH
from publisher.words import make_word

LEVEL_WORDS = {"en": {"easy": "Easy", "medium": "Medium", "hard": "Hard"},
               "es": {"easy": "fácil", "medium": "media", "hard": "difícil"},
               "ru": {"easy": "лёгкая", "medium": "средняя", "hard": "трудная"}}
LABEL = {"en": "Difficulty:", "es": "Dificultad:", "ru": "Сложность:"}


def page_text(kind, board, language="en", page=0):
    reader, _ = draw_kind(kind, board, language=language)
    return " ".join(reader.pages[page].extract_text().split())


def search_board(directions, difficulty):
    words = [make_word(w, "en") for w in ("horse", "sheep", "goat", "chicken", "donkey")]
    params = SEARCH.request("t", words, (9, 9), directions, "en").params
    return SEARCH.generate(params.model_copy(update={"difficulty": difficulty}), 1)


@cache
def codeword_board():
    fill = data_dir("wordlists") / "en" / "fill.txt"
    params = CodewordParams(language="en", size=11, givens=2, difficulty="medium",
                            fill=str(fill))
    return CODEWORD.generate(params, 1)


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
              (QUEENS, QUEENS.generate(QueensParams(size=8), 2), None),
              (CODEWORD, codeword_board(), "medium")]
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


ES_BOOK = """\
title: Todo
language: es
seed: 3
sections:
  - {kind: wordsearch, title: Palabras, size: 8, candidates: 1, difficulty: hard,
     puzzles: [{title: Granja, words: [vaca, caballo, cerdo, cabra, oveja]}]}
  - kind: crossword
    title: Pistas
    size: 9
    candidates: 1
    puzzles:
      - {title: Mini, clues: {piano: Instrumento de teclas, tigre: Felino rayado,
                              manzana: Fruta roja o verde, río: Agua que corre}}
  - {kind: numberlink, title: Flujo, size: 6, count: 1, candidates: 1}
  - {kind: queens, title: Reinas, variant: regions, size: 6, count: 1, candidates: 1}
  - {kind: maze, title: Laberinto, size: 8, candidates: 1, difficulty: easy}
  - {kind: cryptogram, title: Código, texts: ["Los pulpos tienen tres corazones."]}
  - {kind: scramble, title: Revuelto, words: [planeta, jardín, naranja], candidates: 1}
  - {kind: fillin, title: Relleno, size: 9, candidates: 1,
     words: [planeta, jardín, naranja, invierno, lápiz, tigre]}
  - {kind: sudoku, title: Sudoku, size: 6, difficulty: easy, candidates: 1}
"""
ES_LEVELS = {"easy": "fácil", "medium": "media", "hard": "difícil", "expert": "muy difícil",
             "extreme": "extrema"}


def test_a_spanish_book_of_every_kind_prints_one_difficulty_form(tmp_path):
    """Every graded kind prints "Dificultad: <level>" (feminine, lower case, from the
    catalogue) with its manifest grade, and no page uses another form (Nivel, Medio)."""
    import json
    import re

    from pypdf import PdfReader

    from publisher.pipeline import build_book

    spec = tmp_path / "todo.yaml"
    spec.write_text(ES_BOOK, encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(result.pdf).pages]
    graded = [p for p in manifest["puzzles"] if p.get("grade")]
    assert {p["kind"] for p in graded} == {"wordsearch", "numberlink", "queens", "maze",
                                          "cryptogram", "sudoku"}
    for puzzle in manifest["puzzles"]:
        assert "difficulty" in puzzle or puzzle["kind"] in {"crossword", "scramble", "fillin"}
        text = pages[puzzle["page"] - 1]
        if puzzle.get("grade"):
            assert f"Dificultad: {ES_LEVELS[puzzle['grade']]}" in text, (puzzle["kind"], text)
    labels = [m.group(1) for page in pages
              for m in re.finditer(r"Dificultad: (muy difícil|\w+)", page)]
    assert len(labels) == len(graded) and set(labels) <= set(ES_LEVELS.values()), labels
    assert not any(re.search(r"\bNivel\b|\bMedio\b|Dificultad: [A-ZÁÉÍÓÚ]", page)
                   for page in pages)
