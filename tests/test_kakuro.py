"""Kakuro's promises, checked from the manifest by code written here (sharing nothing
with the generator): one solution (a plain backtracking counter), valid runs, clues that
add up, connected white cells, symmetric blocks, no 2x2 block whose sums leave it open;
an easy puzzle falls to unique sums and singles alone, a hard one does not."""
from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
import yaml

from publisher.errors import GenerationFailed, SpecError
from publisher.kinds import all_kinds
from publisher.kinds.kakuro.generator import generate
from publisher.plan import plan_book
from publisher.spec import load_spec

KIND = all_kinds()["kakuro"]
# (side, level, seeds): 87 puzzles, every size and level; fewer of the small easy ones,
# the slowest to make (up to a second each)
CASES = [(6, "easy", 6), (6, "medium", 8), (7, "medium", 15), (7, "hard", 15),
         (8, "easy", 8), (8, "hard", 12), (8, "expert", 12), (9, "medium", 8),
         (9, "extreme", 3)]


def _entry(side, level, seed):
    board = KIND.generate(KIND.params_model(rows=side, cols=side, difficulty=level), seed)
    return KIND.manifest(board)


@pytest.fixture(scope="module")
def entries():
    return [(side, level, _entry(side, level, seed))
            for side, level, n in CASES for seed in range(n)]


def runs(entry):
    """[(clue sum, [(r, c), ...])] read from blocks and clues alone."""
    blocks, out = entry["blocks"], []
    clue = {(k["row"], k["col"]): k for k in entry["clues"]}
    for r, row in enumerate(blocks):
        for c, ch in enumerate(row):
            if ch != "#":
                continue
            for name, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                cells, y, x = [], r + dr, c + dc
                while y < len(blocks) and x < len(row) and blocks[y][x] == ".":
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                total = clue.get((r, c), {}).get(name)
                assert (total is None) == (not cells), f"clue {name} at {(r, c)} and its run disagree"
                if cells:
                    out.append((total, cells))
    return out


def count_solutions(entry, limit=2):
    """Plain backtracking in reading order with sum bounds; up to `limit` solutions."""
    rs = runs(entry)
    cells = sorted({rc for _, cs in rs for rc in cs})
    member = {rc: [k for k, (_, cs) in enumerate(rs) if rc in cs] for rc in cells}
    filled = [[] for _ in rs]
    found = 0

    def fits(k, d):
        total, cs = rs[k]
        digits = filled[k] + [d]
        if d in filled[k]:
            return False
        left, room = total - sum(digits), len(cs) - len(digits)
        unused = [x for x in range(1, 10) if x not in digits]
        return sum(unused[:room]) <= left <= sum(unused[len(unused) - room:]) if room else left == 0

    def walk(i):
        nonlocal found
        if i == len(cells):
            found += 1
            return
        for d in range(1, 10):
            if all(fits(k, d) for k in member[cells[i]]):
                for k in member[cells[i]]:
                    filled[k].append(d)
                walk(i + 1)
                for k in member[cells[i]]:
                    filled[k].pop()
                if found >= limit:
                    return

    walk(0)
    return found


def easy_solver(entry):
    """Unique sums and singles only: how many cells stay open."""
    rs = runs(entry)
    cand = {rc: set(range(1, 10)) for _, cs in rs for rc in cs}
    changed = True
    while changed:
        changed = False
        for total, cs in rs:
            placed = [next(iter(cand[rc])) for rc in cs if len(cand[rc]) == 1]
            empty = [rc for rc in cs if len(cand[rc]) > 1]
            if not empty:
                continue
            left = total - sum(placed)
            sets = [set(s) for s in combinations(range(1, 10), len(empty))
                    if sum(s) == left and not set(s) & set(placed)]
            keep = sets[0] if len(sets) == 1 else set(range(1, 10))
            for rc in empty:
                new = (cand[rc] - set(placed)) & keep
                if new != cand[rc]:
                    cand[rc], changed = new, True
    return sum(1 for v in cand.values() if len(v) != 1)


def sat_solutions(entry, limit=2):
    """Solutions by SAT (python-sat): a digit per cell, no digit twice in a run, and each
    run's digits one of the sets of its size adding up to its clue."""
    from pysat.card import CardEnc
    from pysat.formula import IDPool
    from pysat.solvers import Minisat22

    pool, clauses = IDPool(), []
    x = lambda rc, d: pool.id(("x", rc, d))   # noqa: E731
    rs = runs(entry)
    for rc in {rc for _, cs in rs for rc in cs}:
        lits = [x(rc, d) for d in range(1, 10)]
        clauses += CardEnc.equals(lits, 1, vpool=pool).clauses
    for k, (total, cs) in enumerate(rs):
        for d in range(1, 10):
            clauses += CardEnc.atmost([x(rc, d) for rc in cs], 1, vpool=pool).clauses
        sets = [s for s in combinations(range(1, 10), len(cs)) if sum(s) == total]
        pick = [pool.id(("set", k, i)) for i in range(len(sets))]
        clauses.append(pick)
        for p, digits in zip(pick, sets):
            for d in range(1, 10):
                if d in digits:      # the set's digits all appear in the run
                    clauses.append([-p] + [x(rc, d) for rc in cs])
                else:
                    clauses += [[-p, -x(rc, d)] for rc in cs]
    found = []
    with Minisat22(bootstrap_with=clauses) as solver:
        while len(found) < limit and solver.solve():
            model = {v for v in solver.get_model() if v > 0}
            chosen = [v for v in model if pool.obj(v) and pool.obj(v)[0] == "x"]
            found.append({pool.obj(v)[1]: pool.obj(v)[2] for v in chosen})
            solver.add_clause([-v for v in chosen])
    return found


def test_both_checkers_see_a_second_solution():
    """12 / 21 and 21 / 12 share all four sums: the checkers must say two."""
    entry = {"blocks": ["###", "#..", "#.."], "solution": [[None] * 3, [None, "1", "2"],
                                                           [None, "2", "1"]],
             "clues": [{"row": 0, "col": 1, "across": None, "down": 3},
                       {"row": 0, "col": 2, "across": None, "down": 3},
                       {"row": 1, "col": 0, "across": 3, "down": None},
                       {"row": 2, "col": 0, "across": 3, "down": None}]}
    assert count_solutions(entry) == 2 and len(sat_solutions(entry)) == 2


@pytest.mark.parametrize("side, level", [(15, "medium"), (15, "expert"), (20, "extreme"),
                                         (25, "expert")])
def test_large_puzzles_have_one_solution_by_sat(side, level):
    entry = _entry(side, level, 1)
    found = sat_solutions(entry)
    assert len(found) == 1
    assert all(str(d) == entry["solution"][r][c] for (r, c), d in found[0].items())


def test_every_puzzle_has_exactly_one_solution_the_one_printed(entries):
    assert len(entries) >= 85
    for side, level, entry in entries:
        assert count_solutions(entry) == 1, (side, level, entry["blocks"])


def test_runs_are_valid_clued_connected_and_symmetric(entries):
    for side, level, entry in entries:
        blocks, sol = entry["blocks"], entry["solution"]
        assert (entry["rows"], entry["cols"]) == (side, side) == (len(blocks), len(blocks[0]))
        assert set(blocks[0]) == {"#"} and {row[0] for row in blocks} == {"#"}
        for total, cells in runs(entry):
            digits = [int(sol[r][c]) for r, c in cells]
            assert 2 <= len(cells) <= 9 and len(set(digits)) == len(digits)
            assert sum(digits) == total
        n = side
        assert all(blocks[r][c] == blocks[n - r][n - c] for r in range(1, n) for c in range(1, n))
        assert all((sol[r][c] is None) == (blocks[r][c] == "#") for r in range(n) for c in range(n))
        whites = {(r, c) for r in range(n) for c in range(n) if blocks[r][c] == "."}
        seen, stack = set(), [min(whites)]
        while stack:
            r, c = stack.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            stack += [p for p in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if p in whites]
        assert seen == whites


def test_no_two_by_two_block_can_trade_digits(entries):
    """a b / c d -> a+k b-k / c-k d+k keeps all four sums: some run must forbid it."""
    for _, _, entry in entries:
        sol, rs = entry["solution"], runs(entry)
        for r in range(1, entry["rows"] - 1):
            for c in range(1, entry["cols"] - 1):
                box = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                if any(sol[y][x] is None for y, x in box):
                    continue
                for k in range(-8, 9):
                    if not k:
                        continue
                    new = dict(zip(box, (int(sol[y][x]) + s * k for (y, x), s
                                         in zip(box, (1, -1, -1, 1)))))
                    if all(1 <= v <= 9 for v in new.values()) and all(
                            len({new.get(rc, int(sol[rc[0]][rc[1]])) for rc in cs}) == len(cs)
                            for _, cs in rs):
                        pytest.fail(f"2x2 at {(r, c)} trades {k}")


def test_grades_are_the_level_asked_and_easy_needs_only_unique_sums(entries):
    for side, level, entry in entries:
        assert entry["grade"] == level
        left = easy_solver(entry)
        if level == "easy":
            assert left == 0, entry["blocks"]
        else:
            assert left > 0, entry["blocks"]
    assert {e["hardest"] for _, lv, e in entries if lv == "hard"} == {"intersection"}


def test_same_seed_same_bytes_and_another_seed_another_puzzle():
    one = json.dumps(_entry(8, "medium", 4), sort_keys=True)
    assert one == json.dumps(_entry(8, "medium", 4), sort_keys=True)
    assert one != json.dumps(_entry(8, "medium", 5), sort_keys=True)


@pytest.mark.parametrize("symmetry", ["mirror", "none"])
def test_other_symmetries(symmetry):
    board = KIND.generate(KIND.params_model(rows=9, cols=10, difficulty="hard",
                                            symmetry=symmetry), 2)
    entry = KIND.manifest(board)
    assert count_solutions(entry) == 1 and entry["grade"] == "hard"
    mirrored = all(row[c] == row[10 - c] for row in entry["blocks"][1:] for c in range(1, 10))
    assert mirrored == (symmetry == "mirror") or symmetry == "none"


def test_transposed_puzzle_has_the_same_identity():
    board = KIND.generate(KIND.params_model(rows=8, cols=8, difficulty="easy"), 3)
    turned = KIND.from_manifest(KIND.manifest(board))
    turned.blocks = ["".join(row[c] for row in board.blocks) for c in range(8)]
    turned.solution = [[row[c] for row in board.solution] for c in range(8)]
    assert KIND.identity(turned) == KIND.identity(board)


def test_a_request_beyond_the_budget_fails_clearly():
    with pytest.raises(GenerationFailed, match="25x25 expert kakuro within 3 repair steps"):
        generate(25, 25, "expert", "rotational", random.Random(1), budget=3)


def _plan(tmp_path, section):
    path = tmp_path / "book.yaml"
    path.write_text(yaml.safe_dump({"title": "T", "seed": 3, "sections": [section]}),
                    encoding="utf-8")
    return plan_book(load_spec(path))


@pytest.mark.parametrize("key, value, words", [
    ("size", 5, "smaller than the smallest"), ("size", [12, 26], "larger than the largest"),
    ("difficulty", "tricky", "extreme"), ("symmetry", "diagonal", "rotational")])
def test_bad_values_are_spec_errors_naming_the_field(tmp_path, key, value, words):
    with pytest.raises(SpecError) as err:
        _plan(tmp_path, {"kind": "kakuro", key: value})
    assert key in str(err.value) and words in str(err.value)


def test_size_as_rows_and_cols(tmp_path):
    job = _plan(tmp_path, {"kind": "kakuro", "size": [7, 10], "count": 2})[0]
    board = KIND.generate(job.params, 2)
    assert (board.rows, board.cols) == (7, 10) and count_solutions(KIND.manifest(board)) == 1


def test_too_large_a_grid_is_told_the_largest_size_that_prints(tmp_path, monkeypatch):
    """Review 3, item 7: a 25x25 on 6x9 is alone on its page already, so the advice is
    the largest size that prints there (that size reaches generating; one larger is
    refused), not "fewer puzzles on a page"."""
    import re

    from publisher import pipeline
    from publisher.render.legibility import LegibilityError

    class Generating(Exception):
        pass

    def generating(*args, **kwargs):
        raise Generating

    monkeypatch.setattr(pipeline, "generate_all", generating)

    def build(size):
        spec = tmp_path / f"k{size}.yaml"
        spec.write_text(f"title: X\nlayout: 6x9\nsections:\n  - {{kind: kakuro, size: {size}, "
                        "count: 3}\n", encoding="utf-8")
        pipeline.build_book(spec, tmp_path / "out", workers=1)

    with pytest.raises(LegibilityError) as refused:
        build(25)
    advice = str(refused.value).split("To fix: ")[1]
    assert "fewer" not in advice, advice
    largest = int(re.fullmatch(r"use size (\d+), the largest that prints here", advice)[1])
    with pytest.raises(Generating):
        build(largest)
    with pytest.raises(LegibilityError, match=f"use size {largest},"):
        build(largest + 1)
