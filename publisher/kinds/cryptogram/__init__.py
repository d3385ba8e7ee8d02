"""Cryptogram: a text enciphered by a letter substitution with no letter
standing for itself; hints reveal a few letters."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...data import data_dir
from ...grids.difficulty import difficulty_width, draw_difficulty
from ...grids.web import TYPING
from ...ground.catalogue import KindText
from ...words import bundled_lists
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, Params, PlanContext,
                    PuzzleRequest, SectionBase, WebPart, Word)
from .cipher import TextRefused, alphabet, encipher, language_of, normalise, read_texts
from .draw import draw_cryptogram, drawn_height, layout

BUNDLED = "cryptograms.yaml"           # wordlists/<lang>/cryptograms.yaml
PROVERB = "proverb"                    # the author of a proverb in the bundled sets


class CryptogramText(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    text: str = Field(min_length=1)
    author: str | None = None
    source: str | None = None


class CryptogramSection(SectionBase):
    kind: Literal["cryptogram"]
    texts: list[str | CryptogramText] | str | None = Field(
        default=None, description="inline texts, or a YAML file of {text, author}; "
                                  "default: the bundled set of the language")
    count: int | None = Field(default=None, ge=1, le=1000)
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    hints: int | None = Field(default=None, ge=0, le=20)


class CryptogramParams(Params):
    text: str
    author: str | None
    language: str
    hints: int | None
    difficulty: str


@dataclass
class CryptogramBoard(Board):
    plaintext: str = ""
    ciphertext: str = ""
    key: dict[str, str] = field(default_factory=dict)
    hints: list[str] = field(default_factory=list)
    author: str | None = None
    language: str = "en"
    difficulty: str = ""        # as asked; "" when the spec set the hints itself




class CryptogramKind(Kind[CryptogramSection, CryptogramParams, CryptogramBoard]):
    name = "cryptogram"
    section_model = CryptogramSection
    params_model = CryptogramParams
    default_candidates = 1           # every key is as good as another
    default_answers_per_page = 6
    default_per_page = 2       # one text fills a quarter of a page
    quoted_answers = True
    example = {"texts": ["A watched pot never boils, but it does get warm."]}

    def plan(self, section: CryptogramSection,
             ctx: PlanContext) -> list[PuzzleRequest[CryptogramParams]]:
        language = ctx.language
        entries, field_name, inline = self._entries(section, ctx, language)
        checked = []
        seen: dict[str, int] = {}
        for i, (text, author) in enumerate(entries):
            where = f"{field_name}[{i}]" if inline else field_name
            try:
                plain = normalise(text, language)
                alphabet(language)
            except TextRefused as exc:
                raise ctx.error(where, str(exc)) from None
            if inline and plain in seen:
                raise ctx.error(where, f"{text!r} is the same text as {field_name}"
                                f"[{seen[plain]}]; remove one")
            seen.setdefault(plain, i)
            if section.hints is not None:
                distinct = len({ch for ch in plain if ch in alphabet(language)})
                if section.hints >= distinct:
                    raise ctx.error("hints", f"{section.hints} hints would reveal every letter "
                                    f"of {text!r} ({distinct} different letters)")
            checked.append(Word(text=text, answer=plain, clue=author))
        if inline:
            if section.count is not None and section.count != len(checked):
                raise ctx.error("count", f"{len(checked)} texts are given, so there are "
                                f"{len(checked)} puzzles; leave `count` out")
            chosen = checked
            ctx.mark_used(chosen)
        else:
            chosen = ctx.take_unused(checked, section.count or 1, field_name)
        titles = ctx.titles(section.title, len(chosen))
        return [PuzzleRequest(title, CryptogramParams(
            text=w.text, author=w.clue, language=language, hints=section.hints,
            difficulty=section.difficulty), language) for title, w in zip(titles, chosen)]

    @staticmethod
    def _entries(section: CryptogramSection, ctx: Any, language: str
                 ) -> tuple[list[tuple[str, str | None]], str, bool]:
        """(text, author) pairs, the field to blame, and whether they were inline."""
        if isinstance(section.texts, list):
            return ([(t, None) if isinstance(t, str) else (t.text, t.author)
                     for t in section.texts], "texts", True)
        if isinstance(section.texts, str):
            path = Path(ctx.spec_dir) / section.texts
            field_name = "texts"
        else:
            path = data_dir("wordlists") / language / BUNDLED
            field_name = "language"
            if not path.is_file():
                raise ctx.error(field_name, f"there is no bundled set of cryptogram texts in "
                                f"{language!r}; give `texts:`")
        try:
            items = read_texts(path)
        except (OSError, TextRefused) as exc:
            raise ctx.error("texts", str(exc)) from None
        return [(it["text"], it["author"]) for it in items], field_name, False

    def example_params(self, params: CryptogramParams,
                       words: ExampleWords) -> CryptogramParams | None:
        """The first of the catalogue's example sayings none of whose longer words is an
        answer of the book (or a word of its texts)."""
        for saying in words.text.catalogue.lookup(f"kinds.{self.name}.example_texts"):
            if not words.gives_away(saying, shortest=4):
                return params.model_copy(update=dict(text=saying, author=None))
        return None

    def answers(self, board: CryptogramBoard) -> list[str]:
        return [w for w in board.plaintext.split() if len(w) >= 4]

    def generate(self, params: CryptogramParams, seed: int) -> CryptogramBoard:
        cipher = encipher(params.text, params.language, seed, params.hints, params.difficulty)
        return CryptogramBoard(score=0.0, plaintext=cipher.plaintext,
                               ciphertext=cipher.ciphertext, key=cipher.key, hints=cipher.hints,
                               author=params.author, language=params.language,
                               difficulty=params.difficulty if params.hints is None else "")

    def _notes(self, board: CryptogramBoard, ctx: Any, solution: bool) -> list[str]:
        notes = []
        if board.hints and not solution:
            pairs = ", ".join(f"{board.key[h]} = {h}" for h in board.hints)
            notes.append(ctx.text.text("hints", pairs=pairs))
        if board.author and solution:
            # the bundled sets mark a proverb retold in our words as author "proverb"
            author = ctx.text.text("proverb") if board.author == PROVERB else board.author
            notes.append(ctx.text.text("author", author=author))
        return notes

    def draw_puzzle(self, canvas: Any, board: CryptogramBoard, box: Box, ctx: DrawContext) -> None:
        below = draw_cryptogram(canvas, board.ciphertext, board.plaintext,
                                alphabet(board.language), box, ctx.theme, set(board.hints),
                                self._notes(board, ctx, False), extra_lines=bool(board.difficulty))
        if below and board.difficulty and not ctx.bare and difficulty_width(ctx, board.difficulty,
                                                           below[1]) <= box.width:
            draw_difficulty(canvas, ctx, board.difficulty, box.x + box.width / 2, *below)

    def draw_solution(self, canvas: Any, board: CryptogramBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw_cryptogram(canvas, board.ciphertext, board.plaintext, alphabet(board.language), box,
                        ctx.theme, set(alphabet(board.language)), self._notes(board, ctx, True))

    def draw_example(self, canvas: Any, board: CryptogramBoard, box: Box,
                     ctx: DrawContext) -> None:
        """The solved example in the middle of its box (the room under a How to play
        page's rules), not at its top with the foot of the page blank."""
        notes = len(self._notes(board, ctx, True))
        lay = layout(board.ciphertext, box.width, box.height, ctx.theme, notes)
        if lay is not None:
            spare = max(0.0, box.height - drawn_height(lay, ctx.theme, notes))
            box = replace(box, height=box.height - spare / 2)
        canvas.saveState()
        self.draw_solution(canvas, board, box, ctx)
        canvas.restoreState()

    def fits(self, board: CryptogramBoard, box: Box, ctx: DrawContext, solution: bool = False
             ) -> str | None:
        notes = len(self._notes(board, ctx, solution))
        notes += not solution and bool(board.difficulty)
        if layout(board.ciphertext, box.width, box.height, ctx.theme, notes) is None:
            return (f"the text ({len(board.ciphertext)} characters) does not fit at "
                    f"{ctx.theme.min_font_size:g} pt; put fewer puzzles on a page or use a "
                    "shorter text")
        return None

    def manifest(self, board: CryptogramBoard) -> dict[str, Any]:
        return {"plaintext": board.plaintext, "ciphertext": board.ciphertext,
                "key": dict(board.key), "hints": list(board.hints), "author": board.author,
                # the level printed: hints follow it (none printed when the spec set them)
                "difficulty": board.difficulty or None, "grade": board.difficulty or None}

    def from_manifest(self, entry: dict[str, Any]) -> CryptogramBoard:
        return CryptogramBoard(plaintext=entry["plaintext"], ciphertext=entry["ciphertext"],
                               key=dict(entry["key"]), hints=list(entry["hints"]),
                               author=entry.get("author"), language=language_of(entry["key"]),
                               difficulty=entry.get("difficulty") or "")

    def web(self, board: CryptogramBoard, text: KindText) -> WebPart:
        letters = alphabet(board.language)
        code = dict(zip(board.plaintext, board.ciphertext))

        def square(ch: str) -> dict[str, Any] | None:
            if ch == " ":
                return None                  # a gap between words
            if ch not in letters:
                return {"t": ch}             # punctuation, in place
            return {"s": ch, "l": code[ch], "grp": code[ch]} | ({"g": True} if ch in board.hints else {})

        # one line: the page wraps it at words to the screen's width
        line = [square(ch) for ch in " ".join(board.plaintext.split())]
        note = text.text("author", author=board.author) if board.author else None
        return WebPart(data={"rows": 1, "cols": len(line), "cells": [line], "flow": True,
                             "keys": letters, "advance": "reading", "gaps": "void",
                             "note": note},
                       rule=text.text("rule"), script=TYPING, uses=("cells",))

    def text_for_search(self, board: CryptogramBoard) -> list[str]:
        return [ch for ch in board.ciphertext if ch in alphabet(board.language)][:1]

    def listing(self, language: str, tag: str | None = None) -> list[str]:
        return bundled_lists(data_dir("wordlists"), language, ("cryptograms",), tag)


KIND = CryptogramKind()
