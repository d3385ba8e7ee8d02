"""Newspaper desk: dated schedules, side-file names, the SQLite history across runs.
Words are read back from the manifests and the database with plain json/sqlite3."""
import json
import os
import re
import shutil
import sqlite3
from datetime import date

import pytest
from typer.testing import CliRunner

from publisher import pipeline
from publisher.cli import app
from publisher.errors import PublisherError
from publisher.ground import history as history_module
from publisher.ground.history import History
from publisher.ground.schedule import format_date
from publisher.pipeline import build_book

from conftest import ROOT, example_keeps_its_promises

WINDOW = 28          # examples/daily.yaml's repeat_window_days


def test_dates_in_the_catalogue_languages():
    day = date(2026, 12, 1)
    assert format_date(day, "long", "en") == "Tuesday 1 December 2026"
    assert format_date(day, "", "es") == "martes 1 de diciembre de 2026"
    assert format_date(day, "", "ru") == "вторник, 1 декабря 2026"
    assert format_date(day, "%B %Y", "ru") == "декабрь 2026"       # no day: nominative
    assert format_date(day, "%Y-%m-%d %a", "es") == "2026-12-01 mar"


@pytest.mark.parametrize("language, short, long", [
    ("en", "Mon 1 Mar", "Monday 1 March 2027"),
    ("de", "Mo. 1 März", "Montag, 1. März 2027"),
    ("fr", "lun. 1er mars", "lundi 1er mars 2027"),
    ("it", "lun 1 mar", "lunedì 1 marzo 2027"),
    ("nl", "ma 1 mrt", "maandag 1 maart 2027"),
    ("pt", "seg. 1 mar.", "segunda-feira, 1 de março de 2027"),
    ("es", "lun 1 mar", "lunes 1 de marzo de 2027"),
    ("ru", "пн 1 мар.", "понедельник, 1 марта 2027"),
])
def test_short_and_long_dates_in_each_language(language, short, long):
    # %a/%b are the language's own abbreviations (nl "ma 1 mrt", not "maa 1 maa").
    assert format_date(date(2027, 3, 1), "%a %-d %b", language) == short
    assert format_date(date(2027, 3, 1), "", language) == long


def test_short_names_with_and_without_a_day():
    assert format_date(date(2027, 3, 2), "%a %-d %b", "de") == "Di. 2 März"
    assert format_date(date(2027, 3, 2), "%a %-d %b", "fr") == "mar. 2 mars"
    assert format_date(date(2027, 5, 1), "%b %Y", "ru") == "май 2027"     # no day: nominative
    assert format_date(date(2027, 3, 1), "%-d/%-m/%Y", "fr") == "1/3/2027"  # 1er only in words


def answers_by_date(manifest_path):
    """(date, answer) of every puzzle, read from the manifest."""
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    found = []
    for puzzle in manifest["puzzles"]:
        day = date.fromisoformat(puzzle["date"])
        items = puzzle.get("entries") or puzzle.get("words") or []
        found += [(day, item["answer"]) for item in items]
    return manifest, found


def clashes(earlier, later):
    """Words of `later` used by `earlier` fewer than WINDOW days apart."""
    used = {}
    for day, word in earlier:
        used.setdefault(word, []).append(day)
    return [(day, word) for day, word in later
            if any(abs((day - old).days) < WINDOW for old in used.get(word, []))]


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("desk")
    spec = folder / "daily.yaml"
    shutil.copy(ROOT / "examples" / "daily.yaml", spec)
    first = build_book(spec, folder / "one", workers=1)
    second = build_book(spec, folder / "two", workers=1)
    third = build_book(spec, folder / "three", workers=1, start=date(2026, 12, 29))
    return folder, first, second, third


def test_the_daily_example_keeps_every_examples_promises(desk):
    """test_examples.py's check of examples/daily.yaml, on the same build (the spec as
    shipped, its history database new)."""
    _, first, _, _ = desk
    example_keeps_its_promises(first)


def test_files_and_titles_follow_the_schedule(desk):
    folder, first, _, _ = desk
    manifest, _ = answers_by_date(first.manifest)
    crosswords = [p for p in manifest["puzzles"] if p["kind"] == "crossword"]
    assert len(crosswords) == 28 and len(manifest["puzzles"]) == 56
    assert crosswords[0]["date"] == "2026-12-01" and crosswords[-1]["date"] == "2026-12-28"
    assert crosswords[0]["title"] == "Daily Crossword Tuesday 1 December 2026"
    assert crosswords[0]["files"] == [
        "daily/2026-12-01-crossword.pdf", "daily/2026-12-01-crossword-solution.pdf",
        "daily/2026-12-01-crossword.svg", "daily/2026-12-01-crossword-solution.svg",
        "daily/2026-12-01-crossword.puz", "daily/2026-12-01-crossword.ipuz"]
    assert (folder / "one" / "daily" / "2026-12-28-crossword.puz").is_file()
    searches = [p for p in manifest["puzzles"] if p["kind"] == "wordsearch"]
    assert searches[2]["title"].endswith("No. 3, Thursday 3 December 2026")


def test_no_clue_column_opens_on_a_direction_headed_mid_column(desk):
    """A desk crossword's clue columns: each opens on a direction heading, or goes on with
    the direction that opened the column before (longer than a column); a direction headed
    lower down moves to the next column's top (2 December's DOWN sat under ACROSS, its
    clues going on at the top of the next column, level with ACROSS, as if across). Every
    heading has a clue under it."""
    from pdfmarks import page_marks

    folder = desk[0] / "one" / "daily"
    for pdf in sorted(folder.glob("2026-12-*-crossword.pdf")):
        marks = page_marks(pdf.read_bytes(), 0)
        grid_bottom = min(m.bbox[1] for m in marks if m.kind in ("stroke", "fill"))
        clues = [m for m in marks if m.kind == "text" and m.bbox[3] < grid_bottom]
        columns: list[list] = []
        for mark in sorted(clues, key=lambda m: m.bbox[0]):
            if columns and mark.bbox[0] - columns[-1][-1].bbox[0] < 40:
                columns[-1].append(mark)
            else:
                columns.append([mark])
        assert columns, pdf.name
        headings = [[m for m in sorted(column, key=lambda m: -m.bbox[3])
                     if m.text in ("ACROSS", "DOWN")] for column in columns]
        tops = [max(column, key=lambda m: m.bbox[3]) for column in columns]
        for k, column in enumerate(columns):
            if tops[k] not in headings[k]:
                assert k > 0 and headings[k - 1] == [tops[k - 1]], (pdf.name, tops[k].text)
            for heading in headings[k]:
                assert any(m.bbox[3] <= heading.bbox[1] + 1 for m in column), pdf.name
    # the SVG is drawn by the same code: 2 December's DOWN is level with ACROSS there too
    svg = (folder / "2026-12-02-crossword.svg").read_text(encoding="utf-8")
    level = {label: y for y, label in re.findall(
        r'matrix\(1 0 0 1 [\d.]+ ([\d.]+)\)[^>]*aria-label="(ACROSS|DOWN)"', svg)}
    assert level.keys() == {"ACROSS", "DOWN"} and level["ACROSS"] == level["DOWN"]


def test_the_next_run_goes_on_numbering(desk):
    """`--start` four weeks later: the spec's own first day stays No. 1, so the word
    searches go on from No. 29 (a desk's running number), dated from the new start."""
    _, _, _, third = desk
    manifest = json.loads(third.manifest.read_text(encoding="utf-8"))
    searches = [p for p in manifest["puzzles"] if p["kind"] == "wordsearch"]
    assert searches[0]["title"].endswith("No. 29, Tuesday 29 December 2026"), searches[0]
    assert searches[-1]["title"].endswith("No. 56, Monday 25 January 2027")


def test_a_rebuild_of_the_same_dates_replaces_that_run(desk):
    """Re-running recorded dates is a rebuild of that run, not a second set: the old rows
    block nothing (the same puzzles come out) and are replaced in the history."""
    folder, first, second, _ = desk
    _, one = answers_by_date(first.manifest)
    _, two = answers_by_date(second.manifest)
    assert one and one == two
    assert first.manifest.read_bytes() == second.manifest.read_bytes()
    assert any("replaced the 56 puzzles" in note for note in second.notes)
    # within one build no answer recurs at all
    assert len({w for _, w in one}) == len(one)


def test_four_weeks_later_old_words_come_back_but_none_within_the_window(desk):
    _, first, second, third = desk
    _, one = answers_by_date(first.manifest)
    _, two = answers_by_date(second.manifest)
    _, three = answers_by_date(third.manifest)
    assert min(d for d, _ in three) == date(2026, 12, 29)
    assert not clashes(one + two, three)
    reused = {w for _, w in three} & {w for _, w in one + two}
    assert reused, "words older than the window are free again"


def test_the_database_records_every_published_puzzle(desk):
    folder, _, _, third = desk
    db = sqlite3.connect(folder / "desk.sqlite")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    rows = db.execute("SELECT date, kind, book, count(*) FROM puzzles GROUP BY date, kind").fetchall()
    per_day = {(d, k): n for d, k, _, n in rows}
    assert per_day[("2026-12-01", "crossword")] == 1            # build two replaced one
    assert per_day[("2026-12-29", "wordsearch")] == 1           # build three
    hashes = [h for (h,) in db.execute("SELECT grid_hash FROM puzzles")]
    assert len(hashes) == len(set(hashes)) == 112
    assert db.execute("SELECT count(*) FROM words WHERE puzzle NOT IN "
                      "(SELECT row FROM puzzles)").fetchone()[0] == 0
    # the third build (its own dates) recorded exactly the answers its grids print
    manifest = json.loads(third.manifest.read_text(encoding="utf-8"))
    for puzzle in manifest["puzzles"]:
        printed = {item["answer"] for item in puzzle.get("entries") or puzzle["words"]}
        recorded = {w for (w,) in db.execute(
            "SELECT word FROM words JOIN puzzles ON row = puzzle WHERE puzzle_id = ? "
            "AND date = ?", (puzzle["id"], puzzle["date"]))}
        assert recorded == printed, puzzle["title"]


def count_rows(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM puzzles").fetchone()[0]
    finally:
        db.close()


SMALL = """\
title: Small desk
seed: 4
schedule: {start: 2027-03-01, days: 3}
history: small.sqlite
files: "{date:%Y%m%d}-{kind}-{n}"
sections:
  - kind: crossword
    title: "Crossword {date}"
    size: 9
    words_per_puzzle: 4
    clues: en/clues
    candidates: 1
"""


def test_a_failed_build_records_nothing(tmp_path, monkeypatch):
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL, encoding="utf-8")
    build_book(spec, tmp_path / "out", workers=1)
    assert count_rows(tmp_path / "small.sqlite") == 3
    assert (tmp_path / "out" / "small" / "20270301-crossword-1.puz").is_file()

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pipeline.transaction, "publish", broken)     # the write phase fails
    with pytest.raises(OSError):
        build_book(spec, tmp_path / "again", workers=1, start=date(2027, 6, 1))
    assert count_rows(tmp_path / "small.sqlite") == 3


def test_a_failed_first_build_leaves_no_history_file(tmp_path, monkeypatch):
    """The history is created by the build that first records in it: a first build that
    fails while writing (or is interrupted) leaves no database file behind."""
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL, encoding="utf-8")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pipeline.transaction, "publish", broken)
    with pytest.raises(OSError):
        build_book(spec, tmp_path / "out", workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small.yaml"]
    monkeypatch.undo()
    build_book(spec, tmp_path / "out", workers=1)
    assert count_rows(tmp_path / "small.sqlite") == 3


def test_a_second_build_on_a_busy_history_fails_clearly(tmp_path, monkeypatch):
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL, encoding="utf-8")
    monkeypatch.setattr(history_module, "WAIT_SECONDS", 0.2)
    holder = History.open(tmp_path / "small.sqlite")          # another build is running
    try:
        with pytest.raises(PublisherError, match="in use by another build"):
            build_book(spec, tmp_path / "out", workers=1)
    finally:
        holder.close()
    build_book(spec, tmp_path / "out", workers=1)               # free again
    assert count_rows(tmp_path / "small.sqlite") == 3


def test_history_command_lists_and_forgets(tmp_path):
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL, encoding="utf-8")
    build_book(spec, tmp_path / "out", workers=1)
    build_book(spec, tmp_path / "out", workers=1, start=date(2027, 4, 1), days=2)
    db = tmp_path / "small.sqlite"
    runner = CliRunner()
    listed = runner.invoke(app, ["history", str(db), "--last", "2"])
    assert listed.exit_code == 0, listed.output
    assert [line.split()[0] for line in listed.output.splitlines()] == ["2027-04-01", "2027-04-02"]
    word = sqlite3.connect(db).execute("SELECT word FROM words LIMIT 1").fetchone()[0]
    by_word = runner.invoke(app, ["history", str(db), "--word", word.lower()])
    assert word in by_word.output
    forgot = runner.invoke(app, ["history", str(db), "--forget-after", "2027-03-31"])
    assert forgot.exit_code == 0 and "removed 2" in forgot.output
    assert count_rows(db) == 3
    assert sqlite3.connect(db).execute(
        "SELECT count(*) FROM words WHERE puzzle NOT IN (SELECT row FROM puzzles)").fetchone()[0] == 0


@pytest.mark.parametrize("pattern, message", [
    ("{date:%Y-%m-%d}", "the same file name"),            # two kinds a day, one name
    ("{dat}-{kind}", "not a placeholder"),
    ("../{id}", "not a file name"),
])
def test_a_bad_files_pattern_fails_before_anything_is_written(tmp_path, pattern, message):
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL.replace('files: "{date:%Y%m%d}-{kind}-{n}"', f'files: "{pattern}"')
                    .replace("history: small.sqlite\n", "")
                    + "  - kind: queens\n    size: 6\n    candidates: 1\n", encoding="utf-8")
    with pytest.raises(PublisherError, match=message):
        build_book(spec, tmp_path / "out", workers=1)
    assert not (tmp_path / "out").exists()


def test_a_section_schedule_titles_puzzles_in_its_language(tmp_path):
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    spec_path = tmp_path / "dias.yaml"
    spec_path.write_text("""\
title: Diario
schedule: {start: 2026-12-01, days: 2}
sections:
  - kind: queens
    language: es
    title: "Reinas, {date}"
    size: 6
  - kind: queens
    language: ru
    title: "Ферзи №{n}: {date}"
    size: 6
    schedule: {start: 2026-12-01, days: 1, per_day: 2}
""", encoding="utf-8")
    jobs = plan_book(load_spec(spec_path))
    assert [j.title for j in jobs] == [
        "Reinas, martes 1 de diciembre de 2026", "Reinas, miércoles 2 de diciembre de 2026",
        "Ферзи №1: вторник, 1 декабря 2026", "Ферзи №2: вторник, 1 декабря 2026"]
    assert [j.date for j in jobs] == [date(2026, 12, 1), date(2026, 12, 2)] + [date(2026, 12, 1)] * 2


QUEENS = """\
title: Queens desk
seed: 2
schedule: {start: 2027-01-04, days: 3}
history: queens.sqlite
sections:
  - kind: queens
    title: "Queens {date:%d.%m.}"
    size: 6
    candidates: 1
"""


def boards(manifest_path):
    """Each puzzle's board as JSON, without what names or places it."""
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    skip = {"id", "title", "section", "date", "page", "answer_page", "score", "candidate",
            "candidates", "tried", "files", "warnings", "language"}
    return [json.dumps({k: v for k, v in p.items() if k not in skip}, sort_keys=True)
            for p in manifest["puzzles"]]


def test_a_rebuild_never_repeats_a_published_grid(tmp_path):
    spec = tmp_path / "queens.yaml"
    spec.write_text(QUEENS, encoding="utf-8")
    first = boards(build_book(spec, tmp_path / "one", workers=1).manifest)
    # the next run's same seed and ids would give the same boards; the history forbids
    # them (a run of the same dates would replace the first: see the rebuild test)
    second = boards(build_book(spec, tmp_path / "two", workers=1,
                               start=date(2027, 1, 7)).manifest)
    assert len(set(first)) == 3 and len(set(second)) == 3
    assert not set(first) & set(second)
    spec.write_text(QUEENS.replace("history: queens.sqlite\n", ""), encoding="utf-8")
    assert boards(build_book(spec, tmp_path / "three", workers=1).manifest) == first


def test_the_dask_executor_without_distributed_says_how_to_install_it(monkeypatch):
    import sys

    from publisher.batch import make_executor

    monkeypatch.setitem(sys.modules, "distributed", None)       # import fails
    with pytest.raises(PublisherError, match=r"\.\[dask\]"):
        make_executor(None, "dask", "tcp://127.0.0.1:8786")


def test_a_spec_cannot_put_its_history_outside_its_folder(tmp_path):
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL.replace("history: small.sqlite", "history: ../elsewhere.sqlite"),
                    encoding="utf-8")
    with pytest.raises(PublisherError, match="outside the spec's folder"):
        build_book(spec, tmp_path / "out", workers=1)
    assert not (tmp_path.parent / "elsewhere.sqlite").exists()


def test_next_weeks_cryptograms_do_not_repeat_this_weeks_texts(tmp_path):
    """A weekly desk run of cryptograms from the bundled texts with a history: the
    second week draws none of the first week's texts (read back from the manifests)."""
    spec = tmp_path / "crypto.yaml"
    spec.write_text("title: Desk\nseed: 21\nhistory: desk.sqlite\nbook: false\nsplit: true\n"
                    "schedule: {start: 2026-12-07, days: 7}\n"
                    "sections:\n  - kind: cryptogram\n", encoding="utf-8")
    first = build_book(spec, tmp_path / "one", workers=1)
    second = build_book(spec, tmp_path / "two", workers=1, start=date(2026, 12, 14))

    def texts(result):
        manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
        return {p["plaintext"] for p in manifest["puzzles"]}

    week1, week2 = texts(first), texts(second)
    assert len(week1) == len(week2) == 7
    assert not week1 & week2


def test_a_crosswords_grid_hash_is_the_same_in_every_process():
    """Its identity is a set of word pairs, whose order follows PYTHONHASHSEED; the
    history's hash must not, or no repeat is ever found again."""
    import subprocess
    import sys
    script = ("from publisher.kinds import get_kind; from publisher.desk import grid_hash\n"
              "k = get_kind('crossword')\n"
              "words = ['TIGER', 'EAGLE', 'RHINO', 'OTTER', 'GECKO']\n"
              "p = k.params_model(words=[(w, w, 'clue ' + w) for w in words], rows=9, cols=9)\n"
              "print(grid_hash('crossword', k.generate(p, 3)))\n")
    hashes = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             check=True, cwd=ROOT,
                             env={**os.environ, "PYTHONHASHSEED": seed}).stdout
              for seed in ("1", "2", "3")}
    assert len(hashes) == 1 and len(next(iter(hashes)).strip()) == 32


def test_number_from_sets_the_day_numbered_one():
    """`number_from` keeps the count when a desk edits `start` itself; two a day count
    two per day; a run before the numbered day starts at 1, never at 0 or below."""
    from publisher.ground.schedule import Schedule, overridden
    edited = Schedule(start=date(2027, 1, 5), days=3, per_day=2, number_from=date(2027, 1, 1))
    assert edited.numbered_before == 8
    earlier = overridden(Schedule(start=date(2027, 1, 5)), date(2027, 1, 1), None)
    assert earlier.number_from == date(2027, 1, 5) and earlier.numbered_before == 0


THEMED = """\
title: WS Feed
seed: 3
schedule: {start: 2027-05-01, days: 3}
history: ws.sqlite
files: "{date:%Y-%m-%d}-{kind}-{n}"
split: true
book: false
sections:
  - kind: wordsearch
    title: "{theme} No. {n}"
    size: 10
    words_per_puzzle: 6
    themes: all
    candidates: 1
"""


def test_a_later_run_counts_on_in_ids_file_names_and_themes(tmp_path):
    """`--start` three days on: the side files' {n} is the titles' (No. 4 in
    ...-wordsearch-4.pdf), the history's ids are one per published puzzle, the themes go on
    where the first run left off (no day repeats the day before's), and a rebuild of the
    second run replaces it with the same puzzles."""
    spec = tmp_path / "ws.yaml"
    spec.write_text(THEMED, encoding="utf-8")
    build_book(spec, tmp_path / "one", workers=1)
    later = build_book(spec, tmp_path / "two", workers=1, start=date(2027, 5, 4))
    manifest = json.loads(later.manifest.read_text(encoding="utf-8"))
    for n, puzzle in enumerate(manifest["puzzles"], start=4):
        assert puzzle["title"].endswith(f"No. {n}"), puzzle["title"]
        assert puzzle["files"][0].endswith(f"-wordsearch-{n}.pdf"), puzzle["files"]
    db = sqlite3.connect(tmp_path / "ws.sqlite")
    rows = db.execute("SELECT date, puzzle_id, title FROM puzzles ORDER BY date").fetchall()
    db.close()
    assert [d for d, _, _ in rows] == [f"2027-05-0{d}" for d in range(1, 7)]
    assert len({puzzle_id for _, puzzle_id, _ in rows}) == 6, rows
    themes = [title.rsplit(" No. ", 1)[0] for _, _, title in rows]
    assert len(set(themes)) == 6, themes
    again = build_book(spec, tmp_path / "again", workers=1, start=date(2027, 5, 4))
    assert again.manifest.read_bytes() == later.manifest.read_bytes()
    assert count_rows(tmp_path / "ws.sqlite") == 6
