"""`make-book SPEC`: build a puzzle book (PDF, JSON manifest, side files)."""
from __future__ import annotations

import inspect
import os
import signal
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from .errors import STOP_SIGNALS, Interrupted, PublisherError

INTERRUPTED = "interrupted; the output folder is unchanged"


def _interrupted_while_starting(signum: int, frame: object) -> None:
    sys.stderr.write(INTERRUPTED + "\n")    # nothing has been written yet
    os._exit(128 + signum)


def _stop(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: stop as Ctrl-C does (the output rolled back, the workers
    ended), not die on the spot leaving the workers running."""
    raise Interrupted(signum)


def _take_stop_signals(handler: Any) -> None:
    """`handler` for Ctrl-C, SIGTERM and SIGHUP, but for one the caller ignores (nohup),
    Ctrl-C excepted (a background job starts with it ignored)."""
    for signum in STOP_SIGNALS:
        if signum == signal.SIGINT or signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, handler)


if __name__ == "__main__" or Path(sys.argv[0]).name == "make-book":
    # Ctrl-C during the imports below: one line, not an import traceback. `run`
    # puts Python's own handler back before any work starts.
    _take_stop_signals(_interrupted_while_starting)

import typer  # noqa: E402  (after the startup Ctrl-C handler)
from typer.core import TyperCommand, TyperGroup  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.markup import escape  # noqa: E402
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskID,  # noqa: E402
                           TextColumn, TimeElapsedColumn)

from .ground.transaction import InterruptedAfterCommit  # noqa: E402

if TYPE_CHECKING:
    from .pipeline import BuildResult     # heavy: imported when a book is built

class PlainHelp:
    """Help as a reader expects it: each paragraph of a docstring on one line (rich keeps
    the source's line breaks and wraps again around them), and no value shown after an
    on/off flag (`--bleed`, not `--bleed <bool>`: it takes none)."""

    help: str | None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            self.help = "\n\n".join(" ".join(paragraph.split())
                                    for paragraph in inspect.cleandoc(self.help).split("\n\n"))

    def get_params(self, ctx):  # type: ignore[no-untyped-def]  # click's signature
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params


class BuildByDefault(PlainHelp, TyperGroup):
    """`make-book SPEC ...` means `make-book build SPEC ...`; other first words name a
    command (`make-book kinds`)."""

    def parse_args(self, ctx, args):  # type: ignore[no-untyped-def]  # click's signature
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h",
                                                                     "--version"):
            args = ["build", *args]
        return super().parse_args(ctx, args)


class PlainUsage(PlainHelp, TyperCommand):
    """Usage lines name arguments plainly: `make-book build [OPTIONS] SPEC` (Typer
    writes a required argument as `{SPEC}`)."""

    def collect_usage_pieces(self, ctx):  # type: ignore[no-untyped-def]  # click's signature
        return [piece.replace("{", "").replace("}", "")
                for piece in super().collect_usage_pieces(ctx)]


app = typer.Typer(cls=BuildByDefault, add_completion=False, pretty_exceptions_enable=False,
                  help="Build a printable puzzle book from a YAML spec: make-book SPEC "
                  "(the same as make-book build SPEC).")
err = Console(stderr=True, emoji=False, highlight=False)   # user text printed verbatim


SOURCE_TREE = Path(__file__).resolve().parent.parent


def version(source_tree: Path = SOURCE_TREE) -> str:
    """This code's version: from pyproject.toml when it runs from a source tree (an
    install of another version may be there too), else the installed distribution's."""
    import tomllib
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        project = tomllib.loads((source_tree / "pyproject.toml").read_text("utf-8"))["project"]
        if project.get("name") == "puzzle-publisher":
            return str(project["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    try:
        return installed("puzzle-publisher")
    except PackageNotFoundError:
        return "unknown (neither installed nor run from its source tree)"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"make-book {version()}")
        raise typer.Exit()


@app.callback()
def _options(_version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_print_version,
        help="Print make-book's version and exit.")) -> None:
    pass


class BarProgress:
    """The pipeline's progress (see pipeline.Progress) as a rich progress bar."""

    def __init__(self, bar: Progress):
        self.bar = bar
        self.task: TaskID | None = None

    def stage(self, name: str, total: int) -> None:
        if self.task is not None:
            self.bar.update(self.task, completed=self.bar.tasks[self.task].total)
        self.task = self.bar.add_task(name, total=total)

    def advance(self, n: int = 1) -> None:
        if self.task is not None:
            self.bar.advance(self.task, n)


# long: a typer command declares one parameter per option; the body is short
@app.command("build", cls=PlainUsage)
def build(
    spec: Path = typer.Argument(..., metavar="SPEC",
                                help="The book spec (YAML); see the README for its format."),
    out: Path = typer.Option(Path("output"), "--out", "-o",
                             help="Folder for <name>.pdf, <name>.json and <name>/ side files."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Override the spec's seed."),
    workers: Optional[int] = typer.Option(
        None, "--workers", "-w", min=1,
        help="Processes generating candidates (default: all cores). Output does not depend on it."),
    bleed: bool = typer.Option(
        False, "--bleed", help="Pages run 0.125 in past the trim (as the spec's `bleed: true`)."),
    cover: bool = typer.Option(
        False, "--cover", help="Also write <name>-cover.pdf (as the spec's `cover:`)."),
    split: bool = typer.Option(
        False, "--split", help="Also write desk files into <name>/: per puzzle <stem>.pdf "
        "and <stem>-solution.pdf, one page each cropped to the puzzle at column_width, as "
        "the spec's `split: true` does."),
    web: bool = typer.Option(
        False, "--web", help="Also write the web edition into <name>/web/: per puzzle "
        "<stem>.html, playable offline by mouse, touch and keyboard, and index.html, as "
        "the spec's `web: true` does."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or summary."),
    max_work: Optional[int] = typer.Option(
        None, "--max-work", min=1, help="Ceiling on the book's total work (puzzles x "
        "candidates, weighted by kind; default 500000): a bigger book is refused up front."),
    allow_paths: bool = typer.Option(
        False, "--allow-paths", help="Let the spec name word lists and layouts outside its "
        "own folder (absolute paths, ../); without it they are refused."),
    executor: Optional[str] = typer.Option(
        # escaped: help is rich markup, where [dask] is a style and vanished from the line
        None, "--executor", help=escape(
            "local (a process pool) or dask (a cluster; needs --scheduler and the dask "
            'extra: pip install "puzzle-publisher[dask]" where make-book is installed, or '
            'pip install ".[dask]" in its source folder). Output does not depend on it.')),
    scheduler: Optional[str] = typer.Option(
        None, "--scheduler", help="The Dask scheduler, e.g. tcp://HOST:8786."),
    start: Optional[datetime] = typer.Option(
        None, "--start", formats=["%Y-%m-%d"], help="First day of the schedule (YYYY-MM-DD)."),
    days: Optional[int] = typer.Option(None, "--days", min=1, help="Days in the schedule."),
    history: Optional[Path] = typer.Option(
        None, "--history", help="The history database (SQLite) instead of the spec's."),
) -> None:
    """Build the book described by SPEC: a print-ready PDF with answer key, a JSON
    manifest, and .puz/.ipuz files for crosswords."""
    desk = _desk_options(executor, scheduler, start, days, history)
    # Only on a terminal: elsewhere rich draws no bar but ends it with an empty line,
    # which came before every error and note.
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=err, transient=True,
                   disable=quiet or not err.is_interactive)
    try:
        with bar:
            from .pipeline import build_book     # heavy: only when a book is built

            result = build_book(spec, out, seed=seed, workers=workers,
                                progress=BarProgress(bar), split=split or None,
                                bleed=bleed or None, cover=cover or None,
                                max_work=max_work, allow_paths=allow_paths,
                                web=web or None, **desk)
    except PublisherError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        err.print(f"[bold red]error:[/]{escape(where)}: {escape(exc.strerror or str(exc))}; "
                  "check that --out names a folder you can write to", highlight=False,
                  soft_wrap=True)
        raise typer.Exit(2)
    except InterruptedAfterCommit as exc:
        err.print("interrupted after the book was written; it is complete", markup=False,
                  highlight=False)
        _leave_now(_interrupted_code(exc))
    except KeyboardInterrupt as exc:
        err.print(INTERRUPTED, markup=False, highlight=False)
        _leave_now(_interrupted_code(exc))
    for warning in result.warnings:
        err.print(f"[yellow]warning:[/] {escape(warning)}", highlight=False, soft_wrap=True)
    if not quiet:
        for note in result.notes:
            err.print(f"note: {escape(note)}", highlight=False, soft_wrap=True)
        err.print(_summary(result), highlight=False, soft_wrap=True, markup=False)


def _summary(result: BuildResult) -> str:
    """`108 puzzles, 122 pages -> out/b.pdf, out/b-cover.pdf, out/b.json and 24 more files in
    out/b/`: the files beside the book (cover, answer sheet) by name, side files counted;
    a separate answer sheet's pages told apart: `b-answers.pdf (8 pages)`."""
    book = (f"{_pages(result.pages - result.answer_pages)} -> {result.pdf}, " if result.pdf
            else "no book -> ")
    puzzles = f"{result.puzzles} puzzle" + ("" if result.puzzles == 1 else "s")
    sheet = f"{result.manifest.stem}-answers.pdf"
    beside = [f"{f} ({_pages(result.answer_pages)})" if f.name == sheet and result.answer_pages
              else str(f) for f in result.files if f.parent == result.manifest.parent]
    side = [f for f in result.files if f.parent != result.manifest.parent]
    folders = {f.relative_to(result.manifest.parent).parts[0] for f in side}
    where = f" in {result.manifest.parent / folders.pop()}{os.sep}" if len(folders) == 1 else ""
    more = (f" and {len(side)} more file{'' if len(side) == 1 else 's'}{where}"
            if side else "")
    return f"{puzzles}, {book}{''.join(f'{f}, ' for f in beside)}{result.manifest}{more}"


def _pages(count: int) -> str:
    return f"{count} page{'' if count == 1 else 's'}"


@app.command("check", cls=PlainUsage)
def check(
    pdf: Path = typer.Argument(..., metavar="FILE.pdf", help="An interior or a cover PDF."),
    trim: Optional[str] = typer.Option(
        None, "--trim", help="The trim in inches, e.g. 6x9 (default: the file's /TrimBox; for a "
        "cover, that of <name>.pdf beside <name>-cover.pdf, else the one the cover names)."),
    bleed: bool = typer.Option(False, "--bleed", help="The pages should carry 0.125 in bleed "
                               "(default: if the file's /BleedBox runs past its /TrimBox)."),
    cover: bool = typer.Option(False, "--cover", help="FILE is a cover (back, spine, front)."),
    pages: Optional[int] = typer.Option(
        None, "--pages", min=1, help="A cover's interior page count (default: that of "
        "<name>.pdf beside <name>-cover.pdf, else the one the cover names)."),
    paper: Optional[str] = typer.Option(
        None, "--paper", help="A cover's paper: white, cream, standard-color, premium-color "
        "(default: the one the cover names, else white)."),
    floor: float = typer.Option(7.0, "--floor", help="The smallest text size allowed (pt); "
                                "16 for large print."),
) -> None:
    """Preflight a PDF against the print-on-demand rules: page size and boxes, page count,
    fonts embedded, smallest text, margins by page count, cover width. Exit 1 if one fails."""
    from .ground.printrules import PAPER_THICKNESS
    from .preflight import check_file, parse_trim

    try:
        if paper is not None and paper not in PAPER_THICKNESS:
            raise PublisherError(f"--paper {paper!r}: use one of {', '.join(PAPER_THICKNESS)}")
        if not 4 <= floor <= 40:          # a layout's min_font_size range (nan fails too)
            raise PublisherError(f"--floor {floor:g}: give the smallest text size in points "
                                 "from 4 to 40 (7 for most books, 16 for large print)")
        report = check_file(pdf, parse_trim(trim) if trim else None, bleed, cover, pages,
                            paper, floor, workers=os.cpu_count() or 1)
    except PublisherError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    for note in report.notes:
        err.print(f"note: {note}", highlight=False, soft_wrap=True, markup=False)
    for warning in report.warnings:
        err.print(f"warning: {warning}", highlight=False, soft_wrap=True, markup=False)
    typer.echo(report.text())
    if not report.ok:
        raise typer.Exit(1)


def _desk_options(executor: str | None, scheduler: str | None, start: datetime | None,
                  days: int | None, history: Path | None) -> dict[str, Any]:
    if executor not in (None, "local", "dask"):
        err.print(f"[bold red]error:[/] --executor {escape(executor)}: use local or dask")
        raise typer.Exit(2)
    return dict(executor=executor, scheduler=scheduler, days=days, history=history,
                start=start.date() if start else None)


@app.command("kinds", cls=PlainUsage)
def kinds(example: bool = typer.Option(
        False, "--example", help="Print a spec with a small section of every kind instead.")
          ) -> None:
    """List the puzzle kinds this installation can build (its own and installed ones)."""
    import yaml

    from .ground.catalogue import catalogue
    from .kinds import all_kinds

    if example:
        sections = [{"kind": name, **kind.example} for name, kind in all_kinds().items()]
        typer.echo(yaml.safe_dump({"title": "Every kind", "seed": 1, "sections": sections},
                                  allow_unicode=True, sort_keys=False), nl=False)
        return
    found = all_kinds()          # first: installed kinds bring their catalogue blocks
    english = catalogue("en")
    for name, kind in found.items():
        typer.echo(f"{name:12} {english.kind(name).text('title')} "
                   f"({type(kind).__module__.split('.')[0]})")


@app.command("lists", cls=PlainUsage)
def lists(
    lang: Optional[str] = typer.Option(
        None, "--lang", help="Only this language, e.g. en (the languages with a catalogue)."),
    tag: Optional[str] = typer.Option(None, "--tag", help="Only themes with this tag (kids...)."),
    kind: Optional[str] = typer.Option(None, "--kind", help="What this kind draws from "
                                       "(nonogram: its pictures); default the word themes."),
) -> None:
    """List the bundled themes (name, title, tags, word count) for `themes:` and `words:`,
    or with --kind what that kind bundles (a nonogram's pictures)."""
    from .data import data_dir
    from .ground.catalogue import available
    from .kinds import all_kinds
    from .words import bundled_themes, read_list_file

    if lang is not None and lang not in available():
        err.print(f"[bold red]error:[/] --lang {escape(lang)}: unknown language; use one of: "
                  f"{', '.join(available())}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    if kind is not None:
        found = all_kinds().get(kind)
        if found is None:
            err.print(f"[bold red]error:[/] unknown kind {escape(kind)!r}; use one of: "
                      f"{', '.join(all_kinds())}")
            raise typer.Exit(2)
        listed = [found.listing(language, tag) for language in ([lang] if lang else available())]
        if all(lines is not None for lines in listed):
            for lines in listed:
                for line in lines or []:
                    typer.echo(line)
            return
    for language in [lang] if lang else available():
        for theme in bundled_themes(data_dir("wordlists"), language):
            if tag is None or tag in theme.tags:
                count = len(read_list_file(theme.path))
                typer.echo(f"{language}/{theme.name:24} {count:4} words  {theme.title}  "
                           f"[{', '.join(theme.tags)}]")
        if tag is None:
            for name, count, what in _bundled_lists(data_dir("wordlists") / language):
                typer.echo(f"{language}/{name:24} {count:4} {what}")


# The other bundled lists of a language, by name: what `clues:`, `words:`, `texts:` and
# the fill take (docs/spec.md).
OTHER_LISTS = (("clues", "clues.yaml", "pairs  the clue database (word: clue)"),
               ("general-clues", "general-clues.yaml", "pairs  clues for freeform crosswords"),
               ("cryptograms", "cryptograms.yaml", "texts  cryptogram texts"),
               ("fill", "fill.txt", "words  the fill list (WORD;SCORE)"),
               ("crossword-fill", "crossword-fill.txt",
                "words  the blocked crosswords' fill list (WORD;SCORE)"))


def _bundled_lists(folder: Path) -> list[tuple[str, int, str]]:
    out = []
    for name, file, what in OTHER_LISTS:
        path = folder / file
        if path.is_file():
            lines = path.read_text(encoding="utf-8").splitlines()
            # One entry a line in every one of these files; comments and blanks aside.
            count = sum(1 for line in lines if line.strip() and not line.lstrip().startswith("#"))
            out.append((name, count, what))
    return out


@app.command("history", cls=PlainUsage)
def history_command(
    path: Path = typer.Argument(..., metavar="PATH", help="The history database (SQLite)."),
    last: int = typer.Option(20, "--last", min=1, help="Show the last N puzzles."),
    on: Optional[datetime] = typer.Option(None, "--date", formats=["%Y-%m-%d"],
                                          help="Only the puzzles of this day."),
    word: Optional[str] = typer.Option(None, "--word", help="Only puzzles with this answer."),
    forget_after: Optional[datetime] = typer.Option(
        None, "--forget-after", formats=["%Y-%m-%d"],
        help="Remove the puzzles dated after DATE (a run that was not published)."),
) -> None:
    """List what a history database records, or forget a run."""
    from .ground.history import History

    if not path.is_file():
        err.print(f"[bold red]error:[/] {escape(str(path))}: no such history database")
        raise typer.Exit(2)
    try:
        store = History.open(path, lock=forget_after is not None)
        if forget_after is not None:
            removed = store.forget_after(forget_after.date())
            typer.echo(f"removed {removed} puzzles dated after {forget_after.date()}")
            return
        answer = word.upper() if word else None
        found = store.entries(None if on or word else last, on.date() if on else None, answer)
        store.close()
    except PublisherError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    for entry in found:
        typer.echo(f"{entry.date}  {entry.kind:10} {entry.book}/{entry.puzzle_id}  "
                   f"{entry.title}  [{' '.join(entry.words)}]")


@app.command("recover", cls=PlainUsage)
def recover_command(
    folder: Path = typer.Argument(..., metavar="DIR",
                                  help="An output folder (a build's --out)."),
) -> None:
    """Repair what killed builds left in DIR, and nothing else: a swap whose new files
    were all written is finished (the new book), any other is undone (the previous
    book). Every build does this first by itself."""
    from .ground.transaction import recover

    if not folder.is_dir():
        err.print(f"[bold red]error:[/] {escape(str(folder))} is not a folder; give the "
                  "output folder of a build (its --out)", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    try:
        done = recover(folder)
    except PublisherError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    said = {"forward": "finished a killed build's swap: the new book is complete "
                       "({files} files)",
            "back": "undid a killed build's swap: the previous book is back ({files} files)",
            "unstarted": "removed a killed build's staging folder; the book was untouched",
            "running": "a build is still running; its staging folder is left alone"}
    for book, outcome, files in done:
        typer.echo(f"{book}: {said[outcome].format(files=files)}")
    if not done:
        typer.echo(f"nothing to recover in {folder}")


def _interrupted_code(exc: KeyboardInterrupt) -> int:
    """130 after Ctrl-C, 143 after SIGTERM, 129 after SIGHUP (128 + the signal)."""
    return 128 + (exc.signum if isinstance(exc, Interrupted) else signal.SIGINT)


def _leave_now(code: int) -> None:
    """Exit at once after an interrupt. The output was already rolled back or completed;
    a SAT solver stopped mid-search can crash while the interpreter tears down (seen:
    SIGSEGV in PySAT's destructor after Ctrl-C with one worker), so skip the teardown,
    ending any worker process still there (it would outlive this one)."""
    import multiprocessing
    for child in multiprocessing.active_children():
        child.kill()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run() -> None:
    _take_stop_signals(_stop)
    try:
        app(prog_name="make-book")
    except KeyboardInterrupt as exc:   # Ctrl-C while starting up, before a build began
        err.print(INTERRUPTED, markup=False)
        sys.exit(_interrupted_code(exc))


if __name__ == "__main__":
    run()
