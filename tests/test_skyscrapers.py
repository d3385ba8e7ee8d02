"""Skyscrapers: every puzzle proved unique again by a plain backtracking counter
written here (no code shared with the generator), graded exactly as asked (an easy
solver written here from the rules), clues true, same seed same bytes, spec errors."""
from __future__ import annotations

import json
from itertools import permutations

import pytest
import yaml

from latin_oracles import LatinSat, singles_solver
from publisher.errors import SpecError
from publisher.kinds import all_kinds
from publisher.kinds.skyscrapers import SkyscrapersParams
from publisher.plan import plan_book
from publisher.spec import load_spec

KIND = all_kinds()["skyscrapers"]
PLAN = [(4, "easy", 20), (4, "medium", 20), (4, "expert", 6), (4, "extreme", 6),
        (5, "easy", 10), (5, "medium", 10), (5, "hard", 6), (5, "expert", 6),
        (5, "extreme", 6), (6, "easy", 3), (6, "medium", 3), (6, "hard", 3), (6, "expert", 2),
        (6, "extreme", 1), (7, "medium", 1)]


def seen(heights):
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


@pytest.fixture(scope="module")
def boards():
    out = []
    for size, level, count in PLAN:
        params = SkyscrapersParams(size=size, difficulty=level)
        out += [(level, KIND.generate(params, seed)) for seed in range(count)]
    return out


def count_solutions(board, limit=2):
    """Every row and every column as a permutation true to its two clues and its
    givens; rows stacked while each column's top part is the top of one of its own
    permutations (so columns stay distinct and true to their clues)."""
    n, (top, bottom, left, right) = board.size, board.clues
    every = list(permutations(range(1, n + 1)))

    def lines(front, back, givens):
        return [p for p in every if (not front or seen(p) == front)
                and (not back or seen(p[::-1]) == back)
                and all(not g or g == v for g, v in zip(givens, p))]

    g = board.givens
    rows = [lines(left[r], right[r], g[r * n:(r + 1) * n]) for r in range(n)]
    tops = []
    for c in range(n):
        cols = lines(top[c], bottom[c], [g[r * n + c] for r in range(n)])
        tops.append({p[:k] for p in cols for k in range(1, n + 1)})
    found = []

    def place(r, columns):
        if len(found) >= limit:
            return
        if r == n:
            found.append([columns[c][k] for k in range(n) for c in range(n)])
            return
        for p in rows[r]:
            grown = [columns[c] + (p[c],) for c in range(n)]
            if all(grown[c] in tops[c] for c in range(n)):
                place(r + 1, grown)

    place(0, [()] * n)
    return found


def easy_rule(board):
    """Edge clues: a 1 sees the tallest next to it, the largest clue 1 to N in order,
    and a clue c leaves at most N - c + 1 + d in the cell d steps in."""
    n = board.size
    lines = []
    for k in range(n):
        lines += [(board.clues[0][k], [r * n + k for r in range(n)]),
                  (board.clues[1][k], [r * n + k for r in reversed(range(n))]),
                  (board.clues[2][k], [k * n + c for c in range(n)]),
                  (board.clues[3][k], [k * n + c for c in reversed(range(n))])]

    def rule(cand):
        changed = False
        for clue, cells in lines:
            if not clue:
                continue
            for d, cell in enumerate(cells):
                if clue == 1:
                    keep = {n} if d == 0 else set(range(1, n + 1))
                elif clue == n:
                    keep = {d + 1}
                else:
                    keep = set(range(1, n - clue + 2 + d))
                if cand[cell] - keep:
                    cand[cell] &= keep
                    changed = True
        return changed
    return rule


def test_every_puzzle_has_one_solution_by_backtracking(boards):
    assert len(boards) >= 100
    for level, board in boards:
        assert board.grade == level
        assert count_solutions(board) == [board.solution], (level, board.size)


def test_clues_are_true_and_givens_match(boards):
    for _, board in boards:
        n, s = board.size, board.solution
        for k in range(n):
            col, row = [s[r * n + k] for r in range(n)], s[k * n:(k + 1) * n]
            for clue, line in ((board.clues[0][k], col), (board.clues[1][k], col[::-1]),
                               (board.clues[2][k], row), (board.clues[3][k], row[::-1])):
                assert clue in (0, seen(line))
        assert all(g in (0, v) for g, v in zip(board.givens, s))


def test_easy_solves_with_edge_clues_and_singles_and_harder_levels_do_not(boards):
    for level, board in boards:
        got = singles_solver(board.size, board.givens, easy_rule(board))
        if level == "easy":
            assert got == board.solution
        else:
            assert got is None, (level, board.size)


def test_same_seed_same_bytes_and_manifest_fields():
    params = SkyscrapersParams(size=6, difficulty="hard")
    one, two = KIND.generate(params, 5), KIND.generate(params, 5)
    text = json.dumps(KIND.manifest(one), sort_keys=True)
    assert text == json.dumps(KIND.manifest(two), sort_keys=True)
    entry = KIND.manifest(one)
    assert set(entry) == {"size", "clues", "givens", "solution", "grade", "hardest",
                          "techniques"}
    assert set(entry["clues"]) == {"top", "bottom", "left", "right"}
    assert None in sum(entry["clues"].values(), [])
    assert KIND.manifest(KIND.from_manifest(json.loads(text))) == entry


def test_a_mirrored_puzzle_is_the_same_puzzle():
    board = KIND.generate(SkyscrapersParams(size=5, difficulty="medium"), 3)
    n = board.size
    other = KIND.from_manifest(KIND.manifest(board))
    other.givens = [board.givens[r * n + (n - 1 - c)] for r in range(n) for c in range(n)]
    other.clues = [board.clues[0][::-1], board.clues[1][::-1], board.clues[3], board.clues[2]]
    assert KIND.identity(other) == KIND.identity(board)
    assert KIND.identity(KIND.generate(SkyscrapersParams(size=5), 4)) != KIND.identity(board)


@pytest.mark.parametrize("section, words", [
    ({"size": 3}, ["size", "4"]),
    ({"difficulty": "tricky"}, ["difficulty", "easy", "extreme"]),
    ({"size": 4, "difficulty": "hard"}, ["difficulty", "easy, medium, expert or extreme"]),
])
def test_bad_values_are_spec_errors_naming_the_field(tmp_path, section, words):
    path = tmp_path / "book.yaml"
    path.write_text(yaml.safe_dump({"title": "T", "seed": 3, "sections": [
        {"kind": "skyscrapers", **section}]}), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        plan_book(load_spec(path))
    assert all(w in str(err.value) for w in words), str(err.value)


def sat_solutions(board):
    """Every clue as a count of the buildings seen along its line (SAT)."""
    n = board.size
    sat = LatinSat(n).latin()
    for k, v in enumerate(board.givens):
        if v:
            sat.given(*divmod(k, n), v)
    for k in range(n):
        col, row = [(r, k) for r in range(n)], [(k, c) for c in range(n)]
        for clue, line in ((board.clues[0][k], col), (board.clues[1][k], col[::-1]),
                           (board.clues[2][k], row), (board.clues[3][k], row[::-1])):
            if clue:
                sat.seen_from_front(line, clue)
    return sat.solutions(2)


def test_the_sat_oracle_sees_a_second_solution():
    board = KIND.generate(SkyscrapersParams(size=5, difficulty="medium"), 2)
    assert sat_solutions(board) == [board.solution]
    board.clues = [[0] * 5 for _ in range(4)]
    board.givens = [0] * 25
    assert len(sat_solutions(board)) == 2


@pytest.mark.parametrize("size", [8, 9])
def test_large_extreme_has_one_solution_by_sat_and_is_beyond_the_easy_solver(size):
    board = KIND.generate(SkyscrapersParams(size=size, difficulty="extreme"), 1)
    assert board.grade == "extreme" and board.hardest == "beyond_ladder"
    assert sat_solutions(board) == [board.solution]
    assert singles_solver(size, board.givens, easy_rule(board)) is None
