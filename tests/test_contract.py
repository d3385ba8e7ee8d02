"""The kind contract, checked over every registered kind (never a hand list): a new kind
is covered the moment it is found."""
import io
import json
import pickle

import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas

from conftest import draw_context
from pdfmarks import outside, page_marks
from publisher.ground import printrules
from publisher.ground.fonts import register_fonts
from publisher.kinds import all_kinds
from publisher.kinds.base import Board, Box, Params, SectionBase
from publisher.plan import plan_book
from publisher.spec import load_spec

KINDS = sorted(all_kinds())
TINY = Box(200, 300, 36, 30)
HUGE = Box(20, 20, 2400, 3000)


def test_the_four_kinds_of_this_package_are_found():
    assert {"wordsearch", "crossword", "numberlink", "queens"} <= set(KINDS)


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    """Each kind's example section planned through the real spec loader, one board each."""
    folder = tmp_path_factory.mktemp("contract")
    out = {}
    for name in KINDS:
        kind = all_kinds()[name]
        path = folder / f"{name}.yaml"
        path.write_text(yaml.safe_dump({"title": "Contract", "seed": 5, "sections": [
            {"kind": name, **kind.example}]}, allow_unicode=True), encoding="utf-8")
        jobs = plan_book(load_spec(path))
        params = jobs[0].params
        out[name] = (kind, params, kind.generate(params, 11))
    return out


@pytest.mark.parametrize("name", KINDS)
def test_the_kind_declares_its_types(name):
    kind = all_kinds()[name]
    assert issubclass(kind.section_model, SectionBase) and issubclass(kind.params_model, Params)
    assert kind.example, "a kind brings a small example section"
    assert kind.section_model.model_fields["kind"].annotation.__args__ == (name,)


@pytest.mark.parametrize("name", KINDS)
def test_params_round_trip_and_pickle(examples, name):
    kind, params, _ = examples[name]
    assert isinstance(params, kind.params_model)
    assert kind.params_model.model_validate(params.model_dump()) == params
    assert pickle.loads(pickle.dumps(params)) == params
    with pytest.raises(Exception):
        params.__setattr__(next(iter(type(params).model_fields)), None)   # frozen


@pytest.mark.parametrize("name", KINDS)
def test_same_seed_same_board_and_boards_pickle(examples, name):
    kind, params, board = examples[name]
    assert isinstance(board, Board)
    again = kind.generate(params, 11)
    assert kind.manifest(again) == kind.manifest(board)
    assert kind.manifest(pickle.loads(pickle.dumps(board))) == kind.manifest(board)


@pytest.mark.parametrize("name", KINDS)
def test_a_board_round_trips_through_the_manifest_json(examples, name):
    kind, _, board = examples[name]
    entry = kind.manifest(board)
    as_json = json.loads(json.dumps(entry, ensure_ascii=False))
    assert as_json == entry, "manifest fields are JSON types only (lists, not tuples)"
    rebuilt = kind.from_manifest(as_json)
    assert kind.manifest(rebuilt) == entry
    assert _drawing(kind, rebuilt, Box(54, 54, 500, 680)) == _drawing(kind, board,
                                                                      Box(54, 54, 500, 680))


def _drawing(kind, board, box, solution=False, page=(612, 792), language="en"):
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page, invariant=1, initialFontName="PTSans")
    draw = kind.draw_solution if solution else kind.draw_puzzle
    draw(canvas, board, box, draw_context(kind, language=language))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("name", KINDS)
@pytest.mark.parametrize("box", [TINY, HUGE], ids=["tiny", "huge"])
@pytest.mark.parametrize("solution", [False, True], ids=["puzzle", "solution"])
def test_drawing_stays_inside_any_box(examples, name, box, solution):
    kind, _, board = examples[name]
    pdf = _drawing(kind, board, box, solution, page=(HUGE.width + 40, HUGE.height + 40))
    marks = page_marks(pdf, 0)
    assert marks, "something is drawn"
    stray = outside(marks, (box.x, box.y, box.width, box.height), tolerance=printrules.TOLERANCE)
    assert not stray, f"{len(stray)} marks outside the box, e.g. {stray[0]}"


# --- discovery -----------------------------------------------------------------------

@pytest.fixture
def fresh_registry(monkeypatch):
    import publisher.kinds as registry
    registry.all_kinds.cache_clear()
    registry._installed_names.cache_clear()
    yield registry
    registry.all_kinds.cache_clear()
    registry._installed_names.cache_clear()


def test_a_kind_package_without_kind_is_a_loud_error(fresh_registry, monkeypatch, tmp_path):
    (tmp_path / "halfdone").mkdir()
    (tmp_path / "halfdone" / "__init__.py").write_text('"""A kind not finished yet."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(fresh_registry, "__path__", [*fresh_registry.__path__, str(tmp_path)])
    monkeypatch.setattr(fresh_registry, "__name__", fresh_registry.__name__)
    with pytest.raises(Exception) as err:
        fresh_registry.all_kinds()
    assert "halfdone" in str(err.value)


def test_a_broken_installed_kind_is_a_loud_error(fresh_registry, monkeypatch):
    class Point:
        name, value = "broken", "no_such_module:KIND"

        def load(self):
            raise ImportError("No module named 'no_such_module'")

    monkeypatch.setattr(fresh_registry, "entry_points", lambda group: [Point()])
    with pytest.raises(fresh_registry.KindError) as err:
        fresh_registry.all_kinds()
    assert "no_such_module:KIND" in str(err.value)


def _installed(registry, monkeypatch, name: str) -> None:
    """An installed kind called `name`, as the entry point `name = "<name>:KIND"`."""
    from publisher.kinds.base import Kind

    class Installed(Kind):
        section_model = SectionBase
        params_model = Params

    Installed.name = name

    class Point:
        value = f"{name}:KIND"

        def load(self):
            return Installed()

    Point.name = name
    monkeypatch.setattr(registry, "entry_points", lambda group: [Point()])


def test_an_installed_kind_joins_the_registry(fresh_registry, monkeypatch):
    _installed(fresh_registry, monkeypatch, "extra")
    assert "extra" in fresh_registry.all_kinds() and "queens" in fresh_registry.all_kinds()
    assert fresh_registry.get_kind("extra").name == "extra"    # not built in: entry points
    assert fresh_registry.find_kind("no such kind") is None


def test_an_installed_kind_with_a_built_in_name_is_a_loud_error(fresh_registry, monkeypatch):
    """Found however a build asks for the built-in kind, not only when listing."""
    _installed(fresh_registry, monkeypatch, "sudoku")
    with pytest.raises(fresh_registry.KindError, match="two kinds are called 'sudoku'"):
        fresh_registry.get_kind("sudoku")


@pytest.fixture
def template_kind(fresh_registry, monkeypatch):
    """The kind template (examples/kind-template) installed as its own distribution is:
    found through its entry point, its strings from its own folder."""
    from conftest import ROOT
    from publisher.ground import catalogue

    monkeypatch.syspath_prepend(str(ROOT / "examples" / "kind-template"))
    monkeypatch.setattr(catalogue, "_extra_kind_strings", {})

    class Point:
        name, value = "mirror", "mirror_kind:KIND"

        def load(self):
            import mirror_kind
            return mirror_kind.KIND

    monkeypatch.setattr(fresh_registry, "entry_points", lambda group: [Point()])
    yield fresh_registry
    catalogue.catalogue.cache_clear()


def _plan_mirror(tmp_path, language: str, **section):
    spec = tmp_path / "m.yaml"
    spec.write_text(yaml.safe_dump({"title": "M", "language": language, "sections": [
        {"kind": "mirror", "words": ["garden", "planet", "orange"], **section}]}),
        encoding="utf-8")
    return plan_book(load_spec(spec))


def test_the_kind_template_plans_in_every_language_as_the_docs_say(template_kind, tmp_path):
    """Review 7, item 3: the installed template stopped with a traceback in German (it had
    strings in three languages) and refused `words:` alone ("the word pool has run out")
    where the docs make it one puzzle of the list as written."""
    from publisher.ground.catalogue import available, catalogue
    for code in available():
        [job] = _plan_mirror(tmp_path, code)
        assert sorted(job.params.words) == ["GARDEN", "ORANGE", "PLANET"], code
        assert job.title == catalogue(code).kind("mirror").text("title"), code


def test_a_language_an_installed_kind_has_no_strings_for_is_a_spec_error(template_kind,
                                                                         tmp_path, monkeypatch):
    """Not a CatalogueError pointing at this package's languages/de.yaml: the section's
    line, the kind's own folder, and what to do."""
    from publisher.errors import SpecError
    from conftest import ROOT
    import mirror_kind

    own = ROOT / "examples" / "kind-template" / "mirror_kind" / "lang"
    folder = tmp_path / "lang"
    folder.mkdir()
    (folder / "en.yaml").write_text((own / "en.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "fr.yaml").write_text("title: Mots miroirs\n", encoding="utf-8")
    monkeypatch.setattr(type(mirror_kind.KIND), "strings_dir", folder)
    with pytest.raises(SpecError) as err:
        _plan_mirror(tmp_path, "de")
    message = " ".join(str(err.value).split())
    assert (f"m.yaml:3: sections[0].kind: the mirror kind has no de strings: its strings "
            f"folder {folder} has no de.yaml (it has en, fr); add de.yaml there" in message), message
    with pytest.raises(SpecError) as err:
        _plan_mirror(tmp_path, "fr")
    assert f"{folder / 'fr.yaml'} lacks example_words, how_to_play, rule" in str(err.value)
    from publisher.ground.catalogue import CatalogueError, catalogue
    with pytest.raises(CatalogueError, match="add it to " + str(folder / "fr.yaml")):
        catalogue("fr").kind("mirror").text("rule")       # a kind's bug at run time


def test_fitting_text_measures_a_few_times_however_long_it_is(monkeypatch):
    """Shortening a 100,000-character title and breaking a 2,000-letter word take
    O(log n) measurements (a binary search), never one per character."""
    from publisher.kinds.crossword import draw as crossword_draw
    from publisher.render import book

    register_fonts()
    calls = []
    real = book.stringWidth

    def counting(*args):
        calls.append(1)
        return real(*args)

    from reportlab.pdfbase import pdfmetrics

    monkeypatch.setattr(book, "stringWidth", counting)
    monkeypatch.setattr(pdfmetrics, "stringWidth", counting)     # the shared binary search
    short = book.shorten("x" * 100_000, "PTSans", 12, 300)
    assert short.endswith("…") and real(short, "PTSans", 12) <= 300 and len(calls) < 40
    calls.clear()
    monkeypatch.setattr(crossword_draw, "stringWidth", counting)
    pieces = crossword_draw._breakable(["y" * 2000], "PTSans", 10, 120)
    assert "".join(p.rstrip("-") for p in pieces) == "y" * 2000
    assert len(calls) < 40 * len(pieces)


def test_a_spec_imports_only_the_kinds_it_names(tmp_path):
    """Startup time: a book of queens loads no other kind's code; listing still finds all."""
    import subprocess
    import sys
    spec = tmp_path / "q.yaml"
    spec.write_text("title: Q\nseed: 1\nsections:\n  - kind: queens\n    count: 1\n")
    probe = ("import sys\nfrom publisher.spec import load_spec\nfrom publisher.plan import plan_book\n"
             f"plan_book(load_spec({str(spec)!r}))\n"
             "print(sorted({m.split('.')[2] for m in sys.modules\n"
             "              if m.startswith('publisher.kinds.') and m != 'publisher.kinds.base'}))\n"
             "from publisher.kinds import all_kinds\nprint(len(all_kinds()))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "['queens']"
    assert int(out[1]) == len(KINDS) > 1


def test_an_unknown_kind_still_names_every_kind(tmp_path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("title: Q\nsections:\n  - kind: queens\n    count: 1\n  - kind: qeens\n")
    with pytest.raises(Exception) as err:
        load_spec(spec)
    assert all(name in str(err.value) for name in KINDS)
