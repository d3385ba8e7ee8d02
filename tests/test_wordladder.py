"""Word ladders checked by a walker written here: the fill list and clue database read
with plain parsing (not the kind's), a BFS over one-letter neighbours for par, and a
brute-force count of the ladders that fit the printed clues."""
from __future__ import annotations

import itertools
import unicodedata
from collections import deque
from functools import cache
from pathlib import Path

import pytest
import yaml

from conftest import draw_kind, read_yaml, spec_error
from publisher.errors import GenerationFailed
from publisher.kinds import all_kinds
from publisher.kinds.wordladder.ladder import common_score
from publisher.plan import plan_book
from publisher.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent / "wordlists"
KIND = all_kinds()["wordladder"]


def grid(text: str) -> str:
    """Upper case, accents off except the letters that are letters of their own."""
    out = []
    for ch in unicodedata.normalize("NFC", text.upper()):
        if ch in "ÑЁЙ":
            out.append(ch)
        elif ch.isalpha():
            out.append(unicodedata.normalize("NFD", ch)[0])
    return "".join(out)


@cache
def common(language: str, length: int) -> frozenset[str]:
    words = set()
    for line in (ROOT / language / "fill.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, score = line.split(";")
            if len(word) == length and int(score) >= common_score(length):
                words.add(word)
    return frozenset(words)


@cache
def blocked(language: str) -> frozenset[str]:
    out = set()
    for path in (ROOT / "blocklist" / f"{language}.txt", ROOT / "blocklist" / "fill" / f"{language}.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.split("#")[0].strip()
            if word:
                out.add(grid(word))
    return frozenset(out)


def one_letter_apart(a: str, b: str) -> bool:
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1


def bfs(words: frozenset[str], start: str, end: str) -> int | None:
    """Steps from start to end, trying every letter of the alphabet at every place."""
    letters = sorted({ch for w in words for ch in w})
    seen, queue = {start: 0}, deque([start])
    while queue:
        w = queue.popleft()
        if w == end:
            return seen[w]
        for i in range(len(w)):
            for ch in letters:
                v = w[:i] + ch + w[i + 1:]
                if v in words and v not in seen and \
                        unicodedata.normalize("NFD", ch)[0] != unicodedata.normalize("NFD", w[i])[0]:
                    seen[v] = seen[w] + 1
                    queue.append(v)
    return None


def boards(tmp_path, section: dict, seeds=(1, 2)):
    path = tmp_path / "l.yaml"
    path.write_text(yaml.safe_dump({"title": "L", "sections": [{"kind": "wordladder", **section}]},
                                   allow_unicode=True), encoding="utf-8")
    jobs = plan_book(load_spec(path))
    return [KIND.generate(jobs[0].params, seed) for seed in seeds]


def check_ladder(board, language: str, length: int, steps: int) -> None:
    words = common(language, length)
    assert board.solution[0] == board.start and board.solution[-1] == board.end
    assert board.par == steps == len(board.solution) - 1
    assert len(set(board.solution)) == len(board.solution)
    for a, b in zip(board.solution, board.solution[1:]):
        assert one_letter_apart(a, b), (a, b)
    for w in board.solution:
        assert w in words, f"{w} is not a common word"
        assert w not in blocked(language)
    assert bfs(words, board.start, board.end) == board.par     # nothing shorter


@pytest.mark.parametrize("language,length,steps", [("en", 4, 5), ("es", 5, 4), ("ru", 4, 6),
                                                   ("en", 3, 8)])
def test_ladders_walk_common_words_in_par_steps(tmp_path, language, length, steps):
    for board in boards(tmp_path, {"language": language, "length": length, "steps": steps}):
        check_ladder(board, language, length, steps)
        assert board.clues is None


@cache
def clue_words(language: str) -> dict[str, set[str]]:
    """clue -> the words it clues, from the database read as plain YAML."""
    out: dict[str, set[str]] = {}
    data = read_yaml(ROOT / language / "clues.yaml")
    for word, clues in data.items():
        for clue in clues if isinstance(clues, list) else [clues]:
            out.setdefault(str(clue), set()).add(grid(str(word)))
    return out


@pytest.mark.parametrize("language,length,steps", [("en", 4, 5), ("es", 4, 4), ("en", 5, 3),
                                                    ("ru", 4, 4)])
def test_clued_ladders_fit_their_clues_alone(tmp_path, language, length, steps):
    for board in boards(tmp_path, {"language": language, "length": length, "steps": steps,
                                   "clues": True}):
        check_ladder(board, language, length, steps)
        rungs = board.solution[1:-1]
        assert len(board.clues) == len(rungs)
        options = []
        for clue, word in zip(board.clues, rungs):
            fitting = {w for w in clue_words(language)[clue] if len(w) == length}
            assert word in fitting
            options.append(sorted(fitting))
        ladders = [p for p in itertools.product(*options)
                   if all(one_letter_apart(a, b) for a, b in
                          zip((board.start,) + p, p + (board.end,)))]
        assert ladders == [tuple(rungs)]


def test_a_clue_shared_by_two_words_can_make_two_ladders():
    """What the uniqueness check is for: the database gives one clue to several words
    (so a generator that ignored it could print two answers)."""
    shared = [ws for ws in clue_words("en").values() if len(ws) > 1]
    assert shared


def test_same_seed_same_ladder(tmp_path):
    a, b = boards(tmp_path, {"length": 4, "steps": 5, "clues": True}, seeds=(7, 7))
    assert a == b


def test_a_language_without_a_clue_database_refuses_clues(tmp_path, monkeypatch):
    import publisher.kinds.wordladder as ladder_kind

    words = tmp_path / "wordlists"
    (words / "ru").mkdir(parents=True)
    (words / "ru" / "fill.txt").write_text("КОТ;90\n", encoding="utf-8")
    monkeypatch.setattr(ladder_kind, "data_dir", lambda name: words)
    message = spec_error(tmp_path, {"kind": "wordladder", "language": "ru", "clues": True})
    assert "clues.yaml" in message and "clues: false" in message


def test_an_impossible_ladder_fails_fast(tmp_path):
    path = tmp_path / "l.yaml"
    path.write_text(yaml.safe_dump({"title": "L", "language": "ru", "sections": [
        {"kind": "wordladder", "length": 6, "steps": 10}]}), encoding="utf-8")
    params = plan_book(load_spec(path))[0].params
    with pytest.raises(GenerationFailed, match="10-step"):
        KIND.generate(params, 1)


def test_out_of_range_keys_are_spec_errors(tmp_path):
    assert "length" in spec_error(tmp_path, {"kind": "wordladder", "length": 7})
    assert "steps" in spec_error(tmp_path, {"kind": "wordladder", "steps": 2})


def test_large_print_ladder_answers_share_a_page(write_spec, tmp_path):
    """Four 6-word ladder answers on one large-print page, every text at 16 pt or more
    (each took half a page: the layout allowed two, and a ladder's par line was counted
    a box high, so even two did not fit)."""
    import json

    from pdfmarks import page_marks, smallest_text
    from publisher.pipeline import build_book

    result = build_book(write_spec("title: Ladders\nlayout: large-print\nseed: 2\n"
                                   "sections:\n  - {kind: wordladder, steps: 5, count: 4}\n"),
                        tmp_path / "out", workers=1)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert all(len(p["solution"]) == 6 for p in puzzles)
    pages = {p["answer_page"] for p in puzzles}
    assert len(pages) == 1
    assert smallest_text(page_marks(result.pdf.read_bytes(), pages.pop() - 1)) >= 16 - 0.05


def test_manifest_round_trip_and_drawing(tmp_path):
    board = boards(tmp_path, {"length": 4, "steps": 4, "clues": True}, seeds=(3,))[0]
    entry = KIND.manifest(board)
    assert set(entry) == {"start", "end", "solution", "par", "clues"}
    assert KIND.from_manifest(entry) == board
    reader, _ = draw_kind(KIND, board)
    puzzle, answer = (page.extract_text() for page in reader.pages)
    assert board.start in puzzle.replace(" ", "") and board.clues[0] in puzzle
    assert all(w not in puzzle.replace(" ", "") for w in board.solution[1:-1])
    assert all(w in answer.replace(" ", "").replace("\n", "") for w in board.solution)


def _examples(write_spec, sections: str) -> dict:
    from publisher.batch import SerialExecutor, generate_all
    from publisher.pipeline import how_to_play_examples
    spec = load_spec(write_spec(f"title: E\nseed: 3\nsections:\n{sections}"))
    return how_to_play_examples(generate_all(plan_book(spec), 3, SerialExecutor()), 3)


def test_a_quote_with_a_rung_of_the_example_keeps_the_ladder_example(write_spec):
    """WARM in a cryptogram's quote gives nothing of the quote away on the ladder's page:
    the example stays, while the cryptogram's own example still avoids the quote's words.
    The book's ladder has 5 letters, so no rung of its own can bar the 4-letter example."""
    examples = _examples(write_spec, '  - {kind: cryptogram, texts: ["A smooth road does '
                         'get warm."]}\n  - {kind: wordladder, length: 5, steps: 3}\n')
    assert examples["wordladder"].kept.solution == ["COLD", "CORD", "CARD", "WARD", "WARM"]
    assert "smooth" not in examples["cryptogram"].kept.plaintext.lower()


def test_a_ladder_answer_in_the_example_gives_the_next_example_ladder(write_spec):
    examples = _examples(write_spec, "  - {kind: scramble, words: [cold, planet, garden], "
                         "candidates: 1}\n  - {kind: wordladder, length: 4, steps: 3}\n")
    ladder = examples["wordladder"].kept.solution
    assert ladder and "COLD" not in ladder


def test_answers_taking_out_every_example_ladder_leave_a_made_one(write_spec):
    """WARD and POOL (as the book's ladders TOOK-TOOL-POOL and VARY-WARY-WARD did) take
    out both catalogue ladders: the page shows a short ladder made without any answer of
    the book (it showed no example)."""
    examples = _examples(write_spec, "  - {kind: scramble, words: [ward, pool, planet], "
                         "candidates: 1}\n  - {kind: wordladder, length: 4, steps: 5}\n")
    ladder = examples["wordladder"].kept
    check_ladder(ladder, "en", 4, 4)
    assert not {"WARD", "POOL", "PLANET"} & set(ladder.solution)


@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "it", "nl", "pt", "ru"])
def test_each_language_has_two_example_ladders_sharing_no_word(language):
    """One answer of the book can take out only one of them: the page keeps an example."""
    data = yaml.safe_load((Path(__file__).resolve().parent.parent / "publisher" / "languages"
                           / f"{language}.yaml").read_text(encoding="utf-8"))
    ladders = [[grid(w) for w in ladder]
               for ladder in data["kinds"]["wordladder"]["example_ladders"]]
    assert len(ladders) >= 2 and not set(ladders[0]) & set(ladders[1])
    for ladder in ladders:
        assert all(len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1
                   for a, b in zip(ladder, ladder[1:])), ladder
