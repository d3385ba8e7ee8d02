"""Issue 26, goal 4: a desk's clue rounds converge. A build that stops for unclued entries
writes <name>-clues-needed.yaml; the desk writes a clue for each entry, adds the file to
`clues:` as the message says, and builds again with the same seed: the grids asked about
are the grids printed, and nothing more is asked."""
from __future__ import annotations

import json

import pytest
from conftest import ROOT, read_yaml
import yaml

from publisher import pipeline
from publisher.errors import PublisherError
from publisher.pipeline import build_book

# Two 15x15 puzzles, in two sections: one clues-needed file lists the entries of both, and
# the desk adds it to both sections' `clues:`.
SECTION = {"kind": "crossword", "style": "blocked", "size": 15, "candidates": 1}


def write_spec(tmp_path, seed: int, clues: list) -> None:
    spec = {"title": "Desk", "seed": seed, "sections": [
        SECTION | {"title": day, "clues": clues} for day in ("Monday", "Tuesday")]}
    (tmp_path / "desk.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")


def round_trip(tmp_path, monkeypatch, seed: int, clues: list) -> list:
    """One round: the build asks, the desk answers in the file it was given and adds that
    file to `clues:`, the build is made. Returns the section's `clues:` after the round."""
    asked: dict[str, list] = {}

    def spy(outcomes, *args):
        asked.update({o.job.id: o.kept.grid for o in outcomes})
        return stop(outcomes, *args)

    stop = pipeline._stop_for_missing_input
    monkeypatch.setattr(pipeline, "_stop_for_missing_input", spy)
    out = tmp_path / "out"
    before = set(out.glob("desk-clues-needed*.yaml"))
    write_spec(tmp_path, seed, clues)
    with pytest.raises(PublisherError, match="have no clue"):
        build_book(tmp_path / "desk.yaml", out, workers=1)
    [needed_file] = set(out.glob("desk-clues-needed*.yaml")) - before
    needed = yaml.safe_load(needed_file.read_text(encoding="utf-8"))
    assert needed and all(value is None for value in needed.values())
    answered = {word: f"Desk clue {n}" for n, word in enumerate(needed)}
    needed_file.write_text(yaml.safe_dump(answered, allow_unicode=True), encoding="utf-8")
    clues = clues + [f"out/{needed_file.name}"]

    write_spec(tmp_path, seed, clues)
    result = build_book(tmp_path / "desk.yaml", out, workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert not set(out.glob("desk-clues-needed*.yaml")) - before - {needed_file}
    assert {p["id"]: p["solution"] for p in manifest["puzzles"]} == asked   # the same grids
    printed = {e["answer"].lower(): e["clue"] for p in manifest["puzzles"] for e in p["entries"]}
    assert all(printed[word] == clue for word, clue in answered.items())
    assert all(printed.values()) and not any(p["clues_needed"] for p in manifest["puzzles"])
    return clues


def test_two_clue_rounds_of_15x15_crosswords_converge(tmp_path, monkeypatch):
    clues = round_trip(tmp_path, monkeypatch, seed=3, clues=["en/clues"])
    # The next book (another seed) asks only for words no file clues yet, and converges too.
    round_trip(tmp_path, monkeypatch, seed=4, clues=clues)


def test_only_bundled_clue_lists_steer_the_fill(tmp_path):
    """fill_from: any leans to the words of the bundled clue lists named in `clues:`; the
    desk's own file and inline clues are looked up after the fill, never leaned to."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    (tmp_path / "mine.yaml").write_text("zebu: Humped ox\n", encoding="utf-8")
    bundled = read_yaml(ROOT / "wordlists" / "en" / "general-clues.yaml")
    write_spec(tmp_path, 1, ["en/general-clues", "mine.yaml", {"okapi": "Giraffe's cousin"}])
    [job, _] = plan_book(load_spec(tmp_path / "desk.yaml"))
    assert set(job.params.lean) == {"".join(filter(str.isalpha, w.upper())) for w in bundled}
    assert {"ZEBU", "OKAPI"} <= {answer for _, answer, _ in job.params.words}
