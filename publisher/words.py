"""Word lists: reading, normalising, alphabets and letter frequencies per language."""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from typing import Iterable, Literal, Sequence

import yaml

from .data import bundled_names, data_dir
from .errors import SpecError
from .ground.catalogue import catalogue
from .ground.files import MAX_LIST_BYTES, excerpt, read_text
from .ground.yamlfile import compose, is_null, line_of, mapping_pairs

AccentPolicy = Literal["keep", "strip"]
UmlautPolicy = Literal["expand", "keep"]
Entry = tuple[str, "str | None", "int | None"]     # (word, clue or None, line or None)
# Alphabets, accent policies and the letters each language keeps when stripping
# accents (Spanish Ñ; Russian Ё, Й) come from the language catalogue: filler letters
# always come from the puzzle's own language.


@dataclass(frozen=True)
class Word:
    """A word as printed (`text`, NFC) and as written in the grid (`answer`)."""

    text: str
    answer: str
    clue: str | None = None
    choices: tuple[str, ...] = ()     # every clue when a database gives several (clue = the first)


class Clues(str):
    """The first of several clues (`word: [clue, clue]`), carrying them all in `choices`."""

    choices: tuple[str, ...] = ()


def display_form(text: str) -> str:
    """NFC, trimmed, inner white space collapsed: how the word is printed."""
    return " ".join(unicodedata.normalize("NFC", str(text)).split())


def grid_form(text: str, language: str, accents: AccentPolicy | None = None,
              umlauts: UmlautPolicy | None = None, units: bool = False) -> str:
    """Upper-case letters only, as written in a grid ("ice cream" -> ICECREAM).

    Spaces, hyphens, apostrophes and other non-letters are dropped. The language's
    catalogue says the rest, as data: letters always spelled out (ß -> SS, Œ -> OE),
    then, with the "strip" policy, diacritics go except on letters the language treats
    as letters of their own (Spanish Ñ, Russian Ё/Й). German umlauts are spelled out
    (Ä -> AE) unless `umlauts` is "keep" (then Ä is one cell). With `units`, the groups
    that take one cell in crossword-like grids become one character (Dutch IJ -> Ĳ, one
    cell everywhere in the engine, drawn as "IJ")."""
    facts = catalogue(language)
    policy = accents or facts.accents
    keep = facts.keep_when_stripping
    spelled = facts.spelled_out
    if (umlauts or "expand") == "expand":
        spelled = {**facts.umlauts, **spelled}
    else:
        keep += "".join(facts.umlauts)
    # The ligature Ĳ (Dutch dictionaries store ĳ) is the letters IJ until `units` joins them.
    text = unicodedata.normalize("NFC", str(text)).replace("ĳ", "ij").replace("Ĳ", "IJ")
    out = []
    for ch in facts.upper(text):
        if not unicodedata.category(ch).startswith("L"):
            continue
        if ch in spelled:
            out.append(spelled[ch])
            continue
        if policy == "strip" and ch not in keep:
            base = "".join(c for c in unicodedata.normalize("NFD", ch)
                           if not unicodedata.combining(c))
            ch = unicodedata.normalize("NFC", base)
        out.append(ch)
    form = "".join(out)
    return cell_form(form, language) if units else form


# What a grid leaves out of a word on purpose, beside spaces and digits: hyphens and
# dashes, quotes and brackets (by Unicode category), and the punctuation of phrases.
_DROPPED_CATEGORIES = ("Pd", "Ps", "Pe", "Pi", "Pf")
_DROPPED_PUNCTUATION = set(".,!?;:'\"¡¿…·")


def stray_symbol(text: str) -> str | None:
    """The first character of `text` that no grid holds and no word is written with
    (`c@t`, `a+b`, `x_y`): the grid form would drop it silently (CT)."""
    for ch in str(text):
        category = unicodedata.category(ch)
        if category[0] in "LMNZ" or category in _DROPPED_CATEGORIES \
                or ch in _DROPPED_PUNCTUATION:
            continue
        if category[0] in "PS":
            return ch
    return None


def list_as_word(text: str) -> str | None:
    """Why a word that names a word list (a list of words mixed with names of lists)
    cannot be a word, or None."""
    return (f"{text} was read as a word: a list of word lists holds names of lists only "
            "(`[en/general-clues, mine.yaml]`)") if re.fullmatch(r"[\w.-]+(/[\w.-]+)+", text) \
        and symbol_problem(text) else None


def symbol_problem(text: str) -> str | None:
    """Why `text` cannot be a word: a symbol in it that no grid holds, or None."""
    symbol = stray_symbol(text)
    return symbol and (f"{excerpt(text)} has {symbol!r} in it, which no grid holds; write "
                       "the word in letters (spaces, hyphens, apostrophes and punctuation are "
                       "left out of the grid, other symbols are not)")


def no_such_list(ref: str, folder: Path, language: str) -> str:
    """Why `ref` names no word list beside the spec (in `folder`) or bundled: a folder,
    or no such name, with the bundled lists of the spec's language named like it."""
    if (folder / ref).is_dir():
        return (f"{excerpt(ref)} is a folder beside the spec, not a word list; name a file "
                f"in it (e.g. {ref.rstrip('/')}/words.txt) or a bundled list")
    near = lists_named_like(ref, language)
    hint = f"did you mean {' or '.join(near)}? " if near else ""
    return (f"{excerpt(ref)} is neither a file beside the spec ({folder}) nor a bundled "
            f"list; {hint}`make-book lists --lang {language}` shows the bundled themes")


def lists_named_like(ref: str, language: str) -> list[str]:
    """Bundled lists of `language` (or of the one `ref` starts with) whose names are
    close to `ref`'s: a near miss of the name, never another list that merely shares a
    word with it (missing-clues is not spelling/clues-es)."""
    prefix, _, name = ref.lower().rpartition("/")
    for suffix in (".txt", ".yaml", ".yml"):
        name = name.removesuffix(suffix)
    language = prefix or language
    themes = [theme.removeprefix(f"{language}/")
              for theme in bundled_names("wordlists", (".txt", ".yaml", ".yml"))
              if theme.startswith(f"{language}/")]
    return [f"{language}/{theme}"
            for theme in difflib.get_close_matches(name, themes, n=3, cutoff=0.75)]


def cell_form(answer: str, language: str) -> str:
    """A grid answer with the language's cell units joined (Dutch IJSBEER -> ĲSBEER)."""
    for letters, unit in catalogue(language).cell_units.items():
        answer = answer.replace(letters, unit)
    return answer


@lru_cache(maxsize=1 << 16)    # asked for every word of a pool, for every puzzle drawn
def repeat_key(answer: str, language: str) -> str:
    """What makes two grid answers "the same word" for the no-repeat rules (in a puzzle,
    a book, the desk history): the answer with accents stripped, umlauts spelled out and
    cell units as their letters, so that côte, côté and cote, or HÄNDE and HAENDE, or
    ĲS and IJS are one word whatever form each puzzle prints."""
    return grid_form(answer, language, accents="strip", umlauts="expand")


def alphabet_for(language: str, answers: Iterable[str] = ()) -> str:
    """The language's letters in its own order, then any other letters the answers use."""
    base = catalogue(language).alphabet
    extra = set("".join(answers)) - set(base)
    return base + "".join(sorted(extra))


def letter_weights(alphabet: str, answers: Iterable[str]) -> list[float]:
    """Filler weights: the words' own letter frequencies, smoothed so that every
    letter of the alphabet can appear (a Spanish grid may show Ñ)."""
    counts = Counter("".join(answers))
    total = sum(counts.values()) or 1
    floor = total / (4 * len(alphabet))
    return [counts.get(ch, 0) + floor for ch in alphabet]


def make_word(text: str, language: str, accents: AccentPolicy | None = None,
              clue: str | None = None, umlauts: UmlautPolicy | None = None,
              units: bool = False) -> Word:
    return Word(text=display_form(text), answer=grid_form(text, language, accents, umlauts, units),
                clue=display_form(clue) if clue is not None else None,
                choices=tuple(display_form(c) for c in getattr(clue, "choices", ())))


# --- themes: bundled lists with a `# title:` / `# tags:` header -------------------------

@dataclass(frozen=True)
class ThemeList:
    """A bundled theme list (wordlists/<language>/<name>.txt with a header)."""

    name: str
    language: str
    title: str
    tags: tuple[str, ...]
    path: Path


def read_theme_header(path: Path) -> tuple[str, tuple[str, ...]] | None:
    """(title, tags) from a list file's leading `# title:` / `# tags:` lines, or None."""
    title: str | None = None
    tags: tuple[str, ...] = ()
    for line in _read(path).splitlines()[:6]:
        if not line.startswith("#"):
            break
        key, _, value = line[1:].partition(":")
        if key.strip() == "title":
            title = value.strip()
        elif key.strip() == "tags":
            tags = tuple(t.strip() for t in value.split(",") if t.strip())
    return (title, tags) if title else None


def bundled_themes(root: Path, language: str) -> list[ThemeList]:
    """Every theme of `language` under the word-list folder `root`, by name."""
    themes = []
    for path in sorted((root / language).glob("*.txt")):
        header = read_theme_header(path)
        if header:
            themes.append(ThemeList(path.stem, language, header[0], header[1], path))
    return themes


# The other bundled lists of a language, by name: what `clues:`, `words:`, `texts:` and
# the fill take (docs/spec.md).
OTHER_LISTS = (("clues", "clues.yaml", "pairs  the clue database (word: clue)"),
               ("general-clues", "general-clues.yaml", "pairs  clues for freeform crosswords"),
               ("cryptograms", "cryptograms.yaml", "texts  cryptogram texts"),
               ("fill", "fill.txt", "words  the fill list (WORD;SCORE)"),
               ("crossword-fill", "crossword-fill.txt",
                "words  the blocked crosswords' fill list (WORD;SCORE)"))


def bundled_lists(root: Path, language: str, names: Sequence[str] | None = None,
                  tag: str | None = None) -> list[str]:
    """`make-book lists` lines for the lists of `language` under the word-list folder
    `root` that are not themes (of `names` only): name, entries, what they are. They
    have no tags: a `tag` is a ValueError."""
    if tag is not None:
        raise ValueError(f"these lists ({', '.join(names or ())}) have no tags; leave "
                         "--tag out")
    out = []
    for name, file, what in OTHER_LISTS:
        path = root / language / file
        if path.is_file() and (names is None or name in names):
            lines = path.read_text(encoding="utf-8").splitlines()
            # One entry a line in every one of these files; comments and blanks aside.
            count = sum(1 for line in lines if line.strip() and not line.lstrip().startswith("#"))
            out.append(f"{language}/{name:24} {count:4} {what}")
    return out


# --- reading word lists ------------------------------------------------------------

def read_text_list(path: Path) -> list[Entry]:
    """One word or phrase per line; blank lines and `#` comments skipped. A line that
    reads `word: clue` is refused: taken as a phrase it would scramble "CITTACITY"."""
    entries: list[Entry] = []
    for number, line in enumerate(_read(path).splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        word, colon, clue = text.partition(":")
        if colon and word.strip() and clue.strip():
            raise SpecError(f"{text!r} reads as word: clue, but a .txt list holds words "
                            f"only; write word: clue in a .yaml file ({path.stem}.yaml)",
                            file=str(path), line=number)
        if text:
            entries.append((text, None, number))
    return entries


def read_yaml_list(path: Path) -> list[Entry]:
    """`word: clue` mapping, or a list of words / {word, clue} items."""
    node = compose(_read(path), str(path))     # bounded: no alias bombs, no deep nesting
    return entries_from_node(node, str(path)) if node is not None else []


def entries_from_node(node: yaml.Node, file: str) -> list[Entry]:
    """Entries (word, clue or None, line) from a mapping {word: clue}, or a list of
    words or {word, clue} items. Words are taken as written: `yes` stays "yes"."""
    if isinstance(node, yaml.MappingNode):
        return [(_text(key, file), _clue(value, file), line_of(key))
                for key, value in mapping_pairs(node, file)]
    if isinstance(node, yaml.SequenceNode):
        entries: list[Entry] = []
        for item in node.value:
            if isinstance(item, yaml.MappingNode):
                fields = {k.value: v for k, v in mapping_pairs(item, file)}
                if "word" not in fields:
                    raise SpecError("an item of the list has no `word` key; write "
                                    "`- {word: ..., clue: ...}`", file=file, line=line_of(item))
                entries.append((_text(fields["word"], file), _clue(fields.get("clue"), file),
                                line_of(item)))
            else:
                entries.append((_text(item, file), None, line_of(item)))
        return entries
    raise SpecError("a word list must be a list of words or a `word: clue` mapping",
                    file=file, line=line_of(node))


def _text(node: yaml.Node, file: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or is_null(node):
        what = ("nothing (an empty item, or `null` or `~`, which YAML reads as nothing); "
                "write the word there, in quotes if it is \"null\", or remove the item"
                if is_null(node) else "a list or mapping; write one word (or phrase) there")
        raise SpecError(f"expected a word here, found {what}", file=file, line=line_of(node))
    return node.value


def _clue(node: yaml.Node | None, file: str) -> str | None:
    """A word's clue; a clue database may give several (`word: [clue, clue]`): the first
    one that is not empty is used, the others ride along (Clues.choices: with a history,
    a blocked crossword prints the least recently used)."""
    if node is None or is_null(node):
        return None
    if isinstance(node, yaml.SequenceNode):
        clues = [_text(item, file) for item in node.value]
        first = Clues(next((c for c in clues if c.strip()), clues[0] if clues else ""))
        first.choices = tuple(c for c in clues if c.strip())
        return first
    return _text(node, file)


def _read(path: Path) -> str:
    # Only a regular file of bounded size; a BOM is not a letter.
    return read_text(Path(path), MAX_LIST_BYTES)


def read_list_file(path: Path) -> list[Entry]:
    if path.suffix.lower() in (".yaml", ".yml"):
        return read_yaml_list(path)
    return read_text_list(path)


# --- scored fill lists: one "WORD;SCORE" per line (0-100) or a plain word ----------------

PLAIN_WORD_SCORE = 50


def parse_fill_list(text: str) -> dict[str, int]:
    """{WORD: score}; words are upper-cased; a word listed twice keeps its best score."""
    out: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, score_text = line.partition(";")
        word = "".join(word.split()).upper()
        try:
            score = int(score_text) if score_text.strip() else PLAIN_WORD_SCORE
        except ValueError:
            raise ValueError(f"line {number}: score '{score_text.strip()}' is not a whole number") from None
        if not 0 <= score <= 100:
            raise ValueError(f"line {number}: score {score} is outside 0-100")
        if not word.isalpha():
            raise ValueError(f"line {number}: '{word}' is not letters only")
        out[word] = max(score, out.get(word, score))
    return out


def read_fill_list(path: Path, cells_of: str | None = None) -> dict[str, int]:
    """A scored fill list file (the crossword's fill, the scramble's dictionary). With
    `cells_of` (a language), its words as a grid that gives cell units one cell writes
    them (Dutch IJ as Ĳ): blocked crosswords and codewords."""
    try:
        stat = Path(path).stat()
    except OSError:
        stat = None
    if stat is None or not S_ISREG(stat.st_mode):    # read_text names what is wrong
        return _fill_list.__wrapped__(str(path), 0, 0, cells_of)
    # A copy: callers may change their dict, never the cached one.
    return dict(_fill_list(str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, cells_of))


@lru_cache(maxsize=4)
def _fill_list(path: str, mtime_ns: int, size: int, cells_of: str | None) -> dict[str, int]:
    # Parsed once per process and file version: a book's sections (crosswords, scrambles,
    # ladders, codewords) often read the same 150k-word list.
    words = parse_fill_list(read_text(Path(path), MAX_LIST_BYTES))
    if cells_of is None or not catalogue(cells_of).cell_units:
        return words
    out: dict[str, int] = {}
    for word, score in words.items():
        form = cell_form(word, cells_of)
        out[form] = max(score, out.get(form, score))
    return out


@lru_cache(maxsize=8)
def not_common_words(language: str) -> frozenset[str]:
    """Fill-list words the codeword and word ladder never take as common words though they
    score high: names, foreign and rude words (wordlists/not-common/<lang>.txt, built by
    tools/build_not_common.py from the Hunspell dictionaries, which are not needed here)."""
    return _bundled_words("not-common", language)


@lru_cache(maxsize=8)
def spelled_out_words(language: str) -> frozenset[str]:
    """Fill-list words whose grid form is not how they are written (German FUER is für,
    GROSS groß): a word ladder shows its rungs as words, so never takes them
    (wordlists/spelled-out/<lang>.txt, built by tools/build_not_common.py)."""
    return _bundled_words("spelled-out", language)


def _bundled_words(folder: str, language: str) -> frozenset[str]:
    path = data_dir("wordlists") / folder / f"{language}.txt"
    if not path.is_file():
        return frozenset()
    return frozenset(parse_fill_list(read_text(path, MAX_LIST_BYTES)))


LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")   # share letters such as A, C, O, P


def scripts_of(answer: str) -> list[str]:
    """The look-alike scripts whose letters `answer` uses, in order of first use."""
    found: list[str] = []
    for ch in answer:
        script = unicodedata.name(ch, "").split(" ")[0]
        if script in LOOK_ALIKE_SCRIPTS and script not in found:
            found.append(script)
    return found


def mixed_scripts(words: Sequence[Word]) -> tuple[str | None, int]:
    """(error, index of the word at fault) when a word mixes Latin, Cyrillic or Greek
    letters, or the words of one list use two of them: `cat` and `сат` would read
    as the same word in the grid."""
    first: dict[str, int] = {}
    for index, word in enumerate(words):
        scripts = scripts_of(word.answer)
        if len(scripts) > 1:
            return (f"{excerpt(word.text)} mixes {' and '.join(s.title() for s in scripts)} "
                    "letters that look alike; write it in one alphabet", index)
        for script in scripts:
            first.setdefault(script, index)
            if len(first) > 1:
                (a, i), (b, _) = sorted(first.items(), key=lambda item: item[1])[:2]
                return (f"{excerpt(word.text)} is written in {b.title()} letters but "
                        f"{excerpt(words[i].text)} in {a.title()}: one puzzle's words use one "
                        "alphabet (look-alike letters would read as the same word)", index)
    return None, -1
