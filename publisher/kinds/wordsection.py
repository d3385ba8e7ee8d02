"""The one section grammar of every kind that takes words (docs/spec.md, "Sections of
words"): `puzzles:` (each with its title and words), `words:` (one puzzle of the whole
list; with `count` + `words_per_puzzle`, puzzles drawn from it) or `themes:` (bundled
lists). A kind opts in by subclassing `WordSection` (and `WordPuzzle` for keys of its own
per puzzle) and calls `word_sets` in `plan`; a new word kind gets all three forms."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..ground.reasons import listed
from ..words import Word
from .base import Language, PlanContext, SectionBase

WordsRef = Union[str, list, dict]     # inline words, `word: clue` pairs, a file or a bundled list


class WordPuzzle(BaseModel):
    """One item of `puzzles:`: a title and its own list, as `words:` or `clues:` (one key
    under two names)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    title: str = Field(min_length=1)
    words: WordsRef | None = None
    clues: WordsRef | None = None
    language: Language | None = None

    @model_validator(mode="after")
    def _one_list(self) -> WordPuzzle:
        if (self.words is None) == (self.clues is None):
            raise ValueError("each puzzle needs its list, as `words:` or `clues:` (one of the "
                             "two: `clues:` is the same key, for `word: clue` pairs)")
        return self

    @property
    def key(self) -> str:
        return "words" if self.words is not None else "clues"


class WordSection(SectionBase):
    """A section of a kind that takes words: one of the three forms, checked here once."""

    puzzles: list[WordPuzzle] | None = None
    count: int | None = Field(default=None, ge=1, le=2000)
    words_per_puzzle: int | None = Field(default=None, ge=1, le=300)
    words: WordsRef | None = None
    clues: WordsRef | None = Field(default=None, description="`words` under its other name")
    themes: Literal["all"] | list[str] | None = Field(
        default=None, description="bundled themes: one puzzle per theme (or `count`, cycling)")
    tag: str | None = Field(default=None, description="with `themes: all`: only themes tagged so")

    def takes_words(self) -> bool:
        """False when the section's style takes no word lists (a blocked crossword)."""
        return True

    def clues_required(self) -> bool:
        """Every word needs a clue (a crossword, a scramble showing clues)."""
        return False

    @property
    def pool(self) -> tuple[str, WordsRef | None]:
        """(key, list) of the section's own `words:` or `clues:`."""
        return ("words", self.words) if self.clues is None else ("clues", self.clues)

    def most_words(self) -> int | None:
        """The most words one puzzle of this kind takes: `words_per_puzzle`'s bound."""
        bounds = type(self).model_fields["words_per_puzzle"].metadata
        return next((bound.le for bound in bounds if getattr(bound, "le", None)), None)

    @model_validator(mode="after")
    def _one_word_form(self) -> WordSection:
        if not self.takes_words():
            return self
        if self.words is not None and self.clues is not None:
            raise ValueError("give `words:` or `clues:`, not both: they are one key under two "
                             "names (`clues:` reads best for `word: clue` pairs)")
        key, pool = self.pool
        if self.themes is not None:
            return self._themes_form(key, pool)
        if self.tag is not None:
            raise ValueError("`tag` goes with `themes: all`")
        if self.puzzles is not None:
            pooled = [f"`{name}`" for name, value in (("count", self.count), ("words_per_puzzle",
                      self.words_per_puzzle), (key, pool)) if value is not None]
            if pooled:
                raise ValueError(f"give either `puzzles` (each puzzle with its own `title` and "
                                 f"`{key}`) or `count` + `words_per_puzzle` + `{key}` (a "
                                 f"pool), not both: drop {listed(pooled)} (the "
                                 "section's), or drop `puzzles`")
            if not self.puzzles:
                raise ValueError(f"`puzzles` is empty; add at least one {{title, {key}}}")
            return self
        if pool is None:
            if self.count is not None:
                raise ValueError(f"`count` needs `{key}` (the pool) and `words_per_puzzle`")
            raise ValueError(f"give either `puzzles:` (a list of {{title, {key}}}), or `{key}:` "
                             "(one puzzle of the whole list; with `count:` + "
                             "`words_per_puzzle:`, puzzles drawn from it), or `themes:`")
        if (self.count or 1) > 1 and self.words_per_puzzle is None:
            raise ValueError("`count` above 1 needs `words_per_puzzle` (words drawn from "
                             f"`{key}` for each puzzle); without `count`, the whole list is "
                             "one puzzle")
        return self

    def _themes_form(self, key: str, pool: WordsRef | None) -> WordSection:
        if self.puzzles is not None or pool is not None:
            raise ValueError("`themes` draws each puzzle's words from a bundled theme: "
                             f"give it without `puzzles` or `{key}`")
        if self.clues_required():
            raise ValueError("`themes` gives words without clues, and this section needs a "
                             "clue for every word: give `puzzles:`, or `count:` + "
                             "`words_per_puzzle:` + `clues:`")
        if self.words_per_puzzle is None:
            raise ValueError("`themes` needs `words_per_puzzle` (how many words of each "
                             "theme go into its puzzle)")
        if self.themes == []:
            raise ValueError("`themes` is empty; write `themes: all` or name some")
        return self


@dataclass(frozen=True)
class WordSet:
    """One puzzle's words from a word section, whichever its form."""

    title: str
    words: list[Word]
    field: str                        # where they came from, for errors: "puzzles[1].words"
    language: str
    exact: bool                       # as written (the kind checks every word); else drawn
    puzzle: WordPuzzle | None = None  # its `puzzles:` item (a kind's own keys), if any


Usable = Callable[[list[Word], str], list[Word]]
Accept = Callable[[list[Word], Word], bool]


def word_sets(section: WordSection, ctx: PlanContext, usable: Usable | None = None,
              accept: Accept | None = None) -> list[WordSet]:
    """Each puzzle's words, marked used. A pool (`count` + `words_per_puzzle`, `themes`) is
    first narrowed by `usable(pool, field)` (the words the kind can place; it may raise),
    then drawn with `accept` (no word repeated in the book unless `repeat: allow`); lists
    as written (`puzzles:`, or `words:` alone) are the kind's to check, word by word."""
    def resolve(ref: WordsRef | None, field: str, language: str, exact: bool) -> list[Word]:
        words = (ctx.clues if section.clues_required() else ctx.words)(ref, field, language)
        most = section.most_words()
        if exact and most is not None and len(words) > most:
            raise ctx.error(field, f"{len(words)} words are more than one puzzle takes ({most}); "
                            "split them into `puzzles:`, or draw some for each puzzle with "
                            "`words_per_puzzle`")
        return words

    narrow = usable or (lambda pool, field: pool)
    per_puzzle = section.words_per_puzzle
    if section.puzzles is not None:
        sets = []
        for i, puzzle in enumerate(section.puzzles):
            field, language = f"puzzles[{i}].{puzzle.key}", puzzle.language or ctx.language
            words = resolve(puzzle.words if puzzle.clues is None else puzzle.clues, field,
                            language, True)
            ctx.mark_used(words)
            sets.append(WordSet(puzzle.title, words, field, language, True, puzzle))
        return sets
    if section.themes is not None:
        assert per_puzzle is not None       # the model requires it with `themes`
        drawn = []
        for title, pool in _theme_pools(section, ctx):
            words = ctx.take_unused(narrow(pool, "themes"), per_puzzle, "themes", accept)
            drawn.append(WordSet(title, words, "themes", ctx.language, False))
        return drawn
    key, ref = section.pool
    pool = resolve(ref, key, ctx.language, per_puzzle is None)
    titles = ctx.titles(section.title, section.count or 1)
    if per_puzzle is None:                  # one puzzle of the whole list, as written
        ctx.mark_used(pool)
        return [WordSet(titles[0], pool, key, ctx.language, True)]
    drawable = narrow(pool, key)
    return [WordSet(title, ctx.take_unused(drawable, per_puzzle, key, accept), key,
                    ctx.language, False) for title in titles]


def _theme_pools(section: WordSection, ctx: PlanContext) -> list[tuple[str, list[Word]]]:
    """(title, words) per puzzle: a theme each, or `count` puzzles cycling through the
    themes in an order drawn from the seed (a dated run goes on where earlier runs of the
    schedule left off, so no day repeats the day before); titled by the theme, or
    `{theme}` in `title`."""
    assert section.themes is not None
    themes = ctx.themes(section.themes, section.tag, "themes")
    if section.count is not None:
        order = ctx.shuffled(themes)
        first = ctx.numbered_before
        themes = [order[(first + i) % len(order)] for i in range(section.count)]
    title = section.title or "{theme}"
    if "{theme}" not in title:
        titles = ctx.titles(title, len(themes))
    else:
        titles = [title.replace("{theme}", theme.title) for theme in themes]
    return [(name, ctx.theme_words(theme, "themes")) for name, theme in zip(titles, themes)]
