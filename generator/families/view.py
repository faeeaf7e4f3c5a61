"""What a family's example renderer is given: one example's narration in one language, the
game's placeholders filled in, seat names in that language, the words said of each player in
that player's gender, markdown, and cards as cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from markupsafe import Markup

from ..core import euphony, markup, seatnames
from ..core.cards import Card
from ..core.languages import (
    Gender,
    Gendered,
    GenderedPlural,
    Messages,
    _npp_,
    _p_,
    group_gender,
)
from ..model.game import GameBundle
from ..model.placeholders import fill_placeholders
from ..model.schema import ExampleText
from .reading import strip_marks

# The words every family's example says of a player, each in its two forms: a catalog gives
# the form said of a woman (msgctxt "feminine") and of a man ("masculine"), the same text
# twice where the language makes no difference.
DEALER = Gendered(_p_("feminine", "dealer"), _p_("masculine", "dealer"))
OUT = Gendered(_p_("feminine", "out"), _p_("masculine", "out"))
WINNERS = GenderedPlural(_npp_("feminine", "Winner: %(names)s.", "Winners: %(names)s."),
                         _npp_("masculine", "Winner: %(names)s.", "Winners: %(names)s."))
LOSERS = GenderedPlural(_npp_("feminine", "Loser: %(names)s.", "Losers: %(names)s."),
                        _npp_("masculine", "Loser: %(names)s.", "Losers: %(names)s."))


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
        """Names joined as the language lists them ("Anna, Bruno and Carla"; it «Bruno ed
        Elena»: core/euphony.py)."""
        return euphony.join(self.lang, names)

    def md(self, s: str | None) -> Markup:
        """Narration as the page shows it: the marks of no claim, ((...)), left out."""
        return Markup(markup.render(self.fill(strip_marks(s)))) if s else Markup("")

    def seat(self, name: str) -> str:
        return self.text.seats.get(name, name)

    def gender(self, name: str) -> Gender:
        """The seat's gender as the script gives it; masculine when it gives none (which
        `rulebook check` reports in a game with a language other than English)."""
        example = self.bundle.examples.get(self.name)
        return example.spec.genders.get(name, "m") if example is not None else "m"

    def say(self, message: Gendered, name: str) -> str:
        """``message`` in this language, in the form said of the seat ``name``."""
        return self.msgs.gendered(message, self.gender(name))

    def say_of(self, message: GenderedPlural, names: Sequence[str]) -> str:
        """A plural ``message`` in the form said of the seats ``names`` together, filled with
        their names (``%(names)s``)."""
        form = self.msgs.ngendered(message, group_gender(self.gender(n) for n in names),
                                   len(names))
        return form % {"names": self.names([self.seat(n) for n in names])}

    def dealer(self, name: str, dealer: str | None) -> str:
        """The dealer's badge for the seat ``name``, in its gender; "" for another seat."""
        return self.say(DEALER, name) if name == dealer else ""

    def strong(self, name: str) -> Markup:
        return Markup("<strong>{}</strong>").format(self.seat(name))

    def strong_in(self, name: str, role: str) -> Markup:
        """The seat's name in bold, in the case this language gives ``role`` (ru «у Карлы»:
        core/seatnames.py)."""
        return Markup("<strong>{}</strong>").format(
            seatnames.in_role(self.lang, self.seat(name), self.gender(name), role))

    @staticmethod
    def cards(cs: Sequence[Card]) -> Markup:
        return Markup(markup.cards_html(cs))

    def step(self, i: int) -> Markup | None:
        """The narration of step ``i`` (from 0), when this language has it."""
        return self.md(self.text.steps[i]) if i < len(self.text.steps) else None
