"""The games that take tricks, as play options for the play tests and the bots' bench: the
fixture games (tests/fixtures/trick-games: Whist-, Briscola- and Oh-Hell-like) and variants
of them made here so that every option of the trick family is played at the table at least
once: trumps of each source (fixed, the dealer's last card, turned and drawn last or set
aside, by hand, none), must trump and over-trump, follow none, a rank order, partners,
two, three and four players, a stock drawn from, hand sizes by hand, bids with and without the
hook and scored exactly or at least, a book, trick positions, sets and a hand ended by a
card."""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.check.games import check
from generator.core.cards import Suit, parse_card
from generator.families.play import play_options
from generator.families.tricks.engine import TricksGame
from generator.families.tricks.options import Bidding, Sides, TrumpFrom, Trumps
from generator.families.tricks.play_options import play_options as tricks_options
from generator.families.tricks.scoring import LAST, BidScore, SetBonus, TrickBonus

FIXTURES = Path(__file__).parent / "fixtures" / "trick-games"
GAMES = ("briscola", "oh-hell", "whist")

Json = dict[str, Any]


@functools.cache
def fixture_games() -> dict[str, Any]:
    """The fixture games' bundles, checked once a process."""
    result = check([FIXTURES], root=FIXTURES.parent)
    assert not result.report.errors, [d.format() for d in result.report.errors]
    return {b.rules.id: b for b in result.games}


def _variants(game_id: str, game: TricksGame) -> dict[str, TricksGame]:
    o = game.options
    if game_id == "whist":
        return {
            "must-over-trump": game.variant(trumps=replace(o.trumps, must_trump=True,
                                                           over_trump=True)),
            "spades-positions-sets": game.variant(
                trumps=Trumps(TrumpFrom.SUIT, Suit.SPADES, must_trump=True),
                scoring=replace(o.scoring, trick_bonus=(TrickBonus(1, 1), TrickBonus(LAST, 2)),
                                sets=(SetBonus((1, LAST), (parse_card("Q♣"),), 3),)),
                ends_with=(parse_card("K♥"),)),
        }
    if game_id == "briscola":
        return {
            "two-players": game.variant(players=2, sides=Sides.EACH),
            # 40 - 9 dealt - 1 turned aside: 30 to draw, ten rounds of three
            "three-turned-aside": game.variant(players=3, sides=Sides.EACH,
                                               trumps=replace(o.trumps, turned_drawn_last=False)),
        }
    return {
        "trumps-by-hand": game.variant(
            trumps=Trumps(TrumpFrom.BY_HAND, order=(None, Suit.SPADES, Suit.HEARTS)),
            bidding=Bidding(hook=False),
            scoring=replace(o.scoring, bid=BidScore(10, 1, 0, 0, -1, 0, exact=False))),
    }


@functools.cache
def _configurations() -> tuple[Json, ...]:
    out: list[Json] = []
    for game_id, bundle in sorted(fixture_games().items()):
        out.append(play_options(bundle, None, 4))
        for name, variant in _variants(game_id, bundle.rules.engine_for(None)).items():
            assert not variant.problems(), (game_id, name, variant.problems())
            out.append(tricks_options(variant, game_id=game_id, variant=name))
    return tuple(out)


def configurations() -> list[Json]:
    """Every configuration of the games that take tricks (copies: change them freely)."""
    return [dict(o) for o in _configurations()]


def games() -> dict[str, TricksGame]:
    """The fixture games' engines by id."""
    return {g: b.rules.engine_for(None) for g, b in fixture_games().items()}
