"""The web edition without a browser: the kind contract's web part, the files and their
place in the manifest and the transaction, the pages' promises (self-contained, light,
in the book's language). tests/test_web_browser.py plays the pages in Chromium."""
import json
import re

import pytest
import yaml

from publisher.errors import PublisherError
from publisher.ground.catalogue import catalogue
from publisher.kinds import all_kinds
from publisher.kinds.base import WebPart
from publisher.pipeline import build_book
from publisher.render import web
from publisher.render.web import LIMIT, has_web
from publisher.spec import SpecError

# Kinds that may lack a web part for now: the ONE place to list them. Empty: every kind
# of this package is playable. A kind is listed here or has a web part, never neither.
PENDING: set[str] = set()


@pytest.mark.parametrize("name", sorted(all_kinds()))
def test_every_kind_has_a_web_part_or_is_listed_as_pending(name):
    kind = all_kinds()[name]
    if name in PENDING:
        assert not has_web(kind), f"{name} has a web part now: take it off PENDING"
    else:
        assert has_web(kind), (f"the {name} kind has no web part (Kind.web): write one "
                               "(docs/web.md), or list it in PENDING in this file")


def _write(folder, sections, **book):
    spec = folder / "book.yaml"
    spec.write_text(yaml.safe_dump({"title": "Web", "seed": 5, "print": False, "web": True,
                                    "sections": sections, **book}, allow_unicode=True),
                    encoding="utf-8")
    return spec


def _every_kind():
    return [{"kind": name, **all_kinds()[name].example} for name in sorted(all_kinds())
            if name not in PENDING]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("webpages")
    result = build_book(_write(folder, _every_kind()), folder / "out", workers=1)
    return folder / "out", json.loads(result.manifest.read_text(encoding="utf-8"))


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="page-data">(.*?)</script>',
                                html, re.S).group(1))


def test_every_puzzle_has_its_page_listed_and_the_index_links_them(built):
    out, manifest = built
    assert manifest["web"] == "book/web/index.html"
    index = (out / manifest["web"]).read_text(encoding="utf-8")
    for puzzle in manifest["puzzles"]:
        page = [f for f in puzzle["files"] if f.endswith(".html")]
        assert page == [f"book/web/{puzzle['id']}.html"]
        assert f'href="{puzzle["id"]}.html"' in index
        html = (out / page[0]).read_text(encoding="utf-8")
        assert _data(html)["id"] == puzzle["id"] and _data(html)["kind"] == puzzle["kind"]


def test_pages_are_self_contained_light_and_in_the_books_language(built):
    out, manifest = built
    english = catalogue("en").lookup("web")
    for puzzle in manifest["puzzles"]:
        path = out / next(f for f in puzzle["files"] if f.endswith(".html"))
        html = path.read_text(encoding="utf-8")
        assert path.stat().st_size < LIMIT
        assert '<html lang="en">' in html and "<main data-solved=\"false\"" in html
        # nothing fetched: no address, no src/href outside the book
        assert not re.search(r"https?://", html)
        assert not re.search(r'\s(src|href)="(?!index\.html|\.\./)', html)
        assert _data(html)["text"] == english
        assert 'Print (PDF)</a>' in html and f'.pdf#page={puzzle["page"]}' in html


def test_a_russian_page_shows_no_english_word(tmp_path):
    result = build_book(_write(tmp_path, [
        {"kind": "wordsearch", "size": 8, "puzzles": [
            {"title": "Ферма", "words": ["корова", "коза", "утка", "свинья"]}]}],
        language="ru"), tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    html = (tmp_path / "out" / manifest["puzzles"][0]["files"][-1]).read_text(encoding="utf-8")
    assert '<html lang="ru">' in html
    shown = re.sub(r"<script.*?</script>|<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)
    assert catalogue("ru").text("web.check") in shown
    for word in ("Check", "Reveal", "Reset", "Pause", "Print", "Contents", "Words"):
        assert word not in shown
    strings = _data(html)["text"] | _data(html)["data"]["text"]
    latin = {w for s in strings.values() for w in re.findall(r"[A-Za-z]{3,}",
                                                           re.sub(r"\{\w+\}", "", s))}
    assert latin <= {"PDF", "Enter", "Escape"}          # names of a format and of keys


def test_a_rebuild_without_web_takes_the_pages_away(tmp_path):
    sections = [{"kind": "sudoku", **all_kinds()["sudoku"].example}]
    spec = _write(tmp_path, sections)
    build_book(spec, tmp_path / "out", workers=1)
    assert (tmp_path / "out" / "book" / "web" / "index.html").is_file()
    build_book(spec, tmp_path / "out", workers=1, web=False)
    assert not (tmp_path / "out" / "book" / "web").exists()
    manifest = json.loads((tmp_path / "out" / "book.json").read_text(encoding="utf-8"))
    assert "web" not in manifest
    assert not [f for p in manifest["puzzles"] for f in p.get("files", []) if "web" in f]


def test_desk_pages_print_their_desk_file_and_the_index_goes_by_date(tmp_path):
    spec = _write(tmp_path, [{"kind": "sudoku", "size": 4, "difficulty": "easy"}],
                  split=True, book=False, files="{date:%Y-%m-%d}-{kind}",
                  schedule={"start": "2026-12-01", "days": 3})
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    page = tmp_path / "out" / "book" / "web" / "2026-12-02-sudoku.html"
    assert 'href="../2026-12-02-sudoku.pdf"' in page.read_text(encoding="utf-8")
    index = (tmp_path / "out" / manifest["web"]).read_text(encoding="utf-8")
    days = re.findall(r'href="(2026-12-0\d)-sudoku.html"', index)
    assert days == ["2026-12-01", "2026-12-02", "2026-12-03"]


def test_a_kind_without_a_web_part_stops_the_build_before_generating(tmp_path, monkeypatch):
    monkeypatch.setattr("publisher.pipeline.has_web", lambda kind: kind.name != "sudoku")
    spec = _write(tmp_path, [{"kind": "sudoku", "size": 4, "difficulty": "easy"}])
    with pytest.raises(SpecError, match="no web edition"):
        build_book(spec, tmp_path / "out", workers=1)
    assert not (tmp_path / "out").exists()


def test_a_page_heavier_than_the_limit_is_refused(tmp_path, monkeypatch, built):
    monkeypatch.setattr(web, "LIMIT", 1000)
    spec = _write(tmp_path, [{"kind": "sudoku", "size": 4, "difficulty": "easy"}])
    with pytest.raises(PublisherError, match="KB"):
        build_book(spec, tmp_path / "out", workers=1)
    assert not (tmp_path / "out").exists()


def test_the_page_data_cannot_close_its_script_and_reads_back_the_same():
    data = {"clue": "</script><!-- <script>alert(1)</script>", "é": "ё"}
    text = web._json(WebPart(data=data, rule="r", script="").data)
    assert "<" not in text and json.loads(text) == data


def test_the_web_option_of_the_command_line(tmp_path):
    from typer.testing import CliRunner

    from publisher.cli import app
    spec = _write(tmp_path, [{"kind": "queens", **all_kinds()["queens"].example}])
    text = spec.read_text(encoding="utf-8").replace("web: true", "web: false")
    spec.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, [str(spec), "--out", str(tmp_path / "out"), "-q", "--web"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "book" / "web" / "s1-001.html").is_file()


def test_a_clued_word_ladders_page_gives_the_ends_and_clues_each_rung(tmp_path):
    result = build_book(_write(tmp_path, [{"kind": "wordladder", "length": 4, "steps": 4,
                                           "clues": True}]), tmp_path / "out", workers=1)
    puzzle = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]
    data = _data((tmp_path / "out" / puzzle["files"][-1]).read_text(encoding="utf-8"))["data"]
    ladder = puzzle["solution"]
    assert [e["clue"] for e in data["entries"]] == puzzle["clues"] and data["lists"]
    assert ["".join(cell["s"] for cell in row) for row in data["cells"]] == ladder
    assert [{r for r, _ in e["cells"]} for e in data["entries"]] == [
        {r} for r in range(1, len(ladder) - 1)]
    given = [all(cell.get("g") for cell in row) for row in data["cells"]]
    assert given == [True] + [False] * (len(ladder) - 2) + [True]


def test_a_dutch_page_joins_i_and_j_only_where_the_puzzle_prints_one_ij_cell(tmp_path):
    """Typing I then J gives one IJ cell (`units`) in a crossword, fill-in, codeword and
    a word search with `ij: one`; a ladder, scramble, cryptogram or word search with two
    letters prints I and J apart, so its page keeps them apart too."""
    ij = ["wijn", "tijger", "rijst", "boot", "zeilen"]
    sections = [
        {"kind": "wordladder", "length": 4, "steps": 5},
        {"kind": "crossword", "size": 9, "candidates": 2, "puzzles": [{"title": "Kruis", "clues": {
            "ijzer": "Metaal", "wijn": "Drank", "tijger": "Gestreepte kat", "zee": "Zout water",
            "rijst": "Graan", "boot": "Vaart"}}]},
        {"kind": "fillin", "size": 9, "words": ["ijzer", *ij]},
        {"kind": "codeword", "size": 11},
        {"kind": "scramble", "words": ij},
        {"kind": "cryptogram", "texts": ["De wijn is rijp en de tijger slaapt."]},
        {"kind": "wordsearch", "size": 8, "candidates": 2, "ij": "one",
         "puzzles": [{"title": "Een", "words": ij[:3]}]},
        {"kind": "wordsearch", "size": 8, "candidates": 2,
         "puzzles": [{"title": "Twee", "words": ij[:3]}]}]
    result = build_book(_write(tmp_path, sections, language="nl", seed=19), tmp_path / "out",
                        workers=1)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    units = [_data((tmp_path / "out" / p["files"][-1]).read_text(encoding="utf-8"))["units"]
             for p in puzzles]
    one = {"IJ": "Ĳ"}
    assert units == [{}, one, one, one, {}, {}, one, {}]
    assert any("IJ" in word for word in puzzles[0]["solution"])      # the ladder has an IJ


# The Latin squares' pages, each read against its manifest entry with the page's own
# data: what a solver sees must be the puzzle the book prints.
def _pages(built, kind):
    out, manifest = built
    for puzzle in manifest["puzzles"]:
        if puzzle["kind"] == kind:
            html = (out / puzzle["files"][-1]).read_text(encoding="utf-8")
            yield puzzle, _data(html)["data"]


def _digits_and_givens(puzzle, data):
    n = puzzle["size"]
    assert data["keys"] == "".join(str(v) for v in range(1, n + 1)) and data["pencil"]
    assert [[cell["s"] for cell in row] for row in data["cells"]] == puzzle["solution"]
    givens = puzzle.get("givens") or [[None] * n] * n
    assert [[bool(cell.get("g")) for cell in row] for row in data["cells"]] == [
        [bool(v) for v in row] for row in givens]


def test_a_futoshiki_page_draws_every_sign_true_to_the_solution_and_says_it(built):
    words = catalogue("en").kind("futoshiki")
    for puzzle, data in _pages(built, "futoshiki"):
        _digits_and_givens(puzzle, data)
        value = [[int(v) for v in row] for row in puzzle["solution"]]
        signs = []
        for r, row in enumerate(data["cells"]):
            for c, cell in enumerate(row):
                for side, sign in cell.get("x", {}).items():
                    r2, c2 = (r, c + 1) if side == "r" else (r + 1, c)
                    # "<": the first square (left, or above: drawn as a caret up) is less
                    assert (value[r][c] < value[r2][c2]) == (sign == "<")
                    signs.append(sorted([[r, c], [r2, c2]]))
        assert sorted(signs) == sorted(sorted([x["less"], x["greater"]])
                                       for x in puzzle["relations"])
        assert signs
        for x in puzzle["relations"]:
            (r, c), (r2, c2) = x["less"], x["greater"]
            where = {(0, 1): "web_right", (0, -1): "web_left", (1, 0): "web_below",
                     (-1, 0): "web_above"}[(r2 - r, c2 - c)]
            assert words.text("web_less", where=words.text(where)) in data["cells"][r][c]["say"]


def _seen(line):
    tallest, seen = 0, 0
    for v in line:
        if v > tallest:
            tallest, seen = v, seen + 1
    return seen


def test_a_skyscrapers_page_puts_each_clue_on_its_side_and_in_the_edge_squares_label(built):
    words = catalogue("en").kind("skyscrapers")
    for puzzle, data in _pages(built, "skyscrapers"):
        _digits_and_givens(puzzle, data)
        n = puzzle["size"]
        assert data["outside"] == puzzle["clues"]
        value = [[int(v) for v in row] for row in puzzle["solution"]]
        columns = [[value[r][c] for r in range(n)] for c in range(n)]
        looking = {"top": columns, "bottom": [col[::-1] for col in columns],
                   "left": value, "right": [row[::-1] for row in value]}
        edge = {"top": lambda k: (0, k), "bottom": lambda k: (n - 1, k),
                "left": lambda k: (k, 0), "right": lambda k: (k, n - 1)}
        clues = 0
        for side, line in data["outside"].items():
            for k, clue in enumerate(line):
                if clue:
                    clues += 1
                    assert _seen(looking[side][k]) == clue     # the clue is on its side
                    r, c = edge[side](k)
                    assert words.text(f"web_clue_{side}", n=clue) in data["cells"][r][c]["say"]
        assert clues


def test_a_calcudoku_page_outlines_each_cage_and_labels_its_first_square(built):
    words = catalogue("en").kind("calcudoku")
    spoken = {"+": "web_cage_add", "-": "web_cage_subtract", "x": "web_cage_multiply",
              "/": "web_cage_divide", "=": "web_cage_single"}
    for puzzle, data in _pages(built, "calcudoku"):
        _digits_and_givens(puzzle, data)
        n = puzzle["size"]
        cage_of = {tuple(rc): k for k, cage in enumerate(puzzle["cages"]) for rc in cage["cells"]}
        for (r, c), k in cage_of.items():
            for side, (dr, dc) in (("t", (-1, 0)), ("r", (0, 1)), ("b", (1, 0)), ("l", (0, -1))):
                # thick exactly where the neighbour is in another cage, or off the grid
                assert (side in data["cells"][r][c]["b"]) == (cage_of.get((r + dr, c + dc)) != k)
        labelled = {(r, c) for r in range(n) for c in range(n) if "ks" in data["cells"][r][c]}
        assert labelled == {tuple(min(cage["cells"])) for cage in puzzle["cages"]}
        for cage in puzzle["cages"]:
            cell = data["cells"][min(cage["cells"])[0]][min(cage["cells"])[1]]
            assert cell["ks"].startswith(str(cage["target"]))
            assert cell["kl"] == words.text(spoken[cage["op"]], target=cage["target"])
            first = min(cage["cells"])
            for r, c in cage["cells"]:
                if [r, c] != first:
                    assert data["cells"][r][c]["say"] == [words.text(
                        "web_cage_part", row=first[0] + 1, col=first[1] + 1)]


@pytest.mark.parametrize("code", ["es", "ru"])
def test_the_number_grids_pages_say_their_clues_in_the_books_language(tmp_path, code):
    kinds = ("futoshiki", "skyscrapers", "calcudoku", "kakuro")
    sections = [{"kind": k, **all_kinds()[k].example, "count": 1} for k in kinds]
    result = build_book(_write(tmp_path, sections, language=code), tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    said = []
    for puzzle in manifest["puzzles"]:
        data = _data((tmp_path / "out" / puzzle["files"][-1]).read_text(encoding="utf-8"))["data"]
        said += [s for row in data["cells"] for cell in row if cell
                 for s in cell.get("say", []) + [cell.get("kl", "")] if s]
        said += [e["label"] for e in data.get("entries", [])] + [data.get("reveal_entry", "")]
        said += [data.get("block", "")] + [k["say"] for k in data.get("sums", [])]
    assert len(said) > 3
    words = lambda text: set(re.findall(r"\w{3,}", re.sub(r"\{\w+\}", "", text)))  # noqa: E731
    english = set().union(*(words(str(v)) for k in kinds
                            for key, v in catalogue("en").lookup(f"kinds.{k}").items()
                            if key.startswith("web_")))
    assert english and not english & set().union(*map(words, said))


def test_a_kakuro_page_makes_each_run_an_entry_labelled_by_its_sum(built):
    words = catalogue("en").kind("kakuro")
    for puzzle, data in _pages(built, "kakuro"):
        assert [[cell and cell["s"] for cell in row] for row in data["cells"]] == puzzle["solution"]
        covered = {"across": [], "down": []}
        for entry in data["entries"]:
            cells = entry["cells"]
            direction = "across" if len({r for r, _ in cells}) == 1 else "down"
            total = sum(int(puzzle["solution"][r][c]) for r, c in cells)
            assert entry["label"] == words.text(f"web_{direction}", sum=total)
            (r, c), (dr, dc) = cells[0], (0, 1) if direction == "across" else (1, 0)
            clue = next(k for k in puzzle["clues"] if [k["row"], k["col"]] == [r - dr, c - dc])
            assert clue[direction] == total            # the run starts beside its clue
            covered[direction] += [tuple(rc) for rc in cells]
        white = sorted((r, c) for r, row in enumerate(puzzle["solution"])
                       for c, v in enumerate(row) if v)
        assert sorted(covered["across"]) == white == sorted(covered["down"])
        assert [{key: k[key] for key in "acrd"} for k in data["sums"]] == [
            {"r": k["row"], "c": k["col"], "a": k["across"], "d": k["down"]}
            for k in puzzle["clues"]]
