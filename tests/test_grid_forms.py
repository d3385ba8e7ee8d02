"""Grid forms as catalogue data (issue 30): spelled-out letters (ß, Œ), German umlauts
(expand | keep), Dutch IJ in one cell (crosswords, fill-ins, codewords, and word searches
with `ij: one`), repeats compared on the folded form, Dutch capitalising, CLDR plurals,
and every catalogue character printable in PT Sans. The book tests read the outputs back
(manifest, .ipuz, .puz with puzpy, PDF text with pypdf), not the generator's values."""
import json
import textwrap

import pytest

from publisher.errors import SpecError
from publisher.ground.catalogue import PLURAL_FORMS, PLURAL_RULES, available, catalogue
from publisher.words import grid_form, read_fill_list, repeat_key
from tests.langfixtures import forget_fixture_languages, use_fixture_languages

PLAIN_LATIN = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@pytest.fixture
def languages(tmp_path, monkeypatch):
    folder = use_fixture_languages(tmp_path, monkeypatch)
    yield folder
    forget_fixture_languages()


@pytest.mark.parametrize("code,text,options,form", [
    ("xde", "Straße", {}, "STRASSE"),
    ("xde", "GROẞ", {}, "GROSS"),
    ("xde", "Äpfel und Müsli", {}, "AEPFELUNDMUESLI"),
    ("xde", "Äpfel und Müsli", {"umlauts": "keep"}, "ÄPFELUNDMÜSLI"),
    ("xde", "Café", {"umlauts": "keep"}, "CAFE"),          # keep is for umlauts only
    ("xfr", "cœur d'Æsope", {}, "COEURDAESOPE"),
    ("xfr", "Noël à l'école", {}, "NOELALECOLE"),
    ("xfr", "cœur", {"accents": "keep"}, "COEUR"),          # Œ is always two cells
    ("xnl", "ijsbeer", {}, "IJSBEER"),
    ("xnl", "ijsbeer", {"units": True}, "ĲSBEER"),
    ("xnl", "ĳzer", {}, "IJZER"),                            # the ligature is the letters
    ("xnl", "Wijnvlek", {"units": True}, "WĲNVLEK"),
    ("en", "ijsbeer", {"units": True}, "IJSBEER"),           # English has no cell units
])
def test_grid_form_follows_the_catalogue(languages, code, text, options, form):
    assert grid_form(text, code, **options) == form


def test_words_that_fold_alike_share_a_repeat_key(languages):
    assert len({repeat_key(grid_form(w, "xfr", "keep"), "xfr")
                for w in ("côte", "côté", "cote", "COTE")}) == 1
    assert repeat_key("HÄNDE", "xde") == repeat_key("HAENDE", "xde")
    assert repeat_key("ĲS", "xnl") == repeat_key("IJS", "xnl")
    assert repeat_key("CÔTE", "xfr") != repeat_key("CÔTES", "xfr")


def test_a_fill_list_in_cell_form(languages, tmp_path):
    path = tmp_path / "fill.txt"
    path.write_text("IJSBEER;60\nWIJN;40\nKAAS;50\n", encoding="utf-8")
    assert read_fill_list(path, cells_of="xnl") == {"ĲSBEER": 60, "WĲN": 40, "KAAS": 50}
    assert read_fill_list(path, cells_of="en") == read_fill_list(path)
    assert "WIJN" in read_fill_list(path)


def test_dutch_capitalises_ij_as_one_letter(languages):
    assert catalogue("xnl").capitalise("ijsland") == "IJsland"
    assert catalogue("xnl").capitalise("Ijsland") == "IJsland"
    assert catalogue("xnl").capitalise("amsterdam") == "Amsterdam"
    assert catalogue("xnl").upper("ijs") == "IJS"
    assert catalogue("en").capitalise("ijsland") == "Ijsland"


# CLDR (Babel 2.19) categories of whole numbers, written here, not taken from the code.
CLDR = {
    "one_other": {0: "other", 1: "one", 2: "other", 5: "other", 21: "other",
                  1_000_000: "other"},
    "one_upto_two": {0: "one", 1: "one", 2: "other", 5: "other", 21: "other",
                     1_000_000: "many", 2_000_000: "many", 1_000_001: "other"},
    "one_many_other": {0: "other", 1: "one", 2: "other", 5: "other", 21: "other",
                       1_000_000: "many", 3_000_000: "many", 1_500_000: "other"},
}
# The rule each language's catalogue must name (CLDR: fr and pt-BR count 0 as one).
RULE_OF = {"de": "one_other", "nl": "one_other", "fr": "one_upto_two",
           "pt": "one_upto_two", "it": "one_many_other", "es": "one_many_other"}


@pytest.mark.parametrize("rule", sorted(CLDR))
def test_plural_rules_follow_cldr(rule):
    for count, form in CLDR[rule].items():
        assert PLURAL_RULES[rule](count) == form, (rule, count)
        assert form in PLURAL_FORMS[rule]


@pytest.mark.parametrize("code", sorted(RULE_OF))
def test_each_new_language_names_its_cldr_rule(code):
    if code not in available():
        pytest.skip(f"publisher/languages/{code}.yaml is not there yet")
    cat = catalogue(code)
    assert cat.plural_rule == RULE_OF[code]
    for count in (0, 1, 2, 5, 21):
        expected = CLDR[RULE_OF[code]][count]
        assert cat.plural_form(count) == expected
        text = cat.plural("book.puzzles", count)
        assert str(count) in text and text == str(cat.lookup("book.puzzles")[expected]).format(n=count)


def _strings(node, path=""):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value, path)
    elif isinstance(node, str):
        yield path, node


@pytest.mark.parametrize("code", available())
def test_every_character_of_every_catalogue_is_in_pt_sans(code):
    """Read with fontTools-free means: ReportLab's parse of the font file's cmap."""
    import fontpkg_pt_sans
    from reportlab.pdfbase.ttfonts import TTFontFile

    files = fontpkg_pt_sans.ROOT / "files"
    for name in ("PT_Sans-Web-Regular.ttf", "PT_Sans-Web-Bold.ttf", "PT_Sans-Web-Italic.ttf"):
        cmap = set(TTFontFile(str(files / name)).charToGlyph) | {0x202F}   # drawn as U+00A0
        for key, text in _strings(catalogue(code).data):
            if key.startswith("language.cell_units"):
                continue            # one-cell units are drawn as their letters
            missing = {ch for ch in text if ord(ch) not in cmap and not ch.isspace()}
            assert not missing, f"{code}.yaml {key}: {sorted(missing)} not in {name}"


def test_the_narrow_no_break_space_is_drawn_as_a_no_break_space():
    import io

    from pypdf import PdfReader
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    from publisher.ground.fonts import REGULAR, missing_glyphs, register_fonts

    register_fonts()
    assert (pdfmetrics.stringWidth("12\u202f345", REGULAR, 10)
            == pdfmetrics.stringWidth("12\u00a0345", REGULAR, 10) > 0)
    assert not missing_glyphs("12\u202f345")
    face = pdfmetrics.getFont(REGULAR).face
    assert face.charToGlyph[0x202F] == face.charToGlyph[0xA0] != 0
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont(REGULAR, 12)
    canvas.drawString(72, 700, "12\u202f345 «\u202fbonjour\u202f»")
    canvas.save()
    assert "bonjour" in PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()


# --- books, read back --------------------------------------------------------------------

def _build(tmp_path, text, **options):
    from publisher.pipeline import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text(textwrap.dedent(text), encoding="utf-8")
    return build_book(spec, tmp_path / "out", workers=1, **options)


def _manifest(result):
    return json.loads(result.manifest.read_text(encoding="utf-8"))


def _cells(grid):
    return {ch for row in grid for ch in row if ch}


DUTCH = """\
title: Puzzels
seed: 5
language: xnl
print: false
sections:
  - kind: crossword
    size: 9
    candidates: 3
    puzzles:
      - title: Kruiswoord
        clues: {ijzer: Metaal, wijn: Drank van druiven, rijst: Graan uit Azië,
                tijger: Gestreepte kat, vijf: Getal, zee: Veel zout water,
                kaas: Gouda, boot: Vaart op het water}
  - kind: fillin
    size: 9
    words: [ijsbeer, prijs, lijst, kijken, zwart, water]
  - kind: wordsearch
    size: 10
    candidates: 1
    words: [ijsje, fiets, molen, tulp, kaas]
  - kind: wordsearch
    size: 10
    candidates: 1
    ij: one
    words: [bijl, klomp, dijk, gracht, haring]
"""


def test_a_dutch_book_gives_ij_one_cell_where_the_kind_says(languages, tmp_path):
    import puz
    from pypdf import PdfReader

    result = _build(tmp_path, DUTCH)
    crossword, fillin, search_two, search_one = _manifest(result)["puzzles"]
    # Crossword: every IJ of every answer is one cell; no entry spells I, J apart.
    placed = [e["answer"] for e in crossword["entries"]]
    assert "Ĳ" in _cells(crossword["solution"]) and not any("IJ" in a for a in placed)
    for e in crossword["entries"]:
        step = (0, 1) if e["direction"] == "across" else (1, 0)
        read = "".join(crossword["solution"][e["row"] + k * step[0]][e["col"] + k * step[1]]
                       for k in range(len(e["answer"])))
        assert read == e["answer"]
    assert "Ĳ" in _cells(fillin["solution"]) and "ĲSBEER" in [e["answer"] for e in fillin["entries"]]
    # Word searches: two letters by default, one cell with `ij: one`.
    assert "Ĳ" not in _cells(search_two["grid"])
    assert "IJSJE" in [w["answer"] for w in search_two["words"]]
    assert "BĲL" in [w["answer"] for w in search_one["words"]]
    # The .ipuz writes the cell as "IJ"; the .puz as a rebus square "IJ".
    ipuz = json.loads(next(p for p in result.files if p.suffix == ".ipuz").read_text("utf-8"))
    assert "IJ" in {cell for row in ipuz["solution"] for cell in row}
    assert all(len(cell) == 1 or cell == "IJ" for row in ipuz["solution"] for cell in row)
    loaded = puz.read(str(next(p for p in result.files if p.suffix == ".puz")))
    rebus = loaded.rebus()
    squares = rebus.get_rebus_squares()
    assert squares and {rebus.get_rebus_solution(i) for i in squares} == {"IJ"}
    width = loaded.width
    assert all(crossword["solution"][i // width][i % width] == "Ĳ" for i in squares)
    # The PDF draws IJ as two letters: the font has no Ĳ, so none is ever written.
    text = "".join(page.extract_text() for page in PdfReader(result.pdf).pages)
    assert "Ĳ" not in text and "IJ" in text


def test_ij_and_umlauts_are_refused_where_they_mean_nothing(languages, tmp_path):
    from publisher.pipeline import build_book

    for extra, field in (("language: xde\n    ij: one", "ij"), ("umlauts: keep", "umlauts"),
                         ("language: xnl\n    ij: two", "ij")):
        kind = "crossword" if "two" in extra else "wordsearch"
        spec = tmp_path / f"{field}-{kind}.yaml"
        spec.write_text(textwrap.dedent(f"""\
            title: T
            print: false
            sections:
              - kind: {kind}
                size: 9
                {extra}
                puzzles: [{{title: A, clues: {{cat: Pet, dog: Pet too, cow: Milk}}}}]
            """), encoding="utf-8")
        with pytest.raises(SpecError) as caught:
            build_book(spec, tmp_path / "out", workers=1)
        assert field in str(caught.value)


GERMAN = """\
title: Rätsel
seed: 2
language: xde
print: false
sections:
  - kind: wordsearch
    size: 11
    candidates: 1
    words: [Straße, Äpfel, Müsli, Öfen, Fuß, Käse]
  - kind: wordsearch
    size: 11
    candidates: 1
    umlauts: keep
    words: [Bäcker, Brötchen, Tür, Grüße, Löwe, Hände]
"""


def test_a_german_grid_spells_out_eszett_and_umlauts_unless_kept(languages, tmp_path):
    expanded, kept = _manifest(_build(tmp_path, GERMAN))["puzzles"]
    assert _cells(expanded["grid"]) <= PLAIN_LATIN
    assert {"STRASSE", "AEPFEL", "FUSS"} <= {w["answer"] for w in expanded["words"]}
    assert "ß" not in _cells(kept["grid"]) and {"Ä", "Ö", "Ü"} <= _cells(kept["grid"])
    assert {"BÄCKER", "GRÜSSE", "HÄNDE"} <= {w["answer"] for w in kept["words"]}
    # The list still prints the words as written (accents kept).
    assert "Straße" in [w["text"] for w in expanded["words"]]


FRENCH_CROSSWORD = """\
title: Mots croisés
seed: 3
language: xfr
print: false
sections:
  - kind: crossword
    size: 9
    candidates: 3
    puzzles:
      - title: Grille
        clues: {cœur: Il bat, élève: Va à l'école, forêt: Beaucoup d'arbres,
                noël: Fête d'hiver, été: Saison chaude, garçon: Jeune homme,
                âne: Animal têtu, île: Terre entourée d'eau}
"""


def test_a_french_grid_has_no_accented_letter(languages, tmp_path):
    result = _build(tmp_path, FRENCH_CROSSWORD)
    (crossword,) = _manifest(result)["puzzles"]
    assert _cells(crossword["solution"]) <= PLAIN_LATIN
    assert "COEUR" in {e["answer"] for e in crossword["entries"]}
    assert "Il bat" in {e["clue"] for e in crossword["entries"]}   # clue text keeps its marks
    assert "Va à l'école" in {e["clue"] for e in crossword["entries"]}


REPEATS = """\
title: Mots
seed: 1
language: xfr
print: false
sections:
  - kind: wordsearch
    size: 9
    candidates: 1
    words: [côte, mer, sable, vague, port]
  - kind: wordsearch
    size: 9
    candidates: 1
    accents: keep
    count: 1
    words_per_puzzle: 5
    words: [côté, phare, bateau, voile, quai]
"""


def test_words_that_fold_alike_count_as_one_word_in_a_book(languages, tmp_path):
    from publisher.pipeline import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text(REPEATS, encoding="utf-8")
    with pytest.raises(SpecError) as caught:      # côté is côte: only 4 unused words left
        build_book(spec, tmp_path / "out", workers=1)
    assert "only 4 unused" in str(caught.value)
    spec.write_text(REPEATS.replace("côté", "lune"), encoding="utf-8")
    assert build_book(spec, tmp_path / "out", workers=1).puzzles == 2


def test_the_history_holds_back_every_form_of_a_word(languages, tmp_path):
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    spec_path = tmp_path / "book.yaml"
    spec_path.write_text(textwrap.dedent("""\
        title: Mots
        language: xfr
        print: false
        sections:
          - kind: wordsearch
            size: 9
            count: 1
            words_per_puzzle: 5
            words: [côte, mer, sable, vague, port]
        """), encoding="utf-8")
    spec = load_spec(spec_path)
    assert plan_book(spec, avoid=lambda day: {"ARBRE"})
    with pytest.raises(SpecError) as caught:
        plan_book(load_spec(spec_path), avoid=lambda day: {"CÔTÉ"})   # printed elsewhere, kept
    assert "held back by the history" in str(caught.value)


def test_a_blocked_dutch_crossword_fills_ij_cells_from_the_fill_list(languages, tmp_path):
    """The fill list writes IJ as two letters (IJRE is three cells); the blocked fill puts
    it in one cell without knowing Dutch (a 3x3 square that only fits that way)."""
    import puz

    (tmp_path / "grid.txt").write_text("...\n...\n...\n", encoding="utf-8")
    (tmp_path / "fill.txt").write_text("WIJN;60\nARE;50\nSEA;50\nWAS;50\nIJRE;50\nNEA;50\n",
                                       encoding="utf-8")
    result = _build(tmp_path, """\
        title: Puzzels
        language: xnl
        print: false
        sections:
          - kind: crossword
            style: blocked
            grid: grid.txt
            wordlist: fill.txt
            candidates: 1
            clues: {wijn: Drank, are: Vlakte, sea: Zee, was: Schoon goed, ijre: Woord,
                    nea: Ander woord}
        """)
    (crossword,) = _manifest(result)["puzzles"]
    rows = ["".join(row) for row in crossword["solution"]]
    assert sorted(rows + ["".join(col) for col in zip(*rows)]) == sorted(
        ["WĲN", "ARE", "SEA", "WAS", "ĲRE", "NEA"])
    loaded = puz.read(str(next(p for p in result.files if p.suffix == ".puz")))
    assert [loaded.rebus().get_rebus_solution(i) for i in loaded.rebus().get_rebus_squares()] == ["IJ"]


def test_one_puzzle_never_draws_two_forms_of_a_word(languages, tmp_path):
    """With `accents: keep` côte and côté are two grid forms, but one word to a reader:
    a puzzle drawing 4 of these 4 words cannot have them all."""
    from publisher.pipeline import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text(textwrap.dedent("""\
        title: Mots
        language: xfr
        print: false
        accents: keep
        sections:
          - kind: wordsearch
            size: 9
            candidates: 1
            count: 1
            repeat: allow
            words_per_puzzle: 4
            words: [côte, côté, mer, sable]
        """), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        build_book(spec, tmp_path / "out", workers=1)
    assert "only 3 of the list fit together" in str(caught.value)
