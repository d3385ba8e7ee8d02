"""YAML with line numbers: files parsed once into data and nodes, so every value keeps
its line number and every error names its file and line.

Merge keys (`<<: *anchor`) are followed; a key written twice in one mapping is an
error rather than PyYAML's silent "last one wins"."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import yaml

from ..errors import SpecError
from .files import MAX_SPEC_BYTES, read_text

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

MAX_DEPTH = 50                  # nested lists/mappings; see docs/spec.md "Limits"
MAX_NODES = 500_000             # values after aliases are expanded
MAX_ALIAS_NODES = 20_000        # values that aliases (`*name`, `<<: *name`) add


def load_yaml(path: Path, max_bytes: int = MAX_SPEC_BYTES) -> tuple[Any, yaml.Node | None]:
    """(data, root node) of a YAML file, parsed with libyaml's parser where present."""
    text = read_text(path, max_bytes)
    node = compose(text, str(path))
    if node is None:
        return None, None
    loader = LOADER("")
    try:
        data = loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, str(path), text) from None
    except ValueError as exc:           # a date-shaped value that is no date: 2026-02-30
        raise _bad_date(node, exc, str(path)) from None
    finally:
        loader.dispose()
    return data, node


TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


def _bad_date(root: yaml.Node, exc: ValueError, file: str) -> SpecError:
    """The first value YAML reads as a date but that is none, named with its line."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            if node.tag == TIMESTAMP_TAG:
                try:
                    yaml.SafeLoader("").construct_yaml_timestamp(node)
                except ValueError as why:
                    return SpecError(f"{node.value!r} is not a date ({why}); write a real "
                                     "date as YYYY-MM-DD, or put the text in quotes",
                                     file=file, line=line_of(node))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                stack.extend([value, key])
    return SpecError(f"is not valid YAML: {exc}; check the values", file=file)


def compose(text: str, file: str) -> yaml.Node | None:
    """The root node of `text`, after checking that it is bounded: not nested deeper
    than MAX_DEPTH, no alias inside the node it names, and no more than MAX_NODES
    values once aliases are expanded (a "billion laughs" spec stops here)."""
    deep = flow_too_deep(text, MAX_DEPTH)
    if deep is not None:
        raise SpecError(f"too deeply nested (more than {MAX_DEPTH} levels)", file=file, line=deep)
    try:
        check_bounds(yaml.parse(text, Loader=LOADER), file)
        return yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, file, text) from None


def flow_too_deep(text: str, limit: int) -> int | None:
    """The line where `[`/`{` collections nest deeper than `limit`, else None.

    libyaml's scanner reads a whole flow collection ahead before the parser gives the
    first event, and refuses nesting past its own limit in its own words; so the depth
    of flow collections is decided here, on the text, before libyaml reads it. Quoted
    scalars, comments and block scalars are skipped; a bracket inside a plain scalar of
    block context is text, not nesting."""
    if text.count("[") + text.count("{") <= limit:
        return None
    depth, line, i, n = 0, 1, 0, len(text)
    node_start = True           # block context: a value may begin here
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            node_start = node_start or depth == 0
            i += 1
        elif ch in " \t\r":
            i += 1
        elif ch == "#" and (i == 0 or text[i - 1] in " \t\n"):
            i = _end_of_line(text, i)
        elif ch in "'\"" and node_start:
            end = _end_of_quoted(text, i)
            line += text.count("\n", i, end)
            node_start, i = False, end
        elif depth:
            if ch in "[{":
                depth += 1
                if depth > limit:
                    return line
            elif ch in "]}":
                depth -= 1
            node_start = ch in "[{,:?"
            i += 1
        elif node_start and ch in "[{":
            depth, i = 1, i + 1
        elif ch in "-?:" and text[i + 1:i + 2] in ("", " ", "\t", "\n", "\r"):
            node_start, i = True, i + 1          # `- `, `? `, `: ` start a value
        elif node_start and ch in "|>":
            start = text.rfind("\n", 0, i) + 1
            indent = len(text[start:i]) - len(text[start:i].lstrip(" "))
            end = _end_of_block_scalar(text, _end_of_line(text, i), indent)
            line += text.count("\n", i, end)
            i = end
        elif node_start and ch in "&!":
            while i < n and text[i] not in " \t\n":   # anchor or tag before the value
                i += 1
        else:
            node_start = False
            i += 1
    return None


def _end_of_line(text: str, i: int) -> int:
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _end_of_quoted(text: str, i: int) -> int:
    """The index after the quoted scalar starting at `i` ('' and backslash escapes)."""
    quote, i = text[i], i + 1
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
        elif text[i] == quote:
            if quote == "'" and text[i + 1:i + 2] == "'":
                i += 2
            else:
                return i + 1
        else:
            i += 1
    return len(text)


def _end_of_block_scalar(text: str, i: int, indent: int) -> int:
    """The newline ending a `|`/`>` scalar's last line: lines indented deeper than the
    indicator's line, or blank, belong to it."""
    while i < len(text):
        start = i + 1
        stripped = text[start:_end_of_line(text, start)]
        if stripped.strip() and len(stripped) - len(stripped.lstrip(" ")) <= indent:
            return i
        i = _end_of_line(text, start)
    return len(text)


def check_bounds(events: Iterable[yaml.Event], file: str) -> None:
    """Walk the parser's events (flat, so no recursion) counting expanded values."""
    open_nodes: list[list] = []                 # [anchor, expanded size] per open node
    sizes: dict[str, int] = {}                  # anchor -> expanded size
    total = by_alias = 0
    for event in events:
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(open_nodes) >= MAX_DEPTH:
                raise SpecError(f"too deeply nested (more than {MAX_DEPTH} levels)",
                                file=file, line=line)
            open_nodes.append([event.anchor, 1])
            continue
        if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, size = open_nodes.pop()
        elif isinstance(event, yaml.ScalarEvent):
            anchor, size = event.anchor, 1
        elif isinstance(event, yaml.AliasEvent):
            if any(frame[0] == event.anchor for frame in open_nodes):
                raise SpecError(f"the alias *{event.anchor} is inside the node it names "
                                "(a loop); write the values out", file=file, line=line)
            anchor, size = None, sizes.get(event.anchor or "", 1)
            by_alias += size
            if by_alias > MAX_ALIAS_NODES:
                raise SpecError(f"too many aliases: they expand to more than "
                                f"{MAX_ALIAS_NODES:,} values; write the values out",
                                file=file, line=line)
        else:
            continue
        if anchor is not None:
            sizes[anchor] = size
        total += 1 if not isinstance(event, yaml.AliasEvent) else size
        if total > MAX_NODES:
            raise SpecError(f"too big: more than {MAX_NODES:,} values", file=file, line=line)
        if open_nodes:
            open_nodes[-1][1] += size


def _yaml_error(exc: yaml.YAMLError, file: str, text: str) -> SpecError:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0][:120]
    lines = text.split("\n")
    if mark and mark.line < len(lines):
        line = lines[mark.line]
        if "\t" in line[:len(line) - len(line.lstrip(" \t"))]:
            shown = f" ({line.strip()[:40]!r})" if line.strip() else ""
            return SpecError(f"this line{shown} is indented with a tab, and YAML does not "
                             "allow tabs for indentation; indent it with spaces",
                             file=file, line=mark.line + 1)
    return SpecError(f"is not valid YAML: {problem}; check indentation and quoting",
                     file=file, line=mark.line + 1 if mark else None)


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
    # A key written `1:` is the number 1 in the data but the text "1" in the nodes.
    as_text = tuple(str(part) for part in path)
    line = next((lines[p[:end]] for end in range(len(path), -1, -1) for p in (path, as_text)
                 if p[:end] in lines), None)
    return SpecError(message, file=str(file), line=line, field=format_path(path) or None)
