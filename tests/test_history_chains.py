"""Puzzles that fill as they generate (blocked crosswords, codewords) in a desk's dated
runs with a history: no answer again within the window, in one run or the next. Answers
are read back from the manifests and the history with plain json/sqlite3."""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, replace
from datetime import date

import yaml

from publisher.chains import AnswerChains
from publisher.kinds.base import Board, Kind, Params
from publisher.pipeline import build_book
from publisher.plan import Job


def dated_minis(tmp_path, window: int):
    path = tmp_path / "daily.yaml"
    path.write_text(yaml.safe_dump({
        "title": "Daily mini", "seed": 5, "history": "desk.sqlite",
        "schedule": {"start": "2026-12-01", "days": 8}, "repeat_window_days": window,
        "sections": [{"kind": "crossword", "style": "blocked", "size": 5,
                      "clues": "en/clues", "fill_from": "clued", "candidates": 2}]}),
        encoding="utf-8")
    return path


def answers_by_day(result) -> dict[str, list[str]]:
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return {p["date"]: [e["answer"] for e in p["entries"]] for p in manifest["puzzles"]}


def test_a_dated_run_of_minis_repeats_no_answer_within_the_window_nor_the_historys(tmp_path):
    """A desk's daily minis (blocked grids fill as they generate, from few words): no
    answer twice within the window in one run (unchained, only 7 different 5x5 grids
    came out of 8 days), and the next run's grids leave out the words the history holds."""
    path = dated_minis(tmp_path, window=28)
    first = answers_by_day(build_book(path, tmp_path / "one", workers=1))
    words = [w for day in first.values() for w in day]
    assert len(first) == 8 and len(words) == len(set(words))
    second = answers_by_day(build_book(path, tmp_path / "two", workers=1,
                                       start=date(2026, 12, 9), days=4))
    assert len(second) == 4
    assert not set(words) & {w for day in second.values() for w in day}



def test_codewords_are_recorded_and_the_next_run_leaves_their_words_out(tmp_path):
    path = tmp_path / "daily.yaml"
    path.write_text(yaml.safe_dump({
        "title": "Daily codeword", "seed": 3, "history": "desk.sqlite",
        "schedule": {"start": "2027-01-04", "days": 2},
        "sections": [{"kind": "codeword", "size": 9, "candidates": 1}]}), encoding="utf-8")

    def words(result) -> set[str]:
        manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
        return {w for p in manifest["puzzles"] for w in grid_words(p["solution"])}

    first = words(build_book(path, tmp_path / "one", workers=1))
    db = sqlite3.connect(tmp_path / "desk.sqlite")
    recorded = {w for (w,) in db.execute("SELECT word FROM words")}
    db.close()
    assert recorded == first
    second = words(build_book(path, tmp_path / "two", workers=1, start=date(2027, 1, 6)))
    assert second and not first & second


def grid_words(rows: list[str]) -> list[str]:
    """The runs of two or more letters across and down ('#': a block)."""
    lines = list(rows) + ["".join(col) for col in zip(*rows)]
    return [run for line in lines for run in line.split("#") if len(run) > 1]


class _Avoid(Params):
    avoid: frozenset[str] = frozenset()


@dataclass
class _Drawn(Board):
    words: tuple[str, ...] = ()


class _Drawing(Kind):
    """A kind that draws its words as it generates (no generator: AnswerChains alone)."""
    name = "drawing"

    def avoiding(self, params, answers, strict=True):
        return _Avoid(avoid=answers)

    def answers(self, board):
        return list(board.words)


def test_a_grid_beyond_the_window_lends_one_answer_so_it_never_comes_again_whole():
    """Its words may come back, not all of them: a grid made again whole would be
    replaced after the grids after it left out its first board's answers (batch.py)."""
    first = Job(id="s1-001", kind="drawing", section_index=0, section_title="Minis",
                title="Mini", language="en", params=_Avoid(), candidates=1, per_page=1,
                answers_per_page=None, colour=None, date=date(2027, 1, 1))
    jobs = [replace(first, id=f"s1-00{n + 1}", date=date(2027, 1, n + 1)) for n in range(4)]
    chains = AnswerChains(jobs, lambda name: _Drawing(), window_days=2)
    boards = {0: _Drawn(words=("SEA", "ARC")), 1: _Drawn(words=("OWL", "TOE")),
              2: _Drawn(words=("BEE", "EGG"))}
    [(index, job)] = chains.then(2, boards.get)
    assert index == 3 and job.params.avoid == {"BEE", "EGG", "ARC", "OWL"}
