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


# Plural rule families (CLDR categories), named by a language file's `plural:`.
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "one_other": lambda n: "one" if n == 1 else "other",       # en, es, de, it, nl...
    "one_upto_two": lambda n: "one" if n in (0, 1) else "other",  # fr, pt-BR
    "east_slavic": _east_slavic,                                 # ru, uk, be
    "none": lambda n: "other",                                   # ja, zh, tr (nouns)
}


def _turkic_upper(text: str) -> str:
    return text.replace("i", "İ").replace("ı", "I").upper()


# Upper-casing follows the language (Turkish dotted İ / dotless ı).
CASINGS: dict[str, Callable[[str], str]] = {"default": str.upper, "turkic": _turkic_upper}

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
    def accents(self) -> str:
        return str(self.data["language"]["accents"])

    @property
    def keep_when_stripping(self) -> str:
        return str(self.data["language"].get("keep_when_stripping") or "")

    def plural_form(self, count: int) -> str:
        return PLURAL_RULES[self.data["language"]["plural"]](count)

    def upper(self, text: str) -> str:
        return CASINGS[self.data["language"].get("casing", "default")](text)

    def lookup(self, key: str) -> Any:
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise CatalogueError(f"the {self.code} catalogue has no {key!r} "
                                     f"(add it to {LANGUAGES_DIR / (self.code + '.yaml')})")
            node = node[part]
        return node

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
