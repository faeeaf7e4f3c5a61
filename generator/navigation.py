"""The ways between pages: related games on a game page, the index of a language family by
family (with what its filter reads), and the not-found pages, which work at any address."""

from __future__ import annotations

import posixpath
from typing import TypedDict

from babel import Locale
from markupsafe import Markup

from . import markup
from .bundle import GameBundle
from .facts import GameFacts, _n_
from .i18n import Messages, language
from .related import Graph
from .site import Kind, Page, Site, relative


class OtherNameView(TypedDict):
    name: str
    lang: str
    direction: str


class RelatedLink(TypedDict):
    title: str
    href: str


class RelatedGroup(TypedDict):
    key: str
    label: str
    games: list[RelatedLink]


class RelatedContext(TypedDict):
    names: list[OtherNameView]
    groups: list[RelatedGroup]
    separator: str  # between the items of a list, as the language writes it (", " or "، ")


def list_separator(lang: str) -> str:
    """What stands between two items in the middle of a list (CLDR): ', ', '، '."""
    pattern: str = Locale.parse(lang).list_patterns["standard"]["middle"]
    return pattern.replace("{0}", "").replace("{1}", "")


def related_context(site: Site, page: Page, lang: str, msgs: Messages, *,
                    graph: Graph | None = None) -> RelatedContext:
    """The other names of the game and the games linked to it, as this language has them.
    ``graph``: the links of ``site.games``, when the caller made it once for all its pages."""
    bundle = site.games[page.game or ""]
    relations = (graph or Graph(site.games)).relations(bundle.rules.id)

    def links(ids: list[str]) -> list[RelatedLink]:
        out: list[RelatedLink] = []
        for game in ids:
            target = site.find(Kind.GAME, lang=lang, game=game)
            if target is not None:  # a game without this language has no page to link
                out.append({"title": GameFacts(site.games[game], lang, msgs).title,
                            "href": relative(page, target.path)})
        return sorted(out, key=lambda link: link["title"])

    groups: list[RelatedGroup] = [{"key": key, "label": msgs.gettext(label), "games": links(ids)}
              for key, label, ids in (
                  ("also-known-as", _n_("The same game as"), relations.same_game),
                  ("variant-of", _n_("A variant of"), relations.variant_of),
                  ("variants", _n_("Its variants"), relations.variants),
                  ("family", _n_("Other games of the family"), relations.family))]
    names = other_names(bundle, GameFacts(bundle, lang, msgs).title)
    return {"names": names, "groups": [g for g in groups if g["games"]],
            "separator": list_separator(lang)}


def other_names(bundle: GameBundle, title: str) -> list[OtherNameView]:
    """The names the game also goes by, but those its title in this language already says."""
    return [{"name": n.name, "lang": n.lang, "direction": _direction(n.lang)}
            for n in bundle.rules.spec.related.names if n.name.casefold() not in title.casefold()]


def _direction(tag: str) -> str:
    base = tag.split("-")[0]
    try:
        return language(base).direction
    except (ValueError, KeyError, LookupError):
        return "ltr"  # a language Babel does not know (a dialect): its names here are Latin


# -- the index of one language -------------------------------------------------------------------

class IndexGame(TypedDict):
    title: str
    href: str
    description: Markup
    players: str
    duration: str
    difficulty: str
    players_min: int
    players_max: int
    names: list[OtherNameView]
    search_text: str  # what the filter's text box matches: title, other names, description


class IndexFamily(TypedDict):
    id: str
    title: str
    games: list[IndexGame]


def index_families(site: Site, page: Page, lang: str, msgs: Messages) -> list[IndexFamily]:
    """The games of one language, family by family (a family named after its root game)."""
    games = {g.rules.id: g for g in site.games_in(lang)}
    out: list[IndexFamily] = []
    for root, members in Graph(site.games).families():
        entries = [_index_game(site, page, lang, msgs, game) for game in members if game in games]
        if not entries:
            continue
        entries.sort(key=lambda g: g["title"])
        if len(members) == 1:
            title = msgs.gettext("Other games")
        elif root in games:
            title = msgs.gettext("The %(game)s family") % {
                "game": GameFacts(games[root], lang, msgs).title}
        else:
            title = msgs.gettext("The %(game)s family") % {"game": entries[0]["title"]}
        out.append({"id": f"family-{root}", "title": title, "games": entries})
    out.sort(key=lambda f: (f["title"] == msgs.gettext("Other games"), f["title"]))
    return out


def _index_game(site: Site, page: Page, lang: str, msgs: Messages, game: str) -> IndexGame:
    bundle = site.games[game]
    facts = GameFacts(bundle, lang, msgs)
    target = site.find(Kind.GAME, lang=lang, game=game)
    assert target is not None
    description = facts.fill(facts.text.description)
    names = other_names(bundle, facts.title)
    players = bundle.rules.spec.players
    return {"title": facts.title, "href": relative(page, target.path),
            "description": Markup(markup.render_inline(description)),
            "players": facts.players, "duration": facts.duration,
            "difficulty": facts.difficulty, "players_min": players.min,
            "players_max": players.max, "names": names,
            "search_text": " ".join([facts.title, *(n["name"] for n in names),
                                     markup.plain(description)])}


def player_counts(site: Site, lang: str) -> list[int]:
    """The numbers of players the filter offers: every count some game of the language takes."""
    counts = {n for g in site.games_in(lang)
              for n in range(g.rules.spec.players.min, g.rules.spec.players.max + 1)}
    return sorted(counts)


# -- not-found pages ------------------------------------------------------------------------------

class NotFoundGame(TypedDict):
    title: str
    href: str


def folder_of(page: Page) -> str:
    """The folder of a page inside the site, with a trailing slash ('' at the top)."""
    folder = posixpath.dirname(page.path)
    return folder + "/" if folder else ""
