"""Russian blocked crosswords (issue 30): the dictionary-form fill list, the Russian grid
style (more blocks, shorter runs) and its templates, and a Russian 15x15 built from a spec.

Grids and fills are checked here with code of this file, not the engine's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from publisher.grids.blocked.fill import fill_grid
from publisher.grids.blocked.grid import bundled_templates, grid_style, load_template
from publisher.grids.blocked.words import WordIndex, read_fill_list
from publisher.kinds.crossword.blocked.kind import STEPS_PER_CELL

ROOT = Path(__file__).resolve().parent.parent
RU_LIST = ROOT / "wordlists" / "ru" / "crossword-fill.txt"
CYRILLIC = set("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")


def list_words() -> set[str]:
    """The words of the Russian crossword list, read without the engine's parser."""
    lines = RU_LIST.read_text(encoding="utf-8").splitlines()
    return {line.split(";")[0] for line in lines if line and not line.startswith("#")}


def runs(grid: list[str]) -> list[str]:
    """Every maximal across and down run of non-'#' cells, as text."""
    cols = ["".join(row[c] for row in grid) for c in range(len(grid[0]))]
    return [run for line in list(grid) + cols for run in line.split("#") if run]


def connected(grid: list[str]) -> bool:
    whites = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "#"}
    todo = [next(iter(whites))]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in whites and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == whites


@pytest.fixture(scope="module")
def ru_words() -> set[str]:
    return list_words()


def test_the_russian_list_holds_dictionary_forms(ru_words):
    assert 80_000 < len(ru_words) < 150_000
    assert all(3 <= len(w) <= 21 and set(w) <= CYRILLIC for w in ru_words)
    # nominative nouns, infinitives, adjectives; Ё and Й kept as letters
    assert {"КОШКА", "ДОМ", "ЧИТАТЬ", "КРАСНЫЙ", "ЧАЙ", "МЁД", "ЁЛКА", "ЙОГУРТ"} <= ru_words
    # inflected forms (ru/fill has them), proper nouns, active participles: not here
    assert not {"КОШКОЙ", "ДОМАМИ", "ЧИТАЛИ", "МОСКВА", "ИВАН", "ПРОЧИТАВШИЙ"} & ru_words
    blocked = [line.strip().upper() for name in ("blocklist/ru.txt", "blocklist/fill/ru.txt")
               for line in (ROOT / "wordlists" / name).read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")]
    assert not set(blocked) & ru_words


# Languages whose grids take the Russian style (grid.GRID_STYLES): few common short words.
SHORT_RUN_LANGUAGES = ["ru", "de", "fr", "it", "pt", "nl"]


@pytest.mark.parametrize("language", SHORT_RUN_LANGUAGES)
@pytest.mark.parametrize("size", [5, 7, 9, 11, 13, 15, 17, 21])
def test_russian_templates_have_more_blocks_and_shorter_runs(size, language):
    if size < grid_style(language).from_size:
        assert grid_style(language, size) == grid_style("en")   # minis keep the shared ones
        return
    paths = bundled_templates(size, style=grid_style(language))
    assert len(paths) >= {15: 12, 21: 1}.get(size, 2)
    assert all(p.parent.name == language for p in paths)
    english = {p.read_text(encoding="utf-8") for p in bundled_templates(size)}
    mini = size == 7     # made to fill from clued words (test_blocked_minis.py): other rules
    for path in paths:
        grid = list(load_template(path, grid_style(language)))
        text = "\n".join(grid) + "\n"
        assert mini or text not in english         # a mini may be a shared grid too
        h, w = len(grid), len(grid[0])
        assert all(len(row) == w for row in grid) and h == w == size
        assert all((grid[r][c] == "#") == (grid[h - 1 - r][w - 1 - c] == "#")
                   for r in range(h) for c in range(w)), path.name
        assert connected(grid), path.name
        lengths = [len(run) for run in runs(grid)]
        assert min(lengths) >= 3, path.name          # no unchecked cell, no 2-letter entry
        if mini:   # up to 35% blocks, clumped at the corners
            assert sum(row.count("#") for row in grid) <= round(0.35 * size * size), path.name
            continue
        assert max(lengths) <= (6 if size <= 17 else 8), path.name   # Russian: short runs
        blocks = sum(row.count("#") for row in grid)
        assert blocks <= round(0.28 * size * size), path.name
        if size == 15:   # more blocks than an English grid may have (38)
            assert blocks > 38, path.name
        assert not any(grid[r][c] == grid[r + 1][c] == grid[r][c + 1] == grid[r + 1][c + 1] == "#"
                       for r in range(h - 1) for c in range(w - 1)), path.name


@pytest.mark.parametrize("language", SHORT_RUN_LANGUAGES)
def test_russian_15x15_templates_fill_from_the_russian_list(language, ru_words):
    """Every bundled 15x15 of the language fills within the kind's budget, each entry a
    word of its list (read here from the file)."""
    listed = ROOT / "wordlists" / f"{grid_style(language).wordlist or language + '/fill'}.txt"
    words_of_list = ru_words if language == "ru" else {
        line.split(";", 1)[0] for line in listed.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")}
    index = WordIndex(read_fill_list(listed))
    for path in bundled_templates(15, style=grid_style(language)):
        template = load_template(path, grid_style(language))
        fill = fill_grid(template, index, seed=1, max_steps=STEPS_PER_CELL * 225, polish_steps=0)
        words = runs(list(fill.grid))
        assert all(w in words_of_list for w in words), (path.name, set(words) - words_of_list)
        assert len(set(words)) == len(words), path.name
        assert all((a == "#") == (b == "#") for t, f in zip(template, fill.grid) for a, b in zip(t, f))


def test_russian_15x15_blocked_crossword_builds_from_a_spec(tmp_path, ru_words):
    """language: ru picks the Russian list and grid style by default. The first build asks
    for clues of the entries the clue lists lack; the desk's clues give the same grid."""
    from publisher.errors import PublisherError
    from publisher.pipeline import build_book

    def write(clues: list) -> Path:
        spec = tmp_path / "ru.yaml"
        spec.write_text(yaml.safe_dump({"title": "Кроссворд", "seed": 3, "language": "ru", "sections": [
            {"kind": "crossword", "style": "blocked", "size": 15, "candidates": 1, "count": 1,
             "clues": clues}]}, allow_unicode=True), encoding="utf-8")
        return spec

    out = tmp_path / "out"
    with pytest.raises(PublisherError, match="ru-clues-needed"):
        build_book(write(["ru/general-clues"]), out, workers=1)
    needed_file = out / "ru-clues-needed.yaml"
    needed = yaml.safe_load(needed_file.read_text(encoding="utf-8"))
    needed_file.write_text(yaml.safe_dump({w: f"Определение {n}" for n, w in enumerate(needed)},
                                          allow_unicode=True), encoding="utf-8")
    result = build_book(write(["ru/general-clues", "out/ru-clues-needed.yaml"]), out, workers=1)
    [puzzle] = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    grid = ["".join(ch or "#" for ch in row) for row in puzzle["solution"]]
    assert len(grid) == 15 and all(len(row) == 15 for row in grid)
    words = runs(grid)
    assert all(w in ru_words for w in words), set(words) - ru_words
    assert sum(row.count("#") for row in grid) > 38          # the Russian style, not the English
    assert max(len(w) for w in words) <= 6
    assert {e["answer"] for e in puzzle["entries"]} == set(words)
    assert all(e["clue"] for e in puzzle["entries"])
