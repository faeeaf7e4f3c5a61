"""Languages, text direction and the UI message catalogs (gettext .po files read with Babel).

Language names, direction and plural rules come from Babel's CLDR data, not from tables
written here; UI words come from templates/locale/<lang>/LC_MESSAGES/messages.po.
"""

from __future__ import annotations

import gettext as _gettext
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from babel import Locale
from babel.messages.pofile import read_po

LANGUAGES = ("en", "it", "de", "ru", "ro", "ar")
SOURCE_LANGUAGE = "en"  # the language of the msgids


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # in the language itself: "Deutsch", "العربية"
    english_name: str
    direction: str  # "ltr" or "rtl"


@lru_cache(maxsize=None)
def language(code: str) -> Language:
    locale = Locale.parse(code)
    name = locale.get_display_name(code) or code
    return Language(code, name[:1].upper() + name[1:], locale.get_display_name("en") or code,
                    "rtl" if locale.character_order == "right-to-left" else "ltr")


@dataclass(frozen=True)
class Messages:
    """One language's UI messages; untranslated ones fall back to the English msgid."""

    lang: str
    table: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)
    missing: frozenset[str] = frozenset()

    def gettext(self, message: str) -> str:
        found = self.table.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.table.get(singular)
        if isinstance(found, tuple):
            index = self.plural(n)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural


def catalog_path(templates: Path, lang: str) -> Path:
    return templates / "locale" / lang / "LC_MESSAGES" / "messages.po"


def load_messages(templates: Path, lang: str) -> Messages:
    """Read one language's catalog; the source language needs none."""
    path = catalog_path(templates, lang)
    if not path.exists():
        return Messages(lang)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    table: dict[str, str | tuple[str, ...]] = {}
    missing = set()
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        string = message.string
        value: str | tuple[str, ...] = (tuple(string) if isinstance(string, (tuple, list))
                                        else string or "")
        if not value or (isinstance(value, tuple) and not all(value)) or message.fuzzy:
            missing.add(key)
        table[key] = value
    return Messages(lang, table, _gettext.c2py(catalog.plural_expr), frozenset(missing))
