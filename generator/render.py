"""Rendering the site's pages with jinja2: one environment per language, UI words from its catalog."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Callable, Mapping, MutableMapping, TypedDict
from xml.sax.saxutils import escape as xml_escape

from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape
from jinja2.bccache import Bucket
from markupsafe import Markup

from . import deps, markup
from .diagnostics import Diagnostic
from .facts import QUICKREF_TITLES, GameFacts
from .i18n import SOURCE_LANGUAGE, Messages, catalog_path, language, load_messages
from .page_game import PdfLink, game_context
from .qr import paper_context, rules_changed
from .site import DocKind, Document, Kind, Page, Site, absolute, relative

Context = Mapping[str, object]  # one of the TypedDicts below, or the game page's


class Alternate(TypedDict):
    hreflang: str
    href: str


class SwitcherItem(TypedDict):
    lang: str
    name: str
    href: str
    current: bool


class Common(TypedDict):
    """What base.html.j2 needs on every page."""

    lang: str
    direction: str
    kind: str
    site_name: str
    link: Callable[[str], str]
    home: str
    alternates: list[Alternate]
    canonical: str | None
    switcher: list[SwitcherItem]
    description: str


class LanguageLink(TypedDict):
    lang: str
    name: str
    direction: str
    href: str
    count: str


class RootContext(TypedDict):
    title: str
    languages: list[LanguageLink]


class NotFoundLanguage(TypedDict):
    lang: str
    name: str
    href: str


class NotFoundContext(TypedDict):
    title: str
    languages: list[NotFoundLanguage]


class IndexEntry(TypedDict):
    """What a language's index shows of one game (kept between builds: graph.GameRecord)."""

    title: str
    description: str  # inline HTML
    players: str
    duration: str
    difficulty: str


class GameEntry(TypedDict):
    title: str
    href: str
    description: Markup
    players: str
    duration: str
    difficulty: str


class IndexContext(TypedDict):
    title: str
    games: list[GameEntry]
    description: str


class QuickrefBlock(TypedDict):
    key: str
    title: str
    lines: list[Markup]


class QuickrefContext(TypedDict):
    title: str
    blocks: list[QuickrefBlock]
    players: str
    deck: str
    odd_card: Markup | None
    game_href: str
    removed: Markup | None
    pdfs: list[PdfLink]
    description: str


class SitemapUrl(TypedDict):
    loc: str
    alternates: list[Alternate]


@dataclass(frozen=True)
class SiteConfig:
    templates: Path
    base_url: str
    site_name: str = "rulebook"
    pdf: bool = True  # the PDFs are built, so pages link them
    cache: Path | None = None  # compiled templates are kept here for the next process


class _MemoryBytecodeCache(BytecodeCache):
    """Compiled templates shared by the per-language environments (and by rebuilds in
    `rulebook serve`): each template is parsed and compiled once, not once per language.
    With a folder, they are kept there too, so that the next `rulebook build` process does
    not compile them again (jinja2 checks each against its template's source digest)."""

    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}
        self.folder: Path | None = None

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._store.get(bucket.key)
        if code is None and self.folder is not None:
            try:
                code = (self.folder / f"{bucket.key}.jinja").read_bytes()
            except OSError:
                code = None
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._store[bucket.key] = code = bucket.bytecode_to_string()
        if self.folder is not None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                tmp = self.folder / f".{bucket.key}.{os.getpid()}.tmp"
                tmp.write_bytes(code)
                os.replace(tmp, self.folder / f"{bucket.key}.jinja")
            except OSError:
                pass  # only a cache: the next process compiles the template again


_BYTECODE = _MemoryBytecodeCache()


class _RecordingEnvironment(Environment):
    """Every template a page loads (extends, includes and imports too) is an input of it."""

    def _load_template(self, name: str, globals: MutableMapping[str, Any] | None) -> Template:  # noqa: A002
        assert isinstance(self.loader, FileSystemLoader)
        deps.file(Path(self.loader.searchpath[0]) / name)
        return super()._load_template(name, globals)


class Renderer:
    """Renders every page of a planned site into ``{output path: bytes}``."""

    def __init__(self, config: SiteConfig, site: Site, replays: Mapping[tuple[str, str], object]
                 ) -> None:
        self.config, self.site, self.replays = config, site, replays
        if config.cache is not None:
            _BYTECODE.folder = config.cache
        self._envs: dict[str, Environment] = {}
        self._messages: dict[str, Messages] = {}
        self._contexts: dict[str, Context] = {}
        self._entries: dict[tuple[str, str], IndexEntry] = {}
        self._changed: dict[str, date] = {}

    # -- environments ------------------------------------------------------------------------

    def messages(self, lang: str) -> Messages:
        deps.file(catalog_path(self.config.templates, lang))
        if lang not in self._messages:
            self._messages[lang] = load_messages(self.config.templates, lang)
        return self._messages[lang]

    def catalog_problems(self) -> list[Diagnostic]:
        """What is wrong in the UI catalogs of the site's languages, for the build's report."""
        return [d for lang in self.site.languages for d in self.messages(lang).problems]

    def env(self, lang: str) -> Environment:
        deps.file(catalog_path(self.config.templates, lang))  # its UI words
        if lang not in self._envs:
            env = _RecordingEnvironment(loader=FileSystemLoader(self.config.templates),
                              autoescape=select_autoescape(default=True, default_for_string=True),
                              undefined=StrictUndefined, extensions=["jinja2.ext.i18n"],
                              bytecode_cache=_BYTECODE,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
            msgs = self.messages(lang)
            env.install_gettext_callables(msgs.gettext_html, msgs.ngettext_html, newstyle=True)  # type: ignore[attr-defined]
            env.globals["zip"] = zip
            env.filters["xml"] = _xml
            self._envs[lang] = env
        return self._envs[lang]

    # -- the whole site ------------------------------------------------------------------------

    def render_all(self) -> dict[str, bytes]:
        files: dict[str, bytes] = {}
        for page in self.site.pages:
            files[page.path] = self.render(page).encode("utf-8")
        files["sitemap.xml"] = self.sitemap().encode("utf-8")
        return files

    def render(self, page: Page) -> str:
        lang = page.lang or SOURCE_LANGUAGE
        builders: dict[Kind, Callable[[Page, str], tuple[str, Context]]] = {
            Kind.ROOT: self._root, Kind.INDEX: self._index, Kind.GAME: self._game,
            Kind.QUICKREF: self._quickref, Kind.NOT_FOUND: self._not_found,
        }
        template, context = builders[page.kind](page, lang)
        if page.kind in (Kind.GAME, Kind.QUICKREF):
            self._contexts[page.path] = context  # the PDFs of the page reuse it
        return self.env(lang).get_template(template).render({**self._common(page, lang), **context})

    def render_document(self, doc: Document) -> str:
        """The HTML that WeasyPrint turns into one printable PDF."""
        kind = Kind.GAME if doc.kind is DocKind.BOOKLET else Kind.QUICKREF
        deps.game(doc.game, doc.lang)
        page = self.site.find(kind, lang=doc.lang, game=doc.game)
        assert page is not None
        context = self._contexts.get(page.path)  # made when the page was rendered
        if context is None:
            _, context = (self._game if kind is Kind.GAME else self._quickref)(page, doc.lang)
        game_page = self.site.find(Kind.GAME, lang=doc.lang, game=doc.game)
        assert game_page is not None
        paper = paper_context(absolute(self.config.base_url, game_page), lang=doc.lang,
                              changed=self.rules_changed(doc.game))
        return self.env(doc.lang).get_template(f"print/{doc.kind.value}.html.j2").render(
            {**context, **paper, "lang": doc.lang, "direction": language(doc.lang).direction,
             "site_name": self.config.site_name, "doc_kind": doc.kind.value})

    def rules_changed(self, game: str) -> date:
        """The day a game's rules last changed, printed beside its QR code."""
        if game not in self._changed:
            self._changed[game] = rules_changed(self.site.games[game].folder)
        return self._changed[game]

    def pdf_links(self, page: Page, game: str, lang: str) -> list[PdfLink]:
        if not self.config.pdf:
            return []
        msgs = self.messages(lang)
        labels = {DocKind.CARD: msgs.gettext("Quick-reference card (A6, PDF)"),
                  DocKind.SHEET: msgs.gettext("Four cards on A4, to cut (PDF)"),
                  DocKind.BOOKLET: msgs.gettext("Rule booklet (A5, PDF)"),
                  DocKind.IMPOSED: msgs.gettext("Rule booklet on A4, to print on both sides and fold (PDF)")}
        return [{"href": relative(page, d.path), "label": labels[d.kind]}
                for d in self.site.documents if d.game == game and d.lang == lang]

    def json_ld(self, data: object) -> Markup:
        return json_ld(data)

    def alternates(self, page: Page) -> list[Alternate]:
        """The page in each of its languages, and the default one (hreflang links)."""
        translations = self.site.translations(page) if page.lang else []
        alternates: list[Alternate] = [{"hreflang": p.lang or "", "href": absolute(self.config.base_url, p)}
                                       for p in translations]
        if len(translations) > 1:
            default = next((p for p in translations if p.lang == SOURCE_LANGUAGE), translations[0])
            alternates.append({"hreflang": "x-default",
                               "href": absolute(self.config.base_url, default)})
        return alternates

    def _common(self, page: Page, lang: str) -> Common:
        translations = self.site.translations(page) if page.lang else []
        not_found = page.kind is Kind.NOT_FOUND
        # A 404 page is served at any address: its links must not be relative.
        base = self.config.base_url.rstrip("/") + "/"

        def link(path: str) -> str:
            return base + path if not_found else relative(page, path)

        home = f"{page.lang}/index.html" if page.lang else "index.html"
        return {
            "lang": lang, "direction": language(lang).direction, "kind": page.kind.value,
            "site_name": self.config.site_name, "link": link, "home": link(home),
            "alternates": self.alternates(page) if not not_found else [],
            "canonical": None if not_found else absolute(self.config.base_url, page),
            "switcher": [{"lang": p.lang, "name": language(p.lang).name, "href": link(p.path),
                          "current": p == page} for p in translations if p.lang],
            "description": "",
        }

    # -- page kinds ------------------------------------------------------------------------------

    def _root(self, page: Page, lang: str) -> tuple[str, RootContext]:
        deps.uses("plan")
        return "root.html.j2", {"title": self.config.site_name, "languages": self._language_links(page)}

    def _not_found(self, page: Page, lang: str) -> tuple[str, NotFoundContext]:
        msgs = self.messages(lang)
        deps.uses("plan")
        base = self.config.base_url.rstrip("/") + "/"
        languages: list[NotFoundLanguage] = [
            {"lang": lang_, "name": language(lang_).name, "href": base + f"{lang_}/"}
            for lang_ in self.site.languages]
        return "404.html.j2", {"title": msgs.gettext("Page not found"), "languages": languages}

    def _language_links(self, page: Page) -> list[LanguageLink]:
        deps.uses("plan")
        out: list[LanguageLink] = []
        for lang in self.site.languages:
            msgs = self.messages(lang)
            count = len(self.site.games_in(lang))
            out.append({"lang": lang, "name": language(lang).name, "direction": language(lang).direction,
                        "href": relative(page, f"{lang}/index.html"),
                        "count": msgs.ngettext("%(num)s game", "%(num)s games", count) % {"num": count}})
        return out

    def index_entry(self, game: str, lang: str) -> IndexEntry:
        """What the index of ``lang`` shows of ``game``: from the last build when the build
        knows it is unchanged (``known_entries``), else from the loaded game."""
        key = (game, lang)
        if key not in self._entries:
            facts = GameFacts(self.site.games[game], lang, self.messages(lang))
            self._entries[key] = {
                "title": facts.title, "players": facts.players, "duration": facts.duration,
                "description": markup.render_inline(facts.fill(facts.text.description)),
                "difficulty": facts.difficulty}
        return self._entries[key]

    def known_entries(self, entries: Mapping[tuple[str, str], IndexEntry]) -> None:
        self._entries.update(entries)

    def _index(self, page: Page, lang: str) -> tuple[str, IndexContext]:
        msgs = self.messages(lang)
        deps.uses(f"games:{lang}")
        games: list[GameEntry] = []
        for listing in self.site.games_in(lang):
            entry = self.index_entry(listing.id, lang)
            target = self.site.find(Kind.GAME, lang=lang, game=listing.id)
            assert target is not None
            games.append({"title": entry["title"], "href": relative(page, target.path),
                          "description": Markup(entry["description"]),
                          "players": entry["players"], "duration": entry["duration"],
                          "difficulty": entry["difficulty"]})
        games.sort(key=lambda g: g["title"])
        return "index.html.j2", {"title": msgs.gettext("Card game rules"), "games": games,
                                 "description": msgs.gettext("Card game rules with example rounds "
                                                             "that have been played through and checked.")}

    def _quickref(self, page: Page, lang: str) -> tuple[str, QuickrefContext]:
        deps.game(page.game or "", lang)
        bundle = self.site.games[page.game or ""]
        msgs = self.messages(lang)
        facts = GameFacts(bundle, lang, msgs)
        qr = facts.text.quickref
        lines = {"in_short": qr.in_short, "turn": qr.turn, "end": qr.end}
        blocks: list[QuickrefBlock] = [
            {"key": key, "title": msgs.gettext(title),
             "lines": [Markup(markup.render_inline(facts.fill(line))) for line in lines[key]]}
            for key, title in QUICKREF_TITLES.items()]
        game_page = self.site.find(Kind.GAME, lang=lang, game=bundle.rules.id)
        assert game_page is not None
        return "quickref.html.j2", {
            "title": facts.title, "blocks": blocks, "players": facts.players, "deck": facts.deck,
            "odd_card": facts.odd_card, "game_href": relative(page, game_page.path),
            "removed": facts.removed if bundle.rules.engine.removed else None,
            "pdfs": self.pdf_links(page, bundle.rules.id, lang),
            "description": markup.plain(facts.fill(facts.text.description))}

    def _game(self, page: Page, lang: str) -> tuple[str, Context]:
        deps.game(page.game or "", lang)
        return "game.html.j2", game_context(self, page, lang)

    # -- sitemap ---------------------------------------------------------------------------------

    def sitemap(self) -> str:
        deps.uses("plan")
        urls: list[SitemapUrl] = [
            {"loc": absolute(self.config.base_url, page), "alternates": self.alternates(page)}
            for page in self.site.pages if page.kind is not Kind.NOT_FOUND]
        return self.env(SOURCE_LANGUAGE).get_template("sitemap.xml.j2").render(urls=urls)


def _xml(text: str) -> str:
    """Text for an XML element or a double-quoted attribute ('>' too: ']]>' is not allowed)."""
    return xml_escape(text, {'"': "&quot;"})


def json_ld(data: object) -> Markup:
    """JSON for a <script> element: neither '</script' nor '<!--' may appear in it, so every
    '<' (and '>', '&') is written as a JSON escape, which parses back to the same text."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.translate(_JSON_IN_SCRIPT))


_JSON_IN_SCRIPT = {ord(c): f"\\u{ord(c):04x}" for c in "<>&\u2028\u2029"}
