"""Languages, text direction and the UI message catalogs (gettext .po files read with Babel).

Language names, direction and plural rules come from Babel's CLDR data, not from tables
written here; UI words come from templates/locale/<lang>/LC_MESSAGES/messages.po.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Literal

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileParser
from markupsafe import Markup, escape

from .diagnostics import Diagnostic, Mark

LANGUAGES = ("en", "it", "de", "ru", "ro", "ar")
# Arabic-Indic digits read as the digits 0-9 (Arabic text may write either)
WESTERN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")
SOURCE_LANGUAGE = "en"  # the language of the msgids
# The most plural forms a catalog may declare: CLDR gives no language more than six (Arabic's
# zero, one, two, few, many, other). Babel makes a list of nplurals texts for every plural
# message it reads, so a header's count is bounded before Babel sees it.
MAX_PLURALS = 6
# The largest UI catalog read: the shipped ones are about 60 KB.
MAX_CATALOG_BYTES = 16 * 1024 * 1024


def _n_(message: str) -> str:
    """Marks a msgid for the catalog extractor; it is translated where it is shown."""
    return message


def _np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural msgid pair for the extractor; ngettext translates it where it is shown."""
    return singular, plural


# A player's gender, as an example script gives it (`genders: {Anna: f}`): the form the
# languages give the words said of that player ("Анна забрала", "تأخذ آنا", "Geberin").
Gender = Literal["f", "m"]
# The msgctxt of each form of a message said of players: a catalog has the message twice.
GENDER_CONTEXTS: dict[Gender, str] = {"f": "feminine", "m": "masculine"}
_CONTEXT_SEPARATOR = "\x04"  # GNU gettext's: a message in a context is "context\x04msgid"


def _p_(context: str, message: str) -> tuple[str, str]:
    """Marks a msgid in a context for the extractor (keyword ``_p_:1c,2``)."""
    return context, message


def _npp_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Marks a plural msgid pair in a context for the extractor (``_npp_:1c,2,3``)."""
    return context, singular, plural


@dataclass(frozen=True)
class Gendered:
    """A message said of a player (or of players): its feminine and its masculine form, each
    the same msgid in its context, written out so that the extractor finds both."""

    feminine: tuple[str, str]
    masculine: tuple[str, str]

    def __post_init__(self) -> None:
        if self.feminine != ("feminine", self.masculine[1]) or self.masculine[0] != "masculine":
            raise ValueError(f"not one message in its two forms: {self.feminine}, {self.masculine}")

    @property
    def msgid(self) -> str:
        return self.masculine[1]

    def of(self, gender: Gender) -> tuple[str, str]:
        return self.feminine if gender == "f" else self.masculine


@dataclass(frozen=True)
class GenderedPlural:
    """A plural message said of players, in its feminine and masculine forms."""

    feminine: tuple[str, str, str]
    masculine: tuple[str, str, str]

    def __post_init__(self) -> None:
        if self.feminine != ("feminine", *self.masculine[1:]) or self.masculine[0] != "masculine":
            raise ValueError(f"not one message in its two forms: {self.feminine}, {self.masculine}")

    def of(self, gender: Gender) -> tuple[str, str, str]:
        return self.feminine if gender == "f" else self.masculine


def group_gender(genders: Iterable[Gender]) -> Gender:
    """The form the languages give words said of several players together: feminine when
    every one is a woman, masculine otherwise (and of nobody)."""
    found = list(genders)
    return "f" if found and all(g == "f" for g in found) else "m"


def catalog_key(context: str | None, msgid: str) -> str:
    """Where a message stands in ``Messages.table``: its msgid, after its context if any."""
    return f"{context}{_CONTEXT_SEPARATOR}{msgid}" if context else msgid


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # in the language itself: "Deutsch", "العربية"
    english_name: str
    direction: str  # "ltr" or "rtl"


# The semicolon a language writes between the clauses of a generated line (a list of
# sources, a score sheet's key), when it is not the Latin one: CLDR's list patterns have
# commas only. Arabic's is U+061B, a Latin ';' in Arabic text reads as a stray mark.
SEMICOLONS = {"ar": "\u061b"}


def semicolon(code: str) -> str:
    """The semicolon and the space after it, as ``code`` writes them: '; ', '؛ '."""
    return SEMICOLONS.get(code.split("_")[0], ";") + " "


_LANGUAGES: dict[str, Language] = {}  # by code: Babel's locale data costs 5 ms a language


def language(code: str) -> Language:
    """The language of ``code`` as Babel knows it (ValueError, LookupError: it does not)."""
    found = _LANGUAGES.get(code)
    if found is None:
        locale = Locale.parse(code)
        name = locale.get_display_name(code) or code
        found = _LANGUAGES[code] = Language(
            code, name[:1].upper() + name[1:], locale.get_display_name("en") or code,
            "rtl" if locale.character_order == "right-to-left" else "ltr")
    return found


def known_languages() -> dict[str, Language]:
    """Every language this process has looked up, by code."""
    return dict(_LANGUAGES)


def remember_languages(known: Iterable[Language]) -> None:
    """Take ``known`` as Babel's answers (what an earlier process looked up, with the same
    Babel: the caller makes sure of it), instead of reading its locale data again."""
    for found in known:
        _LANGUAGES.setdefault(found.code, found)


@dataclass(frozen=True)
class Messages:
    """One language's UI messages; untranslated ones fall back to the English msgid."""

    lang: str
    table: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)
    missing: frozenset[str] = frozenset()
    problems: tuple[Diagnostic, ...] = ()  # of the catalog file: lines Babel skipped, bad translations
    plural_rule: str = "(n != 1)"  # the C expression ``plural`` was made from

    def as_json(self) -> dict[str, object] | None:
        """What ``from_json`` makes the same catalog from (a catalog with problems: None, it
        is read again each time, so that its findings keep their places)."""
        if self.problems:
            return None
        return {"lang": self.lang, "plural": self.plural_rule, "missing": sorted(self.missing),
                "table": {k: v if isinstance(v, str) else list(v) for k, v in self.table.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Messages:
        table = {k: v if isinstance(v, str) else tuple(v) for k, v in data["table"].items()}
        return cls(data["lang"], table, _gettext.c2py(data["plural"]), frozenset(data["missing"]),
                   plural_rule=data["plural"])

    def gettext(self, message: str) -> str:
        found = self.table.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._plural(singular, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        found = self.table.get(catalog_key(context, message))
        return found if isinstance(found, str) and found else message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._plural(catalog_key(context, singular), singular, plural, n)

    def gendered(self, message: Gendered, gender: Gender) -> str:
        """The form of ``message`` said of a player of ``gender``."""
        return self.pgettext(*message.of(gender))

    def ngendered(self, message: GenderedPlural, gender: Gender, n: int) -> str:
        """The form of ``message`` said of ``n`` players together, of ``gender`` as a group."""
        return self.npgettext(*message.of(gender), n)

    def _plural(self, key: str, singular: str, plural: str, n: int) -> str:
        found = self.table.get(key)
        if isinstance(found, tuple):
            index = self.plural(n)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural

    # A translation is text, never markup: jinja2's newstyle gettext marks what these return
    # as safe, and Python code that fills a message with markup (a name in <strong>) must
    # start from escaped text. Markup a message needs comes only through its placeholders.
    def gettext_html(self, message: str) -> Markup:
        return escape(self.gettext(message))

    def ngettext_html(self, singular: str, plural: str, n: int) -> Markup:
        return escape(self.ngettext(singular, plural, n))


def catalog_rel(lang: str) -> str:
    """Where a language's UI catalog is in a theme (runtime/theme.py)."""
    return f"locale/{lang}/LC_MESSAGES/messages.po"


def catalog_path(templates: Path, lang: str) -> Path:
    return templates / catalog_rel(lang)


def load_messages(templates: Path, lang: str) -> Messages:
    """Read one language's catalog of the folder ``templates``; the source language needs none."""
    return load_catalog(catalog_path(templates, lang), lang)


def load_catalog(path: Path, lang: str) -> Messages:
    """Read one language's catalog from ``path`` (none there: the English texts)."""
    if not path.exists():
        return Messages(lang)
    data, unread = catalog_bytes(path)
    if data is None:  # the English texts are shown
        return Messages(lang, problems=(Diagnostic(Mark(str(path)), "bad-catalog", unread,
                                                   hint="make it the .po file that "
                                                   "`make messages` keeps"),))
    catalog = Catalog(locale=lang)
    parser = _Parser(catalog, str(path))
    lines = data.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(b'"Plural-Forms:'):
            problem = plural_problem(line.decode("utf-8", "replace")[len('"Plural-Forms:'):])
            if problem is not None:  # read as the language's own (CLDR) rule says instead
                rule = get_plural(lang).plural_forms
                parser.problems.append(Diagnostic(
                    Mark(str(path), i + 1), "bad-catalog", f"the Plural-Forms header {problem}",
                    hint=f"for {lang} it is: {rule}"))
                lines[i] = f'"Plural-Forms: {rule}\\n"\n'.encode()
    parser.parse(io.BytesIO(b"".join(lines)))
    table: dict[str, str | tuple[str, ...]] = {}
    missing = set()
    for message in catalog:
        if not message.id:
            continue
        key = catalog_key(message.context,
                          message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
        string = message.string
        value: str | tuple[str, ...] = (tuple(string) if isinstance(string, (tuple, list))
                                        else string or "")
        bad = _bad_format(message.id, value)
        if bad:  # it would raise where it is shown: the English text is shown instead
            parser.problems.append(Diagnostic(Mark(str(path), message.lineno or 1), "bad-catalog",
                                              bad, hint="a placeholder is written %(name)s "
                                              "with a name of the msgid; a percent sign %%"))
            value = ""
        if not value or (isinstance(value, tuple) and not all(value)) or message.fuzzy:
            missing.add(key)
        table[key] = value
    return Messages(lang, table, _gettext.c2py(catalog.plural_expr), frozenset(missing),
                    tuple(parser.problems), catalog.plural_expr)


def catalog_bytes(path: Path) -> tuple[bytes | None, str]:
    """A catalog's bytes, or why it is not read: only a regular file is (a FIFO would hang
    the build, a link to /dev/zero fill the memory), of at most MAX_CATALOG_BYTES."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO: no waiting
    except OSError as error:
        return None, f"cannot be read: {error.strerror}"
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None, "not a regular file but a folder, device, pipe or socket: not read"
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(MAX_CATALOG_BYTES + 1)
    if len(data) > MAX_CATALOG_BYTES:
        return None, f"the catalog is over {MAX_CATALOG_BYTES // 2**20} MB: not read"
    return data, ""


class _Parser(PoFileParser):
    """Babel's reader, whose complaints about lines it skips become findings: its own way
    is to print them on stdout, in its own format."""

    def __init__(self, catalog: Catalog, shown: str) -> None:
        super().__init__(catalog, abort_invalid=False)
        self.shown, self.problems = shown, list[Diagnostic]()

    def _invalid_pofile(self, line: str, lineno: int, msg: str) -> None:
        self.problems.append(Diagnostic(Mark(self.shown, lineno + 1), "bad-catalog",
                                        f"{msg}; this line is skipped"))


def plural_problem(header: str) -> str | None:
    """What is wrong with a Plural-Forms header (``nplurals=N; plural=EXPR;``): anything that
    would stop the catalog being read or a plural being chosen, or a count of forms no
    language has (Babel would make a list that long for each plural message); None when
    nothing is."""
    fields = {}
    for part in header.strip().strip('"').replace("\\n", "").split(";"):
        name, equals, value = part.partition("=")
        if equals:
            fields[name.strip()] = value.strip()
    try:
        count = int(fields["nplurals"])
        if not 1 <= count <= MAX_PLURALS:
            return f"says nplurals={count}; a language has 1 to {MAX_PLURALS} plural forms"
        choose = _gettext.c2py(fields["plural"])
        for n in range(1000):  # the counts a page shows
            if not 0 <= choose(n) < count:
                return f"chooses form {choose(n)} for {n}, of {count} forms"
    except KeyError as missing:
        return f"has no {missing.args[0]}"
    except (ValueError, ArithmeticError, RecursionError, TypeError) as error:
        return f"cannot be read: {error}"
    return None


def _bad_format(msgid: str | tuple[str, ...] | list[str], value: str | tuple[str, ...]) -> str | None:
    """Why a translation cannot be filled like its msgid (every message is: jinja2's
    gettext formats it even without placeholders); None when it can."""
    ids = [msgid] if isinstance(msgid, str) else list(msgid)
    names = {name: 1 for text in ids for name in _PLACEHOLDER.findall(text)}
    for text in [value] if isinstance(value, str) else value:
        try:
            text % names
        except KeyError as err:
            return f"the translation uses the placeholder %({err.args[0]})s, which the msgid has not"
        except (ValueError, TypeError):
            return "the translation has a '%' that is no placeholder (write %% for a percent sign)"
    return None


_PLACEHOLDER = re.compile(r"%\((\w+)\)")
