"""Build wordlists/not-common/<lang>.txt: words of the fill lists that the codeword and
word ladder kinds never use as "common words" although they score high, because they are
names, foreign words or rude words. Both kinds read the file at run time (no Hunspell
needed then); the crossword kinds still use these words.

Only the fill list's words scored MIN_SCORE or more are looked at (the codeword's
threshold, the lower of the two kinds'). A word goes in when, for every spelling of it
in wordfreq's list:
* German: the de_DE dictionary knows it only capitalised (as nouns and names are) and
  - its entries carry no flag but the genitive S: igerman98 gives every common noun the
    compounding flag m, and personal names and brands lack it (Hans, Eva/S, Trump/S), or
  - its entries form no plural (flags S, m, R only) and another dictionary of ours knows
    it only capitalised too: a place or name known abroad (Berlin, Kai/Sm);
* another language: its own dictionary knows it only capitalised (a proper noun), or
  FOREIGN_NAMES or more of the other Latin-script dictionaries know it only capitalised
  (Eva, which the Portuguese dictionary accepts in lower case; not for English);
* any language: the English dictionary accepts it in lower case, and wordfreq finds it
  rarer than RARE_HERE in this language and FOREIGN_ZIPF (ten times) more frequent in
  English (Dutch CARE and BEAT; English is what other languages' texts quote most; the
  other languages' own words are too alike to tell apart so: German HAAR is Dutch too);
* not English: the English dictionary accepts it in lower case, it is spelled as the
  language's own words never are (LOANWORD: Italian ending in a consonant or holding K, W,
  X, Y, J: BUG, PROXY, HACKING), rarer than RARE_HERE in the language and LOAN_ZIPF (twice)
  as frequent in English: an English loanword (review 5); the frequent ones (Italian
  WEEKEND, SHOW) are the language's own now, and carry the letters only loanwords have;
* English: SCOWL's common list (wamerican, size 50) knows it only capitalised (SIEMENS,
  BERLIN: a name or brand), or, of RARE_LENGTH letters or fewer, not at all in lower case
  (MOI, TIL, ELS, GHAZI: foreign words, slang, abbreviations the large list brings in);
* or it is in HAND_PICKED below (what the rules above miss), or it is a rude word of
  wordlists/blocklist/<lang>.txt, or one of four letters or more with an inflection's
  ending (POEP, POEPEN);
* and not in HAND_KEPT: everyday words the rules take for names or English words (German
  MITTE, Dutch KANT, Italian NATURE).
Only the spellings the language's dictionary knows count (EVA is eva and éva in wordfreq).

It also writes wordlists/spelled-out/<lang>.txt (German and French only have any): the
fill words of LADDER_SCORE or more whose every known spelling the grid writes with more
letters (für -> FUER, cœur -> COEUR; wordfreq folds ß to ss, so "gross" counts when the
dictionary knows only groß). A codeword keeps them (German and French grids spell these letters
out by convention), a word ladder does not: its rungs are shown as words (review 6: FUER).

The dictionaries and wordfreq are only asked about the fill list's own words: no entry,
flag or other text of theirs is copied (see wordlists/FILL-LISTS.md for their licences).

Rebuild after changing a fill list, a blocklist or this script (about a minute):
    apt-get install hunspell hunspell-en-us hunspell-es hunspell-ru hunspell-de-de \
        hunspell-fr hunspell-it hunspell-pt-br hunspell-nl;  pip install wordfreq
    apt-get install wamerican      # SCOWL's common English list, for the English rules
    python tools/build_not_common.py [en es ru de fr it pt nl]
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_fill_lists import (CANDIDATES, ROOT, SETTINGS, accepted_by_dictionary,  # noqa: E402
                              grid_form, sharp_s_words)

MIN_SCORE = 70                 # publisher/kinds/codeword/make.py COMMON
LADDER_SCORE = 80              # publisher/kinds/wordladder/ladder.py COMMON_SCORE
FOREIGN_ZIPF = 1.0             # Zipf points (x10 frequency) that make a word English
RARE_HERE = 4.0                # Zipf in its own language below which an English word is foreign
FOREIGN_NAMES = 4              # other dictionaries knowing a word only capitalised: a name
# (5 let ANASTASIA, SANTIAGO, GALILEO, VIVALDI through; at 4 the words it wrongly takes for
# names are a few per language: HAND_KEPT)
# Spellings a language's own words never have (grid form): an English word so spelled is a
# loanword. German and Dutch spell many Latin and Greek words with C and Y (CODE, SYSTEM),
# so only English endings and digraphs count there; Dutch -ING is native (WONING).
LOANWORD = {
    "it": re.compile(r"[KWXYJ]|[^AEIOU]$"),
    "es": re.compile(r"[KW]|[^AEIOUDJLNRSZYX]$|([BDFGMPTVZ])\1|SS|SH|TH"),
    "pt": re.compile(r"[KWY]|[^AEIOULMRSZX]$|([BCDFGLMNPTVZ])\1|SH|TH"),
    "fr": re.compile(r"[KW]|ING$|SH|OO"),
    "de": re.compile(r"C(?![HK])|SH|Y$|[AEO]Y|.{3}ING$"),
    "nl": re.compile(r"SH|Y$|[AEO]Y|CK"),
}
LOAN_ZIPF = 0.3                # Zipf points (x2 frequency) more in English: a loanword
EN_COMMON = Path("/usr/share/dict/american-english")   # SCOWL size 50: apt-get install wamerican
RARE_LENGTH = 5                # English words this short missing from EN_COMMON: not common
LATIN = ("en", "es", "de", "fr", "it", "pt", "nl")
DE_DIC = Path("/usr/share/hunspell/de_DE.dic")
DE_NAME_FLAGS = set("S")       # no compounding flag m: a name, not a noun
DE_NO_PLURAL = set("SmR")      # genitive s, compounding, -er derivation (Prager); no plural
INFLECTIONS = {                # endings that inflect a rude word (plurals, verb forms)
    "en": ("S", "ES", "ED", "ER", "ING"), "de": ("E", "EN", "ER", "ES", "S", "T", "ST", "N"),
    "nl": ("EN", "S", "T", "TE", "TEN", "JE", "JES"), "fr": ("S", "E", "ES", "ER"),
    "es": ("S", "ES", "A", "AS", "O", "OS"), "it": ("I", "E", "A", "O"),
    "pt": ("S", "ES", "A", "AS", "O", "OS"),
    "ru": ("А", "У", "Е", "Ы", "И", "ОМ", "ОВ", "ОЙ", "АМ", "АХ", "ЕЙ", "ЯМ", "ЯХ"),
}
HAND_PICKED = {                # names and foreign words the rules miss (reviewed by hand)
    "de": ["PRAG",             # Prag/SRm: a place only German spells so
           "MAIN", "MAIL", "MISS",    # the river; English words frequent in German text
           "PETER", "TWITTER", "GOOGLE",    # a name with a noun's flags; brands
           "HEIL"],            # "unhurt", but the Nazi salute first: no school puzzle
    "fr": ["IBN",              # Arabic "son of", in names; no other dictionary knows it
           "CHI",              # Italian "who" (French: the Greek letter)
           "JACQUES", "HANS",
           "GAP", "SWEAT"],    # English words the dictionary accepts (a gap, a sweat shirt)
    "nl": ["MARA", "HANS",     # names the dictionary also knows in lower case (an animal)
           "HEIL",             # as German HEIL
           "AVA", "WHATSAPP",
           "SEC", "SIR", "TEA",       # English words the dictionary accepts
           "EVENT", "STYLE", "LEVEL", "TRACK", "TEAMS"],
    "en": ["MIRZA", "AKA", "EMS", "TWITTER", "GOOGLE",    # a title; abbreviations; brands
           "IDIOT", "IDIOTS",         # an insult crosswords print, a pupil's puzzle not
           "SQUAW"],           # a slur (review 5 found it in a 13x13 codeword)
    "ru": ["ИЛЬИН"],           # a surname the dictionary knows as "Elijah's" (Ильин день)
    # First names whose lower-case entry (a plant, an animal, an old word) is rare, though the
    # dictionaries list it; names that are also everyday words stay (LUNA, CRUZ, LINDA).
    "es": ["JORGE", "PAULA", "JUANA", "MARTA", "LISA", "RITA", "MAXWELL", "ORIBE",
           "APROX", "REV", "NUM", "ING", "ABC",   # abbreviations the dictionary accepts
           "GRANT", "WEBER"],
    "pt": ["JORGE", "PAULA", "LULA", "LUCAS", "MARTA", "LISA", "RITA", "SOUZA", "DANTE",
           "AEGYPTI", "COLON", "TWITTER",    # Aedes aegypti; English colon; a brand
           "MAXWELL", "CHEVRON", "SILVA", "BEIRUTE", "LINKS", "SHOWS", "MIN"],
    "it": ["LUIGI", "TONI", "ELISA", "LISA", "SONIA", "ELSA", "ITALO",
           "PLAYBOY"],         # a magazine's name first (review 5: an Italian codeword)
}
HAND_KEPT = {                  # everyday words the rules above take for names or English
    # German nouns igerman98 lists without the compounding flag, and verbs spelled as
    # English words (reviewed by hand)
    "de": ["ABO", "ADDITION", "ADRENALIN", "AUTISMUS", "BIT", "CABRIO", "CANNABIS", "DOKU",
           "EMPATHIE", "FRESSEN", "HANDLE", "HOSPITAL", "KOMBI", "LACK", "LIST", "LOSE",
           "MATHE", "MINE", "MITTE", "MOLL", "NACKEN", "NICKERCHEN", "PASCHA", "POMMES",
           "PROMI", "RELIEF", "SCHIMMER", "SCHNABEL", "TEDDY", "UNI", "ZEITLANG"],
    "nl": ["BIT", "ERA", "KANT", "LIST", "MOST", "PAGE", "ROOF", "STEP", "TENDER"],
    # Italian feminine plurals and verb forms spelled as English words
    "it": ["ACCURATE", "AGGRESSIVE", "ALTERNATE", "APPROPRIATE", "CELEBRATE", "COMPETITIVE",
           "COMPLETE", "CONSERVATIVE", "CREATE", "DELIBERATE", "DOMINATE", "GENUINE", "GRADUATE",
           "INAPPROPRIATE", "INCLUSIVE", "INTENSIVE", "MASSIVE", "MINE", "MINUTE",
           "MULTIPLE", "NARRATIVE", "NATIVE", "NATURE", "OPERATE", "RATE", "REDUCE", "RISE",
           "SCOPE", "SENSITIVE", "SITE", "SUPREME", "TUBE", "ULTIMATE",
           # everyday words other dictionaries know only as names (FOREIGN_NAMES)
           "BARBARA", "CALI", "DIANA", "FORMOSA", "LEVI", "OTTO", "REGINA"],
    "es": ["CARDINAL", "DIAGNOSIS", "DIMENSIONAL", "ETERNAL", "MUTUAL", "PORTABLE",
           "SEMICONDUCTOR",
           # everyday words other dictionaries know only as names (FOREIGN_NAMES)
           "AMOS", "BARBADOS", "CLARA", "DIANA", "ECUADOR", "IDA", "LAGOS", "PISA", "VEGAS",
           "VOLVO",
           # loanwords kept to carry the W no Spanish word has (a codeword holds every letter)
           "SHOWS", "SWING", "WATTS"],
    "pt": ["GOLF", "BARBADOS", "CLARA", "DIANA", "FORMOSA", "IDA", "LAGOS", "NORA"],
    "fr": ["FOCUS", "PANEL", "RING", "TRAUMA", "CLAIRE", "MANUEL", "MILAN"],
    # everyday words SCOWL's common list lacks (the English rules' misses, read by hand)
    "en": ["CORGI", "KRILL", "ORCA", "PESTO", "RAMEN", "REMIX", "RETRO", "TAPAS", "TURBO"],
}


def fill_words(lang: str) -> dict[str, int]:
    out = {}
    for line in (ROOT / "wordlists" / lang / "fill.txt").read_text(encoding="utf-8").splitlines():
        word, _, score = line.partition(";")
        if word and not word.startswith("#") and int(score) >= MIN_SCORE:
            out[word] = int(score)
    return out


def spellings(lang: str, words: set[str]) -> dict[str, list[str]]:
    """Each word's spellings among wordfreq's tokens (the fill list was built from them)."""
    import wordfreq
    out: dict[str, list[str]] = defaultdict(list)
    for token in wordfreq.top_n_list(lang, CANDIDATES):
        if token.isalpha() and (form := grid_form(token, lang)) in words:
            out[form].append(token)
    return out


def capital(token: str) -> str:
    return token[:1].upper() + token[1:]


class Dictionaries:
    """Which tokens each Hunspell dictionary accepts in lower case and capitalised."""

    def __init__(self, tokens: list[str], langs: tuple[str, ...]):
        capitals = [capital(t) for t in tokens]
        self.lower = {lang: accepted_by_dictionary(tokens, SETTINGS[lang][0]) for lang in langs}
        self.upper = {lang: accepted_by_dictionary(capitals, SETTINGS[lang][0]) for lang in langs}

    def only_capitalised(self, token: str, lang: str) -> bool:
        return token not in self.lower[lang] and capital(token) in self.upper[lang]


def german_flags() -> dict[str, list[set[str]]]:
    flags: dict[str, list[set[str]]] = defaultdict(list)
    for line in DE_DIC.read_text(encoding="utf-8").splitlines()[1:]:
        if line and not line[0].isspace():
            word, _, flag = line.partition("/")
            flags[word].append(set(flag))
    return flags


def is_name(token: str, lang: str, dicts: Dictionaries, de_flags: dict[str, list[set[str]]]) -> bool:
    if not dicts.only_capitalised(token, lang):
        return False
    if lang != "de":
        return True
    entries = de_flags.get(capital(token))
    if not entries and token.endswith("s"):           # a genitive: Evas, Hans' is Hans
        entries = [f for f in de_flags.get(capital(token[:-1]), []) if "S" in f]
    if not entries:
        return False
    if all(f <= DE_NAME_FLAGS for f in entries):
        return True
    return (all(f <= DE_NO_PLURAL for f in entries)
            and any(dicts.only_capitalised(token, other) for other in LATIN if other != "de"))


def is_spelled_out(token: str, lang: str) -> bool:
    """A word whose grid form spells a letter out (German für -> FUER, French cœur ->
    COEUR): a ladder's rungs show it as a word of more letters than the reader knows
    (review 6: QUER -> FUER)."""
    return len(grid_form(token, lang)) != len(token)


def is_foreign_name(token: str, lang: str, dicts: Dictionaries) -> bool:
    """A name other dictionaries spell with a capital that this one accepts in lower case
    (not English: its dictionary spells names with capitals, and they have: COOK, Cook)."""
    others = [other for other in LATIN if other != lang]
    return lang in LATIN and lang != "en" and sum(dicts.only_capitalised(token, o) for o in others) >= FOREIGN_NAMES


def is_english(token: str, lang: str, dicts: Dictionaries) -> bool:
    """An English word quoted in another language's texts."""
    import wordfreq
    here = wordfreq.zipf_frequency(token, lang)
    return (lang != "en" and token in dicts.lower["en"] and here < RARE_HERE
            and wordfreq.zipf_frequency(token, "en") - here >= FOREIGN_ZIPF)


def is_loanword(token: str, lang: str, dicts: Dictionaries) -> bool:
    """An English word spelled as this language's own words never are (Italian BUG)."""
    import wordfreq
    here = wordfreq.zipf_frequency(token, lang)
    return (lang in LOANWORD and token in dicts.lower["en"] and here < RARE_HERE
            and bool(LOANWORD[lang].search(grid_form(token, lang)))
            and wordfreq.zipf_frequency(token, "en") - here >= LOAN_ZIPF)


@lru_cache(maxsize=1)
def english_common() -> tuple[frozenset[str], frozenset[str]]:
    """SCOWL's common English words in grid form: (lower-case entries, capitalised ones)."""
    entries = EN_COMMON.read_text(encoding="utf-8").split()
    return (frozenset(grid_form(w, "en") for w in entries if w.islower()),
            frozenset(grid_form(w, "en") for w in entries if w[:1].isupper()))


def uncommon_english(word: str) -> str | None:
    """Why an English fill word is no common word: a name or brand (SIEMENS), or short and
    not in the common list at all (MOI, TIL); None when it is common."""
    lower, capitalised = english_common()
    if word in lower:
        return None
    if word in capitalised:
        return "name"
    return "rare" if len(word) <= RARE_LENGTH else None


@lru_cache(maxsize=None)
def rude_words(lang: str) -> frozenset[str]:
    lines = (ROOT / "wordlists" / "blocklist" / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(grid_form(line.strip(), lang) for line in lines
                     if line.strip() and not line.startswith("#"))


def rude(word: str, lang: str) -> bool:
    """A blocklisted word, or one of four letters or more with an ending of INFLECTIONS
    (POEPEN; CON does not make CONNU rude, nor SPIC SPICY)."""
    return word in rude_words(lang) or any(
        word.endswith(ending) and len(word) - len(ending) >= 4
        and word[:len(word) - len(ending)] in rude_words(lang) for ending in INFLECTIONS[lang])


def known_spellings(spelled: list[str], lang: str, dicts: Dictionaries) -> list[str]:
    """The spellings the language's dictionary knows (EVA is eva and éva in wordfreq)."""
    tokens = [t for t in spelled if t in dicts.lower[lang] or capital(t) in dicts.upper[lang]]
    return tokens or spelled


def classify(lang: str, words: dict[str, list[str]], dicts: Dictionaries,
             de_flags: dict[str, list[set[str]]]) -> dict[str, str]:
    """{WORD: why} for the words that are not common words."""
    out = {}
    for word, spelled in words.items():
        tokens = known_spellings(spelled, lang, dicts)
        if word in HAND_KEPT.get(lang, ()):
            continue
        if word in HAND_PICKED.get(lang, ()):
            out[word] = "hand-picked"
        elif rude(word, lang):
            out[word] = "rude"
        elif tokens and all(is_name(t, lang, dicts, de_flags) for t in tokens):
            out[word] = "name"
        elif tokens and all(is_foreign_name(t, lang, dicts) for t in tokens):
            out[word] = "name"
        elif tokens and all(is_english(t, lang, dicts) for t in tokens):
            out[word] = "English"
        elif tokens and all(is_loanword(t, lang, dicts) for t in tokens):
            out[word] = "loanword"
        elif lang == "en" and uncommon_english(word):
            out[word] = str(uncommon_english(word))
    return out


def spellings_of(lang: str, scores: dict[str, int], sample: set[str] | None,
                 ) -> dict[str, list[str]]:
    if sample is not None:
        scores = {w: s for w, s in scores.items() if w in sample}
    words = spellings(lang, set(scores))
    for word in scores:
        words.setdefault(word, [])
    return words


def build(lang: str, sample: set[str] | None = None) -> dict[str, str]:
    """{WORD: why} for the language (or only the words of `sample`: a test's check)."""
    words = spellings_of(lang, fill_words(lang), sample)
    tokens = sorted({t for ts in words.values() for t in ts})
    dicts = Dictionaries(tokens, LATIN + (("ru",) if lang == "ru" else ()))
    return classify(lang, words, dicts, german_flags())


def build_spelled_out(lang: str, sample: set[str] | None = None) -> set[str]:
    """The ladder's words (LADDER_SCORE and up) every known spelling of which the grid
    spells out (FUER), for wordlists/spelled-out/<lang>.txt."""
    scores = {w: s for w, s in fill_words(lang).items() if s >= LADDER_SCORE}
    words = spellings_of(lang, scores, sample)
    tokens = sorted({t for ts in words.values() for t in ts})
    dicts = Dictionaries(tokens, (lang,))
    # wordfreq folds ß to ss: "gross" is groß when only the ß spelling is a word (not Masse)
    unknown = [t for t in tokens if t not in dicts.lower[lang] and capital(t) not in dicts.upper[lang]]
    sharp = sharp_s_words([t for t in unknown if "ss" in t], SETTINGS[lang][0]) if lang == "de" else set()
    return {word for word, spelled in words.items() if spelled and all(
        t in sharp or is_spelled_out(t, lang) for t in known_spellings(spelled, lang, dicts))}


def write_list(path: Path, header: str, words: Iterable[str]) -> int:
    """Write the sorted list under its header; how many words it held before."""
    before = len(path.read_text(encoding="utf-8").splitlines()) - 3 if path.is_file() else 0
    path.parent.mkdir(exist_ok=True)
    path.write_text(header + "".join(f"{w}\n" for w in sorted(words)), encoding="utf-8")
    return before


def main(langs: list[str]) -> None:
    for lang in langs or list(SETTINGS):
        found = build(lang)
        out = ROOT / "wordlists" / "not-common" / f"{lang}.txt"
        before = write_list(out, (
            f"# Not common words ({lang}): names, foreign words and rude words that the codeword\n"
            "# and word ladder kinds never use, one a line, in fill-list form.\n"
            "# Built by tools/build_not_common.py (its header says how); do not edit by hand.\n"),
            found)
        kinds: dict[str, int] = defaultdict(int)
        for why in found.values():
            kinds[why.split(":")[0]] += 1
        print(f"{lang}: {before} -> {len(found)} words ({dict(kinds)}) -> {out.relative_to(ROOT)}")
        write_spelled_out(lang)


def write_spelled_out(lang: str) -> None:
    spelled = build_spelled_out(lang)
    out = ROOT / "wordlists" / "spelled-out" / f"{lang}.txt"
    if spelled or out.is_file():
        before = write_list(out, (
            f"# Spelled-out words ({lang}): fill words whose grid form is not how they are\n"
            "# written (FUER is für, GROSS groß): a word ladder never takes them as rungs.\n"
            "# Built by tools/build_not_common.py (its header says how); do not edit by hand.\n"),
            spelled)
        print(f"{lang}: {before} -> {len(spelled)} spelled-out words -> {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
