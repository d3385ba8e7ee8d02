"""Every shipped example builds with one command, as the README says, and what it makes
keeps its promises: no crossword entry without a clue, every side file listed."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, example_keeps_its_promises
from publisher.pipeline import build_book

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
# daily.yaml is built (three times) and checked the same way by test_desk.py's fixture
BUILT_ELSEWHERE = {"daily"}
# A newcomer's first builds print no warning, except what an example is there to show
# (Russian crosswords get .ipuz files only, .puz cannot hold Cyrillic: no warning, since
# nobody asked for .puz files).
EXPECTED_WARNINGS: dict[str, str] = {}


def test_there_are_examples():
    assert len(EXAMPLES) >= 14


def test_every_example_is_built_here_or_by_the_test_named():
    assert BUILT_ELSEWHERE <= {spec.stem for spec in EXAMPLES}


@pytest.mark.parametrize("spec", [s for s in EXAMPLES if s.stem not in BUILT_ELSEWHERE],
                         ids=lambda p: p.stem)
def test_the_example_builds(spec, tmp_path):
    # A spec's history database (examples/daily.yaml) goes to tmp, not into the repo.
    # one worker: the suite already runs on every core (byte-equality across workers is
    # tested in test_book and test_mixed_book)
    result = build_book(spec, tmp_path / "out", workers=1, history=tmp_path / "history.sqlite")
    manifest = example_keeps_its_promises(result, EXPECTED_WARNINGS.get(spec.stem))
    if "cover_pdf" in manifest:
        _the_cover_passes_check_with_no_options(tmp_path / "out" / manifest["cover_pdf"])


def _the_cover_passes_check_with_no_options(cover):
    """`make-book check NAME-cover.pdf --cover` as the README writes it: the paper (cream in
    print-6x9) comes from the cover itself, the trim and page count from the interior beside
    it, or, for a cover alone, from the cover."""
    alone = cover.parent.parent / "alone" / cover.name
    alone.parent.mkdir()
    shutil.copy(cover, alone)
    for where in (cover, alone):
        done = subprocess.run([sys.executable, "-m", "publisher.cli", "check", where.name,
                               "--cover"], cwd=where.parent, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, (where, done.stdout, done.stderr)
        assert "passes the print checks" in done.stdout
    # alone: says where the numbers came from, on stderr's first line
    assert done.stderr.startswith("note: ") and "not beside it" in done.stderr, done.stderr


@pytest.fixture(scope="module")
def every_kind_book(tmp_path_factory):
    """`make-book kinds --example` > kinds.yaml, then make-book kinds.yaml."""
    done = subprocess.run([sys.executable, "-m", "publisher.cli", "kinds", "--example"],
                          capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    spec = tmp_path_factory.mktemp("kinds") / "kinds.yaml"
    spec.write_text(done.stdout, encoding="utf-8")
    return build_book(spec, spec.parent / "out", workers=1)


def test_the_every_kind_example_builds_without_warnings(every_kind_book):
    assert every_kind_book.puzzles and every_kind_book.warnings == []


# Maps keyed by data (letters, technique names), not by fields a reader looks up.
KEYED_BY_DATA = {"key", "techniques"}


def test_docs_manifest_names_every_key_a_book_of_every_kind_writes(every_kind_book):
    """Review 7, item 17: `tried`, crossword `crossings` and entries' `text`, Flow
    `hardness` and `deduction`, Queens `stats` were written but not documented. Each key
    of a puzzle entry, and of the objects in it, is named (`key` or "key") in the part
    of docs/manifest.md for every puzzle or in its kind's."""
    import json

    doc = (ROOT / "docs" / "manifest.md").read_text(encoding="utf-8")
    common, kinds = doc.split("## Kind fields")
    manifest = json.loads(every_kind_book.manifest.read_text(encoding="utf-8"))
    missing = set()
    for entry in manifest["puzzles"]:
        part = common + kinds.split(f"### `{entry['kind']}`")[1].split("\n### ")[0]
        for key in _keys(entry):
            if f"`{key}`" not in part and f'"{key}"' not in part:
                missing.add((entry["kind"], key))
    assert not missing, sorted(missing)


def _keys(entry: dict) -> set[str]:
    """The entry's keys and those of the objects its values hold (one level down)."""
    keys = set(entry)
    for key, value in entry.items():
        objects = value if isinstance(value, list) else [value]
        if key not in KEYED_BY_DATA:
            keys.update(k for obj in objects if isinstance(obj, dict) for k in obj)
    return keys


def test_the_web_example_has_every_kind():
    """README: `web.yaml` is one puzzle of every kind."""
    import yaml

    from publisher.kinds import all_kinds
    spec = yaml.safe_load((ROOT / "examples" / "web.yaml").read_text(encoding="utf-8"))
    built_in = {name for name, kind in all_kinds().items()
                if type(kind).__module__.startswith("publisher.")}
    assert {section["kind"] for section in spec["sections"]} == built_in
