"""What the pages say about a game in one language: its facts (players, duration, deck, the
odd card) and the titles of sections."""

from __future__ import annotations

from functools import cached_property
from typing import Sequence

from babel import Locale
from babel.lists import format_list
from markupsafe import Markup

from ..core import markup
from ..core.languages import Messages, _n_
from ..model.game import GameBundle
from ..model.placeholders import fill_placeholders

DECK_NAMES = {
    "french-52": _n_("52-card French deck"),
    "french-52+joker": _n_("52-card French deck with a joker"),
    "french-52+jokers": _n_("52-card French deck with two jokers"),
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
    "glossary": _n_("Glossary"),
    "history": _n_("Origin and history"),
    "about": _n_("About these rules"),
}
QUICKREF_TITLES = {"in_short": _n_("In short"), "turn": _n_("The turn"), "end": _n_("The end")}


class GameFacts:
    """A game's facts as one language says them."""

    def __init__(self, bundle: GameBundle, lang: str, msgs: Messages) -> None:
        self.bundle, self.lang, self.msgs = bundle, lang, msgs
        self.text = bundle.languages[lang].spec
        self.values = bundle.placeholders

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
        """Always says what the minutes are for: a hand, and a whole game when it has several;
        a figure that is this site's estimate (no source gives it) is marked as one."""
        return self._duration(marked=True)

    @cached_property
    def duration_unmarked(self) -> str:
        """The minutes without the estimate's mark: the index's line under a description
        that often says the same (the game page's facts keep the mark)."""
        return self._duration(marked=False)

    def _duration(self, *, marked: bool) -> str:
        d = self.bundle.rules.spec.duration
        parts = [("hand", self.msgs.ngettext("about %(num)s minute a hand",
                                             "about %(num)s minutes a hand", d.hand) % {"num": d.hand})]
        if d.game:
            parts.append(("game", self.msgs.ngettext("about %(num)s minute a game",
                                                     "about %(num)s minutes a game", d.game)
                          % {"num": d.game}))
        estimated = [name for name, _ in parts if marked and name in d.estimate]
        if len(parts) > 1 and len(estimated) == len(parts):  # one mark after both
            return self._estimate(self._joined([text for _, text in parts]), len(parts))
        return self._joined([self._estimate(text, 1) if name in estimated else text
                             for name, text in parts])

    def _estimate(self, duration: str, figures: int) -> str:
        return self.msgs.ngettext("%(duration)s (our estimate)", "%(duration)s (our estimates)",
                                  figures) % {"duration": duration}

    def _joined(self, parts: list[str]) -> str:
        # CLDR's joining of two items: ", " in most languages, " و" in Arabic (not ",")
        out = parts[0]
        for part in parts[1:]:
            out = Locale.parse(self.lang).list_patterns["standard"]["middle"].format(out, part)
        return out

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
        candidates = self.bundle.odd_cards
        return Markup(markup.cards_html(candidates)) if candidates else None

    def names(self, names: Sequence[str]) -> str:
        return format_list(names, locale=self.lang) if names else ""
