"""YAML with line numbers: files parsed once into data and nodes, so every value keeps
its line number and every error names its file and line.

Merge keys (`<<: *anchor`) are followed; a key written twice in one mapping is an
error rather than PyYAML's silent "last one wins"."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..errors import SpecError

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MERGE_TAG = "tag:yaml.org,2002:merge"
NULL_TAG = "tag:yaml.org,2002:null"


def line_of(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def mapping_pairs(node: yaml.MappingNode, file: str) -> list[tuple[yaml.Node, yaml.Node]]:
    """(key, value) nodes of a mapping, merged mappings included; own keys win."""
    own: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    merged: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for key_node, value_node in node.value:
        if key_node.tag == MERGE_TAG:
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) \
                else [value_node]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    raise SpecError("`<<` must merge a mapping (an anchor like *name)",
                                    file=file, line=line_of(value_node))
                for pair in mapping_pairs(source, file):
                    merged.setdefault(pair[0].value, pair)
            continue
        key = key_node.value
        if key in own:
            raise SpecError(f"{key!r} is written twice in one mapping (lines "
                            f"{line_of(own[key][0])} and {line_of(key_node)}); keep one",
                            file=file, line=line_of(key_node))
        own[key] = (key_node, value_node)
    return list(own.values()) + [pair for key, pair in merged.items() if key not in own]


def is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == NULL_TAG


def child(node: yaml.Node | None, part, file: str) -> yaml.Node | None:
    """The node at key or index `part` of `node`, or None."""
    if isinstance(node, yaml.MappingNode):
        return next((v for k, v in mapping_pairs(node, file) if k.value == part), None)
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        return node.value[part] if 0 <= part < len(node.value) else None
    return None


# --- files: parsed once, with line numbers kept -------------------------------------------

def load_yaml(path: Path) -> tuple[Any, yaml.Node | None]:
    """(data, root node) of a YAML file, parsed once (libyaml's parser where present)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SpecError("no such file; check the path", file=str(path)) from None
    except UnicodeDecodeError:
        raise SpecError("is not UTF-8 text; save it as UTF-8", file=str(path)) from None
    except OSError as exc:
        raise SpecError(f"cannot be read ({exc.strerror})", file=str(path)) from None
    loader = LOADER(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise SpecError(f"is not valid YAML: {problem}; check indentation and quoting",
                        file=str(path), line=mark.line + 1 if mark else None) from None
    finally:
        loader.dispose()
    return data, node


def line_map(node: yaml.Node | None, file: str, path: tuple = (),
             lines: dict[tuple, int] | None = None) -> dict[tuple, int]:
    """Every key path of the document -> the line it is written on."""
    lines = {} if lines is None else lines
    if node is None:
        return lines
    lines.setdefault(path, line_of(node))
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in mapping_pairs(node, file):
            child_path = path + (key_node.value,)
            lines[child_path] = line_of(key_node)
            line_map(value_node, file, child_path, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            line_map(item, file, path + (index,), lines)
    return lines


def format_path(path: tuple) -> str:
    """("sections", 2, "words") -> "sections[2].words"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def parse_path(field: str) -> tuple:
    """"puzzles[2].words" -> ("puzzles", 2, "words")."""
    parts: list[Any] = []
    for chunk in field.replace("]", "").split("."):
        name, *indexes = chunk.split("[")
        if name:
            parts.append(name)
        parts.extend(int(i) for i in indexes)
    return tuple(parts)


def located_error(file: Path, lines: dict[tuple, int], path: tuple, message: str) -> SpecError:
    """A SpecError at the line of the deepest part of `path` that the YAML has."""
    line = next((lines[path[:end]] for end in range(len(path), -1, -1) if path[:end] in lines),
                None)
    return SpecError(message, file=str(file), line=line, field=format_path(path) or None)
