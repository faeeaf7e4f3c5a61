"""The shedding games, as play options for the play tests: the corpus's three (Crazy Eights,
Mau-Mau, Macao: every variant and player count of rules/), the test fixture
(tests/fixtures/shedding: a small Macao, `mini-macao`), and a game made here from it so that
every other option of the shedding family is played at the table (`everything`: several
cards of a rank, reverse, play again, draw until playable, drawing when able, a shuffled
stock, a turned card that takes effect, play to the right), and the small Macao with its two
jokers (`two-jokers`: the deck french-52+jokers, the red joker ☆ draws ten, each joker
priced apart). The everything game's 4 is a stop passed on that also cancels a draw, and
can be the card turned to start (Macao's own stop never is: its turned card does nothing)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from generator.check.games import check
from generator.core.cards import DECKS, JOKER, RED_JOKER, Rank
from generator.families.shedding.engine import ShedGame
from generator.families.shedding.options import (
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
CORPUS = ("crazy-eights", "macao", "mau-mau")
GAMES = ("crazy-eights", "everything", "macao", "mau-mau", "mini-macao", "two-jokers")

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
    """The games made here: the fixture's small Macao, one with every other option, and the
    small Macao with both jokers."""
    macao = fixture().rules.engine
    assert isinstance(macao, ShedGame)
    eights = Special(ranks=_ranks(Rank.EIGHT), wild=True)
    return {
        "mini-macao": macao,
        "everything": ShedGame(DECKS["french-52+joker"], (), macao.options).variant(
            cards_dealt={2: 7, 3: 7}, dealt_any=None,
            specials=(eights, Special(ranks=_ranks(Rank.TWO), draw=2),
                      Special(ranks=_ranks(Rank.QUEEN), reverse=True),
                      Special(ranks=_ranks(Rank.KING), again=True),
                      Special(ranks=_ranks(Rank.FOUR), skip=True, cancels_draw=True)),
            skip_passed_on=True, several=True, stacking=Stacking.SAME_RANK, unable=Unable.DRAW_UNTIL_PLAYABLE,
            draw_when_able=True, empty_stock=EmptyStock.SHUFFLE,
            turned_special=TurnedSpecial.TAKES_EFFECT, direction=Direction.RIGHT,
            scoring=Scoring.WINNER_COLLECTS, match=MatchRule(150)),
        "two-jokers": ShedGame(DECKS["french-52+jokers"], (), macao.options).variant(
            specials=(*macao.options.specials,
                      Special(cards=frozenset({RED_JOKER}), draw=10, on_anything=True)),
            points={JOKER: 30, RED_JOKER: 100}),
    }


def configurations() -> list[Json]:
    """Every corpus game with each variant and player count it is played by, then the games
    made here with every player count they are dealt for (the fixture's: the 2 to 4 players
    of its game.yaml)."""
    from conftest import corpus
    from generator.families.play import counts
    from generator.families.play import play_options as corpus_options

    out = []
    for bundle in sorted((b for b in corpus().games if b.rules.id in CORPUS),
                         key=lambda b: b.rules.id):
        for variant in [None, *bundle.rules.variants]:
            out += [corpus_options(bundle, variant, n) for n in counts(bundle, variant)]
    for name, game in sorted(games().items()):
        for players in range(2, 5 if name in ("mini-macao", "two-jokers") else 9):
            if game.hand_size(players) is not None:
                out.append(play_options(game, players, game_id=name, variant=None))
    return out
