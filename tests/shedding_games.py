"""The shedding games, as play options for the play tests: the fixture game
(tests/fixtures/shedding: a small Macao) and games made here from it so that every option
of the shedding family is played at the table: Crazy Eights (52 cards, wild eights, an eight
turned buried, the winner collects), Mau-Mau (32 cards, 7 draws two passed on by a 7, 8
skips, wished suit with a jack and no jack on a jack, "Mau"), Macao (the fixture: twos,
threes and the joker draw, passed on with any draw card, fours skip, "Macao"), and a game
with every other option (several cards of a rank, reverse, play again, draw until
playable, drawing when able, a shuffled stock, a turned card that takes effect, play to
the right)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from generator.check.games import check
from generator.core.cards import DECKS, Rank
from generator.families.shedding.engine import ShedGame
from generator.families.shedding.options import (
    Announcement,
    Direction,
    EmptyStock,
    MatchRule,
    Scoring,
    Special,
    Stacking,
    TurnedSpecial,
    Unable,
)
from generator.families.shedding.play import play_options

FIXTURES = Path(__file__).parent / "fixtures" / "shedding"
GAMES = ("crazy-eights", "everything", "macao", "mau-mau")

Json = dict[str, Any]


def _ranks(*ranks: Rank) -> frozenset[Rank]:
    return frozenset(ranks)


@functools.cache
def fixture() -> Any:
    """The fixture game's bundle (a small Macao, and its variant with a shuffled stock)."""
    result = check([FIXTURES], root=FIXTURES.parent)
    assert not result.report.errors, [d.format() for d in result.report.errors]
    return result.games[0]


@functools.cache
def games() -> dict[str, ShedGame]:
    macao = fixture().rules.engine
    assert isinstance(macao, ShedGame)
    eights = Special(ranks=_ranks(Rank.EIGHT), wild=True)
    return {
        "macao": macao,
        "crazy-eights": ShedGame(DECKS["french-52"], (), macao.options).variant(
            cards_dealt={2: 7, 3: 5, 4: 5, 5: 5}, dealt_any=None, specials=(eights,),
            stacking=Stacking.NONE, announcement=None, turned_special=TurnedSpecial.BOTTOM,
            scoring=Scoring.WINNER_COLLECTS, points={Rank.EIGHT: 50}, match=MatchRule(100)),
        "mau-mau": ShedGame(DECKS["skat-32"], (), macao.options).variant(
            cards_dealt={2: 6, 3: 5, 4: 5}, dealt_any=None,
            specials=(Special(ranks=_ranks(Rank.SEVEN), draw=2),
                      Special(ranks=_ranks(Rank.EIGHT), skip=True),
                      Special(ranks=_ranks(Rank.JACK), wild=True)),
            stacking=Stacking.SAME_RANK, wild_on_wild=False, unable=Unable.DRAW_ONE,
            announcement=Announcement("Mau", 2), scoring=Scoring.PENALTY, match=None),
        "everything": ShedGame(DECKS["french-52+joker"], (), macao.options).variant(
            cards_dealt={2: 7, 3: 7}, dealt_any=None,
            specials=(eights, Special(ranks=_ranks(Rank.TWO), draw=2),
                      Special(ranks=_ranks(Rank.QUEEN), reverse=True),
                      Special(ranks=_ranks(Rank.KING), again=True),
                      Special(ranks=_ranks(Rank.FOUR), skip=True)),
            several=True, stacking=Stacking.SAME_RANK, unable=Unable.DRAW_UNTIL_PLAYABLE,
            draw_when_able=True, empty_stock=EmptyStock.SHUFFLE,
            turned_special=TurnedSpecial.TAKES_EFFECT, direction=Direction.RIGHT,
            scoring=Scoring.WINNER_COLLECTS, match=MatchRule(150)),
    }


def configurations() -> list[Json]:
    """Every game here with every player count it is dealt for (the fixture's Macao: the
    2 to 4 players of its game.yaml)."""
    out = []
    for name, game in sorted(games().items()):
        for players in range(2, 5 if name == "macao" else 9):
            if game.hand_size(players) is not None:
                out.append(play_options(game, players, game_id=name, variant=None))
    return out
