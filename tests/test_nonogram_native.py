"""The nonogram solver's C module (_native.c) gives the Python stages' answers, answer for
answer: each line stage, a random grid's grade and open cells, the draw; so a book is the
same bytes on a machine that built it and on one without a C compiler. (Whether a kept
puzzle is unique and graded right is test_nonogram's, by its own solver.)"""
from __future__ import annotations

import random

import pytest

from publisher.kinds.nonogram import generator, lines, solver

native = solver.native
pytestmark = pytest.mark.skipif(native is None, reason="the C module is not built "
                                "(pip install -e . with a C compiler)")


def _random_line(rng: random.Random) -> tuple[tuple[int, ...], int, int, int]:
    """A clue, a length and what is known of the line (shaded, empty): mostly cells of a
    line that fits the clue, sometimes another line's (a contradiction, often)."""
    n = rng.choice([1, 2, 5, 10, 13, 20, 31, 40, 62])
    density = rng.uniform(0.2, 0.8)
    cells = sum((rng.random() < density) << c for c in range(n))
    clue = lines._runs_of(cells)
    if rng.random() < 0.15:
        cells = sum((rng.random() < density) << c for c in range(n))
    known = sum((rng.random() < rng.random()) << c for c in range(n))
    return clue, n, cells & known, ~cells & known & ((1 << n) - 1)


def test_each_line_stage_answers_as_in_python() -> None:
    rng = random.Random(29)
    contradictions = 0
    for _ in range(6000):
        clue, n, shaded, empty = _random_line(rng)
        for stage, stage_of in ((lines.SIMPLE, lines._simple), (lines.FULL, lines._full)):
            want = stage_of(clue, n, shaded | empty << n)
            got = native.line(clue, n, shaded, empty, stage)
            assert (-1 if got is None else got[0] | got[1] << n) == want, (clue, n, stage)
            contradictions += want < 0
    assert contradictions > 100          # the wrong clues were tried too


def _grids(count: int, seed: int) -> list[tuple[list[int], int]]:
    """Random grids (rows as masks, width) of many sizes and densities, a few drawn as
    random_grid draws them."""
    rng, found = random.Random(seed), []
    for _ in range(count):
        height = rng.choice([5, 8, 10, 15, 20, 30, 40])
        width = rng.choice([height, 5, 12, 25, 40])
        if rng.random() < 0.5:
            density = rng.uniform(0.3, 0.7)
            rows = [sum((rng.random() < density) << c for c in range(width))
                    for _ in range(height)]
        else:
            data = rng.randbytes(9 * generator._plane_bytes(height, width))
            rows = generator._draw(height, width, rng.choice(solver.STAGES), data)
        found.append((rows, width))
    return found


def test_a_random_grids_grade_and_cells_are_pythons(monkeypatch: pytest.MonkeyPatch) -> None:
    grades = set()
    for rows, width in _grids(240, 5):
        row_clues = [generator._clue(mask, width) for mask in rows]
        col_clues = [generator._clue(mask, len(rows)) for mask in generator._columns(rows, width)]
        for asked in solver.STAGES:
            got = solver.settle_random(row_clues, col_clues, asked, rows)
            with monkeypatch.context() as patch:
                patch.setattr(solver, "native", None)
                want = solver.settle_random(row_clues, col_clues, asked, rows)
            assert got == want, (rows, width, asked)
            grades.add((asked, want[0], bool(want[1])))
    # every outcome came up: each grade, and grids left open or with a second solution
    assert {("easy", "easy", False), ("medium", "medium", False), ("hard", "hard", False),
            ("hard", "medium", False), ("easy", None, True), ("medium", None, True),
            ("hard", None, True)} <= grades


def test_the_draw_and_its_tests_are_pythons() -> None:
    rng, kept = random.Random(7), 0
    for _ in range(1500):
        height, width = rng.randint(5, 40), rng.randint(5, 40)
        grade = rng.choice(solver.STAGES)
        data = rng.randbytes(9 * generator._plane_bytes(height, width))
        fewest, most = rng.uniform(0, 0.5) * height * width, rng.uniform(0.4, 1) * height * width
        plain = rng.choice([None, rng.uniform(0, 0.4) * height * width])
        deepest = rng.choice([None, rng.randint(2, 12)])
        want = generator._drawn(generator._draw(height, width, grade, data), width, fewest,
                                most, plain, deepest)
        got = native.draw(data, height, width, generator._threshold(grade, height, width),
                          fewest, most, -1.0 if plain is None else plain, deepest or 0)
        assert got == (None if want is None else want[0])
        kept += want is not None
    assert 100 < kept < 1400                # both verdicts came up


@pytest.mark.parametrize("size", [(7, 9), (10, 10), (20, 15)])
def test_random_puzzles_are_the_same_without_the_module(monkeypatch: pytest.MonkeyPatch,
                                                        size: tuple[int, int]) -> None:
    for grade in solver.STAGES:
        for seed in range(3):
            got = generator.random_grid(*size, grade, random.Random(seed))
            with monkeypatch.context() as patch:
                patch.setattr(solver, "native", None)
                patch.setattr(generator, "native", None)
                want = generator.random_grid(*size, grade, random.Random(seed))
            assert got == want
