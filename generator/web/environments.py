"""The jinja2 environments and the UI catalogs of a build, one of each per language: the
templates compiled once a process, every template a page loads recorded as an input of it
(runtime/deps.py), the catalogs read once a process for as long as their file is unchanged
(`rulebook serve` builds again and again in one process). A new process (each `rulebook
build`) finds both in the disk cache, where the first that made them kept them: compiling the
templates and parsing the catalogs cost 0.15-0.2 s, more than the rest of a one-edit build's
rendering."""

from __future__ import annotations

import hashlib
import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, MutableMapping

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
from jinja2.bccache import Bucket, bc_magic
from jinja2.loaders import split_template_path
from markupsafe import Markup

from ..core.diagnostics import Diagnostic
from ..core.languages import (
    Language,
    Messages,
    catalog_bytes,
    catalog_rel,
    known_languages,
    load_catalog,
    remember_languages,
    semicolon,
)
from ..core.markup import minus_sign
from ..runtime import deps
from ..runtime.cache import Cache
from ..runtime.theme import Theme


class _BytecodeCache(BytecodeCache):
    """Compiled templates shared by the per-language environments (and by rebuilds in
    `rulebook serve`): each template is parsed and compiled once a process, not once per
    language, and kept in the disk cache for the next process.

    The disk cache otherwise holds data, and compiled templates are code: an entry is signed
    with the folder's secret, which only this user (or root) can read, and jinja2 takes it only
    for the very source it was compiled from (a checksum of the text, and its own and Python's
    version). Whoever could plant one could change the installed generator itself, as Python's
    own compiled modules beside it are neither signed nor checked."""

    def __init__(self, disk: Cache | None) -> None:
        self.disk = disk

    def load_bytecode(self, bucket: Bucket) -> None:
        code = _BYTECODE.get(bucket.key)
        if code is None and self.disk is not None:
            entry = self.disk.get("templates", _disk_key(bucket))
            code = entry.data if entry is not None else None
        if code is not None:
            bucket.bytecode_from_string(code)  # a stale one (another source) is dropped there
            if bucket.code is not None:
                _BYTECODE[bucket.key] = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        _BYTECODE[bucket.key] = code
        if self.disk is not None:
            self.disk.put("templates", _disk_key(bucket), code)


def _disk_key(bucket: Bucket) -> str:
    """A compiled template's key: its name and file, its source, jinja2's and Python's format."""
    return hashlib.sha256(bc_magic + f"\0{bucket.key}\0{bucket.checksum}".encode()).hexdigest()


_BYTECODE: dict[str, bytes] = {}  # by jinja2's key of a template (its name and file)
_CATALOGS: dict[tuple[str, int, int], Messages] = {}  # by path, size and modification time
CATALOG_FORMAT = 1  # of a catalog kept in the disk cache: raise it when Messages.as_json changes


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

    def __init__(self, theme: Theme, cache: Cache | None = None) -> None:
        self.theme, self.cache = theme, cache
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
                _CATALOGS[key] = _read_catalog(path, lang, self.cache)
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
                              bytecode_cache=_BytecodeCache(self.cache),
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


def _read_catalog(path: Path, lang: str, cache: Cache | None) -> Messages:
    """The catalog at ``path``, from the disk cache when a process has parsed these very
    bytes before (a catalog with problems is parsed each time: its findings are reported)."""
    if cache is None or cache.folder is None or not path.exists():
        return load_catalog(path, lang)
    data, _ = catalog_bytes(path)  # only a regular file's, as load_catalog reads it
    if data is None:
        return load_catalog(path, lang)  # which says why it is not read
    digest = hashlib.sha256(f"{CATALOG_FORMAT}\0{lang}\0".encode())
    digest.update(babel_version().encode() + b"\0" + data)
    key = digest.hexdigest()
    entry = cache.get("catalogs", key)
    if entry is not None:
        try:
            return Messages.from_json(json.loads(entry.data))
        except (ValueError, KeyError, TypeError, AttributeError, SyntaxError):
            pass  # signed, so written by a rulebook whose format differs: parsed again
    messages = load_catalog(path, lang)
    kept = messages.as_json()
    if kept is not None:
        cache.put("catalogs", key, json.dumps(kept, ensure_ascii=False).encode())
    return messages


def babel_version() -> str:
    from babel import __version__
    return __version__


@contextmanager
def languages_remembered(cache: Cache) -> Iterator[None]:
    """Within: the languages an earlier process looked up in Babel's locale data are taken
    from the disk cache (the facts box names a game's other names in theirs, each read for
    its direction alone: 5 ms a language), and those looked up meanwhile are kept there."""
    key = hashlib.sha256(f"languages\0{babel_version()}".encode()).hexdigest()
    entry = cache.get("languages", key) if cache.folder is not None else None
    if entry is not None:
        try:
            remember_languages(Language(*row) for row in json.loads(entry.data))
        except (ValueError, TypeError):
            pass  # signed, so written by a rulebook whose format differs: looked up again
    before = known_languages()
    try:
        yield
    finally:
        now = known_languages()
        if now.keys() - before.keys() and cache.folder is not None:
            rows = [[v.code, v.name, v.english_name, v.direction] for _, v in sorted(now.items())]
            cache.put("languages", key, json.dumps(rows, ensure_ascii=False).encode())


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
    """Text for an XML element or a double-quoted attribute ('>' too: ']]>' is not allowed).
    As xml.sax.saxutils.escape does, which imports urllib.request, http and ssl (10 ms)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;")
