"""`rulebook i18n --accept GAME LANG [KEY...]`: record the source texts a translation now
renders, after the translator has brought it up to date, so that nobody edits digests by hand.

With no KEY, every translated text is recorded (and records of texts the source no longer has
are dropped); with keys, only those texts (a key may name a group: ``faq``, ``examples.x``).
A text the translation does not have yet is never recorded: there is nothing to vouch for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.diagnostics import Report
from ..core.hints import did_you_mean
from ..core.languages import LANGUAGES
from ..model.game import GameBundle
from ..model.translated_from import (
    Recorded,
    TranslatedFrom,
    digest,
    dump,
    load,
    record_path,
    units,
)
from ..runtime.files import locked_folder, write_beside


@dataclass(frozen=True)
class Refusal:
    """Why nothing was recorded: a name that does not match, with the nearest one."""

    message: str
    hint: str | None = None


@dataclass
class Accepted:
    path: Path
    recorded: int  # texts in the record now
    updated: list[str] = field(default_factory=list)  # newly recorded or changed
    untranslated: int = 0  # source texts the translation does not have (not recorded)


def accept(games: list[GameBundle], game: str, lang: str, keys: list[str], *,
           source_lang: str) -> Accepted | list[Refusal]:
    """Write ``lang``'s record for ``game``, or say why not (every problem at once)."""
    by_id = {b.rules.id: b for b in games}
    bundle = by_id.get(game)
    if bundle is None:
        return [Refusal(f"no game '{game}'", did_you_mean(game, by_id)
                        or f"known: {', '.join(sorted(by_id)) or 'none'}")]
    if lang not in LANGUAGES:
        return [Refusal(f"unknown language '{lang}'",
                        did_you_mean(lang, LANGUAGES) or f"known: {', '.join(LANGUAGES)}")]
    if lang == source_lang:
        return [Refusal(f"'{lang}' is the source language (rules/site.yaml: source_language): "
                        "its texts are not translated from anything")]
    for needed in (source_lang, lang):
        if needed not in bundle.languages:
            return [Refusal(f"the game '{game}' has no {needed} text ({needed}.yaml is missing "
                            "or did not load)")]
    source = units(bundle.languages[source_lang].spec)
    mine = units(bundle.languages[lang].spec)
    path = record_path(bundle.folder, lang)
    chosen, refusals = _chosen(keys, source, mine, lang)
    if refusals:
        return refusals
    with locked_folder(bundle.folder):  # one acceptance at a time: each adds to the last one's
        # read under the lock: another acceptance may have written it since the game loaded
        record = load(path, Report(), display=str(path), within=bundle.folder.parent) \
            if path.exists() else None
        if keys and path.exists() and record is None:
            return [Refusal(f"{path.name} has errors (reported above), so single texts cannot "
                            "be added to it", f"run `rulebook i18n --accept {game} {lang}` with "
                            "no KEY to write it afresh from every text the translation has")]
        old = record.texts if record is not None and record.source_lang == source_lang else {}
        texts: dict[str, Recorded] = {}
        updated = []
        for key, text in source.items():  # in the source file's order
            if key in chosen:
                texts[key] = Recorded(digest(text), text)
                if old.get(key) != texts[key]:
                    updated.append(key)
            elif keys and key in old and key in mine:
                texts[key] = old[key]
        new = TranslatedFrom(lang, source_lang, texts)
        write_beside(path, dump(new, game=game).encode("utf-8"))
    return Accepted(path, len(texts), updated, sum(1 for k in source if k not in mine))


def _chosen(keys: list[str], source: dict[str, str], mine: dict[str, str], lang: str
            ) -> tuple[set[str], list[Refusal]]:
    if not keys:
        return {k for k in source if k in mine}, []
    chosen: set[str] = set()
    refusals = []
    for key in keys:
        matched = [k for k in source if k == key or k.startswith(key + ".")]
        if not matched:
            refusals.append(Refusal(f"no text '{key}' in the source", did_you_mean(key, source)))
            continue
        untranslated = [k for k in matched if k not in mine]
        if untranslated and len(untranslated) == len(matched):
            refusals.append(Refusal(f"'{key}' is not translated in {lang} yet: there is no "
                                    "translation to record",
                                    f"add it to {lang}.yaml first"))
            continue
        chosen.update(k for k in matched if k in mine)
    return chosen, refusals
