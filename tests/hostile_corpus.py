"""A corpus of hostile specs, generated (never stored: some are megabytes).

`write_corpus(folder)` writes each case into its own sub-folder and returns the cases.
Every case must end in one clear error (exit 2, file:line) with nothing written, or,
for the few marked `builds`, in a book. Run by tests/test_hostile.py; also usable by
hand: `python tests/hostile_corpus.py /tmp/corpus` then make-book each spec."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

SECTION = "  - kind: wordsearch\n    size: 8\n    puzzles:\n      - title: P\n"


def words_spec(words: str) -> str:
    return f"title: T\nsections:\n{SECTION}        words: {words}\n"


def clues_spec(clues: str) -> str:
    return ("title: T\nsections:\n  - kind: crossword\n    puzzles:\n      - title: C\n"
            f"        clues: {clues}\n")


@dataclass
class Case:
    name: str
    spec: str | None                       # spec text; None when `setup` makes the spec
    files: dict[str, bytes | str] = field(default_factory=dict)
    expect: tuple[str, ...] = ()           # fragments of the error message
    args: tuple[str, ...] = ()             # extra command-line options
    setup: Callable[[Path], None] | None = None
    whole_file: bool = False               # the error is about the spec file itself: no line
    builds: bool = False                   # a valid book (a control case)


def laughs(levels: int = 10, width: int = 10) -> str:
    lines = [f"l0: &l0 [{', '.join(['lol'] * width)}]"]
    for n in range(1, levels):
        lines.append(f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]")
    return "\n".join(lines) + "\ntitle: T\nsections: [{kind: queens, size: 6, count: 1}]\n"


def merge_bomb(levels: int = 30) -> str:
    lines = ["m0: &m0 {a: 1, b: 2}"]
    for n in range(1, levels):
        lines.append(f"m{n}: &m{n} {{<<: [*m{n - 1}, *m{n - 1}], k{n}: 1}}")
    return "\n".join(lines) + "\ntitle: T\nsections: [{kind: queens, size: 6, count: 1}]\n"


def fifo(name: str) -> Callable[[Path], None]:
    return lambda folder: os.mkfifo(folder / name)


def link_out(name: str, target: str) -> Callable[[Path], None]:
    return lambda folder: os.symlink(target, folder / name)


def cases() -> list[Case]:
    latin1 = "cat\ndog\ncaf\u00e9\n".encode("latin-1")
    return [
        Case("control", words_spec("[cat, dog, cow]"), builds=True),
        Case("recursive-alias", "loop: &r [*r]\ntitle: T\nsections: []\n", expect=("loop",)),
        Case("sections-alias-in-itself",
             "title: T\nsections: &s\n  - kind: queens\n    size: 6\n    count: 1\n"
             "    extra: *s\n", expect=("loop",)),
        Case("billion-laughs", laughs(), expect=("too many aliases",)),
        Case("merge-bomb", merge_bomb(), expect=("too many aliases",)),
        Case("deep-brackets", "[" * 50_000, expect=("too deeply nested",)),
        Case("deep-mappings", "title: T\nsections:\n" + "".join(
            "  " * n + f"k{n}:\n" for n in range(1, 80)), expect=("too deeply nested",)),
        Case("huge-spec-of-comments", "title: T\n" + "# comment\n" * 300_000,
             expect=("bytes",), whole_file=True),
        Case("spec-is-a-fifo", None, setup=fifo("book.yaml"), expect=("not a regular file",),
             whole_file=True),
        Case("spec-is-a-folder", None, setup=lambda f: (f / "book.yaml").mkdir(),
             expect=("folder",), whole_file=True),
        Case("word-list-is-a-fifo", words_spec("w.txt"), setup=fifo("w.txt"),
             expect=("not a regular file",)),
        Case("word-list-is-a-device", words_spec("/dev/zero"), args=("--allow-paths",),
             expect=("not a regular file",)),
        Case("too-much-work", "title: T\nsections:\n  - kind: queens\n    size: 6\n"
             "    count: 1000\n    candidates: 100000\n", expect=("--max-work",)),
        Case("megabyte-title", "title: " + "x" * 1_000_000 + "\nsections:\n" + SECTION
             + "        words: [cat, dog]\n", expect=("1,000,000 characters",)),
        Case("long-clue", clues_spec("{cat: " + "purrs " * 400 + ", act: play}"),
             expect=("clue is 2,",)),
        Case("absolute-word-list", words_spec("/etc/passwd"), expect=("outside",)),
        Case("climbing-word-list", words_spec("../../../../../../../etc/passwd"),
             expect=("outside",)),
        Case("proc-word-list", words_spec("/proc/self/environ"), expect=("outside",)),
        Case("bundled-name-climbs", words_spec("en/../../../../../../etc/passwd"),
             expect=("outside",)),
        Case("link-out-of-folder", words_spec("w.txt"), setup=link_out("w.txt", "/etc/passwd"),
             expect=("outside",)),
        Case("absolute-layout", "layout: /etc/passwd\n" + words_spec("[cat, dog]"),
             expect=("book.yaml:1:", "outside")),
        Case("climbing-layout", "layout: ../../../../../../etc/passwd\n"
             + words_spec("[cat, dog]"), expect=("outside",)),
        Case("layout-is-a-fifo", "layout: l.yaml\n" + words_spec("[cat, dog]"),
             setup=fifo("l.yaml"), expect=("not a regular file",)),
        Case("look-alike-words", words_spec("[cat, \u0441\u0430\u0442]"), expect=("Cyrillic",)),
        Case("word-mixing-scripts", words_spec("[cat, h\u043erse]"), expect=("mixes",)),
        Case("crossword-nothing-crosses", clues_spec("{xyz: one, abc: two}"),
             expect=("cross",)),
        Case("word-is-a-list", words_spec("[cat, [dog]]"), expect=("list or mapping",)),
        Case("word-is-null", words_spec("[cat, ~]"), expect=("found nothing",)),
        Case("word-list-bad-yaml", clues_spec("w.yaml"), {"w.yaml": "cat: [a\n"},
             expect=("w.yaml:2", "not valid YAML")),
        Case("word-list-scalar", clues_spec("w.yaml"), {"w.yaml": "just words\n"},
             expect=("w.yaml:1",)),
        Case("word-list-duplicate-key", clues_spec("w.yaml"),
             {"w.yaml": "cat: a\ndog: b\ncat: c\n"}, expect=("w.yaml:3", "twice")),
        Case("word-list-latin-1", words_spec("w.txt"), {"w.txt": latin1},
             expect=("w.txt:3", "not UTF-8")),
        Case("word-list-alias-bomb", clues_spec("w.yaml"), {"w.yaml": laughs(8, 10)},
             expect=("w.yaml", "too many aliases")),
        Case("numeric-top-level-key", "title: T\n1: x\nsections:\n" + SECTION
             + "        words: [cat]\n", expect=("book.yaml:2:",)),
        Case("unprintable-title", "title: T\nsections:\n" + SECTION.replace(
            "title: P", 'title: "P\\u0001"') + "        words: [cat, dog]\n",
             expect=("book.yaml:6:", "U+0001")),
        Case("emoji-codes-stay-text", words_spec("[cat, 'dog:x:', 'dog']"),
             expect=("dog:x: / dog",)),
        Case("markup-stays-text", words_spec("[cat, '[b]dog[/b]', 'dog']"),
             expect=("'[b]dog[/b]' has '/' in it",)),
    ]


def write_corpus(root: Path) -> list[Case]:
    out = []
    for case in cases():
        folder = root / case.name
        folder.mkdir(parents=True)
        if case.spec is not None:
            (folder / "book.yaml").write_text(case.spec, encoding="utf-8")
        for name, content in case.files.items():
            data = content.encode() if isinstance(content, str) else content
            (folder / name).write_bytes(data)
        if case.setup:
            case.setup(folder)
        out.append(case)
    return out


if __name__ == "__main__":
    for case in write_corpus(Path(sys.argv[1])):
        print(case.name)
