"""What the search box of a page needs in its language: the words it says, with a form for
each plural category (the browser picks one with ``Intl.PluralRules``), and the synonyms that
lead a reader's usual word to the word the pages use (ar الملكة → البنت)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NotRequired, TypedDict

import yaml
from babel import Locale

from ..core.languages import Messages, _np_

SYNONYMS = "locale/synonyms.yaml"  # in the theme (runtime/theme.py)
RESULTS = _np_("%(num)s result for “%(query)s”", "%(num)s results for “%(query)s”")


class SearchBox(TypedDict):
    bundle: str  # the search bundle's folder, relative to the page, ending in "/"
    merge: NotRequired[list[str]]  # the bundle folders of the language's other shards, if any
    synonyms: dict[str, str]  # a reader's word (lower case) → the words the pages use
    results: dict[str, str]  # CLDR plural category → "{num} results for “{query}”"
    nothing: str
    searching: str


def search_box(msgs: Messages, bundle: str, synonyms_file: Path | None,
               merge: list[str] | None = None) -> SearchBox:
    """``synonyms_file``: the theme's locale/synonyms.yaml (None: it has none)."""
    lang = msgs.lang
    box: SearchBox = {
        "bundle": bundle, "synonyms": synonyms(synonyms_file, lang) if synonyms_file else {},
        "results": {category: _braces(msgs.ngettext(*RESULTS, n))
                    for category, n in _samples(lang).items()},
        "nothing": _braces(msgs.gettext("Nothing found for “%(query)s”.")),
        "searching": msgs.gettext("Searching…")}
    if merge:
        box["merge"] = merge
    return box


def _braces(message: str) -> str:
    """A catalog's %(name)s placeholders as {name}, for the page's script to fill."""
    return message.replace("%(num)s", "{num}").replace("%(query)s", "{query}")


@lru_cache(maxsize=16)
def _samples(lang: str) -> dict[str, int]:
    """The smallest count of each plural category of ``lang`` (CLDR, through Babel): the
    message for that count is the one the catalog gives every count of the category."""
    rule = Locale.parse(lang).plural_form
    out: dict[str, int] = {}
    for n in range(0, 1000):
        out.setdefault(rule(n), n)
    return out


@lru_cache(maxsize=64)
def _synonym_table(path: Path, stamp: float) -> dict[str, dict[str, str]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {lang: {str(k).casefold(): str(v) for k, v in (words or {}).items()}
            for lang, words in data.items()}


def synonyms(path: Path, lang: str) -> dict[str, str]:
    if not path.is_file():
        return {}
    return dict(_synonym_table(path, path.stat().st_mtime).get(lang, {}))
