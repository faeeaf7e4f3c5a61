"""Replace single scalars in a YAML file's text, leaving every other byte as it was.

Loading and dumping the file would lose its comments, quoting and line wrapping; instead each
changed scalar is cut out at the character range PyYAML's composer gives its node and a new
scalar is written in its place, at the file's indentation: a ``|`` block for a text over
several lines, a ``>-`` block for a long line, a plain or quoted scalar for a short one. Each
form is checked by loading the result; where it does not give the text back, the text is
written double-quoted, which holds any text.
"""

from __future__ import annotations

import re

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..model.source import Key

WIDTH = 92  # about the column the rules files wrap at
_FOLDABLE = re.compile(r"^\S+(?: \S+)*$")  # words one space apart: `>` folds them back exactly
_HEADER_COMMENT = re.compile(r"[|>][-+0-9]*([ \t]+#[^\n]*)")
_UNSAFE_IN_BLOCK = re.compile("[\r\t\x85\u2028\u2029\ufeff]|[^\n\\S ]")


def scalar_nodes(text: str) -> dict[Key, ScalarNode]:
    """Every scalar node of a YAML text by its Source key (list items from 0)."""
    out: dict[Key, ScalarNode] = {}

    def walk(node: Node, key: Key) -> None:
        if isinstance(node, ScalarNode):
            out[key] = node
        elif isinstance(node, SequenceNode):
            for i, child in enumerate(node.value):
                walk(child, key + (i,))
        elif isinstance(node, MappingNode):
            for name, child in node.value:
                walk(child, key + (str(name.value),))

    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if root is not None:
        walk(root, ())
    return out


def replace_scalars(text: str, changes: dict[Key, str]) -> str:
    """``text`` with the scalars at ``changes``' keys holding the new strings."""
    nodes = scalar_nodes(text)
    # from the end of the file backwards, so that earlier offsets stay valid
    for key in sorted(changes, key=lambda k: nodes[k].start_mark.index, reverse=True):
        node = nodes[key]
        start, end = node.start_mark.index, node.end_mark.index
        comment = ""
        if node.style in ("|", ">"):
            # a block's end mark lies past the blank lines after it: keep those
            end = start + len(text[start:end].rstrip(" \n"))
            # and a comment on its header line (`text: |  # why`) stays there
            found = _HEADER_COMMENT.match(text, start)
            comment = found.group(1) if found else ""
        new = _scalar(text, start, key, changes[key], node.style)
        if comment:
            head, _, rest = new.partition("\n")
            new = head + comment + ("\n" + rest if rest else "")
        text = text[:start] + new + text[end:]
    return text


def _scalar(text: str, start: int, key: Key, value: str, style: str | None) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    line = text[line_start:start]
    column = start - line_start
    # the block's lines go two columns right of what owns the scalar: its key, or its `- `
    owner = len(line) - len(line.lstrip(" "))
    if isinstance(key[-1], int):
        owner = line.rstrip().rfind("-") if line.rstrip().endswith("-") else owner
    else:
        at = line.rfind(f"{key[-1]}:")
        owner = at if at >= 0 else owner
    indent = " " * (owner + 2)
    candidates = _candidates(value, indent, column)
    if style == '"' and "\n" not in value and column + len(value) <= WIDTH:
        candidates.insert(0, _quoted(value))  # the file quoted this text: keep doing so
    for candidate in candidates:
        if _reads_back(candidate, value):
            return candidate
    return _quoted(value)


def _candidates(value: str, indent: str, column: int) -> list[str]:
    out = []
    if "\n" not in value and column + len(value) <= WIDTH:
        out.append(yaml.safe_dump(value, allow_unicode=True, width=1_000_000,
                                  default_flow_style=False).removesuffix("\n...\n")
                   .removesuffix("\n"))
    if _UNSAFE_IN_BLOCK.search(value):
        return out
    if "\n" in value and not value.endswith("\n\n") and not value.startswith((" ", "\n")):
        header = "|" if value.endswith("\n") else "|-"
        lines = value.removesuffix("\n").split("\n")
        out.append(header + "".join("\n" + (indent + line if line else "") for line in lines))
    elif _FOLDABLE.match(value):
        out.append(">-" + "".join("\n" + indent + line for line in _wrap(value, WIDTH - len(indent))))
    return out


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _reads_back(scalar: str, value: str) -> bool:
    """Whether the scalar, as a mapping value, loads as ``value`` (the whole file is loaded
    again after the edits, too)."""
    try:
        loaded = yaml.safe_load("k: " + scalar + "\n")
    except yaml.YAMLError:
        return False
    return isinstance(loaded, dict) and loaded.get("k") == value


def _quoted(value: str) -> str:
    return yaml.safe_dump(value, allow_unicode=True, width=1_000_000, default_style='"'
                          ).removesuffix("\n")
