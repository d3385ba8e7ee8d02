"""Plan: turn a validated spec into puzzle jobs (kind, params, seed, candidates).

Word references are resolved here: inline lists, files beside the spec, or the
bundled lists in `wordlists/`."""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any, Callable, Sequence

from .data import data_dir
from .errors import SpecError
from .ground.catalogue import catalogue, missing_kind_strings
from .ground.files import excerpt, inside
from .ground.schedule import fill
from .ground.yamlfile import format_path, parse_path
from .kinds import get_kind
from .kinds.base import Box, DrawContext, Params, SectionBase, Theme
from .ground.limits import MAX_CLUE, MAX_TITLE, MAX_WORD, too_long
from .printable import unprintable
from .spec import Spec
from .words import (ThemeList, Word, bundled_themes, entries_from_node, make_word, read_list_file,
                    list_as_word, mixed_scripts, no_such_list, repeat_key, symbol_problem)


def derive_seed(*parts: Any) -> int:
    """A stable 63-bit seed from the book seed and names (same on every platform)."""
    digest = hashlib.blake2b("/".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Job:
    id: str
    kind: str
    section_index: int
    section_title: str
    title: str
    language: str
    params: Params
    candidates: int
    per_page: int
    answers_per_page: int | None      # the section's own choice; else the layout's, else the kind's
    colour: bool | None               # the section's own choice; else the layout's
    date: date | None = None          # a scheduled puzzle's day (`schedule:`)
    version: str = ""                 # `copies:`: the version code printed in the footer
    copy: int = 1                     # `copies:`: which copy (a worksheet's student packet)
    per_page_asked: bool = False      # the section set `per_page` (not the kind's default)
    cell_units: bool = False          # the grid writes the language's cell units (IJ) in one cell

    @property
    def where(self) -> str:
        """"Crosswords, crossword"; the kind alone when the section is titled after it."""
        same = self.section_title.casefold() == self.kind.casefold()
        return self.kind if same else f"{self.section_title}, {self.kind}"


class SectionContext:
    """The PlanContext a kind gets for one section (see kinds/base.py)."""

    def __init__(self, spec: Spec, index: int, section: SectionBase, used: set[str],
                 dates: list[date] | None = None,
                 avoid: Callable[[date | None], set[str]] | None = None,
                 clue_uses: Callable[[], dict[str, dict[str, tuple[str, int]]]] | None = None,
                 numbered: dict[str, int] | None = None,
                 room: tuple[Box, Theme] | None = None):
        self.spec, self.index, self.section, self.used = spec, index, section, used
        schedule = section.schedule or spec.book.schedule
        self.numbered_before = schedule.numbered_before if schedule is not None else 0
        # puzzles earlier sections numbered, by title: numbering goes on ("Nonogram 3")
        self.numbered = numbered if numbered is not None else {}
        self._first: dict[str, int] = {}
        self._room = room
        self.clue_uses = clue_uses
        # History: the k-th draw of a section is for its k-th puzzle (and day).
        self.dates, self.avoid, self.draws = dates, avoid, 0
        self.spec_dir = spec.path.parent
        self.language = section.language or spec.book.language
        self.text = catalogue(self.language).kind(section.kind)
        self.accents = section.accents or spec.book.accents
        # a worksheet teaches spelling: Ä Ö Ü in one cell unless it says otherwise
        self.umlauts = section.umlauts or spec.book.umlauts or (
            "keep" if spec.book.worksheet else None)
        fixed = get_kind(section.kind).cell_units
        self.units = fixed if fixed is not None else (section.ij or spec.book.ij) == "one"
        self.rng = random.Random(derive_seed(spec.book.seed, "pool", index))

    def error(self, field: str, message: str) -> SpecError:
        return self.spec.error(("sections", self.index) + parse_path(field), message)

    def note(self, message: str) -> None:
        line = self.spec.lines.get(("sections", self.index), 1)
        self.spec.notes.append(f"{self.spec.path.name}:{line}: sections[{self.index}]: "
                               f"{message}")

    def room(self) -> tuple[Box, DrawContext] | None:
        if self._room is None:
            return None
        box, theme = self._room
        return box, DrawContext(theme, self.text)

    def titles(self, title: str | None, count: int) -> list[str]:
        base = title or self.text.text("title")
        if "{" in base:
            return [base] * count         # plan_book fills {n} (and {date}) per puzzle
        if base not in self._first:
            self._first[base] = self.numbered.get(base, 0)
            self.numbered[base] = self._first[base] + count
        first = self._first[base]
        return [f"{base} {first + i + 1}" for i in range(count)] if count > 1 or first else [base]

    def words(self, ref: Any, field: str, language: str) -> list[Word]:
        words = self._resolve(ref, field, language)
        if not words:
            raise self.error(field, "has no words; give at least one")
        return words

    def clues(self, ref: Any, field: str, language: str) -> list[Word]:
        words = self.words(ref, field, language)
        missing = [w.text for w in words if not w.clue]
        if missing:
            named = [m for m in missing if _names_a_list(m)]
            raise self.error(field, f"{len(missing)} word{'s have' if len(missing) > 1 else ' has'}"
                             f" no clue ({', '.join(missing[:5])}); {_clue_advice(ref, field)}" + (
                                 f"; {named[0]} was read as a word: a list of word lists "
                                 "holds names of lists only (`[en/general-clues, mine.yaml]`)"
                                 if named else ""))
        return words

    def take_unused(self, pool: Sequence[Word], n: int, field: str,
                    accept: Callable[[list[Word], Word], bool] | None = None) -> list[Word]:
        repeat = self.section.repeat == "allow"
        held = {self.repeat_key(answer) for answer in self._held_back()}
        free = [w for w in pool if (repeat or self.repeat_key(w.answer) not in self.used)
                and self.repeat_key(w.answer) not in held]
        self.rng.shuffle(free)
        chosen: list[Word] = []
        keys: set[str] = set()          # one puzzle never holds côte and côté either
        for word in free:
            if len(chosen) == n:
                break
            key = self.repeat_key(word.answer)
            if key not in keys and (accept is None or accept(chosen, word)):
                chosen.append(word)
                keys.add(key)
        if len(chosen) < n:
            if repeat:
                raise self.error(field, f"a puzzle needs {n} words, but only {len(chosen)} of "
                                 "the list fit together; add words or lower `words_per_puzzle`")
            raise self.error(field, f"the word pool has run out: a puzzle needs {n} words, "
                             f"only {len(chosen)} unused ones fit (no word is repeated in the "
                             "book); add words, lower `count` or `words_per_puzzle`, or let "
                             "words recur across puzzles with `repeat: allow`"
                             + _held_note(pool, held, self.repeat_key))
        self.mark_used(chosen)
        return chosen

    def choose_clue(self, word: Word) -> str:
        """The word's clue: with a history, of its clues (`word: [clue, clue]`) the least
        recently printed (never printed first; ties drawn from the book seed); else the first."""
        clue = word.clue or ""
        if self.clue_uses is None or len(word.choices) < 2:
            return clue
        uses = self.clue_uses().get(word.answer, {})
        draw = random.Random(derive_seed(self.spec.book.seed, "clue", word.answer))
        ties = {c: draw.random() for c in word.choices}
        return min(word.choices, key=lambda c: (uses.get(c, ("", 0)), ties[c]))

    def _held_back(self) -> set[str]:
        """Words the history holds back for this draw's puzzle (used near its day)."""
        if self.avoid is None:
            return set()
        day = self.dates[min(self.draws, len(self.dates) - 1)] if self.dates else None
        self.draws += 1
        return self.avoid(day)

    def mark_used(self, words: Sequence[Word]) -> list[Word]:
        fresh = [w for w in words if self.repeat_key(w.answer) not in self.used]
        self.used.update(self.repeat_key(w.answer) for w in words)
        return fresh

    def repeat_key(self, answer: str) -> str:
        """Answers that fold to one key are one word for the no-repeat rules (côte, côté)."""
        return repeat_key(answer, self.language)

    def themes(self, selection: str | list[str], tag: str | None,
               field: str) -> list[ThemeList]:
        known = {t.name: t for t in bundled_themes(data_dir("wordlists"), self.language)}
        if selection == "all":
            chosen = [t for t in known.values() if tag is None or tag in t.tags]
            if not chosen:
                raise self.error(field, f"no {self.language} theme is tagged {tag!r}; "
                                 "`make-book lists --lang "
                                 f"{self.language}` shows the themes and their tags")
            return chosen
        unknown = [name for name in selection if name not in known]
        if unknown:
            raise self.error(field, f"{', '.join(map(repr, unknown))}: no such {self.language} "
                             f"theme; `make-book lists --lang {self.language}` lists them")
        return [known[name] for name in selection]

    def theme_words(self, theme: ThemeList, field: str) -> list[Word]:
        return self._make_words(read_list_file(theme.path), theme.language, field,
                                file=str(theme.path))

    def shuffled(self, items: list) -> list:
        """`items` in an order drawn from the book seed."""
        out = list(items)
        self.rng.shuffle(out)
        return out

    # --- resolving references ---------------------------------------------------------

    def _resolve(self, ref: Any, field: str, language: str) -> list[Word]:
        if isinstance(ref, list) and ref and all(map(_names_a_list, ref)):
            # Several lists, as a blocked crossword's clue databases: a word in two keeps
            # its first clue.
            words: dict[str, Word] = {}
            for k, one in enumerate(ref):
                for word in self._resolve(one, f"{field}[{k}]", language):
                    words.setdefault(word.answer, word)
            return list(words.values())
        if isinstance(ref, (list, dict)):
            entries = self._inline_entries(ref, field)
            return self._make_words(entries, language, field, file=str(self.spec.path))
        if not isinstance(ref, str) or not ref.strip():
            raise self.error(field, "give a list of words, a file beside the spec, "
                             "or a bundled list such as en/animals")
        path = self._find_list(ref.strip(), field)
        try:
            entries = read_list_file(path)
        except SpecError as exc:
            if exc.line is not None:
                raise
            # A whole-file problem (not a regular file, too big): at the spec's line.
            raise self.error(field, f"{path}: {exc.detail}") from None
        return self._make_words(entries, language, field, file=str(path))

    def _inline_entries(self, ref, field):
        # Re-compose the inline YAML node so each word keeps its line number.
        path = ("sections", self.index) + parse_path(field)
        return entries_from_node(self.spec.node(path), str(self.spec.path))

    def _find_list(self, ref: str, field: str) -> Path:
        if not (self.spec.read_anywhere or inside(self.spec_dir, ref)):
            raise self.error(field, f"{excerpt(ref)} is outside the spec's folder "
                             f"({self.spec_dir}); word lists are read from that folder "
                             "only, unless you pass --allow-paths")
        beside = self.spec_dir / ref
        if beside.exists() and not beside.is_dir():     # a FIFO too: refused when read
            self.spec.inputs.append(beside)
            return beside
        root = data_dir("wordlists")
        for suffix in ("", ".txt", ".yaml", ".yml"):
            candidate = root / (ref + suffix)
            if candidate.is_file() and inside(root, ref + suffix):   # never climbs out
                return candidate
        raise self.error(field, no_such_list(ref, self.spec_dir, self.language))

    def _make_words(self, entries, language: str, field: str, file: str) -> list[Word]:
        field = format_path(("sections", self.index) + parse_path(field))
        words: list[Word] = []
        lines: list[int | None] = []
        seen: dict[str, tuple[str, int | None]] = {}
        for text, clue, line in entries:
            word = make_word(text, language, self.accents, clue, self.umlauts, self.units)
            if not word.answer:
                raise SpecError(f"{excerpt(text)} has no letters; remove it or write it in letters",
                                file=file, line=line, field=field)
            if clue is not None and not word.clue:
                raise SpecError(f"the clue of {excerpt(text)} is empty; write a clue",
                                file=file, line=line, field=field)
            problem = (too_long(word.text, MAX_WORD, "a word") or list_as_word(text) or
                       symbol_problem(text) or
                       next(filter(None, (too_long(c, MAX_CLUE, "a clue")
                                          for c in (word.clue or "", *word.choices))), None) or
                       unprintable(word.text + (word.clue or "") + "".join(word.choices), excerpt(text),
                                   self.spec.fonts))
            if problem:
                raise SpecError(problem, file=file, line=line, field=field)
            if word.answer in seen:
                other, other_line = seen[word.answer]
                raise SpecError(f"{excerpt(text)} and {excerpt(other)} (line {other_line}) are the same "
                                f"word in the grid ({word.answer}); remove one",
                                file=file, line=line, field=field)
            seen[word.answer] = (text, line)
            words.append(word)
            lines.append(line)
        problem, at = mixed_scripts(words)
        if problem:
            raise SpecError(problem, file=file, line=lines[at], field=field)
        return words


def _clue_advice(ref: Any, field: str) -> str:
    """Where the missing `word: clue` lines go: a word list file (.txt, bundled) holds
    words only, so into a .yaml file of their own."""
    if isinstance(ref, str) and not ref.strip().lower().endswith((".yaml", ".yml")):
        yaml_file = f"{Path(ref.strip()).stem}.yaml"
        key = field.rsplit(".", 1)[-1].split("[")[0]
        return (f"{ref.strip()} is a list of words only: write `word: clue` lines in a "
                f"YAML file beside the spec ({yaml_file}) and make it `{key}: {yaml_file}`")
    return "write them as `word: clue`"


def _names_a_list(item: Any) -> bool:
    """A list item that names a word list (en/general-clues, clues.yaml), not a word."""
    return isinstance(item, str) and ("/" in item or item.strip().lower().endswith(
        (".txt", ".yaml", ".yml")))


def _held_note(pool: Sequence[Word], held: set[str], key: Callable[[str], str]) -> str:
    count = sum(key(w.answer) in held for w in pool)
    return (f"; {count} more are held back by the history (used within "
            "`repeat_window_days` of the puzzle's date)" if count else "")


def _check_printable(spec: Spec) -> None:
    book = spec.book
    fields: list[tuple[tuple[str | int, ...], str | None]] = [
              (("title",), book.title), (("subtitle",), book.subtitle),
              (("author",), book.author), (("copyright",), book.copyright)]
    fields += [(("sections", i, "title"), section.title)
               for i, section in enumerate(book.sections)]
    for path, text in fields:
        problem = too_long(text or "", MAX_TITLE, "this text") or \
            unprintable(text or "", excerpt(text or ""), spec.fonts)
        if problem:
            raise spec.error(path, problem)


def plan_book(spec: Spec, per_page_choices: set[int] | None = None,
              avoid: Callable[[date | None], set[str]] | None = None,
              clue_uses: Callable[[], dict[str, dict[str, tuple[str, int]]]] | None = None,
              room: tuple[Box, Theme] | None = None) -> list[Job]:
    """Jobs for every puzzle of the book. `per_page_choices`: what the layout can place;
    `avoid(day)`: answer words a puzzle of that day must not use (the history);
    `clue_uses()`: when each clue of a word was last printed (the history); `room`: the
    box of a puzzle alone on a page and the layout's theme (PlanContext.room)."""
    _check_printable(spec)
    by_copy: list[list[list[Job]]] = []     # [section][copy] -> that version's jobs
    used: set[str] = set()
    puzzles_before = 0        # version codes letter the puzzles across the book: A, B, ...
    # `{n}` goes on across sections with the same title ("Nonogram {n}" in two sections:
    # 1, 2, then 3, 4), so no two puzzles of a book share a title and an answer label
    numbered: dict[str, int] = {}
    titled: dict[str, int] = {}      # the same for a kind's numbered titles (ctx.titles)
    for index, section in enumerate(spec.book.sections):
        kind = get_kind(section.kind)
        section, dates, numbered_before = _scheduled(section, spec)
        ctx = SectionContext(spec, index, section, used, dates, avoid, clue_uses, titled, room)
        _check_language_options(section, kind, ctx)
        _check_per_page(section, ctx, per_page_choices)
        requests = kind.plan(section, ctx)
        # A title with a placeholder ("{theme}") names puzzles, not the section.
        title = (section.title if section.title and "{" not in section.title
                 else kind.section_title(section, ctx.text))
        _check_schedule(ctx, dates, len(requests))
        copies = section.copies or spec.book.copies or 1
        by_copy.append([])
        for copy in range(1, copies + 1):
            jobs: list[Job] = []
            by_copy[-1].append(jobs)
            for number, request in enumerate(requests, start=1):
                puzzle_title = _puzzle_title(spec, ctx, index, number, request.title, dates,
                                             numbered_before if dates is not None
                                             else numbered.get(request.title, 0))
                version = (_version_code(puzzles_before + number - 1, copy)
                           if copies > 1 else "")
                jobs.append(Job(   # a dated run's ids count on, as its {n} does: one a puzzle
                    id=f"s{index + 1}-" + (f"v{copy}-" if copy > 1 else "")
                    + f"{numbered_before + number:03d}",
                    kind=section.kind, section_index=index,
                    section_title=title, title=puzzle_title, language=request.language,
                    params=kind.version_params(request.params, copy) if copy > 1
                    else request.params,
                    candidates=section.candidates or kind.default_candidates,
                    per_page=section.per_page or kind.default_per_page,
                    per_page_asked=section.per_page is not None,
                    answers_per_page=section.answers_per_page,
                    colour=section.colour,
                    date=dates[number - 1] if dates is not None else None, version=version,
                    copy=copy, cell_units=ctx.units))
        puzzles_before += len(requests)
        for template in {request.title for request in requests}:
            numbered[template] = numbered.get(template, 0) + len(requests)
    jobs = _numbered_lone(_in_print_order(by_copy, spec.book.worksheet), titled)
    if not jobs:
        raise spec.error(("sections",), "the book has no puzzles; give a section `puzzles` "
                         "or a `count`")
    return jobs


def _check_per_page(section: SectionBase, ctx: SectionContext,
                    choices: set[int] | None) -> None:
    """`per_page` and `answers_per_page` must be counts the layout places."""
    for key in ("per_page", "answers_per_page"):
        value = getattr(section, key)
        if choices is not None and value is not None and value not in choices:
            raise ctx.error(key, f"the layout places {', '.join(map(str, sorted(choices)))} "
                            f"puzzles on a page, not {value}")


def _check_schedule(ctx: SectionContext, dates: list[date] | None, made: int) -> None:
    if dates is not None and made != len(dates):
        raise ctx.error("schedule", f"the schedule has {len(dates)} puzzles (days x "
                        f"per_day) but the section makes {made}; give as many "
                        "`puzzles` as that, or drop them and let the schedule count")


def _check_language_options(section: SectionBase, kind: Any, ctx: SectionContext) -> None:
    """The kind has its words in the section's language (an installed kind brings its
    own), and a section's own `umlauts` / `ij` mean something for its language and kind
    (the book's apply where they do: one key serves a book mixing languages)."""
    missing = missing_kind_strings(section.kind, ctx.language)
    if missing:
        raise ctx.error("language" if section.language else "kind", missing)
    facts = catalogue(ctx.language)
    if section.umlauts is not None and not facts.umlauts:
        raise ctx.error("umlauts", f"{ctx.language} has no umlauts to expand or keep (the "
                        "option is for German); remove `umlauts`")
    if section.ij is not None and not facts.cell_units:
        raise ctx.error("ij", f"{ctx.language} writes no letter pair in one cell (the option "
                        "is for Dutch IJ); remove `ij`")
    if section.ij is not None and kind.cell_units is not None:
        how = "in one cell" if kind.cell_units else "as two letters"
        raise ctx.error("ij", f"`ij` chooses how word searches write IJ; a {section.kind} "
                        f"always writes it {how}; remove `ij`")


def _in_print_order(by_copy: list[list[list[Job]]], worksheet: bool) -> list[Job]:
    """A book runs section by section; a worksheet runs version by version across its
    sections (every section's copy 1, then every copy 2, ...), so a teacher prints one
    packet per student. A section with fewer copies drops out of the later packets."""
    if not worksheet:
        return [job for section in by_copy for copy in section for job in copy]
    most = max((len(section) for section in by_copy), default=0)
    return [job for copy in range(most) for section in by_copy if copy < len(section)
            for job in section[copy]]


def _numbered_lone(jobs: list[Job], titled: dict[str, int]) -> list[Job]:
    """A lone puzzle a later section numbered on from ("Kakuro 2") is "Kakuro 1"."""
    return [replace(job, title=f"{job.title} 1") if titled.get(job.title, 0) > 1 else job
            for job in jobs]


def _version_code(puzzle: int, copy: int) -> str:
    """A1, A2 ... for the first puzzle's versions, B1 ... for the second; AA1 after Z."""
    letters = ""
    puzzle += 1
    while puzzle:
        puzzle, rest = divmod(puzzle - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{copy}"


def _puzzle_title(spec: Spec, ctx: SectionContext, index: int, number: int, title: str,
                  dates: list[date] | None, numbered_before: int = 0) -> str:
    """The puzzle's title with `{n}` (and `{date}` when scheduled: `{n}` goes on from
    earlier runs of the schedule) filled in, checked for length and glyphs."""
    own: tuple[str | int, ...] = ("sections", index, "puzzles", number - 1, "title")
    at = own if own in spec.lines else ("sections", index, "title")
    puzzle_title = title
    if "{" in title:                  # a kind has filled its own ({theme}) already
        values: dict[str, object] = {"n": numbered_before + number}
        if dates is not None:
            values["date"] = dates[number - 1]
        try:
            puzzle_title = fill(title, ctx.language, **values)
        except ValueError as exc:
            raise spec.error(at, str(exc)) from None
    problem = too_long(puzzle_title, MAX_TITLE, "a title") or \
        unprintable(puzzle_title, excerpt(puzzle_title), spec.fonts)
    if problem:
        raise spec.error(at, problem)
    return puzzle_title


def _scheduled(section: SectionBase, spec: Spec
               ) -> tuple[SectionBase, list[date] | None, int]:
    """The section with `count` from its schedule (its own, else the book's) and the
    day of each puzzle, and how many puzzles earlier runs numbered; (section, None, 0)
    when it has none."""
    schedule = section.schedule or spec.book.schedule
    if schedule is None:
        return section, None, 0
    if "count" in type(section).model_fields and getattr(section, "puzzles", None) is None:
        section = section.model_copy(update={"count": schedule.count})
    return section, schedule.dates(), schedule.numbered_before
