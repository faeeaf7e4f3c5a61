"""Rendering the site's pages with jinja2: one environment per language, UI words from its catalog."""

from __future__ import annotations

import base64
import json
from dataclasses import replace
from datetime import date
from functools import cached_property
from typing import Callable, Mapping, TypedDict

from jinja2 import Environment
from markupsafe import Markup

from ..core import markup
from ..core.cards import RED_JOKER, get_deck
from ..core.diagnostics import Diagnostic
from ..core.languages import SOURCE_LANGUAGE, Messages, language
from ..families import family_of
from ..families.moves import Json
from ..families.play import play_options
from ..model.game import GameBundle
from ..runtime import deps
from ..runtime.cache import Cache
from ..simulation.configurations import Result, game_numbers
from ..simulation.store import Store
from .environments import Environments
from .game_page import game_context
from .navigation import IndexEntry, index_entry, related_context
from .numbers_page import numbers_context
from .page_renderer import PdfLink, SiteConfig
from .play_page import play_context
from .qr import paper_context, qr_svg, rules_changed
from .quickref_page import quickref_context
from .search import BUNDLE, shard_counts, shard_folder
from .search_box import SYNONYMS, SearchBox, search_box
from .site import DocKind, Document, Kind, Page, Site, absolute, relative
from .site_pages import STYLESHEETS, index_context, not_found_context, redirect_context, root_context

__all__ = ["Renderer", "SiteConfig", "json_ld"]

Context = Mapping[str, object]  # one of the TypedDicts below, or the game page's


class Alternate(TypedDict):
    hreflang: str
    href: str


class SwitcherItem(TypedDict):
    lang: str
    name: str
    direction: str
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
    game: str  # the game of the page ('' on an index): the same in each of its languages


class SitemapUrl(TypedDict):
    loc: str
    alternates: list[Alternate]


class Renderer:
    """Renders every page of a planned site into ``{output path: bytes}``."""

    def __init__(self, config: SiteConfig, site: Site, replays: Mapping[tuple[str, str], object],
                 *, numbers: Store | None = None) -> None:
        self.config, self.site, self.replays = config, site, replays
        # the figures of its pages: by default from the user's disk cache, as a build does
        self.numbers = numbers if numbers is not None else Store(Cache.default())
        self._game_numbers: dict[str, list[Result]] = {}
        self.environments = Environments(config.theme, self.numbers.cache)
        self._contexts: dict[str, Context] = {}
        self._entries: dict[tuple[str, str], IndexEntry] = {}
        self._changed: dict[str, date] = {}
        # each play configuration's options, the same in every language (one game's pages
        # are rendered together: a few games' worth in a worker)
        self._options: dict[tuple[str, str | None, int], Json] = {}

    # -- environments ------------------------------------------------------------------------

    def messages(self, lang: str) -> Messages:
        return self.environments.messages(lang)

    def catalog_problems(self) -> list[Diagnostic]:
        """What is wrong in the UI catalogs of the site's languages, for the build's report."""
        return self.environments.catalog_problems(self.site.languages)

    def env(self, lang: str) -> Environment:
        return self.environments.env(lang)

    # -- the whole site ------------------------------------------------------------------------

    def render_all(self) -> dict[str, bytes]:
        files: dict[str, bytes] = {}
        for page in self.site.pages:
            files[page.path] = self.render(page).encode("utf-8")
        files["sitemap.xml"] = self.sitemap().encode("utf-8")
        return files

    def render(self, page: Page) -> str:
        lang = page.lang or SOURCE_LANGUAGE
        with markup.card_style(self.card_style(lang, page.game)):
            template, context = self._page(page, lang)
            if page.kind in (Kind.GAME, Kind.QUICKREF) and self.config.pdf:
                self._contexts[page.path] = context  # the PDFs of the page reuse it
            html = self.env(lang).get_template(template).render({**self._common(page, lang), **context})
        return markup.keep_punctuation(html)

    def card_style(self, lang: str, game: str | None) -> markup.CardStyle:
        """How cards are written and named on a page in ``lang`` (of ``game``, if any)."""
        listing = self.site.listings.get(game) if game else None
        italian = listing is not None and listing.deck.startswith("italian")
        two_jokers = listing is not None and RED_JOKER in get_deck(listing.deck)
        return markup.CardStyle(lang, italian, lang in self.config.card_letters,
                                two_jokers=two_jokers)

    def render_document(self, doc: Document) -> str:
        """The HTML that WeasyPrint turns into one printable PDF."""
        kind = Kind.GAME if doc.kind is DocKind.BOOKLET else Kind.QUICKREF
        deps.game(doc.game, doc.lang)
        deps.uses(f"changed:{doc.game}")
        page = self.site.find(kind, lang=doc.lang, game=doc.game)
        assert page is not None
        context = self._contexts.get(page.path)  # made when the page was rendered
        game_page = self.site.find(Kind.GAME, lang=doc.lang, game=doc.game)
        assert game_page is not None
        paper = paper_context(absolute(self.config.base_url, game_page), lang=doc.lang,
                              changed=self.rules_changed(doc.game))
        with markup.card_style(self.card_style(doc.lang, doc.game)):
            if context is None:
                _, context = self._page(page, doc.lang)
            if doc.kind is DocKind.BOOKLET:  # its back cover: the quick reference, how to print
                quickref = self.site.find(Kind.QUICKREF, lang=doc.lang, game=doc.game)
                assert quickref is not None
                blocks = (self._contexts.get(quickref.path) or self._page(quickref, doc.lang)[1])
                imposed = next(d.path for d in self.site.documents if d.kind is DocKind.IMPOSED
                               and (d.game, d.lang) == (doc.game, doc.lang))
                name = imposed.rsplit("/", 1)[-1]
                examples = f"{paper['page_url']}#examples"  # the page's section of them
                context = {**context, "quickref_blocks": blocks["blocks"],
                           "imposed_file": Markup('<span class="file">%s</span>') % name,
                           "examples_qr": qr_svg(examples),
                           "examples_url": f"{paper['short_url']}#examples"}
            # No card is wrapped with its punctuation here: WeasyPrint finds no break at the
            # space after such a wrapper, and an Arabic line ran 0.8 mm out of an A5 page.
            return self.env(doc.lang).get_template(f"print/{doc.kind.value}.html.j2").render(
                {**context, **paper,
                 "title": context.get("game_title", context["title"]),  # the game, on paper
                 "lang": doc.lang, "direction": language(doc.lang).direction,
                 "site_name": self.config.site_name, "doc_kind": doc.kind.value})

    def rules_changed(self, game: str) -> date:
        """The day a game's rules last changed, printed beside its QR code."""
        if game not in self._changed:
            self._changed[game] = rules_changed(self.site.games[game].folder)
        return self._changed[game]

    def known_changed(self, days: Mapping[str, date]) -> None:
        """The days of games the build knows unchanged (kept from the last build)."""
        self._changed.update(days)

    @property
    def source_language(self) -> str:
        return self.config.source_language

    def pdf_links(self, page: Page, game: str, lang: str) -> list[PdfLink]:
        if not self.config.pdf:
            return []
        msgs = self.messages(lang)
        labels = {DocKind.CARD: msgs.gettext("Quick-reference card (A6, PDF)"),
                  DocKind.SHEET: msgs.gettext("Four cards on A4, to cut (PDF)"),
                  DocKind.BOOKLET: msgs.gettext("Rule booklet (A5, PDF)"),
                  DocKind.IMPOSED: msgs.gettext("Rule booklet on A4, to print on both sides and fold (PDF)"),
                  DocKind.AID: msgs.gettext("Player aids: nine poker-size cards on A4, to cut (PDF)")}
        return [{"href": relative(page, d.path), "label": labels[d.kind]}
                for d in self.site.documents if d.game == game and d.lang == lang]

    def json_ld(self, data: object) -> Markup:
        return json_ld(data)

    def game_numbers(self, bundle: GameBundle) -> list[Result]:
        """The game by the numbers: simulated once per game, shared by its languages."""
        if bundle.rules.id not in self._game_numbers:
            self._game_numbers[bundle.rules.id] = game_numbers(bundle, self.numbers,
                                                                family=family_of(bundle))
        return self._game_numbers[bundle.rules.id]

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
        if page.game is None:  # an index, the root, a 404: in every language of the site
            deps.uses("languages")
        translations = self.site.translations(page) if page.lang else []
        not_found = page.kind is Kind.NOT_FOUND

        def link(path: str) -> str:
            # A 404 page's links are relative too: a script in it points them at the site's
            # folder when the page is shown at another address (404.html.j2).
            return relative(page, path)

        home = f"{page.lang}/index.html" if page.lang else "index.html"
        return {
            "lang": lang, "direction": language(lang).direction, "kind": page.kind.value,
            "site_name": self.config.site_name, "link": link, "home": link(home),
            "alternates": self.alternates(page) if not not_found else [],
            "canonical": None if not_found else absolute(self.config.base_url, page),
            "switcher": [] if not_found else [
                {"lang": p.lang, "name": language(p.lang).name,
                 "direction": language(p.lang).direction, "href": link(p.path),
                 "current": p == page} for p in translations if p.lang],
            "description": "",
            "game": page.game or "",
        }

    def search_box(self, page: Page, msgs: Messages) -> SearchBox:
        for path in self.config.theme.candidates(SYNONYMS):
            deps.file(path)
        lang = msgs.lang
        deps.uses(f"shards:{lang}")  # the other shards of its language, merged by the browser
        merged = [relative(page, shard_folder(n)) + "/"
                  for n in range(1, self.search_shards.get(lang, 1))]
        return search_box(msgs, relative(page, BUNDLE) + "/", self.config.theme.find(SYNONYMS),
                          merged)

    @cached_property
    def search_shards(self) -> dict[str, int]:
        """How many shards the search index of each language has."""
        return shard_counts(self.site)

    @cached_property
    def inline_css(self) -> list[str]:
        """site.css and the site's custom.css, each as a data: URL, which loads wherever the
        page is shown (another origin, a file on disk), and which the HTML checker reads as an
        address, not as CSS to check."""
        found = [self.config.theme.find(rel) for rel in STYLESHEETS]
        return ["data:text/css;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
                for path in found if path is not None]

    def index_entry(self, game: str, lang: str) -> IndexEntry:
        """What other pages show of ``game`` in ``lang`` (the index, related games, the
        not-found page): from the last build when the build knows it unchanged
        (``known_entries``), else made from the loaded game."""
        key = (game, lang)
        if key not in self._entries:
            with markup.card_style(self.card_style(lang, None)):  # as the index shows it
                self._entries[key] = index_entry(self.site.games[game], lang, self.messages(lang))
        return self._entries[key]

    def known_entries(self, entries: Mapping[tuple[str, str], IndexEntry]) -> None:
        self._entries.update(entries)

    def index_entries(self) -> dict[tuple[str, str], IndexEntry]:
        """The entries made or known so far (after the plan: every game's, in its languages)."""
        return dict(self._entries)

    def for_games(self, games: Mapping[str, GameBundle],
                  replays: Mapping[tuple[str, str], object],
                  numbers: Mapping[str, list[Result]]) -> Renderer:
        """A renderer of these games' pages (a cluster worker's task: the games it was sent,
        their examples' replays, their figures), sharing this one's environments, catalogs and
        index entries; what it keeps of the games goes with it."""
        other = Renderer(self.config, replace(self.site, games=games), replays,
                         numbers=self.numbers)
        other.environments, other._entries = self.environments, self._entries
        other._changed = self._changed
        other._game_numbers = dict(numbers)
        return other

    def play_options(self, bundle: GameBundle, variant: str | None, players: int) -> Json:
        key = (bundle.rules.id, variant, players)
        if key not in self._options:
            self._options[key] = play_options(bundle, variant, players)
        return self._options[key]

    def _page(self, page: Page, lang: str) -> tuple[str, Context]:
        """The page's template and context: each kind's context is made beside its page module."""
        if page.kind is Kind.GAME:
            deps.game(page.game or "", lang)
            return "game.html.j2", {**game_context(self, page, lang),
                                    "related": related_context(self.site, page, lang,
                                                               self.messages(lang), self.index_entry)}
        template, context_of = PAGE_KINDS[page.kind]
        return template, context_of(self, page, lang)

    # -- sitemap ---------------------------------------------------------------------------------

    def sitemap(self) -> str:
        deps.uses("plan")
        urls: list[SitemapUrl] = [
            {"loc": absolute(self.config.base_url, page), "alternates": self.alternates(page)}
            for page in self.site.pages if page.kind not in (Kind.NOT_FOUND, Kind.REDIRECT)]
        return self.env(SOURCE_LANGUAGE).get_template("sitemap.xml.j2").render(urls=urls)


def json_ld(data: object) -> Markup:
    """JSON for a <script> element: neither '</script' nor '<!--' may appear in it, so every
    '<' (and '>', '&') is written as a JSON escape, which parses back to the same text."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.translate(_JSON_IN_SCRIPT))


# The other page kinds: each one's template, and the function that makes its context.
PAGE_KINDS: dict[Kind, tuple[str, Callable[[Renderer, Page, str], Context]]] = {
    Kind.ROOT: ("root.html.j2", root_context), Kind.INDEX: ("index.html.j2", index_context),
    Kind.NOT_FOUND: ("404.html.j2", not_found_context),
    Kind.REDIRECT: ("redirect.html.j2", redirect_context),
    Kind.QUICKREF: ("quickref.html.j2", quickref_context),
    Kind.NUMBERS: ("numbers.html.j2", numbers_context), Kind.PLAY: ("play.html.j2", play_context),
}

_JSON_IN_SCRIPT = {ord(c): f"\\u{ord(c):04x}" for c in "<>&\u2028\u2029"}
