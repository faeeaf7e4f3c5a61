"""The jinja2 environments and the UI catalogs of a build, one of each per language: the
templates compiled once a process (in memory, never on disk), every template a page loads
recorded as an input of it (runtime/deps.py), the catalogs read once a process for as long as
their file is unchanged (`rulebook serve` builds again and again in one process)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable, MutableMapping
from xml.sax.saxutils import escape as xml_escape

from jinja2 import (
    BaseLoader,
    BytecodeCache,
    Environment,
    StrictUndefined,
    Template,
    TemplateError,
    TemplateNotFound,
    select_autoescape,
)
from jinja2.bccache import Bucket
from jinja2.loaders import split_template_path
from markupsafe import Markup

from ..core.diagnostics import Diagnostic
from ..core.languages import Messages, catalog_rel, load_catalog, semicolon
from ..core.markup import minus_sign
from ..runtime import deps
from ..runtime.theme import Theme


class _MemoryBytecodeCache(BytecodeCache):
    """Compiled templates shared by the per-language environments (and by rebuilds in
    `rulebook serve`): each template is parsed and compiled once a process, not once per
    language. Never on disk: a cache holds data, and compiled templates are code (a file
    planted in such a cache would run as the author; compiling all takes about 0.1 s)."""

    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()


_BYTECODE = _MemoryBytecodeCache()
_CATALOGS: dict[tuple[str, int, int], Messages] = {}  # by path, size and modification time


class ThemeLoader(BaseLoader):
    """jinja2's templates from the theme: a site's own over the built-in one's, file by file."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def get_source(self, environment: Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        rel = "/".join(split_template_path(template))  # no '..': never outside the theme
        path = self.theme.find(rel)
        if path is None:
            raise TemplateNotFound(template)
        source = path.read_text(encoding="utf-8")
        mtime = os.path.getmtime(path)
        return source, str(path), lambda: _unchanged(path, mtime)

    def list_templates(self) -> list[str]:
        return [rel for rel in self.theme.files() if rel.endswith(".j2")]


def _unchanged(path: Path, mtime: float) -> bool:
    try:
        return os.path.getmtime(path) == mtime
    except OSError:
        return False


class _RecordingEnvironment(Environment):
    """Every template a page loads (extends, includes and imports too) is an input of it: the
    file that won, and the site's path above it (where a file added would win instead)."""

    def _load_template(self, name: str, globals: MutableMapping[str, Any] | None) -> Template:  # noqa: A002
        assert isinstance(self.loader, ThemeLoader)
        for path in self.loader.theme.candidates(name):
            deps.file(path)
        return super()._load_template(name, globals)


def _minus(value: object) -> str:
    """A figure of a table with the minus sign (U+2212) for a negative one, as the numbers
    pages and the prose have it: Python's str(-20) gives a hyphen-minus."""
    return minus_sign(str(value))


class Environments:
    """One jinja2 environment and one catalog per language, made when first asked for."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._envs: dict[str, Environment] = {}
        self._messages: dict[str, Messages] = {}

    def _record_catalog(self, lang: str) -> Path:
        """The catalog of ``lang`` that wins, recorded as an input with the paths above it."""
        for path in self.theme.candidates(catalog_rel(lang)):
            deps.file(path)
        return self.theme.path(catalog_rel(lang))

    def messages(self, lang: str) -> Messages:
        path = self._record_catalog(lang)
        if lang not in self._messages:
            try:
                st = os.stat(path)
                key = (str(path), st.st_size, st.st_mtime_ns)
            except OSError:
                key = (str(path), -1, -1)
            if key not in _CATALOGS:  # `rulebook serve` builds again and again in one process
                _CATALOGS[key] = load_catalog(path, lang)
            self._messages[lang] = _CATALOGS[key]
        return self._messages[lang]

    def catalog_problems(self, languages: Iterable[str]) -> list[Diagnostic]:
        """What is wrong in the UI catalogs of ``languages``, for the build's report."""
        return [d for lang in languages for d in self.messages(lang).problems]

    def env(self, lang: str) -> Environment:
        self._record_catalog(lang)  # its UI words
        if lang not in self._envs:
            env = _RecordingEnvironment(loader=ThemeLoader(self.theme),
                              autoescape=select_autoescape(default=True, default_for_string=True),
                              undefined=StrictUndefined, extensions=["jinja2.ext.i18n"],
                              bytecode_cache=_BYTECODE,
                              auto_reload=False,  # a renderer lives one build: no stat per use
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
            msgs = self.messages(lang)
            env.install_gettext_callables(msgs.gettext_html, msgs.ngettext_html, newstyle=True)  # type: ignore[attr-defined]
            env.globals["_"] = _direct_gettext(msgs)
            env.globals["zip"] = zip
            env.filters["minus"] = _minus
            env.globals["semicolon"] = semicolon(lang)  # between generated clauses: '; ', '؛ '
            env.filters["xml"] = _xml
            self._envs[lang] = env
        return self._envs[lang]


def compile_templates(theme: Theme, lang: str) -> None:
    """Every template of ``theme`` compiled into this process's bytecode cache, as a page's
    render would compile it on its first use (serve: before its first build, whose forked
    workers inherit them, and its first save's rebuild, which renders in its own process). A
    template that does not compile is left for the build to report."""
    env = Environments(theme).env(lang)
    for name in ThemeLoader(theme).list_templates():
        try:
            env.get_template(name)
        except TemplateError:
            pass


def _direct_gettext(msgs: Messages) -> Callable[..., Markup]:
    """The templates' ``_()``. jinja2's own looks ``gettext`` up in the template's context and
    calls it through the context (two dynamic calls per message, a quarter of a million on a
    large site); this returns what that newstyle gettext returns, in one call: the escaped
    translation (Markup whether or not the template autoescapes) formatted with its variables,
    which Markup escapes, "%%" read as "%" even without variables."""
    def gettext(message: str, /, **variables: object) -> Markup:
        return msgs.gettext_html(message) % variables
    return gettext


def _xml(text: str) -> str:
    """Text for an XML element or a double-quoted attribute ('>' too: ']]>' is not allowed)."""
    return xml_escape(text, {'"': "&quot;"})
