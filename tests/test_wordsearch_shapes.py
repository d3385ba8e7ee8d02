"""Shaped word searches and hidden messages, checked from the manifest and the page
by code that shares nothing with the generator."""
import json
import math

import pytest

from conftest import EIGHT, count_in_grid, draw_kind, spec_error
from pdfmarks import page_marks
from publisher.kinds.wordsearch import KIND
from publisher.kinds.wordsearch.shapes import SHAPES, named_mask
from publisher.pipeline import build_book

FARM = ("horse sheep goat chicken donkey rabbit turkey cattle piglet goose pony lamb calf "
        "duck hen ram mule bull").split()
SPACE = ("planet comet moon orbit galaxy nebula meteor rocket saturn venus mars pluto "
         "asteroid cosmos eclipse telescope").split()


def covered(entry):
    """Cells the words cover, from each word's start, direction and length."""
    cells = set()
    for word in entry["words"]:
        (r, c), (dr, dc) = word["start"], word["direction"]
        cells.update((r + k * dr, c + k * dc) for k in range(len(word["answer"])))
    return cells


def build(write_spec, tmp_path, sections, seed=3, **files):
    spec = write_spec(f"title: T\nseed: {seed}\nsections:\n" + sections, **files)
    return json.loads(build_book(spec, tmp_path, workers=1).manifest.read_text("utf-8"))


@pytest.mark.parametrize("shape", SHAPES)
def test_named_shapes_are_symmetric_solid_and_roomy(shape):
    mask = named_mask(shape, 15, 15)
    cells = {(r, c) for r, row in enumerate(mask) for c, ch in enumerate(row) if ch == "#"}
    width = len(mask[0])
    assert all((r, width - 1 - c) in cells for r, c in cells), "left-right symmetric"
    assert 0.3 < len(cells) / (len(mask) * width) < 0.9
    seen, todo = set(), [min(cells)]            # one connected piece
    while todo:
        r, c = todo.pop()
        if (r, c) in seen or (r, c) not in cells:
            continue
        seen.add((r, c))
        todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    assert seen == cells


def test_circle_cells_lie_in_the_circle():
    mask = named_mask("circle", 15, 15)
    for r, row in enumerate(mask):
        for c, ch in enumerate(row):
            inside = math.hypot(r + 0.5 - 7.5, c + 0.5 - 7.5) <= 7.5
            assert (ch == "#") == inside, (r, c)


def test_words_only_in_the_shape_and_no_letters_outside(write_spec, tmp_path):
    manifest = build(write_spec, tmp_path, f"""\
  - kind: wordsearch
    size: 15
    difficulty: hard
    shape: star
    puzzles:
      - {{title: Star, words: [{", ".join(SPACE)}]}}
""")
    entry = manifest["puzzles"][0]
    shape = {(r, c) for r, row in enumerate(entry["shape"]) for c, ch in enumerate(row)
             if ch == "#"}
    grid = entry["grid"]
    for r, row in enumerate(grid):
        for c, letter in enumerate(row):
            assert (letter is None) == ((r, c) not in shape), (r, c)
    assert covered(entry) <= shape
    assert not entry["unplaced"]
    letters = [[ch or "." for ch in row] for row in grid]
    for word in entry["words"]:
        assert count_in_grid(letters, word["answer"]) == 1


def test_the_page_draws_letters_only_in_shape_cells(write_spec, tmp_path):
    entry = build(write_spec, tmp_path, """\
  - kind: wordsearch
    size: 12
    shape: heart
    puzzles:
      - {title: H, words: [love, heart, roses, kiss, cupid, sweet, honey]}
""")["puzzles"][0]
    board = KIND.from_manifest(entry)
    reader, _ = draw_kind(KIND, board)
    n_cells = sum(row.count("#") for row in entry["shape"])
    assert n_cells < board.rows * board.cols
    pdf = _pdf(reader)
    for page in (0, 1):
        marks = [m for m in page_marks(pdf, page) if m.kind == "text"]
        biggest = max(m.size for m in marks if len(m.text) == 1)
        letters = [m for m in marks if len(m.text) == 1 and abs(m.size - biggest) < 0.01]
        assert len(letters) == n_cells


def _pdf(reader):
    import io
    out = io.BytesIO()
    from pypdf import PdfWriter
    writer = PdfWriter()
    for page in reader.pages:
        writer.add_page(page)
    writer.write(out)
    return out.getvalue()


def test_a_mask_file_beside_the_spec_gives_the_shape(write_spec, tmp_path):
    mask = ["..####..", ".######.", "########", "########", "###..###", "###..###"]
    entry = build(write_spec, tmp_path, """\
  - kind: wordsearch
    shape: arch.txt
    puzzles:
      - {title: Arch, words: [stone, arch, gate, wall, door]}
""", arch__txt="; an arch\n" + "\n".join(mask) + "\n")["puzzles"][0]
    assert entry["shape"] == mask
    assert [[ch is not None for ch in row] for row in entry["grid"]] == \
        [[ch == "#" for ch in row] for row in mask]


def test_a_mask_with_room_for_no_word_is_a_spec_error(tmp_path):
    (tmp_path / "dots.txt").write_text("#.#.#\n.#.#.\n#.#.#\n.#.#.\n#.#.#\n")
    message = spec_error(tmp_path, {"kind": "wordsearch", "shape": "dots.txt",
                                    "difficulty": "easy",
                                    "puzzles": [{"title": "A", "words": ["cat", "dog"]}]})
    assert "room for no word" in message and "shape" in message


def test_an_unknown_shape_and_a_bad_mask_are_spec_errors(tmp_path):
    assert "unknown shape" in spec_error(tmp_path, {
        "kind": "wordsearch", "shape": "hexagon",
        "puzzles": [{"title": "A", "words": ["cat", "dog"]}]})
    (tmp_path / "bad.txt").write_text("#####\n##x##\n#####\n#####\n#####\n")
    assert "row 2" in spec_error(tmp_path, {
        "kind": "wordsearch", "shape": "bad.txt",
        "puzzles": [{"title": "A", "words": ["cat", "dog"]}]})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_leftover_cells_spell_the_message_in_reading_order(write_spec, tmp_path, seed):
    entry = build(write_spec, tmp_path, f"""\
  - kind: wordsearch
    size: 9
    candidates: 2
    puzzles:
      - title: Farm
        message: "Well done{'!' * seed}"
        words: [{", ".join(FARM)}]
""", seed=seed)["puzzles"][0]
    words_cover = covered(entry)
    leftover = "".join(letter for r, row in enumerate(entry["grid"])
                       for c, letter in enumerate(row) if (r, c) not in words_cover)
    assert leftover == "WELLDONE"
    assert entry["message"] == "Well done" + "!" * seed
    assert not entry["unplaced"]
    for word in entry["words"]:
        assert count_in_grid(entry["grid"], word["answer"]) == 1


def test_the_page_says_there_is_a_message_and_the_key_prints_it():
    params = KIND.request("t", [], (9, 9), ["E", "S", "SE", "SW"], "en").params
    from publisher.words import make_word
    params = params.model_copy(update=dict(
        words=tuple((w, make_word(w, "en").answer) for w in FARM),
        message="WELLDONE", message_text="Well done"))
    board = KIND.generate(params, 5)
    reader, _ = draw_kind(KIND, board)
    assert "leftover letters spell a message" in reader.pages[0].extract_text()
    assert "Message: Well done" in reader.pages[1].extract_text()


def test_a_message_the_words_cannot_leave_room_for_is_a_spec_error(tmp_path):
    message = spec_error(tmp_path, {"kind": "wordsearch", "size": 15, "puzzles": [
        {"title": "A", "words": ["cat", "dog", "cow"], "message": "hi"}]})
    assert "message has 2 letters" in message and "smaller grid" in message


def test_a_message_the_crossings_cannot_fit_fails_clearly_without_padding():
    from publisher.errors import GenerationFailed
    from publisher.words import make_word
    words = ["HORSE", "SHEEP", "GOATS", "LLAMA", "CAMEL", "TIGER"]     # 30 letters, 25 cells
    params = KIND.request("t", [make_word(w, "en") for w in words], (5, 5),
                          ["E", "S"], "en").params
    params = params.model_copy(update=dict(message="HELLO", message_text="Hello"))
    with pytest.raises(GenerationFailed, match="exactly 5 cells stay free"):
        KIND.generate(params, 1)


def test_the_shapes_example_builds(tmp_path):
    from conftest import ROOT
    result = build_book(ROOT / "examples" / "shapes.yaml", tmp_path, workers=1)
    puzzles = json.loads(result.manifest.read_text("utf-8"))["puzzles"]
    shaped = [p for p in puzzles if p["shape"]]
    assert len(shaped) == 3 and all(not p["unplaced"] for p in puzzles)
    hidden = [p for p in puzzles if p["message"]]
    assert len(hidden) == 1
    leftover = "".join(letter for r, row in enumerate(hidden[0]["grid"])
                       for c, letter in enumerate(row) if (r, c) not in covered(hidden[0]))
    assert leftover == "WELLDONE"
