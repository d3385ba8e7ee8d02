"""Small test catalogues with the grid-form facts of German, French and Dutch (codes xde,
xfr, xnl: their strings are the English ones), for the engine's tests while the real
catalogues are written elsewhere. `use_fixture_languages(tmp_path, monkeypatch)` puts
them beside the real catalogues for one test."""
from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import yaml

from publisher.ground import catalogue as catalogue_module
from publisher.words import repeat_key

LANGUAGE_BLOCKS = {
    "xde": {"code": "xde", "name": "Deutsch (test)", "alphabet": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "accents": "strip", "keep_when_stripping": "", "spelled_out": {"ß": "SS", "ẞ": "SS"},
            "umlauts": {"Ä": "AE", "Ö": "OE", "Ü": "UE"}, "plural": "one_other",
            "casing": "default"},
    "xfr": {"code": "xfr", "name": "Français (test)", "alphabet": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "accents": "strip", "keep_when_stripping": "", "spelled_out": {"Œ": "OE", "Æ": "AE"},
            "plural": "one_upto_two", "casing": "default"},
    "xnl": {"code": "xnl", "name": "Nederlands (test)", "alphabet": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "accents": "strip", "keep_when_stripping": "", "spelled_out": {},
            "cell_units": {"IJ": "Ĳ"}, "plural": "one_other", "casing": "dutch"},
}


def _many(node):
    """English plural entries with the `many` form CLDR's French rule asks for."""
    if isinstance(node, dict):
        if node and set(node) <= {"one", "other"}:
            return {**node, "many": node["other"]}
        return {k: _many(v) for k, v in node.items()}
    return node


@cache
def _fixture_texts(english_file: str) -> dict[str, str]:
    english = yaml.safe_load(Path(english_file).read_text(encoding="utf-8"))
    return {code: yaml.safe_dump(_many(dict(english, language=block)), allow_unicode=True)
            for code, block in LANGUAGE_BLOCKS.items()}


def use_fixture_languages(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "languages"
    folder.mkdir()
    for path in catalogue_module.LANGUAGES_DIR.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    for code, text in _fixture_texts(str(catalogue_module.LANGUAGES_DIR / "en.yaml")).items():
        (folder / f"{code}.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogue_module, "LANGUAGES_DIR", folder)
    catalogue_module.catalogue.cache_clear()
    repeat_key.cache_clear()
    return folder


def forget_fixture_languages() -> None:
    catalogue_module.catalogue.cache_clear()
    repeat_key.cache_clear()
