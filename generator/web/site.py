"""The site's structure: which pages exist, in which languages, at which addresses.

A page exists in a language only when that language really has the text: no page is faked.
Links between pages are relative and name ``index.html`` so that the site works from disk
as well as from any web server.
"""

from __future__ import annotations

import enum
import posixpath
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Mapping, Sequence

from ..check.related import Graph
from ..core.languages import LANGUAGES
from ..families import family_of
from ..model.game import GameBundle
from ..model.schema import Affects, OutsideModelSpec


class DocKind(enum.StrEnum):
    CARD = "card"  # quick-reference card, A6
    SHEET = "sheet"  # four cards on A4 with crop marks
    BOOKLET = "booklet"  # the whole rules, A5
    IMPOSED = "imposed"  # the booklet two-up on A4, to print on both sides and fold (no HTML of its own)
    AID = "aid"  # player aids: nine poker-size cards (the turn, the end) on A4 with crop marks


@dataclass(frozen=True)
class Document:
    """A printable PDF of one game in one language."""

    kind: DocKind
    lang: str
    game: str
    path: str


class Kind(enum.StrEnum):
    ROOT = "root"
    INDEX = "index"
    GAME = "game"
    QUICKREF = "quickref"
    NUMBERS = "numbers"  # the game by the numbers
    PLAY = "play"  # the game against the computer (docs/play.md)
    NOT_FOUND = "404"
    REDIRECT = "redirect"  # a former address of a game's page: sends the reader on (former_slugs)


@dataclass(frozen=True)
class Page:
    kind: Kind
    lang: str | None
    path: str  # file path inside the output folder, with "/" separators
    game: str | None = None
    target: str = ""  # a redirect's page: the output path it sends the reader to

    @property
    def url_path(self) -> str:
        """The address path a server shows: ``en/black-peter/`` for ``en/black-peter/index.html``."""
        return self.path[: -len("index.html")] if self.path.endswith("index.html") else self.path


@dataclass(frozen=True)
class Listing:
    """What pages of other games need of a game: its id, languages, page addresses, deck
    (how its cards are named), players and links to other games. An incremental build keeps
    it for every game (graph.GameRecord), so an unchanged game is never loaded for it."""

    id: str
    languages: tuple[str, ...]
    slugs: Mapping[str, str]
    deck: str = ""
    players: tuple[int, int] = (0, 0)
    links: tuple[tuple[str, str], ...] = ()  # (kind, game) of its related: games
    # the pages it has not: a rule outside its engine's model makes them unreliable
    omitted: tuple[str, ...] = ()  # Kind values: "play", "numbers"
    former_slugs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # lang -> old slugs

    @staticmethod
    def of(game: GameBundle) -> Listing:
        spec = game.rules.spec
        return Listing(game.rules.id, tuple(game.languages), dict(spec.slugs), spec.deck,
                       (spec.players.min, spec.players.max),
                       tuple((link.kind, link.game) for link in spec.related.games),
                       omitted_pages(spec.outside_model,
                                     figures_from_scores=family_of(game).figures_from_scores),
                       {lang: tuple(slugs) for lang, slugs in spec.former_slugs.items()})


@dataclass
class Site:
    # The checked games by id. An incremental build passes a mapping that loads a game
    # only when one of its pages is rendered; listings are there for every game.
    games: Mapping[str, GameBundle]
    languages: list[str]  # languages with at least one page, in LANGUAGES order
    listings: dict[str, Listing] = field(default_factory=dict)
    pages: list[Page] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    _by_key: dict[tuple[Kind, str | None, str | None], Page] = field(default_factory=dict)
    _graph: Graph | None = None

    def add(self, page: Page) -> None:
        self.pages.append(page)
        if page.kind is not Kind.REDIRECT:  # a game has many: none is found by its key
            self._by_key[(page.kind, page.game, page.lang)] = page

    def find(self, kind: Kind, *, lang: str | None, game: str | None = None) -> Page | None:
        return self._by_key.get((kind, game, lang))

    def translations(self, page: Page) -> list[Page]:
        """The same page in every language it exists in (the page itself included)."""
        found = (self.find(page.kind, lang=lang, game=page.game) for lang in self.languages)
        return [p for p in found if p is not None]

    def graph(self) -> Graph:
        """The links between the games, both ways (made once)."""
        if self._graph is None:
            self._graph = Graph(self.listings)
        return self._graph

    def games_in(self, lang: str) -> list[Listing]:
        return [g for g in self.listings.values() if lang in g.languages]


def plan(games: list[GameBundle]) -> Site:
    return plan_listed([Listing.of(g) for g in games], {g.rules.id: g for g in games})


def omitted_pages(outside: Sequence[OutsideModelSpec], *, figures_from_scores: bool
                  ) -> tuple[str, ...]:
    """The page kinds a game's rules outside the model leave out: no play page where the
    engine does not play the game's rules; no numbers page where its random rounds are not
    the game's, or where its figures come from scores the engine does not compute."""
    affects: set[str] = {a for rule in outside for a in rule.affects}
    if figures_from_scores and Affects.SCORES in affects:
        affects.add(Affects.NUMBERS)
    return tuple(kind.value for kind, affect in ((Kind.PLAY, Affects.PLAY),
                                                 (Kind.NUMBERS, Affects.NUMBERS))
                 if affect in affects)


def plan_listed(listings: list[Listing], games: Mapping[str, GameBundle]) -> Site:
    by_id = {g.id: g for g in sorted(listings, key=lambda g: g.id)}
    languages = [lang for lang in LANGUAGES if any(lang in g.languages for g in by_id.values())]
    site = Site(games, languages, by_id)
    site.add(Page(Kind.ROOT, None, "index.html"))
    site.add(Page(Kind.NOT_FOUND, None, "404.html"))
    for lang in languages:
        site.add(Page(Kind.INDEX, lang, f"{lang}/index.html"))
        site.add(Page(Kind.NOT_FOUND, lang, f"{lang}/404.html"))
        for game in site.games_in(lang):
            slug = game.slugs[lang]
            pages = [Page(Kind.GAME, lang, f"{lang}/{slug}/index.html", game.id),
                     Page(Kind.QUICKREF, lang, f"{lang}/{slug}/quickref/index.html", game.id)]
            if Kind.NUMBERS.value not in game.omitted:
                pages.append(Page(Kind.NUMBERS, lang, f"{lang}/{slug}/numbers/index.html", game.id))
            if Kind.PLAY.value not in game.omitted:
                pages.append(Page(Kind.PLAY, lang, f"{lang}/{slug}/play/index.html", game.id))
            for page in pages:
                site.add(page)
            for former in game.former_slugs.get(lang, ()):  # the game page's old address
                site.add(Page(Kind.REDIRECT, lang, f"{lang}/{former}/index.html", game.id,
                              target=pages[0].path))
            for kind, name in ((DocKind.CARD, f"{slug}-card.pdf"), (DocKind.SHEET, f"{slug}-sheet.pdf"),
                               (DocKind.BOOKLET, f"{slug}.pdf"),
                               (DocKind.IMPOSED, f"{slug}-booklet-a4.pdf"),
                               (DocKind.AID, f"{slug}-player-aid.pdf")):
                site.documents.append(Document(kind, lang, game.id, f"{lang}/{slug}/{name}"))
    return site


def relative(from_page: Page | str, to_path: str) -> str:
    """A relative link from one page (or output path) to an output path."""
    source = from_page.path if isinstance(from_page, Page) else from_page
    return _relpath(to_path, posixpath.dirname(source) or ".")


@lru_cache(maxsize=65536)
def _relpath(to_path: str, folder: str) -> str:
    """posixpath.relpath, once per pair: a site links the same pages from every page."""
    return posixpath.relpath(to_path, folder)


def absolute(base_url: str, page: Page) -> str:
    return base_url.rstrip("/") + "/" + page.url_path
