"""A prose text cut into the units a translator works on: paragraphs, list items, table cells.

A section of the rules is Markdown over several lines, hard-wrapped at about 88 columns. As
one catalog entry, a translation platform's checks (pofilter, Weblate's) compare its line
breaks, sentence counts and punctuation with the source's as if the wraps meant something,
and a translator edits a page at a time. So a text is parsed into a layout: literal parts
(list marks, the blank lines between blocks, a table's pipes and rule row) and pieces, each
piece one paragraph, one list item or one table cell as the file has it (its wraps and the
continuation lines' indentation kept). A piece's ``text`` is its words on one line, which is
what the catalog shows; joined back with the literals, the raw pieces give the text byte for
byte, so an unchanged catalog changes nothing. A changed piece is wrapped again at the text's
own width.

Only the structure the rules use is read: paragraphs, ``-``/``*``/``+`` and ``1.``/``1)``
items (at any indentation, a nested item being an item), and pipe tables; a heading or a
quote is a paragraph. A translation pairs with its source piece by piece only when both have
the same shape (the same pieces in the same blocks): otherwise the text stays one unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?=\S)")
TABLE = re.compile(r"[ \t]*\|")
RULE_ROW = re.compile(r"[ \t]*\|[ \t:|-]*-[ \t:|-]*$")  # |---|:--:|
CELL = re.compile(r"\|([ \t]*)([^|]*?)([ \t]*)(?=\|)")
# a word that would start a list, a table row, a heading or a quote at a line's start
UNSAFE_LINE_START = re.compile(r"(?:[-*+>#]|\d{1,9}[.)])$|[|#>]")
KINDS = {"paragraph": "paragraph", "item": "list item", "cell": "table cell"}


@dataclass(frozen=True)
class Piece:
    kind: str  # paragraph, item, cell
    raw: str  # as the text has it: hard wraps, the continuation lines' indentation
    column: int  # where its first line starts, counted in the text (after a list mark)

    @property
    def text(self) -> str:
        """Its words on one line, as a translator reads it."""
        return unwrap(self.raw)


@dataclass(frozen=True)
class Layout:
    parts: tuple[str | Piece, ...]

    @property
    def pieces(self) -> list[Piece]:
        return [p for p in self.parts if isinstance(p, Piece)]

    @property
    def shape(self) -> tuple[str, ...]:
        """What a translation must have to pair with it piece by piece: the pieces' kinds,
        the line breaks and pipes between them (not the marks: '-' or '1.' are both items)."""
        return tuple(p.kind if isinstance(p, Piece) else re.sub(r"[^\n|]", "", p)
                     for p in self.parts)

    def text(self) -> str:
        return "".join(p if isinstance(p, str) else p.raw for p in self.parts)

    def with_texts(self, texts: dict[int, str]) -> str:
        """The text with the pieces numbered in ``texts`` (from 1) saying those words,
        wrapped at the width of the text's longest line; the other pieces as they were."""
        width = max(60, max(len(line) for line in self.text().split("\n")))
        out, n = [], 0
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            n += 1
            if n in texts and texts[n] != part.text:
                out.append(wrap(texts[n], column=part.column, width=width)
                           if part.kind != "cell" else texts[n])
            else:
                out.append(part.raw)
        return "".join(out)


def unwrap(text: str) -> str:
    """A piece's lines joined by single spaces: a line break inside a Markdown paragraph is
    a space."""
    return " ".join(line.strip() for line in text.split("\n") if line.strip())


def wrap(text: str, *, column: int, width: int) -> str:
    """``text`` over lines of at most ``width`` columns (a longer word stands alone), the
    lines after the first indented to ``column``; never with a line that starts with a word
    Markdown would read as a list mark, a table row, a heading or a quote."""
    lines: list[str] = []
    at = column
    for word in text.split(" "):
        if lines and (at + 1 + len(word) <= width or UNSAFE_LINE_START.match(word)):
            lines[-1] += " " + word
            at += 1 + len(word)
        else:
            lines.append(word)
            at = column + len(word)
    return ("\n" + " " * column).join(lines)


def layout(text: str) -> Layout:
    """The text's parts; ``layout(text).text() == text`` for every text."""
    parts: list[str | Piece] = []

    def literal(value: str) -> None:
        if parts and isinstance(parts[-1], str):
            parts[-1] += value
        elif value:
            parts.append(value)

    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        end = "\n" if i < len(lines) - 1 else ""
        if not line.strip():
            literal(line + end)
            i += 1
        elif TABLE.match(line):
            _row(line, literal, parts)
            literal(end)
            i += 1
        else:
            mark = ITEM.match(line)
            start = mark.end() if mark else len(line) - len(line.lstrip(" \t"))
            literal(line[:start])
            raw = [line[start:]]
            i += 1
            while i < len(lines) and lines[i].strip() and not ITEM.match(lines[i]) \
                    and not TABLE.match(lines[i]):
                raw.append(lines[i])
                i += 1
            parts.append(Piece("item" if mark else "paragraph", "\n".join(raw), start))
            literal("\n" if i < len(lines) else "")
    return Layout(tuple(parts))


def _row(line: str, add: Callable[[str], None], parts: list[str | Piece]) -> None:
    """A table row: its cells are pieces, the pipes and the rule row literals."""
    if RULE_ROW.match(line):
        add(line)
        return
    at = 0
    for cell in CELL.finditer(line):
        add(line[at:cell.start(2)])
        if cell.group(2):
            parts.append(Piece("cell", cell.group(2), cell.start(2)))
        at = cell.end(2)
    add(line[at:])
