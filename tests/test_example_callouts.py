"""The rules a step of an example round calls out: each the first time it applies in the
example, and after that only where it changes the play. Shown at every step it applied to,
"A player who cannot follow suit may play any card" stood on 14 of 17 Hearts tricks and buried
the callouts that teach; it comes back only where a card that decides the hand (5 points or
more: the Q♠, the Peppa) is thrown on a trick of another suit."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from markupsafe import Markup

from conftest import RULES, corpus
from generator.check.site_spec import load_site_spec
from generator.core.diagnostics import Report
from generator.families.table import Callout, first_callouts
from generator.families.tricks.engine import TricksGame
from generator.families.tricks.record import Replay as TricksReplay
from generator.runtime.theme import Theme
from generator.web.render import Renderer, SiteConfig
from generator.web.site import Kind, plan

FOLLOW_SUIT = "A player who cannot follow suit may play any card"
STEP = re.compile(r'<li class="step tv-step[^"]*" id="example-(?P<name>[a-z0-9-]+?)-(?P<n>\d+)"'
                  r'(?P<body>.*?)</li>\s*(?=<li class="step|</ol>)', re.S)
RULE = re.compile(r'<li class="tv-rule">(.*?)</li>', re.S)


def test_a_rule_is_shown_where_it_first_applies_and_again_only_where_it_matters() -> None:
    def c(rule: str, matters: bool = False) -> Callout:
        return Callout(rule, Markup(rule), matters)

    steps = [[c("lead"), c("any")], [c("any")], [c("any", matters=True), c("broken")], [c("any")]]
    assert first_callouts(steps) == [["lead", "any"], [], ["any", "broken"], []]


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """Every English game page, rendered in memory, by game id."""
    checked = corpus()
    site = plan(checked.games)
    spec = load_site_spec(RULES, Report())
    assert spec is not None
    renderer = Renderer(SiteConfig(Theme.layered(), spec.base_url, spec.name, pdf=False), site,
                        checked.replays)
    return {p.game: renderer.render(p) for p in site.pages
            if p.kind is Kind.GAME and p.lang == "en" and p.game is not None}


def test_no_callout_is_repeated_unless_it_changes_the_play(pages: dict[str, str]) -> None:
    checked = corpus()
    for bundle in checked.games:
        game_id = bundle.rules.id
        if game_id not in pages:
            continue
        seen: dict[str, Counter[str]] = {}
        for m in STEP.finditer(pages[game_id]):
            name, number = m["name"], int(m["n"])
            for rule in (re.sub(r"<[^>]+>", "", r).strip() for r in RULE.findall(m["body"])):
                counts = seen.setdefault(name, Counter())
                counts[rule] += 1
                if counts[rule] == 1:
                    continue
                where = f"{game_id} {name} step {number}: {rule!r} again"
                assert rule == FOLLOW_SUIT, where
                replay = checked.replays[(game_id, name)]
                assert isinstance(replay, TricksReplay)
                game = bundle.rules.variants.get(replay.variant) if replay.variant else bundle.rules.engine
                assert isinstance(game, TricksGame)
                trick = replay.tricks[number - 1]
                led = trick.cards[0][1].suit
                assert any(card.suit != led and abs(game.value(card)) >= 5
                           for _, card in trick.cards[1:]), where
        assert seen or game_id not in {"hearts", "uomo-nero"}, f"{game_id}: no step found"
    assert sum(1 for g in pages if "tv-rule" in pages[g]) >= 8
