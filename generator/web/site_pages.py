"""The site's own pages, which no game owns: the root (the languages), each language's index
(the games by family), the not-found page, and the pages at a game's former addresses."""

from __future__ import annotations

from typing import TypedDict
from urllib.parse import urlsplit

from ..core.languages import language
from ..runtime import deps
from .navigation import IndexFamily, NotFoundGame, folder_of, index_families, list_separator, player_counts
from .page_renderer import PageRenderer
from .search_box import SearchBox
from .site import Kind, Page, absolute, relative

# The stylesheets of every page, in order: the theme's, then the site's own (empty in the
# built-in theme; docs/theme.md), which sets the theme's custom properties.
STYLESHEETS = ("static/site.css", "static/custom.css")


class RedirectContext(TypedDict):
    title: str  # the game's title in the page's language
    href: str  # the page it sends the reader to, relative
    canonical: str  # that page's address


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
    direction: str
    href: str


class NotFoundContext(TypedDict):
    title: str
    languages: list[NotFoundLanguage]
    games: list[NotFoundGame]
    inline_css: list[str]  # the stylesheets as data: URLs: the page is shown at any address
    own_path: str  # where the page is in the site ('en/404.html')
    folder: str  # its folder in the site ('en/', '' at the top)
    root_path: str  # the path of base_url: where the site's folder is on its own server
    search: SearchBox


class IndexContext(TypedDict):
    title: str
    families: list[IndexFamily]
    player_counts: list[int]
    search: SearchBox
    separator: str  # between the items of a list, in this language
    description: str


def root_context(r: PageRenderer, page: Page, lang: str) -> RootContext:
    deps.uses("plan")
    return {"title": r.config.site_name, "languages": _language_links(r, page)}


def _language_links(r: PageRenderer, page: Page) -> list[LanguageLink]:
    deps.uses("plan")
    out: list[LanguageLink] = []
    for lang in r.site.languages:
        msgs = r.messages(lang)
        count = len(r.site.games_in(lang))
        out.append({"lang": lang, "name": language(lang).name, "direction": language(lang).direction,
                    "href": relative(page, f"{lang}/index.html"),
                    "count": msgs.ngettext("%(num)s game", "%(num)s games", count) % {"num": count}})
    return out


def index_context(r: PageRenderer, page: Page, lang: str) -> IndexContext:
    msgs = r.messages(lang)
    deps.uses(f"games:{lang}")
    deps.uses("links")
    return {"title": msgs.gettext("Card game rules"),
            "families": index_families(r.site, page, lang, msgs, r.index_entry),
            "player_counts": player_counts(r.site, lang),
            "search": r.search_box(page, msgs),
            "separator": list_separator(lang),
            "description": msgs.gettext("Card game rules with example rounds "
                                        "that have been played through and checked.")}


def not_found_context(r: PageRenderer, page: Page, lang: str) -> NotFoundContext:
    msgs = r.messages(lang)
    deps.uses("plan")
    deps.uses(f"games:{lang}")
    for rel in STYLESHEETS:  # inline_css
        for path in r.config.theme.candidates(rel):
            deps.file(path)
    languages: list[NotFoundLanguage] = [
        {"lang": lang_, "name": language(lang_).name, "direction": language(lang_).direction,
         "href": relative(page, f"{lang_}/index.html")}
        for lang_ in r.site.languages]
    games: list[NotFoundGame] = []
    for listing in r.site.games_in(page.lang) if page.lang else []:
        target = r.site.find(Kind.GAME, lang=page.lang, game=listing.id)
        assert target is not None
        games.append({"title": r.index_entry(listing.id, lang)["title"],
                      "href": relative(page, target.path)})
    games.sort(key=lambda g: g["title"])
    return {
        "title": msgs.gettext("Page not found"), "languages": languages, "games": games,
        "inline_css": r.inline_css, "own_path": page.path, "folder": folder_of(page),
        "root_path": urlsplit(r.config.base_url).path or "/",
        "search": r.search_box(page, msgs)}


def redirect_context(r: PageRenderer, page: Page, lang: str) -> RedirectContext:
    """A former address of a game's page (former_slugs): a page that sends the reader on,
    as Hugo's aliases do; neither in the sitemap nor in the search."""
    game = page.game or ""
    deps.uses("plan")
    deps.uses(f"title:{game}:{lang}")
    target = Page(Kind.GAME, lang, page.target, game)
    return {"title": r.index_entry(game, lang)["title"], "href": relative(page, page.target),
            "canonical": absolute(r.config.base_url, target)}
