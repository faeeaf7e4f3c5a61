"""Characters no reader sees in a source's address: a byte-order mark pasted with it (La Voce di
Bolzano's address ended in ``%ef%bb%bf``), a zero-width space, a direction mark, a control
character; written as they are or percent-encoded. The page links the address as written, so
the link leads to a page that may not exist, and no reader can tell why."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Format characters (U+FEFF, U+200B, U+200E, U+00AD, ...), controls, separators other than the
# space (a space in a path, %20, is seen where the address is shown)
_INVISIBLE = {"Cf", "Cc", "Zs", "Zl", "Zp"}
_ENCODED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


@dataclass(frozen=True, slots=True)
class Invisible:
    """One invisible character of an address: where it starts in the address, the character,
    and how the address writes it (itself, or its percent-encoded bytes)."""

    offset: int
    char: str
    written: str

    def describe(self) -> str:
        """'a byte-order mark (U+FEFF), written %ef%bb%bf'"""
        name = "a byte-order mark" if self.char == "\ufeff" else \
            f"an invisible character, {unicodedata.name(self.char, 'a control character').lower()}"
        how = "" if self.written == self.char else f", written {self.written}"
        return f"{name} (U+{ord(self.char):04X}){how}"


def invisible_characters(url: str) -> list[Invisible]:
    """The invisible characters of ``url``, in order: raw ones, and percent-encoded ones
    (UTF-8 bytes, as browsers encode them).

    >>> [(i.offset, i.written) for i in invisible_characters("https://a.it/peter%ef%bb%bf/")]
    [(18, '%ef%bb%bf')]
    >>> invisible_characters("https://a.it/a%20b%C3%A9")  # a space and é are seen
    []
    >>> invisible_characters("https://a.it/\\u200bx")[0].describe()
    'an invisible character, zero width space (U+200B)'
    """
    found = [Invisible(i, c, c) for i, c in enumerate(url) if _is_invisible(c)]
    for run in _ENCODED.finditer(url):
        found += _decoded(run.group(), run.start())
    return sorted(found, key=lambda f: f.offset)


def _is_invisible(char: str) -> bool:
    return char != " " and unicodedata.category(char) in _INVISIBLE


def _decoded(run: str, start: int) -> list[Invisible]:
    """The invisible characters of a run of %XX escapes, each at its first escape."""
    data = bytes.fromhex(run.replace("%", ""))
    out, at = [], 0
    while at < len(data):
        for length in (1, 2, 3, 4):  # a UTF-8 character is one to four bytes
            try:
                char = data[at:at + length].decode("utf-8")
            except UnicodeDecodeError:
                continue
            break
        else:  # no character: a byte of its own
            at += 1
            continue
        if _is_invisible(char):
            out.append(Invisible(start + 3 * at, char, run[3 * at:3 * (at + length)]))
        at += length
    return out


def cleaned(url: str, invisible: list[Invisible]) -> str:
    """``url`` without its invisible characters."""
    out, at = [], 0
    for found in invisible:
        out.append(url[at:found.offset])
        at = found.offset + len(found.written)
    return "".join(out) + url[at:]
