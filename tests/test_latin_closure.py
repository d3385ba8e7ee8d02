"""The dig's fast test (grids/latin/closure.py) answers as the ladder does: on
random Futoshiki and Skyscrapers clue sets the closure solves exactly when
`run_ladder` up to the tier does, and the pruning that shares fixpoints keeps the same signs as a
one-by-one dig with the ladder as its test."""
from __future__ import annotations

import random

from publisher.grids.latin.closure import Closure, DigTest, solved
from publisher.grids.latin.dig import dig
from publisher.grids.latin.order import order
from publisher.grids.latin.square import random_square
from publisher.kinds.futoshiki.generator import all_relations, grade
from publisher.kinds.futoshiki.techniques import closure
from publisher.kinds.skyscrapers import generator as towers
from publisher.kinds.skyscrapers import techniques as tower_rules


def test_closure_solves_when_the_ladder_does() -> None:
    rng = random.Random(7)
    answers = set()
    for _ in range(120):
        n = rng.choice([4, 5, 6, 7])
        solution = random_square(n, rng)
        relations = all_relations(n, solution)
        share = rng.random() * 0.4
        givens = [v if rng.random() < share else 0 for v in solution]
        on = [rng.random() < rng.random() for _ in relations]
        kept = [rel for rel, keep in zip(relations, on) if keep]
        full = (1 << n) - 1
        start = [1 << (v - 1) if v else full for v in givens]
        for tier in range(4):
            expected = grade(n, givens, kept, tier).solved
            got = closure(n, relations, tier).run(start, on, [], None)
            assert solved(got) == expected, (n, tier, givens, kept)
            answers.add(expected)
    assert answers == {True, False}


def test_prune_keeps_what_a_one_by_one_dig_keeps() -> None:
    rng = random.Random(3)
    checked = 0
    for trial in range(12):
        n, tier = 6, trial % 4
        solution = random_square(n, rng)
        relations = all_relations(n, solution)
        total = n * n
        signs = [[total + k] for k in range(len(relations))]
        rng.shuffle(signs)
        givens = [k for k in range(total) if rng.random() < 0.35]
        present = [k in givens for k in range(total)] + [True] * len(relations)

        def ladder_test(now: list[bool]) -> bool:
            clues = [v if now[k] else 0 for k, v in enumerate(solution)]
            kept = [rel for k, rel in enumerate(relations) if now[total + k]]
            return grade(n, clues, kept, tier).solved

        if not ladder_test(present):
            continue
        expected = dig(list(present), signs, ladder_test, first_run=1)
        test = DigTest(closure(n, relations, tier), solution)
        test.fix(givens)
        assert test.prune(list(present), signs) == expected
        checked += 1
    assert checked >= 6


def test_run_from_an_earlier_fixpoint_ends_where_a_fresh_run_does() -> None:
    # a sign wakes only on the change it reads (a placed digit, or a bound): one
    # that slept through a change it needed would leave the later run short
    rng = random.Random(19)
    moved = 0
    for _ in range(80):
        n, tier = rng.choice([4, 5, 6, 7]), rng.randrange(4)
        solution = random_square(n, rng)
        relations = all_relations(n, solution)
        shut, full = closure(n, relations, tier), (1 << n) - 1
        before = [rng.random() < 0.3 for _ in relations]
        after = [was or rng.random() < 0.3 for was in before]
        givens = [v if rng.random() < 0.1 else 0 for v in solution]
        more = [v if v or rng.random() < 0.1 else 0 for v in givens]
        base = shut.run([1 << (v - 1) if v else full for v in givens], before, [], None)
        assert base is not None
        start = [m & (1 << (v - 1)) if v else m for m, v in zip(base, more)]
        new = [k for k, on in enumerate(after) if on and not before[k]]
        fresh = shut.run([1 << (v - 1) if v else full for v in more], after, [], None)
        assert shut.run(start, after, new, base) == fresh, (n, tier)
        moved += fresh != base
    assert moved > 40


def test_signs_inline_do_what_their_keep_says() -> None:
    # the closure works signs out itself (order.py); the same constraints left to
    # their `keep` functions must end at the same candidates
    rng = random.Random(23)
    for _ in range(60):
        n, ranges = rng.choice([4, 5, 6, 7]), rng.random() < 0.5
        solution = random_square(n, rng)
        signs = [order(a, b, n, ranges) for a, b in all_relations(n, solution)]
        inline, called = Closure(n, signs), Closure(n, [s._replace(order=0) for s in signs])
        on = [rng.random() < 0.6 for _ in signs]
        full = (1 << n) - 1
        start = [1 << (v - 1) if rng.random() < 0.15 else full for v in solution]
        assert inline.run(start, on, [], None) == called.run(start, on, [], None)


def test_skyscrapers_closure_solves_when_the_ladder_does() -> None:
    rng = random.Random(11)
    answers = set()
    for _ in range(60):
        n = rng.choice([4, 5, 6])
        solution = random_square(n, rng)
        clues = towers.all_clues(n, solution)
        share = rng.random() * 0.3
        givens = [v if rng.random() < share else 0 for v in solution]
        present = [rng.random() < 0.7 for _ in clues]
        kept = [clue for clue, keep in zip(clues, present) if keep]
        full = (1 << n) - 1
        start = [1 << (v - 1) if v else full for v in givens]
        for tier in range(4):
            expected = towers.grade(n, givens, kept, tier).solved
            shut, needs = tower_rules.closure(n, clues, tier)
            on = [present[a] and present[b] for a, b in needs]
            assert solved(shut.run(start, on, [], None)) == expected, (n, tier, givens, kept)
            answers.add(expected)
    assert answers == {True, False}


def test_skyscrapers_prune_keeps_what_a_one_by_one_dig_keeps() -> None:
    # the pruning starts each test from an earlier fixpoint: the fixed edge limits,
    # the visibility that sleeps while both ends are on and the subsets looking
    # at moved lines only must still end where the ladder does
    rng = random.Random(5)
    checked = 0
    for trial in range(12):
        n, tier = rng.choice([5, 6]), trial % 4
        solution = random_square(n, rng)
        clues = towers.all_clues(n, solution)
        total = n * n
        cells = [[k] for k in range(total)]
        edges = [[total + k] for k in range(len(clues))]
        rng.shuffle(cells)
        rng.shuffle(edges)
        present = [True] * (total + len(clues))

        def ladder_test(now: list[bool]) -> bool:
            givens = [v if now[k] else 0 for k, v in enumerate(solution)]
            kept = [clue for k, clue in enumerate(clues) if now[total + k]]
            return towers.grade(n, givens, kept, tier).solved

        expected = dig(list(present), cells, ladder_test, first_run=1)
        expected = dig(expected, edges, ladder_test, first_run=1)
        shut, needs = tower_rules.closure(n, clues, tier)
        test = DigTest(shut, solution, [(total + a, total + b) for a, b in needs])
        assert test.dig(list(present), cells, edges) == expected, (n, tier)
        checked += sum(expected[total:]) < len(clues)
    assert checked >= 6
