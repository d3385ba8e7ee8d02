"""spec -> plan -> generate -> lay out -> write. The CLI and the tests call `build_book`."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Protocol
from datetime import date
from pathlib import Path
from typing import Any, Callable

from .batch import (JobFailed, Outcome, collecting_less, generate_all, make_executor,
                    off_main_thread)
from .desk import Desk
from .export.manifest import build_manifest, dumps
from .ground import atomic, transaction
from .ground.limits import check_work
from .ground.memory import release_freed_memory
from .kinds import get_kind
from .ground.catalogue import catalogue
from .kinds.base import BookMeta, ExampleWords
from .plan import Job, derive_seed, plan_book
from .printable import book_fonts
from .errors import GenerationFailed, PageCountError, PublisherError
from .ground import printrules
from .render.book import BookRenderer, FrontMatter, Pagination, paginate
from .render.early import check_page_count, check_sizes, too_many_pages
from .render.pagination import alone_on_a_page, padding_added
from .render.split import bookless, check_columns, desk_files, desk_options, without_book
from .render.layout import Layout, load_layout
from .render.worksheet import lay_out_worksheet
from .preflight import check_bytes
from .preflight.streamed import StreamedCheck, streamed_check_for
from .render.cover import cover_pdf
from .render.legibility import LegibilityError
from .render.web import WebBook, has_web, web_files
from .spec import BookBase, CoverSpec, Spec, load_spec


@dataclass
class BuildResult:
    pdf: Path | None          # None with `book: false`
    manifest: Path
    files: list[Path]
    puzzles: int
    pages: int
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)     # what the build did on its own
    outcomes: list[Outcome] = field(default_factory=list)
    seed: int = 0
    # Per phase: (wall seconds, CPU seconds of this process), for benchmarks; never written.
    timings: dict[str, tuple[float, float]] = field(default_factory=dict)
    answer_pages: int = 0     # of `pages`, those of the separate answer sheet


class Phases:
    """Wall and CPU time per phase of a build (BuildResult.timings)."""

    def __init__(self) -> None:
        self.seconds: dict[str, tuple[float, float]] = {}
        self._last = (time.perf_counter(), time.process_time())

    def lap(self, name: str) -> None:
        now = (time.perf_counter(), time.process_time())
        wall, cpu = self.seconds.get(name, (0.0, 0.0))
        self.seconds[name] = (wall + now[0] - self._last[0], cpu + now[1] - self._last[1])
        self._last = now


class Reporter(Protocol):
    """What the pipeline reports; the CLI shows it as a progress bar."""

    def stage(self, name: str, total: int) -> None: ...
    def advance(self, n: int = 1) -> None: ...


class Progress:
    """A Reporter that shows nothing."""

    def stage(self, name: str, total: int) -> None: ...
    def advance(self, n: int = 1) -> None: ...


def _stop_for_missing_input(outcomes: list[Outcome], out_dir: Path, name: str,
                            inputs: list[Path]) -> None:
    """A kind's boards may lack something only the user can give (clues for fill words):
    write what is missing to `<name>-<file>`, ready to complete, and stop with one error.
    A file the build reads (a completed list added to `clues:`) is never overwritten."""
    read = {p.resolve() for p in inputs}
    missing: dict[str, list[str]] = {}
    for outcome in outcomes:
        missing.setdefault(outcome.job.kind, []).extend(
            get_kind(outcome.job.kind).missing_input(outcome.kept))
    problems = []
    for kind_name, entries in missing.items():
        if not entries:
            continue
        kind = get_kind(kind_name)
        entries = sorted(set(entries))
        data, lack, advice = kind.missing_report(entries)
        path, number = out_dir / f"{name}-{kind.missing_file}", 1
        while path.resolve() in read:
            number += 1
            stem, dot, ext = kind.missing_file.partition(".")
            path = out_dir / f"{name}-{stem}-{number}{dot}{ext}"
        atomic.write_bytes(path, data)
        shown = ", ".join(entries[:12]) + (", ..." if len(entries) > 12 else "")
        problems.append(f"{len(entries)} {kind_name} entries {lack} ({shown}); they are "
                        f"listed in {path}: {advice}")
    if problems:
        raise PublisherError("; ".join(problems))


def build_book(spec_path: str | Path, out_dir: str | Path = "output", seed: int | None = None,
               workers: int | None = None, progress: Reporter | None = None,
               split: bool | None = None, bleed: bool | None = None,
               cover: bool | None = None, max_work: int | None = None,
               allow_paths: bool = False, executor: str | None = None,
               scheduler: str | None = None, start: date | None = None,
               days: int | None = None, history: str | Path | None = None,
               web: bool | None = None) -> BuildResult:
    """Build the book. `split` (default: the spec's) also writes one PDF per puzzle;
    `bleed` (default: the spec's) grows the pages into the bleed. `max_work`: the
    ceiling on total work (default `limits.MAX_WORK`). `allow_paths`: word lists and
    layouts may be read from outside the spec's folder. `web` (default: the spec's) also
    writes the web edition (render/web/). `executor`/`scheduler` override
    the spec's (local or dask), `start`/`days` its schedule, `history` its history
    database (recorded only once the output is written: publisher/desk.py)."""
    phases = Phases()
    with collecting_less():         # a build makes and drops many containers: batch.py
        spec = load_spec(spec_path)
        spec.read_anywhere = allow_paths
        desk = Desk.open(spec, history, start, days)
        if web is not None:
            spec.book.web = web
        phases.lap("spec")
        try:
            result = _build(spec, desk, out_dir, seed, workers, progress, split, bleed,
                            cover, max_work, executor or spec.book.executor,
                            scheduler or spec.book.scheduler, phases)
            desk.record(result.outcomes, result.seed)
            if desk.replaced:
                result.notes.append(f"history: replaced the {desk.replaced} puzzles recorded "
                                    "for these dates by an earlier build of this spec")
        finally:
            desk.close()
    phases.lap("history")
    result.timings = phases.seconds
    return result


def _build(spec: Spec, desk: Desk, out_dir: str | Path, seed: int | None,
           workers: int | None, progress: Reporter | None, split: bool | None,
           bleed: bool | None, cover: bool | None, max_work: int | None, engine: str,
           scheduler: str | None, phases: Phases) -> BuildResult:
    progress = progress or Progress()
    transaction.preflight(Path(out_dir), spec.name, protected=(spec.path,))
    _check_spec_settings(spec, engine, scheduler)
    spec.refuse_print_flags(cover, bleed)
    layout = load_layout(spec.book.layout, spec.path.parent,
                         lambda message: spec.error(("layout",), message), spec.read_anywhere)
    spec.fonts = book_fonts(spec)
    layout = layout.with_fonts(spec.fonts)
    # Spec mistakes in the desk keys are reported before any puzzle is generated.
    options = desk_options(spec, layout, spec.book.split if split is None else split, cover)
    seed = spec.book.seed if seed is None else seed
    spec.book.seed = seed          # the plan's word draws follow the effective seed
    jobs = plan_book(spec, set(layout.page_grids), desk.avoid,
                     desk.clue_uses if desk.history is not None else None,
                     (alone_on_a_page(layout), layout.theme()))
    desk.check_files(jobs)
    if spec.book.web:
        _check_web(spec, jobs)
    check_work(jobs, max_work, f"{spec.path}:{spec.lines.get(('sections',), 1)}: ")
    check_columns(spec.book, layout, jobs, options)
    if spec.book.book and (spec.book.print or spec.book.worksheet):
        check_sizes(spec.book, layout, jobs, lambda i: _spec_line(spec, ("sections", i)))
    if spec.book.book and spec.book.print and not spec.book.worksheet:
        check_page_count(spec, layout, jobs)
    phases.lap("plan")

    progress.stage("Generating puzzles", sum(job.candidates for job in jobs))
    try:
        outcomes = generate_all(jobs, seed, make_executor(workers, engine, scheduler),
                                progress.advance, known=desk.known,
                                meanwhile=_ready_for_the_book, held_back=desk.avoid,
                                window_days=spec.book.repeat_window_days)
    except JobFailed as exc:
        where = spec.section_key(exc.job.section_index, getattr(exc, "key", None))
        raise spec.error(where, str(exc)) from None
    _stop_for_missing_input(outcomes, Path(out_dir), spec.name, spec.inputs)
    phases.lap("generate")

    bleed = spec.book.bleed if bleed is None else bleed
    output, renderer, pages, has_pdf = _checked_files(
        spec, layout, outcomes, seed, bleed, cover, options, desk, workers, progress, phases)
    # One transaction: the previous output stays whole until the new one is complete.
    written = transaction.publish(Path(out_dir), spec.name, output,
                                  protected=(spec.path, *spec.inputs))
    phases.lap("write")
    pdf = written[0] if has_pdf else None
    manifest_path = written[-1]
    warnings = puzzle_warnings(outcomes) + pages.notes + renderer.warnings
    notes = spec.notes + ([f"{padding_added(pages)} added to reach {len(pages.book)} pages "
                           "(24 at least, an even count)"] if pages.padded else [])
    return BuildResult(pdf, manifest_path, written[1 if pdf else 0:-1], len(outcomes),
                       len(pages.book) + len(pages.answers), warnings, notes, outcomes, seed,
                       answer_pages=len(pages.answers))


def _checked_files(spec: Spec, layout: Layout, outcomes: list[Outcome], seed: int,
                   bleed: bool, cover: bool | None, options: Any, desk: Desk,
                   workers: int | None, progress: Reporter, phases: Phases
                   ) -> tuple[dict[str, bytes], BookRenderer, Pagination, bool]:
    """Every file of the build (`_output_files`), the book's PDFs print-checked; the
    renderer and pages; whether there is a book PDF."""
    pdf_bytes = sheet_bytes = cover_bytes = None
    streamed: StreamedCheck | None = None
    try:
        if spec.book.book:
            renderer, pages, pdf_bytes, sheet_bytes, streamed = _book_pdfs(
                spec, layout, outcomes, seed, bleed, workers, progress, phases)
            cover_bytes = _cover(spec, renderer, pages, cover)
            phases.lap("check")
        else:
            renderer, pages = bookless(spec.book, layout, outcomes)
        singles = None
        if options:
            progress.stage("Drawing desk files", len(outcomes))
            singles = desk_files(renderer, outcomes, desk.stem, options, progress.advance)
            phases.lap("desk files")
        output = _output_files(spec, seed, outcomes, pages.placements, pdf_bytes, sheet_bytes,
                               singles, cover_bytes, desk.stem)
        phases.lap("write")
        # The print check comes last: meanwhile a streamed check's scanner reads the
        # book's last pages. Nothing is written unless it passes.
        if pdf_bytes is not None:
            _check_pdfs(spec, renderer, pages, pdf_bytes, cover_bytes, bleed, workers, streamed)
            phases.lap("check")
    finally:
        if streamed:
            streamed.close()
    return output, renderer, pages, pdf_bytes is not None


def _check_web(spec: Spec, jobs: list[Job]) -> None:
    """Before any puzzle is generated: every kind of the book has a web part."""
    for job in jobs:
        if not has_web(get_kind(job.kind)):
            raise spec.error(("sections", job.section_index),
                             f"the {job.kind} kind has no web edition yet: leave `web: true` "
                             "(or --web) out, or build this section in a book of its own")


def _web_pages(spec: Spec, outcomes: list[Outcome], placements: list,
               output: dict[str, bytes], stem: Callable[[Job], str]
               ) -> tuple[dict[str, bytes], dict[str, str]]:
    """The web edition's pages and each puzzle's page by id; a page's Print link opens
    its desk file when there is one, else the book's PDF at its page."""
    name = spec.name
    has_pdf = f"{name}.pdf" in output
    page_of = {o.job.id: p.page for o, p in zip(outcomes, placements)}

    def print_link(outcome: Outcome) -> str | None:
        if f"{name}/{stem(outcome.job)}.pdf" in output:      # one puzzle, one page
            return f"../{stem(outcome.job)}.pdf"
        page = page_of.get(outcome.job.id)
        return f"../../{name}.pdf#page={page}" if has_pdf and page else None

    book = WebBook(name, spec.book.title, f"{name}.pdf" if has_pdf else None)
    return web_files(book, spec.book.language, outcomes, stem, print_link)


def puzzle_warnings(outcomes: list[Outcome], named: int = 3) -> list[str]:
    """The boards' warnings, one line per message and section: the same message for
    several puzzles (a Russian crossword's missing .puz) names the first few, and the
    versions of a puzzle (`copies:`, one title) once; a section of one puzzle named as the
    section is named once ("Codeword: ...", not "Codeword (Codeword): ...")."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for o in outcomes:
        for w in o.kept.warnings:
            grouped.setdefault((o.job.section_title, w), []).append(o.job.title)
    grouped = {key: list(dict.fromkeys(titles)) for key, titles in grouped.items()}
    lines = []
    for (section, message), titles in grouped.items():
        who = ", ".join(titles[:named]) + (f" and {len(titles) - named} more"
                                           if len(titles) > named else "")
        lines.append(f"{who}: {message}" if who == section else f"{who} ({section}): {message}")
    return lines


def _ready_for_the_book() -> None:
    """What the stages after generation import, imported while a pool's workers generate
    (this process would otherwise only wait): the print check's PDF reader."""
    import multiprocessing.popen_fork  # noqa: F401  (the print check's helper process)

    import pypdf.filters  # noqa: F401


def _book_pdfs(spec: Spec, layout: Layout, outcomes: list[Outcome], seed: int, bleed: bool,
               workers: int | None, progress: Reporter, phases: Phases
               ) -> tuple[BookRenderer, Pagination, bytes, bytes | None, StreamedCheck | None]:
    """The book and its answer sheet, laid out and drawn; with two workers, the print
    check that has read the book's pages as they were drawn (streamed.py; the caller
    finishes it with `_check_pdfs` and closes it)."""
    examples = (how_to_play_examples(outcomes, seed) if spec.book.print
                and spec.book.how_to_play and not spec.book.worksheet else {})
    phases.lap("examples")
    renderer, pages = _lay_out_named(spec, layout, outcomes, bleed, examples)
    phases.lap("layout")
    progress.stage("Laying out pages", len(pages.book) + len(pages.answers))
    streamed = (streamed_check_for(len(pages.book), renderer.layout.page, bleed,
                                   _parallel(workers))
                if spec.book.print and not spec.book.worksheet else None)
    try:
        # Everything is rendered in memory first: an error leaves no half-written book.
        pdf_bytes = renderer.render(pages.book, pages.placements, progress.advance,
                                    pages.contents, streamed.page_done if streamed else None)
        sheet_bytes = (renderer.render(pages.answers, pages.placements, progress.advance)
                       if pages.answers else None)
    except BaseException:
        if streamed:
            streamed.close()
        raise
    release_freed_memory()
    phases.lap("render")
    return renderer, pages, pdf_bytes, sheet_bytes, streamed


def _output_files(spec: Spec, seed: int, outcomes: list[Outcome], placements: list,
                  pdf_bytes: bytes | None, sheet_bytes: bytes | None,
                  singles: dict[str, dict[str, bytes]] | None, cover_bytes: bytes | None,
                  stem: Callable[[Job], str] = lambda job: job.id) -> dict[str, bytes]:
    """Every file of the build (relative path -> bytes), the manifest last; a puzzle's
    side files are named `stem(job)` (the spec's `files:` pattern); `singles`: its desk
    files by puzzle id (render/split.py); no book PDF when `pdf_bytes` is None."""
    name = spec.name
    meta = BookMeta(title=spec.book.title, author=spec.book.author or "",
                    copyright=spec.book.copyright or "")
    output: dict[str, bytes] = {f"{name}.pdf": pdf_bytes} if pdf_bytes is not None else {}
    files: dict[str, list[str]] = {}
    for outcome in outcomes:
        desk_side = (singles or {}).get(outcome.job.id, {})
        side = get_kind(outcome.job.kind).side_files(outcome.kept, outcome.job.title, meta)
        names = [f"{name}/{file}" for file in desk_side]
        names += [f"{name}/{stem(outcome.job)}.{ext}" for ext in side]
        output.update(zip(names, [*desk_side.values(), *side.values()]))
        files[outcome.job.id] = names
    if spec.book.web:
        pages, page_by_id = _web_pages(spec, outcomes, placements, output, stem)
        for puzzle_id, page_name in page_by_id.items():
            files[puzzle_id].append(page_name)
        output.update(pages)
    sheet_name = None
    if sheet_bytes:
        sheet_name = f"{name}-answers.pdf"
        output[sheet_name] = sheet_bytes
    manifest = build_manifest(spec.book, seed, f"{name}.pdf", spec.book.layout, outcomes,
                              placements, files, sheet_name)
    if pdf_bytes is None:
        without_book(manifest)
    if spec.book.web:
        manifest["web"] = f"{name}/web/index.html"      # listed: the next build replaces it
    if cover_bytes:
        # Listed, so that the next build knows the file is its own to replace.
        manifest["cover_pdf"] = f"{name}-cover.pdf"
        output[manifest["cover_pdf"]] = cover_bytes
    output[f"{name}.json"] = dumps(manifest).encode("utf-8")     # the manifest goes in last
    return output


def how_to_play_examples(outcomes: list[Outcome], seed: int) -> dict[str, Outcome]:
    """One small solved example per kind for its How to play page: the kind's example
    params (`Kind.example_params`: by default the first puzzle's; word kinds use their
    catalogue example words, never an answer of the book) made from another seed, so the
    example gives no puzzle of the book away. None when it fails. A quote's words
    (`Kind.quoted_answers`) are kept out of its own kind's example only."""
    examples: dict[str, Outcome] = {}

    def answers(example_kind: str) -> frozenset[str]:
        return ExampleWords.answer_set(
            answer for o in outcomes
            if not get_kind(o.job.kind).quoted_answers or o.job.kind == example_kind
            for answer in get_kind(o.job.kind).answers(o.kept))
    for outcome in outcomes:
        kind = outcome.job.kind
        if kind in examples:
            continue
        language = outcome.job.language
        words = ExampleWords(language, catalogue(language).kind(kind), answers(kind))
        params = get_kind(kind).example_params(outcome.job.params, words)
        if params is None:
            continue
        try:
            board = off_main_thread(get_kind(kind).generate, params,
                                    derive_seed(seed, "how-to-play", kind))
        except GenerationFailed:
            continue
        examples[kind] = Outcome(outcome.job, board)
    return examples


def lay_out(book: BookBase, layout: Layout, outcomes: list[Outcome], bleed: bool,
            examples: dict[str, Outcome] | None = None) -> tuple[BookRenderer, Pagination]:
    """Decide every page. A printed book's gutter follows its final page count, which is
    known only once the pages are decided: lay out, count, and again while it changes."""
    if book.worksheet:
        return lay_out_worksheet(book, layout, outcomes)
    if not book.print:
        # Proofs get the print book's room (fewer on a page, clues run on) so that nothing
        # is set under the floor; what still does not read is a warning when drawn.
        renderer = BookRenderer(book, layout, outcomes, bleed)
        return renderer, paginate(outcomes, layout, book.answers_where, book.language,
                                  fits=renderer.problem, continues=renderer.continues)
    kinds = tuple(dict.fromkeys(o.job.kind for o in outcomes)) if book.how_to_play else ()
    front = FrontMatter(copyright=any((book.copyright, book.isbn, book.edition, book.publisher)),
                        introduction=book.introduction or "", how_to_play=kinds,
                        padding=book.padding, openers=book.section_openers)
    # A first guess at the page count from the pages alone (no floor checks: quick), so
    # that a long book is usually laid out once, not once per gutter step it crosses.
    count = len(paginate(outcomes, layout.for_print(printrules.MIN_PAGES, bleed),
                         book.answers_where, book.language, front).book)
    for _ in range(4):             # the gutter has five steps; two rounds settle it
        printed = layout.for_print(count, bleed)
        renderer = BookRenderer(book, printed, outcomes, bleed, examples)
        pages = paginate(outcomes, printed, book.answers_where, book.language, front,
                         renderer.problem, continues=renderer.continues)
        if printrules.gutter_for(len(pages.book)) == printrules.gutter_for(count):
            break
        count = len(pages.book)
    renderer.fits_checked = True
    if pages.problems:
        raise LegibilityError(pages.problems, printed.min_font_size)
    problem = printrules.page_count_problem(len(pages.book))
    if problem:
        raise PageCountError(problem)
    return renderer, pages


def _check_spec_settings(spec: Spec, engine: str, scheduler: str | None) -> None:
    """Settings that would fail only after generating, refused at their spec line first."""
    if engine == "dask" and not scheduler and spec.book.executor == "dask":
        raise spec.error(("executor",), "the dask executor needs the scheduler's address: "
                         "add `scheduler: tcp://HOST:8786` (or give --scheduler)")


def _cover(spec: Spec, renderer: BookRenderer, pagination: Pagination,
           cover: bool | None) -> bytes | None:
    """The cover sheet, when the spec or --cover asks for one."""
    cover_spec = spec.book.cover_spec or (CoverSpec() if cover else None)
    return (cover_pdf(renderer, len(pagination.book), cover_spec, spec.path.parent)
            if cover_spec else None)


def _check_pdfs(spec: Spec, renderer: BookRenderer, pagination: Pagination, pdf: bytes,
                cover_bytes: bytes | None, bleed: bool, workers: int | None = 1,
                streamed: StreamedCheck | None = None) -> None:
    """The print check of the book and its cover (printed books)."""
    if spec.book.print and not spec.book.worksheet:
        cover_spec = spec.book.cover_spec or CoverSpec()
        preflight(renderer.layout, bleed, pdf, cover_bytes, len(pagination.book),
                  cover_spec.paper if cover_bytes else "white", workers, streamed)


def _lay_out_named(spec: Spec, layout: Layout, outcomes: list[Outcome], bleed: bool,
                   examples: dict[str, Outcome] | None) -> tuple[BookRenderer, Pagination]:
    """`lay_out`, with each section's spec line named when puzzles cannot be read."""
    try:
        return lay_out(spec.book, layout, outcomes, bleed, examples)
    except LegibilityError as exc:
        raise exc.located(lambda i: _spec_line(spec, ("sections", i))) from None
    except PageCountError as exc:
        raise too_many_pages(spec, [o.job for o in outcomes], exc.problem) from None


def _parallel(workers: int | None) -> int:
    return workers if workers is not None else (os.cpu_count() or 1)


def _spec_line(spec: Spec, path: tuple) -> str:
    """"file:line: " of a part of the spec (the nearest line the YAML has)."""
    error = spec.error(path, "")
    return f"{error.file}:{error.line}: " if error.line else f"{error.file}: "


def preflight(layout: Layout, bleed: bool, pdf: bytes, cover: bytes | None, pages: int,
              paper: str, workers: int | None = 1, streamed: StreamedCheck | None = None
              ) -> None:
    """The build checks its own output as `make-book check` would; a failure is a bug
    (or a layout file that breaks a print rule) and nothing is written. `streamed`: the
    check that read the book's pages while they were drawn."""
    floor = min(layout.min_font_size, layout.min_answer_font_size)
    reports = [check_bytes(pdf, "the book", layout.page, bleed, floor=floor,
                           workers=_parallel(workers), streamed=streamed)]
    if cover:
        reports.append(check_bytes(cover, "the cover", layout.page, cover=True, pages=pages,
                                   paper=paper, floor=floor))
    failures = [f"{r.file}: {f.rule}: {f.detail}" for r in reports for f in r.failures()]
    if failures:
        raise PublisherError("the print check failed: " + "; ".join(failures))
