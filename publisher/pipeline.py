"""spec -> plan -> generate -> lay out -> write. The CLI and the tests call `build_book`."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .batch import AllCandidatesFailed, Outcome, generate_all, make_executor
from .export.manifest import build_manifest, dumps
from .ground import transaction
from .kinds import get_kind
from .kinds.base import BookMeta
from .ground.limits import check_work
from .plan import plan_book
from .render.book import BookRenderer, paginate, single_puzzle
from .render.layout import load_layout
from .spec import Spec, load_spec


@dataclass
class BuildResult:
    pdf: Path
    manifest: Path
    files: list[Path]
    puzzles: int
    pages: int
    warnings: list[str] = field(default_factory=list)


class Progress:
    """What the pipeline reports; the CLI shows it as a progress bar."""

    def stage(self, name: str, total: int) -> None: ...
    def advance(self, n: int = 1) -> None: ...


def build_book(spec_path: str | Path, out_dir: str | Path = "output", seed: int | None = None,
               workers: int | None = None, progress: Progress | None = None,
               split: bool | None = None, max_work: int | None = None,
               allow_paths: bool = False) -> BuildResult:
    """Build the book. `split` (default: the spec's) also writes one PDF per puzzle.
    `max_work`: the ceiling on total work (default `limits.MAX_WORK`). `allow_paths`:
    word lists and layouts may be read from outside the spec's folder."""
    progress = progress or Progress()
    spec = load_spec(spec_path)
    spec.read_anywhere = allow_paths
    transaction.preflight(Path(out_dir), spec.name, protected=(spec.path,))
    layout = load_layout(spec.book.layout, spec.path.parent,
                         lambda message: spec.error(("layout",), message), allow_paths)
    seed = spec.book.seed if seed is None else seed
    spec.book.seed = seed          # the plan's word draws follow the effective seed
    jobs = plan_book(spec, set(layout.page_grids))
    check_work(jobs, max_work, f"{spec.path}:{spec.lines.get(('sections',), 1)}: ")

    progress.stage("Generating puzzles", sum(job.candidates for job in jobs))
    try:
        outcomes = generate_all(jobs, seed, make_executor(workers), progress.advance)
    except AllCandidatesFailed as exc:
        raise spec.error(("sections", exc.job.section_index), str(exc)) from None

    answers = spec.book.answers_where
    split = spec.book.split if split is None else split
    pages = paginate(outcomes, layout, answers, spec.book.language)
    singles = [single_puzzle(i, o, answers) for i, o in enumerate(outcomes)] if split else []
    progress.stage("Laying out pages", len(pages.book) + len(pages.answers)
                   + sum(len(s.book) for s in singles))
    renderer = BookRenderer(spec.book, layout, outcomes)
    # Everything is rendered in memory first: an error leaves no half-written book.
    pdf_bytes = renderer.render(pages.book, pages.placements, progress.advance)
    sheet_bytes = (renderer.render(pages.answers, pages.placements, progress.advance)
                   if pages.answers else None)
    single_bytes = [renderer.render(s.book, s.placements, progress.advance) for s in singles]

    name = spec.name
    output = _output_files(spec, seed, outcomes, pages.placements, pdf_bytes, sheet_bytes,
                           single_bytes if split else None)
    # One transaction: the previous output stays whole until the new one is complete.
    written = transaction.publish(Path(out_dir), name, output,
                                  protected=(spec.path, *spec.inputs))
    pdf, manifest_path = written[0], written[-1]
    warnings = [f"{o.job.title} ({o.job.section_title}): {w}"
                for o in outcomes for w in o.kept.warnings] + renderer.warnings
    return BuildResult(pdf, manifest_path, written[1:-1], len(outcomes),
                       len(pages.book) + len(pages.answers), warnings)


def _output_files(spec: Spec, seed: int, outcomes: list[Outcome], placements: list,
                  pdf_bytes: bytes, sheet_bytes: bytes | None,
                  single_bytes: list[bytes] | None) -> dict[str, bytes]:
    """Every file of the build (relative path -> bytes), the manifest last."""
    name = spec.name
    meta = BookMeta(title=spec.book.title, author=spec.book.author or "",
                    copyright=spec.book.copyright or "")
    output: dict[str, bytes] = {f"{name}.pdf": pdf_bytes}
    files: dict[str, list[str]] = {}
    for index, outcome in enumerate(outcomes):
        side = get_kind(outcome.job.kind).side_files(outcome.kept, outcome.job.title, meta)
        names = [f"{name}/{outcome.job.id}.{ext}" for ext in side]
        output.update(zip(names, side.values()))
        if single_bytes is not None:
            names.insert(0, f"{name}/{outcome.job.id}.pdf")
            output[names[0]] = single_bytes[index]
        files[outcome.job.id] = names
    sheet_name = None
    if sheet_bytes:
        sheet_name = f"{name}-answers.pdf"
        output[sheet_name] = sheet_bytes
    manifest = build_manifest(spec.book, seed, f"{name}.pdf", spec.book.layout, outcomes,
                              placements, files, sheet_name)
    output[f"{name}.json"] = dumps(manifest).encode("utf-8")     # the manifest goes in last
    return output
