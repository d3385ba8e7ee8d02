"""Bundled content: theme word lists, spelling, rude-word blocklists, cryptogram texts.

Written independently of publisher/words.py: the files are read and normalised
here so that a bug in the library cannot hide a bad list."""
from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from conftest import YAML_LOADER, read_yaml

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"

# Fewest theme files per language; a language without any theme file yet is skipped.
MIN_THEMES = {"en": 120, "es": 60, "ru": 60, "de": 60, "fr": 60, "it": 60, "pt": 60, "nl": 60}
HUNSPELL_DICTS = {"en": "en_US", "es": "es_ES", "ru": "ru_RU", "de": "de_DE", "fr": "fr_FR",
                  "it": "it_IT", "pt": "pt_BR", "nl": "nl_NL"}
APT_PACKAGES = ("hunspell hunspell-en-us hunspell-es hunspell-ru hunspell-de-de hunspell-fr "
                "hunspell-it hunspell-pt-br hunspell-nl")
ALLOWED_TAGS = {"kids", "adults", "seasonal", "school", "nature", "food", "travel", "home",
                "sports", "hobbies", "science", "places"}
# Grid letters each language may use (after accents other than these are stripped).
LETTERS = {"en": set("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
           "es": set("ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"),
           "ru": set("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"),
           **{code: set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for code in ("de", "fr", "it", "pt", "nl")}}
KEEP_ACCENTED = {"en": "", "es": "Ñ", "ru": "ЁЙ", "de": "", "fr": "", "it": "", "pt": "", "nl": ""}
# Letters a grid writes as two (German ß, French Œ and Æ, German umlauts expanded by default).
SPELLED_OUT = {"ß": "SS", "ẞ": "SS", "Œ": "OE", "Æ": "AE", "Ĳ": "IJ"}
SPELLED_OUT_DE = {"Ä": "AE", "Ö": "OE", "Ü": "UE"}
MIN_ENTRIES, MIN_LETTERS, MAX_LETTERS = 30, 3, 12


def letters_only(text: str, language: str) -> str:
    """Upper-case letters as a grid holds them: no spaces, hyphens or apostrophes;
    accents dropped except on letters the language counts as its own."""
    out = []
    for ch in unicodedata.normalize("NFC", text).upper():
        if not unicodedata.category(ch).startswith("L"):
            continue
        if ch in SPELLED_OUT or (language == "de" and ch in SPELLED_OUT_DE):
            out.append(SPELLED_OUT.get(ch) or SPELLED_OUT_DE[ch])
            continue
        if ch not in KEEP_ACCENTED[language]:
            ch = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


def read_entries(path: Path) -> list[str]:
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            entries.append(text)
    return entries


def read_header(path: Path) -> dict[str, str]:
    """The `# key: value` lines at the top of the file."""
    header = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"#\s*(\w+):\s*(.*?)\s*", line)
        if not line.startswith("#"):
            break
        if match:
            header[match.group(1)] = match.group(2)
    return header


@lru_cache(maxsize=None)
def theme_files(language: str) -> tuple[Path, ...]:
    folder = WORDLISTS / language
    if not folder.is_dir():
        return ()
    return tuple(p for p in sorted(folder.glob("*.txt"))
                 if p.read_text(encoding="utf-8").startswith("# title:"))


def content_or_skip(language: str, name: str) -> Path:
    """wordlists/<language>/<name>; skipped while a language under way has no such file yet."""
    path = (WORDLISTS / language / name).resolve()
    if not path.is_file():
        pytest.skip(f"no {path.relative_to(WORDLISTS)} yet")
    return path


def themes_or_skip(language: str) -> tuple[Path, ...]:
    files = theme_files(language)
    if not files:
        pytest.skip(f"no {language} theme files yet")
    return files


def read_word_file(path: Path) -> list[str]:
    return read_entries(path) if path.is_file() else []


LANGUAGES = sorted(MIN_THEMES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_enough_themes(language):
    files = themes_or_skip(language)
    assert len(files) >= MIN_THEMES[language], (
        f"{language}: {len(files)} theme files, want at least {MIN_THEMES[language]}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_theme_headers_and_slugs(language):
    problems: list[str] = []
    for path in themes_or_skip(language):
        header = read_header(path)
        tags = [t.strip() for t in header.get("tags", "").split(",") if t.strip()]
        if not header.get("title"):
            problems.append(f"{path.name}: empty title")
        if not tags or set(tags) - ALLOWED_TAGS:
            problems.append(f"{path.name}: tags {tags} (allowed: {sorted(ALLOWED_TAGS)})")
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", path.stem):
            problems.append(f"{path.name}: file name is not a lower-case ascii slug")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_theme_entries_fit_a_word_search(language):
    """Enough words, each 3-12 grid letters of the language, no repeats, no
    palindromes, and no word inside another (forwards or reversed): the word
    search could not use both in one grid."""
    problems: list[str] = []
    for path in themes_or_skip(language):
        entries = read_entries(path)
        grid = [letters_only(e, language) for e in entries]
        if len(entries) < MIN_ENTRIES:
            problems.append(f"{path.name}: {len(entries)} entries, want {MIN_ENTRIES}")
        seen: dict[str, str] = {}
        for entry, word in zip(entries, grid):
            if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
                problems.append(f"{path.name}: {entry!r} has {len(word)} letters")
            if set(word) - LETTERS[language]:
                problems.append(f"{path.name}: {entry!r} has letters outside {language}")
            if word == word[::-1]:
                problems.append(f"{path.name}: {entry!r} is a palindrome")
            if word in seen:
                problems.append(f"{path.name}: {entry!r} repeats {seen[word]!r}")
            seen.setdefault(word, entry)
        unique = list(seen.items())
        for i, (a, entry_a) in enumerate(unique):
            for b, entry_b in unique[i + 1:]:
                if a in b or b in a or a[::-1] in b or b[::-1] in a:
                    problems.append(f"{path.name}: {entry_a!r} / {entry_b!r} inside each other")
    assert not problems, "\n".join(problems)


def hunspell_unknown(language: str, words: set[str]) -> set[str]:
    """The words the language's Hunspell dictionary does not know (one run)."""
    if shutil.which("hunspell") is None:
        pytest.skip(f"hunspell is not installed (apt-get install {APT_PACKAGES})")
    run = subprocess.run(["hunspell", "-d", HUNSPELL_DICTS[language], "-i", "utf-8", "-l"],
                         input="\n".join(sorted(words)) + "\n", capture_output=True,
                         text=True, encoding="utf-8", timeout=120)
    if run.returncode != 0 or "Can't open" in run.stderr:
        pytest.skip(f"no Hunspell dictionary {HUNSPELL_DICTS[language]} "
                    f"(apt-get install {APT_PACKAGES}): {run.stderr.strip()}")
    return set(run.stdout.split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_theme_words_are_spelled_right(language):
    files = themes_or_skip(language)
    words_by_file = {path.name: {w for entry in read_entries(path)
                                 for w in re.split(r"[\s\-]+", entry) if w}
                     for path in files}
    unknown = hunspell_unknown(language, set().union(*words_by_file.values()))
    exceptions = set(read_word_file(WORDLISTS / "spelling" / f"{language}.txt"))
    problems = [f"{name}: {word}" for name, words in words_by_file.items()
                for word in sorted(words & (unknown - exceptions))]
    assert not problems, ("unknown to Hunspell (fix the spelling, or add the word to "
                          f"wordlists/spelling/{language}.txt with a reason):\n"
                          + "\n".join(problems))


def test_hunspell_check_catches_a_misspelling():
    # Guards the test above against a Hunspell call that accepts everything.
    unknown = hunspell_unknown("en", {"elephant", "elefant", "giraffe"})
    assert unknown == {"elefant"}


def test_spelling_exceptions_are_still_needed():
    problems: list[str] = []
    for path in sorted((WORDLISTS / "spelling").glob("*.txt")):
        language = path.stem
        if language not in LANGUAGES:
            continue                    # clues-<lang>.txt: see test_clue_answers_are_spelled_right
        words = set(read_entries(path))
        used = {w for theme in theme_files(language) for entry in read_entries(theme)
                for w in re.split(r"[\s\-]+", entry)}
        problems += [f"{path.name}: {w} is in no theme" for w in sorted(words - used)]
        needed = hunspell_unknown(language, words)
        problems += [f"{path.name}: Hunspell knows {w}" for w in sorted(words - needed)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_clue_answers_are_spelled_right(language):
    """Every answer of the bundled clue databases is a word Hunspell knows, apart from the
    documented exceptions in spelling/clues-<lang>.txt."""
    answers: set[str] = set()
    for name in ("clues.yaml", "general-clues.yaml"):
        path = WORDLISTS / language / name
        if path.exists():
            answers |= {str(k) for k in read_yaml(path)}
    words = {w for answer in answers for w in re.split(r"[\s\-]+", answer) if w}
    allowed = set(read_word_file(WORDLISTS / "spelling" / f"clues-{language}.txt"))
    unknown = hunspell_unknown(language, words) - allowed
    # Answers are written in lower case: a proper noun (paris) is right as Paris.
    # (one Hunspell run for them all: a German book has some 1,500 nouns)
    unknown_capitalised = hunspell_unknown(language, {w.capitalize() for w in unknown})
    unknown = {w for w in unknown if w.capitalize() in unknown_capitalised}
    assert not unknown, f"{language} clue answers Hunspell does not know: {sorted(unknown)[:20]}"


# Fewest `word: clue` pairs of wordlists/<lang>/general-clues.yaml.
MIN_GENERAL_CLUES = {"en": 170, "es": 140, "ru": 160, "de": 150, "fr": 150, "it": 150, "pt": 150,
                     "nl": 150}
VOWELS = {"en": "AEIOUY", "es": "AEIOU", "ru": "АЕЁИОУЫЭЮЯЙЬ", "de": "AEIOUY", "fr": "AEIOUY",
          "it": "AEIOU", "pt": "AEIOU", "nl": "AEIOUY"}


def gives_the_answer_away(answer: str, clue: str, language: str) -> bool:
    """The clue holds the answer, or a word of the answer's root: its letters up to the
    last consonant (РЫБА -> РЫБ, found in РЫБНЫЙ). A short answer or stem counts only at
    the start of a word at most three letters longer, so that КОТ does not catch КОТОРЫЙ."""
    stem = answer.rstrip(VOWELS[language])
    for word in (letters_only(w, language) for w in re.split(r"[^\w]+", clue)):
        if word == answer or (len(answer) >= 4 and answer in word):
            return True
        if len(stem) >= 4 and word.startswith(stem):
            return True
        if len(stem) == 3 and word.startswith(stem) and len(word) <= len(stem) + 3:
            return True
    return False


def test_giveaway_check_catches_a_root():
    assert gives_the_answer_away("РЫБА", "Рыбный суп", "ru")
    assert gives_the_answer_away("МУРАВЕЙ", "Живёт в муравейнике", "ru")
    assert gives_the_answer_away("ЛИСА", "Лисий хвост", "ru")
    assert gives_the_answer_away("APPLE", "Apples grow on it", "en")
    assert not gives_the_answer_away("КОТ", "Зверь, который мурлычет", "ru")
    assert not gives_the_answer_away("ЛЕС", "Много деревьев", "ru")


@pytest.mark.parametrize("language", sorted(MIN_GENERAL_CLUES))
def test_general_clue_lists(language):
    """wordlists/<lang>/general-clues.yaml: enough pairs, each answer 3-12 letters of its
    language and said once (YAML would keep the last of two equal keys silently), each
    clue a sentence that does not hold the answer or its root."""
    path = content_or_skip(language, "general-clues.yaml")
    node = yaml.compose(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)
    assert isinstance(node, yaml.MappingNode), f"{path.name}: want a word: clue mapping"
    pairs = [(key.value, value.value) for key, value in node.value]
    problems: list[str] = []
    if len(pairs) < MIN_GENERAL_CLUES[language]:
        problems.append(f"{len(pairs)} pairs, want {MIN_GENERAL_CLUES[language]}")
    seen: set[str] = set()
    for word, clue in pairs:
        answer = letters_only(word, language)
        if word != word.lower() or not MIN_LETTERS <= len(answer) <= MAX_LETTERS:
            problems.append(f"{word!r}: want 3-12 lower-case letters")
        if set(answer) - LETTERS[language]:
            problems.append(f"{word!r}: letters outside {language}")
        if answer in seen:
            problems.append(f"{word!r}: repeated")
        seen.add(answer)
        if not clue[:1].isupper() and not clue[:1].isdigit() and clue[:1] not in "«¿¡\"":
            problems.append(f"{word!r}: clue {clue!r} should start a sentence")
        elif gives_the_answer_away(answer, clue, language):
            problems.append(f"{word!r}: clue {clue!r} gives the answer away")
    assert not problems, f"{path.name} ({language}):\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_theme_word_is_a_blocked_word(language):
    files = themes_or_skip(language)
    blocklist = WORDLISTS / "blocklist" / f"{language}.txt"
    if not blocklist.is_file():
        pytest.skip(f"no wordlists/blocklist/{language}.txt yet")
    blocked = {letters_only(w, language) for w in read_entries(blocklist)}
    problems = [f"{path.name}: {entry}" for path in files for entry in read_entries(path)
                if letters_only(entry, language) in blocked]
    assert not problems, "\n".join(problems)


def test_blocklists_are_short_words_of_their_language():
    for path in sorted((WORDLISTS / "blocklist").glob("*.txt")):
        words = [letters_only(w, path.stem) for w in read_entries(path)]
        assert 20 <= len(words) <= 200, path.name
        assert len(set(words)) == len(words), f"{path.name}: repeated entries"
        assert all(3 <= len(w) <= 12 and not set(w) - LETTERS[path.stem] for w in words), path.name


# --- cryptogram texts -------------------------------------------------------------

MIN_CRYPTOGRAMS, MIN_CHARS, MAX_CHARS, MIN_CRYPTO_LETTERS = 150, 40, 160, 8


@pytest.mark.parametrize("language", LANGUAGES)
def test_cryptogram_texts(language):
    items = yaml.load(content_or_skip(language, "cryptograms.yaml").read_text(encoding="utf-8"),
                      Loader=YAML_LOADER)
    assert isinstance(items, list) and len(items) >= MIN_CRYPTOGRAMS
    problems: list[str] = []
    seen: set[str] = set()
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            problems.append(f"item {number}: want a mapping with a text")
            continue
        text = item["text"]
        if set(item) - {"text", "author", "source"}:
            problems.append(f"item {number}: unknown keys {sorted(set(item) - {'text', 'author', 'source'})}")
        if not MIN_CHARS <= len(text) <= MAX_CHARS:
            problems.append(f"item {number}: {len(text)} characters")
        if len(letters_only(text, language)) < MIN_CRYPTO_LETTERS:
            problems.append(f"item {number}: fewer than {MIN_CRYPTO_LETTERS} letters")
        if set(letters_only(text, language)) - LETTERS[language]:
            problems.append(f"item {number}: letters outside the {language} alphabet")
        if text.lower() in seen:
            problems.append(f"item {number}: repeated")
        seen.add(text.lower())
        for key in ("author", "source"):
            if item.get(key) is not None and not str(item[key]).strip():
                problems.append(f"item {number}: empty {key}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_clue_or_fill_word_is_a_blocked_word(language):
    """Issue 19: no word of the rude-word blocklist in any bundled list (clue databases and
    crossword fill lists too, not only themes)."""
    blocked = {letters_only(w, language) for w in read_entries(
        content_or_skip(language, "../blocklist/" + f"{language}.txt"))}
    words: set[str] = set()
    for name in ("clues.yaml", "general-clues.yaml"):
        path = WORDLISTS / language / name
        if path.exists():
            words |= {letters_only(str(k), language)
                      for k in read_yaml(path)}
    fill = WORDLISTS / language / "fill.txt"
    if fill.exists():
        words |= {line.split(";", 1)[0].strip().upper()
                  for line in fill.read_text(encoding="utf-8").splitlines()
                  if line.strip() and not line.startswith("#")}
    assert not words & blocked, sorted(words & blocked)[:10]



def test_every_catalogued_language_has_all_its_content():
    """The tests above skip a file a language does not have yet; every language with a
    catalogue has them all (issue 30: `<code>/clues`, general clues, cryptograms, fill)."""
    from publisher.ground.catalogue import available

    missing = [f"{code}/{name}" for code in available()
               for name in ("clues.yaml", "general-clues.yaml", "cryptograms.yaml", "fill.txt")
               if not (WORDLISTS / code / name).is_file()]
    missing += [f"blocklist/{code}.txt" for code in available()
                if not (WORDLISTS / "blocklist" / f"{code}.txt").is_file()]
    missing += [f"{code}: themes" for code in available() if len(theme_files(code)) < 60]
    assert not missing, missing
