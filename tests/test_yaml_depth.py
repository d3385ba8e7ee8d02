"""The bounded YAML reader decides nesting depth itself, before libyaml does: the
verdict and its words are ours whatever PyYAML version is installed."""
import yaml
from hypothesis import given, settings, strategies as st

from publisher.ground.yamlfile import MAX_DEPTH, flow_too_deep

TEXT = st.text(alphabet="ab[]{}:#-'\" |>,\n", max_size=12)
VALUES = st.recursive(TEXT | st.integers(), lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(alphabet="abc", min_size=1, max_size=3),
                                        inner, max_size=3), max_leaves=30)


def depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


def nest(levels: int, leaf="x"):
    value = leaf
    for level in range(levels):
        value = [value] if level % 2 else {"k": value}
    return value


@settings(max_examples=300, deadline=None)
@given(VALUES, st.integers(min_value=1, max_value=6))
def test_flow_depth_is_the_documents_depth(value, limit):
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True)
    assert (flow_too_deep(text, limit) is not None) == (depth(value) > limit), text


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_brackets_in_block_style_text_are_not_nesting(value):
    text = yaml.safe_dump({"a": value, "b": "[[[[[[[[", "c": "x\n[[[[[[[[\n"},
                          default_flow_style=False)
    assert flow_too_deep(text, 2) is None, text


def test_deep_flow_nesting_is_found_at_its_line():
    assert flow_too_deep("title: T\nsections: " + "[" * 50_000, MAX_DEPTH) == 2
    text = yaml.safe_dump(nest(MAX_DEPTH + 1), default_flow_style=True)
    assert flow_too_deep(text, MAX_DEPTH) is not None
    text = yaml.safe_dump(nest(MAX_DEPTH), default_flow_style=True)
    assert flow_too_deep(text, MAX_DEPTH) is None


def test_quotes_comments_and_block_scalars_hide_brackets():
    text = ("a: '[[[[ it''s [['\n"
            'b: "[[[[ \\" [[["\n'
            "c: x  # [[[[[[[[\n"
            "d: |\n  [[[[[[[[\n  [[[[\n"
            "e: plain[[[[[[\n"
            "f: &anchor [1, [2]]\n")
    assert yaml.safe_load(text)["f"] == [1, [2]]
    assert flow_too_deep(text, 2) is None
    assert flow_too_deep(text + "g: [[[x]]]\n", 2) == 9
