"""`rulebook i18n --export po --out DIR`: the translations as gettext catalogs, one per language.

One catalog per language (``DIR/<lang>.po``) holds every game: a translator opens one file in
Poedit, Lokalize or Weblate, and the msgctxt ``<game>:<path>`` keeps the games' texts apart
(the same English sentence in two games is two entries). Each entry: msgid the source text,
msgstr the translation (empty when missing), an extracted comment naming the game and section,
a reference to the source file's line, and ``fuzzy`` when the translation is outdated.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import normalize, write_po

from ..model.game import GameBundle
from ..model.placeholders import missing_placeholders, names_in
from ..model.translated_from import units
from .scalars import scalars, unit_of
from .staleness import TextState, text_states

HEADER = """\
The rulebook games' prose: `rulebook i18n --export po` wrote this.
msgctxt: <game>:<path in rules/<game>/<lang>.yaml>.
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
            fuzzy = translation is not None and unit in outdated
            message = out.add(text.text, translation.text if translation is not None else "",
                    context=f"{bundle.rules.id}:{path}",
                    auto_comments=[f"{bundle.rules.id}: {describe(path)}"]
                    + (["outdated: the source text changed since this was translated "
                        "(`rulebook i18n` shows what changed)"] if fuzzy else []),
                    locations=[(source.source.path, line)],
                    flags=["fuzzy"] if fuzzy else [],
                    previous_id=previous(path, unit, outdated[unit]) if fuzzy and unit else ())
            if translation is not None and not _checkable(text.text, translation.text):
                message.flags.discard("python-brace-format")
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
