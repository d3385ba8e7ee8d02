"""The word-search generator: placement, exactly-once, filler, refusals."""
import random

import pytest

from conftest import EIGHT, count_in_grid
from publisher.kinds.wordsearch import KIND, clash
from publisher.kinds.wordsearch.generator import DIRECTIONS
from publisher.words import alphabet_for, make_word

ANIMALS = ("ELEPHANT GIRAFFE KANGAROO PENGUIN DOLPHIN OCTOPUS SQUIRREL TORTOISE HEDGEHOG "
           "BUTTERFLY CROCODILE FLAMINGO LEOPARD CHEETAH GORILLA HAMSTER LOBSTER PELICAN "
           "RACCOON SPARROW TOUCAN WALRUS BEAVER BADGER COYOTE DONKEY FALCON JAGUAR LIZARD "
           "MONKEY PARROT RABBIT SALMON TURTLE WOMBAT ZEBRA MOOSE OTTER PANDA BISON").split()


def params(words, size=15, directions=range(8), language="en", forbidden=()):
    """The params the book gives the generator (through the kind's own request)."""
    return KIND.request("t", [make_word(w, language) for w in words], (size, size),
                        [DIRECTIONS[d][0] for d in directions], language, forbidden).params


def grid_of(board):
    return [[board.cell(r, c) for c in range(board.cols)] for r in range(board.rows)]


@pytest.mark.parametrize("seed", range(12))
def test_every_placed_word_appears_exactly_once(seed):
    rng = random.Random(seed)
    words = rng.sample(ANIMALS, 18)
    board = KIND.generate(params(words, size=14), seed)
    grid = grid_of(board)
    assert not board.unplaced
    for word in words:
        assert count_in_grid(grid, word) == 1, word


def test_placements_match_the_letters_and_directions():
    board = KIND.generate(params(ANIMALS[:20], directions=[0, 1]), 3)   # easy: E and S only
    for w, r, c, d in board.placements:
        answer = board.words[w][1]
        dr, dc = EIGHT[d]
        assert (dr, dc) in {(0, 1), (1, 0)}
        assert "".join(board.cell(r + k * dr, c + k * dc) for k in range(len(answer))) == answer


def test_dense_list_places_nearly_all_words():
    """40 words of 4-10 letters in 15x15 at hard difficulty (word-search-generator places
    30; the greedy placement with an ejection chain this replaced placed 35-37), each
    exactly once, and the crowded crossings spell no rude word."""
    from test_wordsearch_filler import rude_found, rude_words
    rude = rude_words("en")
    placed = []
    for seed in range(3):
        board = KIND.generate(params(ANIMALS), seed)
        placed.append(len(board.placements))
        grid = grid_of(board)
        for w, *_ in board.placements:
            assert count_in_grid(grid, board.words[w][1]) == 1, board.words[w]
        assert not rude_found(board, rude)
    assert min(placed) >= 36 and max(placed) >= 38, placed


def test_unplaceable_words_are_reported_not_dropped():
    board = KIND.generate(params(ANIMALS, size=8), 1)
    assert board.unplaced
    assert set(board.unplaced) | {board.words[w][0] for w, *_ in board.placements} == set(ANIMALS)
    assert any("could not place" in w for w in board.warnings)


def test_russian_grid_is_all_cyrillic():
    words = ["кошка", "собака", "ёжик", "медведь", "лиса", "волк", "заяц"]
    board = KIND.generate(params(words, size=12, language="ru"), 5)
    assert set(board.letters) <= set(alphabet_for("ru"))
    assert count_in_grid(grid_of(board), "ЁЖИК") == 1


def test_spanish_filler_uses_the_spanish_alphabet():
    words = ["araña", "piña", "niño", "montaña", "camión", "ratón"]
    letters = set()
    for seed in range(6):
        letters.update(KIND.generate(params(words, size=12, language="es"), seed).letters)
    assert "Ñ" in letters and letters <= set(alphabet_for("es"))
    assert not letters & set("ÁÉÍÓÚ")       # the default policy prints CAMION


def test_forbidden_words_never_appear():
    forbidden = ["BAD", "ZZ", "RAT"]
    for seed in range(5):
        board = KIND.generate(params(ANIMALS[:15], forbidden=forbidden), seed)
        grid = grid_of(board)
        assert all(count_in_grid(grid, f) == 0 for f in forbidden)


def test_same_seed_same_board_different_seed_different_board():
    a = KIND.generate(params(ANIMALS[:15]), 42)
    b = KIND.generate(params(ANIMALS[:15]), 42)
    c = KIND.generate(params(ANIMALS[:15]), 43)
    assert a == b and a.letters != c.letters


def test_clash_detects_words_inside_words_both_ways():
    assert clash("CAT", "CATERPILLAR") and clash("TAC", "CATERPILLAR")
    assert not clash("DOG", "CAT")


def test_score_counts_placed_words_first():
    """Documented score: 1000 per placed word dominates the quality terms (< 1000)."""
    for board in (KIND.generate(params(ANIMALS[:10]), 1), KIND.generate(params(ANIMALS, 8), 1)):
        assert 1000 * len(board.placements) < board.score < 1000 * (len(board.placements) + 1)


def test_forbidden_words_are_written_like_the_grid(write_spec, tmp_path):
    """A Spanish forbidden word with an accent or a space still never appears."""
    import json

    from publisher.pipeline import build_book
    spec = write_spec("""\
title: T
language: es
sections:
  - kind: wordsearch
    size: 6
    candidates: 6
    forbidden: [ala, "o so", culó]
    puzzles:
      - {title: A, words: [pato, gato, pez]}
""")
    manifest = json.loads(build_book(spec, tmp_path, workers=1).manifest.read_text("utf-8"))
    grid = manifest["puzzles"][0]["grid"]
    for word in ("ALA", "OSO", "CULO"):
        assert count_in_grid(grid, word) == 0


@pytest.mark.parametrize("difficulty, warned", [(None, False), ("hard", False), ("easy", True)])
def test_directions_warn_only_against_a_difficulty_asked_for(write_spec, difficulty, warned):
    """`directions: [E, S, W, N]` instead of a difficulty asks for a hard search: no
    warning about the default `medium`; an `easy` asked for beside them is warned about."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    asked = f", difficulty: {difficulty}" if difficulty else ""
    spec = load_spec(write_spec(
        "title: T\nsections:\n  - {kind: wordsearch, size: 10, directions: [E, S, W, N]"
        f"{asked}, puzzles: [{{title: Farm, words: [cow, horse, goat, duck]}}]}}\n"))
    (job,) = plan_book(spec)
    board = KIND.generate(job.params, 1)
    assert board.grade == "hard"
    assert any("make a hard word search" in w for w in board.warnings) == warned
