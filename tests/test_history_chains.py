"""Puzzles that fill as they generate (blocked crosswords, codewords) in a desk's dated
runs with a history: no answer again within the window, in one run or the next. Answers
are read back from the manifests and the history with plain json/sqlite3."""
from __future__ import annotations

import json
import sqlite3
from datetime import date

import yaml

from publisher.pipeline import build_book


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
