"""Build the crossword fill lists wordlists/<lang>/fill.txt ("WORD;SCORE" lines).

Sources (see wordlists/FILL-LISTS.md for their licences):
* word frequencies: the `wordfreq` package (pip install wordfreq);
* extra words: SCOWL's large English list (Debian wamerican-huge), the Spanish
  word list of Debian wspanish;
* spelling dictionaries: Debian's hunspell-en-us (SCOWL), hunspell-es (RLA-ES),
  hunspell-ru (Lebedev), hunspell-de-de (igerman98), hunspell-fr (Grammalecte),
  hunspell-it, hunspell-pt-br (VERO) and hunspell-nl (OpenTaal), queried through the
  `hunspell` command (apt-get install hunspell hunspell-en-us hunspell-es hunspell-ru
  hunspell-de-de hunspell-fr hunspell-it hunspell-pt-br hunspell-nl).

A word is kept when it is letters only, 3-21 letters in grid form, and the dictionary
accepts it in lower case (this drops proper nouns and acronyms, which the dictionaries
spell with capitals) or it comes from the extra list and the dictionary does not accept
it capitalised either (not a proper noun; such words rank after the dictionary's);
German words count as known capitalised too (the dictionary spells nouns so); it
has a vowel and is not a Roman numeral (abbreviations such as MPH, XIV), and is not in
wordlists/blocklist/<lang>.txt (the shared rude words) or
wordlists/blocklist/fill/<lang>.txt (more rude words, leftover abbreviations).
Score 0-100: the word's percentile in the kept list by Zipf frequency plus a small
bonus per letter (long words are rarer in text but prized in a grid).

Russian crosswords have a list of their own, wordlists/ru/crossword-fill.txt
(build_ru_crossword): dictionary forms only, the stems of hunspell-ru's ru_RU.dic that the
pymorphy3 analyser reads as their own normal form (pip install pymorphy3 pymorphy3-dicts-ru).

Run from the repository root: python tools/build_fill_lists.py [en es ru de fr it pt nl ru-crossword]
"""
from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = {  # language: (hunspell dictionary, words kept, vowels in grid form)
    "en": ("en_US", 150_000, "AEIOUY"),
    "es": ("es_ES", 150_000, "AEIOU"),
    "ru": ("ru_RU", 150_000, "АЕЁИОУЫЭЮЯ"),
    "de": ("de_DE", 150_000, "AEIOUY"),
    "fr": ("fr_FR", 150_000, "AEIOUY"),
    "it": ("it_IT", 150_000, "AEIOUY"),
    "pt": ("pt_BR", 150_000, "AEIOUY"),
    "nl": ("nl_NL", 150_000, "AEIOUY"),
}
KEEP_LETTERS = {"es": "Ñ", "ru": "ЁЙ"}   # letters of their own, never stripped
STRIP_ACCENTS = {"en": True, "es": True, "ru": False, "de": True, "fr": True, "it": True,
                 "pt": True, "nl": True}
# Letters a grid writes as several (the catalogues' `spelled_out`; German umlauts in their
# default, expanded form). Dutch IJ stays two letters here: a crossword joins it into one cell.
SPELLED_OUT = {"ß": "SS", "ẞ": "SS", "Œ": "OE", "Æ": "AE", "Ĳ": "IJ"}
UMLAUTS = {"de": {"Ä": "AE", "Ö": "OE", "Ü": "UE"}}
# German nouns are spelled with a capital: the dictionary is asked about both forms.
CAPITALISED_NOUNS = {"de"}
# Extra candidates not in wordfreq's list (scored as rarest): SCOWL's large list
# (apt-get install wamerican-huge) and wspanish; lower-case entries only (no proper nouns).
EXTRA_WORDS = {"en": Path("/usr/share/dict/american-english-huge"),
               "es": Path("/usr/share/dict/spanish")}   # apt-get install wspanish (public domain)
CANDIDATES = 400_000                      # most frequent wordfreq tokens looked at
LENGTH_BONUS = 0.12                       # Zipf points per letter beyond five
UNKNOWN_PENALTY = 30                      # ranks words the dictionary does not know after those it knows
ROMAN = re.compile(r"^M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")


def grid_form(word: str, lang: str) -> str:
    """Upper-case grid letters; accents stripped except on the language's own letters."""
    if word.isascii():             # no accent, umlaut or ligature: the letters as they are
        return word.upper()
    out = []
    for ch in unicodedata.normalize("NFC", word).upper():
        spelled = SPELLED_OUT.get(ch) or UMLAUTS.get(lang, {}).get(ch)
        if spelled:
            out.append(spelled)
            continue
        if STRIP_ACCENTS[lang] and ch not in KEEP_LETTERS.get(lang, ""):
            ch = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


def accepted_by_dictionary(words: list[str], dictionary: str) -> set[str]:
    """The words hunspell accepts as spelled (hunspell -G prints the correct ones)."""
    result = subprocess.run(["hunspell", "-d", dictionary, "-G"], input="\n".join(words),
                            capture_output=True, text=True, encoding="utf-8", check=True)
    return set(result.stdout.split())


def read_blocklist(lang: str) -> set[str]:
    """The shared rude-word list (blocklist/<lang>.txt) and the fill's own (blocklist/fill/<lang>.txt)."""
    words = set()
    for path in (ROOT / "wordlists" / "blocklist" / f"{lang}.txt",
                 ROOT / "wordlists" / "blocklist" / "fill" / f"{lang}.txt"):
        lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
        words |= {grid_form(line.strip(), lang) for line in lines if line.strip() and not line.startswith("#")}
    return words


def proper_nouns(words: list[str], dictionary: str) -> set[str]:
    """Words the dictionary spells only with a capital (Paris, Joe): proper nouns."""
    capitalized = {w[:1].upper() + w[1:]: w for w in words}
    return {capitalized[w] for w in accepted_by_dictionary(list(capitalized), dictionary)}


def sharp_s_words(tokens: list[str], dictionary: str) -> set[str]:
    """The tokens whose "ss" the dictionary spells ß (strasse: Straße), one or all of them."""
    spellings: dict[str, str] = {}
    for token in tokens:
        for spelled in {token.replace("ss", "ß"), token.replace("ss", "ß", 1)}:
            spellings[spelled] = token
            spellings[spelled[:1].upper() + spelled[1:]] = token
    return {spellings[w] for w in accepted_by_dictionary(list(spellings), dictionary)}


def build(lang: str) -> list[tuple[str, int]]:
    import wordfreq

    dictionary, keep, vowels = SETTINGS[lang]
    tokens = [t for t in wordfreq.top_n_list(lang, CANDIDATES) if t.isalpha()]
    extra_path = EXTRA_WORDS.get(lang)
    extra = set()
    if extra_path:
        extra = {t for t in extra_path.read_text(encoding="utf-8").split() if t.isalpha() and t.islower()}
        tokens += sorted(extra - set(tokens))
    known = accepted_by_dictionary(tokens, dictionary)
    if lang in CAPITALISED_NOUNS:
        known |= proper_nouns([t for t in tokens if t not in known], dictionary)
    if lang == "de":   # wordfreq case-folds ß to ss: accept STRASSE when Straße is a word
        known |= sharp_s_words([t for t in tokens if t not in known and "ss" in t], dictionary)
    if lang == "ru":   # the Russian dictionary spells Ё as Е: accept the Ё form too
        missing = [t for t in tokens if t not in known and "ё" in t]
        known |= {t for t in missing if t.replace("ё", "е") in
                  accepted_by_dictionary([m.replace("ё", "е") for m in missing], dictionary)}
    # Words of the extra list the spelling dictionary does not know: proper nouns the
    # extra list spells in lower case (paul, texas) go; the rest (sasa, ita: rare words,
    # foreign words, fragments) stay but get no credit for their frequency in text.
    unknown = sorted(t for t in extra if t not in known)
    extra_only = set(unknown) - proper_nouns(unknown, dictionary)
    blocked = read_blocklist(lang)
    best: dict[str, float] = {}
    for token in tokens:
        word = grid_form(token, lang)
        if ((token not in known and token not in extra_only) or not 3 <= len(word) <= 21
                or not word.isalpha() or word in blocked or ROMAN.match(word)
                or not set(word) & set(vowels)):
            continue
        zipf = wordfreq.zipf_frequency(token, lang) if token in known else 0.0
        # unseen in text or unknown to the dictionary: after every known word, short ones
        # first (a fill needs them), dictionary words before the others
        value = (zipf + LENGTH_BONUS * (len(word) - 5) if zipf
                 else -len(word) - (UNKNOWN_PENALTY if token not in known else 0))
        best[word] = max(best.get(word, value), value)
    ranked = sorted(best, key=lambda w: (-best[w], w))[:keep]
    last = max(len(ranked) - 1, 1)
    return [(word, round(100 * (last - i) / last)) for i, word in enumerate(ranked)]


# ---- Russian crossword list: dictionary forms (lemmas), not the inflected forms of ru/fill ----
RU_DIC = Path("/usr/share/hunspell/ru_RU.dic")   # apt-get install hunspell-ru (BSD-style licence)
RU_CROSSWORD_OUT = ROOT / "wordlists" / "ru" / "crossword-fill.txt"
RU_NOUN_BONUS = 0.5                     # Zipf points: a Russian grid is mostly nouns
RU_PARTS = {"NOUN", "ADJF", "INFN"}     # nouns, full adjectives, infinitives
# proper nouns, abbreviations, pronoun-like adjectives (мой, этот), words marked rare or slang
RU_DROP = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init", "Apro", "Anum",
           "Arch", "Erro", "Dist", "Slng", "Infr", "Litr"}


def ru_lemmas(stems: list[str]) -> dict[str, bool]:
    """Dictionary forms among hunspell stems -> is a noun. The dictionary lists irregular
    forms as stems of their own (ветра, льда, шли, мной), so a stem is kept only if the
    pymorphy3 analyser (pip install pymorphy3 pymorphy3-dicts-ru; used as a filter, nothing
    of it is copied) reads it as its own normal form: a noun in the nominative (singular, or
    plural for a plural-only noun: ножницы), a full adjective or an infinitive. Participles
    (their normal form is the verb) and adverbs go. A stem spelled with Е for Ё (елка)
    gives the Ё spelling (ёлка)."""
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang="ru")
    lemmas: dict[str, bool] = {}
    for stem in stems:
        if not stem.isalpha() or not stem.islower():   # proper nouns, мкВт
            continue
        for parse in morph.parse(stem):
            tag, normal = parse.tag, parse.normal_form
            if (tag.POS in RU_PARTS and not RU_DROP & set(tag.grammemes)
                    and normal.replace("ё", "е") == stem.replace("ё", "е")
                    and (normal == stem or "ё" not in stem)):
                lemmas[normal] = lemmas.get(normal, False) or tag.POS == "NOUN"
    return lemmas


def build_ru_crossword() -> list[tuple[str, int]]:
    """Every kept lemma, scored like build(): Zipf frequency (nouns a little more) plus
    the length bonus, as a percentile; lemmas wordfreq never saw rank last, short first."""
    import wordfreq

    _, _, vowels = SETTINGS["ru"]
    blocked = read_blocklist("ru")
    best: dict[str, float] = {}
    lines = RU_DIC.read_text(encoding="utf-8").splitlines()[1:]
    for stem, noun in ru_lemmas([line.strip().partition("/")[0] for line in lines]).items():
        word = grid_form(stem, "ru")
        if not 3 <= len(word) <= 21 or word in blocked or not set(word) & set(vowels):
            continue
        zipf = wordfreq.zipf_frequency(stem, "ru")
        value = (zipf + LENGTH_BONUS * (len(word) - 5) + (RU_NOUN_BONUS if noun else 0) if zipf
                 else -len(word))
        best[word] = max(best.get(word, value), value)
    ranked = sorted(best, key=lambda w: (-best[w], w))
    last = max(len(ranked) - 1, 1)
    return [(word, round(100 * (last - i) / last)) for i, word in enumerate(ranked)]


def write_ru_crossword() -> None:
    rows = sorted(build_ru_crossword(), key=lambda r: (-r[1], r[0]))
    header = ("# Russian crossword fill list: dictionary forms (nominative nouns, adjectives, infinitives),\n"
              "# WORD;SCORE, score 0-100 (higher = better known). Built by tools/build_fill_lists.py\n"
              "# (ru-crossword) from the stems of hunspell-ru (Copyright 1997-2008 Alexander I. Lebedev,\n"
              "# BSD-style licence; modified: stems selected and upper-cased) scored with wordfreq.\n"
              "# Sources and licences in wordlists/FILL-LISTS.md.\n")
    RU_CROSSWORD_OUT.write_text(header + "".join(f"{w};{s}\n" for w, s in rows), encoding="utf-8")
    print(f"ru-crossword: {len(rows)} words -> {RU_CROSSWORD_OUT.relative_to(ROOT)}")


def main(langs: list[str]) -> None:
    if "ru-crossword" in langs:
        write_ru_crossword()
        langs = [lang for lang in langs if lang != "ru-crossword"]
        if not langs:
            return
    for lang in langs or list(SETTINGS):
        rows = sorted(build(lang), key=lambda r: (-r[1], r[0]))
        out = ROOT / "wordlists" / lang / "fill.txt"
        out.parent.mkdir(exist_ok=True)
        header = (f"# Crossword fill list ({lang}): WORD;SCORE, score 0-100 (higher = better known).\n"
                  "# Built by tools/build_fill_lists.py; sources and licences in wordlists/FILL-LISTS.md.\n")
        out.write_text(header + "".join(f"{w};{s}\n" for w, s in rows), encoding="utf-8")
        print(f"{lang}: {len(rows)} words -> {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
