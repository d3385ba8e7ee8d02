"""The sudoku kind on the contract: spec keys and errors, manifest, .ipuz,
drawing and a small book."""
from __future__ import annotations

import json

import ipuz
import pytest
from conftest import FakeCtx, draw_kind, spec_error

from publisher.kinds.sudoku import KIND, SudokuParams, SudokuSection


def section(**kw):
    return SudokuSection.model_validate({"kind": "sudoku", **kw})


def board(**kw):
    return KIND.generate(SudokuParams(**kw), 5)


def test_spec_keys_as_written():
    s = section(size=9, variant="x", difficulty="hard", symmetry="mirror", count=3, per_page=6)
    reqs = KIND.plan(s, FakeCtx("sudoku"))
    assert [r.params.model_dump() for r in reqs] == [
        {"size": 9, "variant": "x", "difficulty": "hard", "symmetry": "mirror",
         "symbols": "digits"}] * 3
    assert reqs[0].title == "Sudoku X 1"
    ramp = KIND.plan(section(difficulty="ramp", count=6), FakeCtx("sudoku"))
    assert [r.params.difficulty for r in ramp] == ["easy", "easy", "medium", "hard",
                                                   "hard", "expert"]


@pytest.mark.parametrize("key,value,allowed", [
    ("size", 7, "4, 6, 8, 9, 12 or 16"), ("variant", "samurai", "'jigsaw'"),
    ("difficulty", 5, "'extreme'"), ("symmetry", "spiral", "'diagonal'"),
    ("symbols", "roman", "'hex'")])
def test_bad_values_name_the_field_and_the_allowed_values(tmp_path, key, value, allowed):
    msg = spec_error(tmp_path, {"kind": "sudoku", key: value})
    assert f"sections[0].{key}" in msg and allowed in msg


@pytest.mark.parametrize("keys,field,allowed", [
    ("size: 7", "size", "4, 6, 8, 9, 12 or 16"),
    ("variant: samurai", "variant", "'classic', 'x', 'jigsaw' or 'killer'"),
    ("difficulty: 5", "difficulty", "'easy', 'medium', 'hard', 'expert', 'extreme'"),
    ("symmetry: foo", "symmetry", "'rotational', 'mirror', 'diagonal' or 'none'"),
    ("symbols: hex", "symbols", "sizes 12 and 16"),
    ("per_page: 3", "per_page", "1, 2, 4, 6")])
def test_a_bad_value_stops_the_build_with_one_paragraph(tmp_path, keys, field, allowed):
    """Through the command line as a user runs it: exit 2, the file and the field named
    with what is allowed, no traceback, nothing written."""
    from typer.testing import CliRunner

    from publisher.cli import app

    spec = tmp_path / "bad.yaml"
    spec.write_text(f"title: T\nsections:\n  - kind: sudoku\n    count: 2\n    {keys}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(app, [str(spec), "--out", str(tmp_path / "out")])
    message = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert "bad.yaml:" in message and f"sections[0].{field}" in message and allowed in message
    assert "Traceback" not in result.output and result.output.count("error:") == 1
    assert not (tmp_path / "out").exists()


def test_unreachable_combinations_are_spec_errors(tmp_path):
    msg = spec_error(tmp_path, {"kind": "sudoku", "size": 4, "difficulty": "hard"})
    assert "sections[0].difficulty" in msg and "larger size" in msg
    msg = spec_error(tmp_path, {"kind": "sudoku", "size": 6, "difficulty": "medium"})
    assert "easy, hard or expert" in msg
    msg = spec_error(tmp_path, {"kind": "sudoku", "size": 16, "variant": "killer"})
    assert "sections[0].variant" in msg and "4, 6, 8 and 9" in msg
    msg = spec_error(tmp_path, {"kind": "sudoku", "size": 9, "symbols": "hex"})
    assert "sections[0].symbols" in msg


def test_without_a_difficulty_a_4x4_is_made_at_the_hardest_level_it_can_be():
    """The default (medium) is out of a 4x4's reach: easy, said in a note; a level the
    spec names is kept (and an unreachable one stays a spec error, above)."""
    ctx = FakeCtx("sudoku")
    [request] = KIND.plan(section(size=4), ctx)
    assert request.params.difficulty == "easy"
    assert len(ctx.notes) == 1 and "4x4" in ctx.notes[0] and "easy" in ctx.notes[0]
    for kw, level in (({"size": 9}, "medium"), ({"size": 6}, "medium"),
                      ({"size": 4, "difficulty": "easy"}, "easy")):
        quiet = FakeCtx("sudoku")
        assert KIND.plan(section(**kw), quiet)[0].params.difficulty == level
        assert quiet.notes == []


def test_a_plain_4x4_section_builds_and_the_summary_says_which_level(tmp_path):
    from typer.testing import CliRunner

    from publisher.cli import app
    spec = tmp_path / "s.yaml"
    spec.write_text("title: S\nseed: 3\nsections:\n  - {kind: sudoku, size: 4}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(app, [str(spec), "--out", str(tmp_path / "out"), "-w", "1"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "note: s.yaml:4: sections[0]: a 4x4 Sudoku cannot be medium" in out
    assert "warning" not in out
    [entry] = json.loads((tmp_path / "out" / "s.json").read_text(encoding="utf-8"))["puzzles"]
    assert entry["grade"] == "easy"


def test_manifest_fields_and_round_trip():
    for kw in ({"size": 6, "variant": "jigsaw", "difficulty": "easy"},
               {"size": 6, "variant": "killer", "difficulty": "easy"},
               {"size": 16, "variant": "classic", "difficulty": "easy", "symbols": "hex"}):
        b = board(**kw)
        m = json.loads(json.dumps(KIND.manifest(b)))
        n = kw["size"]
        expected = {"size", "variant", "givens", "solution", "difficulty", "grade", "hardest",
                    "techniques"}
        expected |= {"jigsaw": {"regions"}, "killer": {"cages"}}.get(kw["variant"], set())
        assert set(m) == expected
        assert m["grade"] == "easy" and m["hardest"] in m["techniques"]
        assert len(m["givens"]) == n and all(len(row) == n for row in m["givens"])
        for grow, srow in zip(m["givens"], m["solution"]):
            assert all(g is None or g == s for g, s in zip(grow, srow))
            assert all(isinstance(s, str) and len(s) == 1 for s in srow)
        if kw.get("symbols") == "hex":
            assert sorted(m["solution"][0]) == list("0123456789ABCDEF")
        if "cages" in m:
            for cage in m["cages"]:
                digits = [int(m["solution"][r][c]) for r, c in cage["cells"]]
                assert sum(digits) == cage["sum"]
        back = KIND.from_manifest(m)
        assert KIND.manifest(back) == m


def test_ipuz_reads_back():
    for variant in ("classic", "x", "jigsaw", "killer"):
        b = board(size=6, variant=variant, difficulty="easy")
        data = KIND.side_files(b, "Sudoku 1", {"title": "T", "author": "A",
                                               "copyright": "C"})["ipuz"]
        puzzle = ipuz.read(data.decode("utf-8"))
        assert puzzle["kind"] == ["http://ipuz.org/sudoku#1"]
        assert [[str(v) for v in row] for row in puzzle["solution"]] == \
            [[str(v) for v in b.solution[r * 6:(r + 1) * 6]] for r in range(6)]
        given = sum(1 for row in puzzle["puzzle"] for v in row if v != 0)
        assert given == sum(1 for v in b.givens if v)
        if variant == "jigsaw":
            assert len(puzzle["zones"]) == 6
        if variant == "killer":
            assert sum(c["value"] for c in puzzle["cages"]) == 6 * 21


@pytest.mark.parametrize("variant,colour,language", [
    ("classic", False, "en"), ("killer", False, "es"), ("jigsaw", True, "ru")])
def test_drawing_prints_the_rule_and_level(variant, colour, language):
    b = board(size=9, variant=variant, difficulty="easy")
    reader, fonts = draw_kind(KIND, b, colour, language)
    text = reader.pages[0].extract_text()
    for s in KIND.text_for_search(b):
        assert s in text
    level = {"en": "Difficulty: Easy", "es": "Dificultad: fácil",
             "ru": "Сложность: лёгкая"}[language]
    assert level in " ".join(text.split())
    assert fonts and all("PTSans" in f for f in fonts)


def test_book_of_small_sudoku(tmp_path):
    from publisher.pipeline import build_book
    spec = tmp_path / "s.yaml"
    spec.write_text("title: S\nseed: 3\nsections:\n"
                    "  - kind: sudoku\n    size: 4\n    count: 2\n    difficulty: easy\n"
                    "  - kind: sudoku\n    size: 6\n    variant: killer\n    difficulty: easy\n",
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    entries = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert [e["size"] for e in entries] == [4, 4, 6]
    assert entries[2]["cages"] and all(e["kind"] == "sudoku" for e in entries)
    assert len(list((tmp_path / "out").rglob("*.ipuz"))) == 3


def test_a_puzzle_that_cannot_be_made_says_what_makes_a_sudoku_easier(tmp_path,
                                                                      monkeypatch):
    """When every candidate fails (forced here: no grid may be tried), the build stops
    with advice for Sudoku: a lower difficulty or a smaller size, not "a larger grid"."""
    from publisher.errors import SpecError
    from publisher.kinds.sudoku import generator
    from publisher.pipeline import build_book
    monkeypatch.setattr(generator, "attempt_budget", lambda *args: 0)
    spec = tmp_path / "s.yaml"
    spec.write_text("title: S\nseed: 3\nsections:\n"
                    "  - {kind: sudoku, size: 4, count: 1, candidates: 2}\n", encoding="utf-8")
    with pytest.raises(SpecError) as failed:
        build_book(spec, tmp_path / "out", workers=1)
    message = str(failed.value)
    assert "make the request easier (a lower difficulty or a smaller size)" in message
    assert "larger grid" not in message and not (tmp_path / "out").exists()


def test_a_book_never_repeats_a_sudoku_up_to_symmetry(tmp_path):
    """4x4 grids repeat often by chance: the book replaces repeats (issue: no two puzzles
    the same up to the square's symmetries and relabelling). Checked on the givens with a
    canonical form written here."""
    import itertools
    import json

    from publisher.pipeline import build_book

    spec = tmp_path / "small.yaml"
    spec.write_text("title: Small\nseed: 5\nsections:\n  - kind: sudoku\n    size: 4\n"
                    "    difficulty: easy\n    count: 12\n    candidates: 2\n", encoding="utf-8")
    puzzles = json.loads(build_book(spec, tmp_path / "out", workers=1).manifest
                         .read_text(encoding="utf-8"))["puzzles"]

    def canonical(givens):
        grid = [[c for c in row] for row in givens]
        forms = []
        for turn in range(8):
            g = [list(r) for r in zip(*grid[::-1])] if turn % 4 else grid
            grid = g
            for flip in (g, [row[::-1] for row in g]):
                cells = [c for row in flip for c in row]
                names = {}
                forms.append(tuple(names.setdefault(c, len(names)) if c else None
                                   for c in cells))
        return min(forms, key=lambda f: [(-1 if x is None else x) for x in f])

    keys = [canonical(p["givens"]) for p in puzzles]
    assert len(set(keys)) == len(keys)
    assert not any(itertools.chain.from_iterable(p.get("warnings", []) for p in puzzles))


def test_ramp_follows_the_weekday_of_a_schedule(tmp_path):
    """Issue 17: with a newspaper schedule, `difficulty: ramp` goes from easy on Monday
    to expert on Saturday."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    spec = tmp_path / "week.yaml"
    spec.write_text("title: Week\nsections:\n  - kind: sudoku\n    difficulty: ramp\n"
                    "    schedule: {start: 2026-11-30, days: 7}\n", encoding="utf-8")
    jobs = plan_book(load_spec(spec))             # 2026-11-30 is a Monday
    assert [job.params.difficulty for job in jobs] == [
        "easy", "easy", "medium", "hard", "hard", "expert", "expert"]


def test_an_untitled_variant_section_is_headed_by_its_variant(tmp_path):
    """The heading and contents line of a section without `title` name the variant
    ("Killer sudoku", not "Sudoku"), in the book's language."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    for language, names in {"en": ["Sudoku", "Sudoku X", "Jigsaw sudoku", "Killer sudoku"],
                            "es": ["Sudoku", "Sudoku X", "Sudoku irregular", "Sudoku asesino"]
                            }.items():
        spec = tmp_path / f"{language}.yaml"
        spec.write_text(f"title: V\nlanguage: {language}\nsections:\n" + "".join(
            f"  - {{kind: sudoku, size: 6, difficulty: easy, variant: {v}}}\n"
            for v in ("classic", "x", "jigsaw", "killer")), encoding="utf-8")
        jobs = plan_book(load_spec(spec))
        assert [job.section_title for job in jobs] == names


def test_same_seed_same_bytes_whatever_the_workers(tmp_path):
    """A Sudoku book (every variant) from one spec and seed: the PDF, the manifest and
    every .ipuz are byte for byte the same built by one worker or two."""
    from publisher.pipeline import build_book

    spec = tmp_path / "same.yaml"
    spec.write_text("title: Same\nseed: 9\nsections:\n" + "".join(
        f"  - {{kind: sudoku, size: 6, difficulty: easy, variant: {v}, count: 2}}\n"
        for v in ("classic", "x", "jigsaw", "killer")), encoding="utf-8")
    one = build_book(spec, tmp_path / "one", workers=1)
    two = build_book(spec, tmp_path / "two", workers=2)
    assert one.pdf.read_bytes() == two.pdf.read_bytes()
    assert one.manifest.read_bytes() == two.manifest.read_bytes()
    files = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.ipuz"))
    assert len(files) == 8
    assert all((tmp_path / "one" / f).read_bytes() == (tmp_path / "two" / f).read_bytes()
               for f in files)
