"""The state of the translations: `rulebook i18n`.

For each game and language: the share of texts translated, the texts missing, the narration
steps missing, and texts left identical to another language's (copied, not translated).
The expected texts of a game are those that any of its languages has. Against the source
language, each translated text is current, outdated (with a word diff of the source's change)
or unrecorded (staleness.py); `rulebook i18n --accept` (accept.py) records them.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable

from ..core.diagnostics import printable
from ..core.languages import LANGUAGES, SOURCE_LANGUAGE
from ..families import get_family
from ..model.game import GameBundle
from ..model.schema import LanguageSpec
from .staleness import TextState, format_change, text_states, word_diff

# Copied text: long enough to be a sentence, not a name, a number or a row of cards.
_WORDS = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


@dataclass
class Outdated:
    """A translated text whose source changed since: what the source said then and says now."""

    key: str
    changes: list[str]  # each changed stretch as git's --word-diff=plain shows it
    segments: list[list[dict[str, str]]]  # the same, as {"op": same|removed|added, "text"}
    source_was: str
    source_is: str


@dataclass
class LanguageState:
    game: str
    lang: str
    present: bool
    translated: int
    expected: int
    missing: list[str] = field(default_factory=list)
    narration_missing: list[str] = field(default_factory=list)  # "example: steps 3-5"
    unchanged: list[str] = field(default_factory=list)  # "key (same as en)"
    source: bool = False  # the source language: its texts are translated from nothing
    current: int = 0  # texts translated from the source text as it is now
    outdated: list[Outdated] = field(default_factory=list)
    unrecorded: list[str] = field(default_factory=list)  # no record of their source text

    @property
    def share(self) -> float:
        return self.translated / self.expected if self.expected else 0.0

    @property
    def complete(self) -> bool:
        return (self.present and not self.missing and not self.narration_missing
                and not self.unchanged and not self.outdated and not self.unrecorded)


def text_keys(spec: LanguageSpec) -> dict[str, str]:
    """Every translatable text of a language file, by a dotted key; lists join their items."""
    out: dict[str, str] = {}
    data = spec.model_dump(exclude_defaults=False)

    def walk(value: Any, key: str) -> None:  # the language file's data, as YAML gave it
        if isinstance(value, str):
            if value.strip():
                out[key] = value
        elif isinstance(value, list):
            if key.endswith("faq"):
                for i, item in enumerate(value):
                    walk(item, f"{key}.{i + 1}")
            elif value:
                out[key] = "\n".join(str(v) for v in value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if not key.endswith(".seats"):  # seat names may rightly stay as they are
                    walk(v, f"{key}.{k}" if key else k)

    walk(data, "")
    return out


def report(games: Iterable[GameBundle], languages: Iterable[str] = LANGUAGES, *,
           source_lang: str = SOURCE_LANGUAGE) -> list[LanguageState]:
    states = []
    for bundle in games:
        family = get_family(bundle.rules.spec.family)
        # how many narration texts each script needs: one per move, trick or sheet row
        moves = {(bundle.rules.id, name): family.narration_steps(ex.spec)
                 for name, ex in bundle.examples.items()}
        texts = {lang: text_keys(t.spec) for lang, t in bundle.languages.items()}
        expected = sorted({k for keys in texts.values() for k in keys}, key=_natural)
        for lang in languages:
            mine = texts.get(lang)
            if mine is None:
                states.append(LanguageState(bundle.rules.id, lang, False, 0, len(expected),
                                            missing=["(no file)"]))
                continue
            state = LanguageState(bundle.rules.id, lang, True,
                                  sum(1 for k in expected if k in mine), len(expected),
                                  missing=[k for k in expected if k not in mine])
            for name, example in bundle.languages[lang].spec.examples.items():
                need, have = moves.get((bundle.rules.id, name), 0), len(example.steps)
                if have < need:
                    state.narration_missing.append(
                        f"{name}: step{'s' if need - have > 1 else ''} {have + 1}"
                        + (f"-{need}" if need - have > 1 else ""))
            for key, value in mine.items():
                same = [other for other, keys in texts.items()
                        if other != lang and keys.get(key) == value]
                if same and len(_WORDS.findall(value)) >= 4:
                    state.unchanged.append(f"{key} (same as {', '.join(sorted(same))})")
            _staleness(state, bundle, source_lang)
            states.append(state)
    return states


def _staleness(state: LanguageState, bundle: GameBundle, source_lang: str) -> None:
    state.source = state.lang == source_lang
    for status in text_states(bundle, state.lang, source_lang):
        if status.state is TextState.CURRENT:
            state.current += 1
        elif status.state is TextState.UNRECORDED:
            state.unrecorded.append(status.key)
        elif status.state is TextState.OUTDATED and status.recorded is not None:
            changes = word_diff(status.recorded, status.source)
            state.outdated.append(Outdated(
                status.key, [format_change(c) for c in changes],
                [[{"op": str(op), "text": text} for op, text in c.segments] for c in changes],
                status.recorded, status.source))


def _natural(key: str) -> list[int | str]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", key)]


def format_table(states: list[LanguageState]) -> str:
    lines = [f"{'game':<16} {'lang':<4} {'translated':>12}  {'missing':>7}  {'narration':>9}  "
             f"{'unchanged':>9}  {'current':>7}  {'outdated':>8}  {'unrecorded':>10}"]
    for s in states:
        share = f"{s.translated}/{s.expected} {s.share:4.0%}" if s.present else "no file"
        missing = str(len(s.missing)) if s.present else "all"
        current, outdated, unrecorded = (("source", "-", "-") if s.source else
                                         (str(s.current), str(len(s.outdated)), str(len(s.unrecorded))))
        lines.append(f"{s.game:<16} {s.lang:<4} {share:>12}  {missing:>7}  "
                     f"{len(s.narration_missing):>9}  {len(s.unchanged):>9}  {current:>7}  "
                     f"{outdated:>8}  {unrecorded:>10}")
    details = []
    for s in states:
        if not s.present:
            continue
        for label, items in (("missing", s.missing), ("narration missing", s.narration_missing),
                             ("unchanged", s.unchanged)):
            for item in items:
                details.append(f"  {s.game} {s.lang}: {label}: {item}")
        for text in s.outdated:
            details.append(f"  {s.game} {s.lang}: outdated: {text.key}: the source changed:")
            details.extend(f"      {change}" for change in text.changes)
        if s.unrecorded:
            details.append(f"  {s.game} {s.lang}: unrecorded: {len(s.unrecorded)} text(s) with no "
                           f"record of their source text ({', '.join(s.unrecorded[:3])}"
                           f"{', ...' if len(s.unrecorded) > 3 else ''}); once they are checked: "
                           f"rulebook i18n --accept {s.game} {s.lang}")
    done = sum(1 for s in states if s.complete)
    written = sum(1 for s in states if s.present)
    # a language a game has no file for is a page still to write, not an unfinished one
    lines.append(f"{done} of {written} game pages complete"
                 + (f"; {len(states) - written} not written yet (no language file)"
                    if written < len(states) else ""))
    table = "\n".join(lines + (["", "details:"] + details if details else []))
    # names and texts come from the rules: a terminal shows their control characters escaped
    return "\n".join(printable(line) for line in table.split("\n"))


def format_json(states: list[LanguageState]) -> str:
    return json.dumps([asdict(s) | {"share": round(s.share, 4), "complete": s.complete} for s in states],
                      ensure_ascii=False, indent=2)
