"""Futoshiki: every puzzle proved unique again by SAT (tests/latin_oracles.py, no
code shared with the generator), graded exactly as asked (checked with small solvers
written here from the rules), signs true and between neighbours, same seed same bytes,
spec errors by name."""
from __future__ import annotations

import json

import pytest
import yaml

from latin_oracles import LatinSat, singles_solver
from publisher.errors import SpecError
from publisher.kinds import all_kinds
from publisher.kinds.futoshiki import FutoshikiParams
from publisher.plan import plan_book
from publisher.spec import load_spec

KIND = all_kinds()["futoshiki"]
# (size, level, how many): 111 puzzles, small sizes mostly
PLAN = [(4, "easy", 20), (4, "medium", 20), (4, "extreme", 12), (5, "easy", 10),
        (5, "medium", 10), (5, "hard", 8), (5, "extreme", 8), (6, "easy", 4),
        (6, "medium", 4), (6, "hard", 3), (6, "expert", 2), (6, "extreme", 2),
        (7, "hard", 2), (7, "expert", 1), (9, "easy", 1), (9, "hard", 1)]


@pytest.fixture(scope="module")
def boards():
    out = []
    for size, level, count in PLAN:
        params = FutoshikiParams(size=size, difficulty=level)
        out += [(level, KIND.generate(params, seed)) for seed in range(count)]
    return out


def sat_solutions(board):
    n = board.size
    sat = LatinSat(n).latin()
    for k, v in enumerate(board.givens):
        if v:
            sat.given(*divmod(k, n), v)
    for less, greater in board.relations:
        (r1, c1), (r2, c2) = divmod(less, n), divmod(greater, n)
        for a in range(1, n + 1):
            for b in range(1, a + 1):            # never less >= greater
                sat.clauses.append([-sat.var(r1, c1, a), -sat.var(r2, c2, b)])
    return sat.solutions(2)


def easy_rule(board):
    n = board.size

    def rule(cand):
        changed = False
        for a, b in board.relations:
            drop_a = {n} | ({v for v in cand[a] if v >= min(cand[b])} if len(cand[b]) == 1 else set())
            drop_b = {1} | ({v for v in cand[b] if v <= min(cand[a])} if len(cand[a]) == 1 else set())
            for cell, drop in ((a, drop_a), (b, drop_b)):
                if cand[cell] & drop:
                    cand[cell] -= drop
                    changed = True
        return changed
    return rule


def range_rule(board):
    easy = easy_rule(board)

    def rule(cand):
        if easy(cand):
            return True
        changed = False
        for a, b in board.relations:
            if not cand[a] or not cand[b]:
                return False
            low_a = {v for v in cand[a] if v >= max(cand[b])}
            if low_a:
                cand[a] -= low_a
                changed = True
            if cand[a]:
                high_b = {v for v in cand[b] if v <= min(cand[a])}
                if high_b:
                    cand[b] -= high_b
                    changed = True
        return changed
    return rule


def test_every_puzzle_has_one_solution_by_sat(boards):
    assert len(boards) >= 100
    for level, board in boards:
        assert board.grade == level
        assert sat_solutions(board) == [board.solution], (level, board.size)


def test_signs_are_true_between_neighbours_and_givens_match(boards):
    for level, board in boards:
        n, seen = board.size, set()
        for a, b in board.relations:
            (r1, c1), (r2, c2) = divmod(a, n), divmod(b, n)
            assert abs(r1 - r2) + abs(c1 - c2) == 1
            assert board.solution[a] < board.solution[b]
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
        assert all(g in (0, s) for g, s in zip(board.givens, board.solution))
        # givens few: the dig takes them away first (easy keeps a few more)
        assert sum(1 for g in board.givens if g) <= (2 * n if level == "easy" else n)


def test_levels_need_their_techniques(boards):
    """Easy solves with singles and signs next to placed digits; medium needs the
    ranges along chains; hard and above are beyond both."""
    for level, board in boards:
        easy = singles_solver(board.size, board.givens, easy_rule(board))
        ranged = singles_solver(board.size, board.givens, range_rule(board))
        if level == "easy":
            assert easy == board.solution
        else:
            assert easy is None, (level, board.size)
        if level == "medium":
            assert ranged == board.solution
        elif level != "easy":
            assert ranged is None, (level, board.size)


def test_same_seed_same_bytes_and_manifest_round_trip():
    params = FutoshikiParams(size=6, difficulty="hard")
    one, two = KIND.generate(params, 5), KIND.generate(params, 5)
    text = json.dumps(KIND.manifest(one), sort_keys=True)
    assert text == json.dumps(KIND.manifest(two), sort_keys=True)
    entry = KIND.manifest(one)
    assert set(entry) == {"size", "givens", "relations", "solution", "grade", "hardest",
                          "techniques"}
    assert all(set(r) == {"less", "greater"} for r in entry["relations"])
    assert KIND.manifest(KIND.from_manifest(json.loads(text))) == entry


def test_a_turned_puzzle_is_the_same_puzzle():
    board = KIND.generate(FutoshikiParams(size=5, difficulty="medium"), 3)
    n = board.size
    turn = lambda k: (lambda r, c: c * n + (n - 1 - r))(*divmod(k, n))   # noqa: E731
    other = KIND.from_manifest(KIND.manifest(board))
    other.givens = [0] * (n * n)
    for k, v in enumerate(board.givens):
        other.givens[turn(k)] = v
    other.relations = [[turn(a), turn(b)] for a, b in board.relations]
    assert KIND.identity(other) == KIND.identity(board)
    assert KIND.identity(KIND.generate(FutoshikiParams(size=5), 4)) != KIND.identity(board)


def _plan(tmp_path, section):
    path = tmp_path / "book.yaml"
    path.write_text(yaml.safe_dump({"title": "T", "seed": 3, "sections": [section]}),
                    encoding="utf-8")
    return plan_book(load_spec(path))


@pytest.mark.parametrize("section, words", [
    ({"size": 10}, ["size", "9"]),
    ({"difficulty": "fiendish"}, ["difficulty", "easy", "extreme"]),
    ({"size": 4, "difficulty": "hard"}, ["difficulty", "easy, medium or extreme"]),
    ({"symmetry": "spiral"}, ["symmetry", "rotational"]),
])
def test_bad_values_are_spec_errors_naming_the_field(tmp_path, section, words):
    with pytest.raises(SpecError) as err:
        _plan(tmp_path, {"kind": "futoshiki", **section})
    assert all(w in str(err.value) for w in words), str(err.value)


@pytest.mark.parametrize("size", [8, 9])
def test_large_extreme_has_one_solution_by_sat_and_is_beyond_the_tests_solvers(size):
    """Extreme at the largest sizes: one solution (SAT), and neither the easy nor the
    ranges solver written here finishes it (the generator's own ladder fails it too:
    its grade)."""
    board = KIND.generate(FutoshikiParams(size=size, difficulty="extreme"), 1)
    assert board.grade == "extreme" and board.hardest == "beyond_ladder"
    assert sat_solutions(board) == [board.solution]
    assert singles_solver(size, board.givens, easy_rule(board)) is None
    assert singles_solver(size, board.givens, range_rule(board)) is None
