"""Every version of a worksheet puzzle made `copies:` times holds the same words: a word
one version cannot place is left out of all of them, and named once (a teacher reads
out one list). Checked from the manifest's grids: each placed word read from its cells."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest
import yaml

from publisher.chains import RETRIES, JobFailed, SameWords
from publisher.kinds.base import Board, Kind, Params
from publisher.pipeline import build_book
from publisher.plan import Job

WORDS = ["apple", "banana", "cherry", "grape", "lemon", "mango", "melon", "olive", "peach",
         "pear", "plum", "kiwi", "lime", "fig", "date", "guava", "papaya", "quince"]
CLUES = {word: f"A fruit: {word[0]}..." for word in WORDS}


def _spec(tmp_path, copies: int = 3):
    spec = {"title": "Fruit", "document": "worksheet", "seed": 3, "copies": copies,
            "sections": [
                {"kind": "wordsearch", "size": 7, "candidates": 2,
                 "puzzles": [{"title": "Fruit search", "words": WORDS}]},
                {"kind": "crossword", "size": 9, "candidates": 2,
                 "puzzles": [{"title": "Fruit crossword", "clues": CLUES}]}]}
    path = tmp_path / "fruit.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    return path


def _found(puzzle: dict) -> set[str]:
    """The answers read off the grid where the manifest says each word lies."""
    if puzzle["kind"] == "wordsearch":
        grid = puzzle["grid"]
        return {"".join(grid[w["start"][0] + k * w["direction"][0]]
                        [w["start"][1] + k * w["direction"][1]] for k in range(len(w["answer"])))
                for w in puzzle["words"]}
    grid = puzzle["solution"]
    return {"".join(grid[e["row"] + k * (e["direction"] == "down")]
                    [e["col"] + k * (e["direction"] == "across")] for k in range(len(e["answer"])))
            for e in puzzle["entries"]}


def test_every_version_places_the_same_words_and_leaves_out_the_same(tmp_path):
    result = build_book(_spec(tmp_path), tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    for kind, title in (("wordsearch", "Fruit search"), ("crossword", "Fruit crossword")):
        versions = [p for p in manifest["puzzles"] if p["kind"] == kind]
        assert len(versions) == 3
        placed = [_found(p) for p in versions]
        assert len(placed[0]) < len(WORDS)          # the grid is too small for them all
        assert placed[1] == placed[0] and placed[2] == placed[0]
        left_out = [sorted(u if isinstance(u, str) else u["text"] for u in p["unplaced"])
                    for p in versions]
        assert left_out[0] == left_out[1] == left_out[2]
        assert {w.upper() for w in left_out[0]} == {w.upper() for w in WORDS} - placed[0]
        # one warning per puzzle, naming the same words for every version
        named = [w for w in result.warnings if title in w]
        assert len(named) == 1 and named[0].count(title) == 1
        assert all(word in named[0] for word in left_out[0])


class _Words(Params):
    words: tuple[str, ...] = ()


@dataclass
class _Placed(Board):
    placed: tuple[str, ...] = ()


class _Leaving(Kind):
    """A kind that places what its boards say (no generator: SameWords alone)."""
    name = "leaving"

    def placed_only(self, params, board=None):
        return params if board is None else _Words(
            words=tuple(w for w in params.words if w in board.placed))


def test_a_version_that_cannot_place_the_first_versions_words_stops_the_build():
    job = Job(id="s1-001", kind="leaving", section_index=0, section_title="Fruit",
              title="Fruit search", language="en", params=_Words(words=tuple("ABCDEF")),
              candidates=1, per_page=1, answers_per_page=None, colour=None)
    jobs = [job, replace(job, id="s1-v2-001", copy=2)]
    versions = SameWords(jobs, lambda name: _Leaving())
    assert versions.waits(1) and not versions.waits(0)
    boards: dict[int, Board] = {0: _Placed(placed=tuple("ABCDE"))}
    [(second, follow)] = versions.then(0, boards.get)     # the first placed A to E
    assert second == 1 and follow.params == _Words(words=tuple("ABCDE"))
    for _ in range(RETRIES):
        boards[1] = _Placed(placed=follow.params.words[:-1])   # one fewer: again
        [(first, again)] = versions.then(1, boards.get)
        assert first == 0 and again.params.words == follow.params.words[:-1]
        boards[0] = _Placed(placed=again.params.words)
        [(_, follow)] = versions.then(0, boards.get)
    boards[1] = _Placed(placed=("A",))
    with pytest.raises(JobFailed, match="versions \\(`copies`\\) of 'Fruit search'.*larger `size`"):
        versions.then(1, boards.get)
