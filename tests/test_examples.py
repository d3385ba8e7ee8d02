"""Every shipped example builds with one command, as the README says, and what it makes
keeps its promises: no crossword entry without a clue, every side file listed."""
import json

import pytest

from conftest import ROOT
from publisher.pipeline import build_book

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def test_there_are_examples():
    assert len(EXAMPLES) >= 14


@pytest.mark.parametrize("spec", EXAMPLES, ids=lambda p: p.stem)
def test_the_example_builds(spec, tmp_path):
    # A spec's history database (examples/daily.yaml) goes to tmp, not into the repo.
    result = build_book(spec, tmp_path / "out", workers=2, history=tmp_path / "history.sqlite")
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert manifest["puzzles"] and result.pdf.stat().st_size > 0
    for puzzle in manifest["puzzles"]:
        if puzzle["kind"] == "crossword":
            assert all(e["clue"].strip() for e in puzzle["entries"]), puzzle["title"]
        for name in puzzle.get("files", []):
            assert (tmp_path / "out" / name).is_file()
