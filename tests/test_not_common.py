"""Codewords and word ladders fill with common words only: the names, foreign and rude
words a review found in them (German TRUMP, Dutch CARE, POEP, ...) are out of the pools
both kinds draw from, everyday words stay, and wordlists/not-common/ is what
tools/build_not_common.py makes (checked on a sample where Hunspell and wordfreq are)."""
from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from publisher.kinds.codeword.make import COMMON, common_index
from publisher.kinds.wordladder.ladder import common_words
from publisher.words import read_fill_list, spelled_out_words

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"
# review 4 added crude words, names, abbreviations and foreign words (PORNO, SOUZA, APROX, TEA);
# review 5 a ladder's HEIL, English loanwords in Italian (BUG), an English brand and foreign
# or rare short words (SIEMENS, MOI)
FOUND = {"de": ["JACQUES", "LINCOLN", "TRUMP", "UWE", "KAI", "EVA", "HANS", "PRAG", "PETER",
                "DROGEN", "HEIL"],
         "nl": ["POEP", "CARE", "BEAT", "PORNO", "AVA", "SEC", "SIR", "TEA", "DRUGS"],
         "pt": ["EVA", "INCESTO", "SOUZA", "DANTE", "AEGYPTI", "COLON", "TWITTER", "DROGA"],
         "fr": ["IBN", "CHI", "BURQA", "IDIOT", "IDIOTS", "GAP", "SWEAT"],
         "es": ["SEXISTA", "MALDITO", "MALDITOS", "MOLOTOV", "DROGA", "HECES", "MAXWELL",
                "ORIBE", "APROX", "REV", "NUM", "ING", "SANTIAGO", "PATRICIA"],
         "en": ["DRUGS", "OBSCENE", "MIRZA", "AKA", "EMS", "MOI", "SIEMENS", "TIL", "GHAZI",
                "ELS", "SQUAW"], "ru": ["ИЛЬИН"],
         "it": ["ITALO", "VIVALDI", "GALILEO", "HACKING", "PROXY", "BUG"]}
EVERYDAY = {"de": ["HAUS", "WASSER", "KIND", "ZEIT"], "nl": ["HUIS", "WATER", "KIND", "TIJD"],
            "pt": ["CASA", "AGUA", "TEMPO"], "fr": ["MAISON", "TEMPS", "ENFANT"],
            "es": ["CASA", "AGUA", "TIEMPO", "MEDICO"], "en": ["HOUSE", "WATER", "DOCTOR"],
            "ru": ["ДОМ", "ВОДА", "ВРЕМЯ", "ГОРОД"], "it": ["CASA", "ACQUA", "TEMPO"]}
# everyday words the builder's rules took for names or English words (a review found them
# missing): Mitte (middle), Nacken (neck), kant (side), nature (natures)
MISTAKEN = {"de": ["MITTE", "NACKEN"], "nl": ["KANT"],
            "it": ["NATURE", "MINUTE", "OTTO", "REGINA", "WEEKEND", "SHOW"],
            # clara (egg white), ida (going), lagos (lakes), claire (clear): names to four
            # other dictionaries
            "es": ["CLARA", "IDA", "LAGOS", "SHOW"], "pt": ["LAGOS"], "fr": ["CLAIRE"],
            # review 5's rules: loanwords frequent in the language stay (Italian WEEKEND;
            # they carry its W K Y); everyday English words SCOWL's common list lacks are kept
            # by hand
            "en": ["RETRO", "TURBO", "REMIX"]}


def pools(language: str, length: int) -> tuple[set[str], set[str]]:
    """The words a codeword (as its cells write them: Dutch IJ in one) and a word ladder of
    `length` letters draw from, both in the fill list's letters."""
    fill = WORDLISTS / language / "fill.txt"
    codeword = common_index(str(fill), fill.stat().st_mtime, language)
    blocklists = tuple(str(p) for p in (WORDLISTS / "blocklist" / f"{language}.txt",
                                        WORDLISTS / "blocklist" / "fill" / f"{language}.txt"))
    ladder = common_words(str(fill), length, language, blocklists)
    return {w.replace("Ĳ", "IJ") for w in codeword.scores}, set(ladder)


@pytest.mark.parametrize("language", sorted(FOUND))
def test_names_foreign_and_rude_words_are_no_common_words(language):
    scores = read_fill_list(WORDLISTS / language / "fill.txt")
    for word in FOUND[language]:
        assert scores.get(word, COMMON) >= COMMON   # what put it in the pools (POEP: the
        # rebuilt fill list lacks it, as it lacks every blocklisted word)
        codeword, ladder = pools(language, len(word))
        assert word not in codeword and word not in ladder, word
    for word in EVERYDAY[language]:
        codeword, ladder = pools(language, len(word))
        assert word in codeword and word in ladder, word


@pytest.mark.parametrize("language", sorted(MISTAKEN))
def test_everyday_words_the_rules_mistake_stay(language):
    for word in MISTAKEN[language]:
        codeword, ladder = pools(language, len(word))
        assert word in codeword and word in ladder, word


def test_a_ladder_takes_no_word_its_grid_spells_out():
    # review 6: QUER -> FUER -> FUHR: FUER is für (three letters to a reader), GROSS groß;
    # a codeword keeps them (German grids spell umlauts and ß out by convention)
    for word in ("FUER", "SCHOEN", "GROSS", "WEISS"):
        codeword, ladder = pools("de", len(word))
        assert word in codeword and word not in ladder, word
    for word in ("QUER", "FUHR", "FEUER", "MASSE", "TREUE", "KUSS"):   # written so
        codeword, ladder = pools("de", len(word))
        assert word in ladder, word
    codeword, ladder = pools("fr", 5)
    assert "COEUR" in codeword and "COEUR" not in ladder and "TEMPS" in ladder


def test_every_language_keeps_most_common_words():
    for language in ("en", "es", "ru", "de", "fr", "it", "pt", "nl"):
        scores = read_fill_list(WORDLISTS / language / "fill.txt")
        common = {w for w, s in scores.items() if s >= COMMON}
        listed = read_fill_list(WORDLISTS / "not-common" / f"{language}.txt")
        assert set(listed) <= set(scores), language       # rebuilt with its fill list
        assert len(common - set(listed)) > 0.95 * len(common), language


def builder():
    spec = importlib.util.spec_from_file_location("build_not_common",
                                                  ROOT / "tools" / "build_not_common.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return module


@pytest.mark.parametrize("language", ["de", "nl", "it", "en"])
def test_the_list_is_what_the_script_makes(language):
    """On a sample of the common words: every word the rules flag is listed, so out of the
    pools, and every listed word is one they flag."""
    pytest.importorskip("wordfreq")
    if (shutil.which("hunspell") is None or not Path("/usr/share/hunspell/de_DE.dic").is_file()
            or not Path("/usr/share/dict/american-english").is_file()):
        pytest.skip("needs hunspell, its dictionaries and wamerican "
                    "(tools/build_not_common.py says which)")
    listed = set(read_fill_list(WORDLISTS / "not-common" / f"{language}.txt"))
    common = sorted(w for w, s in read_fill_list(WORDLISTS / language / "fill.txt").items()
                    if s >= COMMON)
    sample = set(sorted(listed)[::20]) | set(common[::1000]) | set(FOUND.get(language, []))
    assert set(builder().build(language, sample)) == listed & sample


def test_the_spelled_out_list_is_what_the_script_makes(language="de"):
    if shutil.which("hunspell") is None or not Path("/usr/share/hunspell/de_DE.dic").is_file():
        pytest.skip("needs hunspell and its dictionaries (tools/build_not_common.py says which)")
    pytest.importorskip("wordfreq")
    listed = spelled_out_words(language)
    common = sorted(w for w, s in read_fill_list(WORDLISTS / language / "fill.txt").items()
                    if s >= 80)
    sample = set(sorted(listed)[::100]) | set(common[::1000]) | {"FUER", "GROSS", "MASSE"}
    assert builder().build_spelled_out(language, sample) == listed & sample
