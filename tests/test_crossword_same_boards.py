"""The faster crossword search builds the very boards of the search it replaced.

tests/data/crossword_boards_f28ce56.json holds 30 layouts made by make_layout at
commit f28ce56 (before the speed work): 12 words on 15x15, the 16 animals on 13x13
(the repair phase runs), rectangles, other beams and branches, Spanish and
Cyrillic letters, a word that can cross nothing, 30 words on 17x17. The same
words, size and seed must give the same words at the same places, the same
words left out and the same count of search steps. Since then the beam's
default pool factor went from 2 to 1 (a measured speed-up of equal quality, see
benchmarks/crossword.py): with `pool=2` the engine must still build the recorded
boards; tests/data/crossword_boards_pool1.json pins the boards of the new default."""
import json
from pathlib import Path

import pytest

from publisher.grids.freeform.generator import make_layout

CASES = json.loads((Path(__file__).parent / "data" / "crossword_boards_f28ce56.json")
                   .read_text(encoding="utf-8"))


POOL1 = json.loads((Path(__file__).parent / "data" / "crossword_boards_pool1.json")
                   .read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", POOL1, ids=lambda c: f"{c['rows']}x{c['cols']}-seed{c['seed']}")
def test_same_seed_same_board_at_the_default_pool_factor(case):
    lay = make_layout(case["words"], case["rows"], case["cols"], case["seed"], **case["kw"])
    assert [[p.index, p.row, p.col, p.direction] for p in lay.placed] == case["placed"]
    assert (lay.unplaced, lay.crossings, [lay.rows, lay.cols], lay.steps) == \
        (case["unplaced"], case["crossings"], case["size"], case["steps"])


def test_the_recorded_boards_cover_the_repair_phase_and_every_alphabet():
    assert len(CASES) == 30
    assert sum(bool(c["unplaced"]) for c in CASES) >= 5
    letters = {ch for c in CASES for w in c["words"] for ch in w}
    assert {"Ñ", "Ё", "Й"} <= letters


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['rows']}x{c['cols']}-seed{c['seed']}")
def test_same_seed_same_board_as_before(case):
    lay = make_layout(case["words"], case["rows"], case["cols"], case["seed"],
                      **{"pool": 2} | case["kw"])
    assert [[p.index, p.row, p.col, p.direction] for p in lay.placed] == case["placed"]
    assert lay.unplaced == case["unplaced"]
    assert lay.crossings == case["crossings"]
    assert [lay.rows, lay.cols] == case["size"]
    assert lay.steps == case["steps"]


def _layout_facts(lay):
    return ([[p.index, p.row, p.col, p.direction] for p in lay.placed], lay.unplaced,
            lay.crossings, lay.steps)


def test_states_shared_by_candidates_change_no_board(monkeypatch):
    """Candidates of one puzzle share evaluated search states (a per-process
    cache): a seed's board must not depend on which candidates ran before it in
    the process (workers and chunks differ), nor on the cache being cut short."""
    from publisher.grids.freeform import generator
    case = next(c for c in CASES if c["rows"] == 13 and c["unplaced"])   # repair runs too
    seeds = [case["seed"], case["seed"] + 1]

    def run(order):
        return {s: _layout_facts(make_layout(case["words"], case["rows"], case["cols"], s))
                for s in order}

    cold = {}
    for s in seeds:
        generator._STATES_OF[0] = None          # a fresh cache for each seed
        cold.update(run([s]))
    assert run(seeds) == cold
    assert run(seeds[::-1]) == cold
    assert generator._COUNT[0] > 0              # the cache was used
    monkeypatch.setattr(generator, "STATES_CAP", 500)
    assert run(seeds) == cold
