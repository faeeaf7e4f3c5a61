"""The quick-reference page of a game: its lines in three blocks (in short, a turn, the end),
the players, the deck, the odd card and what each card is worth; the A6 card, the sheet and
the player aid print the same context (Renderer.render_document)."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup

from ..core import markup
from ..core.cards import get_deck
from ..core.languages import Messages
from ..families import family_of
from ..model.game import GameBundle
from ..runtime import deps
from .facts import QUICKREF_TITLES, GameFacts
from .game_page import language_name, stale_links
from .page_renderer import PageRenderer, PdfLink
from .site import Kind, Page, relative
from .values import gather, lines


class QuickrefBlock(TypedDict):
    key: str
    title: str
    lines: list[Markup]


class QuickrefContext(TypedDict):
    title: str  # "Quick reference: Hearts": the page's own title and h1
    game_title: str
    blocks: list[QuickrefBlock]
    players: str
    deck: str
    odd_card: Markup | None
    game_href: str
    card_values: list[Markup]  # what each card is worth (the player aid prints it)
    removed: Markup | None
    pdfs: list[PdfLink]
    description: str
    source_href: str | None  # its lines are outdated here: the source language's page
    source_language: str
    source_language_name: str
    play_href: str | None


def quickref_context(r: PageRenderer, page: Page, lang: str) -> QuickrefContext:
    deps.game(page.game or "", lang)
    bundle = r.site.games[page.game or ""]
    msgs = r.messages(lang)
    facts = GameFacts(bundle, lang, msgs)
    qr = facts.text.quickref
    by_key = {"in_short": qr.in_short, "turn": qr.turn, "end": qr.end}
    blocks: list[QuickrefBlock] = [
        {"key": key, "title": msgs.gettext(title),
         "lines": [Markup(markup.render_inline(facts.fill(line))) for line in by_key[key]]}
        for key, title in QUICKREF_TITLES.items()]
    game_page = r.site.find(Kind.GAME, lang=lang, game=bundle.rules.id)
    play = r.site.find(Kind.PLAY, lang=lang, game=bundle.rules.id)
    assert game_page is not None
    return {
        "title": msgs.gettext("Quick reference: %(game)s") % {"game": facts.title},
        "game_title": facts.title, "blocks": blocks, "players": facts.players, "deck": facts.deck,
        "odd_card": facts.odd_card, "game_href": relative(page, game_page.path),
        # not where the end lines already give the values by placeholder (Briscola's)
        "card_values": [] if any("{points." in line for line in qr.end)
        else card_value_lines(bundle, msgs, lang),
        "removed": facts.removed if bundle.rules.engine.removed else None,
        "pdfs": r.pdf_links(page, bundle.rules.id, lang),
        "description": markup.plain(facts.fill(facts.text.description)),
        "source_href": stale_links(r, page, bundle, Kind.QUICKREF).get("quickref"),
        "source_language": r.source_language,
        "source_language_name": language_name(r.source_language, lang),
        "play_href": relative(page, play.path) if play is not None else None}


def card_value_lines(bundle: GameBundle, msgs: Messages, lang: str) -> list[Markup]:
    """What each card is worth, from the engine, in the current card style."""
    removed = set(bundle.rules.engine.removed)
    deck = [c for c in get_deck(bundle.rules.spec.deck).cards if c not in removed]
    worths = gather(family_of(bundle).card_values(bundle.rules.engine), deck)
    return lines(worths, msgs, lang, local=markup.current_card_style().local_letters)
