"""`style: blocked` through the crossword kind: spec keys, the book, .puz/.ipuz, clues-needed."""
from __future__ import annotations

import json
import re

import puz
import pytest
import yaml

from conftest import spec_error
from publisher.data import data_dir

TEMPLATE = "#...#\n.....\n.....\n.....\n#...#\n"
# Words that fill TEMPLATE (found once with the English list), each with a clue.
CLUES = {"all": "Every one", "avoid": "Keep away from", "large": "Big", "lithe": "Supple",
         "avail": "Use to advantage", "ape": "Mimic", "let": "Allow", "porte": "Sublime ___",
         "eight": "Octet's count", "dee": "Letter after cee"}


def build(tmp_path, section: dict):
    from publisher.pipeline import build_book

    (tmp_path / "mini.txt").write_text(TEMPLATE, encoding="utf-8")
    spec = tmp_path / "b.yaml"
    spec.write_text(yaml.safe_dump({"title": "T", "seed": 4, "sections": [section]}), encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return result, manifest


def runs_of(solution: list[list[str | None]]) -> list[str]:
    """Across and down words of two or more letters, read from the grid."""
    rows = ["".join(ch or "#" for ch in row) for row in solution]
    cols = ["".join(r[c] for r in rows) for c in range(len(rows[0]))]
    return [w for line in rows + cols for w in line.split("#") if len(w) >= 2]


def test_clued_mini_builds_with_blocks_and_files(tmp_path):
    result, manifest = build(tmp_path, {
        "kind": "crossword", "style": "blocked", "grid": "mini.txt", "fill_from": "clued",
        "candidates": 2, "count": 1, "clues": [CLUES]})
    [entry] = manifest["puzzles"]
    assert entry["style"] == "blocked" and entry["clues_needed"] == []
    solution = entry["solution"]
    for r, line in enumerate(TEMPLATE.split()):
        for c, ch in enumerate(line):
            assert (ch == "#") == (solution[r][c] is None)
    words = runs_of(solution)
    assert sorted(words) == sorted(w.upper() for w in CLUES)
    by_answer = {e["answer"]: e["clue"] for e in entry["entries"]}
    assert all(by_answer[w.upper()] == clue for w, clue in CLUES.items())
    puz_file = next(p for p in result.files if p.suffix == ".puz")
    p = puz.read(str(puz_file))
    assert p.solution == "".join(ch or "." for row in solution for ch in row)
    numbering = p.clue_numbering()
    read_back = {e["clue"] for e in numbering.across + numbering.down}
    assert read_back == set(CLUES.values())
    ipuz = json.loads(next(p for p in result.files if p.suffix == ".ipuz").read_text(encoding="utf-8"))
    assert ipuz["puzzle"][0][0] == "#" and ipuz["solution"][0][0] == "#"
    assert not any("clues-needed" in p.name for p in result.files)


def test_unclued_entries_stop_the_build_and_are_listed_for_the_desk(tmp_path):
    """Issue 13: an entry with no clue stops the build with a clear message listing the
    entries, and writes <name>-clues-needed.yaml ready to be completed; no book is written."""
    import re

    from publisher.errors import PublisherError
    from publisher.pipeline import build_book

    spec = tmp_path / "desk.yaml"
    spec.write_text(yaml.safe_dump({"title": "Desk", "seed": 1, "sections": [{
        "kind": "crossword", "style": "blocked", "size": 5, "min_score": 50, "candidates": 1,
        "count": 1, "clues": [{"cat": "Pet"}]}]}), encoding="utf-8")
    with pytest.raises(PublisherError) as err:
        build_book(spec, tmp_path / "out", workers=1)
    needed = tmp_path / "out" / "desk-clues-needed.yaml"
    listed = yaml.safe_load(needed.read_text(encoding="utf-8"))
    assert listed and all(value is None for value in listed.values())
    named = re.search(r"\(([A-Z, .]+)\)", str(err.value)).group(1)
    assert set(named.replace(", ...", "").split(", ")) <= {w.upper() for w in listed}
    assert "have no clue" in str(err.value) and "fill_from: clued" in str(err.value)
    assert not (tmp_path / "out" / "desk.pdf").exists()


def test_template_breaking_a_rule_is_a_spec_error(tmp_path):
    (tmp_path / "bad.txt").write_text("#....\n.....\n.....\n.....\n.....\n", encoding="utf-8")
    message = spec_error(tmp_path, {"kind": "crossword", "style": "blocked", "grid": "bad.txt"})
    assert "symmetry" in message and "row 1, column 1" in message


@pytest.mark.parametrize("section, words", [
    ({"style": "blocked", "puzzles": [{"title": "x", "clues": {"cat": "Pet"}}]}, "count"),
    ({"style": "blocked", "fill_from": "clued"}, "needs `clues:`"),
    ({"style": "blocked", "wordlist": "nowhere/list"}, "nowhere/list"),
    ({"grid": "x.txt", "count": 1, "words_per_puzzle": 2, "clues": "en/general-clues"}, "style: blocked"),
])
def test_blocked_keys_are_checked(tmp_path, section, words):
    assert words in spec_error(tmp_path, {"kind": "crossword", **section})


def test_same_seed_same_board_and_pinned_letters_kept(tmp_path):
    from publisher.kinds.crossword import KIND, CrosswordParams

    wordlist = tmp_path / "fill.txt"
    wordlist.write_text("".join(f"{w.upper()};60\n" for w in CLUES) + "ZZZ;10\n", encoding="utf-8")
    template = tuple(line[:2] + "E" + line[3:] if r == 4 else line
                     for r, line in enumerate(TEMPLATE.split()))   # pins the first E of DEE
    params = CrosswordParams(rows=5, cols=5, style="blocked", template=template,
                             wordlist=str(wordlist), words=(("ape", "APE", "Mimic"),))
    first, again = KIND.generate(params, 11), KIND.generate(params, 11)
    assert KIND.manifest(first) == KIND.manifest(again)
    assert first.grid[4][2] == "E"
    assert first.clues_needed and "APE" not in first.clues_needed
    assert KIND.manifest(KIND.from_manifest(KIND.manifest(first))) == KIND.manifest(first)


def test_a_grid_no_candidate_fills_says_why_and_what_to_do_once(tmp_path):
    """Three candidates failing the same way: one reason naming the slots, one advice."""
    from publisher.errors import SpecError

    (tmp_path / "few.yaml").write_text("cat: Pet\ndog: Pet\npig: Farm animal\nhorse: Steed\n",
                                       encoding="utf-8")
    with pytest.raises(SpecError) as failed:
        build(tmp_path, {"kind": "crossword", "style": "blocked", "size": 15,
                         "fill_from": "clued", "clues": ["few.yaml"], "candidates": 3})
    message = str(failed.value)
    assert "all 3 candidates failed" in message
    assert message.count("blocked crossword:") == 1, message
    assert message.count("the word list has no ") == 1, message
    assert "-letter word for the grid's entries of " in message
    assert message.count("another size, a larger word list or `fill_from: any`") == 1, message


def test_a_failed_fill_advises_only_what_the_spec_does_not_do(tmp_path):
    """Review 7, item 1: `fill_from: any` was advised when set, "fewer or shorter words"
    to a grid filled from a list, and "(Crossword, crossword)" named the kind twice."""
    from publisher.errors import SpecError

    (tmp_path / "thin.txt").write_text("CAT;50\nDOG;50\nPIG;50\n", encoding="utf-8")
    with pytest.raises(SpecError) as failed:
        build(tmp_path, {"kind": "crossword", "style": "blocked", "grid": "mini.txt",
                         "wordlist": "thin.txt", "min_score": 40, "candidates": 2})
    message = str(failed.value)
    assert "all 2 candidates failed" in message
    assert "make the request easier (another grid, a lower `min_score` or a larger word " \
        "list)" in message, message
    assert "fill_from" not in message and "shorter words" not in message, message
    assert "puzzle 'Crossword' (crossword) could not" in message, message


@pytest.mark.parametrize("language, section", [
    # the reviewer's small specs (review 2, item 1): each printed repeats with exit 0
    ("de", {"size": 5, "clues": ["de/clues"], "count": 10, "per_page": 2}),
    ("fr", {"size": 7, "clues": ["fr/clues"], "count": 4, "per_page": 2}),
])
def test_a_section_with_too_few_different_puzzles_stops_the_book(tmp_path, monkeypatch,
                                                                 language, section):
    """A book never prints a puzzle twice: the section that cannot make as many different
    ones stops the build, naming itself, how many it made and what to ask instead."""
    from publisher import batch
    from publisher.errors import SpecError
    from publisher.pipeline import build_book

    monkeypatch.setattr(batch, "EXTRA", 4)       # the few such grids show up early
    spec = tmp_path / "mini.yaml"
    # `repeat: allow`: the grids fill each on its own (else each leaves out the answers
    # of those before it, and differs from them)
    spec.write_text(yaml.safe_dump({"title": "M", "seed": 9 if language == "de" else 5,
                                    "language": language, "sections": [{
                                        "kind": "crossword", "style": "blocked",
                                        "fill_from": "clued", "candidates": 1,
                                        "repeat": "allow", **section}]},
                                   allow_unicode=True), encoding="utf-8")
    with pytest.raises(SpecError) as stopped:
        build_book(spec, tmp_path / "out", workers=1)
    message = str(stopped.value)
    assert "mini.yaml:" in message and "section 1" in message
    made = int(re.search(r"only (\d+) different puzzle\(s\) of the (\d+) asked",
                         message)[1])
    assert 0 < made < section["count"], message
    assert f"at most {made} puzzle(s)" in message and "a larger size" in message
    assert not (tmp_path / "out").exists()


def test_a_book_repeats_no_answer_across_its_blocked_grids(tmp_path):
    """Review 4: minis.yaml printed EYE in three grids, each puzzle filled on its own.
    A book's blocked grids fill in book order, each without the answers kept before it
    (across sections too), and the bytes are the same for one and two workers."""
    from publisher.pipeline import build_book

    spec = tmp_path / "minis.yaml"
    section = {"kind": "crossword", "style": "blocked", "size": 5, "clues": ["en/clues"],
               "fill_from": "clued", "candidates": 3}
    spec.write_text(yaml.safe_dump({"title": "T", "seed": 5, "sections": [
        dict(section, count=3), dict(section, count=2, title="More")]}), encoding="utf-8")
    one = build_book(spec, tmp_path / "one", workers=1)
    two = build_book(spec, tmp_path / "two", workers=2)
    assert two.pdf.read_bytes() == one.pdf.read_bytes()
    assert two.manifest.read_bytes() == one.manifest.read_bytes()
    puzzles = json.loads(one.manifest.read_text(encoding="utf-8"))["puzzles"]
    answers = [runs_of(p["solution"]) for p in puzzles]
    assert len(answers) == 5 and all(answers)
    every = [a for grid in answers for a in grid]
    assert len(every) == len(set(every)), sorted(a for a in set(every) if every.count(a) > 1)


def test_a_grid_that_cannot_leave_out_earlier_answers_takes_them_and_says_so(tmp_path):
    """The fallback: TEMPLATE fills only from CLUES' words, so a grid told to avoid ALL and
    APE fails; told to avoid them where it can (once every candidate failed), it fills,
    uses them, names them in a warning and scores below any grid that avoids them; avoided
    words the list can spare are left out."""
    from publisher.errors import GenerationFailed
    from publisher.kinds.crossword import KIND, CrosswordParams

    (tmp_path / "fill.txt").write_text("".join(f"{w.upper()};60\n" for w in CLUES),
                                       encoding="utf-8")
    params = CrosswordParams(rows=5, cols=5, style="blocked", template=tuple(TEMPLATE.split()),
                             wordlist=str(tmp_path / "fill.txt"))
    free = KIND.generate(params, 3)
    with pytest.raises(GenerationFailed):        # strict: a candidate fails (the engine
        KIND.generate(KIND.avoiding(params, frozenset({"ALL", "APE"})), 3)   # tries again)
    forced = KIND.generate(KIND.avoiding(params, frozenset({"ALL", "APE", "ZEBRA"}), False), 3)
    assert {"ALL", "APE"} <= set(KIND.answers(forced))
    assert forced.score < free.score - 300 and not free.warnings
    [warning] = [w for w in forced.warnings if "earlier grids" in w]
    assert "2 answer(s)" in warning and "ALL, APE" in warning
    assert KIND.avoiding(params.model_copy(update={"repeat": True}), frozenset({"ALL"})) is None

    # the English list spares every answer of a grid: the same candidate fills without them
    english = params.model_copy(update={"template": (), "min_score": 50, "wordlist": str(
        data_dir("wordlists") / "en" / "fill.txt")})
    first = set(KIND.answers(KIND.generate(english, 3)))
    spared = KIND.generate(KIND.avoiding(english, frozenset(first)), 3)
    assert first and not first & set(KIND.answers(spared)) and not spared.warnings


def test_a_book_whose_later_grids_cannot_do_without_earlier_answers_still_builds(tmp_path):
    """Six 5x5 German minis of one candidate each (review 2's small spec): the fifth and
    sixth find no fill without the earlier answers, so they run again taking as few as they
    can, each with a warning; the same bytes for one and two workers."""
    from publisher.pipeline import build_book

    spec = tmp_path / "mini.yaml"
    spec.write_text(yaml.safe_dump({"title": "M", "seed": 9, "language": "de", "sections": [{
        "kind": "crossword", "style": "blocked", "size": 5, "clues": ["de/clues"],
        "fill_from": "clued", "candidates": 1, "count": 6}]}), encoding="utf-8")
    one = build_book(spec, tmp_path / "one", workers=1)
    two = build_book(spec, tmp_path / "two", workers=2)
    assert two.pdf.read_bytes() == one.pdf.read_bytes()
    assert two.manifest.read_bytes() == one.manifest.read_bytes()
    again = [w for w in one.warnings if "earlier grids again" in w]
    assert again and len(again) < 6, one.warnings
    puzzles = json.loads(one.manifest.read_text(encoding="utf-8"))["puzzles"]
    first = [runs_of(p["solution"]) for p in puzzles[:4]]
    every = [a for grid in first for a in grid]
    assert len(every) == len(set(every))          # the first four repeat nothing


def test_a_9x9_fills_from_the_english_clues_alone(tmp_path):
    """Review 5, item 10: the English clues have no 9-letter word and every 9x9 grid (the
    bundled ones, the fresh ones) had an entry of 9: every candidate failed. Grids filled
    from clued words have no entry longer than those words fill."""
    clued = yaml.safe_load((data_dir("wordlists") / "en" / "clues.yaml").read_text(encoding="utf-8"))
    assert max(len(re.sub(r"[^a-z]", "", str(word).lower())) for word in clued) == 8
    _, manifest = build(tmp_path, {"kind": "crossword", "style": "blocked", "size": 9,
                                   "fill_from": "clued", "clues": ["en/clues"],
                                   "candidates": 2, "count": 2})
    for entry in manifest["puzzles"]:
        words = runs_of(entry["solution"])
        assert max(map(len, words)) <= 8 and all(e["clue"] for e in entry["entries"])
        assert {w.lower() for w in words} <= {str(w).lower() for w in clued}
