"""One section grammar for every kind that takes words (publisher/kinds/wordsection.py):
`puzzles:`, `count` + `words_per_puzzle` + `words`, and `themes:`, the same for word
search, crossword, fill-in and scramble, checked on a built book's manifest."""
import json

import pytest
import yaml
from typer.testing import CliRunner

from conftest import spec_error
from publisher.cli import app
from publisher.data import data_dir
from publisher.kinds import all_kinds
from publisher.kinds.wordsection import WordSection
from publisher.pipeline import build_book
from publisher.words import bundled_themes, make_word, read_list_file

WORD_KINDS = ["wordsearch", "crossword", "fillin", "scramble"]
FAST = {"candidates": 1}


def clued(words):
    return {w: f"clue for {w}" for w in words}


# Each section's words are its own (no two sections share one), so a pool's draws
# depend on nothing above it. Per kind: the section keys beyond the grammar's.
UNIT3, UNIT4 = ["planet", "garden", "orange"], ["winter", "pencil", "tiger"]
POOLS = {
    "wordsearch": ["lion", "zebra", "camel", "otter", "moose", "bison", "koala", "panda"],
    "crossword": ["bread", "butter", "cheese", "pasta", "salad", "bacon", "melon", "olive"],
    "fillin": ["river", "stone", "hill", "field", "meadow", "forest", "valley", "canyon"],
    "scramble": ["window", "carpet", "ladder", "basket", "candle", "mirror", "pillow", "bucket"],
}
OWN = {"wordsearch": {"size": 10}, "crossword": {"size": 11}, "fillin": {"size": 11},
       "scramble": {}}
THEMES = {"wordsearch": ["colors", "numbers"], "fillin": ["weather", "fruits-vegetables"],
          "scramble": ["kitchen", "dogs"]}


def units(kind):
    """The issue's example: "Unit 3" and "Unit 4" in one section, each its own list."""
    key = "clues" if kind == "crossword" else "words"
    lists = [UNIT3, UNIT4]
    return [{"title": f"Unit {n}", key: clued(words) if kind == "crossword" else words}
            for n, words in zip((3, 4), lists)]


def sections():
    out = []
    for kind in WORD_KINDS:
        base = {"kind": kind, **OWN[kind], **FAST}
        out.append({**base, "title": f"{kind} units", "puzzles": units(kind)})
        pool = clued(POOLS[kind]) if kind == "crossword" else POOLS[kind]
        out.append({**base, "title": f"{kind} pool", "count": 2, "words_per_puzzle": 3,
                    ("clues" if kind == "crossword" else "words"): pool})
        if kind in THEMES:   # random theme words may not cross: a fill-in tries a few boards
            out.append({**base, "themes": THEMES[kind], "words_per_puzzle": 4,
                        "candidates": 4 if kind == "fillin" else 1})
    return out


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("grammar")
    spec = folder / "grammar.yaml"
    spec.write_text(yaml.safe_dump({"title": "Grammar", "seed": 5, "print": False,
                                    "answer_key": False, "sections": sections()}),
                    encoding="utf-8")
    result = build_book(spec, folder / "out", workers=2)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    by_section: dict[int, list] = {}
    for puzzle in puzzles:
        by_section.setdefault(int(puzzle["id"][1:].split("-")[0]) - 1, []).append(puzzle)
    return [(section, by_section[i]) for i, section in enumerate(sections())]


def answers(puzzle) -> list[str]:
    """The words of a puzzle as its manifest lists them (docs/manifest.md), placed or not."""
    kind = puzzle["kind"]
    if kind == "wordsearch":
        return [w["answer"] for w in puzzle["words"]] + sorted(grid(puzzle["unplaced"]))
    if kind == "crossword":
        return ([e["answer"] for e in puzzle["entries"]]
                + [u["answer"] for u in puzzle.get("unplaced", [])])
    if kind == "fillin":
        return [e["answer"] for e in puzzle["entries"]]
    return [item["answer"] for item in puzzle["items"]]


def grid(words) -> set[str]:
    return {make_word(w, "en").answer for w in words}


def test_every_word_kind_takes_the_grammar():
    words_kinds = {name for name, kind in all_kinds().items()
                   if issubclass(kind.section_model, WordSection)}
    assert words_kinds == set(WORD_KINDS)


@pytest.mark.parametrize("kind", WORD_KINDS)
def test_puzzles_form_gives_each_puzzle_its_title_and_its_own_words(book, kind):
    section, puzzles = next((s, p) for s, p in book if s["kind"] == kind and "puzzles" in s)
    assert [p["title"] for p in puzzles] == ["Unit 3", "Unit 4"]
    for puzzle, own in zip(puzzles, section["puzzles"]):
        assert puzzle["kind"] == kind
        assert sorted(answers(puzzle)) == sorted(grid(own.get("words") or own.get("clues")))


@pytest.mark.parametrize("kind", WORD_KINDS)
def test_count_form_draws_each_puzzle_from_the_pool_without_repeats(book, kind):
    section, puzzles = next((s, p) for s, p in book if s["kind"] == kind and "count" in s)
    assert [p["title"] for p in puzzles] == [f"{kind} pool 1", f"{kind} pool 2"]
    drawn = [answers(p) for p in puzzles]
    assert all(len(words) == 3 for words in drawn)
    every = [w for words in drawn for w in words]
    assert len(set(every)) == len(every) == 6           # no word in two puzzles
    assert set(every) <= grid(POOLS[kind])


@pytest.mark.parametrize("kind", sorted(THEMES))
def test_themes_form_makes_a_puzzle_per_theme_from_its_words(book, kind):
    section, puzzles = next((s, p) for s, p in book if s["kind"] == kind and "themes" in s)
    themes = {t.name: t for t in bundled_themes(data_dir("wordlists"), "en")}
    assert [p["title"] for p in puzzles] == [themes[name].title for name in section["themes"]]
    for puzzle, name in zip(puzzles, section["themes"]):
        theme_words = grid(text for text, _, _ in read_list_file(themes[name].path))
        words = answers(puzzle)
        assert len(words) == 4 and set(words) <= theme_words


def test_scramble_units_print_their_own_titles_and_clues_stay_with_the_kind(tmp_path):
    # `clues:` is `words:` under its other name: a scramble showing clues takes either.
    spec = {"title": "T", "print": False, "answer_key": False, "sections": [{
        "kind": "scramble", "show": "clues", **FAST, "puzzles": [
            {"title": "Unit 3", "clues": {"rabbit": "Long ears", "donkey": "It brays"}},
            {"title": "Unit 4", "words": {"parrot": "It talks", "turtle": "Slow swimmer"}}]}]}
    path = tmp_path / "units.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    result = build_book(path, tmp_path / "out", workers=1)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert [(p["title"], {i["answer"]: i["clue"] for i in p["items"]}) for p in puzzles] == [
        ("Unit 3", {"RABBIT": "Long ears", "DONKEY": "It brays"}),
        ("Unit 4", {"PARROT": "It talks", "TURTLE": "Slow swimmer"})]


def section_of(kind, **keys):
    pool = "clues" if kind == "crossword" else "words"
    words = ["apple", "lemon", "mango", "peach", "grape", "melon"]
    listed = clued(words) if kind == "crossword" else words
    out = {"kind": kind, **OWN[kind]}
    for key, value in keys.items():
        out[pool if key == "pool" else key] = listed if value is ... else value
    return out


PUZZLE = {"title": "A", "words": ["apple", "lemon", "mango"]}
MISTAKES = [
    ({"puzzles": [PUZZLE], "count": 2, "words_per_puzzle": 2, "pool": ...},
     "sections[0]: give either `puzzles` (each puzzle with its own `title`", "not both"),
    ({"puzzles": [PUZZLE], "pool": ...}, "sections[0]: give either `puzzles`",
     "(the section's), or drop `puzzles`"),
    ({"count": 3, "pool": ...}, "sections[0]: `count` above 1 needs `words_per_puzzle`", ""),
    ({"count": 2}, "sections[0]: `count` needs `", "and `words_per_puzzle`"),
    ({"words_per_puzzle": 2}, "sections[0]: give either `puzzles:`", "or `themes:`"),
    ({"puzzles": []}, "sections[0]: `puzzles` is empty", "at least one {title,"),
    ({"puzzles": [{"title": "A"}]}, "sections[0].puzzles[0]: each puzzle needs its list",
     "`clues:`"),
    ({"puzzles": [{"words": ["apple", "lemon"]}]}, "sections[0].puzzles[0].title: is required",
     ""),
    ({"pool": ..., "tag": "kids"}, "sections[0]: `tag` goes with `themes: all`", ""),
    ({"themes": "all", "pool": ..., "words_per_puzzle": 2}, "sections[0]: `themes` draws each "
     "puzzle's words from a bundled theme", "without `puzzles`"),
    ({"themes": [], "words_per_puzzle": 2}, "sections[0]:", "`themes` is empty"),
]


@pytest.mark.parametrize("kind", WORD_KINDS)
@pytest.mark.parametrize("keys, located, text", MISTAKES)
def test_every_word_kind_refuses_the_same_mistakes_the_same_way(kind, keys, located, text,
                                                                 tmp_path):
    if kind == "crossword" and "themes" in keys and keys.get("pool") is None:
        located, text = "sections[0]: `themes` gives words without clues", "`clues:`"
    message = spec_error(tmp_path, section_of(kind, **keys))
    assert "bad.yaml:" in message and located in message and text in message


@pytest.mark.parametrize("section, text", [
    ({"kind": "crossword", "themes": "all", "words_per_puzzle": 4},
     "`themes` gives words without clues"),
    ({"kind": "scramble", "show": "clues", "themes": ["dogs"], "words_per_puzzle": 4},
     "`themes` gives words without clues"),
    ({"kind": "scramble", "words": ["apple"], "clues": ["lemon"]}, "not both"),
    ({"kind": "scramble", "bonus": True, "bonus_answer": "tea", "puzzles": [PUZZLE, PUZZLE]},
     "a bonus answer belongs to one puzzle"),
    ({"kind": "crossword", "style": "blocked", "size": 5, "puzzles": [PUZZLE]},
     "a `style: blocked` crossword fills its grid from `wordlist:`"),
    ({"kind": "crossword", "style": "blocked", "size": 5, "themes": "all"}, "not `themes`"),
    ({"kind": "crossword", "puzzles": [{"title": "A", "words": ["apple", "lemon"]}]},
     "sections[0].puzzles[0].words: 2 words have no clue"),
    # A whole bundled list as one puzzle (`count` forgotten) is refused, not built for hours.
    ({"kind": "scramble", "words": "en/animals"},
     "sections[0].words: 1"),     # 1xx words, at the section's own field
    ({"kind": "scramble", "words": "en/animals"}, "more than one puzzle takes (60); split them"),
])
def test_kind_specific_limits_of_the_grammar(section, text, tmp_path):
    message = spec_error(tmp_path, section)
    assert "bad.yaml:" in message and text in message


def test_a_count_drawn_section_never_repeats_a_word(tmp_path):
    message = spec_error(tmp_path, {"kind": "scramble", "count": 3, "words_per_puzzle": 3,
                                    "words": ["window", "carpet", "ladder", "basket", "candle"]})
    assert "sections[0].words: the word pool has run out" in message


def test_a_puzzle_word_is_checked_against_its_own_list_and_line(tmp_path):
    text = ("title: T\nsections:\n  - kind: fillin\n    size: 6\n    puzzles:\n"
            "      - {title: A, words: [apple, lemon]}\n"
            "      - {title: B, words: [mango, watermelon]}\n")
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, [str(path), "--out", str(tmp_path / "out"), "--quiet"])
    assert result.exit_code == 2
    assert "book.yaml:7: sections[0].puzzles[1].words: watermelon" in " ".join(
        result.output.split())
    assert not (tmp_path / "out").exists()
