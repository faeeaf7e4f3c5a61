"""The numbers page of a game ("By the numbers"): the simulated figures of each configuration
(web/numbers.py lays them out), with the game's title and links."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup

from ..core import markup
from ..core.languages import language
from ..runtime import deps
from .facts import GameFacts
from .game_page import variant_name
from .numbers import Group, numbers_page
from .page_renderer import PageRenderer
from .site import Kind, Page, relative


class NumbersContext(TypedDict):
    title: str  # "By the numbers: Hearts": the page's own title and h1
    game_title: str
    game_href: str
    index_href: str
    note: str
    groups: list[Group]
    chosen: str  # the id of the configuration shown first
    description: str


def numbers_context(r: PageRenderer, page: Page, lang: str) -> NumbersContext:
    deps.game(page.game or "", lang)  # the figures are the game's (and the code's)
    bundle = r.site.games[page.game or ""]
    msgs = r.messages(lang)
    facts = GameFacts(bundle, lang, msgs)

    def inline(s: str) -> Markup:
        return Markup(markup.render_inline(facts.fill(s)))

    numbers = numbers_page(r.game_numbers(bundle), lang=lang, msgs=msgs,
                           rtl=language(lang).direction == "rtl",
                           variant_name=lambda name: variant_name(facts, name, inline))
    game_page = r.site.find(Kind.GAME, lang=lang, game=bundle.rules.id)
    index = r.site.find(Kind.INDEX, lang=lang)
    assert game_page is not None and index is not None
    return {
        "title": msgs.gettext("By the numbers: %(game)s") % {"game": facts.title},
        "game_title": facts.title, "game_href": relative(page, game_page.path),
        "index_href": relative(page, index.path),
        "note": numbers["note"] if numbers else "",
        "groups": numbers["groups"] if numbers else [],
        "chosen": numbers["chosen"] if numbers else "",
        "description": numbers["description"] if numbers else ""}
