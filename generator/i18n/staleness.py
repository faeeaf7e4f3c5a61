"""Which translated texts are stale: their source text changed since they were translated.

Each text of a translation is, against the site's source language (``source_language`` in
rules/site.yaml):

    current      its record holds the digest of the source text as it is now
    outdated     its record holds another digest: the source changed since
    unrecorded   no record says what it was translated from (a new game, before
                 `rulebook i18n --accept`): nothing is known, so nothing is marked on the page
    missing      the source has the text, the translation does not

Only prose is compared: numbers and cards come from game.yaml through placeholders, so a
changed fact never makes a translation stale.
"""

from __future__ import annotations

import difflib
import enum
import re
from dataclasses import dataclass

from ..model.game import GameBundle
from ..model.translated_from import digest, units


class TextState(enum.StrEnum):
    CURRENT = "current"
    OUTDATED = "outdated"
    UNRECORDED = "unrecorded"
    MISSING = "missing"


@dataclass(frozen=True)
class TextStatus:
    key: str
    state: TextState
    source: str  # the source text now
    recorded: str | None = None  # the source text it was translated from, when outdated


def text_states(bundle: GameBundle, lang: str, source_lang: str) -> list[TextStatus]:
    """The state of every source text in ``lang``; none for the source language itself, or
    when the game has no text in the source language or in ``lang``."""
    source, target = bundle.languages.get(source_lang), bundle.languages.get(lang)
    if source is None or target is None or lang == source_lang:
        return []
    record = bundle.translated_from.get(lang)
    recorded = record.texts if record is not None and record.source_lang == source_lang else {}
    mine = units(target.spec)
    out = []
    for key, text in units(source.spec).items():
        if key not in mine:
            out.append(TextStatus(key, TextState.MISSING, text))
        elif key not in recorded:
            out.append(TextStatus(key, TextState.UNRECORDED, text))
        elif recorded[key].digest == digest(text):
            out.append(TextStatus(key, TextState.CURRENT, text))
        else:
            out.append(TextStatus(key, TextState.OUTDATED, text, recorded[key].text))
    return out


def page_part(key: str) -> str:
    """The part of the game page a text is shown in: a section's id, ``intro`` (title and
    description) or ``quickref`` (the quick-reference page)."""
    head, _, rest = key.partition(".")
    if head in ("title", "description", "family_name"):
        return "intro"
    if head == "sections":
        return rest
    return {"faq": "faq", "steps": "steps", "variants": "variants", "examples": "examples",
            "readings": "about", "outside_model": "about", "quickref": "quickref"}.get(head, head)


def outdated_parts(bundle: GameBundle, lang: str, source_lang: str) -> set[str]:
    """The parts of ``lang``'s pages that hold an outdated text (see ``page_part``)."""
    return {page_part(s.key) for s in text_states(bundle, lang, source_lang)
            if s.state is TextState.OUTDATED}


# -- what changed in the source ----------------------------------------------------------------

class Op(enum.StrEnum):
    SAME = "same"
    REMOVED = "removed"
    ADDED = "added"


@dataclass(frozen=True)
class Change:
    """One changed stretch of the source, word by word, with a few unchanged words around it."""

    segments: tuple[tuple[Op, str], ...]
    starts: bool  # the stretch begins at the text's beginning
    ends: bool  # ... and ends at its end


_WORD = re.compile(r"\S+")


def word_diff(old: str, new: str, *, context: int = 5) -> list[Change]:
    """The changes from ``old`` to ``new`` word by word (blind to line wrapping); changes
    fewer than twice ``context`` words apart are one stretch."""
    a, b = _WORD.findall(old), _WORD.findall(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    out = []
    for group in matcher.get_grouped_opcodes(context):
        segments: list[tuple[Op, str]] = []
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                segments.append((Op.SAME, " ".join(a[i1:i2])))
                continue
            if i2 > i1:
                segments.append((Op.REMOVED, " ".join(a[i1:i2])))
            if j2 > j1:
                segments.append((Op.ADDED, " ".join(b[j1:j2])))
        out.append(Change(tuple(segments), group[0][1] == 0 and group[0][3] == 0,
                          group[-1][2] == len(a) and group[-1][4] == len(b)))
    return out


def format_change(change: Change) -> str:
    """One stretch as git's ``--word-diff=plain`` shows it: ``… kept [-old-] {+new+} kept …``."""
    shown = {Op.SAME: "{}", Op.REMOVED: "[-{}-]", Op.ADDED: "{{+{}+}}"}
    words = [shown[op].format(text) for op, text in change.segments]
    return " ".join((["…"] if not change.starts else []) + words + (["…"] if not change.ends else []))
