"""Word-search filler looks natural and is clean: no run of three equal filler letters,
letters in the words' proportions, no rude word from the bundled blocklists in any of
the 8 directions (except inside a puzzle word). The checkers here share no code with
the generator: they read the grid and the blocklist files themselves."""
import random
import unicodedata
from collections import Counter

import pytest

from conftest import EIGHT, ROOT
from publisher.kinds.wordsearch import KIND
from publisher.kinds.wordsearch.generator import DIRECTIONS
from publisher.words import make_word

WORDS = {
    "en": ("PEACOCK GRAPES URANUS ELEPHANT GIRAFFE KANGAROO PENGUIN DOLPHIN OCTOPUS "
           "SQUIRREL TORTOISE HEDGEHOG FLAMINGO LEOPARD CHEETAH GORILLA HAMSTER LOBSTER "
           "PELICAN RACCOON SPARROW TOUCAN WALRUS BEAVER BADGER COYOTE DONKEY").split(),
    "es": ("PERRO GATO CABALLO CONEJO TORTUGA ÁGUILA PIÑA MONTAÑA CIGÜEÑA LEÓN RATÓN "
           "CAMELLO JIRAFA ELEFANTE DELFÍN BALLENA TIBURÓN PULPO CANGREJO ARDILLA").split(),
    "ru": ("СОБАКА КОШКА ЛОШАДЬ КОРОВА ЁЖИК ЗАЙКА ВОЛК МЕДВЕДЬ ЛИСИЦА БЕЛКА ВОРОНА "
           "ЖУРАВЛЬ ЛЕБЕДЬ ЧАЙКА ПИНГВИН ДЕЛЬФИН ЧЕРЕПАХА ЯЩЕРИЦА").split(),
}
KEEP = {"es": "Ñ", "ru": "ЁЙ", "en": ""}


def plain(word: str, language: str) -> str:
    out = []
    for ch in word.upper():
        if not ch.isalpha():
            continue
        if ch not in KEEP[language]:
            ch = "".join(c for c in unicodedata.normalize("NFD", ch)
                         if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


def rude_words(language: str) -> set[str]:
    lines = (ROOT / "wordlists" / "blocklist" / f"{language}.txt").read_text("utf-8")
    return {plain(line.split("#")[0].strip(), language) for line in lines.splitlines()
            if line.split("#")[0].strip()}


def board_for(words, language, seed, size=10, guard=True):
    params = KIND.request("t", [make_word(w, language) for w in words], (size, size),
                          [name for name, _, _ in DIRECTIONS], language).params
    return KIND.generate(params.model_copy(update={"guard": guard}), seed)


def word_cells(board):
    """cell -> the indices of the placed words that cover it (from the placements)."""
    owners: dict = {}
    for w, r, c, d in board.placements:
        _, dr, dc = DIRECTIONS[d]
        for k in range(len(board.words[w][1])):
            owners.setdefault((r + k * dr, c + k * dc), set()).add(w)
    return owners


def readings(board, length):
    """Every straight reading of `length` cells in the 8 directions: (text, cells)."""
    for r in range(board.rows):
        for c in range(board.cols):
            for dr, dc in EIGHT:
                cells = [(r + k * dr, c + k * dc) for k in range(length)]
                if all(0 <= rr < board.rows and 0 <= cc < board.cols for rr, cc in cells):
                    yield "".join(board.cell(rr, cc) for rr, cc in cells), cells


def lines(board):
    """Every full line in the 8 directions, as (text, cells), from the grid alone."""
    for dr, dc in EIGHT:
        for r in range(board.rows):
            for c in range(board.cols):
                if 0 <= r - dr < board.rows and 0 <= c - dc < board.cols:
                    continue                         # not where a line starts
                cells = []
                rr, cc = r, c
                while 0 <= rr < board.rows and 0 <= cc < board.cols:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                yield "".join(board.cell(*cell) or "." for cell in cells), cells


def rude_found(board, rude):
    owners = word_cells(board)
    found = []
    for text, cells in lines(board):
        for word in rude:
            at = text.find(word)
            while at >= 0:
                span = cells[at:at + len(word)]
                if not set.intersection(*(owners.get(cell, set()) for cell in span)):
                    found.append(word)         # not inside one puzzle word
                at = text.find(word, at + 1)
    return found


def filler_runs(board):
    """Runs of 3+ equal letters (4 axes) with at least one cell no word covers."""
    owners = word_cells(board)
    bad = []
    for text, cells in readings(board, 3):
        if len(set(text)) == 1 and text and any(cell not in owners for cell in cells):
            bad.append(text)
    return bad


@pytest.mark.parametrize("language", ["en", "es", "ru"])
def test_a_hundred_grids_show_no_rude_word_and_no_filler_run(language):
    rude = rude_words(language)
    rng = random.Random(7)
    for seed in range(100):
        words = rng.sample(WORDS[language], 7)
        board = board_for(words, language, seed)
        assert not rude_found(board, rude), (seed, rude_found(board, rude))
        assert not filler_runs(board), (seed, filler_runs(board))


def test_dense_grids_keep_rude_words_out_of_word_crossings_too():
    """Crowded grids: most cells are word letters, so crossings must be checked too."""
    rude = rude_words("en")
    rng = random.Random(3)
    for seed in range(12):
        words = rng.sample(WORDS["en"], 20)
        board = board_for(words, "en", seed, size=12)
        assert len(board.placements) >= 15
        assert not rude_found(board, rude), (seed, rude_found(board, rude))


def test_without_the_guard_random_filler_does_spell_rude_words():
    """The checker above can see them: with forbidden_defaults off they turn up."""
    rude = rude_words("en")
    hits = sum(bool(rude_found(board_for(WORDS["en"][:4], "en", seed, guard=False), rude))
               for seed in range(60))
    assert hits > 0


def test_puzzle_words_that_hold_a_rude_word_are_still_placed():
    board = board_for(["PEACOCK", "GRAPES", "URANUS", "SCUNTHORPE"], "en", 3, size=11)
    assert not board.unplaced


def test_filler_letters_follow_the_words_proportions():
    rng = random.Random(1)
    filler, letters = Counter(), Counter()
    for seed in range(40):
        words = rng.sample(WORDS["en"], 6)
        board = board_for(words, "en", seed, size=11)
        owners = word_cells(board)
        letters.update("".join(words))
        filler.update(board.cell(r, c) for r in range(board.rows) for c in range(board.cols)
                      if (r, c) not in owners)
    n_f, n_w = sum(filler.values()), sum(letters.values())
    distance = sum(abs(filler[ch] / n_f - letters[ch] / n_w) for ch in set(filler) | set(letters))
    assert distance / 2 < 0.065, distance / 2      # the old 1/4 floor gave 0.087
