"""Nonograms checked by code written here, sharing nothing with the kind's solver: a
line solver that lists every arrangement of a line, and a SAT counter (python-sat) of the
grids that fit the clues and givens. The answer is read back from the drawing."""
from __future__ import annotations

import itertools
import unicodedata
from functools import cache
from pathlib import Path

import pytest
import yaml
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from conftest import draw_context, spec_error
from publisher.errors import GenerationFailed
from publisher.ground.catalogue import available, catalogue
from publisher.kinds import all_kinds
from publisher.kinds.base import Box
from publisher.plan import plan_book
from publisher.spec import load_spec

KIND = all_kinds()["nonogram"]
PICTURES = Path(__file__).resolve().parent.parent / "publisher" / "kinds" / "nonogram" / "pictures"


def runs(cells) -> list[int]:
    return [len(list(g)) for filled, g in itertools.groupby(cells) if filled]


@cache
def arrangements(clue: tuple[int, ...], n: int) -> tuple[tuple[bool, ...], ...]:
    """Every line of n cells whose runs are `clue`."""
    if not clue:
        return ((False,) * n,)
    out = []
    first, rest = clue[0], clue[1:]
    room = n - (sum(rest) + len(rest))
    for start in range(room - first + 1):
        head = (False,) * start + (True,) * first
        if rest:
            for tail in arrangements(rest, n - len(head) - 1):
                out.append(head + (False,) + tail)
        else:
            out.append(head + (False,) * (n - len(head)))
    return tuple(out)


def line_solve(rows, cols, givens=()) -> list[list[bool | None]]:
    """Each line in turn: keep the arrangements that agree with what is known; what they
    all agree on becomes known. Until nothing changes."""
    grid: list[list[bool | None]] = [[None] * len(cols) for _ in rows]
    for r, c in givens:
        grid[r][c] = True
    changed = True
    while changed:
        changed = False
        for axis, clues in ((0, rows), (1, cols)):
            for i, clue in enumerate(clues):
                cells = grid[i] if axis == 0 else [row[i] for row in grid]
                fits = [a for a in arrangements(tuple(clue), len(cells))
                        if all(k is None or k == v for k, v in zip(cells, a))]
                assert fits, "the clues contradict themselves"
                for j in range(len(cells)):
                    values = {a[j] for a in fits}
                    if cells[j] is None and len(values) == 1:
                        value = values.pop()
                        if axis == 0:
                            grid[i][j] = value
                        else:
                            grid[j][i] = value
                        changed = True
    return grid


def count_solutions(rows, cols, givens=(), limit=2) -> int:
    """Grids fitting every clue and given, counted by SAT up to `limit`."""
    height, width = len(rows), len(cols)
    var = lambda r, c: r * width + c + 1   # noqa: E731
    top = height * width
    clauses = []
    lines = [([(i, c) for c in range(width)], clue) for i, clue in enumerate(rows)]
    lines += [([(r, i) for r in range(height)], clue) for i, clue in enumerate(cols)]
    for cells, clue in lines:
        selectors = []
        for a in arrangements(tuple(clue), len(cells)):
            top += 1
            selectors.append(top)
            for (r, c), v in zip(cells, a):
                clauses.append([-top, var(r, c) if v else -var(r, c)])
        exactly = CardEnc.equals(lits=selectors, bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, exactly.nv)
        clauses += exactly.clauses
    clauses += [[var(r, c)] for r, c in givens]
    found = 0
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while found < limit and solver.solve():
            found += 1
            model = set(solver.get_model())
            solver.add_clause([-var(r, c) if var(r, c) in model else var(r, c)
                               for r in range(height) for c in range(width)])
    return found


def check(board) -> None:
    """Clues are the solution's runs; givens are shaded; exactly one grid fits."""
    cells = [[ch == "#" for ch in row] for row in board.solution]
    assert [runs(row) for row in cells] == board.row_clues
    assert [runs(col) for col in zip(*cells)] == board.col_clues
    assert all(cells[r][c] for r, c in board.givens)
    assert count_solutions(board.row_clues, board.col_clues, board.givens) == 1
    solved = line_solve(board.row_clues, board.col_clues, board.givens)
    line_solvable = all(v is not None for row in solved for v in row)
    assert line_solvable == (board.grade in ("easy", "medium")), board.grade
    if line_solvable:
        assert solved == cells


def plan(tmp_path, section: dict, **files):
    for name, content in files.items():
        (tmp_path / name).write_bytes(content) if isinstance(content, bytes) else \
            (tmp_path / name).write_text(content, encoding="utf-8")
    path = tmp_path / "n.yaml"
    path.write_text(yaml.safe_dump({"title": "N", "sections": [{"kind": "nonogram", **section}]}),
                    encoding="utf-8")
    return plan_book(load_spec(path))


@pytest.mark.parametrize("difficulty,size", [("easy", 15), ("medium", 15), ("hard", 15)])
def test_random_grids_are_unique_at_the_grade_asked(tmp_path, difficulty, size):
    params = plan(tmp_path, {"size": size, "difficulty": difficulty})[0].params
    board = KIND.generate(params, 4)
    assert board.grade == difficulty and board.picture is None and board.givens == []
    check(board)


def read_back(board) -> list[str]:
    """The answer as drawn: the filled squares the drawing paints, put back on the grid."""
    class Recorder:
        def __init__(self):
            self.squares = []

        def rect(self, x, y, w, h, stroke=1, fill=0):
            if fill:
                self.squares.append((round(x, 3), round(y, 3), w))

        def __getattr__(self, name):
            return lambda *a, **k: None

    canvas = Recorder()
    KIND.draw_solution(canvas, board, Box(40, 40, 300, 300), draw_context(KIND))
    cell = canvas.squares[0][2]
    left = min(x for x, _, _ in canvas.squares)
    top = max(y for _, y, _ in canvas.squares) + cell
    # the picture's bounding box in the drawing, then every cell of the solution's box
    shaded = {(round((top - y) / cell) - 1, round((x - left) / cell)) for x, y, _ in canvas.squares}
    rows = [r for r, row in enumerate(board.solution) if "#" in row]
    cols = [c for c in range(board.cols) if any(row[c] == "#" for row in board.solution)]
    return ["".join("#" if (r - rows[0], c - cols[0]) in shaded else "."
                    for c in range(board.cols)) for r in range(board.rows)]


def source(name: str) -> list[str]:
    return [line for line in (PICTURES / f"{name}.txt").read_text().splitlines()
            if line and not line.startswith("# ")]


def inked(rows: list[str]) -> list[str]:
    """`rows` less their blank edge rows and columns (a picture cropped to its ink)."""
    while "#" not in rows[0]:
        rows = rows[1:]
    while "#" not in rows[-1]:
        rows = rows[:-1]
    columns = ["".join(col) for col in zip(*rows)]
    while "#" not in columns[0]:
        columns = columns[1:]
    while "#" not in columns[-1]:
        columns = columns[:-1]
    return ["".join(row) for row in zip(*columns)]


@pytest.mark.parametrize("name", ["cat", "house", "star", "mouse"])
def test_a_bundled_picture_reads_back_from_the_answer(tmp_path, name):
    params = plan(tmp_path, {"picture": f"en/{name}", "difficulty": "medium"})[0].params
    board = KIND.generate(params, 1)
    assert board.picture == f"en/{name}"
    assert board.solution == inked(source(name))
    assert read_back(board) == inked(source(name))
    check(board)


def test_pictures_are_cropped_to_their_ink(tmp_path):
    """No blank edge row or column (it would print only "0" clues): a bundled picture
    with a blank margin, a text mask and a PNG beside the spec alike; `lists` gives the
    size printed."""
    from io import BytesIO

    from PIL import Image, ImageDraw
    from typer.testing import CliRunner

    from publisher.cli import app
    mouse = source("mouse")
    assert "#" not in mouse[0] and not any(row[-1] == "#" for row in mouse)   # the margin
    framed = "\n".join(["." * 12] * 2 + ["..." + "#.#.#." + "..."] * 8 + ["." * 12] * 3)
    image = Image.new("RGB", (200, 100), "white")
    ImageDraw.Draw(image).rectangle((50, 20, 149, 69), outline="black", width=12)  # 100x50
    data = BytesIO()
    image.save(data, "PNG")
    jobs = plan(tmp_path, {"picture": ["en/mouse", "framed.txt", "box.png"]},
                **{"framed.txt": framed, "box.png": data.getvalue()})
    masks = [list(job.params.mask) for job in jobs]
    assert masks[0] == inked(mouse) and len(masks[0][0]) < len(mouse[0])
    assert masks[1] == inked(framed.split("\n")) and (len(masks[1]), len(masks[1][0])) == (8, 5)
    assert set(masks[2][0]) == set(masks[2][-1]) == {"#"}    # the frame of ink, no margin
    for mask in masks:
        assert "#" in mask[0] and "#" in mask[-1]
        assert any(row[0] == "#" for row in mask) and any(row[-1] == "#" for row in mask)
    listed = CliRunner().invoke(app, ["lists", "--kind", "nonogram"]).output
    assert f"en/mouse {len(masks[0])}x{len(masks[0][0])} " in " ".join(listed.split())


AMBIGUOUS = "\n".join(["#.#.......", ".#.#......", "##########", "....#.....", "....#.....",
                       "....#.....", "....#.....", "......#.#.", ".......#.#", ".........."])


def test_an_ambiguous_picture_gets_the_givens_that_make_it_unique(tmp_path):
    params = plan(tmp_path, {"picture": "amb.txt", "difficulty": "medium"}, **{"amb.txt": AMBIGUOUS})[0].params
    board = KIND.generate(params, 1)
    assert count_solutions(board.row_clues, board.col_clues) == 2     # the picture alone
    assert board.givens and any("unique" in w for w in board.warnings)
    check(board)
    for given in board.givens:          # none of them is spare at the grade printed
        fewer = [g for g in board.givens if g != given]
        grid = line_solve(board.row_clues, board.col_clues, fewer)
        assert any(v is None for row in grid for v in row)


def test_a_png_is_thresholded_to_the_grid_size(tmp_path):
    from io import BytesIO

    from PIL import Image, ImageDraw
    image = Image.new("RGB", (120, 120), "white")
    ImageDraw.Draw(image).ellipse((20, 20, 100, 100), fill="black")
    data = BytesIO()
    image.save(data, "PNG")
    params = plan(tmp_path, {"picture": "disc.png", "size": 12}, **{"disc.png": data.getvalue()})[0].params
    assert (params.rows, params.cols) == (12, 12)
    assert params.mask[6][6] == "#" and params.mask[0][0] == "." and params.mask[11][11] == "."
    check(KIND.generate(params, 1))


def test_bad_requests_are_spec_errors(tmp_path):
    assert "40" in spec_error(tmp_path, {"kind": "nonogram", "size": 41})
    assert "lists --kind nonogram" in spec_error(tmp_path, {"kind": "nonogram", "picture": "en/unicorn-x"})
    assert "twice" in spec_error(tmp_path, {"kind": "nonogram", "picture": ["en/cat", "cat"]})
    (tmp_path / "bad.txt").write_text("#.#\n##\n")
    assert "row 2" in spec_error(tmp_path, {"kind": "nonogram", "picture": "bad.txt"})


def png_header(width: int, height: int) -> bytes:
    """A PNG that says its size and holds no pixels (a picture that large takes minutes)."""
    import struct
    import zlib

    def chunk(name: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + name + data
                + struct.pack(">I", zlib.crc32(name + data)))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))


def test_a_picture_that_is_no_usable_image_is_refused_at_its_line(tmp_path):
    """Review 5, item 5: a 12000x12000 PNG ran 95 s and printed Pillow's own warning;
    an empty or text file said only Pillow's words; an all-black picture was accepted."""
    import warnings
    from io import BytesIO

    from PIL import Image
    black = BytesIO()
    Image.new("L", (60, 40), 0).save(black, "PNG")
    files = {"empty.png": b"", "text.png": b"hello\n", "huge.png": png_header(12000, 12000),
             "vast.png": png_header(30000, 30000), "black.png": black.getvalue(),
             "black.txt": b"#####\n" * 6}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    expected = {"empty.png": "'empty.png' is an empty file (0 bytes), not an image",
                "text.png": "'text.png' is not an image",
                "huge.png": "'huge.png' is 12,000 x 12,000 pixels, more than the 4,000,000 "
                            "pixels accepted; scale it down",
                "vast.png": "'vast.png' has more than the 4,000,000 pixels accepted",
                "black.png": "black.png is shaded in every cell",
                "black.txt": "black.txt is shaded in every cell"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")           # no library warning gets out
        for name, fragment in expected.items():
            message = spec_error(tmp_path, {"kind": "nonogram", "picture": name})
            assert "bad.yaml:3: sections[0].picture: " + fragment in message, message


def test_every_bundled_picture_has_a_fair_size_and_tags():
    names = sorted(p.stem for p in PICTURES.glob("*.txt"))
    assert len(names) >= 80
    for name in names:
        rows = source(name)
        assert 10 <= len(rows) <= 30 and 10 <= len(rows[0]) <= 30, name
    lines = KIND.listing("es", "animals")
    assert lines and all("animals" in line for line in lines)


def scripts(text: str) -> set[str]:
    """The writing systems of a text's letters (LATIN, CYRILLIC, ...)."""
    return {unicodedata.name(ch).split()[0] for ch in text if ch.isalpha()}


@pytest.mark.parametrize("code", available())
def test_every_bundled_picture_has_a_title_in_the_language(code):
    """Each catalogued language (those that land later too) names every picture in its
    own script, one title per picture, and not by copying the English titles."""
    text, english = catalogue(code).kind("nonogram"), catalogue("en").kind("nonogram")
    names = sorted(p.stem for p in PICTURES.glob("*.txt"))
    missing = [name for name in names if not text.has(f"pictures.{name}")]
    assert not missing, f"{code}: no title for {missing}"
    titles = {name: text.text(f"pictures.{name}") for name in names}
    alphabet = scripts(catalogue(code).alphabet)
    for name, title in titles.items():
        assert title.strip() and scripts(title) <= alphabet, (code, name, title)
    twice = sorted(t for t in set(titles.values()) if list(titles.values()).count(t) > 1)
    assert not twice, f"{code}: one title for several pictures: {twice}"
    if code != "en":
        same = [n for n, t in titles.items() if t == english.text(f"pictures.{n}")]
        assert len(same) <= len(names) // 4, f"{code}: titles as in English: {same}"


def test_clues_too_small_for_the_box_say_to_use_a_smaller_size(tmp_path):
    params = plan(tmp_path, {"size": 40, "difficulty": "easy"})[0].params
    board = KIND.generate(params, 2)
    problem = KIND.fits(board, Box(0, 0, 250, 250), draw_context(KIND))
    assert problem and "smaller size" in problem
    assert KIND.fits(board, Box(0, 0, 250, 250), draw_context(KIND), solution=True) is None


def test_manifest_fields_round_trip(tmp_path):
    params = plan(tmp_path, {"picture": "en/heart", "difficulty": "easy"})[0].params
    board = KIND.generate(params, 1)
    entry = KIND.manifest(board)
    assert set(entry) == {"rows", "cols", "row_clues", "col_clues", "solution", "givens",
                          "picture", "grade"}
    assert KIND.from_manifest(entry) == board


def test_an_impossible_random_request_fails_with_a_message(tmp_path, monkeypatch):
    from publisher.kinds.nonogram import generator
    monkeypatch.setattr(generator, "WALKS", 1)
    monkeypatch.setattr(generator, "WALK_STEPS", 1)
    params = plan(tmp_path, {"size": 10, "difficulty": "hard"})[0].params
    with pytest.raises(GenerationFailed, match="hard"):
        KIND.generate(params, 1)


def test_make_book_lists_the_pictures_of_a_kind():
    from typer.testing import CliRunner

    from publisher.cli import app
    result = CliRunner().invoke(app, ["lists", "--kind", "nonogram", "--lang", "es"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(list(PICTURES.glob("*.txt")))
    assert any(line.startswith("es/cat ") and "Gato" in line for line in lines)
    for code in available():          # each language lists the pictures by its titles
        result = CliRunner().invoke(app, ["lists", "--kind", "nonogram", "--lang", code])
        cat = catalogue(code).kind("nonogram").text("pictures.cat")
        assert any(line.startswith(f"{code}/cat ") and cat in line
                   for line in result.output.splitlines()), code
    assert CliRunner().invoke(app, ["lists", "--kind", "nokind"]).exit_code == 2


def test_the_kinds_line_stages_agree_with_every_arrangement():
    """The medium stage finds exactly what every arrangement of a line agrees on; the
    easy stage finds nothing that is not so (random lines, arrangements listed here)."""
    import random

    from publisher.kinds.nonogram.solver import (EMPTY, FILLED, UNKNOWN, Contradiction,
                                                 line_full, line_simple)
    rng = random.Random(5)
    for k in range(1800):
        n = rng.randint(1, 9) if k < 1500 else rng.randint(10, 16)    # a line of masks
        clue = tuple(runs([rng.random() < 0.5 for _ in range(n)]))
        line = [rng.choice([UNKNOWN, UNKNOWN, FILLED, EMPTY]) for _ in range(n)]
        fits = [a for a in arrangements(clue, n)
                if all(k == UNKNOWN or (k == FILLED) == v for k, v in zip(line, a))]
        agreed = [UNKNOWN if len({a[i] for a in fits}) > 1 else FILLED if fits[0][i] else EMPTY
                  for i in range(n)] if fits else None
        for stage in (line_full, line_simple):
            try:
                found = stage(clue, line)
            except Contradiction:
                found = None
            if stage is line_full:
                assert found == agreed, (clue, line)
            elif agreed is not None:
                assert found is not None
                assert all(f == UNKNOWN or f == a for f, a in zip(found, agreed)), (clue, line)


# a random grid the line stages leave stuck with a second solution that no single
# assumption, line-solved, fills in (probing alone never shows it)
TWO_WAYS = ('.#.#...#', '.###....', '....#..#', '#....##.', '#.....#.', '#....#..',
            '..#.#...', '.##.###.')
# the commonest ambiguity: a rectangle whose shaded corners can swap
SWAP = ('#.#..', '....#', '.#..#', '#....', '..##.')


def masks_and_clues(grid):
    cells = [[ch == "#" for ch in row] for row in grid]
    masks = [sum(1 << c for c, v in enumerate(row) if v) for row in cells]
    return masks, [tuple(runs(row)) for row in cells], [tuple(runs(col)) for col in zip(*cells)]


def test_probing_shows_a_second_solution_no_assumption_fills_in():
    from publisher.kinds.nonogram.solver import FULL, Board
    masks, rows, cols = masks_and_clues(TWO_WAYS)
    assert count_solutions(rows, cols) == 2
    board = Board(rows, cols)
    board.spread(FULL)
    assert not board.solved()
    assert board.probe(masks) is False
    width = len(cols)
    other = [[bool(state >> c & 1) for c in range(width)] for state in board.other]
    assert other != [[ch == "#" for ch in row] for row in TWO_WAYS]
    assert [tuple(runs(row)) for row in other] == rows
    assert [tuple(runs(col)) for col in zip(*other)] == cols


@pytest.mark.parametrize("grid", [TWO_WAYS, SWAP])
def test_a_random_grid_with_two_solutions_is_walked_where_they_differ(grid):
    """Flipping every cell the hard stage hands back gives the other solution."""
    from publisher.kinds.nonogram.solver import settle_random
    masks, rows, cols = masks_and_clues(grid)
    stage, cells = settle_random(rows, cols, "hard", masks)
    assert stage is None and cells
    other = [[ch == "#" for ch in row] for row in grid]
    for r, c in cells:
        other[r][c] = not other[r][c]
    assert [tuple(runs(row)) for row in other] == rows
    assert [tuple(runs(col)) for col in zip(*other)] == cols


def test_what_clues_give_away_on_their_own_is_what_all_arrangements_agree_on():
    import random

    from publisher.kinds.nonogram.generator import _given_away
    rng = random.Random(3)
    for _ in range(400):
        n = rng.randint(1, 20)
        clue = tuple(runs([rng.random() < rng.choice([0.3, 0.6, 0.9]) for _ in range(n)]))
        every = arrangements(clue, n)
        agreed = sum(len({a[i] for a in every}) == 1 for i in range(n))
        assert _given_away([clue], n) == agreed, (clue, n)


def test_a_line_the_crossing_lines_fill_in_wrongly_is_a_contradiction():
    from publisher.kinds.nonogram.solver import (UNKNOWN, Contradiction, line_full,
                                                 line_simple, propagate)
    for stage in (line_simple, line_full):
        grid = [[UNKNOWN] * 2 for _ in range(2)]
        with pytest.raises(Contradiction):      # the rows fill every cell: columns of 2
            propagate(grid, [(2,), (2,)], [(1,), (1,)], stage)


def test_grids_too_large_for_the_page_get_one_size_to_use(tmp_path):
    """Three 40x40 random grids, too dense for the floor (their lines have 7 numbers or
    more): refused before generating, at `size`, naming one size to use."""
    import re

    from typer.testing import CliRunner

    from publisher.cli import app
    spec = tmp_path / "big.yaml"
    spec.write_text("title: T\nseed: 1\nsections:\n"
                    "  - {kind: nonogram, size: 40, count: 3, difficulty: hard}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(app, [str(spec), "--out", str(tmp_path / "o"), "-q"])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "big.yaml:4: sections[0].size: a random 40x40 grid has lines of 7 numbers" in text
    assert text.count("the clue numbers would be") == 1, text
    sizes = re.findall(r"(\d+)x(\d+) fits here", text)
    assert len(sizes) == 1 and sizes[0][0] == sizes[0][1] and int(sizes[0][0]) < 40, text
    # alone on a page already: only a smaller grid helps (review 3, item 7)
    assert "fewer" not in text and text.endswith("fits here)"), text


def test_a_small_grid_fills_its_page(write_spec, tmp_path):
    """A 10x10 alone on a Letter page grows to fill it like the other grid kinds (its cells
    were held to 0.31 in, which left the page's lower third blank): what the page prints
    spans at least 80% of the room between running head and folio."""
    import json

    from pdfmarks import page_fill, page_marks
    from publisher.pipeline import build_book

    spec = write_spec("""\
title: Small nonogram
seed: 2
sections:
  - kind: nonogram
    size: 10
    difficulty: easy
""")
    result = build_book(spec, tmp_path, workers=1)
    page = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]["page"]
    assert page_fill(page_marks(result.pdf.read_bytes(), page - 1)) >= 0.8


def test_one_size_is_a_pictures_longer_side_its_shape_kept(tmp_path):
    """`size: 20` makes the 24x16 giraffe 20x13, not 20x20; `[rows, cols]` is exact; a PNG
    without `size` is 20 on its longer side."""
    from io import BytesIO

    from PIL import Image, ImageDraw
    image = Image.new("RGB", (300, 100), "white")
    ImageDraw.Draw(image).rectangle((50, 20, 149, 69), outline="black", width=12)  # 100x50
    data = BytesIO()
    image.save(data, "PNG")
    giraffe = inked(source("giraffe"))
    assert (len(giraffe), len(giraffe[0])) == (24, 16)
    sized = [plan(tmp_path, {"picture": picture, "size": size}, **{"box.png": data.getvalue()}
                  )[0].params for picture, size in [("en/giraffe", 20), ("en/giraffe", [20, 20]),
                                                    ("box.png", None), ("box.png", 30)]]
    assert [(p.rows, p.cols) for p in sized] == [(20, 13), (20, 20), (10, 20), (15, 30)]


def test_pictures_too_large_for_the_page_are_scaled_keeping_their_shape(write_spec, tmp_path):
    """A 6x9 page prints a vehicle 29 cells wide with clue numbers under the floor: the
    plan scales it to what the page prints, its shape kept within a cell, and says so."""
    import json

    from publisher.kinds.nonogram.pictures import bundled
    from publisher.pipeline import build_book

    spec = write_spec("""\
title: Vehicles
layout: 6x9
seed: 3
sections:
  - kind: nonogram
    picture: all
    tag: vehicles
    count: 3
""")
    result = build_book(spec, tmp_path / "out", workers=1)
    assert any("scaled down" in note for note in result.notes), result.notes
    own = {f"en/{p.name}": (len(p.rows), len(p.rows[0])) for p in bundled()}
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert any((p["rows"], p["cols"]) != own[p["picture"]] for p in puzzles)
    for p in puzzles:
        height, width = own[p["picture"]]
        assert p["rows"] <= height and p["cols"] <= width
        assert abs(p["cols"] - p["rows"] * width / height) <= 1, p["picture"]


def test_a_picture_says_once_the_grade_and_givens_it_prints_with(tmp_path):
    """The bicycle asked easy prints with the givens the easy stage needs: one message
    naming the grade and the givens, as the page does; a picture in a section that asked no grade prints at its own,
    unremarked (the cat solves at easy, the default is medium)."""
    board = KIND.generate(plan(tmp_path, {"picture": "en/bicycle", "difficulty": "easy"})[0].params, 1)
    assert len(board.warnings) == 1, board.warnings
    assert f"solves at {board.grade} with {len(board.givens)} given" in board.warnings[0]
    assert "easy" in board.warnings[0]
    cat = KIND.generate(plan(tmp_path, {"picture": "en/cat"})[0].params, 1)
    assert cat.grade == "easy" and cat.warnings == []
    asked = KIND.generate(plan(tmp_path, {"picture": "en/cat", "difficulty": "medium"})[0].params, 1)
    assert len(asked.warnings) == 1 and "solves at easy" in asked.warnings[0]


@pytest.mark.parametrize("difficulty, fewest, most", [("easy", 0.4, 0.7),
                                                       ("medium", 0.35, 0.65),
                                                       ("hard", 0.3, 0.6)])
def test_random_grids_are_neither_near_black_nor_near_white(tmp_path, difficulty, fewest, most):
    """Grading alone kept easy grids three quarters shaded (up to 98%: a black answer) and
    small hard ones a tenth: a kept random grid's share of shaded cells is in its grade's
    band (docs/spec.md)."""
    params = plan(tmp_path, {"size": 10, "difficulty": difficulty})[0].params
    for seed in range(12):
        board = KIND.generate(params, seed)
        shaded = sum(row.count("#") for row in board.solution) / 100
        assert fewest <= shaded <= most, (seed, shaded)


@pytest.mark.parametrize("size, difficulty", [(10, "medium"), (8, "easy")])
def test_random_grids_use_every_edge_line(tmp_path, size, difficulty):
    """Review 6: a random grid with an empty first or last row or column (clue 0 on the
    edge) is a grid a size smaller: every edge line of a kept grid has a shaded cell."""
    params = plan(tmp_path, {"size": size, "difficulty": difficulty})[0].params
    for seed in range(24):
        rows = KIND.generate(params, seed).solution
        columns = ["".join(row[c] for row in rows) for c in range(size)]
        assert all("#" in line for line in (rows[0], rows[-1], columns[0], columns[-1])), seed


def test_random_grids_in_large_print_have_clues_the_page_prints(tmp_path):
    """Review 5, item 11: 15x15 random grids in large print failed the legibility floor
    after generating (lines of up to 8 numbers); the plan gives the most numbers a line
    that print at the floor, and the random grids keep to it."""
    import json

    from publisher.pipeline import build_book
    spec = tmp_path / "lp.yaml"
    spec.write_text(yaml.safe_dump({"title": "T", "layout": "large-print", "sections": [
        {"kind": "nonogram", "size": 15, "count": 4, "candidates": 2}]}), encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert len(manifest["puzzles"]) == 4
    for puzzle in manifest["puzzles"]:
        lines = puzzle["row_clues"] + puzzle["col_clues"]
        assert max(map(len, lines)) <= 3
        solution = [[ch == "#" for ch in row] for row in puzzle["solution"]]
        assert [runs(row) for row in solution] == puzzle["row_clues"]
        assert [runs(col) for col in zip(*solution)] == puzzle["col_clues"]


def plan_sections(tmp_path, *sections: dict, **files):
    for name, content in files.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    path = tmp_path / "n.yaml"
    path.write_text(yaml.safe_dump({"title": "N", "seed": 4, "sections": [
        {"kind": "nonogram", **s} for s in sections]}), encoding="utf-8")
    return plan_book(load_spec(path))


def test_later_sections_draw_pictures_the_book_has_not_printed(tmp_path):
    """Review 7, item 2: `picture: all` in two sections drew the same pictures twice (and
    the build failed "can make only 0 different puzzles"); now the second draws from the
    rest, says at its line when too few are left, and a picture named twice at one size
    is refused there with advice a fixed picture can follow (not "another seed")."""
    from publisher.errors import SpecError
    from publisher.kinds.nonogram.pictures import bundled
    total = len(bundled())
    jobs = plan_sections(tmp_path, {"picture": "all", "count": total - 5},
                         {"picture": "all", "count": 3, "difficulty": "hard"},
                         {"picture": "all"})
    names = [job.params.picture.rpartition("/")[2] for job in jobs]
    assert len(names) == total and len(set(names)) == total
    with pytest.raises(SpecError) as err:
        plan_sections(tmp_path, {"picture": "all", "count": total - 5},
                      {"picture": "all", "count": 6})
    assert (f"sections[1].count: 6 pictures asked, but earlier sections printed "
            f"{total - 5} of the {total} bundled pictures at this size, so 5 are left"
            in " ".join(str(err.value).split())), err.value
    with pytest.raises(SpecError) as err:
        plan_sections(tmp_path, {"picture": "all", "count": total + 1})
    assert (f"sections[0].count: {total + 1} pictures asked, but there are {total} bundled "
            "pictures; lower `count`" in " ".join(str(err.value).split())), err.value
    with pytest.raises(SpecError) as err:
        plan_sections(tmp_path, {"picture": ["a.txt", "en/cat"], "difficulty": "easy"},
                      {"picture": ["a.txt"], "difficulty": "hard"}, **{"a.txt": AMBIGUOUS})
    message = " ".join(str(err.value).split())
    assert "sections[1].picture: a.txt at 9x10 is in the book already" in message
    assert "another `size`" in message and "seed" not in message
    jobs = plan_sections(tmp_path, {"picture": ["a.txt"]}, {"picture": "a.txt", "size": 8},
                         **{"a.txt": AMBIGUOUS})
    assert [job.params.cols for job in jobs] == [10, 8]


def test_the_size_advised_for_random_grids_is_the_largest_that_builds(tmp_path):
    """Review 7, item 4: a 6x9 page refused 30x30 saying "up to 20x20 fits" while 25x25
    built (the advice counted lines of every other cell shaded, which random grids never
    have). The size advised builds; one larger is refused."""
    import re

    from publisher.errors import SpecError
    from publisher.pipeline import build_book

    def build(size: int):
        spec = tmp_path / f"n{size}.yaml"
        spec.write_text(f"title: N\nlayout: 6x9\nseed: 1\nsections:\n"
                        f"  - {{kind: nonogram, size: {size}, difficulty: easy}}\n",
                        encoding="utf-8")
        return build_book(spec, tmp_path / f"out{size}", workers=1)

    with pytest.raises(SpecError) as err:
        build(30)
    advised = re.findall(r"a random grid up to (\d+)x\1 fits here\)$", str(err.value))
    assert advised, err.value
    side = int(advised[0])
    with pytest.raises(SpecError) as err:
        build(side + 1)
    assert f"up to {side}x{side} fits here" in str(err.value)
    assert build(side).manifest.exists()


def test_a_picture_asked_easy_gets_the_givens_the_easy_stage_needs(tmp_path):
    """Review 7, item 16: en/flower asked easy printed at medium, "no givens found let the
    easy stage solve it". The easy line step was not run again on its own answer (2 5 2
    on ???##???#???##??? gave ??.##.#####.##.??, where counting empties the rest), so
    where the stage stopped hung on the order of its lines: the givens found one at a
    time did not solve the puzzle given at once. Every bundled picture reaches easy now."""
    from publisher.kinds.nonogram.lines import EMPTY, FILLED, UNKNOWN, line_simple
    cells = {"?": UNKNOWN, "#": FILLED, ".": EMPTY}
    line = line_simple((2, 5, 2), [cells[ch] for ch in "???##???#???##???"])
    assert "".join(".#?"[[EMPTY, FILLED, UNKNOWN].index(v)] for v in line) == "...##.#####.##..."
    board = KIND.generate(plan(tmp_path, {"picture": "en/flower", "difficulty": "easy"})[0].params, 1)
    assert board.grade == "easy" and board.givens, board.warnings
    check(board)
