"""Calcudoku: every puzzle proved unique again by a plain backtracking counter
written here (no code shared with the generator), graded exactly as asked (small
solvers written here from the rules), cages valid and true, same seed same bytes,
spec errors by name."""
from __future__ import annotations

import json
import math
import random
from itertools import product
from types import SimpleNamespace

import pytest
import yaml

from latin_oracles import LatinSat, singles_solver
from publisher.errors import SpecError
from publisher.kinds import all_kinds
from publisher.kinds.calcudoku import CalcudokuParams
from publisher.kinds.calcudoku.techniques import fillings
from publisher.plan import plan_book
from publisher.spec import load_spec

KIND = all_kinds()["calcudoku"]
PLAN = [(4, "easy", 25, "all"), (4, "medium", 25, "all"), (4, "hard", 4, "all"),
        (4, "extreme", 6, "all"), (5, "easy", 8, "add"), (5, "medium", 8, "add_multiply"),
        (5, "hard", 6, "all"), (5, "extreme", 6, "all"), (6, "easy", 3, "all"),
        (6, "medium", 3, "all"), (6, "hard", 3, "add"), (6, "expert", 2, "all"),
        (6, "extreme", 2, "all"), (7, "hard", 1, "all")]


def true_to(op, target, values):
    if op == "=":
        return values == [target]
    if op == "+":
        return sum(values) == target
    if op == "x":
        out = 1
        for v in values:
            out *= v
        return out == target
    a, b = sorted(values)
    return len(values) == 2 and (b - a == target if op == "-" else b == a * target)


@pytest.fixture(scope="module")
def boards():
    out = []
    for size, level, count, ops in PLAN:
        params = CalcudokuParams(size=size, difficulty=level, operations=ops)
        out += [(level, ops, KIND.generate(params, seed)) for seed in range(count)]
    return out


def count_solutions(board, limit=2):
    """Cell by cell from the givens, the cell with the fewest digits first; a cage
    is checked as soon as it is full (a sum or product also while it fills)."""
    n = board.size
    cage_of = {c: cage for cage in board.cages for c in cage[2]}
    grid, found = list(board.givens or [0] * (n * n)), []

    def fits(cell, v):
        r, c = divmod(cell, n)
        if v in grid[r * n:(r + 1) * n] or v in grid[c::n]:        # its row, its column
            return False
        op, target, cells = cage_of[cell]
        values = [grid[x] for x in cells if grid[x]] + [v]
        if len(values) == len(cells):
            return true_to(op, target, values)
        if op == "+":
            return sum(values) < target
        if op == "x":
            prod = 1
            for x in values:
                prod *= x
            return target % prod == 0
        return True

    def walk():
        if len(found) >= limit:
            return
        best = None
        for cell in range(n * n):
            if not grid[cell]:
                options = [v for v in range(1, n + 1) if fits(cell, v)]
                if best is None or len(options) < len(best[1]):
                    best = (cell, options)
        if best is None:
            found.append(list(grid))
            return
        cell, options = best
        for v in options:
            grid[cell] = v
            walk()
            grid[cell] = 0

    walk()
    return found


def cage_rule(board, largest):
    """Each cage of at most `largest` cells keeps in each cell the digits some true
    filling of it gives (cells of a cage in one row or column differ)."""
    n = board.size

    def rule(cand):
        changed = False
        for op, target, cells in board.cages:
            if len(cells) > largest:
                continue
            keep = [set() for _ in cells]
            for values in product(*(sorted(cand[c]) for c in cells)):
                clash = any(values[i] == values[j] and (cells[i] // n == cells[j] // n or
                                                        cells[i] % n == cells[j] % n)
                            for i in range(len(cells)) for j in range(i))
                if not clash and true_to(op, target, list(values)):
                    for k, v in enumerate(values):
                        keep[k].add(v)
            for cell, k in zip(cells, keep):
                if cand[cell] - k:
                    cand[cell] &= k
                    changed = True
        return changed
    return rule


def test_every_puzzle_has_one_solution_by_backtracking(boards):
    assert len(boards) >= 100
    for level, _, board in boards:
        assert board.grade == level
        assert count_solutions(board) == [board.solution], (level, board.size)


def test_cages_are_connected_true_and_cover_the_grid(boards):
    for _, ops, board in boards:
        n, seen = board.size, []
        for op, target, cells in board.cages:
            seen += cells
            values = [board.solution[c] for c in cells]
            assert true_to(op, target, values)
            assert (op == "=") == (len(cells) == 1)
            assert op in {"all": "=+x-/", "add": "=+", "add_multiply": "=+x"}[ops]
            if op in "-/":
                assert len(cells) == 2
            reached, todo = {cells[0]}, [cells[0]]
            while todo:
                r, c = divmod(todo.pop(), n)
                for x in (r * n + c - 1 if c else -1, r * n + c + 1 if c < n - 1 else -1,
                          (r - 1) * n + c, (r + 1) * n + c):
                    if x in cells and x not in reached:
                        reached.add(x)
                        todo.append(x)
            assert reached == set(cells)
        assert sorted(seen) == list(range(n * n))


def test_levels_need_their_techniques(boards):
    """Easy: singles, one-cell and two-cell cages; medium adds every cage's
    combinations; hard and above are beyond both."""
    for level, _, board in boards:
        blank = board.givens or [0] * (board.size ** 2)
        easy = singles_solver(board.size, blank, cage_rule(board, 2))
        cages = singles_solver(board.size, blank, cage_rule(board, board.size ** 2))
        if level == "easy":
            assert easy == board.solution
        else:
            assert easy is None, (level, board.size)
        if level == "medium":
            assert cages == board.solution
        elif level != "easy":
            assert cages is None, (level, board.size)


def test_same_seed_same_bytes_and_manifest_fields():
    params = CalcudokuParams(size=6, difficulty="hard")
    one, two = KIND.generate(params, 5), KIND.generate(params, 5)
    text = json.dumps(KIND.manifest(one), sort_keys=True)
    assert text == json.dumps(KIND.manifest(two), sort_keys=True)
    entry = KIND.manifest(one)
    assert set(entry) == {"size", "cages", "solution", "grade", "hardest", "techniques"}
    assert all(set(k) == {"op", "target", "cells"} for k in entry["cages"])
    assert KIND.manifest(KIND.from_manifest(json.loads(text))) == entry


@pytest.mark.parametrize("section, words", [
    ({"size": 12}, ["size", "9"]),
    ({"operations": "divide"}, ["operations", "add_multiply"]),
    ({"size": 5, "difficulty": "expert"}, ["difficulty", "easy, medium, hard or extreme"]),
])
def test_bad_values_are_spec_errors_naming_the_field(tmp_path, section, words):
    path = tmp_path / "book.yaml"
    path.write_text(yaml.safe_dump({"title": "T", "seed": 3, "sections": [
        {"kind": "calcudoku", **section}]}), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        plan_book(load_spec(path))
    assert all(w in str(err.value) for w in words), str(err.value)


GIVENS_PLAN = [(4, "easy", 3), (5, "hard", 2), (6, "medium", 3), (6, "expert", 1),
               (7, "hard", 2), (5, "extreme", 1)]


@pytest.fixture(scope="module")
def shown():
    out = []
    for size, level, count in GIVENS_PLAN:
        params = CalcudokuParams(size=size, difficulty=level, givens=True)
        out += [(level, KIND.generate(params, seed)) for seed in range(count)]
    return out


def test_givens_true_shows_a_few_true_digits_and_stays_unique(shown):
    with_givens = [board for _, board in shown if any(board.givens)]
    assert len(with_givens) >= len(shown) // 2
    for level, board in shown:
        n = board.size
        assert board.grade == level
        assert all(g in (0, s) for g, s in zip(board.givens, board.solution))
        assert sum(1 for g in board.givens if g) <= n // 2
        assert count_solutions(board) == [board.solution], (level, n)
        entry = json.loads(json.dumps(KIND.manifest(board)))
        assert ("givens" in entry) == any(board.givens)
        if any(board.givens):
            assert entry["givens"] == [[str(v) if v else None
                                        for v in board.givens[r * n:(r + 1) * n]]
                                       for r in range(n)]
            assert KIND.manifest(KIND.from_manifest(entry)) == entry


def test_givens_let_cages_grow():
    """Shown digits buy bigger cages: fewer of them than the same requests without."""
    def cages(givens):
        return sum(len(KIND.generate(CalcudokuParams(size=7, difficulty="hard",
                                                     givens=givens), seed).cages)
                   for seed in range(2))
    assert cages(True) < cages(False)


def test_givens_false_shows_none():
    for seed in range(3):
        board = KIND.generate(CalcudokuParams(size=6, difficulty="hard"), seed)
        assert not any(board.givens) and "givens" not in KIND.manifest(board)


def test_givens_are_drawn_and_locked_on_the_web(shown):
    from collections import Counter
    from dataclasses import replace

    from conftest import draw_kind
    from publisher.ground.catalogue import catalogue

    board = next(b for _, b in shown if sum(1 for g in b.givens if g) >= 2)
    bare = replace(board, givens=[])

    def drawn(b):
        reader, fonts = draw_kind(KIND, b)
        return Counter(reader.pages[0].extract_text().split()), fonts

    (text, fonts), (plain, _) = drawn(board), drawn(bare)
    # the puzzle page shows the given digits, and only those, over the cage labels
    assert text - plain == Counter(str(v) for v in board.givens if v)
    assert any("Bold" in f for f in fonts)
    n = board.size
    web = KIND.web(board, catalogue("en").kind(KIND.name))
    locked = [r * n + c for r in range(n) for c in range(n) if web.data["cells"][r][c].get("g")]
    assert locked == [i for i, v in enumerate(board.givens) if v]


def test_givens_key_builds_a_book(tmp_path):
    from publisher.pipeline import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text(yaml.safe_dump({"title": "T", "seed": 4, "sections": [
        {"kind": "calcudoku", "size": 5, "difficulty": "easy", "count": 2, "givens": True},
        {"kind": "calcudoku", "size": 5, "difficulty": "easy", "count": 1}]}),
        encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    entries = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert any("givens" in e for e in entries[:2]) and "givens" not in entries[2]


def sat_solutions(board):
    """Each cage as the choice of one of its true fillings (SAT)."""
    n = board.size
    sat = LatinSat(n).latin()
    for k, v in enumerate(board.givens or ()):
        if v:
            sat.given(*divmod(k, n), v)
    for op, target, cells in board.cages:
        fillings = [values for values in product(range(1, n + 1), repeat=len(cells))
                    if true_to(op, target, list(values))]
        sat.cage([divmod(c, n) for c in cells], fillings)
    return sat.solutions(2)


@pytest.mark.parametrize("size", [8, 9])
def test_large_extreme_has_one_solution_by_sat_and_is_beyond_the_tests_solvers(size):
    board = KIND.generate(CalcudokuParams(size=size, difficulty="extreme"), 1)
    assert board.grade == "extreme" and board.hardest == "beyond_ladder"
    assert sat_solutions(board) == [board.solution]
    blank = [0] * (size * size)
    assert singles_solver(size, blank, cage_rule(board, 2)) is None
    assert singles_solver(size, blank, cage_rule(board, size * size)) is None


def test_the_sat_oracle_sees_a_second_solution():
    board = KIND.generate(CalcudokuParams(size=5, difficulty="medium"), 2)
    assert sat_solutions(board) == [board.solution] == count_solutions(board)
    # 1 2 / 2 1 in the corner under two sums of 3: the pairs may trade places
    square = [1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1]
    cages = [("+", 3, (0, 1)), ("+", 3, (4, 5))] + \
        [("=", v, (c,)) for c, v in enumerate(square) if c not in (0, 1, 4, 5)]
    traded = SimpleNamespace(size=4, cages=cages, givens=[])
    assert len(sat_solutions(traded)) == len(count_solutions(traded)) == 2


def test_cage_fillings_are_what_trying_every_digit_gives():
    # fillings() enumerates only some cells and derives the rest: against every
    # digit tuple, on random cages, masks and targets (some no filling meets)
    rng = random.Random(31)
    met = 0
    for _ in range(300):
        n, k = rng.choice([4, 6, 9]), rng.choice([3, 3, 4, 5])
        cells = tuple(sorted(rng.sample(range(n * n), k)))
        op = rng.choice(["+", "x"])
        values = [rng.randint(1, n) for _ in cells]
        target = (sum(values) if op == "+" else math.prod(values)) + rng.choice([0, 0, 0, 1])
        cand = [(1 << n) - 1] * (n * n)
        for c in cells:
            cand[c] = rng.randint(1, (1 << n) - 1) | 1 << (values[cells.index(c)] - 1)
        expected = [0] * k
        for digits in product(range(1, n + 1), repeat=k):
            if (sum(digits) if op == "+" else math.prod(digits)) != target:
                continue
            if any(not cand[c] >> (d - 1) & 1 for c, d in zip(cells, digits)):
                continue
            if any(digits[i] == digits[j] and (cells[i] // n == cells[j] // n
                                               or cells[i] % n == cells[j] % n)
                   for i in range(k) for j in range(i)):
                continue
            for i, d in enumerate(digits):
                expected[i] |= 1 << (d - 1)
        got = fillings((op, target, cells), cand, n)
        if got is not None:
            assert list(got) == expected, (op, target, cells, [cand[c] for c in cells])
            met += any(expected)
    assert met > 100
