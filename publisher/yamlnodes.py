"""Reading composed YAML nodes, so every value keeps its line number.

Merge keys (`<<: *anchor`) are followed; a key written twice in one mapping is an
error rather than PyYAML's silent "last one wins"."""
from __future__ import annotations

import yaml

from .errors import SpecError

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
