"""Rendering the site's pages with jinja2: one environment per language, UI words from its catalog."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

from babel.lists import format_list
from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined, select_autoescape
from jinja2.bccache import Bucket
from markupsafe import Markup

from . import markup
from .i18n import SOURCE_LANGUAGE, Messages, language, load_messages
from .model import GameBundle, fill_placeholders, placeholders
from .qr import paper_context, rules_changed
from .site import DocKind, Document, Kind, Page, Site, absolute, relative


def _n_(message: str) -> str:
    """Marks a msgid for the catalog extractor; it is translated where it is shown."""
    return message


def _np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural msgid pair for the extractor; ngettext translates it where it is shown."""
    return singular, plural


DECK_NAMES = {
    "french-52": _n_("52-card French deck"),
    "french-52+joker": _n_("52-card French deck with a joker"),
    "skat-32": _n_("32-card Skat deck"),
    "skat-32+joker": _n_("32-card Skat deck with a Black Peter card"),
    "italian-40": _n_("40-card Italian deck"),
}
DIFFICULTY = (_n_("Very easy"), _n_("Easy"), _n_("Medium"), _n_("Hard"), _n_("Expert"))
SECTION_TITLES = {
    "objective": _n_("Objective"),
    "cards": _n_("Cards and materials"),
    "setup": _n_("Setup and start"),
    "gameplay": _n_("Gameplay"),
    "examples": _n_("Example round"),
    "scoring": _n_("Scoring"),
    "special": _n_("Special situations"),
    "variants": _n_("Variants"),
    "tips": _n_("Tips"),
    "steps": _n_("The rules in short"),
    "faq": _n_("Frequently asked questions"),
    "history": _n_("Origin and history"),
}
QUICKREF_TITLES = {"in_short": _n_("In short"), "turn": _n_("The turn"), "end": _n_("The end")}


@dataclass(frozen=True)
class SiteConfig:
    templates: Path
    base_url: str
    site_name: str = "rulebook"
    pdf: bool = True  # the PDFs are built, so pages link them


class _MemoryBytecodeCache(BytecodeCache):
    """Compiled templates shared by the per-language environments (and by rebuilds in
    `rulebook serve`): each template is parsed and compiled once, not once per language."""

    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()


_BYTECODE = _MemoryBytecodeCache()


class Renderer:
    """Renders every page of a planned site into ``{output path: bytes}``."""

    def __init__(self, config: SiteConfig, site: Site, replays: dict[tuple[str, str], Any]) -> None:
        self.config, self.site, self.replays = config, site, replays
        self._envs: dict[str, Environment] = {}
        self._messages: dict[str, Messages] = {}
        self._contexts: dict[str, dict[str, Any]] = {}

    # -- environments ------------------------------------------------------------------------

    def messages(self, lang: str) -> Messages:
        if lang not in self._messages:
            self._messages[lang] = load_messages(self.config.templates, lang)
        return self._messages[lang]

    def env(self, lang: str) -> Environment:
        if lang not in self._envs:
            env = Environment(loader=FileSystemLoader(self.config.templates),
                              autoescape=select_autoescape(default=True, default_for_string=True),
                              undefined=StrictUndefined, extensions=["jinja2.ext.i18n"],
                              bytecode_cache=_BYTECODE,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
            msgs = self.messages(lang)
            env.install_gettext_callables(msgs.gettext, msgs.ngettext, newstyle=True)  # type: ignore[attr-defined]
            env.globals["zip"] = zip
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
        builders: dict[Kind, Callable[[Page, str], tuple[str, dict[str, Any]]]] = {
            Kind.ROOT: self._root, Kind.INDEX: self._index, Kind.GAME: self._game,
            Kind.QUICKREF: self._quickref, Kind.NOT_FOUND: self._not_found,
        }
        template, context = builders[page.kind](page, lang)
        if page.kind in (Kind.GAME, Kind.QUICKREF):
            self._contexts[page.path] = context  # the PDFs of the page reuse it
        return self.env(lang).get_template(template).render(self._common(page, lang) | context)

    def render_document(self, doc: Document) -> str:
        """The HTML that WeasyPrint turns into one printable PDF."""
        kind = Kind.GAME if doc.kind is DocKind.BOOKLET else Kind.QUICKREF
        page = self.site.find(kind, lang=doc.lang, game=doc.game)
        assert page is not None
        context = self._contexts.get(page.path)  # made when the page was rendered
        if context is None:
            _, context = (self._game if kind is Kind.GAME else self._quickref)(page, doc.lang)
        game_page = self.site.find(Kind.GAME, lang=doc.lang, game=doc.game)
        assert game_page is not None
        paper = paper_context(absolute(self.config.base_url, game_page), lang=doc.lang,
                              changed=self._rules_changed[doc.game])
        return self.env(doc.lang).get_template(f"print/{doc.kind.value}.html.j2").render(
            context | paper | {"lang": doc.lang, "direction": language(doc.lang).direction,
                               "site_name": self.config.site_name, "doc_kind": doc.kind.value})

    @cached_property
    def _rules_changed(self) -> dict[str, Any]:
        """The day each game's rules last changed, printed beside its QR code."""
        return {game: rules_changed(bundle.folder) for game, bundle in self.site.games.items()}

    def pdf_links(self, page: Page, game: str, lang: str) -> list[dict[str, str]]:
        if not self.config.pdf:
            return []
        msgs = self.messages(lang)
        labels = {DocKind.CARD: msgs.gettext("Quick-reference card (A6, PDF)"),
                  DocKind.SHEET: msgs.gettext("Four cards on A4, to cut (PDF)"),
                  DocKind.BOOKLET: msgs.gettext("Rule booklet (A5, PDF)"),
                  DocKind.IMPOSED: msgs.gettext("Rule booklet on A4, to print on both sides and fold (PDF)")}
        return [{"href": relative(page, d.path), "label": labels[d.kind]}
                for d in self.site.documents if d.game == game and d.lang == lang]

    def _common(self, page: Page, lang: str) -> dict[str, Any]:
        translations = self.site.translations(page) if page.lang else []
        alternates = [{"hreflang": p.lang, "href": absolute(self.config.base_url, p)}
                      for p in translations]
        if len(translations) > 1:
            default = next((p for p in translations if p.lang == SOURCE_LANGUAGE), translations[0])
            alternates.append({"hreflang": "x-default",
                               "href": absolute(self.config.base_url, default)})
        not_found = page.kind is Kind.NOT_FOUND
        # A 404 page is served at any address: its links must not be relative.
        link = ((lambda path: self.config.base_url.rstrip("/") + "/" + path) if not_found
                else (lambda path: relative(page, path)))
        home = f"{page.lang}/index.html" if page.lang else "index.html"
        return {
            "lang": lang, "direction": language(lang).direction, "kind": page.kind.value,
            "site_name": self.config.site_name, "link": link, "home": link(home),
            "alternates": alternates if not not_found else [],
            "canonical": None if not_found else absolute(self.config.base_url, page),
            "switcher": [{"lang": p.lang, "name": language(p.lang).name, "href": link(p.path),
                          "current": p == page} for p in translations if p.lang],
            "description": "",
        }

    # -- page kinds ------------------------------------------------------------------------------

    def _root(self, page: Page, lang: str) -> tuple[str, dict[str, Any]]:
        return "root.html.j2", {"title": self.config.site_name, "languages": self._language_links(page)}

    def _not_found(self, page: Page, lang: str) -> tuple[str, dict[str, Any]]:
        msgs = self.messages(lang)
        base = self.config.base_url.rstrip("/") + "/"
        languages = [{"lang": lang_, "name": language(lang_).name, "href": base + f"{lang_}/"}
                     for lang_ in self.site.languages]
        return "404.html.j2", {"title": msgs.gettext("Page not found"), "languages": languages}

    def _language_links(self, page: Page) -> list[dict[str, Any]]:
        out = []
        for lang in self.site.languages:
            msgs = self.messages(lang)
            count = len(self.site.games_in(lang))
            out.append({"lang": lang, "name": language(lang).name, "direction": language(lang).direction,
                        "href": relative(page, f"{lang}/index.html"),
                        "count": msgs.ngettext("%(num)s game", "%(num)s games", count) % {"num": count}})
        return out

    def _index(self, page: Page, lang: str) -> tuple[str, dict[str, Any]]:
        msgs = self.messages(lang)
        games = []
        for bundle in self.site.games_in(lang):
            facts = GameFacts(bundle, lang, msgs)
            target = self.site.find(Kind.GAME, lang=lang, game=bundle.rules.id)
            assert target is not None
            games.append({"title": facts.title, "href": relative(page, target.path),
                          "description": Markup(markup.render_inline(facts.fill(facts.text.description))),
                          "players": facts.players, "duration": facts.duration,
                          "difficulty": facts.difficulty})
        games.sort(key=lambda g: g["title"])
        return "index.html.j2", {"title": msgs.gettext("Card game rules"), "games": games,
                                 "description": msgs.gettext("Card game rules with example rounds "
                                                             "that have been played through and checked.")}

    def _quickref(self, page: Page, lang: str) -> tuple[str, dict[str, Any]]:
        bundle = self.site.games[page.game or ""]
        msgs = self.messages(lang)
        facts = GameFacts(bundle, lang, msgs)
        qr = facts.text.quickref
        blocks = [{"key": key, "title": msgs.gettext(title),
                   "lines": [Markup(markup.render_inline(facts.fill(line))) for line in getattr(qr, key)]}
                  for key, title in QUICKREF_TITLES.items()]
        game_page = self.site.find(Kind.GAME, lang=lang, game=bundle.rules.id)
        assert game_page is not None
        return "quickref.html.j2", {
            "title": facts.title, "blocks": blocks, "players": facts.players, "deck": facts.deck,
            "odd_card": facts.odd_card, "game_href": relative(page, game_page.path),
            "removed": facts.removed if bundle.rules.engine.removed else None,
            "pdfs": self.pdf_links(page, bundle.rules.id, lang),
            "description": markup.plain(facts.fill(facts.text.description))}

    def _game(self, page: Page, lang: str) -> tuple[str, dict[str, Any]]:
        from .page_game import game_context
        return "game.html.j2", game_context(self, page, lang)

    # -- sitemap ---------------------------------------------------------------------------------

    def sitemap(self) -> str:
        base = self.config.base_url
        lines = ['<?xml version="1.0" encoding="UTF-8"?>',
                 '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
                 'xmlns:xhtml="http://www.w3.org/1999/xhtml">']
        for page in self.site.pages:
            if page.kind is Kind.NOT_FOUND:
                continue
            lines.append(f"  <url><loc>{_xml(absolute(base, page))}</loc>")
            translations = self.site.translations(page) if page.lang else []
            for other in translations:
                lines.append(f'    <xhtml:link rel="alternate" hreflang="{other.lang}" '
                             f'href="{_xml(absolute(base, other))}"/>')
            if len(translations) > 1:
                default = next((p for p in translations if p.lang == SOURCE_LANGUAGE), translations[0])
                lines.append(f'    <xhtml:link rel="alternate" hreflang="x-default" '
                             f'href="{_xml(absolute(base, default))}"/>')
            lines.append("  </url>")
        lines.append("</urlset>")
        return "\n".join(lines) + "\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


class GameFacts:
    """A game's facts as one language says them."""

    def __init__(self, bundle: GameBundle, lang: str, msgs: Messages) -> None:
        self.bundle, self.lang, self.msgs = bundle, lang, msgs
        self.text = bundle.languages[lang].spec
        self.values = placeholders(bundle.rules)

    def fill(self, text: str) -> str:
        return fill_placeholders(text, self.values)

    @property
    def title(self) -> str:
        return self.fill(self.text.title)

    @cached_property
    def players(self) -> str:
        p = self.bundle.rules.spec.players
        if p.min == p.max:
            return self.msgs.ngettext("%(num)s player", "%(num)s players", p.max) % {"num": p.max}
        return self.msgs.ngettext("%(min)s–%(max)s player", "%(min)s–%(max)s players",
                                  p.max) % {"min": p.min, "max": p.max}

    @cached_property
    def duration(self) -> str:
        n = self.bundle.rules.spec.duration
        return self.msgs.ngettext("about %(num)s minute", "about %(num)s minutes", n) % {"num": n}

    @cached_property
    def difficulty(self) -> str:
        return self.msgs.gettext(DIFFICULTY[self.bundle.rules.spec.difficulty - 1])

    @cached_property
    def deck(self) -> str:
        return self.msgs.gettext(DECK_NAMES[self.bundle.rules.spec.deck])

    @cached_property
    def removed(self) -> Markup:
        return Markup(markup.cards_html(self.bundle.rules.engine.removed))

    @cached_property
    def odd_card(self) -> Markup | None:
        """The odd card, or the cards one of which will be left over; None when unknown."""
        candidates = getattr(self.bundle.rules.engine, "odd_candidates", lambda: ())()
        return Markup(markup.cards_html(candidates)) if candidates else None

    def names(self, names: list[str]) -> str:
        return format_list(names, locale=self.lang) if names else ""


def json_ld(data: Any) -> Markup:
    """JSON for a <script> element: '</' cannot close the element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("</", "<\\/").replace("<!--", "<\\!--"))

