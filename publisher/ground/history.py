"""The desk's memory across runs: an SQLite database (stdlib sqlite3, WAL) of every
published puzzle (date, kind, title, id, answer words and the clue each was printed
with, grid hash, book, seed).

A build opens the store with `History.open`, which takes the write lock at once
(BEGIN IMMEDIATE): a second build against the same file waits up to `wait` seconds and
then fails with a clear message, so two builds never draw the same words. `record`
adds the build's puzzles and commits: the one transaction of the build. `close`
without `record` rolls back: a failed build records nothing."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Iterable

from ..errors import PublisherError

VERSION = 2                  # PRAGMA user_version of the schema below (2: words.clue)
WAIT_SECONDS = 10.0
SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    row INTEGER PRIMARY KEY,
    date TEXT NOT NULL,            -- YYYY-MM-DD, the puzzle's date
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,       -- the manifest id
    grid_hash TEXT NOT NULL,
    book TEXT NOT NULL,
    seed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS words (
    puzzle INTEGER NOT NULL REFERENCES puzzles(row) ON DELETE CASCADE,
    word TEXT NOT NULL,
    clue TEXT                      -- the clue printed with it (NULL: none, or recorded by schema 1)
);
CREATE INDEX IF NOT EXISTS words_by_word ON words(word);
CREATE INDEX IF NOT EXISTS puzzles_by_date ON puzzles(date);
CREATE INDEX IF NOT EXISTS puzzles_by_hash ON puzzles(grid_hash);
"""


@dataclass(frozen=True)
class Entry:
    date: date
    kind: str
    title: str
    puzzle_id: str
    words: tuple[str, ...]
    grid_hash: str
    book: str
    seed: int
    clues: tuple[tuple[str, str], ...] = ()     # (answer, clue printed with it)


class History:
    def __init__(self, connection: sqlite3.Connection, path: Path, created: bool = False):
        self._db: sqlite3.Connection | None = connection
        self.path = path
        self._word_dates: dict[str, list[date]] | None = None
        # A rebuild of dates this book already recorded replaces that run: its rows are
        # neither read (they block nothing) nor kept (record deletes them first).
        self._replacing: tuple[str, frozenset[str]] = ("", frozenset())
        # made by this build: removed again when the build ends without recording
        self._created = created

    @classmethod
    def open(cls, path: str | Path, wait: float | None = None, lock: bool = True) -> History:
        """Open (creating or upgrading the schema) and, with `lock`, hold the write lock
        (waiting up to `wait` seconds, default WAIT_SECONDS, for another build)."""
        path = Path(path)
        wait = WAIT_SECONDS if wait is None else wait
        created = not path.exists()
        try:
            db = sqlite3.connect(path, timeout=wait, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("BEGIN IMMEDIATE" if lock else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise PublisherError(_locked(path, wait) if "locked" in str(exc) else
                                 f"cannot open the history {path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise PublisherError(f"{path} is not a history database ({exc}); name a new "
                                 "file (the build creates it) or one a build wrote") from None
        history = cls(db, path, created)
        try:
            history._schema(upgrade=lock)
        except sqlite3.OperationalError as exc:
            history.close()
            raise PublisherError(_locked(path, wait) if "locked" in str(exc) else
                                 f"cannot read the history {path}: {exc}") from None
        return history

    def _schema(self, upgrade: bool) -> None:
        """Create the tables, or bring an older schema up to date (only with the write
        lock: a listing reads an older schema as it is, never waits to write)."""
        db = self._connection()
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            self.close()
            raise PublisherError(f"the history {self.path} was written by a newer version "
                                 f"(schema {version}, this one knows {VERSION}); upgrade")
        if version < VERSION and (upgrade or version == 0):
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            columns = {row[1] for row in db.execute("PRAGMA table_info(words)")}
            if "clue" not in columns:       # schema 1: words had no clue
                db.execute("ALTER TABLE words ADD COLUMN clue TEXT")
            db.execute(f"PRAGMA user_version = {VERSION}")

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise PublisherError(f"the history {self.path} is closed")
        return self._db

    def replace_run(self, book: str, days: Iterable[date]) -> int:
        """Treat the puzzles `book` recorded for `days` as replaced by this build; how many
        recorded puzzles that is."""
        self._replacing = (book, frozenset(day.isoformat() for day in days))
        self._word_dates = None
        return sum(1 for name, day in self._connection().execute(
            "SELECT book, date FROM puzzles") if name == book and day in self._replacing[1])

    def _rows(self, query: str) -> Iterable[tuple]:
        """`query`'s rows (its last two columns: book, date) without the replaced run's."""
        book, days = self._replacing
        for row in self._connection().execute(query.replace(" FROM puzzles", ", book, date "
                                                            "FROM puzzles", 1)):
            if not (row[-2] == book and row[-1] in days):
                yield row[:-2]

    # --- reading ------------------------------------------------------------------------

    def blocked(self, day: date, window_days: int) -> set[str]:
        """Answer words used less than `window_days` days before or after `day`."""
        if self._word_dates is None:
            self._word_dates = {}
            for word, used in self._rows(
                    "SELECT word, date FROM puzzles JOIN words ON puzzles.row = words.puzzle"):
                self._word_dates.setdefault(word, []).append(date.fromisoformat(used))
        window = timedelta(days=window_days)
        return {word for word, days in self._word_dates.items()
                if any(abs(day - used) < window for used in days)}

    def clue_uses(self) -> dict[str, dict[str, tuple[str, int]]]:
        """{answer: {clue: (date, row) of its latest use}}: the larger, the more recent."""
        found: dict[str, dict[str, tuple[str, int]]] = {}
        for word, clue, day, row in self._rows(
                "SELECT word, clue, date, puzzles.row FROM puzzles JOIN words ON "
                "puzzles.row = words.puzzle WHERE clue IS NOT NULL"):
            uses = found.setdefault(word, {})
            uses[clue] = max(uses.get(clue, (day, row)), (day, row))
        return found

    def grid_hashes(self) -> set[str]:
        return {row[0] for row in self._rows("SELECT grid_hash FROM puzzles")}

    def entries(self, last: int | None = None, on: date | None = None,
                word: str | None = None) -> list[Entry]:
        """Recorded puzzles, by date then id: the `last` N, those of day `on`, or those
        whose answers include `word` (as written in the grid)."""
        query = "SELECT row, date, kind, title, puzzle_id, grid_hash, book, seed FROM puzzles"
        where, args = [], []
        if on is not None:
            where.append("date = ?")
            args.append(on.isoformat())
        if word is not None:
            where.append("row IN (SELECT puzzle FROM words WHERE word = ?)")
            args.append(word)
        if where:
            query += " WHERE " + " AND ".join(where)
        query += " ORDER BY date DESC, puzzle_id DESC, row DESC"
        if last is not None:
            query += f" LIMIT {int(last)}"
        db = self._connection()
        found = []
        for row, day, kind, title, pid, grid, book, seed in db.execute(query, args):
            words = tuple(w for (w,) in db.execute(
                "SELECT word FROM words WHERE puzzle = ? ORDER BY rowid", (row,)))
            found.append(Entry(date.fromisoformat(day), kind, title, pid, words, grid, book,
                               seed))
        return found[::-1]

    # --- writing ------------------------------------------------------------------------

    def record(self, entries: Iterable[Entry]) -> None:
        """Add the puzzles and commit (the build's one transaction), after removing the
        run they replace (`replace_run`)."""
        db = self._connection()
        try:
            book, days = self._replacing
            db.executemany("DELETE FROM puzzles WHERE book = ? AND date = ?",
                           [(book, day) for day in sorted(days)])
            for entry in entries:
                cursor = db.execute(
                    "INSERT INTO puzzles (date, kind, title, puzzle_id, grid_hash, book, seed)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (entry.date.isoformat(), entry.kind, entry.title, entry.puzzle_id,
                     entry.grid_hash, entry.book, entry.seed))
                clue_of = dict(entry.clues)
                db.executemany("INSERT INTO words (puzzle, word, clue) VALUES (?, ?, ?)",
                               [(cursor.lastrowid, word, clue_of.get(word)) for word in entry.words])
            db.execute("COMMIT")
            self._created = False
        except BaseException:
            db.execute("ROLLBACK")
            raise
        finally:
            self.close()

    def forget_after(self, day: date) -> int:
        """Remove the puzzles dated after `day` and commit; how many were removed."""
        db = self._connection()
        count = db.execute("DELETE FROM puzzles WHERE date > ?", (day.isoformat(),)).rowcount
        db.execute("COMMIT")
        self._created = False
        self.close()
        return count

    def close(self) -> None:
        """Let the database go; anything not committed is rolled back."""
        if self._db is not None:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            self._db.close()
            self._db = None
            if self._created:       # a failed or interrupted first build leaves no file
                for suffix in ("", "-wal", "-shm", "-journal"):
                    Path(f"{self.path}{suffix}").unlink(missing_ok=True)
                self._created = False


def _locked(path: Path, wait: float) -> str:
    return (f"the history {path} is in use by another build (waited {wait:g} s); run the "
            "builds one after another")
