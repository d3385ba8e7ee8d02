"""The queens kind: solver counts, uniqueness checked by naive counters written
here (independent of the generator), minimal/minimum givens, connected regions,
determinism, plan errors, manifest, drawing and the book pipeline."""
from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from publisher.errors import SpecError
from publisher.kinds import all_kinds
from publisher.kinds.queens import KIND, QueensSection
from publisher.kinds.queens.classic import minimum_givens, random_solution
from publisher.kinds.queens.regions import grade
from publisher.kinds.queens.solver import solve_regions
from queens_oracles import all_nqueens, count_nqueens, solve_classic
from conftest import FakeCtx, draw_kind, spec_error

KNOWN = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200}


# ------------------------------------------------------------- naive counters

def naive_classic(n: int, givens, limit: int = 10**9) -> int:
    """Row by row with sets; givens fix their rows."""
    fixed = {r: c for r, c in givens}
    count = 0

    def ok(placed, r, c):
        return all(c != pc and abs(c - pc) != r - pr for pr, pc in enumerate(placed))

    def rec(placed):
        nonlocal count
        if count >= limit:
            return
        r = len(placed)
        if r == n:
            count += 1
            return
        for c in ([fixed[r]] if r in fixed else range(n)):
            if ok(placed, r, c):
                rec(placed + [c])

    rec([])
    return count


def naive_regions(n: int, regions, limit: int = 10**9) -> int:
    """Row by row: distinct columns, distinct regions, no touching queens."""
    count = 0

    def rec(placed, used_regions):
        nonlocal count
        if count >= limit:
            return
        r = len(placed)
        if r == n:
            count += 1
            return
        for c in range(n):
            if c in placed or regions[r][c] in used_regions:
                continue
            if placed and abs(placed[-1] - c) <= 1:
                continue
            rec(placed + [c], used_regions | {regions[r][c]})

    rec([], frozenset())
    return count


def is_connected(cells) -> bool:
    cells = set(cells)
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen == cells


def check_regions_board(board):
    n = board.size
    reg = board.regions
    assert len(reg) == n and all(len(row) == n for row in reg)
    ids = sorted({g for row in reg for g in row})
    assert ids == list(range(n))
    for g in ids:
        assert is_connected([(r, c) for r in range(n) for c in range(n) if reg[r][c] == g])
    sol = board.solution
    assert sorted(sol) == list(range(n))
    assert sorted(reg[r][sol[r]] for r in range(n)) == list(range(n))
    assert all(abs(sol[r] - sol[r + 1]) > 1 for r in range(n - 1))
    assert naive_regions(n, reg, limit=2) == 1


# ------------------------------------------------------------- solver

@pytest.mark.parametrize("n", sorted(KNOWN))
def test_nqueens_counts(n):
    assert count_nqueens(n) == KNOWN[n]


@pytest.mark.parametrize("n", range(4, 11))
def test_classic_solver_counts_and_enumerates(n):
    res = solve_classic(n, limit=10**9)
    assert res.count == KNOWN[n]
    assert sorted(map(tuple, res.solutions)) == sorted(map(tuple, all_nqueens(n)))
    assert len(set(map(tuple, res.solutions))) == KNOWN[n]


def test_classic_solver_agrees_with_naive_on_random_givens():
    rng = random.Random(1)
    for _ in range(60):
        n = rng.randint(5, 9)
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(0, 3))
        if len({r for r, _ in cells}) < len(cells):
            continue
        assert solve_classic(n, cells, limit=10**9).count == naive_classic(n, cells)


def test_regions_solver_agrees_with_naive_on_random_regions():
    rng = random.Random(2)
    for _ in range(40):
        n = rng.randint(5, 7)
        # random regions: n seeds, random flood (may have any number of solutions)
        reg = [[-1] * n for _ in range(n)]
        for g, i in enumerate(rng.sample(range(n * n), n)):
            reg[i // n][i % n] = g
        while any(-1 in row for row in reg):
            r, c = rng.randrange(n), rng.randrange(n)
            if reg[r][c] < 0:
                nbs = [reg[rr][cc] for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                       if 0 <= rr < n and 0 <= cc < n and reg[rr][cc] >= 0]
                if nbs:
                    reg[r][c] = rng.choice(nbs)
        assert solve_regions(n, reg, limit=10**9).count == naive_regions(n, reg)


def test_regions_solver_from_masks_and_moves():
    from publisher.kinds.queens.regions import (_masks_to_grid, grid_for, grow_regions,
                                                random_placement)
    from publisher.kinds.queens.solver import RegionsSolver
    rng = random.Random(3)
    for _ in range(30):
        n = rng.randint(5, 8)
        regs = grow_regions(n, random_placement(n, rng), rng)
        solver = RegionsSolver.from_masks(n, regs)
        grid = grid_for(n)
        for _ in range(4):
            # move one border cell of region a (not its only cell) to a neighbour b
            a = rng.randrange(n)
            border = grid.dilate(grid.full & ~regs[a]) & regs[a]
            if regs[a].bit_count() < 2:
                continue
            cell = rng.choice([i for i in range(n * n) if border >> i & 1])
            b = rng.choice([g for g in range(n) if g != a and grid.dilate(1 << cell) & regs[g]])
            regs[a] &= ~(1 << cell)
            regs[b] |= 1 << cell
            solver.move(1 << cell, a, b)
            fresh = RegionsSolver(n, _masks_to_grid(n, regs))
            assert (solver.units, solver.unit_bits, solver.kill) == \
                (fresh.units, fresh.unit_bits, fresh.kill)
            res = solver.solve(limit=10**9)
            assert res.count == naive_regions(n, _masks_to_grid(n, regs))
            assert res.solutions == fresh.solve(limit=10**9).solutions


def test_budget_out_is_reported():
    res = solve_classic(12, limit=10**9, budget=100)
    assert not res.complete and res.count < KNOWN[12]


# ------------------------------------------------------------- classic generation

@pytest.mark.parametrize("n,difficulty", [(6, "easy"), (8, "medium"), (8, "hard"),
                                          (10, "hard"), (12, "easy")])
def test_classic_puzzles_unique_and_minimal(n, difficulty):
    for seed in range(3):
        board = gen({"variant": "classic", "size": n, "difficulty": difficulty}, seed)
        givens = [tuple(g) for g in board.givens]
        assert all(board.solution[r] == c for r, c in givens)
        assert naive_classic(n, [], 1) and naive_classic(n, givens, limit=2) == 1
        needed = [naive_classic(n, [g for g in givens if g != drop], limit=2) == 2
                  for drop in givens]
        if difficulty == "easy":      # extra queens make up an easy count: min + 2
            assert len(givens) >= board.stats["min_givens"] + 2
        else:                         # minimal: every given is needed
            assert all(needed)
        assert len(givens) >= board.stats["min_givens"]
        if difficulty == "hard":
            assert len(givens) == board.stats["min_givens"]


def test_minimum_givens_is_exact_at_n8():
    sols = all_nqueens(8)
    rng = random.Random(4)
    for _ in range(12):
        sol = random_solution(8, rng)
        rows, _ = minimum_givens(8, sol, rng)
        # brute force: the smallest k with a k-subset no other solution contains
        others = [t for t in sols if t != sol]
        best = next(k for k in range(9) for combo in combinations(range(8), k)
                    if all(any(t[r] != sol[r] for r in combo) for t in others))
        assert len(rows) == best
        assert all(any(t[r] != sol[r] for r in rows) for t in others)


@pytest.mark.parametrize("n", range(1, 11))
def test_solution_table_lists_every_solution_once(n):
    from publisher.kinds.queens.solver import solution_table
    table = solution_table(n)
    sols = all_nqueens(n)
    everyone = 0
    for c in range(n):
        everyone |= table[c]
    assert everyone.bit_count() == len(sols) == KNOWN.get(n, len(sols))
    seen = set()
    for t in sols:
        agree = -1
        for r, c in enumerate(t):
            agree &= table[r * n + c]
        assert agree.bit_count() == 1       # one bit: this very solution
        seen.add(agree)
    assert len(seen) == len(sols)
    for r in range(n):                      # each solution has one queen per row
        row = [table[r * n + c] for c in range(n)]
        assert sum(m.bit_count() for m in row) == len(sols)


def test_fast_classic_solver_is_solve_classic():
    from publisher.kinds.queens.solver import complete_classic
    rng = random.Random(9)
    for _ in range(150):
        n = rng.randint(1, 12)
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)],
                           min(n * n, rng.randint(0, 4)))
        limit = rng.choice([1, 2, 7, 10**9])
        budget = rng.choice([None, None, 40])
        a = solve_classic(n, cells, limit=limit, budget=budget)
        b = complete_classic(n, cells, limit=limit, budget=budget)
        assert (a.count, a.solutions, a.nodes, a.complete) == \
            (b.count, b.solutions, b.nodes, b.complete)


@pytest.mark.parametrize("n", [8, 9, 10])
def test_minimum_givens_without_the_table_agrees(n, monkeypatch):
    """Above TABLE_MAX_N rivals come from the solver; both ways keep the same set."""
    import publisher.kinds.queens.classic as classic
    for seed in range(4):
        rng = random.Random(seed)
        sol = random_solution(n, rng)
        state = rng.getstate()
        with_table, _ = minimum_givens(n, sol, rng)
        rng.setstate(state)
        monkeypatch.setattr(classic, "TABLE_MAX_N", 0)
        without, calls = minimum_givens(n, sol, rng)
        monkeypatch.undo()
        assert with_table == without and calls > 0


def test_minimum_givens_above_the_table_is_unique_and_minimum():
    n = 13
    for seed in range(1):
        rng = random.Random(seed)
        sol = random_solution(n, rng)
        rows, _ = minimum_givens(n, sol, rng)
        assert naive_classic(n, [(r, sol[r]) for r in rows], limit=2) == 1
        for smaller in combinations(range(n), len(rows) - 1):   # no smaller set is enough
            assert solve_classic(n, [(r, sol[r]) for r in smaller], limit=2).count == 2


def test_hard_classic_has_fewer_givens_than_easy():
    def givens(d):
        return sum(len(gen({"variant": "classic", "size": 10, "difficulty": d},
                                     s).givens) for s in range(4))
    assert givens("hard") < givens("easy")


# ------------------------------------------------------------- regions generation

@pytest.mark.parametrize("n,difficulty", [(5, "easy"), (6, "medium"), (7, "hard"),
                                          (8, "medium"), (9, "easy"), (10, "hard")])
def test_regions_puzzles_unique_and_connected(n, difficulty):
    for seed in range(2):
        board = gen({"variant": "regions", "size": n, "difficulty": difficulty}, seed)
        check_regions_board(board)
        assert board.givens == []


def test_regions_twelve():
    check_regions_board(gen({"variant": "regions", "size": 12,
                                       "difficulty": "hard"}, 3))


def test_one_cell_regions_stay_rare():
    boards = [gen({"variant": "regions", "size": 8, "difficulty": "medium"}, s)
              for s in range(20)]
    with_one = sum(1 for b in boards
                   if min(sum(row.count(g) for row in b.regions) for g in range(8)) == 1)
    assert with_one <= 0.23 * len(boards)


def test_grade_levels():
    # rows 1-4 keep their queen in a one-cell region: singles alone solve it
    n, sol = 5, [0, 2, 4, 1, 3]
    reg = [[r if r and c == sol[r] else 0 for c in range(n)] for r in range(n)]
    g = grade(n, reg)
    assert g["level"] == 1 and g["progress"] == 1.0 and g["steps"] == {"single": 5}
    for seed in range(4):
        board = gen({"variant": "regions", "size": 8, "difficulty": "hard"}, seed)
        g = grade(8, board.regions)
        assert g == board.stats["grade"]
        assert 2 <= g["level"] <= 5           # no one-cell region: singles can't start
        assert g["level"] == 5 or g["progress"] == 1.0


def test_difficulty_targets_are_picked():
    def levels(d):
        return [gen({"variant": "regions", "size": 8, "difficulty": d}, s)
                for s in range(12)]
    easy, hard = levels("easy"), levels("hard")
    best_easy = max(easy, key=lambda b: b.score).stats["grade"]["level"]
    best_hard = max(hard, key=lambda b: b.score).stats["grade"]["level"]
    assert best_easy <= 3 < best_hard


# ------------------------------------------------------------- determinism

@pytest.mark.parametrize("variant,n", [("classic", 12), ("regions", 9)])
def test_deterministic(variant, n):
    params = {"variant": variant, "size": n, "difficulty": "medium"}
    a, b = gen(params, 11), gen(dict(params), 11)
    assert KIND.manifest(a) == KIND.manifest(b) and a.score == b.score
    others = [KIND.manifest(gen(params, s)) for s in (12, 13)]
    assert any(o != KIND.manifest(a) for o in others)


# ------------------------------------------------------------- plan and spec

def gen(params, seed):
    """One candidate from params written as a dict (or the params model itself)."""
    if isinstance(params, dict):
        params = KIND.params_model(**params)
    return KIND.generate(params, seed)


def section(**kw):
    return QueensSection.model_validate({"kind": "queens", **kw})


def test_spec_keys_as_written():
    s = section(variant="regions", size=9, count=3, difficulty="hard", candidates=5, colour=True)
    reqs = KIND.plan(s, FakeCtx())
    assert len(reqs) == 3
    assert reqs[0].params.model_dump() == {"variant": "regions", "size": 9, "difficulty": "hard"}
    assert s.colour is True
    assert all_kinds()["queens"] is KIND
    for bad in ({"variant": "stars"}, {"difficulty": "extreme"}, {"count": 0},
                {"colours": True}):
        with pytest.raises(Exception):
            section(size=8, **bad)


@pytest.mark.parametrize("variant,size", [("classic", 3), ("classic", 40), ("classic", 5),
                                          ("classic", 17), ("regions", 3), ("regions", 40),
                                          ("regions", 4), ("regions", 13)])
def test_bad_sizes_give_clear_errors(variant, size, tmp_path):
    msg = spec_error(tmp_path, {"kind": "queens", "variant": variant, "size": size})
    assert "bad.yaml:" in msg and "sections[0].size: " in msg and str(size) in msg and "Choose a size from" in msg


@pytest.mark.parametrize("variant,size", [("classic", 6), ("classic", 16), ("regions", 5),
                                          ("regions", 12)])
def test_bounds_are_accepted(variant, size):
    assert len(KIND.plan(section(variant=variant, size=size), FakeCtx())) == 1


# ------------------------------------------------------------- manifest and drawing

def test_manifest():
    board = gen({"variant": "regions", "size": 7, "difficulty": "easy"}, 5)
    m = json.loads(json.dumps(KIND.manifest(board)))
    assert m["size"] == 7 and m["variant"] == "regions" and m["givens"] == []
    assert [r for r, _ in m["solution"]] == list(range(7))
    assert all(isinstance(v, str) and len(v) == 1 for row in m["regions"] for v in row)
    regions = [[ord(v) - 65 for v in row] for row in m["regions"]]
    assert naive_regions(7, regions, limit=2) == 1
    assert all(regions[r][c] == board.regions[r][c] for r in range(7) for c in range(7))
    board = gen({"variant": "classic", "size": 8, "difficulty": "hard"}, 5)
    m = json.loads(json.dumps(KIND.manifest(board)))
    assert m["regions"] is None and m["variant"] == "classic"
    assert naive_classic(8, [tuple(g) for g in m["givens"]], limit=2) == 1
    assert all([r, c] in m["solution"] for r, c in m["givens"])


@pytest.mark.parametrize("variant,colour", [("classic", False), ("regions", False),
                                            ("regions", True)])
def test_drawing_in_pt_sans(variant, colour):
    board = gen({"variant": variant, "size": 8, "difficulty": "medium"}, 3)
    reader, fonts = draw_kind(KIND, board, colour)
    text = reader.pages[0].extract_text()
    for s in KIND.text_for_search(board):
        assert s in text
    assert fonts and all("PTSans" in f for f in fonts)
    # queens are vector paths: the answer key has one more crown than the puzzle
    # (a crown is 5 tip circles); no chess glyphs in any text
    assert "\u265b" not in text and "\u2655" not in text


def test_book_pipeline(tmp_path):
    from publisher.pipeline import build_book
    spec = tmp_path / "q.yaml"
    spec.write_text(
        "title: Q\nseed: 3\nsections:\n"
        "  - kind: queens\n    variant: classic\n    size: 8\n    count: 2\n"
        "    difficulty: hard\n    candidates: 2\n"
        "  - kind: queens\n    variant: regions\n    size: 7\n    count: 1\n"
        "    difficulty: easy\n    candidates: 2\n", encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    entries = manifest["puzzles"]
    assert [e["variant"] for e in entries] == ["classic", "classic", "regions"]
    for e in entries:
        assert e["kind"] == "queens" and len(e["solution"]) == e["size"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: Q\nsections:\n  - kind: queens\n    variant: regions\n"
                   "    size: 40\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        build_book(bad, tmp_path / "out2", workers=1)
    assert "bad.yaml:5:" in str(err.value) and "sections[0].size" in str(err.value)


def test_regions_boards_stop_best_of_n_only_at_the_requested_level():
    """`unbeatable` (best-of-N may stop) holds exactly for boards whose strongest needed
    deduction is the requested level's and that have no one-cell region; every board
    at the best score is one, and none scores higher. Levels are read from the
    recorded steps, not from the kind's grading."""
    from publisher.kinds.queens import QueensParams
    from publisher.kinds.queens.regions import BEST_SCORE
    needs = {"easy": set(), "medium": {"group confinement"}, "hard": {"guess"}}
    reached = set()
    for difficulty in ("easy", "medium", "hard"):
        params = QueensParams(variant="regions", size=6, difficulty=difficulty)
        for seed in range(40):
            board = KIND.generate(params, seed)
            steps = {name for name, count in board.stats["grade"]["steps"].items() if count}
            level = "hard" if "guess" in steps else \
                "medium" if "group confinement" in steps else "easy"
            assert board.score <= BEST_SCORE[difficulty]
            at_level = level == difficulty and board.stats["one_cell_regions"] == 0
            assert KIND.unbeatable(board, params) == at_level
            if board.score == BEST_SCORE[difficulty]:
                assert at_level
            if at_level:
                reached.add(difficulty)
                assert needs[difficulty] <= steps
    assert reached == {"easy", "medium", "hard"}   # so the early stop really happens
    classic = QueensParams(variant="classic", size=6)
    assert not KIND.unbeatable(KIND.generate(classic, 1), classic)


def test_hard_regions_boards_are_hard_with_the_default_candidates(tmp_path):
    """A regions section names no `candidates`: it tries until a board grades at the
    level asked (with the 8 of every Queens section, 3 in 10 hard 8x8 ones were medium,
    each with a warning)."""
    from publisher.pipeline import build_book

    spec = tmp_path / "q.yaml"
    spec.write_text("title: Q\nseed: 1\nsections:\n  - {kind: queens, variant: regions, "
                    "size: 8, difficulty: hard, count: 10}\n", encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert [p["grade"] for p in manifest["puzzles"]] == ["hard"] * 10
    assert not result.warnings
    assert QueensSection.model_validate({"kind": "queens"}).candidates is None     # classic
