"""What a family's example renderer is given: one example's narration in one language, the
game's placeholders filled in, seat names in that language, markdown, and cards as cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from babel.lists import format_list
from markupsafe import Markup

from ..core import markup
from ..core.cards import Card
from ..core.languages import Messages
from ..model.game import GameBundle
from ..model.placeholders import fill_placeholders
from ..model.schema import ExampleText


@dataclass(frozen=True)
class ExampleView:
    """What every family's example renderer needs: the language's words, markdown, seat
    names and cards as cards."""

    name: str  # the example's
    bundle: GameBundle
    lang: str
    text: ExampleText  # this language's narration
    msgs: Messages

    def fill(self, text: str) -> str:
        """``{name}`` placeholders filled from game.yaml."""
        return fill_placeholders(text, self.bundle.placeholders)

    def names(self, names: Sequence[str]) -> str:
        """Names joined as the language lists them ("Anna, Bruno and Carla")."""
        return format_list(names, locale=self.lang) if names else ""

    def md(self, s: str | None) -> Markup:
        return Markup(markup.render(self.fill(s))) if s else Markup("")

    def seat(self, name: str) -> str:
        return self.text.seats.get(name, name)

    def strong(self, name: str) -> Markup:
        return Markup("<strong>{}</strong>").format(self.seat(name))

    @staticmethod
    def cards(cs: Sequence[Card]) -> Markup:
        return Markup(markup.cards_html(cs))

    def step(self, i: int) -> Markup | None:
        """The narration of step ``i`` (from 0), when this language has it."""
        return self.md(self.text.steps[i]) if i < len(self.text.steps) else None
