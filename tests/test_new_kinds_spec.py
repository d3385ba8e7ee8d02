"""The four newer kinds through the real spec loader and planner: what a spec may
say, and the errors it gets back (each names the field and the culprit)."""
from __future__ import annotations

import pytest
import yaml

from publisher.errors import SpecError
from publisher.kinds import all_kinds
from publisher.plan import plan_book
from publisher.spec import load_spec


def plan(tmp_path, section, **book):
    path = tmp_path / "book.yaml"
    path.write_text(yaml.safe_dump({"title": "T", "seed": 3, **book, "sections": [section]},
                                   allow_unicode=True), encoding="utf-8")
    return plan_book(load_spec(path))


def build(tmp_path, section):
    job = plan(tmp_path, section)[0]
    return all_kinds()[section["kind"]].generate(job.params, 1)


def test_cryptogram_refuses_a_short_text_by_name(tmp_path):
    with pytest.raises(SpecError) as err:
        plan(tmp_path, {"kind": "cryptogram", "texts": ["A long enough text here", "Too wee"]})
    assert "texts[1]" in str(err.value) and "Too wee" in str(err.value)


def test_cryptogram_texts_file_and_hints(tmp_path):
    (tmp_path / "texts.yaml").write_text(
        "- {text: Every cloud has a silver lining somewhere, author: Folk}\n"
        "- {text: The early bird still has to find the worm}\n", encoding="utf-8")
    jobs = plan(tmp_path, {"kind": "cryptogram", "texts": "texts.yaml", "count": 2, "hints": 1})
    boards = [all_kinds()["cryptogram"].generate(j.params, 1) for j in jobs]
    assert {b.author for b in boards} == {"Folk", None}
    assert all(len(b.hints) == 1 for b in boards)
    with pytest.raises(SpecError, match="count"):
        plan(tmp_path, {"kind": "cryptogram", "texts": ["A long enough text here"], "count": 3})


def test_cryptogram_in_russian_and_spanish(tmp_path):
    board = build(tmp_path, {"kind": "cryptogram", "language": "ru",
                             "texts": ["Ёлка стоит в лесу зимой"]})
    assert "Ё" in board.key and len(board.key) == 33
    board = build(tmp_path, {"kind": "cryptogram", "language": "es",
                             "texts": ["El niño come piña en España"]})
    assert "Ñ" in board.plaintext and len(board.key) == 27


def test_scramble_refuses_an_unscramblable_word(tmp_path):
    with pytest.raises(SpecError) as err:
        plan(tmp_path, {"kind": "scramble", "words": ["planet", "aaa"]})
    assert "aaa" in str(err.value)


def test_scramble_bonus_needs_its_letters(tmp_path):
    with pytest.raises(SpecError, match="bonus_answer"):
        plan(tmp_path, {"kind": "scramble", "words": ["cat", "dog", "pig"], "bonus": True,
                        "bonus_answer": "zebra"})
    with pytest.raises(SpecError, match="bonus_answer"):
        plan(tmp_path, {"kind": "scramble", "words": ["cat", "dog"], "bonus": True})


def test_scramble_with_clues_and_bonus(tmp_path):
    board = build(tmp_path, {"kind": "scramble", "show": "clues", "bonus": True,
                             "bonus_answer": "go", "bonus_clue": "Leave",
                             "words": {"tiger": "Striped cat", "ocean": "Big water"}})
    assert sorted(it["clue"] for it in board.items) == ["Big water", "Striped cat"]
    marked = sorted(it["answer"][k] for it in board.items for k in it["marked"])
    assert marked == ["G", "O"] and board.bonus["answer"] == "GO"


def test_fillin_refuses_long_words_and_sizes(tmp_path):
    with pytest.raises(SpecError, match="ELEPHANTS|elephants"):
        plan(tmp_path, {"kind": "fillin", "size": 6, "words": ["cat", "elephants"]})
    with pytest.raises(SpecError, match="size"):
        plan(tmp_path, {"kind": "fillin", "size": 40, "words": ["cat", "dog"]})


def test_maze_mask_file_and_errors(tmp_path):
    (tmp_path / "shape.txt").write_text(".##.\n####\n.##.\n", encoding="utf-8")
    board = build(tmp_path, {"kind": "maze", "mask": "shape.txt"})
    assert (board.rows, board.cols) == (3, 4) and len(board.passages) == 7
    with pytest.raises(SpecError, match="one piece"):
        plan(tmp_path, {"kind": "maze", "mask": ["##..", "..##"]})
    with pytest.raises(SpecError, match="60"):
        plan(tmp_path, {"kind": "maze", "size": [61, 10]})


def test_scramble_bonus_round_trips_through_the_manifest(tmp_path):
    kind = all_kinds()["scramble"]
    board = build(tmp_path, {"kind": "scramble", "bonus": True, "bonus_answer": "go",
                             "bonus_clue": "Leave", "words": ["tiger", "ocean"]})
    entry = kind.manifest(board)
    assert entry["bonus"]["clue"] == "Leave"
    assert kind.manifest(kind.from_manifest(entry)) == entry


def test_maze_difficulty_orders_the_mazes(tmp_path):
    """Hard mazes (Wilson's, farthest exit) offer more wrong turns than easy ones."""
    from publisher.kinds.maze.generator import measure

    def complexity(level):
        kind = all_kinds()["maze"]
        job = plan(tmp_path, {"kind": "maze", "size": 20, "difficulty": level})[0]
        boards = [kind.generate(job.params, s) for s in range(4)]
        return [measure(b.maze()).dead_end_share for b in boards], \
            [len(b.solution) for b in boards]
    easy_dead, easy_len = complexity("easy")
    hard_dead, _ = complexity("hard")
    _, medium_len = complexity("medium")
    assert max(easy_dead) < min(hard_dead)
    assert sum(easy_len) < sum(medium_len)


@pytest.mark.parametrize("language,word", [("en", "Proverb"), ("es", "Refrán"),
                                           ("ru", "Пословица")])
def test_cryptogram_prints_hints_and_a_proverb_as_such(tmp_path, language, word):
    from conftest import draw_kind

    (tmp_path / "texts.yaml").write_text(
        "- {text: Many hands make even the heaviest work feel light, author: proverb}\n"
        if language != "ru" else
        "- {text: Тише едешь, дальше будешь на любой дороге, author: proverb}\n",
        encoding="utf-8")
    kind = all_kinds()["cryptogram"]
    job = plan(tmp_path, {"kind": "cryptogram", "texts": "texts.yaml", "hints": 2,
                          "language": language})[0]
    board = kind.generate(job.params, 4)
    reader, _ = draw_kind(kind, board, language=language)
    puzzle, answer = (page.extract_text() for page in reader.pages)
    assert all(f"{board.key[h]} = {h}" in puzzle for h in board.hints)
    assert word in answer and "proverb" not in answer
    assert kind.manifest(board)["author"] == "proverb"


@pytest.mark.parametrize("section, name, content, expected", [
    ({"kind": "cryptogram", "texts": "q.yaml", "count": 1}, "q.yaml", b'- text: "open\n',
     "q.yaml:2: is not valid YAML"),
    ({"kind": "maze", "mask": "m.txt"}, "m.txt", b"caf\xe9 ##\n", "m.txt:1: is not UTF-8"),
    ({"kind": "crossword", "style": "blocked", "grid": "g.txt"}, "g.txt", b"..\xe9\n",
     "g.txt:1: is not UTF-8"),
])
def test_bad_files_a_kind_reads_are_located_errors(tmp_path, section, name, content, expected):
    """Files read by the newer kinds (texts, masks, grid templates) go through the same
    bounded, located readers as word lists: one error naming file and line, no traceback."""
    import yaml

    from publisher.errors import SpecError
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    (tmp_path / name).write_bytes(content)
    spec = tmp_path / "book.yaml"
    spec.write_text(yaml.safe_dump({"title": "T", "sections": [section]}), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        plan_book(load_spec(spec))
    assert expected in str(err.value)
