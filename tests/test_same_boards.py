"""Faster Flow (numberlink) and Queens generators build the very boards of the code
they replaced, seed for seed: Queens boards recorded at commit f28ce56 (before the
speed work) by tests/data/record_boards.py (classic 8x8 easy seed 0 re-recorded when easy
puzzles short of their count got extra queens: it graded medium); Flow boards recorded by
tests/data/record_numberlink_boards.py since the binary-coded proof and the shorter
paths past 10x10 (which changed boards, with equal or better scores: see that
script)."""
import json
import random
from pathlib import Path

import pytest

from publisher.kinds.numberlink.generator import generate
from publisher.kinds.queens.classic import generate_classic
from publisher.kinds.queens.regions import generate_regions

DATA = Path(__file__).parent / "data"
NUMBERLINK = json.loads((DATA / "numberlink_boards.json").read_text(encoding="utf-8"))
QUEENS = json.loads((DATA / "queens_boards_f28ce56.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", NUMBERLINK,
                         ids=lambda c: f"{c['rows']}x{c['cols']}-{c['difficulty']}-{c['seed']}")
def test_numberlink_same_seed_same_board_as_before(case):
    b = generate(case["rows"], case["cols"], case["difficulty"], case["seed"])
    assert b.paths == case["paths"]
    assert (b.f0, b.f1) == (case["f0"], case["f1"])          # the same difficulty measure
    assert (b.splits, b.covers, b.conflicts) == (case["splits"], case["covers"],
                                                 case["conflicts"])


@pytest.mark.parametrize("case", QUEENS,
                         ids=lambda c: f"{c['variant']}-{c['n']}-{c['difficulty']}-{c['seed']}")
def test_queens_same_seed_same_board_as_before(case):
    make = generate_regions if case["variant"] == "regions" else generate_classic
    board = json.loads(json.dumps(make(case["n"], case["difficulty"],
                                       random.Random(case["seed"]))))
    assert board == case["board"]


def test_the_recorded_boards_include_repaired_and_graded_ones():
    assert sum(c["splits"] > 0 for c in NUMBERLINK) >= 2
    assert any(c["rows"] == 15 for c in NUMBERLINK)
    assert len({c["board"]["grade"]["level"] for c in QUEENS if c["variant"] == "regions"}) >= 2
