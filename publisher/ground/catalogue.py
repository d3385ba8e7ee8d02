"""The language catalogue: every string a reader sees, one YAML file per language in
`publisher/languages/<code>.yaml` (with the language's alphabet, accent policy, plural
rule and date names). Kinds ask for their strings under `kinds.<kind>.<key>`; a kind
shipped as its own distribution may bring its block as `<folder>/<code>.yaml` files
(see `add_kind_strings`). A missing key is an error, never an English fallback."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable

import yaml

LANGUAGES_DIR = Path(__file__).resolve().parent.parent / "languages"


def _east_slavic(n: int) -> str:
    tail, tens = n % 10, n % 100
    if tail == 1 and tens != 11:
        return "one"
    return "few" if 2 <= tail <= 4 and not 12 <= tens <= 14 else "many"


def _millions(n: int) -> bool:
    return n != 0 and n % 1_000_000 == 0


# Plural rule families (CLDR categories of whole numbers), named by a language file's
# `plural:`. CLDR's `many` of fr/pt/it/es is for round millions ("1 million de grilles").
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "one_other": lambda n: "one" if n == 1 else "other",       # en, de, nl...
    "one_upto_two": lambda n: ("one" if n in (0, 1)               # fr, pt-BR: 0 is singular
                               else "many" if _millions(n) else "other"),
    "one_many_other": lambda n: ("one" if n == 1                 # it, es
                                 else "many" if _millions(n) else "other"),
    "east_slavic": _east_slavic,                                 # ru, uk, be
    "none": lambda n: "other",                                   # ja, zh, tr (nouns)
}
# The forms a catalogue's plural entries must give under each rule.
PLURAL_FORMS: dict[str, frozenset[str]] = {
    "one_other": frozenset({"one", "other"}),
    "one_upto_two": frozenset({"one", "many", "other"}),
    "one_many_other": frozenset({"one", "many", "other"}),
    "east_slavic": frozenset({"one", "few", "many"}),
    "none": frozenset({"other"}),
}


def _turkic_upper(text: str) -> str:
    return text.replace("i", "İ").replace("ı", "I").upper()


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _dutch_capitalise(text: str) -> str:
    # IJ is one letter: "ijsland" -> "IJsland", never "Ijsland".
    if text[:2] in ("ij", "Ij"):
        return "IJ" + text[2:]
    return _capitalise(text)


def _turkic_capitalise(text: str) -> str:
    return _turkic_upper(text[:1]) + text[1:]


# Upper-casing and capitalising follow the language (Turkish dotted İ / dotless ı, Dutch
# IJ): `casing:` names the pair.
CASINGS: dict[str, Callable[[str], str]] = {"default": str.upper, "turkic": _turkic_upper,
                                             "dutch": str.upper}
CAPITALISINGS: dict[str, Callable[[str], str]] = {
    "default": _capitalise, "turkic": _turkic_capitalise, "dutch": _dutch_capitalise}

_extra_kind_strings: dict[str, Path] = {}


class CatalogueError(Exception):
    """A key or a language the catalogue does not have: a bug in a kind or a file."""


def available() -> list[str]:
    """The language codes that have a catalogue file."""
    return sorted(p.stem for p in LANGUAGES_DIR.glob("*.yaml"))


def add_kind_strings(kind: str, folder: Path) -> None:
    """Use `folder/<code>.yaml` (one mapping of keys) as the `kinds.<kind>` block where the
    language's own file has none: for kinds distributed outside this package."""
    _extra_kind_strings[kind] = Path(folder)
    catalogue.cache_clear()


def missing_kind_strings(kind: str, code: str) -> str | None:
    """Why a kind installed with its own strings folder cannot print in `code`: the folder
    has no `<code>.yaml`, or it lacks keys the kind's other languages have; else None."""
    folder = _extra_kind_strings.get(kind)
    if folder is None:
        return None
    files = sorted(folder.glob("*.yaml"))
    keys = {p.stem: Catalogue(p.stem, {"k": yaml.safe_load(p.read_text(encoding="utf-8"))})
            .keys() for p in files}
    if code not in keys:
        return (f"the {kind} kind has no {code} strings: its strings folder {folder} has no "
                f"{code}.yaml (it has {', '.join(keys) or 'none'}); add {code}.yaml there, "
                "or write this section in one of those languages")
    lacking = sorted(set().union(*keys.values()) - keys[code])
    if lacking:
        return (f"the {kind} kind's {folder / (code + '.yaml')} lacks "
                f"{', '.join(k[2:] for k in lacking)} (its other languages have them); "
                "add them there")
    return None


@dataclass(frozen=True)
class Catalogue:
    code: str
    data: dict[str, Any] = field(repr=False)

    @property
    def name(self) -> str:
        return str(self.data["language"]["name"])

    @property
    def alphabet(self) -> str:
        return str(self.data["language"]["alphabet"])

    @property
    def rare_letters(self) -> str:
        """Letters of the alphabet the language's own words hardly use (Italian J K W X Y:
        loanwords only); a grid may lack them without a warning."""
        return str(self.data["language"].get("rare_letters") or "")

    @property
    def accents(self) -> str:
        return str(self.data["language"]["accents"])

    @property
    def keep_when_stripping(self) -> str:
        return str(self.data["language"].get("keep_when_stripping") or "")

    # The grid form of a word, as data (publisher/words.py `grid_form` applies it).
    @property
    def spelled_out(self) -> dict[str, str]:
        """Letters a grid always writes as several (ß -> SS, Œ -> OE), by upper-case letter."""
        return self._letter_map("spelled_out")

    @property
    def umlauts(self) -> dict[str, str]:
        """Letters a book may keep as one cell or spell out (German Ä -> AE); {} if none."""
        return self._letter_map("umlauts")

    @property
    def cell_alphabet(self) -> str:
        """The alphabet of grids that give cell units one cell (Dutch: A-Z and Ĳ)."""
        return self.alphabet + "".join(u for u in self.cell_units.values()
                                       if u not in self.alphabet)

    @property
    def cell_units(self) -> dict[str, str]:
        """Letter groups that take one cell in crossword-like grids (Dutch IJ -> Ĳ)."""
        return {str(k).upper(): str(v) for k, v in
                (self.data["language"].get("cell_units") or {}).items()}

    def _letter_map(self, key: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for letter, spelled in (self.data["language"].get(key) or {}).items():
            for form in (str(letter), self.upper(str(letter))):
                if len(form) == 1:           # "ß".upper() is already "SS"
                    out[form] = str(spelled)
        return out

    @property
    def plural_rule(self) -> str:
        return str(self.data["language"]["plural"])

    def plural_form(self, count: int) -> str:
        return PLURAL_RULES[self.plural_rule](count)

    @property
    def casing(self) -> str:
        return str(self.data["language"].get("casing", "default"))

    def upper(self, text: str) -> str:
        return CASINGS[self.casing](text)

    def capitalise(self, text: str) -> str:
        """The first letter in capitals, the language's way (Dutch "IJsland")."""
        return CAPITALISINGS[self.casing](text)

    def lookup(self, key: str) -> Any:
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise CatalogueError(f"the {self.code} catalogue has no {key!r} "
                                     f"(add it to {self._file_of(key)})")
            node = node[part]
        return node

    def _file_of(self, key: str) -> Path:
        """The file `key` belongs in: an installed kind's strings folder, else ours."""
        parts = key.split(".")
        folder = _extra_kind_strings.get(parts[1]) if parts[0] == "kinds" and len(parts) > 2 \
            else None
        return folder / f"{self.code}.yaml" if folder else LANGUAGES_DIR / f"{self.code}.yaml"

    def text(self, key: str, **values: Any) -> str:
        value = self.lookup(key)
        if not isinstance(value, str):
            raise CatalogueError(f"{self.code}: {key!r} is not a plain string")
        return value.format(**values) if values else value

    def plural(self, key: str, count: int, **values: Any) -> str:
        """The form of `key` for `count` ("{n}" is the count): 1 головоломка, 5 головоломок."""
        forms = self.lookup(key)
        if not isinstance(forms, dict):
            raise CatalogueError(f"{self.code}: {key!r} has no plural forms")
        form = self.plural_form(count)
        if form not in forms:
            raise CatalogueError(f"{self.code}: {key!r} lacks the {form!r} plural form")
        return str(forms[form]).format(n=count, **values)

    def names(self, key: str) -> list[str]:
        """A list entry (month or weekday names)."""
        value = self.lookup(key)
        return [str(v) for v in value]

    def kind(self, name: str) -> KindText:
        return KindText(self, name)

    def keys(self) -> set[str]:
        """Every leaf key ("book.answers", "kinds.queens.given"), plural forms excluded."""
        out: set[str] = set()

        def walk(node: Any, prefix: str) -> None:
            if isinstance(node, dict) and not _is_plural(node):
                for k, v in node.items():
                    walk(v, f"{prefix}.{k}" if prefix else str(k))
            else:
                out.add(prefix)
        walk(self.data, "")
        return out


def _is_plural(node: dict) -> bool:
    return bool(node) and set(node) <= {"zero", "one", "two", "few", "many", "other"}


@dataclass(frozen=True)
class KindText:
    """One kind's strings in one language: `text("rule", n=8)` is `kinds.<kind>.rule`."""

    catalogue: Catalogue
    kind: str

    @property
    def language(self) -> str:
        return self.catalogue.code

    def text(self, key: str, **values: Any) -> str:
        return self.catalogue.text(f"kinds.{self.kind}.{key}", **values)

    def plural(self, key: str, count: int, **values: Any) -> str:
        return self.catalogue.plural(f"kinds.{self.kind}.{key}", count, **values)

    def has(self, key: str) -> bool:
        try:
            self.catalogue.lookup(f"kinds.{self.kind}.{key}")
        except CatalogueError:
            return False
        return True


@cache
def catalogue(code: str) -> Catalogue:
    path = LANGUAGES_DIR / f"{code}.yaml"
    if not path.is_file():
        raise CatalogueError(f"no catalogue for language {code!r}; there are: "
                             f"{', '.join(available())}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    kinds = data.setdefault("kinds", {})
    for kind, folder in sorted(_extra_kind_strings.items()):
        extra = folder / f"{code}.yaml"
        if kind not in kinds and extra.is_file():
            kinds[kind] = yaml.safe_load(extra.read_text(encoding="utf-8"))
    return Catalogue(code, data)
