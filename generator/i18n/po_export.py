"""`rulebook i18n --export po --out DIR`: the translations as gettext catalogs, one per language.

One catalog per language (``DIR/<lang>.po``) holds every game: a translator opens one file in
Poedit, Lokalize or Weblate, and the msgctxt ``<game>:<path>`` keeps the games' texts apart
(the same English sentence in two games is two entries). A text over several lines (a
section) is an entry a paragraph, list item or table cell (``<game>:<path>#n``, pieces.py), so
a platform's checks and a translator's eye work on one paragraph at a time. Each entry: msgid the source text,
msgstr the translation (empty when missing), an extracted comment naming the game and section,
a reference to the source file's line, and ``fuzzy`` when the translation is outdated.
"""

from __future__ import annotations

import difflib
import io
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import normalize, write_po

from ..model.game import GameBundle
from ..model.placeholders import missing_placeholders, names_in
from ..model.translated_from import units
from .pieces import KINDS, layout
from .scalars import scalars, unit_of
from .staleness import TextState, text_states

HEADER = """\
The rulebook games' prose: `rulebook i18n --export po` wrote this.
msgctxt: <game>:<path in rules/<game>/<lang>.yaml>; #n its n-th paragraph,
list item or table cell (a text over several lines, one entry a piece).
fuzzy: the source text changed since the translation was made;
fuzzy entries are not imported until the flag is removed.
Read back with `rulebook i18n --import po FILE`."""


@dataclass(frozen=True)
class Exported:
    path: Path
    lang: str
    entries: int
    translated: int
    fuzzy: int


def languages(games: list[GameBundle], source_lang: str) -> list[str]:
    """The languages to export: every one a game has a file for, but the source language."""
    return sorted({lang for b in games for lang in b.languages} - {source_lang})


def catalog(games: list[GameBundle], lang: str, source_lang: str) -> Catalog:
    """``lang``'s catalog of every game's prose, games in id order, texts in file order."""
    out = Catalog(locale=lang, project="rulebook", fuzzy=False, header_comment="\n".join(
        "# " + line for line in HEADER.splitlines()))
    for bundle in sorted(games, key=lambda b: b.rules.id):
        source = bundle.languages.get(source_lang)
        if source is None:
            continue
        target = bundle.languages.get(lang)
        mine = scalars(target.source) if target is not None else {}
        outdated = {s.key: s.recorded or "" for s in text_states(bundle, lang, source_lang)
                    if s.state is TextState.OUTDATED}
        source_units = units(source.spec)
        for path, text in scalars(source.source).items():
            translation = mine.get(path)
            line = source.source.mark(text.key).line
            unit = unit_of(path, source_units)
            was = previous(path, unit, outdated[unit]) if unit and unit in outdated else None
            for entry in entries(path, text.text, translation.text if translation else None,
                                 was if translation is not None else None):
                message = out.add(entry.source, entry.translation,
                        context=f"{bundle.rules.id}:{entry.context}",
                        auto_comments=[f"{bundle.rules.id}: {describe(path)}{entry.where}"]
                        + (["outdated: the source text changed since this was translated "
                            "(`rulebook i18n` shows what changed)"] if entry.fuzzy else []),
                        locations=[(source.source.path, line + (entry.lines + 1 if
                                    "#" in entry.context else 0))],  # a block's lines
                        flags=["fuzzy"] if entry.fuzzy else [],
                        previous_id=(entry.previous,) if entry.fuzzy and entry.previous else ())
                if entry.translation and not _checkable(entry.source, entry.translation):
                    message.flags.discard("python-brace-format")
    return out


@dataclass(frozen=True)
class Entry:
    context: str  # the path in the language file, ``#n`` for its n-th piece
    source: str
    translation: str
    where: str = ""  # ", paragraph 2 of 5" after the section's name
    fuzzy: bool = False
    previous: str | None = None  # the source text the translation was made from
    lines: int = 0  # the piece's first line, counted from the text's first line (from 0)


def entries(path: str, source: str, translation: str | None, was: str | None) -> list[Entry]:
    """A text's catalog entries: one for a line, one a piece (paragraph, list item, table
    cell) for a text over several lines whose translation has its shape (pieces.py), the
    whole text otherwise. ``was`` is the source text an outdated translation was made from:
    a piece is fuzzy when its own source changed, with its own previous text."""
    whole = [Entry(path, source, translation or "", fuzzy=was is not None, previous=was)]
    if "\n" not in source:
        return whole
    mine = layout(source)
    theirs = layout(translation) if translation is not None else None
    if theirs is not None and theirs.shape != mine.shape:
        return whole
    pieces = mine.pieces
    before = layout(was) if was is not None else None
    paired = before is not None and before.shape == mine.shape
    earlier = [p.text for p in before.pieces] if before is not None else []
    out: list[Entry] = []
    lines = 0
    for part in mine.parts:
        if isinstance(part, str):
            lines += part.count("\n")
            continue
        piece, n = part, len(out) + 1
        told = theirs.pieces[n - 1].text if theirs is not None else ""
        old: str | None = None
        if was is not None:
            if paired:
                old = earlier[n - 1]
            elif piece.text not in earlier:  # the closest earlier piece, if any is close
                old = next(iter(difflib.get_close_matches(piece.text, earlier, 1, 0.5)), None)
            else:
                old = piece.text
        changed = was is not None and old != piece.text
        out.append(Entry(f"{path}#{n}", piece.text, told,
                         where=f", {KINDS[piece.kind]} {n} of {len(pieces)}",
                         fuzzy=changed, previous=old if changed else None, lines=lines))
        lines += piece.raw.count("\n")
    return out


def _checkable(source: str, translation: str) -> bool:
    """Whether gettext's python-brace-format check (msgfmt -c, a platform's placeholder
    check) fits a translation: it wants the source's placeholders exactly, and refuses a
    translation that rightly says a spoken word in its own language (``{call}``) or names a
    fact the source leaves implicit. A translation that lacks a number or a card keeps the
    flag, so the platform shows the mistake `rulebook check` reports."""
    same = set(names_in(source)) == set(names_in(translation))
    return same or bool(missing_placeholders(source, translation))


# The parts of a recorded text that is more than one scalar, in the order units() joins them
PARTS = {"faq": ("q", "a"), "variants": ("name", "text"),
         "readings": ("rule", "alternative", "why")}


def previous(path: str, unit: str, recorded: str) -> str:
    """The source text a scalar's outdated translation was made from (``#| msgid``): its part
    of the recorded text (a FAQ item records its question and answer as one), or the whole
    recorded text when the parts cannot be told apart (a paragraph break inside one)."""
    if path == unit:
        return recorded
    head, last = unit.split(".")[0], path.rsplit(".", 1)[-1]
    if head == "quickref":  # the lines, one a line
        pieces, at = recorded.split("\n"), int(last) - 1 if last.isdigit() else -1
    else:
        names = PARTS.get(head, ())
        pieces = recorded.split("\n\n", len(names) - 1)  # a text's own breaks: in the last
        at = names.index(last) if last in names else -1
        if len(pieces) != len(names):
            return recorded
    return pieces[at] if 0 <= at < len(pieces) else recorded


def describe(path: str) -> str:
    """A path as a translator reads it: ``faq.2.a`` is 'FAQ 2, answer'."""
    parts = path.split(".")
    head = parts[0]
    words = {"q": "question", "a": "answer", "name": "name", "text": "text", "rule": "rule",
             "alternative": "alternative", "why": "why", "title": "title", "intro": "intro",
             "start": "start", "result": "result", "steps": "narration step"}
    if head == "sections":
        return f"section '{parts[1]}'" if len(parts) > 1 else "sections"
    if head in ("steps", "faq") and len(parts) > 1:
        name = "FAQ" if head == "faq" else "step"
        rest = f", {words.get(parts[2], parts[2])}" if len(parts) > 2 else ""
        return f"{name} {parts[1]}{rest}"
    if head in ("variants", "readings", "examples") and len(parts) > 1:
        rest = " ".join(words.get(p, p) for p in parts[2:])
        kind = {"variants": "variant", "readings": "reading", "examples": "example"}[head]
        return f"{kind} '{parts[1]}'" + (f", {rest}" if rest else "")
    if head == "quickref" and len(parts) > 1:
        return f"quick reference '{parts[1]}'" + (f", line {parts[2]}" if len(parts) > 2 else "")
    return " ".join(parts)


def po_bytes(cat: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, cat, width=WIDTH, omit_header=False)
    return with_previous(buffer.getvalue().decode("utf-8"), cat).encode("utf-8")


WIDTH = 76


def with_previous(text: str, cat: Catalog) -> str:
    """The catalog's text with each outdated entry's ``#| msgid`` before its msgctxt: written
    here, as gettext writes it (a PO string over lines, each line commented), because Babel's
    writer wraps the lines of a long one into a single comment no reader takes back."""
    for message in cat:
        if not message.previous_id or not message.context:
            continue
        was = message.previous_id[0]
        lines = normalize(was, width=WIDTH).splitlines()
        block = f"#| msgid {lines[0]}\n" + "".join(f"#| {line}\n" for line in lines[1:])
        anchor = f"msgctxt {normalize(message.context, width=WIDTH)}\n"
        text = text.replace(anchor, block + anchor, 1)
    return text
