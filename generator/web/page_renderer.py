"""What each page kind's context needs of the renderer (web/render.py), as a protocol: the page
modules (game_page, quickref_page, numbers_page, play_page, site_pages) build their own
contexts from it, and none of them imports the renderer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Protocol, TypedDict

from jinja2 import Environment
from markupsafe import Markup

from ..core.languages import SOURCE_LANGUAGE, Messages
from ..families.moves import Json
from ..model.game import GameBundle
from ..runtime.theme import Theme
from ..simulation.configurations import Result
from .navigation import IndexEntry
from .search_box import SearchBox
from .site import Page, Site


@dataclass(frozen=True)
class SiteConfig:
    theme: Theme  # the site's templates over the built-in theme (runtime/theme.py)
    base_url: str
    site_name: str = "rulebook"
    pdf: bool = True  # the PDFs are built, so pages link them
    source_language: str = SOURCE_LANGUAGE  # rules/site.yaml: what translations are made from
    card_letters: frozenset[str] = frozenset()  # languages whose cards show their own letters


class PdfLink(TypedDict):
    """A printable document's link, as the game and quick-reference pages list them."""

    href: str
    label: str


class PageRenderer(Protocol):
    """What a page kind's context needs of the renderer."""

    @property
    def config(self) -> SiteConfig: ...

    @property
    def site(self) -> Site: ...

    @property
    def replays(self) -> Mapping[tuple[str, str], object]: ...

    def messages(self, lang: str) -> Messages: ...

    def env(self, lang: str) -> Environment: ...

    def pdf_links(self, page: Page, game: str, lang: str) -> list[PdfLink]: ...

    @property
    def source_language(self) -> str: ...

    def json_ld(self, data: object) -> Markup: ...

    def game_numbers(self, bundle: GameBundle) -> list[Result]: ...

    def index_entry(self, game: str, lang: str) -> IndexEntry: ...

    def play_options(self, bundle: GameBundle, variant: str | None, players: int) -> Json: ...

    def search_box(self, page: Page, msgs: Messages) -> SearchBox: ...

    @property
    def inline_css(self) -> list[str]: ...
