"""Blocked (newspaper-style) crosswords: grid rules, templates and fills.

The rules are checked by a checker written here, sharing no code with
publisher/grids/blocked/ (grid.py has its own)."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from publisher.grids.blocked.fill import FillFailed, fill_grid
from publisher.grids.blocked.grid import (GridError, bundled_templates, check_grid,
                                                    load_template, parse_grid)
from publisher.grids.blocked.gridgen import generate_grid
from publisher.grids.blocked.words import WordIndex, parse_fill_list, read_fill_list

ROOT = Path(__file__).resolve().parent.parent
SIZES = (5, 7, 9, 11, 13, 15, 17, 21)


# ---- the independent checker -------------------------------------------------------------

def runs(grid: list[str]) -> list[list[tuple[int, int]]]:
    """Maximal horizontal and vertical runs of non-'#' cells, any length."""
    h, w = len(grid), len(grid[0])
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    out = []
    for line in lines:
        current: list[tuple[int, int]] = []
        for cell in line:
            if grid[cell[0]][cell[1]] == "#":
                if current:
                    out.append(current)
                current = []
            else:
                current.append(cell)
        if current:
            out.append(current)
    return out


def rule_breaks(grid: list[str], clumps_allowed: bool = False) -> list[str]:
    h, w = len(grid), len(grid[0])
    problems = []
    if any(len(row) != w for row in grid):
        return ["ragged"]
    if any((grid[r][c] == "#") != (grid[h - 1 - r][w - 1 - c] == "#") for r in range(h) for c in range(w)):
        problems.append("not symmetric")
    whites = {(r, c) for r in range(h) for c in range(w) if grid[r][c] != "#"}
    start = next(iter(whites))
    reached, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in whites and n not in reached:
                reached.add(n)
                stack.append(n)
    if reached != whites:
        problems.append("not connected")
    all_runs = runs(grid)
    if any(len(run) < 3 for run in all_runs):   # covers unchecked cells (runs of 1) too
        problems.append("run shorter than 3")
    entries = sum(1 for run in all_runs if len(run) >= 2)
    if entries > max(round(78 * h * w / 225), 2 * (h + w)):
        problems.append("too many entries")
    # a mini template (clumps at the corners) may have a third of its cells blocks
    if sum(row.count("#") for row in grid) > (h * w // 3 if clumps_allowed and max(h, w) < 9
                                              else round(h * w / 6)):
        problems.append("too many blocks")
    if not clumps_allowed and any(grid[r][c] == grid[r + 1][c] == grid[r][c + 1] == grid[r + 1][c + 1] == "#"
                                  for r in range(h - 1) for c in range(w - 1)):
        problems.append("2x2 clump")
    return problems


def fill_breaks(template: list[str], filled: list[str], scores: dict[str, int], min_score: int) -> list[str]:
    problems = []
    for r, row in enumerate(template):
        for c, ch in enumerate(row):
            if (ch == "#") != (filled[r][c] == "#") or (ch not in ".#" and filled[r][c] != ch):
                problems.append(f"cell {r},{c} changed")
            if ch == "." and not filled[r][c].isalpha():
                problems.append(f"cell {r},{c} empty")
    words = ["".join(filled[r][c] for r, c in run) for run in runs(filled) if len(run) >= 2]
    for word in words:
        if scores.get(word, -1) < min_score:
            problems.append(f"{word} not in the list at {min_score}+")
    if len(set(words)) != len(words):
        problems.append("a word twice")
    for a in words:
        for b in words:
            if a != b and a in b:
                problems.append(f"{a} inside {b}")
    return problems


# ---- fixtures ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def en_scores() -> dict[str, int]:
    return read_fill_list(ROOT / "wordlists" / "en" / "fill.txt")


@pytest.fixture(scope="module")
def en_index(en_scores) -> WordIndex:
    return WordIndex(en_scores)


# ---- grids -------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_bundled_templates_obey_every_rule(size):
    paths = bundled_templates(size)
    assert len(paths) >= 2, f"fewer than two {size}x{size} templates"
    for path in paths:
        grid = list(load_template(path))
        assert rule_breaks(grid, clumps_allowed=size < 9) == [], path.name


@pytest.mark.parametrize("size", SIZES)
def test_generated_grids_obey_every_rule(size):
    grids = {generate_grid(size, seed=seed) for seed in range(3)}
    for grid in grids:
        assert len(grid) == size and all(len(row) == size for row in grid)
        assert rule_breaks(list(grid)) == [], "\n".join(grid)
    assert generate_grid(size, seed=7) == generate_grid(size, seed=7)


def test_non_square_grid_is_generated():
    grid = generate_grid(9, 13, seed=2)
    assert (len(grid), len(grid[0])) == (9, 13)
    assert rule_breaks(list(grid)) == []


@pytest.mark.parametrize("text, rule, where", [
    ("#....\n.....\n.....\n.....\n.....", "symmetry", (1, 1)),
    ("..#..\n.....\n.....\n.....\n..#..", "short entry", (1, 1)),
    ("...#.\n....#\n.....\n#....\n.#...", "unchecked cell", (1, 5)),
    ("\n".join(["......."] * 3 + ["#######"] + ["......."] * 3), "connected", (5, 1)),
    ("##...\n##...\n.....\n...##\n...##", "block clump", (1, 1)),
])
def test_a_grid_breaking_a_rule_is_named_with_its_place(text, rule, where):
    with pytest.raises(GridError) as caught:
        check_grid(parse_grid(text))
    assert caught.value.rule == rule
    assert (caught.value.row, caught.value.col) == where
    assert f"row {where[0]}, column {where[1]}" in str(caught.value)


def test_unchecked_cell_and_limits_are_errors():
    with pytest.raises(GridError, match="unchecked cell"):
        check_grid(parse_grid(".#...\n.#...\n.....\n...#.\n...#."))
    # 6 blocks in a 5x5 (at most 4) but otherwise legal: symmetric, connected, runs of 3
    with pytest.raises(GridError, match="too many blocks"):
        check_grid(parse_grid("##...\n#....\n.....\n....#\n...##"))
    many = parse_grid("#...#\n.....\n.....\n.....\n#...#")
    check_grid(many)   # 4 blocks in 25 cells is fine


def test_templates_may_keep_clumps_but_generated_grids_may_not():
    with pytest.raises(GridError, match="block clump"):
        check_grid(parse_grid("##...\n##...\n.....\n...##\n...##"))
    clumped = parse_grid("##.....\n##.....\n.......\n.......\n.......\n.....##\n.....##")
    check_grid(clumped, allow_block_clumps=True)
    assert "2x2 clump" in rule_breaks(list(clumped))


def test_parse_grid_keeps_pinned_letters_and_refuses_other_marks():
    assert parse_grid("ab.\n#..")[0] == "AB."
    with pytest.raises(GridError, match="shape"):
        parse_grid("..?\n...")
    with pytest.raises(GridError, match="shape"):
        parse_grid("...\n..")


# ---- fill lists --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_bundled_fill_lists_are_well_formed(lang):
    scores = read_fill_list(ROOT / "wordlists" / lang / "fill.txt")
    assert len(scores) > 20_000
    assert all(3 <= len(w) <= 21 and w.isalpha() and w == w.upper() for w in scores)
    assert all(0 <= s <= 100 for s in scores.values())
    lines = [line for path in (ROOT / "wordlists" / "blocklist" / f"{lang}.txt",
                               ROOT / "wordlists" / "blocklist" / "fill" / f"{lang}.txt")
             for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if line.strip() and not line.startswith("#"):
            word = line.strip().upper()
            if lang != "ru":   # grid form: accents go, Ñ stays
                word = "".join(unicodedata.normalize("NFD", ch)[0] if ch != "Ñ" else ch for ch in word)
            assert word not in scores, word


def test_fill_list_parsing():
    assert parse_fill_list("# c\ncat;80\ndog\nCAT;90\n") == {"CAT": 90, "DOG": 50}
    with pytest.raises(ValueError, match="line 1"):
        parse_fill_list("cat;high")
    with pytest.raises(ValueError, match="outside"):
        parse_fill_list("cat;101")


# ---- fills -------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [5, 9, 11, 15])
def test_template_fills_obey_the_list(size, en_index, en_scores):
    template = load_template(bundled_templates(size)[0])
    fill = fill_grid(template, en_index, seed=0, max_steps=20_000)
    assert fill_breaks(list(template), list(fill.grid), en_scores, 0) == []
    assert fill.min_score == min(en_scores[w] for _, w in fill.entries)


def test_polishing_raises_the_mean_score_and_keeps_every_rule(en_index, en_scores):
    # the same search and seed with and without the polishing pass (polish.py)
    template = generate_grid(15, seed=3)
    first = fill_grid(template, en_index, seed=1, max_steps=20_000, polish_steps=0)
    polished = fill_grid(template, en_index, seed=1, max_steps=20_000)
    assert fill_breaks(list(template), list(polished.grid), en_scores, 0) == []

    def mean(grid: tuple[str, ...]) -> float:
        words = ["".join(grid[r][c] for r, c in run) for run in runs(list(grid)) if len(run) >= 2]
        return sum(en_scores[w] for w in words) / len(words)

    assert mean(polished.grid) > mean(first.grid) + 2
    assert polished.mean_score == pytest.approx(mean(polished.grid))


def test_polishing_keeps_pinned_letters_and_min_score(en_scores):
    index = WordIndex(en_scores, min_score=30)
    template = parse_grid("#....#\n......\nRIVERS\n......\n......\n#....#")
    first = fill_grid(template, index, seed=2, max_steps=20_000, polish_steps=0)
    polished = fill_grid(template, index, seed=2, max_steps=20_000)
    assert polished.grid[2] == "RIVERS"
    assert fill_breaks(list(template), list(polished.grid), en_scores, 30) == []
    assert polished.mean_score >= first.mean_score


def test_min_score_is_respected(en_scores):
    index = WordIndex(en_scores, min_score=40)
    template = load_template(bundled_templates(5)[1])
    fill = fill_grid(template, index, seed=3, max_steps=20_000)
    assert fill_breaks(list(template), list(fill.grid), en_scores, 40) == []
    assert fill.min_score >= 40


def test_same_seed_same_fill(en_index):
    template = load_template(bundled_templates(9)[1])
    assert fill_grid(template, en_index, seed=5).grid == fill_grid(template, en_index, seed=5).grid


def test_pinned_letters_are_kept(en_index, en_scores):
    template = parse_grid("#...#\nTIGER\n.....\n.....\n#...#")
    fill = fill_grid(template, en_index, seed=0, max_steps=20_000)
    assert fill.grid[1] == "TIGER"
    assert fill_breaks(list(template), list(fill.grid), en_scores, 0) == []


def test_no_entry_inside_another():
    # Two across entries (6 and 7 letters) and no downs: BUTTER inside BUTTERS is refused.
    two_rows = parse_grid("......#\n#######\n.......")
    with pytest.raises(FillFailed):
        fill_grid(two_rows, WordIndex(parse_fill_list("BUTTER;90\nBUTTERS;90")), seed=0)
    fill = fill_grid(two_rows, WordIndex(parse_fill_list("BUTTER;90\nBUTTERS;90\nCANDLES;10")), seed=0)
    assert (fill.grid[0], fill.grid[2]) == ("BUTTER#", "CANDLES")


def test_unfillable_template_fails_within_its_budget(en_index):
    # An 11x11 open block of 11-letter words crossing 11-letter words cannot be filled.
    open_grid = parse_grid("\n".join(["." * 11] * 11))
    with pytest.raises(FillFailed, match="budget|no fill"):
        fill_grid(open_grid, en_index, seed=0, max_steps=300)
    tiny = WordIndex(parse_fill_list("CAT\nDOG\nEMU"))
    with pytest.raises(FillFailed, match="the word list has no 4-letter word for the grid's "
                       "entries of 4 letters"):
        fill_grid(parse_grid("....\n....\n....\n...."), tiny, seed=0)
    with pytest.raises(FillFailed, match=r"no word of the list fits 1 across \(X\.\., row 1"):
        fill_grid(parse_grid("X..\n...\n..."), tiny, seed=0)
    with pytest.raises(FillFailed):
        fill_grid(parse_grid("...\n...\n..."), tiny, seed=0, max_steps=500)


def test_fill_from_any_leans_to_clued_words(en_scores, monkeypatch):
    from publisher.kinds.crossword.blocked import kind

    template = load_template(bundled_templates(9)[0])
    every_third = sorted(w for w, s in en_scores.items() if len(w) <= 9 and s >= 60)[::3]
    clues = {w: ("a clue", w.lower()) for w in every_third}
    path = str(ROOT / "wordlists" / "en" / "fill.txt")

    def needed() -> int:
        kind._index.cache_clear()
        fills = [kind.make_fill(9, 9, template, path, 30, (), tuple(clues), clues, seed)
                 for seed in (0, 1)]
        for fill in fills:   # still list words at min_score or above, whatever the bonus
            grid = ["".join(ch or "#" for ch in row) for row in fill.grid]
            assert fill_breaks(list(template), grid, en_scores, 30) == []
        return sum(len(f.clues_needed) for f in fills)

    leaning = needed()
    monkeypatch.setattr(kind, "CLUED_BONUS", 0)
    assert leaning < needed()
    kind._index.cache_clear()
