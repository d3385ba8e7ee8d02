"""Blocked crosswords with a desk history: the least recently printed clue of a word.
The clues are read back from the manifests and the database with plain json/sqlite3."""
from __future__ import annotations

import json
import sqlite3
from datetime import date

import yaml

from publisher.ground.history import Entry, History
from publisher.pipeline import build_book

TEMPLATE = "#...#\nTIGER\n.....\n.....\n#...#\n"      # TIGER pinned: in every build
TIGER = ["Striped cat", "Bengal beast"]


def spec(tmp_path, history: bool):
    (tmp_path / "mini.txt").write_text(TEMPLATE, encoding="utf-8")
    path = tmp_path / "mini.yaml"
    book = {"title": "Minis", "seed": 3, "sections": [{
        "kind": "crossword", "style": "blocked", "grid": "mini.txt", "fill_from": "clued",
        "candidates": 2, "count": 1, "clues": [{"tiger": TIGER}, "en/clues"]}]}
    if history:
        book["history"] = "desk.sqlite"
    path.write_text(yaml.safe_dump(book), encoding="utf-8")
    return path


def tiger_clue(result) -> str:
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    [puzzle] = manifest["puzzles"]
    return next(e["clue"] for e in puzzle["entries"] if e["answer"] == "TIGER")


def test_the_second_build_prints_the_other_clue_and_the_history_records_clues(tmp_path,
                                                                              monkeypatch):
    from publisher import batch

    monkeypatch.setattr(batch, "EXTRA", 4)    # the pinned grid has no other fill to try
    path = spec(tmp_path, history=True)
    first = tiger_clue(build_book(path, tmp_path / "one", workers=1))
    second = tiger_clue(build_book(path, tmp_path / "two", workers=1))
    assert {first, second} == set(TIGER)
    db = sqlite3.connect(tmp_path / "desk.sqlite")
    printed = [c for (c,) in db.execute("SELECT clue FROM words WHERE word = 'TIGER' ORDER BY rowid")]
    assert printed == [first, second]
    # every answer of both puzzles was recorded with the clue it was printed with
    assert db.execute("SELECT count(*) FROM words WHERE clue IS NULL").fetchone()[0] == 0
    db.close()
    # both used once: the least recently printed (the first build's) comes back
    assert tiger_clue(build_book(path, tmp_path / "three", workers=1)) == first


def test_without_history_the_first_clue_is_printed(tmp_path):
    assert tiger_clue(build_book(spec(tmp_path, history=False), tmp_path / "out", workers=1)) == TIGER[0]


def schema_1(path):
    """A history as schema 1 wrote it (WAL, as every history is)."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript("""
        CREATE TABLE puzzles (row INTEGER PRIMARY KEY, date TEXT NOT NULL, kind TEXT NOT NULL,
            title TEXT NOT NULL, puzzle_id TEXT NOT NULL, grid_hash TEXT NOT NULL,
            book TEXT NOT NULL, seed INTEGER NOT NULL);
        CREATE TABLE words (puzzle INTEGER NOT NULL REFERENCES puzzles(row) ON DELETE CASCADE,
            word TEXT NOT NULL);
        INSERT INTO puzzles VALUES (1, '2026-11-01', 'crossword', 'Old', 'p-1', 'h', 'b', 1);
        INSERT INTO words VALUES (1, 'TIGER');
        PRAGMA user_version = 1;""")
    db.close()


def test_a_schema_1_history_is_upgraded_keeping_its_rows(tmp_path):
    path = tmp_path / "old.sqlite"
    schema_1(path)
    store = History.open(path)
    assert [e.words for e in store.entries()] == [("TIGER",)]
    assert store.clue_uses() == {}
    # the upgrade is part of the build's transaction: written with its puzzles
    store.record([Entry(date(2026, 11, 2), "crossword", "New", "p-2", ("TIGER", "OTTER"), "h2",
                        "b", 2, clues=(("TIGER", "Striped cat"), ("OTTER", "River swimmer")))])
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert db.execute("SELECT puzzle, word, clue FROM words ORDER BY rowid").fetchall() == [
        (1, "TIGER", None), (2, "TIGER", "Striped cat"), (2, "OTTER", "River swimmer")]
    db.close()
    store = History.open(path, lock=False)
    assert store.clue_uses() == {"TIGER": {"Striped cat": ("2026-11-02", 2)},
                                 "OTTER": {"River swimmer": ("2026-11-02", 2)}}
    store.close()


def test_listing_a_schema_1_history_while_a_build_writes_neither_waits_nor_fails(tmp_path):
    """`make-book history` reads an older schema as it is: it does not try to upgrade it
    (that needs the write lock a running build holds; the build upgrades it)."""
    from typer.testing import CliRunner
    from publisher.cli import app
    path = tmp_path / "old.sqlite"
    schema_1(path)
    build = sqlite3.connect(path, isolation_level=None)
    build.execute("BEGIN IMMEDIATE")              # a build holding the write lock
    try:
        result = CliRunner().invoke(app, ["history", str(path)])
    finally:
        build.execute("ROLLBACK")
        build.close()
    assert result.exit_code == 0, result.output
    assert "Old" in result.output and "TIGER" in result.output
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.close()

