"""Hostile input (issue 9): every spec of the generated corpus ends in one clear error
(exit 2, file:line, no traceback, nothing written) within moments; random YAML and
word lists give a spec or the project's own error, never anything else."""
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hostile_corpus import cases, write_corpus
from publisher.cli import app
from publisher.errors import PublisherError

ROOT = Path(__file__).resolve().parent.parent
HANG = 20           # seconds: not a speed figure, a guard that turns a hang into a failure


@contextmanager
def hang_guard(seconds: int):
    def hung(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    return root, {case.name: case for case in write_corpus(root)}


@pytest.mark.parametrize("name", [case.name for case in cases()])
def test_a_hostile_spec_ends_in_one_clear_error(corpus, name):
    root, by_name = corpus
    case, folder = by_name[name], root / name
    out = folder / "out"
    with hang_guard(HANG):
        result = CliRunner().invoke(app, [str(folder / "book.yaml"), "--out", str(out),
                                          "--quiet", "--workers", "1", *case.args])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"traceback: {result.exception!r}"
    output = result.output.strip()
    if case.builds:
        assert result.exit_code == 0, output
        assert (out / "book.pdf").is_file()
        return
    assert result.exit_code == 2, output
    assert len(output.splitlines()) == 1 and output.startswith("error: "), output
    located = rf"^error: {re.escape(str(folder))}/[^ ]+:" + ("( |\\d+: )" if case.whole_file
                                                             else r"\d+: ")
    assert re.match(located, output), output
    for fragment in case.expect:
        assert fragment in output, (fragment, output)
    assert len(output) < 800, "an error quotes at most a short excerpt"
    assert not out.exists(), "nothing is written on an error"


def run_cli(spec: Path, out: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "publisher.cli", str(spec), "--out",
                             str(out), "-q", *args], cwd=ROOT, stderr=subprocess.PIPE,
                            text=True)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_is_exit_130_with_one_line(tmp_path, workers):
    spec = tmp_path / "flow.yaml"
    spec.write_text("title: F\nsections:\n  - kind: numberlink\n    size: 12\n"
                    "    count: 20\n    candidates: 40\n")
    child = run_cli(spec, tmp_path / "out", "--workers", workers)
    wait_until_generating(child.pid)
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=HANG)
    assert child.returncode == 130, err
    assert err.strip() == "interrupted; the output folder is unchanged"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_stops_a_build_as_ctrl_c_does(tmp_path, how):
    """kill (or a closed terminal) rolls the build back and ends its workers, which
    otherwise idled forever holding the caller's pipes open (`make-book ... | tail` hung)."""
    spec = tmp_path / "flow.yaml"
    spec.write_text("title: F\nsections:\n  - kind: numberlink\n    size: 12\n"
                    "    count: 20\n    candidates: 40\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("before")
    child = run_cli(spec, out, "--workers", "2")
    workers = wait_for_workers(child.pid)
    child.send_signal(how)
    _, err = child.communicate(timeout=HANG)
    assert child.returncode == 128 + how, err
    assert err.strip() == "interrupted; the output folder is unchanged"
    assert [f.name for f in out.iterdir()] == ["mine.txt"]
    assert (out / "mine.txt").read_text() == "before"
    assert not [pid for pid in workers if running(pid)]


# make-book (as installed: sys.argv[0] is make-book) with Ctrl-C sent to itself at one
# moment: while Typer parses the options, in the build command before the build starts,
# while the summary of a written book is printed, or as Python ends (atexit).
INTERRUPT_AT = """
import atexit, os, signal, sys
import publisher.cli as cli
where = sys.argv[1]
sys.argv = ["make-book", *sys.argv[2:]]
owner, name = (cli.PlainUsage, "parse_args") if where == "parse" else (cli, where)
def interrupted(*args, original=getattr(owner, name, None)):
    os.kill(os.getpid(), signal.SIGINT)
    return original(*args)
if where == "atexit":
    atexit.register(os.kill, os.getpid(), signal.SIGINT)
else:
    setattr(owner, name, interrupted)
cli.run()
"""


@pytest.mark.parametrize("where, said", [("parse", "the output folder is unchanged"),
                                         ("_desk_options", "the output folder is unchanged"),
                                         ("_summary", "the book was written; it is complete")])
def test_ctrl_c_at_any_moment_says_how_it_left_the_output(tmp_path, where, said):
    """Review 7: Ctrl-C while Typer parsed the options (or in the command around the
    build) ended with exit 130 and no word: Typer took the KeyboardInterrupt."""
    spec = tmp_path / "maze.yaml"
    spec.write_text("title: M\nseed: 1\nsections:\n  - {kind: maze, count: 1}\n")
    out = tmp_path / "out"
    child = subprocess.run([sys.executable, "-c", INTERRUPT_AT, where, str(spec), "--out",
                            str(out)], cwd=ROOT, stderr=subprocess.PIPE, text=True,
                           timeout=HANG)
    assert child.returncode == 130, child.stderr
    lines = child.stderr.strip().splitlines()
    assert lines and lines[-1].startswith("interrupted") and lines[-1].endswith(said), lines
    assert (out / "maze.pdf").exists() == (where == "_summary")


def test_ctrl_c_once_the_book_is_written_and_said_is_let_go(tmp_path):
    """Python's teardown (0.1 s) died of it, some of the time without a word (exit -2)
    or with a traceback: nothing is left to stop, and the summary has been said."""
    spec = tmp_path / "maze.yaml"
    spec.write_text("title: M\nseed: 1\nsections:\n  - {kind: maze, count: 1}\n")
    child = subprocess.run([sys.executable, "-c", INTERRUPT_AT, "atexit", str(spec),
                            "--out", str(tmp_path / "out")], cwd=ROOT,
                           stderr=subprocess.PIPE, text=True, timeout=HANG)
    assert child.returncode == 0 and "Traceback" not in child.stderr, child.stderr
    assert child.stderr.strip().splitlines()[-1].startswith("1 puzzle, 24 pages -> ")


def test_workers_end_when_the_build_is_killed(tmp_path):
    spec = tmp_path / "flow.yaml"
    spec.write_text("title: F\nsections:\n  - kind: numberlink\n    size: 12\n"
                    "    count: 20\n    candidates: 40\n")
    child = run_cli(spec, tmp_path / "out", "--workers", "2")
    workers = wait_for_workers(child.pid)
    child.kill()
    child.communicate(timeout=HANG)
    for _ in range(500):              # a worker checks for its parent every 0.5 s
        if not [pid for pid in workers if running(pid)]:
            break
        time.sleep(0.01)
    assert not [pid for pid in workers if running(pid)]


def wait_for_workers(pid: int) -> list[int]:
    """The build's two worker processes, once it generates with them."""
    for _ in range(2000):
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        if len(children) >= 2:
            time.sleep(0.3)           # past their start-up
            return [int(child) for child in children]
        time.sleep(0.01)
    raise AssertionError("the build started no workers")


def running(pid: int) -> bool:
    """`pid` is a live process (not gone, not a zombie left for its new parent)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until_generating(pid: int) -> None:
    """Until the build runs candidates: its worker processes exist, or (one worker) it
    has used more CPU than starting up takes. Robust on a loaded machine."""
    ticks = os.sysconf("SC_CLK_TCK")
    for _ in range(2000):
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return
        if children or (int(fields[11]) + int(fields[12])) / ticks > 1.5:
            return
        time.sleep(0.01)


def test_pysat_interrupt_error_is_a_keyboard_interrupt(monkeypatch):
    import pysolvers

    from publisher import batch

    class Interrupted:
        def generate(self, params, seed):
            raise pysolvers.error("Caught keyboard interrupt")
    monkeypatch.setattr(batch, "get_kind", lambda name: Interrupted())
    with pytest.raises(KeyboardInterrupt):
        batch.run_candidates(0, "numberlink", None, [(0, 1)])


def test_with_one_worker_no_candidate_is_made_on_the_main_thread(tmp_path, monkeypatch):
    """PySAT answers Ctrl-C in the main thread with a longjmp out of its solver (a heap
    corruption when the signal lands in malloc): every generate call of a one-worker
    build, the How to play example's included, runs on another thread."""
    import threading

    from publisher.kinds.numberlink import NumberlinkKind
    from publisher.pipeline import build_book
    threads = []
    generate = NumberlinkKind.generate

    def spy(self, params, seed):
        threads.append(threading.current_thread() is threading.main_thread())
        return generate(self, params, seed)
    monkeypatch.setattr(NumberlinkKind, "generate", spy)
    spec = tmp_path / "flow.yaml"
    spec.write_text("title: F\nlayout: 6x9\nsections:\n  - kind: numberlink\n"
                    "    size: 5\n    count: 2\n    candidates: 2\n", encoding="utf-8")
    build_book(spec, tmp_path / "out", workers=1)
    assert len(threads) >= 3 and not any(threads)        # 2 puzzles x 2 + the example


# --- random YAML documents and word lists ---------------------------------------------

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False), st.text(max_size=12))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20)
KEYS = st.sampled_from(["title", "sections", "kind", "size", "count", "words", "clues",
                        "puzzles", "layout", "seed", "language", "candidates", "<<", "1"])
SECTION = st.fixed_dictionaries({"kind": st.sampled_from(
    ["wordsearch", "crossword", "numberlink", "queens", "sudoku", "fillin", "maze", "scramble",
     "cryptogram", "nope"])},
    optional={"size": st.one_of(st.integers(-3, 50), st.lists(st.integers(-1, 60), max_size=3)),
              "count": st.integers(-1, 3),
              "words": st.one_of(st.lists(st.text(max_size=10), max_size=6), st.text(max_size=10)),
              "texts": st.lists(st.text(max_size=30), max_size=3),
              "clues": st.dictionaries(st.text(max_size=8), st.text(max_size=12), max_size=5),
              "title": st.text(max_size=20), "puzzles": VALUES, "difficulty": VALUES})
DOCUMENTS = st.one_of(
    VALUES,
    st.fixed_dictionaries({"title": st.one_of(st.just("T"), VALUES),
                           "sections": st.lists(SECTION, max_size=3)},
                          optional={"layout": st.sampled_from(["letter", "a4", "../x.yaml"]),
                                    "language": st.sampled_from(["en", "es", "ru", "xx"])}),
    st.dictionaries(KEYS, VALUES, max_size=5))
YAML_TEXT = st.text(alphabet="ab: -[]{}&*<>!|'\"#\n\t,?%@`\u0441\u00f1", max_size=120)


def load_and_plan(spec_path: Path):
    """The spec loader and the planner (words resolved), as a build runs them."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    spec = load_spec(spec_path)
    plan_book(spec)


def assert_loads_or_own_error(spec_path: Path) -> None:
    try:
        with hang_guard(HANG):
            load_and_plan(spec_path)
    except PublisherError:
        pass


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(document=DOCUMENTS)
def test_random_yaml_documents_load_or_raise_our_error(tmp_path, document):
    spec = tmp_path / "book.yaml"
    spec.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    assert_loads_or_own_error(spec)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(text=YAML_TEXT)
def test_random_yaml_text_loads_or_raises_our_error(tmp_path, text):
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nsections:\n" + text, encoding="utf-8")
    assert_loads_or_own_error(spec)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(text=st.one_of(YAML_TEXT, st.text(max_size=80)), suffix=st.sampled_from(["txt", "yaml"]),
       kind=st.sampled_from(["wordsearch", "crossword"]))
def test_random_word_lists_load_or_raise_our_error(tmp_path, text, suffix, kind):
    (tmp_path / f"w.{suffix}").write_text(text, encoding="utf-8")
    key = "words" if kind == "wordsearch" else "clues"
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\nsections:\n  - kind: {kind}\n    size: 10\n    puzzles:\n"
                    f"      - title: P\n        {key}: w.{suffix}\n", encoding="utf-8")
    assert_loads_or_own_error(spec)


def test_allow_paths_reads_a_list_outside_and_links_inside_are_fine(tmp_path):
    from publisher.pipeline import build_book

    outside = tmp_path / "shared" / "farm.txt"
    outside.parent.mkdir()
    outside.write_text("cow\npig\ngoat\n")
    book = tmp_path / "book"
    (book / "lists").mkdir(parents=True)
    (book / "lists" / "pets.txt").write_text("cat\ndog\nfish\n")
    os.symlink("lists/pets.txt", book / "pets.txt")          # a link that stays inside
    spec = book / "book.yaml"
    spec.write_text("title: T\nsections:\n  - kind: wordsearch\n    size: 8\n    puzzles:\n"
                    "      - {title: A, words: ../shared/farm.txt}\n"
                    "      - {title: B, words: pets.txt}\n")
    with pytest.raises(PublisherError, match="outside the spec's folder"):
        build_book(spec, tmp_path / "out", workers=1)
    result = build_book(spec, tmp_path / "out", workers=1, allow_paths=True)
    assert result.puzzles == 2
