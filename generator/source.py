"""Safe YAML loading that remembers where every key and value came from.

PyYAML's composer gives nodes with marks; this module turns them into plain Python values
and a table of marks by path, so that any later stage can report ``path:line:col``.
Refused on purpose: aliases (no anchor bombs), explicit tags (no Python objects), and
duplicate keys (the second one would silently win).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import Diagnostic, Mark

Key = tuple[str | int, ...]

_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


class _AliasRefused(yaml.MarkedYAMLError):
    pass


class _Loader(yaml.SafeLoader):
    """SafeLoader whose composer refuses aliases instead of expanding them."""

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
            raise _AliasRefused(None, None, "anchors and aliases (*name) are not allowed",
                                event.start_mark)
        return super().compose_node(parent, index)


@dataclass
class Source:
    """One loaded YAML file: its data and where each part of it stands."""

    path: str
    data: Any
    value_marks: dict[Key, Mark] = field(default_factory=dict)
    key_marks: dict[Key, Mark] = field(default_factory=dict)
    # For one-line scalars, how many characters the text is shifted from the value mark
    # (1 for a quoted scalar); absent when columns inside the scalar cannot be trusted.
    scalar_shift: dict[Key, int] = field(default_factory=dict)

    def mark(self, key: Key) -> Mark:
        """The mark of the value at ``key``, or of its nearest ancestor."""
        while key not in self.value_marks and key:
            key = key[:-1]
        return self.value_marks.get(key, Mark(self.path))

    def key_mark(self, key: Key) -> Mark:
        return self.key_marks.get(key) or self.mark(key)

    def text_mark(self, key: Key, offset: int) -> Mark:
        """The mark of a character inside a one-line scalar value."""
        base = self.mark(key)
        shift = self.scalar_shift.get(key)
        return base if shift is None else base.shifted(shift + offset)

    def get(self, key: Key, default: Any = None) -> Any:
        node: Any = self.data
        for part in key:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node


def _mark(path: str, m: yaml.Mark | None) -> Mark:
    return Mark(path, m.line + 1, m.column + 1) if m else Mark(path)


def load_yaml(path: Path | str, text: str | None = None, *, display: str | None = None
              ) -> tuple[Source | None, list[Diagnostic]]:
    """Load one file; return its Source (None when unreadable) and every problem found."""
    shown = display or str(path)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            return None, [Diagnostic(Mark(shown), "encoding",
                                     f"file is not UTF-8 text (byte {err.start})")]
        except OSError as err:
            return None, [Diagnostic(Mark(shown), "unreadable", f"cannot read file: {err.strerror}")]
    node = _compose_fast(text)
    if node is not None:
        return _from_node(node, shown)
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # the reader already refuses control characters here
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as err:
        mark = _mark(shown, err.problem_mark or err.context_mark)
        code = "yaml-alias" if isinstance(err, _AliasRefused) else "yaml-syntax"
        problem = err.problem or "invalid YAML"
        if err.context and not isinstance(err, _AliasRefused):
            problem = f"{problem} ({err.context})"
        return None, [Diagnostic(mark, code, problem)]
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        col = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        return None, [Diagnostic(Mark(shown, line, col), "yaml-syntax",
                                 f"control character U+{err.character:04X} is not allowed in YAML text")]
    except yaml.YAMLError as err:
        return None, [Diagnostic(Mark(shown), "yaml-syntax", str(err).splitlines()[0])]
    finally:
        if loader is not None:
            loader.dispose()
    return _from_node(node, shown)


def _from_node(node: Node | None, shown: str) -> tuple[Source, list[Diagnostic]]:
    source = Source(shown, None)
    problems: list[Diagnostic] = []
    if node is None:
        source.data = {}
        return source, problems
    source.data = _convert(node, (), source, problems)
    return source, problems


def _compose_fast(text: str) -> Node | None:
    """Compose with libyaml when it is there and the text is plain: no error, no alias.

    Anything else returns None, and the pure-Python composer above reports it with its
    exact place. An alias shows here as a node reached twice.
    """
    if not getattr(yaml, "__with_libyaml__", False) or not text.strip():
        return None
    try:
        loader = yaml.CSafeLoader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError:
        return None
    seen: set[int] = set()
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if id(current) in seen:
            return None
        seen.add(id(current))
        if isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, MappingNode):
            for key, value in current.value:
                stack.extend((key, value))
    return node


def _convert(node: Node, key: Key, src: Source, problems: list[Diagnostic]) -> Any:
    mark = _mark(src.path, node.start_mark)
    src.value_marks[key] = mark
    explicit_tag = node.tag not in _STANDARD_TAGS
    if explicit_tag:
        problems.append(Diagnostic(mark, "yaml-tag",
                                   f"tag '{node.tag}' is not allowed; write plain values"))
        return None
    if isinstance(node, ScalarNode):
        if node.style in ("'", '"') and "\n" not in node.value and node.start_mark.line == node.end_mark.line:
            src.scalar_shift[key] = 1
        elif not node.style and node.start_mark.line == node.end_mark.line:  # plain: None or ""
            src.scalar_shift[key] = 0
        value = _SCALARS.construct_object(node)
        _SCALARS.constructed_objects.clear()  # the constructor memoises nodes: keep it empty
        return value
    if isinstance(node, SequenceNode):
        return [_convert(child, key + (i,), src, problems) for i, child in enumerate(node.value)]
    if isinstance(node, MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                problems.append(Diagnostic(_mark(src.path, key_node.start_mark), "wrong-type",
                                           "a key must be a plain word, not a list or mapping"))
                continue
            name = key_node.value
            kmark = _mark(src.path, key_node.start_mark)
            if name in out:
                first = src.key_marks[key + (name,)]
                problems.append(Diagnostic(kmark, "duplicate-key",
                                           f"key '{name}' appears twice in this mapping",
                                           hint=f"first written at line {first.line}"))
                continue
            src.key_marks[key + (name,)] = kmark
            out[name] = _convert(value_node, key + (name,), src, problems)
        return out
    return None  # pragma: no cover - PyYAML has no other node kinds


# A bare constructor used only for scalars, which carry no state.
_SCALARS = _Loader("")
