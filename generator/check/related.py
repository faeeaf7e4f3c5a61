"""Games linked to each other: the ``related`` links of game.yaml, checked across the rules
folder, and read from both sides for the pages.

A link is written once, on either game (``hearts: variant-of peppa``); the game page of each
side shows it, and the games joined by links, at any distance, make a family: the index page
of a language lists the games family by family.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Protocol

from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean
from ..model.game import GameBundle


class Linked(Protocol):
    """A game as the graph sees it (site.Listing)."""

    @property
    def id(self) -> str: ...

    @property
    def links(self) -> tuple[tuple[str, str], ...]: ...  # (kind, game)


@dataclass(frozen=True)
class LinkSource:
    """What checking a game's links needs of it (kept between builds for an unchanged game)."""

    id: str
    folder: Path
    slugs: Mapping[str, str]
    links: list[tuple[str, Mark]]  # each linked game, and where the link names it

    @staticmethod
    def of(bundle: GameBundle) -> LinkSource:
        spec, src = bundle.rules.spec, bundle.rules.source
        return LinkSource(spec.id, bundle.folder, dict(spec.slugs),
                          [(link.game, src.mark(("related", "games", i, "game")))
                           for i, link in enumerate(spec.related.games)])


def check_related(games: list[LinkSource], report: Report) -> None:
    """Every link names a game of the rules folder (not itself), once. A game alone in its
    folder (one being written in a scratch folder) has nothing to link to: its links are
    resolved once it sits beside the others, as duplicate slugs are."""
    ids = {g.id for g in games}
    beside: dict[Path, set[str]] = {}  # by rules folder: read once, not once per game
    for source in games:
        parent = source.folder.parent
        if parent not in beside:
            beside[parent] = _games_beside(source.folder)
        known = beside[parent] | ids
        alone = known == {source.id}
        seen: set[str] = set()
        for linked, at in source.links:
            if linked == source.id:
                report.error(at, "bad-value", f"'{source.id}' is linked to itself",
                             hint="name another game of the rules folder")
            elif linked not in known and not alone:
                others = sorted(known - {source.id})
                slug_of = next(((g.id, lang) for g in games
                                for lang, slug in g.slugs.items() if slug == linked), None)
                hint = (f"'{linked}' is the {slug_of[1]} address of '{slug_of[0]}'; related "
                        f"names a game by its id: game: {slug_of[0]}" if slug_of else
                        did_you_mean(linked, others)
                        or f"known games: {', '.join(others) or 'none'}")
                report.error(at, "unknown-game",
                             f"related names the game '{linked}', which is not in the rules "
                             "folder", hint=hint)
            elif linked in seen:
                report.error(at, "bad-value",
                             f"'{linked}' is linked twice; a game has one relation to another",
                             hint="keep one of the two links")
            seen.add(linked)


def _games_beside(folder: Path) -> set[str]:
    """The ids of the games in the same rules folder, loaded or not (a check of one game
    folder still knows its neighbours): a game's id is its folder's name."""
    return {p.parent.name for p in folder.parent.glob("*/game.yaml")
            if not p.parent.name.startswith(".")}  # as find_game_folders: hidden is no game


@dataclass(frozen=True)
class Relations:
    """The links of one game, read from both sides, among the games given."""

    variant_of: list[str]  # the games this one is a variant of
    variants: list[str]  # the games that are variants of this one
    same_game: list[str]  # also known as: the same game written up elsewhere
    family: list[str]  # every other game joined to it by links, at any distance


class Graph:
    """The links of every game, both ways."""

    def __init__(self, games: Mapping[str, Linked]) -> None:
        self.games = games
        self._links: list[tuple[str, str, str]] = [
            (g.id, kind, other) for g in games.values()
            for kind, other in g.links if other in games]
        self._next: dict[str, set[str]] = {}  # the games linked to each, either way
        for a, _, b in self._links:
            self._next.setdefault(a, set()).add(b)
            self._next.setdefault(b, set()).add(a)
        self._families: dict[str, frozenset[str]] = {}  # each game's family, found once
        self._variants: dict[str, list[str]] = {}  # each game's variants
        for a, kind, b in self._links:
            if kind == "variant-of":
                self._variants.setdefault(b, []).append(a)

    def relations(self, game: str) -> Relations:
        out = [(kind, b) for a, kind, b in self._links if a == game]
        into = [(kind, a) for a, kind, b in self._links if b == game]
        variant_of = sorted(b for kind, b in out if kind == "variant-of")
        variants = sorted(a for kind, a in into if kind == "variant-of")
        same = sorted({g for kind, g in out + into if kind == "also-known-as"})
        named = {game, *variant_of, *variants, *same}
        family = sorted(g for g in self.family_of(game) if g not in named)
        return Relations(variant_of, variants, same, family)

    def family_of(self, game: str) -> set[str]:
        """The games joined to ``game`` by links in either direction, itself included."""
        if game not in self._families:
            found, todo = {game}, [game]
            while todo:
                for there in self._next.get(todo.pop(), ()):
                    if there not in found:
                        found.add(there)
                        todo.append(there)
            family = frozenset(found)
            self._families |= dict.fromkeys(family, family)
        return set(self._families[game])

    def families(self) -> list[tuple[str, list[str]]]:
        """Each family as (the game it is named after, its games sorted by id), in the order
        of their names. A family is named after its root: a game that is no variant, with the
        most variants below it (then the most links, then the first id)."""
        done: set[str] = set()
        out: list[tuple[str, list[str]]] = []
        for game in sorted(self.games):
            if game in done:
                continue
            members = self.family_of(game)
            done |= members
            out.append((min(members, key=self._root_order), sorted(members)))
        return sorted(out, key=lambda family: family[0])

    def _root_order(self, game: str) -> tuple[int, int, int, str]:
        is_variant = any(a == game and kind == "variant-of" for a, kind, _ in self._links)
        links = sum(1 for a, _, b in self._links if game in (a, b))
        return (is_variant, -len(self._descendants(game)), -links, game)

    def _descendants(self, game: str) -> set[str]:
        found: set[str] = set()
        todo = [game]
        while todo:
            for a in self._variants.get(todo.pop(), ()):
                if a not in found:
                    found.add(a)
                    todo.append(a)
        return found
