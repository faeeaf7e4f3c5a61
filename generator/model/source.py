"""Safe YAML loading that remembers where every key and value came from.

PyYAML's composer gives nodes with marks; this module turns them into plain Python values
and a table of marks by path, so that any later stage can report ``path:line:col``.
Refused on purpose: aliases (no anchor bombs), explicit tags (no Python objects), and
duplicate keys (the second one would silently win).
"""

from __future__ import annotations

import os
import re
import stat
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..core.diagnostics import Diagnostic, Mark

Key = tuple[str | int, ...]

_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


# Beyond these a file is not rules but a mistake or an attack: it is reported, not read.
MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64  # nesting levels; PyYAML's composer recurses, and would overflow the stack


class _AliasRefused(yaml.MarkedYAMLError):
    pass


class _TooDeep(yaml.MarkedYAMLError):
    pass


class _Loader(yaml.SafeLoader):
    """SafeLoader whose composer refuses aliases instead of expanding them."""

    _depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
            raise _AliasRefused(None, None, "anchors and aliases (*name) are not allowed",
                                event.start_mark)
        if self._depth >= MAX_DEPTH:
            raise _TooDeep(None, None, f"nested more than {MAX_DEPTH} levels deep",
                           self.peek_event().start_mark)  # type: ignore[no-untyped-call]
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


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
    # For scalars over several lines (a `|` or `>` block): where their source text stands.
    spans: dict[Key, tuple[int, int, Mark]] = field(default_factory=dict)
    text: str = field(default="", repr=False)

    def mark(self, key: Key) -> Mark:
        """The mark of the value at ``key``, or of its nearest ancestor."""
        while key not in self.value_marks and key:
            key = key[:-1]
        return self.value_marks.get(key, Mark(self.path))

    def key_mark(self, key: Key) -> Mark:
        return self.key_marks.get(key) or self.mark(key)

    def text_mark(self, key: Key, offset: int) -> Mark:
        """The mark of a character inside a scalar value (of the scalar, when unsure)."""
        base = self.mark(key)
        shift = self.scalar_shift.get(key)
        if shift is not None:
            return base.shifted(shift + offset)
        return self._block_mark(key, offset) or base

    def _block_mark(self, key: Key, offset: int) -> Mark | None:
        """In a scalar over several lines, the word at ``offset`` is found in the source
        text: a block folds lines and strips their indentation, but never changes a word.
        The n-th occurrence of the word in the value is its n-th occurrence in the source."""
        value, span = self.get(key), self.spans.get(key)
        word = re.match(r"\S+", value[offset:]) if isinstance(value, str) and span else None
        if word is None or span is None:
            return None
        start, end, base = span
        raw = self.text[start:end]
        at = raw.find("\n") + 1 if raw[:1] in "|>" else 0  # after a block's header line
        for _ in range(_occurrences(value, word.group(), offset) + 1):
            at = raw.find(word.group(), at)
            if at < 0:
                return None
            at += 1
        at -= 1
        breaks = list(_LINE_BREAK.finditer(raw, 0, at))
        if not breaks:
            return base.shifted(at)
        return Mark(base.path, base.line + len(breaks), at - breaks[-1].end() + 1)

    def get(self, key: Key, default: Any = None) -> Any:
        node: Any = self.data
        for part in key:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node


# Line breaks as PyYAML counts them for its marks.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def _occurrences(text: str, word: str, before: int) -> int:
    """How many times ``word`` starts in ``text`` before the index ``before``."""
    count, at = 0, text.find(word)
    while 0 <= at < before:
        count, at = count + 1, text.find(word, at + 1)
    return count


def _mark(path: str, m: yaml.Mark | None) -> Mark:
    return Mark(path, m.line + 1, m.column + 1) if m else Mark(path)


def read_text(path: Path, shown: str, *, within: Path | None = None
              ) -> tuple[str | None, list[Diagnostic]]:
    """The text of one rules file, or the finding that says why it is not read.

    Only a regular file is read, only inside ``within`` (the rules folder) and only up to
    MAX_FILE_BYTES: a link to /dev/zero, /dev/stdin, a FIFO or a file elsewhere would exhaust
    memory, hang, or show that file's first line in a finding.
    """
    def refuse(code: str, message: str, hint: str | None = None
               ) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(Mark(shown), code, message, hint=hint)]

    if within is not None:
        try:
            inside = path.resolve().is_relative_to(within.resolve())
        except (OSError, RuntimeError):  # a loop of links
            inside = False
        if not inside:
            return refuse("unreadable", "this is a link to a file outside the rules folder; "
                          "only files inside it are read", "copy the file into the rules folder")
    try:
        # Non-blocking, so that opening a FIFO does not wait for a writer.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        return refuse("unreadable", f"cannot read file: {err.strerror}")
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "a device, pipe or socket"
        return refuse("unreadable", f"not a regular file but {kind}")
    with os.fdopen(fd, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        return refuse("too-large", f"the file is over {MAX_FILE_BYTES // 2**20} MB, "
                      "the most a rules file may have")
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        start = data.rfind(b"\n", 0, err.start) + 1
        col = len(data[start:err.start].decode("utf-8")) + 1
        return None, [Diagnostic(Mark(shown, line, col), "encoding",
                                 f"file is not UTF-8 text: byte 0x{data[err.start]:02X} here "
                                 "is not part of a UTF-8 character", hint="save the file as UTF-8")]


class _Parsed:
    """Files parsed within ``parsed_remembered``, by their name as shown and their text."""

    MAX = 8192

    def __init__(self) -> None:
        self.on = False
        self.found: dict[tuple[str, str], tuple[Source | None, list[Diagnostic]]] = {}


_PARSED = _Parsed()


@contextmanager
def parsed_remembered() -> Iterator[None]:
    """Within: a file whose text (and name) was parsed before is that Source again, not
    parsed anew (a Source is never changed once made). serve loads a game again at each save,
    and a save changes one of its files."""
    was = _PARSED.on
    _PARSED.on = True
    try:
        yield
    finally:
        _PARSED.on = was


def load_yaml(path: Path | str, text: str | None = None, *, display: str | None = None,
              within: Path | None = None) -> tuple[Source | None, list[Diagnostic]]:
    """Load one file; return its Source (None when unreadable) and every problem found.
    ``within``: the rules folder, outside which no file is read (see read_text)."""
    shown = display or str(path)
    if text is None:
        text, problems = read_text(Path(path), shown, within=within)
        if text is None:
            return None, problems
    if not _PARSED.on:
        return _parse(text, shown)
    found = _PARSED.found.get((shown, text))
    if found is None:
        found = _parse(text, shown)
        if len(_PARSED.found) >= _PARSED.MAX:
            _PARSED.found.clear()
        _PARSED.found[(shown, text)] = found
    return found[0], list(found[1])


def _parse(text: str, shown: str) -> tuple[Source | None, list[Diagnostic]]:
    node = _compose_fast(text)
    if node is not None:
        return _from_node(node, shown, text)
    too_deep = _too_deep(text)
    if too_deep is not None:  # before PyYAML's scanner, which takes seconds on deep nesting
        return None, [Diagnostic(_mark(shown, too_deep), "too-large",
                                 f"nested more than {MAX_DEPTH} levels deep")]
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # the reader already refuses control characters here
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as err:
        mark = _mark(shown, err.problem_mark or err.context_mark)
        code = ("yaml-alias" if isinstance(err, _AliasRefused) else
                "too-large" if isinstance(err, _TooDeep) else "yaml-syntax")
        problem = err.problem or "invalid YAML"
        if err.context and code == "yaml-syntax":
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
    return _from_node(node, shown, text)


def _from_node(node: Node | None, shown: str, text: str) -> tuple[Source, list[Diagnostic]]:
    source = Source(shown, None, text=text)
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
    stack = [(node, 1)] if node is not None else []
    while stack:
        current, depth = stack.pop()
        if id(current) in seen or depth > MAX_DEPTH:  # the composer below says where
            return None
        seen.add(id(current))
        if isinstance(current, SequenceNode):
            stack.extend((child, depth + 1) for child in current.value)
        elif isinstance(current, MappingNode):
            for key, value in current.value:
                stack.extend(((key, depth + 1), (value, depth + 1)))
    return node


def _too_deep(text: str) -> Any:  # a yaml.Mark, of PyYAML or of libyaml, or None
    """Where the text nests deeper than MAX_DEPTH, read with libyaml's events (fast, and
    valid up to the first syntax error); None when it does not, or without libyaml."""
    if not getattr(yaml, "__with_libyaml__", False):
        return None
    loader = yaml.CSafeLoader(text)
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, (ScalarEvent, CollectionStartEvent, AliasEvent)) \
                    and depth >= MAX_DEPTH:
                return event.start_mark
            if isinstance(event, CollectionStartEvent):
                depth += 1
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as err:  # libyaml stops at 1,000 levels, even before events
        if "maximum nesting depth" in (err.problem or ""):
            return err.problem_mark
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return None


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
        if node.style in ("|", ">") or node.start_mark.line != node.end_mark.line:
            src.spans[key] = (node.start_mark.index, node.end_mark.index, mark)
        try:
            return _SCALARS.construct_object(node)
        except ValueError as err:  # an integer of over 4,300 digits, a date like 2026-13-45
            problems.append(Diagnostic(mark, "bad-value", _unreadable_scalar(node, err),
                                       hint="put the value in quotes to make it text"))
            return None
        finally:  # the constructor memoises nodes: keep it empty
            _SCALARS.constructed_objects.clear()
            _SCALARS.recursive_objects.clear()
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


def _unreadable_scalar(node: ScalarNode, err: ValueError) -> str:
    if node.tag.endswith(":int"):
        limit = sys.get_int_max_str_digits()
        return f"a whole number of {len(node.value):,} characters; at most {limit:,} digits are read"
    if node.tag.endswith(":timestamp"):
        return f"'{node.value}' is not a date: {err}"
    return f"this value cannot be read: {err}"


# A bare constructor used only for scalars, which carry no state.
_SCALARS = _Loader("")
