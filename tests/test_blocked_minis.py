"""7x7 blocked crosswords (minis) from the bundled German, Italian and Russian clue
databases alone (`fill_from: clued`): the languages' own mini templates fill from their
clued words, and a book of them prints every entry with its clue from the database.

Words and clues are read here from the clue files, grids checked with code of this file."""
from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest
import yaml

from conftest import read_yaml
from publisher.grids.blocked.fill import fill_grid
from publisher.grids.blocked.grid import bundled_templates, grid_style, load_template
from publisher.grids.blocked.words import WordIndex

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["de", "it", "ru"]


def grid_word(word: str, language: str) -> str:
    """A database word as the grid spells it: German umlauts spelled out, Italian accents
    dropped, Russian letters (Ё, Й) kept."""
    word = word.upper()
    if language == "de":
        for letter, spelled in {"Ä": "AE", "Ö": "OE", "Ü": "UE", "ß": "SS", "ẞ": "SS"}.items():
            word = word.replace(letter, spelled)
    if language == "it":
        word = "".join(ch for ch in unicodedata.normalize("NFD", word)
                       if not unicodedata.combining(ch))
    return word


def clue_database(language: str) -> dict[str, str]:
    listed = read_yaml(ROOT / "wordlists" / language / "clues.yaml")
    return {grid_word(word, language): clue for word, clue in listed.items()}


def fill_scores(language: str) -> dict[str, int]:
    """WORD;SCORE lines of the language's fill list: `fill_from: clued` scores clued words by it."""
    listed = grid_style(language).wordlist or f"{language}/fill"
    lines = (ROOT / "wordlists" / f"{listed}.txt").read_text(encoding="utf-8").splitlines()
    pairs = (line.partition(";") for line in lines if not line.startswith("#"))
    return {word: int(score) for word, _, score in pairs if score}


def runs(grid: list[str]) -> list[str]:
    cols = ["".join(row[c] for row in grid) for c in range(len(grid[0]))]
    return [run for line in list(grid) + cols for run in line.split("#") if run]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_7x7_templates_a_mini_uses_fill_from_the_clued_words(language):
    database = clue_database(language)
    style = grid_style(language, 7)
    paths = bundled_templates(7, style=style)
    assert len(paths) >= 6
    scores = fill_scores(language)
    index = WordIndex({word: scores.get(word, 50) for word in database})
    shapes = set()
    for path in paths:
        template = load_template(path, style)          # obeys the language's rules
        shapes.add(template)
        fill = fill_grid(template, index, seed=1, max_steps=6000, polish_steps=0)
        words = runs(list(fill.grid))
        assert min(map(len, words)) >= 3 and set(words) <= set(database), path.name
        assert len(set(words)) == len(words), path.name
    assert len(shapes) == len(paths)


@pytest.mark.parametrize("size", [5, 7])
def test_the_shared_mini_templates_fill_from_the_english_clued_words(size):
    """Every shared mini (English, and languages without minis of their own) fills from
    the English clued words alone, whatever the seed: a clued mini draws only these."""
    database = clue_database("en")
    scores = fill_scores("en")
    index = WordIndex({word: scores.get(word, 50) for word in database})
    paths = bundled_templates(size)
    assert len(paths) >= {5: 3, 7: 7}[size]
    for path in paths:
        template = load_template(path)
        for seed in (0, 1, 2):
            fill = fill_grid(template, index, seed=seed, max_steps=6000, polish_steps=0)
            words = runs(list(fill.grid))
            assert min(map(len, words)) >= 3 and set(words) <= set(database), path.name
            assert len(set(words)) == len(words), path.name


def test_a_7x7_mini_from_clued_words_is_a_bundled_template_5x5_a_fresh_grid_at_times(
        monkeypatch):
    """Fresh 7x7 grids hardly fill from clued words (blocked/kind.py bundled_only); fresh
    5x5 ones do, and stay in the draw."""
    from publisher.kinds.crossword.blocked import kind as blocked_style

    fresh: list[int] = []
    generate = blocked_style.generate_grid
    monkeypatch.setattr(blocked_style, "generate_grid",
                        lambda rows, *a, **k: fresh.append(rows) or generate(rows, *a, **k))
    only = tuple(clue_database("en"))
    index = WordIndex(dict.fromkeys(only, 50))
    for size in (5, 7):
        shapes = {load_template(path) for path in bundled_templates(size)}
        grids = [blocked_style._grid(size, size, "en", only, random.Random(seed), index)
                 for seed in range(40)]
        assert all(grid in shapes for grid in grids) == (size == 7)
        assert len({grid for grid in grids if grid in shapes}) == len(shapes)
    assert fresh and set(fresh) == {5}


def test_a_7x7_mini_from_clued_words_takes_no_template_they_cannot_fill():
    from publisher.kinds.crossword.blocked import kind as blocked_style

    only = tuple(clue_database("en"))
    index = WordIndex({word: 50 for word in only if len(word) < 7})   # no 7-letter word
    shapes = {load_template(path) for path in bundled_templates(7)}
    fitting = {grid for grid in shapes if max(map(len, runs(list(grid)))) < 7}
    assert 0 < len(fitting) < len(shapes)
    drawn = {blocked_style._grid(7, 7, "en", only, random.Random(seed), index)
             for seed in range(40)}
    assert drawn == fitting


def test_a_7x7_mini_from_clued_words_takes_no_template_they_fill_one_way_only():
    """Four words, each usable once, fill a grid of two crossing slots one way: a desk's
    run would get that puzzle every day (French 7x7-01 stopped one at day 6)."""
    from publisher.kinds.crossword.blocked import kind as blocked_style

    cross = ("...", "#.#", "#.#")               # an across of 3, a down from its middle
    one_way = WordIndex({"CAT": 50, "ANT": 50})          # CAT across, ANT down
    two_ways = WordIndex({"CAT": 50, "ANT": 50, "DOG": 50, "OWL": 50})
    assert blocked_style._fills(cross, one_way, False)
    assert not blocked_style._fills(cross, one_way, True)
    assert blocked_style._fills(cross, two_ways, True)


def test_dated_7x7_english_minis_repeat_no_answer(tmp_path):
    from publisher.pipeline import build_book

    spec = tmp_path / "minis.yaml"
    spec.write_text(yaml.safe_dump({
        "title": "Minis", "seed": 5, "schedule": {"start": "2027-01-01", "days": 3},
        "repeat_window_days": 30, "sections": [
            {"kind": "crossword", "style": "blocked", "size": 7, "clues": "en/clues",
             "fill_from": "clued", "candidates": 2}]}), encoding="utf-8")
    manifest = json.loads(build_book(spec, tmp_path / "out", workers=1).manifest.read_text(
        encoding="utf-8"))
    database = clue_database("en")
    shapes = {load_template(path) for path in bundled_templates(7)}
    answers = []
    for puzzle in manifest["puzzles"]:
        grid = ["".join(ch or "#" for ch in row) for row in puzzle["solution"]]
        assert tuple("".join("." if ch != "#" else ch for ch in row) for row in grid) in shapes
        assert all(e["clue"] == database[e["answer"]] for e in puzzle["entries"])
        answers += [e["answer"] for e in puzzle["entries"]]
    assert len(manifest["puzzles"]) == 3 and len(answers) == len(set(answers))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_7x7_mini_builds_from_the_bundled_clue_database(tmp_path, language):
    from publisher.pipeline import build_book

    spec = tmp_path / "mini.yaml"
    spec.write_text(yaml.safe_dump({"title": "Mini", "seed": 11, "language": language, "sections": [
        {"kind": "crossword", "style": "blocked", "size": 7, "clues": [f"{language}/clues"],
         "fill_from": "clued", "count": 1, "candidates": 2}]}), encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    [puzzle] = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    grid = ["".join(ch or "#" for ch in row) for row in puzzle["solution"]]
    assert len(grid) == 7 and all(len(row) == 7 for row in grid)
    assert all((grid[r][c] == "#") == (grid[6 - r][6 - c] == "#") for r in range(7) for c in range(7))
    words = runs(grid)
    assert min(map(len, words)) >= 3
    database = clue_database(language)
    assert sorted(e["answer"] for e in puzzle["entries"]) == sorted(words)
    assert all(e["clue"] == database[e["answer"]] for e in puzzle["entries"])
    assert puzzle["clues_needed"] == []


def test_more_minis_than_the_clue_database_gives_stop_the_book_saying_how_many(tmp_path,
                                                                              monkeypatch):
    from publisher.errors import PublisherError
    from publisher.kinds.crossword.blocked import kind as blocked_style
    from publisher.pipeline import build_book

    monkeypatch.setattr(blocked_style, "MINI_EXTRA", 2)    # the few further tries come early
    spec = tmp_path / "minis.yaml"
    spec.write_text(yaml.safe_dump({"title": "Minis", "seed": 11, "language": "de", "sections": [
        {"kind": "crossword", "style": "blocked", "size": 7, "clues": ["de/clues"],
         "fill_from": "clued", "count": 20, "candidates": 1,
         # the puzzles made side by side (a chain avoiding earlier answers ends the same way,
         # puzzle after puzzle: 14 s)
         "repeat": "allow"}]}), encoding="utf-8")
    with pytest.raises(PublisherError) as err:
        build_book(spec, tmp_path / "out", workers=1)
    message = str(err.value)
    made = int(message.split("can make only ")[1].split()[0])
    assert 1 <= made < 20 and f"ask for at most {made} puzzle(s)" in message
    assert "of the 3 candidates" in message          # 1 + 2 further, not 256
    assert "fill_from: any" in message and "more clues" in message
    assert not (tmp_path / "out").exists()
