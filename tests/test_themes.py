"""Bundled themes as a spec uses them: `themes:`, `tag:`, `repeat: allow`, `make-book lists`,
and every bundled theme filling a 15x15 hard word search with 20 of its words."""
import json

import pytest
from typer.testing import CliRunner

from conftest import count_in_grid, spec_error
from publisher.cli import app
from publisher.data import data_dir
from publisher.ground.catalogue import available
from publisher.kinds import get_kind
from publisher.pipeline import build_book
from publisher.words import bundled_themes, make_word, read_list_file

ALL_THEMES = [t for code in available() for t in bundled_themes(data_dir("wordlists"), code)]


def test_themes_per_language_are_enough_for_a_100_puzzle_book():
    counts = {code: sum(t.language == code for t in ALL_THEMES) for code in available()}
    assert counts["en"] >= 120 and counts["es"] >= 60 and counts["ru"] >= 60


def test_themes_give_one_puzzle_each_with_their_titles(write_spec, tmp_path):
    spec = write_spec("""\
        title: Themes
        seed: 2
        sections:
          - kind: wordsearch
            size: 15
            themes: [animals, dinosaurs, kitchen]
            words_per_puzzle: 12
            candidates: 1
          - kind: wordsearch
            title: "Tema: {theme}"
            language: es
            size: 13
            themes: all
            tag: kids
            count: 3
            words_per_puzzle: 10
            candidates: 1
        """)
    manifest = json.loads(build_book(spec, tmp_path / "out", workers=1)
                          .manifest.read_text(encoding="utf-8"))
    puzzles = manifest["puzzles"]
    english = {t.name: t for t in ALL_THEMES if t.language == "en"}
    assert [p["title"] for p in puzzles[:3]] == [english[n].title
                                                for n in ("animals", "dinosaurs", "kitchen")]
    kids = {t.title for t in ALL_THEMES if t.language == "es" and "kids" in t.tags}
    assert all(p["title"].removeprefix("Tema: ") in kids for p in puzzles[3:])
    assert puzzles[3]["section"] == "Sopa de letras"
    words = [w["answer"] for p in puzzles for w in p["words"]]
    assert len(words) == len(set(words)) == 3 * 12 + 3 * 10      # never repeated by default
    animals = {make_word(t, "en").answer for t, _, _ in read_list_file(english["animals"].path)}
    assert {w["answer"] for w in puzzles[0]["words"]} <= animals


def test_n_in_a_title_numbers_the_puzzles_of_its_section_without_a_schedule(write_spec):
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    spec = load_spec(write_spec("""\
        title: Numbered
        sections:
          - kind: wordsearch
            title: "{theme} No. {n}"
            themes: [animals, kitchen]
            words_per_puzzle: 8
          - {kind: queens, size: 6, count: 2, title: "Queens {n} of 2"}
        """))
    english = {t.name: t.title for t in ALL_THEMES if t.language == "en"}
    assert [job.title for job in plan_book(spec)] == [
        f"{english['animals']} No. 1", f"{english['kitchen']} No. 2",
        "Queens 1 of 2", "Queens 2 of 2"]


def test_repeat_allow_lets_words_recur_across_puzzles_but_not_within_one(write_spec):
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    text = """\
        title: Small pool
        sections:
          - kind: wordsearch
            size: 10
            count: 4
            words_per_puzzle: 5
            words: [cat, dog, hen, cow, pig, owl, bee]
            {repeat}
        """
    with pytest.raises(Exception) as err:
        plan_book(load_spec(write_spec(text.format(repeat=""))))
    assert "repeat: allow" in str(err.value)
    jobs = plan_book(load_spec(write_spec(text.format(repeat="repeat: allow"))))
    answers = [[w[1] for w in job.params.words] for job in jobs]
    assert len(jobs) == 4 and all(len(set(a)) == 5 for a in answers)
    assert len({w for a in answers for w in a}) < 20


@pytest.mark.parametrize("section,text", [
    ({"themes": ["no-such-theme"], "words_per_puzzle": 5}, "'no-such-theme': no such en theme"),
    ({"themes": "all", "tag": "nonsense", "words_per_puzzle": 5}, "no en theme is tagged"),
    ({"themes": "all"}, "needs `words_per_puzzle`"),
    ({"themes": "all", "words": ["a"], "words_per_puzzle": 5}, "without `puzzles` or `words`"),
])
def test_theme_mistakes_are_clear(section, text, tmp_path):
    message = spec_error(tmp_path, {"kind": "wordsearch", **section})
    assert "bad.yaml:" in message and "sections[0]" in message and text in message


def test_lists_command_filters_by_language_and_tag():
    result = CliRunner().invoke(app, ["lists", "--lang", "es", "--tag", "kids"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines and all(line.startswith("es/") and "kids" in line for line in lines)
    assert any("Animales" in line for line in lines)


@pytest.mark.parametrize("args, says", [
    (["--tag", "nosuch"], "no theme has this tag; use one of: adults, food, "),
    (["--kind", "nonogram", "--tag", "nosuch"],
     "no bundled picture has this tag; use one of: animals, "),
    (["--kind", "cryptogram", "--tag", "kids"], "these lists (cryptograms) have no tags"),
])
def test_lists_refuses_a_tag_nothing_has_naming_the_tags(args, says):
    """Review 7, item 13: an unknown tag printed nothing and exited 0."""
    result = CliRunner().invoke(app, ["lists", "--lang", "es", *args])
    assert result.exit_code == 2 and result.stdout == ""
    text = " ".join(result.output.split())
    assert f"error: --tag {args[-1]}: {says}" in text, text


def test_lists_of_a_kind_are_what_it_draws_on():
    """Review 7, item 13: `--kind sudoku` printed the word themes as if --kind were absent."""
    shown = {kind: CliRunner().invoke(app, ["lists", "--lang", "en", "--kind", kind])
             for kind in ("sudoku", "cryptogram", "wordladder", "wordsearch")}
    assert all(result.exit_code == 0 for result in shown.values())
    assert shown["sudoku"].output == "sudoku bundles no lists: its puzzles take no words or pictures\n"
    assert [line.split()[0] for line in shown["cryptogram"].output.splitlines()] == ["en/cryptograms"]
    assert [line.split()[0] for line in shown["wordladder"].output.splitlines()] == ["en/clues", "en/fill"]
    assert "en/animals" in shown["wordsearch"].output


@pytest.mark.parametrize("code", available())
def test_every_theme_fills_a_15x15_hard_word_search_with_20_words(code):
    kind = get_kind("wordsearch")
    hard = ["E", "S", "SE", "SW", "W", "N", "NW", "NE"]
    failed = []
    for theme in (t for t in ALL_THEMES if t.language == code):
        words, seen = [], []
        for text, _, _ in read_list_file(theme.path):
            word = make_word(text, theme.language)
            if not any(a in word.answer or a in word.answer[::-1] or word.answer in a
                       for a in seen):
                words.append(word)
                seen.append(word.answer)
        step = max(1, len(words) // 20)
        picked = words[::step][:20]
        request = kind.request("T", picked, (15, 15), hard, theme.language)
        for seed in range(2):      # a book draws several candidates: a second may place all
            board = kind.generate(request.params, seed)
            grid = kind.manifest(board)["grid"]
            placed = not board.unplaced and all(count_in_grid(grid, w.answer) == 1 for w in picked)
            if placed:
                break
        if not placed:
            failed.append(f"{theme.language}/{theme.name}: {board.unplaced}")
    assert not failed, failed
