"""What a newcomer reads from make-book itself: its version, errors and notes on their first
line, the languages there are, the files a build wrote, the install command for Dask."""
import os
import re
import subprocess
import sys
import tomllib

from pypdf import PdfReader

from conftest import ROOT
from publisher.ground.catalogue import available


def make_book(*args, cwd=ROOT, columns=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if columns:
        env["COLUMNS"] = str(columns)
    return subprocess.run([sys.executable, "-m", "publisher.cli", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=env)


def test_version_is_the_projects():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    done = make_book("--version")
    assert done.returncode == 0 and done.stdout == f"make-book {project['version']}\n"


def test_version_outside_a_source_tree_is_the_installed_one(tmp_path, monkeypatch):
    import importlib.metadata

    from publisher.cli import version
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda name: "9.8.7" if name == "puzzle-publisher" else "0")
    assert version(tmp_path) == "9.8.7"                 # no pyproject.toml there
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "1.0"\n')
    assert version(tmp_path) == "9.8.7"                 # another project's is not ours


def test_an_unknown_language_names_the_ones_there_are():
    assert {"en", "es", "ru"} <= set(available())
    done = make_book("lists", "--lang", "zz")        # no catalogue (fr, de... have one)
    assert done.returncode == 2 and done.stdout == ""
    first = done.stderr.splitlines()[0]
    assert first.startswith("error: --lang zz:"), done.stderr
    assert all(code in first for code in available()), first
    assert "Traceback" not in done.stderr


def test_errors_start_on_their_first_line(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nsections:\n  - {kind: queens, sise: 6, count: 2}\n")
    done = make_book(spec, "--out", tmp_path / "out")
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: {spec}:3: sections[0].sise:"), done.stderr
    done = make_book(tmp_path / "missing.yaml", "--out", tmp_path / "out")
    assert done.returncode == 2 and done.stderr.startswith("error: "), done.stderr


def test_notes_start_on_their_first_line_and_the_summary_names_the_books_files(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\ncover: true\nanswer_key: separate\nsplit: true\nsections:\n"
                    "  - {kind: wordsearch, size: 8, puzzles: [{title: A, words: [cow, pig]}]}\n")
    out = tmp_path / "out"
    done = make_book(spec, "--out", out)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith("note: ") and "added to reach" in lines[0], done.stderr
    summary = lines[-1]
    for name in ("book.pdf", "book-cover.pdf", "book-answers.pdf", "book.json"):
        assert str(out / name) in summary, summary
    side = [p for p in (out / "book").rglob("*") if p.is_file()]    # the desk files
    assert len(side) == 2 and summary.endswith(f" and 2 more files in {out / 'book'}{os.sep}")
    # each PDF's own page count (the answer sheet's were added to the book's)
    book, sheet = (len(PdfReader(out / name).pages) for name in ("book.pdf", "book-answers.pdf"))
    assert f"1 puzzle, {book} pages -> {out / 'book.pdf'}, " in summary, summary
    assert f"{out / 'book-answers.pdf'} ({sheet} page{'s' * (sheet > 1)})" in summary, summary


def test_check_notes_what_it_assumed_on_the_first_line(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from publisher.ground.fonts import register_fonts
    register_fonts()
    cover = tmp_path / "b-cover.pdf"                   # no interior beside, no metadata
    canvas = Canvas(str(cover), pagesize=(12.25 * 72 + 30 * 0.162, 9.25 * 72), invariant=1,
                    initialFontName="PTSans")
    canvas.showPage()
    canvas.save()
    done = make_book("check", cover, "--cover", "--pages", 30, "--trim", "6x9")
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert done.stderr.startswith("note: white paper assumed"), done.stderr


def test_build_help_gives_both_dask_install_commands():
    done = make_book("build", "--help", columns=300)
    text = " ".join(done.stdout.replace("│", " ").split())
    assert done.returncode == 0
    assert 'pip install "puzzle-publisher[dask]" where make-book is installed' in text, text
    assert 'pip install ".[dask]" in its source folder' in text, text


def test_usage_lines_name_arguments_plainly():
    from typer.testing import CliRunner

    from publisher.cli import app
    for command, usage in (("build", "build [OPTIONS] SPEC"), ("check", "check [OPTIONS] FILE.pdf"),
                           ("history", "history [OPTIONS] PATH")):
        result = CliRunner().invoke(app, [command, "--help"])
        assert result.exit_code == 0 and usage in result.output, result.output


def test_help_keeps_each_description_whole_and_shows_no_value_after_a_flag():
    """Wide enough for every description, each command's description is one line of the
    list (not broken where its docstring's source line ends), and an on/off flag, which
    takes no value, shows none."""
    from typer.main import get_command
    from typer.testing import CliRunner

    from publisher.cli import app

    def shown(*args):
        result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "300"})
        assert result.exit_code == 0, result.output
        return result.output.splitlines()

    group = get_command(app)
    listing = shown()
    for name, command in [("", group), *group.commands.items()]:
        first = " ".join(command.help.split("\n\n")[0].split())
        assert any(first in line for line in listing), (first, listing)
        flags = [opt for param in command.get_params(command.context_class(command))
                 if getattr(param, "is_flag", False) for opt in param.opts]
        assert "--help" in flags
        lines = (shown(name) if name else []) + listing
        for flag in flags:
            assert any(flag in line for line in lines), flag
            offered = [line for line in lines if re.search(rf"{flag}\s+(-\w\s+)?<", line)]
            assert not offered, offered
