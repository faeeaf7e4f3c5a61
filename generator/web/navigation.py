"""The ways between pages: related games on a game page, the index of a language family by
family (with what its filter reads), and the not-found pages, which work at any address."""

from __future__ import annotations

import posixpath
from typing import Callable, TypedDict

from babel import Locale
from markupsafe import Markup

from ..core import markup
from ..core.languages import Messages, _n_, language
from ..model.game import GameBundle
from ..runtime import deps
from .facts import GameFacts
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


def related_context(site: Site, page: Page, lang: str, msgs: Messages,
                    entry: Callable[[str, str], IndexEntry]) -> RelatedContext:
    """The other names of the game and the games linked to it, as this language has them
    (``entry``: what pages show of another game)."""
    bundle = site.games[page.game or ""]
    deps.uses("links")
    relations = site.graph().relations(bundle.rules.id)

    def links(ids: list[str]) -> list[RelatedLink]:
        out: list[RelatedLink] = []
        for game in ids:
            target = site.find(Kind.GAME, lang=lang, game=game)
            if target is not None:  # a game without this language has no page to link
                deps.uses(f"title:{game}:{lang}")
                out.append({"title": entry(game, lang)["title"],
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

class IndexEntry(TypedDict):
    """What other pages show of a game in one language (kept between builds, as JSON, in
    graph.GameRecord: an unchanged game is not loaded for them)."""

    title: str
    description: str  # inline HTML
    players: str
    duration: str
    difficulty: str
    names: list[OtherNameView]
    search_text: str  # what the index's filter matches: title, other names, description
    family_name: str  # the index's heading of the game's family, if the game gives it ('')


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
    search_text: str


class IndexFamily(TypedDict):
    id: str
    title: str
    games: list[IndexGame]


def index_entry(bundle: GameBundle, lang: str, msgs: Messages) -> IndexEntry:
    facts = GameFacts(bundle, lang, msgs)
    description = facts.fill(facts.text.description)
    names = other_names(bundle, facts.title)
    return {"title": facts.title, "description": markup.render_inline(description),
            "players": facts.players, "duration": facts.duration_unmarked,
            "difficulty": facts.difficulty, "names": names,
            "search_text": " ".join([facts.title, *(n["name"] for n in names),
                                     markup.plain(description)]),
            "family_name": facts.text.family_name or ""}


def index_families(site: Site, page: Page, lang: str, msgs: Messages,
                   entry: Callable[[str, str], IndexEntry]) -> list[IndexFamily]:
    """The games of one language, family by family (a family named after its root game)."""
    games = {g.id: g for g in site.games_in(lang)}
    out: list[IndexFamily] = []
    others: list[IndexGame] = []  # the games of no family: one section, not one each
    for root, members in site.graph().families():
        entries = [_index_game(site, page, lang, entry, game) for game in members if game in games]
        if not entries:
            continue
        entries.sort(key=lambda g: g["title"])
        if len(members) == 1:
            others += entries
            continue
        title = _family_title(root, [g for g in members if g in games], lang, msgs, entry)
        out.append({"id": f"family-{root}", "title": title, "games": entries})
    out.sort(key=lambda f: f["title"])
    if others:
        out.append({"id": "family-others", "title": msgs.gettext("Other games"),
                    "games": sorted(others, key=lambda g: g["title"])})
    return out


def _family_title(root: str, members: list[str], lang: str, msgs: Messages,
                  entry: Callable[[str, str], IndexEntry]) -> str:
    """The heading of a family: the name readers know it by (``family_name`` of its root,
    else of its first game by id that gives one), else "The <game> family" after its root
    (or, where the root is not in this language, its first game by title)."""
    named = [root, *members] if root in members else members
    found = next((entry(g, lang)["family_name"] for g in named if entry(g, lang)["family_name"]),
                 "")
    if found:
        return found
    head = root if root in members else min(members, key=lambda g: entry(g, lang)["title"])
    return msgs.gettext("The %(game)s family") % {"game": entry(head, lang)["title"]}


def _index_game(site: Site, page: Page, lang: str, entry: Callable[[str, str], IndexEntry],
                game: str) -> IndexGame:
    found = entry(game, lang)
    listing = site.listings[game]
    target = site.find(Kind.GAME, lang=lang, game=game)
    assert target is not None
    return {"title": found["title"], "href": relative(page, target.path),
            "description": Markup(found["description"]),
            "players": found["players"], "duration": found["duration"],
            "difficulty": found["difficulty"], "players_min": listing.players[0],
            "players_max": listing.players[1], "names": found["names"],
            "search_text": found["search_text"]}


def player_counts(site: Site, lang: str) -> list[int]:
    """The numbers of players the filter offers: every count some game of the language takes."""
    counts = {n for g in site.games_in(lang) for n in range(g.players[0], g.players[1] + 1)}
    return sorted(counts)


# -- not-found pages ------------------------------------------------------------------------------

class NotFoundGame(TypedDict):
    title: str
    href: str


def folder_of(page: Page) -> str:
    """The folder of a page inside the site, with a trailing slash ('' at the top)."""
    folder = posixpath.dirname(page.path)
    return folder + "/" if folder else ""
